"""Section label rows that print their section's subtotal (rule ``subtotals_on_labels``).

Some reports print no separate sub-total rows: the label row that opens a section carries the section's figures,

    A. TAXONOMY-ELIGIBLE ACTIVITIES                                          2,749.0   48.4 %
    A.1. Environmentally sustainable activities (Taxonomy-aligned)          1,250.4   22.0 %
    Manufacture of renewable energy technologies             CCM 3.1          656.1   11.6 %
    ...
    A.2. Taxonomy-eligible but not environmentally sustainable activities   1,498.6   26.4 %
    ...
    B. TAXONOMY-NON-ELIGIBLE ACTIVITIES                                      2,930.4   51.6 %
    TOTAL (A+B)                                                              5,679.4  100.0 %

A *figured label row* is a read row without an activity code whose label opens a section ('A.1', 'A.2', 'A',
'B'; not a sub-block 'A.1.1'), that carries an amount or a share and that its label does not already make a total
row (a B label naming non-eligible activities is read as the not-eligible total; such rows stay as read).  It becomes the section's opener (kind
``section``, so the rows below it take its group) and its figures that section's subtotal: A.1 -> aligned,
A.2 -> eligible not aligned, B -> not eligible, A -> eligible total.  The subtotal row is placed where the
template prints it: at the end of the section (A.1, A.2), right after the opener (B), in place (A).

The figures give nothing (the row only opens its section) when

- the table also prints a separate sub-total row of that section (a row of the subtotal's kind read from its own
  label, '... (A.1)', 'Total A.2', '... non-eligible activities'): the sub-total row wins;
- they are ambiguous: two figured label rows of one section with different figures, an amount printed as a
  percentage, a share beyond 100 %, or A, A.1 and A.2 that do not add up (A = A.1 + A.2 within rounding).

Every value is still verified on its page by the caller (:func:`extract.checked`): one not found stays null.

>>> from regc.reports.kpi_tables import TableRow as R
>>> rows = [R("activity", "A.1. Environmentally sustainable activities", 3, 10.0, amount=5.0, amount_token="5.0"),
...         R("activity", "Solar CCM 4.1", 3, 20.0, code_text="CCM 4.1", amount=5.0, amount_token="5.0"),
...         R("activity", "A.2. Taxonomy-eligible but not sustainable activities", 3, 30.0, amount=2.0, amount_token="2.0"),
...         R("total", "TOTAL (A+B)", 3, 40.0, amount=9.0, amount_token="9.0")]
>>> [(r.kind, r.group, r.amount) for r in label_subtotals(rows, ".")]
[('section', 'A.1', None), ('activity', None, 5.0), ('aligned_total', None, 5.0), ('section', 'A.2', None), ('eligible_not_aligned_total', None, 2.0), ('total', None, 9.0)]
"""

from __future__ import annotations

import re
from dataclasses import replace

from regc.reports import rows as V

# the subtotal each section's label row gives
SUBTOTAL_KIND = {"A.1": "aligned_total", "A.2": "eligible_not_aligned_total", "B": "not_eligible_total",
                 "A": "eligible_total"}
_SUB_BLOCK = re.compile(r"^\s*A\.?\s*[12]\.\s?\d", re.I)  # 'A.1.1 Enabling activities': a sub-block, no section
_END_KINDS = ("section", "aligned_total", "eligible_not_aligned_total", "not_eligible_total", "eligible_total",
              "total")  # rows that close the section above them


def label_section(row) -> str | None:
    """The section ('A.1', 'A.2', 'B', 'A') a figured label row opens, else None.

    >>> from regc.reports.kpi_tables import TableRow as R
    >>> label_section(R("activity", "A.1. Environmentally sustainable activities", 1, 0.0, amount=1.0))
    'A.1'
    >>> label_section(R("activity", "A.1.1 Enabling activities", 1, 0.0, amount=1.0))
    >>> label_section(R("activity", "A.2 Eligible activities", 1, 0.0)), label_section(R("activity", "A.1 x 7.2", 1, 0.0, amount=1.0))
    (None, None)
    """
    if row.kind != "activity" or row.code_text or V.CODE.search(row.label):
        return None  # a B label read as a total ('B. Taxonomy-non-eligible activities') is one already: as read
    if row.amount is None and row.share is None or _SUB_BLOCK.match(row.label):
        return None
    return V.section_of(row.label)


def _plausible(row) -> bool:
    """Figures that read as an amount and a share: no percentage in the amount cell, no share beyond 100 %."""
    if row.amount_token is not None and V.is_percent(row.amount_token):
        return False
    return row.share is None or abs(row.share) <= 100.0


def _unit(token: str | None, decimal: str) -> float:
    """The value of the last printed digit of an amount token ('1,250.4' -> 0.1)."""
    frac = re.search(rf"{re.escape(decimal)}(\d+)\D*$", token or "")
    return 10.0 ** -len(frac.group(1)) if frac else 1.0


def _adds_up(a, a1, a2, decimal: str) -> bool:
    """A = A.1 + A.2 within rounding (each figure off by half its last digit) or 0.5 %; True when any amount
    is missing (nothing to check)."""
    if a is None or a1 is None or a2 is None or None in (a.amount, a1.amount, a2.amount):
        return True
    tol = max(0.005 * abs(a.amount), 1.01 * max(_unit(r.amount_token, decimal) for r in (a, a1, a2)))
    return abs(a.amount - a1.amount - a2.amount) <= tol


def _usable(rows: list, figured: dict[int, str], decimal: str) -> dict[str, object]:
    """Section -> the label row whose figures give its subtotal (see the module rule)."""
    out = {}
    for sec, kind in SUBTOTAL_KIND.items():
        mine = [rows[i] for i, s in figured.items() if s == sec]
        separate = any(r.kind == kind and i not in figured for i, r in enumerate(rows))
        if not mine or separate or len({(r.amount_token, r.share_token) for r in mine}) > 1:
            continue
        if _plausible(mine[0]):
            out[sec] = mine[0]
    if not _adds_up(out.get("A"), out.get("A.1"), out.get("A.2"), decimal):
        for sec in ("A", "A.1", "A.2"):
            out.pop(sec, None)
    return out


def label_subtotals(rows: list, decimal: str = ".") -> list:
    """The rows with each figured label row made its section's opener and, where usable, its subtotal row
    (module rule); rows unchanged when there is none.  ``decimal``: the table's decimal mark."""
    figured = {i: s for i, r in enumerate(rows) if (s := label_section(r))}
    if not figured:
        return rows
    usable = _usable(rows, figured, decimal)
    out: list = []
    closing: list = []  # the A.1 / A.2 subtotal waiting for the end of its section
    for i, r in enumerate(rows):
        sec = figured.get(i)
        if closing and (sec or r.kind in _END_KINDS):
            out.append(closing.pop())
        if sec is None:
            out.append(r)
            continue
        opener = replace(r, kind="section", group=sec, amount=None, share=None, amount_token=None, share_token=None)
        subtotal = replace(r, kind=SUBTOTAL_KIND[sec], group=None) if usable.get(sec) is r else None
        if sec == "A" and subtotal is not None:
            out.append(subtotal)  # A opens no group of its own: its subtotal in place
            continue
        out.append(opener)
        if subtotal is not None:
            (closing if sec in ("A.1", "A.2") else out).append(subtotal)
    return out + closing
