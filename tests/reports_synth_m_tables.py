"""Synth-m table variants: synth-g's Annex II template (``kpi_table``) in an ``MStyle`` (a unit printed after every
amount: "1,234.5 EURm", "1.234,5 Mio. €"), rebuilt column by column with synth-k's ``recolumn``: the six
substantial-contribution columns collapsed into one column holding the objective as text, the activity code split
into an objective column and an activity-number column, a totals-only template (no activity rows), a second code
stacked under the first in the code cell; and the
template cut inside A.1 into two tables, the second headed by the A.1 section label with "(continued)".

>>> MStyle(suffix=" EURm").amount(12345, 1), MStyle(suffix=" EURm").share(123)
('1,234.5 EURm', '12.3 %')
>>> MStyle(share_mode="whole", pct_sep="").share(123)
'12%'
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass

from tests.reports_synth_f_layout import BodyRow, TableSpec
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_tables import columns, labels
from tests.reports_synth_j_tables import JStyle
from tests.reports_synth_k_tables import recolumn
from tests.reports_synth_m_words import NUM_HEAD, OBJ_HEAD, SC_TEXT_HEAD, SC_TEXT_NAMES, register

register()


@dataclass
class MStyle(JStyle):
    suffix: str = ""  # the unit printed after every amount (" EURm", " Mio. €")

    def amount(self, units, decimals: int) -> str:
        s = super().amount(units, decimals)
        return s + self.suffix if s and s[-1].isdigit() else s


def sc_text_column(spec: TableSpec, st, kpi, year: int, names: bool) -> None:
    """One "Substantial contribution to" column instead of six: an A.1 row prints the objective(s) it contributes
    to ("CCM" or "Climate change mitigation"), an A.2 row the objective(s) it is eligible for.  The gold keeps only
    the objectives printed: {"CCM": "Y"} on A.1 rows, {"CCM": "EL"} on A.2 rows."""
    cols = columns(st, kpi.key, year)
    text = {}
    for r in kpi.rows:
        mark = "Y" if r.group == "A.1" else "EL"
        objs = [o for o in OBJECTIVES if r.sc.get(o) == mark]
        r.sc = dict.fromkeys(objs, mark)
        text[id(r)] = ", ".join(SC_TEXT_NAMES[o] if names else o for o in objs)
    new = [c[0] for c in cols[:4]] + [("sc_text", None, SC_TEXT_HEAD, 76 if names else 44, "c")]
    new += [c[0] for c in cols[4:] if not c[0].startswith("sc_")]
    recolumn(spec, cols, new, lambda row, key: text.get(id(row.ref), "") if row.ref is not None else "")


def objective_number_columns(spec: TableSpec, st, kpi, year: int) -> None:
    """The code printed in two columns: "Objective" ("CCM") and "Activity no." ("7.1")."""
    cols = columns(st, kpi.key, year)

    def fill(row, key):
        if row.ref is None:
            return ""
        obj, num = row.ref.activity.code.split("-")
        return obj if key == "obj" else num
    new = ["name", ("obj", None, OBJ_HEAD, 30, "l"), ("num", None, NUM_HEAD, 30, "l")]
    recolumn(spec, cols, new + [c[0] for c in cols[2:]], fill)


def totals_only(spec: TableSpec, st, kpi, year: int) -> None:
    """No activity rows and no A.1 / A.2 section labels: the A.1, A.2, A, B and TOTAL rows with name, amount and
    proportion only (the gold lists no activities)."""
    cols = columns(st, kpi.key, year)
    lab = labels(st, kpi.key)
    spec.rows = [r for r in spec.rows if r.ref is None and r.cells.get(0) not in (lab["A1"], lab["A2"])]
    recolumn(spec, cols, ["name", "amt", "pct"])
    for col, width in zip(spec.cols, (320, 80, 60)):
        col.width = width
    kpi.itemised = False


def stacked_codes(spec: TableSpec) -> None:
    """A row reported under two objectives prints its second code on a line of its own under the first
    ("CCM 7.3" / "CCA 7.3"), in the code column, the figures on the first line."""
    for row in spec.rows:
        if row.ref is not None and row.ref.also:
            row.cells[1] = "\n".join(c.replace("-", " ") for c in [row.ref.activity.code] + row.ref.also)


def cut_in_a1(spec: TableSpec, st, kpi, label_form: str) -> tuple[TableSpec, TableSpec]:
    """The template cut after the first half of the A.1 rows: the second table repeats the header and starts with
    the A.1 section label in its "(continued)" form."""
    lab = labels(st, kpi.key)
    a1_at = [i for i, r in enumerate(spec.rows) if r.ref is not None and r.ref.group == "A.1"]
    cut = a1_at[(len(a1_at) + 1) // 2]
    first, second = deepcopy(spec), deepcopy(spec)
    first.rows = spec.rows[:cut]
    second.rows = [BodyRow({0: label_form.format(label=lab["A1"])}, bold=True, span_label=True)] + spec.rows[cut:]
    return first, second
