"""OCR of scanned pages with Tesseract through pymupdf's OCR text page (offline; eng traineddata from the
Debian package ``tesseract-ocr``, installed by ``make venv``).  Words come back with boxes like a text layer.

OCR time goes where the tables are: before a scanned page is recognised for page finding, a layout probe
(:func:`layout_probe`, a 72-dpi grey render, no recognition) measures its ink runs along each text line: a
page of prose (wide runs, few short cells) is not OCR'd for page finding (Tesseract spends seconds on a
dense prose page), a page with table lines is.  The page itself is OCR'd at the scan's own resolution
(between ``MIN_OCR_DPI`` and ``OCR_DPI``: up-sampling a fine scan adds time, not detail).

>>> find_tessdata() is None or find_tessdata().endswith("tessdata")
True
>>> ink_runs([0, 1, 1, 0, 0, 0, 0, 1, 0, 1], min_gap=3)
[(1, 2), (7, 9)]
"""

from __future__ import annotations

import glob
import os
from typing import Optional

from regc.reports.pdftree import Word

OCR_DPI = 300
MIN_OCR_DPI = 200  # a coarser scan is up-sampled to this (Tesseract needs the x-height)
PROBE_DPI = 72  # the layout probe's render resolution
CELL_GAP_PT = 8.0  # white space (points) that separates two ink runs on a line; word gaps are smaller
SHORT_RUN_PT = 40.0  # a run narrower than this is a table cell (a number, an answer), not a line of prose
LONG_RUN_PT = 120.0  # a run at least this wide is running text
TABLE_CELLS = 60  # a page with this many short runs is tabular
PROSE_SHARE = 0.6  # ... or with less than this share of its ink width in long runs
SPARSE_LINES = 12  # a page with at most this many text lines is cheap to OCR: always read


def ink_runs(ink_columns, min_gap: int) -> list[tuple[int, int]]:
    """(first, last) columns of the ink runs along a text line, split by at least ``min_gap`` blank columns."""
    out: list[list[int]] = []
    gap = min_gap
    for i, on in enumerate(ink_columns):
        if on:
            if gap >= min_gap:
                out.append([i, i])
            out[-1][1] = i
            gap = 0
        else:
            gap += 1
    return [(a, b) for a, b in out]


def layout_probe(page, dpi: int = PROBE_DPI) -> tuple[int, int, float]:
    """(text lines, short runs, share of ink width in long runs) of a pymupdf page's grey render."""
    import numpy as np
    import pymupdf

    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY, alpha=False)
    ink = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, :pix.width] < 140
    rows = ink.any(axis=1)
    lines = short = 0
    long_w = total_w = 0.0
    min_gap, y = max(2, round(CELL_GAP_PT * dpi / 72)), 0
    while y < len(rows):
        end = y
        while end < len(rows) and rows[end]:
            end += 1
        if end > y:
            lines += 1
            for a, b in ink_runs(ink[y:end].any(axis=0), min_gap):
                width = (b - a + 1) * 72.0 / dpi
                total_w += width
                short += width < SHORT_RUN_PT
                long_w += width if width >= LONG_RUN_PT else 0.0
        y = end + 1
    return lines, short, long_w / total_w if total_w else 0.0


def native_dpi(page) -> int:
    """The resolution of a scanned page's largest image (pixels per inch of the page), within MIN_OCR_DPI..OCR_DPI."""
    infos = [i for i in page.get_image_info() if i.get("width")]
    if not infos:
        return OCR_DPI
    big = max(infos, key=lambda i: i["width"] * i["height"])
    x0, _, x1, _ = big["bbox"]
    return max(MIN_OCR_DPI, min(OCR_DPI, round(big["width"] / max((x1 - x0) / 72.0, 1e-6))))


def find_tessdata() -> Optional[str]:
    """$TESSDATA_PREFIX, else the Debian tessdata folder, else None (OCR unavailable)."""
    env = os.environ.get("TESSDATA_PREFIX")
    if env and os.path.isdir(env):
        return env
    hits = sorted(glob.glob("/usr/share/tesseract-ocr/*/tessdata"))
    return hits[-1] if hits else None


class OCRUnavailable(RuntimeError):
    """Tesseract / its language data is not installed."""


class TesseractOCR:
    """Words of a page image via Tesseract (language 'eng', 300 dpi, full-page OCR)."""

    name = "tesseract"

    def __init__(self, language: str = "eng", dpi: int = OCR_DPI):
        self.tessdata = find_tessdata()
        if self.tessdata is None:
            raise OCRUnavailable("tesseract language data not found (apt-get install tesseract-ocr)")
        self.language = language
        self.dpi = dpi

    def worth_reading(self, page) -> bool:
        """Whether page finding should OCR this image page: table lines on it, or little text at all."""
        lines, short, prose = layout_probe(page)
        return short >= TABLE_CELLS or prose < PROSE_SHARE or lines <= SPARSE_LINES

    def words(self, page) -> list[Word]:
        """OCR words of a pymupdf page, in page coordinates (at the scan's resolution, at most ``dpi``)."""
        dpi = min(self.dpi, native_dpi(page))
        tp = page.get_textpage_ocr(language=self.language, dpi=dpi, full=True, tessdata=self.tessdata)
        return [Word(w[0], w[1], w[2], w[3], w[4]) for w in page.get_text("words", textpage=tp)]
