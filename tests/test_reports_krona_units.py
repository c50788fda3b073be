"""Icelandic as an EEA language (annex_languages.py, words derived) and the krona sign without its ISO code
(regc/reports/krona_units.py, issue 12, H12s): one unit test per rule with a near miss each, on small hand-made
Icelandic, Danish, Swedish and Norwegian lines and tables, and end to end on synth-n's Icelandic family (tuned on
synth-n: in-sample, not an unseen estimate)."""

from __future__ import annotations

import pytest

from regc.reports import annex_languages as L
from regc.reports import rows as V
from regc.reports.extract import extract, report_currency
from regc.reports.krona_units import krona_currency, krona_unit, table_language
from regc.reports.pdftree import Document, Page, Word
from regc.reports.score import score_pair


def _page(rows: list[list[tuple[float, str]]], number: int = 3) -> Page:
    """A page of visual lines from (x0, text) cells, 5 pt a character, one line every 11 points."""
    words = [Word(x, 60 + k * 11, x + 5 * len(t), 68 + k * 11, t) for k, row in enumerate(rows) for x, t in row]
    return Page(number, 595, 842, words, " ".join(w.text for w in words))


class _Doc:
    """The pages report_currency reads, by number."""

    def __init__(self, *pages: Page):
        self.pages = {p.number: p for p in pages}

    def page(self, number: int) -> Page:
        return self.pages[number]


def _table(kpi: str, unit: str, total: str, yes: str, a1: str = "1.826,5", share: str = "21,1") -> Page:
    """A KPI table in one language: KPI name and amount unit in the header, one activity row, the total row."""
    return _page([[(40, "Activity"), (200, kpi), (260, unit)],
                  [(40, "Construction"), (110, "of"), (125, "new"), (145, "buildings"), (200, "CCM"), (220, "7.1"),
                   (260, a1), (320, share), (350, "%"), (380, yes), (410, yes)],
                  [(40, total), (100, "(A"), (115, "+"), (125, "B)"), (260, "8.655,0"), (320, "100,0"), (350, "%")]])


# --- Icelandic words (annex_languages.py, EEA_LANGUAGES; derived, not an official template) -------------------------

@pytest.mark.parametrize("text, kpi", [("Velta, fjárhæð", "turnover"), ("Hlutfall veltu", "turnover"),
                                       ("Fjárfestingarútgjöld (CapEx)", "capex"), ("Rekstrarútgjöld (OpEx)", "opex"),
                                       ("Hlutfall rekstrarútgjalda", "opex")])
def test_icelandic_kpi_names(text, kpi):
    assert V.kpi_words(text) == [kpi]


def test_icelandic_answers_total_and_near_misses():
    assert "is" in L.EEA_LANGUAGES and V.parse_answer("Já") == "Y" and V.parse_answer("Nei") == "N"
    assert V.row_kind("SAMTALS (A + B)") == "total" and "samtals" in V.SUBTOTAL_WORDS
    assert V.kpi_words("Veltufjármunir") == [] and V.parse_answer("Jáá") is None  # whole words only


# --- amount units with the krona sign alone and the Nordic scale words (rows.KRONA_SIGN, data) ----------------------

@pytest.mark.parametrize("unit, mult", [
    ("(millj. kr.)", 1e6), ("milljónir kr.", 1e6), ("m.kr.", 1e6), ("(þús. kr.)", 1e3), ("ma. kr.", 1e9),
    ("(mio. kr.)", 1e6), ("t.kr.", 1e3), ("tkr", 1e3), ("mia. kr.", 1e9), ("Mkr", 1e6), ("mnkr", 1e6),
    ("mill. kr", 1e6), ("tusen kroner", 1e3), ("mio. kroner", 1e6)])
def test_krona_sign_units_scale_without_currency(unit, mult):
    assert V.unit_multiplier(unit) == mult and V.unit_currency_named(unit) is None


@pytest.mark.parametrize("unit, mult, iso", [("milljónir króna", 1e6, "ISK"), ("millj. ISK", 1e6, "ISK"),
                                             ("tDKK", 1e3, "DKK"), ("DKK mn", 1e6, "DKK"), ("MSEK", 1e6, "SEK"),
                                             ("miljoner kronor", 1e6, "SEK"), ("MNOK", 1e6, "NOK")])
def test_nordic_units_with_their_currency(unit, mult, iso):
    assert V.unit_multiplier(unit) == mult and V.unit_currency_named(unit) == iso


def test_krona_unit_near_misses():
    assert V.unit_multiplier("(kr.)") is None and V.unit_multiplier("krav") is None  # a sign alone, a word
    assert V.unit_multiplier("millj.") is None and V.unit_multiplier("Hamar kr. 5") is None  # no sign / no scale


def test_icelandic_number_format():
    assert V.detect_decimal(["21,1", "5,9", "1.314,6"]) == ","
    assert V.parse_number("1.314,6", ",") == 1314.6 and V.parse_number("8.655,0", ",") == 8655.0
    assert V.parse_number("511,9", ",") == 511.9


# --- rule table_language (krona_units.py) ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, lang", [
    ("Hlutfall veltu  Velta, fjárhæð (millj. kr.)  Já  Nei  SAMTALS (A + B)", "is"),
    ("Andel af omsætning  Omsætning (mio. kr.)  Ja  Nej  I alt (A + B)", "da"),
    ("Andel av nettoomsättning  Omsättning (mkr)  Ja  Nej  Summa (A + B)", "sv"),
    ("Andel driftsinntekter  Omsetning (mill. kr)  Ja  Nei  Sum (A + B)", "no")])
def test_table_language_of_nordic_tables(text, lang):
    assert table_language(text) == lang


def test_table_language_near_misses():
    assert table_language("Turnover (A + B) Total") is None  # English: the currency is never taken from it
    assert table_language("Omsætning (mio. kr.)") is None  # one own word is not enough
    assert table_language("Omsætning i alt  Omsättning summa") is None  # a tie names no language


# --- rules iso_code_on_page and table_language: the currency of a krona-sign unit -----------------------------------

@pytest.mark.parametrize("kpi, unit, total, yes, iso", [
    ("Velta", "(millj. kr.)", "SAMTALS", "Já", "ISK"), ("Omsætning", "(mio. kr.)", "I alt", "Ja", "DKK"),
    ("Omsättning", "(mnkr)", "Summa", "Ja", "SEK"), ("Driftsinntekter", "(mill. kr)", "Sum", "Nei", "NOK")])
def test_krona_tables_take_the_currency_of_their_language(kpi, unit, total, yes, iso):
    page = _table(kpi, unit, total, yes)
    text = page.text + " " + _table(kpi.lower(), unit, total.lower(), yes).text  # the KPI pages' words
    assert krona_unit(page) and krona_currency(page.text, table_language(text)) == iso


def test_krona_table_without_language_has_no_currency():
    page = _table("Turnover", "(mio. kr.)", "Total", "Y")
    assert krona_unit(page) and report_currency(_Doc(page), [3]) is None
    assert krona_currency(page.text, "de") is None  # a language without a krona: no currency either


def test_iso_code_on_the_page_decides_before_the_language():
    page = _table("Omsætning", "(mio. kr.)", "I alt", "Ja")
    noted = _page([[(40, "All"), (60, "amounts"), (100, "in"), (115, "NOK")]] + [[(w.x0, w.text)] for w in page.words])
    assert krona_currency(noted.text, "da") == "NOK" and krona_currency(page.text + " DKK NOK", "da") == "DKK"


def test_krona_unit_near_misses():
    assert not krona_unit(_table("Omsætning", "(mio. DKK)", "I alt", "Ja"))  # the ISO code is printed
    assert not krona_unit(_table("Umsatz", "(Mio. €)", "Summe", "Ja"))
    assert report_currency(_Doc(_table("Umsatz", "(Mio. €)", "Summe", "Ja")), [3]) == "EUR"


# --- end to end: synth-n's Icelandic family (in-sample) -------------------------------------------------------------

def test_icelandic_family_end_to_end(tmp_path):
    from tests.reports_synth_n import build_document, gold_json, render

    doc = build_document("n01_is_isk_velta_ja_nei", 2)
    render(doc, tmp_path / "n.pdf")
    got, gold = extract(Document(tmp_path / "n.pdf")), gold_json(doc)
    s = score_pair(got, gold)
    assert got["currency"] == "ISK" and s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0
    assert s["rows"]["amount_acc"] == 1.0
