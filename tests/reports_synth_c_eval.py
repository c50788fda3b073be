"""Run the current extractor on the synth-c set and print the scores per layout family.

    python -m tests.reports_synth_c_eval DIR [--seeds 1,2,3] [--regen] [--json FILE]

Writes the documents (DIR/pdf, DIR/gold) unless present, runs ``regc extract`` on every PDF (one process per
document, rules only, as a user would) into DIR/out, scores with ``regc score-disclosure --json`` and prints
one line per family (mean fixed-key exact, mean activity-row F1, mean amount accuracy over matched rows) and
the overall means, plus the extraction time per report.

>>> summarise({"a_s1": {"fixed_exact": 1.0, "rows": {"f1": 0.5, "amount_acc": 1.0}}})["all"]["fixed"]
1.0
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tests.reports_synth_c import FAMILIES, write_set


# the untouched extractor (2044f55) on seeds 1-3, means over the 36 documents (tests/fixtures/reports/README.md)
FIRST_CONTACT = {"fixed": 0.722, "row_f1": 0.809}


def score_in_process(root: Path, seeds=(1, 2, 3)) -> tuple[float, float, list[float]]:
    """(mean fixed exact, mean row F1, extract seconds per document) with the extractor called in-process
    (the bench's way: no interpreter start per document)."""
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document
    from regc.reports.score import score_pair
    from tests.reports_synth_c import build_documents, gold_json
    from tests.reports_synth_c_render import render

    fixed, f1, walls = [], [], []
    for doc in build_documents(seeds):
        pdf = root / f"{doc.stem}.pdf"
        pdf.write_bytes(render(doc))
        start = time.perf_counter()
        got = extract(Document(pdf))
        walls.append(time.perf_counter() - start)
        s = score_pair(got, gold_json(doc, pdf.name))
        fixed.append(s["fixed_exact"])
        f1.append(s["rows"]["f1"])
    return sum(fixed) / len(fixed), sum(f1) / len(f1), walls


def _regc() -> list[str]:
    return [sys.executable, "-m", "regc"]


def extract_all(root: Path) -> dict[str, float]:
    """Extract every DIR/pdf/*.pdf into DIR/out/*.json; returns wall seconds per document."""
    out = root / "out"
    out.mkdir(exist_ok=True)
    walls = {}
    for pdf in sorted((root / "pdf").glob("*.pdf")):
        start = time.perf_counter()
        proc = subprocess.run(_regc() + ["extract", str(pdf), "-o", str(out / f"{pdf.stem}.json")],
                              capture_output=True, text=True, env=os.environ.copy())
        walls[pdf.stem] = time.perf_counter() - start
        if proc.returncode != 0:
            print(f"{pdf.stem}: extract exit {proc.returncode}: {proc.stderr.strip()[-300:]}", file=sys.stderr)
    return walls


def score(root: Path) -> dict:
    proc = subprocess.run(_regc() + ["score-disclosure", str(root / "gold"), str(root / "out"), "--json"],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)["reports"]


def summarise(reports: dict) -> dict:
    """Mean fixed-key exact / row F1 / amount accuracy per family (stem minus '_sN') and over all."""
    groups: dict[str, list[dict]] = {}
    for stem, rep in reports.items():
        groups.setdefault(stem.rsplit("_s", 1)[0], []).append(rep)
        groups.setdefault("all", []).append(rep)

    def mean(values):
        values = [v for v in values if v is not None]
        return round(sum(values) / len(values), 3) if values else None

    return {fam: {"n": len(reps), "fixed": mean(r["fixed_exact"] for r in reps),
                  "row_f1": mean(r["rows"]["f1"] for r in reps),
                  "amount_acc": mean(r["rows"].get("amount_acc") for r in reps)}
            for fam, reps in groups.items()}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root = Path(argv[0])
    seeds = (1, 2, 3)
    if "--seeds" in argv:
        seeds = tuple(int(s) for s in argv[argv.index("--seeds") + 1].split(","))
    if "--regen" in argv or not (root / "gold").is_dir():
        write_set(root, seeds)
    walls = extract_all(root)
    reports = score(root)
    table = summarise(reports)
    order = [f.name for f in FAMILIES if f.name in table] + ["all"]
    print(f"{'family':36s} {'n':>3s} {'fixed':>6s} {'rowF1':>6s} {'amount':>6s}")
    for fam in order:
        t = table[fam]
        print(f"{fam:36s} {t['n']:3d} {t['fixed']:6.3f} {t['row_f1']:6.3f} {t['amount_acc'] or 0:6.3f}")
    print(f"extract time per report: mean {sum(walls.values()) / len(walls):.2f} s, max {max(walls.values()):.2f} s")
    if "--json" in argv:
        Path(argv[argv.index("--json") + 1]).write_text(json.dumps(
            {"families": table, "reports": reports, "walls": walls}, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
