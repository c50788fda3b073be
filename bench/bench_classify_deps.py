"""Stages 3/5/7 (classify, dependencies, assembly) against the gold, with the gold structure given.

Rows: category / applicability / logic / tags accuracy and edge F1 (INHERITS_THRESHOLD, DEPENDS_ON, CORRECTS,
GROUP_MEMBER) per part (SC, DNSH), and the time the three stages take per unit.
"""

from __future__ import annotations

import time


def run() -> list[tuple[str, str]]:
    from regc.retrieval.locate import gold_root
    from harness.goldcheck import measure

    gold = gold_root()
    if gold is None:
        return [("stages 3/5/7", "gold not found")]
    t0 = time.perf_counter()
    rep = measure(gold)
    secs = time.perf_counter() - t0
    rows: list[tuple[str, str]] = []
    for part in ("SC", "DNSH"):
        r = rep[part]
        for key in ("category", "applicability", "logic", "tags", "dependencies", "edge_f1"):
            rows.append((f"stages 3/5/7 {part} {key}", f"{r[key]:.3f}"))
        rows.append((f"stages 3/5/7 {part} nodes", str(r["nodes"])))
    n_units = sum(1 for _ in gold.glob("*.json"))
    rows.append(("stages 3/5/7 seconds (all gold activities)", f"{secs:.2f} ({n_units} activities)"))
    return rows


if __name__ == "__main__":
    for label, fig in run():
        print(f"{label}: {fig}")
