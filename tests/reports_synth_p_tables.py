"""Synth-p table variants: synth-g's Annex II template (``kpi_table``) in a ``PStyle`` (synth-m's ``MStyle`` with
shares at two decimals or without the "%" sign), reshaped: footnote numbers glued to the codes, short section and
total labels, a condensed A.2 block (names abbreviated, no answers), categories spelled out, a prior-year amount
and a change column; and the legacy 2022 template (two climate objectives, substantial contribution as
percentages) of the prior year's figures.

>>> PStyle(share_digits=2).share(1234), PStyle(pct_sign=False).share(123), PStyle().share(123)
('12.34 %', '12.3', '12.3 %')
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_f_model import Kpi
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_tables import columns, labels
from tests.reports_synth_k_tables import recolumn
from tests.reports_synth_m_tables import MStyle
from tests.reports_synth_p_words import (CATEGORY_HEAD, CATEGORY_WORDS, CHANGE_HEAD, LEGACY_SC, NOT_MEANINGFUL,
                                         SHORT_LABELS, abbreviate)


@dataclass
class PStyle(MStyle):
    pct_sign: bool = True  # False: "12.3" under a header that says "(%)"
    share_digits: int = 1  # 2: "12.34 %" (the KPI's pct10 then counts hundredths of a percent)

    def share(self, pct10) -> str:
        if self.pct_sign and self.share_digits == 1:
            return super().share(pct10)
        d = self.share_digits
        return fmt_number(pct10 / 10 ** d, d, self.dec, self.thou, "minus", self.zero, self.pct_sign, self.pct_sep)

    def share_fraction(self, pct10: int | None) -> float | None:
        """The gold share (a fraction of 1) of a printed share."""
        return None if pct10 is None else round(pct10 / 10 ** (self.share_digits + 2), 6)


class HundredthKpi(Kpi):
    """A KPI whose shares are printed at two decimals: ``pct10`` counts hundredths of a percent."""

    def pct10(self, units: int) -> int:
        return round(10000 * units / self.total)


def two_decimal_shares(kpi: Kpi) -> None:
    kpi.__class__ = HundredthKpi
    for r in kpi.rows:
        r.pct10 = kpi.pct10(r.units)


def full_units(kpi: Kpi, rng) -> None:
    """Figures drawn in thousands re-expressed in whole currency units (the last three digits drawn too)."""
    kpi.total = kpi.total * 1000 + rng.randint(0, 999)
    for r in kpi.rows:
        r.units = r.units * 1000 + rng.randint(1, 999) if r.units else 0
        r.pct10 = kpi.pct10(r.units)
    kpi.scale, kpi.decimals = 1.0, 0


def glued_code_notes(spec, rng) -> list[int]:
    """A footnote number glued to some rows' code cells ("CCM 4.1(1)"); returns the numbers used, in order."""
    used = []
    for row in spec.rows:
        if row.ref is None or rng.random() < 0.45:
            continue
        n = (len(used) % 3) + 1
        row.cells[1] = f"{row.cells[1]}({n})"
        used.append(n)
    return sorted(set(used)) or [1]


def short_labels(spec, st, kpi) -> None:
    """Section labels and total rows under short wording ("Total A.1", "A.1 Taxonomy-aligned activities")."""
    lab = labels(st, kpi.key)
    new = {lab[k]: v for k, v in SHORT_LABELS.items()}
    for row in spec.rows:
        if row.ref is None and row.cells.get(0) in new:
            row.cells[0] = new[row.cells[0]]


def condensed_a2(kpi) -> None:
    """A.2 rows printed with abbreviated names and no answer cells (the gold keeps the printed name)."""
    for r in kpi.rows:
        if r.group == "A.2":
            r.name, r.sc, r.dnsh = abbreviate(r.activity.en), {}, {}


def category_words(spec, st, kpi, year: int) -> None:
    """The category column prints "Enabling" / "Transitional" instead of "E" / "T"."""
    cols = columns(st, kpi.key, year)
    at = next(i for i, c in enumerate(cols) if c[0] == "cat")
    new = [c[0] for c in cols[:at]] + [("word", None, CATEGORY_HEAD, 44, "c")]
    recolumn(spec, cols, new, lambda row, key: CATEGORY_WORDS.get(row.ref.category, "") if row.ref else "")


def _parse(s: str, st) -> float | None:
    s = (s or "").replace(st.thou, "").replace(st.dec, ".")
    try:
        return float(s)
    except ValueError:
        return None


def change_column(spec, st, kpi, year: int) -> None:
    """Year N amount and share, the year N-1 amount, and the change in % (st.years == "prev_first")."""
    cols = columns(st, kpi.key, year)
    idx = {c[0]: i for i, c in enumerate(cols)}

    def fill(row, key):
        cur, prev = _parse(row.cells.get(idx["amt"]), st), _parse(row.cells.get(idx["amt_prev"]), st)
        if cur is None or prev is None:
            return ""
        if not prev:
            return NOT_MEANINGFUL
        ch = round(1000 * (cur / prev - 1))
        return ("+" if ch > 0 else "") + fmt_number(ch / 10, 1, st.dec, st.thou, pct=True, pct_sep=st.pct_sep)
    new = ["name", "code", "amt", "pct", "amt_prev", ("chg", None, CHANGE_HEAD, 40, "r")]
    recolumn(spec, cols, new + [c[0] for c in cols if c[0].startswith(("sc_", "dnsh_")) or c[0] in ("ms", "cat")],
             fill)


def legacy_2022(spec, st, kpi, year: int) -> None:
    """The template as it stood for 2022: substantial contribution to CCM and CCA only, as percentages (A.1 rows
    "100 %" / "0 %"), the six DNSH columns, minimum safeguards, the category; no A.2 answers."""
    cols = columns(st, kpi.key, year)
    group = labels(st, kpi.key)["sc"]

    def fill(row, key):
        if row.ref is None or row.ref.group != "A.1":
            return ""
        return "100 %" if row.ref.sc.get(key[-3:]) == "Y" else "0 %"
    sc = [(f"legacy_{o}", group, head, 44, "c") for o, head in zip(("CCM", "CCA"), LEGACY_SC)]
    new = ["name", "code", "amt", "pct"] + sc + [f"dnsh_{o}" for o in OBJECTIVES] + ["ms", "cat"]
    recolumn(spec, cols, new, fill)
