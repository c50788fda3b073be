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
from regc.reports.pdftree import Line

PROSE_GAP = 4.0  # points: words closer than this are one run of text, not separate cells


def prose_word(line: Line, i: int) -> bool:
    """An answer word ('non', 'no', 'si') set in running label text ('activités non éligibles'): a neighbour
    word of three letters or more stands closer than a cell gap.

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
