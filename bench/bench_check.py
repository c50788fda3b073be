"""Verification layer timings: `regc check` over all gold activities and over a whole build (target < 5 s per
act), per-unit Z3 encode/solve time, graph build+check time, `regc score` gold vs gold.

The whole-build row uses ``$REGC_BENCH_BUILD`` (a build folder) if set, else ``build/`` when present.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path


def _check_rows(label: str, target: Path) -> list[tuple[str, str]]:
    from regc.ir.cli_check import check_path

    t0 = time.perf_counter()
    reps = check_path(target)
    wall = time.perf_counter() - t0
    units = sum(r.checked_units for r in reps)
    crit = sum(r.criteria for r in reps)
    errs = sum(r.count("error") + r.count("critical") for r in reps)
    return [(f"check {label}: activities / units / criteria", f"{len(reps)} / {units} / {crit}"),
            (f"check {label}: wall time (graph + Z3, all checks)", f"{wall:.2f} s"),
            (f"check {label}: per activity (mean / max)",
             f"{1000 * wall / max(len(reps), 1):.1f} ms / {1000 * max((r.seconds for r in reps), default=0):.1f} ms"),
            (f"check {label}: error findings", str(errs))]


def run() -> list[tuple[str, str]]:
    from regc.compiler.score import load_dir, score_activities
    from regc.corpora.locate import REPO_ROOT, gold_root
    from regc.ir.graph import build_unit_graph, check_unit_graph
    from regc.ir.logic import check_unit_logic
    from regc.ir.models import load_activity

    rows: list[tuple[str, str]] = []
    gold = gold_root()
    if gold is None:
        return [("gold", "not found")]
    rows += _check_rows("gold", gold)

    units = [u for f in sorted(gold.glob("*.json")) for u in load_activity(f).units]
    enc, solve, graph, checks = [], [], [], 0
    for u in units:
        t0 = time.perf_counter()
        check_unit_graph(u, build_unit_graph(u))
        graph.append(time.perf_counter() - t0)
        r = check_unit_logic(u)
        enc.append(r.encode_seconds)
        solve.append(r.solve_seconds)
        checks += r.checks
    big = max(units, key=lambda u: sum(1 for _ in u.root.walk()))
    rb = check_unit_logic(big)
    rows += [
        ("graph build+check per unit (median / max)",
         f"{1000 * statistics.median(graph):.2f} ms / {1000 * max(graph):.2f} ms"),
        ("Z3 encode per unit (median / max)", f"{1000 * statistics.median(enc):.2f} ms / {1000 * max(enc):.2f} ms"),
        ("Z3 solve per unit, all checks (median / max)",
         f"{1000 * statistics.median(solve):.2f} ms / {1000 * max(solve):.2f} ms"),
        ("Z3 solver calls per unit (mean)", f"{checks / len(units):.1f}"),
        (f"largest unit {big.unit_id} ({sum(1 for _ in big.root.walk())} criteria)",
         f"{1000 * (rb.encode_seconds + rb.solve_seconds):.1f} ms, {rb.checks} solver calls"),
    ]
    g = load_dir(gold)
    t0 = time.perf_counter()
    score_activities(g, g)
    rows.append(("score gold vs gold (55 units)", f"{1000 * (time.perf_counter() - t0):.1f} ms"))

    build = os.environ.get("REGC_BENCH_BUILD") or (REPO_ROOT / "build")
    if Path(build).is_dir():
        rows += _check_rows(f"build {Path(build).name}", Path(build))
    else:
        rows.append(("check whole build", "no build/ (set REGC_BENCH_BUILD)"))
    return rows
