"""Regression tests for the defects a new user found (issue 13): each failed before its fix.

Build: CCM-4.29 of 2021/2139 (2026-01-01), compiled once for the module."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from regc.cli import main
from regc.ir.models import (ActSource, Activity, CriterionNode, TemporalItem, TemporalThreshold, Threshold, Unit)
from regc.runtime.codegen import emit_python

FACTS = {"1(a)": {"value": 250, "unit": "g CO2e/kWh"}, "1(b)(ii)": True}


@pytest.fixture(scope="module")
def src(eurlex) -> str:
    return str(eurlex / "32021r2139" / "2026-01-01" / "en.xml")


@pytest.fixture(scope="module")
def build(tmp_path_factory, src) -> Path:
    out = tmp_path_factory.mktemp("d13") / "build"
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(out), "-q"]) == 0
    return out


def write(p: Path, text: str | bytes) -> Path:
    (p.write_bytes if isinstance(text, bytes) else p.write_text)(text)
    return p


# ---- High: -o deletes user data ------------------------------------------------------------------------------


def test_compile_refuses_a_folder_of_user_json(tmp_path, src, capsys):
    mydata = tmp_path / "mydata"
    mydata.mkdir()
    write(mydata / "customers.json", '{"c":1}')
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(mydata), "-q"]) == 2
    assert (mydata / "customers.json").read_text() == '{"c":1}'
    assert "not a regc build folder" in capsys.readouterr().err


def test_compile_marks_its_builds_and_replaces_only_those(tmp_path, src):
    out = tmp_path / "b"
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(out), "-q"]) == 0
    assert (out / ".regc-build").is_file()
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(out), "-q"]) == 0  # a marked build: replaced


def test_compile_into_a_symlink_keeps_the_link(tmp_path, src):
    target = tmp_path / "real"
    target.mkdir()
    link = tmp_path / "link"
    link.symlink_to(target, target_is_directory=True)
    for _ in range(2):  # first into the empty target, then replacing the marked build behind the link
        assert main(["compile", src, "--only", "CCM-4.29", "-o", str(link), "-q"]) == 0
        assert link.is_symlink() and os.readlink(link) == str(target)
        assert (target / "CCM-4.29.json").is_file()


# ---- Medium --------------------------------------------------------------------------------------------------


def test_yaml_alias_bomb_is_refused_quickly(build, tmp_path, capsys):
    lines = ["activities:", "  CCM-4.29:", "    x0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for i in range(1, 10):  # 10**10 values once expanded
        lines.append(f"    x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    facts = write(tmp_path / "bomb.yaml", "\n".join(lines) + "\n")
    t0 = time.perf_counter()
    assert main(["eval", str(build), str(facts)]) == 2
    assert time.perf_counter() - t0 < 10
    err = capsys.readouterr().err
    assert "aliases" in err and err.count("\n") == 1


@pytest.mark.parametrize("cmd", ["eval", "facts-check"])
def test_400_digit_integer_is_one_line(build, tmp_path, capsys, cmd):
    facts = write(tmp_path / "big.json", '{"activities": {"CCM-4.29": {"1(a)": {"value": 1' + "0" * 400 +
                  ', "unit": "g CO2e/kWh"}}}}')
    argv = ["eval", str(build), str(facts)] if cmd == "eval" else ["facts", "check", str(build), str(facts)]
    assert main(argv) in (1, 2)
    out = capsys.readouterr()
    assert "too large" in out.out + out.err and "Traceback" not in out.err


def test_400_digit_integer_in_the_emitted_evaluator(build):
    ns: dict = {}
    exec(compile(_emitted(build), "gen", "exec"), ns)
    res = ns["evaluate"]("CCM-4.29", {"1(a)": {"value": 10 ** 400, "unit": "g CO2e/kWh"}}, None)
    assert any("too large" in e for e in res["errors"])


def _emitted(build: Path) -> str:
    from regc.cli.eval import load_build

    return emit_python(list(load_build(build).values()))


def test_eval_output_onto_its_input_is_refused(build, tmp_path, capsys):
    facts = write(tmp_path / "f.json", json.dumps({"activities": {"CCM-4.29": FACTS}}))
    before = facts.read_text()
    for fmt in ("json", "html"):
        assert main(["eval", str(build), str(facts), "--format", fmt, "-o", str(facts)]) == 2
        assert facts.read_text() == before
    assert "overwrite the input" in capsys.readouterr().err


def test_utf8_bom_in_csv_and_json(build, tmp_path):
    csv = write(tmp_path / "p.csv", "\ufeffcompany,activity,1(a) [g CO2e/kWh]\nACME,CCM-4.29,250\n".encode("utf-8"))
    out = tmp_path / "r.csv"
    assert main(["eval", str(build), str(csv), "-o", str(out)]) == 0
    assert out.read_text().splitlines()[1].split(",")[1] == "ACME"
    csv2 = write(tmp_path / "q.csv", "\ufeffactivity,company\nCCM-4.29,ACME\n".encode("utf-8"))
    assert main(["eval", str(build), str(csv2), "-o", str(out)]) == 0
    js = write(tmp_path / "f.json", ("\ufeff" + json.dumps({"activities": {"CCM-4.29": FACTS}})).encode("utf-8"))
    assert main(["eval", str(build), str(js), "--format", "json", "-o", str(tmp_path / "o.json")]) == 0


def _recurring_activity() -> Activity:
    rec = Threshold(temporal=TemporalThreshold(items=[TemporalItem(type="recurring", interval_value=1,
                                                                   interval_unit="years")]))
    leaf = CriterionNode(criterion_id="P1", verbatim_text="The audit is repeated every year.", threshold=rec)
    return Activity(activity_id="X-1", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                    units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
                                                                     sub_criteria=[leaf]))])


def test_emitted_evaluator_reads_inputs_as_regc_eval_does(tmp_path, capsys):
    act = _recurring_activity()
    ns: dict = {}
    exec(compile(emit_python([act]), "gen", "exec"), ns)
    facts = {"P1": {"date": "2020-01-01"}}
    # the CLI's default assessment date is today: an audit of 2020 is overdue -> FAIL, not UNKNOWN
    assert ns["evaluate"]("X-1", facts)["verdict"] == "FAIL"
    assert ns["evaluate"]("X-1", facts, "2020-06-01")["verdict"] == "PASS"  # as_of as a string
    assert ns["evaluate"]("X-1", facts, None)["verdict"] == "UNKNOWN"  # explicitly no date (--no-today)
    whole = {"as_of": "2020-06-01", "activities": {"X-1": facts}}
    assert ns["evaluate"]("X-1", whole)["verdict"] == "PASS"  # a whole facts file: its activity and as_of
    b = tmp_path / "b"
    b.mkdir()
    write(b / "X-1.json", act.dumps())
    f = write(tmp_path / "f.json", json.dumps({"activities": {"X-1": facts}}))
    assert main(["eval", str(b), str(f), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["activities"]["X-1"]["verdict"] == "FAIL"


@pytest.mark.parametrize("content", ["{}", "[1,2]"])
def test_check_reports_a_build_file_that_is_not_an_activity(build, tmp_path, content, capsys):
    import shutil

    b = tmp_path / "b"
    shutil.copytree(build, b)
    write(b / "CCM-4.29.json", content)
    assert main(["check", str(b)]) == 1
    assert "NOT_AN_ACTIVITY" in capsys.readouterr().out


# ---- Low -----------------------------------------------------------------------------------------------------


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


def test_facts_check_says_ok(build, tmp_path, capsys):
    f = write(tmp_path / "f.json", json.dumps({"activities": {"CCM-4.29": FACTS}}))
    assert main(["facts", "check", str(build), str(f)]) == 0
    assert "ok" in capsys.readouterr().out


def test_eval_table_shows_reasons(build, tmp_path, capsys):
    f = write(tmp_path / "f.json", json.dumps({"as_of": "2026-01-01", "activities": {"CCM-4.29": FACTS}}))
    assert main(["eval", str(build), str(f)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.strip().startswith("1(a) "))
    assert "FAIL" in line and "250 g CO2e/kWh" in line and "-> FAIL" in line


def test_facts_template_has_as_of(build, capsys):
    for fmt in ("json", "yaml"):
        assert main(["facts", "template", str(build), "CCM-4.29", "--format", fmt]) == 0
        assert "as_of" in capsys.readouterr().out


def test_metric_alias_goes_to_the_compatible_metric(build, tmp_path, capsys):
    f = write(tmp_path / "f.json", json.dumps({"activities": {"CCM-4.29": {
        "direct GHG emissions": "250 g CO2e/kWh"}}}))
    assert main(["eval", str(build), str(f), "--format", "json"]) == 0
    res = json.loads(capsys.readouterr().out)["activities"]["CCM-4.29"]
    assert res["errors"] == [] and res["criteria"]["1(b)(i)"] in ("PASS", "UNKNOWN")


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
