"""Synth-p generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the set is blind, the coordinator measures it at merge)."""

from __future__ import annotations

import re

import pytest

from tests.reports_synth_eval import gold_numbers
from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_g_tables import labels
from tests.reports_synth_p import FAMILIES, KPIS, build_document, gold_json, render
from tests.reports_synth_p_tables import PStyle
from tests.reports_synth_p_words import (CATEGORY_WORDS, CHANGE_HEAD, CODE_NOTES, LEGACY_SC, OPEX_HEADING,
                                         SCALE_FOOTNOTE, SHORT_LABELS, abbreviate)
from tests.reports_synth_pages import assert_deterministic, assert_gold_at_printed_precision, printed_forms, rendered

GLUED = re.compile(r"^(?:CCM|CCA|WTR|PPC|CE|BIO) \d{1,2}\.\d{1,2}\((\d)\)$")
ONE_DECIMAL_PCT = re.compile(r"(?<![\d.])\d{1,3}\.\d %")


def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


def _text(pdf, pages) -> str:
    return " ".join(pdf[p - 1].get_text() for p in pages).replace("\n", " ")


def _forms(family: str, value: float, share: bool) -> set[str]:
    """How the family prints a gold value: two-decimal shares (p04), whole euros (p08), else synth-o's forms."""
    if share and family.startswith("p04"):
        return {fmt_number(abs(value) * 100, 2, ".", ",")}
    if not share and family.startswith("p08"):
        return {fmt_number(abs(value), 0, ".", ",")}
    return printed_forms(value, share, ((".", ","),))


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_gold_numbers_printed_on_cited_pages(family, seed, tmp_path):
    doc, gold, pdf = _pdf(family, seed, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        assert k["pages"] and (k["activities"] or not doc.kpis[key].itemised)
        text = _text(pdf, k["pages"])
        assert all(a["page"] in k["pages"] for a in k["activities"])
        for value, share in gold_numbers(k):
            if value:
                assert any(f in text for f in _forms(family, value, share)), (family, key, value)


def test_scale_in_footnote_only(tmp_path):
    doc, gold, pdf = _pdf("p01_scale_in_footnote_only", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        (p,) = k["pages"]
        words = pdf[p - 1].get_text("words")
        head = _text(pdf, [p]).split("A. TAXONOMY-ELIGIBLE")[0]
        assert "(€)" in head and "thousand" not in head and "m)" not in head
        assert fmt_number(k["total"] / 1e3, 0, ".", ",") in _text(pdf, [p])
        foot = min(w[3] for w in words if w[4] == "amounts")
        assert SCALE_FOOTNOTE in _text(pdf, [p]) and foot > max(w[3] for w in words if w[4] == "(A+B)")


def test_code_footnote_number_glued(tmp_path):
    _, gold, pdf = _pdf("p02_code_footnote_number_glued", 1, tmp_path)
    glued_total = 0
    for key in KPIS:
        (p,) = gold["kpis"][key]["pages"]
        lines = [ln.strip() for ln in pdf[p - 1].get_text().splitlines()]
        glued = {m.group(1) for m in map(GLUED.match, lines) if m}
        glued_total += len(glued)
        for n in glued:
            assert CODE_NOTES[int(n) - 1].format(n=n) in " ".join(lines)
        printed = {ln.split("(")[0].replace(" ", "-") for ln in lines if GLUED.match(ln)}
        assert printed <= {a["code"] for a in gold["kpis"][key]["activities"]}
    assert glued_total >= 2


def test_percent_header_no_sign(tmp_path):
    doc, gold, pdf = _pdf("p03_percent_header_no_sign", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        text = _text(pdf, k["pages"])
        assert f"{labels(doc.style, key)['proportion']} (%)" in text and "%)" in text
        share = fmt_number(k["aligned"]["share"] * 100, 1, ".", ",")
        assert share in text and f"{share} %" not in text and "100.0" in text and " %" not in text.replace("(%)", "")


def test_two_decimal_shares(tmp_path):
    _, gold, pdf = _pdf("p04_two_decimal_shares", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        text = _text(pdf, k["pages"])
        assert f"{fmt_number(k['aligned']['share'] * 100, 2, '.', ',')} %" in text and "100.00 %" in text
        assert not ONE_DECIMAL_PCT.search(text)
        assert any(abs(a["share"] * 1e3 - round(a["share"] * 1e3)) > 1e-6 for a in k["activities"] if a["share"])


def test_legacy_prior_year_table(tmp_path):
    doc, gold, pdf = _pdf("p05_legacy_2022_prior_year_table", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        (p,) = k["pages"]
        legacy = _text(pdf, [p + 1])
        assert str(doc.year - 1) in legacy and LEGACY_SC[0] in legacy and "100 %" in legacy
        assert LEGACY_SC[0] not in _text(pdf, [p]) and "N/EL" in _text(pdf, [p]) and "N/EL" not in legacy
        assert fmt_number(k["total"] / 1e6, 1, ".", ",") not in legacy


def test_a2_abbreviated_no_answers(tmp_path):
    _, gold, pdf = _pdf("p06_a2_abbreviated_no_answers", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        text = _text(pdf, k["pages"])
        a2 = [a for a in k["activities"] if a["group"] == "A.2"]
        assert a2 and all(a["substantial_contribution"] == {} and a["name"] in text for a in a2)
        assert any(a["name"].endswith(".") or "." in a["name"].split()[0] for a in a2)
        assert all(a["name"] in text and "." not in a["name"] for a in k["activities"] if a["group"] == "A.1")
        assert "EL" not in text.split("(A.1)")[-1].replace("ELIGIBLE", "")


def test_answers_and_category_words(tmp_path):
    _, gold, pdf = _pdf("p07_yes_no_category_words", 1, tmp_path)
    seen = set()
    for key in KPIS:
        k = gold["kpis"][key]
        words = {w[4] for w in pdf[k["pages"][0] - 1].get_text("words")}
        assert "Yes" in words and "Y" not in words and "E" not in words and "T" not in words
        for a in k["activities"]:
            if a["category"]:
                assert CATEGORY_WORDS[a["category"]] in words
                seen.add(a["category"])
    assert seen


def test_full_euro_amounts(tmp_path):
    _, gold, pdf = _pdf("p08_full_euro_amounts", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        text = _text(pdf, k["pages"])
        total = fmt_number(k["total"], 0, ".", ",")
        assert "(EUR)" in text and total.count(",") >= 2 and total in text and k["total"] % 1000
        assert fmt_number(k["total"] / 1e6, 1, ".", ",") not in text


def test_short_section_total_labels(tmp_path):
    doc, gold, pdf = _pdf("p09_short_section_total_labels", 1, tmp_path)
    for key in KPIS:
        text, lab = _text(pdf, gold["kpis"][key]["pages"]), labels(doc.style, key)
        assert all(v in text for v in SHORT_LABELS.values())
        assert lab["A1_total"] not in text and lab["total"] not in text


def test_change_column(tmp_path):
    doc, gold, pdf = _pdf("p10_change_vs_prior_year_column", 1, tmp_path)
    for key in KPIS:
        k = gold["kpis"][key]
        (p,) = k["pages"]
        lines = [ln.strip() for ln in pdf[p - 1].get_text().splitlines()]
        assert CHANGE_HEAD in lines and str(doc.year - 1) in lines and str(doc.year) in lines
        at = lines.index("TOTAL (A+B)")
        cur, prev, change = lines[at + 1], lines[at + 3], lines[at + 4]
        assert float(cur.replace(",", "")) * 1e6 == pytest.approx(k["total"])
        expected = round(1000 * (float(cur.replace(",", "")) / float(prev.replace(",", "")) - 1)) / 10
        assert change.endswith(" %") and float(change[:-2]) == pytest.approx(expected)


def test_opex_not_material_prose(tmp_path):
    for seed in (1, 2, 3):
        _, gold, pdf = _pdf("p11_opex_not_material_prose", seed, tmp_path)
        k = gold["kpis"]["opex"]
        (p,) = k["pages"]
        text = _text(pdf, [p])
        assert OPEX_HEADING in text and "Economic activities" not in text and k["activities"] == []
        assert k["not_eligible"] == {"amount": None, "share": None}
        for role in ("aligned", "eligible_not_aligned"):
            amount = fmt_number(k[role]["amount"] / 1e6, 1, ".", ",")
            assert f"€{amount} million ({fmt_number(k[role]['share'] * 100, 1, '.', ',')} %)" in text
        assert f"€{fmt_number(k['total'] / 1e6, 1, '.', ',')} million" in text
        assert all(gold["kpis"][o]["activities"] and gold["kpis"][o]["pages"][0] < p for o in ("turnover", "capex"))


def test_abbreviations_are_shorter():
    for name in ("Installation, maintenance and repair of energy efficiency equipment", "Construction of new buildings"):
        short = abbreviate(name)
        assert len(short) < len(name) and short.split()[0].endswith(".")


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("p05_legacy_2022_prior_year_table", "p10_change_vs_prior_year_column"),
                         "p08_full_euro_amounts", tmp_path)


def test_eleven_families():
    assert len(FAMILIES) == 11 and len({f[:3] for f in FAMILIES}) == 11


def test_style_is_synth_p():
    assert all(isinstance(build_document(f, 1).style, PStyle) for f in FAMILIES)


def test_gold_numbers_are_the_printed_ones():
    """Shares at the printed precision and amounts at the printed precision (no recomputation)."""
    assert_gold_at_printed_precision(build_document, gold_json, FAMILIES, KPIS,
                                     lambda doc: 10 ** (doc.style.share_digits + 2))
