"""`regc ask`, round H14m: an article named by the one environmental objective its heading names ("count towards
the circular economy objective" -> the criteria article of that objective and the empowering regulation's
"Substantial contribution to ..." article), a quoted phrase an act defines, a glossary the closure brings, and
the fresh8 vocabulary (in-sample)."""

from __future__ import annotations

import pytest

from regc.retrieval.ask import Asker
from regc.retrieval.headings import article_headings, named_by_objective, objective_headings
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

pytestmark = pytest.mark.retrieval
HIPAA = "doc:hipaa_combined"
HEADS = {
    "R#Article 9": "Environmental objectives",  # names all six: none in particular
    "R#Article 10": "Substantial contribution to climate change mitigation",
    "R#Article 11": "Substantial contribution to climate change adaptation",
    "R#Article 13": "Substantial contribution to the transition to a circular economy",
    "R#Article 14": "Substantial contribution to pollution prevention and control",
    "D#Article 2": "Technical screening criteria related to the transition to a circular economy",
    "D#Article 8": "Entry into force and application",
}


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(ask_index())


def test_headings_naming_one_objective_are_listed_with_it():
    assert objective_headings(HEADS) == {"R#Article 10": "CCM", "R#Article 11": "CCA", "R#Article 13": "CE",
                                         "R#Article 14": "PPC", "D#Article 2": "CE"}


def test_a_question_naming_one_objective_names_the_articles_headed_by_it():
    objs = objective_headings(HEADS)
    q = "We refurbish discarded furniture. Can this count towards the circular economy objective?"
    assert named_by_objective(q, objs) == ["R#Article 13", "D#Article 2"]
    assert named_by_objective("Does our heat pump count for climate change adaptation?", objs) == ["R#Article 11"]
    q = "What level must it meet for climate mitigation, and when is it significant harm to pollution prevention?"
    assert named_by_objective(q, objs) == ["R#Article 10", "R#Article 14"]  # two objectives: both asked about


@pytest.mark.parametrize("q", [
    "Which years do we report for the water, circular economy, pollution and biodiversity activities?",  # four
    "Does it count for climate mitigation, the circular economy or pollution prevention?",  # three: none
    "Which template do we use for our turnover KPI?",  # no objective
    "Is our wastewater plant covered by the water rules?",  # 'water' alone is not 'water and marine resources'
])
def test_near_misses_name_no_objective_article(q):
    assert named_by_objective(q, objective_headings(HEADS)) == []


def test_the_taxonomy_regulations_objective_articles_are_found_in_the_index(searcher):
    objs = objective_headings(article_headings(searcher.trees.values()))
    assert {n: o for n, o in objs.items() if n.startswith("32020R0852")} == {
        "32020R0852#Article 10": "CCM", "32020R0852#Article 11": "CCA", "32020R0852#Article 12": "WTR",
        "32020R0852#Article 13": "CE", "32020R0852#Article 14": "PPC", "32020R0852#Article 15": "BIO"}
    assert "32020R0852#Article 9" not in objs and "32020R0852#Article 17" not in objs


def test_an_article_named_by_its_objective_joins_at_the_objective_level(searcher):
    asker = Asker(searcher)
    asker.__dict__["_objective_headings"] = {"32020R0852#Article 26": "BIO"}  # an article search cannot see
    q = "We restore peat bogs. Does this count towards protecting biodiversity?"
    on = {h.node: h for h in asker.retrieve(q, 10)[1]}
    node = "32020R0852#Article 26"
    assert on[node].origin == "objective" and abs(on[node].score - 0.7) < 1e-9
    off_asker = Asker(searcher, objective_level=None)
    off_asker.__dict__["_objective_headings"] = {"32020R0852#Article 26": "BIO"}
    off = {h.node: h for h in off_asker.retrieve(q, 500)[1]}
    assert node not in off or off[node].score < on[node].score
    # the same article is not lifted for a question naming another objective, or several
    for other in ("We restore peat bogs. Does this count towards climate change mitigation?",
                  "We restore peat bogs for biodiversity, the circular economy and pollution prevention."):
        hits = {h.node: h for h in asker.retrieve(other, 500)[1]}
        assert node not in hits or hits[node].origin != "objective", other


def test_lexicon_bridges_the_fresh8_words_and_near_misses():
    """Round H14m (written after reading the fresh8 misses, so in-sample): 'hacking' is the inflection the hacker
    entry lacked, a sister or brother is a family member."""
    from regc.retrieval.lexicon import bridge

    assert "security incident malicious software" in bridge("Our vendor had a hacking attempt on its servers.")
    assert "family member" in bridge("His sister looked after him during his illness.")
    assert "family member" in bridge("Can we tell her brothers?")
    assert "family member" not in bridge("Our sister hospitals share one electronic record.")  # an arrangement
    assert "security incident malicious software" not in bridge("We take a hackney carriage to the clinic.")


def test_a_quoted_phrase_an_act_defines_is_a_term_of_the_question(searcher):
    """'payment' is one of many terms of § 164.501's glossary: unquoted it names nothing (one word of a long
    glossary), quoted -- also in the plural -- it is the question's term and brings its definitions section."""
    from regc.retrieval.anchor import extract_anchor

    node = f"{HIPAA}#§ 164.501"
    for q in ("Does collecting a co-pay count as 'payment' under the privacy rule?",
              "Do these count as ‘payments’?"):
        a = extract_anchor(q, searcher)
        assert "payment" in a.terms and node in a.term_nodes, q
    for q in ("Does collecting a co-pay count as payment under the privacy rule?",  # not quoted
              "Does collecting a co-pay count as 'paymentx'?",  # not defined
              "The patient's payment records at our 'front desk'?"):  # an apostrophe is no quote
        assert node not in extract_anchor(q, searcher).term_nodes, q


def test_a_glossary_the_closure_brings_is_scaled_like_one_search_finds(searcher):
    """§ 164.501 (the Privacy Rule's glossary, cited by every section around it) reaches a question about a
    curious receptionist by closure at 0.7; the question uses none of its terms, so it joins at 0.8 x that."""
    q = "A receptionist looked up her neighbour's medical record out of curiosity. Are we required to discipline her?"
    node = f"{HIPAA}#§ 164.501"
    on = {h.node: h for h in Asker(searcher).retrieve(q, 500)[1]}
    off_asker = Asker(searcher)
    off_asker.glossary_closure = False
    off = {h.node: h for h in off_asker.retrieve(q, 500)[1]}
    assert off[node].origin == "closure" and abs(off[node].score - 0.7) < 1e-9
    assert on[node].score < off[node].score and (on[node].origin == "search" or
                                                 abs(on[node].score - 0.8 * 0.7) < 1e-9)
    # a glossary the question uses a term of is not scaled: § 160.103 ('protected health information') stays
    assert on[f"{HIPAA}#§ 160.103"].score == off[f"{HIPAA}#§ 160.103"].score
