"""Compile benchmark: wall time and peak memory for compiling each whole act with the rules pipeline.

Acts: 2021/2139 (EUR-Lex consolidated XHTML, 2026-01-01), 2023/2486 (Formex, 2026-01-01), the Taxonomy Compass
JSON.  Each act runs in a fresh subprocess so that peak RSS (``resource.getrusage(RUSAGE_SELF).ru_maxrss``) is
that act's alone; per-pass seconds come from the pass records.  Targets: < 10 s per act, peak RSS < 1 GiB.

>>> # python -m bench.run compile
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ACTS = (
    ("2021/2139 XHTML", "eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml"),
    ("2023/2486 Formex", "eurlex-lex-corpus/works/32023r2486/2026-01-01/en.fmx4"),
    ("Compass 1.0.4", "taxonomy-compass-json/taxonomy-1.0.4.json"),
)

_CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from regc.frontends import load_source
from regc.cli.compile import compile_sources
from regc.compiler.passmanager import CompileOptions
act = load_source(sys.argv[1])
t1 = time.perf_counter()
acts, diags, records = compile_sources([act], CompileOptions())
t2 = time.perf_counter()
text = "".join(a.dumps() for a in acts)
t3 = time.perf_counter()
per = {}
for r in records:
    per[r.pass_name] = per.get(r.pass_name, 0.0) + r.seconds
print(json.dumps({"load": t1 - t0, "compile": t2 - t1, "emit": t3 - t2, "total": t3 - t0,
                  "activities": len(acts), "units": sum(len(a.units) for a in acts),
                  "nodes": sum(1 for a in acts for u in a.units for _ in u.root.walk()),
                  "diagnostics": len(diags), "passes": per, "bytes": len(text.encode()),
                  "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(path: Path, timeout: float = 300.0) -> dict:
    """Compile one act in a fresh interpreter and return its figures."""
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True,
                          timeout=timeout, cwd=Path(__file__).resolve().parents[1])
    if proc.returncode != 0:
        raise RuntimeError(f"compiling {path} failed: {proc.stderr.strip().splitlines()[-1:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run() -> list[tuple[str, str]]:
    from regc.retrieval.locate import corpus_root

    root = corpus_root()
    if root is None:
        return [("corpus", "not found (set REGC_CORPUS)")]
    rows: list[tuple[str, str]] = []
    for label, rel in ACTS:
        path = root / rel
        if not path.exists():
            rows.append((label, f"source missing: {path}"))
            continue
        try:
            m = measure(path)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            rows.append((label, f"FAILED: {e}"))
            continue
        ok = "ok" if m["total"] < 10 and m["peak_rss_mib"] < 1024 else "OVER TARGET"
        rows.append((f"{label}: wall (load+compile+emit)",
                     f"{m['total']:.2f} s (load {m['load']:.2f}, compile {m['compile']:.2f}, emit {m['emit']:.2f})"
                     f" [{ok}: < 10 s, < 1 GiB]"))
        rows.append((f"{label}: peak RSS", f"{m['peak_rss_mib']:.0f} MiB"))
        rows.append((f"{label}: size", f"{m['activities']} activities, {m['units']} units, {m['nodes']} nodes, "
                                       f"{m['diagnostics']} diagnostics, {m['bytes'] / 1e6:.1f} MB JSON"))
        rows.append((f"{label}: per pass", ", ".join(f"{k} {v:.2f}s" for k, v in m["passes"].items())))
    return rows


if __name__ == "__main__":
    for label, fig in run():
        print(f"{label:<45} {fig}")
