"""The passes' verdict memo (regc.passes.memo) gives what regc.decisions.decide gives, hands out copies of
mutable values, and still lets a decider arbitrate every call."""

from regc.decisions import THRESHOLDS, REFERENCE_SPLIT, Verdict, decide as base_decide
from regc.passes import memo


def test_same_verdict_as_decide_and_fresh_copies():
    x = THRESHOLDS.Inputs("the power density of the facility is above 5 W/m2;")
    a = memo.decide(THRESHOLDS, x)
    assert a == base_decide(THRESHOLDS, x)
    a.value.threshold.quantitative.items.clear()  # a caller edits its copy
    b = memo.decide(THRESHOLDS, THRESHOLDS.Inputs("the power density of the facility is above 5 W/m2;"))
    assert b.value.threshold.quantitative.items[0].unit == "W/m2"


def test_decider_sees_memoised_calls():
    seen = []

    class Decider:
        def decide(self, decision, inputs, rule, *, about=None, flags=None):
            seen.append((decision.name, about, rule.value))
            return Verdict(("ISO 14067:2018",), 0.75, rule.rule, model="double")

    class Ctx:
        options = type("O", (), {"decider": Decider()})()
        store = None

    x = REFERENCE_SPLIT.Inputs("see ISO 14067:2018", ("ISO 14067:2018",), 1.0)
    for about in ("P1", "P2"):
        assert memo.decide(REFERENCE_SPLIT, x, Ctx(), about=about).model == "double"
    assert [s[1] for s in seen] == ["P1", "P2"]


def test_citation_memo_returns_independent_lists():
    t = "Emissions are calculated using Recommendation 2013/179/EU or ISO 14067:2018."
    a = memo.find_citations(t)
    a.clear()
    assert [c.text for c in memo.find_citations(t)] == ["Recommendation 2013/179/EU", "ISO 14067:2018"]
