"""Pass interface, shared semantic memory and the Observe–Diagnose–Repair loop.

A pass is a module in ``regc/passes/`` exposing::

    NAME: str                                    # "structure", "thresholds", ...
    def run(unit: Unit, ctx: PassContext) -> Unit          # pure: returns a new/updated unit
    def verify(unit: Unit, ctx: PassContext) -> list[Diagnostic]   # Observe: check output against the source

``run`` may read ``ctx.attempt`` (0 on the first try) and ``ctx.guidance`` (the diagnoses of the previous
attempt) to switch to an alternative strategy on a repair.  The pipeline order is the tuple
``regc.passes.PIPELINE``.

>>> confidence_of([])
1.0
"""

from __future__ import annotations

import pickle
import time
from dataclasses import dataclass
from typing import Callable, Optional, Protocol

from regc.ir.models import Diagnostic, Unit
from regc.passes.context import CompileOptions, PassContext, SemanticMemory  # noqa: F401  (typed seams)


class Pass(Protocol):
    NAME: str

    def run(self, unit: Unit, ctx: "PassContext") -> Unit: ...

    def verify(self, unit: Unit, ctx: "PassContext") -> list[Diagnostic]: ...


# ODR penalties per severity (confidence = 1 - weighted penalties, clamped to [0, 1])
SEVERITY_PENALTY = {"info": 0.0, "warning": 0.1, "error": 0.25, "critical": 0.5}


def confidence_of(diags: list[Diagnostic]) -> float:
    c = 1.0 - sum(SEVERITY_PENALTY[d.severity] for d in diags)
    return max(0.0, min(1.0, c))


@dataclass
class PassRecord:
    pass_name: str
    seconds: float
    attempts: int
    confidence: float
    diagnostics: list[Diagnostic]
    flagged: bool


def run_with_odr(p: Pass, unit: Unit, ctx: PassContext,
                 invariant_check: Optional[Callable[[Unit], list[Diagnostic]]] = None,
                 rebuild: Optional[Callable[[], Unit]] = None) -> tuple[Unit, PassRecord]:
    """Run one pass with the Observe–Diagnose–Repair loop.  The input unit is consumed (the pass may update it in
    place); use the returned unit.

    Observe: ``verify`` (+ IR invariants).  Diagnose: confidence from the typed issues.  Repair: re-run with
    ``ctx.attempt`` incremented and the diagnoses as ``ctx.guidance`` (up to ``max_repairs`` times), keeping the
    best checkpoint.  Stops early on confidence >= stop_confidence with no critical issue, or when the issue set
    repeats.  A unit that never gets there is flagged for human review.

    A repair starts again from the pre-pass state.  With ``rebuild`` (a function that recomputes that state, e.g.
    by replaying the deterministic earlier passes) nothing is copied unless a repair is about to run; without it
    the pre-pass unit is pickled up front (the only choice when earlier passes are not reproducible).
    """
    t0 = time.perf_counter()
    odr = "odr" not in ctx.options.ablate
    best: Optional[tuple[float, Unit, list[Diagnostic]]] = None
    seen: set[frozenset] = set()
    attempts = 0
    max_attempts = 1 + (ctx.options.max_repairs if odr else 0)
    guidance: list[Diagnostic] = []
    snapshot = pickle.dumps(unit, pickle.HIGHEST_PROTOCOL) if max_attempts > 1 and rebuild is None else None
    for attempt in range(max_attempts):
        attempts += 1
        if attempt == 0:
            start = unit
        elif snapshot is not None:
            start = pickle.loads(snapshot)
        else:  # first repair with a rebuild: recompute the pre-pass state once, keep a copy for later repairs
            start = rebuild()
            snapshot = pickle.dumps(start, pickle.HIGHEST_PROTOCOL)
        ctx.attempt, ctx.guidance = attempt, guidance
        out = p.run(start, ctx)
        diags = list(p.verify(out, ctx))
        if invariant_check is not None:
            diags += invariant_check(out)
        for d in diags:
            d.pass_name = d.pass_name or p.NAME
            d.unit_id = d.unit_id or ctx.unit_id
        conf = confidence_of(diags)
        if best is None or conf > best[0]:
            best = (conf, out, diags)
        critical = any(d.severity == "critical" for d in diags)
        if conf >= ctx.options.stop_confidence and not critical:
            break
        key = frozenset((d.code, d.criterion_id) for d in diags)
        if key in seen:
            break
        seen.add(key)
        guidance = diags
    assert best is not None
    conf, out, diags = best
    ctx.attempt, ctx.guidance = 0, []
    flagged = conf < ctx.options.stop_confidence or any(d.severity == "critical" for d in diags)
    if flagged:
        msg = f"{p.NAME}: confidence {conf:.2f} after {attempts} attempt(s); needs human review"
        out.review.append(msg)
        diags = diags + [Diagnostic(severity="warning", code="ODR_FLAGGED", kind="Consistency", message=msg,
                                    pass_name=p.NAME, unit_id=ctx.unit_id)]
    return out, PassRecord(p.NAME, time.perf_counter() - t0, attempts, conf, diags, flagged)
