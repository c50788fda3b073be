"""The concrete pre-pass of ``regc check`` (:mod:`regc.verify.concrete`) is the encoding's own program: on every
profile it tries, each node's verdict equals the one Z3 gives for the same inputs (every unit of the gold and of
the compiled corpus acts).  A profile it finds proves a criterion can pass / is live, so the pre-pass may only
save solver calls, never change a finding."""

from __future__ import annotations

from fractions import Fraction

import z3

from regc.ir.models import ActSource, Activity, CriterionNode, Unit, load_activity
from regc.runtime.evaluator import compile_plan
from regc.verify.concrete import live, passable, profiles
from regc.verify.findings import DOMAIN_START, UnitModel, check_unit_logic
from regc.verify.plan_logic import NAMES, days
from tests.test_units_corpus import load_plans

LO = days(DOMAIN_START)


def _z3_verdicts(um: UnitModel, p: dict) -> dict[int, str]:
    enc = um.enc
    eqs = [enc.as_of == p["as_of"]]
    for i in um.ids:
        eqs += [enc.has[i] == p["has"][i], enc.met[i] == p["met"][i]]
        if i in enc.off:
            eqs.append(enc.off[i] == p["off"][i])
        if i in enc.date:
            eqs.append(enc.date[i] == p["date"][i])
        for j in range(len(um.nodes[i]["q"])):
            eqs.append(enc.x[(i, j)] == z3.RealVal(p["x"][um.concrete().xvar[(i, j)]], um.ctx))
    assert um.s.check(*eqs) == z3.sat
    m = um.s.model()
    return {i: NAMES[str(m.eval(enc.V[i], model_completion=True))] for i in um.ids}


def _units(plans: list[dict]):
    for plan in plans:
        for part, _root in plan["roots"]:
            yield plan, part


class _U:  # the two attributes UnitModel reads from a Unit
    def __init__(self, part: str, unit: Unit):
        self.part, self.root = part, unit.root


def test_concrete_verdicts_equal_z3_on_every_unit(gold_dir, corpus_builds):
    plans = [compile_plan(load_activity(f)) for f in sorted(gold_dir.glob("*.json"))]
    plans += [p for build in corpus_builds.values() for p in load_plans(build)][::7]
    units = {}
    for f in sorted(gold_dir.glob("*.json")):
        for u in load_activity(f).units:
            units[(u.activity_id, u.part)] = u
    compared = 0
    for plan, part in _units(plans):
        unit = units.get((plan["activity"], part)) or Unit(unit_id=f"{plan['activity']}/{part}",
                                                           root=CriterionNode(criterion_id="ROOT"))
        um = UnitModel(plan, _U(part, unit))  # labels are not needed here
        cu = um.concrete()
        assert cu is not None
        for k, p in enumerate(profiles(cu, LO, 2, complete=bool(compared % 2), seed=compared)):
            assert cu.verdicts(p) == _z3_verdicts(um, p), (plan["activity"], part, k)
            compared += 1
    assert compared > 400


def _act(root: CriterionNode) -> Activity:
    return Activity(activity_id="X-1", name="x", source=ActSource(celex="c", format="eurlex-xhtml"),
                    units=[Unit(unit_id="X-1/SC", root=root)])


def test_prepass_proves_only_what_holds():
    """A criterion under an unmeetable N_OF_K is never proved passable, its children (dead: forcing them never
    flips the unit) never proved live; Z3 still reports it (``tests/test_z3.py`` has a DEAD_CRITERION found
    past the pre-pass)."""
    leaf = [CriterionNode(criterion_id=c) for c in ("1(a)", "1(b)")]
    never = CriterionNode(criterion_id="1", evaluation_logic="N_OF_K", n_required=3, sub_criteria=leaf)
    act = _act(CriterionNode(criterion_id="ROOT", evaluation_logic="OR", sub_criteria=[
        never, CriterionNode(criterion_id="2")]))
    plan = compile_plan(act)
    um = UnitModel(plan, act.units[0])
    by_cid = {um.cid[i]: i for i in um.ids}
    shown = passable(um.concrete(), LO, list(by_cid.values()))
    assert by_cid["1(a)"] in shown and by_cid["1"] not in shown and by_cid["2"] in shown
    assert live(um.concrete(), LO, [by_cid["1(a)"], by_cid["1(b)"], by_cid["2"]]) == {by_cid["2"]}
    rep = check_unit_logic(act.units[0], plan=plan)
    codes = {(f.code, f.criterion_id) for f in rep.findings}
    assert ("NEVER_SATISFIABLE", "1") in codes and ("DEAD_CRITERION", "1(a)") not in codes


def test_shared_quantities_keep_one_value():
    """Items of two criteria over one quantity read one value in a profile (as one Z3 variable)."""
    from regc.ir.models import QuantItem, QuantitativeThreshold, Threshold

    def q(op: str, v: float) -> Threshold:
        return Threshold(quantitative=QuantitativeThreshold(items=[QuantItem(metric="GHG emissions", operator=op,
                                                                             value=v, unit="g CO2e/kWh")]))
    act = _act(CriterionNode(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[
        CriterionNode(criterion_id="1", threshold=q("<", 100)), CriterionNode(criterion_id="2", threshold=q(">", 50))]))
    plan = compile_plan(act)
    um = UnitModel(plan, act.units[0])
    cu = um.concrete()
    assert len({cu.xvar[k] for k in cu.xvar}) == 1
    for p in profiles(cu, LO, 6, complete=True):
        assert cu.verdicts(p) == _z3_verdicts(um, p)
        assert all(isinstance(v, Fraction) for v in p["x"].values())


def test_aimed_profiles_stay_in_the_domain():
    """A deadline before the earliest plausible date and a negative threshold cannot be met by any profile the
    checks consider: the pre-pass does not claim them (Z3 reports them never satisfiable)."""
    from regc.ir.models import QuantItem, QuantitativeThreshold, TemporalItem, TemporalThreshold, Threshold

    early = Threshold(temporal=TemporalThreshold(items=[TemporalItem(type="deadline", date="2019-06-30")]))
    negative = Threshold(quantitative=QuantitativeThreshold(items=[QuantItem(metric="net emissions", operator="<=",
                                                                             value=-5, unit="t CO2e")]))
    act = _act(CriterionNode(criterion_id="ROOT", evaluation_logic="OR", sub_criteria=[
        CriterionNode(criterion_id="1", threshold=early), CriterionNode(criterion_id="2", threshold=negative),
        CriterionNode(criterion_id="3")]))
    plan = compile_plan(act)
    um = UnitModel(plan, act.units[0])
    by_cid = {um.cid[i]: i for i in um.ids}
    shown = passable(um.concrete(), LO, list(by_cid.values()))
    assert by_cid["3"] in shown and by_cid["1"] not in shown and by_cid["2"] not in shown
    codes = {(f.code, f.criterion_id) for f in check_unit_logic(act.units[0], plan=plan).findings}
    assert {("NEVER_SATISFIABLE", "1"), ("NEVER_SATISFIABLE", "2")} <= codes
