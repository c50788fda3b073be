"""Synth-m: a thirteenth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sm).

Ten layout families that synth-c..l do not cover (the unit printed after every amount, "1,234.5 EURm" and
"1.234,5 Mio. €"; one substantial-contribution column holding the objective as text; whole-percent shares with the
sign glued on, "12%"; the A.1 section label repeated "(continued)" above the rest of A.1 on the next page; a
totals-only template with a "no activity-level breakdown" note; a Norwegian template in NOK; the code split into
an objective column and an activity-number column; a second code stacked under the first; whole € millions).  Deterministic from (family, seed); gold per
``shared/spec/disclosure.md`` with every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("m06_no_nok_driftsinntekter", 1))
>>> g["currency"], g["kpis"]["turnover"]["total"] % 1e5 == 0
('NOK', True)
"""

from __future__ import annotations

from functools import partial

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_h_tables import printed_share
from tests.reports_synth_m_families import BUILDERS


def gold_kpi(kpi: Kpi, st) -> dict:
    """Numbers as printed (every role is printed in this set; shares at the style's precision)."""
    return kpi_gold(kpi, partial(printed_share, st))


def gold_json(doc: Document) -> dict:
    return document_gold(doc, lambda kpi: gold_kpi(kpi, doc.style))


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-m", family, seed, BUILDERS, 19)


FAMILIES = list(BUILDERS)
