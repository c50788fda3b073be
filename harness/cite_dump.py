"""`regc ask`'s retrieved provisions for every released QA set, computed once, for the citation rounds (H14ck).

    python -m harness.cite_dump IDX OUT.pkl [--sets faq_eval,hipaa_eval]

One record per question: ``{"set", "i", "gold", "question", "anchor", "hits"}`` (the learned order's top 10,
``--no-by-network``, :func:`regc.retrieval.rerank.retrieve_reranked`), ``"handset"`` (``--no-rerank``'s top 10),
``"route"`` and ``"route_anchor"`` (the default's: the route per citation network,
:func:`regc.retrieval.networks.retrieve_by_network`, computed as ``regc ask --eval`` computes its ``ask`` system:
the memory asker without each released question's own stored copy) and ``"routed"`` (the question's network chose
``--memory --rerank``), pickled, so
that citation policies (:func:`regc.retrieval.answer.extractive`) can be scored on the same hits without retrieving
again; the ranking is not touched by anything read from this file.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path

from harness.rerank_dump import FIXTURES


def released_sets() -> list[str]:
    """Every released set's name (``tests/fixtures/ask/*.jsonl``), sorted."""
    return sorted(p.stem for p in FIXTURES.glob("*.jsonl"))


def main(argv=None) -> int:
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.networks import MODELS, load_networks, question_route, retrieve_by_network
    from regc.retrieval.rerank import retrieve_reranked
    from regc.retrieval.search import Searcher

    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("out")
    ap.add_argument("--sets", default="")
    a = ap.parse_args(argv)
    asker = Asker(Searcher.open(Path(a.index)))
    memory = Asker(asker.s, memory=load_memory().leaving_out_copies())  # as `regc ask --eval`'s ``ask``
    chosen = load_networks()
    warm_up(asker)
    recs = []
    for name in (a.sets.split(",") if a.sets else released_sets()):
        t0 = time.perf_counter()
        for i, it in enumerate(load_qa(FIXTURES / f"{name}.jsonl")):
            trace: dict = {}
            anchor, hits = retrieve_reranked(asker, it["question"], 10, trace=trace)
            _, hand = asker.retrieve(it["question"], 10)
            r_anchor, r_hits = retrieve_by_network(asker, memory, it["question"], 10, None, chosen)
            recs.append({"set": name, "i": i, "gold": it["gold"], "question": it["question"], "anchor": anchor,
                         "hits": hits, "handset": hand, "route": r_hits, "route_anchor": r_anchor,
                         "routed": question_route(asker, memory, anchor, trace, chosen) == MODELS[1]})
        print(f"{name} {time.perf_counter() - t0:.1f}s", file=sys.stderr, flush=True)
    with open(a.out, "wb") as f:
        pickle.dump(recs, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
