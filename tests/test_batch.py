"""Portfolio batch: CSV rows -> results file; pure streaming function; CLI."""

from __future__ import annotations

import csv
import shutil

import pytest

from regc.cli import main
from regc.ir.models import load_activity
from regc.runtime.batch import RESULT_COLUMNS, evaluate_rows, parse_header
from regc.runtime.evaluator import CompiledActivity, compile_plan


@pytest.fixture(scope="module")
def compiled(gold_dir):
    return {a: CompiledActivity(load_activity(gold_dir / f"{a}.json")) for a in ("CCM-4.1", "CCM-3.13")}


def test_evaluate_rows_is_lazy_and_matches_single_evaluation(compiled):
    rows = [{"company": "A", "activity": "CCM-3.13", "P1 [MWh/t]": "2.4", "P2": "90 g CO2e/kWh"},
            {"company": "B", "activity": "CCM-3.13", "P1 [MWh/t]": "2.6", "P2": ""},
            {"company": "C", "activity": "CCM-9.99", "P1 [MWh/t]": "", "P2": ""},
            {"company": "D", "activity": "CCM-4.1", "P1 [MWh/t]": "", "P2": "", "DNSH-CE/P1": "yes"}]

    def gen():
        yield from rows
        raise AssertionError("read past the rows")  # pragma: no cover

    it = evaluate_rows(compiled, gen())
    first = next(it)  # one row in, one result out: nothing read ahead
    assert first["verdict"] == "UNKNOWN" and first["company"] == "A"
    single = compiled["CCM-3.13"].evaluate({"P1": "2.4 MWh/t", "P2": "90 g CO2e/kWh"})
    assert first["missing"].split(";") == single["missing"]
    assert first["n_pass"] == list(single["criteria"].values()).count("PASS") == 1
    second, third, fourth = next(it), next(it), next(it)
    assert second["verdict"] == "FAIL" and second["missing"] == ""
    assert third["verdict"] == "UNKNOWN" and "not in the build" in third["errors"]
    assert fourth["verdict"] == "UNKNOWN" and "DNSH-CE/P1" not in fourth["missing"]
    assert set(first) == set(RESULT_COLUMNS)


def test_plans_are_plain_data_for_partitions(gold_dir):
    import pickle

    plan = compile_plan(load_activity(gold_dir / "CCM-4.29.json"))
    again = CompiledActivity(pickle.loads(pickle.dumps(plan)))
    facts = {"1(b)(i)": "250 g CO2e/kWh"}
    assert again.evaluate(facts) == CompiledActivity(plan).evaluate(facts)


def test_header_units_and_duplicates():
    assert parse_header(["company", "activity", "1(a) [g CO2e/kWh]", "P1"]) == [
        ("1(a) [g CO2e/kWh]", "1(a)", "g CO2e/kWh"), ("P1", "P1", None)]
    with pytest.raises(ValueError):
        parse_header(["activity", "P1", "P1 [%]"])


def test_cli_batch(tmp_path, gold_dir, capsys):
    build = tmp_path / "build"
    build.mkdir()
    for a in ("CCM-4.1", "CCM-3.13"):
        shutil.copy(gold_dir / f"{a}.json", build / f"{a}.json")
    src = tmp_path / "portfolio.csv"
    with open(src, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["company", "activity", "P1", "P2", "DNSH-CCA/P1", "DNSH-CE/P1", "DNSH-BIO/P1"])
        w.writerow(["Solar SA", "CCM-4.1", "yes", "", "yes", "yes", "yes"])
        w.writerow(["Chlor AG", "CCM-3.13", "2.6 MWh/t", "80 g CO2e/kWh", "yes", "", "yes"])
        w.writerow(["Bad Co", "CCM-3.13", "2.6 furlongs", "", "", "", ""])
    assert main(["eval", str(build), str(src)]) == 0
    out = tmp_path / "portfolio.results.csv"
    rows = list(csv.DictReader(open(out)))
    assert [r["verdict"] for r in rows] == ["PASS", "FAIL", "UNKNOWN"]
    assert rows[0]["row"] == "2" and rows[2]["errors"].startswith("row 4")
    assert "furlongs" in rows[2]["errors"]
    printed = capsys.readouterr().out
    assert "3 rows" in printed and "assessment date: none" in printed
    bad = tmp_path / "bad.csv"
    bad.write_text("company,P1\nx,yes\n")
    assert main(["eval", str(build), str(bad)]) == 2
