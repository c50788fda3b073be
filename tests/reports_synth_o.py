"""Synth-o: a fifteenth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12so).

Eleven layout families that synth..synth-n do not cover (an English template with German number formats; a
reconciliation of each KPI denominator to the financial statements under the template; the A.1 total broken down by
CapEx / OpEx type or by objective above it; subtotals on the section label rows; the numbered title as a caption
below each table, two templates on a page; Annex XII Templates 1-5 with figures before the KPI templates; a business
segment column in front; a page of rounded at-a-glance tiles; a template over three pages with "continued" markers
and no repeated header; an objective column and an activity-number column instead of the code; a KPI with no aligned
activity).  Deterministic from (family, seed); gold per ``shared/spec/disclosure.md`` with every number as printed
and every row's page as laid out.

>>> g = gold_json(build_document("o11_no_aligned_placeholder_row", 1))
>>> g["kpis"]["opex"]["aligned"], {a["group"] for a in g["kpis"]["opex"]["activities"]}
({'amount': 0.0, 'share': 0.0}, {'A.2'})
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_n import gold_kpi
from tests.reports_synth_o_families import BUILDERS


def gold_json(doc: Document) -> dict:
    return document_gold(doc, lambda kpi: gold_kpi(kpi, doc.style))


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-o", family, seed, BUILDERS, 29)


FAMILIES = list(BUILDERS)
