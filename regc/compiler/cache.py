"""The on-disk cache: verdicts and other pure results kept between runs (``regc compile --no-cache`` disables it).

Where: ``$REGC_CACHE_DIR``, else ``$XDG_CACHE_HOME/regc``, else ``~/.cache/regc``; one SQLite file,
``verdicts.sqlite`` (delete it, or the folder, to clear the cache).  What: values stored under a caller's key
(a decision's name + its canonical typed inputs, a source file's hash, an activity's source slice).  Keys are
hashed together with a *code fingerprint* (``regc.__version__`` and a hash of the package's own source files), so
a changed rule never reads a verdict an older rule wrote.

It implements the ``VerdictStore`` protocol of ``regc.decisions.base`` (``get``/``put``), so ``decide()`` can
consult it through ``ctx.store``.  Writes are buffered and committed in one transaction by :meth:`flush` (SQLite
makes the commit atomic; WAL mode and a busy timeout let two ``--jobs`` workers write at once).  A corrupt entry
(it does not unpickle) is a miss and is dropped; a corrupt or unreadable database file switches the cache off for
the run with one warning: never fatal.

>>> import tempfile
>>> store = DiskVerdictStore(tempfile.mkdtemp(), fingerprint="test")
>>> store.get("applicability|{'text': 'x'}") is None
True
>>> store.put("applicability|{'text': 'x'}", ("Mandatory", "rule:default")); store.flush()
>>> DiskVerdictStore(store.folder, fingerprint="test").get("applicability|{'text': 'x'}")
('Mandatory', 'rule:default')
>>> DiskVerdictStore(store.folder, fingerprint="other").get("applicability|{'text': 'x'}") is None
True
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sqlite3
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

DB_FILE = "verdicts.sqlite"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS verdicts (key BLOB PRIMARY KEY, fingerprint TEXT, value BLOB)",
    "CREATE INDEX IF NOT EXISTS verdicts_fingerprint ON verdicts (fingerprint)",
    "CREATE TABLE IF NOT EXISTS fingerprints (fingerprint TEXT PRIMARY KEY, used REAL)",
)
KEEP_FINGERPRINTS = 3  # entries written by the 3 most recently used code versions are kept, older ones dropped


def default_cache_dir() -> Path:
    """``$REGC_CACHE_DIR``, else ``$XDG_CACHE_HOME/regc``, else ``~/.cache/regc``.

    >>> default_cache_dir().name in ("regc", os.path.basename(os.environ.get("REGC_CACHE_DIR", "regc")))
    True
    """
    env = os.environ.get("REGC_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "regc"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """``<version>-<hash of regc's *.py and *.lark files>``: changes whenever the code that decides changes."""
    from regc import __version__

    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for path in sorted(p for ext in ("*.py", "*.lark") for p in root.rglob(ext)):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return f"{__version__}-{h.hexdigest()[:16]}"


class DiskVerdictStore:
    """A persistent ``key -> value`` store (values pickled).  Picklable: a worker process reopens the file."""

    def __init__(self, folder: str | os.PathLike | None = None, fingerprint: str | None = None):
        self.folder = Path(folder) if folder is not None else default_cache_dir()
        self.fingerprint = fingerprint or code_fingerprint()
        self.hits = self.misses = 0
        self._pending: dict[bytes, bytes] = {}
        self._db: Optional[sqlite3.Connection] = None
        self._pid = -1
        self._broken = False

    # -- pickling: a worker gets the location, not the connection -------------------------------------------
    def __getstate__(self) -> dict:
        return {"folder": self.folder, "fingerprint": self.fingerprint}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["folder"], state["fingerprint"])

    # -- the VerdictStore protocol ----------------------------------------------------------------------------
    def get(self, key: str) -> Any | None:
        k = self._hash(key)
        raw = self._pending.get(k)
        if raw is None:
            db = self._connect()
            if db is None:
                return None
            try:
                row = db.execute("SELECT value FROM verdicts WHERE key = ?", (k,)).fetchone()
            except sqlite3.Error as e:
                return self._give_up(e)
            raw = row[0] if row else None
        if raw is None:
            self.misses += 1
            return None
        try:
            value = pickle.loads(raw)
        except Exception:  # a corrupt or outdated entry is a miss, and is dropped
            self._pending.pop(k, None)
            self._execute("DELETE FROM verdicts WHERE key = ?", (k,))
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, key: str, verdict: Any) -> None:
        if not self._broken:
            self._pending[self._hash(key)] = pickle.dumps(verdict, pickle.HIGHEST_PROTOCOL)

    # -- buffering ------------------------------------------------------------------------------------------
    def flush(self) -> None:
        """Commit the buffered writes in one transaction (a no-op when nothing is pending)."""
        if not self._pending:
            return
        rows = [(k, self.fingerprint, v) for k, v in self._pending.items()]
        self._pending.clear()
        db = self._connect()
        if db is None:
            return
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO verdicts (key, fingerprint, value) VALUES (?, ?, ?)", rows)
        except sqlite3.Error as e:
            self._give_up(e)

    def close(self) -> None:
        self.flush()
        if self._db is not None and self._pid == os.getpid():
            self._db.close()
        self._db = None

    # -- internals ------------------------------------------------------------------------------------------
    def _hash(self, key: str) -> bytes:
        return hashlib.sha256(f"{self.fingerprint}\0{key}".encode()).digest()

    def _connect(self) -> Optional[sqlite3.Connection]:
        if self._broken:
            return None
        if self._db is not None and self._pid == os.getpid():
            return self._db
        try:  # after a fork the parent's connection must not be used: open our own
            self.folder.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.folder / DB_FILE, timeout=30, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.isolation_level = ""  # `with db:` commits a transaction
            with db:
                for stmt in _SCHEMA:
                    db.execute(stmt)
                _prune(db, self.fingerprint)
        except (OSError, sqlite3.Error) as e:
            return self._give_up(e)
        self._db, self._pid = db, os.getpid()
        return db

    def _execute(self, sql: str, params: tuple) -> None:
        db = self._connect()
        if db is not None:
            try:
                with db:
                    db.execute(sql, params)
            except sqlite3.Error as e:
                self._give_up(e)

    def _give_up(self, e: BaseException) -> None:
        """Switch the cache off for this run (a corrupt or unwritable database must not stop a compile)."""
        if not self._broken:
            print(f"regc: warning: cache {self.folder / DB_FILE} not used ({e}); "
                  f"delete it or pass --no-cache", file=sys.stderr)
        self._broken = True
        self._pending.clear()
        self._db = None
        return None


def _prune(db: sqlite3.Connection, fingerprint: str) -> None:
    """Mark ``fingerprint`` used now; drop the entries of all but the most recently used code versions (every
    edit of regc makes a new fingerprint: without this the file would grow with each one)."""
    import time

    db.execute("INSERT OR REPLACE INTO fingerprints (fingerprint, used) VALUES (?, ?)", (fingerprint, time.time()))
    old = [r[0] for r in db.execute("SELECT fingerprint FROM fingerprints ORDER BY used DESC LIMIT -1 OFFSET ?",
                                    (KEEP_FINGERPRINTS,))]
    for fp in old:
        db.execute("DELETE FROM verdicts WHERE fingerprint = ?", (fp,))
        db.execute("DELETE FROM fingerprints WHERE fingerprint = ?", (fp,))


def open_store(enabled: bool = True, folder: str | os.PathLike | None = None) -> Optional[DiskVerdictStore]:
    """The store a compile uses: None with ``--no-cache`` (or ``REGC_NO_CACHE=1``)."""
    if not enabled or os.environ.get("REGC_NO_CACHE") == "1":
        return None
    return DiskVerdictStore(folder)


def source_digest(path: Path) -> str:
    """sha256 of a source file's bytes (of every file, by relative name, for a Formex folder)."""
    h = hashlib.sha256()
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for f in files:
        h.update(str(f.relative_to(path) if path.is_dir() else "").encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def load_source_cached(path: Path, fmt: Optional[str], store: Optional[DiskVerdictStore],
                       only: Optional[list[str]] = None):
    """``regc.frontends.load_source(path, fmt, only)`` through the store: a source file whose bytes (and name, as
    given: spans record it) were read before by the same code, for the same ``only``, is not parsed again."""
    from regc.frontends import load_source
    from regc.ir.doc import ActDoc

    if store is None:
        return load_source(path, fmt, only)
    digest = source_digest(path)
    key = f"frontend|{fmt or ''}|{path}|{sorted(only or [])}|{digest}"
    act = store.get(key)
    if not isinstance(act, ActDoc) and only:  # the whole document, read before, serves any ``only``
        act = store.get(f"frontend|{fmt or ''}|{path}|[]|{digest}")
    if not isinstance(act, ActDoc):
        act = load_source(path, fmt, only)
        store.put(key, act)
    return act


# -- the whole build --------------------------------------------------------------------------------------------
# A compile whose sources (bytes and names as given), options and code are unchanged writes the very files it
# wrote before: they are kept, compressed, under one key, and read back without reading the source, importing
# the passes or building a model (a changed source still reuses the per-activity entries above).

def build_key(sources: list[tuple[Path, Optional[str]]], only: list[str], ablate: list[str],
              with_provenance: bool) -> str:
    """The key of a whole build: every source (name as given, format, digest) and the options that shape the
    output (``--jobs`` does not: same bytes whatever it is)."""
    parts = [f"{path}|{fmt or ''}|{source_digest(path)}" for path, fmt in sources]
    return f"build|{parts}|{sorted(set(only))}|{sorted(set(ablate))}|{with_provenance}"


def put_build(store: DiskVerdictStore, key: str, files: list[tuple[str, str]], summary: dict) -> None:
    """Keep a build's ``files`` (``(name, text)``) and its ``summary`` (counts for the summary line) under
    ``key``; written at the next :meth:`~DiskVerdictStore.flush`."""
    import zlib

    packed = [(name, zlib.compress(text.encode("utf-8"), 1)) for name, text in files]
    store.put(key, {"files": packed, "summary": dict(summary)})


def get_build(store: DiskVerdictStore, key: str) -> Optional[tuple[list[tuple[str, str]], dict]]:
    """``(files, summary)`` kept by :func:`put_build` under ``key``, or None (a missing or damaged entry).

    >>> import tempfile
    >>> store = DiskVerdictStore(tempfile.mkdtemp(), fingerprint="test")
    >>> put_build(store, "k", [("A-1.json", "{}")], {"activities": 1}); get_build(store, "k")
    ([('A-1.json', '{}')], {'activities': 1})
    >>> get_build(store, "other") is None
    True
    """
    import zlib

    value = store.get(key)
    try:
        files = [(name, zlib.decompress(blob).decode("utf-8")) for name, blob in value["files"]]
        return files, dict(value["summary"])
    except (TypeError, KeyError, ValueError, zlib.error):
        return None
