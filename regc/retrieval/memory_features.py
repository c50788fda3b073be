"""The memory's vote as features of the learned re-ranker (issue 14, round 35's variant (2)): for each candidate
provision, how the nearest past questions (:mod:`regc.retrieval.memory`) vote for it, and two figures of the
question's memory as a whole.  One definition, read by `regc ask --memory --rerank`
(:func:`regc.retrieval.rerank.retrieve_reranked` on an asker with a memory) and by the harness that trains and judges
the weights (``harness/rerank_memory.py``).

No feature names a provision: the candidate's share of the votes, its votes / the best provision's, 1 / (1 + its
rank in the memory's ranking), whether it is in the memory's top ``TOP``, the similarity of the nearest past question
voting for it, the share of the ``neighbours`` voting for it (these six 0 when the memory does not vote for it),
then the question's nearest-neighbour similarity and the best provision's vote share.  Every value is rounded to 9
decimals and summed with math.fsum (deterministic byte for byte).

>>> memory_features([("a", 2.0), ("b", 1.0)], {"a": (0.9, 3), "b": (0.5, 2)}, 0.9, ["b", "c"], 20)[0]
[0.333333333, 0.5, 0.5, 1.0, 0.5, 0.1, 0.9, 0.666666667]
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

MEMORY_FEATURES = ("mem_share", "mem_rel", "mem_recip_rank", "mem_top10", "mem_nearest_sim", "mem_voters",
                   "mem_s1", "mem_best_share")
TOP = 10  # the memory's top for ``mem_top10``
UNVOTED = 6  # the per-candidate features, all 0 for a provision the memory does not vote for


def memory_features(votes: list[tuple[str, float]], nearest: dict[str, tuple[float, int]], s1: float,
                    nodes: Sequence[str], neighbours: int = 20) -> list[list[float]]:
    """One row of ``MEMORY_FEATURES`` per candidate of ``nodes`` (see the module docstring).  ``votes``,
    ``nearest``, ``s1``: :meth:`regc.retrieval.memory.Memory.tally` (the memory's (provision, votes), most voted
    first; per voted provision, (nearest voter's similarity, number of voters); the nearest past question's
    similarity)."""
    total = math.fsum(v for _, v in votes) or 1.0
    best = votes[0][1] if votes else 1.0
    rank = {g: r for r, (g, _) in enumerate(votes)}
    value = dict(votes)
    q = [s1, best / total if votes else 0.0]
    out = []
    for n in nodes:
        row = [value[n] / total, value[n] / best, 1.0 / (1 + rank[n]), float(rank[n] < TOP), nearest[n][0],
               nearest[n][1] / neighbours] if n in rank else [0.0] * UNVOTED
        out.append([round(x, 9) for x in row + q])
    return out


def question_memory_features(memory, q: Optional[object], nodes: Sequence[str]) -> list[list[float]]:
    """``MEMORY_FEATURES`` rows of ``nodes`` for the question vector ``q`` read against ``memory`` (every row 0
    when ``q`` is None: the memory read nothing, e.g. a question whose question view was not searched densely).

    >>> question_memory_features(None, None, ["a"])
    [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]
    """
    if q is None:
        return memory_features([], {}, 0.0, nodes)
    return memory_features(*memory.tally(q), nodes, memory.neighbours)


__all__ = ["MEMORY_FEATURES", "TOP", "memory_features", "question_memory_features"]
