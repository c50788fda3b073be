"""Synth-j: a tenth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sj).

Eleven layout families that synth-b..i do not cover (Bulgarian, Croatian, Slovak and Lithuanian templates with
their units, currencies and yes/no words; a currency sign before every amount; footnote marks glued to numbers;
the code on the second line of each activity row; the totals block printed above the activity rows; amounts in
one table and the proportions / criteria in a second table on the next page; shaded row bands with bold totals;
the share column left of the amount column).  Deterministic from (family, seed); gold per
``shared/spec/disclosure.md`` with every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("j01_bg_hil_lv_da_ne", 1))
>>> g["currency"], g["kpis"]["turnover"]["activities"][0]["code"]
('BGN', 'CE-3.2')
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, one_decimal_share
from tests.reports_synth_f_render import render_pages
from tests.reports_synth_j_families import BUILDERS


def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed (a currency sign or a footnote mark around a number is not part of it)."""
    return kpi_gold(kpi, one_decimal_share, printed_names=False)


def gold_json(doc: Document) -> dict:
    return document_gold(doc, gold_kpi)


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-j", family, seed, BUILDERS, 17)


def render(doc, path: Path) -> Path:
    """synth-f's renderer, then the ``rect`` bands (grey fills) drawn behind the page's text."""
    path = render_pages(doc.pages, Path(path), title=f"{doc.company} {doc.year}")
    bands = [[op for op in p.ops if op[0] == "rect"] for p in doc.pages]
    if not any(bands):
        return path
    pdf = pymupdf.open(path)
    for page, ops in zip(pdf, bands):
        for _, x0, y0, x1, y1, grey in ops:
            page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=None, fill=(grey, grey, grey), overlay=False)
    data = pdf.tobytes(garbage=3, deflate=True, no_new_id=True)
    pdf.close()
    path.write_bytes(data)
    return path


FAMILIES = list(BUILDERS)
