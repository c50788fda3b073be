"""What the CLI says on misuse: a build file that is not an activity, swapped or incomplete `score` arguments,
reasons in `eval`'s table, a Formex folder without `--format`; tests keep out of the home cache.

Build: CCM-4.29 of 2021/2139 (2026-01-01), compiled once per module (:mod:`ccm429_build`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from regc.cli import main

from ccm429_build import FACTS, build, src, write  # noqa: F401 - fixtures


@pytest.mark.parametrize("content", ["{}", "[1,2]"])
def test_check_reports_a_build_file_that_is_not_an_activity(build, tmp_path, content, capsys):
    import shutil

    b = tmp_path / "b"
    shutil.copytree(build, b)
    write(b / "CCM-4.29.json", content)
    assert main(["check", str(b)]) == 1
    assert "NOT_AN_ACTIVITY" in capsys.readouterr().out


def test_score_with_swapped_arguments_is_refused(build, gold_dir, capsys):
    assert main(["score", str(build), str(gold_dir)]) == 2
    assert "swapped" in capsys.readouterr().err


def test_score_counts_missing_gold_activities_as_zero(build, gold_dir, capsys):
    assert main(["score", str(gold_dir), str(build), "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["missing_activities"] and res["n_gold_activities"] > len(res["missing_activities"])
    missing = [r for r in res["units"] if r["missing"]]
    assert missing and all(r["category"]["acc"] == 0.0 for r in missing)
    assert res["mean"]["category"] < 0.5  # 1 of many gold activities built: not 1.000
    assert main(["score", str(gold_dir), str(build)]) == 0
    assert "gold activities are not in the build" in capsys.readouterr().out


def test_eval_table_shows_reasons(build, tmp_path, capsys):
    f = write(tmp_path / "f.json", json.dumps({"as_of": "2026-01-01", "activities": {"CCM-4.29": FACTS}}))
    assert main(["eval", str(build), str(f)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.strip().startswith("1(a) "))
    assert "FAIL" in line and "250 g CO2e/kWh" in line and "-> FAIL" in line


def test_formex_folder_error_hints_at_format(tmp_path, eurlex, capsys):
    import shutil

    fx = tmp_path / "act"
    shutil.copytree(eurlex / "32023r2486" / "2026-01-01" / "en.fmx4", fx)
    assert main(["compile", str(fx), "-o", str(tmp_path / "o"), "-q"]) == 2
    assert "--format formex" in capsys.readouterr().err


def test_tests_do_not_write_into_the_home_cache():
    home = str(Path.home() / ".cache" / "regc")
    for var in ("REGC_LM_CACHE", "REGC_CACHE_DIR"):
        assert not os.environ[var].startswith(home)
