"""Helpers for the classify / dependencies / assembly golden fixtures (inputs: ``{"activity_id", "name", "unit"}``,
written by ``tests/fixtures/make_stage_inputs.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from fixtures_util import assert_golden_json
from regc.ir.models import Activity, ActSource, Unit
from harness.goldcheck import make_context


def load_fixture(path: Path):
    """(activity, unit, ctx) for one fixture input file."""
    d = json.loads(Path(path).read_text(encoding="utf-8"))
    unit = Unit.from_json(d["unit"])
    act = Activity(activity_id=d["activity_id"], name=d["name"],
                   source=ActSource(celex="32021R2139", version="2026-01-01", format="eurlex-xhtml"), units=[unit])
    ctx = make_context(act, unit)
    for n in unit.root.walk():  # what the thresholds pass registers
        if n.threshold is not None:
            ctx.memory.thresholds[f"{unit.unit_id}#{n.criterion_id}"] = n.threshold
    return act, unit, ctx


def run_passes(unit: Unit, ctx, passes) -> Unit:
    for p in passes:
        unit = p.run(unit.model_copy(deep=True), ctx)
    return unit


def diagnostics_json(diags) -> list[dict]:
    return [{"code": d.code, "severity": d.severity, "kind": d.kind, "criterion_id": d.criterion_id,
             "message": d.message} for d in diags]


def check_golden(inp: Path, out: Path, pass_module) -> None:
    """Run ``pass_module`` on the fixture input ``inp``: its verify() reports no error, the unit equals ``out``."""
    _, unit, ctx = load_fixture(inp)
    result = run_passes(unit, ctx, [pass_module])
    assert not [d for d in pass_module.verify(result, ctx) if d.severity in ("error", "critical")]
    assert_golden_json(out, result.to_json())
