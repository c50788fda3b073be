"""Front-end load times and sizes: EUR-Lex consolidated XHTML (2021/2139, five versions) and OJ HTML
(2022/1214, 2023/2485).

Each source is loaded three times; figures are the best wall time and the best CPU time (parse + offsets index +
segmentation + spans), then the counts of what came out.
"""

from __future__ import annotations

import time

from regc.retrieval.locate import corpus_root


def _best(fn, path, repeat: int = 3):
    best_wall = best_cpu = float("inf")
    out = None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        out = fn(path)
        best_wall = min(best_wall, time.perf_counter() - w)
        best_cpu = min(best_cpu, time.process_time() - c)
    return best_wall, best_cpu, out


def run() -> list[tuple[str, str]]:
    from regc.frontends.eurlex_xhtml import parse_eurlex_xhtml
    from regc.frontends.oj_html import parse_oj_html

    root = corpus_root()
    if root is None:
        return [("corpus", "not found (set REGC_CORPUS)")]
    works = root / "eurlex-lex-corpus" / "works"
    sources = [(f"eurlex-xhtml 2021/2139 @{v}", parse_eurlex_xhtml, works / "32021r2139" / v / "en.xml")
               for v in ("2023-01-01", "2024-01-01", "2025-01-01", "2025-01-08", "2026-01-01")]
    sources += [("oj-html 2022/1214", parse_oj_html, works / "32022r1214/2022-03-09/en.xml"),
                ("oj-html 2023/2485", parse_oj_html, works / "32023r2485/2023-06-27/en.xml")]
    rows: list[tuple[str, str]] = []
    for label, fn, path in sources:
        wall, cpu, act = _best(fn, path)
        blocks = sum(len(u.blocks) for a in act.activities for u in a.units)
        notes = sum(len(a.footnotes) for a in act.activities)
        size = path.stat().st_size / 1e6
        rows.append((f"{label}: load ({size:.1f} MB)", f"{wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU"))
        rows.append((f"{label}: activities / units / blocks / footnotes",
                     f"{len(act.activities)} / {sum(len(a.units) for a in act.activities)} / {blocks} / {notes}"))
    return rows
