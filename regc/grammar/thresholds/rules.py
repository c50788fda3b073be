"""The numeric-limit rules of the threshold finder, each named after the provenance id it emits, in order.

Three kinds, each an ordered tuple the walk in :mod:`~regc.grammar.thresholds.quantities` runs in order:

* :data:`TEXT_RULES` ``(text, claims, ctx) -> list[QuantHit]`` scan the whole text before the numbers are walked
  (periods, relative durations, "zero");
* :data:`SPAN_RULES` ``(site, ctx) -> bool`` take a number together with its neighbour ("between 75 kW and 200 kW";
  "10 to 30 years" is a reference, not a limit); True = the number is decided;
* :data:`READING_RULES` ``(site, reading, ctx) -> Reading | SKIP | None`` give a number its operator: the phrase
  rules rewrite the grammar's reading ("10 MW or more", "% lower than"), the implicit-operator rules give a bare
  number one (chapeau, coordination, reduction context, ...); the first that answers wins; ``SKIP`` = no limit.

:data:`RULES` lists every rule that emits a provenance id (``rule.rule_id``), in the order they are tried; each
has a fixture file ``tests/fixtures/thresholds/rules/<name>.json``.

>>> [r.rule_id for r in RULES][:4]
['period:over', 'quantity:within-duration', 'period:annual-average', 'quantity:zero']
>>> from regc.grammar.thresholds import decide
>>> [h.rule for h in decide("a rated output of 50 kW or more").quantities]
['quantity:or-more']
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Optional

from regc.grammar.thresholds.claims import _covered
from regc.grammar.thresholds.patterns_limits import (
    _ANNUAL_AFTER, _CHANGE_BY_BEFORE, _CLASS_RANK, _COMPOSITION_AFTER, _COMPOSITION_BEFORE, _LIST_VALUE_OF,
    _NAMED_BOUND_BEFORE, _NEGATED_DEDICATION_OBJECT, _NUMBER_IN_LEAD, _RETENTION_BEFORE, _ZERO_SUBJECT)
from regc.grammar.thresholds.metric import _duration_metric, _metric
from regc.grammar.thresholds.parsers import parse_number
from regc.grammar.thresholds.patterns import (
    _AND_NUMBER,
    _ANNUAL_AVERAGE,
    _AVERAGED_REFERENCE,
    _BETWEEN_BEFORE,
    _CELLS_AFTER,
    _COMPARATIVE,
    _CONJUNCTION_ONLY,
    _ELIGIBILITY_PREDICATE,
    _EMISSIONS_AFTER,
    _ENDS_WITH_CONJUNCTION,
    _ENTITY_BEFORE,
    _EXCLUSION_PREDICATE,
    _FINITE_VERB,
    _FROM_BEFORE,
    _LEADS_WITH_CONJUNCTION,
    _LIMIT_WORD,
    _OR_LESS_AFTER,
    _OR_MORE_AFTER,
    _REDUCTION_LEFT,
    _REDUCTION_NOUN_AFTER,
    _REFERENCE_LEFT,
    _REL_AFTER,
    _RELATIVE_COPULA_BEFORE,
    _RELATIVE_PRONOUN_BEFORE,
    _SHARE_OF_NOUN_BEFORE,
    _SUBJECT_VERB_AFTER,
    _TARGET_AFTER,
    _TEST_CONDITION_BEFORE,
    _TO_NUMBER,
    _TOLERANCE_BEFORE,
    _VERBAL_OP,
    _WITHIN,
    _ZERO,
    PERIOD_RE,
)
from regc.grammar.thresholds.phrase import _word_end
from regc.grammar.thresholds.results import Claim, QuantHit
from regc.grammar.thresholds.scope import _scope
from regc.grammar.thresholds.site import NumberSite, QuantCtx, Reading
from regc.grammar.thresholds.text import _ws_back, prefix_ends_with_char, prefix_ends_with_word, words_before
from regc.grammar.thresholds.units import parse_unit, unit_window
from regc.ir.models import BoundedPeriod, LifetimePeriod, QuantItem
from regc.grammar.prefilter import prefilter_namespace

SKIP = "skip"  # a reading rule's verdict: the number states no limit (nothing later may read it)


def rule(rule_id: str) -> Callable:
    """Name a rule after the provenance id it emits."""
    def mark(fn: Callable) -> Callable:
        fn.rule_id = rule_id
        return fn
    return mark


# ---------------------------------------------------------------------------------------------------------------
# text rules


def _period_unit(u: str) -> str:
    return u.lower().rstrip("s") + "s"


@rule("period:over")
def period_over(text: str, claims: list[Claim], ctx: QuantCtx) -> list[QuantHit]:
    """"over 20 years", "over the lifetime", "> 70 % in 7 days": a period; attached to a limit later (not one
    that averages a reference: "compared to own baseline performance averaged over three years")."""
    for m in PERIOD_RE.finditer(text):
        if _covered(claims, m.start(), m.end()):
            continue
        if _AVERAGED_REFERENCE.search(text, max(0, m.start() - 80), m.start()) and m.group(0).lower().startswith("aver"):
            # "by 20 % compared to own baseline performance averaged over three years": the period averages the
            # reference, not the limited quantity
            claims.append(Claim(m.start(), m.end(), "reference", m.group(0)))
            continue
        if m.group("life"):
            period = LifetimePeriod()
        elif m.group("n2") and m.group("u2") and not m.group("u2").lower().startswith("hour"):
            period = BoundedPeriod(value=parse_number(m.group("n2")), unit=_period_unit(m.group("u2")))
        elif m.group("n") and m.group("u"):
            period = BoundedPeriod(value=parse_number(m.group("n")), unit=_period_unit(m.group("u")))
        else:
            continue
        ctx.periods.append((m.start(), m.end(), period, period_over.rule_id))
        claims.append(Claim(m.start(), m.end(), "period", m.group(0)))
    return []


def _entity_before(text: str, pos: int) -> bool:
    """``re.search(rf"\\b{_SCOPE_ENTITY}\\s+$", text[:pos], re.I)`` looking back from ``pos`` only."""
    q = _ws_back(text, pos)
    return q < pos and bool(_ENTITY_BEFORE.search(text, max(0, q - 60), pos))


@rule("quantity:within-duration")
def within_duration(text: str, claims: list[Claim], ctx: QuantCtx) -> list[QuantHit]:
    """"starts within a three year period": a relative duration -> <= n years (spec §6)."""
    out = []
    for m in _WITHIN.finditer(text):
        if _covered(claims, m.start(), m.end()) or _entity_before(text, m.start()):
            continue  # "for existing installations within 4 years": left to the scope rules
        item = QuantItem(metric=_duration_metric(text, m.start(), m.end()) or _metric(text, m.start(), "", None, False)
                         or "Duration", operator="<=",
                         value=parse_number(m.group("n")), unit=m.group("u").lower() + "s")
        hit = QuantHit(item, m.start(), m.end(), m.group("n"), within_duration.rule_id, value_start=m.start("n"))
        ctx.add_hit(hit)
        out.append(hit)
        claims.append(Claim(m.start(), m.end(), "threshold", m.group(0)))
    return out


@rule("period:annual-average")
def annual_average(text: str, claims: list[Claim], ctx: QuantCtx) -> list[QuantHit]:
    """"as an annual average": the limit holds over one year."""
    for m in _ANNUAL_AVERAGE.finditer(text):
        if not _covered(claims, m.start(), m.end()):
            ctx.periods.append((m.start(), m.end(), BoundedPeriod(value=1, unit="years"), annual_average.rule_id))
            claims.append(Claim(m.start(), m.end(), "period", m.group(0)))
    return []


@rule("quantity:zero")
def zero(text: str, claims: list[Claim], ctx: QuantCtx) -> list[QuantHit]:
    """"zero" as a predicate: "are zero" -> = 0; "have zero direct emissions" -> emissions = 0."""
    out = []
    for m in _ZERO.finditer(text):
        zs = m.end() - 4
        up = parse_unit(unit_window(text, m.end()))
        unit = up.unit if up and up.unit not in ("", "%") else ""
        metric = _metric(text, m.start(), "", None, False)
        if m.group(0).lower().startswith(("have", "has")):
            np_ = _EMISSIONS_AFTER.match(text, m.end())
            metric = (np_.group(1).strip()[:1].upper() + np_.group(1).strip()[1:]) if np_ else metric
            unit = ""
        hit = QuantHit(QuantItem(metric=metric, operator="=", value=0, unit=unit), m.start(), m.end(), "zero",
                       zero.rule_id, value_start=zs)
        ctx.add_hit(hit)
        out.append(hit)
        claims.append(Claim(m.start(), m.end(), "threshold", m.group(0)))
    return out


@rule("quantity:zero-subject")
def zero_subject(text: str, claims: list[Claim], ctx: QuantCtx) -> list[QuantHit]:
    """"the aircraft with zero direct (tailpipe) CO2 emissions": the item's subject, a thing the activity makes,
    leases or uses, has zero emissions -> emissions of the subject = 0, unit "" (spec §6 zero); a "with zero" deeper
    in the sentence ("infrastructure dedicated to the operation of vehicles with zero …") describes other things."""
    m = _ZERO_SUBJECT.match(text)
    if m is None or _covered(claims, m.start("subject"), m.end()):
        return []
    np_ = _EMISSIONS_AFTER.match(text, m.end())
    what = np_.group(1).strip() if np_ else "emissions"
    item = QuantItem(metric=f"{what[:1].upper()}{what[1:]} of {m.group('subject').strip()}", operator="=", value=0,
                     unit="")
    hit = QuantHit(item, m.start("subject"), m.end(), "zero", zero_subject.rule_id, value_start=m.end() - 4)
    ctx.add_hit(hit)
    claims.append(Claim(m.end() - 4, m.end(), "threshold", "zero"))
    return [hit]


@rule("quantity:class-rank")
def class_rank(text: str, claims: list[Claim], ctx: QuantCtx) -> list[QuantHit]:
    """"an efficiency class of IE3 or higher" -> class >= 3; "an efficiency class IE5" -> = 5; "Technology Readiness
    of Level 9" -> = 9: an ordinal class or level ranks by its number, unit "" (spec §6 dimensionless)."""
    out = []
    for m in _CLASS_RANK.finditer(text):
        noun = re.sub(r"\s+of$", "", " ".join(m.group("noun").split()), flags=re.I)
        code = m.group("code")
        what = f"{noun} {code.lower()}" if code.lower() == "level" else f"{noun} ({code})"
        item = QuantItem(metric=f"{what[:1].upper()}{what[1:]}",
                         operator=">=" if m.group("up") else "=", value=parse_number(m.group("n")), unit="")
        hit = QuantHit(item, m.start(), m.end(), m.group("n"), class_rank.rule_id, value_start=m.start("n"))
        ctx.add_hit(hit)
        out.append(hit)
        claims.append(Claim(m.start("code"), m.end(), "threshold", m.group(0)))
    return out


TEXT_RULES = (period_over, within_duration, annual_average, zero, zero_subject, class_rank)


# ---------------------------------------------------------------------------------------------------------------
# span rules: a number with its neighbour


def _second_number(text: str, m2: re.Match) -> tuple[int, int, Optional[object]]:
    s2, e2 = m2.start(1), m2.end(1)
    after = unit_window(text, e2)
    unit2 = parse_unit(after)
    end2 = e2 + (_word_end(after, unit2.n_words) if unit2 else 0)
    return s2, end2, unit2


def _emit_range(site: NumberSite, ctx: QuantCtx, rng_start: int, m2: re.Match, between: bool) -> None:
    text = ctx.text
    s2, end2, unit2 = _second_number(text, m2)
    u = unit2.unit if unit2 else site.unit_text
    if between:
        u = u or site.unit_text  # "between 2 and 5 times …": an empty second unit takes the first's
    scope = _scope(text, site.wstart, rng_start)
    metric = _metric(text, rng_start, "", site.unit, False)
    lo = QuantHit(QuantItem(metric=metric, operator=">=", value=parse_number(site.num_text), unit=u),
                  rng_start, end2, site.num_text, range_.rule_id, scope, site.s)
    hi = QuantHit(QuantItem(metric=metric, operator="<=", value=parse_number(m2.group(1)), unit=u),
                  rng_start, end2, m2.group(1), range_.rule_id, scope, s2)
    for h in (lo, hi):
        ctx.scopes.append(h) if scope else ctx.add_hit(h)
    ctx.claims.append(Claim(rng_start, end2, "scope" if scope else "threshold", text[rng_start:end2]))


@rule("quantity:range")
def range_(site: NumberSite, ctx: QuantCtx) -> bool:
    """"between 75 kW and 200 kW", "from 50 to 100 MW": a lower and an upper bound."""
    text, pre = ctx.text, ctx.text[site.wstart:site.s]
    rng = _BETWEEN_BEFORE.search(pre)
    if rng:
        m2 = _AND_NUMBER.match(text, site.uend)
        if m2:
            _emit_range(site, ctx, site.wstart + rng.start(), m2, True)
            return True
    rng = _FROM_BEFORE.search(pre)
    to_m = _TO_NUMBER.match(text, site.uend)
    if to_m and rng:
        _emit_range(site, ctx, site.wstart + rng.start(), to_m, False)
        return True
    return False


def reference_range(site: NumberSite, ctx: QuantCtx) -> bool:
    """Guard: "10 to 30 years climate projections": a range that is no limit (a reference)."""
    text = ctx.text
    to_m = _TO_NUMBER.match(text, site.uend)
    if to_m and not _BETWEEN_BEFORE.search(text[site.wstart:site.s]):
        _, end2, _ = _second_number(text, to_m)
        ctx.claims.append(Claim(site.s, end2, "reference", text[site.s:end2]))
        return True
    return False


SPAN_RULES = (range_, reference_range)


# ---------------------------------------------------------------------------------------------------------------
# reading rules: the operator of one number


@rule("quantity:operator")
def operator(site: NumberSite, ctx: QuantCtx) -> Optional[Reading]:
    """The grammar's reading of the number: the latest operator phrase of its window ("do not exceed an average
    of 550 kg CO2e/kW" -> <= 550), or none; the canonical span is parsed with ``threshold.lark``."""
    from lark import UnexpectedInput

    from regc.grammar.thresholds.phrase import _find_operator, _negated, parse_phrase

    text, s, unit_text = ctx.text, site.s, site.unit_text
    num_text = str(parse_number(site.num_text)) if site.num_text.isalpha() else site.num_text  # "five" -> 5
    op = _find_operator(text, site.wstart, s, ctx.claims, max_filler=12 if ctx.strategy == "wide" else 6)
    if op is not None and op[0] == "EQ" and text[op[1]:op[2]] == "=" and ctx.parent_op:
        op = None  # "hot metal = 1,331 tCO2e/t": a value in a list whose chapeau states the operator
    right = text[site.uend:site.uend + 40]
    rel, ormore, orless = _REL_AFTER.match(right), _OR_MORE_AFTER.match(right), _OR_LESS_AFTER.match(right)
    rel = rel if rel and unit_text == "%" else None
    op_text, filler, start = None, "", s
    if op is not None:
        _, os_, oe, filler = op
        op_text = text[os_:oe]
        neg = _negated(text, site.wstart, os_)
        start = neg.start() + max(site.wstart, os_ - 60) if neg else os_
        span = f"{'not ' if neg else ''}{op_text} {filler} {num_text} ⟦{unit_text}⟧" + (" lower than" if rel else "")
    elif ormore or orless:
        span = f"{num_text} ⟦{unit_text}⟧ or {'more' if ormore else 'less'}"
    else:
        span = f"{num_text} ⟦{unit_text}⟧" + (" lower than" if rel else "")
    try:
        op_sym, value, unit_norm = parse_phrase(span)
    except UnexpectedInput:
        ctx.rules.append(f"unparsed:{span}")
        return None
    end = site.uend + (ormore or orless).end() if (ormore or orless) else site.uend
    if rel:
        end = site.uend + rel.end()
    return Reading(op_sym, value, unit_norm, operator.rule_id, start, end, op, op_text, filler, rel,
                   ormore, orless, ctx.last_hit_with_unit(unit_norm))


@rule("quantity:or-more")
def or_more(site: NumberSite, r: Reading, ctx: QuantCtx) -> Optional[Reading]:
    """"10 MW or more", "3 or less": the operator follows the number."""
    if r.ormore or r.orless:
        r.operator, r.rule = (">=" if r.ormore else "<="), or_more.rule_id
    return None


@rule("quantity:relative-reduction")
def relative_reduction(site: NumberSite, r: Reading, ctx: QuantCtx) -> Optional[Reading]:
    """"at least 30 % lower than the reference": a reduction relative to a reference value."""
    if r.operator is not None and r.rel:
        r.rule = relative_reduction.rule_id
    return None


PHRASE_RULES = (or_more, relative_reduction)


_CHAPEAU_LEAD_CHARS = frozenset(" (—–-the")


@lru_cache(maxsize=256)
def _first_lead_stop(text: str) -> int:
    """Index of the first character that cannot be part of a bare item lead (" (—–-", "the", spaces)."""
    return next((i for i, ch in enumerate(text) if ch not in _CHAPEAU_LEAD_CHARS and not ch.isspace()), len(text))


def _no_words_before(text: str, s: int) -> bool:
    """Nothing but brackets, dashes and "the" before ``s`` (the first value of a list item)."""
    if s > _first_lead_stop(text):
        return False  # a character that survives the clean-up below: there are words before
    return not text[:s].strip(" (—–-").replace("the", "").strip()


@rule("quantity:chapeau-operator")
def chapeau_operator(site: NumberSite, r: Reading, ctx: QuantCtx):
    """A bare first value under a chapeau that states the operator ("… not exceeding: (a) 100 g CO2e/kWh"); an "="
    that only binds the value to the item's name gives way to it ("… do not exceed the following values …: (i) hot
    metal = 1,331 tCO2e/t product" -> <=)."""
    text, s = ctx.text, site.s - (ctx.text[site.s - 1:site.s] == "[")  # "[0,268 tCO2e/t": an editorial bracket
    if not ctx.parent_op or ctx.hits:
        return None
    if _no_words_before(text, s) or words_before(text, s, 3) <= 3 or _LIST_VALUE_OF.search(text[:s][-40:]) or (
            prefix_ends_with_char(text, s, ":=") and not _FINITE_VERB.search(text, 0, s)):
        return ctx.parent_op  # "for HVC: 0,693 …", "coke (excluding lignite coke) = 0,144 …" (spec §7 TH1)
    return None


def reference_value(site: NumberSite, r: Reading, ctx: QuantCtx):
    """Guard: "compared to a reference value of 100 g": a reference, not a limit."""
    if _REFERENCE_LEFT.search(ctx.text[site.wstart:site.s]):
        ctx.claims.append(Claim(site.s, site.uend, "reference", ctx.text[site.s:site.uend]))
        return SKIP
    return None


@rule("quantity:target")
def target(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"35 % and 10 % targets for recycled feedstock": a target share is a minimum."""
    return ">=" if r.unit_norm == "%" and _TARGET_AFTER.match(ctx.text, site.uend) else None


@rule("quantity:table-limit")
def table_limit(site: NumberSite, r: Reading, ctx: QuantCtx):
    """A table's limit column ("PAH | 1 mg/kg"), under a text that says how limits apply."""
    text, s = ctx.text, site.s
    if ctx.limit_op and " | " in text and prefix_ends_with_char(text, s, "|") and \
            _CELLS_AFTER.fullmatch(text, site.uend):
        return ctx.limit_op
    return None


@rule("quantity:coordinated")
def coordinated(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"at least 35 % for X and 10 % for Y": a value coordinated with the previous one in its unit."""
    lead, prev = ctx.text[site.wstart:site.s], r.prev
    if prev is not None and prev.item.unit == r.unit_norm and not _NUMBER_IN_LEAD.search(lead) and (
            _LEADS_WITH_CONJUNCTION.match(lead + " ") or (
            _ENDS_WITH_CONJUNCTION.search(lead) and not _FINITE_VERB.search(lead)
            and len(lead.split()) <= 10)):
        return prev.item.operator
    return None


@rule("quantity:named-bound")
def named_bound(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"a minimum share of SAF, corresponding to 15 %": the value in apposition to a minimum/maximum is its bound."""
    m = _NAMED_BOUND_BEFORE.search(ctx.text, max(0, site.s - 160), site.s)
    if m is None or not r.unit_norm or m.end() != site.s:
        return None
    return ">=" if m.group("bound").lower() == "minimum" else "<="


@rule("quantity:annual-rate")
def annual_rate(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"increased by 2 percentage points annually": a change by an amount each year is a rate, = the amount, with
    the time base in the unit (spec §7 TH2, "percentage points/year"); the recurrence word is no recurrence."""
    text = ctx.text
    if not r.unit_norm or not _CHANGE_BY_BEFORE.search(text, max(0, site.s - 40), site.s):
        return None
    if r.unit_norm.endswith("/year"):
        return "="
    after = _ANNUAL_AFTER.match(text, site.uend)
    if after is None:
        return None
    r.unit_norm, r.end = f"{r.unit_norm}/year", after.end()
    return "="


@rule("quantity:reduction")
def reduction(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"savings of 30 %", "reduced by 20 %": a reduction is a minimum."""
    return ">=" if _REDUCTION_LEFT.search(ctx.text[max(0, site.s - 80):site.s]) and r.unit_norm == "%" else None


@rule("quantity:reduction-noun")
def reduction_noun(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"aim at a 30 % reduction compared to X"."""
    if r.unit_norm == "%" and _REDUCTION_NOUN_AFTER.match(ctx.text[site.uend:site.uend + 100]):
        return ">="
    return None


@rule("quantity:tolerance")
def tolerance(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"tolerance level ± 25 %": the deviation is at most 25 %."""
    return "<=" if _TOLERANCE_BEFORE.search(ctx.text[max(0, site.s - 40):site.s]) else None


@rule("quantity:composition")
def composition(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"conversion … of natural gas networks to 100 % hydrogen", "certified to operate on 100 % blend of sustainable
    aviation fuels": a bare share right after "to"/"on" that names the composition of what the thing becomes or runs
    on is the composition the option requires: ``=`` the share (not "counted as comprising 100 % primary raw
    material": a counting convention; not "100 % of the …": a share of something)."""
    text = ctx.text
    if r.unit_norm != "%" or not _COMPOSITION_BEFORE.search(text, max(0, site.wstart - 4), site.s):
        return None
    return "=" if _COMPOSITION_AFTER.match(text, site.uend) else None


@rule("quantity:retention")
def retention(site: NumberSite, r: Reading, ctx: QuantCtx):
    """"Such documentation is retained for five years": a period a record is kept is a minimum (spec §7 TH3)."""
    kept = r.unit_norm in ("years", "months", "weeks", "days") and _RETENTION_BEFORE.search(ctx.text, 0, site.s)
    return ">=" if kept else None


# a bare number's operator: the first rule that answers gives it (SKIP: no limit); none answers: no limit
IMPLICIT_OPERATOR_RULES = (chapeau_operator, reference_value, target, table_limit, coordinated, named_bound,
                           annual_rate, reduction,
                           reduction_noun, tolerance, composition, retention)


def implicit_operator(site: NumberSite, r: Reading, ctx: QuantCtx) -> bool:
    """Give a reading without an operator of its own one from :data:`IMPLICIT_OPERATOR_RULES`; False = no limit."""
    for fn in IMPLICIT_OPERATOR_RULES:
        got = fn(site, r, ctx)
        if got == SKIP:
            return False
        if got is not None:
            r.operator, r.rule = got, fn.rule_id
            return True
    return False


# ---------------------------------------------------------------------------------------------------------------
# scope rules: is the number WHO the rule applies to?


def _in_subject(text: str, start: int, op_start: int) -> bool:
    """No main-clause finite verb between the sentence start and the operator: the number sits in the subject
    noun phrase (a relative clause's own verb, "a plant that is more … than", is allowed)."""
    seg = text[start:op_start]
    return all(_RELATIVE_PRONOUN_BEFORE.search(seg[:m.start()]) for m in _FINITE_VERB.finditer(seg))


@rule("quantity:exclusion-complement")
def exclusion_complement(site: NumberSite, r: Reading, ctx: QuantCtx) -> bool:
    """"A plant that is more GHG intensive than 100 g CO2e/kWh … is not compliant": the number separates the
    excluded things from the compliant ones, so the compliant thing must respect the complement (``<=`` 100),
    spec §7 Exclusions.  Only a comparison in the subject of an exclusion predicate ("is not compliant", "do not
    qualify") is read so; "emissions are lower than 100 …, otherwise the plant is not compliant" keeps its own.
    An inline enumeration ("IT/OT systems aimed at (i) …; (ii) … plants that are more … than 100 g …; or (iii) …;
    do not qualify.") shares the predicate that closes it.  Under a chapeau that declares its items not compliant ("The following elements are not compliant: (a) … a
    plant that is more GHG intensive than 100 g …") the item is the subject: its comparisons in the noun phrase or
    in a relative clause ("that is more … than") are read so too, and so is one in the qualifying clause of a negated
    purpose's object ("The infrastructure is not dedicated to … a plant where the emissions exceed 270 g")."""
    from regc.grammar.thresholds.lexicon import _FLIP
    from regc.grammar.thresholds.text import _enumeration_end, _sentence_start

    text, op = ctx.text, r.op
    if op is None or r.operator not in ("<", "<=", ">", ">="):
        return False
    in_subject = _in_subject(text, _sentence_start(text, op[1]), op[1])
    # the predicate closes the sentence, also across an inline enumeration ("X aimed at (i) …; (ii) … plants that are
    # more … than 100 g …; or (iii) …; do not qualify.")
    own = _EXCLUSION_PREDICATE.search(text[site.e:_enumeration_end(text, site.e)]) and in_subject
    under_chapeau = ctx.parent_excludes and (
        in_subject or _RELATIVE_COPULA_BEFORE.search(text[max(0, op[1] - 20):op[1]]))
    excluded_use = _NEGATED_DEDICATION_OBJECT.search(text[_sentence_start(text, op[1]):op[1]])
    if not (own or under_chapeau or excluded_use):
        return False
    r.operator, r.rule = _FLIP[r.operator], exclusion_complement.rule_id
    return True


def restated_exclusion(r: Reading, ctx: QuantCtx) -> bool:
    """An exclusion's limit printed again in the same text ("… more GHG intensive than 100 g CO2e/kWh …. That
    exclusion only applies to equipment … connecting a plant that is more GHG intensive than 100 g CO2e/kWh") is
    the same limit: one item (part of :func:`exclusion_complement`)."""
    if r.rule != exclusion_complement.rule_id:
        return False
    return any(h.rule == exclusion_complement.rule_id and (h.item.operator, h.item.value, h.item.unit) ==
               (r.operator, r.value, r.unit_norm) for h in ctx.hits)


@rule("scope:subject-size")
def subject_size(site: NumberSite, r: Reading, ctx: QuantCtx) -> bool:
    """"Plastic parts > 25 g do not contain …": a size that says which parts (a scope condition)."""
    from regc.grammar.thresholds.text import _sentence_start

    text, op = ctx.text, r.op
    if op is not None and _COMPARATIVE.fullmatch((r.op_text or "").strip()) and \
            not _FINITE_VERB.search(text[_sentence_start(text, op[1]):op[1]]) and \
            not prefix_ends_with_word(text, op[1], "of") and _SUBJECT_VERB_AFTER.match(text, r.end):
        r.rule = subject_size.rule_id
        return True
    return False


def is_scope(site: NumberSite, r: Reading, ctx: QuantCtx) -> bool:
    """Does the number say which instances the rule is about (a scope condition), not a limit?"""
    from regc.grammar.thresholds.text import _sentence_end

    text, op, wstart = ctx.text, r.op, site.wstart
    if exclusion_complement(site, r, ctx):
        return False  # an exclusion's number is the limit the compliant thing respects
    if op is not None and _scope(text, wstart, op[1], r.op_text or "") or (
            (r.ormore or r.orless) is not None and _scope(text, wstart, site.s)):
        return True
    if op is None:
        return False
    if _RELATIVE_COPULA_BEFORE.search(text[max(0, op[1] - 20):op[1]]) and \
            _ELIGIBILITY_PREDICATE.search(text[site.uend:_sentence_end(text, site.uend)]):
        return True  # "… a plant that is more GHG intensive than 100 g CO2e/kWh … is not compliant": which plants
    if _COMPARATIVE.fullmatch(r.op_text or "") and _SHARE_OF_NOUN_BEFORE.search(text[max(0, op[1] - 40):op[1]]):
        return True  # "removing at least 75 % of microplastics > 5 μm": which microplastics
    if subject_size(site, r, ctx):
        return True
    if text[op[1]:op[2]] == "=" and _TEST_CONDITION_BEFORE.search(text[max(0, op[1] - 30):op[1]]):
        return True  # "after a leaching test with L/S = 10 l/kg": a test condition, not a limit
    if ctx.scopes and _CONJUNCTION_ONLY.fullmatch(text[ctx.scopes[-1].end:r.start]):
        return True  # "greater than 5,7 t and less than or equal to 60 t": the same scope band
    return False


# ---------------------------------------------------------------------------------------------------------------
# re-readings


@rule("quantity:limit-value")
def limit_value(site: NumberSite, r: Reading, ctx: QuantCtx) -> bool:
    """"The individual concentration limits for PAHs … is 1 mg/kg": a limit value is a maximum."""
    from regc.grammar.thresholds.text import _sentence_start

    text = ctx.text
    if r.rule != table_limit.rule_id and r.operator == "=" and r.op is not None and _VERBAL_OP.match(r.op_text or "") \
            and _LIMIT_WORD.search(text[_sentence_start(text, r.start):r.start]):
        r.operator, r.rule = ctx.limit_op or "<=", limit_value.rule_id
        return True
    return False


RULES = (*TEXT_RULES, range_, operator, *PHRASE_RULES, *[r for r in IMPLICIT_OPERATOR_RULES if hasattr(r, "rule_id")],
         exclusion_complement, subject_size, limit_value)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
