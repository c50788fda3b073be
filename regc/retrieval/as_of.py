"""``as_of`` for `regc ask`: which consolidated version of each indexed act was in force on a date, and the ranking
restricted to it (a mixin of :class:`~regc.retrieval.ask.Asker`, which holds the searcher as ``self.s``).

An act is in force on ``as_of`` from its first corpus version on; the version quoted is the newest one dated on or
before ``as_of``; a provision that version lacks is dropped.  A date before every act's first version, or not a date,
is an :class:`AsOfError` (the CLI's exit 2).

>>> check_date("2024-02-30")
Traceback (most recent call last):
...
regc.retrieval.as_of.AsOfError: --as-of '2024-02-30': no such date (month 01-12, day within the month)
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from typing import Optional

from regc.retrieval.retrieve import indexed_version, version_tree

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class AsOfError(ValueError):
    """An ``as_of`` date before every indexed act's first version."""


def check_date(s: str) -> str:
    """``s`` when it is a real YYYY-MM-DD date, else :class:`AsOfError`."""
    if not ISO_DATE.fullmatch(s or ""):
        raise AsOfError(f"--as-of {s!r}: give a date as YYYY-MM-DD")
    try:
        datetime.date.fromisoformat(s)
    except ValueError:
        raise AsOfError(f"--as-of {s!r}: no such date (month 01-12, day within the month)") from None
    return s


class AsOf:
    """The versions in force on a date, read from the index's manifest (``self.s.manifest["versions"]``)."""

    s: object  # the Searcher

    def in_force(self, celex: str, as_of: Optional[str]) -> bool:
        versions = (self.s.manifest.get("versions") or {}).get(celex)
        return not (as_of and versions and min(versions) > as_of)

    def version_in_force(self, celex: str, as_of: str) -> Optional[str]:
        """The newest version of ``celex`` dated on or before ``as_of`` ("" for a document without versions,
        None when none is: the act was not yet in force)."""
        versions = (self.s.manifest.get("versions") or {}).get(celex)
        if not versions:
            return ""
        return max((v for v in versions if v <= as_of), default=None)

    def _at_version(self, ranked: list, as_of: str) -> list:
        """``ranked`` (:class:`~regc.retrieval.ask.Retrieved` hits) restricted to the versions in force on
        ``as_of``, each hit carrying its version."""
        out = []
        for r in ranked:
            v = self.version_in_force(r.celex, as_of)
            if v is None:
                continue
            if v and v != indexed_version(self.s, r.celex):
                tree = version_tree(self.s, r.celex, v)
                if tree is None or tree.find(r.locator) is None:  # not in the text in force then
                    continue
            out.append(dataclasses.replace(r, version=v or None))
        return out

    def check_as_of(self, as_of: Optional[str]) -> None:
        """:class:`AsOfError` for a malformed date or one before every indexed act's first version."""
        if as_of is None:
            return
        check_date(as_of)
        firsts = [min(v) for v in (self.s.manifest.get("versions") or {}).values() if v]
        if firsts and as_of < min(firsts):
            raise AsOfError(f"--as-of {as_of}: before the first version of every indexed act (earliest "
                            f"{min(firsts)}); nothing was in force")


__all__ = ["AsOf", "AsOfError", "check_date"]
