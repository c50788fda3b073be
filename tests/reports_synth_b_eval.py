"""Score ``regc extract`` on the synth-b corpus: per report, per layout family, overall.

    python -m tests.reports_synth_b_eval WORK_DIR [--n 36] [--first 0] [--ocr]   # writes WORK_DIR/{pdf,gold,out}

Each PDF is extracted by the CLI (``python -m regc extract``, a fresh process per report, as a user runs it) and
scored by ``regc score-disclosure --json``.  Prints one line per family and the overall means.

    >>> family_of("synthb_07_number_formats")
    'number_formats'
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from tests.reports_synth_b import FAMILIES, write_corpus


def family_of(name: str) -> str:
    return name.split("_", 2)[2]


def extract_all(work: Path, names: list[str], ocr: bool = False) -> dict[str, float]:
    """Run the extractor on every PDF; returns seconds per report."""
    (work / "out").mkdir(exist_ok=True)
    times = {}
    for name in names:
        cmd = [sys.executable, "-m", "regc", "extract", str(work / "pdf" / f"{name}.pdf"),
               "-o", str(work / "out" / f"{name}.json")] + (["--ocr"] if ocr else ["--no-ocr"])
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, text=True, check=False)
        times[name] = time.perf_counter() - t0
    return times


def score(work: Path) -> dict:
    res = subprocess.run([sys.executable, "-m", "regc", "score-disclosure", "--json", str(work / "gold"),
                          str(work / "out")], capture_output=True, text=True, check=False)
    return json.loads(res.stdout)


def by_family(scores: dict) -> dict[str, tuple[float, float, int]]:
    """family -> (mean fixed exact, mean row F1, reports); key 'ALL' for every report."""
    acc: dict[str, list] = defaultdict(list)
    for name, rep in scores["reports"].items():
        pair = (rep["fixed_exact"], rep["rows"]["f1"])
        acc[family_of(name)].append(pair)
        acc["ALL"].append(pair)
    return {fam: (sum(p[0] for p in v) / len(v), sum(p[1] for p in v) / len(v), len(v)) for fam, v in acc.items()}


def main(argv: list[str]) -> int:
    work = Path(argv[0])
    n = int(argv[argv.index("--n") + 1]) if "--n" in argv else 36
    first = int(argv[argv.index("--first") + 1]) if "--first" in argv else 0
    names = write_corpus(work, n, first)
    times = extract_all(work, names, ocr="--ocr" in argv)
    fams = by_family(score(work))
    for fam in (*FAMILIES, "ALL"):
        if fam in fams:
            fx, f1, k = fams[fam]
            print(f"{fam:<22} n={k:<3} fixed {fx:.3f}  rows F1 {f1:.3f}")
    print(f"max extract time {max(times.values()):.1f} s, mean {sum(times.values()) / len(times):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
