"""PyMuPDF's advice to install its layout package must not reach stdout (it would land inside ``--json`` output).

A fresh process, as a user's command is: regc keeps PyMuPDF's optional layout package unloaded, which is when
PyMuPDF prints the advice the first time a page's tables are read."""

from __future__ import annotations

import subprocess
import sys

READ_TABLES = (
    "import sys\n"
    "from regc.frontends.pdf import Document\n"
    "Document(sys.argv[1])._doc[0].find_tables(use_layout=False)\n"
)


def _one_page_pdf(path) -> None:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Turnover | 100")
    page.draw_rect(pymupdf.Rect(60, 90, 300, 140))
    doc.save(str(path))


def test_reading_tables_prints_nothing_on_stdout(tmp_path):
    _one_page_pdf(tmp_path / "a.pdf")
    run = subprocess.run([sys.executable, "-c", READ_TABLES, str(tmp_path / "a.pdf")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""
