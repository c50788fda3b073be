"""The generated evaluator gives exactly the interpreter's results, and no text or id can inject code."""

from __future__ import annotations

import ast
import builtins
import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regc.ir.models import Activity, ActSource, CriterionNode, QuantItem, QuantitativeThreshold, Threshold, Unit
from regc.ir.models import load_activity
from regc.runtime.codegen import emit_python
from regc.runtime.evaluator import CompiledActivity

ALT_UNITS = {"g CO2e/kWh": ["kg CO2e/MWh", "gCO2e/kWh", "t CO2e/GWh"], "kg CO2e/kW": ["t CO2e/MW"],
             "MWh/t": ["kWh/kg", "GJ/t"], "%": ["percent"], "litres": ["l", "ml"], "litres/min": ["l/min"],
             "mg/m3": ["µg/m3"]}


@pytest.fixture(scope="module")
def gold_build(gold_dir):
    acts = [load_activity(p) for p in sorted(gold_dir.glob("*.json"))]
    ns: dict = {}
    exec(compile(emit_python(acts), "<generated>", "exec"), ns)
    return {a.activity_id: CompiledActivity(a) for a in acts}, ns


def _value_strategy(node: dict):
    opts = [st.just(True), st.just(False), st.just({"applies": False}), st.just("n/a"), st.just(None),
            st.sampled_from(["lots", "nan", "01/02/2030", "5 furlongs", "-3 kg", "2,5 %"]),
            st.dates(dt.date(2020, 1, 1), dt.date(2040, 12, 31)).map(lambda d: {"date": d.isoformat()}),
            st.dates(dt.date(2020, 1, 1), dt.date(2040, 12, 31)).map(lambda d: d.isoformat())]
    for it in node["q"]:
        unit = it[3]
        units = [unit] + ALT_UNITS.get(unit, []) + ["kg"]
        period = st.sampled_from([None, "20 years", "10 years", "lifetime", "28 days"])

        def qty(args, it=it):
            mult, u, p = args
            v = round(float(it[2]) * mult, 6)
            if u != it[3]:
                v = v  # a different unit: the number is taken as written (may or may not pass)
            s = f"{v} {u}"
            return s if p is None else {"value": v, "unit": u, "period": p}

        opts.append(st.tuples(st.floats(0, 2.5, allow_nan=False), st.sampled_from(units), period).map(qty))
        opts.append(st.tuples(st.floats(0, 2.5), st.sampled_from(units), period).map(
            lambda a: [qty(a), qty((a[0] * 0.5, a[1], a[2]))]))
    return st.one_of(*opts)


@pytest.mark.parametrize("aid", ["CCM-4.29", "CCM-7.1"] + [pytest.param(a, marks=pytest.mark.slow) for a in (
    "CCM-3.10", "CCM-3.13", "CCM-4.1", "CCM-4.5", "CCM-5.1", "CCM-6.5", "CCM-7.2", "CCM-8.1", "CE-3.4", "WTR-2.1")])
def test_generated_equals_interpreter(gold_build, aid):
    compiled, ns = gold_build
    ca = compiled[aid]
    fn = ns["EVALUATORS"][aid]
    nodes = [n for n in ca.nodes if n["report"]]
    keys = {n["id"]: _value_strategy(n) for n in nodes}
    metric_keys = sorted({it[0] for n in nodes for it in n["q"]})
    extra = {"verified_by_third_party": st.booleans(), "verification": st.booleans(), "unknown key": st.just(1)}
    for m in metric_keys[:3]:
        extra[m] = st.floats(0, 500).map(lambda v: f"{v:.3f} g CO2e/kWh")
    facts_st = st.fixed_dictionaries({}, optional={**keys, **extra})
    as_of_st = st.one_of(st.none(), st.dates(dt.date(2020, 1, 1), dt.date(2040, 1, 1)))

    @settings(max_examples=250, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(facts_st, as_of_st)
    def check(facts, as_of):
        assert fn(facts, as_of) == ca.evaluate(facts, as_of=as_of)

    check()


def test_verdicts_vary_on_random_profiles(gold_build):
    """Guard against a vacuous equality: random profiles reach every verdict."""
    compiled, ns = gold_build
    ca = compiled["CCM-4.29"]
    seen = set()
    import random

    rng = random.Random(7)
    for _ in range(400):
        facts = {}
        for n in ca.nodes:
            if n["report"] and rng.random() < 0.9:
                facts[n["id"]] = rng.choice([True, True, True, False, {"applies": False}]) if not n["q"] else \
                    f"{n['q'][0][2] * rng.uniform(0.5, 1.2):.3f} {n['q'][0][3]}"
        r = ns["evaluate"]("CCM-4.29", facts)
        seen.add(r["verdict"])
        seen.update(r["criteria"].values())
    assert seen == {"PASS", "FAIL", "UNKNOWN", "NOT_APPLICABLE"}


_PIECES = list("ab1()'\"\\{}\n\r\t#;:=-_ ./") + ["é", "Ω", "\u2028", "\x00", "💥", "\'\'\'", '\"\"\"', "{0}", "%s"]
_NASTY = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=12).map("".join)


def _is_ok_id(s: str) -> bool:
    return s == s.strip() and bool(s) and s != "ROOT" and s != "SC"


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(aid=_NASTY.filter(lambda a: "/" not in a), id1=_NASTY.filter(_is_ok_id), id2=_NASTY.filter(_is_ok_id), text=_NASTY, metric=_NASTY,
       name=_NASTY)
def test_no_code_injection(aid, id1, id2, text, metric, name):
    if id1 == id2:
        id2 = id1 + "x"
    payload = "__import__('builtins').REGC_PWNED = 1"
    leaf1 = CriterionNode(criterion_id=id1, verbatim_text=text + payload, rule_summary=text)
    leaf2 = CriterionNode(criterion_id=id2, category="Quantitative", verbatim_text='"""' + payload,
                          threshold=Threshold(quantitative=QuantitativeThreshold(items=[
                              QuantItem(metric=metric + "')\n" + payload, operator="<=", value=5, unit="%")])))
    act = Activity(activity_id=aid, name=name + payload, source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                   units=[Unit(unit_id=f"{aid}/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
                                                                       sub_criteria=[leaf1, leaf2]))])
    src = emit_python([act])
    tree = ast.parse(src)
    # the only top-level statements are the kernel's and ours: no injected statement can appear
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id != "__import__"
    ns: dict = {}
    exec(compile(src, "<generated>", "exec"), ns)
    assert not hasattr(builtins, "REGC_PWNED")
    facts = {id1: True, id2: "4 %"}
    got = ns["evaluate"](aid, facts)
    want = CompiledActivity(act).evaluate(facts)
    assert got == want
    assert got["criteria"] == {id1: "PASS", id2: "PASS"}
    assert ns["PLAN_0"]["nodes"][1]["text"] == text + payload


def test_emitted_module_is_stdlib_only(gold_build, gold_dir):
    src = emit_python([load_activity(gold_dir / "CCM-4.29.json")])
    imported = set()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported <= {"datetime", "math", "re"}
    assert "def evaluate_CCM_4_29(facts, as_of='today'):" in src
