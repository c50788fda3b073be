"""The compiler driver: front-end document -> per-unit pass pipeline (with ODR) -> activities.

>>> # compile_act(load_source("en.xml"), CompileOptions())  -> CompileResult
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field, replace

from regc import __version__
from regc.compiler.passmanager import CompileOptions, PassContext, PassRecord, SemanticMemory, run_with_odr
from regc.ir.activity_meta import activity_metadata
from regc.ir.doc import ActDoc, ActivityDoc
from regc.verify.invariants import check_unit
from regc.ir.models import Activity, ActSource, CriterionNode, Diagnostic, Provenance, Unit, validate_tree


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


def run_pipeline(pipeline, ctx: PassContext, upto: int | None = None,
                 records: list[PassRecord] | None = None) -> Unit:
    """Run ``pipeline[:upto]`` over a fresh unit of ``ctx.unit_doc`` (each pass under the ODR loop).

    Rules-only passes are deterministic, so the pre-pass state a repair needs is recomputed by replaying the
    earlier passes (``rebuild``) instead of being copied before every pass; with a model in the loop (a decider)
    the state is copied up front as before.
    """
    unit = Unit(unit_id=ctx.unit_id,
                root=CriterionNode(criterion_id="ROOT", provenance=Provenance(span=ctx.unit_doc.span, kind="root")))
    replayable = ctx.options.decider is None
    for k, p in enumerate(pipeline[:upto]):
        rebuild = (lambda k=k: run_pipeline(pipeline, ctx, k)) if replayable else None
        unit, rec = run_with_odr(p, unit, ctx, invariant_check=check_unit, rebuild=rebuild)
        if records is not None:
            records.append(rec)
    return unit


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
        first = len(records)
        unit = run_pipeline(pipeline, ctx, records=records)
        diags.extend(d for rec in records[first:] for d in rec.diagnostics)
        drain = getattr(options.decider, "drain_diagnostics", None)  # model answers rejected/flagged (LLM decider)
        if drain is not None:
            diags.extend(drain(unit.unit_id))
        if "graph" not in options.ablate:  # graph layer: repair what the ids prove, then check spec §4
            from regc.verify.graph import check_and_repair
            unit, gdiags = check_and_repair(unit)
            diags.extend(gdiags)
        validate_tree(unit.root, unit.unit_id)  # the pipeline writes fields unvalidated: check them once here
        memory.ids[unit.unit_id] = {n.criterion_id for n in unit.root.walk()}
        units.append(unit)
    activity = Activity(activity_id=adoc.activity_id, name=adoc.name,
                        source=ActSource(celex=act.celex, version=act.version, format=act.format),
                        units=units, regc_version=__version__, metadata=activity_metadata(adoc))
    return activity, diags, records


def act_digest(act: ActDoc) -> str:
    """Hash of everything of an act but its activities (header, appendices): one part of an activity's key."""
    head = act.model_dump_json(exclude={"activities"})
    return hashlib.sha256(head.encode()).hexdigest()


def activity_key(digest: str, adoc: ActivityDoc, options: CompileOptions, pipeline) -> str | None:
    """The cache key of one activity's compile, or None when the result must not be cached (a model in the
    loop, ``--resolve`` and other extras: their answers depend on more than the source)."""
    if options.store is None or options.decider is not None or options.extra:
        return None
    names = "default" if pipeline is None else ",".join(p.NAME for p in pipeline)  # the code fingerprint covers it
    opts = f"{sorted(options.ablate)}|{options.max_repairs}|{options.stop_confidence}"
    body = hashlib.sha256(adoc.model_dump_json().encode()).hexdigest()
    return f"activity|{names}|{opts}|{digest}|{body}"


def compile_activity_cached(act: ActDoc, adoc: ActivityDoc, options: CompileOptions, pipeline=None,
                            digest: str | None = None) -> tuple[Activity, list[Diagnostic], list[PassRecord]]:
    """:func:`compile_activity` through ``options.store``: an activity whose source slice, options and code are
    unchanged is read back (its pass records then show 0 s; the passes are not even imported).  The store is
    flushed by the caller."""
    key = activity_key(digest or act_digest(act), adoc, options, pipeline) if options.store is not None else None
    if key is not None:
        hit = options.store.get(key)
        if isinstance(hit, tuple) and len(hit) == 3:
            activity, diags, records = hit
            return activity, diags, [replace(r, seconds=0.0) for r in records]
    result = compile_activity(act, adoc, options, pipeline)
    if key is not None:
        options.store.put(key, result)
    return result


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
