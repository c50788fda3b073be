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
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_i_tables import printed_share
from tests.reports_synth_l_families import BUILDERS


def gold_kpi(kpi: Kpi) -> dict:
    """Numbers as printed (every role is printed in this set)."""
    def pair(units):
        return {"amount": kpi.value(units), "share": printed_share(None, kpi.pct10(units))}

    acts = []
    for r in kpi.rows:
        e = {"code": r.activity.code, "name": getattr(r, "name", r.activity.en), "group": r.group,
             "amount": kpi.value(r.units), "share": printed_share(None, r.pct10),
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


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-l", family, seed, BUILDERS, 17)


FAMILIES = list(BUILDERS)
