"""Compiled regular expressions kept between processes, as Python keeps bytecode.

Importing the rules compiles ~550 regular expressions (word lists, citation and threshold grammars): ~0.11 s of
every ``regc compile`` process, a fifth of ``compile --only ID``.  Nearly all of it is ``re``'s pure-Python
parser and code generator; the last step, ``_sre.compile(pattern, flags, code, …)``, is C and takes
microseconds.  This module keeps the *code* that step receives, per (pattern, flags), in one file next to the
package's bytecode (``regc/__pycache__/regex.<python tag>.marshal``), written by::

    python -m regc.compiler.regex_cache        # make bench / make venv run it, next to compileall

and, in a process that calls :func:`install`, serves ``re``'s compile step from it: a pattern in the table
becomes ``_sre.compile`` of its stored code (what ``re`` itself would have passed), any other pattern is
compiled by ``re`` as usual.  So a missing, stale or corrupt file only costs time: the table is keyed by the
pattern text and flags themselves (a changed rule simply misses) and stamped with the Python build and
``_sre.MAGIC`` (another interpreter ignores it).  ``tests/test_regex_cache.py`` checks that every stored entry
is what ``re`` compiles today.

>>> stamp()[1] > 0
True
"""

from __future__ import annotations

import marshal
import os
import re
import sys
from array import array
from pathlib import Path
from typing import Any, Callable, Optional

try:  # CPython's regular-expression internals (3.11+: re._compiler / re._parser)
    import _sre
    from re import _compiler, _parser
except ImportError:  # another implementation: nothing to serve, install() does nothing
    _sre = _compiler = _parser = None  # type: ignore[assignment]

CACHE_FILE = Path(__file__).resolve().parents[1] / "__pycache__" / f"regex.{sys.implementation.cache_tag}.marshal"

Entry = tuple  # (final flags, code, groups - 1, groupindex, indexgroup): the arguments of _sre.compile
_CODE = "I"  # the code is stored as the bytes of an array of this type (one object to read, not ~400 ints)
_TABLE: dict[tuple[str, int], Entry] = {}
_ORIGINAL: Optional[Callable[..., Any]] = None


def stamp() -> tuple:
    """What a table is valid for: this Python build and its regular-expression engine."""
    return (sys.version, getattr(_sre, "MAGIC", 0), getattr(_sre, "CODESIZE", 0))


def entry_of(pattern: str, flags: int) -> Entry:
    """The arguments ``re._compiler.compile`` passes to ``_sre.compile`` for ``pattern`` (the same steps)."""
    p = _parser.parse(pattern, flags)
    code = _compiler._code(p, flags)
    groupindex = dict(p.state.groupdict)
    indexgroup = [None] * p.state.groups
    for k, i in groupindex.items():
        indexgroup[i] = k
    return (int(flags | p.state.flags), [int(c) for c in code], p.state.groups - 1, groupindex, tuple(indexgroup))


def _stored(entry: Entry) -> Entry:
    """An entry as the file holds it: the code as bytes."""
    flags, code, groups, groupindex, indexgroup = entry
    return (flags, array(_CODE, code).tobytes(), groups, groupindex, indexgroup)


def _served_entry(stored: Entry) -> Entry:
    flags, code, groups, groupindex, indexgroup = stored
    return (flags, array(_CODE, code).tolist(), groups, groupindex, indexgroup)


def _served(pattern, flags=0):
    """``re._compiler.compile`` with the table in front of it."""
    if pattern.__class__ is str:
        hit = _TABLE.get((pattern, flags))
        if hit is not None:
            return served(pattern, flags, hit)
    return _ORIGINAL(pattern, flags)  # type: ignore[misc]


def _works() -> bool:
    """Whether this interpreter's ``re`` has the internals this module relies on, and a pattern served from an
    entry equals the one ``re`` compiles (CPython's patterns compare equal when pattern, flags and code are)."""
    if _sre is None or not hasattr(_compiler, "_code") or array(_CODE).itemsize != getattr(_sre, "CODESIZE", 0):
        return False
    probe = r"(?P<a>x+)(?:y|z)\b"
    try:
        got, want = _sre.compile(probe, *_served_entry(_stored(entry_of(probe, 0)))), _compiler.compile(probe, 0)
    except Exception:  # noqa: BLE001 — any mismatch of the internals: do without the cache
        return False
    return got == want and dict(got.groupindex) == dict(want.groupindex) and got.match("xxz").span() == (0, 3)


def load(path: Path = CACHE_FILE) -> dict[tuple[str, int], Entry]:
    """The table stored at ``path`` (entries as stored: code as bytes); {} when it is missing, unreadable,
    corrupt or for another Python."""
    try:
        got, entries = marshal.loads(path.read_bytes())  # one read (marshal.load reads a file piece by piece)
        if got != stamp():
            return {}
        return {(p, f): tuple(e) for p, f, *e in entries}
    except Exception:  # noqa: BLE001 — a cache that cannot be read is a cache miss
        return {}


def install(path: Path = CACHE_FILE) -> int:
    """Serve ``re``'s compile step from the table at ``path`` in this process (idempotent); the number of
    patterns it holds (0: nothing installed)."""
    global _ORIGINAL
    if _ORIGINAL is not None:
        return len(_TABLE)
    table = load(path)
    if not table or not _works():
        return 0
    _TABLE.update(table)
    _ORIGINAL = _compiler.compile
    _compiler.compile = _served
    return len(_TABLE)


def uninstall() -> None:
    """Give ``re`` its own compile step back (tests)."""
    global _ORIGINAL
    if _ORIGINAL is not None:
        _compiler.compile = _ORIGINAL
        _ORIGINAL = None
    _TABLE.clear()


def served(pattern: str, flags: int, stored: Entry) -> re.Pattern:
    """The pattern a stored entry gives (what :func:`install` serves)."""
    return _sre.compile(pattern, *_served_entry(stored))


def record(imports: Callable[[], None]) -> list[tuple]:
    """Entries of every pattern ``re`` compiles while ``imports()`` runs (patterns compiled before are in
    ``re``'s own cache and not seen: call it in a fresh process)."""
    seen: dict[tuple[str, int], None] = {}
    original = _compiler.compile

    def spy(pattern, flags=0):
        if pattern.__class__ is str:
            seen[(pattern, int(flags))] = None
        return original(pattern, flags)

    _compiler.compile = spy
    try:
        imports()
    finally:
        _compiler.compile = original
    return [(p, f, *_stored(entry_of(p, f))) for p, f in seen if not f & re.DEBUG]


def _compile_imports() -> None:
    """What a compile imports: the passes, the front-ends, the verify layer and the build writer."""
    import importlib

    from regc.frontends import FRONTENDS
    from regc.passes import PIPELINE  # noqa: F401  (the pipeline's passes and their decisions)

    for name in ("regc.cli.compile", "regc.compiler.driver", "regc.compiler.build", "regc.verify.graph",
                 "regc.frontends.objectives", *(t.split(":")[0] for t in FRONTENDS.values())):
        importlib.import_module(name)


def write(path: Path = CACHE_FILE) -> int:
    """Record the patterns a compile's imports compile and store them at ``path`` (atomically); their number."""
    entries = record(_compile_imports)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        marshal.dump((stamp(), entries), fh)
    os.replace(tmp, path)
    return len(entries)


if __name__ == "__main__":
    print(f"{write()} regular expressions -> {CACHE_FILE}")
