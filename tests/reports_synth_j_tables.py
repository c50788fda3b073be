"""Synth-j table variants: synth-g's Annex II template (``kpi_table``) in a ``JStyle`` (a currency sign before
every amount, footnote marks glued to numbers, thin-space / narrow-no-break-space thousands), then reshaped as a
``TableSpec``: the code on the second line of each activity row, the totals block printed above the activity rows,
the share column left of the amount column, the table split into an amounts table and a shares / criteria table;
and shaded row bands drawn behind an unruled table.

>>> st = JStyle(prefix="€ ", thou="\\u2009")
>>> st.amount(1234567, 1)
'€ 123\\u2009456.7'
>>> JStyle(num_marks=("¹", "")).amount(5, 1), JStyle(num_marks=("*", "")).share(123)
('0.5¹', '12.3 %*')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.reports_synth_f_layout import TableSpec
from tests.reports_synth_h_tables import _permute
from tests.reports_synth_i_tables import AMT, PCT, IStyle
from tests.reports_synth_j_words import register

register()


@dataclass
class JStyle(IStyle):
    prefix: str = ""  # printed before every amount ("€ ", "EUR ")
    num_marks: tuple = ()  # footnote marks glued after numbers, cycled ("" = none)
    _mk: list = field(default_factory=lambda: [0])

    def _mark(self) -> str:
        if not self.num_marks:
            return ""
        self._mk[0] += 1
        return self.num_marks[(self._mk[0] - 1) % len(self.num_marks)]

    def amount(self, units, decimals: int) -> str:
        return self.prefix + super().amount(units, decimals) + self._mark()

    def share(self, pct10) -> str:
        return super().share(pct10) + self._mark()


def _is_total(row) -> bool:
    return row.ref is None and not row.span_label and row.bold and AMT in row.cells


def code_second_line(spec: TableSpec) -> None:
    """Activity rows print the code on the second line of the row (the numbers and answers stay on the first)."""
    for row in spec.rows:
        if row.ref is not None and row.cells.get(1):
            row.cells[1] = "\n" + row.cells[1]


def totals_on_top(spec: TableSpec) -> None:
    """Every total row (A.1, A.2, A, B, TOTAL) printed in one block under the header, above the activity rows,
    TOTAL (A+B) first; the "B." section label, now empty, is dropped."""
    totals = [r for r in spec.rows if _is_total(r)]
    rest = [r for r in spec.rows if not _is_total(r)]
    if rest and rest[-1].span_label:  # the B label, its rows gone
        rest.pop()
    for r in totals:
        r.rule_above = False
    totals[-1].rule_above = True  # nothing marks the block's end but the rule under the activity rows' start
    spec.rows = [totals[-1]] + totals[:-1] + rest
    rest[0].rule_above = True


def share_before_amount(spec: TableSpec) -> None:
    """The proportion column left of the absolute amount column."""
    n = len(spec.cols)
    order = [0, 1, PCT, AMT] + list(range(4, n))
    _permute(spec, order)
    spec.header_rows[0][AMT], spec.header_rows[0][PCT] = spec.header_rows[0][PCT], spec.header_rows[0][AMT]


def split_amounts_shares(spec: TableSpec) -> tuple[TableSpec, TableSpec]:
    """Two tables: name / code / amount; then name / code / share / SC / DNSH / MS / category.  Only the first
    records the rows' pages (where each row's amount is printed)."""
    from copy import deepcopy
    keep_a = [0, 1, AMT]
    keep_s = [0, 1] + list(range(PCT, len(spec.cols)))
    first = TableSpec([spec.cols[i] for i in keep_a], [h[:3] for h in spec.header_rows], deepcopy(spec.rows),
                      size=spec.size, header_size=spec.header_size, ruled=spec.ruled, valign=spec.valign, x0=spec.x0)
    for row, orig in zip(first.rows, spec.rows):
        row.ref = orig.ref
        if not row.span_label:
            row.cells = {keep_a.index(c): t for c, t in row.cells.items() if c in keep_a}
    second = deepcopy(spec)
    second.header_rows = [h[:2] + h[3:] for h in spec.header_rows]
    second.cols = [spec.cols[i] for i in keep_s]
    for row in second.rows:
        row.ref = None
        if not row.span_label:
            row.cells = {keep_s.index(c): t for c, t in row.cells.items() if c in keep_s}
    first.cols[0].width += 120
    return first, second


def shade_bands(pages, table_pages: list[int], size: float, x0: float, x1: float, name_x1: float) -> None:
    """Grey bands behind every other table row (darker behind bold rows, the totals), and no rulings below the
    running header.  Body lines are the text in the table's body size (headers are smaller); a line with text only
    left of ``name_x1`` continues the row above (a wrapped name)."""
    for p in table_pages:
        page = pages[p - 1]
        page.ops = [op for op in page.ops if op[0] != "line" or op[2] < 40]
        ys: dict[float, list] = {}
        for op in page.ops:
            if op[0] == "text" and op[4] == size and op[1] >= x0 - 1:
                ys.setdefault(op[2], []).append(op)
        rows: list[list] = []  # [top y, bottom y, bold]
        for y in sorted(ys):
            ops = ys[y]
            if rows and all(op[1] < name_x1 for op in ops) and not any(op[1] < x0 + 2 and op[5] and not rows[-1][2]
                                                                       for op in ops):
                rows[-1][1] = y
                continue
            rows.append([y, y, any(op[5] for op in ops)])
        bands = []
        for k, (top, bottom, bold) in enumerate(rows):
            grey = 0.78 if bold else (0.91 if k % 2 else None)
            if grey is not None:
                bands.append(("rect", x0, round(top - size * 1.0, 2), x1, round(bottom + size * 0.35, 2), grey))
        page.ops = bands + page.ops
