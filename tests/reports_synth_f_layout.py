"""Synth-f page layout: pages as lists of drawing operations in *visual* coordinates (what a reader sees, also on a
page turned with /Rotate), tables with merged header cells, wrapped names, page breaks with or without a repeated
header; every body row records the page it was placed on (the gold's row page).

>>> fmt_number(-1234.5, 1, ",", ".", neg="paren")
'(1.234,5)'
>>> fmt_number(0.0, 1, ".", ",", zero="–")
'–'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pymupdf

from tests.pdf_widths import text_length

FONT_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
BOLD_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def font_file(bold: bool = False) -> str | None:
    """The first installed DejaVu file (None: pymupdf's built-in Helvetica-like font)."""
    for f in (BOLD_FILES if bold else FONT_FILES):
        if Path(f).exists():
            return f
    return None


@lru_cache(maxsize=4)
def _font(bold: bool) -> pymupdf.Font:
    f = font_file(bold)
    return pymupdf.Font(fontfile=f) if f else pymupdf.Font("helv")


def text_width(s: str, size: float, bold: bool = False) -> float:
    return text_length(_font(bold), font_file(bold) or ("hebo" if bold else "helv"), s, size)


def fmt_number(v: float, decimals: int, dec: str, thou: str, neg: str = "minus", zero: str | None = None,
               pct: bool = False, pct_sep: str = " ") -> str:
    """A number as printed: thousands separator, decimal mark, negatives in parentheses or with a minus."""
    if zero is not None and abs(v) < 10 ** -(decimals + 1):
        return zero
    s = f"{abs(v):,.{decimals}f}".replace(",", "\0").replace(".", dec).replace("\0", thou)
    if pct:
        s += pct_sep + "%"
    if v < 0:
        return f"({s})" if neg == "paren" else "-" + s
    return s


def _split_word(w: str, width: float, size: float, bold: bool) -> list[str]:
    """A word wider than the column, hyphenated into pieces that fit (header cells)."""
    pieces, cur = [], ""
    for ch in w:
        if cur and text_width(cur + ch + "-", size, bold) > width:
            pieces.append(cur + "-")
            cur = ""
        cur += ch
    return pieces + [cur]


def wrap(text: str, width: float, size: float, bold: bool = False, hyphenate: bool = False) -> list[str]:
    """Greedy word wrap to a width in points (a longer word stays whole, or is hyphenated with ``hyphenate``)."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        words = para.split(" ")
        if hyphenate:
            words = [p for w in words for p in (_split_word(w, width, size, bold)
                                                  if text_width(w, size, bold) > width else [w])]
        for w in words:
            cand = f"{cur} {w}".strip()
            if cur and text_width(cand, size, bold) > width:
                lines.append(cur)
                cur = w
            else:
                cur = cand
        lines.append(cur)
    return lines


@dataclass
class Page:
    width: float
    height: float
    rotate: int = 0
    ops: list = field(default_factory=list)

    def text(self, x, y, s, size=7.0, bold=False):
        self.ops.append(("text", round(x, 2), round(y, 2), s, size, bold))

    def line(self, x0, y0, x1, y1, w=0.4):
        self.ops.append(("line", round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2), w))


class Pager:
    """Pages with a running header and a printed page number (offset from the PDF page number)."""

    def __init__(self, running: str, page_offset: int = 0, size=(595.0, 842.0), rotate: int = 0):
        self.pages: list[Page] = []
        self.running, self.offset = running, page_offset
        self.size, self.rotate = size, rotate
        self.y = 0.0

    @property
    def page(self) -> Page:
        return self.pages[-1]

    @property
    def pno(self) -> int:
        """1-based PDF page number of the current page."""
        return len(self.pages)

    def new_page(self, size=None, rotate=None) -> Page:
        """A new page; without arguments shaped like the current one (a table's continuation)."""
        last = self.pages[-1] if self.pages else None
        w, h = size or ((last.width, last.height) if last else self.size)
        rot = rotate if rotate is not None else (last.rotate if last else self.rotate)
        p = Page(w, h, rot)
        self.pages.append(p)
        p.text(40, 28, self.running, 7)
        p.line(40, 33, w - 40, 33, 0.3)
        num = str(len(self.pages) + self.offset)
        p.text(w - 40 - text_width(num, 7), h - 22, num, 7)
        self.y = 52.0
        return p

    @property
    def bottom(self) -> float:
        return self.page.height - 40

    def heading(self, s: str, size: float = 12.0):
        if self.y + size * 2 > self.bottom:
            self.new_page()
        self.y += size
        self.page.text(40, self.y, s, size, bold=True)
        self.y += size * 0.7

    def paragraph(self, s: str, size: float = 8.5, x0: float = 40, x1: float | None = None):
        x1 = x1 if x1 is not None else self.page.width - 40
        for ln in wrap(s, x1 - x0, size):
            if self.y + size * 1.4 > self.bottom:
                self.new_page()
            self.y += size * 1.35
            self.page.text(x0, self.y, ln, size)
        self.y += size * 0.8


@dataclass
class Col:
    width: float
    align: str = "r"  # l / r / c


@dataclass
class BodyRow:
    cells: dict  # column index -> text
    bold: bool = False
    span_label: bool = False  # a section label running across the whole table
    rule_above: bool = False
    ref: object = None  # the gold row (its page is set when placed)


@dataclass
class TableSpec:
    cols: list
    header_rows: list  # each: list of (text, span, align); spans sum to len(cols)
    rows: list
    size: float = 6.0
    header_size: float = 5.5
    ruled: bool = False
    repeat_header: bool = True
    max_rows_per_page: int = 999
    valign: str = "top"  # top / middle / bottom: where a wrapped row prints its other cells
    x0: float = 40.0
    continued_label: str | None = None  # printed above a repeated header ("(continued)")


def _col_x(spec: TableSpec) -> list[float]:
    xs = [spec.x0]
    for c in spec.cols:
        xs.append(xs[-1] + c.width)
    return xs


def _cell_text(page: Page, s: str, x0: float, x1: float, y: float, size: float, align: str, bold=False):
    w = text_width(s, size, bold)
    x = x0 + 1.5 if align == "l" else (x1 - 1.5 - w if align == "r" else (x0 + x1 - w) / 2)
    page.text(x, y, s, size, bold)


def _draw_header(pager: Pager, spec: TableSpec) -> None:
    xs, page, hs = _col_x(spec), pager.page, spec.header_size
    top = pager.y
    if spec.ruled:
        page.line(xs[0], top, xs[-1], top, 0.6)
    for hrow in spec.header_rows:
        ci, cells = 0, []
        for text, span, align in hrow:
            x0, x1 = xs[ci], xs[ci + span]
            cells.append((x0, x1, wrap(text, x1 - x0 - 3, hs, True, hyphenate=True) if text else [], align))
            ci += span
        height = max(len(c[2]) for c in cells) * hs * 1.2 + 3
        for x0, x1, lines, align in cells:
            for k, ln in enumerate(lines):
                _cell_text(page, ln, x0, x1, pager.y + 1 + hs * 1.2 * (k + 1) - 1, hs, align, True)
            if spec.ruled:
                page.line(x0, pager.y, x0, pager.y + height, 0.3)
        if spec.ruled:
            page.line(xs[-1], pager.y, xs[-1], pager.y + height, 0.3)
            page.line(xs[0], pager.y + height, xs[-1], pager.y + height, 0.3)
        pager.y += height
    if not spec.ruled:
        page.line(xs[0], pager.y + 0.5, xs[-1], pager.y + 0.5, 0.6)
    pager.y += 1.5


def _row_lines(spec: TableSpec, row: BodyRow) -> dict[int, list[str]]:
    xs = _col_x(spec)
    out = {}
    for ci, text in row.cells.items():
        if text is None or text == "":
            continue
        width = (xs[-1] - xs[0]) if row.span_label else xs[ci + 1] - xs[ci] - 3
        out[ci] = wrap(str(text), width, spec.size, row.bold) if (ci == 0 or spec.cols[ci].align == "l") else [str(text)]
    return out


def draw_table(pager: Pager, spec: TableSpec, start_new_page: bool = False) -> list[int]:
    """Place the table from the pager's cursor; returns the PDF pages it occupies (rows' refs get ``page``)."""
    if start_new_page or pager.y + 80 > pager.bottom:
        pager.new_page()
    pages = [pager.pno]
    _draw_header(pager, spec)
    xs, lead, on_page = _col_x(spec), spec.size * 1.25, 0
    for row in spec.rows:
        lines = _row_lines(spec, row)
        n = max((len(v) for v in lines.values()), default=1)
        height = n * lead + 2.5
        if pager.y + height > pager.bottom or on_page >= spec.max_rows_per_page:
            pager.new_page()
            pages.append(pager.pno)
            on_page = 0
            if spec.repeat_header:
                if spec.continued_label:
                    pager.page.text(spec.x0, pager.y + 6, spec.continued_label, 6.5, True)
                    pager.y += 10
                _draw_header(pager, spec)
        page = pager.page
        if spec.ruled or row.rule_above:
            page.line(xs[0], pager.y, xs[-1], pager.y, 0.3 if spec.ruled else 0.5)
        for ci, ls in lines.items():
            first = 0 if (ci == 0 or len(ls) == n or spec.valign == "top") else (
                n - len(ls) if spec.valign == "bottom" else (n - len(ls)) // 2)
            x1 = xs[-1] if row.span_label else xs[ci + 1]
            for k, ln in enumerate(ls):
                _cell_text(page, ln, xs[ci], x1, pager.y + lead * (first + k + 1), spec.size,
                           "l" if row.span_label else spec.cols[ci].align, row.bold)
        if spec.ruled:
            for x in xs:
                page.line(x, pager.y, x, pager.y + height, 0.3)
        pager.y += height
        on_page += 1
        if row.ref is not None:
            row.ref.page = pager.pno
    if spec.ruled:
        pager.page.line(xs[0], pager.y, xs[-1], pager.y, 0.6)
    pager.y += 8
    return pages
