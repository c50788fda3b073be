"""Synth-k: an eleventh synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sk).

Eleven layout families that synth-c..j do not cover (French / Spanish / Italian templates with the objective
abbreviations of their own language, Spanish codes "MIT 7.1"; the E / T category in the code cell; single-letter
DNSH sub-headers; the previous year's table printed above the current one on the same page; the KPI totals only in
running text or in a transposed overview table with the activity rows in an appendix at the end; the amounts in a
column group at the right end; a row-number column; the A.2 rows and totals in a second table).  Deterministic from
(family, seed); gold per ``shared/spec/disclosure.md`` with every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("k02_es_mit_adapt_codes", 1))
>>> g["kpis"]["turnover"]["activities"][0]["code"][:4] in ("CCM-", "CCA-", "WTR-", "CE-1", "CE-2", "CE-3", "CE-5")
True
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, one_decimal_share, role_nulls
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_k_families import BUILDERS


def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed; a summary role the report does not print (``null_roles``) is null."""
    return kpi_gold(kpi, one_decimal_share, role_nulls(getattr(kpi, "null_roles", ())), printed_names=False)


def gold_json(doc: Document) -> dict:
    return document_gold(doc, gold_kpi)


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-k", family, seed, BUILDERS, 13)


FAMILIES = list(BUILDERS)
