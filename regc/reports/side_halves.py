"""A table cut in the middle of its rows and set in two halves side by side on one page (newspaper style), the
header repeated over the right half and the reader joining the halves' rows into one visual line ('… CE 5.1 532.6
7.2 % … Urban waste water treatment WTR 2.2 295.7 4.0 % …').  Cut at the right half's left edge, each half is
read as a table part of its own, the right one continuing the left one.

Rule (``side_by_side_halves``): a header line made of two copies of the same words, the second shifted right by
one offset (``SHIFT_TOLERANCE``) of at least ``MIN_SHIFT`` of the page width, the first starting in the left
``LEFT_EDGE`` of the page (the label column's header: a two-year table's repeated 'Amount  Share' sub-header
starts over its value columns), at least ``MIN_WORDS`` words each and one of them a word of text; and at least
``MIN_LABELS`` lines below it whose words start, as row labels, where the second copy starts.  The lines above
that header line (the title) and the lines that cross the cut stay whole in the left half.

>>> from regc.reports.pdftree import Line, Word
>>> head = [Word(40, 0, 70, 6, "Economic"), Word(72, 0, 100, 6, "activities"), Word(145, 0, 165, 6, "Code(s)"),
...         Word(200, 0, 225, 6, "Absolute")]
>>> line = Line(head + [Word(w.x0 + 390, w.y0, w.x1 + 390, w.y1, w.text) for w in head])
>>> repeated_header_cut(line, 842.0)
429.0
>>> repeated_header_cut(Line(head), 842.0) is None
True
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.pdftree import Line, Page

MIN_WORDS = 3  # words in each copy of the header line
MIN_SHIFT = 0.25  # the second copy's shift, as a fraction of the page width
SHIFT_TOLERANCE = 1.0  # points: every word of the second copy is shifted by the same offset
LEFT_EDGE = 0.2  # the first copy starts in this fraction of the page width
MIN_LABELS = 2  # body lines with a row label where the second copy starts
LABEL_ALIGN = 3.0  # points


def repeated_header_cut(line: Line, width: float) -> float | None:
    """The x where the second copy of a header line made of two copies starts (less a point); None otherwise."""
    words = line.words
    m = len(words) // 2
    if len(words) % 2 or m < MIN_WORDS or words[0].x0 > LEFT_EDGE * width:
        return None
    left, right = words[:m], words[m:]
    if [w.text for w in left] != [w.text for w in right]:
        return None
    shift = right[0].x0 - left[0].x0
    if shift < MIN_SHIFT * width or any(abs(b.x0 - a.x0 - shift) > SHIFT_TOLERANCE for a, b in zip(left, right)):
        return None
    if not any(re.match(r"^[^\W\d_]{3,}", w.text) and not V.OBJ_TOKEN.match(w.text) for w in left):
        return None
    return right[0].x0 - 1.0


def side_halves(page: Page) -> list[Page]:
    """[left half, right half] of a page holding a table's two halves side by side; [page] otherwise."""
    lines = page.lines
    for i, line in enumerate(lines):
        cut = repeated_header_cut(line, page.width)
        if cut is None:
            continue
        labels = sum(1 for below in lines[i + 1:] for w in below.words
                     if abs(w.x0 - cut - 1.0) <= LABEL_ALIGN and re.match(r"^[^\W\d_]", w.text))
        if labels < MIN_LABELS:
            continue
        left, right = [], []
        for k, ln in enumerate(lines):
            whole = k < i or any(w.x0 < cut < w.x1 for w in ln.words)
            for w in ln.words:
                (left if whole or w.x1 <= cut else right).append(w)
        return [Page(page.number, page.width, page.height, ws, " ".join(w.text for w in ws), page.modality, page.ocr)
                for ws in (left, right)]
    return [page]
