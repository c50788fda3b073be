"""Synth-p: a sixteenth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sp).

Eleven layout families that synth..synth-o do not cover (the scale only in a footnote under a table headed "(€)";
footnote numbers glued to the codes; shares with no "%" sign under a "(%)" header; shares at two decimals; the
prior year in the legacy 2022 two-objective template after the 2023 template; a condensed A.2 block with abbreviated
names and no answers; answers and categories spelled out; amounts in whole euros; short section and total labels; a
prior-year amount and a change column; OpEx not material with its figures only in prose).  Deterministic from
(family, seed); gold per ``shared/spec/disclosure.md`` with every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("p04_two_decimal_shares", 1))
>>> s = g["kpis"]["capex"]["aligned"]["share"]; abs(s * 1e4 - round(s * 1e4)) < 1e-6
True
>>> gold_json(build_document("p11_opex_not_material_prose", 2))["kpis"]["opex"]["not_eligible"]
{'amount': None, 'share': None}
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_p_families import BUILDERS


def gold_kpi(kpi: Kpi, st) -> dict:
    """Numbers as printed (shares at the style's precision); a role the report does not state is null."""
    nulls = getattr(kpi, "null_roles", set())

    def pair(role, units):
        if role in nulls:
            return {"amount": None, "share": None}
        return {"amount": kpi.value(units), "share": st.share_fraction(kpi.pct10(units))}

    acts = []
    for r in kpi.rows if kpi.itemised else ():
        e = {"code": r.activity.code, "name": getattr(r, "name", r.activity.en), "group": r.group,
             "amount": kpi.value(r.units), "share": st.share_fraction(r.pct10),
             "substantial_contribution": dict(r.sc), "dnsh": dict(r.dnsh), "minimum_safeguards": r.ms,
             "category": r.category, "page": r.page}
        if r.also:
            e["also"] = list(r.also)
        acts.append(e)
    return {"pages": sorted(set(kpi.pages)), "total": kpi.value(kpi.total), "aligned": pair("aligned", kpi.a1),
            "eligible_not_aligned": pair("eligible_not_aligned", kpi.a2), "not_eligible": pair("not_eligible", kpi.b),
            "activities": acts}


def gold_json(doc: Document) -> dict:
    return {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.year,
            "currency": doc.currency, "kpis": {k: gold_kpi(doc.kpis[k], doc.style) for k in KPIS}}


def build_document(family: str, seed: int) -> Document:
    return seeded_document("synth-p", family, seed, BUILDERS, 31)


FAMILIES = list(BUILDERS)
