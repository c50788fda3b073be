"""Synth-n table variants: synth-g's Annex II template (``kpi_table``) in synth-m's ``MStyle``, rebuilt column by
column with synth-k's ``recolumn``: the 2023 template's legend cells ("Y; N; N/EL" under the criteria headers, "EL;
N/EL" on the A.2 label row), the code on the last line of a name wrapped over three or more lines, amount and share
in one cell ("1,234.5 (12.3 %)"), sector headings (the acts' chapters) within A.1 and A.2, a gutter column between
the left and right halves of a two-page spread; and new tables: one row per activity with its aligned and
eligible-not-aligned figures side by side, a KPI summary below it, a template cut into two halves printed side by
side, and a stacked bar of the KPI split.

>>> from tests.reports_synth_m_tables import MStyle
>>> one_cell_text({2: "1,234.5", 3: "12.3 %"})
'1,234.5 (12.3 %)'
>>> sector_of("CCM-7.2", "{n}. {s}")
'7. Construction and real estate activities'
"""

from __future__ import annotations

from copy import deepcopy

from tests.reports_synth_f_layout import BodyRow, Col, TableSpec, wrap
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_tables import columns, labels
from tests.reports_synth_i_tables import AMT, PCT, rearrange_runs
from tests.reports_synth_k_tables import recolumn
from tests.reports_synth_n_words import (CHART_LABELS, CHART_TOTAL, LEGEND_A2, LEGEND_CAT, LEGEND_SC, LEGEND_YN,
                                         ONE_CELL_HEAD, PAIR_HEADS, PAIR_SUMMARY, PAIR_TOTAL, SECTORS, register)

register()


def legend_cells(spec: TableSpec, st, kpi, year: int) -> None:
    """A third header row with the template's legends ("Y; N; N/EL" under each SC objective, "Y/N" under DNSH and
    minimum safeguards, "E" / "T" under the category); the A.2 label in the name column with "EL; N/EL" in every SC
    column of its row (the SC columns widened to hold the legend)."""
    cols, lab = columns(st, kpi.key, year), labels(st, kpi.key)
    legend = {"ms": LEGEND_YN, "cat": " / ".join(LEGEND_CAT)}
    legend.update({f"sc_{o}": LEGEND_SC for o in OBJECTIVES})
    legend.update({f"dnsh_{o}": LEGEND_YN for o in OBJECTIVES})
    spec.header_rows.append([(legend.get(c[0], ""), 1, "c") for c in cols])
    sc_at = [i for i, c in enumerate(cols) if c[0].startswith("sc_")]
    for i in sc_at:
        spec.cols[i].width = 30
    for k, row in enumerate(spec.rows):
        if row.span_label and row.cells.get(0) == lab["A2"]:
            spec.rows[k] = BodyRow({0: lab["A2"], **{i: LEGEND_A2 for i in sc_at}}, bold=True)


def code_last_line(spec: TableSpec) -> None:
    """The code printed on the last line of the activity's (wrapped) name; figures and answers on the first."""
    width = spec.cols[0].width - 3
    for row in spec.rows:
        if row.ref is not None and row.cells.get(1):
            n = len(wrap(row.cells[0], width, spec.size, row.bold))
            row.cells[1] = "\n" * (n - 1) + row.cells[1]


def one_cell_text(cells: dict) -> str:
    amt, pct = cells.get(AMT, ""), cells.get(PCT, "")
    return f"{amt} ({pct})" if amt and pct else amt or pct


def one_cell(spec: TableSpec, st, kpi, year: int) -> None:
    """Amount and proportion in one cell, "1,234.5 (12.3 %)", under one header naming the unit."""
    cols, lab = columns(st, kpi.key, year), labels(st, kpi.key)
    head = ONE_CELL_HEAD.format(K=lab["kpi"][kpi.key], unit=st.unit)
    new = ["name", "code", ("amt_pct", None, head, 78, "r")] + [c[0] for c in cols[4:]]
    recolumn(spec, cols, new, lambda row, key: one_cell_text(row.cells))


def sector_of(code: str, form: str) -> str:
    obj, num = code.split("-")
    chapter = num.split(".")[0]
    return form.format(n=chapter, s=SECTORS[(obj, chapter)])


def sector_headings(spec: TableSpec, form: str) -> None:
    """Within A.1 and A.2, the activity rows ordered by the acts' chapters, each chapter under a heading row
    ("7. Construction and real estate activities")."""
    def key(r):
        return int(r.ref.activity.number.split(".")[0]), sector_of(r.ref.activity.code, form)

    def headed(run: list) -> list:
        out, last = [], None
        for r in sorted(run, key=key):
            head = sector_of(r.ref.activity.code, form)
            if head != last:
                out.append(BodyRow({0: head}, bold=True, span_label=True))
                last = head
            out.append(r)
        return out
    rearrange_runs(spec, headed)


def gutter(spec: TableSpec, st, kpi, year: int, left: float, gap: float) -> None:
    """A two-page spread: name / code / amount / share fill the left page (``left`` points wide), a blank gutter of
    ``gap`` points, the criteria columns on the right page."""
    cols = columns(st, kpi.key, year)
    by = {c[0]: c for c in cols}
    name_w = left - sum(by[k][3] for k in ("code", "amt", "pct"))
    new = [("name", None, by["name"][2], name_w, "l"), "code", "amt", "pct", ("gutter", None, "", gap, "c")]
    new += [(c[0], c[1], c[2], 28, c[4]) if c[0][:3] in ("sc_", "dns") else c[0] for c in cols[4:]]
    recolumn(spec, cols, new, lambda row, key: "")


class _Both:
    """The page of one printed row that stands for two gold rows (an activity both aligned and eligible)."""

    def __init__(self, rows):
        self.rows = rows

    @property
    def page(self):
        return self.rows[0].page

    @page.setter
    def page(self, value):
        for r in self.rows:
            r.page = value


def pair_table(st, kpi, x0: float = 40.0) -> tuple[TableSpec, TableSpec]:
    """One row per activity: its A.1 amount and share, then its A.2 amount and share (empty where it has none), a
    total row; below, a summary of A, B and the total.  No criteria columns (the gold's answers are null)."""
    lab = labels(st, kpi.key)
    k, K = lab["kpi_lower"][kpi.key], lab["kpi"][kpi.key]
    by_code: dict[str, dict] = {}
    for r in kpi.rows:
        by_code.setdefault(r.activity.code, {})[r.group] = r
        r.sc, r.dnsh, r.ms, r.category = {}, {}, None, None
    amt_head = PAIR_HEADS["amt"].format(K=K, unit=st.unit).strip()
    pct_head = PAIR_HEADS["pct"].format(k=k)
    cols = [Col(210, "l"), Col(44, "l"), Col(64, "r"), Col(52, "r"), Col(64, "r"), Col(52, "r")]
    heads = [[(lab["activity"], 1, "l"), (lab["codes"], 1, "l"), (PAIR_HEADS["a1"], 2, "c"), (PAIR_HEADS["a2"], 2, "c")],
             [("", 1, "c"), ("", 1, "c"), (amt_head, 1, "c"), (pct_head, 1, "c"), (amt_head, 1, "c"),
              (pct_head, 1, "c")]]
    body = []
    for code, groups in by_code.items():
        first = next(iter(groups.values()))
        cells = {0: getattr(first, "name", first.activity.en), 1: code.replace("-", " ")}
        for g, (ca, cp) in (("A.1", (2, 3)), ("A.2", (4, 5))):
            if g in groups:
                cells[ca], cells[cp] = st.amount(groups[g].units, kpi.decimals), st.share(groups[g].pct10)
        rows = list(groups.values())
        body.append(BodyRow(cells, ref=rows[0] if len(rows) == 1 else _Both(rows)))
    body.append(BodyRow({0: PAIR_TOTAL, 2: st.amount(kpi.a1, kpi.decimals), 3: st.share(kpi.pct10(kpi.a1)),
                         4: st.amount(kpi.a2, kpi.decimals), 5: st.share(kpi.pct10(kpi.a2))}, bold=True,
                        rule_above=True))
    pairs = TableSpec(cols, heads, body, size=st.size, header_size=st.header_size, x0=x0)
    summary = [BodyRow({0: PAIR_SUMMARY["A"].format(k=k), 1: st.amount(kpi.a1 + kpi.a2, kpi.decimals),
                        2: st.share(kpi.pct10(kpi.a1 + kpi.a2))}),
               BodyRow({0: PAIR_SUMMARY["B"].format(k=k), 1: st.amount(kpi.b, kpi.decimals),
                        2: st.share(kpi.pct10(kpi.b))}),
               BodyRow({0: PAIR_SUMMARY["total"].format(k=k), 1: st.amount(kpi.total, kpi.decimals),
                        2: st.share(1000)}, bold=True, rule_above=True)]
    totals = TableSpec([Col(260, "l"), Col(70, "r"), Col(60, "r")],
                       [[("", 1, "l"), (amt_head, 1, "r"), (lab["proportion"].format(k=k), 1, "r")]], summary,
                       size=st.size + 1, header_size=st.header_size + 1, x0=x0)
    return pairs, totals


def halves(spec: TableSpec, x1: float) -> tuple[TableSpec, TableSpec]:
    """The template cut in the middle of its rows: the second half (header repeated) placed at ``x1``."""
    cut = (len(spec.rows) + 1) // 2
    while spec.rows[cut - 1].span_label:  # a section label stays with its rows
        cut -= 1
    first, second = deepcopy(spec), deepcopy(spec)
    first.rows, second.rows = spec.rows[:cut], spec.rows[cut:]
    second.x0 = x1
    return first, second


def drop_b_rows(spec: TableSpec, st, kpi) -> None:
    """No B section and no TOTAL row: the table ends with the A (A.1 + A.2) total."""
    lab = labels(st, kpi.key)
    at = next(i for i, r in enumerate(spec.rows) if r.span_label and r.cells.get(0) == lab["B"])
    spec.rows = spec.rows[:at]


def split_bar(page, st, kpi, y: float, x0: float = 40.0, width: float = 560.0, unit: str = "") -> float:
    """A stacked bar (A.1 / A.2 / B, lengths by share) with a legend of the three shares under it and the KPI total
    in a caption; returns the y below it."""
    lab = labels(st, kpi.key)
    parts = (("a1", kpi.a1), ("a2", kpi.a2), ("b", kpi.b))
    x, widths = x0, (9.0, 5.0, 1.2)
    for (_, units), w in zip(parts, widths):
        length = width * units / kpi.total
        if length > 0.5:
            page.line(x, y + 6, x + length, y + 6, w)
        x += length
    for k, (key, units) in enumerate(parts):
        page.text(x0 + k * 190, y + 22, f"{CHART_LABELS[key]}: {st.share(kpi.pct10(units))}", 7)
    total = CHART_TOTAL.format(k=lab["kpi_lower"][kpi.key], amount=st.amount(kpi.total, kpi.decimals), unit=unit)
    page.text(x0, y + 34, total, 7, True)
    return y + 44
