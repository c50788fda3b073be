"""Synth-p: a sixteenth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sp).

Eleven layout families that synth..synth-o do not cover (the scale only in a footnote under a table headed "(€)";
footnote numbers glued to the codes; shares with no "%" sign under a "(%)" header; shares at two decimals; the
prior year in the legacy 2022 two-objective template after the 2023 template; a condensed A.2 block with abbreviated
names and no answers; answers and categories spelled out; amounts in whole euros; short section and total labels; a
prior-year amount and a change column; OpEx not material with its figures only in prose).  Deterministic from
(family, seed); gold per ``shared/spec/disclosure.md`` with every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("p04_two_decimal_shares", 1))
>>> s = g["kpis"]["capex"]["aligned"]["share"]; abs(s * 1e4 - round(s * 1e4)) < 1e-6
True
>>> gold_json(build_document("p11_opex_not_material_prose", 2))["kpis"]["opex"]["not_eligible"]
{'amount': None, 'share': None}
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, role_nulls
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_p_families import BUILDERS


def gold_kpi(kpi: Kpi, st) -> dict:
    """Numbers as printed (shares at the style's precision); a role the report does not state is null."""
    return kpi_gold(kpi, st.share_fraction, role_nulls(getattr(kpi, "null_roles", ())))


def gold_json(doc: Document) -> dict:
    return document_gold(doc, lambda kpi: gold_kpi(kpi, doc.style))


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-p", family, seed, BUILDERS, 31)


FAMILIES = list(BUILDERS)
