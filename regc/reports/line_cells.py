"""Which words of a visual line are table cells: answer words in running label text and footnote marks are not.

Geometric tests on one line of words (:class:`regc.reports.pdftree.Line`); the KPI table reader
(:mod:`regc.reports.kpi_tables`) asks them while it splits a line into label and values.

>>> from regc.reports.pdftree import Word
>>> footnote_mark(Line([Word(0, 0, 40, 8, "equipment"), Word(41, 0, 44, 8, "3")]), 1)
True
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.pdftree import Line, Word

PROSE_GAP = 4.0  # points: words closer than this are one run of text, not separate cells


def prose_word(line: Line, i: int) -> bool:
    """An answer word ('non', 'no', 'si') or a dash ('CCM 7.2 – Renovation') set in running label text
    ('activités non éligibles'): a neighbour word of three letters or more stands closer than a cell gap.

    >>> from regc.reports.pdftree import Word
    >>> l = Line([Word(0, 0, 30, 8, "activités"), Word(32, 0, 42, 8, "non"), Word(44, 0, 80, 8, "éligibles")])
    >>> prose_word(l, 1), prose_word(Line([Word(0, 0, 8, 8, "N"), Word(30, 0, 38, 8, "Y")]), 0)
    (True, False)
    """
    w = line.words[i]
    for j in (i - 1, i + 1):
        if 0 <= j < len(line.words):
            n = line.words[j]
            gap = w.x0 - n.x1 if j < i else n.x0 - w.x1
            if gap < PROSE_GAP and len(re.sub(r"[^\w]", "", n.text)) >= 3 and n.text[:1].isalpha() \
                    and not V.is_answer(n.text):
                return True
    return False


# a footnote reference set after a label word: a lone digit ('equipment 3') or a bracketed number ('heat (1)',
# 'road 4)'); a bracketed amount in a value column ('(2.3)', a negative) stands a cell gap away from the label
FOOTNOTE_MARK = re.compile(r"\d|\(\d{1,2}\)|\d{1,2}\)")


def footnote_mark(line: Line, i: int) -> bool:
    """A lone 1-digit number or a bracketed 1-2 digit number glued to a word just before it ('equipment 3',
    'EL 2', 'waste heat (1)') is a footnote mark.

    >>> from regc.reports.pdftree import Word
    >>> footnote_mark(Line([Word(0, 0, 40, 8, "heat"), Word(42, 0, 52, 8, "(1)")]), 1)
    True
    >>> footnote_mark(Line([Word(0, 0, 40, 8, "heat"), Word(90, 0, 100, 8, "(12)")]), 1)
    False
    """
    w = line.words[i]
    if not FOOTNOTE_MARK.fullmatch(w.text) or i == 0:
        return False
    prev = line.words[i - 1]
    return w.x0 - prev.x1 < 4 and not V.is_number(prev.text)


PERCENT_WRAP_GAP = 24.0  # points: a lone '%' this close right of a number on the line above ends its cell


def join_wrapped_percent(body: list[Line], pitch: float) -> list[Line]:
    """A share cell wrapped in two ('13.25' above, '%' below): the number moves down into the '%' line
    as one token, so the line above stays a label line and the row keeps its share.

    >>> from regc.reports.pdftree import Word
    >>> a, b = Line([Word(0, 0, 40, 8, "light"), Word(200, 0, 212, 8, "13.25")]), Line([Word(213, 10, 218, 18, "%")])
    >>> [l.text for l in join_wrapped_percent([a, b], 10.0)]
    ['light', '13.25%']
    """
    out = [Line(list(line.words)) for line in body]
    for above, below in zip(out, out[1:]):
        if not 0 < below.y - above.y <= 1.5 * pitch:
            continue
        lone = [w for i, w in enumerate(below.words) if w.text == "%" and not (
            i and V.NUMBER.match(below.words[i - 1].text) and w.x0 - below.words[i - 1].x1 < 8)]
        for pct in lone:
            num = next((w for w in reversed(above.words) if V.NUMBER.match(w.text) and "%" not in w.text
                        and w.x1 <= pct.x1 and pct.x0 - w.x1 <= PERCENT_WRAP_GAP and pct.x1 - w.x0 <= 60), None)
            if num is None or any(w.x0 > num.x1 for w in above.words):
                continue
            above.words.remove(num)
            i = below.words.index(pct)
            below.words[i] = Word(num.x0, pct.y0, pct.x1, pct.y1, f"{num.text}%")
    return [line for line in out if line.words]
