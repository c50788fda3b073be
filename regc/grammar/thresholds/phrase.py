"""Threshold phrases: operator search before a number, negation, the canonical span parsed by ``threshold.lark``."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from lark import Transformer

from regc.grammar.thresholds.claims import ClaimList, _covered
from regc.grammar.thresholds.lexicon import _FLIP
from regc.grammar.thresholds.parsers import _neg_regex, _op_regex, parse_number, threshold_parser
from regc.grammar.thresholds.patterns import _CLAUSE_BREAK
from regc.grammar.thresholds.results import Claim
from regc.grammar.prefilter import prefilter_namespace


class _PhraseTx(Transformer):
    def quantity(self, ch):
        num = parse_number(str(ch[0]))
        unit = str(ch[1])[1:-1] if len(ch) > 1 else ""
        return (num, unit)

    def le(self, _):
        return "<="

    def lt(self, _):
        return "<"

    def ge(self, _):
        return ">="

    def gt(self, _):
        return ">"

    def eq(self, _):
        return "="

    def neg(self, _):
        return "NEG"

    def filler(self, ch):
        return ("FILLER", " ".join(str(c) for c in ch))

    def relation(self, ch):
        return "REL"

    def compared(self, ch):
        neg = "NEG" in ch
        op = next(c for c in ch if c in ("<", "<=", ">", ">=", "="))
        num, unit = next(c for c in ch if isinstance(c, tuple) and c[0] != "FILLER")
        if "REL" in ch and unit == "%":
            return (">=", num, unit)  # "at least 10 % lower than <reference>": a reduction
        if neg:
            op = _FLIP[op]
        return (op, num, unit)

    def relative(self, ch):
        num, unit = ch[0]
        return (">=", num, unit)

    def or_more(self, ch):
        num, unit = ch[0]
        return (">=", num, unit)

    def or_less(self, ch):
        num, unit = ch[0]
        return ("<=", num, unit)

    def bare(self, ch):
        num, unit = ch[0]
        return (None, num, unit)


@lru_cache(maxsize=4096)  # a pure function of the span (an immutable answer); equal spans recur across texts
def parse_phrase(span: str) -> tuple[Optional[str], int | float, str]:
    """Parse a canonical threshold span into (operator, value, unit).

    >>> parse_phrase("do not exceed an average of 550 ⟦kg CO2e/kW⟧")
    ('<=', 550, 'kg CO2e/kW')
    >>> parse_phrase("at least 10 ⟦%⟧ lower than")
    ('>=', 10, '%')
    >>> parse_phrase("not greater than 2,5 ⟦⟧")
    ('<=', 2.5, '')
    >>> parse_phrase("10 ⟦MW⟧ or more")
    ('>=', 10, 'MW')
    """
    return _PhraseTx().transform(threshold_parser().parse(span))


def _word_end(after: str, n: int) -> int:
    """Offset just past the n-th whitespace-separated word of ``after`` (0 when n == 0)."""
    end = 0
    for i, m in enumerate(re.finditer(r"\S+", after)):
        if i >= n:
            break
        end = m.end()
    return end


_WINDOW_CUT_KINDS = ("period", "date", "recurrence", "scope")


def _window_start(text: str, pos: int, last_hit_end: Optional[int], claims: list[Claim], cap: int = 110) -> int:
    """Start of the operator window of the number at ``pos``: at most ``cap`` characters back, not before the end
    of the last limit (``last_hit_end``) or period/date/recurrence/scope claim, nor before a clause break."""
    start = max(0, pos - cap)
    if last_hit_end is not None and last_hit_end <= pos:
        start = max(start, last_hit_end)
    if isinstance(claims, ClaimList):
        end = claims.last_end_before(pos, _WINDOW_CUT_KINDS)
        start = max(start, end) if end is not None else start
    else:
        for c in claims:
            if c.kind in _WINDOW_CUT_KINDS and c.end <= pos:
                start = max(start, c.end)
    seg = text[start:pos]
    last = None
    for m in re.finditer(r"[;:|]|\.\s|\]|\[", seg):
        last = m
    if last:
        start += last.end()
    return start


def _find_operator(text: str, wstart: int, pos: int, claims: list[Claim], max_filler: int = 6):
    """Latest operator phrase in text[wstart:pos] whose distance to the number is an acceptable filler."""
    seg = text[wstart:pos]
    best = None
    for m in _op_regex().finditer(seg):
        s, e = wstart + m.start(), wstart + m.end()
        if _covered(claims, s, e):
            continue
        kind = m.lastgroup
        filler = text[e:pos].strip()
        words = filler.split()
        if re.search(r"\d", filler) or len(words) > max_filler or _CLAUSE_BREAK.search(" " + filler + " "):
            continue
        if kind == "EQ" and words:
            continue
        if words and re.match(r"the (?:maximum|minimum)", text[s:e], re.I):
            continue  # "assigned the maximum value of 5": a reference scale, not a limit
        if kind == "EQ" and best is not None:
            continue  # "is at least": keep the stronger operator found before
        best = (kind, s, e, filler)
    return best


def _negated(text: str, wstart: int, op_start: int) -> Optional[re.Match]:
    seg = text[max(wstart, op_start - 60):op_start]
    found = None
    for m in _neg_regex().finditer(seg):
        if re.match(r"\s*\.?\s*\d", seg[m.end():]) or seg[m.start():m.end()] == "No":
            continue  # "No 1907/2006"
        found = m
    if found and re.search(r"\b(?:where|which|that|when|if|whose|while|whereas)\b|[,;]", seg[found.end():]):
        found = None  # the negation belongs to another clause
    if found and not re.match(r"not only|no\s+(?:significant|later)", seg[found.start():], re.I):
        return found
    return None

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
