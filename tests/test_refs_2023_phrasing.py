"""References in the phrasing of the 2023 acts (2023/2486 Formex, 2023/2485 OJ HTML): example lists that run on
through their coordination, the sentence in which a footnote's act names a document, non-EU decision numbers.

The front-ends hand the same text to the references decision (the OJ amendment 2023/2485 and the consolidated
XHTML of 2021/2139 give identical references for the activities they share); what differs is the phrasing, so the
rules live in the citation grammar and in decisions ``reference_type`` / ``reference_celex``.
"""

from __future__ import annotations

import pytest

from refdata import unit_from_fixture
from regc.decisions.reference_celex import decide_celex
from regc.decisions.reference_type import type_rule
from regc.grammar.citations import find_citations
from regc.ir.models import CriterionNode, References, Unit
from regc.passes import references

# CCA-9.3 SC 2(b) (2023/2485, also 2021/2139 consolidated): every member after "including for example" is an example
EXAMPLE_LIST = ("are consistent with standards and guidelines on climate adaptation and risk management and disaster "
                "risk reduction, including for example EN ISO 14090:2019 for the understanding of climate impacts and "
                "uncertainties and their use in decision-making, as well as ISO 14091:2021 on climate vulnerability, "
                "impacts and risk assessment, the Technical Guidance on Comprehensive Risk Assessment and Planning in "
                "the Context of Climate Change, and the Sendai Framework for Disaster Risk Reduction.")


def _types(text: str) -> dict[str, str]:
    return {c.text: type_rule(text, c, False).value for c in find_citations(text)}


def test_example_list_members_are_citation_only_and_the_generic_head_is_fetched():
    got = _types(EXAMPLE_LIST)
    assert got == {
        "standards and guidelines on climate adaptation and risk management and disaster risk reduction":
            "must_be_fetched",
        "EN ISO 14090:2019": "citation_only",
        "ISO 14091:2021": "citation_only",
        "the Technical Guidance on Comprehensive Risk Assessment and Planning in the Context of Climate Change":
            "citation_only",
        "the Sendai Framework for Disaster Risk Reduction": "citation_only"}


@pytest.mark.parametrize("text, ref", [
    # near-misses: the list's first member is not named, or an operative connective starts a legal basis
    ("techniques such as anaerobic digestion of the separately collected bio-waste in closed vessels, and the BAT "
     "conclusions for waste treatment", "the BAT conclusions for waste treatment"),
    ("areas such as Natura 2000 sites designated under national rules of the Member State concerned, and in "
     "accordance with Directive 92/43/EEC", "Directive 92/43/EEC"),
    # a generic alternative closing the list says what qualifies (spec §7)
    ("such as EMAS, ISO 14001 or equivalent national or international standard;",
     "equivalent national or international standard"),
])
def test_example_list_near_misses_stay_must_be_fetched(text, ref):
    assert _types(text)[ref] == "must_be_fetched"


def test_non_eu_decision_number_is_no_act():
    """'Decision 14/8 of the UN Convention on Biological Diversity' (a COP decision) has no CELEX; EU decisions keep
    theirs with or without a series."""
    text = "The definition of OECM is set out in Decision 14/8 of the UN Convention on Biological Diversity."
    assert not [c for c in find_citations(text) if c.kind == "eu_act"]
    got = {c.text: c.celex for c in find_citations("Decision 2000/532/EC, Council Decision 93/389/EEC, "
                                                  "Regulation No 1/2003 and Decision (EU) 2017/175")}
    assert got == {"Decision 2000/532/EC": "32000D0532", "Council Decision 93/389/EEC": "31993D0389",
                   "Regulation No 1/2003": "32003R0001", "Decision (EU) 2017/175": "32017D0175"}


def test_footnote_act_names_a_document_only_in_its_own_sentence():
    """CE-3.3 SC 2/3 (2023/2486): the note names the Protocol in one sentence and the List of Waste decision in a
    later one; the Protocol takes no CELEX.  The Ecolabel footnote names scheme and act in one sentence."""
    protocol = find_citations("conducts a pre-demolition audit in line with the EU Construction and Demolition Waste "
                              "Management Protocol.")[-1]
    note = ("Guidelines for the waste audits before demolition and renovation works of buildings. EU Construction and "
            "Demolition Waste Management, May 2018: https://ec.europa.eu/docsroom/documents/31521. For this, each type "
            "of demolition waste is tagged with the appropriate code of the European List of Waste established by "
            "Decision 2000/532/EC.")
    assert decide_celex(protocol, [note]).value is None
    eco = find_citations("was awarded with an EU Ecolabel for tourist accommodation or an equivalent label.")[0]
    fn = ("Such as the EU Ecolabel for tourist accommodation, in accordance with Commission Decision (EU) 2017/175 of "
          "25 January 2017 on establishing EU Ecolabel criteria for tourist accommodation.")
    assert decide_celex(eco, [], [fn]).value == "32017D0175"


def test_verify_flags_an_example_list_member_typed_fetched_and_odr_repairs_it():
    """Verify learns the example-list rule: a hand-broken output (ISO 14091:2021 typed must_be_fetched) is flagged
    REF_EXAMPLE_FETCHED; the pass's own output is clean, and the ODR loop ends on a clean result."""
    from regc.compiler.passmanager import run_with_odr

    d = {"unit_id": "CCA-9.3/SC", "nodes": [{"criterion_id": "2(b)", "verbatim_text": EXAMPLE_LIST}]}
    unit, ctx = unit_from_fixture(d)
    done = references.run(unit.model_copy(deep=True), ctx)
    assert not [x for x in references.verify(done, ctx) if x.code == "REF_EXAMPLE_FETCHED"]
    broken = done.model_copy(deep=True)
    node = broken.root.sub_criteria[0]
    node.references = References(sources=[s.model_copy(update={"type": "must_be_fetched"})
                                          if s.text == "ISO 14091:2021" else s for s in node.references.sources],
                                 logic=node.references.logic)
    flagged = [x for x in references.verify(broken, ctx) if x.code == "REF_EXAMPLE_FETCHED"]
    assert [x.criterion_id for x in flagged] == ["2(b)"] and "ISO 14091:2021" in flagged[0].message
    out, rec = run_with_odr(references, unit, ctx)
    assert not any(x.code == "REF_EXAMPLE_FETCHED" for x in rec.diagnostics)
    assert {s.text: s.type for s in out.root.sub_criteria[0].references.sources}["ISO 14091:2021"] == "citation_only"


def test_verify_example_check_ignores_generic_alternatives():
    text = "benchmarks such as the EMAS Reference Document or equivalent national or international standard;"
    u = references.run(Unit(unit_id="BIO-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
        CriterionNode(criterion_id="3.2(a)", verbatim_text=text)])), None)
    assert not [x for x in references.verify(u, None) if x.code == "REF_EXAMPLE_FETCHED"]


def test_publication_context_covers_a_coordinated_pinpoint():
    """CCM-4.27 SC 3 (2022/1214 OJ): 'with relevance for the application of Article 10(2) and Article 17 of
    Regulation (EU) 2020/852' is context for both articles; the Euratom Treaty articles are sources."""
    text = ("the Commission has given its opinion on it in accordance with Article 43 of the Euratom Treaty, and all "
            "the issues raised in the opinion, with relevance for the application of Article 10(2) and Article 17 of "
            "Regulation (EU) 2020/852, have been satisfactorily addressed.")
    assert _types(text) == {"Article 43 of the Euratom Treaty": "must_be_fetched",
                            "Article 10(2) of Regulation (EU) 2020/852": "citation_only",
                            "Article 17 of Regulation (EU) 2020/852": "citation_only"}
    assert _types("complies with Article 17 of Regulation (EU) 2020/852 and Article 10(2) of that Regulation."
                  )["Article 17 of Regulation (EU) 2020/852"] == "must_be_fetched"


def test_a_recommendation_cites_context_only():
    """PPC-1.1/PPC-1.2 SC 2.3 (2023/2486): a sentence that only recommends sets no pass/fail test, so the BAT
    conclusions it cites (with their short name '(WGC)') are citation_only; 'ranges recommended in' is no such
    sentence."""
    text = ("Investments for the use of high integrity equipment are recommended, provided that these are installed in "
            "existing plants for cases mentioned under BAT 23 point (b) of the best available techniques (BAT) "
            "conclusions for common waste gas management and treatment systems in the chemical sector (WGC), whereas "
            "the pressure threshold is brought to 200 bar.")
    assert list(_types(text).values()) == ["citation_only"]
    assert list(_types(text).keys())[0].endswith("in the chemical sector (WGC)")
    near = "Emissions are within the ranges recommended in the BAT conclusions for waste treatment."
    assert _types(near) == {"the BAT conclusions for waste treatment": "must_be_fetched"}
    assert _types("It is recommended to use ISO 14001. The activity complies with Directive 2010/75/EU.") == {
        "ISO 14001": "citation_only", "Directive 2010/75/EU": "must_be_fetched"}
