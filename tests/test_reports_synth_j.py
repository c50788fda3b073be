"""Synth-j generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the eval module measures the extractor)."""

from __future__ import annotations

import pymupdf
import pytest

from tests.reports_synth_eval import gold_numbers
from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_j import FAMILIES, KPIS, build_document, gold_json, render

SEPARATORS = ((".", ","), (",", "."), (",", " "), (",", "\u00a0"), (",", "\u202f"), (".", "\u2009"))


def _forms(value: float, share: bool) -> set[str]:
    v = abs(value)
    if share:
        return {fmt_number(v * 100, 1, dec, thou) for dec, thou in SEPARATORS}
    return {fmt_number(v / scale, decimals, dec, thou)
            for scale, decimals in ((1e3, 0), (1e6, 1)) for dec, thou in SEPARATORS}


def _pdf(family: str, seed: int, tmp_path):
    doc = build_document(family, seed)
    render(doc, tmp_path / f"{family}.pdf")
    return doc, gold_json(doc), pymupdf.open(tmp_path / f"{family}.pdf")


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    doc, gold, pdf = _pdf(family, 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        assert k["pages"] and k["activities"]
        text = " ".join(pdf[p - 1].get_text() for p in k["pages"])
        for a in k["activities"]:
            assert a["page"] in k["pages"]
        for value, share in gold_numbers(k):
            if value:
                assert any(f in text for f in _forms(value, share)), (family, key, value)


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
    for family in ("j10_shaded_bands_bold_totals", "j06_footnote_marks_glued"):
        a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
        render(build_document(family, 2), a)
        render(build_document(family, 2), b)
        assert a.read_bytes() == b.read_bytes()
    assert gold_json(build_document("j09_amounts_then_shares_table", 3)) == gold_json(
        build_document("j09_amounts_then_shares_table", 3))


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11
