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
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_i_tables import printed_share
from tests.reports_synth_k_families import BUILDERS


def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed; a summary role the report does not print (``null_roles``) is null."""
    nulls = getattr(kpi, "null_roles", set())

    def pair(role, units):
        if role in nulls:
            return {"amount": None, "share": None}
        return {"amount": kpi.value(units), "share": printed_share(None, kpi.pct10(units))}

    acts = []
    for r in kpi.rows:
        e = {"code": r.activity.code, "name": r.activity.en, "group": r.group,
             "amount": kpi.value(r.units), "share": printed_share(None, r.pct10),
             "substantial_contribution": dict(r.sc), "dnsh": dict(r.dnsh), "minimum_safeguards": r.ms,
             "category": r.category, "page": r.page}
        if r.also:
            e["also"] = list(r.also)
        acts.append(e)
    return {"pages": sorted(set(kpi.pages)), "total": kpi.value(kpi.total), "aligned": pair("aligned", kpi.a1),
            "eligible_not_aligned": pair("eligible_not_aligned", kpi.a2),
            "not_eligible": pair("not_eligible", kpi.b), "activities": acts}


def gold_json(doc: Document) -> dict:
    return {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.year,
            "currency": doc.currency, "kpis": {k: gold_kpi(doc.kpis[k]) for k in KPIS}}


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-k", family, seed, BUILDERS, 13)


FAMILIES = list(BUILDERS)
