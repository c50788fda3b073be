"""References after validation17 first contact (fix round 11f17a): the general rules behind its misses, each on the
source sentence and on a near-miss that must not fire, and the verify step that learns each of them.

- footnotes that are nothing but an act, one per named document, paired in print order (CCA-3.10 DNSH-PPC P2(a));
- "Article X and in Annex Y … of Directive Z": two pinpoints, two sources (CCA-3.4 DNSH-CE P2), and a bare Article
  coordinated by a participle with an Article of a named act (CE-1.1 SC 3(a));
- whole noun phrases: a body's bracketed acronym inside a document's name (CCA-4.9 DNSH-PPC P1(a)), generic law
  with coordinated heads and a purpose post-modifier (P1(b)), an acronym subject after a qualifier (CCA-5.13
  DNSH-BIO P1), "regulatory requirements that are equivalent to those set out in …" (CE-2.6 DNSH-PPC);
- a possessive anaphor with a pinpoint ("that Directive’s Descriptors 1 (…), …") is a source of that act, unless a
  pinpoint right after it locates what it names (CCM-6.10/6.11 vs CCM-4.3 DNSH-BIO P2).
"""

from __future__ import annotations

import pytest

from refdata import unit_from_fixture
from regc.ir.models import References
from regc.passes import references

BAT = ("the best available techniques (BAT) conclusions for the production of chlor-alkali and the best available "
       "techniques (BAT) conclusions for common waste water and waste gas treatment/management systems in the "
       "chemical sector;")
BARE = {"9": "Implementing Decision 2013/732/EU.", "10": "Implementing Decision (EU) 2016/902."}


def _run(text: str, markers=(), footnotes=None):
    unit, ctx = unit_from_fixture({"unit_id": "CCA-9.9/DNSH-PPC", "footnotes": footnotes or {},
                                   "nodes": [{"criterion_id": "P1", "verbatim_text": text, "markers": list(markers)}]})
    return references.run(unit, ctx), ctx


def _codes(unit, ctx, code):
    return [d for d in references.verify(unit, ctx) if d.code == code]


def test_bare_footnote_acts_pair_with_named_documents_in_print_order():
    done, ctx = _run(BAT, ["9", "10"], BARE)
    srcs = done.root.sub_criteria[0].references.sources
    assert [s.celex_id for s in srcs] == ["32013D0732", "32016D0902"]
    assert not _codes(done, ctx, "REF_FOOTNOTE_ACT_UNUSED")
    # near-miss: one of the two notes is not just an act -> no pairing (no CELEX from outside the note's words)
    other = {"9": BARE["9"], "10": "See the reference document on waste water treatment in the chemical sector."}
    miss, _ = _run(BAT, ["9", "10"], other)
    assert [s.celex_id for s in miss.root.sub_criteria[0].references.sources] == [None, None]
    # verify learns it: the same output with the CELEX dropped is flagged, once per unused act
    broken = done.model_copy(deep=True)
    node = broken.root.sub_criteria[0]
    node.references = References(logic="AND", sources=[s.model_copy(update={"celex_id": None}) for s in srcs])
    assert len(_codes(broken, ctx, "REF_FOOTNOTE_ACT_UNUSED")) == 2


@pytest.mark.parametrize("text,expected,lost", [
    ("Recycling processes meet the conditions set out in Article 12 and in Annex III, Part B, of Directive "
     "2006/66/EC, including the use of the latest relevant Best Available Techniques.",
     ["Article 12 of Directive 2006/66/EC", "Annex III, Part B, of Directive 2006/66/EC"], "12"),
    ("substances meeting the criteria laid down in Article 57 and identified in accordance with Article 59(1) of "
     "Regulation (EC) No 1907/2006;",
     ["Article 57 of Regulation (EC) No 1907/2006", "Article 59(1) of Regulation (EC) No 1907/2006"], "57"),
])
def test_coordinated_pinpoints_of_one_act_are_two_sources_and_verify_flags_a_collapse(text, expected, lost):
    done, ctx = _run(text)
    srcs = done.root.sub_criteria[0].references.sources
    assert [s.text for s in srcs] == expected and len({s.celex_id for s in srcs}) == 1
    assert not [d for d in references.verify(done, ctx) if d.code in ("REF_ARTICLES_COLLAPSED", "REF_TEXT_NOT_IN_NODE")]
    broken = done.model_copy(deep=True)
    broken.root.sub_criteria[0].references = References(logic=None, sources=[srcs[-1]])
    flagged = _codes(broken, ctx, "REF_ARTICLES_COLLAPSED")
    assert len(flagged) == 1 and lost in flagged[0].message


@pytest.mark.parametrize("text,expected", [
    ("Recycling processes meet the conditions set out in Article 12 and in accordance with Directive 2006/66/EC.",
     ["Directive 2006/66/EC"]),  # "in" opens no pinpoint here: one source
    ("the report required by Article 57 and submitted to the competent authority in accordance with Article 59(1) of "
     "Regulation (EC) No 1907/2006;", ["Article 59(1) of Regulation (EC) No 1907/2006"]),  # not a participle + "with"
])
def test_coordination_near_misses_stay_one_source(text, expected):
    done, _ = _run(text)
    assert [s.text for s in done.root.sub_criteria[0].references.sources] == expected


@pytest.mark.parametrize("text,expected", [
    ("for construction site activities, activities follow the principles of the International Finance Corporation "
     "(IFC) General Environmental, Health, and Safety Guidelines.",
     [("the International Finance Corporation (IFC) General Environmental, Health, and Safety Guidelines", None)]),
    ("activities respect applicable norms and regulations to limit impact of electromagnetic radiation on human "
     "health, including for activities carried out in the Union, the Council recommendation on the limitation of "
     "exposure of the general public to electromagnetic fields (0 Hz to 300 GHz).",
     [("applicable norms and regulations to limit impact of electromagnetic radiation on human health", None),
      ("the Council recommendation on the limitation of exposure of the general public to electromagnetic fields "
       "(0 Hz to 300 GHz)", None)]),
    ("An Environmental Impact Assessment (EIA) or screening has been completed in accordance with relevant EIA "
     "national legislation.", [("relevant EIA national legislation", None)]),
    ("Implementation of such measures can also be demonstrated through compliance with regulatory requirements that "
     "are equivalent to those set out in the EN standards mentioned above.",
     [("regulatory requirements that are equivalent to those set out in the EN standards mentioned above", None)]),
    ("In the Union, the activity does not hamper the achievement of good environmental status, as set out in "
     "Directive 2008/56/EC, requiring that the appropriate measures are taken to prevent or mitigate impacts in "
     "relation to that Directive’s Descriptors 1 (biodiversity), 2 (non-indigenous species), 11 (Noise/Energy) and as "
     "set out in Decision (EU) 2017/848.",
     [("Directive 2008/56/EC", "32008L0056"),
      ("that Directive’s Descriptors 1 (biodiversity), 2 (non-indigenous species), 11 (Noise/Energy)", "32008L0056"),
      ("Decision (EU) 2017/848", "32017D0848")]),
    # near-misses: no qualifier, no acronym subject, a possessive located by the pinpoint after it, no purpose verb,
    # equivalence to numbered standards (their codes are sources of their own: the phrase ends before them)
    ("or with regulatory requirements that are equivalent to those set in CLC/EN 50625-1 and CLC/TS 50625-4 is a "
     "proof of compliance.", [("regulatory requirements that are equivalent", None), ("CLC/EN 50625-1", None),
                              ("CLC/TS 50625-4", None)]),
    ("activities respect norms and regulations to limit impact of electromagnetic radiation.", []),
    ("has been completed in accordance with EIA national legislation.", [("national legislation", None)]),
    ("the activity does not hamper good environmental status, as set out in Directive 2008/56/EC, in relation to that "
     "Directive’s Descriptors 1 (biodiversity) and 6 (seabed integrity), laid down in Annex I to that Directive.",
     [("Directive 2008/56/EC", "32008L0056"), ("Annex I to that Directive", "32008L0056")]),
    ("The measures contribute to that Directive’s objectives.", []),
])
def test_whole_noun_phrases_and_possessive_pinpoints(text, expected):
    done, ctx = _run(text)
    refs = done.root.sub_criteria[0].references
    assert [(s.text, s.celex_id) for s in (refs.sources if refs else [])] == expected
    assert not [d for d in references.verify(done, ctx) if d.code in ("REF_TEXT_NOT_IN_NODE", "REF_SPAN_TRUNCATED")]
