"""Generalisation table: dev gold, each held-out set and the Compass build side by side, per field and per decision.

Columns (one compile per source, rules only, in one run):
- ``dev``: the dev gold scored against the EUR-Lex build (2021/2139 XHTML 2026-01-01 + 2023/2486 Formex);
- ``dev-compass``: the same gold against the Taxonomy Compass build of the same activities;
- one column per held-out set (``tuning`` … ``validation6``, ``reannotated-§7``; :func:`harness.heldout.unit_set`),
  compiled from the source each fixture names.

Rows:
- per field: the held-out harness fields (logic, applicability, category, tags, quantitative/temporal/reference/
  dependency/edge F1, node-id structure F1); the gold is turned into the same fixture form
  (:func:`harness.heldout.fixture_from_activity`) so every column is scored by the same code;
- per decision: each Decision unit's own ``metric`` over its own ``examples``, with the rule as predictor. For
  ``dev`` the examples come from the gold activities themselves (what ``regc optimize`` reports as the rule
  baseline). For a build column the examples come from a *pseudo-gold*: the build's IR with every annotated node's
  recorded values (logic, applicability, category, tags, references, dependencies, edges) overwritten by the
  annotation; only examples drawn from annotated nodes count. A decision whose gold value the fixtures do not
  record (thresholds, summaries, footnotes …) or whose examples cannot be tied to an annotated node shows ``–``;
- the spec-§5 score (``regc score``) of the dev gold on EUR-Lex vs Compass, per field.

>>> # python -m bench.run generalisation
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Optional

MARK = "\u2063"  # invisible separator: tags the text of annotated nodes to tie a decision's examples to them
# decisions whose gold value a held-out fixture records (the others show "–" for build columns)
RECORDED = {"logic", "applicability", "tags", "anchor_type", "reference_type", "negated_sibling",
            "pathway_dependency", "pathways", "xref_correction", "inheritance"}
FIELDS = ("structure_f1", "logic", "applicability", "category", "tags", "quantitative_f1", "temporal_f1",
          "references_f1", "dependencies_f1", "edges_f1", "metric_similar", "nodes", "missing_nodes")
DEV_SOURCES = (("32021R2139", "2026-01-01", "eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml"),
               ("32023R2486", "2026-01-01", "eurlex-lex-corpus/works/32023r2486/2026-01-01/en.fmx4"))
COMPASS = "taxonomy-compass-json/taxonomy-1.0.4.json"


def _compile(path: Path, only: list[str]) -> dict[str, dict]:
    from regc.compiler.driver import compile_act
    from regc.compiler.passmanager import CompileOptions
    from regc.frontends import load_source

    res = compile_act(load_source(path), CompileOptions(), only=only)
    return {a.activity_id: a.to_json() for a in res.activities}


def _gold(gold_dir: Path) -> dict[str, dict]:
    from regc.eval.score import load_dir

    return load_dir(gold_dir)


def _fmt(v: Any) -> str:
    if v is None:
        return "–"
    return f"{v:.3f}" if isinstance(v, float) else str(v)


# ---------------------------------------------------------------------------------------------------------------
# per decision


def _overwrite(system: dict, fixture_units: dict) -> tuple[dict, dict]:
    """(pseudo-gold, marked copy) of a system activity JSON: annotated values written over the build's, and the
    same pseudo-gold with the text of every annotated node prefixed by :data:`MARK`."""
    pseudo = copy.deepcopy(system)
    pseudo["units"] = [u for u in pseudo["units"] if u["unit_id"] in fixture_units]
    for u in pseudo["units"]:
        ann = fixture_units[u["unit_id"]]
        _walk(u["root"], ann["nodes"], _write)
        u["edges"] = [{"type": t, "from": f, "to": to, "note": ""} for t, f, to in ann.get("edges", [])] + \
            [e for e in u.get("edges", []) if e["type"] not in ("DEPENDS_ON", "GROUP_MEMBER", "INHERITS_THRESHOLD",
                                                               "CORRECTS")]
    marked = copy.deepcopy(pseudo)
    for u in marked["units"]:
        _walk(u["root"], fixture_units[u["unit_id"]]["nodes"], _mark)
    return pseudo, marked


def _walk(n: dict, ann: dict, fn) -> None:
    a = ann.get(n["criterion_id"])
    if a is not None:
        fn(n, a)
    for c in n["sub_criteria"]:
        _walk(c, ann, fn)


def _write(p: dict, a: dict) -> None:
    p.update(evaluation_logic=a["evaluation_logic"], n_required=a["n_required"],
             applicability=a["applicability"], category=a["category"], tags=list(a["tags"]))
    p["references"] = {"logic": None, "sources": [
        {"text": t, "type": ty, "link": None, "link_status": None, "celex_id": c, "enrichment": None}
        for t, ty, c in a["references"]]} if a["references"] else None
    p["dependencies"] = {"condition_summary": "", "min_conditions_to_meet": 1, "clauses": [
        {"criterion_id": c, "status": s} for c, s in a["dependencies"]]} if a["dependencies"] else None


def _mark(m: dict, _a: dict) -> None:
    if m.get("verbatim_text"):
        m["verbatim_text"] = MARK + m["verbatim_text"]


def _marked(x: Any, depth: int = 0) -> bool:
    """Whether an example's inputs hold text of an annotated node (the :data:`MARK` prefix)."""
    if isinstance(x, str):
        return MARK in x
    if depth > 4:
        return False
    if isinstance(x, (tuple, list)):
        return any(_marked(v, depth + 1) for v in x)
    fields = getattr(x, "__dataclass_fields__", None) or getattr(type(x), "model_fields", None)
    return bool(fields) and any(_marked(getattr(x, f, None), depth + 1) for f in fields)


def _decision_scores(decision, activities: list, masks: Optional[list] = None) -> Optional[float]:
    """Mean metric of the rule over the decision's examples (only the masked-in ones when ``masks`` is given)."""
    total, n = 0.0, 0
    for i, act in enumerate(activities):
        examples = list(decision.examples(act))
        keep = masks[i] if masks is not None else [True] * len(examples)
        if len(keep) != len(examples):
            return None
        for (x, gold), k in zip(examples, keep):
            if not k:
                continue
            n += 1
            try:
                total += float(decision.metric(gold, decision.rule(x).value))
            except Exception:  # noqa: BLE001 — a rule that fails on an input scores 0, as in regc optimize
                pass
    return round(total / n, 3) if n else None


def per_decision(gold_acts: list, builds: dict[str, list[tuple[dict, dict]]]) -> list[tuple[str, dict]]:
    """Rows (decision name, {column: score}) for the gold column and each build column.

    ``builds``: column -> list of (system activity JSON, fixture units keyed by unit id)."""
    from regc.decisions import DECISIONS
    from regc.ir.models import Activity

    prepared: dict[str, tuple[list, list]] = {}
    for col, pairs in builds.items():
        pseudo, marked = [], []
        for system, units in pairs:
            p, m = _overwrite(system, units)
            pseudo.append(Activity.from_json(p))
            marked.append(Activity.from_json(m))
        prepared[col] = (pseudo, marked)
    rows = []
    for d in DECISIONS:
        row = {"dev": None if d.rule_needs_pass else _decision_scores(d, gold_acts)}
        for col, (pseudo, marked) in prepared.items():
            if d.rule_needs_pass or d.name not in RECORDED:
                row[col] = None
                continue
            masks = [[_marked(x) for x, _ in d.examples(a)] for a in marked]
            row[col] = _decision_scores(d, pseudo, masks) if any(map(any, masks)) else None
        rows.append((d.name, row))
    return rows


# ---------------------------------------------------------------------------------------------------------------
# per field


def per_field(columns: dict[str, list[tuple[dict, dict]]]) -> dict[str, dict]:
    """column -> harness figures over (system activity JSON or None, fixture) pairs."""
    from harness.heldout import Tally, compare_unit

    out = {}
    for col, pairs in columns.items():
        tally = Tally()
        for system, fixture in pairs:
            units = {u["unit_id"]: u for u in (system or {}).get("units", [])}
            for uid, ann in fixture["units"].items():
                if uid in units:
                    compare_unit(units[uid], ann, tally)
                else:
                    tally.missing_nodes += len(ann["nodes"])
        out[col] = tally.figures()
    return out


def run() -> list[tuple[str, str]]:
    from harness.heldout import compile_fixtures, fixture_from_activity, load_fixtures, unit_set
    from regc.eval.score import METRICS, score_activities
    from regc.ir.models import Activity
    from regc.retrieval.locate import corpus_root

    root = corpus_root()
    gold_dir = Path(__import__("os").environ.get("REGC_GOLD") or Path(__file__).resolve().parents[2] /
                    "shared" / "gold" / "dev")
    if root is None or not gold_dir.is_dir():
        return [("generalisation", "corpus or dev gold not found (set REGC_CORPUS, REGC_GOLD)")]
    gold = _gold(gold_dir)
    eurlex: dict[str, dict] = {}
    for celex, _version, rel in DEV_SOURCES:
        ids = [a for a in gold if (a.split("-")[0] in ("CCM", "CCA")) == (celex == "32021R2139")]
        eurlex.update(_compile(root / rel, ids))
    compass = _compile(root / COMPASS, sorted(gold))
    gold_fx = {aid: fixture_from_activity(g) for aid, g in gold.items()}

    fixtures = load_fixtures()
    compiled = compile_fixtures(fixtures, root)
    sets: dict[str, list] = {}
    for f in fixtures:
        for uid in f["units"]:
            sets.setdefault(unit_set(f, uid), []).append((f, uid))

    field_cols: dict[str, list] = {"dev": [(eurlex.get(a), fx) for a, fx in gold_fx.items()],
                                   "dev-compass": [(compass.get(a), fx) for a, fx in gold_fx.items()]}
    dec_cols: dict[str, list] = {"dev-eurlex": [], "dev-compass": []}
    for a, fx in gold_fx.items():
        for col, build in (("dev-eurlex", eurlex), ("dev-compass", compass)):
            if a in build:
                dec_cols[col].append((build[a], fx["units"]))
    for name in sorted(sets, key=lambda s: (s.startswith("reannotated"), s)):
        by_act: dict[str, dict] = {}
        for f, uid in sets[name]:
            by_act.setdefault(f["activity_id"], dict(f, units={}))["units"][uid] = f["units"][uid]
        field_cols[name] = [(compiled.get(a), fx) for a, fx in by_act.items()]
        dec_cols[name] = [(compiled[a], fx["units"]) for a, fx in by_act.items() if a in compiled]

    figs = per_field(field_cols)
    cols = list(field_cols)
    rows: list[tuple[str, str]] = [("per field", " ".join(f"{c:>14}" for c in cols))]
    for k in FIELDS:
        rows.append((f"  {k}", " ".join(f"{_fmt(figs[c].get(k)):>14}" for c in cols)))
    gold_acts = [Activity.from_json(g) for g in gold.values()]
    dcols = ["dev"] + list(dec_cols)
    rows.append(("per decision (rule metric)", " ".join(f"{c:>14}" for c in dcols)))
    for name, row in per_decision(gold_acts, dec_cols):
        rows.append((f"  {name}", " ".join(f"{_fmt(row.get(c)):>14}" for c in dcols)))
    s_eur, s_cmp = score_activities(eurlex, gold), score_activities(compass, gold)
    rows.append(("spec §5 score, dev gold", f"{'EUR-Lex':>14} {'Compass':>14}"))
    for m in METRICS:
        rows.append((f"  {m}", f"{_fmt(s_eur['mean'].get(m)):>14} {_fmt(s_cmp['mean'].get(m)):>14}"))
    rows.append(("  missing units", f"{s_eur['n_missing_units']:>14} {s_cmp['n_missing_units']:>14}"))
    return rows
