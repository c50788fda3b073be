"""`regc ask`, round H14w (fresh16 released; written after reading its misses, so in-sample): a duty's
applicability and the burden of proof named in practitioner words (the lexicon), and the form annex of a question
asking in which table or template it presents its figures (:data:`regc.retrieval.lifts.FORM_LEVEL`)."""

from __future__ import annotations

import pytest

from regc.retrieval.anchor import extract_anchor
from regc.retrieval.ask import Asker
from regc.retrieval.cues import asks_form
from regc.retrieval.lexicon import bridge
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

HIPAA = "doc:hipaa_combined"


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(ask_index())


def test_lexicon_bridges_applicability_and_burden_of_proof_with_near_misses():
    for q in ("Is the risk analysis a required step for us too, or only for the clinics?",
              "Does the encryption standard apply to them as well?",
              "Do we only have to follow the Privacy Rule, or also Part 162?"):
        assert "applicability" in bridge(q), (q, bridge(q))
    for q in ("Is the risk analysis required for laptops?",  # no 'us too': a question about the duty itself
              "Do we have to follow the Privacy Rule?",
              "Is it only for us?"):
        assert "applicability" not in bridge(q), (q, bridge(q))
    for q in ("Who must prove that notice was not needed?", "Who has to demonstrate that no breach occurred?",
              "Where does the onus lie?"):
        assert "burden of proof" in bridge(q), (q, bridge(q))
    for q in ("Must we prove our identity?", "Who must sign the notice?"):
        assert "burden of proof" not in bridge(q), (q, bridge(q))


@pytest.mark.retrieval
def test_the_applicability_section_of_the_duty_s_division_joins(searcher):
    q = ("We are a transcription firm acting as a business associate. Is the risk analysis in the Security Rule a "
         "required step for us too, or only for the clinics?")
    anchor = extract_anchor(q, searcher)
    assert "applicability" in anchor.bridged
    asker = Asker(searcher)
    lifted: list[str] = []
    asker._lift_siblings(anchor, [f"{HIPAA}#§ 164.308"], lambda n, level, origin: lifted.append(n))
    assert f"{HIPAA}#§ 164.302" in lifted  # subpart C's own "Applicability."
    assert f"{HIPAA}#§ 164.104" not in lifted and f"{HIPAA}#§ 164.400" not in lifted  # other subparts
    ranked = [h.node for h in asker.retrieve(q, 10)[1]]
    assert f"{HIPAA}#§ 164.302" in ranked


def test_asks_form_and_its_near_misses():
    for q in ("Which figures feed the numerator, and in what table do we publish the result?",
              "Which template do we file?", "In what form must we give her the copy?",
              "Must the KPIs be shown in tabular form?"):
        assert asks_form(q), q
    for q in ("Does the table of contents matter?", "What form of energy is biogas?",
              "Are the templates of Annex II mandatory?"):
        assert not asks_form(q), q


@pytest.mark.retrieval
def test_the_form_annex_of_the_best_provision_joins_only_when_the_question_asks_for_a_table(searcher):
    asker = Asker(searcher)
    assert "32021R2178#Annex IV" in asker._forms["32021R2178#Article 3"]
    q = ("One of our investees is an asset manager and another is a bank. Which of their figures feed the numerator "
         "of our own Taxonomy KPI, and in what table do we publish the result?")
    hits = {h.node: h for h in asker.retrieve(q, 10)[1]}
    assert hits.get("32021R2178#Annex IV") is not None and hits["32021R2178#Annex IV"].origin == "form"
    assert "32021R2178#Article 3" in hits  # the article requiring the template, introducing the KPI annex
    off = Asker(searcher)
    off.form_level = None
    assert "32021R2178#Annex IV" not in {h.node for h in off.retrieve(q, 10)[1]}
    q2 = q.replace(", and in what table do we publish the result?", "?")
    assert all(h.origin != "form" for h in asker.retrieve(q2, 10)[1])
