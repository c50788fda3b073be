"""Per-text memos of pure helpers the passes ask per node (branch issue-10u): each answers what the helper
computes afresh, and a caller that edits what it got does not change what the next caller gets."""

from __future__ import annotations

import pytest

from regc.decisions import FOOTNOTE_ITEMS, decide
from regc.decisions.applicability import first_sentence
from regc.decisions.footnote_items import analyse_footnote
from regc.decisions.reference_celex import _content_words, _content_words_of
from regc.decisions.tags import items_tag, verifier_items_tag
from regc.grammar.thresholds.claims import _numbers_in_text, numbers_in_text
from regc.passes.summaries import _norm, is_self_contained

BODY = ("Regulation (EU) 2018/841 of the European Parliament and of the Council of 30 May 2018 on the inclusion of "
        "greenhouse gas emissions (OJ L 156, 19.6.2018, p. 1). ISO 14067:2018 applies. Recycling means any recovery "
        "operation.")


def test_numbers_memo_hands_out_fresh_sets():
    t = "at least 2,5 % within three years, zero spills"
    a = numbers_in_text(t)
    a.add(99.0)  # grounding adds to what it got
    assert numbers_in_text(t) == {0.0, 2.5, 3.0}
    assert numbers_in_text("ten days") == {10.0}  # another text, another answer (not the last one asked)


def test_content_words_memo_hands_out_fresh_sets():
    a = _content_words("the BAT conclusions for waste gas treatment")
    a.clear()
    assert _content_words("the BAT conclusions for waste gas treatment") == {"waste", "gas", "treatment"}
    assert _content_words("national law") == {"national", "law"}


@pytest.mark.parametrize("fn, text, want", [
    (verifier_items_tag, "The verification is carried out by either of the following:", "Verification"),
    (verifier_items_tag, "The verification is carried out in accordance with the following:", None),
    (items_tag, "The calculation of climate benefit complies with all of the following criteria:", "Methodology"),
    (items_tag, "The activity complies with all of the following criteria:", None),
    (is_self_contained, "The activity meets either of the following criteria:", False),
    (is_self_contained, "The activity reduces emissions by 30 %.", True),
    (_norm, "10,5 kg CO2 / t", "10.5kgco2/t"),
    (first_sentence, "Where a plant is built, it is audited. The results are disclosed.", "Where a plant is built, it is audited"),
])
def test_memoised_helpers_answer_as_the_uncached_function(fn, text, want):
    assert fn(text) == want
    assert fn(text) == fn.__wrapped__(text) == want  # the memo's answer is the function's own, asked twice


def test_memo_wrappers_are_bounded():
    for fn in (verifier_items_tag, items_tag, is_self_contained, _norm, _numbers_in_text, _content_words_of,
               first_sentence):
        assert fn.cache_info().maxsize is not None


def test_footnote_fresh_copies_are_independent_of_the_memo():
    x = FOOTNOTE_ITEMS.Inputs(BODY, "Recycling reduces emissions.")
    a = decide(FOOTNOTE_ITEMS, x).value
    want = analyse_footnote(BODY, "Recycling reduces emissions.")
    assert a == want
    a.items[0].title = "edited"  # a caller edits its copy: items, definitions, notes, categories
    a.definitions[0]["term"] = "edited"
    a.items.append(a.items[0])
    a.notes.append("edited")
    a.categories.clear()
    b = decide(FOOTNOTE_ITEMS, FOOTNOTE_ITEMS.Inputs(BODY, "Recycling reduces emissions.")).value
    assert b == want and b is not a


def test_footnote_fresh_deep_copies_an_enrichment():
    from regc.ir.models import Enrichment

    a = analyse_footnote(BODY)
    a.items[0].enrichment = Enrichment(status="retrieved", key_facts=["x"])
    b = FOOTNOTE_ITEMS.fresh(a)
    b.items[0].enrichment.key_facts.append("y")
    assert a.items[0].enrichment.key_facts == ["x"] and b.items[0].enrichment.key_facts == ["x", "y"]
