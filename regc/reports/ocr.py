"""OCR of scanned pages with Tesseract through pymupdf's OCR text page (offline; eng traineddata from the
Debian package ``tesseract-ocr``, installed by ``make venv``).  Words come back with boxes like a text layer.

>>> find_tessdata() is None or find_tessdata().endswith("tessdata")
True
"""

from __future__ import annotations

import glob
import os
from typing import Optional

from regc.reports.pdftree import Word

OCR_DPI = 300


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

    def words(self, page) -> list[Word]:
        """OCR words of a pymupdf page, in page coordinates."""
        tp = page.get_textpage_ocr(language=self.language, dpi=self.dpi, full=True, tessdata=self.tessdata)
        return [Word(w[0], w[1], w[2], w[3], w[4]) for w in page.get_text("words", textpage=tp)]
