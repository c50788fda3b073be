"""Fixes found by `regc check` / `regc diff` and reviewers on the whole acts (32021R2139 2026-01-01 XHTML, 32023R2486
Formex), one test per fix on the real phrase.  Each asserts the general rule, not the answer of one activity."""

from __future__ import annotations

import pytest

from regc.grammar.citations import find_citations
from regc.grammar.logic import decide_logic
from regc.grammar.thresholds import chapeau_subject, decide, limit_operator, parse_unit
from regc.ir.models import CriterionNode, Unit
from regc.passes import thresholds as thr_pass
from regc.passes.classify import decide_applicability
from regc.passes.references import decide_celex


def _items(text, parent=None):
    d = decide(text, parent)
    q = d.threshold.quantitative if d.threshold else None
    return [(i.metric, i.operator, i.value, i.unit) for i in (q.items if q else [])], d


# --- 1. dates that switch a chapeau's list logic ----------------------------------------------------------------

ALU = ("primary aluminium where the economic activity complies with two of the following criteria until 2025 and with "
       "all of the following criteria after 2025:")


def test_regime_switch_node_gets_logic_of_open_ended_regime_both_regimes_dates_and_a_diagnostic():
    kids = ["the GHG emissions do not exceed 1,484 tCO2e per ton of aluminium manufactured:",
            "the average carbon intensity for the indirect GHG emissions does not exceed 100 g CO2e/kWh;",
            "the electricity consumption for the manufacturing process does not exceed 15,5 MWh/t Al."]
    assert decide_logic(ALU, kids).logic == "AND"  # "all of the following … after 2025"
    node = CriterionNode(criterion_id="P1(a)", verbatim_text=ALU,
                         sub_criteria=[CriterionNode(criterion_id=f"P1(a)({r})", verbatim_text=k)
                                       for r, k in zip(("i", "ii", "iii"), kids)])
    unit = Unit(unit_id="CCM-3.8/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[node]))
    unit = thr_pass.run(unit, None)
    p1a = unit.root.sub_criteria[0]
    # spec §7 TM2: each regime's effective_until / effective_from on the chapeau; the regimes partition time (OR)
    assert [i.to_json() for i in p1a.threshold.temporal.items] == [
        {"type": "effective_until", "date": "2025-12-31"}, {"type": "effective_from", "date": "2026-01-01"}]
    assert p1a.threshold.temporal.logic == "OR" and p1a.threshold.quantitative is None
    assert any("list logic changes" in r for r in p1a.provenance.review)
    diags = [d for d in thr_pass.verify(unit, None) if d.code == thr_pass.LIST_REGIME]
    assert len(diags) == 1 and diags[0].kind == "Consistency" and "two until 2025; all after 2025" in diags[0].message


# --- 4. "or" inside a noun phrase does not make two limits alternatives ------------------------------------------

def test_or_inside_material_or_component_keeps_limits_conjunctive():
    # CCM-7.1 / CCM-7.2 DNSH-PPC P2 (2023-01-01 consolidation)
    text = ("Building components and materials used in the construction that may come into contact with occupiers emit "
            "less than 0,06 mg of formaldehyde per m3 of material or component upon testing in accordance with the "
            "conditions specified in Annex XVII to Regulation (EC) No 1907/2006 and less than 0,001 mg of category 1A "
            "and 1B carcinogenic volatile organic compounds per m3 of material or component, upon testing in accordance "
            "with CEN/EN 16516 and ISO 16000-3:2011 or other equivalent standardised test conditions and determination "
            "methods.")
    items, d = _items(text)
    assert [(o, v, u) for _, o, v, u in items] == [("<", 0.06, "mg/m3"), ("<", 0.001, "mg/m3")]
    assert d.threshold.quantitative.logic == "AND"
    assert items[0][0] == "Formaldehyde"  # "per m3 of material": a generic denominator is no product
    # a real alternative between the limits still reads OR
    _, d2 = _items("direct GHG emissions of the activity are lower than 270g CO2e/kWh of the output energy, or annual "
                   "direct GHG emissions of the activity do not exceed an average of 550kgCO2e/kW of the facility’s "
                   "capacity over 20 years;")
    assert d2.threshold.quantitative.logic == "OR"


# --- 5. metric names ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, parent, expect", [
    # CCM-6.9 SC 1(a): a change "by at least X" names the change of the verb's object
    ("reduces fuel consumption of the inland passenger vessel by at least 15 % expressed per unit of energy per "
     "complete journey (full passenger cruise), as demonstrated by a comparative calculation", None,
     "Reduction of fuel consumption of the inland passenger vessel"),
    # CCM-3.3 P1(l)(v), CCM-6.10 1(e)
    ("from 1 January 2026, vessels that are able to run on zero direct (tailpipe) CO2 emission fuels or on fuels from "
     "renewable sources have an attained Energy Efficiency Design Index (EEDI) value equivalent to reducing the EEDI "
     "reference line by at least 20 percentage points below the EEDI requirements applicable on 1 April 2022, and:",
     None, "Reduction of EEDI reference line"),
    # CCM-6.10 SC 1(c): leading "…, and only where it can be proved …," clauses are not the subject
    ("where technologically and economically not feasible to comply with the criterion in point (a), until 31 December "
     "2025, and only where it can be proved that the vessels are used exclusively for operating coastal and short sea "
     "services designed to enable modal shift of freight currently transported by land to sea, the vessels have direct "
     "(tailpipe) CO2 emissions, calculated using the International Maritime Organization (IMO) Energy Efficiency Design "
     "Index (EEDI), 50 % lower than the average reference CO2 emissions value defined for heavy duty vehicles", None,
     "Reduction of direct (tailpipe) CO2 emissions below the average reference CO2 emissions value"),
    # CCA-3.7 DNSH-CCM P1(b): the chapeau "<quantity> are:" names the quantity, the item its class
    ("for cement from grey clinker or alternative hydraulic binder, lower than 0,530 tCO2e per tonne of cement or "
     "alternative binder manufactured.", "Greenhouse gas emissions from the cement production processes are:",
     "Greenhouse gas emissions from the cement production processes for cement from grey clinker or alternative "
     "hydraulic binder"),
    # CCA-3.9 DNSH-CCM P1(b)(i)
    ("at least 70 % for the production of high alloy steel",
     "steel in electric arc furnaces (EAFs) producing EAF carbon steel or EAF high alloy steel as defined in Commission "
     "Delegated Regulation (EU) 2019/331 and where the steel scrap input relative to product output is:",
     "Steel scrap input relative to product output for the production of high alloy steel"),
])
def test_metric_is_a_noun_phrase_naming_the_quantity(text, parent, expect):
    items, _ = _items(text, parent)
    assert items[0][0] == expect


def test_coordinated_limit_takes_the_previous_metric_with_its_own_class():
    # CCM-3.10 SC P1: "… requirement of 73,4 % for hydrogen […] and 70 % for hydrogen-based synthetic fuels"
    items, _ = _items("The activity complies with the life-cycle GHG emissions savings requirement of 73,4 % for "
                      "hydrogen [resulting in life-cycle GHG emissions lower than 3tCO2e/tH2] and 70 % for "
                      "hydrogen-based synthetic fuels relative to a fossil fuel comparator of 94 g CO2e/MJ in analogy "
                      "to the approach set out in Article 25(2) of and Annex V to Directive (EU) 2018/2001.")
    assert items[2][1:] == (">=", 70, "%")
    assert items[2][0] == "Life-cycle GHG emissions savings requirement for hydrogen-based synthetic fuels"


def test_relative_durations_of_different_events_get_different_metrics():
    # CCM-6.19 SC P1(c)(i) and (ii)
    a, _ = _items("permanently withdrawn from use within 6 months of delivery of the compliant aircraft in which case, "
                  "the replacement ratio does not apply; or")
    b, _ = _items("permanently withdrawn from the fleet within 6 months of delivery of the compliant aircraft in which "
                  "case, the share of Taxonomy compliance of eligible aircraft is limited by the replacement ratio")
    assert a[0][1:] == b[0][1:] == ("<=", 6, "months")
    assert a[0][0] != b[0][0]
    assert "withdrawn from use" in a[0][0] and "withdrawn from the fleet" in b[0][0]
    assert "delivery of the compliant aircraft" in a[0][0]


def test_chapeau_subject_only_for_is_are_chapeaus():
    assert chapeau_subject("The activity manufactures one of the following:") == ""
    assert chapeau_subject("Greenhouse gas emissions from the cement production processes are:") == \
        "Greenhouse gas emissions from the cement production processes"


# --- 6. table rows (cells joined by " | ") ------------------------------------------------------------------------

TABLE_CHAPEAU = ("The hazardous substances specified in table below are not introduced to or formed in the specified "
                 "sub-assemblies and component parts at or above the specified concentration limit.")


def test_table_limit_cell_takes_the_header_semantics():
    # CE-1.2 SC 2.6.4(v): a bare value in the limit column; "not … at or above the limit" -> "<"
    items, d = _items("Glass fining agents | Arsenic and its compounds is not used in the manufacturing of LCD display "
                      "unit glass and screen cover glass. | 0,0050 % w/w", TABLE_CHAPEAU)
    assert items == [("Concentration of arsenic and its compounds", "<", 0.005, "% w/w")]
    assert not d.unclaimed
    assert parse_unit("% w/w").unit == "% w/w"
    assert limit_operator(TABLE_CHAPEAU) == "<"


def test_limit_value_stated_with_is_is_a_maximum_and_metric_stays_in_its_cell():
    # CE-1.2 SC 2.6.4(ii)
    text = ("Polymer stabilisers, colourants and contaminant | Polycyclic Aromatic Hydrocarbons (PAHs) are not present at "
            "concentrations greater than or equal to individual and sum total concentration limits in any external "
            "plastic or man-made rubber surfaces. The presence and concentration of the following PAHs is verified: "
            "Naphthalene; Phenanthrene; Pyrene | The individual concentration limits for PAHs restricted under "
            "Regulation (EC) No 1907/2006 is 1 mg/kg; The sum total concentration limit for the 18 listed PAHs is not "
            "greater than 10 mg/kg")
    items, _ = _items(text, TABLE_CHAPEAU)
    assert items[0][1:] == ("<", 1, "mg/kg")
    assert items[1][1:] == ("<=", 10, "mg/kg")  # an explicit operator wins
    assert all("|" not in m for m, *_ in items)
    assert items[0][0] == "Individual concentration of PAHs"


def test_number_inside_the_subject_noun_phrase_is_scope():
    # CE-1.2 SC 2.6.4(vi): "Plastic parts > 25 g do not contain …": which parts
    items, d = _items("Chlorine-based plastics | Plastic parts > 25 g do not contain chlorinated polymers. Note: For this "
                      "specific sub-requirement, plastic cable housing is not considered as a ‘plastic part’. | N/A",
                      TABLE_CHAPEAU)
    assert items == []
    assert [(h.item.operator, h.item.value, h.item.unit) for h in d.scope_conditions] == [(">", 25, "g")]
    scopes = [{"text": "", "operator": h.item.operator, "value": h.item.value, "unit": h.item.unit, "rule": h.rule}
              for h in d.scope_conditions]
    assert decide_applicability("Chlorine-based plastics | Plastic parts > 25 g do not contain chlorinated polymers.",
                                scope_conditions=scopes).value == "Conditional"
    # a measured quantity with a symbol stays a threshold
    items, _ = _items("Dissolved Organic Carbon DOC elimination of > 70 % in 7 days")
    assert items and items[0][1:] == (">", 70, "%")


# --- 7. classify / references --------------------------------------------------------------------------------------

def test_node_that_is_a_permissive_may_sentence_is_conditional():
    # CCM-5.3 SC 1.Methodology
    t = ("Net energy consumption of the operation of the waste water treatment plant may take into account measures "
         "decreasing energy consumption relating to source control (reduction of storm water or pollutant load inputs), "
         "and, as appropriate, energy generation within the system (such as hydraulic, solar, thermal and wind energy).")
    assert decide_applicability(t).value == "Conditional"
    # the same sentence after a requirement only adjusts it (CCM-5.1 SC P1(a), gold): Mandatory
    t2 = ("the net average energy consumption for abstraction and treatment equals to or is lower than 0,5 kWh per "
          "cubic meter produced water supply. Net energy consumption may take into account measures decreasing energy "
          "consumption.")
    assert decide_applicability(t2).value == "Mandatory"
    # spec §7 reverses the earlier reading of a descriptive "may include" (what a system can contain) as no
    # discretion: it is a permission, Conditional; a subordinate "which may include" stays out
    assert decide_applicability("transmission systems may include generation capacity connected to subordinated "
                                "distribution systems;").value == "Conditional"
    assert decide_applicability("Appropriate measures are implemented, which may include retention tanks.").value == \
        "Mandatory"


def test_lower_case_council_recommendation_is_a_reference_identified_by_its_footnote():
    # CCM-4.9 DNSH-PPC P1(b) and its footnote
    text = ("activities respect applicable norms and regulations to limit impact of electromagnetic radiation on human "
            "health, including for activities carried out in the Union, the Council recommendation on the limitation of "
            "exposure of the general public to electromagnetic fields (0 Hz to 300 GHz) and for activities carried out "
            "in third countries, the 1998 Guidelines of International Commission on Non-Ionizing Radiation Protection "
            "(ICNIRP).")
    cits = find_citations(text)
    rec = [c for c in cits if "recommendation" in c.text]
    assert len(rec) == 1 and rec[0].text.endswith("(0 Hz to 300 GHz)") and " and for" not in rec[0].text
    fn = ("Council Recommendation of 12 July 1999 on the limitation of exposure of the general public to "
          "electromagnetic fields (0 Hz to 300 GHz) (1999/519/EC) (OJ L 199, 30.7.1999, p. 59).")
    assert decide_celex(rec[0], [fn]).value == "31999H0519"


@pytest.mark.parametrize("text, ref", [
    # spec §6 / gold CCM-4.29 "the relevant Section of this Annex" is a must_be_fetched reference: so is "applicable"
    ("the technology enables an activity to meet the technical screening criteria specified in the applicable Section "
     "of this Annex", "the applicable Section of this Annex"),
    # a named external framework the compliance is reported against (CE-3.2 SC 5(g).Methodology)
    ("Compliance with this criterion is demonstrated by reporting in accordance with the Level(s) indicator 2.1.",
     "Level(s) indicator 2.1"),
])
def test_documents_named_by_section_or_framework_stay_references(text, ref):
    assert ref in [c.text for c in find_citations(text)]


def test_regime_switch_summary_states_both_regimes_and_the_encoded_one():
    from regc.passes.summaries import chapeau_summary
    n = CriterionNode(criterion_id="P1(a)", verbatim_text=ALU, evaluation_logic="AND")
    s = chapeau_summary(n, ["P1(a)(i)", "P1(a)(ii)", "P1(a)(iii)"])
    assert "two of them until 2025" in s and "all of them after 2025" in s and "later regime" in s
