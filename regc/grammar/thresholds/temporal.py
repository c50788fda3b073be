"""Temporal limits: a preposition + date, recurrences (``temporal.lark``)."""

from __future__ import annotations

import datetime as _dt
import re
from functools import lru_cache
from typing import Optional

from dateutil.relativedelta import relativedelta
from lark import Transformer, UnexpectedInput

from regc.grammar.thresholds.claims import _covered
from regc.grammar.thresholds.lexicon import MONTHS
from regc.grammar.thresholds.parsers import parse_number, temporal_parser
from regc.grammar.thresholds.patterns_limits import _RATE_BEFORE_RECURRENCE
from regc.grammar.thresholds.patterns import (
    _DATED_THING_LEFT,
    _LIST_REGIME_LEFT,
    _MONTH,
    _REFERENCE_YEAR_AFTER,
    _WORD_CHAR,
    RECUR_RE,
    TEMPORAL_RE,
)
from regc.grammar.thresholds.results import Claim, TemporalHit
from regc.grammar.thresholds.text import _ws_back, prefix_ends_with_char
from regc.ir.models import (
    TemporalItem,
)
from regc.grammar.prefilter import prefilter_namespace


class _TemporalTx(Transformer):
    """Tree -> list of (type, date-or-dates / interval)."""

    def dmy(self, ch):
        d, m, y = ch
        return ("day", _dt.date(int(y), MONTHS.index(str(m)) + 1, int(d)))

    def mdy(self, ch):
        m, d, y = ch
        return ("day", _dt.date(int(y), MONTHS.index(str(m)) + 1, int(d)))

    def my(self, ch):
        m, y = ch
        return ("month", _dt.date(int(y), MONTHS.index(str(m)) + 1, 1))

    def y(self, ch):
        return ("year", _dt.date(int(ch[0]), 1, 1))

    def count(self, ch):
        return parse_number(str(ch[0]))

    # bounds ----------------------------------------------------------------------------------------------
    @staticmethod
    def _first(d):
        return d[1]

    @staticmethod
    def _last(d):
        g, v = d
        if g == "year":
            return _dt.date(v.year, 12, 31)
        if g == "month":
            return v + relativedelta(months=1, days=-1)
        return v

    def by(self, ch):
        return [("deadline", self._last(ch[1]))]

    def until(self, ch):
        return [("effective_until", self._last(ch[1]))]

    def from_(self, ch):
        return [("effective_from", self._first(ch[1]))]

    def after(self, ch):
        return [("effective_from", self._last(ch[1]) + relativedelta(days=1))]

    def not_after(self, ch):
        return [("deadline", self._last(ch[2]))]

    def before(self, ch):
        return [("deadline", self._first(ch[1]) - relativedelta(days=1))]

    def window(self, ch):
        return [("window", self._first(ch[1]), self._last(ch[3]))]

    def window_between(self, ch):
        return [("window", self._first(ch[1]), self._last(ch[3]))]

    def every(self, ch):
        n = ch[1] if len(ch) == 3 else 1
        u = str(ch[-1]).lower().rstrip("s") + "s"
        if u == "weeks":
            return [("recurring", n * 7, "days")]
        return [("recurring", n, u)]

    def yearly(self, ch):
        return [("recurring", 1, "years")]

    def monthly(self, ch):
        return [("recurring", 1, "months")]


@lru_cache(maxsize=4096)  # equal spans recur across texts ("until 31 December 2025"): each parsed once
def _temporal_readings(span: str) -> tuple[tuple, ...]:
    """What the temporal grammar reads in ``span``: (kind, date or value, ...) tuples of immutable values."""
    return tuple(_TemporalTx().transform(temporal_parser().parse(span)))


def parse_temporal(span: str) -> list[TemporalItem]:
    """Parse one canonical temporal span.

    >>> [i.to_json() for i in parse_temporal("after 30 June 2024")]
    [{'type': 'effective_from', 'date': '2024-07-01'}]
    >>> [i.to_json() for i in parse_temporal("before 1 January 2030")]
    [{'type': 'deadline', 'date': '2029-12-31'}]
    >>> [i.to_json() for i in parse_temporal("until 2028")], [i.to_json() for i in parse_temporal("after 2026")]
    ([{'type': 'effective_until', 'date': '2028-12-31'}], [{'type': 'effective_from', 'date': '2027-01-01'}])
    """
    out = []  # fresh items on every call: callers attach them to nodes
    for t in _temporal_readings(span):
        if t[0] == "recurring":
            out.append(TemporalItem(type="recurring", interval_value=t[1], interval_unit=t[2]))
        elif t[0] == "window":
            out.append(TemporalItem(type="window", start=t[1].isoformat(), end=t[2].isoformat()))
        else:
            out.append(TemporalItem(type=t[0], date=t[1].isoformat()))
    return out


_LIST_REGIME_TAIL_WORDS = ("following", "these", "those", "criteria", "requirements", "conditions", "points",
                            "items", "measures", "options")


def _list_regime_left(text: str, pos: int) -> Optional[re.Match]:
    """``_LIST_REGIME_LEFT.search(text[:pos])``; the prefix is scanned only when it can match (it ends with
    "following"/"these"/... before an optional comma)."""
    q = _ws_back(text, pos)
    if q > 0 and text[q - 1] == ",":
        q = _ws_back(text, q - 1)
    if not text[max(0, q - 12):q].lower().endswith(_LIST_REGIME_TAIL_WORDS):
        return None
    return _LIST_REGIME_LEFT.search(text[:pos])


@lru_cache(maxsize=8192)
def temporal_matches(text: str) -> tuple[re.Match, ...]:
    """``TEMPORAL_RE`` over ``text``, once per distinct text (the dates and the list regimes of a text are read
    under every parent and by the pass's regime notes; match objects are read-only)."""
    return tuple(TEMPORAL_RE.finditer(text))


def list_regime_switches(text: str) -> list[tuple[str, str]]:
    """(quantifier, date phrase) pairs of a chapeau whose list logic changes at a date.

    >>> list_regime_switches("complies with two of the following criteria until 2025 and with all of the "
    ...                      "following criteria after 2025:")
    [('two', 'until 2025'), ('all', 'after 2025')]
    """
    out = []
    for m in temporal_matches(text or ""):
        q = _list_regime_left(text, m.start("prep"))
        if q and not m.group("neg"):
            out.append((q.group("q").split()[-1].lower(), text[m.start("prep"):m.end("d1")]))
    return out if len(out) >= 2 else []


def _temporal_rule(text: str, m: re.Match, regime_dates: set[str]) -> str:
    """The provenance id of a preposition + date: a regime of a chapeau's list logic ("two of the following until
    2025 and all of them after 2025": each regime's effective_until / effective_from, spec §7 TM2), a date that
    bounds the things the rule applies to ("for buildings built before 31 December 2020": deadline 2020-12-30,
    spec §7 TM1) or a plain bound ("temporal:<preposition>")."""
    if text[m.start("prep"):m.end("d1")] in regime_dates:
        return "temporal:list-regime"
    if not m.group("neg") and _DATED_THING_LEFT.search(text, max(0, m.start("prep") - 40), m.start("prep")):
        return "temporal:dated-scope"
    return f"temporal:{m.group('prep').lower()}"


def find_temporal(text: str, claims: list[Claim]) -> list[TemporalHit]:
    hits: list[TemporalHit] = []
    regime_dates = {d for _, d in list_regime_switches(text)}
    for m in temporal_matches(text):
        if _covered(claims, m.start("d1"), m.end("d1")):
            continue
        prep = m.group("prep").lower()
        pre = text[max(0, m.start() - 40):m.start()]
        if re.search(r"\b(?:version|edition)\b[^.;]*$", pre, re.I):
            continue  # a date identifying a version of another instrument
        rule = _temporal_rule(text, m, regime_dates)
        if text[max(0, m.start() - 1):m.start()] == "(" and text[m.end():m.end() + 1] == ")" and \
                _WORD_CHAR.search(text, 0, max(0, m.start() - 1)) and m.start() > 1 and \
                not prefix_ends_with_char(text, m.start() - 1, ".;:"):
            rule = "temporal:dated-scope"  # "in the Mediterranean Sea (as of 2025)": a scope that starts at a date
            #                                is a temporal item of the node (spec §6 Dates, §7 TM1)
        neg = m.group("neg")
        d1, d2, conj = m.group("d1"), m.group("d2"), m.group("conj")
        if _REFERENCE_YEAR_AFTER.match(text, m.end()):
            continue  # "from 2005 levels": a reference year, not a date bound
        if d2 and prep in ("from", "as from", "as of", "between", "since", "starting from", "beginning on") and conj:
            c = "and" if prep == "between" else ("until" if conj.lower() in ("until", "till") else "to")
            span = f"{'between' if prep == 'between' else 'from'} {d1} {c} {d2}"
            end = m.end()
        else:
            if prep == "between":
                continue
            span = f"{prep} {d1}"
            end = m.end("d1")
            if neg and prep == "after":
                span = f"not {span}"
        start = m.start("neg") if (neg and prep == "after") else m.start("prep")
        try:
            items = parse_temporal(span)
        except (UnexpectedInput, ValueError):
            continue
        parts = tuple(re.findall(r"\d+|" + _MONTH, text[m.start("d1"):end]))
        for it in items:
            hits.append(TemporalHit(it, start, end, rule, parts))
        claims.append(Claim(start, end, "date", text[start:end]))
    for m in RECUR_RE.finditer(text):
        if _covered(claims, m.start(), m.end()):
            continue
        if re.search(r"\b(?:for|of|in|per)\s+$", text[max(0, m.start() - 5):m.start()], re.I) and \
                not m.group(0).lower().startswith(("every", "at least", "once")):
            continue  # "for each year of the trajectory" is not a recurrence
        if _RATE_BEFORE_RECURRENCE.search(text, max(0, m.start() - 80), m.start()):
            continue  # "increased by 2 percentage points annually": the time base of a rate (spec §7 TH2)
        span = re.sub(r"\s+", " ", m.group(0))
        try:
            items = parse_temporal(span)
        except (UnexpectedInput, ValueError):
            continue
        for it in items:
            hits.append(TemporalHit(it, m.start(), m.end(), "temporal:recurring", tuple(re.findall(r"\d+", span))))
        claims.append(Claim(m.start(), m.end(), "recurrence", m.group(0)))
    hits.sort(key=lambda h: h.start)
    return hits

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
