"""When to trust the past questions' memory (issue 14, round 32): per question, signals of the question and its
nearest past questions, and a gate that keeps the memory's order only where a signal passes a threshold, the
threshold (and the signal) chosen leave-one-set-out on the other sets' questions only.

    python -m harness.memory_gate signals QA.npz LOSO_M.json CURRENT.json OUT.json   # per question, the signals
    python -m harness.memory_gate nested CURRENT.json MEMORY.json SIGNALS.json [s1,share,...]
    python -m harness.memory_gate sweep CURRENT.json MEMORY.json SIGNALS.json share     # fixed thresholds (NOT blind)

CURRENT.json and MEMORY.json are ``harness.adapter_eval --beside`` rows of one process (the current order and the
LOSO memory, question by question), so a gate that picks, per question, one of the two rows is what the package
would return with that gate.  Signals (the memory of the held set's LOSO fold, its ``m`` neighbours):

- ``s1`` the nearest past question's cosine; ``margin`` s1 minus the m-th's;
- ``share`` the best voted provision's share of all votes; ``share3`` the first three's; ``negent`` minus the votes'
  entropy; ``support`` the share of the m neighbours whose gold holds the best voted provision;
- ``agree5`` the share of the memory's first five in the current top 10; ``nn_agree`` the share of the nearest
  past question's gold in the current top 10.

>>> gate([{"recall": 0.0}, {"recall": 0.5}], [{"recall": 1.0}, {"recall": 1.0}], [{"x": 0.2}, {"x": 0.9}], "x", 0.5)
[{'recall': 0.0}, {'recall': 1.0}]
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from pathlib import Path

import numpy as np

SIGNALS = ("s1", "margin", "share", "share3", "negent", "support", "agree5", "nn_agree")
QUANTILES = 20


def signals_of(memory, q, current_top: list[str]) -> dict[str, float]:
    """The signals of one question (vector ``q``) against ``memory`` and its current top 10."""
    sims, order = memory.nearest(q)
    ranked = memory.votes(q)
    total = math.fsum(v for _, v in ranked)
    p = [v / total for _, v in ranked]
    top = [g for g, _ in ranked]
    nearest = memory.gold[order[0]]
    return {"s1": float(sims[order[0]]), "margin": float(sims[order[0]] - sims[order[-1]]), "share": p[0],
            "share3": math.fsum(p[:3]), "negent": math.fsum(x * math.log(x) for x in p),
            "support": sum(top[0] in memory.gold[k] for k in order) / len(order),
            "agree5": len(set(top[:5]) & set(current_top)) / 5,
            "nn_agree": len(set(nearest) & set(current_top)) / len(nearest)}


def gate(current: list[dict], memory: list[dict], sig: list[dict], name: str, t: float) -> list[dict]:
    """Per question, the memory's row where signal ``name`` >= ``t``, else the current row."""
    return [m if x[name] >= t else c for c, m, x in zip(current, memory, sig)]


def thresholds(sig: dict, name: str) -> list[float]:
    """``QUANTILES`` quantiles of the signal over every question, and one above all (the memory never trusted)."""
    vals = sorted({round(x[name], 6) for s in sorted(sig) for x in sig[s]})
    return sorted({vals[len(vals) * f // QUANTILES] for f in range(QUANTILES)} | {math.inf})


def choose(current: dict, memory: dict, sig: dict, train: list[str], names) -> tuple[str, float]:
    """The (signal, threshold) whose gate gives ``train``'s questions the best summed R@10 + FullCov@10 (ties: the
    first signal in ``names``, the lowest threshold)."""
    best = None
    for n in names:
        for t in thresholds(sig, n):
            score = math.fsum(r["recall"] + r["fullcov"] for s in train for r in gate(current[s], memory[s], sig[s], n, t))
            if best is None or round(score, 9) > best[0]:
                best = (round(score, 9), n, t)
    return best[1], best[2]


def nested(current: dict, memory: dict, sig: dict, names) -> tuple[dict, dict]:
    """Per held set, the gate chosen on the other sets and the held set's gated rows: ``(chosen, rows)``."""
    chosen, rows = {}, {}
    for held in sorted(current):
        chosen[held] = choose(current, memory, sig, [s for s in sorted(current) if s != held], names)
        rows[held] = gate(current[held], memory[held], sig[held], *chosen[held])
    return chosen, rows


def _signals(qa: Path, loso_m: Path, current: Path, out: Path) -> None:
    from harness.qa_adapter import load, loso_train, released_sets
    from harness.qa_memory import memory_of

    data, neigh, cur = load(qa), json.loads(loso_m.read_text()), json.loads(current.read_text())
    sets, res = released_sets(), {}
    for held in sets:
        mem = memory_of(data, loso_train(sets, held), neigh[held])
        idx = [i for i, r in enumerate(data["rows"]) if r["set"] == held]
        res[held] = [signals_of(mem, data["Q"][i, 0].astype(np.float32), row["nodes"]) for i, row in zip(idx, cur[held])]
    out.write_text(json.dumps(res, sort_keys=True))


def main(argv=None) -> int:
    from harness.adapter_eval import summary

    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "signals":
        _signals(*(Path(p) for p in argv[1:5]))
        return 0
    cur, mem, sig = (json.loads(Path(p).read_text(encoding="utf-8")) for p in argv[1:4])
    names = argv[4].split(",") if len(argv) > 4 else SIGNALS
    if argv[0] == "nested":
        chosen, rows = nested(cur, mem, sig, names)
        print(json.dumps(sorted({f"{n} {t:.4f}" for n, t in chosen.values()})))
        print("\n".join(x for x in summary(cur, rows) if ": adapted" in x))
    else:
        for n in names:
            for t in thresholds(sig, n):
                on = sum(x[n] >= t for s in sig for x in sig[s])
                rows = {s: gate(cur[s], mem[s], sig[s], n, t) for s in cur}
                print(f"{n} >= {t:.4f} ({on} trusted): " + " | ".join(
                    f"{x.split(':')[0]} {statistics.fmean(r['recall'] for r in v):.3f}/"
                    f"{statistics.fmean(r['fullcov'] for r in v):.3f}" for x, v in _pools(rows)))
    return 0


def _pools(rows: dict):
    from harness.adapter_eval import POOLS

    return [(f"{label}:", [r for s in sorted(rows) if pred(s) for r in rows[s]]) for label, pred in POOLS]


if __name__ == "__main__":
    sys.exit(main())
