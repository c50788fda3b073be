"""Quantities: every numeric limit of a text (and its scope conditions)."""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from typing import Optional

from regc.grammar.thresholds import rules as R
from regc.grammar.thresholds.claims import _covered
from regc.grammar.thresholds.patterns_limits import (_BLEND_OF_AFTER, _CHANGE_BY_BEFORE, _COMPOSITION_AFTER,
                                                     _AGE_OF_BEFORE, _LAST_OBJECT_NP, _NEGATED_DEDICATION_OBJECT,
                                                     _NAMED_BOUND_BEFORE, _TOLERANCE_OF)
from regc.grammar.thresholds.metric import _coordinated_metric, _metric, _subject, _subject_metric
from regc.grammar.thresholds.patterns import (
    _BRACKETED_VARIANT_GAP,
    _CHANGE_WORD,
    _CONJUNCTION_GAP,
    _ENDS_WITH_CONJUNCTION,
    _LIMIT_AT_BEFORE,
    _LIMIT_AT_TAIL,
    _LIMIT_VALUE_OF,
    _MAGNITUDE_WORD_AFTER,
    _MEASURE_LIMIT_OF,
    _OF_AFTER,
    _OPEN_BRACKET_ONLY,
    _PERIOD_BREAK,
    _PREPOSITION_LEAD,
    _REDUCTION_NOUN_TAIL,
    _RELATIVE_REFERENCE_AFTER,
    _SHARE_AFTER,
    _TARGET_AFTER,
    _TRAILING_COLON,
    NUMBER_RE,
    WORD_NUMBER_RE,
)
from regc.grammar.thresholds.phrase import _window_start, _word_end
from regc.grammar.thresholds.results import Claim, QuantHit, Strategy
from regc.grammar.thresholds.site import NumberSite, QuantCtx, Reading
from regc.grammar.thresholds.text import _clean, _sentence_start, prefix_ends_with_char
from regc.grammar.thresholds.units import parse_unit, unit_window
from regc.ir.models import QuantItem
from regc.grammar.prefilter import prefilter_namespace


@lru_cache(maxsize=256)
def _period_breaks(text: str) -> tuple[list[int], list[int]]:
    """The ``;`` and ". " breaks a period does not reach across: their positions and, for each, the length a slice
    of the text needs to show it (the position + 1 for ";", + 2 for ". "); both ascending."""
    at, need = [], []
    for m in _PERIOD_BREAK.finditer(text):
        at.append(m.start())
        need.append(m.start() + (1 if m.group(0) == ";" else 2))
    return at, need


def _period_targets(text: str, hits: list[QuantHit], starts: list[int], longest: int, ps: int,
                    pe: int) -> tuple[list[QuantHit], Optional[QuantHit]]:
    """The limits before the period ``[ps, pe)`` in its sentence part (no ";"/". " between), and the first limit
    after it in its sentence part (what a scan of ``text[h.end:ps]`` for a break per limit would give), from sorted
    starts and the break table (hits sorted by start; ``starts`` their starts, ``longest`` the longest span)."""
    at, need = _period_breaks(text)
    k = bisect.bisect_right(need, ps) - 1
    last_break = at[k] if k >= 0 else -1  # a break wholly inside text[:ps]
    lo = bisect.bisect_right(starts, last_break - longest - 1)
    hi = bisect.bisect_right(starts, ps)
    before = [h for h in hits[lo:hi] if last_break < h.end <= ps]
    k = bisect.bisect_left(at, pe)
    first_need = need[k] if k < len(at) else len(text) + 2  # the first break after pe shows in text[pe:x] for x >= this
    j = bisect.bisect_left(starts, pe)
    after = hits[j] if j < len(hits) and hits[j].start < first_need else None
    return before, after


def _attach_periods(text: str, hits: list[QuantHit], periods: list[tuple[int, int, object, str]]) -> None:
    """Give each period the limit it qualifies: the last limit before it in its sentence part (the share of "X % of
    …, over a five-year period"), else the first after it."""
    starts = [h.start for h in hits]
    assert starts == sorted(starts), "hits must be sorted by start"
    longest = max((h.end - h.start for h in hits), default=0)
    for ps, pe, period, rule_id in periods:
        before, first_after = _period_targets(text, hits, starts, longest, ps, pe)
        target = before[-1] if before else None
        if len(before) > 1 and prefix_ends_with_char(text, ps, ",") and before[0].item.unit == "%" \
                and _OF_AFTER.match(text, before[0].end):
            # "more than 67 % of new capacity is below 100 g CO2e/kWh …, over a rolling five-year period": a period
            # set off by a comma closes the whole clause and qualifies its head value, the share, not the value
            # that defines which part of the whole is counted
            target = before[0]
        if target is None:
            target = first_after
        if target is not None and target.item.period is None:
            target.item.period = period
            target.period_rule = rule_id
    # "> 70 % in 7 days (> 80 % when adapted inoculum is used)": a bracketed variant of the same measurement
    # shares the period of the value it qualifies
    for prev, h in zip(hits, hits[1:]):
        if h.item.period is None and prev.item.period is not None and h.item.unit == prev.item.unit and \
                _BRACKETED_VARIANT_GAP.fullmatch(text[prev.end:h.start]):
            h.item.period = prev.item.period
            h.period_rule = prev.period_rule


def _site(m: re.Match, ctx: QuantCtx) -> Optional[NumberSite]:
    """The number ``m`` with its unit and operator window; None when a claim explains it (citation, label, part of
    a word, a magnitude word: "100 million inhabitants")."""
    text, claims = ctx.text, ctx.claims
    s, e = m.start(), m.end()
    if _covered(claims, s, e):
        return None
    num_text = m.group(0)
    after = unit_window(text, e)
    unit = parse_unit(after)
    if _MAGNITUDE_WORD_AFTER.match(after):
        return None  # a magnitude word, left to the completeness check
    if unit is None and after[:1].isalpha():
        claims.append(Claim(s, e, "word", num_text))  # "1A", "3rd": part of a word
        return None
    uend = e + _word_end(after, unit.n_words) if unit is not None else e
    wstart = _window_start(text, s, ctx.last_hit_end_before(s), claims, cap=220 if ctx.strategy == "wide" else 110)
    return NumberSite(s, e, num_text, unit, unit.unit if unit else "", uend, wstart)


def _reading(site: NumberSite, ctx: QuantCtx) -> Optional[Reading]:
    """The operator reading of a number (grammar, phrase rules, implicit-operator rules); None: no limit."""
    r = R.operator(site, ctx)
    if r is None:
        return None
    for fn in R.PHRASE_RULES:
        fn(site, r, ctx)
    if r.operator is None and not R.implicit_operator(site, r, ctx):
        return None  # a number with a unit but no limit: left for the completeness check
    if site.unit is None and r.op is None and r.rule not in (R.chapeau_operator.rule_id, R.coordinated.rule_id):
        return None
    if site.unit is None and r.op is not None and r.op[0] == "EQ":
        return None  # "is 5" without a unit is too weak to be a limit
    return r


def _base_metric(site: NumberSite, r: Reading, ctx: QuantCtx) -> str:
    text, s, uend, op = ctx.text, site.s, site.uend, r.op
    metric = _metric(text, op[1] if op else s, r.filler, site.unit, False, text[uend:uend + 160],
                     ctx.last_hit_end_before(s))
    if metric == "Value" and op is not None and _LIMIT_AT_BEFORE.search(text[max(0, op[1] - 12):op[2]]):
        tail = _LIMIT_AT_TAIL.match(text, uend)
        if tail:  # "limit at 6 % the Total Organic Carbon (TOC) maximum concentration in …": the metric follows
            metric = _clean(tail.group(1))[:1].upper() + _clean(tail.group(1))[1:]
    if r.rule == R.table_limit.rule_id:
        cells = [c.strip() for c in text.split(" | ")]
        subj2 = _subject(cells[1], 0, len(cells[1]))[0] if len(cells) > 2 else ""
        what = subj2 if subj2 and len(subj2.split()) <= 8 else cells[0]
        metric = f"Concentration of {what[:1].lower()}{what[1:]}"
    elif r.rule == R.limit_value.rule_id:
        metric = _LIMIT_VALUE_OF.sub(" of ", metric, count=1)
    return _MEASURE_LIMIT_OF.sub(r"\1 of ", metric)  # "concentration limit for the 18 listed PAHs" -> the concentration measured


def _excluded_use_metric(text: str, op_start: int) -> str:
    """"The infrastructure is not dedicated to … a power production plant where the direct greenhouse gas emissions
    exceed": the clause's measure of the excluded use's object ("Direct greenhouse gas emissions of the power
    production plant"); "" when the comparison is not in such a clause."""
    m = _NEGATED_DEDICATION_OBJECT.search(text[_sentence_start(text, op_start):op_start])
    measure = re.sub(r"^(?:the|its|their)\s+|^(?:is|are)\b\s*", "", _clean(m.group("measure")), flags=re.I) if m else ""
    if not measure:
        return ""
    obj = _LAST_OBJECT_NP.search(m.group("use"))
    metric = f"{measure} of the {_clean(obj.group('np'))}" if obj else measure
    return metric[:1].upper() + metric[1:]


def _item_metric(site: NumberSite, r: Reading, ctx: QuantCtx) -> str:
    """What the limit measures: the text's noun phrase, refined by the rule that read the number."""
    text, s, uend, prev = ctx.text, site.s, site.uend, r.prev
    metric = _base_metric(site, r, ctx)
    if r.rule == R.target.rule_id:
        tm = _TARGET_AFTER.match(text, uend)
        prev_t = ctx.last_target()
        metric = (f"Share of {_clean(tm.group('what'))}" if tm.group("what") else
                  prev_t.item.metric if prev_t is not None else "Target share")
    elif r.rule == R.coordinated.rule_id and prev is not None and \
            (_CONJUNCTION_GAP.fullmatch(text[site.wstart:s]) or _ENDS_WITH_CONJUNCTION.search(metric)):
        # "95 g … for vehicles of category M1 and 147 g … for … N1": the lead's tail is no quantity of its own
        metric = _coordinated_metric(prev.item.metric, text[uend:uend + 160]) or metric  # "… and 70 % for X"
    elif ctx.hits and (metric == "Value" or _PREPOSITION_LEAD.match(metric)):
        metric = _coordinated_metric(ctx.hits[-1].item.metric, text[uend:uend + 160]) or metric
    elif ctx.parent_subject and (metric == "Value" or metric.startswith("For ")):
        metric = _subject_metric(ctx.parent_subject, text, s, site.unit, text[uend:uend + 160])
    if r.rule == R.relative_reduction.rule_id and not _CHANGE_WORD.search(metric):
        ref = _RELATIVE_REFERENCE_AFTER.match(text[uend:uend + 160])
        metric = f"Reduction of {metric[:1].lower()}{metric[1:]}" + (f" below {ref.group(1)}" if ref else "")
    if r.rule == R.named_bound.rule_id:  # "a minimum share of SAF, corresponding to 15 %": the share
        nb = _NAMED_BOUND_BEFORE.search(text, max(0, s - 160), s)
        metric = _clean(nb.group("what"))[:1].upper() + _clean(nb.group("what"))[1:] if nb else metric
    elif r.rule == R.annual_rate.rule_id:  # "… increased by 2 percentage points annually": the change of the value
        verb = _CHANGE_BY_BEFORE.search(text, max(0, s - 40), s)
        change = "decrease" if verb and verb.group("verb").lower().startswith(("decr", "redu", "decl")) else "increase"
        of = ctx.hits[-1].item.metric if ctx.hits else metric
        metric = f"Annual {change} of {of[:1].lower()}{of[1:]}"
    if r.rule == R.composition.rule_id:  # "networks to 100 % hydrogen": the share of the named component
        what = _COMPOSITION_AFTER.match(text, uend)
        blend = _BLEND_OF_AFTER.match(text, what.end())
        metric = (f"Share of {blend.group('what')} in the {_clean(what.group(0))}" if blend else
                  f"Share of {_clean(what.group(0))}" + ("" if re.search(r"\d", metric) else
                                                          f" in {metric[:1].lower()}{metric[1:]}"))
    if r.rule == R.reduction_noun.rule_id:
        tail = _REDUCTION_NOUN_TAIL.match(text, uend)
        metric = _clean(tail.group(1))[:1].upper() + _clean(tail.group(1))[1:] if tail else metric
    tol = _TOLERANCE_OF.search(text, 0, uend + 80) if r.rule == R.tolerance.rule_id else None
    if tol is not None:  # "The Nitrogen content (with tolerance level ±25 %) of the digestate": the content's tolerance
        metric = f"Tolerance level of the {tol.group('what').lower()}" + (f" {tol.group('of')}" if tol.group("of") else "")
    age = _AGE_OF_BEFORE.search(text, max(0, s - 60), s)
    if age is not None:  # "the first use of a patent not older than 10 years": the patent's age
        metric = f"Age of the {age.group('np').lower()}"
    if r.rule == R.exclusion_complement.rule_id:
        metric = _excluded_use_metric(text, r.op[1]) or metric
    if r.rule == R.retention.rule_id:  # "Such documentation is retained for five years": how long it is kept
        metric = f"Retention period of {metric[:1].lower()}{metric[1:]}" if metric != "Period" else "Retention period"
    if r.rule == R.chapeau_operator.rule_id and ctx.parent_metric:
        lead = _TRAILING_COLON.sub("", text[:s]).strip()
        if lead.endswith("="):  # "hot metal = 1,331 …": the item names what the chapeau's quantity is of
            lead = "of " + _clean(lead[:-1])
        metric = ctx.parent_metric + (f" {lead}" if lead and not _OPEN_BRACKET_ONLY.match(lead) else "")
        if site.unit is not None and site.unit.product and site.unit.product.lower() not in metric.lower():
            metric += f" of {site.unit.product}"
        base = _SHARE_AFTER.match(text[uend:]) if site.unit is not None and site.unit.unit == "%" and not lead else None
        if base:  # "… contribution … is at least equivalent to: 1 % of the annual turnover of …": the share's base
            metric += f" as share of {_clean(base.group(1))}"
    return metric


def _emit(site: NumberSite, r: Reading, ctx: QuantCtx) -> None:
    scope = R.is_scope(site, r, ctx)
    if R.restated_exclusion(r, ctx):  # "That exclusion only applies to … more … than 100 g …": the same limit
        ctx.claims.append(Claim(r.start, r.end, "threshold", ctx.text[r.start:r.end]))
        return
    R.limit_value(site, r, ctx)
    item = QuantItem(metric=_item_metric(site, r, ctx), operator=r.operator, value=r.value, unit=r.unit_norm)
    hit = QuantHit(item, r.start, r.end, site.num_text, r.rule, scope, site.s)
    if scope:
        ctx.scopes.append(hit)
    else:
        ctx.add_hit(hit)
    ctx.claims.append(Claim(r.start, r.end, "scope" if scope else "threshold", ctx.text[r.start:r.end]))


def _number_sites(text: str) -> list[re.Match]:
    """The numbers of ``text`` in order: digits, and spelled-out numbers that count time ("at least five years")."""
    found = list(NUMBER_RE.finditer(text))
    words = list(WORD_NUMBER_RE.finditer(text))
    return sorted(found + words, key=lambda m: m.start()) if words else found


def find_quantities(text: str, claims: list[Claim], parent_op: Optional[str] = None,
                    strategy: Strategy = "default", parent_metric: str = "", parent_subject: str = "",
                    limit_op: Optional[str] = None,
                    parent_excludes: bool = False) -> tuple[list[QuantHit], list[QuantHit]]:
    """All numeric limits in ``text`` (and the scope conditions, separately).

    The text rules run first (:data:`~regc.grammar.thresholds.rules.TEXT_RULES`); then every number, left to right,
    goes to the span rules, and else gets an operator reading, a scope test and a metric.

    >>> hits, scopes = find_quantities("plants with a capacity above 10 MW emit less than 100 g CO2e/kWh", [])
    >>> [(h.rule, h.item.operator, h.item.value) for h in hits], [(h.item.operator, h.item.value) for h in scopes]
    ([('quantity:operator', '<', 100)], [('>', 10)])
    """
    ctx = QuantCtx(text, claims, parent_op, strategy, parent_metric, parent_subject, limit_op, parent_excludes)
    for text_rule in R.TEXT_RULES:
        text_rule(text, ctx.claims, ctx)
    for m in _number_sites(text):
        site = _site(m, ctx)
        if site is None or any(span_rule(site, ctx) for span_rule in R.SPAN_RULES):
            continue
        r = _reading(site, ctx)
        if r is not None:
            _emit(site, r, ctx)
    ctx.hits.sort(key=lambda h: h.start)
    _attach_periods(text, ctx.hits, ctx.periods)
    return ctx.hits, ctx.scopes

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
