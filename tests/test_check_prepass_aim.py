"""The concrete pre-pass aimed harder (H10aj, :data:`regc.verify.concrete.AIMS`): after the first aimed profiles, a
node's dependency clauses (and its ancestors') aimed at holding and ANDs to fail failed wholly.  On the corpus
acts this settles more "can it pass?" / "is it live?" questions, never fewer, and Z3 (asked with the harder aim
off) confirms every one it adds: no NEVER_SATISFIABLE / DEAD_CRITERION where it claims otherwise."""

from __future__ import annotations

from regc.ir.models import load_activity
from regc.runtime.evaluator import compile_plan
from regc.verify import concrete
from regc.verify.concrete import live, passable
from regc.verify.findings import UnitModel, _plain_and_path, check_unit_logic
from tests.test_check_prepass import LO


def _settled(um: UnitModel) -> tuple[set[int], set[int]]:
    cu = um.concrete()
    cands = [i for i in um.ids if i != um.root and not _plain_and_path(um, i)]
    return passable(cu, LO, um.ids), live(cu, LO, cands)


def test_the_harder_aim_settles_more_and_z3_agrees(corpus_builds, monkeypatch):
    from regc.cli.check import activity_files

    gained = 0
    for f in [f for b in corpus_builds.values() for f in activity_files(b)[::2]]:
        act = load_activity(f)
        plan = compile_plan(act)
        for u in act.units:
            um = UnitModel(plan, u)
            if um.concrete() is None:
                continue
            both = _settled(um)
            with monkeypatch.context() as m:
                m.setattr(concrete, "AIMS", (False,))
                first = _settled(UnitModel(plan, u))
                assert first[0] <= both[0] and first[1] <= both[1], u.unit_id
                more = (both[0] - first[0], both[1] - first[1])
                if not (more[0] or more[1]):
                    continue
                gained += len(more[0]) + len(more[1])
                said = {(x.code, x.criterion_id) for x in check_unit_logic(u, plan=plan).findings}  # Z3 asked
            assert not {("NEVER_SATISFIABLE", um.cid[i]) for i in more[0]} & said, u.unit_id
            assert not {("DEAD_CRITERION", um.cid[i]) for i in more[1]} & said, u.unit_id
    assert gained >= 20
