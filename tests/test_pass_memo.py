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


def test_shared_citation_scan_still_resolves_anaphors_per_context():
    """The context-free scan of a text is shared; its anaphors are resolved against each caller's context."""
    from regc.grammar.citations import ActContext, find_citations

    t = "the requirements of Annex II to that Directive are met."
    named = find_citations("in accordance with Directive 2010/75/EU")
    with_ctx = find_citations(t, ActContext(acts=list(named)))
    without = find_citations(t)
    assert [c.celex for c in with_ctx] == ["32010L0075"]
    assert [c.celex for c in without] == [None]  # the pinpoint stays a reference, its act unresolved
    assert [c.celex for c in find_citations(t, ActContext(acts=list(named)))] == ["32010L0075"]


def test_threshold_claims_shared_per_text_are_copied_per_decision():
    """A text decided under two parents reads the same claims, and neither decision sees the other's additions."""
    from regc.grammar.thresholds import decision as D

    text = "emissions do not exceed 100 g CO2e/kWh until 31 December 2025;"
    parents = ("the GHG intensity does not exceed the following limits:", "The activity meets these criteria:")
    first = [D.decide(text, p) for p in parents]
    D._decide_cached.cache_clear()
    D._text_claims.cache_clear()
    D._chapeau_reading.cache_clear()
    again = [D.decide(text, p) for p in reversed(parents)][::-1]
    for a, b in zip(first, again):
        assert a.claims == b.claims and a.unclaimed == b.unclaimed
        assert a.threshold.model_dump() == b.threshold.model_dump()


def test_point_citations_hand_out_fresh_lists():
    from regc.decisions.point_citations import find_citations

    t = "the level of emissions referred to in point 1(b)(i);"
    find_citations(t).clear()
    assert [c.written for c in find_citations(t)] == ["1(b)(i)"]


def test_context_module_loads_no_pass_or_decision():
    """The compiler's typed seams import without the passes, decisions and grammars (a fully cached compile runs
    none of them); PIPELINE still lists the passes in order."""
    import subprocess
    import sys

    code = ("import sys\n"
            "import regc.passes.context\n"
            "print(sorted(m for m in sys.modules if m.startswith(('regc.decisions', 'regc.grammar', 'regc.passes.'))"
            " and m != 'regc.passes.context'))\n"
            "from regc.passes import PIPELINE, PASS_MODULES, PASS_NAMES\n"
            "print(PASS_NAMES == PASS_MODULES and [p.__name__.rsplit('.', 1)[1] for p in PIPELINE] == list(PASS_MODULES))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-800:]
    assert r.stdout.split() == ["[]", "True"]
