"""Round 41b's levers (`harness/vote_levers.py`) and their nested LOSO (`harness/rerank_guard.py`): the guard on the
default's top 10 and the discount of thin memory votes."""

from __future__ import annotations

import numpy as np
import pytest

import harness.rerank_guard as rg
from harness.rerank_memory import add_memory
from harness.vote_levers import DISCOUNTS, GUARD_SHARES, discount_votes, guard_order


def test_a_low_share_outsider_passes_no_default_top_candidate_and_nothing_else_moves():
    rng = np.random.default_rng(0)
    for _ in range(200):
        order = [f"n{j}" for j in rng.permutation(15)]
        top = [f"n{j}" for j in rng.choice(20, 6, replace=False)]  # some of the default's top are not candidates
        share = {n: float(rng.choice([0.0, 0.02, 0.05, 0.2])) for n in order}
        out = guard_order(order, top, share, 0.05)
        assert sorted(out) == sorted(order)
        low = [n for n in order if n not in top and share[n] < 0.05]
        for x in low:  # every default-top candidate (2) placed after x stays ahead of it
            assert all(out.index(d) < out.index(x) for d in top if d in order and order.index(d) > order.index(x))
        rest = [n for n in order if n not in low]
        assert [n for n in out if n not in low] == rest  # the others keep (2)'s order
        assert [n for n in out if n in low] == low  # the moved keep theirs


def test_the_guard_share_is_inclusive_and_a_list_without_the_default_top_is_kept():
    assert guard_order(["x", "a"], ["a"], {"x": 0.08}, 0.08) == ["x", "a"]
    assert guard_order(["x", "a"], ["a"], {"x": 0.0799}, 0.08) == ["a", "x"]
    assert guard_order(["x", "y"], ["a"], {}, 0.12) == ["x", "y"]
    assert guard_order(["a", "x", "b"], ["a", "b"], {"x": 0.0}, 0.03) == ["a", "b", "x"]


def test_the_discount_counts_thin_votes_d_times_and_reranks():
    votes = [("a", 1.0), ("b", 0.95), ("c", 0.9), ("d", 0.5)]
    nearest = {"a": (0.9, 1), "b": (0.9, 2), "c": (0.9, 3), "d": (0.5, 1)}
    assert discount_votes(votes, nearest, 2, 0.0) == [("b", 0.95), ("c", 0.9)]
    assert discount_votes(votes, nearest, 3, 0.0) == [("c", 0.9)]
    assert discount_votes(votes, nearest, 2, 0.5) == [("b", 0.95), ("c", 0.9), ("a", 0.5), ("d", 0.25)]
    assert discount_votes([("b", 0.5), ("a", 1.0)], {"a": (0.9, 1), "b": (0.9, 2)}, 2, 0.5) == [("a", 0.5), ("b", 0.5)]
    assert discount_votes(votes, nearest, 1, 0.0) == votes  # v = 1: nothing is thin


def test_the_grids_and_columns_are_the_fixed_ones():
    assert GUARD_SHARES == (0.03, 0.05, 0.08, 0.12) and DISCOUNTS == ((2, 0.0), (2, 0.5), (3, 0.0), (3, 0.5))
    cols = rg.columns()
    assert len(cols) == len(set(cols)) == 25 and cols[0] == "v2"
    assert rg.discount_names() == ("v2", "D2x0", "D2x.5", "D3x0", "D3x.5")


def _unit(v):
    v = np.asarray(v, dtype=np.float64)
    return v / np.linalg.norm(v)


def test_the_undiscounted_block_is_round_35s_features_and_the_discount_changes_a_thin_vote():
    sets, gold = ["s1", "s2", "s2", "s3"], [["a"], ["b", "c"], ["b"], ["a"]]
    V = np.vstack([_unit(v) for v in [[1, 0], [0.9, 0.1], [0.8, 0.3], [0.7, 0.4]]]).astype(np.float32)
    V = V.astype(np.float64)  # float32 values, as the memory's float16 rows widen exactly
    qs = [{"set": s, "gold": g, "nodes": ["a", "b", "c", "z"], "X": np.zeros((4, 2))} for s, g in zip(sets, gold)]
    blocks = rg.memory_rows(qs, V, gold, 3, "s3")
    ref = add_memory(qs, V.astype(np.float32), gold, 3, "s3")
    for i in range(4):
        assert np.array_equal(blocks[i][0], ref[i]["Xm"][:, 2:])
    # question 0 (s1) reads s2's two questions (s3 held out): "b" held by 2, "c" by 1
    d2x0 = blocks[0][rg.discount_names().index("D2x0")]
    assert blocks[0][0][2, 0] > 0 and d2x0[2, 0] == 0.0 and d2x0[1, 0] == 1.0


def _dumps():
    """Three sets of ten questions, 12 candidates; the gold is the candidate at rank 9 (0-based) of the hand-set
    order and the memory votes for it (a thin, one-voter vote for a non-gold candidate at rank 0 too)."""
    rng = np.random.default_rng(1)
    cands, fused, gold, V = [], [], [], []
    for s in ("s1", "s2", "s3"):
        for i in range(10):
            nodes = [f"{s}{i}-{j}" for j in range(12)]
            X = rng.random((12, 49))
            q = {"set": s, "i": i, "gold": [nodes[9]], "nodes": nodes, "X": X,
                 "y": np.array([float(j == 9) for j in range(12)])}
            cands.append(q)
            fused.append(dict(q))
            gold.append([nodes[9]])
            V.append(_unit(rng.random(4) + 1.0))
    return cands, fused, gold, np.vstack(V)


def test_a_fold_scores_every_column_and_the_dumps_must_be_the_memorys_rows():
    cands, fused, gold, V = _dumps()
    res = rg.loso(cands, fused, V, gold, 3, (2, 10), sets=["s2"])
    assert sorted(res) == ["s2"] and set(res["s2"]) == {"default", "ngold", *rg.columns()}
    assert all(len(res["s2"][c]) == 10 for c in rg.columns())
    with pytest.raises(SystemExit):
        rg.loso(cands, fused[::-1], V, gold, 3, (2, 10), sets=["s2"])


def _res() -> dict:
    """v2+G.05 best on every set but ``odd``, where only v2 scores."""
    def row(v2, g05):
        return {"default": [(0.5, 0.0)], "ngold": [3],
                **{c: [v2 if c == "v2" else g05 if c == "v2+G.05" else (0.0, 0.0)] for c in rg.columns()}}

    return {"a": row((0.5, 0.0), (1.0, 1.0)), "b": row((0.5, 0.0), (1.0, 1.0)), "odd": row((1.0, 1.0), (0.0, 0.0))}


def test_the_pick_reads_the_other_sets_only_and_ties_go_to_the_earlier_column():
    res = _res()
    assert rg.pick(res, "odd") == "v2+G.05"  # odd's own figures (v2 best) are not read
    assert rg.pick(res, "a") == "v2"  # b and odd: v2 reads (.5 + 2) / 2, v2+G.05 (2 + 0) / 2: a tie, v2 first
    lines = rg.summary(res)
    assert lines == rg.summary(dict(reversed(list(res.items()))))
    assert lines[1].startswith("| default |") and lines[-3].startswith("| nested pick |")
    assert lines[-2] == "picks: v2 2/3, v2+G.05 1/3"
