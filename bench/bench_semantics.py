"""One semantics: the evaluator and its Z3 encoding (``regc check``'s view of the program ``regc eval`` runs)
on ``REGC_BENCH_PROFILES`` random fact profiles per act (default 1,000, spread over the act's activities), and
the property "every single-item threshold evaluates in its own unit" over the compiled acts.

Builds 2021/2139 and 2023/2486 (version 2026-01-01) into a temporary folder with ``regc compile``."""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from pathlib import Path

ACTS = (("32021R2139", "2026-01-01"), ("32023R2486", "2026-01-01"))


def _plans(build: Path) -> list[dict]:
    from regc.ir.models import Activity
    from regc.runtime.evaluator import compile_plan

    out = []
    for p in sorted(build.glob("*.json")):
        d = json.loads(p.read_text(encoding="utf-8"))
        if isinstance(d, dict) and "units" in d:
            out.append(compile_plan(Activity.from_json(d)))
    return out


def _threshold_errors(plans: list[dict]) -> tuple[int, int]:
    """(single-item thresholds, how many do not evaluate) for facts stating exactly the threshold."""
    from regc.ir.units import atom_table
    from regc.runtime import kernel

    total = bad = 0
    for plan in plans:
        for n in plan["nodes"]:
            if len(n["q"]) != 1 or not n["own"] or n["anc"]:
                continue
            it = n["q"][0]
            raw = {"value": it[2], "unit": it[3]}
            if it[6] is not None:
                raw["period"] = "lifetime" if it[6][0] == "lifetime" else {"value": it[6][1] / 365.25,
                                                                            "unit": "years"}
            facts, issues = kernel.index_facts({n["id"]: raw}, plan["index"], atom_table())
            f = facts.get(n["i"])
            v, err = kernel.eval_items(n["q"], n["qlogic"], f) if f and not f.errors else ("UNKNOWN", "error")
            total += 1
            bad += bool(err or v == "UNKNOWN" or any(s == "error" for s, _ in issues))
    return total, bad


def run() -> list[tuple[str, str]]:
    from regc.cli import main
    from regc.verify.agreement import disagreements

    n_profiles = int(os.environ.get("REGC_BENCH_PROFILES", "1000"))
    out: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="regc-bench-sem-") as tmp:
        for celex, version in ACTS:
            build = Path(tmp) / celex
            assert main(["compile", "--celex", celex, "--version", version, "-o", str(build), "-q"]) == 0
            plans = _plans(build)
            total, bad = _threshold_errors(plans)
            out.append((f"semantics {celex}: single-item thresholds that do not evaluate", f"{bad} of {total}"))
            rng = random.Random(13)
            per = max(1, -(-n_profiles // len(plans)))
            t0 = time.perf_counter()
            done, dis = 0, []
            for plan in plans:
                d, x = disagreements(plan, per, rng)
                done += d
                dis += x
            secs = time.perf_counter() - t0
            out.append((f"semantics {celex}: random profiles, Z3 vs evaluator on every criterion",
                        f"{done:,} profiles ({len(plans)} activities), {len(dis)} disagreement(s), {secs:.0f} s"))
            for d in dis[:5]:
                out.append(("  disagreement", d))
    return out
