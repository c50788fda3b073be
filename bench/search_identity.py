"""Proof that a search speed-up keeps every ranked list: the top-10 of every FAQ query as ``regc search --json``
would print it, less the passage text (the chunk is named by its locator), for hybrid RRF (the CLI default) and
RRM, and for BM25 and dense alone, written as JSON lines so that two trees' dumps can be diffed byte for byte
(2,148 queries x 4: 108 s CPU, 10 min wall at load 11).

    python -m bench.search_identity OUT.jsonl        # on each tree, then: cmp base.jsonl branch.jsonl

The index is the benchmark's cached FAQ index (:mod:`bench.faq_cache`; built on the first run).

>>> import json; json.loads(json.dumps(dump_line(3, "q", "rrf", [{"celex": "faq", "score": 0.1}])))["n"]
3
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

MODES = (("hybrid", "rrf"), ("hybrid", "rrm"), ("bm25", "rrf"), ("dense", "rrf"))


def dump_line(n: int, query: str, how: str, hits: list[dict]) -> dict:
    return {"n": n, "query": query, "how": how, "hits": hits}


def main(argv: list[str]) -> int:
    from bench.bench_retrieval import FAQ, _faq_index, faq_chunks, load_queries
    from regc.retrieval.chunking import Chunk
    from regc.retrieval.locate import corpus_root
    from regc.retrieval.search import Searcher

    folder = corpus_root() / FAQ
    chunks = [Chunk(c["id"], "faq", c["id"], c["text"], "EU Taxonomy FAQ", c["question"], c["section"], seq=i)
              for i, c in enumerate(faq_chunks(folder / "taxonomy_faqs_cleaned.md"))]
    queries = [q["question"] for q in load_queries(folder)]
    with tempfile.TemporaryDirectory(prefix="regc-search-identity-") as tmp:
        s = Searcher.open(_faq_index(folder, chunks, queries, Path(tmp)).index)
        with open(argv[0], "w", encoding="utf-8") as out:
            for n, q in enumerate(queries):
                for mode, fusion in MODES:
                    hits = [{k: v for k, v in h.to_json().items() if k != "text"}
                            for h in s.search(q, 10, mode=mode, fusion=fusion)]
                    out.write(json.dumps(dump_line(n, q, f"{mode}/{fusion}", hits), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
