"""Synth-n generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the eval module measures the extractor, and the set is blind)."""

from __future__ import annotations

import pytest

from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_g_tables import labels
from tests.reports_synth_n import FAMILIES, KPIS, build_document, gold_json, render
from tests.reports_synth_n_families import SPREAD
from tests.reports_synth_n_tables import sector_of
from tests.reports_synth_n_words import (CHART_LABELS, LEGEND_A2, LEGEND_SC, OPEX_EXEMPTION, SECTION_BANDS,
                                         SECTOR_FORMS)
from tests.reports_synth_pages import (assert_deterministic, assert_gold_at_printed_precision,
                                       assert_gold_printed, rendered)

OPEX_ZERO = "n05_opex_exemption_zero_numerator"


def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


def _text(pdf, gold, key="turnover") -> str:
    return " ".join(pdf[p - 1].get_text() for p in gold["kpis"][key]["pages"]).replace("\n", " ")


def _code_words(words, code: str) -> list[tuple]:
    """(x, y) of each place the code is printed as two words ("CCM", "7.1") on one line."""
    obj, num = code.split("-")
    return [(a[0], a[1]) for a, b in zip(words, words[1:]) if a[4] == obj and b[4] == num and abs(a[1] - b[1]) < 1]


@pytest.mark.parametrize("family", [f for f in FAMILIES if f != OPEX_ZERO])
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    assert_gold_printed(gold, pdf, KPIS, family)


def test_icelandic_template(tmp_path):
    _, gold, pdf = _pdf("n01_is_isk_velta_ja_nei", 1, tmp_path)
    text = _text(pdf, gold)
    words = ("Velta", "MLB", "HRK", "Já", "SAMTALS (A + B)", "millj. kr.", "flokkunarkerfinu")
    assert all(w in text for w in words), [w for w in words if w not in text]
    assert gold["currency"] == "ISK" and "Turnover" not in text
    assert fmt_number(gold["kpis"]["turnover"]["total"] / 1e6, 1, ",", ".") in text


def test_spread_with_gutter(tmp_path):
    _, gold, pdf = _pdf("n02_spread_gutter_two_pages", 2, tmp_path)
    half = SPREAD[0] / 2
    for key in KPIS:
        k = gold["kpis"][key]
        (p,) = k["pages"]
        page = pdf[p - 1]
        assert (page.rect.width, page.rect.height) == SPREAD
        words = page.get_text("words")
        numbers = sorted(int(w[4]) for w in words if w[4].isdigit() and w[1] > SPREAD[1] - 40)
        assert len(numbers) == 2 and numbers[1] == numbers[0] + 1
        for a in k["activities"]:
            assert all(x < half - 40 for x, _ in _code_words(words, a["code"])), a["code"]
        answers = [w for w in words if w[4] in ("N/EL", "EL")]
        assert answers and all(w[0] > half + 40 for w in answers)


def test_template_legend_cells(tmp_path):
    _, gold, pdf = _pdf("n03_template_legend_cells", 1, tmp_path)
    for key in KPIS:
        (p,) = gold["kpis"][key]["pages"]
        text = pdf[p - 1].get_text()
        assert text.count(LEGEND_SC) == 6 and text.count(LEGEND_A2) == 6 and text.count("Y/N") == 7
        words = pdf[p - 1].get_text("words")
        a2_y = next(w[1] for w in words if w[4] == "A.2.")
        assert sum(1 for w in words if w[4] == "EL;" and abs(w[1] - a2_y) < 1) == 6


def test_split_bar_total_in_caption(tmp_path):
    doc, gold, pdf = _pdf("n04_split_bar_total_in_caption", 1, tmp_path)
    for key in KPIS:
        k, text = gold["kpis"][key], _text(pdf, gold, key)
        assert k["not_eligible"]["amount"] is None and k["not_eligible"]["share"] is not None
        assert "TOTAL (A+B)" not in text and "NON-ELIGIBLE" not in text
        total = fmt_number(k["total"] / 1e6, 1, ".", ",")
        assert f"Total {labels(doc.style, key)['kpi_lower'][key]}: {total}" in text
        assert text.count(total) == 1
        assert f"{CHART_LABELS['b']}: {fmt_number(k['not_eligible']['share'] * 100, 1, '.', ',')} %" in text
        bars = [op for op in doc.pages[k["pages"][0] - 1].ops if op[0] == "line" and op[5] in (9.0, 5.0, 1.2)]
        assert len(bars) >= 2


def test_opex_exemption(tmp_path):
    for seed in (1, 2):
        _, gold, pdf = _pdf(OPEX_ZERO, seed, tmp_path)
        k, text = gold["kpis"]["opex"], _text(pdf, gold, "opex")
        assert OPEX_EXEMPTION[:30] in text and fmt_number(k["total"] / 1e6, 1, ".", ",") in text
        assert (k["aligned"], k["eligible_not_aligned"]) == ({"amount": 0.0, "share": 0.0},) * 2
        assert k["not_eligible"] == {"amount": k["total"], "share": 1.0} and "100.0 %" in text
        assert (k["activities"] == []) == (seed == 1)
        assert all(a["group"] == "A.2" and a["amount"] == 0.0 for a in k["activities"])
        assert len({a["code"] for a in k["activities"]}) == len(k["activities"])
        assert gold["kpis"]["turnover"]["aligned"]["amount"] > 0
        assert_gold_printed({"kpis": {"turnover": gold["kpis"]["turnover"]}}, pdf, ("turnover",), OPEX_ZERO)


def test_code_on_last_name_line(tmp_path):
    _, gold, pdf = _pdf("n06_code_on_last_name_line", 1, tmp_path)
    below = 0
    for key in KPIS:
        for a in gold["kpis"][key]["activities"]:
            words = pdf[a["page"] - 1].get_text("words")
            amount = fmt_number(a["amount"] / 1e3, 0, ".", ",")
            if not a["amount"] or sum(w[4] == amount for w in words) != 1:
                continue
            amt_y = next(w[1] for w in words if w[4] == amount)
            codes = [y for _, y in _code_words(words, a["code"]) if 0 <= y - amt_y < 40]
            assert codes, a["code"]
            below += min(codes) - amt_y > 10
    assert below >= 6


def test_amount_share_one_cell(tmp_path):
    _, gold, pdf = _pdf("n07_amount_share_one_cell", 1, tmp_path)
    for key in KPIS:
        k, text = gold["kpis"][key], _text(pdf, gold, key)
        assert text.count("Proportion of") == 1 and "(proportion)" in text  # the title only; one column
        for a in k["activities"] + [k["aligned"], k["eligible_not_aligned"], k["not_eligible"]]:
            cell = f"{fmt_number(a['amount'] / 1e6, 1, '.', ',')} ({fmt_number(a['share'] * 100, 1, '.', ',')} %)"
            assert cell in text, (key, cell)


def test_section_band_each_page(tmp_path):
    for seed in (1, 2):
        _, gold, pdf = _pdf("n08_section_band_repeated_header", seed, tmp_path)
        bands = SECTION_BANDS[seed % len(SECTION_BANDS)]
        for key in KPIS:
            pages = gold["kpis"][key]["pages"]
            assert len(pages) >= 2
            seen = []
            for p in pages:
                text = pdf[p - 1].get_text()
                assert "Economic activities" in text
                seen.append(next(b for b in bands if b in text))
            assert all(a != b for a, b in zip(seen, seen[1:]))


def test_sector_headings(tmp_path):
    for seed in (1, 2):
        _, gold, pdf = _pdf("n09_sector_chapter_headings", seed, tmp_path)
        form = SECTOR_FORMS[seed % len(SECTOR_FORMS)]
        for key in KPIS:
            for a in gold["kpis"][key]["activities"]:
                text = pdf[a["page"] - 1].get_text()
                head = sector_of(a["code"], form)
                assert head in text and text.index(head) < text.rindex(a["code"].replace("-", " ")), a["code"]


def test_aligned_eligible_column_pairs(tmp_path):
    both = 0
    for seed in (1, 2):
        _, gold, pdf = _pdf("n10_aligned_eligible_column_pairs", seed, tmp_path)
        for key in KPIS:
            acts = gold["kpis"][key]["activities"]
            assert all(a["substantial_contribution"] == {} and a["minimum_safeguards"] is None for a in acts)
            for code in {a["code"] for a in acts}:
                rows = [a for a in acts if a["code"] == code]
                words = pdf[rows[0]["page"] - 1].get_text("words")
                assert len(_code_words(words, code)) == 1 and len({a["page"] for a in rows}) == 1
                both += len(rows) == 2
    assert both >= 6


def test_template_halves_side_by_side(tmp_path):
    _, gold, pdf = _pdf("n11_template_halves_side_by_side", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        (p,) = k["pages"]
        words = pdf[p - 1].get_text("words")
        heads = sorted(w[0] for w in words if w[4] == "Economic")
        assert len(heads) == 2 and heads[1] > 400
        xs = [x for a in k["activities"] for x, _ in _code_words(words, a["code"])]
        assert min(xs) < 400 < max(xs)
        assert all(a["dnsh"] == {} and a["category"] is None for a in k["activities"])


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("n02_spread_gutter_two_pages", "n10_aligned_eligible_column_pairs"), OPEX_ZERO, tmp_path)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11


def test_gold_numbers_are_the_printed_ones():
    """Shares at one decimal and amounts at the printed precision (no recomputation)."""
    assert_gold_at_printed_precision(build_document, gold_json, FAMILIES, KPIS, lambda doc: 1000)
