"""Compile benchmark: whole-act `regc compile` against the lxml parse floor of the same file, side by side.

Every figure comes from one run of this module, each compile in a fresh ``python -m regc`` process (so start-up
and imports count, as a user sees them): wall seconds, CPU seconds (user + sys of the process and its workers;
the machine is shared, so compare CPU), and peak RSS.  Rows:

- per act (2021/2139 XHTML, 2023/2486 Formex, Compass JSON): cold compile (empty cache) vs the parse floor (lxml
  parse of the XML/XHTML, ``json.loads`` of the Compass file, in-process);
- 2021/2139: cold vs warm cache (the whole build read back), and warm through the per-activity entries (the
  same source with ``--with-provenance``: document and activities from the cache, the build written anew);
  ``--jobs 1`` vs ``--jobs 2`` (``--no-cache``); ``--only CCM-4.29`` cold (no cache) and warm; ``regc --help``.

Targets (issue 10): 2139 ≤ 1.5 s cold (≤ 0.8 s warm), 2486 ≤ 0.5 s, Compass ≤ 1.5 s, peak RSS ≤ 300 MiB,
``--jobs 2`` faster than ``--jobs 1`` on two free cores, ``--only CCM-4.29`` ≤ 0.6 s, ``--help`` ≤ 0.15 s.

>>> # python -m bench.run compile
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ACTS = (
    ("2021/2139 XHTML", "eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml", 1.5),
    ("2023/2486 Formex", "eurlex-lex-corpus/works/32023r2486/2026-01-01/en.fmx4", 0.5),
    ("Compass 1.0.4", "taxonomy-compass-json/taxonomy-1.0.4.json", 1.5),
)
REPO = Path(__file__).resolve().parents[1]


# ``python -m regc`` that also writes its own peak RSS (VmHWM of /proc/self/status, kB) to $REGC_BENCH_HWM at exit.
# The rusage of a waited-for child is no measure of it: Linux carries the parent's RSS at fork into the child's
# ru_maxrss (kept across exec), so a 40 MiB `regc eval` started by a 350 MiB benchmark process reported 355 MiB.
_HWM_LAUNCH = """
import atexit, os, sys
def _hwm():
    with open("/proc/self/status") as f:
        kb = next((ln.split()[1] for ln in f if ln.startswith("VmHWM:")), "0")
    with open(os.environ["REGC_BENCH_HWM"], "w") as out:
        out.write(kb)
atexit.register(_hwm)
sys.argv[0] = "regc"
from regc.cli import main
sys.exit(main())
"""


def run_regc(args: list[str], cache: Path, ok: tuple[int, ...] = (0,)) -> dict:
    """Run ``python -m regc ARGS`` with the on-disk cache in ``cache``; wall/CPU seconds (CPU: the process and its
    waited-for workers) and its peak RSS (MiB, the regc process itself).  An exit status outside ``ok`` raises
    (``regc check`` exits 1 when it reports error findings)."""
    with tempfile.TemporaryDirectory(prefix="regc-bench-run-") as tmp:
        hwm = Path(tmp) / "hwm"
        env = {**os.environ, "REGC_CACHE_DIR": str(cache), "REGC_BENCH_HWM": str(hwm)}
        t0 = time.perf_counter()
        with tempfile.TemporaryFile() as errf:
            proc = subprocess.Popen([sys.executable, "-c", _HWM_LAUNCH, *args], cwd=REPO, env=env,
                                    stdout=subprocess.DEVNULL, stderr=errf)
            _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage (and its waited-for workers')
            wall = time.perf_counter() - t0
            proc.returncode = rc = os.waitstatus_to_exitcode(status)
            errf.seek(0)
            err = errf.read().decode(errors="replace")
        if rc not in ok:
            raise RuntimeError(f"regc {' '.join(args)} failed ({rc}): {err.strip()[-300:]}")
        rss = int(hwm.read_text() or 0) / 1024 if hwm.exists() else float("nan")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": rss}


def parse_floor(path: Path) -> float:
    """Seconds to parse the source with lxml (every XML file of a Formex folder; for Compass, ``json.loads`` and
    lxml on every HTML string in it), best of 3."""
    from lxml import etree, html

    def fragments(v) -> None:  # the Compass export holds its criteria as HTML strings: parse those too
        if isinstance(v, dict):
            for x in v.values():
                fragments(x)
        elif isinstance(v, list):
            for x in v:
                fragments(x)
        elif isinstance(v, str) and "<" in v:
            html.fragments_fromstring(v)

    def once() -> None:
        if path.is_dir():
            for f in sorted(path.glob("*.xml")):
                etree.parse(str(f))
        elif path.suffix == ".json":
            fragments(json.loads(path.read_bytes()))
        else:
            html.parse(str(path))

    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        once()
        best = min(best, time.perf_counter() - t0)
    return best


_SPLIT = """
import json, resource, sys, time
t0 = time.perf_counter()
from regc.cli import main
rc = main(sys.argv[1:])
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": rc, "wall": time.perf_counter() - t0, "parent": me.ru_utime + me.ru_stime,
                  "workers": kids.ru_utime + kids.ru_stime}))
"""


def run_split(args: list[str], cache: Path) -> dict:
    """Run ``regc ARGS`` in a fresh process that reports its wall time (after start-up), its own CPU time and
    that of its worker processes."""
    import json as _json

    env = {**os.environ, "REGC_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-c", _SPLIT, *args], cwd=REPO, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"regc {' '.join(args)} failed: {done.stderr.strip()[-300:]}")
    return _json.loads(done.stdout.strip().splitlines()[-1])


def jobs_rows(path: Path, out: Path) -> list[tuple[str, str]]:
    """``--jobs 1`` vs ``--jobs 2`` (no cache), side by side: wall, the parent's CPU (reading the source, writing
    the build) and the workers' CPU (compiling) with the CPU per worker."""
    base = ["compile", str(path), "-q", "--no-cache"]
    j1 = run_split(base + ["-o", str(out / "s1")], out / "cache")
    j2 = run_split(base + ["-o", str(out / "s2"), "--jobs", "2"], out / "cache")
    same = not subprocess.run(["diff", "-rq", str(out / "s1"), str(out / "s2")], capture_output=True).returncode
    return [("2139: --jobs 1 | --jobs 2, CPU split (no cache)",
             f"{j1['wall']:.2f} s wall, {j1['parent']:.2f} s CPU | {j2['wall']:.2f} s wall, parent "
             f"{j2['parent']:.2f} s + workers {j2['workers']:.2f} s CPU ({j2['workers'] / 2:.2f} s per worker); "
             f"wall j2/j1 {j2['wall'] / j1['wall']:.2f} (needs 2 free cores; load "
             f"{os.getloadavg()[0]:.1f}); identical output: {same}")]


def fig(m: dict) -> str:
    return f"{m['wall']:.2f} s wall, {m['cpu']:.2f} s CPU, {m['rss']:.0f} MiB"


def act_rows(label: str, path: Path, target: float, out: Path) -> list[tuple[str, str]]:
    floor = parse_floor(path)
    m = run_regc(["compile", str(path), "-o", str(out / "cold"), "-q"], out / "cache")
    ok = "ok" if m["wall"] <= target and m["rss"] <= 300 else "over target"
    return [(f"{label}: cold compile | parse floor",
             f"{fig(m)} | {floor * 1000:.0f} ms  (x{m['cpu'] / floor:.0f} CPU/floor; {ok}: <= {target} s, "
             f"<= 300 MiB)")]


def climate_rows(path: Path, out: Path) -> list[tuple[str, str]]:
    rows = []
    cache = out / "cache"
    cold = run_regc(["compile", str(path), "-o", str(out / "c1"), "-q"], cache)
    warm = run_regc(["compile", str(path), "-o", str(out / "c2"), "-q"], cache)
    rows.append(("2139: cold | warm cache", f"{fig(cold)} | {fig(warm)}  (warm/cold CPU "
                                             f"{warm['cpu'] / cold['cpu']:.2f}; target warm <= 0.8 s; the whole "
                                             "build read back)"))
    per = run_regc(["compile", str(path), "-o", str(out / "c3"), "-q", "--with-provenance"], cache)
    rows.append(("2139: warm, per-activity entries", f"{fig(per)}  (another output option, same source: the "
                                                     "document and every activity from the cache)"))
    j1 = run_regc(["compile", str(path), "-o", str(out / "j1"), "-q", "--no-cache"], cache)
    j2 = run_regc(["compile", str(path), "-o", str(out / "j2"), "-q", "--no-cache", "--jobs", "2"], cache)
    rows.append(("2139: --jobs 1 | --jobs 2 (no cache)",
                 f"{fig(j1)} | {fig(j2)}  (wall j2/j1 {j2['wall'] / j1['wall']:.2f}; needs 2 free cores)"))
    rows += jobs_rows(path, out)
    only = ["compile", str(path), "-o", str(out / "o"), "-q", "--only", "CCM-4.29"]
    o_cold = run_regc(only + ["--no-cache"], cache)
    o_warm = run_regc(only, cache)
    rows.append(("2139 --only CCM-4.29: no cache | warm", f"{fig(o_cold)} | {fig(o_warm)}  (target <= 0.6 s)"))
    helps = [run_regc(["--help"], cache) for _ in range(3)]
    best = min(helps, key=lambda m: m["wall"])
    rows.append(("regc --help (best of 3)", f"{fig(best)}  (target <= 0.15 s)"))
    return rows


def run() -> list[tuple[str, str]]:
    from regc.retrieval.locate import corpus_root

    root = corpus_root()
    if root is None:
        return [("corpus", "not found (set REGC_CORPUS)")]
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="regc-bench-") as tmp:
        out = Path(tmp)
        for i, (label, rel, target) in enumerate(ACTS):
            path = root / rel
            if not path.exists():
                rows.append((label, f"source missing: {path}"))
                continue
            try:
                rows += act_rows(label, path, target, out / f"a{i}")
                if i == 0:
                    rows += climate_rows(path, out / "climate")
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                rows.append((label, f"FAILED: {e}"))
    return rows


if __name__ == "__main__":
    for label, figure in run():
        print(f"{label:<45} {figure}")
