"""One decision: a KPI table printed in two halves on two pages -- an amounts table (activity name, code,
absolute amount, with the total rows) and a proportions / criteria table (name, code, proportion, SC, DNSH,
safeguards, category, with the total rows' shares) -- is one table: the amounts join the criteria table's rows.

The criteria half is the KPI table read (:func:`kpi_tables.find_tables`: it has the column header); the amounts
half has no criteria header and is not read there.  Rule ``amounts_half`` (``JOIN_RULES``): a read table whose
rows carry shares and no amount at all takes the amounts of the page just before or after it (before first)
when that page's rows, read with the same reader, name the same KPI and list the same rows: every activity row
of the table finds a row with its code further down the amounts page in order, every total row one of its kind.
Each joined row keeps its share's page and takes the amount's page (``TableRow.amount_page``); the table's
pages and unit come from both.

>>> from regc.reports.kpi_tables import TableRow
>>> half = [TableRow("activity", "Solar CCM 4.1", 4, 10.0, code_text="CCM 4.1", share=9.4, share_token="9.4"),
...         TableRow("total", "TOTAL (A+B)", 4, 90.0, share=100.0, share_token="100.0")]
>>> amounts = [TableRow("activity", "Solar CCM 4.1", 3, 12.0, code_text="CCM 4.1", amount=255.3, amount_token="255.3"),
...            TableRow("total", "TOTAL (A+B)", 3, 80.0, amount=2726.0, amount_token="2,726.0")]
>>> pairs = matched_rows(half, amounts)
>>> [(a.label, b.amount) for a, b in pairs]
[('Solar CCM 4.1', 255.3), ('TOTAL (A+B)', 2726.0)]
"""

from __future__ import annotations

from regc.reports import rows as V
from regc.reports.kpi_tables import KpiTable, page_kpi, page_multiplier, read_page_rows
from regc.reports.pdftree import Document
from regc.reports.table_extent import TOTAL_KINDS, rows_kpi

ROW_KINDS_JOINED = TOTAL_KINDS + ("eligible_total",)


def _code(row) -> tuple:
    code, also = V.parse_code(row.code_text or "")
    return (code, tuple(also))


def matched_rows(table_rows: list, amount_rows: list) -> list[tuple] | None:
    """(criteria row, amounts row) pairs in order: an activity row to the next amounts row with its code, a
    total row to the next one of its kind.  None when an activity row finds none."""
    pairs, k = [], 0
    for r in table_rows:
        if r.kind != "activity" and r.kind not in ROW_KINDS_JOINED:
            continue
        same = (lambda a: a.kind == "activity" and _code(a) == _code(r)) if r.kind == "activity" \
            else (lambda a: a.kind == r.kind)
        j = next((j for j in range(k, len(amount_rows)) if same(amount_rows[j])), None)
        if j is None:
            if r.kind == "activity":
                return None
            continue
        pairs.append((r, amount_rows[j]))
        k = j + 1
    return pairs


def _amounts_only(rows) -> bool:
    return any(r.share is not None for r in rows) and all(r.amount is None for r in rows)


def _amounts_half(doc: Document, table: KpiTable) -> bool:
    if not _amounts_only(table.rows) or not any(r.kind == "activity" for r in table.rows):
        return False
    first, last = min(table.pages), max(table.pages)
    for n in (first - 1, last + 1):
        if not 1 <= n <= doc.page_count:
            continue
        page = doc.page(n)
        rows = read_page_rows(page, table.cols, table.decimal)
        if (rows_kpi(rows) or page_kpi(page)) != table.kpi or not any(r.amount is not None for r in rows):
            continue
        pairs = matched_rows(table.rows, rows)
        if not pairs or not any(r.kind == "activity" for r, _ in pairs):
            continue
        for r, a in pairs:
            r.amount, r.amount_token, r.amount_page = a.amount, a.amount_token, n
        table.pages = sorted(set(table.pages) | {n})
        table.multiplier = table.multiplier or page_multiplier(page)
        return True
    return False


JOIN_RULES = (("amounts_half", _amounts_half),)


def join_split_halves(doc: Document, tables: list[KpiTable]) -> list[KpiTable]:
    """Apply ``JOIN_RULES`` to each table (in place); the tables, for chaining."""
    for table in tables:
        for _, rule in JOIN_RULES:
            if rule(doc, table):
                break
    return tables
