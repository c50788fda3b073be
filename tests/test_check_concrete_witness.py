""""Can the unit pass?" settled by a concrete profile (H10aj): when the concrete evaluator finds a profile where
the unit passes, that profile is the witness and Z3 is not asked (nor is a context made); the satisfiability is
Z3's, the witness reads as a model with the same inputs would, and it is verified (concrete and runtime)."""

from __future__ import annotations

from fractions import Fraction

import z3

from regc.ir.models import load_activity
from regc.runtime.evaluator import compile_plan
from regc.verify import findings
from regc.verify.concrete import profiles, root_passing
from regc.verify.findings import OnDemand, UnitModel, check_unit_logic
from regc.verify.witness import profile
from regc.verify.witness_check import Tally, check_unit_witnesses
from tests.test_check_prepass import LO


def _files(builds: dict, every: int) -> list:
    from regc.cli.check import activity_files

    return [f for b in builds.values() for f in activity_files(b)[::every]]


def _pinned_model(um: UnitModel, p: dict) -> z3.ModelRef:
    """A Z3 model whose inputs are exactly those of concrete profile ``p``."""
    enc, cu = um.enc, um.concrete()
    s = z3.SimpleSolver(ctx=um.ctx)
    s.add(enc.has_as_of, enc.as_of == p["as_of"])
    for i in um.ids:
        s.add(enc.has[i] == p["has"][i], enc.met[i] == p["met"][i])
        if i in enc.off:
            s.add(enc.off[i] == bool(p["off"][i]))
        if i in enc.date:
            s.add(enc.date[i] == p["date"][i])
        for j in range(len(um.nodes[i]["q"])):
            s.add(enc.x[(i, j)] == z3.RealVal(Fraction(p["x"][cu.xvar[(i, j)]]), um.ctx))
    assert s.check() == z3.sat
    return s.model()


def test_a_concrete_witness_reads_as_a_model_of_the_same_inputs(corpus_builds):
    """On every unit of a sample of files, for the passing profile found and pseudo-random ones: the witness
    printed from the concrete profile equals the one printed from a Z3 model pinned to the same inputs."""
    seen = 0
    for f in _files(corpus_builds, 5):
        act = load_activity(f)
        plan = compile_plan(act)
        for u in act.units:
            um = UnitModel(plan, u)
            cu = um.concrete()
            hit = root_passing(cu, LO)
            tried = ([hit[0]] if hit else []) + list(profiles(cu, LO, 2, complete=False, seed=seen))
            for p in tried:
                assert um.concrete_witness(p) == profile(_pinned_model(um, p), um.enc, um.quantities, um.labels), \
                    u.unit_id
                seen += 1
    assert seen >= 150


def test_satisfiability_is_z3s_and_every_concrete_witness_is_verified(corpus_builds, monkeypatch):
    """Each unit of a sample: checked with the concrete witness and with Z3 alone (``root_passing`` finding
    nothing), the same satisfiability and findings; the concrete witness verified, runtime included; a unit
    settled concretely made no Z3 context."""
    from regc.runtime.evaluator import CompiledActivity

    settled = 0
    for f in _files(corpus_builds, 4):
        act = load_activity(f)
        plan = compile_plan(act)
        compiled = CompiledActivity(act)
        for u in act.units:
            ctx = OnDemand(z3.Context)
            got = check_unit_logic(u, plan=plan, ctx=ctx)
            with monkeypatch.context() as m:
                m.setattr(findings, "root_passing", lambda *_a, **_k: None)
                z3_only = check_unit_logic(u, plan=plan)
            assert got.satisfiable == z3_only.satisfiable, u.unit_id
            assert [(x.code, x.criterion_id, x.message) for x in got.findings] == \
                [(x.code, x.criterion_id, x.message) for x in z3_only.findings], u.unit_id
            if got.satisfiable:
                tally = Tally()
                probs = check_unit_witnesses(act, plan, u, [("PASS", None, got.witness)], tally, str(f), compiled)
                assert probs == [] and tally.runtime_disagree == [], (u.unit_id, probs, tally.runtime_disagree)
            if ctx.value is None:  # settled without Z3: no solver call
                assert got.checks == 1 and got.satisfiable, u.unit_id
                settled += 1
    assert settled >= 50
