"""Synth-f layouts (issue 12, helper H12j): the fixes for its first-contact misses, as units on small
constructed pages and end to end on one seed per family."""

from __future__ import annotations

import pytest

from regc.reports import kpi_tables as T
from regc.reports import rows as V
from regc.reports.pdftree import Page, Word


def page_of(rows: list[tuple[float, list[tuple[float, str]]]], width: float = 600, number: int = 1) -> Page:
    """A page from (baseline y, [(x0, word), ...]) rows; each word 5 pt per character wide, 7 pt high."""
    words = [Word(x, y - 7, x + 5 * len(t), y, t) for y, cells in rows for x, t in cells]
    return Page(number, width, 800, words, " ".join(w.text for w in words))


def _cells(x: float, text: str) -> list[tuple[float, str]]:
    """Words of a phrase starting at x (one space = 5 pt)."""
    out = []
    for w in text.split():
        out.append((x, w))
        x += 5 * len(w) + 5
    return out


HEADER = [(10, _cells(20, "Economic activities") + [(150, "Code"), (200, "Amount"), (260, "Proportion")]
           + _cells(330, "Substantial contribution")),
          (20, [(330, "CCM"), (370, "CCA")] + _cells(420, "DNSH") + [(500, "Minimum")]),
          (28, [(500, "safeguards")])]


def test_a_total_printed_first_opens_the_table():
    page = page_of(HEADER + [
        (40, _cells(20, "TOTAL (A+B)") + [(200, "100.0"), (260, "100.0%")]),
        (50, _cells(20, "A.1 Environmentally sustainable activities")),
        (60, _cells(20, "Solar power") + [(150, "CCM"), (170, "4.1"), (200, "20.0"), (260, "20.0%"), (335, "Y"),
                                           (375, "N"), (505, "Y")]),
        (70, _cells(20, "Turnover of aligned activities (A.1)") + [(200, "20.0"), (260, "20.0%")]),
        (80, _cells(20, "Turnover of non-eligible activities (B)") + [(200, "80.0"), (260, "80.0%")]),
        (90, _cells(20, "Revenue by segment") + [(200, "55.0"), (260, "12.0%")]),
    ])
    rows = T.read_page_rows(page, T.header_columns(page), ".")
    kinds = [r.kind for r in rows]
    assert kinds[0] == "total" and "activity" in kinds and "aligned_total" in kinds
    assert kinds[-1] == "not_eligible_total"  # the table ends with its B row when the total came first
    assert T.table_closed(rows) and not T.table_closed(rows[:1])
