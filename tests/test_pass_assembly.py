"""Stage 7 (assembly): cross-field repairs, nullification, schema round trip; the three stages under ODR."""

from __future__ import annotations

import pytest

from fixtures_util import assert_golden_json, fixture_pairs
from regc.compiler.passmanager import run_with_odr
from regc.verify.invariants import check_unit
from regc.ir.models import CriterionNode, Edge, QuantitativeThreshold, Threshold, Unit, load_activity
from regc.passes import assembly, classify, dependencies
from regc.passes.assembly import consistent_logic, normalise_threshold
from harness.goldcheck import make_context, reset_owned_fields, run_stages
from stage_fixtures import check_golden, diagnostics_json, load_fixture, run_passes


def test_consistent_logic_rules():
    kids = [CriterionNode(criterion_id=f"1({c})") for c in "abc"]
    bi = CriterionNode(criterion_id="1.BackgroundInformation", tags=["BackgroundInformation"])
    assert consistent_logic(CriterionNode(criterion_id="1", evaluation_logic="OR"))[:2] == ("LEAF", None)
    assert consistent_logic(CriterionNode(criterion_id="1", sub_criteria=kids))[:2] == ("AND", None)
    assert consistent_logic(CriterionNode(criterion_id="1", sub_criteria=kids, evaluation_logic="N_OF_K",
                                          n_required=3))[:2] == ("AND", None)
    assert consistent_logic(CriterionNode(criterion_id="1", sub_criteria=kids, evaluation_logic="N_OF_K",
                                          n_required=2))[:3] == ("N_OF_K", 2, None)
    # a node whose only child is ancillary is a LEAF (evaluation participation rule)
    assert consistent_logic(CriterionNode(criterion_id="1", sub_criteria=[bi], evaluation_logic="AND"))[0] == "LEAF"


def test_normalise_threshold_nulls_empty_parts():
    assert normalise_threshold(Threshold()) is None
    t = normalise_threshold(Threshold(quantitative=QuantitativeThreshold(logic="OR", items=[])))
    assert t is None


@pytest.mark.parametrize("inp, out", fixture_pairs("assembly"), ids=lambda p: p.name)
def test_assembly_golden(inp, out):
    check_golden(inp, out, assembly)


def test_assembly_repairs_the_inconsistent_fixture():
    inp = next(p for p, _ in fixture_pairs("assembly") if p.name.startswith("cross_field"))
    _, unit, ctx = load_fixture(inp)
    assert assembly.verify(unit, ctx), "the input is inconsistent on purpose"
    out = run_passes(unit, ctx, [assembly])
    one, two = out.root.find("1"), out.root.find("2")
    a, b = out.root.find("1(a)"), out.root.find("1(b)")
    assert one.evaluation_logic == "AND" and two.evaluation_logic == "AND" and two.n_required is None
    assert a.category == "Quantitative" and b.category == "Qualitative"
    assert b.threshold is None and b.references is None and b.dependencies is None and b.footnotes == []
    assert "90 %" in a.rule_summary  # a summary that missed a threshold value gets it
    assert len(out.edges) == 1  # duplicate edge dropped
    assert b.provenance.fields["threshold"].rule == "assembly:nullify-empty-threshold"


@pytest.mark.parametrize("inp, out", fixture_pairs("assembly", bad=True), ids=lambda p: p.name)
def test_assembly_bad_inputs_are_diagnosed(inp, out):
    _, unit, ctx = load_fixture(inp)
    diags = assembly.verify(run_passes(unit, ctx, [assembly]), ctx)
    assert any(d.kind == "Consistency" for d in diags)
    assert_golden_json(out, diagnostics_json(diags))


def test_round_trip_is_checked():
    u = Unit(unit_id="CCM-1.1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[
        CriterionNode(criterion_id="P1", verbatim_text="Waste is recycled.", rule_summary="Waste is recycled.")]))
    assert assembly.schema_round_trip(u) == []
    broken = u.model_copy()
    broken.root.sub_criteria[0].__dict__["category"] = "Bogus"  # written without validation
    assert [d.code for d in assembly.schema_round_trip(broken)] == ["SCHEMA"]


def test_gold_units_assemble_cleanly(gold_dir):
    """classify -> dependencies -> assembly on every gold unit: no error left, and the result validates."""
    for f in sorted(gold_dir.glob("*.json")):
        act = load_activity(f)
        for gu in act.units:
            out = run_stages(act, reset_owned_fields(gu))
            ctx = make_context(act, out)
            bad = [d for d in assembly.verify(out, ctx) + check_unit(out) if d.severity in ("error", "critical")]
            assert not bad, (gu.unit_id, [d.message for d in bad])
            assert Unit.from_json(out.to_json()).to_json() == out.to_json()


def test_odr_loop_repairs_a_dependency_cycle():
    """Under run_with_odr the cycle diagnosed on the first try is repaired on the next attempt (guidance)."""
    inp = next(p for p, _ in fixture_pairs("dependencies", bad=True) if p.name.startswith("inheritance_cycle"))
    _, unit, ctx = load_fixture(inp)
    unit, _ = run_with_odr(classify, unit, ctx, invariant_check=check_unit)
    out, rec = run_with_odr(dependencies, unit, ctx, invariant_check=check_unit)
    assert rec.attempts >= 2
    assert not [d for d in rec.diagnostics if d.code == "DEPENDENCY_CYCLE"]
    assert not rec.flagged


def test_dangling_edge_is_dropped_on_repair():
    u = Unit(unit_id="CCM-1.1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[
        CriterionNode(criterion_id="P1", verbatim_text="Waste is recycled.")]),
        edges=[Edge(type="DEPENDS_ON", from_="P1", to="P7")])
    from types import SimpleNamespace

    from regc.ir.models import Diagnostic
    out = assembly.run(u.model_copy(deep=True), None)
    diags = assembly.verify(out, None)
    assert any(d.code == "DANGLING_EDGE" for d in diags)
    retry = SimpleNamespace(attempt=1, guidance=diags, memory=None)
    assert assembly.run(u.model_copy(deep=True), retry).edges == []
    assert isinstance(diags[0], Diagnostic)


def test_module_doctests():
    import doctest

    from regc.grammar import logic
    from regc.decisions import base as decisions
    from regc.passes import summaries
    for mod in (logic, classify, dependencies, assembly, summaries, decisions):
        res = doctest.testmod(mod)
        assert res.failed == 0, mod.__name__
        assert res.attempted > 0


@pytest.mark.slow
def test_unseen_activities_through_the_real_pipeline(eurlex):
    """Activities outside the gold, from the EUR-Lex XHTML through every pass: no error from stages 3/5/7 and the
    patterns seen on the gold hold (pathway anchors, threshold inheritance, negated alternatives, tiering)."""
    from regc.compiler.driver import compile_act
    from regc.frontends import load_source
    from regc.compiler.passmanager import CompileOptions

    act = load_source(eurlex / "32021r2139" / "2026-01-01" / "en.xml")
    res = compile_act(act, CompileOptions(), only=["CCM-4.30", "CCM-6.10", "CCM-3.3"])
    mine = [d for d in res.diagnostics if d.pass_name in ("classify", "dependencies", "assembly")
            and d.severity in ("error", "critical")]
    assert not mine, [d.message for d in mine]
    units = {u.unit_id: u for a in res.activities for u in a.units}
    edges = {(e.type, e.from_, e.to) for e in units["CCM-4.30/SC"].edges}
    assert ("DEPENDS_ON", "1(b).Verification", "1(b)") in edges
    assert any(t == "INHERITS_THRESHOLD" and f.startswith("1(b).Verification(") for t, f, _ in edges)
    edges = {(e.type, e.from_, e.to) for e in units["CCM-6.10/SC"].edges}
    assert ("DEPENDS_ON", "1(c)", "1(a)") in edges  # "where ... not feasible to comply with point (a)"
    p1 = units["CCM-3.3/SC"].root.find("P1")
    assert p1.evaluation_logic == "OR"  # "The economic activity manufactures, ... or upgrades:" + products
