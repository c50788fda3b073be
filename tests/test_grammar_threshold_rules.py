"""One fixture file per threshold rule (``tests/fixtures/thresholds/rules/<rule>.in.json``: sentences where the rule
fires and near-misses where it must not), run by one runner.

Each case is decided with :func:`regc.grammar.thresholds.decide` (text + parent text); the test checks that the
rule fires exactly on the cases marked ``fires`` and compares the items the rule produced (and the whole threshold)
with the golden ``<rule>.out.json``.  Regenerate the golden files with ``REGC_RESET_FIXTURES=1`` after reviewing
the change; harvest new sentences with ``tests/fixtures/thresholds/rules/harvest.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regc.grammar.thresholds import decide
from regc.grammar.thresholds.rules import RULES
from tests.fixtures_util import FIXTURES, assert_golden_json

RULE_DIR = FIXTURES / "thresholds" / "rules"


def _case_result(rule_id: str, text: str, parent: str | None) -> dict:
    d = decide(text, parent)
    hits = d.quantities + d.scope_conditions
    own = [h for h in hits if h.rule == rule_id or h.period_rule == rule_id]
    return {"fires": bool(own),
            "items": [dict(h.item.model_dump(mode="json"), scope=h.scope) for h in own],
            "threshold": d.threshold.model_dump(mode="json") if d.threshold is not None else None,
            "scope_conditions": [h.item.model_dump(mode="json") for h in d.scope_conditions]}


def test_every_rule_has_a_fixture_file_with_hits_and_near_misses():
    names = {fn.__name__ for fn in RULES}
    assert len(names) == len(RULES) and all(getattr(fn, "rule_id", "") for fn in RULES)
    for fn in RULES:
        path = RULE_DIR / f"{fn.__name__}.in.json"
        assert path.exists(), f"rule {fn.__name__} ({fn.rule_id}) has no fixture file {path}"
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["rule"] == fn.rule_id, path
        fires = [c["fires"] for c in doc["cases"]]
        assert any(fires) and not all(fires), f"{path}: needs cases where the rule fires and near-misses"
    stale = {p.name.removesuffix(".in.json") for p in RULE_DIR.glob("*.in.json")} - names
    assert not stale, f"fixture files for rules that no longer exist: {sorted(stale)}"


@pytest.mark.parametrize("fn", RULES, ids=lambda fn: fn.__name__)
def test_rule_fixture(fn):
    path = RULE_DIR / f"{fn.__name__}.in.json"
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    results = [dict(text=c["text"], parent=c.get("parent"), **_case_result(fn.rule_id, c["text"], c.get("parent")))
               for c in cases]
    wrong = [(c["fires"], r["text"][:120]) for c, r in zip(cases, results) if r["fires"] != c["fires"]]
    assert not wrong, f"{fn.__name__}: expected fires/not fires differ on {wrong}"
    assert_golden_json(path.with_name(path.name.replace(".in.json", ".out.json")), results)


def test_rules_follow_the_walk_order():
    """RULES lists the rules in the order the walk tries them (text rules, span, reading, scope, re-reading)."""
    from regc.grammar.thresholds import rules as R

    order = [fn.__name__ for fn in R.RULES]
    assert order[:len(R.TEXT_RULES)] == [fn.__name__ for fn in R.TEXT_RULES]
    assert order.index("range_") < order.index("operator") < order.index("or_more") < order.index("chapeau_operator")
    assert [n for n in order if n in {f.__name__ for f in R.IMPLICIT_OPERATOR_RULES}] == \
        [f.__name__ for f in R.IMPLICIT_OPERATOR_RULES if hasattr(f, "rule_id")]
    assert Path(R.__file__).name == "rules.py"
