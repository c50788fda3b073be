"""Two levers against thin memory votes in the memory re-ranker's top 10 (issue 14, round 41b, H14pg): the rules,
in one place, free of harness imports (plain Python, so that a package module could import or take them as they are).

(G) The guard (:func:`guard_order`): after variant (2)'s order, a candidate that the default order (round 28's
learned trees) ranks outside its top ``K`` may pass a candidate of the default's top ``K`` only if its memory vote
share is at least ``s``.  A candidate below ``s`` that (2) put ahead of one of the default's top ``K`` is moved to
just after the last of them in (2)'s order (the moved keep their order among themselves); the rest of (2)'s order
is kept.  ``GUARD_SHARES``: the grid of ``s``, fixed before any run.

(D) The thin-vote discount (:func:`discount_votes`): before the memory's features are computed, the votes of a
provision held by fewer than ``v`` of the voting neighbours count ``d`` times (``d`` = 0: the provision is not
voted at all); the provisions are re-ranked by their discounted votes (ties by id, as
:meth:`regc.retrieval.memory.Memory.tally` ranks).  ``DISCOUNTS``: the grid of (``v``, ``d``), fixed before any run.

Deterministic: votes rounded to 9 decimals, sorted iteration only.

>>> guard_order(["x", "a", "y", "b", "c"], ["a", "b", "c"], {"x": 0.02, "y": 0.2}, 0.05)
['a', 'y', 'b', 'c', 'x']
>>> discount_votes([("a", 2.0), ("b", 0.9), ("c", 0.8)], {"a": (0.9, 3), "b": (0.9, 1), "c": (0.8, 2)}, 2, 0.5)
[('a', 2.0), ('c', 0.8), ('b', 0.45)]
"""

from __future__ import annotations

from typing import Mapping, Sequence

K = 10  # the default's top K that the guard protects (the figures' R@10 / FullCov@10)
GUARD_SHARES = (0.03, 0.05, 0.08, 0.12)  # (G): the vote share an outsider needs to pass the default's top K
DISCOUNTS = ((2, 0.0), (2, 0.5), (3, 0.0), (3, 0.5))  # (D): (v voters at least, d the factor below v)


def guard_order(order: Sequence[str], default_top: Sequence[str], share: Mapping[str, float], s: float) -> list[str]:
    """``order`` (variant (2)'s candidates, best first) with every candidate outside ``default_top`` whose vote
    share (``share``, absent = 0) is below ``s`` moved to just after the last candidate of ``default_top`` in
    ``order`` (see the module docstring; ``default_top``: the default order's top ``K`` provisions).

    >>> guard_order(["x", "a"], ["a"], {}, 0.03)
    ['a', 'x']
    >>> guard_order(["x", "a"], ["a"], {"x": 0.03}, 0.03)
    ['x', 'a']
    """
    top = set(default_top)
    last = max((i for i, n in enumerate(order) if n in top), default=-1)
    head = list(order[: last + 1])
    low = [n for n in head if n not in top and round(share.get(n, 0.0), 9) < s]
    held = set(low)
    return [n for n in head if n not in held] + low + list(order[last + 1:])


def discount_votes(votes: Sequence[tuple[str, float]], nearest: Mapping[str, tuple[float, int]], v: int,
                   d: float) -> list[tuple[str, float]]:
    """``votes`` ((provision, votes), most voted first) with the votes of a provision that fewer than ``v``
    neighbours hold (``nearest[provision][1]``) times ``d``; provisions left at 0 are dropped; re-ranked by votes
    (ties by id).

    >>> discount_votes([("a", 1.0), ("b", 0.9)], {"a": (0.9, 1), "b": (0.9, 2)}, 2, 0.0)
    [('b', 0.9)]
    """
    out = [(g, round(x * d, 9) if nearest[g][1] < v else x) for g, x in votes]
    return sorted(((g, x) for g, x in out if x > 0), key=lambda p: (-round(p[1], 9), p[0]))


__all__ = ["DISCOUNTS", "GUARD_SHARES", "K", "discount_votes", "guard_order"]
