"""`regc ask`, round H14u: headings named in practitioner words, sibling sections named in the lexicon's words
within the seed's own CFR division, and the fresh14 vocabulary (written after reading the fresh14 misses, so
in-sample); the same-division citing join (:data:`regc.retrieval.closure.CITING_CLOSURE`)."""

from __future__ import annotations

import pytest

from regc.retrieval.anchor import extract_anchor
from regc.retrieval.ask import Asker
from regc.retrieval.headings import named_by_heading
from regc.retrieval.lexicon import bridge, heading_bridge
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

pytestmark = pytest.mark.retrieval
HIPAA = "doc:hipaa_combined"


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(ask_index())


def test_lexicon_bridges_the_fresh14_words_and_near_misses():
    cases = {
        "We faxed the discharge summary to the wrong hospital. Is that a breach we must report?": None,
        "Our clerk emailed a lab report to the wrong patient.": "breach",
        "The letter was misdirected to a neighbour.": "breach",
        "Is encryption optional for a small practice?": "addressable implementation specification",
        "Will the Department seek voluntary compliance first?": "technical assistance cooperation informal means",
        "Are business associates themselves subject to the Department's complaint investigations?":
            "applicability covered entity",
    }
    for question, want in cases.items():
        if want is None:  # the rule's own word is in the question: nothing to add
            assert "breach" not in bridge(question), bridge(question)
        else:
            assert want in bridge(question), (question, bridge(question))
    for q, unwanted in (
            ("We took the wrong turn on the way to the hospital.", "breach"),
            ("Is encryption required for laptops?", "addressable implementation specification"),
            ("Is compliance with the standards mandatory?", "addressable implementation specification"),
            ("Are volunteers part of our workforce?", "technical assistance cooperation informal means"),
            ("Are business associates subject to the same fee limits?", "applicability covered entity")):
        assert unwanted not in bridge(q), (q, bridge(q))


def test_heading_bridges_name_an_article_by_its_heading_in_practitioner_words():
    heads = {"X#Article 14": "Capacity increases", "X#Article 16": "Enabling activities",
             "X#Article 9": "Environmental objectives"}
    q = "We make filters that let cement and glass plants cut their dust emissions. Does that count?"
    assert heading_bridge(q) == ("enabling activities",)
    assert named_by_heading(q, heads) == []  # the question's own words name no heading
    assert [n for b in heading_bridge(q) for n in named_by_heading(b, heads)] == ["X#Article 16"]
    q = "If we later enlarge the plant, how is the extra output treated?"
    assert heading_bridge(q) == ("capacity increases",)
    assert [n for b in heading_bridge(q) for n in named_by_heading(b, heads)] == ["X#Article 14"]
    for q in ("Will this loan help us reduce our emissions?",  # our own reduction enables nothing
              "Let us know what the criteria are.",
              "We expand our product range.",  # not a plant
              "What extra documents must we keep?"):
        assert heading_bridge(q) == (), q


def test_an_article_named_in_practitioner_words_joins_at_the_heading_level(searcher):
    q = ("We manufacture catalytic filters that let cement plants cut their NOx emissions. Can making them count "
         "as a substantial contribution?")
    node = "32020R0852#Article 16"
    on = {h.node: h for h in Asker(searcher).retrieve(q, 10)[1]}
    off_asker = Asker(searcher)
    off_asker.heading_bridges = False
    off = {h.node: h for h in off_asker.retrieve(q, 500)[1]}
    assert on[node].origin == "heading" and abs(on[node].score - 0.7) < 1e-9
    assert node not in off or off[node].origin != "heading"


def test_a_sibling_named_in_the_lexicons_words_joins_only_within_the_seeds_division(searcher):
    """"subject to the Department's investigations" bridges to "applicability"; of the sections headed
    "Applicability." near § 160.310 (part 160, subpart C) only that subpart's own (§ 160.300) joins, not part 160
    subpart D's (§ 160.400), which is as near in document order."""
    from regc.retrieval.headings import named_near

    q = "Are business associates themselves subject to the Department's complaint investigations?"
    anchor = extract_anchor(q, searcher)
    assert "applicability covered entity" in anchor.bridged
    near = [f"{HIPAA}#§ 160.310"]
    asker = Asker(searcher)
    assert asker._divisions[f"{HIPAA}#§ 160.300"] == asker._divisions[near[0]]
    assert f"{HIPAA}#§ 160.400" in named_near("applicability", asker._sections, near)  # near, other subpart
    lifted: list[str] = []
    asker._lift_siblings(anchor, near, lambda n, level, origin: lifted.append(n))
    assert f"{HIPAA}#§ 160.300" in lifted and f"{HIPAA}#§ 160.400" not in lifted
    asker.sibling_bridged = False
    lifted.clear()
    asker._lift_siblings(anchor, near, lambda n, level, origin: lifted.append(n))
    assert f"{HIPAA}#§ 160.300" not in lifted


def test_a_section_citing_a_best_provision_joins_from_the_same_division_only(searcher):
    """§ 162.1000 ("use the applicable medical data code sets described in § 162.1002") cites § 162.1002, both in
    part 162 subpart J: with § 162.1002 among the best provisions it joins at CITING_CLOSURE x its score, when some
    view's search pool holds it and it passes the overlap test; not when unsearched, not across divisions."""
    from regc.retrieval.closure import CITING_CLOSURE

    seed, citing = f"{HIPAA}#§ 162.1002", f"{HIPAA}#§ 162.1000"
    asker = Asker(searcher)
    assert citing in asker._citing[seed] and asker._divisions[seed] == asker._divisions[citing]
    anchor = extract_anchor("When conducting a transaction, which medical data code sets must a covered entity use?",
                            searcher)

    def run(searched, **attrs):
        a = Asker(searcher)
        a.__dict__.update(attrs)
        scores = {seed: (1.0, "search")}
        a._close_citing(anchor, scores, searched, lambda it: (-it[1][0], it[0]))
        return scores

    on = run({seed, citing})
    assert on[citing] == (CITING_CLOSURE * 1.0, "closure")
    assert citing not in run({seed})  # no view's pool holds it
    other = dict(asker._divisions, **{citing: "Part 162, Subpart I"})
    assert citing not in run({seed, citing}, _divisions=other)
    assert asker._divisions.get("32020R0852#Article 16") is None  # an EU article stands in no CFR division
