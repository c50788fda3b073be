"""``regc diff``: whether two compilations of one unit pass on the same company profiles, asked of the
evaluator's program (both units encoded from their compiled plans, :class:`regc.verify.plan_logic.PlanEncoding`).

Criteria are matched by id, then by verbatim-text similarity; a matched pair reads the same facts (stated or not,
met, applies, event date); an item of a matched criterion with the same metric (or the same position), dimension
and period as an item of its match reads the same quantity ("assumed the same quantity" when the names differ).
Two units differ when a profile (with an assessment date) makes one PASS and the other not; verdicts are
four-valued, so the other may be FAIL, UNKNOWN or NOT_APPLICABLE (a rule not yet in force, say).  The profile
shown states every fact when such a separating profile exists.

>>> from regc.ir.models import Unit, CriterionNode as N
>>> a = Unit(unit_id="X-1/SC", root=N(criterion_id="ROOT", evaluation_logic="OR",
...          sub_criteria=[N(criterion_id="1", verbatim_text="a"), N(criterion_id="2", verbatim_text="b")]))
>>> b = a.model_copy(deep=True); b.root.evaluation_logic = "AND"
>>> eq = equivalence(a, b); eq.equivalent, eq.verdict_a, eq.verdict_b
(False, 'PASS', 'FAIL')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

import z3

from regc.ir.models import Unit
from regc.verify.findings import LogicInputError, domain, duplicate_ids, unit_plan
from regc.verify.plan_logic import NAMES, PASS, PlanEncoding
from regc.verify.quantities import quantity_classes, quantity_names
from regc.verify.witness import item_labels, profile


@dataclass
class Equivalence:
    equivalent: bool
    profile: Optional[dict] = None  # a profile passing one and not the other
    verdict_a: Optional[str] = None  # PASS / FAIL / UNKNOWN / NOT_APPLICABLE under that profile
    verdict_b: Optional[str] = None
    differing: list[tuple[str, str]] = field(default_factory=list)  # (id in A or "", id in B or "")
    seconds: float = 0.0
    # (id in A, id in B, metric in A, metric in B): items of matched criteria with different metric names that
    # were taken as one quantity (same position or name, dimension and period)
    assumed_same: list[tuple[str, str, str, str]] = field(default_factory=list)


def match_criteria(a: Unit, b: Unit, threshold: float = 0.8) -> dict[str, str]:
    """Criterion ids of ``b`` -> ids of ``a``: by id first, then by verbatim-text similarity (difflib)."""
    import difflib

    ia = {n.criterion_id: n for n in a.root.walk()}
    ib = {n.criterion_id: n for n in b.root.walk()}
    m = {x: x for x in ib if x in ia}
    ra = [x for x in ia if x not in m.values()]
    rb = [x for x in ib if x not in m]
    cands = []
    for y in rb:
        for x in ra:
            r = difflib.SequenceMatcher(None, ib[y].verbatim_text, ia[x].verbatim_text).ratio()
            if r >= threshold:
                cands.append((-r, y, x))
    used: set[str] = set()
    for _, y, x in sorted(cands):
        if y in m or x in used:
            continue
        m[y] = x
        used.add(x)
    return m


def _same_inputs(ea: PlanEncoding, eb: PlanEncoding, pairs: list[tuple[int, int]], labels: dict,
                 assumed: list) -> list:
    """Matched criteria read the same facts; items with one metric (or position), dimension and period read
    one quantity."""
    eqs = [ea.as_of == eb.as_of, ea.has_as_of == eb.has_as_of]
    for ia, ib in pairs:
        eqs += [ea.has[ia] == eb.has[ib], ea.met[ia] == eb.met[ib]]
        if ia in ea.off and ib in eb.off:
            eqs.append(ea.off[ia] == eb.off[ib])
        if ia in ea.date and ib in eb.date:
            eqs.append(ea.date[ia] == eb.date[ib])
        qa, qb = ea.nodes[ia]["q"], eb.nodes[ib]["q"]
        for j, it in enumerate(qb):
            for k, ot in enumerate(qa):
                if (ot[5], ot[6]) == (it[5], it[6]) and (ot[0] == it[0] or j == k):
                    eqs.append(eb.x[(ib, j)] == ea.x[(ia, k)])
                    if ot[0] != it[0]:
                        assumed.append((ea.nodes[ia]["cid"], eb.nodes[ib]["cid"], labels["a"][(ia, k)][0],
                                        labels["b"][(ib, j)][0]))
                    break
    return eqs


def equivalence(a: Unit, b: Unit) -> Equivalence:
    """Whether two compilations of one unit pass on the same profiles; if not, a profile that passes one and
    not the other and the matched criteria whose own passing differs (the lowest ones)."""
    t0 = time.perf_counter()
    for u in (a, b):
        dup = duplicate_ids(u)
        if dup:
            raise LogicInputError(f"{u.unit_id}: criterion id(s) {', '.join(dup)} occur more than once")
    pa, pb = unit_plan(a), unit_plan(b)
    qa, qb = quantity_classes(pa, a.part), quantity_classes(pb, b.part)
    ea = PlanEncoding(pa, "A:", part=a.part, quantity=quantity_names(qa))
    eb = PlanEncoding(pb, "B:", part=b.part, quantity=quantity_names(qb))
    idx_a = {ea.nodes[i]["cid"]: i for i in ea.ids}
    idx_b = {eb.nodes[i]["cid"]: i for i in eb.ids}
    mb = {y: x for y, x in match_criteria(a, b).items() if y in idx_b and x in idx_a}
    labels = {"a": item_labels(a, pa), "b": item_labels(b, pb)}
    assumed: list[tuple[str, str, str, str]] = []
    s = z3.SimpleSolver()
    s.add(*ea.constraints, *eb.constraints, *domain(ea), *domain(eb))
    s.add(*_same_inputs(ea, eb, [(idx_a[x], idx_b[y]) for y, x in sorted(mb.items())], labels, assumed))
    ra, rb = dict(pa["roots"])[a.part], dict(pb["roots"])[b.part]
    differ = (ea.V[ra] == PASS) != (eb.V[rb] == PASS)
    if s.check(differ) == z3.unsat:
        return Equivalence(True, seconds=time.perf_counter() - t0, assumed_same=assumed)
    m = s.model()
    complete = [ea.has[i] for i in ea.ids] + [eb.has[i] for i in eb.ids]
    if s.check(differ, *complete) == z3.sat:  # prefer a profile stating every fact (FAIL over UNKNOWN)
        m = s.model()
    prof = _merge(profile(m, ea, qa, labels["a"]), profile(m, eb, qb, labels["b"], prefix="B:"),
                  {"B:" + y for y, x in mb.items()})
    va, vb = (NAMES[str(m.eval(e.V[r], model_completion=True))] for e, r in ((ea, ra), (eb, rb)))
    differing = []
    for y, x in sorted(mb.items()):
        if idx_a[x] != ra and s.check((ea.V[idx_a[x]] == PASS) != (eb.V[idx_b[y]] == PASS)) == z3.sat:
            differing.append((x, y))
    diff_a = {idx_a[x] for x, _ in differing}
    # keep the lowest: an ancestor differs because a descendant does
    differing = [(x, y) for x, y in differing if not any(d != idx_a[x] and _under(ea, idx_a[x], d) for d in diff_a)]
    differing += [(x, "") for x in idx_a if x not in mb.values()]
    differing += [("", y) for y in idx_b if y not in mb]
    return Equivalence(False, prof, va, vb, differing, time.perf_counter() - t0, assumed_same=assumed)


def _under(enc: PlanEncoding, anc: int, i: int) -> bool:
    while enc.nodes[i]["parent"] is not None:
        i = enc.nodes[i]["parent"]
        if i == anc:
            return True
    return False


def _merge(pa: dict, pb: dict, matched_b: set[str]) -> dict:
    """A's profile plus what only B reads (criteria only in B, quantities of B read by no item of A)."""
    out = {k: dict(v) for k, v in pa.items()}
    for sec, vals in pb.items():
        for k, v in vals.items():
            if k in matched_b or k.split(" (in B:")[0] in out.get(sec, {}) or (sec == "dates" and k == "assessment"):
                continue
            out.setdefault(sec, {})[k] = v
    return out
