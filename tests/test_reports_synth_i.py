"""Synth-i generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the eval module measures the extractor)."""

from __future__ import annotations

import pytest

from tests.reports_synth_pages import assert_deterministic, assert_gold_printed, rendered
from tests.reports_synth_f_render import render
from tests.reports_synth_i import FAMILIES, KPIS, build_document, gold_json

SEPARATORS = ((".", ","), (",", "."), (",", " "), (",", "\u00a0"))


def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    assert_gold_printed(gold, pdf, KPIS, family, SEPARATORS)


def _text(pdf) -> str:
    return "".join(p.get_text() for p in pdf)


def test_layout_features_on_the_page(tmp_path):
    _, gold, pdf = _pdf("i06_symbols_zero_forms", 2, tmp_path)
    text = _text(pdf)
    assert "●" in text and "○" in text and "n/a" in text and "–" in text
    acts = [a for k in gold["kpis"].values() for a in k["activities"]]
    assert any(a["amount"] is None for a in acts) and any(a["amount"] == 0.0 for a in acts)
    _, gold, pdf = _pdf("i10_codes_in_glossary_only", 1, tmp_path)
    turnover = gold["kpis"]["turnover"]
    table_text = pdf[turnover["pages"][0] - 1].get_text()
    assert not any(a["code"].replace("-", " ") in table_text for a in turnover["activities"])
    assert all(a["code"].replace("-", " ") in pdf[len(pdf) - 1].get_text() for a in turnover["activities"])
    _, gold, pdf = _pdf("i08_unruled_continued", 1, tmp_path)
    assert all(len(k["pages"]) >= 2 for k in gold["kpis"].values())
    assert not pdf[gold["kpis"]["capex"]["pages"][0] - 1].get_drawings()[1:]  # the running-header rule only
    _, gold, pdf = _pdf("i03_el_greek_alpha_sections", 1, tmp_path)
    assert "Α.1." in _text(pdf) and "A.1." not in _text(pdf)  # Greek capital alpha, not Latin A
    assert gold_json(build_document("i01_pl_mln_zl_tak_nie", 1))["currency"] == "PLN"
    doc, gold, pdf = _pdf("i11_names_hyphenated_midword", 1, tmp_path)
    lines = pdf[gold["kpis"]["turnover"]["pages"][0] - 1].get_text().splitlines()
    words = {w for a in gold["kpis"]["turnover"]["activities"] for w in a["name"].replace(",", "").split()}
    assert any(a.split()[-1][:-1] + b.split()[0] in words  # a name's word broken over two lines
               for a, b in zip(lines, lines[1:]) if a.endswith("-") and len(a) > 1 and b.strip())
    doc, gold, pdf = _pdf("i09_prior_year_right", 1, tmp_path)
    assert f"{doc.year - 1}" in pdf[gold["kpis"]["opex"]["pages"][0] - 1].get_text()
    _, gold, pdf = _pdf("i07_objective_subgroups_subtotals", 1, tmp_path)
    assert "A.1.1 Climate change mitigation" in _text(pdf)


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("i07_objective_subgroups_subtotals",), "i09_prior_year_right", tmp_path)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11
