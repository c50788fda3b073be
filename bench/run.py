"""`make bench`: run every ``bench/bench_<area>.py`` module's ``run()`` and print its (label, figure) rows.

Usage: ``python -m bench.run [AREA ...]`` (default: all areas; e.g. ``generalisation``: dev gold, each held-out
set and the Compass build side by side, per field and per decision). Areas are found by module name.
Benchmarks print figures; they do not assert.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import traceback
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    areas = sorted(m.name[len("bench_"):] for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if argv:
        areas = [a for a in areas if a in argv]
    failed = 0
    for area in areas:
        print(f"\n== {area} ==", flush=True)
        t0 = time.perf_counter()
        try:
            rows = importlib.import_module(f"bench.bench_{area}").run()
        except Exception:  # a broken benchmark must not hide the others' figures
            traceback.print_exc()
            failed += 1
            continue
        width = max((len(label) for label, _ in rows), default=0)
        for label, figure in rows:
            print(f"  {label:<{width}}  {figure}", flush=True)
        print(f"  ({area}: {time.perf_counter() - t0:.1f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
