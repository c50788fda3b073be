"""Render a synth-e document (tests/reports_synth_e.py) to PDF with pymupdf: text, rules and the outline.

Deterministic: DejaVu Sans Condensed embedded, no dates in the metadata.

>>> from tests.reports_synth_e import build_document
>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "e.pdf"; render(build_document("e11_contents_and_outline", 1), p)
>>> p.stat().st_size > 0
True
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from tests.reports_synth_e import FONT, FONT_BOLD, Document, Item, Rule


def render(doc: Document, path: Path) -> None:
    pdf = pymupdf.open()
    for page in doc.pages:
        p = pdf.new_page(width=page.size[0], height=page.size[1])
        p.insert_font(fontname="dvs", fontfile=str(FONT))
        p.insert_font(fontname="dvsb", fontfile=str(FONT_BOLD))
        shape = p.new_shape()
        for it in page.items:
            if isinstance(it, Rule):
                shape.draw_line((it.x0, it.y0), (it.x1, it.y1))
        shape.finish(color=(0.6, 0.6, 0.6), width=0.4)
        shape.commit()
        for it in page.items:
            if isinstance(it, Item):
                p.insert_text((it.x, it.y), it.text, fontsize=it.size, fontname="dvsb" if it.bold else "dvs")
    if doc.outline:
        pdf.set_toc([[lvl, title, pno] for lvl, title, pno in doc.outline])
    pdf.set_metadata({"title": f"{doc.company} Annual Report {doc.year}", "producer": "synth-e", "creator": "synth-e",
                      "creationDate": "", "modDate": ""})
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.save(str(path), garbage=3, deflate=True, no_new_id=True)
