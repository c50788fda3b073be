"""Small real indexes for the retrieval tests, built once per test process (shared by test modules).

BM25 index (no dense): RED 2018/2001, Governance Regulation 2018/1999, Taxonomy Regulation 2020/852 and the ETS
benchmark Regulation 2021/447 (~750 chunks).
Dense index: Directive 2009/31/EC (CCS, ~160 chunks) + 2021/447: a few hundred chunks to encode at most; the
embedding cache lives in a per-process temporary folder unless $REGC_CACHE is set.

The indexes live in ``$REGC_TEST_INDEXES``, a folder tests/conftest.py names for the test session before
pytest-xdist starts its workers: the first process that needs an index builds it there under a lock, the others
wait and open the same folder (an index is read-only once built), so each is built once per run, not once per
worker.  Without that variable (a script importing these helpers): a temporary folder of this process.
"""

from __future__ import annotations

import atexit
import fcntl
import os
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable

from regc.retrieval.locate import corpus_root

if os.environ.get("REGC_TEST_INDEXES"):
    _TMP = Path(os.environ["REGC_TEST_INDEXES"])  # removed with the session's folder (tests/conftest.py)
    _TMP.mkdir(parents=True, exist_ok=True)
else:
    _TMP = Path(tempfile.mkdtemp(prefix="regc-retrieval-tests-"))
    atexit.register(shutil.rmtree, _TMP, True)

BM25_ACTS = ["32018L2001", "32018R1999", "32020R0852", "32021R0447"]
DENSE_ACTS = ["32009L0031", "32021R0447"]


def corpus() -> Path:
    root = corpus_root()
    assert root is not None, "corpus not found: set REGC_CORPUS or put shared/ beside the repository"
    return root


def _built(name: str, build: Callable[[Path], object]) -> Path:
    """``_TMP/name``: ``build(out)`` unless a finished index is there; one builder at a time across processes
    (build_index renames a finished folder into place, so a folder with the index marker is complete)."""
    from regc.retrieval.index import MARKER

    out = _TMP / name
    with open(_TMP / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (out / MARKER).exists():
            build(out)
    return out


@lru_cache(maxsize=None)
def bm25_index() -> Path:
    from regc.retrieval.index import build_index

    return _built("bm25", lambda out: build_index(corpus(), out, celexes=BM25_ACTS, dense=False))


@lru_cache(maxsize=None)
def dense_index() -> Path:
    from regc.retrieval.index import build_index

    os.environ.setdefault("REGC_CACHE", str(Path.home() / ".cache" / "regc"))
    return _built("dense", lambda out: build_index(corpus(), out, celexes=DENSE_ACTS, dense=True))


def scratch(name: str) -> Path:
    p = _TMP / name
    p.mkdir(parents=True, exist_ok=True)
    return p


ASK_ACTS = ["32020R0852", "32021R2178"]


@lru_cache(maxsize=None)
def ask_index() -> Path:
    """BM25 index of the Taxonomy Regulation, the Disclosures Delegated Act and the HIPAA PDF (`regc ask`)."""
    from regc.retrieval.index import build_index

    return _built("ask", lambda out: build_index(corpus(), out, celexes=ASK_ACTS, dense=False,
                                                 extra_files=[hipaa_pdf()]))


def hipaa_pdf() -> Path:
    return corpus() / "hipaa-hhs-combined" / "hipaa_combined.pdf"
