"""From a disclosure to a facts template: what the report states about one activity, per template part.

The facts template (``regc facts template``) is keyed by criterion; a report states objective-level answers
(substantial contribution, DNSH per objective, minimum safeguards, category) for its A.1 rows.  These become
comment lines under the matching template parts, with KPI and page, plus the fiscal year end as ``as_of``.

>>> d = {"fiscal_year": 2023, "document": "r.pdf", "kpis": {"capex": {"activities": [{"code": "CCM-7.2",
...      "group": "A.1", "substantial_contribution": {"CCM": "Y"}, "dnsh": {"WTR": "Y"}, "page": 62,
...      "minimum_safeguards": "Y", "category": "T", "amount": 1.0, "share": 0.1}]}}}
>>> reported_by_part(d, "CCM-7.2")["DNSH-WTR"]
['report r.pdf states DNSH WTR: Y (capex p. 62)']
"""

from __future__ import annotations

KPIS = ("turnover", "capex", "opex")


def reported_by_part(disc: dict, activity_id: str) -> dict[str, list[str]]:
    """Template part ('SC', 'DNSH-XXX', '_header') -> comment lines stating the report's answers."""
    obj = activity_id.split("-")[0]
    doc = disc.get("document") or "the report"
    out: dict[str, list[str]] = {}
    for kpi in KPIS:
        for r in (disc.get("kpis", {}).get(kpi) or {}).get("activities", []):
            if r.get("group") != "A.1" or activity_id not in [r.get("code")] + list(r.get("also") or []):
                continue
            where = f"({kpi} p. {r.get('page')})"
            sc = (r.get("substantial_contribution") or {}).get(obj)
            if sc:
                out.setdefault("SC", []).append(f"report {doc} states substantial contribution {obj}: {sc} {where}")
            for o, v in sorted((r.get("dnsh") or {}).items()):
                if v:
                    out.setdefault(f"DNSH-{o}", []).append(f"report {doc} states DNSH {o}: {v} {where}")
            out.setdefault("_header", []).append(
                f"report {doc} {kpi}: amount {r.get('amount')}, share {r.get('share')}, minimum safeguards "
                f"{r.get('minimum_safeguards')}, category {r.get('category')} {where}")
    return out


def as_of(disc: dict) -> str | None:
    """The fiscal year end as the assessment date (YYYY-12-31), None when the year is unknown."""
    fy = disc.get("fiscal_year")
    return f"{int(fy)}-12-31" if isinstance(fy, int) else None
