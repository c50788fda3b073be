"""Z3 and the evaluator are one program: the encoding of the compiled plan (:mod:`regc.verify.plan_logic`) gives
the evaluator's verdict on every criterion, for random fact profiles over every compiled corpus act.

CI runs 4 profiles per activity (about 970 profiles); `python -m bench.run semantics` runs 1,000 per act."""

from __future__ import annotations

import random

import pytest

from regc.ir.models import (ActSource, Activity, Clause, CriterionNode, Dependencies, QuantItem,
                            QuantitativeThreshold, Threshold, Unit)
from regc.runtime.evaluator import CompiledActivity, compile_plan
from regc.verify import agreement, plan_logic
from regc.verify.plan_logic import inputs_of, passing_profile, plan_verdicts
from regc.verify.witness_facts import facts_of_witness
from tests.test_units_corpus import load_plans

PER_ACTIVITY = 4


@pytest.fixture(scope="module")
def plans(corpus_builds) -> list[dict]:
    return [p for build in corpus_builds.values() for p in load_plans(build)]


def test_z3_and_the_evaluator_agree_on_random_profiles(plans):
    rng = random.Random(13)
    total, bad = 0, []
    for plan in plans:
        done, dis = agreement.disagreements(plan, PER_ACTIVITY, rng)
        total += done
        bad += dis
    assert total == PER_ACTIVITY * len(plans) and len(plans) > 200
    assert bad == [], f"{len(bad)} disagreements, e.g.:\n" + "\n".join(bad[:10])


def test_agreement_check_catches_a_wrong_encoding(plans, monkeypatch):
    """The property is not vacuous: an encoding that treats OR as AND disagrees with the evaluator."""
    monkeypatch.setattr(plan_logic, "k_or", plan_logic.k_and)
    rng = random.Random(5)
    bad = [d for p in plans[:40] for d in agreement.disagreements(p, 2, rng)[1]]
    assert bad


def _act(root: CriterionNode) -> dict:
    return compile_plan(Activity(activity_id="X-1", name="x", source=ActSource(celex="32021R2139",
                                                                                format="eurlex-xhtml"),
                                 units=[Unit(unit_id="X-1/SC", root=root)]))


def test_not_applicable_and_dependencies_are_encoded_once():
    p1 = CriterionNode(criterion_id="P1", applicability="Conditional")
    p2 = CriterionNode(criterion_id="P2", dependencies=Dependencies(
        condition_summary="only where P1 applies", clauses=[Clause(criterion_id="P1", status="Affirmation")],
        min_conditions_to_meet=1))
    plan = _act(CriterionNode(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[p1, p2]))
    ca = CompiledActivity(plan)
    for raw in ({"P1": {"applies": False}, "P2": True}, {"P1": True, "P2": False}, {"P1": False, "P2": True},
                {"P2": True}):
        facts, _ = ca.read_facts(raw)
        want = ca.evaluate(raw)
        got = plan_verdicts(plan, inputs_of(plan, facts), None)
        assert got["criteria"] == want["criteria"] and got["verdict"] == want["verdict"], raw


def test_passing_profile_comes_from_the_plan(plans):
    plan = next(p for p in plans if p["activity"] == "CCM-4.29")
    prof = passing_profile(plan, "SC")
    assert prof is not None and ("1(a)" in prof or "1(b)(i)" in prof)
    q = Threshold(quantitative=QuantitativeThreshold(logic="AND", items=[
        QuantItem(metric="emissions", operator="<", value=1, unit="t CO2e/t"),
        QuantItem(metric="emissions", operator=">", value=2000, unit="kg CO2e/t")]))
    impossible = _act(CriterionNode(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[
        CriterionNode(criterion_id="P1", threshold=q)]))
    assert passing_profile(impossible) is None  # 1 t/t and 2 t/t: the units convert inside Z3 too


def test_check_witnesses_pass_in_the_evaluator(gold_dir):
    """`regc check` asks Z3 about the evaluator's own plan: the passing profile it prints for a unit, given to
    `regc eval` as a facts file, passes that unit (gold units without generic or scoped quantities)."""
    import datetime as dt

    from regc.ir.models import load_activity
    from regc.runtime.evaluator import CompiledActivity, display_id
    from regc.verify.findings import check_unit_logic

    tried = 0
    for f in sorted(gold_dir.glob("*.json"))[:12]:
        act = load_activity(f)
        ca = CompiledActivity(act)
        for u in act.units:
            rep = check_unit_logic(u)
            w = rep.witness or {}
            if not rep.satisfiable or any("(in " in k for k in w.get("metrics", {})):
                continue
            res = ca.evaluate(facts_of_witness(w, u.part), as_of=dt.date.fromisoformat(w["dates"]["assessment"]))
            tops = [display_id(u.part, k.criterion_id) for k in u.root.participating_children()]
            verdicts = {res["criteria"][c] for c in tops}  # the unit passes: AND over its top-level criteria
            assert "PASS" in verdicts and verdicts <= {"PASS", "NOT_APPLICABLE"}, (u.unit_id, w, res["criteria"])
            tried += 1
    assert tried >= 20
