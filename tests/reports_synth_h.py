"""Synth-h: an eighth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sh).

Eleven layout families that synth-b..g do not cover (Swedish, Danish and Finnish templates; Swiss apostrophe
thousands with U+2212 minus signs; whole-percent shares "12 %"; a NACE column beside the Taxonomy code; objective
columns in another order (BIO first, CE before PPC); the long official section labels wrapped in the name column;
tables split every 8 rows with repeated headers and page footnotes between the halves; shares as a fraction of 1;
the code column left of the name).  Deterministic from (family, seed); gold per ``shared/spec/disclosure.md`` with
every number as printed (shares at the printed precision) and every row's page as laid out.

>>> g = gold_json(build_document("h05_whole_percent_space", 1))
>>> all(round(a["share"] * 100, 6) == round(a["share"] * 100) for a in g["kpis"]["capex"]["activities"])
True
"""

from __future__ import annotations

from functools import partial

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold
from tests.reports_synth_h_families import BUILDERS
from tests.reports_synth_h_tables import printed_share


def gold_kpi(kpi: Kpi, st) -> dict:
    """Numbers as printed (shares at the style's precision)."""
    return kpi_gold(kpi, partial(printed_share, st), printed_names=False)


def gold_json(doc: Document) -> dict:
    return document_gold(doc, lambda kpi: gold_kpi(kpi, doc.style))


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-h", family, seed, BUILDERS, 11)


FAMILIES = list(BUILDERS)
