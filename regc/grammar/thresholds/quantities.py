"""Quantities: every numeric limit of a text (and its scope conditions)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from lark import UnexpectedInput

from regc.grammar.thresholds.claims import _covered
from regc.grammar.thresholds.metric import _coordinated_metric, _duration_metric, _metric, _subject, _subject_metric
from regc.grammar.thresholds.parsers import parse_number
from regc.grammar.thresholds.patterns import (
    _FINITE_VERB,
    _NUMWORD,
    _REDUCTION_LEFT,
    _REFERENCE_LEFT,
    _SCOPE_ENTITY,
    _TARGET_AFTER,
    _VERBAL_OP,
    NUMBER_RE,
    PERIOD_RE,
)
from regc.grammar.thresholds.phrase import _find_operator, _negated, _window_start, _word_end, parse_phrase
from regc.grammar.thresholds.results import Claim, QuantHit, Strategy
from regc.grammar.thresholds.scope import _scope
from regc.grammar.thresholds.text import _clean, _sentence_end, _sentence_start
from regc.grammar.thresholds.units import parse_unit
from regc.ir.models import BoundedPeriod, LifetimePeriod, QuantItem


@dataclass
class _Ctx:
    text: str
    claims: list[Claim]
    parent_op: Optional[str]
    strategy: Strategy
    hits: list[QuantHit] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


def _attach_periods(text: str, hits: list[QuantHit], periods: list[tuple[int, int, object]]) -> None:
    for ps, pe, period in periods:
        before = [h for h in hits if h.end <= ps and not re.search(r"[;]|\.\s", text[h.end:ps])]
        target = before[-1] if before else None
        if len(before) > 1 and re.search(r",\s*$", text[:ps]) and before[0].item.unit == "%" \
                and re.match(r"\s*of\s", text[before[0].end:]):
            # "more than 67 % of new capacity is below 100 g CO2e/kWh …, over a rolling five-year period": a period
            # set off by a comma closes the whole clause and qualifies its head value, the share, not the value
            # that defines which part of the whole is counted
            target = before[0]
        if target is None:
            after = [h for h in hits if h.start >= pe and not re.search(r"[;]|\.\s", text[pe:h.start])]
            target = after[0] if after else None
        if target is not None and target.item.period is None:
            target.item.period = period
    # "> 70 % in 7 days (> 80 % when adapted inoculum is used)": a bracketed variant of the same measurement
    # shares the period of the value it qualifies
    for prev, h in zip(hits, hits[1:]):
        if h.item.period is None and prev.item.period is not None and h.item.unit == prev.item.unit and \
                re.fullmatch(r"[^;.()]{0,40}\(\s*", text[prev.end:h.start]):
            h.item.period = prev.item.period


def find_quantities(text: str, claims: list[Claim], parent_op: Optional[str] = None,
                    strategy: Strategy = "default", parent_metric: str = "", parent_subject: str = "",
                    limit_op: Optional[str] = None) -> tuple[list[QuantHit], list[QuantHit]]:
    """All numeric limits in ``text`` (and the scope conditions, separately)."""
    ctx = _Ctx(text, claims, parent_op, strategy)
    scopes: list[QuantHit] = []
    periods: list[tuple[int, int, object]] = []
    for m in PERIOD_RE.finditer(text):
        if _covered(claims, m.start(), m.end()):
            continue
        if m.group("life"):
            periods.append((m.start(), m.end(), LifetimePeriod()))
        elif m.group("n2") and m.group("u2") and not m.group("u2").lower().startswith("hour"):
            u = m.group("u2").lower().rstrip("s") + "s"
            periods.append((m.start(), m.end(), BoundedPeriod(value=parse_number(m.group("n2")), unit=u)))
        elif m.group("n") and m.group("u"):
            u = m.group("u").lower().rstrip("s") + "s"
            periods.append((m.start(), m.end(), BoundedPeriod(value=parse_number(m.group("n")), unit=u)))
        else:
            continue
        claims.append(Claim(m.start(), m.end(), "period", m.group(0)))

    # "starts within a three year period": a relative duration -> <= n years (spec §6)
    for m in re.finditer(rf"\bwithin\s+(?:a\s+|the\s+)?(?:period\s+of\s+)?(?P<n>\d+|{_NUMWORD})[- ]?(?P<u>year|month|day)s?"
                         r"(?:\s+period)?\b", text, re.I):
        if _covered(claims, m.start(), m.end()) or re.search(rf"\b{_SCOPE_ENTITY}\s+$", text[:m.start()], re.I):
            continue  # "for existing installations within 4 years": left to the scope rules
        item = QuantItem(metric=_duration_metric(text, m.start(), m.end()) or _metric(text, m.start(), "", None, False)
                         or "Duration", operator="<=",
                         value=parse_number(m.group("n")), unit=m.group("u").lower() + "s")
        ctx.hits.append(QuantHit(item, m.start(), m.end(), m.group("n"), "quantity:within-duration",
                                 value_start=m.start("n")))
        claims.append(Claim(m.start(), m.end(), "threshold", m.group(0)))

    # "as an annual average": the limit holds over one year
    for m in re.finditer(r"\b(?:as|on)\s+an?\s+annual\s+average(?:\s+basis)?\b", text, re.I):
        if not _covered(claims, m.start(), m.end()):
            periods.append((m.start(), m.end(), BoundedPeriod(value=1, unit="years")))
            claims.append(Claim(m.start(), m.end(), "period", m.group(0)))

    # "zero" as a predicate: "are zero" -> = 0
    for m in re.finditer(r"\b(?:is|are|be|being|equals?|equal to|amounts? to)\s+zero\b(?!\s*[-‑]?(?:emission|direct))"
                         r"|\b(?:have|has|having)\s+zero(?=\s+(?:direct\s+)?(?:\(tailpipe\)\s+|tailpipe\s+)?"
                         r"(?:CO2\s+|GHG\s+|greenhouse gas\s+)?emissions?\b)", text, re.I):
        zs = m.end() - 4
        up = parse_unit(text[m.end():])
        unit = up.unit if up and up.unit not in ("", "%") else ""
        metric = _metric(text, m.start(), "", None, False)
        if m.group(0).lower().startswith(("have", "has")):
            np_ = re.match(r"\s*([^;,.]*?\bemissions?)\b", text[m.end():])
            metric = (np_.group(1).strip()[:1].upper() + np_.group(1).strip()[1:]) if np_ else metric
            unit = ""
        item = QuantItem(metric=metric, operator="=", value=0, unit=unit)
        h = QuantHit(item, m.start(), m.end(), "zero", "quantity:zero", value_start=zs)
        ctx.hits.append(h)
        claims.append(Claim(m.start(), m.end(), "threshold", m.group(0)))

    nums = list(NUMBER_RE.finditer(text))
    for idx, m in enumerate(nums):
        s, e = m.start(), m.end()
        if _covered(claims, s, e):
            continue
        num_text = m.group(0)
        after = text[e:]
        unit = parse_unit(after)
        if re.match(r"\s*(?:million|billion|thousand)\b", after, re.I):
            continue  # "100 million inhabitants": a magnitude word, left to the completeness check
        if unit is None and after[:1].isalpha():
            claims.append(Claim(s, e, "word", num_text))  # "1A", "3rd": part of a word
            continue
        uend = e + _word_end(after, unit.n_words) if unit is not None else e
        unit_text = unit.unit if unit else ""
        # range "between 75 kW and 200 kW"
        wide = strategy == "wide"
        wstart = _window_start(text, s, ctx.hits, claims, cap=220 if wide else 110)
        pre = text[wstart:s]
        rng = re.search(r"\bbetween\s+$", pre, re.I)
        if rng:
            m2 = re.match(r"\s*(?:and|to|-|–)\s*(" + NUMBER_RE.pattern + r")", text[uend:])
            if m2:
                s2, e2 = uend + m2.start(1), uend + m2.end(1)
                unit2 = parse_unit(text[e2:])
                u = unit2.unit if unit2 else unit_text
                scope = _scope(text, wstart, wstart + rng.start())
                end2 = e2 + (_word_end(text[e2:], unit2.n_words) if unit2 else 0)
                metric = _metric(text, wstart + rng.start(), "", unit, False)
                lo = QuantHit(QuantItem(metric=metric, operator=">=", value=parse_number(num_text), unit=u or unit_text),
                              wstart + rng.start(), end2, num_text, "quantity:range", scope, s)
                hi = QuantHit(QuantItem(metric=metric, operator="<=", value=parse_number(m2.group(1)), unit=u or unit_text),
                              wstart + rng.start(), end2, m2.group(1), "quantity:range", scope, s2)
                (scopes if scope else ctx.hits).extend([lo, hi])
                claims.append(Claim(wstart + rng.start(), end2, "scope" if scope else "threshold", text[wstart + rng.start():end2]))
                continue
        to_m = re.match(r"\s*(?:to|-|–)\s*(" + NUMBER_RE.pattern + r")", text[uend:])
        if to_m and re.search(r"\bfrom\s+$", pre, re.I):
            rng = re.search(r"\bfrom\s+$", pre, re.I)  # "from 50 to 100 MW": a range like "between"
            m2 = to_m
            s2, e2 = uend + m2.start(1), uend + m2.end(1)
            unit2 = parse_unit(text[e2:])
            u = unit2.unit if unit2 else unit_text
            end2 = e2 + (_word_end(text[e2:], unit2.n_words) if unit2 else 0)
            scope = _scope(text, wstart, wstart + rng.start())
            metric = _metric(text, wstart + rng.start(), "", unit, False)
            pair = [QuantHit(QuantItem(metric=metric, operator=">=", value=parse_number(num_text), unit=u),
                             wstart + rng.start(), end2, num_text, "quantity:range", scope, s),
                    QuantHit(QuantItem(metric=metric, operator="<=", value=parse_number(m2.group(1)), unit=u),
                             wstart + rng.start(), end2, m2.group(1), "quantity:range", scope, s2)]
            (scopes if scope else ctx.hits).extend(pair)
            claims.append(Claim(wstart + rng.start(), end2, "scope" if scope else "threshold", text[wstart + rng.start():end2]))
            continue
        if to_m and not re.search(r"\bbetween\s+$", pre, re.I):
            s2, e2 = uend + to_m.start(1), uend + to_m.end(1)
            unit2 = parse_unit(text[e2:])
            end2 = e2 + (_word_end(text[e2:], unit2.n_words) if unit2 else 0)
            claims.append(Claim(s, end2, "reference", text[s:end2]))  # "10 to 30 years climate projections"
            continue
        op = _find_operator(text, wstart, s, claims, max_filler=12 if wide else 6)
        if op is not None and op[0] == "EQ" and text[op[1]:op[2]] == "=" and parent_op:
            op = None  # "hot metal = 1,331 tCO2e/t": a value in a list whose chapeau states the operator
        right = text[uend:uend + 40]
        rel = re.match(r"\s*(?:lower than|less than|below|smaller than|better than)\b", right, re.I)
        ormore = re.match(r"\s*or\s+(?:more|higher|greater|above)\b", right, re.I)
        orless = re.match(r"\s*or\s+(?:less|lower|below)\b", right, re.I)
        rule = "quantity:operator"
        op_text = None
        neg = None
        if op is not None:
            kind, os_, oe, filler = op
            op_text = text[os_:oe]
            neg = _negated(text, wstart, os_)
            start = neg.start() + max(wstart, os_ - 60) if neg else os_
            span = f"{'not ' if neg else ''}{op_text} {filler} {num_text} ⟦{unit_text}⟧"
            if rel and unit_text == "%":
                span += " lower than"
        else:
            kind, filler, start = None, "", s
            if ormore:
                span = f"{num_text} ⟦{unit_text}⟧ or more"
            elif orless:
                span = f"{num_text} ⟦{unit_text}⟧ or less"
            elif rel and unit_text == "%":
                span = f"{num_text} ⟦{unit_text}⟧ lower than"
            else:
                span = f"{num_text} ⟦{unit_text}⟧"
        try:
            operator, value, unit_norm = parse_phrase(span)
        except UnexpectedInput:
            ctx.rules.append(f"unparsed:{span}")
            continue
        if ormore or orless:
            operator = ">=" if ormore else "<="
            rule = "quantity:or-more"
        end = uend + (ormore or orless).end() if (ormore or orless) else uend
        if rel and unit_text == "%":
            end = uend + rel.end()
        prev = next((h for h in reversed(ctx.hits) if h.item.unit == unit_norm), None)
        if operator is None:
            # no operator of its own: chapeau operator, coordination, reduction context, or nothing
            lead = text[wstart:s]
            if parent_op and not ctx.hits and not text[:s].strip(" (—–-").replace("the", "").strip():
                operator, rule = parent_op, "quantity:chapeau-operator"
            elif parent_op and not ctx.hits and (len(text[:s].split()) <= 3 or (
                    text[:s].rstrip().endswith(":") and not _FINITE_VERB.search(text[:s]))):
                operator, rule = parent_op, "quantity:chapeau-operator"
            elif _REFERENCE_LEFT.search(lead):
                claims.append(Claim(s, uend, "reference", text[s:uend]))
                continue
            elif unit_norm == "%" and _TARGET_AFTER.match(text[uend:]):
                operator, rule = ">=", "quantity:target"  # "35 % and 10 % targets for recycled feedstock"
            elif limit_op and " | " in text and re.search(r"\|\s*$", text[:s]) and re.fullmatch(r"\s*(?:\|.*)?", text[uend:]):
                operator, rule = limit_op, "quantity:table-limit"  # a table's limit column: "… | 0,0050 % w/w"
            elif prev is not None and prev.item.unit == unit_norm and not re.search(r"\d", lead) and (
                    re.match(r"^\W*(?:and|or|,)\s", lead + " ") or (
                    re.search(r"(?:\band|\bor|,)\s*$", lead) and not _FINITE_VERB.search(lead)
                    and len(lead.split()) <= 10)):
                operator, rule = prev.item.operator, "quantity:coordinated"
            elif _REDUCTION_LEFT.search(text[max(0, s - 80):s]) and unit_norm == "%":
                operator, rule = ">=", "quantity:reduction"
            elif unit_norm == "%" and re.match(r"\s*(?:reduction|decrease|cut|saving)s?\s+(?:in\s+[^,;.]{1,60}?\s+)?"
                                               r"(?:compared|relative|in\s+comparison|below|against)\b",
                                               text[uend:uend + 100], re.I):
                operator, rule = ">=", "quantity:reduction-noun"  # "aim at a 30 % reduction compared to X"
            elif re.search(r"\btolerances?\b(?:\s+(?:level|of|margin))?\s*(?:±|\+/-|plus\s+or\s+minus)\s*$",
                           text[max(0, s - 40):s], re.I):
                operator, rule = "<=", "quantity:tolerance"  # "tolerance level ± 25 %": deviation at most 25 %
            elif unit_norm == "%" and _TARGET_AFTER.match(text[uend:]):
                operator, rule = ">=", "quantity:target"  # "35 % and 10 % targets for recycled feedstock"
            else:
                continue  # a number with a unit but no limit: left for the completeness check
        elif rel and unit_text == "%":
            rule = "quantity:relative-reduction"
        if unit is None and op is None and rule not in ("quantity:chapeau-operator", "quantity:coordinated"):
            continue
        if unit is None and op is not None and op[0] == "EQ":
            continue  # "is 5" without a unit is too weak to be a limit
        scope = op is not None and _scope(text, wstart, op[1], op_text or "") or (
            (ormore or orless) is not None and _scope(text, wstart, s))
        if not scope and op is not None and re.search(r"\b(?:that|which)\s+(?:is|are)\s+$", text[max(0, op[1] - 20):op[1]]) \
                and re.search(r"\b(?:is|are)\s+(?:not\s+)?(?:compliant|eligible|excluded|covered|allowed|permitted)\b",
                              text[uend:_sentence_end(text, uend)]):
            scope = True  # "… a plant that is more GHG intensive than 100 g CO2e/kWh … is not compliant": which plants
        if not scope and op is not None and re.fullmatch(r"[<>≤≥]=?", op_text or "") and \
                re.search(r"%\s+of\s+[\w-]+\s*$", text[max(0, op[1] - 40):op[1]]):
            scope = True  # "removing at least 75 % of microplastics > 5 μm": which microplastics
        if not scope and op is not None and re.fullmatch(r"[<>≤≥]=?", (op_text or "").strip()) and \
                not _FINITE_VERB.search(text[_sentence_start(text, op[1]):op[1]]) and \
                not re.search(r"\bof\s*$", text[:op[1]]) and \
                re.match(r"\s*(?:do|does|are|is|shall|must|have|has|contain|may|will)\b", text[end:]):
            scope, rule = True, "scope:subject-size"  # "Plastic parts > 25 g do not contain …": which parts
        if not scope and op is not None and text[op[1]:op[2]] == "=" and \
                re.search(r"\bwith\s+[A-Z][\w/]*\s*$", text[max(0, op[1] - 30):op[1]]):
            scope = True  # "after a leaching test with L/S = 10 l/kg": a test condition, not a limit
        if not scope and scopes and op is not None and \
                re.fullmatch(r"\s*(?:and|or|but)\s*", text[scopes[-1].end:start]):
            scope = True  # "greater than 5,7 t and less than or equal to 60 t": the same scope band
        prev_end = max((h.end for h in ctx.hits if h.end <= s), default=None)
        metric = _metric(text, op[1] if op else s, filler, unit, False, text[uend:uend + 160], prev_end)
        if metric == "Value" and op is not None and re.search(r"\blimits?\s+(?:at|to)\s*$", text[max(0, op[1] - 12):op[2]]):
            tail = re.match(r"\s*(?:the\s+)?(.{3,120}?)(?=\s+(?:after|based\s+on|with|in\s+accordance|according)\b|[,;.]|$)",
                            text[uend:])
            if tail:  # "limit at 6 % the Total Organic Carbon (TOC) maximum concentration in …": the metric follows
                metric = _clean(tail.group(1))[:1].upper() + _clean(tail.group(1))[1:]
        if rule == "quantity:table-limit":
            cells = [c.strip() for c in text.split(" | ")]
            subj2 = _subject(cells[1], 0, len(cells[1]))[0] if len(cells) > 2 else ""
            what = subj2 if subj2 and len(subj2.split()) <= 8 else cells[0]
            metric = f"Concentration of {what[:1].lower()}{what[1:]}"
        elif operator == "=" and op is not None and _VERBAL_OP.match(op_text or "") and \
                re.search(r"\blimits?\b", text[_sentence_start(text, start):start], re.I):
            # "The individual concentration limits for PAHs … is 1 mg/kg": a limit value is a maximum
            operator, rule = limit_op or "<=", "quantity:limit-value"
            metric = re.sub(r"\s*\blimits?\b(?:\s+(?:value|values))?\s*(?:for|of)?\s+", " of ", metric, count=1)
        metric = re.sub(r"\b(concentration|emission|content)\s+limits?\s+(?:value\s+)?(?:for|of)\s+", r"\1 of ", metric,
                        flags=re.I)  # "concentration limit for the 18 listed PAHs" -> the concentration measured
        if rule == "quantity:target":
            tm = _TARGET_AFTER.match(text[uend:])
            prev_t = next((h for h in reversed(ctx.hits) if h.rule == "quantity:target"), None)
            metric = (f"Share of {_clean(tm.group('what'))}" if tm.group("what") else
                      prev_t.item.metric if prev_t is not None else "Target share")
        elif rule == "quantity:coordinated" and prev is not None and \
                re.fullmatch(r"[\W]*(?:and|or)?[\W]*", text[wstart:s]):
            metric = _coordinated_metric(prev.item.metric, text[uend:uend + 160]) or metric  # "… and 70 % for X"
        elif ctx.hits and (metric == "Value" or re.match(r"(?:In|Of|By|At|For|And|Or|With)\b", metric)):
            metric = _coordinated_metric(ctx.hits[-1].item.metric, text[uend:uend + 160]) or metric
        elif parent_subject and (metric == "Value" or metric.startswith("For ")):
            metric = _subject_metric(parent_subject, text, s, unit, text[uend:uend + 160])
        if rule == "quantity:relative-reduction" and not re.search(r"\b(?:reduc|sav|lower|decreas|improv)", metric, re.I):
            ref = re.match(r"\s*(?:lower than|less than|below|smaller than|better than)\s+((?:the\s+)?[^,;.]{3,80}?)"
                           r"(?=\s+(?:defined|calculated|set|as|in\s+accordance|for|of\s+\d|which|that)\b|[,;.]|$)",
                           text[uend:uend + 160], re.I)
            metric = f"Reduction of {metric[:1].lower()}{metric[1:]}" + (f" below {ref.group(1)}" if ref else "")
        if rule == "quantity:reduction-noun":
            tail = re.match(r"\s*([^,;.]{3,90})", text[uend:])
            metric = _clean(tail.group(1))[:1].upper() + _clean(tail.group(1))[1:] if tail else metric
        if rule == "quantity:chapeau-operator" and parent_metric:
            lead = re.sub(r"[:\s]+$", "", text[:s]).strip()
            metric = parent_metric + (f" {lead}" if lead and not re.match(r"^[(\[]?$", lead) else "")
            if unit is not None and unit.product and unit.product.lower() not in metric.lower():
                metric += f" of {unit.product}"
        item = QuantItem(metric=metric, operator=operator, value=value, unit=unit_norm)
        hit = QuantHit(item, start, end, num_text, rule, scope, s)
        if scope:
            scopes.append(hit)
            claims.append(Claim(start, end, "scope", text[start:end]))
        else:
            ctx.hits.append(hit)
            claims.append(Claim(start, end, "threshold", text[start:end]))
    ctx.hits.sort(key=lambda h: h.start)
    _attach_periods(text, ctx.hits, periods)
    return ctx.hits, scopes
