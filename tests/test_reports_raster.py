"""Modality and OCR: a rasterised copy of a dev report's KPI pages (rendered to images, rebuilt as a PDF) is
recognised as scanned on every page and, through Tesseract OCR, scores >= 0.8x the digital extraction."""

from __future__ import annotations

import json

import pymupdf
import pytest

from regc.reports.extract import extract
from regc.reports.modality import classify
from regc.reports.ocr import find_tessdata, TesseractOCR
from regc.reports.pdftree import Document
from regc.reports.score import score_pair
from tests.reports_helpers import disclosure_gold, report_pdf

NAME = "SMA_Solar_Technology_AG"
KPI_PAGES = range(69, 75)  # 1-based; from the corpus's SOURCES.md
DPI = 200


def rasterise(src, pages, dst, text_too: int | None = None):
    """Each page as one image (a scan); page ``text_too`` also keeps a line of text (a mixed page)."""
    s = pymupdf.open(str(src))
    out = pymupdf.open()
    for n in pages:
        pg = s[n - 1]
        new = out.new_page(width=pg.rect.width, height=pg.rect.height)
        new.insert_image(new.rect, pixmap=pg.get_pixmap(dpi=DPI))
        if n == text_too:
            new.insert_text((20, 20), "Received by the auditor on 12 March 2024", fontsize=6)
    out.save(str(dst))
    return dst


def remap(disclosure, pages):
    """Rasterised page i is original page pages[i-1]: put the original numbers back for scoring."""
    m = {i + 1: p for i, p in enumerate(pages)}
    for block in disclosure["kpis"].values():
        block["pages"] = [m[p] for p in block["pages"]]
        for r in block["activities"]:
            r["page"] = m[r["page"]]
    return disclosure


@pytest.mark.skipif(find_tessdata() is None, reason="tesseract-ocr not installed (make venv installs it)")
def test_rasterised_copy_modality_and_score(tmp_path):
    pages = list(KPI_PAGES)
    pdf = rasterise(report_pdf(NAME), pages, tmp_path / "scan.pdf", text_too=pages[0])
    doc = Document(pdf, ocr_engine=TesseractOCR())
    modality = [doc.page(i).modality for i in range(1, len(pages) + 1)]
    assert modality == ["mixed"] + ["scanned"] * (len(pages) - 1)
    gold = json.loads(disclosure_gold(NAME).read_text())
    digital = score_pair(extract(Document(report_pdf(NAME))), gold)
    scanned = score_pair(remap(extract(doc), pages), gold)
    assert scanned["fixed_exact"] >= 0.8 * digital["fixed_exact"], scanned["fixed_misses"]
    assert scanned["rows"]["f1"] >= 0.8 * digital["rows"]["f1"], scanned["rows"]


def test_digital_pages_are_digital():
    doc = Document(report_pdf(NAME))
    assert {doc.page(n).modality for n in KPI_PAGES} == {"digital"}


@pytest.mark.parametrize("chars,cover,expected", [(0, 1.0, "scanned"), (2000, 0.0, "digital"), (40, 0.95, "mixed"),
                                                  (0, 0.0, "digital"), (2000, 0.2, "digital")])
def test_modality_rule(chars, cover, expected):
    assert classify(chars, cover) == expected
