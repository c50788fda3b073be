import os
from pathlib import Path

import pytest

from regc.retrieval.locate import corpus_root, gold_root


@pytest.fixture(scope="session")
def corpus() -> Path:
    root = corpus_root()
    if root is None:
        pytest.fail("corpus not found: set REGC_CORPUS or put shared/ beside the repository")
    return root


@pytest.fixture(scope="session")
def gold_dir() -> Path:
    g = gold_root()
    if g is None:
        pytest.fail("gold not found: ../shared/gold/dev")
    return g


@pytest.fixture(scope="session")
def eurlex(corpus) -> Path:
    return corpus / "eurlex-lex-corpus" / "works"


@pytest.fixture(scope="session", autouse=True)
def _private_cache_dir(tmp_path_factory):
    """The suite never writes into ~/.cache/regc: one temporary on-disk cache for the session."""
    if not os.environ.get("REGC_CACHE_DIR"):
        os.environ["REGC_CACHE_DIR"] = str(tmp_path_factory.mktemp("regc-cache"))
    yield
