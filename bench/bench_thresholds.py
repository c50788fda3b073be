"""Threshold extraction speed and quality: phrases/second for the full decision function and for the LALR phrase
parse alone (over the harvested corpus phrases), and the gold threshold P/R/F1 (SC / all units)."""

from __future__ import annotations

import time
from pathlib import Path

PHRASES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "thresholds" / "corpus_phrases.txt"


def _rate(fn, items, min_seconds: float = 0.5) -> float:
    n, t0 = 0, time.perf_counter()
    while True:
        for x in items:
            fn(x)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= min_seconds:
            return n / dt


def run() -> list[tuple[str, str]]:
    from regc.grammar import thresholds as T
    from regc.grammar.thresholds import decide, parse_phrase, parse_temporal

    def uncached(text: str):  # decide() memoises per text; measure the extraction itself
        T._parse_unit_words.cache_clear()
        return T._decide_cached.__wrapped__(text, None, "default")

    phrases = [p for p in PHRASES.read_text(encoding="utf-8").splitlines() if p.strip()]
    decide(phrases[0])  # build the parsers once
    rows = [("thresholds: corpus phrases", str(len(phrases))),
            ("thresholds: decide() phrases/s (finder + LALR parses, uncached)", f"{_rate(uncached, phrases):.0f}"),
            ("thresholds: decide() phrases/s (memoised repeat, as in verify/ODR)", f"{_rate(decide, phrases):.0f}")]
    spans = ["do not exceed an average of 550 ⟦kg CO2e/kW⟧", "at least 10 ⟦%⟧ lower than", "lower than 100 ⟦g CO2e/kWh⟧",
             "not greater than 2,5 ⟦⟧"]
    rows.append(("thresholds: LALR phrase parses/s", f"{_rate(parse_phrase, spans):.0f}"))
    rows.append(("thresholds: LALR temporal parses/s",
                 f"{_rate(parse_temporal, ['by 31 December 2030', 'after 2026', 'every three years']):.0f}"))
    try:
        from regc.retrieval.locate import gold_root
        from regc.eval.threshold_score import score_gold

        g = gold_root()
        if g is not None:
            files = sorted(Path(g).glob("*.json"))
            for label, parts in (("SC", {"SC"}), ("all units", None)):
                s = score_gold(files, parts)["all"]
                rows.append((f"thresholds: gold F1 {label} (P / R)", f"{s.f1:.3f} ({s.precision:.3f} / {s.recall:.3f})"))
    except Exception as e:  # a benchmark row must not break the run
        rows.append(("thresholds: gold F1", f"unavailable: {e}"))
    return rows


if __name__ == "__main__":
    for k, v in run():
        print(f"{k:60s} {v}")
