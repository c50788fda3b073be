"""A KPI stated only in sentences (issue 12, H12u: synth-p p11, OpEx declared not material, its total and
eligible-not-aligned figures in prose next to a ratio to another denominator): each rule of
:mod:`regc.reports.narrative` with a near miss, and end to end on the three p11 seeds (tuned on: in-sample)."""

from __future__ import annotations

import pytest

from regc.reports.extract import extract
from regc.reports.narrative import clause_values, narrative_block, without_decoy_ratio
from regc.reports.pdftree import Document
from regc.reports.score import score_pair

P11 = ("Operating expenditure (OpEx). Taxonomy OpEx comprises maintenance and repair costs. In 2024 it amounted "
       "to €3,210.8 million, which is 4 % of the Group's total operating expenses. Of the Taxonomy OpEx, €548.6 "
       "million (17.1 %) relate to Taxonomy-aligned activities and €493.9 million (15.4 %) to Taxonomy-eligible "
       "activities that are not Taxonomy-aligned.")


def test_pronoun_subject_continues_the_kpi_and_its_bare_amount_is_the_total():
    b = narrative_block([P11], "opex")
    assert b["total"] == 3210800000.0
    assert b["aligned"] == {"amount": 548600000.0, "share": 0.171}


def test_pronoun_near_misses():
    # the pronoun clause after a clause about no KPI gives nothing; an 'eligible' amount is not the total
    assert narrative_block(["Our staff grew. In 2024 it amounted to €3,210.8 million."], "opex")["total"] is None
    text = "Taxonomy OpEx is reported below. In 2024 eligible OpEx amounted to €3,210.8 million."
    assert narrative_block([text], "opex")["total"] is None
    # the total needs a verb of amount right before it
    assert narrative_block(["Taxonomy OpEx: in 2024 we spent €3,210.8 million on repairs."], "opex")["total"] is None


def test_words_between_two_amounts_qualify_the_first_when_it_had_none():
    assert narrative_block([P11], "opex")["eligible_not_aligned"] == {"amount": 493900000.0, "share": 0.154}
    # near miss: when the first amount is qualified before it, the words between qualify the second
    got = clause_values("Taxonomy-aligned OpEx was EUR 5.0 million (2 %) and not aligned EUR 3.0 million (1 %).")
    assert [r[:2] for r in got] == [("aligned", 5000000.0), ("eligible_not_aligned", 3000000.0)]


def test_ratio_to_another_denominator_is_not_read():
    text = ("Taxonomy-aligned OpEx amounted to €12.0 million, which is 4 % of the Group's total operating expenses "
            "of €300.0 million.")
    b = narrative_block([text], "opex")
    assert b["aligned"] == {"amount": 12000000.0, "share": None} and b["total"] is None
    # near misses: a ratio to the KPI itself, or to a bare 'total', is kept
    own = "Taxonomy-aligned OpEx amounted to €12.0 million (4 % of total OpEx of €300.0 million)."
    assert narrative_block([own], "opex")["total"] == 300000000.0
    bare = "Taxonomy-aligned OpEx amounted to €12.0 million, or 4 % of total."
    assert without_decoy_ratio(bare, "opex") == bare
    # a ratio to another KPI is about something else
    assert without_decoy_ratio("€12.0 million, 4 % of turnover, of €300.0 million", "opex") == "€12.0 million, "


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_synth_p11_end_to_end(seed, tmp_path):
    from tests.reports_synth_p import build_document, gold_json, render

    doc = build_document("p11_opex_not_material_prose", seed)
    render(doc, tmp_path / "p.pdf")
    s = score_pair(extract(Document(tmp_path / "p.pdf")), gold_json(doc))
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0, s["fixed_misses"]
