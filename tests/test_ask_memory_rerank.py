"""`regc ask --memory --rerank` (issue 14, round 35's variant (2) through the package, H14rmi): the memory's vote as
features of the learned re-ranker, computed at run time by :mod:`regc.retrieval.memory_features` (the harness
imports the same functions), scored by ``rerank_memory_weights.json``; ``--memory`` alone and the default keep
their orders."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import harness.rerank_memory as harness_memory
from regc.cli import main
from regc.retrieval import memory_features as mf
from regc.retrieval.ask import Asker
from regc.retrieval.memory import Memory, load_memory
from regc.retrieval.rerank import (MEMORY_TRAINED, MEMORY_WEIGHTS, WeightsError, feature_rows, learned_scores,
                                   load_weights, question_key, reorder, retrieve_reranked, trained_on)
from regc.retrieval.rerank_features import FEATURES
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

FIXTURES = Path(__file__).parent / "fixtures" / "ask"
Q = "Do we need to train our staff on security and keep the documentation?"
ALL = FEATURES + mf.MEMORY_FEATURES


def _unit(v):
    v = np.asarray(v, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_features_on_a_toy_memory():
    # three past questions: two near the asked one vote "a" (and one of them "b"); a far one votes "c"
    m = Memory(np.vstack([_unit([1, 0]), _unit([0.8, 0.6]), _unit([0, 1])]), (("a",), ("a", "b"), ("c",)), 2)
    rows = mf.question_memory_features(m, _unit([1, 0]), ["b", "a", "c"])
    a_votes, b_votes = 1.0 + 0.8, 0.8
    near = pytest.approx  # float32 vectors: cosines within 1e-6 of the decimals
    assert rows[1][:6] == near([a_votes / (a_votes + b_votes), 1.0, 1.0, 1.0, 1.0, 1.0], abs=1e-6)
    assert rows[0][:6] == near([b_votes / (a_votes + b_votes), b_votes / a_votes, 0.5, 1.0, 0.8, 0.5], abs=1e-6)
    assert rows[2][:6] == [0.0] * 6  # "c"'s voter is not among the 2 nearest
    assert len({tuple(r[6:]) for r in rows}) == 1 and rows[0][6:] == near([1.0, a_votes / (a_votes + b_votes)])
    # skip_copies: the asked question's own stored copy does not vote, the next two do
    rows = mf.question_memory_features(m.leaving_out_copies(), _unit([1, 0]), ["a", "c"])
    assert rows[0][4] == pytest.approx(0.8) and rows[1][:6] != [0.0] * 6
    assert mf.question_memory_features(m, None, ["a"]) == [[0.0] * len(mf.MEMORY_FEATURES)]


def test_the_harness_reads_the_package_definition():
    assert harness_memory.memory_features is mf.memory_features
    assert harness_memory.MEMORY_FEATURES is mf.MEMORY_FEATURES
    assert harness_memory.question_memory_features is mf.question_memory_features


def test_memory_weights_are_for_the_memory_features_and_their_trained_questions_are_recorded():
    w = load_weights(MEMORY_WEIGHTS, ALL)
    assert w["kind"] == "gbm" and (w["depth"], w["n_trees"]) == (2, 200)
    used = {f for t in w["trees"] for f, leaf in zip(t["feature"], t["leaf"]) if not leaf}
    assert any(f >= len(FEATURES) for f in used)  # the trees split on the memory's features
    with pytest.raises(WeightsError):
        load_weights(MEMORY_WEIGHTS)  # not weights for round 28's features alone
    doc = json.loads(MEMORY_TRAINED.read_text(encoding="utf-8"))
    assert doc["keys"] == sorted(set(doc["keys"])) and doc["files"] == len(list(FIXTURES.glob("*.jsonl")))
    sealed6 = json.loads((FIXTURES / "hipaa_webfaq6.jsonl").read_text().splitlines()[0])["question"]
    assert question_key(sealed6) in doc["keys"]  # released after round 28, trained on here
    assert trained_on([sealed6, "a question nobody released?"], MEMORY_TRAINED) == 1


class _Voted(Asker):
    """An asker whose retrieve hands the memory a fixed question vector (the BM25-only test index reads none)."""

    vector = None

    def retrieve(self, *a, trace=None, **kw):
        out = super().retrieve(*a, trace=trace, **kw)
        if trace is not None:
            trace["memory_vector"] = self.vector
        return out


@pytest.mark.retrieval
def test_the_memory_path_scores_the_memory_features_with_the_memory_weights():
    s = Searcher.open(ask_index())
    hits = Asker(s).retrieve(Q, 30)[1]
    # a toy memory whose nearest past question votes for the hand-set's 7th provision
    toy = Memory(np.vstack([_unit([1, 0]), _unit([0, 1])]), ((hits[6].node,), ("elsewhere",)), 1)
    asker = _Voted(s, memory=toy)
    asker.vector = _unit([1, 0])
    trace: dict = {}
    anchor, head = asker.retrieve(Q, 30, trace=trace)
    rows = feature_rows(asker, anchor, trace, head)
    assert all(len(r) == len(ALL) for r in rows)
    assert [r[len(FEATURES):] for r in rows] == mf.question_memory_features(toy, asker.vector, [h.node for h in head])
    want = reorder(head, learned_scores(rows, load_weights(MEMORY_WEIGHTS, ALL)))[:10]
    assert [h.node for h in retrieve_reranked(asker, Q, 10)[1]] == [h.node for h in want]
    # weights that read only the vote share put the voted provision first
    share = {"features": list(ALL), "mean": [0.0] * len(ALL), "scale": [1.0] * len(ALL),
             "coef": [float(f == "mem_share") for f in ALL]}
    assert retrieve_reranked(asker, Q, 10, weights=share)[1][0].node == hits[6].node


@pytest.mark.retrieval
def test_memory_with_rerank_runs_and_differs_from_memory_alone(capsys):
    s = Searcher.open(ask_index())
    capsys.readouterr()
    assert main(["ask", str(ask_index()), Q, "--json", "--memory", "--rerank"]) == 0
    out = json.loads(capsys.readouterr().out)["retrieved"]
    want = retrieve_reranked(Asker(s, memory=load_memory()), Q, 10)[1]
    assert out == [h.to_json() for h in want]
    assert main(["ask", str(ask_index()), Q, "--json", "--memory"]) == 0
    alone = json.loads(capsys.readouterr().out)["retrieved"]
    assert alone == [h.to_json() for h in Asker(s, memory=load_memory()).retrieve(Q, 10)[1]]
    assert [r["locator"] for r in out] != [r["locator"] for r in alone]
    assert main(["ask", str(ask_index()), Q, "--json", "--no-by-network"]) == 0  # round 28's weights, no memory
    default = json.loads(capsys.readouterr().out)["retrieved"]
    assert default == [h.to_json() for h in retrieve_reranked(Asker(s), Q, 10)[1]]


@pytest.mark.retrieval
def test_without_a_memory_the_trace_holds_no_vector():
    trace: dict = {}
    Asker(Searcher.open(ask_index())).retrieve(Q, 10, trace=trace)
    assert trace["memory_vector"] is None
