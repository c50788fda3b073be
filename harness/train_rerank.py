"""Train the learned re-ranker of `regc ask` (:mod:`regc.retrieval.rerank`) and judge it leave-one-set-out.

    python -m harness.rerank_dump IDX /tmp/h14ltr/cands30.jsonl          # candidates + features, once
    python -m harness.train_rerank loso /tmp/h14ltr/cands30.jsonl OUT.json  # the honest estimate
    python -m harness.train_rerank fit /tmp/h14ltr/cands30.jsonl regc/retrieval/rerank_weights.json
    python -m harness.train_rerank regen IDX regc/retrieval/rerank_weights.json   # both steps in one command

Learners (the fixed grid ``CONFIGS``, chosen by inner folds over the training sets, never by the held set):
gradient-boosted regression trees (sklearn's HistGradientBoostingClassifier on gold / not gold; exported as
arrays per tree, so the package walks them without sklearn) and pairwise logistic regression (differences of a
gold and a non-gold candidate of one question; standardised features, the package computes a dot product).
Deterministic: fixed seeds and iteration counts, sets in sorted order, weights rounded to 9 decimals.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

from regc.retrieval.rerank_features import FEATURES

# the grid the inner folds choose from: ("gbm", max_depth, trees) = gradient-boosted trees on the gold / not-gold
# label; ("pairwise", C, prior) = logistic regression on gold-minus-other differences
CONFIGS = (("gbm", 3, 100), ("gbm", 2, 200), ("pairwise", 0.01, 0.0))
INNER_FOLDS = 3
LEARNING_RATE = 0.05
K = 10


def load(path: Path) -> list[dict]:
    """The dump's questions, each with ``X`` (candidates x features) and ``y`` (1.0 for a gold candidate)."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            q = json.loads(line)
            gold = set(q["gold"])
            q["X"] = np.array(q["X"], dtype=float).reshape(len(q["nodes"]), len(FEATURES))
            q["y"] = np.array([float(n in gold) for n in q["nodes"]])
            out.append(q)
    return out


def _standardise(X: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    return mean, np.where(scale > 1e-12, scale, 1.0)


def _pairs(qs: list[dict], mean, scale, boundary: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Gold-minus-other differences of standardised rows, each pair in both orders (balanced classes); with
    ``boundary``, only pairs across the top-``K`` cut (one of the two ranks in the top K, the other below)."""
    rows = []
    for q in qs:
        Z = (q["X"] - mean) / scale
        pos, neg = np.flatnonzero(q["y"] == 1), np.flatnonzero(q["y"] == 0)
        for p in pos:
            others = [j for j in neg if (p < K) != (j < K)] if boundary else list(neg)
            if others:
                rows.append(Z[p][None, :] - Z[others])
    D = np.vstack(rows) if rows else np.zeros((0, len(FEATURES)))
    return np.vstack([D, -D]), np.concatenate([np.ones(len(D)), np.zeros(len(D))])


def fit(qs: list[dict], kind: str, C: float, prior: float = 0.0) -> dict:
    """Weights of learner ``kind`` on ``qs`` (:func:`fit_trees` for "gbm", :func:`fit_linear` otherwise)."""
    return fit_trees(qs, int(C), int(prior)) if kind == "gbm" else fit_linear(qs, kind, C, prior)


def fit_trees(qs: list[dict], depth: int, trees: int, weight=None) -> dict:
    """Gradient-boosted trees (sklearn's histogram booster, one thread, no early stopping: deterministic), exported
    as arrays per tree: ``{"kind": "gbm", "features", "base", "trees": [{"feature", "threshold", "left", "right",
    "leaf", "value"}]}``; a row goes left when its feature is <= the threshold.  ``weight(q)``: the sample weights
    of question ``q``'s rows (None: every row weighs 1, as the shipped weights were fitted)."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from threadpoolctl import threadpool_limits

    X, y = np.vstack([q["X"] for q in qs]), np.concatenate([q["y"] for q in qs])
    with threadpool_limits(1):
        m = HistGradientBoostingClassifier(max_depth=depth, max_iter=trees, learning_rate=LEARNING_RATE,
                                           early_stopping=False, random_state=0).fit(
            X, y, sample_weight=None if weight is None else np.concatenate([weight(q) for q in qs]))
    out = []
    for (pred,) in m._predictors:
        nd = pred.nodes
        out.append({"feature": [int(v) for v in nd["feature_idx"]], "threshold": [float(v) for v in nd["num_threshold"]],
                    "left": [int(v) for v in nd["left"]], "right": [int(v) for v in nd["right"]],
                    "leaf": [int(v) for v in nd["is_leaf"]], "value": [float(v) for v in nd["value"]]})
    return {"kind": "gbm", "depth": depth, "n_trees": trees, "features": list(FEATURES),
            "base": float(np.ravel(m._baseline_prediction)[0]), "trees": out}


def fit_linear(qs: list[dict], kind: str, C: float, prior: float = 0.0) -> dict:
    """Weights learned on ``qs``: ``{"kind", "C", "prior", "features", "mean", "scale", "coef"}``; ``prior`` is
    subtracted from the standardised log-rank coefficient (a pull towards the current order)."""
    from sklearn.linear_model import LogisticRegression

    X = np.vstack([q["X"] for q in qs])
    mean, scale = _standardise(X)
    if kind == "pointwise":
        Z, y = (X - mean) / scale, np.concatenate([q["y"] for q in qs])
        model = LogisticRegression(C=C, max_iter=5000, class_weight="balanced").fit(Z, y)
    else:
        Z, y = _pairs(qs, mean, scale, boundary=kind == "boundary")
        model = LogisticRegression(C=C, max_iter=5000, fit_intercept=False).fit(Z, y)
    r = lambda v: [round(float(x), 9) for x in v]  # noqa: E731
    coef = model.coef_[0].copy()
    coef[FEATURES.index("log_rank")] -= prior
    return {"kind": kind, "C": C, "prior": prior, "features": list(FEATURES), "mean": r(mean), "scale": r(scale),
            "coef": r(coef)}


def _tree_scores(X: np.ndarray, w: dict) -> np.ndarray:
    total = np.full(len(X), w["base"])
    rows = np.arange(len(X))
    for t in w["trees"]:
        feat, thr, left, right, leaf = (np.array(t[k]) for k in ("feature", "threshold", "left", "right", "leaf"))
        node = np.zeros(len(X), dtype=int)
        while not leaf[node].all():
            go = np.where(X[rows, feat[node]] <= thr[node], left[node], right[node])
            node = np.where(leaf[node] == 1, node, go)
        total = total + np.array(t["value"])[node]
    return total


def rerank_order(q: dict, w: dict) -> list[int]:
    """Candidate indices by learned score (ties: current rank), as the package's re-ranker orders them."""
    if w.get("kind") == "gbm":
        s = _tree_scores(q["X"], w)
    else:
        s = ((q["X"] - np.array(w["mean"])) / np.array(w["scale"])) @ np.array(w["coef"])
    return sorted(range(len(s)), key=lambda i: (-round(float(s[i]), 9), i))


def metrics(nodes: list[str], gold: list[str]) -> tuple[float, float]:
    top, g = set(nodes[:K]), set(gold)
    return (len(top & g) / len(g), float(g <= top)) if g else (0.0, 0.0)


def score_set(qs: list[dict], w: dict | None) -> list[tuple[float, float]]:
    """(R@10, FullCov@10) per question: learned order with ``w``, the current order with None."""
    out = []
    for q in qs:
        idx = rerank_order(q, w) if w else list(range(len(q["nodes"])))
        out.append(metrics([q["nodes"][i] for i in idx], q["gold"]))
    return out


def _mean(rows, j: int) -> float:
    return math.fsum(r[j] for r in rows) / len(rows) if rows else 0.0


def choose(qs: list[dict]) -> tuple[str, float, float]:
    """The config with the best inner-fold R@10 + FullCov@10 (sets dealt round-robin to ``INNER_FOLDS`` folds)."""
    sets = sorted({q["set"] for q in qs})
    fold = {s: i % INNER_FOLDS for i, s in enumerate(sets)}
    best = None
    for cfg in CONFIGS:
        rows = []
        for f in range(INNER_FOLDS):
            train = [q for q in qs if fold[q["set"]] != f]
            rows += score_set([q for q in qs if fold[q["set"]] == f], fit(train, *cfg))
        val = _mean(rows, 0) + _mean(rows, 1)
        if best is None or val > best[0] + 1e-12:
            best = (val, cfg)
    return best[1]


def loso(qs: list[dict]) -> dict:
    """Per held set: the config the other sets chose, and per question the current and learned metrics."""
    out = {}
    for held in sorted({q["set"] for q in qs}):
        train, test = [q for q in qs if q["set"] != held], [q for q in qs if q["set"] == held]
        cfg = choose(train)
        w = fit(train, *cfg)
        out[held] = {"weights": w, "current": score_set(test, None),
                     "learned": score_set(test, w), "order": [rerank_order(q, w) for q in test]}
        print(held, *cfg, f"{_mean(out[held]['current'], 0):.3f} -> {_mean(out[held]['learned'], 0):.3f}",
              file=sys.stderr, flush=True)
    return out


def dumps_weights(w: dict) -> str:
    """The weights file's text: one key per line, each tree on a line of its own (diffable, byte-stable).

    >>> print(dumps_weights({"kind": "gbm", "trees": [{"leaf": [1]}, {"leaf": [1]}]}))
    {
    "kind": "gbm",
    "trees": [
    {"leaf": [1]},
    {"leaf": [1]}
    ]
    }
    <BLANKLINE>
    """
    body = [f"{json.dumps(k)}: " + ("[\n" + ",\n".join(json.dumps(t, sort_keys=True) for t in v) + "\n]"
                                    if k == "trees" else json.dumps(v, sort_keys=True)) for k, v in sorted(w.items())]
    return "{\n" + ",\n".join(body) + "\n}\n"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cmd, dump, out = argv[0], Path(argv[1]), Path(argv[2])
    if cmd == "regen":  # dump the candidates of every released set from index ``dump``, then fit
        import tempfile

        from harness.rerank_dump import main as dump_main

        with tempfile.TemporaryDirectory() as tmp:
            dump_main([str(dump), f"{tmp}/cands.jsonl"])
            return main(["fit", f"{tmp}/cands.jsonl", str(out)])
    qs = load(dump)
    if cmd == "loso":
        out.write_text(json.dumps(loso(qs), sort_keys=True))
    elif cmd == "fit":
        out.write_text(dumps_weights(fit(qs, *choose(qs))), encoding="utf-8")
    else:
        raise SystemExit(f"unknown command {cmd!r}: loso | fit | regen")
    return 0


if __name__ == "__main__":
    sys.exit(main())
