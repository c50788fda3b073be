"""The shared evaluation of a synthetic report set: generate, extract (``regc extract``, one process per document),
score per family.  Each set's ``tests/reports_synth_<x>_eval.py`` binds its generator and renderer to a ``SynthSet``.

Writes DIR/pdf/*.pdf, DIR/gold/*.json, DIR/out/*.json; prints fixed-key exact / row F1 / amount accuracy per
family and overall (means over documents) and the extraction time per document.

>>> _mean([{"f1": 0.5}, {"f1": 1.0}, {"f1": None}], "f1")
'0.750'
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


@dataclass(frozen=True)
class SynthSet:
    """One synthetic set: its layout families, document builder, gold writer and PDF renderer."""

    families: tuple[str, ...]
    build_document: Callable[[str, int], Any]
    gold_json: Callable[[Any], dict]
    render: Callable[[Any, Path], Any]

    def score_in_process(self, root: Path, seeds=(1, 2, 3)) -> tuple[dict[str, dict], dict[str, float]]:
        """Per-document scores and extract seconds with the extractor called in-process (the bench's way)."""
        return score_in_process(self, root, seeds)

    def main(self, argv=None) -> int:
        """The command line of one set's eval module: generate, extract (one process each), score, print."""
        return main(self, argv)


def generate(synth: SynthSet, root: Path, seeds=(1, 2, 3)) -> list[str]:
    names = []
    for family in synth.families:
        for seed in seeds:
            doc = synth.build_document(family, seed)
            synth.render(doc, root / "pdf" / f"{doc.name}.pdf")
            (root / "gold").mkdir(parents=True, exist_ok=True)
            (root / "gold" / f"{doc.name}.json").write_text(
                json.dumps(synth.gold_json(doc), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            names.append(doc.name)
    return names


def extract(root: Path, names: list[str], ocr: bool = False) -> dict[str, float]:
    (root / "out").mkdir(parents=True, exist_ok=True)
    walls = {}
    for name in names:
        cmd = [sys.executable, "-m", "regc", "extract", str(root / "pdf" / f"{name}.pdf"),
               "-o", str(root / "out" / f"{name}.json")] + (["--ocr"] if ocr else ["--no-ocr"])
        t0 = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True)
        walls[name] = time.perf_counter() - t0
        if r.returncode != 0:
            print(f"  {name}: exit {r.returncode}: {r.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
    return walls


def score(root: Path) -> dict:
    r = subprocess.run([sys.executable, "-m", "regc", "score-disclosure", str(root / "gold"), str(root / "out"),
                        "--json"], capture_output=True, text=True)
    return json.loads(r.stdout)


def per_document(scores: dict) -> dict[str, dict]:
    """Document name -> {fixed, f1, amount} from score-disclosure's JSON."""
    out = {}
    for name, d in scores.get("reports", {}).items():
        rows = d.get("rows") or {}
        out[Path(str(name)).stem] = {"fixed": d.get("fixed_exact"), "f1": rows.get("f1"),
                                     "amount": rows.get("amount_acc"), "misses": d.get("fixed_misses", [])}
    return out


def table(synth: SynthSet, per_doc: dict[str, dict], walls: dict[str, float]) -> str:
    lines = ["| family | fixed exact | row F1 | amount acc | extract s (max) |", "|---|---|---|---|---|"]
    allv = []
    for family in synth.families:
        rows = [v for k, v in per_doc.items() if k.startswith(family + "_s")]
        w = [s for k, s in walls.items() if k.startswith(family + "_s")]
        allv += rows
        lines.append(f"| {family} | " + " | ".join(_mean(rows, m) for m in ("fixed", "f1", "amount"))
                     + f" | {max(w) if w else 0:.1f} |")
    lines.append(f"| **all ({len(allv)} docs)** | " + " | ".join(f"**{_mean(allv, m)}**" for m in ("fixed", "f1", "amount"))
                 + f" | mean {sum(walls.values()) / max(len(walls), 1):.1f} / max {max(walls.values(), default=0):.1f} |")
    return "\n".join(lines)


def _mean(rows, m):
    vals = [r[m] for r in rows if r.get(m) is not None]
    return f"{sum(vals) / len(vals):.3f}" if vals else "–"


def main(synth: SynthSet, argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--ocr", action="store_true")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    names = generate(synth, a.dir, a.seeds)
    walls = extract(a.dir, names, a.ocr)
    scores = score(a.dir)
    per_doc = per_document(scores)
    print(table(synth, per_doc, walls))
    if a.json:
        a.json.write_text(json.dumps({"per_document": per_doc, "walls": walls}, indent=1, sort_keys=True))
    return 0


def score_in_process(synth: SynthSet, root: Path, seeds=(1, 2, 3)) -> tuple[dict[str, dict], dict[str, float]]:
    """Per-document scores and extract seconds with the extractor called in-process (the bench's way)."""
    from regc.reports.extract import extract as run_extract
    from regc.reports.pdftree import Document
    from regc.reports.score import score_pair

    per_doc, walls = {}, {}
    for family in synth.families:
        for seed in seeds:
            doc = synth.build_document(family, seed)
            pdf = root / f"{doc.name}.pdf"
            synth.render(doc, pdf)
            t0 = time.perf_counter()
            got = run_extract(Document(pdf))
            walls[doc.name] = time.perf_counter() - t0
            s = score_pair(got, synth.gold_json(doc))
            per_doc[doc.name] = {"fixed": s["fixed_exact"], "f1": s["rows"]["f1"],
                                 "amount": s["rows"]["amount_acc"], "misses": s["fixed_misses"]}
    return per_doc, walls


def gold_numbers(kpi: dict) -> list[tuple[float | None, bool]]:
    """Every number of one gold KPI as (value, is_share): the total, the three roles' amounts and shares, each row's."""
    out = [(kpi["total"], False)]
    for role in ("aligned", "eligible_not_aligned", "not_eligible"):
        out += [(kpi[role]["amount"], False), (kpi[role]["share"], True)]
    return out + [(a[f], f == "share") for a in kpi["activities"] for f in ("amount", "share")]
