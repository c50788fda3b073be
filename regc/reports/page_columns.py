"""A two-column body page cut at its gutter: running text in one column and a compact KPI table in the other
stand on the same baselines, and the PDF reader joins them into one visual line ('... Regulations (EU)
Collection and transport of CCM 5.5 92.6 6.1 % Y N/EL Y').  The table reader then takes the left column's
words for the row label.  Cut at the gutter, each column is read as a page of its own.

A gutter is a vertical strip in the middle of the page (``MIDDLE``) at least ``GUTTER_MIN`` points wide that
(almost) no word crosses, with ``MIN_LINES`` lines on each side whose first word is a word of text (a row label
or prose: not a number, a code or an answer cell) and several lines joined across it.  A wide KPI table has no
such strip: right of any gap between its columns, its lines start with numbers, codes and answers.

>>> from regc.reports.pdftree import Word
>>> words = []
>>> for i in range(12):
...     words += [Word(40, 10 * i, 80, 10 * i + 7, "running"), Word(85, 10 * i, 250, 10 * i + 7, "text"),
...               Word(310, 10 * i, 360, 10 * i + 7, "Activity"), Word(450, 10 * i, 470, 10 * i + 7, "5.0")]
>>> parts = column_pages(Page(1, 595, 842, words, " ".join(w.text for w in words)))
>>> [sorted({w.text for w in p.words}) for p in parts]
[['running', 'text'], ['5.0', 'Activity']]
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.pdftree import Line, Page

MIDDLE = (0.3, 0.7)  # where a gutter may lie, as fractions of the page width
GUTTER_MIN = 8.0  # points
MIN_LINES = 6  # lines of each column that start with a text word
JOINED_MIN = 3  # lines the reader joined across the gutter (nothing to cut without them)
TEXT_LED = 0.6  # share of a column's lines that start with a text word


def column_pages(page: Page) -> list[Page]:
    """[left column, right column] of a two-column page; [page] when it has no gutter."""
    g = gutter(page.lines, page.width)
    if g is None:
        return [page]
    left = [w for w in page.words if w.xc < g]
    right = [w for w in page.words if w.xc >= g]
    return [Page(page.number, page.width, page.height, ws, " ".join(w.text for w in ws), page.modality, page.ocr)
            for ws in (left, right)]


def gutter(lines: list[Line], width: float) -> float | None:
    """The x of the page's column gutter, None when there is none (see the module docstring)."""
    if len(lines) < 2 * MIN_LINES:
        return None
    crossing = {x: sum(1 for line in lines if any(w.x0 < x < w.x1 for w in line.words))
                for x in range(int(MIDDLE[0] * width), int(MIDDLE[1] * width))}
    if not crossing:
        return None
    low = min(crossing.values())
    if low > max(2, len(lines) // 10):
        return None
    run, best = [], []
    for x in sorted(crossing):  # the widest strip of least-crossed x positions
        run = (run + [x] if run and run[-1] == x - 1 else [x]) if crossing[x] == low else []
        best = run if len(run) > len(best) else best
    if len(best) < GUTTER_MIN:
        return None
    g = (best[0] + best[-1]) / 2
    sides = [[w for w in line.words if (w.xc < g) == left] for line in lines for left in (True, False)]
    left_led = [_text_word(s[0].text) for s in sides[0::2] if s]
    right_led = [_text_word(s[0].text) for s in sides[1::2] if s]
    joined = sum(1 for a, b in zip(sides[0::2], sides[1::2]) if a and b)
    if joined < JOINED_MIN or min(sum(left_led), sum(right_led)) < MIN_LINES:
        return None
    if sum(left_led) < TEXT_LED * len(left_led) or sum(right_led) < TEXT_LED * len(right_led):
        return None
    return g


def _text_word(token: str) -> bool:
    """A word of text ('Manufacture', 'against'), not a number, code, objective or answer cell."""
    return bool(re.match(r"^[^\W\d_]{3,}", token)) and not V.OBJ_TOKEN.match(token) and not V.is_answer(token)
