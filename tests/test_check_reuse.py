"""What ``regc check`` reuses (H10af): one solver per activity file (a scope per unit), the report of an identical
unit checked before in the same context (:mod:`regc.verify.unit_memo`), and the concrete evaluator's effective
periods of successive regimes (temporal OR), which the witness verifier found wrong.  Each keeps every finding,
and every witness it gives is verified (:mod:`regc.verify.witness_check`)."""

from __future__ import annotations

import json

import z3

from fixtures_util import FIXTURES
from regc.ir.models import Unit, load_activity
from regc.runtime.evaluator import compile_plan
from regc.verify.concrete import profiles
from regc.verify.findings import UnitModel, check_unit_logic
from regc.verify.plan_logic import release
from regc.verify.unit_memo import check_unit_memo, new_solver, unit_key
from regc.verify.witness_check import Tally, check_unit_witnesses
from tests.test_check_prepass import LO, _U, _units, _z3_verdicts
from tests.test_units_corpus import load_plans


def _said(rep) -> list[tuple]:
    return [(f.severity, f.code, f.criterion_id, f.message) for f in rep.findings]


def _files(build, every: int = 4) -> list:
    from regc.cli.check import activity_files

    return activity_files(build)[::every]


def test_a_shared_solver_keeps_findings_and_leaves_no_scope(corpus_builds):
    """Each unit in its own scope of one solver per file: the findings and satisfiability of a fresh solver per
    unit, the witnesses verified, and the solver empty after each unit."""
    units = 0
    for f in _files(corpus_builds["32021R2139"], 6):
        act = load_activity(f)
        plan = compile_plan(act)
        ctx = z3.Context()
        s = new_solver(ctx)
        for u in act.units:
            shared, fresh = check_unit_logic(u, plan=plan, ctx=ctx, solver=s), check_unit_logic(u, plan=plan)
            assert (shared.satisfiable, _said(shared)) == (fresh.satisfiable, _said(fresh)), u.unit_id
            assert s.num_scopes() == 0 and len(s.assertions()) == 0
            claims = [("PASS", None, shared.witness)] if shared.witness else []
            assert check_unit_witnesses(act, plan, u, claims, Tally()) == []
            units += 1
        del s
        release(ctx)
    assert units > 100


def _unit(**change) -> Unit:
    d = json.loads((FIXTURES / "graph" / "logic_dead.unit.json").read_text())
    d.update(change.pop("top", {}))
    for path, v in change.items():  # "a.b.c" into the first criterion with a threshold
        node = next(n for n in d["root"]["sub_criteria"] if "threshold" in n and n["threshold"])
        *head, last = path.split(".")
        for k in head:
            node = node[k][0] if isinstance(node[k], list) else node[k]
        node[last] = v
    return Unit.from_json(d)


def _key(unit: Unit) -> str:
    from regc.ir.models import Activity, ActSource

    act = Activity(activity_id=unit.activity_id, name="", units=[unit],
                   source=ActSource(celex="unknown", format="eurlex-xhtml"))
    return unit_key(compile_plan(act), unit)


def test_unit_key_changes_with_what_the_checks_read():
    base = _key(_unit())
    assert base == _key(_unit(top={"unit_id": "ZZ-9.9/SC"}))  # another activity, the same unit
    assert base != _key(_unit(**{"threshold.quantitative.items.value": 99}))
    assert base != _key(_unit(**{"threshold.quantitative.items.unit": "kg CO2e/kWh"}))
    assert base != _key(_unit(**{"threshold.quantitative.items.operator": ">"}))
    assert base != _key(_unit(**{"criterion_id": "7"}))


def test_a_memo_hit_says_what_a_fresh_check_says(corpus_builds):
    """Over one context, units identical to one checked before get its report: the same findings as a fresh
    check of their own, and their witnesses hold on their own plan."""
    ctx, memo, hits = z3.Context(), {}, 0
    for f in _files(corpus_builds["32021R2139"], 2)[:48]:
        act = load_activity(f)
        plan = compile_plan(act)
        for u in act.units:
            before = len(memo)
            got = check_unit_memo(u, plan, ctx=ctx, memo=memo)
            if len(memo) == before:
                hits += 1
                fresh = check_unit_logic(u, plan=plan)
                assert got.unit_id == u.unit_id
                assert (got.satisfiable, _said(got)) == (fresh.satisfiable, _said(fresh)), u.unit_id
                claims = [("PASS", None, got.witness)] if got.witness else []
                claims += [(x.code, x.criterion_id, x.witness) for x in got.findings if x.witness]
                assert check_unit_witnesses(act, plan, u, claims, Tally()) == []
    release(ctx)
    assert hits >= 30


def test_successive_regimes_in_the_concrete_evaluator(corpus_builds):
    """Nodes in force under either of two regimes (temporal OR of effective periods): the concrete verdicts
    equal Z3's on profiles on both sides of the regimes' dates."""
    seen = 0
    for plan, part in _units([p for b in corpus_builds.values() for p in load_plans(b)]):
        if not any(n["part"] == part and n["tlogic"] == "OR" and
                   any(t[0] in ("effective_from", "effective_until", "window") for t in n["t"]) for n in plan["nodes"]):
            continue
        um = UnitModel(plan, _U(part, Unit(unit_id=f"{plan['activity']}/{part}", root=_root())))
        cu = um.concrete()
        for p in profiles(cu, LO, 6, complete=False, seed=seen):
            assert cu.verdicts(p) == _z3_verdicts(um, p), (plan["activity"], part)
        seen += 1
    assert seen >= 3


def _root():
    from regc.ir.models import CriterionNode

    return CriterionNode(criterion_id="ROOT")
