"""Rank fusion: reciprocal rank fusion (sum) and reciprocal-rank-MAX fusion (RefWalk, seed 001).

Both take ranked lists of ids (best first) and score an id by ``1 / (k + rank)`` per list (rank from 1);
RRF sums over lists, RRM takes the maximum (a specialist signal in one view is not diluted by the others).
RRF ties break by the best single rank, then by id.  RRM ties (every list's first id scores the same, and so
on down the ranks: common with three views) break by the RRF sum over the same lists (how many lists agree,
and how high), then by id: RRM is the primary key and RRF orders what RRM cannot tell apart.  Deterministic.

>>> rrf([["a", "b", "c"], ["b", "a"]], k=60)[:2]
[('a', 0.03252247488101534), ('b', 0.03252247488101534)]
>>> [d for d, _ in rrm([["a", "b", "c"], ["c", "b"]], k=60)]  # a and c tie on max; c is in both lists
['c', 'a', 'b']
>>> [d for d, _ in rrm([["a", "b"], ["c", "b"], ["c", "a"]], k=60)]  # c: first in two lists, a: in one
['c', 'a', 'b']
"""

from __future__ import annotations

from typing import Optional, Sequence

Ranking = Sequence[str]


def _per_list(rankings: Sequence[Ranking], k: float, weights: Optional[Sequence[float]] = None
              ) -> dict[str, list[float]]:
    """Id -> its reciprocal ranks ``w / (k + rank)`` (``w`` the list's weight, 1 by default), one per list that
    holds it (a repeated id keeps its best)."""
    out: dict[str, list[float]] = {}
    for i, ranking in enumerate(rankings):
        w = 1.0 if weights is None else weights[i]
        for r, doc in enumerate(dict.fromkeys(ranking), start=1):
            out.setdefault(doc, []).append(w / (k + r))
    return out


def rrf(rankings: Sequence[Ranking], k: float = 60) -> list[tuple[str, float]]:
    """Reciprocal rank fusion (Cormack et al. 2009): score = sum over lists of 1/(k + rank); ties by the best
    single rank, then id."""
    per = _per_list(rankings, k)
    scored = {d: sum(v) for d, v in per.items()}
    return sorted(scored.items(), key=lambda x: (-x[1], -max(per[x[0]]), x[0]))


def rrm(rankings: Sequence[Ranking], k: float = 60, weights: Optional[Sequence[float]] = None
        ) -> list[tuple[str, float]]:
    """Reciprocal rank MAX fusion: score = max over lists of w/(k + rank) (``weights``: one per list, 1 by
    default); ties by the RRF sum, then id.  (Adding a share of the other lists' reciprocal ranks lowered pooled
    recall: rounds H14o and H14p.)

    >>> [d for d, _ in rrm([["a", "b"], ["c"]], k=5, weights=[1.0, 0.9])]  # c: 0.9/6 < a: 1/6, > b: 1/7
    ['a', 'c', 'b']
    """
    per = _per_list(rankings, k, weights)
    scored = {d: max(v) for d, v in per.items()}
    return sorted(scored.items(), key=lambda x: (-x[1], -sum(per[x[0]]), x[0]))


FUSIONS = {"rrf": rrf, "rrm": rrm}


def fuse(name: str, rankings: Sequence[Ranking], k: float = 60, weights: Optional[Sequence[float]] = None
         ) -> list[tuple[str, float]]:
    """:func:`rrf` or :func:`rrm` by name; ``weights`` (RRM only) one per list."""
    try:
        return FUSIONS[name](rankings, k) if weights is None else FUSIONS[name](rankings, k, weights)
    except KeyError:
        raise ValueError(f"unknown fusion {name!r} (expected one of {', '.join(FUSIONS)})") from None
