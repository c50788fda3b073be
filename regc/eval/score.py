"""Scoring a build against gold (spec §5), per unit and as the mean over units.

Works on the raw JSON (a system node missing some of the 13 keys still scores, with fewer ``present keys``).

- structural F1: flatten both trees; pair by equal ``criterion_id``, then greedily by verbatim-text similarity
  (difflib ``SequenceMatcher.ratio`` >= 0.80, best pairs first).  A pair scores 0.30·same parent id +
  0.25·Jaccard of sibling-id sets + 0.25·min/max child count (leaf–leaf = 1) + 0.20·present keys/13;
  P = Σ/#system nodes, R = Σ/#gold nodes.
- category / applicability / logic (``evaluation_logic`` and ``n_required``) accuracy over matched pairs.
- threshold F1: quantitative items matched (as multisets) on (operator, value, normalised unit, period) within
  matched pairs; temporal F1 on (type, dates).
- reference F1: sources matched within pairs on CELEX when both have one, else normalised text (case, whitespace,
  punctuation and a leading article ignored); type must agree.
- edge F1 on (type, from, to) for INHERITS_THRESHOLD, DEPENDS_ON, CORRECTS, GROUP_MEMBER.

A metric with nothing on either side of a unit is ``None`` (not applicable) and left out of the mean.

>>> u = {"unit_id": "X/SC", "root": {"criterion_id": "ROOT", "sub_criteria": [], "verbatim_text": ""}, "edges": []}
>>> score_unit(u, u)["structural"]["f1"] < 1   # only 3 of the 13 keys present
True
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from regc.ir.models import CRITERION_KEYS
from regc.ir.units import unit_key

SIM_THRESHOLD = 0.80
EDGE_TYPES_SCORED = ("INHERITS_THRESHOLD", "DEPENDS_ON", "CORRECTS", "GROUP_MEMBER")
METRICS = ("structural", "category", "applicability", "logic", "threshold", "temporal", "reference", "edge")


# ---------------------------------------------------------------------------------------------------------------
# flattening and pairing


@dataclass
class Flat:
    cid: str
    node: dict
    parent: Optional[str]
    siblings: frozenset
    n_children: int


def flatten(root: dict) -> list[Flat]:
    out: list[Flat] = []

    def rec(n: dict, parent: Optional[dict]) -> None:
        kids = [c for c in (n.get("sub_criteria") or []) if isinstance(c, dict)]
        sibs = frozenset(str(c.get("criterion_id")) for c in (parent.get("sub_criteria") or [])
                         if isinstance(c, dict) and c is not n) if parent is not None else frozenset()
        out.append(Flat(str(n.get("criterion_id")), n, str(parent.get("criterion_id")) if parent else None, sibs,
                        len(kids)))
        for c in kids:
            rec(c, n)

    if isinstance(root, dict):
        rec(root, None)
    return out


def pair_nodes(sys_nodes: list[Flat], gold_nodes: list[Flat]) -> list[tuple[Flat, Flat]]:
    """Pairs (system, gold): equal ids first (first occurrence), then greedy by text similarity >= 0.80."""
    pairs: list[tuple[Flat, Flat]] = []
    used_s: set[int] = set()
    used_g: set[int] = set()
    gold_by_id: dict[str, int] = {}
    for j, g in enumerate(gold_nodes):
        gold_by_id.setdefault(g.cid, j)
    for i, s in enumerate(sys_nodes):
        j = gold_by_id.get(s.cid)
        if j is not None and j not in used_g:
            pairs.append((s, gold_nodes[j]))
            used_s.add(i)
            used_g.add(j)
    cands = []
    for i, s in enumerate(sys_nodes):
        if i in used_s:
            continue
        st = str(s.node.get("verbatim_text") or "")
        for j, g in enumerate(gold_nodes):
            if j in used_g:
                continue
            sm = difflib.SequenceMatcher(None, st, str(g.node.get("verbatim_text") or ""))  # defaults, as §5
            if sm.real_quick_ratio() < SIM_THRESHOLD or sm.quick_ratio() < SIM_THRESHOLD:
                continue
            r = sm.ratio()
            if r >= SIM_THRESHOLD:
                cands.append((-r, i, j))
    for _, i, j in sorted(cands):
        if i in used_s or j in used_g:
            continue
        pairs.append((sys_nodes[i], gold_nodes[j]))
        used_s.add(i)
        used_g.add(j)
    return pairs


def pair_score(s: Flat, g: Flat) -> float:
    same_parent = 1.0 if s.parent == g.parent else 0.0
    union = s.siblings | g.siblings
    jac = len(s.siblings & g.siblings) / len(union) if union else 1.0
    hi = max(s.n_children, g.n_children)
    kids = min(s.n_children, g.n_children) / hi if hi else 1.0
    keys = sum(1 for k in CRITERION_KEYS if k in s.node) / len(CRITERION_KEYS)
    return 0.30 * same_parent + 0.25 * jac + 0.25 * kids + 0.20 * keys


# ---------------------------------------------------------------------------------------------------------------
# item keys


def norm_unit(u: Any) -> str:
    """Unit identity for scoring: two spellings of one unit (same dimension and factor, :func:`regc.ir.units.unit_key`)
    are equal; the tidied text for what the unit table cannot read.

    >>> norm_unit("gCO₂e / kWh") == norm_unit("g CO2e/kWh"), norm_unit("litre/min") == norm_unit("litres/min")
    (True, True)
    >>> norm_unit("kg CO2e/MWh") == norm_unit("g CO2e/kWh"), norm_unit("g CO2/km") == norm_unit("g CO2e/km")
    (True, False)
    """
    return unit_key(str(u or ""))


def _num(v: Any) -> Any:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    return round(f, 9)


def _period(p: Any) -> Any:
    if not isinstance(p, dict):
        return None
    if p.get("type") == "lifetime":
        return ("lifetime",)
    return (p.get("type"), _num(p.get("value")), str(p.get("unit") or ""))


def quant_keys(node: dict) -> list[tuple]:
    th = node.get("threshold")
    q = th.get("quantitative") if isinstance(th, dict) else None
    items = q.get("items") if isinstance(q, dict) else None
    return [(str(i.get("operator")), _num(i.get("value")), norm_unit(i.get("unit")), _period(i.get("period")))
            for i in (items or []) if isinstance(i, dict)]


def temporal_keys(node: dict) -> list[tuple]:
    th = node.get("threshold")
    t = th.get("temporal") if isinstance(th, dict) else None
    items = t.get("items") if isinstance(t, dict) else None
    return [(str(i.get("type")), i.get("date"), i.get("start"), i.get("end"), _num(i.get("interval_value"))
             if i.get("interval_value") is not None else None, i.get("interval_unit"))
            for i in (items or []) if isinstance(i, dict)]


def norm_text(s: Any) -> str:
    return re.sub(r"[^\w]+", " ", str(s or "").lower()).strip()


_LEADING_ARTICLE = re.compile(r"^(the|an?)\s+")


def norm_ref_text(s: Any) -> str:
    """Reference text as compared by the scorer: :func:`norm_text` (case, whitespace, punctuation) without a
    leading article, on which the gold itself is inconsistent ("the BAT conclusions …" / "BAT conclusions …").

    >>> norm_ref_text("The  Best Available Techniques (BAT) conclusions") == norm_ref_text("best available techniques BAT conclusions")
    True
    >>> norm_ref_text("A waste management plan"), norm_ref_text("Annex V")
    ('waste management plan', 'annex v')
    """
    return _LEADING_ARTICLE.sub("", norm_text(s))


def ref_sources(node: dict) -> list[dict]:
    r = node.get("references")
    src = r.get("sources") if isinstance(r, dict) else None
    return [x for x in (src or []) if isinstance(x, dict)]


def match_refs(sys_src: list[dict], gold_src: list[dict]) -> int:
    """Matched sources: CELEX when both have one, else :func:`norm_ref_text`; type must agree (greedy, 1:1)."""
    used: set[int] = set()
    tp = 0
    for s in sys_src:
        for j, g in enumerate(gold_src):
            if j in used or s.get("type") != g.get("type"):
                continue
            if s.get("celex_id") and g.get("celex_id"):
                ok = s["celex_id"] == g["celex_id"]
            else:
                ok = norm_ref_text(s.get("text")) == norm_ref_text(g.get("text"))
            if ok:
                used.add(j)
                tp += 1
                break
    return tp


def _multiset_tp(a: list, b: list) -> int:
    return sum((Counter(a) & Counter(b)).values())


def _f1(tp: float, n_sys: float, n_gold: float) -> Optional[dict]:
    if n_sys == 0 and n_gold == 0:
        return None
    p = tp / n_sys if n_sys else 0.0
    r = tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": p, "r": r, "f1": f, "tp": tp, "n_sys": n_sys, "n_gold": n_gold}


def _acc(ok: int, n: int) -> Optional[dict]:
    return {"acc": ok / n, "ok": ok, "n": n} if n else None


def _edges(unit: dict) -> set[tuple]:
    return {(e.get("type"), e.get("from"), e.get("to")) for e in (unit.get("edges") or [])
            if isinstance(e, dict) and e.get("type") in EDGE_TYPES_SCORED}


# ---------------------------------------------------------------------------------------------------------------
# scoring


def score_unit(sys_unit: Optional[dict], gold_unit: dict) -> dict:
    """All §5 metrics for one unit (``sys_unit`` None = the system has no such unit)."""
    gnodes = flatten(gold_unit.get("root"))
    snodes = flatten(sys_unit.get("root")) if sys_unit else []
    pairs = pair_nodes(snodes, gnodes)
    total = sum(pair_score(s, g) for s, g in pairs)
    struct = _f1(total, len(snodes), len(gnodes))
    if struct is not None:
        struct["pairs"] = len(pairs)
    n = len(pairs)
    cat = sum(1 for s, g in pairs if s.node.get("category") == g.node.get("category"))
    app = sum(1 for s, g in pairs if s.node.get("applicability") == g.node.get("applicability"))
    log = sum(1 for s, g in pairs if s.node.get("evaluation_logic") == g.node.get("evaluation_logic") and
              (g.node.get("evaluation_logic") != "N_OF_K" or s.node.get("n_required") == g.node.get("n_required")))
    q_tp = sum(_multiset_tp(quant_keys(s.node), quant_keys(g.node)) for s, g in pairs)
    t_tp = sum(_multiset_tp(temporal_keys(s.node), temporal_keys(g.node)) for s, g in pairs)
    r_tp = sum(match_refs(ref_sources(s.node), ref_sources(g.node)) for s, g in pairs)
    se, ge = _edges(sys_unit or {}), _edges(gold_unit)
    return {
        "unit_id": gold_unit.get("unit_id"),
        "structural": struct,
        "category": _acc(cat, n),
        "applicability": _acc(app, n),
        "logic": _acc(log, n),
        "threshold": _f1(q_tp, sum(len(quant_keys(x.node)) for x in snodes),
                         sum(len(quant_keys(x.node)) for x in gnodes)),
        "temporal": _f1(t_tp, sum(len(temporal_keys(x.node)) for x in snodes),
                        sum(len(temporal_keys(x.node)) for x in gnodes)),
        "reference": _f1(r_tp, sum(len(ref_sources(x.node)) for x in snodes),
                         sum(len(ref_sources(x.node)) for x in gnodes)),
        "edge": _f1(len(se & ge), len(se), len(ge)),
    }


def headline(m: Optional[dict]) -> Optional[float]:
    if m is None:
        return None
    return m["f1"] if "f1" in m else m["acc"]


def unit_selected(unit_id: str, which: str) -> bool:
    part = unit_id.split("/", 1)[1] if "/" in unit_id else ""
    return which == "all" or (which == "SC" and part == "SC") or (which == "DNSH" and part.startswith("DNSH"))


def score_activities(sys_acts: dict[str, dict], gold_acts: dict[str, dict], units: str = "all") -> dict:
    """Score every gold unit (a gold activity or unit missing from the build scores 0).  System units without a
    gold counterpart are listed under ``extra_units``."""
    rows = []
    extra = []
    for aid in sorted(gold_acts):
        g = gold_acts[aid]
        s = sys_acts.get(aid) or {}
        s_units = {u.get("unit_id"): u for u in (s.get("units") or []) if isinstance(u, dict)}
        g_ids = set()
        for gu in g.get("units") or []:
            uid = gu.get("unit_id")
            g_ids.add(uid)
            if not unit_selected(str(uid), units):
                continue
            r = score_unit(s_units.get(uid), gu)
            r["activity_id"] = aid
            r["missing"] = uid not in s_units
            if r["missing"]:  # nothing to pair: the accuracies of an absent unit are 0, not left out
                n_gold = len(flatten(gu.get("root")))
                for m in ("category", "applicability", "logic"):
                    if r[m] is None and n_gold:
                        r[m] = {"acc": 0.0, "ok": 0, "n": n_gold}
            rows.append(r)
        extra += [uid for uid in s_units if uid not in g_ids and unit_selected(str(uid), units)]
    mean: dict[str, Optional[float]] = {}
    for m in METRICS:
        vals = [headline(r[m]) for r in rows if r[m] is not None]
        mean[m] = sum(vals) / len(vals) if vals else None
    return {"units": rows, "mean": mean, "n_units": len(rows), "extra_units": sorted(extra),
            "missing_activities": sorted(a for a in gold_acts if a not in sys_acts),
            "n_missing_units": sum(1 for r in rows if r["missing"]), "n_gold_activities": len(gold_acts)}


def load_dir(path: Path) -> dict[str, dict]:
    """Activity JSON files under ``path`` (a file or a folder, searched recursively) keyed by activity id."""
    p = Path(path)
    files = [p] if p.is_file() else sorted(p.rglob("*.json"))
    out: dict[str, dict] = {}
    for f in files:
        try:
            d = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ScoreInputError(f"{f}: cannot read JSON: {e}") from e
        if isinstance(d, dict) and "activity_id" in d and isinstance(d.get("units"), list):
            out[str(d["activity_id"])] = d
    return out


class ScoreInputError(Exception):
    pass


def format_table(res: dict) -> str:
    cols = ("struct", "categ", "applic", "logic", "thresh", "tempor", "refs", "edges")
    lines = [f"{'unit':<24} " + " ".join(f"{c:>6}" for c in cols)]

    def fmt(v: Optional[float]) -> str:
        return f"{v:6.3f}" if v is not None else f"{'-':>6}"

    for r in res["units"]:
        uid = r["unit_id"] + (" (missing)" if r.get("missing") else "")
        lines.append(f"{uid:<24} " + " ".join(fmt(headline(r[m])) for m in METRICS))
    lines.append(f"{'MEAN (' + str(res['n_units']) + ' units)':<24} " + " ".join(fmt(res["mean"][m]) for m in METRICS))
    if res["missing_activities"]:
        lines.append(f"missing activities: {len(res['missing_activities'])} of {res.get('n_gold_activities', '?')} "
                     "gold activities are not in the build (their units score 0): "
                     + ", ".join(res["missing_activities"]))
    if res["extra_units"]:
        lines.append("units without gold: " + ", ".join(res["extra_units"]))
    return "\n".join(lines)
