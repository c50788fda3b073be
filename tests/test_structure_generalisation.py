"""Spec §7 structure rules (issue 11, classes ST1-ST5 of shared/design/generalisation.md): the inferred-group rule of
the ``pathways`` decision, the sentence join of the front-ends, and verify learning the same rules (a deliberately
broken output is flagged; the ODR loop repairs a model's answer that breaks them).  The anchoring cases themselves
are golden fixtures (tests/fixtures/structure/st*.in.json) and decision fixtures (anchor_type.json)."""

from __future__ import annotations

import pytest

from regc.compiler.passmanager import CompileOptions, PassContext, SemanticMemory, run_with_odr
from regc.decisions import Verdict
from regc.decisions.pathways import PathwayInput, PathwayItem, chapeau_choice_group, decide_pathways
from regc.frontends.text import continues_sentence, join_broken_sentences
from regc.ir.doc import ActDoc, ActivityDoc, Block, UnitDoc
from regc.ir.models import CriterionNode, Unit
from regc.passes import structure


def _ctx(blocks: list[Block], decider=None) -> PassContext:
    ud = UnitDoc(part="SC", blocks=blocks)
    ad = ActivityDoc(activity_id="CE-9.9", objective="CE", section="9.9", name="x", units=[ud])
    act = ActDoc(celex="32023R2486", format="formex", file="test", activities=[ad])
    return PassContext(act=act, activity=ad, unit_doc=ud, memory=SemanticMemory(),
                       options=CompileOptions(decider=decider))


def _run(blocks: list[Block], decider=None) -> tuple[Unit, list]:
    ctx = _ctx(blocks, decider)
    unit = structure.run(Unit(unit_id=ctx.unit_id, root=CriterionNode(criterion_id="ROOT")), ctx)
    return unit, structure.verify(unit, ctx)


CHOICE = [("1.", "For remote monitoring systems, at least two of the following capabilities are met:"),
          ("(a)", "alerting the user to abnormal sensor values;"), ("(b)", "predicting the remaining lifetime;"),
          ("(c)", "predicting an upcoming failure."),
          (None, "IT/OT systems aimed only at monitoring consumables are not compliant.")]
TITLED = [("1.", "Audit", "TITLE"),
          (None, "At least every five years, compliance is controlled by an independent third-party certifier.", "P"),
          (None, "In order to reduce costs, audits may be performed together with any other audit.", "P")]


def _blocks(spec) -> list[Block]:
    return [Block(label=s[0], text=s[1], style=s[2] if len(s) > 2 else None, depth=1 if len(s) > 2 and s[0] is None
                  else 0) for s in spec]


# ------------------------------------------------------------------------------------------ the pathways decision


ITEMS = tuple(PathwayItem(i, "x.", False) for i in ("1.1", "1.2", "1.3"))


@pytest.mark.parametrize("chapeau, anchored, groups, rule", [
    # positives: the chapeau names its alternatives and another item follows (PPC-1.2 SC 1)
    ("The activity complies with one of the following sets of requirements set out in point 1.1 or 1.2 relating to "
     "product substitution. In any case, the activity complies with the requirements set out in point 1.3.", False,
     ((0, 1),), "chapeau-names-its-alternatives"),
    # an N_OF_K / OR chapeau whose node also has a participating anchored child (CE-4.1 SC 2)
    ("at least two of the following capabilities specified in points (a) to (c) are met:", True, ((0, 2),),
     "chapeau-group-with-anchored-child"),
    ("The activity meets either of the following criteria:", True, ((0, 2),), "chapeau-group-with-anchored-child"),
    # near-misses: an AND chapeau; an OR chapeau with nothing else participating; the named range is every item
    ("The activity complies with all of the following:", True, (), "no-alternatives-to-group"),
    ("The activity is one of the following:", False, (), "plain-alternatives"),
    ("one of the following set out in points 1.1 to 1.3:", False, (), "plain-alternatives"),
])
def test_pathways_inferred_group_rule(chapeau, anchored, groups, rule):
    dec = decide_pathways(PathwayInput(chapeau, ITEMS, participating_anchored=anchored))
    assert (dec.groups, dec.rule) == (groups, rule)


def test_named_alternatives_must_be_items_of_the_node():
    """"point 2.1 or 2.2" names no item of a node whose items are 1.1-1.3: no group from the names."""
    assert chapeau_choice_group(PathwayInput("one of the following set out in point 2.1 or 2.2.", ITEMS)) is None


def test_inferred_group_takes_the_chapeau_logic_and_the_node_is_and():
    """CE-4.1 SC 2 shape through structure + classify: 1 AND over 1(a-c) (N_OF_K 2) and the exclusion."""
    from regc.passes import classify

    unit, diags = _run(_blocks(CHOICE))
    assert not [d for d in diags if d.severity in ("error", "critical")]
    classify.run(unit, None)
    one, group = unit.root.find("1"), unit.root.find("1(a-c)")
    assert [c.criterion_id for c in one.sub_criteria] == ["1(a-c)", "1.Methodology"]
    assert (one.evaluation_logic, group.evaluation_logic, group.n_required) == ("AND", "N_OF_K", 2)
    assert {(e.from_, e.to) for e in unit.edges if e.type == "GROUP_MEMBER"} == \
        {("1(a)", "1(a-c)"), ("1(b)", "1(a-c)"), ("1(c)", "1(a-c)")}
    assert not [d for d in classify.verify(unit, None) if d.code == "LOGIC_CONNECTIVE_MISMATCH"]


# ------------------------------------------------------------------------------------------- sentence join (OJ)


def test_a_sentence_printed_as_two_paragraphs_is_one_block():
    blocks = [Block(label="(c)", text="an assessment of adaptation solutions."),
              Block(text="The climate risk and vulnerability assessment is proportionate to the scale of the activity "
                         "and", markers=["1"]),
              Block(text="its expected lifespan, so that:", markers=["2"]), Block(label="(a)", text="for x;")]
    out = join_broken_sentences(blocks)
    assert [b.text for b in out][1].endswith("scale of the activity and its expected lifespan, so that:")
    assert len(out) == 3 and out[1].markers == ["1", "2"]


@pytest.mark.parametrize("before, after", [
    ("The activity complies with the following:", "the plant is new."),  # a chapeau ends with ':'
    ("The activity complies with the following", "The plant is new."),  # next starts a sentence
    ("the system is monitored; and", "(b) x"),  # not lower case
    ("Measures are taken to reduce noise", "where relevant."),  # "noise" can end a sentence
])
def test_sentence_join_near_misses(before, after):
    assert not continues_sentence(before, after)


# ------------------------------------------------------------------------- verify learns the rules; ODR repairs


def test_verify_flags_a_title_whose_first_paragraph_was_promoted():
    """ST4: the old rule made the first paragraph node 1's text; the title block is then covered by no node."""
    blocks = _blocks(TITLED)
    unit, diags = _run(blocks)
    assert unit.root.find("1").verbatim_text == "Audit" and not [d for d in diags if d.severity == "error"]
    broken = unit.model_copy(deep=True)
    one = broken.root.find("1")
    first = one.sub_criteria.pop(0)
    one.verbatim_text = first.verbatim_text
    codes = {(d.code, d.severity) for d in structure.verify(broken, _ctx(blocks))}
    assert ("BLOCK_NOT_COVERED", "error") in codes


def test_verify_flags_an_exclusion_typed_background_and_a_participating_permission():
    """ST3 / ST5: hand-edit the Types the rules gave."""
    blocks = _blocks(CHOICE) + _blocks(TITLED[1:])
    unit, diags = _run(blocks)
    assert not [d for d in diags if d.code in structure.RULE_REPAIR_CODES]
    broken = unit.model_copy(deep=True)
    broken.root.find("1.Methodology").tags = ["BackgroundInformation"]
    perm = next(n for n in broken.root.walk() if n.verbatim_text.startswith("In order to reduce costs"))
    perm.tags = ["Verification"]
    codes = {d.code: d.criterion_id for d in structure.verify(broken, _ctx(blocks))}
    assert codes["EXCLUSION_AS_BACKGROUND"] == "1.Methodology"
    assert codes["PERMISSION_PARTICIPATES"] == perm.criterion_id


GROUP_CHECK = [("5.", "Group assessment", "TITLE"),
               (None, "The compliance with the DNSH criteria may be checked:", "P"),
               ("(a)", "at the level of the forest sourcing area;"),
               ("(b)", "at the level of a group of holdings sufficiently homogeneous, provided that the group remains "
                       "the same.")]


def test_a_permission_on_how_compliance_is_checked_is_background_and_verify_flags_it_participating():
    """ST5: "The compliance … may be checked: (a) at the level of …" is a permission to the assessor: the anchored
    node is BackgroundInformation, its items take the anchored id (5.BackgroundInformation(a)).
    Hand-typed Verification (the old reading), verify flags PERMISSION_PARTICIPATES."""
    blocks = _blocks(GROUP_CHECK)
    unit, diags = _run(blocks)
    perm = unit.root.find("5.BackgroundInformation")
    assert perm is not None and [c.criterion_id for c in perm.sub_criteria] == ["5.BackgroundInformation(a)",
                                                                                "5.BackgroundInformation(b)"]
    assert not [d for d in diags if d.code in structure.RULE_REPAIR_CODES]
    broken = unit.model_copy(deep=True)
    broken.root.find("5.BackgroundInformation").tags = ["Verification"]
    codes = {d.code: d.criterion_id for d in structure.verify(broken, _ctx(blocks))}
    assert codes["PERMISSION_PARTICIPATES"] == "5.BackgroundInformation"


def test_verify_flags_an_ungrouped_choice_chapeau():
    """ST2: the group flattened back under 1 (as before §7): 1 would read as N_OF_K over the exclusion too."""
    blocks = _blocks(CHOICE)
    unit, _ = _run(blocks)
    broken = unit.model_copy(deep=True)
    one = broken.root.find("1")
    group = one.sub_criteria.pop(0)
    one.sub_criteria[0:0] = group.sub_criteria
    codes = {d.code: d.criterion_id for d in structure.verify(broken, _ctx(blocks))}
    assert codes.get("CHOICE_CHAPEAU_NOT_GROUPED") == "1"


TIERS = [(None, "The activity manufactures one of the following:", "P"),
         ("(a)", "the aircraft with zero direct (tailpipe) CO2 emissions;"),
         ("(b)", "the aircraft meeting the margins specified below and limited by the replacement ratio:"),
         ("(i)", "having a maximum take-off mass greater than 5,7 t and less than or equal to 60 t and a margin of "
                 "at least 11 %;"),
         ("(ii)", "having a maximum take-off mass greater than 60 t and a margin of at least 2 %."),
         (None, "The share of Taxonomy compliance of eligible aircraft shall be limited by the replacement ratio. The "
                "replacement ratio shall be calculated based on the proportion of aircraft withdrawn from use."),
         ("(c)", "from 1 January 2028, the aircraft certified to operate on sustainable aviation fuels.")]


def test_tiers_beside_an_anchored_requirement_are_grouped_and_verify_flags_them_flattened():
    """ST2 over a tiering OR (no connective; CCM-3.21 SC P1(b) wording): the block printed inside (b) (the list of
    P1 resumes with (c) after it) is anchored under P1(b); the mass bands form ``P1(b)(i-ii)`` next to the anchored
    calculation ``P1(b).Methodology``.  Flattened back (the bands beside the anchored node would
    read as one more alternative), verify flags CHOICE_CHAPEAU_NOT_GROUPED on P1(b)."""
    blocks = _blocks(TIERS)
    unit, _ = _run(blocks)
    pb = unit.root.find("P1(b)")
    assert [c.criterion_id for c in pb.sub_criteria] == ["P1(b)(i-ii)", "P1(b).Methodology"]
    broken = unit.model_copy(deep=True)
    pb = broken.root.find("P1(b)")
    group = pb.sub_criteria.pop(0)
    pb.sub_criteria[0:0] = group.sub_criteria
    codes = {d.code: d.criterion_id for d in structure.verify(broken, _ctx(blocks))}
    assert codes.get("CHOICE_CHAPEAU_NOT_GROUPED") == "P1(b)"


class _WrongModel:
    """A decider whose answers break §7: no groups for the pathways, BackgroundInformation for every paragraph."""

    def __init__(self):
        self.calls = 0

    def decide(self, decision, inputs, rule_decision, *, about=None, flags=None):
        self.calls += 1
        if decision.name == "pathways":
            return Verdict((), 0.9, "model", model="wrong")
        if decision.name == "anchor_type":
            return Verdict("BackgroundInformation", 0.9, "model", model="wrong")
        return None


def test_odr_repairs_a_model_that_breaks_the_structure_rules():
    """The model's tree is flagged (two EXCLUSION_AS_BACKGROUND errors: confidence 0.5, under the default 0.7 that
    stops the loop; with the exclusions as background nothing else participates, so the ungrouped list is not
    flagged) and the repair is the rules' reading: the group and the binding exclusions come back."""
    model = _WrongModel()
    ctx = _ctx(_blocks(CHOICE + [("2.", "The installation meets all of the following criteria:"),
                                 ("(a)", "the system is interconnected;"), ("(b)", "the factor is low."),
                                 (None, "Metering infrastructure that does not meet the requirements is not "
                                        "compliant.")]), decider=model)
    first = structure.run(Unit(unit_id=ctx.unit_id, root=CriterionNode(criterion_id="ROOT")), ctx)
    assert "EXCLUSION_AS_BACKGROUND" in {d.code for d in structure.verify(first, ctx)}
    out, record = run_with_odr(structure, Unit(unit_id=ctx.unit_id, root=CriterionNode(criterion_id="ROOT")), ctx)
    assert record.attempts >= 2 and model.calls
    assert out.root.find("1(a-c)") is not None and out.root.find("1.Methodology").tags == ["Methodology"]
    assert out.root.find("2.Methodology").tags == ["Methodology"]
    assert not [d for d in record.diagnostics if d.code in structure.RULE_REPAIR_CODES]


def test_a_title_carries_no_tag_and_its_paragraphs_are_typed():
    """ST4 through classify: "Audit" (a title) has no tag even though "audit" is a Verification cue; the
    paragraph below it is 1.Verification, the permission 1.BackgroundInformation (not participating)."""
    from regc.passes import classify

    unit, _ = _run(_blocks(TITLED))
    classify.run(unit, None)
    one = unit.root.find("1")
    assert one.tags == [] and one.provenance.fields["tags"].rule == "title"
    assert [(c.criterion_id, c.tags) for c in one.sub_criteria] == [
        ("1.Verification", ["Verification"]), ("1.BackgroundInformation", ["BackgroundInformation"])]
    assert [c.criterion_id for c in one.participating_children()] == ["1.Verification"]


# ------------------------------------------------------------- ST1: a block that elaborates the criterion before it

MITIGATION = [(None, "The project does not deteriorate the status of the water body.", "P"),
              (None, "All technically feasible and ecologically relevant mitigation measures are implemented to "
                     "reduce adverse impacts on water.", "P"),
              (None, "Mitigation measures include, where relevant and depending on the ecosystems naturally present "
                     "in the affected water bodies:", "P"),
              ("(a)", "measures to protect or enhance habitats for aquatic species;"),
              ("(b)", "measures to reduce adverse impacts of eutrophication."),
              (None, "The effectiveness of those measures is monitored in the context of the permit.", "P"),
              (None, "The project does not permanently compromise the good status of the water bodies.", "P")]
TEMPERATURE = [(None, "In order to limit thermal anomalies, operators of inland nuclear power plants control:", "P"),
               ("(a)", "the maximum temperature of the recipient freshwater body after mixing, and"),
               ("(b)", "the maximum temperature difference between the cooling water and the recipient body."),
               (None, "The temperature control is implemented in accordance with the individual licence conditions "
                      "for the specific operations, where applicable, or threshold values in line with Union law.",
                "P"),
               (None, "The activity complies with the relevant standards.", "P")]


def test_a_block_that_names_the_previous_criterions_subject_again_is_anchored_under_it():
    """ST1 (spec §6 anchoring; CCM-6.16 DNSH-WTR as gold CCM-4.5 DNSH-WTR 3.3; CCM-4.26 DNSH-WTR): "Mitigation
    measures include …:" elaborates "All … mitigation measures are implemented …" (P2.Methodology with its items,
    the monitoring block P2.Verification); "The temperature control is implemented in accordance with …" closes the
    list of "… control: (a) the maximum temperature …" (P1.Methodology, not P1(b).Methodology)."""
    unit, diags = _run(_blocks(MITIGATION))
    ids = [n.criterion_id for n in unit.root.walk()][1:]
    assert ids == ["P1", "P2", "P2.Methodology", "P2.Methodology(a)", "P2.Methodology(b)", "P2.Verification", "P3"]
    assert not [d for d in diags if d.code == "ELABORATION_AS_P_NODE"]
    unit, _ = _run(_blocks(TEMPERATURE))
    assert [n.criterion_id for n in unit.root.walk()][1:] == ["P1", "P1(a)", "P1(b)", "P1.Methodology", "P2"]


def test_an_elaborated_subject_matches_up_to_the_inflectional_s():
    """ST1 (CCA-5.13 DNSH-WTR, OJ 2023/2485): "the operator of desalination plants controls: (a) the maximum
    temperature …" — the verb "controls" names the noun "control" of "The temperature control is implemented in
    accordance with …", which closes the list (P1.Methodology); a subject the criterion does not name stays a P-node."""
    desal = [(None, "In order to limit thermal anomalies, the operator of desalination plants controls:", "P"),
             *TEMPERATURE[1:3],
             (None, "The temperature control is implemented in accordance with the threshold values set out in Union "
                    "law and national law.", "P")]
    unit, diags = _run(_blocks(desal))
    assert [n.criterion_id for n in unit.root.walk()][1:] == ["P1", "P1(a)", "P1(b)", "P1.Methodology"]
    near = desal[:3] + [(None, "The pressure control is implemented in accordance with Union law.", "P")]
    unit, _ = _run(_blocks(near))
    assert [n.criterion_id for n in unit.root.sub_criteria] == ["P1", "P2"]
    # verify learns the same rule: the block moved back up to a P-node of its own is flagged
    blocks = _blocks(desal)
    unit, _ = _run(blocks)
    broken = unit.model_copy(deep=True)
    p1 = broken.root.find("P1")
    meth = p1.sub_criteria.pop()
    meth.criterion_id, meth.provenance.kind = "P2", "paragraph"
    broken.root.sub_criteria.append(meth)
    flagged = [d for d in structure.verify(broken, _ctx(blocks)) if d.code == "ELABORATION_AS_P_NODE"]
    assert [d.criterion_id for d in flagged] == ["P2"]


@pytest.mark.parametrize("before, block", [
    # a subject of its own, indefinite (CCA-5.13 DNSH-WTR)
    ("The project has been authorised by the competent authority.",
     "An Environmental Impact Assessment or screening is carried out in accordance with national legislation."),
    # a subject the criterion before does not name (CCM-1.1 DNSH-WTR; the compensatory measures of CCM-6.16)
    ("The activity complies with the criteria set out in Appendix B to this Annex.",
     "Detailed information referred to in point 1.2. (k) includes provisions to comply with the criteria."),
    ("All technically feasible mitigation measures are implemented to reduce adverse impacts on water.",
     "Compensatory measures include restoring continuity within the same river basin district."),
    # the activity itself (its scope), and a one-word subject
    ("Insurance of fossil fuels is excluded.", "The activity does not include insurance of fossil fuels."),
    ("Measures are implemented to reduce noise.", "Measures include noise barriers."),
])
def test_elaboration_near_misses_stay_p_nodes(before, block):
    unit, _ = _run(_blocks([(None, before, "P"), (None, block, "P")]))
    assert [n.criterion_id for n in unit.root.sub_criteria] == ["P1", "P2"]


def test_verify_flags_an_elaboration_left_as_a_p_node():
    """Hand-edit: the anchored "Mitigation measures include …" moved up to a P-node of its own (the old reading);
    verify flags ELABORATION_AS_P_NODE, a rule-repair code (the repair is the rules' reading)."""
    blocks = _blocks(MITIGATION)
    unit, _ = _run(blocks)
    broken = unit.model_copy(deep=True)
    p2 = broken.root.find("P2")
    meth = p2.sub_criteria.pop(0)
    meth.criterion_id, meth.provenance.kind = "P2b", "paragraph"
    broken.root.sub_criteria.insert(2, meth)
    flagged = [d for d in structure.verify(broken, _ctx(blocks)) if d.code == "ELABORATION_AS_P_NODE"]
    assert [d.criterion_id for d in flagged] == ["P2b"] and "ELABORATION_AS_P_NODE" in structure.RULE_REPAIR_CODES


FLEET_TARGET = [(None, "For vehicles of categories M1 and N1, specific emissions of CO2 are not higher than the "
                        "fleet-wide CO2 emissions targets.", "P"),
                (None, "The fleet-wide CO2 emissions target values to be considered are:", "P"),
                ("(a)", "until 31 December 2024: 95 g CO2/km for vehicles of category M1;"),
                ("(b)", "from 1 January 2025, the target values as specified in Article 1, paragraph 4."),
                (None, "The activity complies with the relevant standards.", "P")]
BATTERIES = [(None, "Measures are in place to manage waste, both in the use phase and in the end-of-life of the "
                    "vessel, in accordance with the waste hierarchy.", "P"),
             (None, "For battery-operated vessels, those measures include reuse and recycling of batteries and "
                    "electronics, including critical raw materials therein.", "P"),
             (None, "For existing ships above 500 gross tonnage, the activity complies with the requirements of "
                    "Regulation (EU) No 1257/2013.", "P")]


def test_listed_values_and_a_scoped_anaphor_elaborate_the_criterion_before():
    """ST1 (validation14 CCA-6.5 DNSH-CCM, CCA-6.10 DNSH-CE; the same wordings in CCM-6.5/CCA-6.5/CCM-6.10): "The
    fleet-wide CO2 emissions target values to be considered are:" gives the values of the target the criterion
    before names (P1.Methodology with its items); "For battery-operated vessels, those measures include …" narrows
    "Measures are in place …" to a scope (P1.Methodology); a scope before a subject of its own stays a P-node."""
    unit, diags = _run(_blocks(FLEET_TARGET))
    assert [n.criterion_id for n in unit.root.walk()][1:] == [
        "P1", "P1.Methodology", "P1.Methodology(a)", "P1.Methodology(b)", "P2"]
    unit, _ = _run(_blocks(BATTERIES))
    assert [n.criterion_id for n in unit.root.walk()][1:] == ["P1", "P1.Methodology", "P2"]
    # verify learns the same rule: the scoped anaphor moved back up to a P-node of its own is flagged
    blocks = _blocks(BATTERIES)
    broken = unit.model_copy(deep=True)
    meth = broken.root.find("P1").sub_criteria.pop()
    meth.criterion_id, meth.provenance.kind = "P1b", "paragraph"
    broken.root.sub_criteria.insert(1, meth)
    flagged = [d for d in structure.verify(broken, _ctx(blocks)) if d.code == "ELABORATION_AS_P_NODE"]
    assert [d.criterion_id for d in flagged] == ["P1b"]


@pytest.mark.parametrize("before, block", [
    # a listed subject the criterion before does not name
    ("Specific emissions of CO2 are not higher than the fleet-wide CO2 emissions targets.",
     "The noise limit values to be considered are:"),
    # an indefinite listed subject
    ("Specific emissions of CO2 are not higher than the fleet-wide CO2 emissions targets.",
     "Fleet-wide CO2 emissions target values are:"),
    # a scope before a subject of its own, and an anaphor whose noun the criterion does not name
    ("Measures are in place to manage waste.",
     "For existing ships above 500 gross tonnage, the activity complies with Regulation (EU) No 1257/2013."),
    ("Measures are in place to manage waste.", "For battery-operated vessels, those batteries include lithium."),
])
def test_listed_and_scoped_near_misses_stay_p_nodes(before, block):
    unit, _ = _run(_blocks([(None, before, "P"), (None, block, "P")]))
    assert [n.criterion_id for n in unit.root.sub_criteria] == ["P1", "P2"]


# ------------------------------------------------------------------ ST5: a derogation that permits an alternative

DEROGATION = [("2.", "Product design:", "TITLE"),
              ("2.1.", "Insurance products offer risk-based rewards for preventive actions taken by policyholders."),
              (None, "By way of derogation from this point, where legal restrictions prevent the insurance company "
                     "from providing risk-based rewards, insurance products may instead provide to customers measures "
                     "that prevent or protect against natural catastrophes.", "P"),
              ("2.2.", "The distribution strategy covers measures to inform policyholders.")]


def test_a_derogation_that_permits_an_alternative_is_background_and_verify_flags_it_participating():
    """ST5 (spec §7 BackgroundInformation; CCA-10.1 SC 2.1, read like CE-2.6 "can also be demonstrated through …"):
    "… may instead provide …" permits an alternative to the requirement it follows; a child cannot be an
    alternative to its own anchor, so it is context and 2.1 keeps no participating child.  Typed Methodology by
    hand, verify flags PERMISSION_PARTICIPATES."""
    blocks = _blocks(DEROGATION)
    unit, diags = _run(blocks)
    assert unit.root.find("2.1.BackgroundInformation") is not None
    assert not [d for d in diags if d.code in structure.RULE_REPAIR_CODES]
    broken = unit.model_copy(deep=True)
    broken.root.find("2.1.BackgroundInformation").tags = ["Methodology"]
    codes = {d.code: d.criterion_id for d in structure.verify(broken, _ctx(blocks))}
    assert codes["PERMISSION_PARTICIPATES"] == "2.1.BackgroundInformation"


# ------------------------------------------------------------------------------- complementary gates (logic, §6)

GATES = ["Where the activity manufactures equipment complying with all EU Ecolabel criteria applicable to that "
         "product category, the operator provides the proof of compliance.",
         "Where no product-specific EU Ecolabel criteria exist, the activity complies with all of the following "
         "criteria:"]


def _gated_unit():
    from regc.ir.models import Unit
    kids = [CriterionNode(criterion_id=str(i + 1), verbatim_text=t) for i, t in enumerate(GATES)]
    return Unit(unit_id="CE-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=kids))


def test_verify_flags_complementary_gates_read_as_and_and_the_repair_restores_or():
    """Two top-level routes gated by a condition and by its negation are OR (spec §6 tiering); a unit broken to
    AND is flagged COMPLEMENTARY_GATES_NOT_OR, and the repair attempt re-decides the node by the rule."""
    from regc.passes import classify

    unit = classify.run(_gated_unit(), None)
    assert unit.root.evaluation_logic == "OR"
    assert not [d for d in classify.verify(unit, None) if d.code == "COMPLEMENTARY_GATES_NOT_OR"]
    unit.root.evaluation_logic = "AND"  # a model's (or a broken rule's) answer
    diags = [d for d in classify.verify(unit, None) if d.code == "COMPLEMENTARY_GATES_NOT_OR"]
    assert [d.criterion_id for d in diags] == ["ROOT"]
    ctx = _ctx([])
    ctx.attempt, ctx.guidance = 1, diags
    assert classify.run(unit, ctx).root.evaluation_logic == "OR"


def test_verify_reads_a_counted_list_below_as_a_connective():
    """"at least one of the two disclosure frameworks listed below" is OR (spec §6 "at least one of"); a node left
    AND is flagged LOGIC_CONNECTIVE_MISMATCH by the same connective reader."""
    from regc.passes import classify

    text = "The activity complies with at least one of the two disclosure frameworks listed below:"
    node = CriterionNode(criterion_id="1", verbatim_text=text, sub_criteria=[
        CriterionNode(criterion_id="1(a)", verbatim_text="information is provided to the SCIP database;"),
        CriterionNode(criterion_id="1(b)", verbatim_text="product information is available publicly.")])
    unit = classify.run(Unit(unit_id="CE-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[node])), None)
    assert unit.root.find("1").evaluation_logic == "OR"
    unit.root.find("1").evaluation_logic = "AND"
    assert [d.criterion_id for d in classify.verify(unit, None) if d.code == "LOGIC_CONNECTIVE_MISMATCH"] == ["1"]


def test_verify_flags_a_trailing_where_present_item_left_mandatory():
    """AP3 (spec §7 trailing gates): "…, where present." and an interjected ", where applicable, " decide whether the
    item applies; an output that leaves them Mandatory is flagged APPLICABILITY_CUE_MISMATCH."""
    from regc.passes import classify

    items = ["sealing techniques do not prevent the removal of the components specified in Directive 2012/19/EU, "
             "where present.",
             "information on data records stored on the device, where applicable, with the exception of personal "
             "information."]
    node = CriterionNode(criterion_id="1", verbatim_text="The activity complies with the following requirements:",
                         sub_criteria=[CriterionNode(criterion_id=f"1({c})", verbatim_text=t)
                                       for c, t in zip("ab", items)])
    unit = classify.run(Unit(unit_id="CE-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[node])), None)
    assert [unit.root.find(f"1({c})").applicability for c in "ab"] == ["Conditional", "Conditional"]
    unit.root.find("1(a)").applicability = unit.root.find("1(b)").applicability = "Mandatory"
    assert sorted(d.criterion_id for d in classify.verify(unit, None) if d.code == "APPLICABILITY_CUE_MISMATCH") == \
        ["1(a)", "1(b)"]


def test_verifier_items_under_an_inferred_group_keep_verification_and_verify_flags_their_loss():
    """Tags: "The verification … is carried out by either of the following:" lists verifiers; its items (members
    of the inferred OR group) carry Verification, the group none; an output that drops it is TAG_VERIFIER_ITEM and
    the repair attempt re-derives it by the rule."""
    from regc.passes import classify

    from regc.ir.models import FieldOrigin, Provenance

    origin = FieldOrigin(pass_name="structure", rule="pathways:chapeau-group-with-anchored-child")
    group = CriterionNode(criterion_id="4.3(a-b)", provenance=Provenance(kind="group", fields={"criterion_id": origin}),
                          sub_criteria=[
        CriterionNode(criterion_id="4.3(a)", verbatim_text="the relevant national competent authorities;"),
        CriterionNode(criterion_id="4.3(b)", verbatim_text="an independent third-party certifier.")])
    node = CriterionNode(criterion_id="4.3", verbatim_text="The verification in accordance with points 4.1 and 4.2 "
                         "is carried out by either of the following:", sub_criteria=[group])
    unit = classify.run(Unit(unit_id="BIO-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[node])), None)
    assert [unit.root.find(i).tags for i in ("4.3(a-b)", "4.3(a)", "4.3(b)")] == [[], ["Verification"],
                                                                                   ["Verification"]]
    assert not [d for d in classify.verify(unit, None) if d.code == "TAG_VERIFIER_ITEM"]
    unit.root.find("4.3(b)").tags = []
    diags = [d for d in classify.verify(unit, None) if d.code == "TAG_VERIFIER_ITEM"]
    assert [d.criterion_id for d in diags] == ["4.3(b)"]
    ctx = _ctx([])
    ctx.attempt, ctx.guidance = 1, diags
    assert classify.run(unit, ctx).root.find("4.3(b)").tags == ["Verification"]


def test_standards_chapeau_items_take_methodology_and_verify_flags_their_loss():
    """validation15 (DNSH-PPC of the aircraft activities): "The aircraft referred to in … points (b) to (c), complies
    with the following standards:" binds only the aircraft those points name (Conditional) and only introduces its
    items (no tag); each item names a standard (Methodology); the item that covers every aircraft by complementary
    scopes ("for aircraft other than freighter: …; for freighter aircraft: …") is Mandatory.  An output that drops an
    item's Methodology is TAG_STANDARDS_ITEM and the repair attempt re-derives it.  A chapeau listing criteria ("The
    activity complies with the following criteria:") passes no tag on."""
    from regc.passes import classify

    items = ["for aircraft other than freighter: amendment 13 of Volume I (noise), Chapter 14 of Annex 16 to the "
             "Chicago Convention; for freighter aircraft: amendment 13 of Volume I (noise), Chapter 14 of Annex 16 to "
             "the Chicago Convention;",
             "amendment 10 of Volume II (engine emissions), Chapters 2 and 4, of Annex 16 to the Chicago Convention."]
    node = CriterionNode(criterion_id="P3", verbatim_text="The aircraft referred to in subsection ‘Substantial "
                         "contribution to climate change mitigation’, points (b) to (c), complies with the following "
                         "standards:", sub_criteria=[CriterionNode(criterion_id=f"P3({c})", verbatim_text=t)
                                                     for c, t in zip("ab", items)])
    plain = CriterionNode(criterion_id="P4", verbatim_text="The activity complies with the following criteria:",
                          sub_criteria=[CriterionNode(criterion_id="P4(a)", verbatim_text="noise is reduced;"),
                                        CriterionNode(criterion_id="P4(b)", verbatim_text="dust is reduced.")])
    unit = classify.run(Unit(unit_id="CCM-9.9/DNSH-PPC", root=CriterionNode(criterion_id="ROOT",
                                                                            sub_criteria=[node, plain])), None)
    got = {i: (unit.root.find(i).applicability, unit.root.find(i).tags) for i in ("P3", "P3(a)", "P3(b)", "P4(a)")}
    assert got == {"P3": ("Conditional", []), "P3(a)": ("Mandatory", ["Methodology"]),
                   "P3(b)": ("Mandatory", ["Methodology"]), "P4(a)": ("Mandatory", [])}
    assert not [d for d in classify.verify(unit, None) if d.code == "TAG_STANDARDS_ITEM"]
    unit.root.find("P3(b)").tags = []
    diags = [d for d in classify.verify(unit, None) if d.code == "TAG_STANDARDS_ITEM"]
    assert [d.criterion_id for d in diags] == ["P3(b)"]
    ctx = _ctx([])
    ctx.attempt, ctx.guidance = 1, diags
    assert classify.run(unit, ctx).root.find("P3(b)").tags == ["Methodology"]
