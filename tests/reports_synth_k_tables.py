"""Synth-k table variants: synth-g's Annex II template (``kpi_table``) rebuilt column by column (``recolumn``:
columns dropped, moved or added, both header rows rebuilt from synth-g's ``columns`` list), then the family's
change: the E / T category in the code cell, single-letter DNSH sub-headers, local objective prefixes on the codes,
the amount in a column group at the right end (year N and N-1), a row-number column, the total rows dropped (rows
in an appendix), the A.2 rows and totals in a second table, and a transposed KPI overview table.

>>> from tests.reports_synth_j_tables import JStyle
>>> from tests.reports_synth_g_tables import columns
>>> [c[0] for c in columns(JStyle(), "capex", 2023)][:4]
['name', 'code', 'amt', 'pct']
"""

from __future__ import annotations

from tests.reports_synth_f_layout import BodyRow, Col, TableSpec
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_tables import columns, header_rows
from tests.reports_synth_k_words import OVERVIEW_ROWS


def recolumn(spec: TableSpec, cols: list[tuple], new: list, fill=None) -> list[tuple]:
    """Columns in the order ``new`` (a synth-g column key, or a new (key, group, header, width, align) tuple);
    ``fill(row, key)`` gives a new column's cell of an activity or total row.  Returns the new column list."""
    old = {c[0]: i for i, c in enumerate(cols)}
    out = [c if isinstance(c, tuple) else cols[old[c]] for c in new]
    spec.cols = [Col(c[3], c[4]) for c in out]
    spec.header_rows = header_rows(out)
    for row in spec.rows:
        if row.span_label:
            continue
        cells = {}
        for i, c in enumerate(out):
            text = row.cells.get(old[c[0]]) if c[0] in old else (fill(row, c[0]) if fill else "")
            if text:
                cells[i] = text
        row.cells = cells
    return out


def base_columns(st, key: str, year: int) -> list[tuple]:
    return columns(st, key, year)


def code_with_category(spec: TableSpec, st, key: str, year: int) -> None:
    """No category column: "E" / "T" printed after the code in the code cell ("CCM 7.6 E")."""
    cols = base_columns(st, key, year)
    for row in spec.rows:
        if row.ref is not None and row.ref.category:
            row.cells[1] = f"{row.cells[1]} {row.ref.category}"
    recolumn(spec, cols, [c[0] for c in cols if c[0] != "cat"])


def dnsh_letters(spec: TableSpec, st, key: str, year: int, letters: tuple) -> None:
    """The DNSH sub-headers as single letters under the merged DNSH header."""
    cols = base_columns(st, key, year)
    lettered = {f"dnsh_{o}": (f"dnsh_{o}", c[1], letters[k], c[3], c[4])
                for k, (o, c) in enumerate(zip(OBJECTIVES, [c for c in cols if c[0].startswith("dnsh_")]))}
    recolumn(spec, cols, [lettered.get(c[0], c[0]) for c in cols])


def local_codes(spec: TableSpec, prefix: dict) -> None:
    """Activity codes printed with the report's own objective abbreviations ("MIT 7.1" for CCM 7.1)."""
    for row in spec.rows:
        if row.ref is not None:
            obj, num = row.ref.activity.code.split("-")
            row.cells[1] = f"{prefix[obj]} {num}"


def amounts_group_right(spec: TableSpec, st, key: str, year: int, group: str, prev: dict) -> None:
    """The proportion stays left; the absolute amounts move to a column group at the right end with the year N
    and N-1 sub-columns (``prev``: the N-1 text by id(gold row), or by label for total rows)."""
    cols = base_columns(st, key, year)
    keys = [c[0] for c in cols if c[0] != "amt"]

    def fill(row, col):
        return prev.get(id(row.ref) if row.ref is not None else row.cells.get(0), "")
    recolumn(spec, cols, keys + [("amt", group, str(year), 46, "r"), ("amt_n1", group, str(year - 1), 46, "r")],
             fill)


def row_numbers(spec: TableSpec, st, key: str, year: int) -> None:
    """A narrow first column numbering the activity rows 1, 2, ... through A.1 and A.2."""
    cols = base_columns(st, key, year)
    numbers, k = {}, 0
    for row in spec.rows:
        if row.ref is not None:
            k += 1
            numbers[id(row)] = str(k)
    for row in spec.rows:
        if row.span_label:
            row.cells = {1: row.cells[0]}
    recolumn(spec, cols, [("no", None, "No.", 16, "r")] + [c[0] for c in cols],
             lambda row, key: numbers.get(id(row), ""))
    for row in spec.rows:
        if row.span_label:
            row.cells = {0: row.cells[1]}


def drop_totals(spec: TableSpec) -> None:
    """Activity rows only (the KPI figures are printed elsewhere): no total rows, no "A." / "B." labels."""
    keep = []
    for row in spec.rows:
        if row.ref is None and not row.span_label:
            continue
        if row.span_label and not row.cells[0].startswith(("A.1", "A.2")):
            continue
        keep.append(row)
    spec.rows = keep


def split_a2(spec: TableSpec, st, key: str, year: int) -> tuple[TableSpec, TableSpec]:
    """The A.1 part (rows and A.1 total) in the full template; the A.2 rows, the A.2 / A / B / TOTAL rows in a
    second, narrower table (name, code, amount, share, SC answers EL / N/EL)."""
    from copy import deepcopy
    cols = base_columns(st, key, year)
    cut = next(i for i, r in enumerate(spec.rows) if r.span_label and r.cells[0].startswith("A.2"))
    first, second = deepcopy(spec), deepcopy(spec)
    first.rows, second.rows = spec.rows[:cut], spec.rows[cut:]
    recolumn(second, cols, [c[0] for c in cols if c[0] in ("name", "code", "amt", "pct") or c[0].startswith("sc_")])
    return first, second


def overview_table(kpis: dict, st, names: dict, x0: float = 60.0) -> TableSpec:
    """KPIs as columns, the figures as rows: total, aligned amount / %, eligible-not-aligned amount / %."""
    vals = {}
    for key, kpi in kpis.items():
        vals[key] = {"total": st.amount(kpi.total, kpi.decimals), "a1": st.amount(kpi.a1, kpi.decimals),
                     "a1p": st.share(kpi.pct10(kpi.a1)), "a2": st.amount(kpi.a2, kpi.decimals),
                     "a2p": st.share(kpi.pct10(kpi.a2))}
    body = [BodyRow({0: label, **{i + 1: vals[k][what] for i, k in enumerate(kpis)}}) for what, label in OVERVIEW_ROWS]
    heads = [("", 1, "l")] + [(names[k], 1, "r") for k in kpis]
    return TableSpec([Col(170, "l")] + [Col(80, "r") for _ in kpis], [heads], body, size=8.0, header_size=7.5,
                     ruled=False, x0=x0)
