"""Synth-m layout families (issue 12, H12q: m05 a totals-only template, m06 a Norwegian template in NOK mill.):
the rules that fix their misses, one unit test per rule with a near miss each, and end to end on the repaired
families (tuned on synth-m: in-sample, not an unseen estimate)."""

from __future__ import annotations

import pytest

from regc.reports import rows as V
from regc.reports.cell_units import bare_currency
from regc.reports.extract import COMPANY_NAME, extract
from regc.reports.pdftree import Document, Page, Word
from regc.reports.score import score_pair
from regc.reports.totals_template import is_totals_page, totals_rows


def _page(rows: list[list[tuple[float, str]]], pitch: float = 11.0) -> Page:
    """A page of visual lines from (x0, text) cells, 5 pt a character, one line every ``pitch`` points."""
    words = [Word(x, 60 + k * pitch, x + 5 * len(t), 68 + k * pitch, t) for k, row in enumerate(rows) for x, t in row]
    return Page(3, 595, 842, words, " ".join(w.text for w in words))


_TITLE = [[(40, "Proportion"), (95, "of"), (110, "turnover"), (160, "from"), (190, "products"), (240, "–"),
           (250, "covering"), (295, "year"), (320, "2024")],
          [(40, "Economic"), (90, "activities"), (370, "Absolute"), (415, "turnover"), (460, "(€"), (475, "m)"),
           (500, "Proportion")]]


def _totals(a1=("1,211.5", "21.7"), a2=("746.7", "13.4"), extra=()) -> list[list[tuple[float, str]]]:
    return _TITLE + [
        [(40, "A."), (52, "TAXONOMY-ELIGIBLE"), (140, "ACTIVITIES")],
        [(40, "Turnover"), (85, "of"), (100, "sustainable"), (160, "activities"), (215, "(A.1)"), (412, a1[0]),
         (474, a1[1]), (495, "%")],
        *extra,
        [(40, "Turnover"), (85, "of"), (100, "eligible"), (145, "not"), (165, "aligned"), (205, "activities"),
         (260, "(A.2)")] + ([(419, a2[0]), (474, a2[1]), (495, "%")] if a2 else []),
        [(40, "B."), (52, "TAXONOMY-NON-ELIGIBLE"), (160, "ACTIVITIES")],
        [(40, "Turnover"), (85, "of"), (100, "Taxonomy-non-eligible"), (210, "activities"), (412, "3,613.3"),
         (474, "64.9"), (495, "%")],
        [(40, "TOTAL"), (72, "(A+B)"), (412, "5,571.5"), (470, "100.0"), (495, "%")]]


# --- m05: rule totals_only_template (regc/reports/totals_template.py) ------------------------------------------------

def test_totals_only_template_gives_the_total_rows():
    page = _page(_totals())
    assert is_totals_page(page.text)
    rows, decimal = totals_rows(page)
    got = {r.kind: (r.amount_token, r.share_token) for r in rows if r.kind != "section"}
    assert decimal == "." and got == {"aligned_total": ("1,211.5", "21.7"), "eligible_not_aligned_total": ("746.7", "13.4"),
                                      "not_eligible_total": ("3,613.3", "64.9"), "total": ("5,571.5", "100.0")}


def test_totals_only_template_near_misses():
    # a page that itemises an activity with a figure is a template with rows, not this layout
    coded = [[(40, "Manufacture"), (100, "of"), (115, "batteries"), (300, "CCM"), (320, "3.4"), (412, "500.0"),
              (474, "9.0"), (495, "%")]]
    assert totals_rows(_page(_totals(extra=coded))) is None
    # an A.2 total without a figure: no totals-only template (both sub-totals must print one)
    assert totals_rows(_page(_totals(a2=None))) is None
    # the text test wants both sub-total labels and a KPI name
    assert not is_totals_page("Turnover of sustainable activities (A.1) 1,211.5 21.7 %")
    assert not is_totals_page("Activities (A.1) 1.0 (A.2) 2.0")


def test_totals_only_template_ignores_uncoded_figured_lines():
    # a sentence with a figure above the table (an exemption note, a running header with a year) is not an
    # activity row: the page is still a totals-only template; the same line with a code is an activity
    note = [[(40, "Nordvik"), (90, "Group"), (130, "Annual"), (170, "Report"), (412, "2024")]]
    rows, _ = totals_rows(_page(_totals(extra=note)))
    assert {r.kind for r in rows} >= {"aligned_total", "eligible_not_aligned_total", "total"}
    coded = [note[0][:4] + [(300, "CCM"), (320, "7.1")] + note[0][4:]]
    assert totals_rows(_page(_totals(extra=coded))) is None


# --- m06: Norwegian words as data (annex_languages.py, EEA_LANGUAGES) ------------------------------------------------

@pytest.mark.parametrize("text, kpi", [("Andel driftsinntekter fra produkter", "turnover"), ("Omsetning", "turnover"),
                                       ("Kapitalutgifter", "capex"), ("Driftsutgifter", "opex")])
def test_norwegian_kpi_names(text, kpi):
    assert V.kpi_words(text) == [kpi]


def test_norwegian_answers_and_near_misses():
    assert V.parse_answer("Ja") == "Y" and V.parse_answer("Nei") == "N"
    assert V.kpi_words("Driftsinntektene økte") == [] and V.parse_answer("Neie") is None  # whole words only


# --- m06: the currency and scale of the amount unit (ISO codes as data, rows.CURRENCIES) ----------------------------

@pytest.mark.parametrize("unit, mult, iso", [
    ("(NOK mill.)", 1e6, "NOK"), ("mill. NOK", 1e6, "NOK"), ("NOK million", 1e6, "NOK"), ("MNOK", 1e6, "NOK"),
    ("SEK m", 1e6, "SEK"), ("miljoner kronor", 1e6, "SEK"), ("DKK '000", 1e3, "DKK"), ("CHF thousand", 1e3, "CHF"),
    ("tys. PLN", 1e3, "PLN"), ("NOK mrd.", 1e9, "NOK")])
def test_unit_names_scale_and_currency(unit, mult, iso):
    assert V.unit_multiplier(unit) == mult and V.unit_currency_named(unit) == iso


def test_unit_near_misses():
    # a scale word with no currency beside it is no amount unit; 'kroner' (Danish and Norwegian) names no ISO code
    assert V.unit_multiplier("Steel mill. output") is None and V.unit_currency_named("mill. kroner") is None
    assert V.unit_multiplier("NOK") is None


# --- rule bare_currency_in_header (regc/reports/cell_units.py) ------------------------------------------------------

@pytest.mark.parametrize("words, iso", [(["Absolute", "turnover", "(CHF)"], "CHF"), (["Turnover", "in", "PLN"], "PLN"),
                                        (["CapEx", "(in", "SEK)"], "SEK"), (["OpEx", "(NOK)"], "NOK")])
def test_bare_currency_code_in_header(words, iso):
    assert bare_currency([words]) == iso


def test_bare_currency_near_misses():
    assert bare_currency([["Absolute", "turnover", "CHF"]]) is None  # neither bracketed nor after 'in'
    assert bare_currency([["Proportion", "(ABC)"]]) is None  # not an ISO code of the currency list
    assert bare_currency([["Turnover", "(€)"]]) is None  # a sign alone: the unit rules' business


# --- company names with a Nordic legal form -------------------------------------------------------------------------

@pytest.mark.parametrize("text, name", [("Lindqvist Holding AB · Annual Report 2024", "Lindqvist Holding AB"),
                                        ("Havstrøm A/S annual report", "Havstrøm A/S"), ("Nordic Grid ASA", "Nordic Grid ASA"),
                                        ("Wisła Energia S.A. 2023", "Wisła Energia S.A."), ("Example AG", "Example AG")])
def test_company_legal_forms(text, name):
    assert COMPANY_NAME.search(text).group(1) == name


def test_company_legal_form_near_misses():
    assert COMPANY_NAME.search("ANNUAL REPORT AS OF 2024") is None and COMPANY_NAME.search("Abbey Road") is None


# --- end to end: the repaired families (in-sample) ------------------------------------------------------------------

@pytest.mark.parametrize("family, seed", [("m05_totals_only_no_breakdown", 1), ("m06_no_nok_driftsinntekter", 1)])
def test_synth_m_layout_family_end_to_end(family, seed, tmp_path):
    from tests.reports_synth_m import build_document, gold_json, render

    doc = build_document(family, seed)
    render(doc, tmp_path / "m.pdf")
    got, gold = extract(Document(tmp_path / "m.pdf")), gold_json(doc)
    s = score_pair(got, gold)
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0, s["fixed_misses"]
    assert got["currency"] == gold["currency"]
    assert all(not got["kpis"][k]["activities"] for k in got["kpis"]) == (family.startswith("m05"))
