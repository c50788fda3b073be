"""Synth-n: a fourteenth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sn).

Eleven layout families that synth-c..m do not cover (an Icelandic template in ISK; a template on a two-page spread
with a gutter column; the 2023 template's legend cells "Y; N; N/EL" / "EL; N/EL"; a stacked bar with the KPI total
only in its caption and no B rows; the OpEx exemption with a zero numerator; the code on the last line of a wrapped
name; amount and share in one cell; a section band that changes from page to page over a repeated header; sector
(chapter) headings within A.1 / A.2; aligned and eligible-not-aligned figures side by side per activity; a template
cut into two halves side by side).  Deterministic from (family, seed); gold per ``shared/spec/disclosure.md`` with
every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("n01_is_isk_velta_ja_nei", 1))
>>> g["currency"], g["kpis"]["turnover"]["total"] % 1e5 == 0
('ISK', True)
>>> gold_json(build_document("n04_split_bar_total_in_caption", 2))["kpis"]["capex"]["not_eligible"]["amount"] is None
True
"""

from __future__ import annotations

from functools import partial

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, role_nulls
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_h_tables import printed_share
from tests.reports_synth_n_families import BUILDERS


def gold_kpi(kpi: Kpi, st) -> dict:
    """Numbers as printed (shares at the style's precision); an amount the report does not print is null."""
    return kpi_gold(kpi, partial(printed_share, st), role_nulls(getattr(kpi, "null_amounts", ()), ("amount",)))


def gold_json(doc: Document) -> dict:
    return document_gold(doc, lambda kpi: gold_kpi(kpi, doc.style))


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-n", family, seed, BUILDERS, 23)


FAMILIES = list(BUILDERS)
