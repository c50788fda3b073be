"""Compile every Taxonomy act of the corpus into one folder per source, for before/after refactor diffs.

A refactor is proven by output: build the corpus at the old commit and at the new one, then ``diff -r``::

    python -m bench.corpus_builds OUT_OLD          # at the old commit
    python -m bench.corpus_builds OUT_NEW          # at the new commit
    diff -r OUT_OLD OUT_NEW && echo identical

``--compare OLD`` builds into a temporary folder and reports the files that differ from OLD (exit 1 if any).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
from pathlib import Path

WORKS = "eurlex-lex-corpus/works"
# (build name, source path relative to the corpus root)
SOURCES = (
    ("2139-xhtml-2023-01-01", f"{WORKS}/32021r2139/2023-01-01/en.xml"),
    ("2139-xhtml-2024-01-01", f"{WORKS}/32021r2139/2024-01-01/en.xml"),
    ("2139-xhtml-2025-01-01", f"{WORKS}/32021r2139/2025-01-01/en.xml"),
    ("2139-xhtml-2025-01-08", f"{WORKS}/32021r2139/2025-01-08/en.xml"),
    ("2139-xhtml-2026-01-01", f"{WORKS}/32021r2139/2026-01-01/en.xml"),
    ("2139-formex-2026-01-01", f"{WORKS}/32021r2139/2026-01-01/en.fmx4"),
    ("2486-formex-2026-01-01", f"{WORKS}/32023r2486/2026-01-01/en.fmx4"),
    ("1214-oj", f"{WORKS}/32022r1214/2022-03-09/en.xml"),
    ("2485-oj", f"{WORKS}/32023r2485/2023-06-27/en.xml"),
    ("compass", "taxonomy-compass-json/taxonomy-1.0.4.json"),
)


def corpus_root() -> Path:
    return Path(os.environ.get("REGC_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpora")


def build_all(out: Path, corpus: Path, extra: tuple[str, ...] = ()) -> list[str]:
    """Compile each source of :data:`SOURCES` into ``out/<name>``; returns the names that failed to compile."""
    failed = []
    for name, rel in SOURCES:
        src = corpus / rel
        if not src.exists():
            continue
        cmd = [sys.executable, "-m", "regc", "compile", str(src), "-o", str(out / name), "-q", *extra]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            failed.append(f"{name}: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
    return failed


def differing(a: Path, b: Path) -> list[str]:
    """Relative paths of files that differ, or exist on one side only, between two build trees."""
    out: list[str] = []

    def walk(cmp: filecmp.dircmp, rel: str) -> None:
        out.extend(f"{rel}{n}" for n in cmp.left_only + cmp.right_only + cmp.diff_files + cmp.funny_files)
        for sub, c in sorted(cmp.subdirs.items()):
            walk(c, f"{rel}{sub}/")

    walk(filecmp.dircmp(a, b, ignore=[".regc-build"]), "")  # the build marker (issue 13) is not output
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", help="folder to build into")
    ap.add_argument("--compare", metavar="OLD", help="build into a temp folder and compare with OLD")
    args = ap.parse_args(argv)
    corpus = corpus_root()
    if args.compare:
        with tempfile.TemporaryDirectory() as tmp:
            failed = build_all(Path(tmp), corpus)
            diffs = differing(Path(args.compare), Path(tmp))
        for d in diffs:
            print("differs:", d)
        print(f"{len(diffs)} file(s) differ; {len(failed)} source(s) failed: {failed}")
        return 1 if diffs or failed else 0
    failed = build_all(Path(args.out), corpus)
    print(f"built {len(SOURCES) - len(failed)} source(s) into {args.out}; failed: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
