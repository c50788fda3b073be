"""Synth-o table variants: synth-g's Annex II template (``kpi_table``) in synth-m's ``MStyle`` reshaped (subtotals on
the section label rows, a segment column in front, an objective column and an activity-number column instead of the
code column, an A.1 section with no activity) and new tables around it (a reconciliation of the KPI denominator, the
A.1 total broken down by type or objective, Annex XII Templates 2-5 with figures).

>>> import random
>>> parts = split_units(1000, 3, random.Random(1)); sum(parts), len(parts)
(1000, 3)
"""

from __future__ import annotations

from tests.reports_synth_f_layout import BodyRow, Col, TableSpec
from tests.reports_synth_g_tables import columns, labels
from tests.reports_synth_i_tables import AMT, PCT, rearrange_runs
from tests.reports_synth_k_tables import recolumn
from tests.reports_synth_o_words import (DASH, NO_ALIGNED, NUMBER_HEAD, OBJECTIVE_HEAD, OBJECTIVE_NAMES,
                                         RECONCILIATION, RECONCILIATION_HEADS, RECONCILIATION_TOTAL,
                                         SEGMENT_HEAD, SEGMENTS, TEMPLATE_HEADS, TEMPLATE_OTHER, SECTIONS,
                                         TEMPLATE_ROWS, TEMPLATE_TOTAL, TYPE_HEADS, TYPE_TOTAL, TYPES)


def split_units(units: int, n: int, rng) -> list[int]:
    """``units`` cut into ``n`` positive-ish parts (the last closes the sum)."""
    weights = [rng.uniform(0.2, 1.0) for _ in range(n)]
    parts = [int(units * w / sum(weights)) for w in weights[:-1]]
    return parts + [units - sum(parts)]


def _figures_table(rows: list[BodyRow], heads: tuple, x0: float = 40.0) -> TableSpec:
    cols = [Col(330, "l"), Col(70, "r")] + ([Col(70, "r")] if len(heads) > 2 else [])
    return TableSpec(cols, [[(h, 1, "l" if i == 0 else "r") for i, h in enumerate(heads)]], rows, size=7.0,
                     header_size=6.5, x0=x0)


def reconciliation(st, kpi, rng) -> TableSpec:
    """The KPI total as the sum of the financial statements' lines it is made of (amounts only)."""
    lab = labels(st, kpi.key)
    lines = RECONCILIATION[kpi.key]
    parts = split_units(kpi.total, len(lines), rng)
    notes = {"n": rng.randint(4, 19), "m": rng.randint(20, 29)}
    rows = [BodyRow({0: text.format(**notes), 1: st.amount(u, kpi.decimals)}) for text, u in zip(lines, parts)]
    rows.append(BodyRow({0: RECONCILIATION_TOTAL.format(K=lab["kpi"][kpi.key]), 1: st.amount(kpi.total, kpi.decimals)},
                        bold=True, rule_above=True))
    return _figures_table(rows, (RECONCILIATION_HEADS[0], RECONCILIATION_HEADS[1].format(unit=st.unit.strip("()"))))


def aligned_breakdown(st, kpi, rng) -> TableSpec:
    """The A.1 total by type (CapEx / OpEx: (a), (b), (c)) or, for turnover, by the rows' objective; amount and
    share of the KPI total per line, the A.1 total last."""
    lab = labels(st, kpi.key)
    k = lab["kpi_lower"][kpi.key]
    if kpi.key == "turnover":
        by: dict[str, int] = {}
        for r in kpi.rows:
            if r.group == "A.1":
                by[r.activity.objective] = by.get(r.activity.objective, 0) + r.units
        lines = [(OBJECTIVE_NAMES[o], u) for o, u in by.items()]
    else:
        lines = list(zip(TYPES, split_units(kpi.a1, len(TYPES), rng)))
    rows = [BodyRow({0: text, 1: st.amount(u, kpi.decimals), 2: st.share(kpi.pct10(u))}) for text, u in lines]
    rows.append(BodyRow({0: TYPE_TOTAL.format(k=k), 1: st.amount(kpi.a1, kpi.decimals),
                         2: st.share(kpi.pct10(kpi.a1))}, bold=True, rule_above=True))
    heads = (TYPE_HEADS[0], TYPE_HEADS[1].format(unit=st.unit.strip("()")), TYPE_HEADS[2].format(k=k))
    return _figures_table(rows, heads)


def annex_xii(st, kpi, number: int) -> TableSpec:
    """Annex XII Template ``number`` (2-5) of one KPI: rows 1-6 (nuclear / gas sections) at zero, row 7 the other
    activities and row 8 the total, amount and share under "CCM + CCA" and "CCM", "CCA" at zero."""
    units = {2: kpi.a1, 3: kpi.a1, 4: kpi.a2, 5: kpi.b}[number]
    share = 1000 if number == 3 else kpi.pct10(units)
    zero = (st.amount(0, kpi.decimals), st.share(0))
    body = [BodyRow({0: str(i), 1: TEMPLATE_ROWS[number].format(n=i, s=s), 2: zero[0], 3: zero[1], 4: zero[0],
                     5: zero[1], 6: zero[0], 7: zero[1]}) for i, s in enumerate(SECTIONS, 1)]
    figures = (st.amount(units, kpi.decimals), st.share(share))
    for i, text in ((7, TEMPLATE_OTHER[number]), (8, TEMPLATE_TOTAL[number])):
        total = figures if number != 2 or i == 7 else (st.amount(kpi.total, kpi.decimals), st.share(1000))
        body.append(BodyRow({0: str(i), 1: text, 2: total[0], 3: total[1], 4: total[0], 5: total[1], 6: zero[0],
                             7: zero[1]}, bold=i == 8))
    row, act, both, ccm, cca, amount, pct = TEMPLATE_HEADS
    heads = [[(row, 1, "l"), (act, 1, "l"), (both, 2, "c"), (ccm, 2, "c"), (cca, 2, "c")],
             [("", 1, "l"), ("", 1, "l")] + [(amount, 1, "r"), (pct, 1, "r")] * 3]
    cols = [Col(24, "l"), Col(400, "l")] + [Col(56, "r"), Col(40, "r")] * 3
    return TableSpec(cols, heads, body, size=6.0, header_size=6.0, ruled=True)


def subtotals_on_labels(spec: TableSpec, st, kpi) -> None:
    """No separate total rows for A.1, A.2, A and B: each section's label row carries its subtotal (amount and
    share); the TOTAL (A+B) row stays last."""
    lab = labels(st, kpi.key)
    totals = {lab[k]: k for k in ("A1_total", "A2_total", "A_total", "B_total")}
    figures = {}
    for row in spec.rows:
        key = totals.get(row.cells.get(0))
        if key:
            figures[key[:-6]] = {AMT: row.cells.get(AMT), PCT: row.cells.get(PCT)}
    out = []
    for row in spec.rows:
        if row.cells.get(0) in totals:
            continue
        label = next((k for k in ("A1", "A2", "A", "B") if row.span_label and row.cells.get(0) == lab[k]), None)
        if label:
            row = BodyRow({0: lab[label], **figures[label]}, bold=True, rule_above=True)
        out.append(row)
    spec.rows = out


def segment_column(spec: TableSpec, st, kpi, year: int, rng) -> None:
    """A first column with each activity's business segment, the rows of A.1 and of A.2 ordered by segment and the
    segment printed on its first row only."""
    segs = rng.sample(SEGMENTS, 3)
    seg_of = {r.activity.code: rng.choice(segs) for r in kpi.rows}

    def by_segment(run: list) -> list:
        out, last = [], None
        for r in sorted(run, key=lambda r: segs.index(seg_of[r.ref.activity.code])):
            seg = seg_of[r.ref.activity.code]
            r.cells["seg"] = seg if seg != last else ""
            last = seg
            out.append(r)
        return out
    rearrange_runs(spec, by_segment)
    cols = columns(st, kpi.key, year)
    recolumn(spec, cols, [("seg", None, SEGMENT_HEAD, 62, "l")] + [c[0] for c in cols],
             lambda row, key: row.cells.get("seg", ""))
    for row in spec.rows:
        row.cells.pop("seg", None)


def objective_number_columns(spec: TableSpec, st, kpi, year: int, full: bool) -> None:
    """No code column: an objective column ("CCM" or "Climate change mitigation") and an activity-number column
    ("7.2") right of the name."""
    cols = columns(st, kpi.key, year)

    def fill(row, key):
        if row.ref is None:
            return ""
        obj, num = row.ref.activity.code.split("-")
        return (OBJECTIVE_NAMES[obj] if full else obj) if key == "obj" else num
    new = ["name", ("obj", None, OBJECTIVE_HEAD, 64 if full else 52, "l"), ("num", None, NUMBER_HEAD, 28, "l")]
    recolumn(spec, cols, new + [c[0] for c in cols[2:]], fill)


def empty_a1(kpi) -> None:
    """Every A.1 activity moved to A.2 (merged into the A.2 row of the same code): no aligned activity."""
    a2 = {r.activity.code: r for r in kpi.rows if r.group == "A.2"}
    rows = [r for r in kpi.rows if r.group == "A.2"]
    for r in kpi.rows:
        if r.group != "A.1":
            continue
        if r.activity.code in a2:
            a2[r.activity.code].units += r.units
            continue
        r.group, r.also, r.dnsh, r.ms, r.category = "A.2", [], {}, None, None
        r.sc = {o: ("EL" if o == r.activity.objective else "N/EL") for o in r.sc}
        rows.append(r)
    kpi.rows = rows
    for r in rows:
        r.pct10 = kpi.pct10(r.units)


def no_aligned_rows(spec: TableSpec, st, kpi) -> None:
    """Under the A.1 label a placeholder line; the A.1 total row with dashes."""
    lab = labels(st, kpi.key)
    at = next(i for i, r in enumerate(spec.rows) if r.span_label and r.cells.get(0) == lab["A1"])
    spec.rows.insert(at + 1, BodyRow({0: NO_ALIGNED}))
    for row in spec.rows:
        if row.cells.get(0) == lab["A1_total"]:
            row.cells[AMT], row.cells[PCT] = DASH, DASH
