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

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_h_families import BUILDERS
from tests.reports_synth_h_tables import printed_share


def gold_kpi(kpi: Kpi, st) -> dict:
    def pair(units):
        return {"amount": kpi.value(units), "share": printed_share(st, kpi.pct10(units))}

    acts = []
    for r in kpi.rows:
        e = {"code": r.activity.code, "name": r.activity.en, "group": r.group, "amount": kpi.value(r.units),
             "share": printed_share(st, r.pct10), "substantial_contribution": dict(r.sc), "dnsh": dict(r.dnsh),
             "minimum_safeguards": r.ms, "category": r.category, "page": r.page}
        if r.also:
            e["also"] = list(r.also)
        acts.append(e)
    return {"pages": sorted(set(kpi.pages)), "total": kpi.value(kpi.total), "aligned": pair(kpi.a1),
            "eligible_not_aligned": pair(kpi.a2), "not_eligible": pair(kpi.b), "activities": acts}


def gold_json(doc: Document) -> dict:
    return {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.year,
            "currency": doc.currency, "kpis": {k: gold_kpi(doc.kpis[k], doc.style) for k in KPIS}}


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-h", family, seed, BUILDERS, 11)


FAMILIES = list(BUILDERS)
