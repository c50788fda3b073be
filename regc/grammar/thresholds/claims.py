"""Claims: numbers in a text that are citations, labels, act dates... (not thresholds)."""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from typing import Optional

from regc.grammar.thresholds.patterns_limits import _CLASS_RANK
from regc.grammar.thresholds.patterns_numbers import WORD_NUMBER, WORD_NUMBER_VALUES
from regc.grammar.thresholds.parsers import parse_number
from regc.grammar.thresholds.patterns import _CITATIONS, NUMBER_RE
from regc.grammar.thresholds.results import Claim
from regc.grammar.prefilter import prefilter_namespace


def numbers_in_text(text: str) -> set[float]:
    """Every number ``text`` writes, as a float rounded to 6 places: digits (European forms), "zero" and number
    words ("within a three year period").

    >>> sorted(numbers_in_text("at least 2,5 % within three years, zero spills, 10 000 t"))
    [0.0, 2.5, 3.0, 10000.0]
    >>> sorted(numbers_in_text("an efficiency class of IE3 or higher"))
    [3.0]
    """
    return set(_numbers_in_text(text))  # a fresh set: callers add to it


@lru_cache(maxsize=16384)  # a pure function of the text, asked per node by the pass, its verify and grounding
def _numbers_in_text(text: str) -> frozenset[float]:
    out = set()
    for m in NUMBER_RE.finditer(text):
        try:
            out.add(round(float(parse_number(m.group(0))), 6))
        except ValueError:
            pass
    if re.search(r"\bzero\b", text, re.I):
        out.add(0.0)
    for m in _CLASS_RANK.finditer(text):  # "IE3": a class rank's number glued to its code
        out.add(float(m.group("n")))
    for m in WORD_NUMBER.finditer(text):  # one scan, not one per word: a match is a whole word, so each word
        out.add(WORD_NUMBER_VALUES[m.lastindex - 1])  # found is the one that a search for it alone finds
    return frozenset(out)


class ClaimList(list):
    """The claims of one text: a list (append-only in use) that also answers "is [s, e] inside a claim?" and
    "where did the last claim of these kinds end before pos?" without scanning every claim (the walk asks once
    per number, so a scan would make a long criterion quadratic).

    >>> cl = ClaimList([Claim(0, 9, "citation"), Claim(20, 30, "period")])
    >>> cl.covering(2, 5).kind, cl.covering(8, 12), cl.last_end_before(35, ("period",))
    ('citation', None, 30)
    """

    _BUCKET = 64

    def _sync(self) -> None:
        n = getattr(self, "_n", 0)
        if n > len(self):  # shrunk (not done by the finder): re-index from scratch
            n = 0
        if n == 0:
            self._buckets: dict[int, list[Claim]] = {}
            self._ends: dict[str, list[int]] = {}
        for c in self[n:]:
            for b in range(c.start // self._BUCKET, c.end // self._BUCKET + 1):
                self._buckets.setdefault(b, []).append(c)
            bisect.insort(self._ends.setdefault(c.kind, []), c.end)
        self._n = len(self)

    def covering(self, s: int, e: int) -> Optional[Claim]:
        """A claim with ``start <= s`` and ``e <= end``, or None."""
        self._sync()
        for c in self._buckets.get(s // self._BUCKET, ()):
            if c.start <= s and e <= c.end:
                return c
        return None

    def last_end_before(self, pos: int, kinds: tuple[str, ...]) -> Optional[int]:
        """The largest ``end <= pos`` of a claim of one of ``kinds``."""
        self._sync()
        best = None
        for k in kinds:
            ends = self._ends.get(k, [])
            i = bisect.bisect_right(ends, pos)
            if i and (best is None or ends[i - 1] > best):
                best = ends[i - 1]
        return best


def _citation_claims(text: str) -> list[Claim]:
    out = ClaimList()
    for kind, rx in _CITATIONS:
        for m in rx.finditer(text):
            g = "c" if "c" in rx.groupindex else 0
            out.append(Claim(m.start(g), m.end(g), "label" if kind in ("footnote", "label") else
                             ("word" if kind == "word" else "citation"), m.group(g)))
    return out


def _covered(claims: list[Claim], s: int, e: int) -> Optional[Claim]:
    """A claim of ``claims`` that holds the span [s, e] (any one), or None."""
    if isinstance(claims, ClaimList):
        return claims.covering(s, e)
    for c in claims:
        if c.start <= s and e <= c.end:
            return c
    return None

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
