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
