"""Synth-h table variants: synth-g's Annex II template (``kpi_table``) in an ``HStyle`` (Swiss apostrophes and
U+2212 minus signs, whole-percent shares "12 %", shares as a fraction of 1 "0.123"), then reshaped as a
``TableSpec``: objective columns reordered, a NACE column beside the code, the code column left of the name,
section labels wrapped in the name column instead of running across the table.

>>> HStyle(thou="'", minus="\\u2212").amount(-123456, 1) == "\\u221212'345.6"
True
>>> HStyle(share_mode="whole").share(125), HStyle(share_mode="fraction").share(125)
('12 %', '0.125')
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_g_tables import GStyle, kpi_table
from tests.reports_synth_h_words import NACE, register

register()


@dataclass
class HStyle(GStyle):
    minus: str = "-"
    share_mode: str = "tenth"  # tenth: "12.3 %"; whole: "12 %"; fraction: "0.123"

    def amount(self, units, decimals: int) -> str:
        return super().amount(units, decimals).replace("-", self.minus)

    def share(self, pct10) -> str:
        if self.share_mode == "whole":
            return fmt_number(pct10 / 10, 0, self.dec, self.thou, "minus", self.zero, True, self.pct_sep)
        if self.share_mode == "fraction":
            return fmt_number(pct10 / 1000, 3, self.dec, self.thou, "minus", self.zero)
        return super().share(pct10).replace("-", self.minus)


def printed_share(st: HStyle, pct10: int) -> float:
    """The gold share for a printed share (fraction of 1), at the precision the style prints."""
    if st.share_mode == "whole":
        return round(pct10 / 10) / 100
    return round(pct10 / 1000, 6)


def _permute(spec, order: list[int]) -> None:
    """Reorder the columns (``order[i]`` = old index of new column i); header row 2 and body cells follow."""
    new_of = {old: new for new, old in enumerate(order)}
    spec.cols = [spec.cols[o] for o in order]
    spec.header_rows[1] = [spec.header_rows[1][o] for o in order]
    for row in spec.rows:
        row.cells = {new_of[c]: t for c, t in row.cells.items()}


def reorder_objectives(spec, objectives: tuple, order: tuple) -> None:
    """SC and DNSH columns (after name, code, amount, share) in ``order`` instead of ``objectives``."""
    first = 4
    idx = list(range(len(spec.cols)))
    for group in (0, 1):
        base = first + group * len(objectives)
        for k, o in enumerate(order):
            idx[base + k] = base + objectives.index(o)
    _permute(spec, idx)


def code_first(spec) -> None:
    """The code column left of the name column (section labels stay in the first column's place)."""
    n = len(spec.cols)
    _permute(spec, [1, 0] + list(range(2, n)))
    spec.header_rows[0][0], spec.header_rows[0][1] = spec.header_rows[0][1], spec.header_rows[0][0]
    for row in spec.rows:
        if row.span_label:
            row.cells = {(0 if c == 1 else c): t for c, t in row.cells.items()}


def add_nace(spec, rng, head: str = "NACE") -> None:
    """A NACE column right of the Taxonomy code column; activity rows print a NACE code there."""
    spec.cols.insert(2, type(spec.cols[1])(30, "l"))
    spec.header_rows[0].insert(2, (head, 1, "l"))
    spec.header_rows[1].insert(2, ("", 1, "c"))
    for row in spec.rows:
        row.cells = {(c + 1 if c >= 2 else c): t for c, t in row.cells.items()}
        if row.ref is not None:
            row.cells[2] = rng.choice(NACE)


def wrap_section_labels(spec) -> None:
    """Section labels ("A.2. Taxonomy-eligible but not ...") printed in the name column, wrapped over lines."""
    for row in spec.rows:
        if row.span_label:
            row.span_label = False


def h_table(st: HStyle, kpi, rng, year: int, *, order: tuple | None = None, nace: bool = False,
            code_left: bool = False, wrap_labels: bool = False):
    """synth-g's template in ``st``, reshaped as asked."""
    from tests.reports_synth_f_words import OBJECTIVES
    spec = kpi_table(st, kpi, rng, year)
    if order:
        reorder_objectives(spec, OBJECTIVES, order)
    if wrap_labels:
        wrap_section_labels(spec)
    if code_left:
        code_first(spec)
    if nace:
        add_nace(spec, rng)
    return spec
