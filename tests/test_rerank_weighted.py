"""Round 39's harness (`harness/rerank_weighted.py`): the memory re-ranker's trees fitted with sample weights per
question, and the nested pick among the weightings."""

from __future__ import annotations

import numpy as np
import pytest

import harness.rerank_weighted as rw
from harness.train_rerank import fit_trees, rerank_order


def _q(nodes: int, gold_in: list[int], gold_total: int, s: str = "s", X=None) -> dict:
    names = [f"n{j}" for j in range(nodes)]
    gold = [names[j] for j in gold_in] + [f"far{j}" for j in range(gold_total - len(gold_in))]
    y = np.array([float(j in gold_in) for j in range(nodes)])
    return {"set": s, "nodes": names, "gold": gold, "y": y, "X": np.zeros((nodes, 1)) if X is None else X}


def test_each_weighting_gives_its_question_the_stated_sums():
    one, four = _q(30, [2], 1), _q(30, [0, 3, 7], 4)  # four gold provisions, three of them among the candidates
    assert [round(rw.row_weights(q, "w1").sum(), 9) for q in (one, four, _q(27, [1], 1))] == [1.0, 1.0, 1.0]
    assert round(rw.row_weights(one, "w2").sum(), 9) == 1.0 and round(rw.row_weights(four, "w2").sum(), 9) == 4.0
    w3 = rw.row_weights(four, "w3")
    assert round(w3[four["y"] == 1].sum(), 9) == 1.0 and set(w3[four["y"] == 0]) == {1.0}
    assert set(rw.row_weights(_q(30, [], 2), "w3")) == {1.0}  # no gold among the candidates: every row weighs 1
    assert [name for name, _ in rw.WEIGHTINGS] == ["w1", "w2", "w3"] and rw.candidates()[0] == rw.UNWEIGHTED


def _conflict() -> list[dict]:
    """Two kinds of question: in ``a`` (three gold each) the gold reads feature 1, in ``b`` (one gold) it reads 0;
    ``b`` questions outnumber ``a`` questions in rows three to one."""
    qs = []
    for i in range(30):
        X = np.zeros((10, 1))
        if i < 10:
            X[[0, 1, 2], 0] = 1.0
            qs.append(_q(10, [0, 1, 2], 3, X=X))
        else:
            X[1:, 0] = 1.0  # the gold (row 0) alone reads 0
            qs.append(_q(10, [0], 1, X=X))
    return qs


def test_sample_weights_change_what_the_trees_learn_and_unit_weights_change_nothing():
    qs = _conflict()
    plain = fit_trees(qs, 2, 20)
    assert fit_trees(qs, 2, 20, weight=lambda q: np.ones(len(q["nodes"]))) == plain
    probe = {"X": np.array([[1.0], [0.0]])}  # candidate 0 reads 1, candidate 1 reads 0
    heavy_a = fit_trees(qs, 2, 20, weight=lambda q: np.full(len(q["nodes"]), 10.0 if len(q["gold"]) == 3 else 1.0))
    assert rerank_order(probe, plain) == [1, 0]  # the unweighted rows follow the many one-gold questions
    assert rerank_order(probe, heavy_a) == [0, 1]  # weighted, the three-gold questions win


def _tab() -> dict:
    """w3 best on every set but ``odd``, where only v2 scores; v2 and w1 read alike on ``a`` and ``b``."""
    def row(v2, w1, w2, w3):
        return {"default": [(0.5, 0.0)], "v2": [v2], "w1": [w1], "w2": [w2], "w3": [w3], "ngold": [3]}

    return {"a": row((0.5, 0.0), (0.5, 0.0), (0.5, 0.0), (1.0, 1.0)),
            "b": row((0.5, 0.0), (0.5, 0.0), (0.5, 0.0), (1.0, 1.0)),
            "odd": row((1.0, 1.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0))}


def test_the_pick_reads_the_other_sets_only_and_ties_go_to_the_earlier_column():
    tab = _tab()
    assert rw.pick(tab, "odd") == "w3"  # odd's own figures (v2 best) are not read
    assert rw.pick(tab, "a") == "v2"  # b and odd: v2 reads (.5 + 2) / 2, w3 (2 + 0) / 2
    assert rw.pick({s: dict(r, w3=r["w1"]) for s, r in tab.items() if s != "odd"}, "a") == "v2"  # a tie: v2 first
    lines = rw.summary(tab)
    assert lines == rw.summary(dict(reversed(list(tab.items()))))
    assert [x.split(" |")[0] for x in lines[1:7]] == ["| default", "| v2", "| w1", "| w2", "| w3", "| nested pick"]
    assert lines[7] == "picks: v2 2/3, w1 0/3, w2 0/3, w3 1/3"


def test_the_files_must_hold_the_same_sets_and_questions():
    w = {"a": {"w1": [[1, 1]], "w2": [[1, 1]], "w3": [[1, 1]], "ngold": [1]}}
    v2, default = {"a": {"memory": [[0, 0]]}}, {"a": {"learned": [[0, 0]], "ngold": [1]}}
    assert rw.table(w, v2, default)["a"]["v2"] == [[0, 0]]
    with pytest.raises(SystemExit):
        rw.table(w, v2, {"b": default["a"]})
    with pytest.raises(SystemExit):
        rw.table(w, {"a": {"memory": [[0, 0], [1, 1]]}}, default)


def test_loso_fits_each_weighting_without_the_held_set():
    qs = [dict(q, set=f"s{i % 3}", Xm=q["X"]) for i, q in enumerate(_conflict())]
    seen = []
    res = rw.loso(qs, lambda held: seen.append(held) or qs, (2, 10))
    assert sorted(res) == seen == ["s0", "s1", "s2"]
    assert all(sorted(res[s]) == ["ngold", "w1", "w2", "w3"] and len(res[s]["w1"]) == 10 for s in res)
    assert sorted(g for s in res for g in res[s]["ngold"]) == [1] * 20 + [3] * 10
