"""Tests on the text before a position that do not re-scan the whole prefix (a long criterion must not cost one
prefix scan per candidate).

:func:`tail_search` is ``rx.search(text[:pos])`` for a pattern anchored at the end (``…$``): it searches only a
window before ``pos`` when the window holds a character no match can contain (``alphabet`` lists the characters a
match is made of), because then no match can start before the window; otherwise it searches the whole prefix.

>>> import re
>>> rx = re.compile(r"\\bthe\\s+$")
>>> text = "x" * 1000 + "; covered by the "
>>> tail_search(rx, text, len(text), re.compile(r"[the\\s]")).start() == text.index("the ")
True
"""

from __future__ import annotations

import re
from typing import Optional

WINDOW = 256


def tail_search(rx: re.Pattern, text: str, pos: int, alphabet: re.Pattern, window: int = WINDOW) -> Optional[re.Match]:
    """``rx.search(text[:pos])`` (same match, same offsets) for an end-anchored ``rx`` made of ``alphabet``."""
    lo = pos - window
    if lo > 0 and _has_foreign(text, lo, pos - 1, alphabet):  # a match may end before a final newline
        return rx.search(text, lo, pos)
    return rx.search(text, 0, pos)


def _has_foreign(text: str, lo: int, hi: int, alphabet: re.Pattern) -> bool:
    """Does text[lo:hi] hold a character outside ``alphabet`` (a one-character class)?"""
    return not re.fullmatch(f"(?:{alphabet.pattern})*", text[lo:hi], alphabet.flags & ~re.UNICODE)


def ws_back(text: str, pos: int) -> int:
    """``pos`` moved back over the whitespace before it."""
    while pos > 0 and text[pos - 1].isspace():
        pos -= 1
    return pos
