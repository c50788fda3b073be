"""Past questions as a view of `regc ask` (issue 14, round 30): the memory's vote, its place in the fusion, the
leave-one-set-out split that keeps a held set's questions out of its memory, and the shipped files against their
recipe."""

from __future__ import annotations

import numpy as np
import pytest

from harness.qa_adapter import fit_stats, inner_folds, loso_train, released_sets
from harness.qa_memory import memory_of, write
from regc.eval.retrieval import load_qa
from regc.retrieval.adapter import adapt_rows
from regc.retrieval.memory import Memory, MemoryError_, load_memory

pytestmark = pytest.mark.retrieval
FIXTURES = __import__("pathlib").Path(__file__).parent / "fixtures" / "ask"


def _unit(*rows):
    V = np.array(rows, dtype=np.float32)
    return V / np.linalg.norm(V, axis=1, keepdims=True)


def _data():
    """Five questions of three sets, as ``harness.qa_adapter.load`` returns them."""
    sets = ["a", "a", "b", "c", "c"]
    Q = _unit([1, 0, 0], [0.9, 0.1, 0], [0.8, 0.2, 0], [0, 1, 0], [0, 0, 1])
    rows = [{"set": s, "question": f"q{i}", "gold": [f"X#{s}{i}"], "views": []} for i, s in enumerate(sets)]
    return {"Q": np.repeat(Q[:, None, :], 3, axis=1).astype(np.float64), "rows": rows}


def test_memory_votes_by_summed_similarity_ties_by_id():
    m = Memory(_unit([1, 0], [1, 0.2], [0, 1]), (("b", "a"), ("b",), ("c",)), 2)
    assert m.ranking(np.array([1.0, 0.0])) == ["b", "a"]  # b: two votes; c: not among the 2 nearest
    assert Memory(m.vectors, m.gold, 3).ranking(np.array([1.0, 0.0]))[-1] == "c"
    tie = Memory(_unit([1, 0], [1, 0]), (("z",), ("y",)), 2)
    assert tie.ranking(np.array([1.0, 0.0])) == ["y", "z"]


def test_loso_leaves_the_held_sets_questions_out_of_its_memory():
    data = _data()
    sets = ["a", "b", "c"]
    assert loso_train(sets, "b") == ["a", "c"]
    mem = memory_of(data, loso_train(sets, "b"), 5)
    assert sorted(mem.gold) == [("X#a0",), ("X#a1",), ("X#c3",), ("X#c4",)]
    # question 2 (set b) is nearest to question 0; held out, its own gold is never voted for
    assert "X#b2" not in mem.ranking(data["Q"][2, 0])
    assert "X#b2" in memory_of(data, sets, 5).ranking(data["Q"][2, 0])
    assert [f for f in inner_folds(loso_train(sets, "a"))] == [["b"], ["c"], []]


def test_memory_files_are_written_byte_identically_and_read_back(tmp_path):
    data = _data()
    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    for d in ("1", "2"):
        write(data, tmp_path / d, 10)
    for name in ("memory_vectors.npy", "memory_gold.json"):
        assert (tmp_path / "1" / name).read_bytes() == (tmp_path / "2" / name).read_bytes()
    m = load_memory(tmp_path / "1" / "memory_vectors.npy", tmp_path / "1" / "memory_gold.json")
    assert m.neighbours == 10 and m.vectors.shape == (5, 3) and m.gold[3] == ("X#c3",)
    (tmp_path / "2" / "memory_gold.json").write_text('{"neighbours": 2, "gold": [["x"]]}')  # 5 rows, 1 list
    with pytest.raises(MemoryError_):
        load_memory(tmp_path / "2" / "memory_vectors.npy", tmp_path / "2" / "memory_gold.json")


def test_shipped_memory_holds_every_released_question_in_its_recipes_order():
    m = load_memory()
    gold = [tuple(it["gold"]) for s in released_sets() for it in load_qa(FIXTURES / f"{s}.jsonl")]
    assert list(m.gold) == gold
    assert m.vectors.shape == (len(gold), 384)
    assert np.allclose(np.linalg.norm(m.vectors, axis=1), 1.0, atol=1e-2)
    assert m.neighbours in (5, 10, 20, 40)


def test_adapter_moves_only_the_masked_rows_and_ridge_pulls_to_the_identity():
    W = np.array([[0.0, 1.0], [1.0, 0.0]], dtype=np.float32)
    V = adapt_rows(np.array([[2.0, 0.0], [0.0, 3.0]]), W, [True, False])
    assert V.tolist() == [[0.0, 1.0], [0.0, 3.0]]
    stats = {"a": (np.eye(2), np.array([[0.0, 1.0], [1.0, 0.0]]))}
    assert np.allclose(fit_stats(stats, ["a"], 1e9), np.eye(2), atol=1e-6)  # a huge lambda: the identity
    assert np.allclose(fit_stats(stats, ["a"], 1e-9), stats["a"][1], atol=1e-6)  # none: the least squares fit


@pytest.mark.slow
def test_memory_brings_its_gold_into_the_ranking_deterministically():
    from regc.retrieval.ask import Asker
    from regc.retrieval.index import encode_query
    from regc.retrieval.search import Searcher
    from retrieval_helpers import dense_index

    s = Searcher.open(dense_index())
    q = "Which permit does an operator need to store carbon dioxide underground?"
    plain = Asker(s).retrieve(q, 10)[1]
    absent = sorted(n for n in s.part_nodes() if n not in {h.node for h in plain})[0]
    mem = Memory(np.asarray(encode_query([q]), dtype=np.float32), (("NOT#Article 1", absent),), 1)
    with_memory = Asker(s, memory=mem, memory_mode="list").retrieve(q, 10)[1]
    assert absent in [h.node for h in with_memory]
    assert "NOT#Article 1" not in [h.node for h in with_memory]  # a provision the index lacks never joins
    assert with_memory == Asker(s, memory=mem, memory_mode="list").retrieve(q, 10)[1]
    assert Asker(s, memory=None).retrieve(q, 10)[1] == plain


def test_the_configuration_of_a_held_set_is_chosen_on_the_other_sets_only():
    from harness.adapter_eval import select

    def rows(*rs):
        return [{"recall": r, "fullcov": r} for r in rs]

    # "x" wins on a and b, "y" on c by far: held out, c gets what a and b prefer, and a gets y (c's margin)
    res = {"x": {"a": rows(1.0), "b": rows(1.0), "c": rows(0.0)}, "y": {"a": rows(0.9), "b": rows(0.9), "c": rows(1.0)}}
    chosen, got = select(res)
    assert chosen == {"a": "y", "b": "y", "c": "x"}
    assert got["c"] == res["x"]["c"]


def test_within_the_memory_reorders_the_current_top_and_never_inserts():
    from regc.retrieval.memory import within

    fused = [("c", 3.0), ("a", 2.0), ("d", 1.0), ("e", 0.5)]
    assert within(["e", "b", "a", "c"], fused, top=3) == ["a", "c"]  # e (4th) and b (absent) are cut, the order kept
    assert within(["b"], fused, top=3) == [] and within([], fused, top=3) == []
    assert within(["e", "b"], fused, "list", 3) == ["e", "b"]  # the uncut list of round 30


@pytest.mark.slow
def test_memory_mode_within_cannot_bring_in_a_provision_retrieval_missed():
    from regc.retrieval.ask import Asker
    from regc.retrieval.index import encode_query
    from regc.retrieval.search import Searcher
    from retrieval_helpers import dense_index

    s = Searcher.open(dense_index())
    q = "Which permit does an operator need to store carbon dioxide underground?"
    plain = Asker(s).retrieve(q, 10)[1]
    seen = {h.node for h in Asker(s).retrieve(q, 10_000)[1]}
    never = sorted(n for n in s.part_nodes() if n not in seen)[0]
    tenth = plain[-1].node
    mem = Memory(np.asarray(encode_query([q]), dtype=np.float32), ((never, tenth),), 1)
    listed = [h.node for h in Asker(s, memory=mem, memory_mode="list").retrieve(q, 10)[1]]
    kept = [h.node for h in Asker(s, memory=mem, memory_mode="within").retrieve(q, 10)[1]]
    assert never in listed and never not in kept
    assert kept.index(tenth) < 9  # the current tenth, which the memory votes for, moves up


def test_the_memory_gate_of_a_held_set_is_chosen_on_the_other_sets_only():
    from harness.memory_gate import gate, nested

    def rows(*rs):
        return [{"recall": r, "fullcov": r} for r in rs]

    # on a and b the memory helps only where x is high (>= .5); on c it helps where x is low
    cur = {"a": rows(0.0, 1.0), "b": rows(0.0, 1.0), "c": rows(0.0, 1.0)}
    mem = {"a": rows(1.0, 0.0), "b": rows(1.0, 0.0), "c": rows(0.0, 1.0)}
    sig = {"a": [{"x": 0.9}, {"x": 0.1}], "b": [{"x": 0.9}, {"x": 0.1}], "c": [{"x": 0.9}, {"x": 0.1}]}
    chosen, got = nested(cur, mem, sig, ["x"])
    assert chosen["c"] == ("x", 0.9)  # learned on a and b: trust only a high x, whatever c would prefer
    assert got["c"] == gate(cur["c"], mem["c"], sig["c"], "x", 0.9) == rows(0.0, 1.0)
    assert chosen["a"][1] == 0.9  # b prefers 0.9 by 2, c is indifferent among the thresholds


def test_evaluation_leaves_a_questions_own_float16_copy_out_of_its_vote():
    from regc.retrieval.memory import Memory

    rng = np.random.default_rng(7)
    q = rng.normal(size=384)
    q /= np.linalg.norm(q)
    near = q + 0.6 * rng.normal(size=384)
    near /= np.linalg.norm(near)
    stored = np.array([q, near], dtype=np.float16).astype(np.float32)  # as the shipped file stores rows
    m = Memory(stored, (("own",), ("neighbour",)), 1)
    assert m.ranking(q) == ["own"]
    assert m.leaving_out_copies().ranking(q) == ["neighbour"]
    assert m.leaving_out_copies().without([True, True]).skip_copies
