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
from tests.reports_synth_f_words import COMPANIES

def gold_kpi(kpi: Kpi) -> dict:
    def pair(units):
        return {"amount": kpi.value(units), "share": round(kpi.pct10(units) / 1000, 6)}

    acts = []
    for r in kpi.rows:
        e = {"code": getattr(r, "gold_code", r.activity.code), "name": getattr(r, "name", r.activity.en), "group": r.group,
             "amount": kpi.value(r.units), "share": None if r.pct10 is None else round(r.pct10 / 1000, 6),
             "substantial_contribution": dict(r.sc), "dnsh": dict(r.dnsh), "minimum_safeguards": r.ms,
             "category": r.category, "page": r.page}
        if r.also:
            e["also"] = list(r.also)
        acts.append(e)
    return {"pages": sorted(set(kpi.pages)), "total": kpi.value(kpi.total), "aligned": pair(kpi.a1),
            "eligible_not_aligned": pair(kpi.a2), "not_eligible": pair(kpi.b), "activities": acts}


def gold_json(doc: Document) -> dict:
    return {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.year,
            "currency": doc.currency, "kpis": {k: gold_kpi(doc.kpis[k]) for k in KPIS}}


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
