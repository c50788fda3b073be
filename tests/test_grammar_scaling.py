"""Time in criterion length: the threshold and citation finders are linear in the number of clauses.

A criterion padded to N clauses (each with a limit, a date, an act and a standard) used to take 5.8/14/64/213 s for
250/500/1,000/2,000 clauses (prefix re-scans per number: sentence starts, claim lists, the unit parser's clean-up
over the whole rest of the text; pairwise overlap tests of citations).  The test measures growth, not speed: the
CPU time for 4x the clauses must stay well under the 16x a quadratic finder needs (best of two runs each;
the old finder took 24x from 250 to 1,000 clauses).
"""

from __future__ import annotations

import time

from regc.grammar.citations import assemble, find_citations
from regc.grammar.thresholds import _decide_cached

# each clause cites its own article: the same provision named twice in one text is one source
CLAUSE = ("the direct GHG emissions of installation {i} do not exceed 100 g CO2e/kWh by 31 December 2030, "
          "as set out in Article {i}(2) of Directive 2010/75/EU and in accordance with EN ISO 14067:2018, "
          "and at least 70 % of the waste is recycled over 5 years")


def padded(n: int) -> str:
    return "The activity complies with the following: " + "; ".join(CLAUSE.format(i=i) for i in range(n)) + "."


def _best_time(fn, text: str, runs: int = 2) -> float:
    """Best CPU time of this process over ``runs`` calls (CPU time: other processes on shared cores do not count)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        fn(text)
        best = min(best, time.process_time() - t0)
    return best


def _growth(fn, small: int = 250, big: int = 1000) -> float:
    fn(padded(10))  # parsers built, caches warm
    return _best_time(fn, padded(big)) / _best_time(fn, padded(small))


def test_threshold_finder_is_linear_in_clauses():
    decide_uncached = _decide_cached.__wrapped__
    small = decide_uncached(padded(150), None, "default")
    assert len(small.threshold.quantitative.items) == 300  # every clause's two limits are found
    ratio = _growth(lambda t: decide_uncached(t, None, "default"))
    assert ratio < 8, f"4x the clauses took {ratio:.1f}x the time (linear ~4, quadratic ~16)"


def _find_citations_uncached(text: str):
    assemble._scan.cache_clear()  # the scan is memoised per text: a cached call would time a dict lookup
    return find_citations(text)


def test_citation_finder_is_linear_in_clauses():
    assert len(_find_citations_uncached(padded(150))) >= 150
    ratio = _growth(_find_citations_uncached)
    assert ratio < 8, f"4x the clauses took {ratio:.1f}x the time (linear ~4, quadratic ~16)"
