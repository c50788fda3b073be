"""A question-level switch between the default order and the memory re-ranker (issue 14, round 42), judged by
nested leave-one-set-out.

    python -m harness.rerank_switch loso FUSED.jsonl GUARD.json OUT.json   # the switch columns of a LOSO file
    python -m harness.rerank_switch route GUARD.json NETWORKS.json OUT.json  # round 42b's fixed route per network
    python -m harness.rerank_switch summary OUT.json                        # pools, the nested pick, the bar

Rounds 36-41 found that variant (2) (``regc ask --memory --rerank``) beats the default on practitioner HIPAA but
loses faq_eval's questions with >= 3 gold provisions, and that the trees do not use question-level agreement
figures when given them as features (round 41a).  The lever, fixed before any run: the switch is explicit.  Per
question, (2)'s order is used iff one agreement figure ``f`` of :mod:`harness.rerank_agreement` (read from the
fusion's top-30 candidates and the memory without the held set, never the asked question's gold) is at least
``t``; otherwise the default's order.  ``FIGURES`` x ``THRESHOLDS`` are the switch columns; with ``default`` and
``v2`` first, they are the columns the nested pick (:func:`harness.rerank_guard.pick`) chooses among.

The two orders' per-question (R@10, FullCov@10) are read from a LOSO file of :mod:`harness.rerank_guard` (columns
``default`` and ``v2``: the same dumps, fits and nesting), so a switch column costs no fit.

Round 42b's column ``route`` is the package's fixed route (:mod:`regc.retrieval.networks`, ``memory_networks.json``):
(2)'s order for a question whose networks (``NETWORKS.json`` of ``python -m harness.rerank_network networks``) all
chose ``memory-rerank``, else the default's.  A fixed route selects nothing per fold, so its LOSO figures are the
two orders' held-out figures as routed.

>>> switch_rows([(1.0, 1.0), (0.5, 0.0)], [(0.0, 0.0), (1.0, 1.0)], [0.3, 0.05], 0.1)
[(0.0, 0.0), (0.5, 0.0)]
>>> column_name("agr_voter_jaccard", 0.1)
'agr_voter_jaccard>=.1'
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Sequence

import numpy as np

from harness.rerank_agreement import AGREEMENT, bar, question_agreement
from harness.rerank_guard import _num, _pool, pick
from harness.rerank_eval import pools, print_summary, released_practitioner_sets
from harness.train_rerank import load

FIGURES = ("agr_cand_voted", "agr_top_overlap", "agr_voter_jaccard")  # a1, a3, a4 of round 41a; fixed before any run
THRESHOLDS = (0.05, 0.10, 0.15, 0.20, 0.30, 0.40)  # t: (2)'s order iff f >= t; fixed before any run
SPREAD = 3  # gold provisions from which a question counts as spread out (round 28's >= 3-gold criterion)


def column_name(figure: str, t: float) -> str:
    """The name of the switch column on ``figure`` at threshold ``t``."""
    return f"{figure}>={_num(t)}"


def columns() -> tuple[str, ...]:
    """Every column the nested pick chooses among, in order (ties go to the earlier)."""
    return ("default", "v2") + tuple(column_name(f, t) for f in FIGURES for t in THRESHOLDS)


def switch_rows(default: Sequence, v2: Sequence, figure: Sequence[float], t: float) -> list[tuple[float, float]]:
    """Per question: ``v2``'s row where ``figure`` >= ``t`` (both rounded to 9 decimals), else ``default``'s."""
    return [tuple(b) if round(f, 9) >= round(t, 9) else tuple(a) for a, b, f in zip(default, v2, figure)]


def held_figures(fused: list[dict], V: np.ndarray, gold: list[list[str]], neighbours: int) -> dict:
    """Per set, per question (``fused`` order): the ``AGREEMENT`` figures read with the memory without that set."""
    from regc.retrieval.memory import Memory

    full = Memory(V, tuple(tuple(g) for g in gold), neighbours, skip_copies=True)
    sets = [q["set"] for q in fused]
    out: dict = {}
    for held in sorted(set(sets)):
        mem = full.without([s != held for s in sets])
        out[held] = [question_agreement(mem, V[i], fused[i]["nodes"]) for i, s in enumerate(sets) if s == held]
    return out


def with_switches(guard: dict, figures: dict) -> dict:
    """``guard``'s ``default``, ``v2`` and ``ngold`` per held set, every switch column, and the figures."""
    names = [n for n, _ in AGREEMENT]
    out = {}
    for held, res in sorted(guard.items()):
        row = {"default": res["default"], "v2": res["v2"], "ngold": res["ngold"], "figures": figures[held]}
        for f in FIGURES:
            vals = [q[names.index(f)] for q in figures[held]]
            for t in THRESHOLDS:
                row[column_name(f, t)] = switch_rows(res["default"], res["v2"], vals, t)
        out[held] = row
    return out


def with_route(guard: dict, networks: dict, chosen: dict) -> dict:
    """``guard``'s ``default``, ``v2`` and ``ngold`` per held set and the column ``route``: (2)'s row where the
    question's ``networks`` route to ``memory-rerank`` under ``chosen``, else the default's."""
    from regc.retrieval.networks import MODELS, route

    if sorted(guard) != sorted(networks):
        raise SystemExit("the LOSO file and the networks are not the same sets")
    out = {}
    for held, res in sorted(guard.items()):
        if len(networks[held]) != len(res["default"]):
            raise SystemExit(f"{held}: the files do not hold the same questions")
        rows = [b if route(n, chosen) == MODELS[1] else a for a, b, n in zip(res["default"], res["v2"], networks[held])]
        out[held] = {"default": res["default"], "v2": res["v2"], "ngold": res["ngold"], "route": rows}
    return out


def summary(res: dict) -> list[str]:
    """Pools (R@10 / FullCov@10) per column and for the nested pick; the bar per column; the picks."""
    ps = pools(released_practitioner_sets()) + (("faq_eval >= 3 gold", lambda s: s == "faq_eval"),)
    first = res[sorted(res)[0]]
    if "route" in first:
        cols = {c: {s: res[s][c] for s in res} for c in ("default", "v2", "route")}
        return _pool_lines(res, cols, ps)
    picks = {s: pick(res, s, columns()) for s in sorted(res)}
    cols = {c: {s: res[s][c] for s in res} for c in columns()}
    cols["nested pick"] = {s: res[s][picks[s]] for s in res}
    counts = {c: sum(p == c for p in picks.values()) for c in columns()}
    return _pool_lines(res, cols, ps) + [
        "picks: " + ", ".join(f"{c} {n}/{len(picks)}" for c, n in counts.items() if n),
        f"pick on all sets: {pick(res, None, columns())}"]


def _pool_lines(res: dict, cols: dict, ps: tuple) -> list[str]:
    lines = ["| column | " + " | ".join(label for label, _ in ps) + " | bar |"]
    for name, col in cols.items():
        scored = {s: dict(res[s], **{name: col[s]}) for s in res}
        miss = bar(scored, name) if name != "default" else []
        lines.append(f"| {name} | " + " | ".join(_pool(res, col, pred, SPREAD if label.endswith("gold") else 0)
                                                for label, pred in ps)
                     + " | " + ("met" if not miss else "; ".join(miss)) + " |")
    return lines


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "summary":
        return print_summary(summary, argv[1])
    if argv[0] == "route":
        from regc.retrieval.networks import load_networks

        guard, networks = (json.loads(Path(a).read_text(encoding="utf-8")) for a in argv[1:3])
        Path(argv[3]).write_text(json.dumps(with_route(guard, networks, load_networks()), sort_keys=True),
                                 encoding="utf-8")
        return 0
    from regc.retrieval.memory import GOLD, VECTORS

    g = json.loads(GOLD.read_text(encoding="utf-8"))
    V = np.load(VECTORS).astype(np.float64)  # exact widening of float16, as harness.rerank_guard reads it
    figures = held_figures(load(Path(argv[1])), V, g["gold"], int(g["neighbours"]))
    res = with_switches(json.loads(Path(argv[2]).read_text(encoding="utf-8")), figures)
    Path(argv[3]).write_text(json.dumps(res, sort_keys=True), encoding="utf-8")
    return 0


__all__ = ["FIGURES", "THRESHOLDS", "column_name", "columns", "held_figures", "summary", "switch_rows",
           "with_route", "with_switches"]


if __name__ == "__main__":
    sys.exit(main())
