"""Learn the dense view's query adapter of `regc ask` (issue 14, round 30: :mod:`regc.retrieval.adapter`) from the
released questions, and judge it leave-one-set-out.

    python -m harness.qa_adapter collect IDX /tmp/h14qa/qa.npz          # view texts + vectors, chunk vectors, once
    python -m harness.qa_adapter loso /tmp/h14qa/qa.npz OUT.npz          # one W per held set (lambda by inner folds)
    python -m harness.qa_adapter fit /tmp/h14qa/qa.npz W.npy               # one W on every released set

The adapter is ridge regression pulled to the identity: ``W = argmin ||Q W - P||^2 + lam ||W - I||^2``
(closed form ``(Q'Q + lam I)^-1 (Q'P + lam I)``), where a row of ``Q`` is a released question's vector (each dense
view's text: the question, the anchor, both) and the row of ``P`` beside it the chunk of one of its gold provisions
nearest that vector (a question with g gold provisions gives g rows, each weighted 1/g).  ``lam`` is chosen from
``LAMBDAS`` by ``INNER_FOLDS`` inner folds over the training sets (criterion: gold provisions in the dense view's
top 10, summed over the views; never the held set).  Deterministic: float64 on one BLAS thread, sets in sorted
order, the weights stored as float32 (``np.save``: byte-identical on regeneration).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ask"
LAMBDAS = (0.3, 1.0, 3.0, 10.0, 30.0)
INNER_FOLDS = 3
K = 10
POOL = 50  # chunks read for a provision ranking (the Asker's CHUNK_POOL)
VIEW_NAMES = ("question", "anchor", "both")


def released_sets(folder: Path = FIXTURES) -> list[str]:
    """The released QA sets: every ``*.jsonl`` of ``folder``, by name."""
    return sorted(p.stem for p in folder.glob("*.jsonl"))


def loso_train(sets: list[str], held: str) -> list[str]:
    """The training sets of the fold that holds ``held`` out (every other set).

    >>> loso_train(["a", "b", "c"], "b")
    ['a', 'c']
    """
    return [s for s in sets if s != held]


def inner_folds(sets: list[str], n: int = INNER_FOLDS) -> list[list[str]]:
    """``sets`` dealt round-robin into ``n`` inner held-out groups.

    >>> inner_folds(["a", "b", "c", "d"], 3)
    [['a', 'd'], ['b'], ['c']]
    """
    return [sets[i::n] for i in range(n)]


def collect(index: Path, out: Path, sets: list[str]) -> None:
    """Every released question's view texts and vectors, its gold, and the index's chunk vectors, in one npz."""
    from regc.eval.retrieval import load_qa
    from regc.retrieval.anchor import extract_anchor
    from regc.retrieval.ask import Asker
    from regc.retrieval.index import encode_query
    from regc.retrieval.search import Searcher

    asker = Asker(Searcher.open(index))
    asker.warm_up()
    rows = []
    for name in sets:
        for it in load_qa(FIXTURES / f"{name}.jsonl"):
            texts = asker.view_texts(extract_anchor(it["question"], asker.s))
            rows.append({"set": name, "question": it["question"], "gold": it["gold"],
                         "views": [texts[v] for v in VIEW_NAMES]})
    flat = [t for r in rows for t in r["views"]]
    vecs = np.vstack([encode_query(flat[i:i + 64]) for i in range(0, len(flat), 64)]).astype(np.float32)
    index_, ids = asker.s._dense
    chunks = index_.reconstruct_n(0, index_.ntotal)
    nodes = [asker._chunk_node.get(c, "") for c in ids]
    np.savez(out, Q=vecs.reshape(len(rows), len(VIEW_NAMES), -1), C=chunks, nodes=np.array(nodes),
             meta=np.array(json.dumps(rows, sort_keys=True)))


def load(path: Path) -> dict:
    d = np.load(path)
    return {"Q": d["Q"].astype(np.float64), "C": d["C"].astype(np.float64), "nodes": list(d["nodes"]),
            "rows": json.loads(str(d["meta"]))}


def _targets(data: dict, views=(0, 1, 2)) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per question: (Q, P, weights), one row per view and gold provision with chunks: the view's vector, the
    provision's chunk nearest it, 1 / the question's gold provisions with chunks."""
    by_node: dict[str, list[int]] = {}
    for i, n in enumerate(data["nodes"]):
        by_node.setdefault(n, []).append(i)
    out = {}
    for i, r in enumerate(data["rows"]):
        gold = [g for g in r["gold"] if g in by_node]
        Q, P, w = [], [], []
        for v in views:
            q = data["Q"][i, v]
            for g in gold:
                cs = by_node[g]
                Q.append(q)
                P.append(data["C"][cs[int(np.argmax(data["C"][cs] @ q))]])
                w.append(1.0 / len(gold))
        d = data["Q"].shape[2]
        out[i] = (np.array(Q).reshape(-1, d), np.array(P).reshape(-1, d), np.array(w))
    return out


def set_stats(data: dict) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per set, the sums ``Q'wQ`` and ``Q'wP`` of its questions' rows (sets' sums add up to a fold's)."""
    from threadpoolctl import threadpool_limits

    rows = _targets(data)
    d = data["Q"].shape[2]
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    with threadpool_limits(1):
        for i, r in enumerate(data["rows"]):
            Q, P, w = rows[i]
            A, B = out.get(r["set"], (np.zeros((d, d)), np.zeros((d, d))))
            out[r["set"]] = (A + Q.T @ (Q * w[:, None]), B + (Q * w[:, None]).T @ P)
    return out


def fit_stats(stats: dict, train_sets: list[str], lam: float) -> np.ndarray:
    """``argmin sum_i w_i ||q_i W - p_i||^2 + lam ||W - I||^2`` over the training sets' rows, in closed form
    (float64, one BLAS thread, sets summed in sorted order)."""
    from threadpoolctl import threadpool_limits

    d = next(iter(stats.values()))[0].shape[0]
    A, B = lam * np.eye(d), lam * np.eye(d)
    for s in sorted(train_sets):
        A, B = A + stats[s][0], B + stats[s][1]
    with threadpool_limits(1):
        return np.linalg.solve(A, B)


def dense_top(data: dict, picks: list[int], view: int, W=None) -> list[list[str]]:
    """Per picked question, the provisions of one view's dense list (adapted by ``W`` when given), rolled up as
    the Asker does."""
    Q = data["Q"][picks, view]
    if W is not None:
        Q = Q @ W
        Q = Q / np.maximum(np.linalg.norm(Q, axis=1, keepdims=True), 1e-12)
    S = Q @ data["C"].T
    names = sorted(set(data["nodes"]) - {""})
    code = {n: i for i, n in enumerate(names)}
    node_of = np.array([code.get(n, -1) for n in data["nodes"]])
    out = []
    for row in np.argsort(-S, axis=1, kind="stable")[:, :POOL]:
        ids = node_of[row]
        ids = ids[ids >= 0]
        _, first = np.unique(ids, return_index=True)
        out.append([names[ids[j]] for j in sorted(first)])
    return out


def proxy(data: dict, picks: list[int], W, views=(0, 1, 2)) -> float:
    """Gold provisions in the dense top ``K``, averaged over the picked questions and the views."""
    tot = []
    for v in views:
        for i, top in zip(picks, dense_top(data, picks, v, W)):
            gold = set(data["rows"][i]["gold"])
            tot.append(len(gold & set(top[:K])) / len(gold))
    return float(np.mean(tot)) if tot else 0.0


def choose_lambda(data: dict, stats: dict, train_sets: list[str]) -> float:
    """The lambda of ``LAMBDAS`` whose adapter, trained on two inner folds, ranks the third's gold best."""
    sets_of = [r["set"] for r in data["rows"]]
    best = None
    for lam in LAMBDAS:
        score = 0.0
        for fold in inner_folds(train_sets):
            te = [i for i, s in enumerate(sets_of) if s in fold]
            score += proxy(data, te, fit_stats(stats, [s for s in train_sets if s not in fold], lam))
        if best is None or score > best[0] + 1e-12:
            best = (score, lam)
    return best[1]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cmd, rest = argv[0], argv[1:]
    sets = released_sets()
    if cmd == "collect":
        collect(Path(rest[0]), Path(rest[1]), sets)
    elif cmd == "loso":
        data = load(Path(rest[0]))
        stats = set_stats(data)
        out = {}
        for held in sets:
            train = loso_train(sets, held)
            lam = choose_lambda(data, stats, train)
            out[held] = fit_stats(stats, train, lam).astype(np.float32)
            picks = [i for i, r in enumerate(data["rows"]) if r["set"] == held]
            print(f"{held} lambda {lam} proxy {proxy(data, picks, None):.3f} -> {proxy(data, picks, out[held]):.3f}",
                  file=sys.stderr, flush=True)
        np.savez(rest[1], **out)
    elif cmd == "fit":
        data = load(Path(rest[0]))
        stats = set_stats(data)
        lam = choose_lambda(data, stats, sets)
        print(f"lambda {lam}", file=sys.stderr)
        np.save(rest[1], fit_stats(stats, sets, lam).astype(np.float32))
    return 0


if __name__ == "__main__":
    sys.exit(main())
