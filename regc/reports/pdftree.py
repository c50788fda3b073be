"""PDF document tree: pages -> visual lines -> words, sections from the outline, TOC pages, modality.

One front-end for every report reader.  Provenance of a word is (page, bbox); a line keeps its words.
Sections come from the embedded outline first, then typographic headings (font size well above the
page's body size), then numbering patterns ("3.2 Title").  Table-of-contents pages (many lines ending in a
page number, or titled "Contents") are flagged and not used as content.

>>> Word(10, 5, 20, 12, "yes").xc
15.0
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from regc.reports.errors import ReportInputError

LINE_TOLERANCE = 2.0  # points: words whose bottoms differ less sit on one visual line
MAX_PAGES = 2000


def _text_flags(kind: str) -> int:
    """pymupdf text flags with ligatures expanded ('signiﬁcant' -> 'significant'), so words match word lists."""
    import pymupdf

    base = pymupdf.TEXTFLAGS_WORDS if kind == "words" else pymupdf.TEXTFLAGS_TEXT
    return base & ~pymupdf.TEXT_PRESERVE_LIGATURES
TOC_TITLES = re.compile(r"^\s*(contents|table of contents|inhalt|inhaltsverzeichnis|contens)\s*$", re.I)
NUMBERED_HEADING = re.compile(r"^\s*(?:\d{1,2}(?:\.\d{1,2}){0,3}|[A-H])\.?\s+[A-ZÄÖÜ][^\n]{2,80}$")


@dataclass(frozen=True)
class Word:
    """A word with its box (PDF points, origin top-left)."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str

    @property
    def xc(self) -> float:
        return (self.x0 + self.x1) / 2


@dataclass
class Line:
    """Words sharing a baseline, left to right."""

    words: list[Word]

    @property
    def y(self) -> float:
        return max(w.y1 for w in self.words)

    @property
    def top(self) -> float:
        return min(w.y0 for w in self.words)

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass
class Page:
    """One page: number (1-based), size, words, text and modality ('digital', 'scanned', 'mixed')."""

    number: int
    width: float
    height: float
    words: list[Word]
    text: str
    modality: str = "digital"
    ocr: bool = False

    @cached_property
    def lines(self) -> list[Line]:
        return group_lines(self.words)

    @cached_property
    def is_toc(self) -> bool:
        return looks_like_toc(self.lines)


@dataclass
class Section:
    """A node of the document tree: title, level, first page, where it came from."""

    title: str
    level: int
    page: int
    source: str  # outline | typography | numbering
    children: list["Section"] = field(default_factory=list)


def group_lines(words: list[Word]) -> list[Line]:
    """Cluster words into visual lines by their bottom edge.

    >>> [l.text for l in group_lines([Word(50, 0, 60, 10, "b"), Word(0, 0, 10, 10.5, "a"), Word(0, 20, 5, 30, "c")])]
    ['a b', 'c']
    """
    lines: list[Line] = []
    for w in sorted(words, key=lambda w: (w.y1, w.x0)):
        if lines and abs(lines[-1].y - w.y1) <= LINE_TOLERANCE:
            lines[-1].words.append(w)
        else:
            lines.append(Line([w]))
    for line in lines:
        line.words.sort(key=lambda w: w.x0)
    return lines


def looks_like_toc(lines: list[Line]) -> bool:
    """A contents page: titled so, or most text lines end in a page number."""
    if any(TOC_TITLES.match(line.text) for line in lines[:8]):
        return True
    texty = [line for line in lines if len(line.words) >= 3]
    ending = [line for line in texty if re.fullmatch(r"\d{1,3}", line.words[-1].text) and line.words[-1].x0 - line.words[-2].x1 > 20]
    return len(texty) >= 8 and len(ending) / len(texty) > 0.6


class Document:
    """A PDF report opened read-only; pages are built lazily and cached.

    Raises ReportInputError for a missing, damaged, encrypted or empty file.
    """

    def __init__(self, path: str | Path, ocr_engine=None):
        import pymupdf

        self.path = str(path)
        if not Path(path).is_file():
            raise ReportInputError(self.path, "no such file")
        try:
            self._doc = pymupdf.open(self.path)
        except Exception as e:  # pymupdf raises several classes for damaged files
            raise ReportInputError(self.path, f"not a readable PDF ({type(e).__name__})") from None
        if not self._doc.is_pdf:
            raise ReportInputError(self.path, "not a PDF")
        if self._doc.needs_pass:
            raise ReportInputError(self.path, "encrypted PDF (password required)")
        if self._doc.page_count == 0:
            raise ReportInputError(self.path, "PDF has zero pages")
        self.page_count = self._doc.page_count
        self._pages: dict[int, Page] = {}
        self._ocr_engine = ocr_engine

    @property
    def ocr_engine(self):
        """The OCR engine scanned pages go through (None: text layer only)."""
        return self._ocr_engine

    @property
    def name(self) -> str:
        return Path(self.path).name

    def raw_page(self, number: int):
        """The pymupdf page (1-based number)."""
        return self._doc[number - 1]

    def page(self, number: int) -> Page:
        """Page ``number`` (1-based) with words; scanned pages are OCR'd when an engine is set."""
        if number not in self._pages:
            self._pages[number] = self._build_page(number)
        return self._pages[number]

    def _build_page(self, number: int) -> Page:
        from regc.reports.modality import page_modality

        pg = self._doc[number - 1]
        try:
            raw = pg.get_text("words", flags=_text_flags("words"))
        except Exception as e:
            raise ReportInputError(self.path, f"page {number}: damaged content ({type(e).__name__})") from None
        words = [Word(w[0], w[1], w[2], w[3], w[4]) for w in raw]
        modality = page_modality(pg, words)
        page = Page(number, pg.rect.width, pg.rect.height, words, " ".join(w.text for w in words), modality)
        if modality != "digital" and self._ocr_engine is not None and len(words) < 200:
            ocr_words = self._ocr_engine.words(pg)
            page = Page(number, pg.rect.width, pg.rect.height, ocr_words, " ".join(w.text for w in ocr_words), modality, ocr=True)
        return page

    def pages(self):
        """All pages in order (built lazily)."""
        for n in range(1, self.page_count + 1):
            yield self.page(n)

    def page_texts(self, limit: int | None = None) -> list[str]:
        """Plain text per page (cheap: no word geometry), for page finding; OCR text for image-only pages
        when an OCR engine is set.  Only the first ``limit`` pages when given."""
        n = min(self.page_count, limit or self.page_count)
        cache = self.__dict__.setdefault("_texts", [])
        for i in range(len(cache), n):
            text = self._doc[i].get_text(flags=_text_flags("text"))
            if self._ocr_engine is not None and len(text.strip()) < 20:
                text = self.page(i + 1).text
            cache.append(text)
        return cache[:n]

    def outline(self) -> list[Section]:
        """Sections from the embedded outline, else typographic/numbered headings (flat list, with levels)."""
        toc = self._doc.get_toc(simple=True)
        if toc:
            return [Section(" ".join(t.split()), lvl, max(1, pg), "outline") for lvl, t, pg in toc]
        return self._headings_from_text()

    def _headings_from_text(self) -> list[Section]:
        out: list[Section] = []
        for n in range(1, min(self.page_count, MAX_PAGES) + 1):
            for line in self._doc[n - 1].get_text("dict").get("blocks", []):
                for ln in line.get("lines", []):
                    spans = ln.get("spans", [])
                    text = "".join(s["text"] for s in spans).strip()
                    size = max((s["size"] for s in spans), default=0)
                    if not text or len(text) > 90:
                        continue
                    if size >= 14:
                        out.append(Section(text, 1, n, "typography"))
                    elif NUMBERED_HEADING.match(text) and size >= 10.5:
                        out.append(Section(text, 2, n, "numbering"))
        return out

    def section_of_page(self, number: int) -> str | None:
        """Title of the deepest outline section covering a page."""
        best = None
        for s in self.outline():
            if s.page <= number:
                best = s.title
        return best

    def close(self) -> None:
        self._doc.close()
