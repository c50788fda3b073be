"""decide() hands out editable copies of the one shared decision (decide_shared), which readers only read."""

from regc.grammar.thresholds import decide, decide_shared

TEXT = "until 31 December 2025, specific emissions of CO2 are lower than 50 g CO2/km"


def test_decide_copies_are_independent_of_the_shared_decision():
    shared = decide_shared(TEXT)
    before = (shared.threshold.model_dump(), list(shared.quantities), list(shared.rules))
    d = decide(TEXT)
    assert d == shared and d is not shared and d.threshold is not shared.threshold
    d.threshold.quantitative.items[0].value = 99
    d.quantities.clear()
    d.rules.append("edited")
    assert (shared.threshold.model_dump(), list(shared.quantities), list(shared.rules)) == before
    assert decide(TEXT).threshold.quantitative.items[0].value == 50


def test_editable_copies_every_field():
    shared = decide_shared(TEXT)
    e = shared.editable()
    assert e == shared
    for name, value in vars(e).items():
        if isinstance(value, list):
            assert value is not getattr(shared, name), name
