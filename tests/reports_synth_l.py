"""Synth-l: a twelfth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sl).

Eleven layout families that synth-c..k do not cover (Estonian / Latvian / Slovenian templates with the objective
abbreviations of their own language; Annex XII Template 1 on the turnover page above the KPI template; two KPI
templates side by side on one landscape page; the official 2023 column set with the N-1 proportion column and
separate enabling / transitional columns; row pairs with a year column; a KPI box with both years above each
template; negatives with a trailing minus; the code in the name cell; € billion with two decimals).  Deterministic
from (family, seed); gold per ``shared/spec/disclosure.md`` with every number as printed and every row's page as
laid out.

>>> g = gold_json(build_document("l11_billion_two_decimals", 1))
>>> g["kpis"]["turnover"]["total"] % 1e7 == 0 and g["kpis"]["turnover"]["total"] > 1e10
True
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, one_decimal_share
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_l_families import BUILDERS


def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed (every role is printed in this set)."""
    return kpi_gold(kpi, one_decimal_share)


def gold_json(doc: Document) -> dict:
    return document_gold(doc, gold_kpi)


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-l", family, seed, BUILDERS, 17)


FAMILIES = list(BUILDERS)
