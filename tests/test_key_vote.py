"""Rounds 47 / 47b: the memory's key vote -- the share of a question's nearest released questions whose KEY provision
a retrieved provision is -- travels with the route's hits (``Retrieved.key_share``), and the rules-only answer also
cites a candidate it considers whose share reaches ``KEY_SHARE``, after its own choices and within its cap."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from regc.retrieval import answer as A
from regc.retrieval import key_vote as kv
from regc.retrieval import networks as nw
from regc.retrieval.ask import Asker
from regc.retrieval.memory import Memory, load_memory
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

HIPAA_QS = ("Do we need to train our staff on security and keep the documentation?",
            "May a hospital tell a patient's family about her condition when she is unconscious?",
            "Can our clinic email lab results to a patient who asks for them by email?")
TAXONOMY_Q = "disclosure of turnover capital expenditure key performance indicators"


def test_the_key_share_counts_each_neighbour_for_its_first_gold_provision_only():
    m = Memory(np.array([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]], dtype=np.float32),
               (("a", "b"), ("b", "a"), ("c",)), 2)
    q = np.array([1.0, 0.0])
    assert [round(x, 3) for x in kv.key_shares(m, q, ["a", "b", "c"])] == [0.556, 0.444, 0.0]
    assert kv.key_shares(m, None, ["a"]) == [0.0]  # the memory read nothing
    assert kv.key_memory(m).gold == (("a",), ("b",), ("c",)) and m.gold[0] == ("a", "b")


class _MemoryAsker:
    def __init__(self, memory, vector):
        self.memory, self._vector = memory, vector

    def question_vector(self, anchor):
        return self._vector


def test_hits_carry_their_share_and_the_switch_turns_it_off(monkeypatch):
    from regc.retrieval.ask import Retrieved

    m = Memory(np.array([[1.0, 0.0], [0.0, 1.0]], dtype=np.float32), (("x#1",), ("x#2",)), 1)
    hits = [Retrieved("x#1", 1.0), Retrieved("x#2", 0.5)]
    got = kv.with_key_votes(_MemoryAsker(m, np.array([1.0, 0.0])), None, hits)
    assert [h.key_share for h in got] == [1.0, 0.0] and [h.node for h in got] == ["x#1", "x#2"]
    monkeypatch.setattr(kv, "KEY_VOTE", False)
    assert kv.with_key_votes(_MemoryAsker(m, np.array([1.0, 0.0])), None, hits) is hits


def _considered_uncited(s, anchor, hits):
    """The candidates the answer considers (an answering sentence, within the margin) and does not cite."""
    cited = set(A.extractive(s, anchor, hits).rule_ids())
    focus, top = A._focus(anchor), hits[0].score
    out = []
    for h in hits[:A.MAX_CANDIDATES]:
        if h.score < A.CITE_MARGIN * top:
            break
        need = A.MIN_OVERLAP if len(focus) > 2 else 1
        if A._claims(A.node_text(s, h.node, h.version), focus, need, A.word_weights(s, h.node, focus))[1] \
                and h.node not in cited:
            out.append(h.node)
    return cited, out


def test_a_voted_candidate_is_cited_after_the_answers_own_choices_within_the_cap():
    s = Searcher.open(ask_index())
    asker = Asker(s)
    seen = 0
    for q in HIPAA_QS:
        anchor, hits = asker.retrieve(q, 10)
        cited, spare = _considered_uncited(s, anchor, hits)
        if not spare or len(cited) >= A.MAX_RULES:
            continue
        seen += 1
        voted = [dataclasses.replace(h, key_share=kv.KEY_SHARE if h.node == spare[0] else 0.0) for h in hits]
        got = A.extractive(s, anchor, voted).rule_ids()
        assert got[:len(cited)] == A.extractive(s, anchor, hits).rule_ids() and got[len(cited):] == [spare[0]]
        under = [dataclasses.replace(h, key_share=kv.KEY_SHARE - 0.01 if h.node == spare[0] else 0.0) for h in hits]
        assert A.extractive(s, anchor, under).rule_ids() == A.extractive(s, anchor, hits).rule_ids()
        outside = [dataclasses.replace(h, key_share=1.0 if i >= A.MAX_CANDIDATES else 0.0) for i, h in enumerate(hits)]
        assert A.extractive(s, anchor, outside).rule_ids() == A.extractive(s, anchor, hits).rule_ids()
    assert seen  # at least one question had room and a candidate to add


@pytest.mark.parametrize("question, routed", [(HIPAA_QS[0], True), (TAXONOMY_Q, False)])
def test_only_the_memory_orders_hits_carry_the_vote(monkeypatch, question, routed):
    s = Searcher.open(ask_index())
    plain, memory = Asker(s), Asker(s, memory=load_memory())
    monkeypatch.setattr(nw, "memory_reads", lambda asker: True)  # as on an index with its dense part
    # this test index has no dense part: the question is read as the memory's own row of a released HIPAA question
    # asked in the same words would be (its vector votes for the keys of its HIPAA neighbours)
    net = "doc:hipaa_combined#" if routed else "3"  # a released question of the question's own network
    row = next(i for i, g in enumerate(memory.memory.gold) if g[0].startswith(net))
    memory.question_vector = lambda anchor: np.asarray(memory.memory.vectors[row], dtype=np.float32)
    first = nw.retrieve_by_network(plain, memory, question, 10)[1]
    # ... the row of a released question whose key is the first hit, so that its own vote lands on a hit
    row = next(i for i, g in enumerate(memory.memory.gold) if g[0] in {h.node for h in first[:3]})
    hits = nw.retrieve_by_network(plain, memory, question, 10)[1]
    assert [h.node for h in hits] == [h.node for h in first]
    assert any(h.key_share > 0 for h in hits) == routed
