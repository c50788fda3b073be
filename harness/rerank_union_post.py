"""Round 36's variants read from the stored LOSO results of ``harness.rerank_union`` (no refit): the question-level
gate (3b) and the rank-level combinations (3c) of the default's and the memory re-ranker's top 10.

    python -m harness.rerank_union s1 HAND.jsonl S1.json                  # each question's nearest past cosine
    python -m harness.rerank_union post LOSO.json ORDERS.json S1.json     # gate + combinations, pools, pick

- ``gate_T`` (3b): a question whose nearest past question's cosine (the memory without its own set, copies skipped)
  is below T gets the default's order (round 28's features, hand-set top 30), the others ``union_ranks``' (both
  from the same folds); T in ``GUARD``, the grid fixed before any run.
- ``COMBOS`` (3c): the two top 10s of the same folds merged by rank -- alternately (``inter_d``: the default's first,
  ``inter_u``: the memory re-ranker's first), or one list's top 5 followed by the other's order (``keep5_d``,
  ``keep5_u``), duplicates skipped, cut to 10.
Each family's variant is picked per held set by the other sets' mean R@10 + FullCov@10 (``pick``).

>>> alternate(["a", "b", "c"], ["b", "d"], 3)
['a', 'b', 'd']
>>> keep(["a", "b", "c"], ["d", "a"], 1, 3)
['a', 'd', 'b']
"""

from __future__ import annotations

from harness.rerank_union import GUARD, POOLS, _mean, _pool, pick
from harness.train_rerank import metrics


def alternate(a: list[str], b: list[str], k: int = 10) -> list[str]:
    """``a``'s 1st, ``b``'s 1st, ``a``'s 2nd, ... (a provision already placed is skipped), cut to ``k``."""
    out: list[str] = []
    for x, y in zip(a, b):
        out += [n for n in dict.fromkeys((x, y)) if n not in out]
    out += [n for n in dict.fromkeys(a + b) if n not in out]
    return out[:k]


def keep(a: list[str], b: list[str], j: int, k: int = 10) -> list[str]:
    """``a``'s top ``j``, then ``b``'s order (then ``a``'s), duplicates skipped, cut to ``k``."""
    out = list(a[:j])
    out += [n for n in dict.fromkeys(b + a) if n not in out]
    return out[:k]


COMBOS = (("inter_d", lambda d, u: alternate(d, u)), ("inter_u", lambda d, u: alternate(u, d)),
          ("keep5_d", lambda d, u: keep(d, u, 5)), ("keep5_u", lambda d, u: keep(u, d, 5)))


def add_gate(res: dict, s1: dict) -> tuple[str, ...]:
    """``gate_T`` columns in ``res`` (a ``loso`` result) from its ``learned`` and ``union_ranks`` columns."""
    for v_set, v in res.items():
        for t in GUARD:
            v[f"gate_{t}"] = [u if x >= t else d for u, d, x in zip(v["union_ranks"], v["learned"], s1[v_set])]
    return tuple(f"gate_{t}" for t in GUARD)


def add_combos(res: dict) -> tuple[str, ...]:
    """``COMBOS`` columns in ``res`` (a ``loso_blend`` result with the stored top 10s)."""
    for v in res.values():
        for name, f in COMBOS:
            v[name] = [metrics(f(d, u), g) for d, u, g in zip(v["top_default"], v["top_union"], v["gold"])]
    return tuple(name for name, _ in COMBOS)


def table(res: dict, keys: tuple, label: str) -> list[str]:
    """The pick of ``keys`` per held set (column ``label``), the pools and the sets below the default."""
    chosen = pick(res, keys)
    for s, v in res.items():
        v[label] = v[chosen[s]]
    cols = ("learned",) + keys + (label,)
    lines = [f"{label}: " + ", ".join(f"{k} {sum(x == k for x in chosen.values())}" for k in keys)]
    for name, pred in POOLS + (("faq_eval >=3", lambda s: s == "faq_eval"),):
        g = 3 if name.endswith(">=3") else 0
        lines.append(f"  {name}: " + "  ".join(f"{k} {a:.3f}/{b:.3f}" for k in cols for a, b, _ in
                                                [_pool(res, pred, k, g)]))
    for k in keys + (label,):
        low = [s for s in sorted(res) if _mean(res[s][k], 0) < _mean(res[s]["learned"], 0) - 1e-9]
        lines.append(f"  {k}: {len(low)} sets lower R@10 than the default")
    return lines


def report(loso_res: dict, orders: dict, s1: dict) -> list[str]:
    """The gate's and the combinations' tables."""
    return table(loso_res, add_gate(loso_res, s1), "gate_picked") + table(orders, add_combos(orders), "combo_picked")


__all__ = ["COMBOS", "add_combos", "add_gate", "alternate", "keep", "report", "table"]
