"""Pass `thresholds` (stage 2): every numeric limit and date of each criterion, from its own text.

For every node of the unit the decision function :func:`regc.grammar.thresholds.decide` reads the node's
``verbatim_text`` (with the parent's text as chapeau context, "values not exceeding: (i) 5 …") and the pass sets
``threshold`` (``None`` when nothing), records provenance, and registers the threshold in
``ctx.memory.thresholds["<unit_id>#<criterion_id>"]``.  Category is NOT set here (the classification pass derives
it from the thresholds).  Scope numbers ("plants with thermal input greater than 1 MW") are not thresholds; they
are kept in ``ctx.memory.activity["scope_conditions"]`` for the classification pass.

``verify`` checks grounding (every value and date part must be in the node's text), completeness (every number
is claimed by a threshold, scope condition, citation, label or date) and that no threshold sits on a text with
no number.  On a repair attempt the guidance picks another strategy: ungrounded items -> ``drop_ungrounded``;
unclaimed numbers -> ``wide`` (wider operator capture).  Each node's threshold is the verdict of the
``thresholds`` decision (:mod:`regc.decisions.thresholds`, asked through :func:`regc.decisions.decide`): with
``ctx.options.decider`` set, a model may replace the rule's threshold and is recorded as its model.

>>> from regc.ir.models import CriterionNode, Unit
>>> u = Unit(unit_id="CCM-4.5/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
...     CriterionNode(criterion_id="P1", verbatim_text="the power density of the facility is above 5 W/m2;")]))
>>> u = run(u, None)
>>> u.root.sub_criteria[0].threshold.quantitative.items[0].unit
'W/m2'
"""

from __future__ import annotations

import re
from typing import Optional

from regc.grammar.prefilter import prefilter_namespace
from regc.decisions import THRESHOLDS
from regc.passes.memo import decide as decide_verdict, regime_switches
from regc.grammar.thresholds import (MONTHS, ThresholdDecision, anchored_limit_chapeau, decide_shared,
                                     numbers_in_text, parse_number)
from regc.ir.models import ANCHORED_ID, CriterionNode, Diagnostic, Threshold, Unit
from regc.passes.context import PassContext

NAME = "thresholds"

# diagnostic codes
UNGROUNDED = "THR_UNGROUNDED"
UNCLAIMED = "THR_UNCLAIMED_NUMBER"
NO_NUMBER = "THR_NO_NUMBER_IN_TEXT"
LIST_REGIME = "THR_LIST_REGIME_SWITCH"  # "two of the following until 2025 and all of the following after 2025"
SUCCESSIVE = "THR_SUCCESSIVE_REGIMES"  # one node's limits change at dates the IR's items cannot carry
# spec §7 classes the rule reads and an output (a model's, a hand edit) may miss
CHAPEAU_OP = "THR_CHAPEAU_OPERATOR"  # TH1: an item under "do not exceed the following values:" printed with "="
RATE_BASE = "THR_RATE_TIME_BASE"  # TH2: "kWh per p.e. per annum" emitted without its time base
WORD_NUMBER = "THR_WORD_NUMBER"  # TH3: "a minimum of five years" not read
DATED_SCOPE = "THR_DATED_SCOPE"  # TM1/TM2: "built before D" / a list regime's date not on the node
EXCLUSION_OP = "THR_EXCLUSION_COMPLEMENT"  # ST3: "plants more … than 100 … are not compliant" not read as <= 100
LIMIT_NOT_READ = "THR_LIMIT_NOT_READ"  # "the aircraft with zero … emissions", "class of IE3 or higher" not read
# rules whose limit has no digit of its own before a unit (a word, a code-glued rank, an apposition) or no printed
# operator (a composition, "to 100 % hydrogen"): an output without the limit lost it (issue 11, validation11/12)
_UNPRINTED_LIMIT_RULES = ("quantity:zero-subject", "quantity:class-rank", "quantity:named-bound",
                          "quantity:composition")
# a printed value whose operator the rule infers (a list chapeau's, a retention period's minimum): a value the output
# lacks altogether is not read ("for vinyl chloride: [0,268 tCO2e/t", "retained for 5 years"; spec §6/§7)
_IMPLIED_OPERATOR_RULES = ("quantity:chapeau-operator", "quantity:retention")


# words that state a recurrence without a number ("annually", "on an annual basis")
_RECURRENCE_WORD = re.compile(r"\b(?:annually|yearly|monthly|every|each|on\ an?\ (?:annual|yearly|monthly)\ basis)\b",
                              re.I)


def _strategy(ctx) -> str:
    if ctx is None or getattr(ctx, "attempt", 0) == 0:
        return "default"
    codes = {d.code for d in (ctx.guidance or [])}
    if UNGROUNDED in codes or NO_NUMBER in codes:
        return "drop_ungrounded"
    if UNCLAIMED in codes:
        return "wide"
    return "default"


def node_footnotes(node: CriterionNode, ctx) -> tuple[str, ...]:
    """Texts of the footnotes whose markers the node's block printed (a footnote may fix a test period)."""
    bodies = getattr(getattr(ctx, "activity", None), "footnotes", None) or {}
    return tuple(bodies[m].text for m in node.provenance.markers if m in bodies)


def run(unit: Unit, ctx: Optional[PassContext]) -> Unit:
    strategy = _strategy(ctx)
    scope_reg: dict[str, list[dict]] = {}
    owner = {id(c): n for n, _ in unit.root.walk_with_parent() for c in n.sub_criteria}
    for node, parent in unit.root.walk_with_parent():
        key = f"{unit.unit_id}#{node.criterion_id}"
        if not node.verbatim_text:
            node.set_field("threshold", None, pass_name=NAME, rule="no-text")
            if ctx is not None:
                ctx.memory.thresholds[key] = None
            continue
        fns = node_footnotes(node, ctx)
        x = THRESHOLDS.Inputs(node.verbatim_text, _chapeau_text(parent, owner), strategy, fns)
        v = decide_verdict(THRESHOLDS, x, ctx, about=node.criterion_id)
        d, model = v.value, v.model
        if strategy == "drop_ungrounded":
            d.threshold = _drop_ungrounded(node.verbatim_text, d.threshold)
        rule = "grammar:" + (",".join(d.rules) if d.rules else "none") + ("" if strategy == "default" else
                                                                        f";strategy={strategy}")
        node.set_field("threshold", d.threshold, pass_name=NAME, rule=rule,
                       model=model, confidence=d.confidence)
        if ctx is not None:
            ctx.memory.thresholds[key] = d.threshold
        for msg in regime_notes(node.verbatim_text, d):
            if msg not in node.provenance.review:
                node.provenance.review.append(msg)
        if d.scope_conditions:
            scope_reg[key] = [{"text": node.verbatim_text[h.start:h.end], "operator": h.item.operator,
                               "value": h.item.value, "unit": h.item.unit, "rule": h.rule}
                              for h in d.scope_conditions]
    if ctx is not None and scope_reg:
        ctx.memory.activity.setdefault("scope_conditions", {}).update(scope_reg)
    return unit


def _chapeau_text(parent: Optional[CriterionNode], owner: dict) -> Optional[str]:
    """The text an item's limits read their chapeau in: the parent's, or, under an anchored Methodology list of a
    limit's values (through regime leads such as "until 31 December 2024:"), what the anchor criterion states for
    that limit ("… not higher than the … targets" -> "… not higher than the following values:"; spec §6/§7 TH1)."""
    if parent is None:
        return None
    chain, n = [], parent
    while n is not None and len(chain) < 4:
        chain.append(n)
        if ANCHORED_ID.search(n.criterion_id) and n.criterion_id.endswith(".Methodology"):
            up = owner.get(id(n))
            if up is not None:
                return anchored_limit_chapeau([c.verbatim_text for c in chain] + [up.verbatim_text]) or \
                    parent.verbatim_text
            break
        n = owner.get(id(n))
    return parent.verbatim_text


def regime_notes(text: str, d: ThresholdDecision) -> list[str]:
    """Human-review notes for dates that switch regimes inside one node (they are not put on the node).

    >>> regime_notes("complies with two of the following criteria until 2025 and with all of the following "
    ...              "criteria after 2025:", decide_shared("x"))[0][:61]
    'list logic changes at a date (two until 2025; all after 2025)'
    """
    notes = []
    sw = regime_switches(text)
    if sw:
        notes.append(f"list logic changes at a date ({'; '.join(f'{q} {p}' for q, p in sw)}): the node's "
                     f"evaluation_logic follows the last, open-ended regime ({sw[-1][0]} {sw[-1][1]}); "
                     f"each regime's effective date is on the node (temporal OR)")
    if d.regimes:
        notes.append(f"successive regimes in one node ({'; '.join(d.regimes)}): each limit's metric names its "
                     f"regime; each regime's date is on the node (temporal OR)")
    return notes


def _drop_ungrounded(text: str, thr: Optional[Threshold]) -> Optional[Threshold]:
    """Repair strategy: keep only the items whose value (and dates) the text shows."""
    if thr is None:
        return None
    thr = thr.model_copy(deep=True)
    nums = numbers_in_text(text)
    if thr.quantitative is not None:
        thr.quantitative.items = [i for i in thr.quantitative.items if round(float(i.value), 6) in nums]
        if not thr.quantitative.items:
            thr.quantitative = None
        elif len(thr.quantitative.items) == 1:
            thr.quantitative.logic = None
    if thr.temporal is not None:
        thr.temporal.items = [i for i in thr.temporal.items
                              if all(_grounded_date(x, text) for x in (i.date, i.start, i.end) if x)]
        if not thr.temporal.items:
            thr.temporal = None
        elif len(thr.temporal.items) == 1:
            thr.temporal.logic = None
    return None if thr.is_empty() else thr


# ---------------------------------------------------------------------------------------------------------------
# verify


def _grounded_date(date: str, text: str) -> bool:
    """Is the ISO date one the text states, allowing the spec §6 shifts (after D -> D+1, before D -> D-1, bare
    years -> 1 January / 31 December, month-years -> first / last day)?

    >>> _grounded_date("2024-07-01", "after 30 June 2024"), _grounded_date("2030-11-30", "by 31 December 2030")
    (True, False)
    """
    import datetime as dt

    from dateutil.relativedelta import relativedelta

    d = dt.date.fromisoformat(date)
    one = dt.timedelta(days=1)
    allowed: set[dt.date] = set()
    mon = "|".join(MONTHS)
    for m in re.finditer(rf"\b(\d{{1,2}}) ({mon}) ((?:19|20)\d\d)\b", text):
        x = dt.date(int(m.group(3)), MONTHS.index(m.group(2)) + 1, int(m.group(1)))
        allowed |= {x - one, x, x + one}
    for m in re.finditer(rf"(?<!\d )\b({mon}) ((?:19|20)\d\d)\b", text):
        first = dt.date(int(m.group(2)), MONTHS.index(m.group(1)) + 1, 1)
        last = first + relativedelta(months=1, days=-1)
        allowed |= {first - one, first, last, last + one}
    for m in re.finditer(r"(?<![\d/])((?:19|20)\d\d)(?![\d/])", text):
        y = int(m.group(1))
        allowed |= {dt.date(y, 1, 1), dt.date(y, 12, 31), dt.date(y + 1, 1, 1), dt.date(y - 1, 12, 31)}
    return d in allowed


def verify_node(unit_id: str, node: CriterionNode, thr: Optional[Threshold],
                footnotes: tuple[str, ...] = ()) -> list[Diagnostic]:
    """Grounding of one node's threshold in its text (periods may also come from the node's own footnotes)."""
    diags: list[Diagnostic] = []
    text = node.verbatim_text or ""
    if thr is None or thr.is_empty():
        return diags
    nums = numbers_in_text(text)
    if not nums and not _RECURRENCE_WORD.search(text):
        diags.append(Diagnostic(severity="critical", code=NO_NUMBER, kind="Semantic", unit_id=unit_id,
                                criterion_id=node.criterion_id, pass_name=NAME,
                                message=f"{node.criterion_id}: threshold set on a text with no number"))
        return diags
    if thr.quantitative:
        for it in thr.quantitative.items:
            if round(float(it.value), 6) not in nums:
                diags.append(Diagnostic(severity="error", code=UNGROUNDED, kind="Semantic", unit_id=unit_id,
                                        criterion_id=node.criterion_id, pass_name=NAME,
                                        message=f"{node.criterion_id}: value {it.value} {it.unit} not found in "
                                                f"the text"))
            if it.period is not None and getattr(it.period, "value", None) is not None:
                pv = round(float(it.period.value), 6)
                if pv not in nums and pv not in numbers_in_text(" ".join(footnotes)) and not re.search(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|"
                                                    r"twenty|thirty|fifty)\b", text, re.I) and not (
                        pv == 1 and re.search(r"\bannual\s+average\b", text, re.I)):
                    diags.append(Diagnostic(severity="error", code=UNGROUNDED, kind="Semantic", unit_id=unit_id,
                                            criterion_id=node.criterion_id, pass_name=NAME,
                                            message=f"{node.criterion_id}: period {it.period.value} not in text"))
    if thr.temporal:
        for it in thr.temporal.items:
            dates = [x for x in (it.date, it.start, it.end) if x]
            bad = [x for x in dates if not _grounded_date(x, text)]
            if it.type == "recurring" and it.interval_value not in nums and not _RECURRENCE_WORD.search(text):
                bad.append(f"every {it.interval_value} {it.interval_unit}")
            for x in bad:
                diags.append(Diagnostic(severity="error", code=UNGROUNDED, kind="Semantic", unit_id=unit_id,
                                        criterion_id=node.criterion_id, pass_name=NAME,
                                        message=f"{node.criterion_id}: temporal {it.type} {x} not grounded in "
                                                f"the text"))
    return diags


def _class_diag(unit_id: str, node: CriterionNode, code: str, message: str) -> Diagnostic:
    return Diagnostic(severity="error", code=code, kind="Semantic", unit_id=unit_id, criterion_id=node.criterion_id,
                      pass_name=NAME, message=f"{node.criterion_id}: {message}")


def d_text(node: CriterionNode, h) -> str:
    """The words of the node's text a limit was read from."""
    return (node.verbatim_text or "")[h.start:h.end]


def verify_classes(unit_id: str, node: CriterionNode, d: ThresholdDecision) -> list[Diagnostic]:
    """The spec §7 threshold classes, checked on the node's output against what the rule reads in the same text
    (TH1 chapeau operator, TH2 a rate's time base, TH3 spelled-out numbers, TM1/TM2 dated scopes and list regimes):
    an output that lost one of them (a model's answer, a hand edit) is an error, which the ODR repair re-derives.

    >>> n = CriterionNode(criterion_id="1", verbatim_text="The agreement covers a minimum of five years.")
    >>> [x.code for x in verify_classes("X/SC", n, decide_shared(n.verbatim_text))]
    ['THR_WORD_NUMBER']
    """
    thr = node.threshold
    items = thr.quantitative.items if thr is not None and thr.quantitative is not None else []
    dates = [i.to_json() for i in thr.temporal.items] if thr is not None and thr.temporal is not None else []
    out: list[Diagnostic] = []
    for h in d.quantities:
        same = [i for i in items if round(float(i.value), 6) == round(float(h.item.value), 6)]
        if h.rule == "quantity:chapeau-operator" and any(i.operator != h.item.operator for i in same):
            out.append(_class_diag(unit_id, node, CHAPEAU_OP, f"value {h.item.value}: operator "
                                   f"{same[0].operator!r}, but the chapeau states {h.item.operator!r} (spec §7)"))
        if h.item.unit.endswith("/year") and any(not i.unit.endswith("/year") for i in same):
            out.append(_class_diag(unit_id, node, RATE_BASE, f"value {h.item.value}: unit {same[0].unit!r} drops "
                                   f"the rate's time base ({h.item.unit!r}, spec §7)"))
        if h.rule == "quantity:exclusion-complement" and (not same or any(i.operator != h.item.operator
                                                                           for i in same)):
            out.append(_class_diag(unit_id, node, EXCLUSION_OP, f"value {h.item.value} {h.item.unit}: an exclusion's "
                                   f"number is the limit the compliant thing respects ({h.item.operator}, spec §7)"))
        if (h.rule in _UNPRINTED_LIMIT_RULES or h.rule in _IMPLIED_OPERATOR_RULES and not same) and not any(
                i.operator == h.item.operator for i in same):
            out.append(_class_diag(unit_id, node, LIMIT_NOT_READ, f"'{d_text(node, h)}' ({h.item.operator} "
                                   f"{h.item.value}) is not read (spec §6/§7)"))
        if h.number_text.isalpha() and not same and h.rule not in _UNPRINTED_LIMIT_RULES:
            out.append(_class_diag(unit_id, node, WORD_NUMBER, f"'{h.number_text} {h.item.unit}' "
                                   f"({h.item.operator} {h.item.value}) is not read (spec §7)"))
    for t in d.temporals:
        if t.rule in ("temporal:dated-scope", "temporal:list-regime") and t.item.to_json() not in dates:
            out.append(_class_diag(unit_id, node, DATED_SCOPE, f"{t.item.type} {t.item.date} "
                                   f"({t.rule.split(':')[1]}) is not on the node (spec §7)"))
    if "temporal:successive-regimes" in d.rules:  # TM2 in one node: every regime's bound, OR-joined
        lost = [t for t in d.temporals if t.item.type.startswith("effective_") and t.item.to_json() not in dates]
        if lost or (dates and thr.temporal.logic != "OR"):
            out.append(_class_diag(unit_id, node, DATED_SCOPE, "successive regimes of its limits: "
                                   + (f"{', '.join(f'{t.item.type} {t.item.date}' for t in lost)} not on the node"
                                      if lost else "temporal logic is not OR (the regimes partition time)")
                                   + " (spec §6 Dates, §7 TM2)"))
    return out


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    owner = {id(c): n for n, _ in unit.root.walk_with_parent() for c in n.sub_criteria}
    for node, parent in unit.root.walk_with_parent():
        fns = node_footnotes(node, ctx)
        diags.extend(verify_node(unit.unit_id, node, node.threshold, fns))
        if not node.verbatim_text:
            continue
        # what the rule reads, only read here: the shared decision, not an editable copy (~40 µs a node)
        d = decide_shared(node.verbatim_text, _chapeau_text(parent, owner), footnotes=fns)
        diags.extend(verify_classes(unit.unit_id, node, d))
        for msg in regime_notes(node.verbatim_text, d):
            diags.append(Diagnostic(severity="warning", code=LIST_REGIME if msg.startswith("list") else SUCCESSIVE,
                                    kind="Consistency", unit_id=unit.unit_id, criterion_id=node.criterion_id,
                                    pass_name=NAME, message=f"{node.criterion_id}: {msg}"))
        used = set()
        if node.threshold is not None and node.threshold.quantitative is not None:
            used = {round(float(i.value), 6) for i in node.threshold.quantitative.items}
        loose = [c for c in d.unclaimed if round(float(parse_number(c.text)), 6) not in used]
        if loose:  # one finding per node, naming every unclaimed number
            listed = ", ".join(f"{c.text!r} at {c.start}" for c in loose)
            diags.append(Diagnostic(severity="warning", code=UNCLAIMED, kind="Completeness", unit_id=unit.unit_id,
                                    criterion_id=node.criterion_id, pass_name=NAME,
                                    message=f"{node.criterion_id}: number(s) {listed} not claimed by a threshold, "
                                            f"scope condition, citation, label or date"))
    return diags


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
