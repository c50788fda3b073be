"""Synth-g table builders: the Annex II template for one KPI in a ``GStyle`` (years side by side, a separate "%"
column, answers with footnote marks, A.1 sub-blocks, Portuguese labels) and a KPI summary box, as synth-f
``TableSpec`` objects (``tests/reports_synth_f_layout.py`` places them and records each row's page).

>>> st = GStyle(dec=",", thou="\\u00a0")
>>> st.amount(1234567, 1), st.share(123)
('123\\xa0456,7', '12,3 %')
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.reports_synth_f_layout import BodyRow, Col, TableSpec, fmt_number
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_words import LABELS, OBJECTIVE_SHORT, SUB_BLOCKS


@dataclass
class GStyle:
    lang: str = "en"
    dec: str = "."
    thou: str = ","
    pct_sep: str = " "
    pct_col: bool = False  # the '%' sign in a column of its own right of the share
    yes: str = "Y"
    no: str = "N"
    el: tuple = ("EL", "N/EL")
    zero: str | None = None
    marks: tuple = ()  # footnote marks cycled onto Y/N answers ("Y¹", "N*")
    unit: str = ""  # in the amount column's header ("(€ mn)", "TEUR")
    years: str = "N"  # "N" | "prev_first": N-1 amount and share columns left of year N's
    sub_blocks: bool = False
    name_w: float = 150.0
    size: float = 6.0
    header_size: float = 5.3
    valign: str = "top"
    ruled: bool = False
    code_w: float = 40.0

    def amount(self, units, decimals: int) -> str:
        return fmt_number(units / 10 ** decimals, decimals, self.dec, self.thou, "minus", self.zero)

    def share(self, pct10) -> str:
        return fmt_number(pct10 / 10, 1, self.dec, self.thou, "minus", self.zero, not self.pct_col, self.pct_sep)

    def answer(self, a: str | None, k: int = 0) -> str:
        word = {"Y": self.yes, "N": self.no, "EL": self.el[0], "N/EL": self.el[1]}.get(a, "") if a else ""
        if self.marks and a in ("Y", "N"):
            word += self.marks[k % len(self.marks)]
        return word


def labels(st: GStyle, key: str) -> dict:
    lab = LABELS[st.lang]
    k, K = lab["kpi_lower"][key], lab["kpi"][key]
    return {n: (v.format(k=k, K=K, y="{y}") if isinstance(v, str) else v) for n, v in lab.items()}


def columns(st: GStyle, key: str, year: int) -> list[tuple]:
    """(column key, group header or None, header, width, align) in print order."""
    lab, short = labels(st, key), OBJECTIVE_SHORT[st.lang]
    amount_head = f"{lab['absolute']} {st.unit}".strip()
    cols = [("name", None, lab["activity"], st.name_w, "l"), ("code", None, lab["codes"], st.code_w, "l")]
    if st.years == "prev_first":
        cols += [("amt_prev", str(year - 1), amount_head, 46, "r"), ("pct_prev", str(year - 1), "%", 30, "r"),
                 ("amt", str(year), amount_head, 46, "r"), ("pct", str(year), "%", 30, "r")]
    else:
        cols += [("amt", None, amount_head, 50, "r"), ("pct", None, lab["proportion"], 36 if not st.pct_col else 26,
                                                          "r")]
    if st.pct_col:
        cols.append(("pct_sign", None, "", 9, "l"))
    cols += [(f"sc_{o}", lab["sc"], short[o], 20, "c") for o in OBJECTIVES]
    cols += [(f"dnsh_{o}", lab["dnsh"], short[o], 20, "c") for o in OBJECTIVES]
    cols += [("ms", None, lab["ms"], 34, "c"), ("cat", None, f"{lab['enabling']} (E) / (T)", 40, "c")]
    return cols


def header_rows(cols: list[tuple]) -> list[list]:
    """Two header rows: group names merged over their columns above the column names."""
    first, second, i = [], [], 0
    while i < len(cols):
        group = cols[i][1]
        if group is None:
            first.append((cols[i][2], 1, cols[i][4]))
            second.append(("", 1, "c"))
            i += 1
            continue
        j = i
        while j < len(cols) and cols[j][1] == group:
            second.append((cols[j][2], 1, "c"))
            j += 1
        first.append((group, j - i, "c"))
        i = j
    return [first, second]


def previous_year(kpi, rng) -> dict:
    """Consistent N-1 figures: id(row) -> units, and the N-1 total under "total"."""
    prev = {id(r): int(r.units * rng.uniform(0.6, 1.1)) for r in kpi.rows}
    prev["total"] = int(kpi.total * rng.uniform(0.9, 1.15))
    return prev


def _prev_cells(st: GStyle, kpi, prev: dict, units: int) -> dict:
    return {"amt_prev": st.amount(units, kpi.decimals), "pct_prev": st.share(round(1000 * units / prev["total"]))}


def _activity_row(st: GStyle, kpi, r, cols, rng, prev: dict) -> BodyRow:
    v = {"name": getattr(r, "name", r.activity.en), "code": r.activity.code.replace("-", " "),
         "amt": st.amount(r.units, kpi.decimals), "pct": st.share(r.pct10), "pct_sign": "%",
         **_prev_cells(st, kpi, prev, prev[id(r)]), "ms": st.answer(r.ms, rng.randint(0, 9)),
         "cat": r.category if r.group == "A.1" and r.category else ""}
    for o in OBJECTIVES:
        v[f"sc_{o}"] = st.answer(r.sc.get(o), rng.randint(0, 9))
        v[f"dnsh_{o}"] = st.answer(r.dnsh.get(o), rng.randint(0, 9))
    return BodyRow({i: v.get(c[0], "") for i, c in enumerate(cols)}, ref=r)


def _total_row(st: GStyle, kpi, cols, label: str, rows, prev: dict, units=None, bold=True) -> BodyRow:
    """A (sub-)total over ``rows`` (or the given N units with the N-1 total: the TOTAL row)."""
    if units is None:
        units, prev_units = sum(r.units for r in rows), sum(prev[id(r)] for r in rows)
    else:
        rest = sum(prev[id(r)] for r in kpi.rows)  # B closes the N-1 total
        prev_units = prev["total"] if units == kpi.total else prev["total"] - rest
    v = {"name": label, "amt": st.amount(units, kpi.decimals), "pct": st.share(kpi.pct10(units)), "pct_sign": "%",
         **_prev_cells(st, kpi, prev, prev_units)}
    return BodyRow({i: v.get(c[0], "") for i, c in enumerate(cols)}, bold=bold, rule_above=bold)


def _a1_rows(st: GStyle, kpi, cols, rng, prev: dict) -> list[BodyRow]:
    a1 = [r for r in kpi.rows if r.group == "A.1"]
    if not st.sub_blocks:
        return [_activity_row(st, kpi, r, cols, rng, prev) for r in a1]
    out = []
    for cat, (num, title) in SUB_BLOCKS.items():
        block = [r for r in a1 if r.category == cat]
        if not block:
            continue
        out.append(BodyRow({0: f"{num} {title}"}, bold=True, span_label=True))
        out += [_activity_row(st, kpi, r, cols, rng, prev) for r in block]
        out.append(_total_row(st, kpi, cols, f"{LABELS[st.lang]['subtotal']} {num}", block, prev))
    return out


def kpi_table(st: GStyle, kpi, rng, year: int, x0: float = 40.0) -> TableSpec:
    """The Annex II template for one KPI (A.1 rows, A.1 total, A.2 rows, totals, B, TOTAL)."""
    cols, lab = columns(st, kpi.key, year), labels(st, kpi.key)
    span = lambda text: BodyRow({0: text}, bold=True, span_label=True)  # noqa: E731
    prev = previous_year(kpi, rng)
    a1, a2 = [r for r in kpi.rows if r.group == "A.1"], [r for r in kpi.rows if r.group == "A.2"]
    body = [span(lab["A"]), span(lab["A1"])] + _a1_rows(st, kpi, cols, rng, prev)
    body.append(_total_row(st, kpi, cols, lab["A1_total"], a1, prev))
    body.append(span(lab["A2"]))
    body += [_activity_row(st, kpi, r, cols, rng, prev) for r in a2]
    body.append(_total_row(st, kpi, cols, lab["A2_total"], a2, prev))
    body.append(_total_row(st, kpi, cols, lab["A_total"], a1 + a2, prev))
    body += [span(lab["B"]), _total_row(st, kpi, cols, lab["B_total"], (), prev, units=kpi.b),
             _total_row(st, kpi, cols, lab["total"], (), prev, units=kpi.total)]
    return TableSpec([Col(c[3], c[4]) for c in cols], header_rows(cols), body, size=st.size,
                     header_size=st.header_size, ruled=st.ruled, valign=st.valign, x0=x0)


SUMMARY_HEADS = ("KPI", "Total (EUR m)", "Taxonomy-aligned (A.1) %", "Taxonomy-eligible, not aligned (A.2) %",
                 "Not Taxonomy-eligible (B) %")


def summary_box(st: GStyle, kpis: dict, x0: float = 60.0) -> TableSpec:
    """Three KPIs in one ruled box: the total amount and the A.1 / A.2 / B shares, no activity rows."""
    body = []
    for key, kpi in kpis.items():
        body.append(BodyRow({0: LABELS[st.lang]["kpi"][key], 1: st.amount(kpi.total, kpi.decimals),
                             2: st.share(kpi.pct10(kpi.a1)), 3: st.share(kpi.pct10(kpi.a2)),
                             4: st.share(kpi.pct10(kpi.b))}))
    widths = (90, 70, 80, 110, 90)
    return TableSpec([Col(w, "l" if i == 0 else "r") for i, w in enumerate(widths)],
                     [[(h, 1, "l" if i == 0 else "r") for i, h in enumerate(SUMMARY_HEADS)]], body, size=8.0,
                     header_size=7.0, ruled=True, x0=x0)
