"""Which row a label-only line of a KPI table belongs to, from the vertical gaps around it.

A wrapped activity name can stand above its value line (bottom-aligned cells), below it (top-aligned), or
around it (vertically centred: 'Production of' / 'heat/cool using  57,070 …' / 'waste heat'), and one table can
mix them (total rows with their values on the first line, activity rows on the middle one).  Where rows are set
apart by a larger gap than the lines within a row, that gap is the row boundary: the label-only lines between
two value lines go up to the row above it and down to the row below it.  Where no gap stands out (an even line
pitch), nothing is decided here and the reader's alignment rules apply.

>>> from regc.reports.pdftree import Line, Word
>>> def line(y, text): return Line([Word(0, y - 7, 30, y, text)])
>>> body = [line(141.8, "Production of"), line(149.9, "heat 57"), line(158.1, "waste heat"),
...         line(168.2, "Transport by"), line(176.3, "cars 72"), line(184.4, "vehicles")]
>>> label_owners(body, [k in (1, 4) for k in range(6)], [False] * 6)
[None, None, 'up', 'down', None, None]
"""

from __future__ import annotations

from regc.reports.pdftree import Line

CLEAR_RATIO = 1.15  # the row gap is at least this many times every other gap in the run ...
CLEAR_POINTS = 1.0  # ... and at least this many points wider


def _row_gap(gaps: list[float]) -> int | None:
    """Index of the gap that stands out as the row boundary; None when no gap is clearly the widest."""
    if len(gaps) < 2:
        return None
    j = max(range(len(gaps)), key=lambda i: gaps[i])
    rest = max(g for i, g in enumerate(gaps) if i != j)
    return j if gaps[j] >= CLEAR_RATIO * rest and gaps[j] - rest >= CLEAR_POINTS else None


def label_owners(body: list[Line], has_values: list[bool], is_section: list[bool]) -> list[str | None]:
    """Per body line: 'up' (continues the value row above), 'down' (starts the label of the value row below)
    or None (undecided, or not a label-only line).  Runs of label-only lines are decided between two value
    lines, between a value line and a section line below it (only 'up'), and between a section line and a
    value line below it (only 'down')."""
    owners: list[str | None] = [None] * len(body)
    bounds = [k for k in range(len(body)) if has_values[k] or is_section[k]]
    for a, b in zip(bounds, bounds[1:]):
        if b - a < 2 or is_section[a] and is_section[b]:
            continue
        ys = [body[k].y for k in range(a, b + 1)]
        j = _row_gap([y1 - y0 for y0, y1 in zip(ys, ys[1:])])
        if j is None or is_section[b] and j != b - a - 1 or is_section[a] and j != 0:
            continue
        for i, k in enumerate(range(a + 1, b)):
            owners[k] = "up" if i < j else "down"
    return owners
