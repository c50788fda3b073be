"""The threshold decision function: text [+ chapeau, + footnotes] -> typed threshold items."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from regc.grammar.thresholds.chapeau import chapeau_metric, chapeau_operator, chapeau_subject, limit_operator
from regc.grammar.thresholds.claims import ClaimList, _citation_claims, _covered
from regc.grammar.thresholds.lexicon import _STOPWORDS
from regc.grammar.thresholds.parsers import parse_number
from regc.grammar.thresholds.patterns import _EXCLUSION_PREDICATE, _FN_PERIOD, _NOUN_PAIR, NUMBER_RE
from regc.grammar.thresholds.quantities import find_quantities
from regc.grammar.thresholds.results import Claim, QuantHit, Strategy, TemporalHit, ThresholdDecision
from regc.grammar.thresholds.temporal import find_temporal
from regc.ir.models import BoundedPeriod, QuantitativeThreshold, TemporalThreshold, Threshold
from regc.grammar.prefilter import prefilter_namespace


def _footnote_periods(hits: list[QuantHit], footnotes: tuple[str, ...], rules: list[str]) -> None:
    """A footnote of the node that fixes a test/measurement period ("The emissions thresholds for carcinogenic
    volatile organic compounds relate to a 28-day test period") sets the period of the item it names."""
    for fn in footnotes:
        m = _FN_PERIOD.search(fn)
        if not m:
            continue
        n, u = (m.group("n"), m.group("u")) if m.group("n") else (m.group("n2"), m.group("u2"))
        if u.lower().startswith("hour"):
            continue
        period = BoundedPeriod(value=parse_number(n), unit=u.lower() + "s")
        words = {w.lower() for w in re.findall(r"[A-Za-z]{5,}", fn)} - _STOPWORDS
        scored = []
        for h in hits:
            mw = {w.lower() for w in re.findall(r"[A-Za-z]{5,}", h.item.metric)}
            scored.append((len(words & mw), h))
        best = max((sc for sc, _ in scored), default=0)
        targets = [h for sc, h in scored if sc == best and sc > 0] or (hits if len(hits) == 1 else [])
        for h in targets:
            if h.item.period is None:
                h.item.period = period
                rules.append("period:footnote")


def _logic(text: str, hits: list) -> Optional[str]:
    if len(hits) < 2:
        return None
    for a, b in zip(hits, hits[1:]):
        # "per m3 of material or component": an "or" joining two nouns of a phrase is not between the items
        seg = text[a.start:b.start]
        masked = _NOUN_PAIR.sub(lambda m: " " * len(m.group(0)), seg)
        between = masked[a.end - a.start:]
        if (re.search(r"\bor\b", between) and not re.search(r"\band/or\b", between)) or \
                re.search(r"\b(?:alternatively|as an alternative)\b", between, re.I):
            return "OR"
    return "AND"


def successive_regimes(temporals: list[TemporalHit], quants: list[QuantHit]) -> list[TemporalHit]:
    """The effective_from/until dates of one node that each delimit a different group of its limits (successive
    regimes: "until 2028, at least 35 % …. From 2028, at least 65 % …"; "35 % targets applying as of 2028 and
    65 % targets applying as of 2032").  Read as AND they would make the node apply only where the regimes
    overlap (or never); the caller keeps them on the node with temporal logic OR (the regimes partition time, spec
    §7 TM2) and names each limit's regime in its metric (the IR's items carry no dates).
    Two bounds qualify when a limit lies between them and another lies outside them."""
    bounds = [h for h in temporals if h.item.type in ("effective_from", "effective_until")]
    if len(bounds) < 2 or len(quants) < 2:
        return []
    first, last = bounds[0], bounds[-1]
    between = [q for q in quants if first.end <= q.start and q.end <= last.start]
    outside = [q for q in quants if q.end <= first.start or q.start >= last.end]
    return bounds if between and outside else []


def _dedupe(items: list, key) -> list:
    seen, out = set(), []
    for it in items:
        k = key(it)
        if k not in seen:
            seen.add(k)
            out.append(it)
    return out


def decide(text: str, parent_text: Optional[str] = None, *, strategy: Strategy = "default",
           footnotes: tuple[str, ...] = ()) -> ThresholdDecision:
    """Extract the threshold of one criterion's own text.

    ``parent_text`` is the parent node's text (its chapeau may state the operator).  ``strategy`` selects an
    alternative on an ODR repair: ``"drop_ungrounded"`` keeps only items whose numbers are in the text,
    ``"wide"`` widens the operator capture (a longer window and up to 12 filler words between the operator
    phrase and the number: "does not exceed, for the whole fleet of new vessels, 5 %").

    >>> d = decide("until 31 December 2025, specific emissions of CO2 are lower than 50 g CO2/km")
    >>> d.threshold.quantitative.items[0].unit, d.threshold.temporal.items[0].to_json()
    ('g CO2/km', {'type': 'effective_until', 'date': '2025-12-31'})
    >>> decide("For combustion plants with thermal input greater than 1 MW, emissions are low.").threshold is None
    True
    """
    # a fresh Threshold per call: callers attach it to nodes and later passes may edit it
    return decide_shared(text, parent_text, strategy=strategy, footnotes=footnotes).editable()


def decide_shared(text: str, parent_text: Optional[str] = None, *, strategy: Strategy = "default",
                  footnotes: tuple[str, ...] = ()) -> ThresholdDecision:
    """:func:`decide`'s decision itself, shared by every caller with the same arguments: for readers only (a
    verify step that compares a node with what the rule reads), never to be edited or attached to a node.

    >>> decide_shared("at least 30 %") is decide_shared("at least 30 %")
    True
    """
    return _decide_cached(text or "", parent_text, strategy, tuple(footnotes))


@lru_cache(maxsize=4096)
def _text_claims(text: str) -> tuple[Claim, ...]:
    """The citation/label claims of ``text``, once per distinct text (a node's text is decided under several
    parents and footnote sets; the caller copies them into a fresh :class:`ClaimList`, which the finders extend)."""
    return tuple(_citation_claims(text))


@lru_cache(maxsize=4096)
def _chapeau_reading(parent_text: Optional[str]) -> tuple[Optional[str], str, str, Optional[str]]:
    """What a parent text gives its children's limits (operator, metric, subject, limit operator), once per
    distinct parent (every child of a chapeau asks)."""
    return (chapeau_operator(parent_text), chapeau_metric(parent_text), chapeau_subject(parent_text),
            limit_operator(parent_text))


@lru_cache(maxsize=4096)
def _chapeau_excludes(parent_text: Optional[str]) -> bool:
    """Does the parent declare its items not compliant ("The following elements are not compliant:")?  Then a
    comparison in an item separates the excluded things from the compliant ones (spec §7 Exclusions).

    >>> _chapeau_excludes("The following elements are not compliant:"), _chapeau_excludes("The activity is:")
    (True, False)
    """
    return bool(parent_text) and parent_text.rstrip().endswith(":") and \
        bool(_EXCLUSION_PREDICATE.search(parent_text))


@lru_cache(maxsize=4096)
def _decide_cached(text: str, parent_text: Optional[str], strategy: Strategy,
                   footnotes: tuple[str, ...] = ()) -> ThresholdDecision:
    text = text or ""
    claims = ClaimList(_text_claims(text))
    rules: list[str] = []
    temporals = find_temporal(text, claims)
    op, metric, subject, parent_limit = _chapeau_reading(parent_text)
    quants, scopes = find_quantities(text, claims, op, strategy, metric, subject,
                                     limit_operator(text) or parent_limit, _chapeau_excludes(parent_text))
    # relative durations ("within 10 years") are quantities; keep them, but never a date's year as a value
    q_items = _dedupe([h for h in quants], lambda h: (h.item.operator, h.item.value, h.item.unit, h.value_start))
    if strategy == "drop_ungrounded":
        q_items = [h for h in q_items if h.number_text == "zero" or h.number_text in text]
    if footnotes:
        _footnote_periods(q_items, footnotes, rules)
    t_items = _dedupe(temporals, lambda h: tuple(sorted(h.item.to_json().items())))
    regimes = successive_regimes(t_items, q_items)
    if regimes:  # each regime's bound stays on the node (spec §6 Dates, §7 TM2), its logic OR (below)
        rules.append("temporal:successive-regimes")
        leading = regimes[0].start < q_items[0].start  # "until D, X …" vs "X … applying as of D"
        for q in q_items:  # each limit names its regime (the IR's items carry no dates)
            gov = [b for b in regimes if b.end <= q.start] if leading else [b for b in regimes if b.start >= q.end]
            b = (gov[-1] if leading else gov[0]) if gov else None
            if b is not None:
                q.item.metric = f"{q.item.metric} ({text[b.start:b.end][:1].lower()}{text[b.start:b.end][1:]})"
    unclaimed = []
    for m in NUMBER_RE.finditer(text):
        if not _covered(claims, m.start(), m.end()):
            unclaimed.append(Claim(m.start(), m.end(), "unclaimed", m.group(0)))
    quant = QuantitativeThreshold(logic=_logic(text, q_items), items=[h.item for h in q_items]) if q_items else None
    # the regimes of a list-logic switch partition time: the node applies in one or the other (spec §7 TM2)
    # (and so do the successive regimes of one node's limits: "until 2028, at least 35 % …. From 2028, at least 65 %")
    t_logic = "OR" if regimes or sum(h.rule == "temporal:list-regime" for h in t_items) > 1 else _logic(text, t_items)
    temp = TemporalThreshold(logic=t_logic, items=[h.item for h in t_items]) if t_items else None
    thr = Threshold(quantitative=quant, temporal=temp) if (quant or temp) else None
    conf = 1.0
    conf -= 0.1 * len(unclaimed)
    conf -= 0.1 * sum(1 for h in q_items if h.rule in ("quantity:coordinated", "quantity:reduction",
                                                       "quantity:chapeau-operator"))
    conf -= 0.05 * sum(1 for h in q_items if h.item.metric == "Value")
    rules.extend(sorted({h.rule for h in q_items} | {h.rule for h in t_items}))
    return ThresholdDecision(threshold=thr, confidence=round(max(0.3, min(1.0, conf)), 3), quantities=q_items,
                             temporals=t_items, scope_conditions=scopes, claims=sorted(claims, key=lambda c: c.start),
                             unclaimed=unclaimed, rules=rules,
                             regimes=[text[h.start:h.end] for h in regimes])

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
