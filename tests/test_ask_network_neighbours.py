"""Round 46: the route's network decision also reads the memory -- a question naming no act whose memory neighbours
all hold gold of one network is given that network (:func:`regc.retrieval.networks.neighbours_network`), read from
the question's own vector as the memory reads it (:meth:`regc.retrieval.ask.Asker.question_vector`)."""

from __future__ import annotations

import numpy as np

import regc.retrieval.index as index_mod
from regc.retrieval import networks as nw
from regc.retrieval.anchor import Anchor, extract_anchor
from regc.retrieval.ask import Asker
from regc.retrieval.memory import Memory, load_memory
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index, dense_index

HIPAA = "doc:hipaa_combined"
EU_ROW = ("32020R0852#Article 8",)
HIPAA_ROW = (HIPAA + "#§ 164.502",)


class _MemoryAsker:
    """The part of a memory asker :func:`neighbours_network` reads: its memory and the question's vector."""

    def __init__(self, s, memory, vector):
        self.s, self.memory, self._vector = s, memory, vector

    def question_vector(self, anchor):
        return self._vector


def _memory(rows, neighbours):
    vectors = np.array([[1.0, 0.0], [0.9, 0.1], [0.0, 1.0]], dtype=np.float32)
    return Memory(vectors / np.linalg.norm(vectors, axis=1, keepdims=True), tuple(rows), neighbours)


def test_unanimous_neighbours_name_their_network_and_split_ones_name_none(monkeypatch):
    plain = Asker(Searcher.open(ask_index()))
    monkeypatch.setattr(nw, "memory_reads", lambda asker: True)
    q, anchor = np.array([1.0, 0.0]), Anchor("who may see my chart?")
    rows = (HIPAA_ROW, HIPAA_ROW, EU_ROW)
    assert nw.neighbours_network(plain, _MemoryAsker(plain.s, _memory(rows, 2), q), anchor) == HIPAA
    assert nw.neighbours_network(plain, _MemoryAsker(plain.s, _memory(rows, 3), q), anchor) is None  # split
    unknown = (HIPAA_ROW, ("31999X0000#Article 1",), EU_ROW)  # an act the index does not hold: no vote
    assert nw.neighbours_network(plain, _MemoryAsker(plain.s, _memory(unknown, 2), q), anchor) is None
    assert nw.neighbours_network(plain, _MemoryAsker(plain.s, None, q), anchor) is None  # no memory
    assert nw.neighbours_network(plain, _MemoryAsker(plain.s, _memory(rows, 2), None), anchor) is None


def test_the_neighbours_overrule_the_fusion_only_for_a_question_naming_no_act(monkeypatch):
    chosen = {HIPAA: "memory-rerank"}
    monkeypatch.setattr(nw, "question_networks", lambda asker, trace: ("32018L2001",))
    monkeypatch.setattr(nw, "neighbours_network", lambda asker, memory_asker, anchor: HIPAA)
    assert nw.question_route(None, None, Anchor("is a shared login fine?"), {}, chosen) == "memory-rerank"
    named = Anchor("under the Taxonomy Regulation, is a shared login fine?", acts=("32020R0852",))
    assert nw.question_route(None, None, named, {}, chosen) == "default"
    monkeypatch.setattr(nw, "neighbours_network", lambda asker, memory_asker, anchor: None)  # split neighbours
    assert nw.question_route(None, None, Anchor("is a shared login fine?"), {}, chosen) == "default"


def test_the_question_vector_is_the_one_the_memory_read_and_is_not_encoded_again(monkeypatch):
    s = Searcher.open(dense_index())
    memory = Asker(s, memory=load_memory())
    question = "Which key performance indicators do non-financial undertakings disclose?"
    trace: dict = {}
    anchor, _ = memory.retrieve(question, 10, trace=trace)
    calls: list = []
    real = index_mod.encode_query
    monkeypatch.setattr(index_mod, "encode_query", lambda texts: calls.append(texts) or real(texts))
    got = memory.question_vector(anchor)
    assert calls == [] and np.array_equal(got, trace["memory_vector"])
    assert anchor == extract_anchor(question, s)


def test_the_harness_counts_misroutes_per_share_threshold():
    from harness.route_neighbours import misroutes

    recs = [{"true": HIPAA, "fused": ["E"], "share": 1.0}, {"true": HIPAA, "fused": ["E"], "share": 0.6},
            {"true": "EU", "fused": ["E"], "share": 0.8}, {"true": "EU", "fused": [HIPAA], "share": 0.0}]
    assert misroutes(recs, HIPAA, 2.0) == (2, 1)  # the fusion alone
    assert misroutes(recs, HIPAA, 0.9) == (1, 1) and misroutes(recs, HIPAA, 0.5) == (0, 2)
