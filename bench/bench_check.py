"""Verification layer timings: `regc check` over all gold activities and over each whole act (target < 5 s per
act), per-unit Z3 solver time (median / p95 / max), graph build+check time, `regc score` gold vs gold.

Whole acts: 2021/2139 (XHTML 2026-01-01) and 2023/2486 (Formex), compiled with the rules pipeline into a temporary
folder (compile time is not counted), then checked in-process, and as a user runs it: a fresh ``regc check
--json`` process with ``--jobs 1`` and ``--jobs 2`` side by side (wall and CPU of the process and its workers;
target for 2139: <= 2 s).  ``$REGC_BENCH_BUILD`` (a build folder) adds a
row for that build.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path


def _check_rows(label: str, target: Path) -> list[tuple[str, str]]:
    from regc.cli.check_build import check_path

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


ACTS = (("2021/2139", ["--celex", "32021R2139", "--version", "2026-01-01"]),
        ("2023/2486", ["--celex", "32023R2486"]))


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def _act_rows() -> list[tuple[str, str]]:
    """Compile each act (rules only, quiet) into a temporary folder and time `regc check` on it."""
    import contextlib
    import io
    import tempfile

    from regc.cli import main
    from regc.cli.check_build import check_path

    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, args in ACTS:
            out = Path(tmp) / label.replace("/", "_")
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                rc = main(["compile", *args, "-o", str(out), "--quiet"])
            if rc not in (0, 1) or not out.is_dir():
                rows.append((f"check act {label}", f"compile failed (exit {rc})"))
                continue
            t0 = time.perf_counter()
            reps = check_path(out)
            wall = time.perf_counter() - t0
            ms = [u["solver_ms"] for r in reps for u in r.unit_results]
            units = sum(r.checked_units for r in reps)
            errs = sum(r.count("error") + r.count("critical") for r in reps)
            warns = sum(r.count("warning") for r in reps)
            rows += [(f"check act {label}: activities / units / criteria",
                      f"{len(reps)} / {units} / {sum(r.criteria for r in reps)}"),
                     (f"check act {label}: wall time, all checks (target < 5 s)", f"{wall:.2f} s"),
                     (f"check act {label}: Z3 time per unit (median / p95 / max)",
                      f"{statistics.median(ms):.2f} / {_pct(ms, 0.95):.2f} / {max(ms):.2f} ms" if ms else "-"),
                     (f"check act {label}: Z3 share of wall time", f"{sum(ms) / 1000 / wall:.0%}" if wall else "-"),
                     (f"check act {label}: findings (errors / warnings)", f"{errs} / {warns}"),
                     _process_row(label, out, Path(tmp))]
    return rows


def _process_row(label: str, build: Path, tmp: Path) -> tuple[str, str]:
    """One ``regc check BUILD --json`` process with --jobs 1 and with --jobs 2 (the same report)."""
    from bench.bench_compile import fig, run_regc

    j1 = run_regc(["check", str(build), "--json"], tmp / "cache", ok=(0, 1))  # 1: error findings reported
    j2 = run_regc(["check", str(build), "--json", "--jobs", "2"], tmp / "cache", ok=(0, 1))
    return (f"check act {label}: regc check process, --jobs 1 | --jobs 2 (target 2139 <= 2 s)",
            f"{fig(j1)} | {fig(j2)} (wall j2/j1 {j2['wall'] / j1['wall']:.2f}; load {os.getloadavg()[0]:.1f})")


def run() -> list[tuple[str, str]]:
    from regc.eval.score import load_dir, score_activities
    from regc.retrieval.locate import REPO_ROOT, gold_root
    from regc.verify.graph import build_unit_graph, check_unit_graph
    from regc.verify.findings import check_unit_logic
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
        ("Z3 solve per unit, all checks (median / p95 / max)",
         f"{1000 * statistics.median(solve):.2f} / {1000 * _pct(solve, 0.95):.2f} / {1000 * max(solve):.2f} ms"),
        ("Z3 solver calls per unit (mean)", f"{checks / len(units):.1f}"),
        (f"largest unit {big.unit_id} ({sum(1 for _ in big.root.walk())} criteria)",
         f"{1000 * (rb.encode_seconds + rb.solve_seconds):.1f} ms, {rb.checks} solver calls"),
    ]
    g = load_dir(gold)
    t0 = time.perf_counter()
    score_activities(g, g)
    rows.append(("score gold vs gold (55 units)", f"{1000 * (time.perf_counter() - t0):.1f} ms"))

    rows += _act_rows()
    build = os.environ.get("REGC_BENCH_BUILD") or (REPO_ROOT / "build")
    if Path(build).is_dir():
        rows += _check_rows(f"build {Path(build).name}", Path(build))
    return rows
