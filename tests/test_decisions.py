"""Decision units: one fixture file per unit (``tests/fixtures/decisions/<name>.json``: typed inputs -> the rule's
verdict), one runner; the registry's shape; ``decide`` memoises by canonical inputs and consults a store.

Fixture format::

    {"decision": "tags", "cases": [{"inputs": {"text": "..."}, "value": [...], "rule": "..."}]}

Regenerate a file's expected values with ``REGC_RESET_FIXTURES=1`` (review the diff: it is the rule's behaviour)."""

from __future__ import annotations

import dataclasses
import json
import os
import typing
from pathlib import Path

import pytest

import regc

from regc.decisions import DECISIONS, by_name, decide
from regc.decisions.base import Decision, Verdict, canonical, rule_verdict, store_key

FIXTURES = Path(__file__).parent / "fixtures" / "decisions"
FILES = sorted(FIXTURES.glob("*.json"))


def _plain(v):
    if hasattr(v, "model_dump"):
        return v.model_dump(mode="json")
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        if hasattr(v, "threshold"):  # a ThresholdDecision: its threshold is the decided value
            return _plain(v.threshold)
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def _inputs(d: Decision, raw: dict):
    return d.Inputs(**{k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()})


def _plain_fields(d: Decision) -> bool:
    """Inputs made of text, flags, numbers and tuples of text (JSON-writable, so a fixture can hold them)."""
    try:
        hints = typing.get_type_hints(d.Inputs)
    except Exception:  # noqa: BLE001
        return False
    ok = (str, bool, int, float, tuple, typing.Optional[str], typing.Optional[float])
    return all(h in ok for h in hints.values())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_fixture(path):
    spec = json.loads(path.read_text(encoding="utf-8"))
    d = by_name(spec["decision"])
    got = []
    for case in spec["cases"]:
        v = d.rule(_inputs(d, case["inputs"]))
        assert isinstance(v, Verdict) and 0.0 <= v.confidence <= 1.0 and v.rule
        got.append({"inputs": case["inputs"], "value": _plain(v.value), "rule": v.rule})
    if os.environ.get("REGC_RESET_FIXTURES"):
        path.write_text(json.dumps({**spec, "cases": got}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return
    for case, g in zip(spec["cases"], got):
        assert (g["value"], g["rule"]) == (case["value"], case["rule"]), case["inputs"]


def test_every_unit_with_plain_inputs_has_a_fixture():
    have = {p.stem for p in FILES}
    missing = [d.name for d in DECISIONS if _plain_fields(d) and not d.rule_needs_pass and d.name not in have]
    assert missing == []


def test_registry_is_ordered_named_and_documented():
    names = [d.name for d in DECISIONS]
    assert len(names) == len(set(names)) and names[0] == "pathways"
    for d in DECISIONS:
        assert d.pass_name and d.__class__.__module__.startswith("regc.decisions.")
        assert d.llm == bool(d.instructions), f"{d.name}: a model path needs instructions, a rules-only unit none"
        assert d.__class__.__module__ != "regc.decisions.base"
    with pytest.raises(KeyError, match="choose from"):
        by_name("nope")


class _Store:
    def __init__(self):
        self.data, self.gets, self.puts = {}, 0, 0

    def get(self, key):
        self.gets += 1
        return self.data.get(key)

    def put(self, key, verdict):
        self.puts += 1
        self.data[key] = verdict


def test_decide_memoises_by_canonical_inputs_and_uses_the_store():
    from regc.decisions import APPLICABILITY, THRESHOLDS
    from regc.decisions import base

    calls = []

    class Counting(type(APPLICABILITY)):
        name = "applicability_counting_probe"

        def rule(self, x):
            calls.append(x)
            return super().rule(x)

    unit = Counting()
    x = unit.Inputs("Where the plant is new, it complies with X.")
    store = _Store()

    class Ctx:
        options = None

    Ctx.store = store
    v1 = decide(unit, x, Ctx)
    v2 = decide(unit, unit.Inputs("Where the plant is new, it complies with X."), Ctx)
    assert v1 == v2 and v1.value == "Conditional" and len(calls) == 1  # memoised in memory
    assert store.puts == 1 and store_key(unit, x).startswith(f"{regc.__version__}/{unit.name}/")
    assert canonical(x) == canonical(unit.Inputs("Where the plant is new, it complies with X."))
    base._MEMO.clear()
    assert decide(unit, x, Ctx) == v1 and len(calls) == 1  # from the store after the memory memo is gone
    # a memoised mutable value is handed out as a fresh copy
    t = THRESHOLDS.Inputs("emissions are lower than 100 g CO2e/kWh")
    a, b = rule_verdict(THRESHOLDS, t), rule_verdict(THRESHOLDS, t)
    a.value.threshold.quantitative.items[0].value = 1
    assert b.value.threshold.quantitative.items[0].value == 100
def test_a_unit_without_a_model_path_never_reaches_the_decider():
    from regc.decisions import CATEGORY

    class Loud:
        def decide(self, *a, **k):
            raise AssertionError("asked")

    class Ctx:
        class options:
            decider = Loud()

    assert CATEGORY.llm is False
    assert decide(CATEGORY, CATEGORY.Inputs(quantitative_items=2), Ctx).value == "Quantitative"
