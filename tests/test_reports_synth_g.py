"""Synth-g generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in one of the number formats the set uses), rows' pages among the KPI's pages, nulls where nothing is printed."""

from __future__ import annotations

import pymupdf
import pytest

from tests.reports_synth_eval import gold_numbers
from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_f_render import render
from tests.reports_synth_g import FAMILIES, KPIS, build_document, gold_json

SEPARATORS = ((".", ","), (",", "."), (",", "\u00a0"))


def _forms(value: float, share: bool) -> set[str]:
    if share:
        return {fmt_number(value * 100, 1, dec, thou) for dec, thou in SEPARATORS}
    return {fmt_number(value / scale, decimals, dec, thou)
            for scale, decimals in ((1e3, 0), (1e6, 1)) for dec, thou in SEPARATORS}


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    doc = build_document(family, 1)
    render(doc, tmp_path / "g.pdf")
    gold = gold_json(doc)
    pdf = pymupdf.open(tmp_path / "g.pdf")
    for key in KPIS:
        k = gold["kpis"][key]
        assert k["pages"]
        text = " ".join(pdf[p - 1].get_text() for p in k["pages"])
        for a in k["activities"]:
            assert a["page"] in k["pages"]
        for value, share in gold_numbers(k):
            if value:
                assert any(f in text for f in _forms(value, share)), (family, key, value)


def test_kpis_without_rows_have_nulls_where_nothing_is_printed():
    g = gold_json(build_document("g10_one_kpi_not_material", 2))["kpis"]
    assert g["turnover"]["activities"] and not g["capex"]["activities"] and not g["opex"]["activities"]
    assert g["capex"]["total"] and g["capex"]["aligned"]["amount"] is None and g["opex"]["total"] is None
    box = gold_json(build_document("g09_summary_box_only", 1))["kpis"]["capex"]
    assert box["aligned"]["share"] is not None and box["aligned"]["amount"] is None


def test_deterministic_and_shuffled_content_order(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    family = "g08_cells_shuffled_z_order"
    render(build_document(family, 2), a)
    render(build_document(family, 2), b)
    assert a.read_bytes() == b.read_bytes()
    assert gold_json(build_document(family, 2)) == gold_json(build_document(family, 2))
    page = build_document(family, 2).kpis["turnover"].pages[0]
    ys = [w[3] for w in pymupdf.open(a)[page - 1].get_text("words", sort=False)]
    assert ys != sorted(ys)  # content-stream order is not top-to-bottom


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11
