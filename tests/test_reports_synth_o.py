"""Synth-o generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the set is blind, the coordinator measures it at merge)."""

from __future__ import annotations

import random

import pytest

from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_g_tables import labels
from tests.reports_synth_m_tables import MStyle
from tests.reports_synth_o import FAMILIES, KPIS, build_document, gold_json, render
from tests.reports_synth_o_tables import aligned_breakdown, reconciliation
from tests.reports_synth_o_words import (CONTINUED_FOOT, GLANCE_TITLE, NO_ALIGNED, NUMBER_HEAD, OBJECTIVE_HEAD,
                                         OBJECTIVE_NAMES, RECONCILIATION_TITLE, SEGMENT_HEAD, SEGMENTS,
                                         TEMPLATE_OTHER)
from tests.reports_synth_pages import (assert_deterministic, assert_gold_at_printed_precision,
                                       assert_gold_printed, rendered)

GERMAN = ((",", "."),)


def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


def _text(pdf, pages) -> str:
    return " ".join(pdf[p - 1].get_text() for p in pages).replace("\n", " ")


def _num(s: str, dec: str = ".", thou: str = ",") -> float:
    return float(s.replace(thou, "").replace(dec, "."))


def _line_y(words, text: str) -> list[float]:
    return [w[3] for w in words if w[4] == text]


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    seps = GERMAN if family.startswith("o01") else ((".", ","),)
    assert_gold_printed(gold, pdf, KPIS, family, seps)


def test_english_template_german_numbers(tmp_path):
    for seed, scale, dec in ((1, 1e6, 1), (2, 1e3, 0)):
        _, gold, pdf = _pdf("o01_en_template_german_numbers", seed, tmp_path)
        for key in KPIS:
            k = gold["kpis"][key]
            text = _text(pdf, k["pages"])
            assert "Economic activities" in text and "TOTAL (A+B)" in text
            big = fmt_number(k["total"] / scale, dec, ",", ".")
            assert "." in big and big in text and fmt_number(k["total"] / scale, dec, ".", ",") not in text
            assert fmt_number(k["aligned"]["share"] * 100, 1, ",", ".", pct=True) in text


def test_reconciliation_below_sums_to_total(tmp_path):
    doc, gold, pdf = _pdf("o02_denominator_reconciliation_below", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        title = RECONCILIATION_TITLE.format(k=labels(doc.style, key)["kpi_lower"][key])
        at = [i + 1 for i in range(len(pdf)) if title in pdf[i].get_text().replace("\n", " ")]
        assert len(at) == 1 and at[0] >= k["pages"][-1]
        spec = reconciliation(doc.style, doc.kpis[key], random.Random(5))
        parts = [_num(r.cells[1]) for r in spec.rows]
        assert len(parts) >= 4 and abs(sum(parts[:-1]) - parts[-1]) < 1e-6
        assert parts[-1] * 1e6 == pytest.approx(k["total"])


def test_aligned_breakdown_above(tmp_path):
    doc, gold, pdf = _pdf("o03_aligned_breakdown_by_type_above", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        text = pdf[k["pages"][0] - 1].get_text()
        spec = aligned_breakdown(doc.style, doc.kpis[key], random.Random(3))
        parts = [_num(r.cells[1]) for r in spec.rows]
        assert abs(sum(parts[:-1]) - parts[-1]) < 1e-6 and parts[-1] * 1e3 == pytest.approx(k["aligned"]["amount"])
        first = spec.rows[0].cells[0]
        assert first[:40] in text.replace("\n", " ") and text.index(first[:12]) < text.index("Economic activities")


def test_subtotals_on_section_labels(tmp_path):
    doc, gold, pdf = _pdf("o04_subtotals_on_section_labels", 1, tmp_path)
    for key in KPIS:
        k, lab = gold["kpis"][key], labels(doc.style, key)
        (p,) = k["pages"]
        text, words = _text(pdf, [p]), pdf[p - 1].get_text("words")
        assert lab["A1_total"] not in text and lab["B_total"] not in text and "TOTAL (A+B)" in text
        for tag, role in (("A.1.", "aligned"), ("A.2.", "eligible_not_aligned")):
            amount = fmt_number(k[role]["amount"] / 1e6, 1, ".", ",")
            assert set(_line_y(words, tag)) & set(_line_y(words, amount)), (key, tag)


def test_captions_below_two_per_page(tmp_path):
    _, gold, pdf = _pdf("o05_captions_below_two_per_page", 1, tmp_path)
    assert gold["kpis"]["turnover"]["pages"][0] == gold["kpis"]["capex"]["pages"][0]
    for key in KPIS:
        (p, *_) = gold["kpis"][key]["pages"]
        words = pdf[p - 1].get_text("words")
        captions = sorted(w[3] for w in words if w[4] == "Table")
        heads = sorted(w[3] for w in words if w[4] == "Economic")
        assert captions and len(captions) == len(heads) and all(c > h for c, h in zip(captions, heads))
        assert heads[0] < captions[0] and "Proportion of" not in pdf[p - 1].get_text()[:200].split("Economic")[0]


def test_annex_xii_templates_first(tmp_path):
    _, gold, pdf = _pdf("o06_annex_xii_templates_2_5_first", 1, tmp_path)
    first = min(p for k in gold["kpis"].values() for p in k["pages"])
    early = _text(pdf, range(3, first))
    assert all(f"Template {n}" in early for n in (1, 2, 3, 4, 5)) and "Section 4.26" in early
    assert early.count(TEMPLATE_OTHER[4][:60]) == 3
    for key in KPIS:
        k = gold["kpis"][key]
        assert "Template 2" not in _text(pdf, k["pages"])
        for role in ("aligned", "eligible_not_aligned", "not_eligible"):
            assert fmt_number(k[role]["amount"] / 1e6, 1, ".", ",") in early, (key, role)


def test_segment_first_column(tmp_path):
    _, gold, pdf = _pdf("o07_segment_first_column", 1, tmp_path)
    for key in KPIS:
        (p,) = gold["kpis"][key]["pages"]
        text, words = pdf[p - 1].get_text(), pdf[p - 1].get_text("words")
        assert SEGMENT_HEAD in text
        printed = [s for s in SEGMENTS if s in text.replace("\n", " ")]
        assert printed
        head_x = next(w[0] for w in words if w[4] == "Economic")
        first_words = {s.split()[0] for s in printed}
        assert all(w[0] < head_x for w in words if w[4] in first_words)
        assert sum(text.replace("\n", " ").count(s) for s in printed) <= len(gold["kpis"][key]["activities"])


def test_glance_tiles_rounded(tmp_path):
    _, gold, pdf = _pdf("o08_at_a_glance_rounded_tiles", 1, tmp_path)
    (glance,) = [i + 1 for i in range(len(pdf)) if GLANCE_TITLE.format(y=gold["fiscal_year"]) in pdf[i].get_text()]
    text = pdf[glance - 1].get_text()
    for key in KPIS:
        k = gold["kpis"][key]
        assert glance < k["pages"][0]
        assert f"{round(k['aligned']['share'] * 100)} %" in text and f"€{k['total'] / 1e9:.1f} bn" in text
        assert fmt_number(k["aligned"]["amount"] / 1e6, 1, ".", ",") not in text


def test_continued_marker_no_header(tmp_path):
    _, gold, pdf = _pdf("o09_continued_marker_no_header", 1, tmp_path)
    for key in KPIS:
        pages = gold["kpis"][key]["pages"]
        assert len(pages) == 3 and pages == list(range(pages[0], pages[0] + 3))
        for i, p in enumerate(pages):
            text = pdf[p - 1].get_text()
            assert ("Economic activities" in text) == (i == 0) and ("(continued)" in text) == (i > 0)
            assert (CONTINUED_FOOT in text) == (i < 2)
        assert {a["page"] for a in gold["kpis"][key]["activities"]} - {pages[0]}


def test_objective_and_number_columns(tmp_path):
    for seed in (1, 2):
        _, gold, pdf = _pdf("o10_objective_and_number_columns", seed, tmp_path)
        for key in KPIS:
            (p,) = gold["kpis"][key]["pages"]
            text = _text(pdf, [p])
            assert OBJECTIVE_HEAD in text and NUMBER_HEAD in text and "Code(s)" not in text
            words = pdf[p - 1].get_text("words")
            for a in gold["kpis"][key]["activities"]:
                obj, num = a["code"].split("-")
                shown = OBJECTIVE_NAMES[obj].split()[0] if seed % 2 == 0 else obj
                pairs = [(o[0], n[0]) for o in words for n in words
                         if o[4] == shown and n[4] == num and abs(o[3] - n[3]) < 0.5]
                assert any(nx - ox > 45 for ox, nx in pairs), a["code"]  # two columns, not one code cell


def test_no_aligned_placeholder(tmp_path):
    for seed, empty in ((1, "opex"), (2, "capex"), (3, "turnover")):
        _, gold, pdf = _pdf("o11_no_aligned_placeholder_row", seed, tmp_path)
        k = gold["kpis"][empty]
        text = _text(pdf, k["pages"])
        assert NO_ALIGNED in text and k["aligned"] == {"amount": 0.0, "share": 0.0}
        acts = k["activities"]
        assert acts and all(a["group"] == "A.2" for a in acts) and len({a["code"] for a in acts}) == len(acts)
        assert k["eligible_not_aligned"]["amount"] == pytest.approx(sum(a["amount"] for a in acts))
        others = [gold["kpis"][o] for o in KPIS if o != empty]
        assert all(any(a["group"] == "A.1" for a in o["activities"]) for o in others)
        assert all(NO_ALIGNED not in _text(pdf, o["pages"]) for o in others)


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("o06_annex_xii_templates_2_5_first", "o07_segment_first_column"),
                         "o11_no_aligned_placeholder_row", tmp_path)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11


def test_style_is_synth_m():
    assert all(isinstance(build_document(f, 1).style, MStyle) for f in FAMILIES)


def test_gold_numbers_are_the_printed_ones():
    """Shares at one decimal and amounts at the printed precision (no recomputation)."""
    assert_gold_at_printed_precision(build_document, gold_json, FAMILIES, KPIS, lambda doc: 1000)
