"""Synth-i table variants: synth-g's Annex II template (``kpi_table``) in an ``IStyle`` (symbol answers ●/○, zero
amounts printed as "–", "0" or "0.0" in turn), then reshaped as a ``TableSpec``: "n/a" cells on zero rows, A.1 / A.2
rows grouped under objective sub-headings with per-objective sub-totals, the prior year's amount and share in two
extra columns at the right end, the code column dropped (codes in a glossary table), names hyphenated mid-word.

>>> st = IStyle(zero_forms=(("–", "–"), ("0", "0 %")))
>>> [st.amount(0, 1), st.share(0), st.amount(0, 1), st.share(0), st.amount(5, 1)]
['–', '–', '0', '0 %', '0.5']
>>> hyphen_lines("Manufacture of renewable energy technologies", 60, 6)[:2]
['Manufacture of rene-', 'wable energy techno-']
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from tests.reports_synth_f_layout import BodyRow, Col, TableSpec, text_width
from tests.reports_synth_f_model import Kpi
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_tables import kpi_table, labels
from tests.reports_synth_h_tables import HStyle
from tests.reports_synth_i_words import GLOSSARY, OBJECTIVE_NAMES, register

register()

AMT, PCT = 2, 3  # column indices of the year-N amount and share in synth-g's template (name, code, amount, share)


@dataclass
class IStyle(HStyle):
    zero_forms: tuple = ()  # (amount, share) pairs printed for zero rows, in turn
    _zk: list = field(default_factory=lambda: [0])

    def amount(self, units, decimals: int) -> str:
        if units == 0 and self.zero_forms:
            return self.zero_forms[self._zk[0] % len(self.zero_forms)][0]
        return super().amount(units, decimals)

    def share(self, pct10) -> str:
        if pct10 == 0 and self.zero_forms:
            form = self.zero_forms[self._zk[0] % len(self.zero_forms)][1]
            self._zk[0] += 1
            return form
        return super().share(pct10)


def na_cells(spec: TableSpec) -> None:
    """Rows whose model row is marked ``na``: "n/a" in the amount and share cells (the gold: null)."""
    for row in spec.rows:
        if row.ref is not None and getattr(row.ref, "na", False):
            row.cells[AMT], row.cells[PCT] = "n/a", "n/a"


def rearrange_runs(spec: TableSpec, arrange) -> None:
    """Replace each run of consecutive activity rows (rows with a model ``ref``) by ``arrange(run)``'s rows; the
    label, total and other rows between the runs stay where they are."""
    out, run = [], []
    for row in spec.rows + [None]:
        if row is not None and row.ref is not None:
            run.append(row)
            continue
        if run:
            out.extend(arrange(run))
            run = []
        if row is not None:
            out.append(row)
    spec.rows = out


def _subtotal(st: IStyle, kpi: Kpi, label: str, block: list) -> BodyRow:
    units = sum(r.units or 0 for r in block)
    return BodyRow({0: label, AMT: st.amount(units, kpi.decimals), PCT: st.share(kpi.pct10(units))}, bold=True)


def objective_groups(spec: TableSpec, st: IStyle, kpi: Kpi, form: str) -> None:
    """Each run of activity rows (A.1, then A.2) grouped by objective: "A.1.1 Climate change mitigation", its rows,
    a per-objective sub-total (``form``); then the template's own A.1 / A.2 total row follows."""
    def grouped(run: list) -> list:
        out, group = [], run[0].ref.group
        for k, obj in enumerate(o for o in OBJECTIVES if any(r.ref.activity.objective == o for r in run)):
            num, name = f"{group}.{k + 1}", OBJECTIVE_NAMES[obj]
            block = [r for r in run if r.ref.activity.objective == obj]
            out.append(BodyRow({0: f"{num} {name}"}, bold=True, span_label=True))
            out.extend(block)
            out.append(_subtotal(st, kpi, form.format(name=name.lower(), obj=obj, num=num), [r.ref for r in block]))
        return out
    rearrange_runs(spec, grouped)


def prior_year_right(spec: TableSpec, st: IStyle, kpi: Kpi, year: int, unit: str, rng: random.Random) -> None:
    """Two extra columns at the right end: the prior year's amount and share (the same template built on N-1
    figures gives their cells row by row)."""
    rows = [replace(r, units=int((r.units or 0) * rng.uniform(0.55, 1.2))) for r in kpi.rows]
    prev = Kpi(kpi.key, kpi.scale, kpi.decimals, int(kpi.total * rng.uniform(0.85, 1.15)), rows)
    for r in rows:
        r.pct10 = prev.pct10(r.units)
    pspec = kpi_table(st, prev, random.Random(rng.random()), year - 1)
    lab = labels(st, kpi.key)
    spec.cols += [Col(50, "r"), Col(38, "r")]
    spec.header_rows[0] += [(f"{lab['absolute']} {year - 1} {unit}".strip(), 1, "c"),
                            (f"{lab['proportion']} {year - 1}", 1, "c")]
    spec.header_rows[1] += [("", 1, "c"), ("", 1, "c")]
    n = len(spec.cols)
    for row, prow in zip(spec.rows, pspec.rows):
        if not row.span_label and AMT in prow.cells:
            row.cells[n - 2], row.cells[n - 1] = prow.cells[AMT], prow.cells[PCT]


def drop_code_column(spec: TableSpec) -> None:
    """No code column at all: the activity rows print the name only."""
    spec.cols.pop(1)
    spec.header_rows[0].pop(1)
    spec.header_rows[1].pop(1)
    for row in spec.rows:
        row.cells = {(c - 1 if c > 1 else c): t for c, t in row.cells.items() if c != 1}


def glossary_table(kpis: dict) -> TableSpec:
    """One row per activity the KPI tables name: name, "CCM 7.1", the objective's name."""
    acts = {r.activity.code: r.activity for k in kpis.values() for r in k.rows}
    body = [BodyRow({0: a.en, 1: a.code.replace("-", " "), 2: OBJECTIVE_NAMES[a.objective]})
            for _, a in sorted(acts.items(), key=lambda kv: (OBJECTIVES.index(kv[1].objective), kv[1].number))]
    return TableSpec([Col(250, "l"), Col(70, "l"), Col(190, "l")],
                     [[(h, 1, "l") for h in GLOSSARY["heads"]]], body, size=7.5, header_size=7.0)


def hyphen_lines(text: str, width: float, size: float) -> list[str]:
    """Greedy fill to ``width``; a word that does not fit is broken mid-word with a hyphen at the line end (at
    least 2 letters each side), as justified report typesetting does."""
    lines, cur = [], ""
    for w in text.split(" "):
        cand = f"{cur} {w}".strip()
        if text_width(cand, size) <= width:
            cur = cand
            continue
        head = ""
        for i in range(len(w) - 2, 1, -1):
            if w[i - 1].isalpha() and w[i].isalpha() and text_width(f"{cur} {w[:i]}-".strip(), size) <= width:
                head = w[:i]
                break
        if head:
            lines.append(f"{cur} {head}-".strip())
            cur = w[len(head):]
        else:
            lines.append(cur)
            cur = w
    return lines + [cur] if cur else lines


def hyphenate_names(kpi: Kpi, width: float, size: float) -> None:
    """The activity name each row prints, pre-broken into lines (the gold keeps the whole name)."""
    for r in kpi.rows:
        r.name = "\n".join(hyphen_lines(r.activity.en, width, size))


def sc_no_answers(kpi, rng) -> None:
    """A.1 rows answer "N" (not "N/EL") for the objectives they do not contribute to, as pre-2023 templates do."""
    for r in kpi.rows:
        if r.group == "A.1":
            r.sc = {o: ("N" if a == "N/EL" else a) for o, a in r.sc.items()}


def unrule(pages, table_pages: list[int]) -> None:
    """Remove every line drawn on the table's pages below the running header (no rulings at all)."""
    for p in table_pages:
        page = pages[p - 1]
        page.ops = [op for op in page.ops if op[0] != "line" or op[2] < 40]
