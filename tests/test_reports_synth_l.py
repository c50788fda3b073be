"""Synth-l generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the eval module measures the extractor)."""

from __future__ import annotations

import pytest

from tests.reports_synth_eval import gold_numbers
from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_l import FAMILIES, KPIS, build_document, gold_json, render
from tests.reports_synth_l_words import CODE_NAME_SEPARATORS, NUCLEAR_ROWS
from tests.reports_synth_pages import assert_deterministic, assert_gold_printed, rendered

BILLION = "l11_billion_two_decimals"


def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


def _page(pdf, gold, key="turnover", n=0) -> str:
    return pdf[gold["kpis"][key]["pages"][n] - 1].get_text()


@pytest.mark.parametrize("family", [f for f in FAMILIES if f != BILLION])
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    assert_gold_printed(gold, pdf, KPIS, family)


def test_billions_printed_with_two_decimals(tmp_path):
    _, gold, pdf = _pdf(BILLION, 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        text = " ".join(pdf[p - 1].get_text() for p in k["pages"])
        assert "(€ bn)" in text.replace("\n", " ") and all(a["page"] in k["pages"] for a in k["activities"])
        for value, share in gold_numbers(k):
            if value:
                form = fmt_number(abs(value) * 100, 1, ".", ",") if share else fmt_number(abs(value) / 1e9, 2, ".", ",")
                assert form in text, (key, value)


def test_nuclear_template_above_the_kpi_template(tmp_path):
    _, gold, pdf = _pdf("l01_nuclear_gas_t1_same_page", 1, tmp_path)
    text = _page(pdf, gold)
    assert len(gold["kpis"]["turnover"]["pages"]) == 1
    assert text.index("Template 1") < text.index(NUCLEAR_ROWS[5][-30:]) < text.index("disclosure covering year")
    assert text.count("NO") + text.count("YES") >= 6


def test_two_templates_side_by_side(tmp_path):
    _, gold, pdf = _pdf("l02_two_templates_side_by_side", 1, tmp_path)
    assert gold["kpis"]["turnover"]["pages"] == gold["kpis"]["capex"]["pages"]
    words = pdf[gold["kpis"]["capex"]["pages"][0] - 1].get_text("words")
    for key, left in (("turnover", True), ("capex", False)):
        total = fmt_number(gold["kpis"][key]["total"] / 1e6, 1, ".", ",")
        xs = [w[0] for w in words if w[4] == total]
        assert xs and all((x < 421) == left for x in xs)
    assert "DNSH" not in _page(pdf, gold)


@pytest.mark.parametrize("family, words", [
    ("l03_et_tuhat_eurot_jah_ei", ("KKL", "RMJ", "JAH", "KOKKU (A + B)", "tuhat eurot", "Müügitulu")),
    ("l04_lv_milj_eur_ja_ne", ("KPM", "APR", "JĀ", "KOPĀ (A + B)", "milj. EUR", "Apgrozījums")),
    ("l05_sl_tisoc_eur_da_ne", ("BPS", "KG", "DA", "SKUPAJ (A + B)", "tisoč EUR", "Prihodki"))])
def test_local_templates(family, words, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    text = _page(pdf, gold).replace("\n", " ")
    assert all(w in text for w in words), [w for w in words if w not in text]
    assert "CCM " in text and "Turnover" not in text


def test_official_2023_columns(tmp_path):
    _, gold, pdf = _pdf("l06_official_2023_prev_pct_e_t", 1, tmp_path)
    text = _page(pdf, gold)
    assert "Of which enabling" in text and "Of which transitional" in text and "N-1" in text
    assert "transition-" in text and "(E) / (T)" not in text


def test_year_row_pairs(tmp_path):
    _, gold, pdf = _pdf("l07_year_row_pairs", 1, tmp_path)
    year, text = gold["fiscal_year"], _page(pdf, gold)
    rows = len(gold["kpis"]["turnover"]["activities"])
    assert text.count(f"\n{year - 1}\n") >= rows + 5 and text.count(f"\n{year}\n") >= rows + 5


def test_kpi_box_above_with_both_years(tmp_path):
    for seed in (1, 2):
        _, gold, pdf = _pdf("l08_kpi_box_both_years_above", seed, tmp_path)
        text, year = _page(pdf, gold), gold["fiscal_year"]
        assert text.index("at a glance") < text.index(f"{year - 1}") < text.index("disclosure covering year")
        assert text.count(fmt_number(gold["kpis"]["turnover"]["total"] / 1e6, 1, ".", ",")) == 2


def test_trailing_minus(tmp_path):
    _, gold, pdf = _pdf("l09_de_trailing_minus_teur", 1, tmp_path)
    for key in KPIS:
        neg = [a for a in gold["kpis"][key]["activities"] if a["amount"] < 0]
        assert neg and all(f"{fmt_number(-a['amount'] / 1e3, 0, ',', '.')}-" in _page(pdf, gold, key) for a in neg)
    assert "Umsatzerlöse" in _page(pdf, gold)


def test_code_in_name_cell(tmp_path):
    for seed in (1, 2, 3):
        _, gold, pdf = _pdf("l10_code_in_name_cell", seed, tmp_path)
        text, sep = _page(pdf, gold, "opex"), CODE_NAME_SEPARATORS[seed % len(CODE_NAME_SEPARATORS)]
        assert "Code(s)" not in text
        for a in gold["kpis"]["opex"]["activities"]:
            assert f"{a['code'].replace('-', ' ')}{sep}{a['name'][:12]}" in text.replace("\n", " ")


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("l02_two_templates_side_by_side", "l07_year_row_pairs"),
                         "l08_kpi_box_both_years_above", tmp_path)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11
