"""The stored table of compiled regular expressions (regc.compiler.regex_cache): every entry gives the pattern
``re`` compiles (CPython patterns compare equal when pattern text, flags and code are), a compile serves from it,
and a bad file only costs time."""

from __future__ import annotations

import marshal
import re
import subprocess
import sys
from re import _compiler

from regc.compiler import regex_cache as R


def test_every_entry_a_compile_needs_is_what_re_compiles(tmp_path):
    """Soundness over the whole table, recorded afresh: a rule added later is covered without a change here."""
    path = tmp_path / "regex.marshal"
    code = f"from pathlib import Path\nfrom regc.compiler import regex_cache as R\nprint(R.write(Path({str(path)!r})))"
    n = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    table = R.load(path)
    R.uninstall()  # an in-process `regc compile` of another test may have installed the package's table
    assert n == len(table) > 300  # the rules' patterns, not a handful
    for (pattern, flags), stored in table.items():
        got, want = R.served(pattern, flags, stored), _compiler.compile(pattern, flags)
        assert got == want and got.groupindex == want.groupindex, pattern


def test_a_bad_or_foreign_file_is_an_empty_table(tmp_path):
    bad = tmp_path / "bad.marshal"
    bad.write_bytes(b"not marshal")
    assert R.load(bad) == {} and R.load(tmp_path / "missing.marshal") == {}
    other = tmp_path / "other.marshal"
    other.write_bytes(marshal.dumps((("another python", 0, 0), [("x", 0, *R._stored(R.entry_of("x", 0)))])))
    assert R.load(other) == {}


def test_install_serves_the_table_and_leaves_other_patterns_to_re(tmp_path):
    path = tmp_path / "t.marshal"
    entry = R._stored(R.entry_of(r"(?P<n>\d+)\s*(?:kg|t)\b", re.I))
    path.write_bytes(marshal.dumps((R.stamp(), [(r"(?P<n>\d+)\s*(?:kg|t)\b", int(re.I), *entry)])))
    R.uninstall()
    try:
        assert R.install(path) == 1
        assert _compiler.compile is not R._ORIGINAL
        got = _compiler.compile(r"(?P<n>\d+)\s*(?:kg|t)\b", int(re.I))
        assert got == R._ORIGINAL(r"(?P<n>\d+)\s*(?:kg|t)\b", int(re.I)) and got.match("12 KG").group("n") == "12"
        assert _compiler.compile(r"not in the table", 0).search("xx not in the table").start() == 3
    finally:
        R.uninstall()
    assert _compiler.compile is not R._served
