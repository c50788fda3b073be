"""What a cold ``regc compile`` pays up to each of its phases: instructions (cachegrind) or CPU seconds.

Each phase is its own process: the same command line, stopped (``os._exit``) where the phase ends, so the
difference of two rows is what the phase between them costs, imports made inside it included.  Phases, in order:

- ``start``: ``python -c pass`` (the interpreter and ``site``);
- ``imports``: up to reading the sources (the CLI, the regex store's priming, the option objects: the pass manager
  and the IR models);
- ``loaded``: the front-end has read every source (``load_all``);
- ``compiled``: every activity compiled (``compile_sources``: the passes, and the modules they import on first use);
- ``built``: the build's files made in memory (``build_files``);
- ``written``: the files written;
- ``full``: the whole process, exit included.

Usage (issue 10, branch issue-10ag)::

    python -m bench.compile_phases SRC [--only ID ...] [--cpu] [--phases imports,loaded,full]

Instructions need ``valgrind`` (``--tool=cachegrind --cache-sim=no``, ``PYTHONHASHSEED=0``); ``--cpu`` (or no
valgrind) reports the child's user+sys CPU seconds instead, which a loaded machine inflates.

>>> [p for p, _ in PHASES][:3]
['start', 'imports', 'loaded']
>>> parse_irefs("==1== I   refs:      8,443,348,235")
8443348235
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

PHASES = [("start", "the interpreter (python -c pass)"), ("imports", "CLI, priming, options"),
          ("loaded", "front-end"), ("compiled", "passes"), ("built", "build files in memory"),
          ("written", "writing"), ("full", "exit")]
_IREFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def parse_irefs(log: str) -> int | None:
    """The total instruction count of a cachegrind log, or None."""
    m = _IREFS.search(log)
    return int(m.group(1).replace(",", "")) if m else None


def _stop(phase: str, name: str) -> None:
    if phase == name:
        sys.stdout.flush()
        os._exit(0)


def child(phase: str, argv: list[str]) -> int:
    """Run ``regc`` with ``argv`` as the process entry point does, stopping at the end of ``phase``."""
    import regc.cli.compile as c
    from regc.cli import main

    load_all, compile_sources, write = c.load_all, c.compile_sources, c._write

    def _load_all(*a, **k):
        _stop(phase, "imports")
        out = load_all(*a, **k)
        _stop(phase, "loaded")
        return out

    def _compile_sources(*a, **k):
        out = compile_sources(*a, **k)
        _stop(phase, "compiled")
        return out

    def _write(*a, **k):
        _stop(phase, "built")
        out = write(*a, **k)
        _stop(phase, "written")
        return out

    c.load_all, c.compile_sources, c._write = _load_all, _compile_sources, _write
    sys.argv = ["regc", *argv]
    return main()


def _measure(phase: str, argv: list[str], use_valgrind: bool) -> float | None:
    """Instructions (valgrind) or CPU seconds of one phase's process."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    cmd = [sys.executable, "-c", "pass"] if phase == "start" else \
        [sys.executable, "-m", "bench.compile_phases", "--child", phase, "--", *argv]
    if use_valgrind:
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *cmd]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        print(f"{phase}: exit {p.returncode}\n{p.stderr[-2000:]}", file=sys.stderr)
        return None
    if use_valgrind:
        return parse_irefs(p.stderr)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(source: str, extra: list[str], phases: list[str], use_valgrind: bool) -> list[tuple[str, float]]:
    """Measure each phase of compiling ``source`` (into a temporary folder, no cache); print and return the rows."""
    out = tempfile.mkdtemp(prefix="regc-phases-")
    try:
        argv = ["compile", source, *extra, "-o", os.path.join(out, "build"), "--no-cache", "-q"]
        rows = [(ph, _measure(ph, argv, use_valgrind)) for ph in phases]
    finally:
        shutil.rmtree(out, ignore_errors=True)
    unit = "G instructions" if use_valgrind else "s CPU"
    scale = 1e9 if use_valgrind else 1.0
    full = dict(rows).get("full")
    print(f"{source} ({unit}; the phase's own cost is the difference to the row above)")
    prev = 0.0
    for ph, v in rows:
        if v is None:
            print(f"  {ph:9s} failed")
            continue
        share = f"{100 * (v - prev) / full:5.1f} %" if full else ""
        print(f"  {ph:9s} {v / scale:8.3f}  +{(v - prev) / scale:7.3f} {share}  {dict(PHASES)[ph]}")
        prev = v
    return [(ph, v) for ph, v in rows if v is not None]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child(argv[1], argv[3:] if argv[2:3] == ["--"] else argv[2:])
    ap = argparse.ArgumentParser(prog="python -m bench.compile_phases", description=__doc__.split("\n")[0])
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--only", action="append", default=[], help="compile only this activity (repeatable)")
    ap.add_argument("--cpu", action="store_true", help="CPU seconds instead of instructions")
    ap.add_argument("--phases", default=",".join(p for p, _ in PHASES))
    args = ap.parse_args(argv)
    phases = [p for p in args.phases.split(",") if p]
    unknown = [p for p in phases if p not in dict(PHASES)]
    if unknown:
        ap.error(f"unknown phase(s) {unknown}; known: {[p for p, _ in PHASES]}")
    use_valgrind = not args.cpu and shutil.which("valgrind") is not None
    extra = [x for o in args.only for x in ("--only", o)]
    for src in args.sources:
        report(src, extra, phases, use_valgrind)
    return 0


if __name__ == "__main__":
    sys.exit(main())
