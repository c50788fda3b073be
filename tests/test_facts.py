"""Facts files: formats, validation, duplicate keys, safe loading, templates."""

from __future__ import annotations

import datetime as dt

import pytest

from regc.ir.models import load_activity
from regc.runtime import kernel
from regc.runtime.evaluator import CompiledActivity, compile_plan
from regc.runtime.facts import FactsError, check_document, parse_json, parse_yaml, template
from regc.runtime.units import UnitError, atom_table, convert


def test_json_and_yaml_forms_agree(gold_dir):
    ca = CompiledActivity(load_activity(gold_dir / "CCM-4.29.json"))
    j = check_document(parse_json('{"activities": {"CCM-4.29": {"1(a)": {"value": 250, "unit": "g CO2e/kWh"},'
                                  ' "1(b)(ii)": true, "1(b)": {"date": "2029-06-01"}}}}'))
    y = check_document(parse_yaml("activities:\n  CCM-4.29:\n    1(a): {value: 250, unit: g CO2e/kWh}\n"
                                  "    1(b)(ii): yes\n    1(b): {date: 2029-06-01}\n"))
    assert ca.evaluate(j["activities"]["CCM-4.29"]) == ca.evaluate(y["activities"]["CCM-4.29"])


@pytest.mark.parametrize("text", [
    '{"activities": {"A": {"x": 1, "x": 2}}}',
    '{"activities": {"A": {"x": NaN}}}',
    '{"activities": {"A": {"x": Infinity}}}',
    '{"activities": [1]}',
    '{"activity": {}}',
    '{"activities": {"A": {"x": 1}}',
])
def test_bad_json(text):
    with pytest.raises(FactsError):
        check_document(parse_json(text, "f.json"), "f.json")


@pytest.mark.parametrize("text", [
    "activities:\n  A:\n    x: 1\n    x: 2\n",
    "activities:\n  A:\n    x: .nan\n",
    "activities:\n  A:\n    x: !!python/object/apply:os.system ['true']\n",
    "activities:\n  A:\n    x: 2029-06-01 10:00:00\n",
    "as_of: 01/02/2026\nactivities: {}\n",
])
def test_bad_yaml(text):
    with pytest.raises(FactsError):
        check_document(parse_yaml(text, "f.yaml"), "f.yaml")


def test_read_value_forms():
    atoms = atom_table()
    f = kernel.read_value("550 kg CO2e/kW averaged over 20 years", "x", atoms, None, {})
    assert f.qtys[0].period == ("bounded", 20 * 365.25) and f.qtys[0].value == 550
    assert kernel.read_value("n/a", "x", atoms, None, {}).applies is False
    assert kernel.read_value("2029-06-01", "x", atoms, None, {}).date == dt.date(2029, 6, 1)
    assert kernel.read_value(dt.date(2029, 6, 1), "x", atoms, None, {}).date == dt.date(2029, 6, 1)
    assert kernel.read_value({"met": True, "evidence": [{"document": "a.pdf", "page": 2}]}, "x", atoms, None,
                             {}).evidence == [{"document": "a.pdf", "page": 2}]
    for bad in ("2029-13-01", "inf", {"value": 1, "colour": "red"}, {"met": "yes"}, {"evidence": [{"page": 0}]},
                {"period": "20 years"}, {"value": 3, "period": "fortnight"}, [True]):
        with pytest.raises(kernel.FactError):
            kernel.read_value(bad, "x", atoms, None, {})


def test_units():
    assert convert(1, "t", "kg") == 1000
    assert convert(250, "g CO2e/kWh", "kg CO2e/MWh") == pytest.approx(250)
    assert convert(5, "kt CO2e", "t CO2e") == pytest.approx(5000)  # kt is a kilotonne, not a knot
    assert convert(12, "t CO2e per year", "kg CO2e/month") == pytest.approx(1000)
    assert convert(50, "%", "") == pytest.approx(0.5)
    with pytest.raises(UnitError):
        convert(1, "g CO2e/kWh", "g/kWh")  # CO2e is a dimension of its own
    with pytest.raises(UnitError):
        convert(1, "furlong", "m")


def test_template_lists_every_needed_fact(gold_dir):
    plan = compile_plan(load_activity(gold_dir / "CCM-7.1.json"))
    text = template(plan)
    doc = check_document(parse_yaml(text))
    facts = doc["activities"]["CCM-7.1"]
    needed = {n["id"] for n in plan["nodes"] if n["own"] and not n["anc"]}
    assert set(facts) == needed
    assert facts["DNSH-WTR/P1(c)"]["quantities"][0]["unit"] == "litres"
    r = CompiledActivity(plan).evaluate(facts)
    assert r["errors"] == [] and r["warnings"] == [] and set(r["criteria"].values()) == {"UNKNOWN"}
    json_text = template(plan, "json")
    assert check_document(parse_json(json_text))["activities"]["CCM-7.1"].keys() == facts.keys()
