"""Golden fixtures for `regc eval`: facts files -> JSON results (tests/fixtures/eval/facts/*.expected.json,
regenerate with REGC_RESET_FIXTURES=1) and bad inputs -> the one-line error (bad/*.expected holds a substring)."""

from __future__ import annotations

import json
import shutil

import pytest

from fixtures_util import FIXTURES, assert_golden
from regc.cli import main

EVAL = FIXTURES / "eval"
GOOD = sorted(p for p in (EVAL / "facts").iterdir() if p.suffix in (".json", ".yaml") and ".expected" not in p.name)
BAD = sorted(p for p in (EVAL / "bad").iterdir() if p.suffix in (".json", ".yaml"))


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory, gold_dir):
    b = tmp_path_factory.mktemp("build")
    for p in gold_dir.glob("*.json"):
        shutil.copy(p, b / p.name)
    return b


@pytest.mark.parametrize("facts", GOOD, ids=lambda p: p.name)
def test_good_fixture(facts, build_dir, capsys):
    assert main(["eval", str(build_dir), str(facts), "--format", "json", "--as-of", "2026-06-01"]) == 0
    out = capsys.readouterr().out
    json.loads(out)
    assert_golden(facts.with_name(facts.stem + ".expected.json"), out)


@pytest.mark.parametrize("facts", BAD, ids=lambda p: p.name)
def test_bad_fixture(facts, build_dir, capsys):
    assert main(["eval", str(build_dir), str(facts), "--as-of", "2026-06-01"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("regc: error:")
    assert facts.with_suffix(".expected").read_text().strip() in err
    assert str(facts) in err or "not in the build" in err
