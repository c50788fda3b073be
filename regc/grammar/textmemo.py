"""Analysis once per distinct text: a memo for the pure scans the passes, decisions and verify steps repeat.

A scan ``text -> list of frozen items`` (citations, claims) is run once per distinct text; every call gets a
fresh list of the same (immutable) items, so a caller may extend or sort its copy.  Bounded like ``re``'s own
cache (a long-lived process starts over rather than grow without limit).

>>> calls = []
>>> @once_per_text
... def words(text):
...     '''The words of ``text``.'''
...     calls.append(text)
...     return text.split()
>>> a = words("two words"); a.append("x"); words("two words"), len(calls)
(['two', 'words'], 1)
>>> words.__doc__, words.__module__ == __name__
('The words of ``text``.', True)
"""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

T = TypeVar("T")

MAXSIZE = 16384  # distinct texts kept per scan (an act has ~1,300 criterion texts and ~500 footnotes)


class _OncePerText:
    """The memoised scan (a callable object carrying the scan's name, module and docstring, so doctest and
    ``help`` see the original)."""

    def __init__(self, fn: Callable[[str], list], maxsize: int):
        functools.update_wrapper(self, fn)
        self._cached = functools.lru_cache(maxsize=maxsize)(lambda text: tuple(fn(text)))

    def __call__(self, text: str) -> list:
        return list(self._cached(text))

    def cache_clear(self) -> None:
        self._cached.cache_clear()

    def cache_info(self):
        return self._cached.cache_info()


def once_per_text(fn: Callable[[str], list[T]]) -> Callable[[str], list[T]]:
    """Decorate a pure scan of one text whose items are immutable: computed once per distinct text."""
    return _OncePerText(fn, MAXSIZE)  # type: ignore[return-value]


__all__ = ["once_per_text", "MAXSIZE"]
