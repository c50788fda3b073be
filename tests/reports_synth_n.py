"""Synth-n: a fourteenth synthetic set of Article 8 disclosure PDFs, written blind (issue 12, helper H12sn).

Eleven layout families that synth-c..m do not cover (an Icelandic template in ISK; a template on a two-page spread
with a gutter column; the 2023 template's legend cells "Y; N; N/EL" / "EL; N/EL"; a stacked bar with the KPI total
only in its caption and no B rows; the OpEx exemption with a zero numerator; the code on the last line of a wrapped
name; amount and share in one cell; a section band that changes from page to page over a repeated header; sector
(chapter) headings within A.1 / A.2; aligned and eligible-not-aligned figures side by side per activity; a template
cut into two halves side by side).  Deterministic from (family, seed); gold per ``shared/spec/disclosure.md`` with
every number as printed and every row's page as laid out.

>>> g = gold_json(build_document("n01_is_isk_velta_ja_nei", 1))
>>> g["currency"], g["kpis"]["turnover"]["total"] % 1e5 == 0
('ISK', True)
>>> gold_json(build_document("n04_split_bar_total_in_caption", 2))["kpis"]["capex"]["not_eligible"]["amount"] is None
True
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, Document, Kpi, seeded_document  # noqa: F401 (re-exported)
from tests.reports_synth_f_render import render  # noqa: F401 (re-exported: synth-f's renderer)
from tests.reports_synth_h_tables import printed_share
from tests.reports_synth_n_families import BUILDERS


def gold_kpi(kpi: Kpi, st) -> dict:
    """Numbers as printed (shares at the style's precision); an amount the report does not print is null."""
    nulls = getattr(kpi, "null_amounts", set())

    def pair(role, units):
        return {"amount": None if role in nulls else kpi.value(units), "share": printed_share(st, kpi.pct10(units))}

    acts = []
    for r in kpi.rows if kpi.itemised else ():
        e = {"code": r.activity.code, "name": getattr(r, "name", r.activity.en), "group": r.group,
             "amount": kpi.value(r.units), "share": printed_share(st, r.pct10),
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
    return seeded_document("synth-n", family, seed, BUILDERS, 23)


FAMILIES = list(BUILDERS)
