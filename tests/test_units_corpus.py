"""Property test over every compiled corpus act (2021/2139 and 2023/2486): every quantitative threshold the
compiler emits is evaluable by the evaluator in its own unit and in a convertible one (kg <-> g, MWh <-> kWh ...),
and a value on the passing side passes.  One semantics: :mod:`regc.ir.units` decides for every layer."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from regc.ir.models import Activity
from regc.ir.units import UnitError, convert, extra_atoms
from regc.runtime import kernel
from regc.runtime.evaluator import compile_plan

# one atom -> a convertible atom (the property: a threshold is evaluable in a unit other than its own)
SWAPS = (("kg", "g"), ("g", "kg"), ("mg", "g"), ("t", "kg"), ("kWh", "MWh"), ("MWh", "kWh"), ("MJ", "kJ"),
         ("litres", "m3"), ("W", "kW"), ("kW", "W"), ("m3", "litres"), ("%", "ppm"))


def load_plans(build: Path) -> list[dict]:
    """Compiled plans of every activity file of a build (the ``corpus_builds`` fixture of conftest)."""
    plans = []
    for p in sorted(build.glob("*.json")):
        d = json.loads(p.read_text(encoding="utf-8"))
        if isinstance(d, dict) and "units" in d:
            plans.append(compile_plan(Activity.from_json(d)))
    return plans


def swapped(unit: str) -> str | None:
    """``unit`` with its first swappable atom replaced by a convertible one, or None."""
    words = re.split(r"([ /])", unit)
    for i, w in enumerate(words):
        for a, b in SWAPS:
            if w == a:
                return "".join(words[:i] + [b] + words[i + 1:])
    return None


def passing_value(op: str, v: float) -> float:
    if op in ("<", "<="):
        return v / 2 if v > 0 else 0
    if op in (">", ">="):
        return v * 2 + 1
    return v


def own(plan: dict, node: dict, raw) -> tuple[str, str | None, list]:
    """Verdict of the node's quantitative requirement for one fact, the error, the issues of reading it."""
    facts, issues = kernel.index_facts({node["id"]: raw}, plan["index"], _atoms())
    fact = facts.get(node["i"]) or kernel.Fact()
    if fact.errors:
        return "UNKNOWN", fact.errors[0], issues
    return (*kernel.eval_items(node["q"], node["qlogic"], fact), issues)


def _atoms():
    from regc.ir.units import atom_table
    return atom_table()


def single_item_nodes(plans):
    for plan in plans:
        for n in plan["nodes"]:
            if len(n["q"]) == 1 and n["own"] and not n["anc"]:
                yield plan, n


def period_of(it) -> dict | None:
    p = it[6]
    if p is None:
        return None
    return "lifetime" if p[0] == "lifetime" else {"value": round(p[1] / 365.25, 9), "unit": "years"}


def test_every_single_item_threshold_evaluates_in_its_unit_and_a_convertible_one(corpus_builds):
    total = converted = 0
    errors = []
    units = set()
    for celex, build in corpus_builds.items():
        for plan, n in single_item_nodes(load_plans(build)):
            metric, op, value, unit = n["q"][0][:4]
            units.add(unit)
            base = {"value": value, "unit": unit}
            if period_of(n["q"][0]) is not None:
                base["period"] = period_of(n["q"][0])
            v, err, issues = own(plan, n, base)
            total += 1
            if err or [m for s, m in issues if s == "error"] or v not in ("PASS", "FAIL"):
                errors.append(f"{plan['activity']} {n['id']} {value} {unit}: {v} {err} {issues}")
                continue
            expect = "PASS" if op in ("<=", ">=", "=") else "FAIL"
            assert v == expect, (plan["activity"], n["id"], op, value, unit, v)
            good = dict(base, value=passing_value(op, value))
            assert own(plan, n, good)[0] == "PASS", (plan["activity"], n["id"], good)
            other = swapped(unit)
            if other is not None:
                extra = plan["index"]["atoms"]
                alt = dict(good, value=convert(good["value"], unit, other, extra), unit=other)
                assert own(plan, n, alt)[0] == "PASS", (plan["activity"], n["id"], alt)
                converted += 1
    assert not errors, f"{len(errors)} of {total} thresholds do not evaluate:\n" + "\n".join(errors[:20])
    assert total >= 266 and converted >= total // 2, (total, converted)
    assert {"g CO2/km", "W/m2K", "kWh/p.e./year", "g CO2e/kWh", "t CO2e/t"} <= units  # spec §7 TH2: a rate keeps its time base


@pytest.mark.parametrize("unit, other, value, expected", [
    ("W/m2K", "kW/m2K", 1000, 1), ("kWh/p.e.", "MWh/p.e.", 2000, 2), ("kWh/p.e./year", "Wh/p.e./year", 1, 1000),
    ("t CO2e/t", "kg CO2e/kg", 3, 3), ("kg CO2e/kW", "g CO2e/W", 5, 5), ("g CO2/km", "kg CO2/km", 95, 0.095),
    ("t/a", "kg/year", 1, 1000), ("MWth", "kW", 1, 1000), ("kWp", "W", 2, 2000), ("ppm", "%", 10000, 1),
    ("W/mK", "W/m K", 1, 1)])
def test_compound_and_per_entity_units_convert(unit, other, value, expected):
    assert convert(value, unit, other, extra_atoms([unit, other])) == pytest.approx(expected)


@pytest.mark.parametrize("a, b", [("g CO2/km", "g CO2e/km"), ("kWh/p.e.", "kWh"), ("g CO2e/kWh", "g/kWh"),
                                  ("W/m2K", "W/m2")])
def test_incompatible_units_refuse(a, b):
    with pytest.raises(UnitError):
        convert(1, a, b, extra_atoms([a, b]))
