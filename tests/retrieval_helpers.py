"""Small real indexes for the retrieval tests, built once per test process (shared by test modules).

BM25 index (no dense): RED 2018/2001, Governance Regulation 2018/1999, Taxonomy Regulation 2020/852 and the ETS
benchmark Regulation 2021/447 (~750 chunks).
Dense index: Directive 2009/31/EC (CCS, ~160 chunks) + 2021/447: a few hundred chunks to encode at most; the
embedding cache lives in a per-process temporary folder unless $REGC_CACHE is set.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from regc.retrieval.locate import corpus_root

_TMP = Path(tempfile.mkdtemp(prefix="regc-retrieval-tests-"))
atexit.register(shutil.rmtree, _TMP, True)

BM25_ACTS = ["32018L2001", "32018R1999", "32020R0852", "32021R0447"]
DENSE_ACTS = ["32009L0031", "32021R0447"]


def corpus() -> Path:
    root = corpus_root()
    assert root is not None, "corpus not found: set REGC_CORPUS or put shared/ beside the repository"
    return root


@lru_cache(maxsize=None)
def bm25_index() -> Path:
    from regc.retrieval.index import build_index

    out = _TMP / "bm25"
    build_index(corpus(), out, celexes=BM25_ACTS, dense=False)
    return out


@lru_cache(maxsize=None)
def dense_index() -> Path:
    from regc.retrieval.index import build_index

    os.environ.setdefault("REGC_CACHE", str(Path.home() / ".cache" / "regc"))
    out = _TMP / "dense"
    build_index(corpus(), out, celexes=DENSE_ACTS, dense=True)
    return out


def scratch(name: str) -> Path:
    p = _TMP / name
    p.mkdir(parents=True, exist_ok=True)
    return p


ASK_ACTS = ["32020R0852", "32021R2178"]


@lru_cache(maxsize=None)
def ask_index() -> Path:
    """BM25 index of the Taxonomy Regulation, the Disclosures Delegated Act and the HIPAA PDF (`regc ask`)."""
    from regc.retrieval.index import build_index

    out = _TMP / "ask"
    build_index(corpus(), out, celexes=ASK_ACTS, dense=False, extra_files=[hipaa_pdf()])
    return out


def hipaa_pdf() -> Path:
    return corpus() / "hipaa-hhs-combined" / "hipaa_combined.pdf"
