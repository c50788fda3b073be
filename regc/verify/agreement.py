"""Random fact profiles and the agreement check between the evaluator and its Z3 encoding.

:func:`random_facts` writes a complete, well-formed facts mapping for one compiled plan (every criterion with an
own requirement gets a value: a boolean, quantities around their thresholds in the threshold's own unit or a
convertible one, dates around deadlines; Conditional criteria sometimes ``applies: false``; a few facts left
out); :func:`disagreements` evaluates profiles with :class:`regc.runtime.evaluator.CompiledActivity` and with
:class:`regc.verify.plan_logic.PlanEncoding` and lists every criterion whose verdicts differ.

>>> import random
>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode
>>> from regc.runtime.evaluator import compile_plan
>>> act = Activity(activity_id="X-1", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
...     units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
...            sub_criteria=[CriterionNode(criterion_id="P1")]))])
>>> disagreements(compile_plan(act), 20, random.Random(1))
(20, [])
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import z3

from regc.verify.plan_logic import PlanEncoding, inputs_of, plan_verdicts

_SCALES = {"g": ("kg", 1e-3), "kg": ("g", 1e3), "t": ("kg", 1e3), "kWh": ("MWh", 1e-3), "MWh": ("kWh", 1e3),
           "MJ": ("kJ", 1e3), "litres": ("m3", 1e-3), "W": ("kW", 1e-3)}


def _value(rng: random.Random, it: tuple, good: bool) -> tuple[float, str]:
    """A value around item ``it``'s threshold (sometimes exactly on it; on its passing side when ``good``), in
    its unit or a convertible one."""
    v, op = float(it[2]), it[1]
    r = rng.random()
    if r < 0.15:
        x = v
    elif good and op in ("<", "<="):
        x = v * rng.uniform(0.2, 0.95)
    elif good and op in (">", ">="):
        x = v * rng.uniform(1.05, 1.8) + (0 if v else 1)
    else:
        x = v * rng.uniform(0.3, 1.7) if v else rng.uniform(0, 5)
    unit = it[3]
    head = unit.split("/")[0].split(" ")[0]
    if r > 0.15 and head in _SCALES and rng.random() < 0.5:  # the same value in a convertible unit
        other, k = _SCALES[head]
        return x * k, other + unit[len(head):]
    return x, unit


def _period(it: tuple) -> Any:
    p = it[6]
    if p is None:
        return None
    return "lifetime" if p[0] == "lifetime" else {"value": p[1] / 365.25, "unit": "years"}


def random_facts(plan: dict, rng: random.Random) -> tuple[dict, dt.date]:
    """One complete random profile for ``plan``: (raw facts keyed by criterion id, assessment date)."""
    as_of = dt.date(2020, 1, 1) + dt.timedelta(days=rng.randint(0, 365 * 16))
    p_good = rng.choice((0.7, 0.99))  # half the profiles lean to compliance, so activities pass too
    facts: dict[str, Any] = {}
    for n in plan["nodes"]:
        if n["anc"]:
            continue
        if n["cond"] and rng.random() < 0.2:
            facts[n["id"]] = {"applies": False}
            continue
        if not n["own"] or rng.random() < 0.03:
            continue  # nothing to state, or evidence left out (UNKNOWN paths)
        fact: dict[str, Any] = {}
        if n["q"]:
            qs = []
            for it in n["q"]:
                value, unit = _value(rng, it, rng.random() < p_good)
                q = {"value": value, "unit": unit, "metric": it[0]}
                if _period(it) is not None:
                    q["period"] = _period(it)
                qs.append(q)
            fact["quantities"] = qs
        dated = [t for t in n["t"] if t[0] in ("deadline", "recurring")]
        if dated:
            anchor = next((dt.date.fromisoformat(t[1]) for t in dated if t[0] == "deadline"), as_of)
            shift = rng.randint(-300, 0) if rng.random() < p_good else rng.randint(-800, 800)
            fact["date"] = (anchor + dt.timedelta(days=shift)).isoformat()
        if not fact:
            fact["met"] = rng.random() < p_good
        facts[n["id"]] = fact
    return facts, as_of


def disagreements(plan: dict, n: int, rng: random.Random) -> tuple[int, list[str]]:
    """Evaluate ``n`` random profiles both ways; returns (profiles compared, descriptions of differences)."""
    from regc.runtime.evaluator import CompiledActivity

    ca = CompiledActivity(plan)
    enc = PlanEncoding(plan)
    solver = z3.Solver()
    solver.add(enc.constraints)
    out: list[str] = []
    done = 0
    for _ in range(n):
        raw, as_of = random_facts(plan, rng)
        facts, issues = ca.read_facts(raw)
        errors = [m for s, m in issues if s == "error"]
        if errors:
            out.append(f"{plan['activity']}: generated facts do not read: {errors[0]}")
            continue
        res = ca.evaluate(raw, as_of=as_of)
        z = plan_verdicts(plan, inputs_of(plan, facts), as_of, enc, solver)
        done += 1
        if z["verdict"] != res["verdict"]:
            out.append(f"{plan['activity']} (as of {as_of}): activity {res['verdict']} (eval) vs {z['verdict']} (Z3)")
        for cid, v in res["criteria"].items():
            if z["criteria"].get(cid) != v:
                out.append(f"{plan['activity']} {cid} (as of {as_of}): {v} (eval) vs {z['criteria'].get(cid)} (Z3)")
    return done, out
