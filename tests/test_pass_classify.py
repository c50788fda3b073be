"""Stage 3 (classify): decisions, golden fixtures, and accuracy against the gold with the gold structure given."""

from __future__ import annotations

import pytest

from fixtures_util import assert_golden_json, fixture_pairs
from regc.grammar.logic import decide_logic, find_connective
from regc.passes import classify
from regc.passes.classify import decide_applicability, decide_category, decide_tags
from harness.goldcheck import measure, reset_owned_fields, run_stages
from regc.passes.summaries import is_self_contained, names_every_threshold
from stage_fixtures import check_golden, diagnostics_json, load_fixture, run_passes


# ------------------------------------------------------------------------------------------------ evaluation logic

@pytest.mark.parametrize("chapeau, children, logic, n", [
    ("The activity meets either of the following criteria:", ["a;", "b."], "OR", None),
    ("The activity complies with one or more of the following criteria:", ["a;", "b;", "c."], "OR", None),
    ("The activity complies with one or both of the following criteria:", ["a;", "b."], "OR", None),
    ("The activity meets all of the following criteria:", ["a;", "b."], "AND", None),
    ("Vehicles of categories M1 and N1 are both of the following:", ["a;", "b."], "AND", None),
    ("The activity complies with the following criteria:", ["for vehicles of category M1: x;",
                                                            "for vehicles of category L: y."], "AND", None),
    ("The system achieves at least two of the following effects:", ["a;", "b;", "c;", "d."], "N_OF_K", 2),
    ("The system achieves at least one of the following effects:", ["a;", "b."], "OR", None),
    ("The new construction is not built on one of the following:", ["wetlands;", "forest."], "AND", None),
    ("The percentage contribution is at least equivalent to:", ["for plants below 10 MW: 5 %;",
                                                                "for plants of 10 MW or more: 8 %."], "OR", None),
    ("Vehicles comply with:", ["until 31 December 2025, emissions are below 50 g;",
                               "from 1 January 2026, emissions are zero."], "AND", None),
    ("The activity produces:", ["ammonia;", "nitric acid."], "OR", None),
    ("The plan is:", ["based on scientific evidence;", "developed in consultation with stakeholders."], "AND", None),
    ("Emissions are within the BAT-AEL ranges of the relevant BAT conclusions, including:",
     ["the BAT conclusions for refining;", "the BAT conclusions for waste gas."], "AND", None),
    ("the operator demonstrates that", ["x is increased; or", "y is reduced."], "OR", None),
    ("The activity complies with the requirements set out in points 1.1.1 and 1.1.2:", ["a", "b"], "AND", None),
    ("In accordance with Article 4, and in particular paragraph 7 of that Article, an assessment is made.",
     ["x", "y"], "AND", None),
])
def test_decide_logic_patterns(chapeau, children, logic, n):
    d = decide_logic(chapeau, children)
    assert (d.logic, d.n_required) == (logic, n), d.rule


def test_logic_leaf_and_root_alternatively():
    assert decide_logic("The activity meets either of the following criteria:", []).logic == "LEAF"
    d = decide_logic("", ["The renovation complies with X.", "Alternatively, it reduces PED by 30 %."], is_root=True)
    assert d.logic == "OR"
    assert decide_logic("", ["X is done.", "Y is done."], is_root=True).logic == "AND"


def test_connective_negation_is_clause_local():
    assert find_connective("The new plant is not built on one of the following:").negated
    assert not find_connective("Where no permit is needed, the activity meets one of the following:").negated


# ------------------------------------------------------------------------------------------------ applicability

@pytest.mark.parametrize("text, expected, kw", [
    ("Where facilities incorporate any form of abatement, that abatement complies with Section 5.", "Conditional", {}),
    ("where applicable, assessing whether emissions are on a credible trajectory;", "Conditional", {}),
    ("Life-cycle GHG emissions are calculated based on project-specific data, where available.", "Mandatory", {}),
    ("Emissions are verified in line with Article 30 where applicable, or by an independent third party.",
     "Mandatory", {}),
    ("When undertaking the assessment referred to in point 1(b), the verifier takes into account X.", "Mandatory", {}),
    ("For buildings larger than 5 000 m2, the building undergoes testing for air-tightness.", "Conditional", {}),
    ("For the purposes of this Section, emissions are reported annually.", "Mandatory", {}),
    ("Vehicles of categories M1 and N1 are both of the following:", "Conditional", {}),
    ("vehicles of category L with tailpipe CO2 emissions equal to 0 g CO2e/km;", "Mandatory",
     {"parent_text": "The economic activity manufactures, repairs or upgrades:"}),
    ("On the basis of the reports, the Commission may address an opinion to the operators.", "Conditional", {}),
    ("Materials that may come into contact with occupiers emit less than 0,06 mg of formaldehyde.", "Mandatory", {}),
    ("screening of the activity to identify which physical climate risks may affect the performance;",
     "Mandatory", {}),
    ("Measures include, where relevant and depending on the ecosystems present:", "Conditional", {}),
    ("the water supply systems include metering at consumer level, where water is delivered to a delivery point.",
     "Mandatory", {}),
    ("For construction of new buildings, the building complies with X.", "Mandatory",
     {"activity_name": "Construction of new buildings"}),
])
def test_decide_applicability(text, expected, kw):
    assert decide_applicability(text, **kw).value == expected


def test_root_is_mandatory():
    assert decide_applicability("Where installed:", is_root=True).value == "Mandatory"


# ------------------------------------------------------------------------------------------------ tags / category

@pytest.mark.parametrize("text, tags, kw", [
    ("The activity complies with the criteria set out in Appendix A to this Annex.", ["Methodology"], {}),
    ("Vehicles comply with the emission thresholds set out in Table 2 of the Annex to Directive 2009/33/EC.", [], {}),
    ("Quantified life-cycle GHG emissions are verified by an independent third party.", ["Verification"], {}),
    ("the power to be replaced cannot be generated from renewable sources, based on a comparative assessment;",
     ["Assessment"], {}),
    ("A waste management plan is in place and ensures maximal recycling.", ["Commitment"], {}),
    ("the activity replaces an existing high emitting electricity generation activity;", ["Replacement"], {}),
    ("the replacement leads to a reduction in emissions of at least 55 %;", [], {}),
    ("Measures are taken to reduce noise, dust and pollutant emissions during works.", [], {}),
    ("The activity complies with either of the following criteria:", [], {"is_chapeau": True}),
    ("The Commission shall take those reports into account.", ["BackgroundInformation"], {}),
    ("anything at all;", ["Verification"], {"inherited": "Verification"}),
    ("the site has been subject to an investigation, for example using standard ISO 18400.", ["Assessment"], {}),
])
def test_decide_tags(text, tags, kw):
    assert decide_tags(text, **kw).value == tags


def test_category_is_deterministic_on_quantitative_items():
    from regc.ir.models import QuantItem, QuantitativeThreshold, TemporalItem, TemporalThreshold, Threshold
    assert decide_category(Threshold(temporal=TemporalThreshold(items=[TemporalItem(type="deadline",
                                                                                    date="2030-12-31")]))).value \
        == "Qualitative"
    assert decide_category(Threshold(quantitative=QuantitativeThreshold(items=[QuantItem(
        metric="x", operator="<", value=1, unit="%")]))).value == "Quantitative"


# ------------------------------------------------------------------------------------------------ golden fixtures

@pytest.mark.parametrize("inp, out", fixture_pairs("classify"), ids=lambda p: p.name)
def test_classify_golden(inp, out):
    check_golden(inp, out, classify)


@pytest.mark.parametrize("inp, out", fixture_pairs("classify", bad=True), ids=lambda p: p.name)
def test_classify_bad_inputs_are_diagnosed(inp, out):
    _, unit, ctx = load_fixture(inp)
    diags = classify.verify(run_passes(unit, ctx, [classify]), ctx)
    assert diags, "a bad input must produce a diagnostic"
    assert_golden_json(out, diagnostics_json(diags))


def test_repair_attempt_uses_guidance():
    """On a repair the nodes named by LOGIC_CONNECTIVE_MISMATCH are re-decided from the connective alone."""
    from regc.ir.models import Diagnostic
    _, unit, ctx = load_fixture(fixture_pairs("classify")[0][0])
    ctx.attempt = 1
    ctx.guidance = [Diagnostic(severity="error", code="LOGIC_CONNECTIVE_MISMATCH", message="x", criterion_id="1")]
    out = classify.run(unit.model_copy(deep=True), ctx)
    assert out.root.find("1").evaluation_logic == "OR"


# ------------------------------------------------------------------------------------------------ against the gold

@pytest.fixture(scope="module")
def gold_report(gold_dir):
    return measure(gold_dir)


def test_gold_accuracy_sc(gold_report):
    r = gold_report["SC"]
    assert r["category"] >= 0.99 and r["applicability"] >= 0.97 and r["logic"] >= 0.97, r
    assert r["tags"] >= 0.94, r


def test_gold_accuracy_dnsh(gold_report):
    r = gold_report["DNSH"]
    assert r["category"] >= 0.99 and r["applicability"] >= 0.97 and r["logic"] >= 0.97, r
    assert r["tags"] >= 0.94, r


def test_summaries_self_contained_and_name_every_threshold(gold_dir):
    from regc.ir.models import load_activity
    checked = 0
    for f in sorted(gold_dir.glob("*.json")):
        act = load_activity(f)
        for gu in act.units:
            out = run_stages(act, reset_owned_fields(gu))
            for n in out.root.walk():
                assert names_every_threshold(n.rule_summary, n.threshold), (gu.unit_id, n.criterion_id,
                                                                           n.rule_summary)
                assert is_self_contained(n.rule_summary), (gu.unit_id, n.criterion_id, n.rule_summary)
                checked += 1
    assert checked > 200


def test_inferred_group_is_a_joint_alternative():
    """An inferred group (``1(a-e)``, empty text) is AND over its members and one alternative of the OR chapeau;
    an anchored node inside it depends on the group (the OR node's child on its path)."""
    from regc.ir.models import Activity, ActSource, CriterionNode as N, Edge, Unit
    from regc.passes import dependencies
    from harness.goldcheck import make_context
    members = [N(criterion_id=f"1({c})", verbatim_text=f"requirement {c};") for c in "abc"]
    members[2].sub_criteria = [N(criterion_id="1(c).Verification", tags=["Verification"],
                                 verbatim_text="Compliance is verified by an independent third party.")]
    group = N(criterion_id="1(a-c)", verbatim_text="", sub_criteria=members)
    alt = N(criterion_id="1(d)", verbatim_text="facilities permitted by 31 December 2030 meet requirement d.")
    one = N(criterion_id="1", verbatim_text="The activity meets either of the following criteria:",
            sub_criteria=[group, alt])
    unit = Unit(unit_id="CCM-9.3/SC", root=N(criterion_id="ROOT", sub_criteria=[one]),
                edges=[Edge(type="GROUP_MEMBER", from_=f"1({c})", to="1(a-c)") for c in "abc"])
    act = Activity(activity_id="CCM-9.3", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                   units=[unit])
    ctx = make_context(act, unit)
    out = dependencies.run(classify.run(unit.model_copy(deep=True), ctx), ctx)
    assert out.root.find("1").evaluation_logic == "OR"
    g = out.root.find("1(a-c)")
    assert g.evaluation_logic == "AND" and g.tags == [] and is_self_contained(g.rule_summary)
    assert [e for e in out.edges if e.type == "DEPENDS_ON"][0].to == "1(a-c)"
    assert len([e for e in out.edges if e.type == "GROUP_MEMBER"]) == 3  # the structure pass's edges are kept


def test_decider_hook_can_override_and_is_recorded():
    """A configured decider (e.g. a DSPy module) sees the rule decision and may replace it; provenance says so.
    The decider here is a test double: this checks the plumbing, not any model's quality."""
    from regc.decisions import APPLICABILITY, Decider, Verdict

    class Double:
        def decide(self, decision, inputs, rule, *, about=None, flags=None):
            if decision is APPLICABILITY and about == "2":
                return Verdict("Mandatory", 0.99, "double", model="test-double")
            return None

    assert isinstance(Double(), Decider)

    _, unit, ctx = load_fixture(next(p for p, _ in fixture_pairs("classify") if p.name.startswith("pathways")))
    ctx.options.decider = Double()
    out = classify.run(unit.model_copy(deep=True), ctx)
    two = out.root.find("2")
    assert two.applicability == "Mandatory" and two.provenance.fields["applicability"].model == "test-double"
    assert out.root.find("1(b).Verification(b)").applicability == "Conditional"  # untouched rule decision


# ------------------------------------------------------------------------------------------------ §7 cues in verify

def _section7_fixture():
    return load_fixture([p for p, _ in fixture_pairs("classify") if p.name.startswith("section7_cues")][0])


def test_verify_flags_a_broken_applicability_against_the_section7_cues():
    """Observe: a hand-broken output (a sub-type item, a trailing gate and a permission made Mandatory, a process
    stage made Conditional) is flagged per node; the rule's own output is not."""
    _, unit, ctx = _section7_fixture()
    out = classify.run(unit.model_copy(deep=True), ctx)
    assert not [d for d in classify.verify(out, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"]
    broken = out.model_copy(deep=True)
    for cid, value in (("P1(a)(i)", "Mandatory"), ("P4", "Mandatory"), ("P7", "Mandatory"), ("P6", "Conditional")):
        broken.root.find(cid).applicability = value
    flagged = {d.criterion_id for d in classify.verify(broken, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"}
    assert flagged == {"P1(a)(i)", "P4", "P7", "P6"}


def test_odr_repairs_a_model_that_ignores_the_section7_cues():
    """Diagnose + Repair: a (scripted) model that answers Mandatory everywhere is overruled on the flagged nodes
    by the repair attempt, which takes the rule's verdict for them."""
    from dataclasses import replace

    from regc.compiler.passmanager import run_with_odr
    from regc.decisions import Verdict

    class AlwaysMandatory:
        def decide(self, decision, inputs, rule, *, about=None, flags=None):
            return Verdict("Mandatory", 0.9, "scripted", model="scripted") if decision.name == "applicability" else None

    _, unit, ctx = _section7_fixture()
    ctx.options = replace(ctx.options, decider=AlwaysMandatory())
    fixed, record = run_with_odr(classify, unit.model_copy(deep=True), ctx)
    assert record.attempts >= 2
    assert [fixed.root.find(c).applicability for c in ("P1(a)(i)", "P1(b)(ii)", "P2", "P3", "P4", "P5", "P7")] == \
        ["Conditional"] * 7
    assert not [d for d in classify.verify(fixed, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"]


# ------------------------------------------------- §7 AP2/AP3/AP4 classes of issue 11 round 3 (verify learns them)

def _kinds_fixture():
    return load_fixture([p for p, _ in fixture_pairs("classify") if p.name.startswith("section7_kinds")][0])


_KIND_CONDITIONAL = ("P2", "P3", "P6", "P8", "P9")  # coordinated kind, agent of a kind, hazard class, so-gate, may include
_KIND_NEAR_MISSES = ("P1", "P4", "P5", "P7", "P10")  # no kind / kind inside a list / both kinds / object / how-qualifier


def test_verify_flags_a_broken_coordinated_kind_and_so_gate_output():
    """Observe: the rule's output passes; a hand-broken unit (each §7 cue node made Mandatory, each near-miss made
    Conditional) is flagged on exactly those nodes."""
    _, unit, ctx = _kinds_fixture()
    out = classify.run(unit.model_copy(deep=True), ctx)
    assert [out.root.find(c).applicability for c in _KIND_CONDITIONAL] == ["Conditional"] * 5
    assert [out.root.find(c).applicability for c in _KIND_NEAR_MISSES] == ["Mandatory"] * 5
    assert not [d for d in classify.verify(out, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"]
    broken = out.model_copy(deep=True)
    for cid in _KIND_CONDITIONAL:
        broken.root.find(cid).applicability = "Mandatory"
    flagged = {d.criterion_id for d in classify.verify(broken, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"}
    assert flagged == set(_KIND_CONDITIONAL)


def test_odr_repairs_a_model_that_ignores_coordinated_kinds():
    """Diagnose + Repair: a scripted model answering Mandatory everywhere is overruled on the flagged nodes."""
    from dataclasses import replace

    from regc.compiler.passmanager import run_with_odr
    from regc.decisions import Verdict

    class AlwaysMandatory:
        def decide(self, decision, inputs, rule, *, about=None, flags=None):
            return Verdict("Mandatory", 0.9, "scripted", model="scripted") if decision.name == "applicability" else None

    _, unit, ctx = _kinds_fixture()
    ctx.options = replace(ctx.options, decider=AlwaysMandatory())
    fixed, record = run_with_odr(classify, unit.model_copy(deep=True), ctx)
    assert record.attempts >= 2
    assert [fixed.root.find(c).applicability for c in _KIND_CONDITIONAL] == ["Conditional"] * 5
    assert not [d for d in classify.verify(fixed, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"]


# ------------------------------------------- §7 sub-type options of an OR (issue 11 round 4: verify learns them)

def _options_fixture():
    return load_fixture([p for p, _ in fixture_pairs("classify") if p.name.startswith("section7_options")][0])


def test_verify_flags_a_sub_type_option_of_an_or_made_mandatory():
    """Observe: the rule's output (a pre-modified kind "hybrid and dual fuel vessels derive …" under "one of the
    following" Conditional; the definite entity, a kind restating the activity and a listed object Mandatory)
    passes; the option hand-set to Mandatory is flagged, and a scripted always-Mandatory model is repaired by ODR."""
    from dataclasses import replace

    from regc.compiler.passmanager import run_with_odr
    from regc.decisions import Verdict

    _, unit, ctx = _options_fixture()
    out = classify.run(unit.model_copy(deep=True), ctx)
    assert [out.root.find(c).applicability for c in ("P1(a)", "P1(b)", "P1(c)", "P2(a)")] == \
        ["Mandatory", "Conditional", "Mandatory", "Mandatory"]
    assert not [d for d in classify.verify(out, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"]
    broken = out.model_copy(deep=True)
    broken.root.find("P1(b)").applicability = "Mandatory"
    flagged = {d.criterion_id for d in classify.verify(broken, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"}
    assert flagged == {"P1(b)"}

    class AlwaysMandatory:
        def decide(self, decision, inputs, rule, *, about=None, flags=None):
            return Verdict("Mandatory", 0.9, "scripted", model="scripted") if decision.name == "applicability" else None

    _, unit, ctx = _options_fixture()  # one warning keeps the confidence at 0.75: ask for a repair below 0.99
    ctx.options = replace(ctx.options, decider=AlwaysMandatory(), stop_confidence=0.99)
    fixed, record = run_with_odr(classify, unit.model_copy(deep=True), ctx)
    assert record.attempts >= 2 and fixed.root.find("P1(b)").applicability == "Conditional"


# ------------------------------- validation11 cues (H11-F11d): verify learns them through APPLICABILITY_CUE_MISMATCH

def test_verify_flags_broken_points_subject_exclusion_items_and_section_boundary():
    """Observe: the rule's output passes; each cue node hand-flipped is flagged (aircraft named by other points ->
    Conditional, items of 'The following elements are not compliant:' -> Conditional, 'where not included in
    Section 8.2., …' -> Mandatory, not a GATE_ON_MANDATORY either)."""
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CCM-3.20/SC", root=N(criterion_id="ROOT", sub_criteria=[
        N(criterion_id="1", verbatim_text="The activity manufactures one or more of the following:",
          sub_criteria=[N(criterion_id="1(a)", verbatim_text="heat pumps;"),
                        N(criterion_id="1(b)", verbatim_text="where not included in Section 8.2., software "
                                                             "supporting the design of new grids.")]),
        N(criterion_id="2", verbatim_text="The following elements are not compliant:", sub_criteria=[
            N(criterion_id="2(a)", verbatim_text="products installed in an infrastructure dedicated to fossil "
                                                 "fuels.")]),
        N(criterion_id="3", verbatim_text="The lessor ensures that heat pumps in point (a) are operated on "
                                          "renewable electricity.")]))
    act = Activity(activity_id="CCM-3.20", name="Manufacture of equipment",
                   source=ActSource(celex="32021R2139", format="eurlex-xhtml"), units=[unit])
    ctx = make_context(act, unit)
    out = classify.run(unit.model_copy(deep=True), ctx)
    want = {"1(b)": "Mandatory", "2(a)": "Conditional", "3": "Conditional"}
    assert {c: out.root.find(c).applicability for c in want} == want
    diags = classify.verify(out, ctx)
    assert not [d for d in diags if d.code in ("APPLICABILITY_CUE_MISMATCH", "GATE_ON_MANDATORY")]
    broken = out.model_copy(deep=True)
    for cid, value in want.items():
        broken.root.find(cid).applicability = "Conditional" if value == "Mandatory" else "Mandatory"
    flagged = {d.criterion_id for d in classify.verify(broken, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"}
    assert flagged == set(want)


# ------------------------------------- validation12 AP2/AP4: events, restricted places, kinds of process/operator/step

def _scopes_fixture():
    return load_fixture([p for p, _ in fixture_pairs("classify") if p.name.startswith("section7_scopes")][0])


_SCOPE_CONDITIONAL = ("P1", "P3", "P5", "P6", "P8")  # event trigger, designated areas, the substitution, operators of a
# kind of plant, a kind of process as subject
_SCOPE_NEAR_MISSES = ("P2", "P4", "P7", "P9", "P10")  # a stage, anaphoric place, no kind, a process naming the activity, a date


def test_event_place_and_kind_scopes_and_verify_flags_them_broken():
    """Spec §7: "After a climate risk event, …" (like "in the event of"), "In areas designated … for conservation …,"
    (a location scope), "The substitution …" (an intervention some instances undertake), "operators of inland nuclear
    power plants utilising once-through wet cooling …" and "Recycling processes …" (kinds only some instances have)
    are Conditional; the near-misses stay Mandatory.  Hand-broken (the four cue nodes made Mandatory), verify flags
    exactly those."""
    _, unit, ctx = _scopes_fixture()
    out = classify.run(unit.model_copy(deep=True), ctx)
    assert [out.root.find(c).applicability for c in _SCOPE_CONDITIONAL] == ["Conditional"] * 5
    assert [out.root.find(c).applicability for c in _SCOPE_NEAR_MISSES] == ["Mandatory"] * 5
    assert not [d for d in classify.verify(out, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"]
    broken = out.model_copy(deep=True)
    for cid in ("P1", "P3", "P5", "P6"):
        broken.root.find(cid).applicability = "Mandatory"
    flagged = {d.criterion_id for d in classify.verify(broken, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"}
    assert flagged == {"P1", "P3", "P5", "P6"}


# ------------------------------- validation12 tags (H11-F12b): what a product does is not the node's obligation

def _capability_unit():
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CE-4.1/SC", root=N(criterion_id="ROOT", sub_criteria=[
        N(criterion_id="4", verbatim_text="For lifecycle assessment software, at least one of the following "
                                          "capabilities specified in points (a) to (c) is met in its full scope:",
          sub_criteria=[
              N(criterion_id="4(a)", verbatim_text="supporting the life cycle assessment of products with "
                                                   "software-implemented methods and algorithms according to relevant "
                                                   "standards such as ISO 14067:2018;"),
              N(criterion_id="4(b)", verbatim_text="supporting the exchange with suppliers of data required to verify "
                                                   "the environmental performance of supplied materials;"),
              N(criterion_id="4(c)", verbatim_text="supporting the impact assessment of such measures on circularity "
                                                   "performance.")]),
        N(criterion_id="5", verbatim_text="The operator carries out an assessment of the circularity performance of "
                                          "the product.")]))
    act = Activity(activity_id="CE-4.1", name="Provision of IT/OT data-driven solutions",
                   source=ActSource(celex="32023R2486", format="formex"), units=[unit])
    return unit, make_context(act, unit)


def test_verify_flags_tags_read_from_a_products_capability():
    """Observe: the rule's output passes (the capability items carry no Assessment/Verification; a standard the
    capability works to stays Methodology; an operator's own assessment stays Assessment); the items hand-tagged from
    their gerund phrase are flagged TAG_PRODUCT_FUNCTION."""
    unit, ctx = _capability_unit()
    out = classify.run(unit.model_copy(deep=True), ctx)
    assert {c: out.root.find(c).tags for c in ("4", "4(a)", "4(b)", "4(c)", "5")} == \
        {"4": [], "4(a)": ["Methodology"], "4(b)": [], "4(c)": [], "5": ["Assessment"]}
    assert not [d for d in classify.verify(out, ctx) if d.code == "TAG_PRODUCT_FUNCTION"]
    broken = out.model_copy(deep=True)
    broken.root.find("4(b)").tags = ["Verification"]
    broken.root.find("4(c)").tags = ["Assessment"]
    flagged = {d.criterion_id for d in classify.verify(broken, ctx) if d.code == "TAG_PRODUCT_FUNCTION"}
    assert flagged == {"4(b)", "4(c)"}


def test_odr_repairs_a_model_that_tags_capabilities():
    """Diagnose + Repair: a scripted model reading Assessment from every "assessment" word is overruled on the
    flagged capability item; the operator's own assessment keeps its tag."""
    from dataclasses import replace

    from regc.compiler.passmanager import run_with_odr
    from regc.decisions import Verdict

    class WordReader:
        def decide(self, decision, inputs, rule, *, about=None, flags=None):
            if decision.name == "tags" and "assessment" in inputs.text:
                return Verdict(("Assessment",), 0.9, "scripted", model="scripted")
            return None

    unit, ctx = _capability_unit()
    ctx.options = replace(ctx.options, decider=WordReader(), stop_confidence=0.99)
    fixed, record = run_with_odr(classify, unit.model_copy(deep=True), ctx)
    assert record.attempts >= 2
    assert fixed.root.find("4(c)").tags == [] and fixed.root.find("5").tags == ["Assessment"]
    assert not [d for d in classify.verify(fixed, ctx) if d.code == "TAG_PRODUCT_FUNCTION"]


# ---------------------------------- validation13 AP1/AP2/AP4 (H11-F13c): product kinds, exception cases, table rows

def _product_kinds_unit():
    from regc.ir.models import Activity, ActSource, Unit
    from regc.ir.models import CriterionNode as N
    from harness.goldcheck import make_context

    unit = Unit(unit_id="CE-9.9/SC", root=N(criterion_id="ROOT", sub_criteria=[
        N(criterion_id="1", verbatim_text="Products incorporating portable batteries ensure that those batteries are "
                                          "replaceable, except when batteries are designed otherwise in the following "
                                          "case:", sub_criteria=[
            N(criterion_id="1(a)", verbatim_text="appliances designed to operate in an environment subject to "
                                                 "splashing water;")]),
        N(criterion_id="2", verbatim_text="The hazardous substances specified in table below are not introduced to "
                                          "the specified sub-assemblies and component parts.", sub_criteria=[
            N(criterion_id="2(i)", verbatim_text="Glass fining agents | Arsenic is not used in LCD glass. | "
                                                 "0,0050 % w/w")]),
        N(criterion_id="3", verbatim_text="Use of TBBPA is allowed as reactive component for Printed Circuit Boards "
                                          "only."),
        N(criterion_id="4", verbatim_text="The products do not contain fluor gas."),
        N(criterion_id="5", verbatim_text="The devices are allowed to be operated on the same infrastructure as "
                                          "bikes.")]))
    act = Activity(activity_id="CE-9.9", name="Manufacture of electrical and electronic equipment",
                   source=ActSource(celex="32023R2486", format="formex"), units=[unit])
    return unit, make_context(act, unit)


def test_product_kinds_exception_cases_and_restricted_rows_and_verify_flags_them_broken():
    """Spec §7 AP1/AP2/AP4: a product kind narrowed by a participle ("Products incorporating portable batteries"),
    a case of a closed exception list, a row of a table over "the specified sub-assemblies", and "is allowed …
    only" are Conditional; "The products do not contain …" and "are allowed to be operated" stay Mandatory.
    Hand-broken (the four cue nodes made Mandatory), verify flags exactly those."""
    unit, ctx = _product_kinds_unit()
    out = classify.run(unit.model_copy(deep=True), ctx)
    cues, near = ("1", "1(a)", "2(i)", "3"), ("4", "5")
    assert [out.root.find(c).applicability for c in cues] == ["Conditional"] * 4
    assert [out.root.find(c).applicability for c in near] == ["Mandatory"] * 2
    assert not [d for d in classify.verify(out, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"]
    broken = out.model_copy(deep=True)
    for cid in cues:
        broken.root.find(cid).applicability = "Mandatory"
    flagged = {d.criterion_id for d in classify.verify(broken, ctx) if d.code == "APPLICABILITY_CUE_MISMATCH"}
    assert flagged == set(cues)
