"""Synth-g: a seventh synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sg).

Eleven layout families that synth-b..f do not cover (N-1 columns left of year N's, names wrapped over three lines
with code and figures on the middle line, the unit in the amount column's header with no-break-space thousands, a
separate '%' column, answers with footnote marks, the Portuguese template, A.1 split into A.1.1 / A.1.2 / A.1.3
sub-blocks, cells drawn in shuffled content-stream order, a KPI summary box without activity rows, one KPI table
with rows and the others "not material", the CapEx table first).  Deterministic from (family, seed); gold per
``shared/spec/disclosure.md`` with every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("g07_a1_sub_blocks", 1)); sorted(g["kpis"])
['capex', 'opex', 'turnover']
>>> sorted({a["group"] for a in g["kpis"]["capex"]["activities"]})
['A.1', 'A.2']
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, one_decimal_share
from tests.reports_synth_g_families import BUILDERS


def _value(kpi: Kpi, key: str, value):
    return None if key in kpi.nulls else value


def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed; a figure the report does not print (``kpi.nulls``) is null."""
    return kpi_gold(kpi, one_decimal_share, kpi.nulls, printed_names=False)


def gold_json(doc: Document) -> dict:
    return document_gold(doc, gold_kpi)


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-g", family, seed, BUILDERS, 7)


FAMILIES = list(BUILDERS)
