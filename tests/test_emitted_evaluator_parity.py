"""The emitted evaluator reads its inputs as `regc eval` does (as_of as a string or None, a whole facts file).

Build: CCM-4.29 of 2021/2139 (2026-01-01), compiled once per module (:mod:`ccm429_build`)."""

from __future__ import annotations

import json

from regc.cli import main
from regc.ir.models import (ActSource, Activity, CriterionNode, TemporalItem, TemporalThreshold, Threshold, Unit)
from regc.runtime.codegen import emit_python

from ccm429_build import FACTS, build, src, write  # noqa: F401 - fixtures


def _recurring_activity() -> Activity:
    rec = Threshold(temporal=TemporalThreshold(items=[TemporalItem(type="recurring", interval_value=1,
                                                                   interval_unit="years")]))
    leaf = CriterionNode(criterion_id="P1", verbatim_text="The audit is repeated every year.", threshold=rec)
    return Activity(activity_id="X-1", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                    units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
                                                                     sub_criteria=[leaf]))])


def test_emitted_evaluator_reads_inputs_as_regc_eval_does(tmp_path, capsys):
    act = _recurring_activity()
    ns: dict = {}
    exec(compile(emit_python([act]), "gen", "exec"), ns)
    facts = {"P1": {"date": "2020-01-01"}}
    # the CLI's default assessment date is today: an audit of 2020 is overdue -> FAIL, not UNKNOWN
    assert ns["evaluate"]("X-1", facts)["verdict"] == "FAIL"
    assert ns["evaluate"]("X-1", facts, "2020-06-01")["verdict"] == "PASS"  # as_of as a string
    assert ns["evaluate"]("X-1", facts, None)["verdict"] == "UNKNOWN"  # explicitly no date (--no-today)
    whole = {"as_of": "2020-06-01", "activities": {"X-1": facts}}
    assert ns["evaluate"]("X-1", whole)["verdict"] == "PASS"  # a whole facts file: its activity and as_of
    b = tmp_path / "b"
    b.mkdir()
    write(b / "X-1.json", act.dumps())
    f = write(tmp_path / "f.json", json.dumps({"activities": {"X-1": facts}}))
    assert main(["eval", str(b), str(f), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["activities"]["X-1"]["verdict"] == "FAIL"
