"""The one PDF front-end: a PDF as a document tree (pages -> visual lines -> words with boxes; sections from the
outline, else typographic headings, else numbering), page furniture (running headers/footers) and numbered
sections with their character spans.  Used by the report reader (:mod:`regc.reports`: segment, extract) and by
the legal-corpus index (:mod:`regc.retrieval.pdf_ingest`: the HIPAA text).

Provenance: a word is (page, bbox); a numbered section is (first page, character span in the page text).

>>> Word(10, 5, 20, 12, "yes").xc
15.0
>>> [(s.number, s.title, s.page) for s in numbered_sections(
...     ["Intro\\n§ 1.2   Uses and\\ndisclosures.\\n(a) Text.\\n"], r"§\\s*(?P<num>\\d+\\.\\d+)")]
[('1.2', 'Uses and disclosures.', 1)]
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from regc.errors import InputError

# PyMuPDF >= 2.0 imports the optional packages ``pymupdf.layout`` (an ONNX layout model loaded in a worker
# process) and ``pymupdf4llm`` (Markdown export) on import when they are installed: about 3 s per process start,
# for ``Page.get_layout()`` and ``to_markdown()``, which regc never calls.  Marking them absent before the first
# ``import pymupdf`` keeps them unloaded (pymupdf catches the ImportError); text, words and rendering are
# unchanged.
OPTIONAL_PYMUPDF_EXTRAS = ("pymupdf.layout", "pymupdf4llm")
if "pymupdf" not in sys.modules:
    for _extra in OPTIONAL_PYMUPDF_EXTRAS:
        sys.modules.setdefault(_extra, None)

LINE_TOLERANCE = 2.0  # points: words whose bottoms differ less sit on one visual line
MAX_PAGES = 2000
TOC_TITLES = re.compile(r"^\s*(contents|table of contents|inhalt|inhaltsverzeichnis|contens)\s*$", re.I)
NUMBERED_HEADING = re.compile(r"^\s*(?:\d{1,2}(?:\.\d{1,2}){0,3}|[A-H])\.?\s+[A-ZÄÖÜ][^\n]{2,80}$")
SCAN_COVER = 0.6  # an image covering this share of the page looks like a scan
MIN_TEXT_CHARS = 20


DAMAGED = "damaged PDF (truncated or corrupt): no page can be read"


def _unopenable(path: str, e: Exception) -> str:
    """Why pymupdf could not open ``path``: empty, not a PDF at all, or a PDF (``%PDF-`` in its first 1,024
    bytes, where readers look for it) that is truncated or corrupt."""
    with open(path, "rb") as f:
        head = f.read(1024)
    if not head:
        return "empty file (0 bytes)"
    return DAMAGED if b"%PDF-" in head else f"not a PDF (no %PDF- header; {type(e).__name__})"


class PDFInputError(InputError):
    """A PDF that cannot be read (missing, not a PDF, encrypted, damaged, zero pages)."""

    def __init__(self, path: str, why: str):
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


def silence_layout_advice(pymupdf) -> None:
    """PyMuPDF prints, on **stdout**, once per process, advice to install its layout package the first time a
    page's tables are read (``find_tables``): a stray line inside ``--json`` output.  regc reads tables without the
    layout model, so the advice is switched off (PyMuPDF's own switch; older releases lack it).

    >>> class Old: pass
    >>> silence_layout_advice(Old())  # no switch: nothing to do
    """
    switch = getattr(pymupdf, "no_recommend_layout", None)
    if switch is not None:
        switch()


def _text_flags(kind: str) -> int:
    """pymupdf text flags with ligatures expanded ('signiﬁcant' -> 'significant'), so words match word lists."""
    import pymupdf

    base = pymupdf.TEXTFLAGS_WORDS if kind == "words" else pymupdf.TEXTFLAGS_TEXT
    return base & ~pymupdf.TEXT_PRESERVE_LIGATURES


# ---------------------------------------------------------------------------------------------------------------
# words, lines, pages, sections


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
        line.words = merge_digit_groups(sorted(line.words, key=lambda w: w.x0))
    return lines


DIGIT_HEAD = re.compile(r"^[(\-−–]?\d{1,3}(?: \d{3})*$")
DIGIT_GROUP = re.compile(r"^\d{3}(?:[.,]\d+)?%?\)?$")
GROUP_GAP = 0.45  # a gap narrower than this share of the word height is a thousands space, not a column gap


def merge_digit_groups(words: list[Word]) -> list[Word]:
    """Rejoin a number whose thousands are separated by (narrow) spaces ('45 632 706' split into three words).

    >>> [w.text for w in merge_digit_groups([Word(0, 0, 8, 10, "45"), Word(10, 0, 22, 10, "632,5"), Word(60, 0, 70, 10, "100")])]
    ['45 632,5', '100']
    """
    out: list[Word] = []
    for w in words:
        prev = out[-1] if out else None
        if prev is not None and DIGIT_HEAD.match(prev.text) and DIGIT_GROUP.match(w.text) \
                and 0 <= w.x0 - prev.x1 < GROUP_GAP * (w.y1 - w.y0):
            out[-1] = Word(prev.x0, min(prev.y0, w.y0), w.x1, max(prev.y1, w.y1), f"{prev.text} {w.text}")
        else:
            out.append(w)
    return out


def looks_like_toc(lines: list[Line]) -> bool:
    """A contents page: titled so, or most text lines end in a page number."""
    if any(TOC_TITLES.match(line.text) for line in lines[:8]):
        return True
    texty = [line for line in lines if len(line.words) >= 3]
    ending = [line for line in texty
              if re.fullmatch(r"\d{1,3}", line.words[-1].text) and line.words[-1].x0 - line.words[-2].x1 > 20]
    return len(texty) >= 8 and len(ending) / len(texty) > 0.6


# ---------------------------------------------------------------------------------------------------------------
# sideways pages: a landscape table printed turned by 90 degrees on a portrait page

UPRIGHT_FRAMES = {  # line direction (x, y) -> word box in the reading frame, from (x0, y0, x1, y1, W, H)
    (0, -1): lambda x0, y0, x1, y1, W, H: (H - y1, x0, H - y0, x1),  # reads bottom to top
    (0, 1): lambda x0, y0, x1, y1, W, H: (y0, W - x1, y1, W - x0),   # reads top to bottom
}


def mostly_vertical(words: list[Word], minimum: int = 20) -> bool:
    """True when most multi-letter words are taller than wide (text turned by 90 degrees).

    >>> mostly_vertical([Word(0, 0, 8, 40, "Turnover"), Word(0, 50, 8, 70, "2023")], minimum=1)
    True
    """
    tall = sum(1 for w in words if len(w.text) >= 3 and (w.y1 - w.y0) > 1.5 * (w.x1 - w.x0))
    wide = sum(1 for w in words if len(w.text) >= 3 and (w.x1 - w.x0) > 1.5 * (w.y1 - w.y0))
    return tall > 2 * wide and tall >= minimum


def dominant_direction(pg) -> tuple[int, int]:
    """The line direction carrying most characters on a pymupdf page, rounded ((1, 0) = upright)."""
    count: dict[tuple[int, int], int] = {}
    for block in pg.get_text("dict").get("blocks", []):
        for line in block.get("lines", []):
            d = (round(line["dir"][0]), round(line["dir"][1]))
            count[d] = count.get(d, 0) + sum(len(s["text"]) for s in line["spans"])
    return max(count, key=count.get) if count else (1, 0)


def upright_words(words: list[Word], direction: tuple[int, int], width: float, height: float):
    """Words of a sideways page in its reading frame, with the frame's (width, height); unchanged if upright.

    >>> ws, w, h = upright_words([Word(17, 772, 25, 806, "Report")], (0, -1), 595, 842)
    >>> (round(ws[0].x0), round(ws[0].y0), w, h)
    (36, 17, 842, 595)
    """
    frame = UPRIGHT_FRAMES.get(direction)
    if frame is None:
        return words, width, height
    return [Word(*frame(w.x0, w.y0, w.x1, w.y1, width, height), w.text) for w in words], height, width


# ---------------------------------------------------------------------------------------------------------------
# modality


def classify(text_chars: int, image_cover: float) -> str:
    """Modality from the amount of text and the largest image's page coverage.

    >>> classify(text_chars=0, image_cover=0.95), classify(text_chars=1800, image_cover=0.0)
    ('scanned', 'digital')
    """
    if text_chars < MIN_TEXT_CHARS:
        return "scanned" if image_cover >= SCAN_COVER else ("digital" if image_cover == 0 else "scanned")
    return "mixed" if image_cover >= SCAN_COVER else "digital"


def page_modality(page, words) -> str:
    """Modality of a pymupdf page given its words."""
    area = abs(page.rect) or 1.0
    cover = 0.0
    try:
        for info in page.get_image_info():
            r = info.get("bbox")
            if r:
                x0, y0, x1, y1 = r
                cover = max(cover, max(0.0, x1 - x0) * max(0.0, y1 - y0) / area)
    except Exception:
        cover = 0.0
    return classify(sum(len(w.text) for w in words), min(cover, 1.0))


# ---------------------------------------------------------------------------------------------------------------
# the document


class Document:
    """A PDF opened read-only; pages are built lazily and cached.  ``error`` is the exception class raised for
    a missing, damaged, encrypted or empty file (``(path, why)``; the report reader passes its own)."""

    error: type = PDFInputError

    def __init__(self, path: str | Path, ocr_engine=None):
        import pymupdf

        self.path = str(path)
        if Path(path).is_dir():
            raise self.error(self.path, "is a folder, not a PDF file")
        if not Path(path).is_file():
            raise self.error(self.path, "no such file")
        pymupdf.TOOLS.mupdf_display_errors(False)  # MuPDF prints them on stdout; kept in mupdf_warnings()
        pymupdf.TOOLS.reset_mupdf_warnings()
        silence_layout_advice(pymupdf)
        try:
            self._doc = pymupdf.open(self.path)
        except Exception as e:  # pymupdf raises several classes for damaged files
            raise self.error(self.path, _unopenable(self.path, e)) from None
        if not self._doc.is_pdf:
            raise self.error(self.path, "not a PDF")
        if self._doc.needs_pass:
            raise self.error(self.path, "encrypted PDF (password required)")
        self.damaged = bool(self._doc.is_repaired)  # no valid cross-reference table: truncated or corrupt bytes
        if self._doc.page_count == 0:  # an empty page tree, or one MuPDF could not read (it complained)
            damaged = self.damaged or pymupdf.TOOLS.mupdf_warnings()
            raise self.error(self.path, DAMAGED if damaged else "PDF has zero pages")
        self.page_count = self._doc.page_count
        self._pages: dict[int, Page] = {}
        self._ocr_engine = ocr_engine
        self.unread_pages: list[int] = []  # image pages page finding left un-OCR'd (prose by the engine's probe)

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
        pg = self._doc[number - 1]
        try:
            raw = pg.get_text("words", flags=_text_flags("words"))
        except Exception as e:
            raise self.error(self.path, f"page {number}: damaged content ({type(e).__name__})") from None
        words = [Word(w[0], w[1], w[2], w[3], w[4]) for w in raw]
        modality = page_modality(pg, words)
        width, height = pg.rect.width, pg.rect.height
        if mostly_vertical(words):
            words, width, height = upright_words(words, dominant_direction(pg), width, height)
        page = Page(number, width, height, words, " ".join(w.text for w in words), modality)
        if modality != "digital" and self._ocr_engine is not None and len(words) < 200:
            ocr_words = self._ocr_engine.words(pg)
            page = Page(number, pg.rect.width, pg.rect.height, ocr_words, " ".join(w.text for w in ocr_words),
                        modality, ocr=True)
        return page

    def pages(self):
        """All pages in order (built lazily)."""
        for n in range(1, self.page_count + 1):
            yield self.page(n)

    def page_texts(self, limit: int | None = None) -> list[str]:
        """Plain text per page (cheap: no word geometry), for page finding; OCR text for image-only pages
        when an OCR engine is set and its ``worth_reading(page)`` (if it has one) says so, else '' and the page
        in ``unread_pages``.  Only the first ``limit`` pages when given."""
        n = min(self.page_count, limit or self.page_count)
        cache = self.__dict__.setdefault("_texts", [])
        for i in range(len(cache), n):
            text = self._doc[i].get_text(flags=_text_flags("text"))
            if self._ocr_engine is not None and len(text.strip()) < 20:
                worth = getattr(self._ocr_engine, "worth_reading", None)
                if worth is None or i + 1 in self._pages or worth(self._doc[i]):
                    text = self.page(i + 1).text
                else:
                    self.unread_pages.append(i + 1)
            cache.append(text)
        return cache[:n]

    def read_unread_pages(self) -> None:
        """OCR the image pages page finding skipped (when the tables were not found: the figures may be
        stated in the prose)."""
        texts = self.__dict__.get("_texts", [])
        for n in self.unread_pages:
            if n <= len(texts):
                texts[n - 1] = self.page(n).text
        self.unread_pages = []

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

    def body_texts(self) -> list[str]:
        """Page texts without running headers and footers (:func:`running_lines`)."""
        texts = self.page_texts()
        furniture = running_lines(texts)
        return [strip_running(t, furniture) for t in texts]

    def close(self) -> None:
        self._doc.close()


# ---------------------------------------------------------------------------------------------------------------
# page furniture

EDGE_LINES = 4  # lines at the top and at the bottom of a page where running headers/footers live
RUNNING_SHARE = 0.5  # a line at the edge of more than this share of the pages is page furniture


def _line_key(line: str) -> str:
    """A page line compared across pages: spaces collapsed, digits as ``#`` (page numbers and dates vary)."""
    return re.sub(r"\d+", "#", " ".join(line.split()))


def _edges(lines: list[str]) -> tuple[list[int], list[int]]:
    """Indexes of the first and last ``EDGE_LINES`` non-blank lines of a page."""
    idx = [i for i, ln in enumerate(lines) if ln.strip()]
    return idx[:EDGE_LINES], idx[-EDGE_LINES:]


def running_lines(page_texts: list[str]) -> set[str]:
    """Keys (:func:`_line_key`) of running headers/footers: lines found among the first or last few lines of
    more than half of the pages (at least 3).  Generic: no document-specific pattern.

    >>> body = lambda n: "\\n".join(chr(97 + n) + chr(97 + i) for i in range(6))  # lines "ba".."bf", ...
    >>> pages = [f"ACME Rules  March 2013\\n{n}\\n{body(n)}\\n- {n} -" for n in range(1, 6)]
    >>> sorted(running_lines(pages))
    ['#', '- # -', 'ACME Rules March #']
    """
    if len(page_texts) < 3:
        return set()
    top: dict[str, int] = {}
    bottom: dict[str, int] = {}
    for text in page_texts:
        lines = text.split("\n")
        head, tail = _edges(lines)
        for keys, counts in ((head, top), (tail, bottom)):
            for key in {_line_key(lines[i]) for i in keys}:
                counts[key] = counts.get(key, 0) + 1
    need = max(3, int(len(page_texts) * RUNNING_SHARE) + 1)
    return {k for counts in (top, bottom) for k, n in counts.items() if n >= need and k}


def strip_running(text: str, furniture: set[str]) -> str:
    """``text`` of one page without the running header/footer lines at its top and bottom edges."""
    if not furniture:
        return text
    lines = text.split("\n")
    head, tail = _edges(lines)
    drop = set()
    for order in (head, list(reversed(tail))):
        for i in order:  # from the edge inwards, up to the first line of content
            if _line_key(lines[i]) not in furniture:
                break
            drop.add(i)
    return "\n".join(ln for i, ln in enumerate(lines) if i not in drop)


# ---------------------------------------------------------------------------------------------------------------
# numbered sections ("§ 164.308 Administrative safeguards.", "Article 5 Title") with character spans

TITLE_LINES = 4  # a heading's title may wrap over this many more lines (narrow columns)
# a title ends with its sentence; a colon does not end it ("Security standards: / General rules.")
_TITLE_END = re.compile(r"\.\s*$")
_DOT_LEADER = re.compile(r"\.{4,}\s*\d*\s*$")
# a wrapped line that opens a paragraph ("(a) ...", "(1) ...", "(iv) ...") or another heading is no title line;
# a parenthesised word inside a title ("(EFT) and remittance advice transaction.") is
_NOT_TITLE_LINE = re.compile(r"^(?:\((?:[a-z]{1,2}|\d{1,2}|[ivx]{1,5})\)|§|\d)")


@dataclass
class NumberedSection:
    """A numbered heading and the text up to the next one: its number, full title (wrapped lines joined), the
    page it starts on and, per page it covers, the character span of its body in that page's text."""

    number: str
    title: str
    page: int
    spans: list[tuple[int, int, int]] = field(default_factory=list)  # (page, start, end)
    body: str = ""
    contents_entry: bool = False  # a table-of-contents line ("§ 1.2 Title ......... 71")


def _title_after(text: str, start: int) -> tuple[str, int, bool]:
    """The title starting at ``start``: its first line, and wrapped lines up to the one ending a sentence (at
    most :data:`TITLE_LINES` more; a line opening a paragraph "(a)" or another heading stops it).

    >>> _title_after("Security standards: \\nGeneral rules. \\n(a) General requirements.", 0)[0]
    'Security standards: General rules.'
    >>> _title_after("Health care \\nelectronic funds transfers \\n(EFT) and remittance advice \\ntransaction. \\n(a) x", 0)[0]
    'Health care electronic funds transfers (EFT) and remittance advice transaction.'
    """
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    lines = [text[start:end].strip()]
    if _DOT_LEADER.search(lines[0]):
        return _DOT_LEADER.sub("", lines[0]).strip(), end, True
    for _ in range(TITLE_LINES):
        if _TITLE_END.search(lines[-1]) or end >= len(text):
            break
        nxt = text.find("\n", end + 1)
        nxt = len(text) if nxt < 0 else nxt
        line = text[end + 1:nxt].strip()
        if not line or _NOT_TITLE_LINE.match(line):
            break
        lines.append(line)
        end = nxt
    return " ".join(" ".join(lines).split()), end, False


def numbered_sections(page_texts: list[str], number_pattern: str) -> list[NumberedSection]:
    """Sections opened by a heading at the start of a line that matches ``number_pattern`` (a regex with a group
    ``num``) followed by a capitalised title; body text runs to the next heading, across pages.  Text before
    the first heading is not returned (see :func:`leading_text`)."""
    head = re.compile(rf"^[ \t]*(?:{number_pattern})[ \t]+(?=[A-Z])", re.M)
    out: list[NumberedSection] = []
    for pno, text in enumerate(page_texts, start=1):
        pos = 0
        for m in head.finditer(text):
            if m.start() < pos:
                continue
            if out:
                out[-1].spans.append((pno, pos, m.start()))
            title, end, toc = _title_after(text, m.end())
            out.append(NumberedSection(m.group("num"), title, pno, contents_entry=toc))
            pos = end
        if out:
            out[-1].spans.append((pno, pos, len(text)))
    for s in out:
        s.body = "\n".join(page_texts[p - 1][a:b] for p, a, b in s.spans)
    return out


__all__ = ["Document", "PDFInputError", "Word", "Line", "Page", "Section", "group_lines", "looks_like_toc",
           "classify", "page_modality", "merge_digit_groups", "running_lines", "strip_running", "numbered_sections", "NumberedSection"]
