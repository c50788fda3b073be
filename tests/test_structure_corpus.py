"""Structure pass on real, non-gold corpus text (generalisation sweep): tables inside criteria, OR chapeaux,
anchored-paragraph types, Compass label repairs.  Each case names the activity and the source it comes from."""

from __future__ import annotations


import pytest

from regc.compiler.passmanager import CompileOptions
from regc.ir.models import Activity
from regc.passes import structure

ENV_FMX = "32023r2486/2026-01-01/en.fmx4"
CLIMATE_XHTML = "32021r2139/2026-01-01/en.xml"


@pytest.fixture(scope="module")
def env_act(eurlex):
    from regc.frontends import load_source

    return load_source(eurlex / ENV_FMX)


@pytest.fixture(scope="module")
def climate_act(eurlex):
    from regc.frontends import load_source

    return load_source(eurlex / CLIMATE_XHTML)


def _structure_only(act, activity_id: str) -> Activity:
    from regc.compiler.driver import compile_activity

    adoc = act.activity(activity_id)
    assert adoc is not None, activity_id
    built, _diags, _r = compile_activity(act, adoc, CompileOptions(), pipeline=(structure,))
    return built


def _children(node) -> list[str]:
    return [c.criterion_id for c in node.sub_criteria]


def test_table_rows_are_items_of_the_criterion_that_introduces_the_table(env_act):
    """CE-1.2 SC 2.6.4 (Formex): the header row is no node (spec §6: headings are never criterion text); rows
    (i)-(vi) -> 2.6.4(i) …, with "(v)" read as a roman numeral although the act skips "(iv)"."""
    sc = _structure_only(env_act, "CE-1.2").unit("SC")
    n = sc.root.find("2.6.4")
    assert _children(n) == ["2.6.4(i)", "2.6.4(ii)", "2.6.4(iii)", "2.6.4(v)", "2.6.4(vi)"]
    assert not any("Substance group" in c.verbatim_text for c in n.sub_criteria)
    assert n.find("2.6.4(v)").verbatim_text.endswith("| 0,0050 % w/w")
    assert all(not c.sub_criteria for c in n.sub_criteria)
    assert _children(sc.root.find("2.6"))[-3:] == ["2.6.5", "2.6.6", "2.6.7"]


# ------------------------------------------------------------------------------ anchored paragraphs: their Type
# Real unnumbered paragraphs of non-gold activities (EUR-Lex 2021/2139 2026-01-01 and Formex 2023/2486), with the
# Type a careful annotator gives them (paper D.5 definitions, spec §6 "Tags").
@pytest.mark.parametrize("text,tag,rule", [
    # CE-2.5 SC 5: a non-binding preference
    ("The digestate is preferably composted after anaerobic digestion to maximise benefits to the soil it is applied "
     "to afterwards.", "BackgroundInformation", "background-cue"),
    # CCA-10.1 SC 2.1: an explanation of how a term may be read
    ("For the purpose of this point, where a policyholder has invested in adaptation measures, lower premiums may be "
     "considered as a risk-based reward for preventive actions taken by policyholders.", "BackgroundInformation",
     "background-cue"),
    # CCM-3.20 SC 1(d): a named EN standard
    ("The equipment referred to in this point (d) complies with EN 62271-1 High-voltage switchgear and control gear.",
     "Methodology", "methodology-cue"),
    # PPC-1.1 DNSH-WTR 1: best practices of a named reference document
    ("The activity implements best practices specified in the Joint Research Centre Best Environmental Management "
     "Practice for the Public Administration Sector.", "Methodology", "methodology-cue"),
    # PPC-1.1 SC 2.3: the operator verifies
    ("The operator verifies that no fugitive VOC emission occurs beyond the criteria specified below as to the parts "
     "per million volumetric (ppmv) thresholds by carrying out Leak detection and repair (LDAR) campaigns.",
     "Verification", "verification-cue"),
    # WTR-3.1 SC 4: periodic review of the monitoring programme
    ("For activities in third countries, the programme is reviewed at least once per programming period and in any "
     "case every 10 years.", "Verification", "verification-cue"),
    # BIO-2.1 SC 5: control by authorities or a third party, not "screening"
    ("At the beginning of the activity and at least every five years thereafter, the compliance with the technical "
     "screening criteria is controlled by the relevant national competent authorities or by an independent third "
     "party.", "Verification", "verification-cue"),
    # WTR-3.1 SC 2: risks identified and addressed
    ("Environmental degradation risks related to preserving marine environment are identified and addressed with the "
     "aim of achieving or maintaining good environmental status.", "Assessment", "assessment-cue"),
    # BIO-2.1 SC 4.1: not detrimental to protected species (the activity acts: binding, not background)
    ("In the Union, in any area, the activity is not detrimental to the recovery or maintenance of the populations of "
     "the species protected under Directives 92/43/EEC and 2009/147/EC at a favourable conservation status.",
     "Assessment", "assessment-cue"),
    # CCM-6.18 SC: conditions on the aircraft withdrawn from the fleet
    ("whereby the aircraft permanently withdrawn from use or from the fleet:", "Replacement", "replacement-cue"),
    # CCM-3.20 SC 3: an exclusion
    ("For all power ranges, switchgears containing SF6 are not compliant.", "Methodology", "exclusion"),
    # CCM-4.19 SC 2: "technical screening criteria" is not an assessment cue
    ("Where the CO2 that would otherwise be emitted from the cogeneration process is captured for the purpose of "
     "underground storage, the CO2 is transported and stored underground, in accordance with the technical screening "
     "criteria set out in Sections 5.11 and 5.12 of this Annex.", "Methodology", "methodology-cue"),
    # WTR-2.2 SC 1 (like gold WTR-2.1 4.Methodology): the information is included in a plan; a later "good
    # environmental status" does not make it an Assessment
    ("The information related to the status of water bodies is included in a river basin management plan. The waste "
     "water treatment system also contributes to achieve or maintain the good environmental status of marine waters "
     "in accordance with Directive 2008/56/EC, where applicable.", "Methodology", "methodology-cue"),
    # CE-2.7 SC 4: a plain requirement without any cue
    ("The activity converts or allows the conversion of waste into secondary raw materials.", "Methodology",
     "requirement-default"),
])
def test_anchor_type_on_corpus_paragraphs(text, tag, rule):
    d = structure.anchor_type(text)
    assert (d.tag, d.rule) == (tag, rule)


def test_block_closing_an_or_list_goes_to_the_list_holder_with_an_inferred_group(climate_act):
    """Spec §7 anchoring order (2) + inferred groups, in unlabelled units (EUR-Lex 2021/2139).  CCM-6.18 / 6.19 SC:
    "whereby the aircraft permanently withdrawn from use or from the fleet:" follows the either-list (i)-(ii) of
    P1(c) after (ii) closed its sentence -> it closes the list: ``P1(c).Replacement`` (with its own (i)-(iv)), and
    P1(c) becomes AND over the inferred group ``P1(c)(i-ii)``.  CCM-6.19: "The SAF use requirement referred to in
    points (d) and (e) is calculated …" cites two items of P1's list together -> ``P1.Methodology`` (rule
    ``names-several-items``), P1 AND over ``P1(a-e)``.  Near-misses: CCM-6.18 P2 "The lessor ensures that aircraft
    in point (b) or (c) …" cites two items but qualifies nothing -> stays a P-node; CCM-3.21's "In the absence of a
    certificate …" cites no item and stays under P1(b) (uppercase, not a continuation)."""
    act = climate_act
    for aid in ("CCM-6.18", "CCM-6.19"):
        sc = _structure_only(act, aid).unit("SC")
        p1c = sc.root.find("P1(c)")
        assert _children(p1c) == ["P1(c)(i-ii)", "P1(c).Replacement"], aid
        anchored = sc.root.find("P1(c).Replacement")
        assert anchored.verbatim_text.startswith("whereby"), aid
        assert anchored.provenance.fields["criterion_id"].rule == "anchor:closes-list"
        assert _children(anchored) == [f"P1(c).Replacement({r})" for r in ("i", "ii", "iii", "iv")]
        assert {e.from_ for e in sc.edges if e.type == "GROUP_MEMBER" and e.to == "P1(c)(i-ii)"} == \
            {"P1(c)(i)", "P1(c)(ii)"}
    sc = _structure_only(act, "CCM-6.19").unit("SC")
    assert _children(sc.root.find("P1")) == ["P1(a-e)", "P1.Methodology"]
    assert sc.root.find("P1.Methodology").provenance.fields["criterion_id"].rule == "anchor:names-several-items"
    sc = _structure_only(act, "CCM-6.18").unit("SC")
    assert _children(sc.root) == ["P1", "P2"]


def test_anchored_requirement_beside_tiers_makes_an_inferred_group(climate_act):
    """CCM-3.21 SC P1(b): the mass bands (i)-(iii) ("having (a) maximum take-off mass greater than …") are
    conditional tiers (OR without a connective, rule ``attribute-band-tiering``) and the replacement-ratio and
    certificate blocks are participating anchored children -> P1(b) holds the inferred group ``P1(b)(i-iii)``
    (spec §7 inferred groups applied to a tiering OR); the ratio block calculates -> Methodology, not Replacement."""
    sc = _structure_only(climate_act, "CCM-3.21").unit("SC")
    assert _children(sc.root.find("P1(b)")) == ["P1(b)(i-iii)", "P1(b).Methodology", "P1(b).Verification"]


# ------------------------------------------------------------------------------------ Compass label repairs
@pytest.fixture(scope="module")
def compass_act(corpus):
    from regc.frontends import load_source

    return load_source(corpus / "taxonomy-compass-json" / "taxonomy-1.0.4.json")


def test_compass_flat_list_repair_moves_sub_items_up_a_level(compass_act, climate_act):
    """CCM-5.3 SC: Compass prints criterion 1 as ``<ol type='a'><li>`` with tiers (i)-(iii); EUR-Lex prints
    1. with (a)-(c).  Both builds give 1(a)-(c); the printed Compass labels stay in provenance."""
    comp = _structure_only(compass_act, "CCM-5.3").unit("SC")
    xhtml = _structure_only(climate_act, "CCM-5.3").unit("SC")
    for unit in (comp, xhtml):
        assert _children(unit.root) == ["1", "2"]
        assert _children(unit.root.find("1"))[:3] == ["1(a)", "1(b)", "1(c)"]
    assert comp.root.find("1(c)").provenance.label == "(iii)"
    # the paragraph on how net energy consumption may be computed concerns criterion 1's metric, not tier (c);
    # "may take into account" is a permission to the assessor: BackgroundInformation (spec §7)
    for unit in (comp, xhtml):
        how = unit.root.find("1.BackgroundInformation")
        assert how is not None and how.verbatim_text.startswith("Net energy consumption of the operation")


def test_compass_repeated_number_is_read_as_the_next(compass_act):
    """CCA-9.2 SC: the Compass prints "4." twice (EUR-Lex: 4., 5.): the second is criterion 5, reported as a
    repair (info), not a duplicate id."""
    unit = _structure_only(compass_act, "CCA-9.2").unit("SC")
    assert _children(unit.root) == ["1", "2", "3", "4", "5"]
    five = unit.root.find("5")
    assert five.provenance.label == "4." and five.verbatim_text.startswith("The economic activity uses state-of-art")
    assert five.provenance.fields["criterion_id"].rule == "repair:repeated-label-renumbered"
    ctx_diags = structure.verify(unit, _verify_ctx(compass_act, "CCA-9.2"))
    assert [(d.code, d.severity) for d in ctx_diags] == [("ID_REPAIRED", "info")]


def test_compass_split_list_tree(compass_act):
    unit = _structure_only(compass_act, "CCM-1.1").unit("SC")
    assert _children(unit.root.find("2.3")) == ["2.3(a)", "2.3(b)", "2.3(c)", "2.3(d)"]
    assert _children(unit.root.find("2.3(b)")) == ["2.3(b)(i)", "2.3(b)(ii)", "2.3(b)(iii)"]


def _verify_ctx(act, activity_id: str, part: str = "SC"):
    from regc.compiler.passmanager import PassContext, SemanticMemory

    adoc = act.activity(activity_id)
    ud = next(u for u in adoc.units if u.part == part)
    return PassContext(act=act, activity=adoc, unit_doc=ud, memory=SemanticMemory(), options=CompileOptions())


def test_sentence_broken_over_two_paragraphs_stays_together(climate_act):
    """CCA-14.1 SC (EUR-Lex 2021/2139): "The climate risk and vulnerability assessment is proportionate to the
    scale of the activity and" / "its expected lifespan, so that:" are two <p> of one sentence: the front-end joins
    them into one block (a paragraph cannot end with "and"); the block closes the list 2(a)-(c) and goes to 2
    (spec §7 anchoring), typed Methodology (it says how the assessment is done), with its items."""
    sc = _structure_only(climate_act, "CCA-14.1").unit("SC")
    node = sc.root.find("2.Methodology")
    assert node.verbatim_text == ("The climate risk and vulnerability assessment is proportionate to the scale of "
                                  "the activity and its expected lifespan, so that:")
    assert _children(node) == ["2.Methodology(a)", "2.Methodology(b)"]
    assert node.provenance.fields["criterion_id"].rule == "anchor:closes-list"
    assert not sc.root.find("2(c)").sub_criteria


def test_titles_are_criterion_text(env_act):
    """CE-2.7 SC (Formex): "1. Origin of the feedstock material" is a GR.SEQ title; spec §7 "Titles": the title is
    the node's text and the paragraphs below it are anchored under it with the Type that fits (a plain requirement
    takes Methodology); the first paragraph is never promoted.  A title that is a sentence (PPC-1.1 DNSH-WTR 4
    "The activity complies with … Appendix D …") is an ordinary criterion; a title over numbered sub-criteria
    (BIO-1.1 SC 1 "General conditions" over 1.1, 1.2) holds them."""
    sc = _structure_only(env_act, "CE-2.7").unit("SC")
    assert _children(sc.root) == ["1", "2", "3", "4"]
    one = sc.root.find("1")
    assert one.verbatim_text == "Origin of the feedstock material" and one.provenance.label == "1."
    assert _children(one) == ["1.Methodology"]
    assert one.find("1.Methodology").verbatim_text.startswith("The non-hazardous waste feedstock originates")
    assert _children(one.find("1.Methodology")) == [f"1.Methodology({c})" for c in "abcd"]
    assert _children(sc.root.find("2")) == ["2.Methodology", "2.Methodology.2"]
    assert sc.root.find("2.Methodology.2").verbatim_text.startswith("For materials for which separate collection")
    assert sc.root.find("4").verbatim_text == "Quality of secondary raw materials"
    assert one.provenance.fields["verbatim_text"].rule == "title-is-criterion-text"
    assert not [d for d in structure.verify(sc, _Ctx(env_act, "CE-2.7", "SC")) if d.severity != "info"]

    ppc = _structure_only(env_act, "PPC-1.1").unit("DNSH-WTR")
    assert ppc.root.find("4").verbatim_text.startswith("The activity complies with the criteria set out in Appendix")
    bio = _structure_only(env_act, "BIO-1.1").unit("SC")
    assert bio.root.find("1").verbatim_text == "General conditions" and \
        _children(bio.root.find("1"))[:2] == ["1.1", "1.2"]


class _Ctx:
    def __init__(self, act, activity_id: str, part: str):
        adoc = act.activity(activity_id)
        self.unit_doc = next(u for u in adoc.units if u.part == part)
        self.unit_id = f"{activity_id}/{part}"


def test_exclusions_after_a_list_participate_and_definitions_are_background(climate_act):
    """CCM-4.9 SC (EUR-Lex 2021/2139): the exclusions printed after 1(c) ("… is not compliant.") close the list of
    1 and are binding requirements of 1 (spec §7): ``1.Methodology``, ``1.Methodology.2``; 1's "at least one of the
    following" then holds an inferred group 1(a-c) (spec §7 inferred groups).  The definitions "For the purposes of
    this Section, the following specifications apply:" after 2(h) stay section-wide BackgroundInformation."""
    sc = _structure_only(climate_act, "CCM-4.9").unit("SC")
    assert _children(sc.root.find("1")) == ["1(a-c)", "1.Methodology", "1.Methodology.2"]
    assert _children(sc.root.find("1(a-c)")) == ["1(a)", "1(b)", "1(c)"]
    assert sc.root.find("1.Methodology.2").verbatim_text.endswith("is not compliant.")
    assert {(e.from_, e.to) for e in sc.edges if e.type == "GROUP_MEMBER"} == \
        {("1(a)", "1(a-c)"), ("1(b)", "1(a-c)"), ("1(c)", "1(a-c)")}
    two = sc.root.find("2")
    assert _children(two)[-1] == "2.BackgroundInformation" and not sc.root.find("2(h)").sub_criteria
    defs = two.find("2.BackgroundInformation")
    assert defs.verbatim_text.startswith("For the purposes of this Section")
    assert _children(defs)[0] == "2.BackgroundInformation(a)" and len(defs.sub_criteria) == 7
    assert defs.provenance.fields["criterion_id"].rule == "anchor:section-wide"


@pytest.mark.parametrize("text, expected", [
    ("For the purposes of this Section, the following specifications apply:", True),
    ("‘Low-carbon fleet’ means a fleet of vehicles with zero emissions.", True),
    ("Installation of metering infrastructure that does not meet the requirements of smart metering systems of "
     "Article 20 of Directive (EU) 2019/944 is not compliant.", True),  # section_wide(exclusions=True) still reads it
    ("Where the measures referred to in point (b) are not feasible, the equipment is not compliant.", False),
    ("Compliance with the criteria referred to in point 1(b) is verified by an independent third party.", False),
    ("The activity complies with the criteria set out in Appendix A to this Annex.", False),
])
def test_section_wide_on_corpus_paragraphs(text, expected):
    assert structure.section_wide(text) is expected


def test_gated_regime_after_an_or_list_goes_to_the_criterion_of_its_subject(climate_act):
    """CCM-9.1 SC: "Where … is at TRL 8 or higher, life-cycle GHG emissions are calculated … and are verified by an
    independent third party" follows 7(b) (a permit, an alternative of 7's OR list) but is the TRL>=8 counterpart
    of criterion 7 (TRL 6 or 7): it verifies criterion 3's life-cycle GHG performance -> 3.Verification."""
    sc = _structure_only(climate_act, "CCM-9.1").unit("SC")
    assert _children(sc.root.find("3")) == ["3.Verification"]
    assert sc.root.find("3.Verification").verbatim_text.startswith("Where the researched, developed or innovated")
    assert not sc.root.find("7(b)").sub_criteria
    assert _children(sc.root.find("7")) == ["7(a)", "7(b)"]


def test_exclusion_right_after_its_numbered_criterion_stays_a_requirement(climate_act):
    """CCM-3.20 SC 3 (switchgears with high-GWP gases) is followed by "For all power ranges, switchgears containing
    SF6 are not compliant.": it extends criterion 3 (an exclusion of its own subject), not the whole section."""
    sc = _structure_only(climate_act, "CCM-3.20").unit("SC")
    [child] = sc.root.find("3").sub_criteria
    assert child.verbatim_text.startswith("For all power ranges") and child.criterion_id == "3.Methodology"


def test_plain_text_headings_agree_across_sources(climate_act, eurlex):
    """CCM-1.1 SC: EUR-Lex XHTML prints "4. Audit" as an ordinary numbered paragraph, Formex as a GR.SEQ title.
    Either way it is a title (spec §7): criterion 4 has the text "Audit" and "Within two years … verified by either
    of the following:" is anchored under it as 4.Verification with its (a)/(b); "1. Afforestation plan …" holds
    1.1-1.8.  Both sources give the same ids and texts."""
    from regc.frontends import load_source

    fmx = load_source(eurlex / "32021r2139/2026-01-01/en.fmx4")
    trees = [_structure_only(act, "CCM-1.1").unit("SC") for act in (climate_act, fmx)]
    for sc in trees:
        four = sc.root.find("4")
        assert four.verbatim_text == "Audit" and _children(four)[0] == "4.Verification"
        ver = four.find("4.Verification")
        assert ver.verbatim_text.startswith("Within two years after the beginning of the activity")
        assert _children(ver)[:2] == ["4.Verification(a)", "4.Verification(b)"]
        assert _children(sc.root.find("1"))[0] == "1.1"
    flat = [[(n.criterion_id, n.verbatim_text) for n, _ in sc.root.walk_with_parent()] for sc in trees]
    assert flat[0] == flat[1]
    assert not structure.is_heading(structure.Block(label="2.", text="The activity is one of the following"))
