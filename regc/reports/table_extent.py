"""Where a KPI table ends, whether it itemises activities, and which KPI its total rows name (the table reader's
tests on read rows).

Rows are :class:`regc.reports.kpi_tables.TableRow`.

>>> from types import SimpleNamespace as R
>>> opening, b_row = R(kind="total", code_text=""), R(kind="not_eligible_total", code_text="")
>>> table_closed([opening]), table_closed([opening, R(kind="section", code_text="")]), table_closed([opening, b_row])
(False, False, False)
>>> table_closed([opening, R(kind="activity", code_text="4.1"), b_row])
True
>>> table_closed([R(kind="activity", code_text="4.1"), opening]), itemised([opening, R(kind="activity", code_text="4.1")])
(True, True)
"""

from __future__ import annotations

from regc.reports import rows as V

TOTAL_KINDS = ("aligned_total", "eligible_not_aligned_total", "not_eligible_total", "total")


def table_closed(rows) -> bool:
    """A table has ended: it holds a total (A + B) row printed after its other rows.  A total printed first,
    under the header and before any section or activity row, opens the table instead of closing it; such a
    table ends with its not-eligible (B) row printed after the activity rows.  The total rows read before the
    first section or activity row are one *totals block* (every total leading, the B total among them): a B row
    in that block closes nothing, the activity rows follow below it."""
    if rows and rows[0].kind == "total":
        return any(r.kind == "not_eligible_total" and not leading_total(rows, i) for i, r in enumerate(rows))
    return any(r.kind == "total" for r in rows)


def leading_total(rows, i: int) -> bool:
    """Row i is in the totals block at the head of a table: only total rows stand before it."""
    return all(r.kind in TOTAL_KINDS or r.kind == "eligible_total" for r in rows[:i + 1])


def has_table_rows(rows) -> bool:
    """Rows that carry table content: a total row or an activity row with an amount, share or answer."""
    return any(r.kind in TOTAL_KINDS or r.kind == "activity" and (r.amount is not None or r.share is not None or r.sc)
               for r in rows)


def itemised(rows) -> bool:
    """Rows that list activities: an activity row with a code (a summary table lists none)."""
    return any(r.kind == "activity" and r.code_text for r in rows)


def rows_kpi(rows) -> str | None:
    """The KPI named by a page's total-row labels ('CapEx of environmentally sustainable activities (A.1)'):
    the most specific evidence, stronger than a column caption copied from another template."""
    votes: dict[str, int] = {}
    for r in rows:
        if r.kind in TOTAL_KINDS:
            for k in V.kpi_words(r.label)[:1]:
                votes[k] = votes.get(k, 0) + 1
    return max(votes, key=lambda k: (votes[k], k)) if votes else None
