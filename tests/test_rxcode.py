"""The compiled-regex table (regc.grammar.rxcode): a pattern built from its recorded code is the pattern ``re``
compiles, the look-up is keyed on text, type and flags, and a missing table changes nothing."""

from __future__ import annotations

import marshal
import re

import pytest

from regc.grammar import rxcode
from regc.grammar.thresholds import patterns as threshold_patterns


def _rule_patterns() -> list[tuple[str, int]]:
    out = []
    for v in vars(threshold_patterns).values():
        rx = getattr(v, "rx", v)  # behind its prefilter
        if isinstance(rx, re.Pattern) and isinstance(rx.pattern, str):
            out.append((rx.pattern, rx.flags))
    return out


TEXTS = ["at least 30 % less than 100 gCO2e/kWh by 2030", "Regulation (EU) 2020/852, Article 10(3)",
         "emissions of 0,5 t CO2 per tonne", "EN ISO 14067:2018", "within three years", ""]


@pytest.fixture
def clean_re():
    re.purge()
    yield
    rxcode.uninstall()
    re.purge()


def test_built_patterns_are_the_patterns_re_compiles(clean_re):
    pats = _rule_patterns()
    assert len(pats) > 20
    table = rxcode.record(lambda: [re.compile(p, f) for p, f in pats])
    for p, f in pats:
        own = re.compile(p, f)
        mine = rxcode.built(p, f, table[("str", p, int(f))])
        assert (mine.pattern, mine.flags, mine.groups, mine.groupindex) == (own.pattern, own.flags, own.groups,
                                                                             own.groupindex)
        for t in TEXTS:
            assert [m.span() for m in mine.finditer(t)] == [m.span() for m in own.finditer(t)]


def test_install_reads_the_table_keyed_on_flags(tmp_path, clean_re):
    # a table that (wrongly, on purpose) records "cat" for the pattern "dog" without flags: the look-up must use it
    # for exactly that key, and compile "dog" with re.I as re itself does
    table = rxcode.record(lambda: re.compile("cat"))
    path = tmp_path / "rx-test.marshal"
    path.write_bytes(marshal.dumps({("str", "dog", 0): table[("str", "cat", 0)]}))
    assert rxcode.install(path)
    re.purge()
    assert re.compile("dog").search("a cat") is not None  # from the table
    assert re.compile("dog", re.I).search("a DOG").group(0) == "DOG"  # another key: compiled by re
    assert re.compile("bird").search("a bird") is not None  # not in the table: compiled by re
    rxcode.uninstall()
    re.purge()
    assert re.compile("dog").search("a cat") is None


def test_no_table_no_change(tmp_path, clean_re):
    assert not rxcode.install(tmp_path / "missing.marshal")
    assert not rxcode._INSTALLED


def test_table_path_names_the_running_versions():
    assert rxcode.table_path().name == f"rx-{rxcode.version()}.marshal"
    assert rxcode.version() == rxcode.version() != "no-source"
