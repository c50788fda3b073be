"""KPI summary tables as a fallback source of fixed keys; a share cell wrapped over two lines; the OCR layout
probe that keeps prose pages out of page finding."""

from __future__ import annotations

import pymupdf
import pytest

from regc.reports.extract import extract
from regc.reports.kpi_summary import read_summary
from regc.reports.ocr import layout_probe
from regc.reports.pdftree import Document
from tests.reports_helpers import report_pdf

HEADER = ("Total", "Taxonomy-aligned", "Taxonomy-eligible but not aligned", "Not taxonomy-eligible")
COLS = (190, 260, 360, 470)  # x of each role's first cell (amount), share 45 pt right of it


def summary_pdf(path, rows, unit="in EUR million"):
    """A one-page report whose only KPI figures are a summary table (rows: label, cells per role)."""
    doc = pymupdf.open()
    pg = doc.new_page(width=595, height=842)
    pg.insert_text((40, 60), f"EU Taxonomy: key figures ({unit})", fontsize=10)
    for x, h in zip(COLS, HEADER):
        pg.insert_text((x, 100), h, fontsize=6)
        pg.insert_text((x, 112), "EUR m", fontsize=6)
        if h != "Total":
            pg.insert_text((x + 45, 112), "%", fontsize=6)
    for i, (label, cells) in enumerate(rows):
        y = 130 + 14 * i
        pg.insert_text((40, y), label, fontsize=7)
        for x, cell in zip(COLS, cells):
            amount, share = cell if isinstance(cell, tuple) else (cell, None)
            pg.insert_text((x, y), amount, fontsize=7)
            if share is not None:
                pg.insert_text((x + 45, y), share, fontsize=7)
    doc.save(str(path))
    return path


ROWS = [("Turnover", ["1,250.0", ("312.5", "25.0%"), ("100.0", "8.0%"), ("837.5", "67.0%")]),
        ("Capital expenditure", ["400.0", ("40.0", "10.0%"), ("20.0", "5.0%"), ("340.0", "85.0%")]),
        ("Operating expenditure", ["-", ("-", "0%"), ("-", "0%"), ("-", "0%")])]


def test_summary_table_gives_the_fixed_keys_when_no_template(tmp_path):
    d = extract(Document(summary_pdf(tmp_path / "s.pdf", ROWS)))
    t, c, o = (d["kpis"][k] for k in ("turnover", "capex", "opex"))
    assert t["total"] == 1250e6 and t["aligned"] == {"amount": 312.5e6, "share": 0.25}
    assert t["eligible_not_aligned"] == {"amount": 100e6, "share": 0.08} and t["pages"] == [1]
    assert c["aligned"] == {"amount": 40e6, "share": 0.10}
    # a dash in the total: the KPI was not determined -> amounts null, shares as printed
    assert o["total"] is None and o["aligned"] == {"amount": None, "share": 0.0}
    assert any("summary table" in f["message"] for f in d["findings"])


def test_summary_reader_roles_and_rows(tmp_path):
    cells = read_summary(Document(summary_pdf(tmp_path / "s.pdf", ROWS)).page(1))
    assert set(cells) == {"turnover", "capex", "opex"}
    assert cells["capex"]["not_eligible"]["share"] == (0.85, "85.0%")
    assert cells["turnover"]["total"]["amount"] == (1250.0, "1,250.0")


def test_takkt_turnover_share_from_its_summary_table():
    d = extract(Document(report_pdf("TAKKT_AG_Sustainability")))
    t = d["kpis"]["turnover"]
    assert t["aligned"] == {"amount": None, "share": 0.0} and t["total"] is None
    assert t["eligible_not_aligned"] == {"amount": None, "share": None}  # an 'eligible' column is A.1 + A.2
    assert 26 in t["pages"]
    assert d["kpis"]["capex"]["total"] == 30681000.0  # the template's values stay


def test_wrapped_share_cell_stays_with_its_row(tmp_path):
    doc = pymupdf.open()
    pg = doc.new_page(width=595, height=842)
    for x, h in ((30, "Code"), (70, "Economic activities"), (200, "Turnover"), (240, "Proportion"),
                 (300, "Climate change mitigation"), (420, "Minimum safeguards")):
        pg.insert_text((x, 60), h, fontsize=6)
    pg.insert_text((30, 80), "A.1 Environmentally sustainable activities (Taxonomy-aligned)", fontsize=6)
    pg.insert_text((70, 95), "Transport by motorbikes, passenger", fontsize=6)
    pg.insert_text((70, 103), "cars and light commercial", fontsize=6)
    pg.insert_text((250, 103), "13.25", fontsize=6)
    pg.insert_text((30, 111), "CCM 6.5", fontsize=6)
    pg.insert_text((70, 111), "vehicles", fontsize=6)
    pg.insert_text((205, 111), "84.6", fontsize=6)
    pg.insert_text((268, 111), "%", fontsize=6)
    for x, a in ((310, "Y"), (420, "Y")):
        pg.insert_text((x, 111), a, fontsize=6)
    pg.insert_text((70, 125), "Turnover of environmentally sustainable activities (A.1)", fontsize=6)
    pg.insert_text((205, 125), "84.6", fontsize=6)
    pg.insert_text((250, 125), "13.25 %", fontsize=6)
    doc.save(str(tmp_path / "w.pdf"))
    from regc.reports.kpi_tables import find_tables, read_page_rows

    d = Document(tmp_path / "w.pdf")
    tables = find_tables(d)
    rows = [r for r in (tables[0].rows if tables else read_page_rows(d.page(1), [], ".")) if r.kind == "activity"]
    assert [(r.amount, r.share) for r in rows] == [(84.6, 13.25)]


def _image_page(doc, text_page):
    """``text_page`` rendered to a 150-dpi image on a new page of ``doc`` (a scan)."""
    new = doc.new_page(width=text_page.rect.width, height=text_page.rect.height)
    new.insert_image(new.rect, pixmap=text_page.get_pixmap(dpi=150))
    return new


@pytest.mark.parametrize("table", [True, False])
def test_layout_probe_tells_tables_from_prose(table):
    src = pymupdf.open()
    pg = src.new_page(width=595, height=842)
    for i in range(40):
        y = 60 + 16 * i
        if table:
            for k, cell in enumerate(("CCM 7.1", "12.4", "3.1%", "Y", "N", "N", "Y", "Y", "Y", "E")):
                pg.insert_text((40 + 52 * k, y), cell, fontsize=8)
        else:
            pg.insert_text((40, y), "The Group continued to implement its sustainability strategy during the "
                                    "reporting year and reviewed its risks.", fontsize=8)
    out = pymupdf.open()
    lines, short, prose = layout_probe(_image_page(out, pg))
    assert lines >= 30
    assert (short >= 60 and prose < 0.6) if table else (short < 60 and prose >= 0.6)


class _CountingEngine:
    """An OCR double that records which pages it read and calls every page prose."""

    name = "double"

    def __init__(self):
        self.read = []

    def worth_reading(self, page):
        return False

    def words(self, page):
        self.read.append(page.number + 1)
        return []


def test_page_finding_skips_pages_the_engine_calls_prose(tmp_path):
    src = pymupdf.open()
    src.new_page().insert_text((40, 60), "prose " * 20, fontsize=8)
    out = pymupdf.open()
    _image_page(out, src[0])
    out.save(str(tmp_path / "scan.pdf"))
    eng = _CountingEngine()
    doc = Document(tmp_path / "scan.pdf", ocr_engine=eng)
    assert doc.page_texts() == [""] and doc.unread_pages == [1] and eng.read == []
    extract(doc)  # no table found: the skipped prose is read after all (figures may be stated there)
    assert eng.read == [1] and doc.unread_pages == []


@pytest.mark.parametrize("dpi,expected", [(150, 200), (200, 200), (250, 250), (400, 300)])
def test_scans_are_ocrd_at_their_own_resolution_within_bounds(dpi, expected):
    from regc.reports.ocr import native_dpi

    src = pymupdf.open()
    src.new_page().insert_text((40, 60), "CCM 7.1 12.4 3.1%", fontsize=8)
    out = pymupdf.open()
    new = out.new_page(width=src[0].rect.width, height=src[0].rect.height)
    new.insert_image(new.rect, pixmap=src[0].get_pixmap(dpi=dpi))
    assert native_dpi(new) == expected
