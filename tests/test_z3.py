"""Z3 layer (asked of the evaluator's plan): crafted IRs with a known contradiction, a dead criterion, a redundant
atom; gold is clean."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from fixtures_util import FIXTURES
from regc.ir.models import Unit, load_activity
from regc.ir.units import exact_unit as normalise_unit
from regc.verify.equivalence import equivalence, match_criteria
from regc.verify.findings import LogicInputError, check_unit_logic, duplicate_ids, unit_plan
from regc.verify.quantities import quantity_classes
from regc.verify.witness import format_profile


def _quantity_of(unit: Unit) -> dict[str, list[str]]:
    """criterion id -> names of the quantities its items read (over the evaluator's plan)."""
    plan = unit_plan(unit)
    out: dict[str, list[str]] = {}
    for q in quantity_classes(plan, unit.part):
        for i, _j in q.members:
            out.setdefault(plan["nodes"][i]["cid"], []).append(q.name)
    return out

GRAPH = FIXTURES / "graph"


def _unit(name: str) -> Unit:
    return Unit.from_json(json.loads((GRAPH / f"logic_{name}.unit.json").read_text()))


def _codes(rep):
    return [(f.code, f.criterion_id) for f in rep.findings]


def test_contradiction_across_and_children():
    rep = check_unit_logic(_unit("contradiction"))
    assert not rep.satisfiable
    con = [f for f in rep.findings if f.code == "CONTRADICTORY_THRESHOLDS"]
    assert len(con) == 1 and "< 100" in con[0].message and "> 270" in con[0].message
    unsat = [f for f in rep.findings if f.code == "UNSATISFIABLE"][0]
    assert "1" in unsat.message and "2" in unsat.message  # the unsat core names both criteria


def test_contradiction_after_unit_normalisation():
    # 0.1 kg CO2e/kWh == 100 g CO2e/kWh, so "< 0.1 kg" and ">= 150 g" conflict only once units are normalised
    rep = check_unit_logic(_unit("contradiction_units"))
    assert ("CONTRADICTORY_THRESHOLDS", "1") in _codes(rep)
    assert ("NEVER_SATISFIABLE", "1") in _codes(rep)


def test_contradiction_in_n_of_k_all_required():
    rep = check_unit_logic(_unit("unsat_nofk"))
    con = [f for f in rep.findings if f.code == "CONTRADICTORY_THRESHOLDS"]
    assert con and "under 1 " in con[0].message


def test_dead_criterion_with_counterexample():
    rep = check_unit_logic(_unit("dead"))
    assert rep.satisfiable
    dead = [f for f in rep.findings if f.code == "DEAD_CRITERION"]
    assert [f.criterion_id for f in dead] == ["2(b)"]  # 2(a) and 1 both matter
    w = dead[0].witness
    assert w is not None and w["criteria"].get("2(b)") is False  # the unit passes without 2(b)
    assert w["metrics"]["x [g CO2e/kWh]"] < 100
    print("witness:", format_profile(w))


def test_redundant_atom():
    rep = check_unit_logic(_unit("redundant"))
    red = [f for f in rep.findings if f.code == "REDUNDANT_ATOM"]
    assert len(red) == 1 and "< 270" in red[0].message


def test_successive_regimes_are_not_contradictory():
    rep = check_unit_logic(_unit("regimes_ok"))
    assert rep.satisfiable and rep.findings == []


def test_satisfiable_witness_meets_thresholds(gold_dir):
    u = load_activity(gold_dir / "CCM-4.29.json").unit("SC")
    rep = check_unit_logic(u)
    assert rep.satisfiable and rep.findings == []
    m = rep.witness["metrics"]
    print("witness:", format_profile(rep.witness))
    # either pathway 1(a) (< 100 g) or 1(b) with its 270 g / 550 kg thresholds
    assert m.get("Life-cycle GHG emissions [g CO2e/kWh]", 0) < 100 or m.get("Direct GHG emissions [g CO2e/kWh]",
                                                                              0) < 270


def test_gold_has_no_logic_finding(gold_dir):
    for f in sorted(gold_dir.glob("*.json")):
        for u in load_activity(f).units:
            rep = check_unit_logic(u)
            assert rep.satisfiable, u.unit_id
            assert rep.findings == [], (u.unit_id, [x.to_json() for x in rep.findings])


def test_inherited_threshold_shares_atoms(gold_dir):
    u = load_activity(gold_dir / "CCM-4.29.json").unit("SC")
    q = _quantity_of(u)
    assert q["1(b)(i)"][0] == q["1(b).Verification(a)"][0]  # the verification reads the quantity it verifies


def test_unit_normalisation():
    f1, d1 = normalise_unit("g CO2e/kWh")
    f2, d2 = normalise_unit("kg CO2e/MWh")
    assert d1 == d2 and f1 == f2
    assert normalise_unit("t CO2e/t")[1] == normalise_unit("tCO2e/t")[1]
    assert normalise_unit("litres/min")[0] == Fraction(1, 60000)


def test_equivalence_and_counterexample_profile(gold_dir):
    act = load_activity(gold_dir / "CCM-4.29.json")
    a = act.unit("SC")
    assert equivalence(a, a.model_copy(deep=True)).equivalent
    b = a.model_copy(deep=True)
    b.root.find("1(a)").threshold.quantitative.items[0].value = 150
    eq = equivalence(a, b)
    assert not eq.equivalent
    assert ("1(a)", "1(a)") in eq.differing
    v = eq.profile["metrics"]["Life-cycle GHG emissions [g CO2e/kWh]"]
    assert 100 <= v < 150 and eq.verdict_a != eq.verdict_b


def test_equivalence_ignores_renumbering_by_text(gold_dir):
    a = load_activity(gold_dir / "CCM-5.1.json").unit("SC")
    b = a.model_copy(deep=True)
    b.root.find("P1(a)").criterion_id = "P1(x)"
    assert match_criteria(a, b)["P1(x)"] == "P1(a)"
    assert equivalence(a, b).equivalent


def test_or_versus_and_differs(gold_dir):
    a = load_activity(gold_dir / "CCM-5.1.json").unit("SC")
    b = a.model_copy(deep=True)
    b.root.find("P1").evaluation_logic = "AND"
    eq = equivalence(a, b)
    assert not eq.equivalent and eq.verdict_a == "PASS" and eq.verdict_b == "FAIL"


def test_equivalence_reports_lowest_differing_criteria(gold_dir):
    a = load_activity(gold_dir / "CCM-4.29.json").unit("SC")
    b = a.model_copy(deep=True)
    b.root.find("1(b)(iv)").threshold.quantitative.items[0].value = 20
    eq = equivalence(a, b)
    assert not eq.equivalent and eq.differing == [("1(b)(iv)", "1(b)(iv)")]
    assert 15 < eq.profile["metrics"]["Capacity increase over the replaced facility [%]"] <= 20


@pytest.mark.parametrize("path", sorted(GRAPH.glob("*.in.json")), ids=lambda p: p.name)
def test_logic_never_crashes_on_graph_fixtures(path):
    u = Unit.from_json(json.loads(path.read_text()))
    rep = check_unit_logic(u)
    assert rep.checks >= 1 or (duplicate_ids(u) and rep.findings[0].code == "LOGIC_SKIPPED")


def test_random_units_never_crash():
    from hypothesis import given, settings, strategies as st

    from regc.verify.graph import check_unit_graph, repair_unit
    from regc.ir.models import CriterionNode, Edge, QuantItem, QuantitativeThreshold, Threshold

    labels = st.sampled_from(["1", "2", "1(a)", "1(b)", "1(b)(i)", "2(a)", "P1", "1(a).Verification"])
    logic = st.sampled_from(["AND", "OR", "N_OF_K", "LEAF"])
    item = st.builds(lambda op, v, u: QuantItem(metric="x", operator=op, value=v, unit=u),
                     st.sampled_from(["<", "<=", ">", ">=", "="]), st.integers(0, 300),
                     st.sampled_from(["g CO2e/kWh", "kg CO2e/MWh", "%", ""]))

    def nodes(depth):
        kids = st.lists(nodes(depth - 1), max_size=3) if depth else st.just([])
        return st.builds(lambda cid, lg, n, its, ks, app: CriterionNode(
            criterion_id=cid, evaluation_logic=lg, n_required=n, sub_criteria=ks, applicability=app,
            threshold=Threshold(quantitative=QuantitativeThreshold(items=its)) if its else None),
            labels, logic, st.one_of(st.none(), st.integers(0, 4)), st.lists(item, max_size=2), kids,
            st.sampled_from(["Mandatory", "Conditional"]))

    @settings(max_examples=40, deadline=None, derandomize=True)
    @given(st.lists(nodes(2), max_size=3), st.lists(st.tuples(st.sampled_from(["DEPENDS_ON", "INHERITS_THRESHOLD"]),
                                                              labels, labels), max_size=3))
    def run(kids, edges):
        u = Unit(unit_id="F-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=kids),
                 edges=[Edge(type=t, **{"from": a}, to=b) for t, a, b in edges])
        check_unit_graph(u)
        fixed, _ = repair_unit(u)
        check_unit_graph(fixed)
        rep = check_unit_logic(u)
        if duplicate_ids(u):
            assert [f.code for f in rep.findings] == ["LOGIC_SKIPPED"]
            with pytest.raises(LogicInputError):
                equivalence(u, fixed)
        else:
            equivalence(u, fixed)

    run()


def test_equivalence_distinguishes_periods_and_aliases_renamed_metrics(gold_dir):
    a = load_activity(gold_dir / "CCM-7.1.json").unit("DNSH-PPC")
    renamed = a.model_copy(deep=True)
    renamed.root.find("P2").threshold.quantitative.items[0].metric = "Formaldehyde"
    assert equivalence(a, renamed).equivalent  # same position, unit and period: the same quantity
    b = a.model_copy(deep=True)
    b.root.find("P2").threshold.quantitative.items[1].period = None
    eq = equivalence(a, b)
    assert not eq.equivalent and eq.differing == [("P2", "P2")]


def test_generic_metric_items_are_separate_quantities():
    rep = check_unit_logic(_unit("generic_metric_ok"))
    assert rep.satisfiable and rep.findings == []
    # each "Value" item is its own variable, labelled with the criterion it belongs to
    assert any(k.startswith("Value [%] (in 1)") for k in rep.witness["metrics"])
    assert any(k.endswith("(in 2)") for k in rep.witness["metrics"])


def test_same_name_in_or_alternatives_is_not_one_quantity():
    u = _unit("or_alternatives_ok")
    rep = check_unit_logic(u)
    assert rep.satisfiable and rep.findings == []
    q = _quantity_of(u)
    assert q["1(a)"] != q["1(b)"]
    # under AND the same specific name stays one quantity (the contradiction fixture still conflicts)
    q2 = _quantity_of(_unit("contradiction"))
    assert q2["1"] == q2["2"]


def test_empty_effective_period_is_reported_once_at_its_node():
    rep = check_unit_logic(_unit("empty_period"))
    assert _codes(rep) == [("EMPTY_EFFECTIVE_PERIOD", "1(a)")]  # no DEAD_CRITERION for 1(a) or its children
    assert "2026-01-01" in rep.findings[0].message and "2025-12-31" in rep.findings[0].message


def test_redundant_temporal_dates():
    rep = check_unit_logic(_unit("redundant_temporal"))
    assert _codes(rep) == [("REDUNDANT_TEMPORAL", "1")] and "2028-01-01" in rep.findings[0].message
