"""``regc check`` over a build (:mod:`regc.cli.check_build`, H10aj): each distinct unit is asked of Z3 once per
build, whatever group of files (Z3 context) it falls in; a repeat gets the first unit's findings and a copy of its
witnesses; what a repeat reports equals a fresh check of it, and every witness is verified."""

from __future__ import annotations

from regc.cli import check_build
from regc.ir.models import load_activity
from regc.runtime.evaluator import compile_plan
from regc.verify import findings
from regc.verify.unit_memo import first_of_key, unit_key
from regc.verify.witness_check import verify_report


def _said(findings_: list[dict]) -> list[tuple]:
    return [(f["severity"], f["code"], f["criterion_id"], f["message"]) for f in findings_ if f["check"] == "logic"]


def test_each_distinct_unit_is_checked_once_per_build(corpus_builds, monkeypatch):
    build = corpus_builds["32021R2139"]
    monkeypatch.setattr(check_build, "GROUP", 5)  # many contexts: most repeats lie in another group than their first
    asked: list[str] = []
    real = findings.check_unit_logic
    monkeypatch.setattr(findings, "check_unit_logic", lambda u, *a, **k: asked.append(u.unit_id) or real(u, *a, **k))
    reps = check_build.check_path(build)
    files = [r.path for r in reps]
    keys, units = [], {}
    for f in files:
        act = load_activity(f)
        plan = compile_plan(act)
        keys.append([unit_key(plan, u) for u in act.units])
        units.update({u.unit_id: (act, plan, u) for u in act.units})
    repeats = first_of_key(keys)
    assert len(asked) == sum(len(ks) for ks in keys) - len(repeats) and len(set(asked)) == len(asked)
    far = [(f, u) for (f, u), (f0, _u0) in repeats.items() if f // 5 != f0 // 5]
    assert len(far) >= 100  # repeats whose first unit was checked in another Z3 context
    ids = [[u.unit_id for u in load_activity(f).units] for f in files]

    def result(f: int, u: int) -> tuple:
        rep = next(r for r in reps if r.path == files[f])
        return rep, next(x for x in rep.unit_results if x["unit_id"] == ids[f][u])

    for f, u in far[::8]:  # a repeat reports what a fresh check of it says, with a copy of its first's witness
        act, plan, unit = units[ids[f][u]]
        fresh = real(unit, plan=plan)
        got, res = result(f, u)
        first = result(*repeats[(f, u)])[1]
        assert res["satisfiable"] == fresh.satisfiable and res["solver_ms"] == 0
        assert res["witness"] == first["witness"] and (res["witness"] is None or res["witness"] is not first["witness"])
        assert _said([x for x in got.findings if x["unit_id"] == unit.unit_id]) == \
            [(x.severity, x.code, x.criterion_id, x.message) for x in fresh.findings]
    tally = verify_report({"activities": [r.to_json() for r in reps]}, runtime=False)
    assert tally.problems == [] and tally.witnesses == len(units)
