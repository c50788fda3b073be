"""Round 36's harness (`harness/rerank_union.py`): the memory re-ranker over the union of the two orders' top 30."""

from __future__ import annotations

import numpy as np
import pytest

from harness.rerank_union import GUARD, VARIANTS, pick, union_questions, union_rows, variant_rows
from regc.retrieval.memory_features import MEMORY_FEATURES
from regc.retrieval.rerank_features import FEATURES


def test_a_candidate_only_in_the_handset_list_and_one_only_in_the_fusion_both_reach_the_union():
    nodes, rows = union_rows(["h1", "both"], [[1.0], [2.0]], ["both", "f1"], [[9.0], [3.0]], True)
    assert nodes == ["h1", "both", "f1"]
    assert rows[0] == [1.0, 1.0, 0.0]  # absent from the fusion: its rank there reads 0 (a sentinel rank)
    assert rows[1] == [2.0, 0.5, 1.0]  # in both: the hand-set row, both ranks
    assert rows[2] == [3.0, 0.0, 0.5]  # absent from the hand-set list: the fusion's row
    assert union_rows(["a"], [[1.0]], ["a"], [[2.0]], False) == (["a"], [[1.0]])


def _q(s, i, nodes, gold):
    return {"set": s, "i": i, "gold": gold, "nodes": nodes, "X": np.ones((len(nodes), len(FEATURES)))}


def test_the_union_questions_label_the_gold_and_refuse_dumps_out_of_step():
    (q,) = union_questions([_q("s", 0, ["a", "b"], ["c"])], [_q("s", 0, ["c", "a"], ["c"])])
    assert q["nodes"] == ["a", "b", "c"] and q["y"].tolist() == [0.0, 0.0, 1.0]
    assert q["X"].shape == (3, len(FEATURES) + 2)
    with pytest.raises(SystemExit):
        union_questions([_q("s", 0, ["a"], ["a"])], [_q("s", 1, ["a"], ["a"])])


def test_the_guard_zeroes_the_memory_features_below_its_cosine_only():
    width = len(FEATURES) + 2 + len(MEMORY_FEATURES)
    near, far = np.full((2, width), 0.5), np.full((2, width), 0.5)
    near[:, -2], far[:, -2] = 0.95, 0.1  # mem_s1: the nearest past question's cosine
    t = f"guard_{GUARD[0]}"
    assert variant_rows({"Xm": near}, t).tolist() == near.tolist()
    assert not variant_rows({"Xm": far}, t)[:, -len(MEMORY_FEATURES):].any()
    assert variant_rows({"Xm": far}, "union").shape == (2, width - 2)


def test_the_pick_reads_the_other_sets_only():
    res = {"s1": {"a": [(1.0, 1.0)], "b": [(0.0, 0.0)]}, "s2": {"a": [(0.0, 0.0)], "b": [(0.5, 0.5)]},
           "s3": {"a": [(0.0, 0.0)], "b": [(0.5, 0.5)]}}
    assert pick(res, ("a", "b")) == {"s1": "b", "s2": "a", "s3": "a"}
    assert set(VARIANTS) >= {"union", "union_ranks"}


def test_the_rank_combinations_keep_each_lists_head_and_skip_duplicates():
    from harness.rerank_union_post import alternate, keep

    assert alternate(["a", "b", "c"], ["b", "d", "e"], 4) == ["a", "b", "d", "c"]
    assert keep(["a", "b", "c"], ["c", "d"], 2, 4) == ["a", "b", "c", "d"]
    assert len(alternate(list("abcdefghij"), list("klmnopqrst"))) == 10


def test_the_gate_takes_the_default_below_its_cosine_and_the_memory_reranker_above():
    from harness.rerank_union_post import add_gate

    res = {"s": {"learned": [(0.1, 0.0), (0.2, 0.0)], "union_ranks": [(0.9, 1.0), (0.8, 1.0)]}}
    keys = add_gate(res, {"s": [0.5, 0.95]})
    assert res["s"][keys[0]] == [(0.1, 0.0), (0.8, 1.0)] and len(keys) == len(GUARD)


def test_the_blend_adds_the_two_models_log_odds():
    from harness.rerank_union import blend_order

    width = len(FEATURES) + 2 + len(MEMORY_FEATURES)
    Xm = np.zeros((3, width))
    Xm[:, 0] = [0.0, 1.0, 0.0]  # read by the default's tree only
    Xm[:, -1] = [0.0, 0.0, 1.0]  # a memory column, read by the memory re-ranker's tree only

    def stump(feature, value):
        return {"base": 0.0, "trees": [{"feature": [feature, 0, 0], "threshold": [0.5, 0, 0], "left": [1, 0, 0],
                                        "right": [2, 0, 0], "leaf": [0, 1, 1], "value": [0.0, 0.0, value]}]}
    w_union, w_default = stump(width - 1, 2.0), stump(0, 1.0)  # union_ranks' rows are the whole memory row
    assert blend_order({"Xm": Xm}, w_union, w_default) == [2, 1, 0]


def test_every_variant_is_fitted_without_the_held_set_and_a_vote_for_the_gold_is_learned():
    from harness.rerank_union import loso

    rng = np.random.default_rng(0)
    hand, union = [], []
    for s in ("s1", "s2", "s3"):
        for i in range(8):  # 12 candidates, one gold anywhere; round 28's columns are noise, the memory's vote not
            nodes = [f"{s}-{i}-{j}" for j in range(12)]
            g = int(rng.integers(0, 12))
            y = np.array([float(j == g) for j in range(12)])
            X = rng.random((12, len(FEATURES)))
            vote = y[:, None] * np.ones((1, len(MEMORY_FEATURES))) + 0.01 * rng.random((12, len(MEMORY_FEATURES)))
            vote[:, 6] = 0.95  # the nearest past question's cosine: above every guard
            q = {"set": s, "i": i, "gold": [nodes[g]], "nodes": nodes, "X": X, "y": y}
            hand.append(q)
            union.append(dict(q, Xm=np.hstack([X, np.zeros((12, 2)), vote])))
    seen = []
    res = loso(hand, union, lambda held: seen.append(held) or union, (2, 20))
    assert sorted(res) == seen == ["s1", "s2", "s3"]
    assert all(set(VARIANTS) <= set(r) and r["ngold"] == [1] * 8 for r in res.values())
    pooled = lambda k: np.mean([r[0] for s in res for r in res[s][k]])  # noqa: E731
    assert pooled("union_ranks") == pooled(f"guard_{GUARD[-1]}") == 1.0 > pooled("learned")
