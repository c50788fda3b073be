"""Front-end load times and sizes: Formex 4 (2023/2486, 2021/2139) and the Taxonomy Compass JSON export.

Each source is loaded three times; the figure is the best wall time (parse + tree build + spans).
"""

from __future__ import annotations

import time

from regc.retrieval.locate import corpus_root


def _best(fn, path, repeat: int = 3):
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn(path)
        best = min(best, time.perf_counter() - t0)
    return best, out


def run() -> list[tuple[str, str]]:
    from regc.frontends.compass import load_compass
    from regc.frontends.formex import load_formex

    root = corpus_root()
    if root is None:
        return [("corpus", "not found (set REGC_CORPUS)")]
    works = root / "eurlex-lex-corpus" / "works"
    rows: list[tuple[str, str]] = []
    sources = [
        ("formex 2023/2486", load_formex, works / "32023r2486/2026-01-01/en.fmx4"),
        ("formex 2021/2139", load_formex, works / "32021r2139/2026-01-01/en.fmx4"),
        ("compass 1.0.4", load_compass, root / "taxonomy-compass-json/taxonomy-1.0.4.json"),
    ]
    for label, fn, path in sources:
        secs, act = _best(fn, path)
        blocks = sum(len(u.blocks) for a in act.activities for u in a.units)
        notes = len({m for a in act.activities for m in a.footnotes})
        rows.append((f"{label}: load", f"{secs * 1000:.0f} ms"))
        rows.append((f"{label}: activities / units / blocks / footnotes",
                     f"{len(act.activities)} / {sum(len(a.units) for a in act.activities)} / {blocks} / {notes}"))
    return rows
