import os
import shutil
import tempfile
from pathlib import Path

import pytest

# The suite never writes into the user's ~/.cache/regc: regc's caches (LM prompts, compile cache) go to a
# temporary folder for the session unless the caller chose one.
CACHE_ENV = ("REGC_LM_CACHE", "REGC_CACHE_DIR")
_TEMP_CACHE = tempfile.mkdtemp(prefix="regc-test-cache-")
for _var in CACHE_ENV:
    os.environ.setdefault(_var, os.path.join(_TEMP_CACHE, _var.lower()))
# the small retrieval indexes of tests/retrieval_helpers.py, built once per session and shared by xdist's workers
# (they inherit this process's environment)
os.environ.setdefault("REGC_TEST_INDEXES", os.path.join(_TEMP_CACHE, "indexes"))


def pytest_unconfigure(config):
    shutil.rmtree(_TEMP_CACHE, ignore_errors=True)


@pytest.fixture(autouse=True)
def _fresh_endpoint_memory():
    """Each test starts with no endpoint marked down: the LM client remembers, process-wide, an address that refused
    a connection, and the OS hands a closed test double's port to a later double (a CI failure of
    test_request_timeout_is_enforced: a fresh double read as "connection refused" from an earlier test's record)."""
    import sys

    lm = sys.modules.get("regc.llm.lm")
    if lm is not None:
        lm.forget_down_endpoints()
    yield

from regc.retrieval.locate import corpus_root, gold_root  # noqa: E402

# fixture scripts (harvesters, generators) are not test modules, and --doctest-modules would import them
collect_ignore_glob = ["fixtures/*"]


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


# every compiled corpus act of the property tests (tests/test_units_corpus.py, tests/test_plan_logic.py)
CORPUS_ACTS = (("32021R2139", "2026-01-01"), ("32023R2486", "2026-01-01"))


@pytest.fixture(scope="session")
def corpus_builds(tmp_path_factory, corpus) -> dict:
    from regc.cli import main

    out = {}
    for celex, version in CORPUS_ACTS:
        dst = tmp_path_factory.mktemp("acts") / celex
        assert main(["compile", "--celex", celex, "--version", version, "-o", str(dst), "-q"]) == 0
        out[celex] = dst
    return out
