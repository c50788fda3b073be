"""Stage 5 (dependencies): citations, inheritance, corrections, golden fixtures and edge F1 against the gold."""

from __future__ import annotations

import pytest

from fixtures_util import assert_golden_json, fixture_pairs
from regc.ir.models import CriterionNode
from regc.passes import classify, dependencies
from regc.passes.dependencies import find_citations, find_inheritance, negated_sibling, resolve_point
from harness.goldcheck import measure
from stage_fixtures import diagnostics_json, load_fixture, run_passes


def _fx(name):
    return next(inp for inp, _ in fixture_pairs("dependencies") if inp.name == f"{name}.in.json")


def _edges(unit, etype=None):
    return sorted((e.type, e.from_, e.to) for e in unit.edges if etype is None or e.type == etype)


# ------------------------------------------------------------------------------------------------ text rules

@pytest.mark.parametrize("text, written", [
    ("certifying the level of direct GHG emissions referred to in point 1(b)(i);", ["1(b)(i)"]),
    ("Detailed information referred to in point 1.2. (k) includes provisions", ["1.2(k)"]),
    ("aircraft in point (b) or (c) is operated on SAF", ["(b)"]),
    ("as defined in Article 3(1), point (h), of Regulation (EU) 2019/631", []),
    ("in Annex I to Regulation (EU) 2019/631, in Part A, point 6.0 for vehicles", []),
    ("consistently with the criteria specified in point (d) and paragraph 2 of Section 6.19 of this Annex.", []),
])
def test_find_citations(text, written):
    assert [c.written for c in find_citations(text)] == written


def test_inheritance_needs_a_threshold_word_or_a_trajectory():
    assert find_inheritance("Compliance with the criteria referred to in point 1(b) is verified.") == []
    assert find_inheritance("the requirements set out in point 2 apply.") == []
    [i] = find_inheritance("the average threshold over 20 years referred to in point 1(b)(i);")
    assert (i.kind, i.period, i.citation.written) == ("threshold-word", (20.0, "years"), "1(b)(i)")
    [i] = find_inheritance("assessing whether the activity is on a credible trajectory to comply with point 1(b)(v).")
    assert (i.kind, i.period) == ("trajectory", None)


def test_resolve_point_relative_and_siblings_first():
    ids = {"1", "1(a)", "1(e)", "1(e)(a)", "P1", "P1(b)", "P2"}
    assert resolve_point("(a)", "1(e)", ids) == "1(a)"
    assert resolve_point("1(e)(a)", "P2", ids) == "1(e)(a)"
    assert resolve_point("(b)", "P2", ids) == "P1(b)"  # the one first-level item labelled (b)
    assert resolve_point("7(c)", "P2", ids) is None


def test_negated_sibling_by_polarity_and_by_not_feasible():
    a = CriterionNode(criterion_id="1(a)", verbatim_text="the project does not entail any deterioration of the "
                                                         "water body;")
    b = CriterionNode(criterion_id="1(b)", verbatim_text="where the project risks deteriorating the water body, it "
                                                         "is justified.")
    c = CriterionNode(criterion_id="1(c)", verbatim_text="where compliance with point (a) is not technically "
                                                         "feasible, habitats are created.")
    d = CriterionNode(criterion_id="1(d)", verbatim_text="where the activity uses biomass, it is certified.")
    sibs = [a, b, c, d]
    assert negated_sibling(b, sibs).value == "1(a)"
    assert negated_sibling(c, sibs).value == "1(a)"
    assert negated_sibling(d, sibs).value is None
    assert negated_sibling(a, sibs).value is None


# ------------------------------------------------------------------------------------------------ fixtures

@pytest.mark.parametrize("inp, out", fixture_pairs("dependencies"), ids=lambda p: p.name)
def test_dependencies_golden(inp, out):
    _, unit, ctx = load_fixture(inp)
    result = run_passes(unit, ctx, [classify, dependencies])
    assert not [d for d in dependencies.verify(result, ctx) if d.severity in ("error", "critical")]
    assert_golden_json(out, result.to_json())


@pytest.mark.parametrize("inp, out", fixture_pairs("dependencies", bad=True), ids=lambda p: p.name)
def test_dependencies_bad_inputs_are_diagnosed(inp, out):
    _, unit, ctx = load_fixture(inp)
    diags = dependencies.verify(run_passes(unit, ctx, [classify, dependencies]), ctx)
    assert diags
    assert_golden_json(out, diagnostics_json(diags))


def test_pathway_anchors_and_inheritance_fixture():
    _, unit, ctx = load_fixture(_fx("pathway_anchor_inherit"))
    out = run_passes(unit, ctx, [classify, dependencies])
    assert ("DEPENDS_ON", "1(a).Methodology", "1(a)") in _edges(out)
    assert ("DEPENDS_ON", "1(b).Verification", "1(b)") in _edges(out)
    # the anchored node's own items carry no dependency
    assert out.root.find("1(b).Verification(a)").dependencies is None
    # top-level non-alternative: no edge for 2
    assert not [e for e in out.edges if e.from_ == "2"]
    va = out.root.find("1(b).Verification(a)")
    assert [i.value for i in va.threshold.quantitative.items] == [200, 400]
    assert va.category == "Quantitative"
    assert va.provenance.fields["threshold"].rule == "inherited-from:1(b)(i)"
    vb = out.root.find("1(b).Verification(b)")  # "over 15 years": only the period-matching item
    assert [i.value for i in vb.threshold.quantitative.items] == [400]
    vc = out.root.find("1(b).Verification(c)")
    assert vc.threshold.temporal.items[0].date == "2034-12-31" and vc.category == "Qualitative"
    assert ctx.memory.thresholds["CCM-9.9/SC#1(b).Verification(a)"] == va.threshold


def test_cross_reference_correction_fixture():
    _, unit, ctx = load_fixture(_fx("cross_reference_correction"))
    out = run_passes(unit, ctx, [classify, dependencies])
    assert ("CORRECTS", "1(b)(v)", "1(b)(e)") in _edges(out)
    assert ("INHERITS_THRESHOLD", "1(b).Verification(a)", "1(b)(e)") in _edges(out)
    note = next(e.note for e in out.edges if e.type == "CORRECTS")
    assert "does not exist" in note
    assert ctx.memory.activity["xref_corrections"]["CCM-9.9/SC#1(b)(v)"] == "1(b)(e)"


def test_negation_fixture():
    _, unit, ctx = load_fixture(_fx("negated_alternative"))
    out = run_passes(unit, ctx, [classify, dependencies])
    assert _edges(out, "DEPENDS_ON") == [("DEPENDS_ON", "1(b)", "1(a)"), ("DEPENDS_ON", "1(c)", "1(a)")]
    b = out.root.find("1(b)")
    assert b.applicability == "Conditional" and b.dependencies.clauses[0].status == "Negation"


def test_rerun_is_idempotent():
    _, unit, ctx = load_fixture(_fx("pathway_anchor_inherit"))
    once = run_passes(unit, ctx, [classify, dependencies])
    twice = run_passes(once, ctx, [dependencies])
    assert once.to_json() == twice.to_json()


# ------------------------------------------------------------------------------------------------ against the gold

@pytest.fixture(scope="module")
def gold_report(gold_dir):
    return measure(gold_dir)


@pytest.mark.parametrize("part", ["SC", "DNSH"])
def test_gold_edges_and_dependencies(gold_report, part):
    r = gold_report[part]
    assert r["edge_f1"] >= 0.95, r
    assert r["dependencies"] >= 0.97, r
    assert r["threshold"] >= 0.98, r  # inherited items copied exactly, nothing else touched


def test_inherits_a_chapeau_limits_from_its_items():
    """'the limit values set out in point 2' where 2 is a chapeau whose items carry the limits (OR tiers)."""
    from regc.ir.models import (Activity, ActSource, QuantItem, QuantitativeThreshold, Threshold, Unit)
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    def lim(v):
        return Threshold(quantitative=QuantitativeThreshold(items=[QuantItem(metric="Emissions", operator="<",
                                                                              value=v, unit="g CO2/km")]))
    two = N(criterion_id="2", verbatim_text="Emissions are lower than:", sub_criteria=[
        N(criterion_id="2(a)", verbatim_text="for vehicles of category M1: 50 g CO2/km;", threshold=lim(50)),
        N(criterion_id="2(b)", verbatim_text="for vehicles of category N1: 70 g CO2/km.", threshold=lim(70))])
    one = N(criterion_id="1", verbatim_text="The fleet average stays within the limit values set out in point 2.")
    unit = Unit(unit_id="CCM-9.2/SC", root=N(criterion_id="ROOT", sub_criteria=[one, two]))
    act = Activity(activity_id="CCM-9.2", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                   units=[unit])
    ctx = make_context(act, unit)
    out = dependencies.run(classify.run(unit.model_copy(deep=True), ctx), ctx)
    t = out.root.find("1").threshold.quantitative
    assert [i.value for i in t.items] == [50, 70] and t.logic == "OR"
    assert ("INHERITS_THRESHOLD", "1", "2") in _edges(out)


def test_paper_appendix_b_corrections():
    """Verification paragraph of pathway 1(f) citing points of the other alternative (Compass rendering)."""
    _, unit, ctx = load_fixture(_fx("compass_pathway_group"))
    out = run_passes(unit, ctx, [classify, dependencies])
    e = set(_edges(out))
    assert {("CORRECTS", "1(b)", "1(f)"), ("CORRECTS", "1(b)(i)", "1(f)(a)"), ("CORRECTS", "1(b)(v)", "1(f)(e)")} <= e
    assert {("INHERITS_THRESHOLD", "1(f).Verification(a)", "1(f)(a)"),
            ("INHERITS_THRESHOLD", "1(f).Verification(b)", "1(f)(e)"),
            ("DEPENDS_ON", "1(f).Verification", "1(f)")} <= e
    assert out.root.find("1").evaluation_logic == "OR" and out.root.find("1(a-e)").evaluation_logic == "AND"
    assert not [x for x in e if x[0] == "CORRECTS" and x[1] in ("1(a)", "1(c)")]


# ------------------------------------------------------------------------------------------------ real text

def _compiled(eurlex, activity_id: str):
    from regc.compiler.driver import compile_activity
    from regc.frontends import load_source
    from regc.compiler.passmanager import CompileOptions

    act = load_source(eurlex / "32021r2139/2026-01-01/en.xml")
    built, _diags, _r = compile_activity(act, act.activity(activity_id), CompileOptions())
    return built


def test_section_wide_paragraphs_get_no_pathway_dependency(eurlex):
    """CCM-4.9 SC: ROOT is "one of the following criteria" (OR over 1 and 2); the section-wide definitions
    anchored on 2 do not apply "only if" 2 is chosen: no dependencies.  The exclusions after 1(c) are binding
    requirements of 1 (spec §7), anchored under an alternative of ROOT's OR: each depends on 1 (spec §6)."""
    sc = _compiled(eurlex, "CCM-4.9").unit("SC")
    assert _edges(sc, "DEPENDS_ON") == [("DEPENDS_ON", "1.Methodology", "1"), ("DEPENDS_ON", "1.Methodology.2", "1")]
    assert sc.root.find("2.BackgroundInformation").dependencies is None
    assert not [d for d in dependencies.verify(sc, _Ctx(sc)) if d.code == "MISSING_PATHWAY_DEPENDENCY"]


class _Ctx:
    def __init__(self, unit):
        self.unit_id = unit.unit_id
        self.memory = None
        self.guidance = []
        self.attempt = 0


# ------------------------------------------------------------------------------------------------ spec §7 (ED1-ED3)

def _exemption_unit():
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CCM-9.3/SC", root=N(criterion_id="ROOT", sub_criteria=[
        N(criterion_id="1", verbatim_text="Life-cycle GHG emissions are lower than 100 g CO2e/kWh."),
        N(criterion_id="2", verbatim_text="The installation uses no peat."),
        N(criterion_id="3", verbatim_text="Points 1 and 2 do not apply to installations with a total rated thermal "
                                          "input below 2 MW."),
        N(criterion_id="4", verbatim_text="The installation meets the requirements specified in points 1 and 2 "
                                          "every year.")]))
    act = Activity(activity_id="CCM-9.3", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                   units=[unit])
    ctx = make_context(act, unit)
    return dependencies.run(classify.run(unit.model_copy(deep=True), ctx), ctx), ctx


def test_exemption_is_conditional_and_negates_the_exempted_points():
    out, _ = _exemption_unit()
    assert out.root.find("3").applicability == "Conditional"
    for p in ("1", "2"):
        assert [(c.criterion_id, c.status) for c in out.root.find(p).dependencies.clauses] == [("3", "Negation")]
    assert {("DEPENDS_ON", "1", "3"), ("DEPENDS_ON", "2", "3")} <= set(_edges(out))


def test_relied_on_points_give_affirmation_edges():
    out, _ = _exemption_unit()
    four = out.root.find("4")
    assert [(c.criterion_id, c.status) for c in four.dependencies.clauses] == [("1", "Affirmation"),
                                                                               ("2", "Affirmation")]
    assert {("DEPENDS_ON", "4", "1"), ("DEPENDS_ON", "4", "2")} <= set(_edges(out))


def test_verify_flags_an_unlinked_relied_on_point_and_the_pass_repairs_it():
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CCM-6.18/SC", root=N(criterion_id="ROOT", sub_criteria=[
        N(criterion_id="P1", verbatim_text="The activity consists of leasing of one of the following:",
          evaluation_logic="OR", sub_criteria=[
              N(criterion_id="P1(a)", verbatim_text="the aircraft with zero emissions;"),
              N(criterion_id="P1(b)", verbatim_text="the aircraft delivered before 2023;")]),
        N(criterion_id="P2", verbatim_text="The lessor ensures that aircraft in point (a) or (b) is operated on "
                                           "sustainable aviation fuels.")]))
    act = Activity(activity_id="CCM-6.18", name="Leasing of aircraft",
                   source=ActSource(celex="32021R2139", format="eurlex-xhtml"), units=[unit])
    ctx = make_context(act, unit)
    out = dependencies.run(classify.run(unit.model_copy(deep=True), ctx), ctx)
    assert out.root.find("P2").applicability == "Conditional"
    assert {("DEPENDS_ON", "P2", "P1(a)"), ("DEPENDS_ON", "P2", "P1(b)")} <= set(_edges(out))
    assert not [d for d in dependencies.verify(out, ctx) if d.code == "RELIED_ON_UNLINKED"]
    broken = out.model_copy(deep=True)  # a rule (or model) that missed the reliance
    broken.root.find("P2").dependencies = None
    broken.edges = [e for e in broken.edges if e.from_ != "P2"]
    assert ("RELIED_ON_UNLINKED", "P2") in {(d.code, d.criterion_id) for d in dependencies.verify(broken, ctx)}
    repaired = dependencies.run(broken, ctx)
    assert not [d for d in dependencies.verify(repaired, ctx) if d.code == "RELIED_ON_UNLINKED"]


def test_verify_flags_an_unlinked_exemption_and_the_pass_repairs_it():
    out, ctx = _exemption_unit()
    assert not [d for d in dependencies.verify(out, ctx) if d.code.startswith("EXEMPTION")]
    broken = out.model_copy(deep=True)  # a rule (or model) that missed the exemption
    broken.root.find("1").dependencies = None
    broken.root.find("3").applicability = "Mandatory"
    broken.edges = [e for e in broken.edges if e.to != "3"]
    codes = {(d.code, d.criterion_id) for d in dependencies.verify(broken, ctx)}
    assert {("EXEMPTION_UNLINKED", "1"), ("EXEMPTION_NOT_CONDITIONAL", "3")} <= codes
    repaired = dependencies.run(broken, ctx)
    assert not [d for d in dependencies.verify(repaired, ctx) if d.code.startswith("EXEMPTION")]


def _fallback_unit():
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CCA-10.1/SC", root=N(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[
        N(criterion_id="4", verbatim_text="Data sharing:", evaluation_logic="AND", sub_criteria=[
            N(criterion_id="4.1", verbatim_text="A significant share of loss data related to the insurer’s activity "
                                                "is made available, free of charge, to one or several public "
                                                "authorities for the purpose of analytical research."),
            N(criterion_id="4.2", verbatim_text="Where the insurer is not yet sharing such data with a public "
                                                "authority for the aforementioned purpose, it has declared the "
                                                "intention to make its data available."),
            N(criterion_id="4.3", verbatim_text="The declaration is published on the insurer’s website.")])]))
    act = Activity(activity_id="CCA-10.1", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                   units=[unit])
    ctx = make_context(act, unit)
    return dependencies.run(classify.run(unit.model_copy(deep=True), ctx), ctx), ctx


def test_fallback_under_and_negates_its_sibling_and_verify_learns_it():
    """Spec §6: a point that applies only where an earlier sibling is not (yet) met holds a Negation clause and a
    DEPENDS_ON edge to it, under an AND parent too; a sibling without a not-met cue gets none; verify flags a unit
    whose clause was lost (FALLBACK_UNLINKED) and re-running the pass repairs it."""
    out, ctx = _fallback_unit()
    assert [(c.criterion_id, c.status) for c in out.root.find("4.2").dependencies.clauses] == [("4.1", "Negation")]
    assert ("DEPENDS_ON", "4.2", "4.1") in set(_edges(out))
    assert out.root.find("4.3").dependencies is None
    assert not [d for d in dependencies.verify(out, ctx) if d.code == "FALLBACK_UNLINKED"]
    broken = out.model_copy(deep=True)  # a rule (or model) that missed the fallback
    broken.root.find("4.2").dependencies = None
    broken.edges = [e for e in broken.edges if e.from_ != "4.2"]
    assert ("FALLBACK_UNLINKED", "4.2") in {(d.code, d.criterion_id) for d in dependencies.verify(broken, ctx)}
    repaired = dependencies.run(broken, ctx)
    assert not [d for d in dependencies.verify(repaired, ctx) if d.code == "FALLBACK_UNLINKED"]


def test_anaphoric_exemption_negates_the_point_before_it_and_verify_learns_it():
    """Spec §7 exemptions, anaphoric subject: "For repair or refurbishment activities, those requirements do not
    apply to …" exempts the participating sibling just before it (P2): P3 Conditional, P2 a Negation clause and a
    DEPENDS_ON edge to P3; verify flags a unit whose clause was lost and re-running the pass repairs it."""
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CE-5.1/DNSH-PPC", root=N(criterion_id="ROOT", sub_criteria=[
        N(criterion_id="P1", verbatim_text="The activity complies with the criteria set out in Appendix C to this "
                                           "Annex."),
        N(criterion_id="P2", verbatim_text="Spare parts comply with all relevant Union rules on the restriction of "
                                           "the use of hazardous substances."),
        N(criterion_id="P3", verbatim_text="For repair or refurbishment activities, those requirements do not apply "
                                           "to the original components that have been retained in the product.")]))
    act = Activity(activity_id="CE-5.1", name="x", source=ActSource(celex="32023R2486", format="formex"),
                   units=[unit])
    ctx = make_context(act, unit)
    out = dependencies.run(classify.run(unit.model_copy(deep=True), ctx), ctx)
    assert out.root.find("P3").applicability == "Conditional"
    assert [(c.criterion_id, c.status) for c in out.root.find("P2").dependencies.clauses] == [("P3", "Negation")]
    assert ("DEPENDS_ON", "P2", "P3") in set(_edges(out))
    assert out.root.find("P1").dependencies is None
    broken = out.model_copy(deep=True)
    broken.root.find("P2").dependencies = None
    broken.edges = []
    assert ("EXEMPTION_UNLINKED", "P2") in {(d.code, d.criterion_id) for d in dependencies.verify(broken, ctx)}
    assert not [d for d in dependencies.verify(dependencies.run(broken, ctx), ctx) if d.code == "EXEMPTION_UNLINKED"]


def test_citing_a_point_that_contains_the_limit_is_no_correction(eurlex):
    """CCM-4.30 SC: 'the CO2 shall meet the emissions limit set out in point 1 of this Section' inside pathway
    1(a): point 1 contains the limit in 1(a): INHERITS_THRESHOLD to 1(a), no CORRECTS (spec §7, ED3); verify flags
    a CORRECTS edge whose target lies inside the cited point, and re-running the pass removes it."""
    from regc.ir.models import Edge

    sc = _compiled(eurlex, "CCM-4.30").unit("SC")
    assert not _edges(sc, "CORRECTS")
    assert ("INHERITS_THRESHOLD", "1(a).Methodology.2", "1(a)") in _edges(sc)
    broken = sc.model_copy(deep=True)
    broken.edges.append(Edge(type="CORRECTS", from_="1", to="1(a)", note="hand-made"))
    assert "CORRECTS_CONTAINED" in {d.code for d in dependencies.verify(broken, None)}
    assert not _edges(dependencies.run(broken, None), "CORRECTS")


def _content_exemption_unit():
    """ED2 with the exempted points named by what they require (CCM-1.x SC 2: "Forest holdings under 13ha are not
    required to perform a climate benefit analysis."): the siblings whose subtree names the analysis are exempted,
    a sibling that does not (2.5) is not."""
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CCM-9.4/SC", root=N(criterion_id="ROOT", sub_criteria=[N(
        criterion_id="2", verbatim_text="Climate benefit analysis", sub_criteria=[
            N(criterion_id="2.1", verbatim_text="The activity complies with the following criteria:", sub_criteria=[
                N(criterion_id="2.1(a)", verbatim_text="the climate benefit analysis demonstrates that the net balance "
                                                       "is lower than a baseline;")]),
            N(criterion_id="2.3", verbatim_text="The calculation of climate benefit complies with all of the following:",
              sub_criteria=[N(criterion_id="2.3(a)", verbatim_text="the climate benefit analysis is consistent with "
                                                                   "the 2019 Refinement.")]),
            N(criterion_id="2.4", verbatim_text="Forest holdings under 13ha are not required to perform a climate "
                                                "benefit analysis."),
            N(criterion_id="2.5", verbatim_text="The area is classified as a protected area.")])]))
    act = Activity(activity_id="CCM-9.4", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                   units=[unit])
    ctx = make_context(act, unit)
    return dependencies.run(classify.run(unit.model_copy(deep=True), ctx), ctx), ctx


def test_an_exemption_naming_what_it_releases_negates_the_points_that_require_it():
    out, ctx = _content_exemption_unit()
    assert out.root.find("2.4").applicability == "Conditional"
    for p in ("2.1", "2.3"):
        assert [(c.criterion_id, c.status) for c in out.root.find(p).dependencies.clauses] == [("2.4", "Negation")]
    assert out.root.find("2.5").dependencies is None
    assert {("DEPENDS_ON", "2.1", "2.4"), ("DEPENDS_ON", "2.3", "2.4")} == {e for e in _edges(out) if e[0] == "DEPENDS_ON"}
    # verify learns the rule: a hand-broken output (the old reading: no clause, exemption Mandatory) is flagged
    assert not [d for d in dependencies.verify(out, ctx) if d.code.startswith("EXEMPTION")]
    broken = out.model_copy(deep=True)
    broken.root.find("2.3").dependencies = None
    broken.root.find("2.4").applicability = "Mandatory"
    broken.edges = [e for e in broken.edges if e.to != "2.4"]
    codes = {(d.code, d.criterion_id) for d in dependencies.verify(broken, ctx)}
    assert {("EXEMPTION_UNLINKED", "2.3"), ("EXEMPTION_NOT_CONDITIONAL", "2.4")} <= codes
    repaired = dependencies.run(broken, ctx)
    assert not [d for d in dependencies.verify(repaired, ctx) if d.code.startswith("EXEMPTION")]
