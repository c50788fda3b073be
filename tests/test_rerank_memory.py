"""Round 35's harness (`harness/rerank_memory.py`): the memory's vote as features of the learned re-ranker."""

from __future__ import annotations

import numpy as np
import pytest

from harness.rerank_memory import MEMORY_FEATURES, add_memory, loso, memory_features, summary

def _unit(v):
    v = np.asarray(v, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_a_provision_the_memory_does_not_vote_for_reads_zero_and_the_question_features_are_shared():
    rows = memory_features([("a", 1.5), ("b", 0.5)], {"a": (0.8, 2), "b": (0.5, 1)}, 0.8, ["a", "b", "z"], 4)
    assert [len(r) for r in rows] == [len(MEMORY_FEATURES)] * 3
    assert rows[0][:6] == [0.75, 1.0, 1.0, 1.0, 0.8, 0.5]
    assert rows[1][:4] == [0.25, 0.333333333, 0.5, 1.0]
    assert rows[2][:6] == [0.0] * 6
    assert {tuple(r[6:]) for r in rows} == {(0.8, 0.75)}


def _toy(sets, vectors, gold):
    qs = [{"set": s, "gold": g, "nodes": ["a", "b", "c"], "X": np.zeros((3, 2))} for s, g in zip(sets, gold)]
    return add_memory(qs, np.vstack([_unit(v) for v in vectors]), gold, 2)


def test_the_outer_held_set_votes_for_no_training_question():
    qs = _toy(["s1", "s2", "s3"], [[1, 0], [0.9, 0.1], [0.8, 0.2]], [["a"], ["b"], ["c"]])
    assert qs[1]["Xm"][0, 2] > 0  # without ``out``, s1's question votes "a" for s2's
    qs = add_memory([{k: v for k, v in q.items() if k != "Xm"} for q in qs],
                    np.vstack([_unit(v) for v in [[1, 0], [0.9, 0.1], [0.8, 0.2]]]), [["a"], ["b"], ["c"]], 2, "s1")
    assert qs[1]["Xm"][0, 2] == 0 and qs[1]["Xm"][2, 2] > 0  # held out, only s3 votes


def test_a_held_question_never_votes_for_itself_nor_a_copy_of_it_in_another_set():
    # question 0 (set s1) has a copy in set s2 (row 1, same vector, gold "a"); the other s2 question votes "b"
    qs = _toy(["s1", "s2", "s2"], [[1, 0], [1, 0], [0.9, 0.1]], [["c"], ["a"], ["b"]])
    mem0 = qs[0]["Xm"][:, 2:]
    assert mem0[0, 0] == 0.0 and mem0[1, 0] == 1.0 and mem0[2, 0] == 0.0  # only "b" votes: no copy, no self
    # the s2 questions are asked with the s1 memory only: "c" is all it holds, and it is question 1's own copy
    assert qs[2]["Xm"][2, 2] == 1.0 and qs[2]["Xm"][0, 2] == 0.0
    assert not qs[1]["Xm"][:, 2:].any()


def test_the_dump_must_be_the_memorys_rows():
    qs = [{"set": "s1", "gold": ["x"], "nodes": ["a"], "X": np.zeros((1, 2))}]
    assert "Xm" in add_memory(qs, np.ones((1, 2), dtype=np.float32), [["x"]], 2)[0] and "Xm" not in qs[0]
    with pytest.raises(SystemExit):
        add_memory(qs, np.ones((1, 2), dtype=np.float32), [["y"]], 2)


def test_both_columns_are_fitted_without_the_held_set_and_a_vote_for_the_gold_is_learned():
    rng = np.random.default_rng(0)
    qs = []
    for s in ("s1", "s2", "s3"):
        for i in range(10):  # 15 candidates, one gold placed anywhere; round 28's features are noise here
            nodes = [f"{s}-{i}-{j}" for j in range(15)]
            g = int(rng.integers(0, 15))
            X = rng.random((15, 2))
            y = np.array([float(j == g) for j in range(15)])
            vote = y[:, None] * np.ones((1, len(MEMORY_FEATURES))) + 0.01 * rng.random((15, len(MEMORY_FEATURES)))
            qs.append({"set": s, "gold": [nodes[g]], "nodes": nodes, "X": X, "y": y, "Xm": np.hstack([X, vote])})
    seen = []
    res = loso(qs, lambda held: seen.append(held) or qs)
    assert sorted(res) == seen == ["s1", "s2", "s3"]
    lines = summary(res)
    assert all(" current " in ln and " learned " in ln and " memory " in ln for ln in lines)
    pooled = lambda k: np.mean([r[0] for s in res for r in res[s][k]])  # noqa: E731
    assert pooled("memory") == 1.0 > pooled("learned")


def test_run_loso_reads_the_memory_of_the_given_folder_and_writes_the_fold_loops_result(tmp_path, monkeypatch):
    import json

    import harness.rerank_memory as rm
    from regc.retrieval.memory import GOLD, VECTORS

    qs = [{"set": s, "gold": g, "nodes": ["a", "b", "c"], "X": np.zeros((3, 2))}
          for s, g in (("s1", ["a"]), ("s2", ["b"]))]
    monkeypatch.setattr(rm, "load", lambda path: qs)
    (tmp_path / GOLD.name).write_text(json.dumps({"gold": [["a"], ["b"]], "neighbours": 2}))
    np.save(tmp_path / VECTORS.name, np.vstack([_unit([1, 0]), _unit([0.9, 0.1])]).astype(np.float16))
    seen = {}

    def folds(questions, with_memory, config):
        seen["votes"] = with_memory("s1")[1]["Xm"][:, 2].tolist()  # s2's question, s1 held out: nobody votes
        seen["all"] = with_memory(None)[1]["Xm"][:, 2].tolist()  # s1's question votes "a" for s2's
        return {"config": list(config)}

    rm.run_loso(tmp_path / "dump.jsonl", tmp_path / "out.json", (3, 100), folds, tmp_path)
    assert json.loads((tmp_path / "out.json").read_text()) == {"config": [3, 100]}
    assert seen["votes"] == [0.0, 0.0, 0.0] and seen["all"][0] > 0 and seen["all"][1:] == [0.0, 0.0]
