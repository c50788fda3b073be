"""Proof that an evaluator change keeps every verdict and explanation: evaluate a fixed portfolio (with
malformed rows) and fixed single-activity facts (with explanation trees) and write everything to one file;
run it on two trees and diff the files byte for byte.

    python -m bench.eval_identity OUT.txt [ROWS]      # default 20,000 rows over the 12 gold activities

The output holds the batch results CSV, then per activity the JSON result of ``evaluate(explain=True)`` for
a few seeded random fact sets (each as a JSON line), so both the batch path and the explanation path are covered; 15 % of those facts are odd or bad
values (:data:`_ODD_VALUES`), so the error messages are compared too.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

_ODD_VALUES = ("12,5 kg CO2e", "nan", "-inf g", "01/02/2025", "2025-13-01", "-5 g CO2e/kWh", "5 furlongs", " YES ",
               "Not applicable", "2030-06-30", "3 %", "0.3", "250 g CO2e/kWh averaged over 20 years",
               "100 gCO2e/kWh over the lifetime", "7 kWh/p.e.", "maybe", "20 t CO2e/TJ", "  ", "42")


def main(argv: list[str]) -> int:
    from bench.bench_eval import _cell, _compiled, write_portfolio
    from regc.runtime.batch import run_csv

    out = Path(argv[0])
    rows = int(argv[1]) if len(argv) > 1 else 20_000
    compiled = _compiled()
    with tempfile.TemporaryDirectory(prefix="regc-eval-identity-") as tmp:
        src, dst = Path(tmp) / "p.csv", Path(tmp) / "r.csv"
        write_portfolio(src, compiled, rows, seed=11, malformed=True)
        summary = run_csv(compiled, src, dst)
        summary.pop("output")  # a temporary path
        text = dst.read_text(encoding="utf-8")
    rng = random.Random(7)
    lines = [json.dumps(summary, sort_keys=True, default=str), text]
    for aid in sorted(compiled):
        ca = compiled[aid]
        for k in range(25):
            facts = {n["id"]: _cell(rng, n) if rng.random() > 0.15 else rng.choice(_ODD_VALUES)
                     for n in ca.nodes if n["report"] and n["own"]}
            facts = {key: v for key, v in facts.items() if v}
            for as_of in (None, "2026-06-30", "2031-01-01"):
                import datetime as dt

                d = dt.date.fromisoformat(as_of) if as_of else None
                res = ca.evaluate(facts, as_of=d, explain=True)
                lines.append(json.dumps({"activity": aid, "k": k, "as_of": as_of, "result": res},
                                        sort_keys=True, default=str))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{out}: {rows:,} rows, {len(lines) - 2} explained evaluations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
