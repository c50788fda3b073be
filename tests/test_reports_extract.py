"""Extraction from the real dev reports (SMA, Vonovia: the two tuned on), number grounding, bad input."""

from __future__ import annotations

import json

import pymupdf
import pytest

from regc.reports import rows as V
from regc.reports.errors import ReportInputError
from regc.reports.extract import extract
from regc.reports.pdftree import Document
from regc.reports.score import score_pair
from regc.reports.verify import number_on_page, value_on_page
from tests.reports_helpers import DEV_TUNED, disclosure_gold, report_pdf


@pytest.fixture(scope="module")
def extracted():
    return {n: extract(Document(report_pdf(n))) for n in DEV_TUNED}


@pytest.mark.parametrize("name", DEV_TUNED)
def test_dev_scores_meet_the_bar(extracted, name):
    gold = json.loads(disclosure_gold(name).read_text())
    s = score_pair(extracted[name], gold)
    assert s["fixed_exact"] >= 0.9, s["fixed_misses"]
    assert s["rows"]["f1"] >= 0.85, s["rows"]


@pytest.mark.parametrize("name", DEV_TUNED)
def test_every_number_occurs_on_its_cited_page(extracted, name):
    d = extracted[name]
    doc = Document(report_pdf(name))
    for kpi, block in d["kpis"].items():
        texts = " ".join(doc.page(p).text for p in block["pages"])
        for key in ("aligned", "eligible_not_aligned", "not_eligible"):
            for field, scale in (("amount", None), ("share", 0.01)):
                v = block[key][field]
                if v is not None:
                    scales = [scale] if scale else [1e3, 1e6, 1.0]
                    assert any(value_on_page(v, texts, s) for s in scales), (kpi, key, field, v)
        for row in block["activities"]:
            page_text = doc.page(row["page"]).text
            if row["share"] is not None:
                assert value_on_page(row["share"], page_text, 0.01), row


def test_tables_span_pages_and_facing_pages_are_joined(extracted):
    v = extracted["Vonovia_SE"]["kpis"]["capex"]
    assert v["pages"] == [62, 63]  # left page: amounts; facing page: DNSH, safeguards, category
    row = next(r for r in v["activities"] if r["code"] == "CCM-7.2" and r["group"] == "A.1")
    assert row["category"] == "T" and row["minimum_safeguards"] == "Y" and row["dnsh"]["BIO"] == "Y"
    two = next(r for r in v["activities"] if r["group"] == "A.2" and r["code"] == "CCM-7.2")
    assert two["also"] == ["CE-3.2"]


def test_a2_rows_read_from_the_continuation_page(extracted):
    t = extracted["SMA_Solar_Technology_AG"]["kpis"]["turnover"]
    a2 = [r for r in t["activities"] if r["group"] == "A.2"]
    assert {r["page"] for r in a2} == {70} and a2[0]["substantial_contribution"]["CCM"] == "EL"
    assert t["total"] == pytest.approx(1904060000.0)


@pytest.mark.parametrize("token,decimal,value", [("31,061", ".", 31061.0), ("1.904,1", ",", 1904.1),
                                                 ("34,8%", ",", 34.8), ("–", ".", 0.0), ("(12)", ".", -12.0)])
def test_number_formats(token, decimal, value):
    assert V.parse_number(token, decimal) == pytest.approx(value)


@pytest.mark.parametrize("text,mult", [("in €'000", 1e3), ("EUR thousand", 1e3), ("in € million", 1e6),
                                       ("Mio. €", 1e6), ("TEUR", 1e3), ("in %", None)])
def test_units(text, mult):
    assert V.unit_multiplier(text) == mult


@pytest.mark.parametrize("cell,answer", [("yes", "Y"), ("Ja", "Y"), ("nein", "N"), ("N/EL", "N/EL"),
                                         ("EL\u20092", "EL"), ("–", None), ("n/a", None)])
def test_answers(cell, answer):
    assert V.parse_answer(cell) == answer


def test_codes_with_and_without_objective():
    assert V.parse_code("CCM 7.1/CE 3.1") == ("CCM-7.1", ["CE-3.1"])
    assert V.parse_code("7.1", "CE") == ("CE-7.1", [])


def test_number_on_page_is_whole_token():
    assert number_on_page("1,234", "total 1,234 EUR")
    assert not number_on_page("1,234", "total 11,234 EUR")
    assert not number_on_page("34.8%", "34.85%")


def _write_pdf(path, pages_text):
    doc = pymupdf.open()
    for t in pages_text:
        doc.new_page().insert_text((72, 72), t)
    doc.save(str(path))


def test_bad_inputs_raise_one_line_errors(tmp_path):
    (tmp_path / "junk.pdf").write_bytes(b"not a pdf at all")
    with pytest.raises(ReportInputError, match="junk.pdf"):
        Document(tmp_path / "junk.pdf")
    enc = pymupdf.open()
    enc.new_page().insert_text((72, 72), "secret")
    enc.save(str(tmp_path / "enc.pdf"), encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="pw")
    with pytest.raises(ReportInputError, match="encrypted"):
        Document(tmp_path / "enc.pdf")
    with pytest.raises(ReportInputError, match="no such file"):
        Document(tmp_path / "missing.pdf")


def test_report_without_kpi_table_gives_all_null_with_findings(tmp_path):
    _write_pdf(tmp_path / "letter.pdf", ["Dear shareholders,", "Our year in review. Revenue grew 5%."])
    d = extract(Document(tmp_path / "letter.pdf"))
    for block in d["kpis"].values():
        assert block["total"] is None and block["aligned"]["amount"] is None and block["activities"] == []
    assert [f["message"] for f in d["findings"]] == [f"no KPI table found for {k}" for k in ("turnover", "capex", "opex")]


def test_toc_pages_are_recognised(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page()
    y = 72
    for i in range(1, 15):
        page.insert_text((72, y), f"Chapter {i} title text")
        page.insert_text((480, y), str(i * 3))
        y += 16
    doc.save(str(tmp_path / "toc.pdf"))
    assert Document(tmp_path / "toc.pdf").page(1).is_toc
