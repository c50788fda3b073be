"""Find the corpus folder and the documents in it.

The corpus is ``--corpus DIR``, else ``$REGC_CORPUS``, else ``../shared/corpora`` next to the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def corpus_root(explicit: str | os.PathLike | None = None) -> Path | None:
    for cand in (explicit, os.environ.get("REGC_CORPUS"), REPO_ROOT.parent / "shared" / "corpora"):
        if cand and Path(cand).is_dir():
            return Path(cand)
    return None


def gold_root() -> Path | None:
    for cand in (os.environ.get("REGC_GOLD"), REPO_ROOT.parent / "shared" / "gold" / "dev"):
        if cand and Path(cand).is_dir():
            return Path(cand)
    return None
