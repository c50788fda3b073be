"""Score extracted disclosures against gold (shared/spec/disclosure.md, "Scoring").

Fixed keys: 15 per report (per KPI: total, aligned amount/share, eligible_not_aligned amount/share); a number
matches within 0.5 % relative or, for shares, 0.0015 absolute; null matches null only.  Activity rows: per
KPI, (code, group) pairs, F1; amount/share accuracy over matched rows.

>>> number_match(0.389, 0.3895, share=True), number_match(None, None), number_match(1.0, None)
(True, True, False)
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from regc.reports.disclosure_shape import shape_error
from regc.reports.errors import DisclosureInputError

KPIS = ("turnover", "capex", "opex")
FIXED_KEYS = (("total",), ("aligned", "amount"), ("aligned", "share"),
              ("eligible_not_aligned", "amount"), ("eligible_not_aligned", "share"))
REL_TOL = 0.005
SHARE_ABS_TOL = 0.0015


def number_match(pred, gold, share: bool = False) -> bool:
    """Spec tolerance: null only matches null; 0.5 % relative, or 0.0015 absolute for shares."""
    if gold is None or pred is None:
        return gold is None and pred is None
    if share and abs(pred - gold) <= SHARE_ABS_TOL:
        return True
    return abs(pred - gold) <= REL_TOL * abs(gold) or pred == gold


def _get(block: dict, path: tuple):
    cur = block
    for k in path:
        cur = (cur or {}).get(k)
    return cur


def score_fixed(pred: dict, gold: dict) -> tuple[int, int, list[str]]:
    """(matched, total, misses) over the 15 fixed keys."""
    hit, n, misses = 0, 0, []
    for kpi in KPIS:
        for path in FIXED_KEYS:
            g = _get(gold["kpis"].get(kpi, {}), path)
            p = _get(pred.get("kpis", {}).get(kpi, {}), path)
            n += 1
            if number_match(p, g, share=path[-1] == "share"):
                hit += 1
            else:
                misses.append(f"{kpi}.{'.'.join(path)}: pred {p} gold {g}")
    return hit, n, misses


def score_rows(pred: dict, gold: dict) -> dict:
    """Row F1 over (code, group) multisets per KPI, plus amount/share accuracy over matched rows."""
    tp = fp = fn = 0
    amt_ok = share_ok = matched = 0
    for kpi in KPIS:
        g_rows = gold["kpis"].get(kpi, {}).get("activities", [])
        p_rows = pred.get("kpis", {}).get(kpi, {}).get("activities", [])
        g_keys = Counter((r["code"], r["group"]) for r in g_rows)
        p_keys = Counter((r["code"], r["group"]) for r in p_rows)
        common = g_keys & p_keys
        tp += sum(common.values())
        fp += sum((p_keys - g_keys).values())
        fn += sum((g_keys - p_keys).values())
        used: set[int] = set()
        for g in g_rows:
            j = next((j for j, p in enumerate(p_rows) if j not in used and (p["code"], p["group"]) == (g["code"], g["group"])), None)
            if j is None:
                continue
            used.add(j)
            matched += 1
            amt_ok += number_match(p_rows[j].get("amount"), g.get("amount"))
            share_ok += number_match(p_rows[j].get("share"), g.get("share"), share=True)
    prec = tp / (tp + fp) if tp + fp else 1.0
    rec = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return {"tp": tp, "fp": fp, "fn": fn, "precision": prec, "recall": rec, "f1": f1,
            "amount_acc": amt_ok / matched if matched else None, "share_acc": share_ok / matched if matched else None}


def score_pair(pred: dict, gold: dict) -> dict:
    """All scores of one report."""
    hit, n, misses = score_fixed(pred, gold)
    return {"fixed_exact": hit / n, "fixed_hits": hit, "fixed_n": n, "fixed_misses": misses, "rows": score_rows(pred, gold)}


def load_json(path: Path) -> dict:
    """A disclosure JSON of the spec's shape (:mod:`regc.reports.disclosure_shape`), or DisclosureInputError
    naming the file and where in it (line and column, byte, or the path of the wrong field)."""
    try:
        disc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise DisclosureInputError(f"{path}: cannot read disclosure JSON ({e.strerror or type(e).__name__})") from None
    except UnicodeDecodeError as e:
        raise DisclosureInputError(f"{path}: byte {e.start}: not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise DisclosureInputError(f"{path}:line {e.lineno}, column {e.colno}: malformed JSON ({e.msg})") from None
    except RecursionError:  # nesting deeper than the parser's stack
        raise DisclosureInputError(f"{path}: JSON nested too deeply to be a disclosure") from None
    except ValueError as e:
        raise DisclosureInputError(f"{path}: cannot read disclosure JSON ({type(e).__name__})") from None
    why = shape_error(disc)
    if why:
        raise DisclosureInputError(f"{path}: {why}")
    return disc


def score_dirs(gold_dir: Path, out_dir: Path, only: list[str] | None = None) -> dict:
    """Score every gold file that has a same-named prediction (missing predictions score as all-null)."""
    for folder, what in ((gold_dir, "gold disclosures"), (out_dir, "extracted disclosures")):
        if not Path(folder).is_dir():
            why = "not a folder" if Path(folder).exists() else "no such folder"
            raise DisclosureInputError(f"{folder}: {why} (the {what} to score)")
    gold_files = sorted(p for p in Path(gold_dir).glob("*.json"))
    if not gold_files:
        raise DisclosureInputError(f"{gold_dir}: no gold *.json files")
    unknown = sorted(set(only or ()) - {gf.stem for gf in gold_files})
    if unknown:
        raise DisclosureInputError(f"--only {unknown[0]}: no {unknown[0]}.json in {gold_dir}")
    per = {}
    for gf in gold_files:
        if only and gf.stem not in only:
            continue
        pf = Path(out_dir) / gf.name
        pred = load_json(pf) if pf.exists() else {"kpis": {}}
        per[gf.stem] = score_pair(pred, load_json(gf))
    n = len(per) or 1
    return {"reports": per,
            "fixed_exact": sum(r["fixed_exact"] for r in per.values()) / n,
            "row_f1": sum(r["rows"]["f1"] for r in per.values()) / n}
