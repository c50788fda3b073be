"""Synth-d (issue 12f): the generator's gold is printed on its own pages, and the extractor rules added after its
first contact (non-euro units and currency, sideways pages, rows that print shares only / 'n/a' amounts)."""

from __future__ import annotations

import pytest

pytest.importorskip("pymupdf")

from regc.frontends.pdf import Word, mostly_vertical, upright_words  # noqa: E402
from regc.reports import rows as V  # noqa: E402
from tests.reports_synth_d import FAMILIES, build_document, fmt_number, gold_json  # noqa: E402
from tests.reports_synth_d_render import render  # noqa: E402


@pytest.mark.parametrize("text,mult,cur", [
    ("MSEK", 1e6, "SEK"), ("Net sales, SEKm", 1e6, "SEK"), ("kSEK", 1e3, "SEK"), ("DKKm", 1e6, "DKK"),
    ("CHF million", 1e6, "CHF"), ("PLN thousand", 1e3, "PLN"), ("tys. zł", 1e3, "PLN"), ("USD million", 1e6, "USD"),
    ("CZK million", 1e6, "CZK"), ("in €'000", 1e3, "EUR"), ("Mio. €", 1e6, "EUR"), ("TEUR", 1e3, "EUR"),
    ("€m", 1e6, "EUR"), ("in 1.000 EUR", 1e3, "EUR"), ("EUR bn", 1e9, "EUR"),
])
def test_units_of_non_euro_groups(text, mult, cur):
    assert V.unit_multiplier(text) == mult
    assert V.unit_currency_named(text) == cur


@pytest.mark.parametrize("text", ["in %", "Absolute turnover", "Transport by motorbikes", "a bonus of 31,000 EUR",
                                  "Climate change mitigation", "Minimum safeguards"])
def test_no_unit_in_plain_words(text):
    assert V.unit_multiplier(text) is None


def test_sideways_words_are_turned_upright():
    words = [Word(17, 700 - 40 * i, 25, 730 - 40 * i, f"word{i}") for i in range(25)]
    assert mostly_vertical(words)
    up, w, h = upright_words(words, (0, -1), 595, 842)
    assert (w, h) == (842, 595) and all(x.x1 - x.x0 > x.y1 - x.y0 for x in up)
    assert up[0].x0 < up[1].x0  # the first word read (lowest on the page) is leftmost upright


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_gold_numbers_are_printed_on_cited_pages(family, tmp_path):
    """Every gold amount/share is printed on a page its KPI cites (the scanned page: as an image, skipped)."""
    import pymupdf

    doc = build_document(family, 2)
    pdf = tmp_path / "d.pdf"
    render(doc, pdf)
    gold = gold_json(doc)
    label, mult, decimals = doc.traits["unit"]
    t = doc.traits
    with pymupdf.open(pdf) as p:
        for key, k in gold["kpis"].items():
            if t.get("scanned") == key:
                continue
            text = " ".join(p[n - 1].get_text() for n in k["pages"])
            for a in k["activities"]:
                if a["amount"] is not None and a["amount"] != 0:
                    ticks = round(a["amount"] / mult * 10 ** decimals)
                    assert fmt_number(ticks, decimals, t["thou"], t["dec"]) in text, (key, a["code"])
                assert a["page"] in k["pages"]


def _extract(family, seed, tmp_path):
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document
    from regc.reports.score import score_pair

    doc = build_document(family, seed)
    pdf = tmp_path / f"{doc.name}.pdf"
    render(doc, pdf)
    got = extract(Document(pdf))
    return got, score_pair(got, gold_json(doc))


@pytest.mark.parametrize("family,currency", [("d01_sek_msek_thinspace", "SEK"), ("d03_chf_long_appendix", "CHF"),
                                             ("d10_one_table_three_kpis", "CZK")])
def test_non_euro_amounts_scaled_and_currency_named(family, currency, tmp_path):
    got, s = _extract(family, 1, tmp_path)
    assert got["currency"] == currency
    turnover_misses = [m for m in s["fixed_misses"] if m.startswith("turnover.")]
    assert not turnover_misses, turnover_misses


def test_sideways_table_is_read(tmp_path):
    _, s = _extract("d11_sideways_on_portrait", 1, tmp_path)
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0


@pytest.mark.parametrize("family", ["d05_usd_shares_only", "d06_na_cells_b_split"])
def test_rows_without_amount_keep_amount_null(family, tmp_path):
    got, s = _extract(family, 1, tmp_path)
    assert s["rows"]["amount_acc"] == 1.0
    assert got["kpis"]["turnover"]["total"] is None or got["kpis"]["turnover"]["total"] > 1000
