"""The memory re-ranker (round 35's variant (2)) with a guard on the default's top 10 and a discount of thin
memory votes (issue 14, round 41b, H14pg), judged by nested leave-one-set-out.

    python -m harness.rerank_guard loso CANDS.jsonl FUSED.jsonl OUT.json [3x100]   # every column, LOSO
    python -m harness.rerank_guard summary OUT.json                                 # pools, the nested pick

The levers and their grids are :mod:`harness.vote_levers`' (fixed before any run).  In the fold of held set A:
the default (round 28's learned trees, fitted on the hand-set dump ``CANDS`` of the other sets) orders A's
hand-set top 30, and its top 10 is what the guard protects; variant (2)'s trees are fitted on the fused dump
``FUSED`` of the other sets, one fit per discount (none, then each of ``DISCOUNTS``), each training question of
set B reading the memory without A and B (:mod:`harness.rerank_memory`'s strict nesting).  Each of the five
orders is read as it is and under each guard share of ``GUARD_SHARES`` (the share the guard reads is the
column's own ``mem_share``, i.e. after its discount): 25 columns.  Same fused top-30 candidates, same learner at
``CONFIG`` as rounds 35-39.

The pick per held set (``pick``): the column with the best mean R@10 + FullCov@10 over the OTHER sets' questions
(their held-out figures; ties: the earlier column in ``columns()``), as rounds 35 and 39 chose.

>>> columns()[:3], columns()[5], columns()[-1]
(('v2', 'v2+G.03', 'v2+G.05'), 'D2x0', 'D3x.5+G.12')
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

from harness.rerank_eval import pools, print_summary, released_practitioner_sets
from harness.rerank_memory import CONFIG
from harness.train_rerank import _mean, fit_trees, load, metrics, rerank_order, score_set
from harness.vote_levers import DISCOUNTS, GUARD_SHARES, K, discount_votes, guard_order
from regc.retrieval.memory_features import memory_features
from regc.retrieval.rerank_features import FEATURES

PRACTITIONER = released_practitioner_sets()
SPREAD = 3  # gold provisions from which a question counts as spread out (round 28's >= 3-gold criterion)
POOLS = pools(PRACTITIONER) + (("faq_eval >= 3 gold", lambda s: s == "faq_eval"),)
SHARE = len(FEATURES)  # the column of ``mem_share`` in a memory row


def _num(x: float) -> str:
    """A grid value as the column names write it: 0.05 -> ".05", 0.0 -> "0", 2 -> "2"."""
    text = f"{x:g}"
    return text[1:] if text.startswith("0.") else text


def discount_names() -> tuple[str, ...]:
    """The five orders before any guard: ``v2`` (no discount), then ``D{v}x{d}`` per ``DISCOUNTS``."""
    return ("v2",) + tuple(f"D{v}x{_num(d)}" for v, d in DISCOUNTS)


def columns() -> tuple[str, ...]:
    """Every column the nested pick chooses among, in order (ties go to the earlier)."""
    return tuple(c for name in discount_names() for c in (name,) + tuple(f"{name}+G{_num(s)}" for s in GUARD_SHARES))


def memory_rows(qs: list[dict], V: np.ndarray, gold: list[list[str]], neighbours: int, out: str) -> list[dict]:
    """Per question of ``qs``, one memory-feature block per discount (``discount_names()`` order, each
    candidates x 8): the memory without the question's own set and without set ``out``."""
    from regc.retrieval.memory import Memory

    full = Memory(V, tuple(tuple(g) for g in gold), neighbours, skip_copies=True)
    sets = [q["set"] for q in qs]
    res: list = [None] * len(qs)
    for own in sorted(set(sets)):
        mem = full.without([s not in (own, out) for s in sets])
        for i in (i for i, s in enumerate(sets) if s == own):
            votes, nearest, s1 = mem.tally(V[i])
            res[i] = [np.array(memory_features(vs, nearest, s1, qs[i]["nodes"], neighbours), dtype=float)
                      for vs in [votes] + [discount_votes(votes, nearest, v, d) for v, d in DISCOUNTS]]
    return res


def fold(cands: list[dict], fused: list[dict], blocks: list, held: str, config: tuple[int, int]) -> dict:
    """Held set ``held``'s (R@10, FullCov@10) per question: the default and every column of ``columns()``."""
    base = fit_trees([q for q in cands if q["set"] != held], *config)
    test = [i for i, q in enumerate(fused) if q["set"] == held]
    tops = [[cands[i]["nodes"][j] for j in rerank_order(cands[i], base)[:K]] for i in test]
    out = {"default": score_set([cands[i] for i in test], base), "ngold": [len(fused[i]["gold"]) for i in test]}
    for b, name in enumerate(discount_names()):
        qm = [dict(q, X=np.hstack([q["X"], blocks[i][b]])) for i, q in enumerate(fused)]
        w = fit_trees([q for q in qm if q["set"] != held], *config)
        orders = [[qm[i]["nodes"][j] for j in rerank_order(qm[i], w)] for i in test]
        shares = [dict(zip(qm[i]["nodes"], blocks[i][b][:, 0])) for i in test]
        out[name] = [metrics(o, fused[i]["gold"]) for o, i in zip(orders, test)]
        for s in GUARD_SHARES:
            out[f"{name}+G{_num(s)}"] = [metrics(guard_order(o, top, sh, s), fused[i]["gold"])
                                         for o, top, sh, i in zip(orders, tops, shares, test)]
    return out


def check_aligned(cands: list[dict], fused: list[dict], gold: list[list[str]]) -> None:
    """Both dumps hold the memory's questions in its row order (checked by set, index and gold)."""
    keys = lambda qs: [(q["set"], q["i"], sorted(q["gold"])) for q in qs]  # noqa: E731
    if keys(cands) != keys(fused) or [k[2] for k in keys(fused)] != [sorted(g) for g in gold]:
        raise SystemExit("the dumps and the memory hold different questions (regenerate one of them)")


def loso(cands: list[dict], fused: list[dict], V: np.ndarray, gold: list[list[str]], neighbours: int,
         config: tuple[int, int] = CONFIG, sets=None) -> dict:
    """Every held set's (or those of ``sets``) :func:`fold`, the memory read without it."""
    check_aligned(cands, fused, gold)
    out = {}
    for held in sorted(sets or {q["set"] for q in fused}):
        out[held] = fold(cands, fused, memory_rows(fused, V, gold, neighbours, held), held, config)
        print(held, " ".join(f"{c} {_mean(out[held][c], 0):.3f}" for c in ("default",) + discount_names()),
              file=sys.stderr, flush=True)
    return out


def pick(res: dict, held: str | None, cols: tuple[str, ...] | None = None) -> str:
    """The column of ``cols`` (default: ``columns()``) with the best mean R@10 + FullCov@10 over every question of
    the sets other than ``held`` (``None``: every set; what a shipped form would take)."""
    cols = cols or columns()

    def score(col: str) -> float:
        rows = [r for s in sorted(res) if s != held for r in res[s][col]]
        return math.fsum(r[0] + r[1] for r in rows) / len(rows)

    scores = {c: score(c) for c in cols}
    best = max(scores.values())
    return next(c for c in cols if scores[c] >= best - 1e-12)


def _pool(res: dict, col: dict, pred, gold_min: int) -> str:
    rows = [r for s in sorted(res) if pred(s) for r, g in zip(col[s], res[s]["ngold"]) if g >= gold_min]
    return f"{_mean(rows, 0):.3f} / {_mean(rows, 1):.3f}"


def summary(res: dict) -> list[str]:
    """The pools (R@10 / FullCov@10) per column and for the nested pick, then the picks per held set."""
    picks = {s: pick(res, s) for s in sorted(res)}
    cols = {c: {s: res[s][c] for s in res} for c in ("default",) + columns()}
    cols["nested pick"] = {s: res[s][picks[s]] for s in res}
    lines = ["| column | " + " | ".join(f"{label} ({sum(len(res[s]['ngold']) for s in res if pred(s))})"
                                        for label, pred in POOLS[:-1]) + " | faq_eval >= 3 gold |"]
    for name, col in cols.items():
        lines.append(f"| {name} | " + " | ".join(_pool(res, col, pred, SPREAD if label.endswith("gold") else 0)
                                                for label, pred in POOLS) + " |")
    counts = {c: sum(p == c for p in picks.values()) for c in columns()}
    lines.append("picks: " + ", ".join(f"{c} {n}/{len(picks)}" for c, n in counts.items() if n))
    lines.append("picks per held set: " + ", ".join(f"{s} {p}" for s, p in picks.items()))
    return lines


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "summary":
        return print_summary(summary, argv[1])
    from regc.retrieval.memory import GOLD, VECTORS

    g = json.loads(GOLD.read_text(encoding="utf-8"))
    V = np.load(VECTORS).astype(np.float64)  # exact widening of float16; the memory's cosines as it computes them
    config = tuple(int(x) for x in argv[4].split("x")) if len(argv) > 4 else CONFIG  # e.g. 3x100
    res = loso(load(Path(argv[1])), load(Path(argv[2])), V, g["gold"], int(g["neighbours"]), config)
    Path(argv[3]).write_text(json.dumps(res, sort_keys=True), encoding="utf-8")
    return 0


__all__ = ["columns", "discount_names", "fold", "loso", "memory_rows", "pick", "summary"]


if __name__ == "__main__":
    sys.exit(main())
