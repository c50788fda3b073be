"""The memory re-ranker with candidates from both orders (issue 14, round 36, H14g3), judged leave-one-set-out.

    python -m harness.rerank_dump IDX /tmp/h14g3/cands30.jsonl --sets <released sets>  # hand-set top 30
    python -m harness.rerank_memory dump-fused IDX /tmp/h14g3/fused30.jsonl             # fusion top 30
    python -m harness.rerank_union loso HAND.jsonl FUSED.jsonl OUT.json [3x100]         # every variant, LOSO
    python -m harness.rerank_union summary OUT.json                                    # pools, sets, pick
    python -m harness.rerank_union loso-blend HAND.jsonl FUSED.jsonl ORDERS.json [3x100]  # (3c) blend, top 10s
    python -m harness.rerank_union s1 HAND.jsonl S1.json; ... post OUT.json ORDERS.json S1.json  # (3b) gate, (3c)

Round 35's variant (2) scored the hand-set + memory fusion's top 30; the fusion drops gold of spread-out questions
that the hand-set top 30 holds (faq_eval's >= 3-gold questions).  Here the candidates are the union of the two
lists: the hand-set top 30 in its order with its rows (round 28's features from the hand-set ranking), then the
fusion's candidates the hand-set top 30 lacks, in the fusion's order with their rows from the fusion's ranking.
``RANKS`` adds each candidate's 1 / (1 + rank) in both lists (0 when absent: a large sentinel rank).  The memory's
eight features (:mod:`regc.retrieval.memory_features`) are read per fold exactly as round 35's strict nesting
(``harness.rerank_memory.add_memory``: the memory without the held set and without the training set's own set).

Variants (``VARIANTS``, all fitted in the same folds at the same tree setting as the default, round 28's features
on the hand-set top 30 retrained per fold): ``union`` (round 28's + memory features), ``union_ranks`` (+ the two
ranks), and the guard (3b) ``guard_T`` (``union_ranks`` with the memory's eight features zeroed for a question
whose nearest past question's cosine is below T, for T in the grid ``GUARD`` fixed before any run).  ``loso-blend``
(3c): the default and ``union_ranks`` in the same folds, ``blend`` (the sum of their log-odds on the union's
candidates) and both top 10s stored for the rank-level combinations of ``harness.rerank_union_post``.

>>> union_rows(["a", "b"], [[1.0], [2.0]], ["c", "a"], [[3.0], [4.0]], True)
(['a', 'b', 'c'], [[1.0, 1.0, 0.5], [2.0, 0.5, 0.0], [3.0, 0.0, 1.0]])
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from harness.rerank_eval import pools, print_summary, released_practitioner_sets
from harness.train_rerank import _mean, _tree_scores, fit_trees, load, metrics, rerank_order, score_set

CONFIG = (2, 200)
RANKS = ("rr_handset", "rr_fusion")
GUARD = (0.7, 0.8, 0.9)  # nearest past question's cosine below which the memory's features read 0 (fixed grid)
S1 = 6  # the index of ``mem_s1`` among MEMORY_FEATURES
PRACTITIONER = released_practitioner_sets()
POOLS = pools(PRACTITIONER)
VARIANTS = ("union", "union_ranks") + tuple(f"guard_{t}" for t in GUARD)


def union_rows(hand: list[str], hx: list, fused: list[str], fx: list, ranks: bool) -> tuple[list[str], list]:
    """The union's candidates (the hand-set list, then the fusion's others) and their rows, each with the two
    reciprocal ranks appended when ``ranks``."""
    hr, fr = {n: i for i, n in enumerate(hand)}, {n: i for i, n in enumerate(fused)}
    nodes = list(hand) + [n for n in fused if n not in hr]
    rows = []
    for n in nodes:
        row = list(hx[hr[n]]) if n in hr else list(fx[fr[n]])
        if ranks:
            row += [1.0 / (1 + hr[n]) if n in hr else 0.0, 1.0 / (1 + fr[n]) if n in fr else 0.0]
        rows.append(row)
    return nodes, rows


def union_questions(hand: list[dict], fused: list[dict]) -> list[dict]:
    """Per question (the two dumps in the same order), the union with ``X`` = round 28's row + ``RANKS``."""
    out = []
    for h, f in zip(hand, fused):
        if (h["set"], h["i"]) != (f["set"], f["i"]):
            raise SystemExit("the two dumps are not the same questions in the same order")
        nodes, rows = union_rows(h["nodes"], h["X"].tolist(), f["nodes"], f["X"].tolist(), True)
        gold = set(h["gold"])
        out.append({"set": h["set"], "i": h["i"], "gold": h["gold"], "nodes": nodes, "X": np.array(rows),
                    "y": np.array([float(n in gold) for n in nodes])})
    return out


def variant_rows(q: dict, name: str) -> np.ndarray:
    """The rows variant ``name`` reads from a union question with ``Xm`` (round 28's | ranks | memory's)."""
    from regc.retrieval.rerank_features import FEATURES

    f = len(FEATURES)
    base, r, mem = q["Xm"][:, :f], q["Xm"][:, f:f + len(RANKS)], q["Xm"][:, f + len(RANKS):]
    if name == "union":
        return np.hstack([base, mem])
    if name.startswith("guard_") and len(mem) and mem[0, S1] < float(name.split("_")[1]):
        mem = np.zeros_like(mem)
    return np.hstack([base, r, mem])


def loso(hand: list[dict], uq: list[dict], with_memory, config: tuple[int, int] = CONFIG) -> dict:
    """Per held set, per question: (R@10, FullCov@10) of the hand-set order, the default retrained (round 28's
    features, hand-set top 30) and each of ``VARIANTS`` fitted on the other sets at ``config``; the gold count."""
    out = {}
    for held in sorted({q["set"] for q in hand}):
        qm = with_memory(held)
        train, test = [q for q in hand if q["set"] != held], [q for q in hand if q["set"] == held]
        res = {"current": score_set(test, None), "learned": score_set(test, fit_trees(train, *config)),
               "ngold": [len(q["gold"]) for q in test]}
        for name in VARIANTS:
            rows = [dict(q, X=variant_rows(q, name)) for q in qm]
            w = fit_trees([q for q in rows if q["set"] != held], *config)
            res[name] = score_set([q for q in rows if q["set"] == held], w)
        out[held] = res
        print(held, " ".join(f"{_mean(res[k], 0):.3f}" for k in ("learned",) + VARIANTS), file=sys.stderr, flush=True)
    return out


def blend_order(q: dict, w_union: dict, w_default: dict) -> list[int]:
    """(3c) The union's candidates by the sum of the two models' log-odds: the memory re-ranker's on its rows and
    the default's (round 28's features, no memory) on the same candidates' round 28 columns (ties: union order)."""
    from regc.retrieval.rerank_features import FEATURES

    s = _tree_scores(variant_rows(q, "union_ranks"), w_union) + _tree_scores(q["Xm"][:, :len(FEATURES)], w_default)
    return sorted(range(len(s)), key=lambda i: (-round(float(s[i]), 9), i))


def loso_blend(hand: list[dict], with_memory, config: tuple[int, int] = CONFIG) -> dict:
    """Per held set, per question: the default retrained, ``union_ranks`` and ``blend`` (:func:`blend_order`),
    fitted on the other sets at ``config``."""
    out = {}
    for held in sorted({q["set"] for q in hand}):
        qm = with_memory(held)
        base = fit_trees([q for q in hand if q["set"] != held], *config)
        rows = [dict(q, X=variant_rows(q, "union_ranks")) for q in qm]
        wu = fit_trees([q for q in rows if q["set"] != held], *config)
        test, test_u = [q for q in hand if q["set"] == held], [q for q in qm if q["set"] == held]
        out[held] = {"current": score_set(test, None), "learned": score_set(test, base),
                     "union_ranks": score_set([dict(q, X=variant_rows(q, "union_ranks")) for q in test_u], wu),
                     "blend": [metrics([q["nodes"][i] for i in blend_order(q, wu, base)], q["gold"])
                               for q in test_u],
                     "ngold": [len(q["gold"]) for q in test],
                     "top_default": [[q["nodes"][i] for i in rerank_order(q, base)[:10]] for q in test],
                     "top_union": [[q["nodes"][i] for i in rerank_order(dict(q, X=variant_rows(q, "union_ranks")),
                                                                         wu)[:10]] for q in test_u],
                     "gold": [q["gold"] for q in test]}
        print(held, " ".join(f"{_mean(out[held][k], 0):.3f}" for k in ("learned", "union_ranks", "blend")),
              file=sys.stderr, flush=True)
    return out


def nearest_cosines(hand: list[dict], V: np.ndarray, g: dict) -> dict[str, list[float]]:
    """Per set, each question's nearest past question's cosine (``mem_s1``: the memory without its own set, copies
    skipped), the gate's reading (``harness.rerank_union_post``)."""
    from harness.rerank_memory import add_memory

    out: dict[str, list[float]] = {}
    for q in add_memory(hand, V, g["gold"], int(g["neighbours"])):
        out.setdefault(q["set"], []).append(float(q["Xm"][0, q["X"].shape[1] + S1]) if len(q["nodes"]) else 0.0)
    return out


def _pool(res: dict, pred, key: str, gold_min: int = 0) -> tuple[float, float, int]:
    rows = [r for s in sorted(res) if pred(s) for r, g in zip(res[s][key], res[s]["ngold"]) if g >= gold_min]
    return _mean(rows, 0), _mean(rows, 1), len(rows)


def pick(res: dict, keys: tuple) -> dict:
    """Per held set, the variant of ``keys`` whose mean R@10 + FullCov@10 over the other sets' questions is best
    (ties: the first of ``keys``): the choice is never the held set's."""
    out = {}
    for held in sorted(res):
        def value(k):
            rows = [r for s in sorted(res) if s != held for r in res[s][k]]
            return _mean(rows, 0) + _mean(rows, 1)
        out[held] = max(keys, key=lambda k: (round(value(k), 9), -keys.index(k)))
    return out


def summary(res: dict) -> list[str]:
    """Pooled R@10 / FullCov@10 per column (faq_eval's >= 3-gold too), the pick, the sets below the default."""
    picked = pick(res, VARIANTS)
    res = {s: dict(v, picked=v[picked[s]]) for s, v in res.items()}
    keys = ("current", "learned") + VARIANTS + ("picked",)
    lines = ["pick: " + json.dumps({k: sum(v == k for v in picked.values()) for k in VARIANTS})]
    for label, pred in POOLS + (("faq_eval >=3", lambda s: s == "faq_eval"),):
        g = 3 if label.endswith(">=3") else 0
        lines.append(f"{label}: " + "  ".join(f"{k} {a:.3f}/{b:.3f}" for k in keys
                                              for a, b, _ in [_pool(res, pred, k, g)]))
    for k in VARIANTS + ("picked",):
        lower = [s for s in sorted(res) if _mean(res[s][k], 0) < _mean(res[s]["learned"], 0) - 1e-9]
        lines.append(f"{k}: {len(lower)} sets lower R@10 than the default: " + ", ".join(
            f"{s} {_mean(res[s]['learned'], 0):.3f}->{_mean(res[s][k], 0):.3f}" for s in lower))
    for s in sorted(res):
        lines.append(f"  {s} (n={len(res[s]['current'])}): " + "  ".join(
            f"{k} {_mean(res[s][k], 0):.3f}/{_mean(res[s][k], 1):.3f}" for k in keys))
    return lines


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "summary":
        return print_summary(summary, argv[1])
    if argv[0] == "post":
        from harness.rerank_union_post import report

        read = [json.loads(Path(a).read_text(encoding="utf-8")) for a in argv[1:4]]
        print("\n".join(report(*read)))
        return 0
    from harness.rerank_memory import add_memory
    from regc.retrieval.memory import GOLD, VECTORS

    g = json.loads(GOLD.read_text(encoding="utf-8"))
    if argv[0] == "s1":
        Path(argv[2]).write_text(json.dumps(nearest_cosines(load(Path(argv[1])), np.load(VECTORS).astype(np.float32),
                                                            g), sort_keys=True), encoding="utf-8")
        return 0
    hand, fused = load(Path(argv[1])), load(Path(argv[2]))
    uq, V, m = union_questions(hand, fused), np.load(VECTORS).astype(np.float32), int(g["neighbours"])
    config = tuple(int(x) for x in argv[4].split("x")) if len(argv) > 4 else CONFIG  # e.g. 3x100
    with_memory = lambda held: add_memory(uq, V, g["gold"], m, held)  # noqa: E731
    res = loso(hand, uq, with_memory, config) if argv[0] == "loso" else loso_blend(hand, with_memory, config)
    Path(argv[3]).write_text(json.dumps(res, sort_keys=True), encoding="utf-8")
    return 0


__all__ = ["CONFIG", "GUARD", "RANKS", "VARIANTS", "blend_order", "loso", "loso_blend", "nearest_cosines", "pick",
           "summary",
           "union_questions", "union_rows", "variant_rows"]

if __name__ == "__main__":
    sys.exit(main())
