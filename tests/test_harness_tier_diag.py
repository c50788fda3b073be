"""harness.tier_diag (round 33): the table of what sits above the gold provisions ranked 11-30."""

from __future__ import annotations

from harness.tier_diag import classify, table


def _row(gold_rank: int, gold_score: float) -> dict:
    nodes = [f"N{i}" for i in range(30)]
    classes = ["search"] * 8 + ["closure unsearched", "closure searched"] + ["search"] * 20
    scores = [1.0 - i / 100 for i in range(30)]
    scores[gold_rank - 1] = gold_score
    return {"gold": [f"N{gold_rank - 1}", "N0"], "nodes": nodes, "classes": classes, "scores": scores}


def test_a_gold_ranked_eleventh_counts_what_sits_above_and_the_displacer():
    lines = table({"hipaa_hhsfaq": [_row(12, 0.9)], "faq_fresh": [_row(5, 0.96)]})
    practitioner = next(line for line in lines if line.startswith("| practitioner HIPAA"))
    # one gold ranked 12, 0.01 under the tenth (near the cut); N0 is gold too, so 9 non-gold above it
    assert practitioner.startswith("| practitioner HIPAA | 1 (1) | search 1 |")
    assert "search 7, closure searched 1, closure unsearched 1" in practitioner
    assert practitioner.endswith("| closure searched 1 |")
    assert not any(line.startswith("| Taxonomy") for line in lines)  # its gold is in the top 10


def test_classes():
    assert classify("closure", "g", {"g"}, {"g"}, set()) == "closure glossary"
    assert classify("closure", "g", set(), {"g"}, {"g"}) == "closure unsearched"  # a term the question names
    assert classify("search", "g", {"g"}, {"g"}, {"g"}) == "search"
    assert classify("cue", "x", set(), set(), set()) == "cue"
