"""Totals-only KPI templates: the Annex II template printed with its total rows only -- no activity rows, hence
no substantial-contribution / DNSH column header (the page test of :mod:`kpi_tables` never admits it):

    Proportion of turnover from products or services associated with Taxonomy-aligned economic activities
    Economic activities                                                    Absolute turnover (€ m)  Proportion
    A. TAXONOMY-ELIGIBLE ACTIVITIES
    Turnover of environmentally sustainable activities (Taxonomy-aligned) (A.1)          1,211.5     21.7 %
    Turnover of Taxonomy-eligible but not environmentally sustainable activities (A.2)     746.7     13.4 %
    B. TAXONOMY-NON-ELIGIBLE ACTIVITIES
    Turnover of Taxonomy-non-eligible activities                                         3,613.3     64.9 %
    TOTAL (A+B)                                                                          5,571.5    100.0 %

Rule (``totals_only_template``): a page that prints both template sub-total rows, '(A.1)' and '(A.2)', and no
activity row with a figure is read with the table reader (rows, units, decimal mark as for any template); its
A.1 / A.2 / B / total rows give the fixed keys, its activity list stays empty.  Read only for a KPI no template
table was found for; a page already read as a table is not read again.  The KPI is the one the total rows name,
else the page title's.

>>> bool(SUBTOTALS[0].search("Turnover of ... (A.1)")), bool(SUBTOTALS[1].search("CapEx (A.1)"))
(True, False)
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.kpi_tables import (KpiTable, header_columns, page_alignment, page_kpi, page_multiplier,
                                     read_page_rows, title_year, value_tokens)
from regc.reports.pdftree import Document, Page
from regc.reports.table_extent import rows_kpi

SUBTOTALS = tuple(re.compile(rf"\(\s*A\.?\s*{k}\.?\s*\)") for k in "12")  # '(A.1)', '(A.2)' sub-total labels
FIXED_ROWS = ("aligned_total", "eligible_not_aligned_total")  # both must carry a figure


def is_totals_page(text: str) -> bool:
    """The cheap text test: both sub-total labels and a KPI name on the page."""
    return all(rx.search(text) for rx in SUBTOTALS) and bool(V.kpi_words(text))


def _coded_activity(row) -> bool:
    """An activity row that carries an activity code: uncoded lines with a figure (a running header with a page or
    year number, an exemption sentence above the table) do not make a page itemise activities."""
    return row.kind == "activity" and bool(row.code_text or V.CODE.search(row.label))


def totals_rows(page: Page) -> tuple[list, str] | None:
    """The page's rows (label-only activity lines dropped) and decimal mark when they form a totals-only
    template: the A.1 and A.2 total rows with a figure, no coded activity row with a figure (a page that itemises
    activities is not this layout); None otherwise."""
    cols = header_columns(page)
    decimal = V.detect_decimal(value_tokens(page, cols))
    rows = read_page_rows(page, cols, decimal, bool(page_alignment(page, cols)))
    figured = [r for r in rows if r.amount is not None or r.share is not None]
    if any(_coded_activity(r) for r in figured):
        return None
    if not all(any(r.kind == kind for r in figured) for kind in FIXED_ROWS):
        return None
    return [r for r in rows if r.kind != "activity"], decimal


def totals_only_tables(doc: Document, kpis: list[str], skip: set[int], limit: int) -> dict[str, KpiTable]:
    """KPI -> a totals-only template table for each KPI in ``kpis`` (those no template table was found for),
    the first page per KPI; pages in ``skip`` (read as tables already) are not read."""
    out: dict[str, KpiTable] = {}
    if not kpis:
        return out
    for n, text in enumerate(doc.page_texts(limit), start=1):
        if n in skip or not is_totals_page(text) or doc.page(n).is_toc:
            continue
        page = doc.page(n)
        got = totals_rows(page)
        if got is None:
            continue
        rows, decimal = got
        kpi = rows_kpi(rows) or page_kpi(page)
        if kpi not in kpis or kpi in out:
            continue
        out[kpi] = KpiTable(kpi, [n], page_multiplier(page), decimal, rows, year=title_year(page))
    return out
