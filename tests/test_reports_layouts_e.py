"""Synth-e layouts (issue 12g): the fixes for its first-contact misses, as units and end to end."""

from __future__ import annotations

import pytest

from regc.reports import rows as V
from regc.reports.line_cells import prose_word as _prose_word
from regc.reports.pdftree import Line, Word


@pytest.mark.parametrize("text, mult", [("en milliers d'euros", 1e3), ("in miljoenen euro", 1e6),
                                         ("in migliaia di euro", 1e3), ("en miles de euros", 1e3),
                                         ("en millones de euros", 1e6), ("in duizenden euro", 1e3)])
def test_scale_words_in_other_languages(text, mult):
    assert V.unit_multiplier(text) == mult
    assert V.unit_currency_named(text) == "EUR"


@pytest.mark.parametrize("text, kpi", [("Chiffre d'affaires", "turnover"), ("Omzet", "turnover"),
                                        ("Fatturato", "turnover"), ("Cifra de negocios", "turnover"),
                                        ("Dépenses d'investissement (CapEx)", "capex"),
                                        ("Operationele uitgaven", "opex"), ("Spese operative", "opex")])
def test_kpi_names_in_other_languages(text, kpi):
    assert V.kpi_words(text) == [kpi]


def test_answers_and_of_which_rows_in_other_languages():
    assert [V.parse_answer(t) for t in ("Oui", "Non", "Nee", "Sì", "S", "No")] == ["Y", "N", "N", "Y", "Y", "N"]
    assert V.row_kind("Waarvan faciliterend") == V.row_kind("Dont habilitantes") == "of_which"
    assert V.row_kind("Di cui abilitanti") == V.row_kind("De las cuales: facilitadoras") == "of_which"


def test_answer_word_in_running_label_text_is_no_cell():
    line = Line([Word(0, 0, 40, 8, "activités"), Word(42, 0, 52, 8, "non"), Word(54, 0, 90, 8, "éligibles"),
                 Word(200, 0, 220, 8, "1 234")])
    assert _prose_word(line, 1)
    cells = Line([Word(0, 0, 8, 8, "Oui"), Word(30, 0, 38, 8, "Non"), Word(60, 0, 70, 8, "N/EL")])
    assert not any(_prose_word(cells, i) for i in range(3))


def test_summary_header_cells_that_abut():
    from regc.reports.kpi_summary import phrases
    line = Line([Word(137, 0, 157, 8, "Total"), Word(159, 0, 165, 8, "(€"), Word(167, 0, 226, 8, "Taxonomy-eligible"),
                 Word(298, 0, 357, 8, "Taxonomy-aligned")])
    assert [p.role for p in phrases(line)] == ["total", "eligible", "aligned"]
    prose = Line([Word(0, 0, 60, 8, "Taxonomy-eligible"), Word(62, 0, 72, 8, "but"), Word(74, 0, 84, 8, "not"),
                  Word(86, 0, 120, 8, "aligned")])
    assert [p.role for p in phrases(prose)] == ["eligible_not_aligned"]


def test_decimal_mark_with_narrow_space_before_percent():
    assert V.detect_decimal(["15,1\u202f%", "109\u202f753", "0,4\u202f%"]) == ","


@pytest.mark.parametrize("family", ["e04_fr_chiffre_narrow_nbsp", "e05_it_fatturato_apostrophe",
                                    "e07_alternating_year_columns", "e08_separate_kpi_summary"])
def test_synth_e_family_end_to_end(family, tmp_path):
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document
    from regc.reports.score import score_pair
    from tests.reports_synth_e import build_document, gold_json
    from tests.reports_synth_e_render import render

    doc = build_document(family, 1)
    pdf = tmp_path / f"{doc.name}.pdf"
    render(doc, pdf)
    s = score_pair(extract(Document(pdf)), gold_json(doc))
    assert s["fixed_exact"] == 1.0, s["fixed_misses"]
    assert s["rows"]["f1"] == 1.0
