"""One table for several KPIs: column groups side by side ('Turnover (CZK million) | %', 'CapEx … | %', 'OpEx …
| %'), one activity list, one set of answer columns.  The table is read once per KPI, in a *view* that keeps the
label and answer columns and only that KPI's value columns.

Rules: the header names two or more different KPIs (``rows.KPI_WORDS``, data) over the value columns, right of
the row labels; each names a column group.  The value columns (number cells of the body, merged by overlap)
between the row labels and the substantial-contribution header fall into as many equal groups as there are
names, in order (however the names are aligned over them); a name standing far from its group, or a column
count that does not divide, means no views.  A header with one KPI name (or the same one twice, 'Absolute turnover'
/ 'Proportion of turnover') is a one-KPI table: no views.

>>> from regc.reports.pdftree import Line, Word
>>> head = [Line([Word(0, 0, 30, 8, "Activity"), Word(100, 0, 130, 8, "Turnover"), Word(150, 0, 158, 8, "%"),
...               Word(200, 0, 225, 8, "CapEx"), Word(250, 0, 258, 8, "%"), Word(300, 0, 360, 8, "Substantial")])]
>>> values = [[Word(110, 20, 130, 28, "1 450"), Word(150, 20, 165, 28, "2,6"), Word(210, 20, 225, 28, "398"),
...            Word(250, 20, 265, 28, "5,6")]]
>>> [(k, round(a), round(b)) for k, a, b in kpi_spans(head, values, 60.0)]
[('turnover', 60, 188), ('capex', 188, 288)]
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.pdftree import Line, Page, Word

MIN_APART = 30.0  # points between two KPI names that head different column groups
DASH_SLACK = 10.0  # points a dash cell may stand beside a number column (right of its numbers, under '%')
NEAR = 40.0  # points a KPI name may stand beside its column group (left-aligned over right-aligned numbers)
SC_HEAD = re.compile(rf"^(?:{V.alternation(V.SC_GROUP_WORDS + V.CONTRIBUTION_WORDS)})", re.I)


def kpi_anchors(head: list[Line], label_right: float) -> list[tuple[str, Word]]:
    """(KPI, first word of its name) for each KPI named in the header right of the row labels, leftmost name
    per KPI, sorted by x."""
    found: dict[str, Word] = {}
    for line in head:
        starts, pos = [], 0
        for w in line.words:
            starts.append(pos)
            pos += len(w.text) + 1
        low = line.text.lower()
        for kpi, names in V.KPI_WORDS:
            for name in names:
                for m in re.finditer(rf"\b{re.escape(name)}\b", low):
                    w = line.words[max(i for i, s in enumerate(starts) if s <= m.start())]
                    if w.x0 >= label_right - 2 and (kpi not in found or w.x0 < found[kpi].x0):
                        found[kpi] = w
    return sorted(found.items(), key=lambda kw: kw[1].x0)


def value_columns(values: list[list[Word]], lo: float, hi: float) -> list[tuple[float, float]]:
    """x-ranges of the value columns between lo and hi: number and dash cells of all body lines, merged where
    they overlap ('%' signs set apart from their number are left out)."""
    cells = [w for line in values for w in line if w.text != "%" and lo <= w.xc < hi]
    cols = _merged(sorted((w.x0, w.x1) for w in cells if re.search(r"\d", w.text)))
    # a dash cell set where a column's '%' sign goes ('–' under '5,6 %') is that column's, not one of its own
    dashes = [(w.x0, w.x1) for w in cells if not re.search(r"\d", w.text)
              and not any(a - DASH_SLACK <= w.xc <= b + DASH_SLACK for a, b in cols)]
    return _merged(sorted(cols + dashes))


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    cols: list[list[float]] = []
    for x0, x1 in spans:
        if cols and x0 <= cols[-1][1] + 1.0:
            cols[-1][1] = max(cols[-1][1], x1)
        else:
            cols.append([x0, x1])
    return [(a, b) for a, b in cols]


def kpi_spans(head: list[Line], values: list[list[Word]], label_right: float) -> list[tuple[str, float, float]]:
    """(KPI, x from, x to) of each KPI's column group; [] for a one-KPI table.  The value columns between the
    row labels and the substantial-contribution header split into as many equal groups as the header names
    KPIs, in order; each name must stand over (or within ``NEAR`` points of) its group."""
    anchors = kpi_anchors(head, label_right)
    if len(anchors) < 2 or any(b.x0 - a.x0 < MIN_APART for (_, a), (_, b) in zip(anchors, anchors[1:])):
        return []
    sc = min((w.x0 for line in head for w in line.words if SC_HEAD.match(w.text) and w.x0 > anchors[-1][1].x0),
             default=float("inf"))
    cols = value_columns(values, label_right, sc)
    per, rest = divmod(len(cols), len(anchors))
    if per == 0 or rest:
        return []
    groups = [cols[i * per:(i + 1) * per] for i in range(len(anchors))]
    if any(not g[0][0] - NEAR <= w.xc <= g[-1][1] + NEAR for (_, w), g in zip(anchors, groups)):
        return []
    borders = [label_right] + [(a[-1][1] + b[0][0]) / 2 for a, b in zip(groups, groups[1:])]
    borders.append(min(sc, groups[-1][-1][1] + (cols[per][0] - groups[0][-1][1]) / 2))
    return [(kpi, borders[i], borders[i + 1]) for i, (kpi, _) in enumerate(anchors)]


def kpi_view(page: Page, spans: list[tuple[str, float, float]], kpi: str) -> Page:
    """The page without the other KPIs' value columns (header and body words whose centre lies in them)."""
    other = [(a, b) for k, a, b in spans if k != kpi]
    words = [w for w in page.words if not any(a <= w.xc < b for a, b in other)]
    return Page(page.number, page.width, page.height, words, " ".join(w.text for w in words), page.modality,
                page.ocr)


def spans_fit(page: Page, spans: list[tuple[str, float, float]]) -> bool:
    """Whether a part continues a multi-KPI table's columns: numbers stand in every KPI's column group."""
    xs = [w.xc for w in page.words if V.is_number(w.text) and re.search(r"\d", w.text)]
    return bool(spans) and all(any(a <= x < b for x in xs) for _, a, b in spans)
