"""Anchored children (``<id>.Verification``, ``<id>.Methodology.2`` ...) qualify their anchor: they are required
on top of the anchor's own list logic, never one more OR alternative and never counted by N_OF_K.  The
interpreter, the generated module and the Z3 encoding (``regc check`` / ``regc diff``) must agree."""

from __future__ import annotations

import itertools

import pytest
import z3

from regc.verify.equivalence import equivalence
from regc.verify.findings import check_unit_logic, unit_plan
from regc.verify.plan_logic import PASS as ZPASS, PlanEncoding
from regc.ir.models import (Activity, ActSource, CriterionNode, QuantItem, QuantitativeThreshold, Threshold, Unit,
                            is_anchored)
from regc.runtime.codegen import emit_python
from regc.runtime.evaluator import CompiledActivity

P, F, U, NA = "PASS", "FAIL", "UNKNOWN", "NOT_APPLICABLE"


def N(cid: str, *kids: CriterionNode, logic: str | None = None, n: int | None = None, cond: bool = False,
      tags: tuple[str, ...] = ()) -> CriterionNode:
    return CriterionNode(criterion_id=cid, verbatim_text=f"text of {cid}", sub_criteria=list(kids),
                         evaluation_logic=logic or ("AND" if kids else "LEAF"), n_required=n,
                         applicability="Conditional" if cond else "Mandatory", tags=list(tags))


def or_unit(cond_alts: bool = False) -> Unit:
    """1: OR over 1(a), 1(b), plus the anchored 1.Verification (the CCM-5.3 SC 1 shape)."""
    one = N("1", N("1(a)", cond=cond_alts), N("1(b)", cond=cond_alts), N("1.Verification", tags=("Verification",)),
            logic="OR")
    return Unit(unit_id="X-1/SC", root=N("ROOT", one, logic="AND"))


def activity(unit: Unit) -> Activity:
    return Activity(activity_id="X-1", name="crafted", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                    units=[unit])


@pytest.fixture(scope="module")
def ev():
    act = activity(or_unit())
    ns: dict = {}
    exec(compile(emit_python([act]), "<generated>", "exec"), ns)
    return CompiledActivity(act), ns["EVALUATORS"]["X-1"]


def test_is_anchored_by_id_shape():
    assert is_anchored("1", "1.Verification") and is_anchored("1(b)", "1(b).Methodology.3")
    assert is_anchored("P2", "P2.BackgroundInformation.2")
    assert not is_anchored("1", "1(a)") and not is_anchored("1(b)", "1(b).Verification(a)")
    assert not is_anchored("1", "1(b).Verification") and not is_anchored("1(b)", "1(b).Verificationx")
    assert not is_anchored("1(b)", "1(b).Unknown")


@pytest.mark.parametrize("facts, verdict", [
    ({"1(a)": True, "1.Verification": False}, F),  # a met alternative does not excuse the failed verification
    ({"1(a)": True, "1.Verification": True}, P),
    ({"1(a)": False, "1(b)": False, "1.Verification": True}, F),  # the verification alone is no alternative
    ({"1(b)": True, "1.Verification": True}, P),
    ({"1(a)": False, "1(b)": True, "1.Verification": False}, F),
])
def test_or_with_anchored_verification(ev, facts, verdict):
    ca, gen = ev
    r = ca.evaluate(facts)
    assert r["verdict"] == verdict and r["criteria"]["1"] == verdict, r
    assert gen(facts, None) == r


def test_missing_verification_is_listed(ev):
    ca, gen = ev
    r = ca.evaluate({"1(a)": True})
    assert r["verdict"] == U and r["missing"] == ["1.Verification"]
    # nothing known: the cheapest alternative AND the anchored requirement
    r0 = ca.evaluate({})
    assert r0["verdict"] == U and r0["missing"] == ["1(a)", "1.Verification"]
    # the verification is met: only an alternative is missing
    r1 = ca.evaluate({"1.Verification": True, "1(a)": False})
    assert r1["missing"] == ["1(b)"]
    for facts in ({"1(a)": True}, {}, {"1.Verification": True, "1(a)": False}):
        assert gen(facts, None) == ca.evaluate(facts)


def test_explanation_names_the_anchored_requirement(ev):
    ca, _gen = ev
    r = ca.evaluate({"1(a)": True, "1.Verification": False}, explain=True)
    one = r["explanation"]["units"][0]["root"]["children"][0]
    assert one["id"] == "1" and one["verdict"] == F
    assert "OR over sub-criteria: PASS" in one["reason"]
    assert "anchored requirements, all needed (1.Verification): FAIL" in one["reason"]
    assert [c["anchored"] for c in one["children"]] == [False, False, True]


def test_generated_equals_interpreter_on_every_profile(ev):
    ca, gen = ev
    values = [True, False, None, {"applies": False}]
    for a, b, v in itertools.product(values, repeat=3):
        facts = {k: x for k, x in (("1(a)", a), ("1(b)", b), ("1.Verification", v)) if x is not None}
        assert gen(facts, None) == ca.evaluate(facts), facts


def test_anchor_that_does_not_apply_stays_not_applicable():
    ca = CompiledActivity(activity(or_unit(cond_alts=True)))
    r = ca.evaluate({"1(a)": {"applies": False}, "1(b)": {"applies": False}, "1.Verification": True})
    assert r["criteria"]["1"] == NA
    r = ca.evaluate({"1(a)": {"applies": False}, "1(b)": True, "1.Verification": {"applies": False}})
    assert r["criteria"]["1"] == U  # a Mandatory verification cannot be waived


def test_conditional_anchored_child_not_applying_is_ignored():
    one = N("1", N("1(a)"), N("1(b)"), N("1.Methodology", cond=True, tags=("Methodology",)), logic="OR")
    ca = CompiledActivity(activity(Unit(unit_id="X-1/SC", root=N("ROOT", one, logic="AND"))))
    assert ca.evaluate({"1(a)": True, "1.Methodology": {"applies": False}})["verdict"] == P
    assert ca.evaluate({"1(a)": True, "1.Methodology": False})["verdict"] == F


def test_n_of_k_counts_labelled_children_only():
    two = N("2", N("2(a)"), N("2(b)"), N("2(c)"), N("2.Assessment", tags=("Assessment",)), logic="N_OF_K", n=2)
    act = activity(Unit(unit_id="X-1/SC", root=N("ROOT", two, logic="AND")))
    ca = CompiledActivity(act)
    ns: dict = {}
    exec(compile(emit_python([act]), "<generated>", "exec"), ns)
    cases = [({"2(a)": True, "2(b)": False, "2(c)": False, "2.Assessment": True}, F),  # 1 of 3 + anchored
             ({"2(a)": True, "2(b)": True, "2(c)": False, "2.Assessment": False}, F),
             ({"2(a)": True, "2(b)": True, "2(c)": False, "2.Assessment": True}, P),
             ({"2(a)": True, "2(b)": True}, U)]
    for facts, want in cases:
        r = ca.evaluate(facts)
        assert r["verdict"] == want, (facts, r)
        assert ns["evaluate"]("X-1", facts) == r
    assert ca.evaluate({"2(a)": True, "2(b)": True})["missing"] == ["2.Assessment"]


def test_node_with_only_anchored_children_keeps_its_own_requirement():
    # CCM-8.1 SC 1 shape: the practices are implemented (1) and that is verified (1.Verification)
    one = N("1", N("1.Verification", tags=("Verification",)))
    act = activity(Unit(unit_id="X-1/SC", root=N("ROOT", one, logic="AND")))
    ca = CompiledActivity(act)
    r = ca.evaluate({"1.Verification": True})
    assert r["verdict"] == U and r["missing"] == ["1"]
    assert ca.evaluate({"1": True, "1.Verification": True})["verdict"] == P
    assert ca.evaluate({"1": False, "1.Verification": True})["verdict"] == F
    rep = check_unit_logic(act.units[0])
    assert rep.satisfiable and rep.findings == []
    assert rep.witness["criteria"] == {"1": True, "1.Verification": True}


# ---------------------------------------------------------------------------------------------------------------
# Z3: regc check / regc diff agree with the evaluator


def _facts_from_witness(w: dict) -> dict:
    facts: dict = {cid: met for cid, met in w.get("criteria", {}).items()}
    for cid, applies in w.get("applies", {}).items():
        if not applies:
            facts[cid] = {"applies": False}
    return facts


def test_z3_requires_the_anchored_child():
    u = or_unit()
    rep = check_unit_logic(u)
    assert rep.satisfiable and rep.findings == []  # 1.Verification is not dead, nothing contradicts
    assert rep.witness["criteria"]["1.Verification"] is True
    assert CompiledActivity(activity(u)).evaluate(_facts_from_witness(rep.witness))["verdict"] == P
    plan = unit_plan(u)
    e = PlanEncoding(plan, part="SC")
    s = z3.Solver()
    s.add(e.constraints)
    V = {plan["nodes"][i]["cid"]: e.V[i] for i in e.ids}
    passes = V["ROOT"] == ZPASS
    assert s.check(passes, V["1.Verification"] != ZPASS) == z3.unsat  # no pass without the verification
    assert s.check(passes, V["1(a)"] != ZPASS, V["1(b)"] != ZPASS) == z3.unsat  # nor without an alternative


def test_z3_diff_against_verification_as_alternative_agrees_with_evaluator():
    a = or_unit()
    b = a.model_copy(deep=True)
    b.root.find("1.Verification").criterion_id = "1(c)"  # the old reading: one more alternative
    eq = equivalence(a, b)
    assert not eq.equivalent
    assert eq.verdict_a == "FAIL" and eq.verdict_b == "PASS"  # b passes on the verification alone
    facts = _facts_from_witness(eq.profile)
    facts = {("1.Verification" if k == "1(c)" else k): v for k, v in facts.items()}
    got = CompiledActivity(activity(a)).evaluate(facts)["verdict"]
    assert got == F, (eq.profile, facts)
    assert equivalence(a, a.model_copy(deep=True)).equivalent


def test_z3_and_evaluator_agree_that_an_anchored_limit_binds_every_alternative():
    def q(n: CriterionNode, op: str, v: int) -> CriterionNode:
        n.threshold = Threshold(quantitative=QuantitativeThreshold(items=[
            QuantItem(metric="GHG emissions", operator=op, value=v, unit="g CO2e/kWh")]))
        n.category = "Quantitative"
        return n

    one = N("1", q(N("1(a)"), "<", 100), q(N("1(b)"), "<", 50), q(N("1.Verification"), ">", 200), logic="OR")
    u = Unit(unit_id="X-1/SC", root=N("ROOT", one, logic="AND"))
    rep = check_unit_logic(u)
    # read as one more alternative, x > 200 would be a way to pass; as a qualifier it conflicts with both tiers
    assert not rep.satisfiable and ("NEVER_SATISFIABLE", "1") in [(f.code, f.criterion_id) for f in rep.findings]
    ca = CompiledActivity(activity(u))
    for v in (30, 80, 250):  # no value passes in the evaluator either
        assert ca.evaluate({"GHG emissions": f"{v} g CO2e/kWh"})["criteria"]["1"] == F
