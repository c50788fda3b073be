"""``regc check`` over a folder: every file read and planned once, each distinct unit asked of Z3 once per build.

The Taxonomy repeats its DNSH units across activities: of the 2021/2139 build's 941 units 197 are distinct (the
plan fields the logical checks read: :func:`regc.verify.unit_memo.unit_key`).  The files are read and their plans
compiled first; a unit whose key repeats one met earlier in the folder's file order gets that first unit's report
(its findings and a copy of its witnesses, which hold for the repeat: ``python -m bench.bench_witnesses``); the
first ones are checked in fixed groups of :data:`GROUP` files, one Z3 context each (what Z3 answers, a witness,
depends on the terms its context saw before), here or in ``jobs`` forked workers; then each file's report is put
together in file order (:func:`regc.cli.check.file_report`: graph checks, findings in unit order).  Which unit is
checked in which context depends on the folder alone, so the report is the same whatever ``jobs``.

>>> group_ranges(35)
[range(0, 16), range(16, 32), range(32, 35)]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from regc.cli.check import FileReport, Loaded, activity_files, file_report, load_file
from regc.ir.models import Unit

_JOB: dict[str, Any] = {}  # the loaded files and which units repeat another: what a forked worker reads
GROUP = 16  # consecutive files whose first units are checked in one Z3 context (a context costs ~6 ms)


def group_ranges(n: int) -> list[range]:
    """The file indices of each group of :data:`GROUP` consecutive files out of ``n``."""
    return [range(k, min(k + GROUP, n)) for k in range(0, n, GROUP)]


def _keys(ld: Loaded) -> list[Any]:
    """Each unit's memo key (None: never memoised; an exception: the key could not be read, a finding)."""
    from regc.verify.unit_memo import unit_key

    if ld.plan is None or ld.act is None:
        return []
    out: list[Any] = []
    for unit in ld.act.units:
        try:
            out.append(unit_key(ld.plan, unit))
        except Exception as e:  # noqa: BLE001 - reported as the unit's LOGIC_FAILED finding
            out.append(e)
    return out


def _check_group(k: int) -> dict[tuple[int, int], Any]:
    """The logical checks of the units of group ``k`` that repeat none before, in one Z3 context (one solver per
    file, a scope per unit that asks Z3): (file, unit) -> ``LogicReport``, or the text of the error."""
    import z3

    from regc.verify.findings import check_unit_logic
    from regc.verify.plan_logic import release
    from regc.verify.unit_memo import new_solver

    loaded, skip, dead = _JOB["loaded"], _JOB["skip"], _JOB["dead"]
    out: dict[tuple[int, int], Any] = {}
    ctx = z3.Context()
    try:
        for f in group_ranges(len(loaded))[k]:
            ld = loaded[f]
            if ld.plan is None or ld.act is None:
                continue
            solver = new_solver(ctx)  # a unit that asks Z3 pushes a scope of its own
            for u, unit in enumerate(ld.act.units):
                if (f, u) in skip:
                    continue
                try:
                    out[(f, u)] = check_unit_logic(unit, dead, ld.plan, ctx, solver)
                except Exception as e:  # noqa: BLE001 - a solver failure is a finding, not a crash
                    out[(f, u)] = str(e)
            del solver
    finally:
        release(ctx)
    return out


def _map_groups(n: int, jobs: int) -> list[dict[tuple[int, int], Any]]:
    """``_check_group`` over groups ``0..n-1`` in order: here, or in ``jobs`` forked workers (the modules they
    use imported once before the fork; each result comes back as small reports, not models)."""
    if jobs <= 1 or n <= 1:
        return [_check_group(k) for k in range(n)]
    import gc
    import multiprocessing
    import os

    import z3  # noqa: F401

    from regc.cli.compile import _worker_init
    from regc.verify import findings  # noqa: F401

    gc.freeze()  # the parent's objects stay out of the workers' collections (no copy-on-write of their pages)
    try:
        with multiprocessing.get_context("fork").Pool(min(jobs, n), initializer=_worker_init,
                                                      initargs=(os.getpid(),)) as pool:
            return list(pool.imap(_check_group, range(n)))
    finally:
        gc.unfreeze()


def _logic(results: dict, repeats: dict, f: int, spent: list[float]) -> Any:
    """``logic_of`` of file ``f`` for :func:`regc.cli.check.file_report`: a unit's own report, or its first
    unit's reused under its id (``spent[0]``: the solver seconds of the file's own checks)."""
    from regc.verify.unit_memo import reused

    def logic_of(u: int, unit: Unit) -> Any:
        src = repeats.get((f, u), (f, u))
        r = results[src]
        if isinstance(r, str):
            raise RuntimeError(r)
        if src != (f, u):
            return reused(r, unit.unit_id)
        spent[0] += r.encode_seconds + r.solve_seconds
        return r

    return logic_of


def check_path(target: Path, dead: bool = True, export: Optional[Path] = None, jobs: int = 1) -> list[FileReport]:
    """Check every activity file of ``target`` (``jobs`` worker processes; the reports are the same)."""
    from regc.compiler.build import is_build_folder
    from regc.verify.unit_memo import first_of_key

    loaded = [load_file(f) for f in activity_files(target)]
    known = {ld.activity_id for ld in loaded if ld.activity_id is not None}  # for cross-unit references
    keys = [_keys(ld) for ld in loaded]
    repeats = first_of_key([[k if isinstance(k, str) else None for k in ks] for ks in keys])
    results: dict[tuple[int, int], Any] = {(f, u): str(k) for f, ks in enumerate(keys) for u, k in enumerate(ks)
                                           if isinstance(k, Exception)}
    _JOB.update(loaded=loaded, skip=repeats.keys() | results.keys(), dead=dead)
    try:
        for part in _map_groups(len(group_ranges(len(loaded))), jobs):
            results.update(part)
    finally:
        _JOB.clear()
    reps = []
    for f, ld in enumerate(loaded):
        # every *.json of a build folder is an activity file: one that is not (`{}`, `[1, 2]`) is an error
        spent = [0.0]
        rep = file_report(ld, known, target.is_file() or is_build_folder(ld.path.parent), export,
                          _logic(results, repeats, f, spent))
        if rep is not None:
            rep.seconds += spent[0]
            reps.append(rep)
    return reps
