"""`regc ask`, round H14p: the annex holding an activity the question names (origin "activity" / "section") is
cited second, like the cued articles and the definitions of a term asked about, even when its answering-sentence
support would leave it beyond the cited rules; only the first ``CITE_ACTIVITY`` such annexes among the candidates
are."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from regc.retrieval import answer
from regc.retrieval.ask import Retrieved

pytestmark = pytest.mark.retrieval

QUESTION = "Can our hazardous waste collection count as a circular economy activity?"
SUPPORTED = "Hazardous waste collection circular economy activity."  # every focus word: high support
WEAK = "Collection of waste."  # one focus word: low support


@pytest.fixture
def cite(monkeypatch):
    texts = {"A#Annex II": SUPPORTED, "B#Annex II": SUPPORTED, "C#Annex I": SUPPORTED}
    monkeypatch.setattr(answer, "node_text", lambda s, node, version=None: texts.get(node, WEAK))
    monkeypatch.setattr(answer, "title_keys", lambda s, node: set(), raising=False)
    monkeypatch.setattr(answer, "_introducers_of", lambda s: {})
    monkeypatch.setattr(answer, "version_of_node", lambda s, node, version=None: None)
    monkeypatch.setattr(answer, "_assemble", lambda s, rules: "")
    anchor = SimpleNamespace(question=QUESTION, terms=(), term_nodes=(), bridged=(),
                             topic=("hazardous", "waste", "collection", "circular", "economy", "activity"))

    def run(hits):
        return answer.extractive(None, anchor, hits, title_weight=0.0, max_rules=3).rule_ids()  # 3 of the 5
    return run


def _hits(*origins: str) -> list[Retrieved]:
    """Three well-supported search hits, then two weakly supported annexes of the given origins."""
    return [Retrieved("A#Annex II", 1.0), Retrieved("B#Annex II", 0.95), Retrieved("C#Annex I", 0.9),
            Retrieved("A#Annex III", 0.85, origins[0]), Retrieved("A#Annex IV", 0.8, origins[1])]


def test_the_named_activity_annex_is_cited_second(cite):
    assert cite(_hits("activity", "search")) == ["A#Annex II", "A#Annex III", "B#Annex II"]
    assert cite(_hits("section", "search"))[1] == "A#Annex III"  # named by its code: the same


def test_a_search_hit_of_low_support_is_not(cite):
    assert "A#Annex III" not in cite(_hits("search", "search"))


def test_only_the_first_named_activity_annex(cite, monkeypatch):
    assert cite(_hits("activity", "activity")) == ["A#Annex II", "A#Annex III", "B#Annex II"]
    monkeypatch.setattr(answer, "CITE_ACTIVITY", 0)  # off: by support only
    assert cite(_hits("activity", "activity")) == ["A#Annex II", "B#Annex II", "C#Annex I"]
