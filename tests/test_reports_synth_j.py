"""Synth-j generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the eval module measures the extractor)."""

from __future__ import annotations

import pytest

from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_pages import assert_deterministic, assert_gold_printed, rendered
from tests.reports_synth_j import FAMILIES, KPIS, build_document, gold_json, render

def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    assert_gold_printed(gold, pdf, KPIS, family)


def _page(pdf, gold, key="turnover", n=0) -> str:
    return pdf[gold["kpis"][key]["pages"][n] - 1].get_text()


def test_layout_features_on_the_page(tmp_path):
    _, gold, pdf = _pdf("j01_bg_hil_lv_da_ne", 1, tmp_path)
    text = _page(pdf, gold)
    assert "А.1." in text and "A.1." not in text and "ДА" in text and gold["currency"] == "BGN"
    _, gold, pdf = _pdf("j05_currency_sign_each_amount", 1, tmp_path)
    amounts = [a["amount"] for a in gold["kpis"]["capex"]["activities"] if a["amount"]]
    assert all(f"EUR {fmt_number(v / 1e6, 1, '.', chr(0x2009))}" in _page(pdf, gold, "capex") for v in amounts)
    _, gold, pdf = _pdf("j06_footnote_marks_glued", 1, tmp_path)
    assert any(m in _page(pdf, gold) for m in ("¹\n", "*\n", "²\n"))
    _, gold, pdf = _pdf("j07_code_second_line", 1, tmp_path)
    blocks = pdf[gold["kpis"]["turnover"]["pages"][0] - 1].get_text("words")
    for a in gold["kpis"]["turnover"]["activities"]:
        codes = [w[3] for w in blocks if w[4] == a["code"].split("-")[1]]
        amount = f"{a['amount'] / 1e3:,.0f}"
        assert any(w[4] == amount and 3 < y - w[3] < 12 for w in blocks for y in codes), a["code"]  # a line below
    _, gold, pdf = _pdf("j08_totals_block_on_top", 1, tmp_path)
    text = _page(pdf, gold)
    assert text.index("TOTAL (A+B)") < text.index("A.1. Environmentally")
    _, gold, pdf = _pdf("j09_amounts_then_shares_table", 1, tmp_path)
    first, second = (_page(pdf, gold, "opex", n) for n in (0, 1))
    assert "%" not in first and "Proportion" in second
    _, gold, pdf = _pdf("j10_shaded_bands_bold_totals", 1, tmp_path)
    fills = [d for d in pdf[gold["kpis"]["capex"]["pages"][0] - 1].get_drawings() if d.get("fill")]
    assert len(fills) >= 5


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("j10_shaded_bands_bold_totals", "j06_footnote_marks_glued"),
                         "j09_amounts_then_shares_table", tmp_path)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11
