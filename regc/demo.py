"""`make demo` / ``python -m regc.demo``: compile the Climate Delegated Act (2021/2139, 2026-01-01) from the corpus.

Prints activities / units / nodes per objective, the time taken, where the build went (``out/demo/``) and a
few sample criteria.  Options: ``--out DIR``, ``--corpus DIR``, ``--celex``/``--version`` for another act.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

from regc.retrieval.locate import REPO_ROOT

SAMPLES = ("CCM-4.29/SC", "CCM-7.1/SC", "CCA-8.1/SC")


def _find_source(corpus: str | None, celex: str, version: str | None) -> Path:
    from regc.frontends import find_in_corpus
    from regc.retrieval.locate import corpus_root

    root = corpus_root(corpus)
    if root is None:
        raise SystemExit("regc demo: no corpus folder; set REGC_CORPUS or put shared/corpora beside the repository")
    return find_in_corpus(root, celex, version)


def _walk_depth(node, depth=0):
    yield node, depth
    for c in node.sub_criteria:
        yield from _walk_depth(c, depth + 1)


def _sample_lines(activities, wanted=SAMPLES, per_unit: int = 8) -> list[str]:
    by_unit = {u.unit_id: u for a in activities for u in a.units}
    out: list[str] = []
    for uid in wanted:
        unit = by_unit.get(uid)
        if unit is None:
            continue
        out.append(f"  {uid}")
        nodes = list(_walk_depth(unit.root))[1:]
        for node, depth in nodes[:per_unit]:
            tags = f" [{', '.join(node.tags)}]" if node.tags else ""
            text = node.verbatim_text if len(node.verbatim_text) <= 80 else node.verbatim_text[:77] + "..."
            out.append(f"    {'  ' * (depth - 1)}{node.criterion_id:<22} {node.evaluation_logic:<5}{tags} {text}")
        if len(nodes) > per_unit:
            out.append(f"    ... {len(nodes) - per_unit} more")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m regc.demo", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(REPO_ROOT / "out" / "demo"), help="build folder (default out/demo)")
    ap.add_argument("--corpus", help="corpus folder (default $REGC_CORPUS, then ../shared/corpora)")
    ap.add_argument("--celex", default="32021R2139")
    ap.add_argument("--version", default="2026-01-01")
    args = ap.parse_args(argv)

    from regc.compiler.build import write_build
    from regc.cli.compile import compile_sources
    from regc.frontends import load_source
    from regc.compiler.passmanager import CompileOptions
    from regc.ir.doc import FrontEndError

    try:
        src = _find_source(args.corpus, args.celex, args.version)
        t0 = time.perf_counter()
        act = load_source(src)
    except FrontEndError as e:
        print(f"regc demo: {e}", file=sys.stderr)
        return 2
    t_load = time.perf_counter() - t0
    activities, diags, records = compile_sources([act], CompileOptions())
    t_compile = time.perf_counter() - t0 - t_load
    out = write_build(args.out, activities, diags)

    per_obj: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for a in activities:
        obj = a.activity_id.split("-", 1)[0]
        per_obj[obj][0] += 1
        per_obj[obj][1] += len(a.units)
        per_obj[obj][2] += sum(1 for u in a.units for _ in u.root.walk())
    print(f"regc demo: {act.title[:90] or act.celex} ({act.celex}, version {act.version}, {act.format})")
    print(f"source: {src}")
    print(f"{'objective':<10} {'activities':>10} {'units':>7} {'nodes':>7}")
    for obj in sorted(per_obj):
        a_, u_, n_ = per_obj[obj]
        print(f"{obj:<10} {a_:>10} {u_:>7} {n_:>7}")
    tot = [sum(v[i] for v in per_obj.values()) for i in range(3)]
    print(f"{'total':<10} {tot[0]:>10} {tot[1]:>7} {tot[2]:>7}")
    per_pass: dict[str, float] = {}
    for r in records:
        per_pass[r.pass_name] = per_pass.get(r.pass_name, 0.0) + r.seconds
    flagged = sum(1 for r in records if r.flagged)
    print(f"time: load {t_load:.2f} s, compile {t_compile:.2f} s  ("
          + ", ".join(f"{k} {v:.2f}" for k, v in per_pass.items()) + ")")
    n_err = sum(1 for d in diags if d.severity in ("error", "critical"))
    print(f"diagnostics: {len(diags)} ({n_err} errors), {flagged} pass runs flagged for review")
    print(f"output: {out}/  (one <activity_id>.json per activity + diagnostics.jsonl)")
    print("sample criteria:")
    for line in _sample_lines(activities):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
