"""Synth-k generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the eval module measures the extractor)."""

from __future__ import annotations

import re

import pytest

from tests.reports_synth_pages import assert_deterministic, assert_gold_printed, rendered
from tests.reports_synth_k import FAMILIES, KPIS, build_document, gold_json, render

def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    assert_gold_printed(gold, pdf, KPIS, family)


def _page(pdf, gold, key="turnover", n=0) -> str:
    return pdf[gold["kpis"][key]["pages"][n] - 1].get_text()


def test_layout_features_on_the_page(tmp_path):
    _, gold, pdf = _pdf("k01_fr_att_ada_oui_non", 1, tmp_path)
    assert all(w in _page(pdf, gold) for w in ("ATT", "ADA", "EAU", "OUI", "TOTAL (A + B)"))
    _, gold, pdf = _pdf("k02_es_mit_adapt_codes", 1, tmp_path)
    text = _page(pdf, gold)
    assert re.search(r"\b(MIT|ADAPT|AGUA|CONT|EC|BIO) \d+\.\d+", text) and not re.search(r"\bCCM \d", text)
    _, gold, pdf = _pdf("k04_category_in_code_cell", 1, tmp_path)
    cats = [a for a in gold["kpis"]["capex"]["activities"] if a["category"]]
    assert cats and all(f"{a['code'].replace('-', ' ')} {a['category']}" in _page(pdf, gold, "capex") for a in cats)
    _, gold, pdf = _pdf("k05_dnsh_single_letters", 1, tmp_path)
    assert "A – Climate change mitigation" in _page(pdf, gold)
    _, gold, pdf = _pdf("k06_prev_year_table_above", 1, tmp_path)
    text, year = _page(pdf, gold), gold["fiscal_year"]
    assert text.index(f"covering year {year - 1}") < text.index(f"covering year {year}")
    assert text.count("TOTAL (A+B)") == 2 and len(gold["kpis"]["turnover"]["pages"]) == 1
    for fam in ("k07_narrative_kpis_rows_appendix", "k08_overview_transposed_appendix"):
        _, gold, pdf = _pdf(fam, 1, tmp_path)
        first, appendix = gold["kpis"]["opex"]["pages"][0], gold["kpis"]["opex"]["pages"][1]
        assert appendix - first >= 3 and "TOTAL" not in _page(pdf, gold, "opex", 1)
        assert gold["kpis"]["opex"]["not_eligible"] == {"amount": None, "share": None}
    _, gold, pdf = _pdf("k09_amounts_group_right", 1, tmp_path)
    words = pdf[gold["kpis"]["turnover"]["pages"][0] - 1].get_text("words")
    share_x = max(w[0] for w in words if w[4] == "%")
    a = gold["kpis"]["turnover"]["activities"][0]
    assert min(w[0] for w in words if w[4] == f"{a['amount'] / 1e6:,.1f}") > share_x + 300
    _, gold, pdf = _pdf("k10_row_number_column", 1, tmp_path)
    words = pdf[gold["kpis"]["turnover"]["pages"][0] - 1].get_text("words")
    numbers = sorted(int(w[4]) for w in words if w[0] < 58 and w[4].isdigit())
    assert numbers == list(range(1, len(gold["kpis"]["turnover"]["activities"]) + 1))
    _, gold, pdf = _pdf("k11_a2_second_table", 1, tmp_path)
    text = _page(pdf, gold)
    assert text.count("Substantial contribution criteria") == 2 and text.count("Minimum") == 1


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("k06_prev_year_table_above", "k09_amounts_group_right"),
                         "k07_narrative_kpis_rows_appendix", tmp_path)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11
