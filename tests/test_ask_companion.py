"""`regc ask`, round H14n: companions -- a provision the best provisions of at least three OTHER acts cite joins the
closure without the word-overlap test (the empowering regulation's objective article behind the criteria annexes of
several delegated acts), while a glossary, an article of another environmental objective and a provision cited by
fewer acts (or by several provisions of one act) do not."""

from __future__ import annotations

from types import SimpleNamespace

import networkx as nx
import pytest

from regc.retrieval.ask import DECAY, Asker

pytestmark = pytest.mark.retrieval
ART = "R#Article 10"  # "Substantial contribution to climate change mitigation"


def _asker(citers: list[str], *, glossary: bool = False, objectives: dict | None = None) -> Asker:
    g = nx.MultiDiGraph()
    for c in citers:
        g.add_edge(f"{c}(1)", c, type="PART_OF")
        g.add_edge(f"{c}(1)", f"{ART}(2)", type="REFERENCES")
    nodes = set(citers) | {ART}
    searcher = SimpleNamespace(graph=g, has_dense=False, part_nodes=lambda: nodes,
                               activities={c: [["CCM-3.1", "Manufacture"]] for c in citers})
    asker = Asker(searcher, lineage_closure=(), named_closure=None)
    asker.__dict__.update(_glossaries={ART} if glossary else set(), _objective_headings=objectives or {ART: "CCM"})
    asker._focus_words = lambda anchor: {"locomotiv", "diesel", "rail"}
    asker._words = lambda node: set()  # the article shares no word with the question: the overlap test fails
    return asker


def _close(asker: Asker, citers: list[str], question: str = "Are diesel locomotives transitional?") -> dict:
    scores = {c: (1.0 - i / 10, "search") for i, c in enumerate(citers)}
    anchor = SimpleNamespace(question=question, term_nodes=set())
    asker._close(anchor, scores, set(scores), lambda item: (-item[1][0], item[0]))
    return scores


def test_a_provision_cited_by_three_other_acts_best_provisions_is_a_companion():
    citers = ["A#Annex I", "B#Annex I", "C#Annex I"]
    scores = _close(_asker(citers), citers)
    assert scores[ART][1] == "companion" and abs(scores[ART][0] - DECAY * 1.0) < 1e-9  # no unsearched factor


@pytest.mark.parametrize("citers", [
    ["A#Annex I", "B#Annex I"],  # two acts agree: not enough
    ["A#Annex I", "A#Annex II", "A#Annex III"],  # three provisions of ONE act: one voice
])
def test_near_misses_fewer_acts_are_no_companions(citers):
    assert ART not in _close(_asker(citers), citers)


def test_glossaries_and_other_objectives_are_no_companions():
    citers = ["A#Annex I", "B#Annex I", "C#Annex I"]
    assert ART not in _close(_asker(citers, glossary=True), citers)  # every provision cites its glossary
    # the question names the circular economy: the climate-mitigation article is no companion ...
    assert ART not in _close(_asker(citers), citers, "Does repairing locomotives count towards the circular economy?")
    # ... and without a named objective, that of the best criteria annex (here CCM) decides
    assert _close(_asker(citers), citers)[ART][1] == "companion"
    assert ART not in _close(_asker(citers, objectives={ART: "CE"}), citers)


def test_companions_off():
    citers = ["A#Annex I", "B#Annex I", "C#Annex I"]
    asker = _asker(citers)
    asker.companion_seeds = None
    assert ART not in _close(asker, citers)
