"""The reporting year's value columns of a template that prints two years' amounts and shares side by side.

Rule (``reporting_year_start``): the header line that prints two or more different years as cells left of the
first objective column ('2023' merged over an amount and a '%' column, then '2024' over the same) names the
column groups; a year alone on its line (a title's 'year 2024', a running head) names none.  When every year
cell of the latest year stands right of every earlier year's (the previous year printed first), the reporting
year's columns start halfway between the last earlier-year cell and the first latest-year cell, and number
cells left of that line belong to the previous year (``drop_earlier_years``).  Years in any other order (the
reporting year first, amount N | amount N-1 | % N, or alternating columns) leave the columns as they are: the
first amount and the proportion header already choose the reporting year there.

>>> from regc.reports.pdftree import Line, Word
>>> head = [Line([Word(250, 0, 270, 8, "2023"), Word(330, 0, 350, 8, "2024")])]
>>> reporting_year_start(head, 400.0)
300.0
>>> reporting_year_start([Line([Word(250, 0, 270, 8, "2024"), Word(330, 0, 350, 8, "2023")])], 400.0)
-inf
"""

from __future__ import annotations

import re

from regc.reports import rows as V

YEAR_CELL = re.compile(r"^(?:FY|GJ)?\s?((?:19|20)\d\d)[*:)]?$")  # '2024', 'FY2024', '2023:'


def reporting_year_start(head, max_x: float) -> float:
    """x where the reporting year's value columns start (see the module doc); -inf when the header does not
    print an earlier year's columns before the latest year's.  ``head``: the header lines; ``max_x``: the first
    objective column."""
    best: dict[int, list[float]] = {}
    for line in head:
        years: dict[int, list[float]] = {}
        for w in line.words:
            m = YEAR_CELL.match(w.text.strip("("))
            if m and w.xc < max_x:
                years.setdefault(int(m.group(1)), []).append(w.xc)
        if len(years) >= 2 and sum(map(len, years.values())) > sum(map(len, best.values())):
            best = years
    if not best:
        return float("-inf")
    latest = max(best)
    earlier = [x for y, xs in best.items() if y != latest for x in xs]
    if min(best[latest]) <= max(earlier):
        return float("-inf")
    return (max(earlier) + min(best[latest])) / 2


def drop_earlier_years(values: list, start: float) -> list:
    """The value words of a row without the number cells left of ``start`` (the previous year's)."""
    return [w for w in values if not (w.xc < start and V.is_number(w.text) and not V.is_answer(w.text))]
