"""Synth-h generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, every page digital."""

from __future__ import annotations

import pymupdf
import pytest

from tests.reports_synth_eval import gold_numbers
from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_f_render import render
from tests.reports_synth_h import FAMILIES, KPIS, build_document, gold_json
from tests.reports_synth_pages import assert_deterministic

SEPARATORS = ((".", ","), (",", "."), (",", " "), (".", "'"))


def _forms(value: float, share: bool, mode: str) -> set[str]:
    v = abs(value)
    if share and mode == "whole":
        return {f"{round(v * 100)} %"}
    if share and mode == "fraction":
        return {fmt_number(v, 3, ".", ",")}
    if share:
        return {fmt_number(v * 100, 1, dec, thou) for dec, thou in SEPARATORS}
    return {fmt_number(v / scale, decimals, dec, thou)
            for scale, decimals in ((1e3, 0), (1e6, 1)) for dec, thou in SEPARATORS}


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    doc = build_document(family, 1)
    render(doc, tmp_path / "h.pdf")
    gold = gold_json(doc)
    pdf = pymupdf.open(tmp_path / "h.pdf")
    for key in KPIS:
        k = gold["kpis"][key]
        assert k["pages"] and k["activities"]
        text = " ".join(pdf[p - 1].get_text() for p in k["pages"])
        assert all(pdf[p - 1].get_text().strip() for p in k["pages"])  # digital pages (no scanned KPI page)
        for a in k["activities"]:
            assert a["page"] in k["pages"]
        for value, share in gold_numbers(k):
            if value:
                assert any(f in text for f in _forms(value, share, doc.style.share_mode)), (family, key, value)


def test_layout_features_on_the_page(tmp_path):
    doc = build_document("h07_objectives_bio_first", 2)
    render(doc, tmp_path / "o.pdf")
    words = pymupdf.open(tmp_path / "o.pdf")[doc.kpis["capex"].pages[0] - 1].get_text("words")
    top = min(w[1] for w in words if w[4] == "BIO")  # the objective header line
    xs = {w[4]: w[0] for w in sorted(words, key=lambda w: -w[0]) if abs(w[1] - top) < 1}  # leftmost on it
    assert xs["BIO"] < xs["CCM"] and xs["CE"] < xs["PPC"]
    neg = build_document("h04_chf_apostrophe_minus", 1)
    render(neg, tmp_path / "n.pdf")
    text = "".join(p.get_text() for p in pymupdf.open(tmp_path / "n.pdf"))
    assert "\u2212" in text and "'" in text and any(
        a["amount"] < 0 for k in gold_json(neg)["kpis"].values() for a in k["activities"])
    split = gold_json(build_document("h09_split_headers_footnotes", 3))["kpis"]
    assert all(len(k["pages"]) >= 2 and len({a["page"] for a in k["activities"]}) >= 2 for k in split.values())


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("h06_nace_beside_code",), "h10_fraction_shares", tmp_path, gold_seed=2)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11
