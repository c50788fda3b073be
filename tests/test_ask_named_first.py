"""`regc ask`, round H14o: (1) at equal scores, a provision the question names (here the definitions of a term in
the question's own words) ranks before a closure neighbour, while the definitions of a term only the lexicon
supplies ("vendor" -> "business associate") do not; (2) a question asking whether something IS what a term names
cites the term's definitions second; (3) RRM is the max (its optional share was removed in H14p); (4) an introducer chosen beyond
the cited rules is added before its annex, and one cited after its annex stays there (the option that moved it up
was removed in round H14p)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from regc.retrieval import answer
from regc.retrieval.ask import Retrieved, order_key
from regc.retrieval.cues import asks_classification
from regc.retrieval.fusion import rrm
from regc.retrieval.lifts import NamedLifts

pytestmark = pytest.mark.retrieval


def test_named_provision_first_at_equal_score():
    items = [("doc#§ 164.502", (0.7, "closure")), ("doc#§ 160.103", (0.7, "term")),
             ("doc#§ 164.304", (0.7, "bridged")), ("doc#§ 164.520", (1.0, "search"))]
    agree = {"doc#§ 164.502": 0.6, "doc#§ 164.304": 0.9, "doc#§ 160.103": 0.1}
    ranked = [n for n, _ in sorted(items, key=lambda it: order_key(it, agree, True))]
    assert ranked == ["doc#§ 164.520", "doc#§ 160.103", "doc#§ 164.304", "doc#§ 164.502"]
    # off: the agreement alone orders the ties (the term, least agreed on, last)
    off = [n for n, _ in sorted(items, key=lambda it: order_key(it, agree, False))]
    assert off == ["doc#§ 164.520", "doc#§ 164.304", "doc#§ 164.502", "doc#§ 160.103"]
    # a higher score still wins over a named provision
    assert sorted([("A", (0.75, "closure")), ("T", (0.7, "term"))], key=lambda it: order_key(it, {}, True))[0][0] == "A"


def _lifts() -> NamedLifts:
    defs = {"doc": {"protected health information": "§ 160.103(2)", "business associate": "§ 160.103(1)",
                    "security incident": "§ 164.304(3)"}}
    obj = NamedLifts()
    obj.s = SimpleNamespace(acts=lambda: ["doc"], definitions=lambda celex: defs[celex])
    return obj


def test_own_term_nodes_are_those_of_the_question_words_not_the_lexicons():
    q = SimpleNamespace(question="Are the HR files protected health information?",
                        terms=("protected health information",))
    assert _lifts().own_term_nodes(q) == {"doc#§ 160.103"}
    # "vendor" / "hacking attempt" bridged to rule words: their definitions are no term of the question's own
    bridged = SimpleNamespace(question="Our cloud vendor had a hacking attempt.",
                              terms=("business associate", "security incident"))
    assert _lifts().own_term_nodes(bridged) == set()
    # a word inside a longer word is no use of the term
    part = SimpleNamespace(question="Is un-protected health information-sharing allowed?",
                           terms=("protected health information",))
    assert _lifts().own_term_nodes(part) == set()


def _hit(node: str, rank: int) -> Retrieved:
    return Retrieved(node, 1.0 - rank / 10)


@pytest.fixture
def intro(monkeypatch):
    monkeypatch.setattr(answer, "_introducers_of", lambda s: {"X#Annex V": ("X#Article 4", "X#Article 10")})
    monkeypatch.setattr(answer, "_claims", lambda text, focus, need: (1, [{"text": "t", "quote": "t"}]))
    monkeypatch.setattr(answer, "node_text", lambda s, node, version=None: "t")


def test_introducer_chosen_after_its_annex_stays_there(intro):
    hits = [_hit("X#Annex V", 0), _hit("Y#Annex I", 1), _hit("X#Article 4", 2)]
    chosen = [(h, 1.0, []) for h in hits]
    out = [f[0].node for f in answer._with_introducers(None, chosen, hits, set())]
    assert out == ["X#Annex V", "Y#Annex I", "X#Article 4"]


@pytest.mark.parametrize("question, term, expected", [
    ("Are those files protected health information under the privacy rule?", "protected health information", True),
    ("Does our clinic count as a covered entity?", "covered entity", True),
    ("Is the portal vendor a business associate?", "business associate", True),
    # near misses: the term is used, but nothing is asked to be it
    ("How long must we keep protected health information?", "protected health information", False),
    ("Which business associate contracts are needed?", "business associate", False),
    ("Is our contract with the vendor, a company that hosts files for us, a business associate agreement?",
     "business associate", False),  # more than three words between
])
def test_asks_classification(question, term, expected):
    assert asks_classification(question, term) is expected


def _answer_hits(origin: str):
    return [Retrieved("doc#§ 164.504", 1.0), Retrieved("doc#§ 164.520", 0.9), Retrieved("doc#§ 164.524", 0.8),
            Retrieved("doc#§ 164.512", 0.75), Retrieved("doc#§ 160.103", 0.7, origin)]


@pytest.mark.parametrize("origin, question, cited", [
    ("term", "Are those HR files protected health information?", True),
    ("off", "Are those HR files protected health information?", False),  # CITE_CLASSIFIED off: not cited
    ("bridged", "Are those HR files protected health information?", False),  # a lexicon term: not cited for it
    ("term", "How long must protected health information be kept in HR files?", False),  # no classification asked
])
def test_classified_term_is_cited(monkeypatch, origin, question, cited):
    monkeypatch.setattr(answer, "node_text", lambda s, node, version=None: "HR files protected health information.")
    monkeypatch.setattr(answer, "title_keys", lambda s, node: set(), raising=False)
    monkeypatch.setattr(answer, "_introducers_of", lambda s: {})
    monkeypatch.setattr(answer, "version_of_node", lambda s, node, version=None: None)
    monkeypatch.setattr(answer, "_assemble", lambda s, rules: "")
    if origin == "off":
        monkeypatch.setattr(answer, "CITE_CLASSIFIED", False)
        origin = "term"
    anchor = SimpleNamespace(question=question, terms=("protected health information",), term_nodes=("doc#§ 160.103",),
                             topic=("files", "protected", "health", "information"), bridged=())
    ans = answer.extractive(None, anchor, _answer_hits(origin), title_weight=0.0, max_rules=3)  # (5th: beyond 3)
    assert ("doc#§ 160.103" in ans.rule_ids()) is cited


def test_rrm_is_the_max_and_ties_break_on_the_sum():
    lists = [["a", "b"], ["b", "c"], ["b"]]
    assert [d for d, _ in rrm(lists, k=5)] == ["b", "a", "c"]  # b first in two lists: ties with a, wins on the sum
    scores = dict(rrm(lists, k=5))
    assert scores["a"] == scores["b"] == 1 / 6 and scores["c"] == 1 / 7  # the max, no share of the other lists


def test_introducer_chosen_beyond_the_cited_rules_is_added_before_its_annex(intro):
    # Article 4 ranks among the candidates but its support puts it 4th: beyond the 3 cited rules it was dropped
    hits = [_hit("X#Annex V", 0), _hit("Y#Annex I", 1), _hit("Z#Annex I", 2), _hit("X#Article 4", 3)]
    chosen = [(h, 1.0, []) for h in hits]
    out = [f[0].node for f in answer._with_introducers(None, chosen, hits, set(), cut=3)]
    assert out == ["X#Article 4", "X#Annex V", "Y#Annex I", "Z#Annex I"]
    # within the cited rules it stays where its support put it (after the annex)
    within = [(h, 1.0, []) for h in (hits[0], hits[3], hits[1])]
    assert [f[0].node for f in answer._with_introducers(None, within, hits, set(), cut=3)] == \
        ["X#Annex V", "X#Article 4", "Y#Annex I"]
    # no cut: the old behaviour (chosen anywhere counts as chosen)
    assert [f[0].node for f in answer._with_introducers(None, chosen, hits, set())] == [h.node for h in hits]


def test_a_sentence_a_provision_repeats_is_claimed_once():
    """Annexes repeat criteria word for word across activities: a rule's claims name each sentence once."""
    text = ("Forest holdings under 13 ha are not required to perform the analysis. Other text here. "
            "Forest holdings under 13 ha are not required to perform the analysis. Holdings plan the forest.")
    _, claims = answer._claims(text, {"forest", "hold"}, 1)
    quotes = [c["quote"] for c in claims]
    assert len(quotes) == len(set(quotes)) == 2
    assert all(answer.verbatim(q, text) for q in quotes)
