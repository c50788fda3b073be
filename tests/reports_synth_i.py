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
from tests.reports_synth_i_families import BUILDERS
from tests.reports_synth_i_tables import printed_share


def gold_kpi(kpi: Kpi, st) -> dict:
    """Numbers as printed; a row printed "n/a" has amount and share null (no number printed)."""
    def pair(units):
        return {"amount": kpi.value(units), "share": printed_share(st, kpi.pct10(units))}

    acts = []
    for r in kpi.rows:
        na = getattr(r, "na", False)
        e = {"code": r.activity.code, "name": r.activity.en, "group": r.group,
             "amount": None if na else kpi.value(r.units), "share": None if na else printed_share(st, r.pct10),
             "substantial_contribution": dict(r.sc), "dnsh": dict(r.dnsh), "minimum_safeguards": r.ms,
             "category": r.category, "page": r.page}
        if r.also:
            e["also"] = list(r.also)
        acts.append(e)
    return {"pages": sorted(set(kpi.pages)), "total": kpi.value(kpi.total), "aligned": pair(kpi.a1),
            "eligible_not_aligned": pair(kpi.a2), "not_eligible": pair(kpi.b), "activities": acts}


def gold_json(doc: Document) -> dict:
    return {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.year,
            "currency": doc.currency, "kpis": {k: gold_kpi(doc.kpis[k], doc.style) for k in KPIS}}


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-i", family, seed, BUILDERS, 13)


FAMILIES = list(BUILDERS)
