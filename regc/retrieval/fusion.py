"""Rank fusion: reciprocal rank fusion (sum) and reciprocal-rank-MAX fusion (RefWalk, seed 001).

Both take ranked lists of ids (best first) and score an id by ``1 / (k + rank)`` per list (rank from 1);
RRF sums over lists, RRM takes the maximum (a specialist signal in one view is not diluted by the others).
Ties break by the best single rank, then by id, so the output is deterministic.

>>> rrf([["a", "b", "c"], ["b", "a"]], k=60)[:2]
[('a', 0.03252247488101534), ('b', 0.03252247488101534)]
>>> [d for d, _ in rrm([["a", "b", "c"], ["c", "b"]], k=60)]
['a', 'c', 'b']
"""

from __future__ import annotations

from typing import Callable, Sequence

Ranking = Sequence[str]


def _fuse(rankings: Sequence[Ranking], k: float, combine: Callable[[float, float], float]) -> list[tuple[str, float]]:
    scores: dict[str, float] = {}
    best: dict[str, int] = {}
    for ranking in rankings:
        for r, doc in enumerate(dict.fromkeys(ranking), start=1):  # a repeated id keeps its best rank
            s = 1.0 / (k + r)
            scores[doc] = combine(scores[doc], s) if doc in scores else s
            best[doc] = min(best.get(doc, r), r)
    return sorted(scores.items(), key=lambda x: (-x[1], best[x[0]], x[0]))


def rrf(rankings: Sequence[Ranking], k: float = 60) -> list[tuple[str, float]]:
    """Reciprocal rank fusion (Cormack et al. 2009): score = sum over lists of 1/(k + rank)."""
    return _fuse(rankings, k, lambda a, b: a + b)


def rrm(rankings: Sequence[Ranking], k: float = 60) -> list[tuple[str, float]]:
    """Reciprocal rank MAX fusion: score = max over lists of 1/(k + rank)."""
    return _fuse(rankings, k, max)


FUSIONS = {"rrf": rrf, "rrm": rrm}


def fuse(name: str, rankings: Sequence[Ranking], k: float = 60) -> list[tuple[str, float]]:
    try:
        return FUSIONS[name](rankings, k)
    except KeyError:
        raise ValueError(f"unknown fusion {name!r} (expected one of {', '.join(FUSIONS)})") from None
