"""The store of compiled patterns (regc/cli/rx_store.py): every stored pattern is the one ``re`` builds; a primed
pattern is what ``re.compile`` returns; a missing, stale or corrupt store (or entry) falls back to ``re``."""

from __future__ import annotations

import marshal
import re
import subprocess
import sys
import zlib

import pytest

from regc.cli import rx_store


@pytest.fixture(autouse=True)
def _fresh_re_cache():
    re.purge()
    yield
    re.purge()


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """What ``python -m regc.cli.rx_store`` records, in a fresh interpreter (an imported module's patterns are not
    compiled again), written to a file of its own."""
    path = tmp_path_factory.mktemp("rx") / "s.bin"
    code = f"from pathlib import Path\nfrom regc.cli import rx_store\nrx_store.dump(rx_store.record([]), Path({str(path)!r}))"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=300)
    return rx_store.load(path)


def test_every_recorded_pattern_builds_what_re_builds(recorded):
    assert len(recorded) > 500  # regc's module-level patterns (the import of the compile/check/eval paths)
    for e in recorded:
        pattern, flags = e[0], e[1]
        ref = re._compiler.compile(pattern, flags)
        obj = rx_store.built(e)
        assert obj == ref and obj is not ref  # Pattern.__eq__ compares flags, text and code words
        assert (obj.groups, obj.groupindex, obj.flags) == (ref.groups, ref.groupindex, ref.flags)


def test_a_primed_pattern_is_what_re_compile_returns_and_matches_alike(tmp_path, recorded):
    path = tmp_path / "s.bin"
    rx_store.dump(recorded, path)
    assert rx_store.prime(path) == len(recorded)
    named = next(e for e in recorded if e[5])  # a pattern with named groups
    obj = re.compile(named[0], named[1])
    assert obj is re._cache[(type(named[0]), named[0], named[1])]  # served from the cache, not parsed again
    ref = re._compiler.compile(named[0], named[1])
    text = "Article 10(3) of Regulation (EU) 2020/852 and at least 30 % of CO2 by 31 December 2025, ib. or"
    assert [m.groupdict() for m in obj.finditer(text)] == [m.groupdict() for m in ref.finditer(text)]
    assert rx_store.prime(path) == 0  # already there: nothing replaced


def test_prime_keeps_what_re_has_cached(tmp_path):
    own = re.compile(r"x+y")
    path = tmp_path / "s.bin"
    rx_store.dump([rx_store.entry_of(r"x+y")], path)
    assert rx_store.prime(path) == 0
    assert re.compile(r"x+y") is own


def test_entries_refused_when_not_exact():
    assert rx_store.entry_of("[[a]") is None  # FutureWarning (possible nested set) at parse: not stored
    assert rx_store.entry_of("a", re.DEBUG) is None
    assert rx_store.entry_of("(unclosed") is None  # re.compile raises: the recorder skips it
    assert rx_store.entry_of(rb"\d+", 0) is not None  # bytes patterns are stored too


@pytest.mark.parametrize("spoil", ["missing", "garbage", "truncated", "checksum", "stale"])
def test_a_bad_store_primes_nothing(tmp_path, spoil):
    path = tmp_path / "s.bin"
    rx_store.dump([rx_store.entry_of(r"(?P<a>q)z")], path)
    raw = path.read_bytes()
    if spoil == "missing":
        path.unlink()
    elif spoil == "garbage":
        path.write_bytes(b"\x00not a store")
    elif spoil == "truncated":
        path.write_bytes(raw[: len(raw) // 2])
    elif spoil == "checksum":
        key, crc, body = marshal.loads(raw)
        path.write_bytes(marshal.dumps((key, crc, body.replace(b"q", b"r"))))
    else:
        key, crc, body = marshal.loads(raw)
        path.write_bytes(marshal.dumps((("3.0.0",) + key[1:], crc, body)))
    assert rx_store.load(path) == ()
    assert rx_store.prime(path) == 0
    assert re.compile(r"(?P<a>q)z").match("qz").group("a") == "q"  # re compiles it as usual


def test_an_entry_sre_rejects_is_skipped(tmp_path):
    good, bad = rx_store.entry_of(r"ab+c"), rx_store.entry_of(r"de+f")
    bad = bad[:3] + (b"\xff\xff\xff\x7f" * 4,) + bad[4:]  # code words _sre's validator refuses
    short = rx_store.entry_of(r"gh+i")
    short = short[:3] + (b"\x01\x02",) + short[4:]  # not whole words
    path = tmp_path / "s.bin"
    rx_store.dump([bad, short, good], path)
    assert rx_store.prime(path) == 1
    assert (type(good[0]), good[0], good[1]) in re._cache
    assert re.compile(r"de+f").fullmatch("deef") and re.compile(r"gh+i").fullmatch("ghhi")


def test_store_is_keyed_by_this_interpreter(tmp_path):
    path = tmp_path / "s.bin"
    rx_store.dump([rx_store.entry_of("k")], path)
    key, crc, body = marshal.loads(path.read_bytes())
    assert key == rx_store.runtime_key() and crc == zlib.crc32(body)
    assert sys.version in key


def test_only_compile_processes_prime():
    """``regc compile`` reads the store at start; ``regc --help`` does not import it."""
    from regc.cli import PRIMED_COMMANDS

    assert PRIMED_COMMANDS == ("compile",)
    code = ("import sys\nsys.argv = ['regc', '--help']\nfrom regc.cli import main\ntry:\n    main()\n"
            "except SystemExit:\n    pass\nprint('regc.cli.rx_store' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "False"
