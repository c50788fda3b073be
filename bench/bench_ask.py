"""`regc ask` benchmark: provision retrieval and citations on the audited evaluation sets, next to BM25.

Index: the Taxonomy acts (2020/852, 2021/2139, 2021/2178, 2023/2486, 2022/1214, 2023/2485), the SFDR and RED II
as neighbours, and the HIPAA PDF; BM25 + dense (the embedding cache, ``$REGC_CACHE``, is reused).
Sets: ``tests/fixtures/ask/faq_eval.jsonl`` (Commission FAQ questions -> governing articles/annexes, audited) and
``hipaa_eval.jsonl`` (practitioner questions -> CFR sections); each reported overall, on its dev and its
held-out split, and by number of gold provisions; ``faq_fresh.jsonl`` / ``hipaa_fresh.jsonl`` are the first-contact
sets of the second round (never tuned on).  Systems (:data:`regc.eval.retrieval.SYSTEMS`): BM25 on the question
(rolled up to provisions), ``ask`` (`regc ask`'s default since round 42b: per question, the order its citation
network is routed to -- ``--memory --rerank``'s for HIPAA, the learned order's for every other), ``ask-learned``
(``--no-by-network``: the hand-set top 30 re-ordered by the learned re-ranker, the default of rounds 28-41),
``ask-handset`` (``--no-rerank``: anchor, 3 views x BM25/dense, RRM, closure, authority), ``ask-rrf`` (the hand-set
order with sum fusion), ``ask-memory`` (``--memory``), ``ask-memory-rerank`` (``--memory --rerank``).  The
re-rankers were trained on these released questions, so their figures here are in-sample (a row per learned order
and set says on how many: :func:`regc.retrieval.rerank.in_sample`, as `regc ask --eval`).  Latency: rules-only
retrieval + answer per question for ``ask``, ``ask-learned``, ``ask-handset`` and ``ask-memory-rerank`` side by
side in the same run, each answering cold (the index's query memo forgotten first), the first question included,
after the warm-up at load that `regc ask --eval` also does (JVM, encoder, graph, each provision's words and
sentences: :func:`regc.retrieval.answer.warm_up`).

``run() -> [(label, figure)]`` (``make bench``); ``python -m bench.bench_ask [INDEX]`` reuses an index.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from regc.retrieval.locate import corpus_root

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ask"
SETS = ("faq_eval.jsonl", "hipaa_eval.jsonl", "faq_fresh.jsonl", "hipaa_fresh.jsonl", "hipaa_dev4.jsonl")
ACTS = ["32020R0852", "32021R2139", "32021R2178", "32023R2486", "32022R1214", "32023R2485", "32019R2088",
        "32018L2001"]
HIPAA = Path("hipaa-hhs-combined") / "hipaa_combined.pdf"


def rows_for(index: Path) -> list[tuple[str, str]]:
    from regc.eval.retrieval import ask_rows, evaluate_ask, load_qa
    from regc.retrieval.rerank import in_sample
    from regc.retrieval.search import Searcher

    s = Searcher.open(index)  # evaluate_ask warms the index up before the first question
    rows: list[tuple[str, str]] = []
    for name in SETS:
        items = load_qa(FIXTURES / name)
        res = evaluate_ask(s, items)
        rows += ask_rows(res, f"{name.removesuffix('.jsonl')}: ")
        rows += [(f"{name.removesuffix('.jsonl')}: {label} in-sample (trained on)", f"{n} of {len(items)} questions")
                 for label, _, n in in_sample([it["question"] for it in items])]
    return rows


def run(index: Path | None = None) -> list[tuple[str, str]]:
    from regc.retrieval.index import build_index

    if index is not None:
        return rows_for(index)
    root = corpus_root()
    with tempfile.TemporaryDirectory(prefix="regc-bench-ask-") as tmp:
        t0 = time.perf_counter()
        rep = build_index(root, Path(tmp) / "index", celexes=ACTS, extra_files=[root / HIPAA])
        rows = [("index build (embedding cache reused)", f"{time.perf_counter() - t0:.1f} s, {rep.chunks} chunks, "
                 f"{rep.encoded} encoded; graph {rep.graph.get('nodes')} nodes / {rep.graph.get('edges')} edges")]
        return rows + rows_for(Path(tmp) / "index")


if __name__ == "__main__":
    for label, fig in run(Path(sys.argv[1]) if len(sys.argv) > 1 else None):
        print(f"  {label:<50} {fig}")
