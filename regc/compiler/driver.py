"""The compiler driver: front-end document -> per-unit pass pipeline (with ODR) -> activities.

>>> # compile_act(load_source("en.xml"), CompileOptions())  -> CompileResult
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from regc import __version__
from regc.compiler.passmanager import CompileOptions, PassContext, PassRecord, SemanticMemory, run_with_odr
from regc.ir.activity_meta import activity_metadata
from regc.ir.doc import ActDoc, ActivityDoc
from regc.verify.invariants import check_unit
from regc.ir.models import Activity, ActSource, CriterionNode, Diagnostic, Provenance, Unit


@dataclass
class CompileResult:
    activities: list[Activity] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    records: list[PassRecord] = field(default_factory=list)
    seconds: float = 0.0

    def pass_seconds(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for r in self.records:
            out[r.pass_name] = out.get(r.pass_name, 0.0) + r.seconds
        return out


def compile_activity(act: ActDoc, adoc: ActivityDoc, options: CompileOptions, pipeline=None) -> tuple[Activity, list[Diagnostic], list[PassRecord]]:
    """Run the pipeline over every unit of one activity (units share one SemanticMemory)."""
    if pipeline is None:
        from regc.passes import PIPELINE as pipeline
    memory = SemanticMemory(activity={
        "activity_id": adoc.activity_id, "name": adoc.name, "objective": adoc.objective, "section": adoc.section,
        "celex": act.celex, "version": act.version, "format": act.format,
        "description": " ".join(b.text for b in adoc.description),
    })
    units: list[Unit] = []
    diags: list[Diagnostic] = list(adoc.diagnostics)  # front-end findings (source errors flagged/repaired)
    records: list[PassRecord] = []
    for udoc in adoc.units:
        if udoc.not_applicable:  # "N/A" rows have no unit (spec §1; gold omits them)
            continue
        ctx = PassContext(act=act, activity=adoc, unit_doc=udoc, memory=memory, options=options)
        unit = Unit(unit_id=ctx.unit_id,
                    root=CriterionNode(criterion_id="ROOT", provenance=Provenance(span=udoc.span, kind="root")))
        for p in pipeline:
            unit, rec = run_with_odr(p, unit, ctx, invariant_check=check_unit)
            records.append(rec)
            diags.extend(rec.diagnostics)
        drain = getattr(options.decider, "drain_diagnostics", None)  # model answers rejected/flagged (LLM decider)
        if drain is not None:
            diags.extend(drain(unit.unit_id))
        if "graph" not in options.ablate:  # graph layer: repair what the ids prove, then check spec §4
            from regc.verify.graph import check_and_repair
            unit, gdiags = check_and_repair(unit)
            diags.extend(gdiags)
        memory.ids[unit.unit_id] = {n.criterion_id for n in unit.root.walk()}
        units.append(unit)
    activity = Activity(activity_id=adoc.activity_id, name=adoc.name,
                        source=ActSource(celex=act.celex, version=act.version, format=act.format),
                        units=units, regc_version=__version__, metadata=activity_metadata(adoc))
    return activity, diags, records


def compile_act(act: ActDoc, options: CompileOptions | None = None, only: list[str] | None = None,
                pipeline=None) -> CompileResult:
    options = options or CompileOptions()
    t0 = time.perf_counter()
    res = CompileResult()
    for adoc in act.activities:
        if only and adoc.activity_id not in only:
            continue
        a, d, r = compile_activity(act, adoc, options, pipeline)
        res.activities.append(a)
        res.diagnostics.extend(d)
        res.records.extend(r)
    res.seconds = time.perf_counter() - t0
    return res
