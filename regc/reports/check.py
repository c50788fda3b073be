"""Check a disclosure against compiled acts: codes exist, A.1 answers, E/T categories, arithmetic.

Each check is a named rule in ``CHECKS`` (run in order); each yields findings ``{"rule", "severity", "kpi",
"code", "page", "message"}``.  Severities: error (contradicts the act or itself), warning (cannot be confirmed),
info.  The build is one or more ``regc compile`` folders (activity JSONs with ``metadata``).

>>> granularity([661938000.0, 79116000.0])
1000.0
"""

from __future__ import annotations

import json
from pathlib import Path

from regc.reports.errors import DisclosureInputError

KPIS = ("turnover", "capex", "opex")
OBJECTIVES = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")
CATEGORY_OF = {"enabling": "E", "transitional": "T"}
SHARE_TOL = 0.002  # printed shares are rounded to 0.1 %; amounts too


def load_build(folders: list[str | Path]) -> dict[str, dict]:
    """activity_id -> {"name", "metadata", "celex"} from build folders; DisclosureInputError when unusable."""
    acts: dict[str, dict] = {}
    for folder in folders:
        f = Path(folder)
        if not f.is_dir():
            raise DisclosureInputError(f"{f}: build folder not found")
        files = sorted(p for p in f.glob("*.json"))
        if not files:
            raise DisclosureInputError(f"{f}: no activity JSON files (run `regc compile` first)")
        for p in files:
            try:
                d = json.loads(p.read_text(encoding="utf-8"))
            except (OSError, ValueError) as e:
                raise DisclosureInputError(f"{p}: cannot read activity JSON ({type(e).__name__})") from None
            if isinstance(d, dict) and "activity_id" in d:
                acts[d["activity_id"]] = {"name": d.get("name"), "metadata": d.get("metadata"),
                                          "celex": (d.get("source") or {}).get("celex")}
    return acts


def granularity(amounts: list[float]) -> float:
    """The printed unit of a set of amounts: the largest power of ten dividing all non-zero ones."""
    nz = [abs(a) for a in amounts if a]
    for p in (1e9, 1e6, 1e5, 1e4, 1e3, 1e2, 10.0, 1.0):
        if nz and all(abs(a / p - round(a / p)) < 1e-6 for a in nz):
            return p
    return 0.01


def _f(rule, severity, kpi, code, page, message) -> dict:
    return {"rule": rule, "severity": severity, "kpi": kpi, "code": code, "page": page, "message": message}


def _rows(disc: dict):
    for kpi in KPIS:
        for r in (disc.get("kpis", {}).get(kpi) or {}).get("activities", []) or []:
            yield kpi, r


def check_codes(disc: dict, acts: dict) -> list[dict]:
    """Every activity code (and each ``also`` code) names an activity of the compiled acts."""
    out = []
    objectives = {a.split("-")[0] for a in acts}
    for kpi, r in _rows(disc):
        for code in [r.get("code")] + list(r.get("also") or []):
            if not code or code in acts:
                continue
            obj = code.split("-")[0]
            if obj not in objectives:
                out.append(_f("code-exists", "warning", kpi, code, r.get("page"),
                              f"{code}: objective {obj} is not in the build; cannot confirm the activity exists"))
            else:
                out.append(_f("code-exists", "error", kpi, code, r.get("page"),
                              f"{code}: no such activity for {obj} in the compiled acts"))
    return out


def check_aligned_answers(disc: dict, acts: dict) -> list[dict]:
    """An A.1 row: 'Y' substantial contribution somewhere, no 'N' DNSH for the other objectives, 'Y' safeguards."""
    out = []
    for kpi, r in _rows(disc):
        if r.get("group") != "A.1":
            continue
        code, page = r.get("code"), r.get("page")
        sc = r.get("substantial_contribution") or {}
        dnsh = r.get("dnsh") or {}
        contrib = [o for o in OBJECTIVES if sc.get(o) == "Y"]
        if not contrib:
            out.append(_f("a1-substantial-contribution", "error", kpi, code, page,
                          f"{code}: A.1 row without a 'Y' substantial contribution to any objective"))
        for o in OBJECTIVES:
            if o in contrib:
                continue
            if dnsh.get(o) == "N":
                out.append(_f("a1-dnsh", "error", kpi, code, page, f"{code}: A.1 row reports DNSH 'N' for {o}"))
        if r.get("minimum_safeguards") == "N":
            out.append(_f("a1-minimum-safeguards", "error", kpi, code, page, f"{code}: A.1 row reports minimum safeguards 'N'"))
        elif r.get("minimum_safeguards") is None:
            out.append(_f("a1-minimum-safeguards", "warning", kpi, code, page, f"{code}: minimum safeguards not printed"))
    return out


def check_categories(disc: dict, acts: dict) -> list[dict]:
    """E/T category of an A.1 row agrees with the act's enabling/transitional designation (activity metadata)."""
    out = []
    for kpi, r in _rows(disc):
        if r.get("group") != "A.1" or r.get("code") not in acts:
            continue
        meta = acts[r["code"]].get("metadata") or {}
        expected = CATEGORY_OF.get(meta.get("contribution_type"))
        printed = r.get("category")
        if printed and printed != expected:
            why = f"the act designates it {meta.get('contribution_type')}" if expected else "the act designates it neither enabling nor transitional"
            out.append(_f("category", "error", kpi, r["code"], r.get("page"), f"{r['code']}: category {printed!r} but {why}"))
        elif expected and not printed:
            out.append(_f("category", "warning", kpi, r["code"], r.get("page"),
                          f"{r['code']}: the act designates it {meta.get('contribution_type')} but no category is printed"))
    return out


def _close(a: float, b: float, tol: float) -> bool:
    return abs(a - b) <= tol


def check_arithmetic(disc: dict, acts: dict) -> list[dict]:
    """Rows add up to the A.1/A.2 totals, A.1 + A.2 + B = total, share = amount / total (within rounding)."""
    out = []
    for kpi in KPIS:
        k = disc.get("kpis", {}).get(kpi) or {}
        page = (k.get("pages") or [None])[0]
        total = k.get("total")
        parts = {g: (k.get(key) or {}) for g, key in (("A.1", "aligned"), ("A.2", "eligible_not_aligned"), ("B", "not_eligible"))}
        amounts = [v for p in parts.values() for v in [p.get("amount")] if v] + [total or 0] + \
            [r.get("amount") or 0 for r in k.get("activities", [])]
        unit = granularity(amounts)
        for g in ("A.1", "A.2"):
            rows = [r for r in k.get("activities", []) if r.get("group") == g and r.get("amount") is not None]
            stated = parts[g].get("amount")
            if rows and stated is not None:
                s = sum(r["amount"] for r in rows)
                if not _close(s, stated, max(0.5 * unit * (len(rows) + 1), 0.005 * abs(stated))):
                    out.append(_f("sum-rows", "error", kpi, None, page, f"{kpi} {g}: rows add up to {s:,.0f}, total printed {stated:,.0f}"))
        known = [parts[g].get("amount") for g in parts]
        if total is not None and all(v is not None for v in known):
            if not _close(sum(known), total, max(2 * unit, 0.005 * abs(total))):
                out.append(_f("sum-total", "error", kpi, None, page, f"{kpi}: A.1 + A.2 + B = {sum(known):,.0f}, total printed {total:,.0f}"))
        if total:
            items = [(g, p.get("amount"), p.get("share")) for g, p in parts.items()]
            items += [(r.get("code"), r.get("amount"), r.get("share")) for r in k.get("activities", [])]
            for name, amt, share in items:
                if amt is not None and share is not None and not _close(amt / total, share, SHARE_TOL + unit / total):
                    out.append(_f("share", "error", kpi, name if name not in parts else None, page,
                                  f"{kpi} {name}: share {share:.3f} but amount/total = {amt / total:.3f}"))
    return out


CHECKS = (
    ("code-exists", check_codes),
    ("a1-answers", check_aligned_answers),
    ("category", check_categories),
    ("arithmetic", check_arithmetic),
)


def check_disclosure(disc: dict, acts: dict) -> list[dict]:
    """All findings, in check order then KPI/row order (deterministic)."""
    if not isinstance(disc, dict) or not isinstance(disc.get("kpis"), dict):
        raise DisclosureInputError("not a disclosure JSON (no 'kpis' object)")
    out: list[dict] = []
    for _name, fn in CHECKS:
        out.extend(fn(disc, acts))
    return out
