"""Activity lists with role columns: the short tables some reports print instead of the Annex II template, one
row per activity ('7.7 Acquisition and ownership of buildings'), one column per role and measure
('Aligned EURm', 'Aligned %', 'Eligible, not aligned EURm', '… %'), so that one printed row can give an A.1 and
an A.2 entry.  The KPI is the one the title above the header names.

Rules: the value columns are found from the data rows (number cells clustered by their right edge); a
column's header is every header word above it that overlaps it, read top to bottom; its role comes from
:func:`regc.reports.kpi_summary.role_of` and it holds shares when its header or its cells carry '%'.  A data
row is a line whose label holds an activity code; label lines without numbers join the row above (wrapped
names).  The 'Total' row gives the A.1 / A.2 totals.

>>> column_role("Eligible, not aligned EURm"), column_role("Aligned %"), column_role("% of total turnover")
(('eligible_not_aligned', False), ('aligned', True), (None, True))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from regc.reports import rows as V
from regc.reports.kpi_summary import _values as summary_values
from regc.reports.kpi_summary import role_of
from regc.reports.pdftree import Line, Page

GROUP_OF_ROLE = {"aligned": "A.1", "eligible_not_aligned": "A.2"}
TOTAL_LABEL = re.compile(r"^\s*(?:total|summe|gesamt|insgesamt)\b", re.I)
# the denominator a share column's header names ('% of total turnover', 'in % of the total'): not the column's role
DENOMINATOR = re.compile(r"\b(?:of|in|vom|des)\s+(?:the\s+)?(?:total|gesamt\w*)\b", re.I)
EDGE_TOLERANCE = 6.0  # points: number cells of one column end within this of each other (right-aligned)


@dataclass
class ValueColumn:
    x0: float
    x1: float
    header: str = ""
    role: str | None = None
    share: bool = False


@dataclass
class RoleList:
    """One list: its KPI, page, rows (label, {(role, 'amount'|'share'): (value, token)}) and total row."""

    kpi: str
    page: int
    rows: list = field(default_factory=list)
    total: dict = field(default_factory=dict)


def column_role(header: str) -> tuple[str | None, bool]:
    """(role, holds shares) of a value column's header text; a share column's denominator ('% of total
    turnover') names no role (rule ``share_of_total_denominator``: the share of the amount on its left)."""
    share = "%" in header or bool(re.search(r"\b(?:share|proportion|anteil)\b", header, re.I))
    return role_of(DENOMINATOR.sub(" ", header) if share else header), share


def _values(line: Line) -> tuple[str, list]:
    """(label, value words) of a line: the trailing number cells, a '%' printed as a word of its own on its
    number's cell ('3.1 %', :func:`kpi_summary._values`); a label without a code ends with the code token it
    lost to the numbers ('… buildings 7.7 12.0 …'), a total row's label does not ('Total 57.5 12.0 %')."""
    label, cells = summary_values(line)
    if cells and not V.CODE.search(label) and V.CODE_TOKEN.match(cells[0].text) and not TOTAL_LABEL.match(label):
        return f"{label} {cells[0].text}".strip(), cells[1:]
    return label, cells


def _columns(data: list[Line], header: list[Line]) -> list[ValueColumn]:
    cols: list[ValueColumn] = []
    for line in data:
        for w in _values(line)[1]:
            col = next((c for c in cols if abs(c.x1 - w.x1) <= EDGE_TOLERANCE), None)
            if col is None:
                cols.append(ValueColumn(w.x0, w.x1))
            else:
                col.x0, col.x1 = min(col.x0, w.x0), max(col.x1, w.x1)
    from regc.reports.kpi_summary import phrases

    for c in cols:  # header phrases (not single words: a right-aligned header reaches left of its cells)
        c.header = " ".join(p.text for line in header for p in phrases(line) if p.x1 > c.x0 - 4 and p.x0 < c.x1 + 4)
        c.role, c.share = column_role(c.header)
    cols.sort(key=lambda c: c.x0)
    for left, c in zip(cols, cols[1:]):
        if c.role is None and c.share and left.role and not left.share:
            c.role = left.role  # '… EURm | %' under one group header: the share of the amount on its left
    return cols


def _is_data(line: Line) -> bool:
    label, vals = _values(line)
    return bool(vals) and (V.CODE.search(label) is not None or TOTAL_LABEL.match(label) is not None)


def read_role_lists(page: Page) -> list[RoleList]:
    """The role-column activity lists on a page (none when the page holds no such header)."""
    lines = page.lines
    out: list[RoleList] = []
    i = 0
    while i < len(lines):
        roles = {role_of(line_text) for line_text in _phrases(lines[i])}
        if not {"aligned", "eligible_not_aligned"} <= roles:
            i += 1
            continue
        start = i
        j = i + 1
        while j < len(lines) and not _is_data(lines[j]):
            j += 1
        end = j
        while end < len(lines) and not (TOTAL_LABEL.match(_values(lines[end])[0]) and _values(lines[end])[1]):
            end += 1
        block = lines[j:end + 1]
        title = " ".join(line.text for line in lines[max(0, start - 2):start])
        kpis = V.kpi_words(title)
        if kpis and block:
            out.append(_read(page, kpis[-1], lines[start:j], block))
        i = end + 1
    return out


def _phrases(line: Line) -> list[str]:
    from regc.reports.kpi_summary import phrases

    return [p.text for p in phrases(line)]


def _read(page: Page, kpi: str, header: list[Line], block: list[Line]) -> RoleList:
    cols = _columns([line for line in block if _values(line)[1]], header)
    decimal = V.detect_decimal([w.text for line in block for w in _values(line)[1]])
    out = RoleList(kpi, page.number)
    pending: list[str] = []
    for line in block:
        label, vals = _values(line)
        if not vals:
            if out.rows and not pending and not V.CODE.match(label):
                out.rows[-1][0] += " " + label
            else:
                pending.append(label)
            continue
        cells = {}
        for w in vals:
            col = next((c for c in cols if c.x0 - 2 <= w.xc <= c.x1 + 2), None)
            if col is None or col.role not in GROUP_OF_ROLE:
                continue
            value = V.parse_number(w.text, decimal)
            if value is not None:
                share = col.share or w.text.endswith("%")
                cells[(col.role, "share" if share else "amount")] = (value, w.text)
        full = " ".join(pending + [label])
        pending = []
        if TOTAL_LABEL.match(label):
            out.total = cells
        else:
            out.rows.append([full, cells])
    return out


def find_role_lists(doc, texts: list[str], skip: set[int] = frozenset()) -> dict[str, RoleList]:
    """KPI -> its first role-column activity list (template pages ``skip``ped); a list none of whose rows has a
    value under a role column is none (a template's total rows under a role-naming title)."""
    out: dict[str, RoleList] = {}
    for n, text in enumerate(texts, start=1):
        low = text.lower()
        if n in skip or "aligned" not in low and "konform" not in low:
            continue
        if not V.CODE.search(text):
            continue
        for rl in read_role_lists(doc.page(n)):
            if any(cells for _, cells in rl.rows) and rl.kpi not in out:
                out[rl.kpi] = rl
    return out
