"""Claims: numbers in a text that are citations, labels, act dates... (not thresholds)."""

from __future__ import annotations

import re
from typing import Optional

from regc.grammar.thresholds.lexicon import WORD_NUMBERS
from regc.grammar.thresholds.parsers import parse_number
from regc.grammar.thresholds.patterns import _CITATIONS, NUMBER_RE
from regc.grammar.thresholds.results import Claim


def numbers_in_text(text: str) -> set[float]:
    """Every number ``text`` writes, as a float rounded to 6 places: digits (European forms), "zero" and number
    words ("within a three year period").

    >>> sorted(numbers_in_text("at least 2,5 % within three years, zero spills, 10 000 t"))
    [0.0, 2.5, 3.0, 10000.0]
    """
    out = set()
    for m in NUMBER_RE.finditer(text):
        try:
            out.add(round(float(parse_number(m.group(0))), 6))
        except ValueError:
            pass
    if re.search(r"\bzero\b", text, re.I):
        out.add(0.0)
    for w, v in WORD_NUMBERS.items():
        if re.search(rf"\b{w}\b", text, re.I):
            out.add(float(v))
    return out


def _citation_claims(text: str) -> list[Claim]:
    out = []
    for kind, rx in _CITATIONS:
        for m in rx.finditer(text):
            g = "c" if "c" in rx.groupindex else 0
            out.append(Claim(m.start(g), m.end(g), "label" if kind in ("footnote", "label") else
                             ("word" if kind == "word" else "citation"), m.group(g)))
    return out


def _covered(claims: list[Claim], s: int, e: int) -> Optional[Claim]:
    for c in claims:
        if c.start <= s and e <= c.end:
            return c
    return None
