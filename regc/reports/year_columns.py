"""The reporting year's value columns of a template that prints two years' amounts and shares side by side.

Rule (``year_cells``): the header lines that print two or more different years as cells left of the first
objective column ('2023' merged over an amount and a '%' column, then '2024' over the same; or 'Turnover 2022
EUR m', 'Proportion ... year 2022', then the same for 2023) name the value columns' years; a year alone on its
line (a title's 'year 2024', a running head) names none.  Rule (``drop_earlier_years``): a number cell belongs
to the year of the nearest year cell in x, and the cells of an earlier year than the latest are not read, so
the first amount and the proportion column are the reporting year's whatever the order of the years.  Rule
(``reporting_year_start``): the proportion header is looked for right of halfway between the first latest-year
cell and the earlier-year cell left of it.

>>> from regc.reports.pdftree import Line, Word
>>> cells = year_cells([Line([Word(250, 0, 270, 8, "2023"), Word(330, 0, 350, 8, "2024")])], 400.0)
>>> cells, reporting_year_start(cells)
([(260.0, False), (340.0, True)], 300.0)
>>> year_cells([Line([Word(100, 0, 120, 8, "Report"), Word(330, 0, 350, 8, "2023")])], 400.0)
[]

Rule (``amount_group_years``): an amount column group right of the objective columns ('Absolute turnover (EUR
m)' over '2024' / '2023'): a header word carrying the amount unit right of the last objective column, and a header
line below it printing two or more different years there: the reporting year's amount is the number under the
latest year's cell.

>>> head = [Line([Word(590, 0, 615, 8, "Absolute"), Word(640, 0, 655, 8, "(EUR")]),
...         Line([Word(590, 20, 615, 28, "2024"), Word(640, 20, 660, 28, "2023")])]
>>> amount_group_x(head, 500.0)
602.5

Rule (``year_row_pairs``): a 'Year' column (a header cell that is one word of ``YEAR_COLUMN_WORDS``) whose body
cells (centred under it) print two or more different years qualifies rows: a line of the
latest year is the reporting year's row, read without its year cell (a year is never an amount); a line of an
earlier year (the N-1 figures printed under each row) is not read.

>>> head = [Line([Word(20, 0, 60, 8, "Activity"), Word(200, 0, 215, 8, "Year"), Word(250, 0, 280, 8, "(EUR")])]
>>> body = [Line([Word(20, 20, 60, 28, "Transport"), Word(200, 20, 216, 28, "2024"), Word(250, 20, 270, 28, "91")]),
...         Line([Word(200, 30, 216, 38, "2023"), Word(250, 30, 270, 38, "99")])]
>>> [line.text for line in year_qualified(body, head)]
['Transport 91']
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.kpi_header import unit_word
from regc.reports.pdftree import Line, Word

YEAR_CELL = re.compile(r"^(?:FY|GJ)?\s?((?:19|20)\d\d)[*:),]?$")  # '2024', 'FY2024', '2023:'
# the one-word header of a column that qualifies each row by its year (rule ``year_row_pairs``), lower case
YEAR_COLUMN_WORDS = ("year", "fy", "jahr", "geschäftsjahr", "année", "exercice", "anno", "esercizio", "año",
                     "ejercicio", "ano", "jaar", "boekjaar", "år", "vuosi", "rok", "aasta", "gads", "leto", "metai",
                     "év", "έτος", "година", "godina")
YEAR_CELL_TOLERANCE = 12.0  # pt between the centre of a year cell and that of the 'Year' header word


def year_cells(head, max_x: float) -> list[tuple[float, bool]]:
    """(x-centre, is the latest year) of the year cells of the header lines that print two or more different
    years left of ``max_x`` (the first objective column); [] when no line does."""
    found: list[tuple[float, int]] = []
    for line in head:
        years = [(w.xc, int(m.group(1))) for w in line.words
                 for m in [YEAR_CELL.match(w.text.strip("("))] if m and w.xc < max_x]
        if len({y for _, y in years}) >= 2:
            found += years
    latest = max((y for _, y in found), default=None)
    return sorted((x, y == latest) for x, y in found)


def drop_earlier_years(values: list, cells: list[tuple[float, bool]]) -> list:
    """The value words of a row without the number cells nearest an earlier year's cell."""
    if not cells:
        return values
    return [w for w in values if not (V.is_number(w.text) and not V.is_answer(w.text)
                                      and not min(cells, key=lambda c: abs(c[0] - w.xc))[1])]


def reporting_year_start(cells: list[tuple[float, bool]]) -> float:
    """x right of which the reporting year's proportion header stands: halfway between the first latest-year
    cell and the earlier-year cell left of it; -inf when none is left of it."""
    first = min((x for x, latest in cells if latest), default=None)
    before = [x for x, latest in cells if not latest and first is not None and x < first]
    return (max(before) + first) / 2 if before else float("-inf")


def amount_group_x(head, min_x: float) -> float | None:
    """x-centre of the reporting year's cell of an amount column group right of ``min_x`` (the last objective
    column), rule ``amount_group_years``; None when the header prints no such group."""
    for i, line in enumerate(head):
        if not any(w.xc > min_x and unit_word(w.text) for w in line.words):
            continue
        for below in head[i + 1:]:
            years = [(w.xc, int(m.group(1))) for w in below.words
                     for m in [YEAR_CELL.match(w.text.strip("("))] if m and w.xc > min_x]
            if len({y for _, y in years}) >= 2:
                latest = max(y for _, y in years)
                return min(x for x, y in years if y == latest)
    return None


def _year_column_x(head) -> float | None:
    """x-centre of a header cell that is one year-column word alone in its header line's cluster."""
    for line in head:
        for i, w in enumerate(line.words):
            near = [o for o in line.words if o is not w and abs(o.xc - w.xc) < 2 * YEAR_CELL_TOLERANCE]
            if w.text.strip("():").lower() in YEAR_COLUMN_WORDS and not near:
                return w.xc
    return None


def _row_year(line: Line, x: float) -> tuple[Word, int] | None:
    """The line's year cell: a year centred under the 'Year' header word at x."""
    return next(((w, int(m.group(1))) for w in line.words if abs(w.xc - x) <= YEAR_CELL_TOLERANCE
                 for m in [YEAR_CELL.match(w.text)] if m), None)


def year_qualified(body: list[Line], head) -> list[Line]:
    """The body lines read by rule ``year_row_pairs``: the latest year's lines without their year cell, no
    earlier year's line; the body unchanged when the header has no 'Year' column or its cells print one year."""
    x = _year_column_x(head)
    cells = [_row_year(line, x) for line in body] if x is not None else []
    years = {c[1] for c in cells if c}
    if len(years) < 2:
        return body
    out = []
    for line, cell in zip(body, cells):
        if cell is None:
            out.append(line)
        elif cell[1] == max(years) and len(line.words) > 1:
            out.append(Line([w for w in line.words if w is not cell[0]]))
    return out
