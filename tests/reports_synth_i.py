"""Synth-i: a ninth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12si).

Eleven layout families that synth-b..h do not cover (Polish, Czech, Greek, Romanian and Hungarian templates with
their currencies and yes/no words; ●/○ answers with zeros printed as "–", "0", "0.0" and "n/a"; A.1 / A.2 rows under
objective sub-headings with per-objective sub-totals; tables without any rulings and with "continued" labels; the
prior year's amount and share at the right end; no code column (codes only in a glossary page); names hyphenated
mid-word).  Deterministic from (family, seed); gold per ``shared/spec/disclosure.md`` with every number as printed
and every row's page as laid out.

>>> g = gold_json(build_document("i01_pl_mln_zl_tak_nie", 1))
>>> g["currency"], g["kpis"]["turnover"]["activities"][0]["code"][:3]
('PLN', 'CCM')
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, one_decimal_share
from tests.reports_synth_i_families import BUILDERS


def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed; a row printed "n/a" has amount and share null (no number printed)."""
    return kpi_gold(kpi, one_decimal_share, printed_names=False)


def gold_json(doc: Document) -> dict:
    return document_gold(doc, gold_kpi)


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-i", family, seed, BUILDERS, 13)


FAMILIES = list(BUILDERS)
