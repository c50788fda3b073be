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
    """The suite never writes into ~/.cache/regc: temporary compile and LM-reply caches for the session."""
    for var, name in (("REGC_CACHE_DIR", "regc-cache"), ("REGC_LM_CACHE", "regc-lm-cache")):
        if not os.environ.get(var):
            os.environ[var] = str(tmp_path_factory.mktemp(name))
    yield
