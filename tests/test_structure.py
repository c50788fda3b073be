"""Structure pass: label-sequence hierarchy, ids (spec §3), anchoring (spec §6), pathways, verify().

Golden fixtures: ``tests/fixtures/structure/*.in.json`` (blocks) -> ``*.out.json`` (tree + edges + diagnostics);
``bad/`` holds inputs whose expected output includes the diagnostics.  Regenerate with ``REGC_RESET_FIXTURES=1``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fixtures_util import assert_golden_json, fixture_pairs
from structure_helpers import gold_blocks, structural_f1, tree_lines
from regc.compiler.passmanager import CompileOptions, PassContext, SemanticMemory
from regc.ir.doc import ActDoc, ActivityDoc, Block, UnitDoc
from regc.ir.models import CriterionNode, Unit, load_activity
from regc.passes import structure
from regc.passes.structure import (PathwayInput, PathwayItem, anchor_type, decide_pathways,
                                   parse_label, qualifies_previous)


def _ctx(blocks: list[Block], part: str = "SC", activity_id: str = "CCM-9.9", decider=None) -> PassContext:
    ud = UnitDoc(part=part, blocks=blocks)
    ad = ActivityDoc(activity_id=activity_id, objective=activity_id.split("-")[0], section="9.9", name="x", units=[ud])
    act = ActDoc(celex="32021R2139", format="eurlex-xhtml", file="test", activities=[ad])
    return PassContext(act=act, activity=ad, unit_doc=ud, memory=SemanticMemory(),
                       options=CompileOptions(decider=decider))


def _run(blocks: list[Block], part: str = "SC", decider=None) -> tuple[Unit, list]:
    ctx = _ctx(blocks, part, decider=decider)
    unit = structure.run(Unit(unit_id=ctx.unit_id, root=CriterionNode(criterion_id="ROOT")), ctx)
    return unit, structure.verify(unit, ctx)


def _blocks(spec: list[tuple]) -> list[Block]:
    return [Block(label=l, text=t) for l, t in spec]


def _ids(unit: Unit) -> list[tuple[str, str]]:
    return [(n.criterion_id, p.criterion_id) for n, p in unit.root.walk_with_parent() if p is not None]


# ----------------------------------------------------------------------------------------------------- labels


def test_parse_label_kinds():
    assert parse_label("2.1.").component == "2.1" and parse_label("2.1.").level == 2
    assert parse_label("(iv)").kind == "roman" and parse_label("(iv)").ordinal == 4
    assert parse_label("(a)").kind == "letter" and parse_label("a)").component == "(a)"
    amb = parse_label("(v)")
    assert amb.kind == "roman" and amb.alt is not None and amb.alt.kind == "letter" and amb.alt.ordinal == 22
    assert parse_label("—").kind == "dash"
    assert parse_label(None) is None


def test_i_after_h_is_a_letter_and_roman_list_under_chapeau():
    letters = [(f"({c})", f"item {c};") for c in "abcdefgh"]
    unit, diags = _run(_blocks([(None, "All of the following:"), *letters, ("(i)", "item i;"), ("(j)", "item j:"),
                                ("(i)", "part one;"), ("(ii)", "part two;"), ("(v)", "x")]))
    ids = dict(_ids(unit))
    assert ids["P1(i)"] == "P1" and ids["P1(j)"] == "P1"
    assert ids["P1(j)(i)"] == "P1(j)" and ids["P1(j)(ii)"] == "P1(j)"
    # "(v)" after "(ii)": neither continues a list -> the letter after (u)? no: it is out of sequence; it must land
    # somewhere and be reported
    assert any(d.code == "LABEL_SEQUENCE" for d in diags)


def test_h_chapeau_then_i_ii_is_roman():
    letters = [(f"({c})", f"item {c};") for c in "abcdefg"]
    unit, _ = _run(_blocks([(None, "All of the following:"), *letters, ("(h)", "item h, namely:"),
                            ("(i)", "sub one;"), ("(ii)", "sub two.")]))
    ids = dict(_ids(unit))
    assert ids["P1(h)(i)"] == "P1(h)" and ids["P1(h)(ii)"] == "P1(h)"


def test_letter_under_letter_and_dashes():
    unit, diags = _run(_blocks([("1.", "Either of the following:"), ("(f)", "x:"), ("(a)", "y;"), ("(b)", "z."),
                                ("2.", "All of:"), ("(a)", "monitoring:"), ("—", "at construction;"),
                                ("—", "at operation.")]))
    ids = dict(_ids(unit))
    assert ids["1(f)(a)"] == "1(f)" and ids["1(f)(b)"] == "1(f)"
    assert ids["2(a)-1"] == "2(a)" and ids["2(a)-2"] == "2(a)"
    assert not [d for d in diags if d.severity in ("error", "critical")]


# -------------------------------------------------------------------------------------------------- anchoring


def test_anchored_paragraphs_named_point_and_numbering():
    unit, diags = _run(_blocks([
        ("1.", "The activity meets either of the following criteria:"),
        ("(a)", "emissions are lower than 100 g CO2e/kWh."),
        (None, "Emissions are calculated using ISO 14067:2018."),
        (None, "Where abatement is used, it complies with the criteria set out in Section 5.11."),
        ("(b)", "plants comply with all of the following:"),
        ("(i)", "x;"), ("(ii)", "y."),
        (None, "Compliance with the criteria referred to in point 1(b) is verified by a third party by:"),
        ("(a)", "certifying x;"), ("(b)", "assessing y."),
        (None, "On the basis of the reports transmitted to it, the Commission may address an opinion."),
    ]))
    pairs = _ids(unit)
    assert ("1(a).Methodology", "1(a)") in pairs and ("1(a).Methodology.2", "1(a)") in pairs
    assert ("1(b)", "1") in pairs  # the list resumes after the anchored paragraphs
    assert ("1(b).Verification", "1(b)") in pairs
    assert ("1(b).Verification(a)", "1(b).Verification") in pairs
    assert ("1(b).BackgroundInformation", "1(b)") in pairs
    node = unit.root.find("1(b).Verification")
    assert node.tags == ["Verification"] and node.provenance.kind == "anchored"
    assert node.provenance.fields["tags"].pass_name == "structure"
    assert not [d for d in diags if d.severity in ("error", "critical")]


def test_root_chapeau_vs_p_chapeau():
    u1, _ = _run(_blocks([(None, "Constructions of new buildings for which:"), ("1.", "a"), ("2.", "b")]))
    assert u1.root.verbatim_text == "Constructions of new buildings for which:"
    assert [c.criterion_id for c in u1.root.sub_criteria] == ["1", "2"]
    u2, _ = _run(_blocks([(None, "The activity complies with the following criteria:"), ("(a)", "a;"), ("(b)", "b.")]))
    assert u2.root.verbatim_text == ""
    assert _ids(u2) == [("P1", "ROOT"), ("P1(a)", "P1"), ("P1(b)", "P1")]


def test_unlabelled_unit_anchor_vs_new_paragraph():
    unit, _ = _run(_blocks([
        (None, "Electricity consumption is lower than 2 MWh per tonne."),
        (None, "Electricity consumption is calculated using the methodology in Annex V."),
        (None, "Quantified electricity consumption is verified by an independent third party."),
        (None, "Where CO2 is captured, it is transported and stored in accordance with Directive 2009/31/EC."),
        (None, "No significant cross-media effects occur."),
    ]))
    assert _ids(unit) == [("P1", "ROOT"), ("P1.Methodology", "P1"), ("P1.Verification", "P1"), ("P2", "ROOT"),
                          ("P3", "ROOT")]


@pytest.mark.parametrize("text,tag", [
    ("Life-cycle GHG emissions are calculated using Recommendation 2013/179/EU.", "Methodology"),
    ("Quantified life-cycle GHG emissions are verified by an independent third party.", "Verification"),
    ("The implementation of those practices is verified by an independent third-party and audited.", "Verification"),
    ("The assessment is based on recent, comprehensive and accurate data.", "Methodology"),
    ("It assesses in particular the cumulated impacts of this new project.", "Assessment"),
    ("When undertaking the assessment referred to in point 1(b), the verifier takes into account the plans.",
     "BackgroundInformation"),
    ("The operator has committed to a phase-out plan with yearly milestones.", "Commitment"),
    ("The new unit replaces an existing high-emitting unit.", "Replacement"),
    ("Note: for this sub-requirement, cable housing is not a plastic part.", "BackgroundInformation"),
    ("For the purposes of point (f), Member States may use plans drawn up under Directive X.", "BackgroundInformation"),
    ("Notebook batteries are removable.", "Methodology"),  # nothing matches: the default, low confidence
])
def test_anchor_type_rules(text, tag):
    dec = anchor_type(text)
    assert dec.tag == tag
    assert (dec.rule == "default") == (dec.confidence < 0.5)


def test_qualifies_previous():
    assert qualifies_previous("Quantified savings are verified in line with Article 30.")
    assert not qualifies_previous("Measures are in place to manage waste.")


# --------------------------------------------------------------------------------------------------- pathways


def test_decide_pathways_two_pathways_by_sublist():
    items = tuple(PathwayItem(f"1({c})", f"{c};", False) for c in "abcde") + (PathwayItem("1(f)", "f:", True),)
    dec = decide_pathways(PathwayInput("The activity meets either of the following criteria:", items))
    assert dec.groups == ((0, 4),) and dec.confidence >= 0.7
    plain = decide_pathways(PathwayInput("The activity complies with either of the following criteria:",
                                         items[:3]))
    assert plain.groups == () and plain.confidence < 0.7  # undecided: left to the LLM arbiter
    assert decide_pathways(PathwayInput("all of the following:", items)).groups == ()


def test_pathway_group_node_and_edges():
    blocks = _blocks([("1.", "The activity meets either of the following criteria:"), ("(a)", "a;"), ("(b)", "b;"),
                      ("(c)", "facilities comply with all of the following:"), ("(i)", "x;"), ("(ii)", "y.")])
    unit, diags = _run(blocks)
    group = unit.root.find("1(a-b)")
    assert group is not None and group.verbatim_text == "" and group.provenance.kind == "group"
    assert [c.criterion_id for c in group.sub_criteria] == ["1(a)", "1(b)"]
    assert {(e.type, e.from_, e.to) for e in unit.edges} == {("GROUP_MEMBER", "1(a)", "1(a-b)"),
                                                             ("GROUP_MEMBER", "1(b)", "1(a-b)")}
    assert not [d for d in diags if d.severity in ("error", "critical")]


def test_pathway_decider_hook_arbitrates_low_confidence():
    from regc.decisions import PATHWAYS, Verdict

    class Decider:  # asked only when the rule is unsure, as hybrid mode does
        calls = 0

        def decide(self, decision, inputs, rule, *, about=None, flags=None):
            if decision is not PATHWAYS or rule.confidence >= 0.7:
                return None
            Decider.calls += 1
            return Verdict(((0, 1),), 0.9, "test-arbiter", model="test-double")

    blocks = _blocks([("1.", "The activity meets either of the following criteria:"), ("(a)", "a;"), ("(b)", "b;"),
                      ("(c)", "c.")])
    unit, _ = _run(blocks, decider=Decider())
    assert Decider.calls == 1 and unit.root.find("1(a-b)") is not None
    unit2, _ = _run(blocks)  # no arbiter: rules leave it flat
    assert unit2.root.find("1(a-b)") is None


def test_shared_decide_protocol_for_pathways_and_anchor_types():
    from regc.decisions import Verdict as Decision

    seen = []

    class Decider:
        def decide(self, decision, inputs, rule_decision, *, about=None, flags=None):
            kind = decision.name
            seen.append((kind, rule_decision.rule))
            if kind == "pathways":
                return Decision(((0, 5),), 0.9, "bad-range", model="fake")  # out of range: must be ignored
            if kind == "anchor_type":
                return Decision("Assessment", 0.8, "x", model="fake")
            return None

    blocks = _blocks([("1.", "The activity meets either of the following criteria:"), ("(a)", "a;"), ("(b)", "b;"),
                      ("(c)", "c."), (None, "Emissions are calculated using ISO 14067.")])
    unit, diags = _run(blocks, decider=Decider())
    # the paragraph closes the list (spec §7): it hangs on 1, whose alternatives become the inferred group 1(a-c)
    assert ("pathways", "chapeau-group-with-anchored-child") in seen
    assert unit.root.find("1(a-c)") is not None and unit.root.find("1.Assessment") is not None
    node = unit.root.find("1.Assessment")
    assert node.provenance.fields["tags"].rule == "anchor-type:model:fake"
    assert not [d for d in diags if d.severity in ("error", "critical")]


# ------------------------------------------------------------------------------------------------------ verify


def test_verify_reports_missing_extra_and_mislabelled():
    blocks = _blocks([("1.", "First."), ("(a)", "Sub a.")])
    unit, diags = _run(blocks)
    assert diags == []
    ctx = _ctx(blocks)
    broken = unit.model_copy(deep=True)
    broken.root.sub_criteria[0].sub_criteria[0].verbatim_text = "Invented text."
    broken.root.sub_criteria[0].criterion_id = "7"
    codes = {(d.code, d.kind) for d in structure.verify(broken, ctx)}
    assert ("BLOCK_NOT_COVERED", "Completeness") in codes
    assert ("TEXT_NOT_IN_SOURCE", "Semantic") in codes
    assert ("ID_LABEL_MISMATCH", "Structural") in codes
    assert ("ID_PARENT_MISMATCH", "Structural") in codes  # "1(a)" now sits under "7"


def test_verify_reports_anchor_under_wrong_parent():
    blocks = _blocks([("1.", "First:"), ("(a)", "Sub a."), (None, "X is verified by a third party."),
                      ("(b)", "Sub b.")])
    unit, diags = _run(blocks)
    assert not diags and unit.root.find("1(a).Verification") is not None
    moved = unit.model_copy(deep=True)
    one = moved.root.sub_criteria[0]
    anchored = one.sub_criteria[0].sub_criteria.pop()
    one.sub_criteria.append(anchored)
    codes = {d.code for d in structure.verify(moved, _ctx(blocks))}
    assert "ID_PARENT_MISMATCH" in codes


# ---------------------------------------------------------------------------------------------- golden fixtures


def _fixture_output(path: Path) -> dict:
    spec = json.loads(path.read_text(encoding="utf-8"))
    unit, diags = _run([Block(**b) for b in spec["blocks"]], spec.get("part", "SC"))
    return {
        "tree": tree_lines(unit.root),
        "tags": {n.criterion_id: n.tags for n in unit.root.walk() if n.tags},
        "edges": [e.to_json() for e in unit.edges],
        "diagnostics": [{"severity": d.severity, "code": d.code, "kind": d.kind, "criterion_id": d.criterion_id}
                        for d in diags],
    }


@pytest.mark.parametrize("inp,out", fixture_pairs("structure"), ids=lambda p: p.name)
def test_golden_fixture(inp, out):
    got = _fixture_output(inp)
    assert not [d for d in got["diagnostics"] if d["severity"] in ("error", "critical")]
    assert_golden_json(out, got)


@pytest.mark.parametrize("inp,out", fixture_pairs("structure", bad=True), ids=lambda p: p.name)
def test_bad_fixture_reports_diagnostics(inp, out):
    got = _fixture_output(inp)
    assert got["diagnostics"], "a bad input must produce diagnostics"
    assert_golden_json(out, got)


def test_fixture_sets_exist():
    assert len(fixture_pairs("structure")) >= 4 and len(fixture_pairs("structure", bad=True)) >= 2


# -------------------------------------------------------------------------------------------------------- gold


def _gold_units(gold_dir: Path):
    for f in sorted(gold_dir.glob("*.json")):
        act = load_activity(f)
        for u in act.units:
            yield act, u


def test_gold_trees_rebuilt_from_their_own_blocks(gold_dir):
    """Label/anchoring logic alone: blocks re-derived from each gold tree rebuild that tree."""
    for act, gu in _gold_units(gold_dir):
        unit, diags = _run(gold_blocks(gu), gu.part)
        assert tree_lines(unit.root) == tree_lines(gu.root), gu.unit_id
        for n in unit.root.walk():
            if n.provenance.kind == "anchored":
                assert n.tags == gu.root.find(n.criterion_id).tags, (gu.unit_id, n.criterion_id)


def _score(sys_unit: Unit, gold_unit: Unit) -> float:
    try:
        from regc.eval.score import score_unit
    except ImportError:
        return structural_f1(sys_unit.root, gold_unit.root)[2]
    s = score_unit(sys_unit.to_json(), gold_unit.to_json())["structural"]
    return s["f1"] if isinstance(s, dict) else float(s)


def _compile_gold_against_source(gold_dir: Path, source: Path, celex: str):
    from regc.compiler.driver import compile_activity
    from regc.frontends import load_source

    act = load_source(source)
    scores: dict[str, float] = {}
    for f in sorted(gold_dir.glob("*.json")):
        gold = load_activity(f)
        if gold.source.celex != celex:
            continue
        adoc = act.activity(gold.activity_id)
        assert adoc is not None, gold.activity_id
        built, _d, _r = compile_activity(act, adoc, CompileOptions(), pipeline=(structure,))
        for gu in gold.units:
            su = built.unit(gu.part)
            scores[gu.unit_id] = _score(su, gu) if su is not None else 0.0
    return scores


def test_gold_structure_from_eurlex_xhtml(gold_dir, eurlex):
    scores = _compile_gold_against_source(gold_dir, eurlex / "32021r2139" / "2026-01-01" / "en.xml", "32021R2139")
    assert scores, "no EUR-Lex gold activities"
    sc = [v for k, v in scores.items() if k.endswith("/SC")]
    assert sum(sc) / len(sc) >= 0.95, scores
    assert sum(scores.values()) / len(scores) >= 0.95, scores
    assert min(scores.values()) >= 0.8, scores


def test_gold_structure_from_formex(gold_dir, eurlex):
    src = eurlex / "32023r2486" / "2026-01-01" / "en.fmx4"
    try:
        scores = _compile_gold_against_source(gold_dir, src, "32023R2486")
    except Exception as e:  # the Formex front-end is written in parallel
        from regc.ir.doc import FrontEndError
        if isinstance(e, FrontEndError) and "not available" in str(e):
            pytest.skip(f"Formex front-end not available yet: {e}")
        raise
    assert scores and sum(scores.values()) / len(scores) >= 0.95, scores


def test_gold_structure_from_compass(gold_dir, corpus):
    """The Compass JSON (2021 text as first adopted, flat <ol> markup) against the consolidated-text gold: the
    activities it covers must still rebuild their trees (labels, not markup nesting, decide)."""
    src = corpus / "taxonomy-compass-json" / "taxonomy-1.0.4.json"
    from regc.compiler.driver import compile_activity
    from regc.frontends import load_source

    try:
        act = load_source(src)
    except Exception as e:  # the Compass front-end is written in parallel
        pytest.skip(f"Compass front-end not usable yet: {e}")
    scores = {}
    for f in sorted(gold_dir.glob("CCM-*.json")):
        gold = load_activity(f)
        adoc = act.activity(gold.activity_id)
        if adoc is None:  # 4.26-4.31 came with the 2022 amendment, after this Compass export
            continue
        built, _d, _r = compile_activity(act, adoc, CompileOptions(), pipeline=(structure,))
        for gu in gold.units:
            su = built.unit(gu.part)
            scores[gu.unit_id] = _score(su, gu) if su is not None else 0.0
    assert len(scores) >= 20 and sum(scores.values()) / len(scores) >= 0.9, scores


def test_flat_markup_numbering_repair():
    """Compass prints criterion 1 as an <ol type='a'> item and "2." as text: the first list is criterion 1."""
    unit, diags = _run(_blocks([("(a)", "The net energy consumption is lower than:"), ("(i)", "35 kWh;"),
                                ("(ii)", "25 kWh."), ("2.", "For new plants, an assessment is performed.")]))
    # its roman items move up one level with it: (i), (ii) are the act's (a), (b) (CCM-5.3 SC 1 in EUR-Lex)
    assert _ids(unit) == [("1", "ROOT"), ("1(a)", "1"), ("1(b)", "1"), ("2", "ROOT")]
    node = unit.root.find("1")
    assert node.provenance.label == "(a)"  # the printed label is kept in provenance
    assert node.provenance.fields["criterion_id"].rule == "repair:flat-markup-renumbered"
    assert unit.root.find("1(b)").provenance.label == "(ii)"
    assert [d.code for d in diags] == ["ID_REPAIRED"] * 3 and {d.severity for d in diags} == {"info"}
    # a genuine letter list before a numbered list that starts at 1 is left alone
    unit2, _ = _run(_blocks([("(a)", "x;"), ("(b)", "y."), ("1.", "z.")]))
    assert [c.criterion_id for c in unit2.root.sub_criteria] == ["(a)", "(b)", "1"]
