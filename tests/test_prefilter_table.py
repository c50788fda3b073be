"""The stored prefilter analyses (regc/grammar/prefilter_table.py): each entry is what the analysis computes for its
pattern, and a table written by other analysis code is not used."""

from __future__ import annotations

import re

import pytest

import regc.decisions  # noqa: F401 - registers the rule modules' patterns
import regc.passes  # noqa: F401
from regc.grammar import prefilter as pf
from regc.grammar import prefilter_store as store
from regc.grammar.citations.rules import RULES


def _fresh_need(w) -> tuple:
    return pf.Prefiltered._analyse(w)


def test_every_stored_pattern_analysis_is_the_analysis_of_that_pattern():
    table = store._table()
    if not table:
        pytest.skip("no prefilter table for this analysis code (python -m bench.prefilter_table)")
    checked = 0
    for w in pf.REGISTRY:
        key = f"need:{store.pattern_key(w.rx)}"
        if key in table:
            assert table[key] == _fresh_need(w), w.pattern[:80]
            checked += 1
    for fn in RULES:
        key = "gates:" + "|".join(store.pattern_key(g.rx if isinstance(g, pf.Prefiltered) else g) for g in fn.gates)
        if fn.gates and key in table:
            assert table[key] == pf._gate_literals(fn.gates), fn.__name__
            checked += 1
    assert checked > 200


def test_a_table_of_other_analysis_code_is_ignored(monkeypatch):
    from regc.grammar import prefilter_table as t

    monkeypatch.setattr(t, "VERSION", "other")
    store._table.cache_clear()
    try:
        assert store._table() == {}
        w = pf.prefiltered(re.compile(r"\bcommit(?:ment|ted|s)?\b|\bpledge"))
        assert w.need == (("commit", "pledge"),)  # analysed here
    finally:
        store._table.cache_clear()


def test_a_pattern_key_reads_text_and_flags():
    a, b, c = re.compile("x"), re.compile("x", re.I), re.compile("y")
    assert len({store.pattern_key(a), store.pattern_key(b), store.pattern_key(c)}) == 3
    assert store.pattern_key(a) == store.pattern_key(re.compile("x"))


def test_the_table_is_written_by_this_analysis_code():
    """A change to regc/grammar/prefilter.py must come with a fresh table (``make prefilter-table``); rule patterns
    added or changed later are analysed at run time until the table is written again (slower, never wrong)."""
    from regc.grammar import prefilter_table as t

    assert t.VERSION == store.analysis_version(), "stale prefilter table: run python -m bench.prefilter_table"
