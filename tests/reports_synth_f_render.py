"""Synth-f renderer: executes the layout's drawing operations with pymupdf.  A page laid out as landscape with
``rotate=90`` is written as a portrait media box turned by /Rotate 90, its text drawn turned so it reads upright.

>>> from tests.reports_synth_f_layout import Page
>>> import tempfile, pymupdf
>>> p = Page(842, 595, rotate=90); p.text(60, 60, "Hello")
>>> with tempfile.TemporaryDirectory() as d:
...     out = Path(d) / "x.pdf"; _ = render_pages([p], out); pdf = pymupdf.open(out)
...     (pdf[0].rotation, pdf[0].get_text().strip())
(90, 'Hello')
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from tests.reports_synth_f_layout import font_file


def render_pages(pages, path: Path, title: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf = pymupdf.open()
    regular, bold = font_file(False), font_file(True)
    for p in pages:
        if p.rotate == 90:
            page = pdf.new_page(width=p.height, height=p.width)
            page.set_rotation(90)
            mat, turn = page.derotation_matrix, 90
        else:
            page = pdf.new_page(width=p.width, height=p.height)
            mat, turn = pymupdf.Identity, 0
        fonts = {}
        shape = page.new_shape()
        for op in p.ops:
            if op[0] == "text":
                _, x, y, s, size, is_bold = op
                name = "fb" if is_bold else "fr"
                if name not in fonts:
                    f = bold if is_bold else regular
                    fonts[name] = page.insert_font(fontname=name, fontfile=f) if f else None
                kw = {"fontname": name} if fonts[name] is not None else {"fontname": "hebo" if is_bold else "helv"}
                shape.insert_text(pymupdf.Point(x, y) * mat, s, fontsize=size, rotate=turn, **kw)
            elif op[0] == "line":
                _, x0, y0, x1, y1, w = op
                shape.draw_line(pymupdf.Point(x0, y0) * mat, pymupdf.Point(x1, y1) * mat)
                shape.finish(width=w, color=(0, 0, 0))
        shape.commit()
    pdf.set_metadata({"title": title, "producer": "synth-f", "creator": "synth-f",
                      "creationDate": "D:20240301000000", "modDate": "D:20240301000000"})
    pdf.subset_fonts()
    pdf.save(path, garbage=3, deflate=True, no_new_id=True)
    return path


def render(doc, path: Path) -> Path:
    """Write one synth-f document (``tests.reports_synth_f.build_document``) as a PDF."""
    return render_pages(doc.pages, Path(path), title=f"{doc.company} {doc.year}")
