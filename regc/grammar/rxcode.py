"""Compiled regex code kept between processes, as ``.pyc`` files keep bytecode: a process that compiles the rule
patterns (a whole-act compile builds ~960 of them, ~0.15 s of CPython's pure-Python regex parser and compiler; a
``--only`` compile ~800, a quarter of its time) reads their compiled code from a table instead.

``python -m regc.grammar.rxcode`` (``make bench``, ``make rx-code``) imports the compile path's modules and records what
``re`` compiled for each pattern: the final flags, the code words, the group count and names, exactly what
CPython's ``re._compiler.compile`` hands to ``_sre.compile``.  It writes them to ``__rxcache__/`` beside this
module (not tracked, like ``__pycache__``).  :func:`install` puts a look-up in front of ``re._compiler.compile``:
a pattern found in the table (same text, type and flags) is built by ``_sre.compile`` from its recorded code, so
it is the very pattern ``re`` would build; any other pattern is compiled as usual.  The table is read only when the
recorded Python, ``_sre`` magic and ``re`` compiler sources are the running ones: a stale or missing table is
slower, never different.

>>> import re
>>> table = record(lambda: [re.compile(r"\\b(?P<n>\\d+)\\s*%", re.I)])
>>> [(k[1], k[2]) for k in table]
[('\\\\b(?P<n>\\\\d+)\\\\s*%', 2)]
>>> rx = built(r"\\b(?P<n>\\d+)\\s*%", re.I, table[("str", r"\\b(?P<n>\\d+)\\s*%", 2)])
>>> rx.search("at least 30 % less").group("n"), rx.flags == re.compile(r"\\b(?P<n>\\d+)\\s*%", re.I).flags
('30', True)
"""

from __future__ import annotations

import hashlib
import marshal
import re
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import _sre
from re import _compiler, _parser

FOLDER = Path(__file__).with_name("__rxcache__")
# the packages a compile or check imports (every module of them is imported when the table is written); not the
# LLM, retrieval or report layers (heavy imports of their own, and their commands do not install the table)
PACKAGES = ("regc.ir", "regc.frontends", "regc.grammar", "regc.decisions", "regc.passes", "regc.verify",
            "regc.compiler", "regc.runtime")
Key = tuple[str, Any, int]  # (pattern type name, pattern, flags as given)
Entry = tuple[int, list[int], int, dict, tuple]  # what _sre.compile takes after the pattern


def version() -> str:
    """A digest of what the recorded code depends on: the Python version, ``_sre``'s magic number and the sources
    of ``re``'s parser, compiler and constants."""
    h = hashlib.sha256(f"{sys.version}|{_sre.MAGIC}".encode())
    for mod in (_parser, _compiler, re._constants):  # type: ignore[attr-defined]
        try:
            h.update(Path(mod.__file__).read_bytes())
        except (OSError, TypeError):  # pragma: no cover - a frozen stdlib: no table
            return "no-source"
    return h.hexdigest()[:16]


def table_path() -> Path:
    return FOLDER / f"rx-{version()}.marshal"


def _entry(pattern: Any, flags: int) -> Entry:
    """What ``re._compiler.compile(pattern, flags)`` passes to ``_sre.compile`` after the pattern (CPython 3.11+)."""
    p = _parser.parse(pattern, flags)
    code = [int(c) for c in _compiler._code(p, flags)]  # named opcode constants are ints
    groupindex = dict(p.state.groupdict)
    indexgroup = [None] * p.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    return int(flags | p.state.flags), code, p.state.groups - 1, groupindex, tuple(indexgroup)


def built(pattern: Any, flags: int, entry: Entry) -> re.Pattern:
    """The pattern ``re`` compiles for ``pattern`` and ``flags``, from its recorded ``entry``."""
    final, code, groups, groupindex, indexgroup = entry
    return _sre.compile(pattern, final, code, groups, groupindex, indexgroup)


def record(work: Callable[[], Any]) -> dict[Key, Entry]:
    """Run ``work`` with every regex compile recorded (``re``'s own cache cleared first, so nothing is missed)."""
    table: dict[Key, Entry] = {}
    own = _compiler.compile

    def recording(pattern: Any, flags: int = 0) -> re.Pattern:
        if isinstance(pattern, (str, bytes)) and not flags & re.DEBUG:
            key = (type(pattern).__name__, pattern, int(flags))
            try:
                table[key] = _entry(pattern, int(flags))
            except Exception:  # noqa: BLE001 - re raises its own error below
                pass
        return own(pattern, flags)

    re.purge()
    _compiler.compile = recording
    try:
        work()
    finally:
        _compiler.compile = own
    return table


def _import_all() -> None:
    import importlib
    import pkgutil

    for name in PACKAGES:
        pkg = importlib.import_module(name)
        for m in pkgutil.walk_packages(pkg.__path__, name + "."):
            if ".__rxcache__" not in m.name:
                importlib.import_module(m.name)


def write(path: Optional[Path] = None) -> Path:
    """Record the patterns compiled while the modules of :data:`PACKAGES` are imported and write the table."""
    table = record(_import_all)
    path = path or table_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob("rx-*.marshal"):  # tables of other Python versions or re sources
        old.unlink()
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(marshal.dumps(dict(sorted(table.items(), key=repr))))
    tmp.replace(path)
    return path


_INSTALLED: dict[str, Any] = {}


def install(path: Optional[Path] = None) -> bool:
    """Put the table look-up in front of ``re._compiler.compile`` (once per process); False when there is no
    usable table.  The table is read at the first compile that misses ``re``'s own cache."""
    if _INSTALLED:
        return True
    path = path or table_path()
    if not path.is_file():
        return False
    own = _compiler.compile
    table: list[dict] = []

    def from_table(pattern: Any, flags: int = 0) -> re.Pattern:
        if not table:
            try:
                table.append(marshal.loads(path.read_bytes()))
            except (OSError, ValueError, EOFError, TypeError):
                table.append({})
        entry = table[0].get((type(pattern).__name__, pattern, int(flags))) if not flags & re.DEBUG else None
        return own(pattern, flags) if entry is None else built(pattern, flags, entry)

    _INSTALLED.update(own=own, path=path)
    _compiler.compile = from_table
    return True


def uninstall() -> None:
    """Restore ``re``'s own compiler (tests)."""
    if _INSTALLED:
        _compiler.compile = _INSTALLED["own"]
        _INSTALLED.clear()


if __name__ == "__main__":
    print(f"wrote {write()}")
