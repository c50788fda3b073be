"""The read-traced memo (regc.decisions.traced): answers keyed on exactly the fields a rule read."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from regc.decisions.applicability_cues import EARLY_RULES, LATE_RULES, Cue
from regc.decisions.traced import ImpureRule, ReadTracedMemo


@dataclass(frozen=True)
class Arg:
    text: str
    other: str = ""


def test_answer_keyed_on_the_fields_read_in_order():
    memo, calls = ReadTracedMemo(), []

    def rule(a):
        calls.append(a.text)
        return (a.text, a.other) if a.text == "x" else a.text

    assert [memo(rule, Arg(t, o)) for t, o in [("x", "1"), ("x", "2"), ("y", "1"), ("y", "2"), ("x", "1")]] == \
        [("x", "1"), ("x", "2"), "y", "y", ("x", "1")]
    assert calls == ["x", "x", "y"]  # "y" never read ``other``: one run serves every other value


def test_a_rule_reading_anything_but_a_field_fails():
    with pytest.raises(AttributeError, match="only the fields"):
        ReadTracedMemo()(lambda a: a.__dict__, Arg("x"))


def test_an_impure_rule_is_caught():
    state = {"n": 0}

    def impure(a):  # reads ``other`` on its second run only: not a function of its input
        state["n"] += 1
        return a.other if state["n"] > 1 else a.text

    memo = ReadTracedMemo()
    assert memo(impure, Arg("x", "1")) == "x"  # read ``text`` only
    with pytest.raises(ImpureRule):  # "y" is new: the rule runs again and now reads ``other`` first
        memo(impure, Arg("y", "2"))


def test_limit_starts_over():
    memo = ReadTracedMemo(limit=2)
    for t in "abcde":
        assert memo(lambda a: a.text * 2, Arg(t)) == t * 2
    assert memo.size <= 2


CUES = [Cue(t, parent_text=p, activity_name=n) for t in (
    "for construction site activities, activities follow the IFC guidelines.",
    "The operator applies solvent segregation, where technically applicable.",
    "Hazardous waste is collected separately from non-hazardous waste.",
    "The renewal of a collection system reduces energy use.",
    "hot metal = 1,331 tCO2e/t product;",
    "Agricultural biomass used in the activity complies with Article 29.",
    "The activity does not use substances classified as CMR 1A.",
) for p in ("", "The economic activity manufactures the following vehicles:",
            "the following values applied to the different manufacturing process steps:")
        for n in ("", "Renewal of waste water collection and treatment",
                  "Collection and transport of non-hazardous and hazardous waste")]


@pytest.mark.parametrize("rule", EARLY_RULES + LATE_RULES, ids=lambda r: r.__name__)
def test_cue_rules_answer_from_the_memo_as_they_answer_directly(rule):
    memo = ReadTracedMemo()
    for _ in range(2):  # a cold pass (every answer computed) and a warm one (every answer from the trie)
        for c in CUES:
            assert memo(rule, c) == rule(c)
