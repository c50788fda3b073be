"""`regc ask`, round H14x: CFR sections named by the headings of the standards they hold
(:mod:`regc.retrieval.standards`, :data:`regc.retrieval.lifts.STANDARD_LEVEL`) and the practitioner words for the
Privacy Rule's safeguards (:data:`regc.retrieval.lexicon.SAFEGUARD_BRIDGES`; written after reading the hhsfaq
misses, so in-sample)."""

from __future__ import annotations

import pytest

from regc.retrieval.anchor import extract_anchor
from regc.retrieval.ask import Asker
from regc.retrieval.lexicon import bridge
from regc.retrieval.search import Searcher
from regc.retrieval.standards import MAX_HEADINGS, named_standards, standard_headings
from retrieval_helpers import ask_index

H = "doc:hipaa_combined#"


# -- the headings ---------------------------------------------------------------------------------------------------

def test_standard_and_specification_headings_are_read_from_the_text():
    heads = standard_headings({
        "d#§ 1": "(a)(1) Standard: Security management process. Implement ... (ii) Implementation specifications: "
                 "(A) Risk analysis (Required). Conduct ... (B) Risk management (Required).",
        "d#§ 2": "(b) Standard: Minimum necessary —(1) Minimum necessary applies. When using ...",
        "d#§ 3": "A standard: this is no heading. Implementation specification: Response and reporting (Required).",
    })
    assert heads == {"d#§ 1": ("Security management process", "Risk analysis", "Risk management"),
                     "d#§ 2": ("Minimum necessary",), "d#§ 3": ("Response and reporting",)}


def test_a_heading_many_sections_hold_names_none():
    texts = {f"d#§ {i}": "(j) Standard: Documentation. Maintain ..." for i in range(MAX_HEADINGS + 1)}
    texts["d#§ 9"] = "(c) Standard: Safeguards. A covered entity ..."
    assert standard_headings(texts) == {"d#§ 9": ("Safeguards",)}


def test_a_question_names_a_standard_of_two_words_or_more_and_the_lexicon_one_word():
    heads = {"d#§ 2": ("Minimum necessary",), "d#§ 9": ("Safeguards",), "d#§ 7": ("Device and media controls",)}
    assert named_standards("Must the minimum necessary rule be applied here?", heads) == ["d#§ 2"]
    assert named_standards("Is the necessary minimum enough?", heads) == []  # out of order
    assert named_standards("Which safeguards do we need?", heads) == []  # one word, the question's own
    assert named_standards("incidental use or disclosure reasonable safeguards", heads, min_words=1) == ["d#§ 9"]
    assert named_standards("disposal media re-use device and media controls", heads) == ["d#§ 7"]


# -- the lexicon ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, words", [
    ("Can we toss old charts into the recycling bin or the dumpster?", "disposal safeguards"),
    ("May a shredding firm pick up our files?", "disposal safeguards"),
    ("Is a whiteboard listing patients at the nurses' station allowed?", "incidental use or disclosure reasonable safeguards"),
    ("Visitors could overhear conversations at the desk.", "incidental use or disclosure reasonable safeguards"),
    ("May we leave a voicemail for the patient?", "reasonable safeguards"),
    ("Must we renovate our offices so nobody sees a screen?", "reasonable safeguards"),
    ("She wants us to call her only on her mobile.", "confidential communications"),
    ("Can nursing students read charts?", "health care operations"),
    ("Our risk managers want the file for a malpractice claim.", "health care operations"),
    ("Our vendor stores backups overseas.", "risk analysis risk management"),
])
def test_safeguard_bridges(question, words):
    assert words in bridge(question)


@pytest.mark.parametrize("question, words", [
    ("Which job roles can see the full record?", "incidental use or disclosure reasonable safeguards"),  # no object
    ("We called her yesterday.", "confidential communications"),
    ("Do students have a right to see their grades?", "health care operations"),
    ("Does the Taxonomy cover our country's grid?", "risk analysis risk management"),
])
def test_safeguard_bridges_near_misses(question, words):
    assert words not in bridge(question)


# -- the lift -------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(ask_index())


def _lifted(searcher, question, near, **attrs):
    a = Asker(searcher)
    a.__dict__.update(attrs)
    out = {}
    a._lift_standards(extract_anchor(question, searcher), near, lambda n, lv, o: out.__setitem__(n, (lv, o)))
    return out


@pytest.mark.retrieval
def test_the_index_reads_the_standards_of_the_privacy_and_security_rules(searcher):
    st = Asker(searcher)._standards
    assert "Safeguards" in st[H + "§ 164.530"] and "Minimum necessary" in st[H + "§ 164.502"]
    assert "Disposal" in st[H + "§ 164.310"] and "Risk analysis" in st[H + "§ 164.308"]


@pytest.mark.retrieval
def test_a_named_standard_lifts_its_section_anywhere(searcher):
    q = "When we bill payers in the standard format, does the minimum necessary rule still apply?"
    got = _lifted(searcher, q, [H + "§ 162.923"])
    assert got.get(H + "§ 164.502") == (0.7, "heading")


@pytest.mark.retrieval
def test_a_bridged_one_word_standard_lifts_only_beside_the_best_provisions(searcher):
    q = "Visitors on the ward might see or hear patient information on the whiteboard. Must we stop?"
    assert H + "§ 164.530" in _lifted(searcher, q, [H + "§ 164.502"])  # same division (Part 164, Subpart E)
    assert H + "§ 164.530" not in _lifted(searcher, q, [H + "§ 164.312"])  # a Security Rule section: not beside it


@pytest.mark.retrieval
def test_retrieve_uses_the_standard_lift_and_can_be_switched_off(searcher, monkeypatch):
    q = "When we bill payers in the standard claim format, doesn't the minimum necessary rule conflict with it?"
    calls = []
    real = Asker._lift_standards
    monkeypatch.setattr(Asker, "_lift_standards", lambda self, *a: calls.append(1) or real(self, *a))
    hits = {h.node: h.score for h in Asker(searcher).retrieve(q, 50)[1]}
    assert calls and hits.get(H + "§ 164.502", 0.0) >= 0.7 - 1e-9
    a = Asker(searcher)
    a.standard_level = None
    a.retrieve(q, 10)
    assert len(calls) == 1  # off: not called
