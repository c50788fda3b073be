"""Does the package read what round 35's harness measured?  `regc ask --memory --rerank`'s path
(:func:`regc.retrieval.rerank.retrieve_reranked` on an asker with a memory) against the harness's nested rows.

    python -m harness.rerank_memory_check IDX FUSED.jsonl SET[,SET...] [OUT.json]

For each held set: the weights the harness's nested LOSO fits for it (``fit_memory_weights(..., out=held)``: the
other 54 sets, each read with the memory without itself and without the held set), the harness's top 10 (its numpy
ordering of the dump's top 30 with the memory features of the stored question vector) and the package's (a fresh
asker whose memory is the shipped one without the held set, copies skipped, asked each question's text with those
weights).  Differences are told apart: candidates (the package's top 30 is not the dump's), features (round 28's or
the memory's columns differ: the package reads the encoder's float32 question vector, the harness the memory's
float16 row) and order.  ``row-vector`` is the package's order with the stored row as the question vector.

>>> compare(["a", "b"], ["a", "b"])
True
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from harness.rerank_memory import add_memory, fit_memory_weights
from harness.train_rerank import load, metrics, rerank_order


def compare(a: list[str], b: list[str]) -> bool:
    """The two top-10 lists are identical."""
    return list(a) == list(b)


def check_set(asker_for, qs: list[dict], V: np.ndarray, gold: list, m: int, held: str) -> dict:
    """Per question of ``held``: the harness's and the package's top 10 and where they part."""
    from regc.eval.retrieval import load_qa
    from harness.rerank_dump import FIXTURES
    from regc.retrieval.rerank import CANDIDATES, feature_rows, learned_scores, reorder, retrieve_reranked

    w = fit_memory_weights(qs, V, gold, m, held)
    rows = [(i, q) for i, q in enumerate(add_memory(qs, V, gold, m, held)) if q["set"] == held]
    texts = [it["question"] for it in load_qa(FIXTURES / f"{held}.jsonl")]
    asker = asker_for(held)
    out = []
    for i, q in rows:
        text = texts[q["i"]]
        harness_top = [q["nodes"][j] for j in rerank_order(dict(q, X=q["Xm"]), w)[:10]]
        package_top = [h.node for h in retrieve_reranked(asker, text, 10, weights=w)[1]]
        trace: dict = {}
        anchor, head = asker.retrieve(text, CANDIDATES, trace=trace)
        X = np.array(feature_rows(asker, anchor, trace, head))
        same_cands = [h.node for h in head] == q["nodes"]
        trace["memory_vector"] = V[i]
        row_top = [h.node for h in reorder(head, learned_scores(feature_rows(asker, anchor, trace, head), w))[:10]]
        diff = float(np.abs(X - q["Xm"]).max(axis=0)[:49].max()) if same_cands else None
        mdiff = float(np.abs(X - q["Xm"]).max(axis=0)[49:].max()) if same_cands else None
        out.append({"i": q["i"], "same": compare(harness_top, package_top), "same_candidates": same_cands,
                    "max_diff_round28": diff, "max_diff_memory": mdiff, "row_vector_same": row_top == harness_top,
                    "harness": metrics(harness_top, q["gold"]), "package": metrics(package_top, q["gold"])})
    return {"weights_trees": len(w["trees"]), "questions": out}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import GOLD, VECTORS, load_memory
    from regc.retrieval.search import Searcher

    index, dump, sets = Path(argv[0]), Path(argv[1]), argv[2].split(",")
    g = json.loads(GOLD.read_text(encoding="utf-8"))
    qs, V = load(dump), np.load(VECTORS).astype(np.float32)
    full = load_memory().leaving_out_copies()
    rows_sets = [q["set"] for q in qs]
    searcher = Searcher.open(index)

    def asker_for(held: str) -> Asker:
        a = Asker(searcher, memory=full.without([s != held for s in rows_sets]))
        warm_up(a)
        return a

    res = {}
    for held in sets:
        res[held] = check_set(asker_for, qs, V, g["gold"], int(g["neighbours"]), held)
        qrows = res[held]["questions"]
        n = len(qrows)
        mean = lambda k, j: sum(r[k][j] for r in qrows) / n  # noqa: E731
        print(f"{held} n={n} top10 identical {sum(r['same'] for r in qrows)} candidates identical "
              f"{sum(r['same_candidates'] for r in qrows)} row-vector identical "
              f"{sum(r['row_vector_same'] for r in qrows)} harness R@10 {mean('harness', 0):.3f} / "
              f"{mean('harness', 1):.3f} package {mean('package', 0):.3f} / {mean('package', 1):.3f} max diff "
              f"r28 {max((r['max_diff_round28'] or 0) for r in qrows):.2g} memory "
              f"{max((r['max_diff_memory'] or 0) for r in qrows):.2g}", flush=True)
    if len(argv) > 3:
        Path(argv[3]).write_text(json.dumps(res, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
