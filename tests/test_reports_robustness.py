"""Robustness of report reading: the synthetic layout-variation benchmark (tests/reports_synth.py: perturbed
gold disclosures rendered with varied units, decimal marks, languages, code styles, split tables, ...), the
hybrid model fallback over the local HTTP double (plumbing and grounding only — not model quality),
`regc segment REPORT.pdf`, and bad input (1,000 pages, image-only without OCR, not a report)."""

from __future__ import annotations

import json
import random

import pymupdf
import pytest

from regc.cli import main
from regc.reports import kpi_tables as K
from regc.reports.extract import extract
from regc.reports.lm_fill import fill_unsure, unsure_kpis
from regc.reports.pdftree import Document
from regc.reports.planner import run_plan
from regc.reports.score import score_pair
from tests import reports_synth as S
from tests.llm_double import OpenAIDouble
from tests.reports_helpers import HELD_OUT, disclosure_gold, report_pdf

QUICK_SEEDS = tuple(range(12))  # the full 40 run in `python -m bench.run reports`


@pytest.fixture(scope="module")
def golds():
    g = S.gold_dir()
    if g is None:
        pytest.skip("disclosure gold not available")
    return S.load_golds(g)


def test_generator_is_deterministic_and_varies_layouts(golds, tmp_path):
    a, ea = S.make_case(7, golds)
    b, eb = S.make_case(7, golds)
    assert a == b and ea == eb
    layouts = [S.make_case(s, golds)[0]["layout"] for s in S.SEEDS]
    for axis, choices in S.LAYOUT_AXES:
        assert len({json.dumps(lay[axis]) for lay in layouts}) >= min(2, len(choices)), axis
    pdf, expected, _ = S.generate(7, tmp_path, golds)
    assert pdf.exists() and score_pair(expected, expected)["fixed_exact"] == 1.0


def test_synthetic_layouts_meet_a_floor(tmp_path):
    if S.gold_dir() is None:
        pytest.skip("disclosure gold not available")
    res = S.run_benchmark(tmp_path, QUICK_SEEDS)
    # first contact (before the robustness rules) on these 12 seeds was far below; see the bench for all 40
    assert res["fixed"] >= 0.85 and res["row_f1"] >= 0.9, {s: (p["fixed"], p["f1"]) for s, p in res["per_seed"].items()}


@pytest.mark.parametrize("name", HELD_OUT)
def test_formerly_held_out_reports_stay_fixed(name):
    """POLYTEC (centred label cells, KPI named only in total rows) and TAKKT (bare codes, one table per page):
    tuned on since issue 12b, kept as regression guards."""
    gold = json.loads(disclosure_gold(name).read_text())
    s = score_pair(extract(Document(report_pdf(name))), gold)
    assert s["fixed_exact"] >= 0.9 and s["rows"]["f1"] >= 0.85, (s["fixed_misses"], s["rows"])


@pytest.mark.parametrize("unit,mult", [("EUR k", 1e3), ("in € m", 1e6), ("T€", 1e3), ("Mio. €", 1e6)])
def test_more_units(unit, mult):
    from regc.reports import rows as V
    assert V.unit_multiplier(unit) == mult


def _letter(path, pages):
    doc = pymupdf.open()
    for text in pages:
        doc.new_page().insert_htmlbox(pymupdf.Rect(50, 50, 550, 800), f"<p>{text}</p>")
    doc.save(str(path))
    return path


NARRATIVE = ("EU Taxonomy. Our Taxonomy-aligned turnover was EUR 123.4 million, a share of 12.5% of total turnover "
             "of EUR 987.6 million.")


def _fill_responder(fields):
    def respond(system, user):
        if "You read EU Taxonomy" in system:
            return "```json\n" + json.dumps(fields) + "\n```"
        return '{"tool": "finish"}'
    return respond


def test_hybrid_fallback_accepts_only_values_on_the_cited_page(tmp_path):
    pdf = _letter(tmp_path / "narrative.pdf", ["Dear shareholders.", NARRATIVE])
    rules = extract(Document(pdf))
    # rules read an amount stated in a sentence (verified on its page), never a share not bracketed after it
    assert rules["kpis"]["turnover"]["aligned"] == {"amount": pytest.approx(123.4e6), "share": None}
    fields = {"aligned_share": {"token": "12.5%", "page": 2}, "total": {"token": "987.6", "page": 2},
              "eligible_not_aligned_amount": {"token": "555.5", "page": 2},  # not printed: rejected
              "eligible_not_aligned_share": {"token": "12.5%", "page": 1},  # wrong page: rejected
              "unit": "EUR million"}
    with OpenAIDouble(_fill_responder(fields)) as srv:
        res = run_plan(str(pdf), lm="double", api_base=srv.base_url)
        fill_requests = [r for r in srv.requests if "You read EU Taxonomy" in r["body"]["messages"][0]["content"]]
    t = res.disclosure["kpis"]["turnover"]
    assert t["aligned"]["share"] == pytest.approx(0.125) and t["total"] == pytest.approx(987.6e6)
    assert t["aligned"]["amount"] == pytest.approx(123.4e6)  # the rules' reading of the sentence, not the model's
    assert t["eligible_not_aligned"] == {"amount": None, "share": None}
    assert 2 in t["pages"]
    assert {p["key"] for p in res.disclosure["provenance"] if p["kpi"] == "turnover"} == {"aligned.share"}
    assert all(p["source"] == "model" and p["page"] == 2 for p in res.disclosure["provenance"])
    msgs = " ".join(f["message"] for f in res.disclosure["findings"])
    assert "eligible_not_aligned_amount: model value rejected ('555.5' does not occur on page 2)" in msgs
    assert "eligible_not_aligned_share: model value rejected (page 1 was not shown)" in msgs
    assert fill_requests and "=== page 2 ===" in fill_requests[0]["body"]["messages"][1]["content"]
    assert any(s["tool"] == "lm_fill" for s in res.trace) and len(res.trace) <= 15


def test_hybrid_fallback_survives_a_broken_model(tmp_path):
    pdf = _letter(tmp_path / "narrative.pdf", [NARRATIVE])
    doc = Document(pdf)
    d = extract(doc)
    fill_unsure(doc, d, lambda messages: "I cannot answer that")
    assert d["kpis"]["turnover"]["aligned"]["share"] is None
    assert any("model fallback failed" in f["message"] for f in d["findings"])


def test_confident_reports_do_not_call_the_model(golds, tmp_path):
    pdf, expected, _ = S.generate(4, tmp_path, golds)  # a layout the rules read completely
    d = extract(Document(pdf))
    assert unsure_kpis(d) == []


def test_segment_shows_the_pdf_tree(golds, tmp_path, capsys):
    case, _ = S.make_case(0, golds)
    case["layout"].update(toc=True, rows_per_page=5)
    pdf = S.render_pdf(case, tmp_path / "r.pdf")
    assert main(["segment", str(pdf)]) == 0
    out = capsys.readouterr().out
    assert "contents pages: 1" in out and "[table turnover] pages" in out and "digital" in out
    assert main(["segment", str(pdf), "--json"]) == 0
    tree = json.loads(capsys.readouterr().out)
    pages = {t["kpi"]: t["pages"] for s in tree["sections"] for t in s["tables"]}
    pages.update({t["kpi"]: t["pages"] for t in tree["unplaced_tables"]})
    assert set(pages) == {"turnover", "capex", "opex"} and all(len(p) >= 2 for p in pages.values())
    (tmp_path / "bad.pdf").write_bytes(b"junk")
    assert main(["segment", str(tmp_path / "bad.pdf")]) == 2


def test_thousand_page_pdf_is_bounded(tmp_path):
    doc = pymupdf.open()
    rng = random.Random(0)
    for i in range(1000):
        doc.new_page(width=300, height=300).insert_text((20, 40), f"Page {i + 1}: annual report text {rng.random():.4f}")
    doc.save(str(tmp_path / "big.pdf"))
    big = Document(tmp_path / "big.pdf")
    d = extract(big)
    assert all(b["total"] is None for b in d["kpis"].values())
    assert len(big._pages) <= 2  # only candidate pages get word geometry; none here but the title page
    limited = Document(tmp_path / "big.pdf")
    assert K.find_tables(limited, limit=100) == [] and len(limited.page_texts(100)) == 100


def test_page_limit_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(K, "PAGE_LIMIT_FIND", 3)
    pdf = _letter(tmp_path / "five.pdf", ["a"] * 5)
    d = extract(Document(pdf))
    assert any("searched in the first 3 only" in f["message"] for f in d["findings"])


def _image_only(path):
    src = pymupdf.open()
    src.new_page().insert_text((72, 72), "Turnover 1,234 Taxonomy-aligned 12.5%", fontsize=14)
    pix = src[0].get_pixmap(dpi=100)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_image(page.rect, pixmap=pix)
    doc.save(str(path))
    return path


def test_image_only_without_ocr_says_so(tmp_path, monkeypatch, capsys):
    pdf = _image_only(tmp_path / "scan.pdf")
    d = extract(Document(pdf))
    assert any("image-only pages and no OCR" in f["message"] and f["severity"] == "error" for f in d["findings"])
    import regc.reports.ocr as ocr
    monkeypatch.setattr(ocr, "find_tessdata", lambda: None)
    assert main(["extract", str(pdf), "--ocr", "-o", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "scan.pdf" in err and "tesseract" in err and not (tmp_path / "x.json").exists()


def test_scanned_pages_are_ocrd_by_default_when_tesseract_is_installed(tmp_path):
    """No flag: a scanned page goes through OCR when the engine is there; --no-ocr leaves it unread and says so."""
    from regc.reports.ocr import OCRUnavailable, TesseractOCR

    try:
        TesseractOCR()
    except OCRUnavailable:
        pytest.skip("tesseract not installed")
    pdf = _image_only(tmp_path / "scan.pdf")
    assert main(["extract", str(pdf), "-o", str(tmp_path / "auto.json")]) in (0, 1)
    auto = json.loads((tmp_path / "auto.json").read_text())
    assert not any("image-only pages and no OCR" in f["message"] for f in auto["findings"])
    assert main(["extract", str(pdf), "--no-ocr", "-o", str(tmp_path / "off.json")]) in (0, 1)
    off = json.loads((tmp_path / "off.json").read_text())
    assert any("image-only pages and no OCR" in f["message"] for f in off["findings"])


def test_a_pdf_that_is_not_a_report(tmp_path, capsys):
    pdf = _letter(tmp_path / "menu.pdf", ["Lunch menu: soup 4.50, salad 6.20", "Dessert: cake 3.10"])
    assert main(["extract", str(pdf), "-o", str(tmp_path / "m.json")]) == 0
    d = json.loads((tmp_path / "m.json").read_text())
    assert all(b["pages"] == [] and b["activities"] == [] for b in d["kpis"].values())
    assert sum("no KPI table found" in f["message"] for f in d["findings"]) == 3
    err = capsys.readouterr().err  # warnings and errors are also printed, one line each, naming the file
    shown = [f for f in d["findings"] if f["severity"] in ("warning", "error")]
    assert shown and all("menu.pdf: " in line for line in err.splitlines()[:len(shown)])
    assert sum(f["message"] in err for f in shown) == len(shown)
