"""A store of compiled regular expressions, read at process start: the fixed cost of ``re``'s pattern parser and
code generator (~800 patterns, ~0.07 s of a ``compile --only`` process) paid once, when the store is written.

What is stored, per pattern (its text and flags): what CPython's ``re._compiler.compile`` hands to ``_sre.compile``
(the final flags, the code words, the group count and names).  :func:`prime` builds those pattern objects with
``_sre.compile`` and puts them into ``re``'s own cache under the key ``re.compile`` looks up first, so a later
``re.compile(text, flags)`` returns an object equal to the one ``re`` would build (``Pattern.__eq__`` compares the
code) without parsing; a pattern that is not stored compiles as before.  No function of ``re`` is replaced.

Exactness and fallback: the store is used only when it was written by the running interpreter (Python version,
``_sre`` magic number, code word size, group limit: :func:`runtime_key`) and its checksum holds; a missing, stale
or corrupt store, or an entry ``_sre`` rejects, primes nothing (or skips that entry) and ``re`` compiles as usual.
An entry is recorded only after the object built from it compared equal to ``re.compile``'s, with the same groups,
and only for patterns that parse without a warning.  Stale *patterns* need no check: an entry is keyed by its whole
text, so an edited pattern simply misses.

Written by ``python -m regc.cli.rx_store`` (``make rx-store``; ``make bench`` runs it), untracked like
``__pycache__``; with command-line arguments it also records the patterns a ``regc`` command compiles as it runs
(lark's lexers, patterns built on first use), e.g. ``python -m regc.cli.rx_store compile ACT.xml -o OUT``
(``make rx-store`` records a whole 2021/2139 compile when the corpus has it).

>>> import re
>>> e = entry_of(r"(?P<n>\\d+)x", re.I)
>>> built(e) == re.compile(r"(?P<n>\\d+)x", re.I), built(e).groupindex["n"]
(True, 1)
"""

from __future__ import annotations

import array
import importlib
import marshal
import re
import sys
import warnings
import zlib
from pathlib import Path

import _sre

# the regc modules whose module-level patterns the store records (their imports bring the rest of each path)
RECORDED_MODULES = ("regc.cli.compile", "regc.cli.check", "regc.cli.eval", "regc.cli.score", "regc.cli.segment",
                    "regc.compiler.driver", "regc.passes", "regc.decisions", "regc.grammar", "regc.frontends",
                    "regc.verify", "regc.runtime", "regc.eval")
STORE = Path(__file__).resolve().parent / "__rxstore__" / f"{sys.implementation.cache_tag}.bin"
_CODE_TYPES = {array.array(t).itemsize: t for t in ("I", "L")}


def runtime_key() -> tuple:
    """What the stored code depends on besides the pattern: the interpreter and its ``_sre`` engine."""
    return (sys.version, sys.hexversion, sys.implementation.cache_tag, _sre.MAGIC, _sre.CODESIZE, _sre.MAXGROUPS)


def entry_of(pattern: str | bytes, flags: int = 0) -> tuple | None:
    """The stored form of one pattern, checked against ``re.compile``; None when it cannot be stored exactly
    (a parse warning or error, DEBUG/TEMPLATE flags, code words wider than the store's, or any mismatch)."""
    flags = int(flags)
    if flags & (re.DEBUG | re.TEMPLATE) or _sre.CODESIZE not in _CODE_TYPES:
        return None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            parsed = re._parser.parse(pattern, flags)
            code = re._compiler._code(parsed, flags)
        except (re.error, OverflowError, RecursionError):  # re.compile raises for it: nothing to store
            return None
    groupindex = {name: int(i) for name, i in parsed.state.groupdict.items()}
    indexgroup = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    try:
        words = array.array(_CODE_TYPES[_sre.CODESIZE], code).tobytes()
    except OverflowError:
        return None
    entry = (pattern, flags, int(flags | parsed.state.flags), words, int(parsed.state.groups - 1), groupindex,
             tuple(indexgroup))
    if caught or not _same(built(entry), pattern, flags):
        return None
    return entry


def _same(obj: re.Pattern, pattern: str | bytes, flags: int) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = re._compiler.compile(pattern, flags)  # re's own object, not its cache
    return (obj == ref and obj.groups == ref.groups and obj.groupindex == ref.groupindex
            and type(obj.pattern) is type(ref.pattern))


def built(entry: tuple) -> re.Pattern:
    """The pattern object of a stored entry (what ``re._compiler.compile`` returns for its text and flags)."""
    pattern, _flags, final, words, groups, groupindex, indexgroup = entry
    code = array.array(_CODE_TYPES[_sre.CODESIZE], words).tolist()
    return _sre.compile(pattern, final, code, groups, groupindex, indexgroup)


def dump(entries: list[tuple], path: Path = STORE) -> None:
    """Write the store (atomically: a reader sees the old file or the new one)."""
    body = marshal.dumps(tuple(entries))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".tmp{id(entries)}")
    tmp.write_bytes(marshal.dumps((runtime_key(), zlib.crc32(body), body)))
    tmp.replace(path)


def load(path: Path = STORE) -> tuple:
    """The stored entries, or ``()`` when the store is missing, unreadable, written by another interpreter, or
    fails its checksum."""
    try:
        key, crc, body = marshal.loads(path.read_bytes())
        if key != runtime_key() or zlib.crc32(body) != crc:
            return ()
        entries = marshal.loads(body)
    except (OSError, EOFError, ValueError, TypeError):
        return ()
    return entries if isinstance(entries, tuple) else ()


def prime(path: Path = STORE) -> int:
    """Put the stored patterns into ``re``'s cache (those not there already); the number put.  An entry that does
    not build is skipped: its pattern compiles as usual when used."""
    cache = getattr(re, "_cache", None)
    if not isinstance(cache, dict):
        return 0
    n = 0
    for entry in load(path):
        try:
            key = (type(entry[0]), entry[0], entry[1])
            if key not in cache:
                cache[key] = built(entry)
                n += 1
        except (TypeError, ValueError, IndexError, KeyError, RuntimeError, OverflowError):
            continue
    return n


def record(argv: list[str]) -> list[tuple]:
    """Import :data:`RECORDED_MODULES` (and run ``regc ARGV`` when given) with ``re._compiler.compile`` wrapped
    to note every pattern text and flags; the entries of those that store exactly, in first-seen order.  Run it
    in a fresh interpreter: a module imported before compiles nothing again."""
    seen: dict[tuple, None] = {}
    original = re._compiler.compile

    def noting(p, flags=0):
        if isinstance(p, (str, bytes)):
            seen.setdefault((p, int(flags)), None)
        return original(p, flags)

    re._compiler.compile = noting
    try:
        for name in RECORDED_MODULES:
            _import_all(name)
        if argv:
            from regc.cli import main

            main(argv)
    finally:
        re._compiler.compile = original
    return [e for p, f in seen if (e := entry_of(p, f)) is not None]


def _import_all(name: str) -> None:
    import pkgutil

    module = importlib.import_module(name)
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), name + "."):
        importlib.import_module(info.name)


def main(argv: list[str]) -> int:
    entries = record(argv)
    dump(entries)
    print(f"{len(entries)} patterns -> {STORE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
