"""Synth-m generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in the number format of its family), rows' pages among the KPI's pages, each family's layout feature on the
page (a score floor is not tested here: the eval module measures the extractor, and the set is blind)."""

from __future__ import annotations

import pytest

from tests.reports_synth_eval import gold_numbers
from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_m import FAMILIES, KPIS, build_document, gold_json, render
from tests.reports_synth_m_words import (CONTINUED_FORMS, DE_SUFFIX, NO_BREAKDOWN_NOTE, NUM_HEAD, OBJ_HEAD,
                                         SC_TEXT_HEAD, SC_TEXT_NAMES, SUFFIXES)
from tests.reports_synth_pages import assert_deterministic, assert_gold_printed, rendered

WHOLE, TOTALS, NO_DEC = "m03_whole_percent_glued", "m05_totals_only_no_breakdown", "m10_whole_millions_no_decimals"


def _pdf(family: str, seed: int, tmp_path):
    return rendered(build_document, gold_json, render, family, seed, tmp_path)


def _text(pdf, gold, key="turnover") -> str:
    return " ".join(pdf[p - 1].get_text() for p in gold["kpis"][key]["pages"]).replace("\n", " ")


@pytest.mark.parametrize("family", [f for f in FAMILIES if f not in (WHOLE, TOTALS, NO_DEC)])
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    assert_gold_printed(gold, pdf, KPIS, family)


@pytest.mark.parametrize("family, suffix, dec, thou", [
    ("m01_unit_after_amount_eurm", SUFFIXES[1], ".", ","), ("m08_de_mio_eur_after_amount", DE_SUFFIX, ",", ".")])
def test_unit_after_every_amount(family, suffix, dec, thou, tmp_path):
    _, gold, pdf = _pdf(family, 1, tmp_path)
    for key in KPIS:
        k, text = gold["kpis"][key], _text(pdf, gold, key)
        amounts = [a["amount"] for a in k["activities"]] + [k["total"], k["aligned"]["amount"]]
        assert all(f"{fmt_number(v / 1e6, 1, dec, thou)}{suffix}" in text for v in amounts), key
        assert "(€ m)" not in text and "EUR m)" not in text


def test_whole_percent_glued(tmp_path):
    _, gold, pdf = _pdf(WHOLE, 1, tmp_path)
    for key in KPIS:
        k, text = gold["kpis"][key], _text(pdf, gold, key)
        assert k["activities"] and all(a["page"] in k["pages"] for a in k["activities"])
        assert " %" not in text and "100%" in text
        for value, share in gold_numbers(k):
            if share and value:
                assert abs(value * 100 - round(value * 100)) < 1e-9 and f"{round(value * 100)}%" in text, (key, value)
            elif value:
                assert fmt_number(value / 1e3, 0, ".", ",") in text, (key, value)


def test_sc_objective_text_column(tmp_path):
    for seed in (1, 2):
        _, gold, pdf = _pdf("m02_sc_objective_text_column", seed, tmp_path)
        text = _text(pdf, gold, "capex")
        assert SC_TEXT_HEAD.split()[0] in text and "N/EL" not in text
        for a in gold["kpis"]["capex"]["activities"]:
            (obj, mark), = a["substantial_contribution"].items()
            assert mark == ("Y" if a["group"] == "A.1" else "EL")
            assert (SC_TEXT_NAMES[obj] if seed == 2 else obj) in text


def test_a1_label_continued(tmp_path):
    for seed in (1, 2, 3):
        _, gold, pdf = _pdf("m04_a1_label_continued", seed, tmp_path)
        for key in KPIS:
            k = gold["kpis"][key]
            first, second = k["pages"]
            a1_pages = {a["page"] for a in k["activities"] if a["group"] == "A.1"}
            assert a1_pages == {first, second}
            label = CONTINUED_FORMS[seed % len(CONTINUED_FORMS)].format(label="")
            nxt = pdf[second - 1].get_text().replace("\n", " ")
            assert label.strip() in nxt and "Economic activities" in nxt
            assert nxt.index("Economic activities") < nxt.index(label.strip())


def test_totals_only(tmp_path):
    _, gold, pdf = _pdf(TOTALS, 1, tmp_path)
    for key in KPIS:
        k, text = gold["kpis"][key], _text(pdf, gold, key)
        assert k["activities"] == [] and len(k["pages"]) == 1
        assert NO_BREAKDOWN_NOTE[:40] in text and "CCM " not in text and "(A.2)" in text
        for value, share in gold_numbers(k):
            assert fmt_number(value * 100, 1, ".", ",") + " %" in text if share else fmt_number(
                value / 1e6, 1, ".", ",") in text


def test_norwegian_template(tmp_path):
    _, gold, pdf = _pdf("m06_no_nok_driftsinntekter", 1, tmp_path)
    text = _text(pdf, gold)
    words = ("Driftsinntekter", "BKE", "SØK", "Ja", "TOTALT (A + B)", "NOK mill.", "taksonomitilpassede")
    assert all(w in text for w in words), [w for w in words if w not in text]
    assert gold["currency"] == "NOK" and "Turnover" not in text
    assert fmt_number(gold["kpis"]["turnover"]["total"] / 1e6, 1, ",", "\u00a0") in text


def test_objective_and_number_columns(tmp_path):
    _, gold, pdf = _pdf("m07_objective_number_columns", 1, tmp_path)
    for key in KPIS:
        assert "Code(s)" not in _text(pdf, gold, key)
        for p in gold["kpis"][key]["pages"]:
            words = pdf[p - 1].get_text("words")
            obj_x = next(w[0] for w in words if w[4] == OBJ_HEAD)
            num_x = next(w[0] for w in words if w[4] == NUM_HEAD.split()[0])
            for a in gold["kpis"][key]["activities"]:
                if a["page"] != p:
                    continue
                obj, num = a["code"].split("-")
                assert any(w[4] == obj and obj_x - 2 <= w[0] < num_x for w in words), a["code"]
                assert any(w[4] == num and num_x - 2 <= w[0] < num_x + 30 for w in words), a["code"]


def _code_at(words, code: str) -> list[tuple]:
    obj, num = code.split("-")
    return [(a[0], a[1]) for a, b in zip(words, words[1:]) if a[4] == obj and b[4] == num and abs(a[1] - b[1]) < 1]


def test_second_code_stacked(tmp_path):
    stacked = 0
    for seed in (1, 2):
        _, gold, pdf = _pdf("m09_two_codes_stacked", seed, tmp_path)
        for key in KPIS:
            for a in gold["kpis"][key]["activities"]:
                if not a.get("also"):
                    continue
                words = pdf[a["page"] - 1].get_text("words")
                firsts, seconds = _code_at(words, a["code"]), _code_at(words, a["also"][0])
                assert any(abs(x1 - x2) < 1 and 0 < y2 - y1 < 10 for x1, y1 in firsts for x2, y2 in seconds), a
                stacked += 1
    assert stacked >= 6


def test_whole_millions(tmp_path):
    _, gold, pdf = _pdf(NO_DEC, 1, tmp_path)
    for key in KPIS:
        k, text = gold["kpis"][key], _text(pdf, gold, key)
        assert "(€ million)" in text and all(a["page"] in k["pages"] for a in k["activities"])
        for value, share in gold_numbers(k):
            if value:
                form = fmt_number(value * 100, 1, ".", ",") + " %" if share else fmt_number(value / 1e6, 0, ".", ",")
                assert value * (1 if share else 1e-6) % 1 == 0 or share, value
                assert form in text, (key, value)


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render,
                         ("m04_a1_label_continued", "m02_sc_objective_text_column"), TOTALS, tmp_path)


def test_ten_families():
    assert len(FAMILIES) == 10 and len({f[:3] for f in FAMILIES}) == 10
