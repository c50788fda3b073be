"""The memory re-ranker (round 35's variant (2)) trained with sample weights per question (issue 14, round 39).

    python -m harness.rerank_weighted loso FUSED.jsonl OUT.json [3x100] [--memory DIR]   # w1-w3, nested LOSO
    python -m harness.rerank_weighted summary OUT.json V2.json DEFAULT.json              # pools, the nested pick

Round 28's and round 35's trees are pointwise: every candidate row weighs the same, so a question with four gold
provisions among its 30 candidates counts four times as many positives as a question with one.  The grid, fixed
before any run (``WEIGHTINGS``, ordered): ``w1`` every question's rows sum to 1 (1 / its candidates each); ``w2``
a question's rows weigh n / its candidates, n its number of gold provisions; ``w3`` a positive row weighs 1 / the
question's positive rows (its positives sum to 1), a negative row 1.  Same 57 features, same fused top-30
candidates, same strict nesting as :mod:`harness.rerank_memory` (in the fold of held set A, a training question of
set B reads the memory without A and B).  ``--memory DIR``: the memory's ``memory_vectors.npy`` /
``memory_gold.json`` from DIR (a dump of fewer sets than the shipped memory needs the memory of those sets).

The pick per held set (``pick``): among unweighted (2) and w1-w3, the column with the best mean R@10 + FullCov@10
over the OTHER sets' questions (their held-out figures; ties: the earlier column), as round 35 chose; the held
set's own figures are never read.  The default is round 28's learned order as shipped (unweighted).

>>> [round(float(v), 3) for v in row_weights({"nodes": ["a", "b", "c", "d"], "y": np.array([1., 1., 0., 0.]),
...                                            "gold": ["a", "b", "e"]}, "w2")]
[0.75, 0.75, 0.75, 0.75]
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

from harness.rerank_eval import pools, released_practitioner_sets
from harness.rerank_memory import CONFIG, memory_option, run_loso
from harness.train_rerank import _mean, fit_trees, score_set

PRACTITIONER = released_practitioner_sets()
SPREAD = 3  # gold provisions from which a question counts as spread out (round 28's >= 3-gold criterion)
POOLS = pools(PRACTITIONER) + (("faq_eval >= 3 gold", lambda s: s == "faq_eval"),)
UNWEIGHTED = "v2"


def _per_question(q: dict) -> np.ndarray:
    return np.full(len(q["nodes"]), 1.0 / len(q["nodes"]))


def _by_gold_count(q: dict) -> np.ndarray:
    return np.full(len(q["nodes"]), len(q["gold"]) / len(q["nodes"]))


def _positives_by_count(q: dict) -> np.ndarray:
    pos = float(q["y"].sum())
    return np.where(q["y"] == 1, 1.0 / max(pos, 1.0), 1.0)


# (name, the rows' sample weights of one question), fixed before any run
WEIGHTINGS = (("w1", _per_question), ("w2", _by_gold_count), ("w3", _positives_by_count))


def row_weights(q: dict, name: str) -> np.ndarray:
    """The sample weights of question ``q``'s candidate rows under weighting ``name`` (one of ``WEIGHTINGS``)."""
    return dict(WEIGHTINGS)[name](q)


def loso(qs: list[dict], with_memory, config: tuple[int, int] = CONFIG) -> dict:
    """Per held set: (R@10, FullCov@10) per question of variant (2) retrained under each weighting on the other
    sets, and ``ngold``.  ``with_memory(held)``: the questions with ``Xm`` read without ``held`` in any memory."""
    out = {}
    for held in sorted({q["set"] for q in qs}):
        qm = [dict(q, X=q["Xm"]) for q in with_memory(held)]
        train, test = [q for q in qm if q["set"] != held], [q for q in qm if q["set"] == held]
        out[held] = {name: score_set(test, fit_trees(train, *config, weight=w)) for name, w in WEIGHTINGS}
        out[held]["ngold"] = [len(q["gold"]) for q in test]
        print(held, " ".join(f"{name} {_mean(out[held][name], 0):.3f}" for name, _ in WEIGHTINGS),
              file=sys.stderr, flush=True)
    return out


def table(weighted: dict, v2: dict, default: dict) -> dict:
    """Per set: the columns default, v2 (unweighted (2)), w1-w3 and ``ngold``; files of other sets are refused."""
    if not sorted(weighted) == sorted(v2) == sorted(default):
        raise SystemExit("the three files hold different sets")
    out = {}
    for s in sorted(weighted):
        cols = {"default": default[s]["learned"], UNWEIGHTED: v2[s]["memory"],
                **{name: weighted[s][name] for name, _ in WEIGHTINGS}}
        if len({len(c) for c in cols.values()} | {len(weighted[s]["ngold"])}) != 1:
            raise SystemExit(f"{s}: the files hold different questions")
        out[s] = dict(cols, ngold=weighted[s]["ngold"])
    return out


def candidates() -> tuple[str, ...]:
    """The columns the nested pick chooses among, in order (ties go to the earlier)."""
    return (UNWEIGHTED,) + tuple(name for name, _ in WEIGHTINGS)


def pick(tab: dict, held: str) -> str:
    """The column with the best mean R@10 + FullCov@10 over every question of the sets other than ``held``."""
    def score(col: str) -> float:
        rows = [r for s in sorted(tab) if s != held for r in tab[s][col]]
        return math.fsum(r[0] + r[1] for r in rows) / len(rows)

    best = max(score(c) for c in candidates())
    return next(c for c in candidates() if score(c) >= best - 1e-12)


def _pool(tab: dict, col: dict, pred, gold_min: int) -> str:
    rows = [r for s in sorted(tab) if pred(s) for r, g in zip(col[s], tab[s]["ngold"]) if g >= gold_min]
    return f"{_mean(rows, 0):.3f} / {_mean(rows, 1):.3f}"


def summary(tab: dict) -> list[str]:
    """The pools (R@10 / FullCov@10) per column and for the nested pick, and the picks' counts."""
    picks = {s: pick(tab, s) for s in sorted(tab)}
    cols = {c: {s: tab[s][c] for s in tab} for c in ("default",) + candidates()}
    cols["nested pick"] = {s: tab[s][picks[s]] for s in tab}
    lines = ["| column | " + " | ".join(f"{label} ({sum(len(tab[s]['ngold']) for s in tab if pred(s))})"
                                        for label, pred in POOLS[:-1]) + " | faq_eval >= 3 gold |"]
    for name, col in cols.items():
        lines.append(f"| {name} | " + " | ".join(_pool(tab, col, pred, SPREAD if label.endswith("gold") else 0)
                                                for label, pred in POOLS) + " |")
    lines.append("picks: " + ", ".join(f"{c} {sum(p == c for p in picks.values())}/{len(picks)}"
                                       for c in candidates()))
    for name in cols:
        lower = [s for s in sorted(tab) if _mean(cols[name][s], 0) < _mean(tab[s]["default"], 0) - 1e-9]
        lines.append(f"{name}: {len(lower)} sets lower R@10 than the default")
    return lines


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    read = lambda p: json.loads(Path(p).read_text(encoding="utf-8"))  # noqa: E731
    if argv[0] == "summary":
        print("\n".join(summary(table(read(argv[1]), read(argv[2]), read(argv[3])))))
        return 0
    args, mem = memory_option(argv[1:])
    config = tuple(int(x) for x in args[2].split("x")) if len(args) > 2 else CONFIG  # e.g. 3x100
    run_loso(Path(args[0]), Path(args[1]), config, loso, mem)
    return 0


__all__ = ["WEIGHTINGS", "candidates", "loso", "pick", "row_weights", "summary", "table"]


if __name__ == "__main__":
    sys.exit(main())
