"""Synth-f: a sixth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sf).

Eleven layout families that synth-b/c/d/e do not cover (German 2023 template on /Rotate pages, a two-column body
with the KPI table in one column, three merged header rows, the scale given once in a caption with negatives in
parentheses, two-code and lettered codes, per-objective SC shares on the total rows, a summary printed before the
full annex table, a long narrative with KPI words and numbers before the tables, header-less continuation pages,
the German 2021 template with "0,0" zeros, a different scale per KPI table).  Deterministic from (family, seed);
gold per ``shared/spec/disclosure.md`` with every number as printed and every row's page as laid out.

>>> d = build_document("f05_two_codes_letter_codes", 1)
>>> g = gold_json(d); sorted(g["kpis"]) == ["capex", "opex", "turnover"]
True
>>> any(a.get("also") for k in g["kpis"].values() for a in k["activities"])
True
"""

from __future__ import annotations

import random

from tests.reports_synth_f_families import BUILDERS
from tests.reports_synth_f_model import KPIS, Document, Kpi, Row, make_kpi  # noqa: F401 (re-exported)
from tests.reports_synth_f_model import document_gold, kpi_gold, one_decimal_share
from tests.reports_synth_f_words import COMPANIES

def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed (shares at one decimal; a row's printed name and gold code where it has them)."""
    return kpi_gold(kpi, one_decimal_share)


def gold_json(doc: Document) -> dict:
    return document_gold(doc, gold_kpi)


def new_document(family: str, seed: int) -> tuple[Document, random.Random]:
    rng = random.Random(f"synth-f/{family}/{seed}")
    company = COMPANIES[(sum(map(ord, family)) + seed) % len(COMPANIES)]
    year = 2023 + (seed % 2)
    return Document(f"{family}_s{seed}", family, seed, company, year, {}), rng


def build_document(family: str, seed: int) -> Document:
    doc, rng = new_document(family, seed)
    BUILDERS[family](doc, rng)
    return doc


FAMILIES = list(BUILDERS)
