"""Every witness of ``regc check`` verified without Z3 (:mod:`regc.verify.witness_check`) on whole builds: the
2021/2139 XHTML (2026-01-01), 2023/2486 Formex and Compass 1.0.4 sources compiled (rules only) into a temporary
folder, checked in-process (as ``regc check BUILD --json``), then each witness evaluated by the concrete
evaluator and, where the facts-file form can state it, by the runtime evaluator.  Problems must be 0.

For a report already written: ``python -m bench.bench_witnesses BUILD REPORT.json`` (counts, then each problem;
exit 1 on any).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

BUILDS = (("2021/2139", ["--celex", "32021R2139", "--version", "2026-01-01"]),
          ("2023/2486", ["--celex", "32023R2486"]),
          ("compass", ["taxonomy-compass-json/taxonomy-1.0.4.json"]))


def _rows(label: str, build: Path) -> list[tuple[str, str]]:
    from regc.cli.check_build import check_path
    from regc.verify.witness_check import verify_report

    report = {"activities": [r.to_json() for r in check_path(build)]}
    t0 = time.perf_counter()
    t = verify_report(report)
    secs = time.perf_counter() - t0
    return [(f"witnesses {label}: concrete verified / runtime cross-checked (of all)",
             f"{t.concrete} / {t.runtime} ({t.witnesses}; {t.scoped} scoped, {t.cyclic} cyclic units; {secs:.2f} s)"),
            (f"witnesses {label}: problems (must be 0) / runtime form disagrees",
             f"{len(t.problems)} / {len(t.runtime_disagree)}")]


def run() -> list[tuple[str, str]]:
    from bench.corpus_builds import corpus_root
    from regc.cli import main

    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, args in BUILDS:
            out = Path(tmp) / label.replace("/", "_")
            if not args[0].startswith("--"):
                args = [str(corpus_root() / args[0])]
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                rc = main(["compile", *args, "-o", str(out), "--quiet"])
            if rc not in (0, 1) or not out.is_dir():
                rows.append((f"witnesses {label}", f"compile failed (exit {rc})"))
                continue
            rows += _rows(label, out)
    return rows


def main(argv: list[str]) -> int:
    """``python -m bench.bench_witnesses BUILD REPORT.json``: every witness of a written ``regc check BUILD --json``
    report verified (:func:`regc.verify.witness_check.verify_report`); counts, then each problem; exit 1 on any."""
    from regc.verify.witness_check import verify_report

    if len(argv) != 2:
        print("usage: python -m bench.bench_witnesses BUILD REPORT.json", file=sys.stderr)
        return 2
    report = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    tally = verify_report({"activities": [{**r, "path": str(Path(argv[0]) / Path(r["path"]).name)}
                                          for r in report["activities"]]})
    print(f"witnesses {tally.witnesses}: concrete {tally.concrete}, runtime {tally.runtime}, scoped {tally.scoped}, "
          f"cyclic units {tally.cyclic}, problems {len(tally.problems)}, "
          f"runtime disagrees {len(tally.runtime_disagree)}")
    for p in tally.problems + tally.runtime_disagree:
        print(f"  {p.unit_id} {p.claim}: {p.detail}")
    return 1 if tally.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
