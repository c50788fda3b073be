"""Ablation of the two correction mechanisms, as in the RegReAct paper's ablation table (Table 7).

Compiles the dev-gold activities with the full pipeline, without the ODR loop (``--ablate odr``: each pass runs
once), without the graph layer (``--ablate graph``: no graph check/repair after the pipeline) and without both,
scores each build against the gold (spec §5, ``regc.eval.score``), and counts what each mechanism did on the
whole Climate Delegated Act: pass re-runs (ODR repairs), units flagged for review, graph repairs.

The rules pipeline is deterministic and was developed on this gold, so equal scores across rows are expected
here; the counts on the whole act show how often each mechanism actually intervened.

>>> # python -m bench.run ablation
"""

from __future__ import annotations

import time
from pathlib import Path

from regc.compiler.driver import compile_act
from regc.frontends import load_source
from regc.compiler.passmanager import CompileOptions
from regc.eval.score import score_activities
from regc.retrieval.locate import corpus_root, gold_root

SETTINGS = (("full", frozenset()), ("-ODR", frozenset({"odr"})), ("-Graph", frozenset({"graph"})),
            ("-ODR -Graph", frozenset({"odr", "graph"})))
from regc.eval.score import METRICS  # noqa: E402  (structural, category, ..., edge)


def _gold_sources(corpus: Path) -> list[tuple[Path, list[str]]]:
    import json

    by_celex: dict[str, list[str]] = {}
    for f in sorted(gold_root().glob("*.json")):
        d = json.loads(f.read_text(encoding="utf-8"))
        by_celex.setdefault(d["source"]["celex"], []).append(d["activity_id"])
    paths = {"32021R2139": corpus / "eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml",
             "32023R2486": corpus / "eurlex-lex-corpus/works/32023r2486/2026-01-01/en.fmx4"}
    return [(paths[c], ids) for c, ids in sorted(by_celex.items()) if c in paths]


def _mean(res: dict, metric: str) -> str:
    v = res["mean"].get(metric)
    return "-" if v is None else f"{v:.3f}"


def run() -> list[tuple[str, str]]:
    import json

    corpus = corpus_root()
    if corpus is None or gold_root() is None:
        return [("ablation", "skipped: corpus or gold not found")]
    gold = {json.loads(f.read_text(encoding="utf-8"))["activity_id"]: json.loads(f.read_text(encoding="utf-8"))
            for f in sorted(gold_root().glob("*.json"))}
    acts = [(load_source(p), ids) for p, ids in _gold_sources(corpus)]
    whole = load_source(corpus / "eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml")
    rows: list[tuple[str, str]] = [("setting: " + " / ".join(METRICS), "(mean over dev-gold units)")]
    counts: list[tuple[str, str]] = []
    for name, ablate in SETTINGS:
        options = CompileOptions(ablate=ablate)
        built = {}
        for act, ids in acts:
            for a in compile_act(act, options, only=ids).activities:
                built[a.activity_id] = a.to_json()
        res = score_activities(built, gold)
        rows.append((f"{name}: scores", " / ".join(_mean(res, m) for m in METRICS)))
        t0 = time.perf_counter()
        whole_res = compile_act(whole, options)
        secs = time.perf_counter() - t0
        reruns = sum(r.attempts - 1 for r in whole_res.records)
        flagged = sum(1 for r in whole_res.records if r.flagged)
        graph_repairs = sum(1 for d in whole_res.diagnostics if d.code.startswith("REPAIR_"))
        counts.append((f"{name}: 2021/2139 ODR re-runs / flagged pass runs / graph repairs / seconds",
                       f"{reruns} / {flagged} / {graph_repairs} / {secs:.1f}"))
    return rows + counts
