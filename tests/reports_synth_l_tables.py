"""Synth-l table variants: synth-g's Annex II template (``kpi_table``) in a ``JStyle`` (or ``LStyle``: negatives
with a trailing minus), rebuilt column by column with synth-k's ``recolumn``: a compact half-width template, the
official 2023 column set (the N-1 proportion column, separate enabling / transitional columns, "of which" rows),
row pairs with a year column (year N, then N-1 under it), the code printed in the name cell; and the extra tables
some reports print on the KPI page: Annex XII Template 1 (nuclear / fossil gas, rows 1-6) and a KPI box (N and N-1).

>>> LStyle(dec=",", thou=".").amount(-12345, 0), LStyle(dec=",", thou=".").share(-12)
('12.345-', '1,2- %')
>>> prev = previous_figures(_Kpi(), __import__("random").Random(1)); sorted(prev)[:3]
['a1', 'a2', 'b']
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.reports_synth_f_layout import BodyRow, Col, TableSpec
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_tables import columns, labels
from tests.reports_synth_j_tables import JStyle
from tests.reports_synth_k_tables import recolumn
from tests.reports_synth_l_words import (KPI_BOX_ROWS, NUCLEAR_ANSWERS, NUCLEAR_ROWS, NUCLEAR_SECTIONS, YEAR_HEAD,
                                         register)

register()


@dataclass
class LStyle(JStyle):
    """Negative amounts and shares with a trailing minus ("1.234-", "1,2- %"), as ERP exports print them."""

    def amount(self, units, decimals: int) -> str:
        s = super().amount(units, decimals)
        return s[1:] + "-" if s.startswith("-") else s

    def share(self, pct10) -> str:
        s = super().share(pct10)
        if not s.startswith("-"):
            return s
        return s[1:].replace(f"{self.pct_sep}%", f"-{self.pct_sep}%") if "%" in s else s[1:] + "-"


class _Kpi:  # a doctest stand-in
    rows, total, decimals = [], 1000, 1
    a1 = a2 = b = 0


def previous_figures(kpi, rng) -> dict:
    """Consistent N-1 units: by id(gold row), and "a1" / "a2" / "b" / "total" (B closes the total)."""
    prev = {id(r): int((r.units or 0) * rng.uniform(0.6, 1.1)) for r in kpi.rows}
    prev["a1"] = sum(prev[id(r)] for r in kpi.rows if r.group == "A.1")
    prev["a2"] = sum(prev[id(r)] for r in kpi.rows if r.group == "A.2")
    prev["b"] = int(kpi.b * rng.uniform(0.85, 1.1))
    prev["total"] = prev["a1"] + prev["a2"] + prev["b"]
    return prev


def _total_keys(st, key: str) -> dict:
    """Total row label -> the figure it prints."""
    lab = labels(st, key)
    return {lab["A1_total"]: "a1", lab["A2_total"]: "a2", lab["A_total"]: "a", lab["B_total"]: "b",
            lab["total"]: "total"}


def prev_texts(st, kpi, prev: dict) -> dict:
    """N-1 amount and share texts by id(gold row) or by total label."""
    units = dict(prev, a=prev["a1"] + prev["a2"])

    def pair(u):
        return st.amount(u, kpi.decimals), st.share(round(1000 * u / prev["total"]))
    out = {id(r): pair(prev[id(r)]) for r in kpi.rows}
    out.update({label: pair(units[what]) for label, what in _total_keys(st, kpi.key).items()})
    return out


def _keyed(row, texts: dict):
    return texts.get(id(row.ref)) if row.ref is not None else texts.get(row.cells.get(0))


def compact(spec: TableSpec, st, kpi, year: int, x0: float) -> None:
    """A half-page template: name, code, amount, share, the SC answers and minimum safeguards (no DNSH, no
    category columns: the gold's DNSH answers and category are null for these rows)."""
    cols = columns(st, kpi.key, year)
    by = {c[0]: c for c in cols}
    narrow = [("name", None, by["name"][2], 104, "l"), ("code", None, by["code"][2], 34, "l"),
              ("amt", None, by["amt"][2], 44, "r"), ("pct", None, by["pct"][2], 34, "r")]
    narrow += [(f"sc_{o}", by[f"sc_{o}"][1], by[f"sc_{o}"][2], 16, "c") for o in OBJECTIVES]
    recolumn(spec, cols, narrow + [("ms", None, by["ms"][2], 30, "c")])
    spec.x0 = x0
    for r in kpi.rows:
        r.dnsh, r.category = {}, None


def official_2023(spec: TableSpec, st, kpi, year: int, prev: dict) -> None:
    """The 2023 column set: after minimum safeguards the N-1 proportion column, then an enabling ("E") and a
    transitional ("T") column; "of which enabling / transitional" rows under the A.1 total."""
    cols, lab = columns(st, kpi.key, year), labels(st, kpi.key)
    texts = prev_texts(st, kpi, prev)

    def fill(row, key):
        if key == "prev_pct":
            t = _keyed(row, texts)
            return t[1] if t else ""
        cat = {"cat_e": "E", "cat_t": "T"}[key]
        return cat if row.ref is not None and row.ref.category == cat else ""
    new = [c[0] for c in cols if c[0] != "cat"] + [
        ("prev_pct", None, lab["prev"], 40, "r"), ("cat_e", None, lab["enabling"], 30, "c"),
        ("cat_t", None, lab["transitional"], 30, "c")]
    out = recolumn(spec, cols, new, fill)
    at = {c[0]: i for i, c in enumerate(out)}
    a1 = [r for r in kpi.rows if r.group == "A.1"]
    cut = next(i for i, row in enumerate(spec.rows) if row.cells.get(0) == lab["A1_total"]) + 1
    extra = []
    for cat, label in (("E", lab["of_e"]), ("T", lab["of_t"])):
        units = sum(r.units for r in a1 if r.category == cat)
        extra.append(BodyRow({0: label, at["amt"]: st.amount(units, kpi.decimals),
                              at["pct"]: st.share(kpi.pct10(units)), at[f"cat_{cat.lower()}"]: cat}))
    spec.rows[cut:cut] = extra


def year_pairs(spec: TableSpec, st, kpi, year: int, prev: dict) -> None:
    """A year column after the code: every activity and total row prints year N, and under it a row with the
    year N-1 and that year's amount and share (no name, no code, no answers)."""
    cols = columns(st, kpi.key, year)
    new = ["name", "code", ("year", None, YEAR_HEAD, 22, "c")] + [c[0] for c in cols[2:]]
    out = recolumn(spec, cols, new, lambda row, key: str(year))
    at = {c[0]: i for i, c in enumerate(out)}
    texts, rows = prev_texts(st, kpi, prev), []
    for row in spec.rows:
        rows.append(row)
        t = None if row.span_label else _keyed(row, texts)
        if t:
            row.rule_above = row.ref is None
            rows.append(BodyRow({at["year"]: str(year - 1), at["amt"]: t[0], at["pct"]: t[1]}))
    spec.rows = rows


def code_in_name(spec: TableSpec, st, kpi, year: int, sep: str) -> None:
    """No code column: each activity's name cell starts with its code ("CCM 7.1 – Installation of ...")."""
    cols = columns(st, kpi.key, year)
    for row in spec.rows:
        if row.ref is not None:
            row.cells[0] = f"{row.cells[1]}{sep}{row.cells[0]}"
    recolumn(spec, cols, [c if c[0] != "name" else ("name", None, c[2], 190, "l") for c in cols if c[0] != "code"])


def nuclear_template(rng, x0: float = 40.0) -> TableSpec:
    """Annex XII Template 1: rows 1-6 with YES / NO, the nuclear rows under one label, the gas rows under
    another; mostly NO, a gas row sometimes YES."""
    yes_row = rng.choice((None, 4, 5, 6))
    body = []
    for n, text in enumerate(NUCLEAR_ROWS, 1):
        if n in NUCLEAR_SECTIONS:
            body.append(BodyRow({0: NUCLEAR_SECTIONS[n]}, bold=True, span_label=True))
        body.append(BodyRow({0: str(n), 1: text, 2: NUCLEAR_ANSWERS[0 if n == yes_row else 1]}))
    heads = [[("Row", 1, "l"), ("", 1, "l"), ("", 1, "c")]]
    return TableSpec([Col(28, "l"), Col(640, "l"), Col(40, "c")], heads, body, size=6.5, header_size=6.5,
                     ruled=True, x0=x0)


def kpi_box(st, kpi, prev: dict, year: int, prev_first: bool, x0: float = 40.0) -> TableSpec:
    """Five figures (total, aligned amount / share, eligible-not-aligned amount / share) for year N and N-1."""
    lab = labels(st, kpi.key)

    def figs(total, a1, a2):
        return {"total": st.amount(total, kpi.decimals), "a1": st.amount(a1, kpi.decimals),
                "a1p": st.share(round(1000 * a1 / total)), "a2": st.amount(a2, kpi.decimals),
                "a2p": st.share(round(1000 * a2 / total))}
    now, before = figs(kpi.total, kpi.a1, kpi.a2), figs(prev["total"], prev["a1"], prev["a2"])
    years = [(str(year - 1), before), (str(year), now)]
    if not prev_first:
        years.reverse()
    body = [BodyRow({0: label.format(k=lab["kpi_lower"][kpi.key]), 1: years[0][1][what], 2: years[1][1][what]})
            for what, label in KPI_BOX_ROWS]
    heads = [[("", 1, "l"), (years[0][0], 1, "r"), (years[1][0], 1, "r")]]
    return TableSpec([Col(200, "l"), Col(60, "r"), Col(60, "r")], heads, body, size=7.0, header_size=7.0,
                     ruled=True, x0=x0)
