"""Candidates and features of `regc ask` for every released QA set, computed once (the re-ranker's training data).

    python -m harness.rerank_dump IDX OUT.jsonl [--n 30] [--sets faq_eval,hipaa_eval]

One JSON line per question: ``{"set", "i", "gold", "nodes": [top N], "origins", "scores", "X": [[features]]}``;
``nodes`` are kept for the labels and the metrics only (no feature is computed from an id).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ask"
TAXONOMY = ["faq_eval", "faq_fresh"] + [f"faq_fresh{i}" for i in range(2, 18)] + ["faq_webfaq", "faq_webfaq2"]
HIPAA = ["hipaa_eval", "hipaa_dev4", "hipaa_fresh"] + [f"hipaa_fresh{i}" for i in range(2, 18)] + [
    "hipaa_hhsfaq", "hipaa_hhsfaq2", "hipaa_hhsfaq3", "hipaa_hhsfaq4", "hipaa_hhsfaq5", "hipaa_webfaq",
    "hipaa_webfaq2"]
SETS = TAXONOMY + HIPAA
PRACTITIONER = ["hipaa_hhsfaq", "hipaa_hhsfaq2", "hipaa_hhsfaq3", "hipaa_hhsfaq4", "hipaa_hhsfaq5", "hipaa_webfaq",
                "hipaa_webfaq2"]


def dump_question(asker, question: str, n: int) -> dict:
    """retrieve's top ``n`` for ``question`` with each candidate's feature row."""
    from regc.retrieval.rerank_features import candidate_features

    trace: dict = {}
    anchor, hits = asker.retrieve(question, n, trace=trace)
    return {"nodes": [h.node for h in hits], "origins": [h.origin for h in hits],
            "scores": [round(h.score, 9) for h in hits],
            "X": candidate_features(asker, anchor, trace, hits)}


def main(argv=None) -> int:
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.rerank import CANDIDATES
    from regc.retrieval.search import Searcher

    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("out")
    ap.add_argument("--n", type=int, default=CANDIDATES)
    ap.add_argument("--sets", default=",".join(SETS))
    a = ap.parse_args(argv)
    asker = Asker(Searcher.open(Path(a.index)))
    warm_up(asker)
    with open(a.out, "w", encoding="utf-8") as f:
        for name in a.sets.split(","):
            t0 = time.perf_counter()
            items = load_qa(FIXTURES / f"{name}.jsonl")
            for i, it in enumerate(items):
                rec = {"set": name, "i": i, "gold": it["gold"], **dump_question(asker, it["question"], a.n)}
                f.write(json.dumps(rec, sort_keys=True) + "\n")
            print(f"{name} {len(items)} {time.perf_counter() - t0:.1f}s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
