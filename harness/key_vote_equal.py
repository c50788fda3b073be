"""Round 47b's proof that the package's key vote cites what round 47's harness scored (issue 14).

    git show 1319ef9:regc/retrieval/memory_vectors.npy > M/memory_vectors.npy    # the 65-set memory of the dump
    git show 1319ef9:regc/retrieval/memory_gold.json > M/memory_gold.json
    python -m harness.key_vote_equal IDX /tmp/h14ck2/dump.pkl /tmp/h14cv/vecs.npy M

For every routed record of round 43's dump, in sample (the memory without the record's own set and copies of it):
the ids :func:`regc.retrieval.answer.extractive` cites when the hits carry :func:`regc.retrieval.key_vote.key_shares`
against the ids ``harness.cite_memory``'s ``add@KEY_SHARE`` cites; prints how many are identical and how many
differ from the citations without the vote.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    index, dump, vectors, folder = argv[0], argv[1], np.load(argv[2]), Path(argv[3])
    import regc.retrieval.memory as M

    memory = M.load_memory(folder / M.VECTORS.name, folder / M.GOLD.name)
    M_load = M.load_memory
    M.load_memory = lambda *a, **k: memory  # cite_memory.Votes reads the dump's own (65-set) memory
    try:
        from harness import cite_memory as CM
        from harness.cite_eval import load, memoised_claims, open_searcher
        from regc.retrieval import answer as A
        from regc.retrieval.key_vote import KEY_SHARE, key_shares

        s = open_searcher(index)
        memoised_claims()
        recs = load(dump, "route")
        votes = CM.Votes(recs, vectors, "key")
        sets = np.array([r["set"] for r in recs])
        routed = same = moved = 0
        for j, r in enumerate(recs):
            if not r["routed"]:
                continue
            routed += 1
            want = CM.cite(s, r, "add", votes.voted(j, r["set"], KEY_SHARE))
            shares = key_shares(memory.without(sets != r["set"]).leaving_out_copies(), vectors[j],
                                [h.node for h in r["hits"]])
            hits = [dataclasses.replace(h, key_share=x) for h, x in zip(r["hits"], shares)]
            got = A.extractive(s, r["anchor"], hits).rule_ids()
            same += got == want
            moved += got != A.extractive(s, r["anchor"], r["hits"]).rule_ids()
    finally:
        M.load_memory = M_load
    print(f"routed records {routed}; package = harness add@{KEY_SHARE}: {same}; citations changed by the vote: {moved}")
    return 0 if same == routed else 1


if __name__ == "__main__":
    sys.exit(main())
