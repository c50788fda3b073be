"""Facts input hardening: hostile or unusual facts files (YAML alias bombs, 400-digit integers, a UTF-8 BOM,
metric aliases) give a verdict or one clear line, never a hang or a traceback; `facts check` and the facts template.

Build: CCM-4.29 of 2021/2139 (2026-01-01), compiled once per module (:mod:`ccm429_build`)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from regc.cli import main
from regc.runtime.codegen import emit_python

from ccm429_build import FACTS, build, src, write  # noqa: F401 - fixtures


def _emitted(build: Path) -> str:
    from regc.cli.eval import load_build

    return emit_python(list(load_build(build).values()))


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


def test_utf8_bom_in_csv_and_json(build, tmp_path):
    csv = write(tmp_path / "p.csv", "\ufeffcompany,activity,1(a) [g CO2e/kWh]\nACME,CCM-4.29,250\n".encode("utf-8"))
    out = tmp_path / "r.csv"
    assert main(["eval", str(build), str(csv), "-o", str(out)]) == 0
    assert out.read_text().splitlines()[1].split(",")[1] == "ACME"
    csv2 = write(tmp_path / "q.csv", "\ufeffactivity,company\nCCM-4.29,ACME\n".encode("utf-8"))
    assert main(["eval", str(build), str(csv2), "-o", str(out)]) == 0
    js = write(tmp_path / "f.json", ("\ufeff" + json.dumps({"activities": {"CCM-4.29": FACTS}})).encode("utf-8"))
    assert main(["eval", str(build), str(js), "--format", "json", "-o", str(tmp_path / "o.json")]) == 0


def test_metric_alias_goes_to_the_compatible_metric(build, tmp_path, capsys):
    f = write(tmp_path / "f.json", json.dumps({"activities": {"CCM-4.29": {
        "direct GHG emissions": "250 g CO2e/kWh"}}}))
    assert main(["eval", str(build), str(f), "--format", "json"]) == 0
    res = json.loads(capsys.readouterr().out)["activities"]["CCM-4.29"]
    assert res["errors"] == [] and res["criteria"]["1(b)(i)"] in ("PASS", "UNKNOWN")


def test_facts_check_says_ok(build, tmp_path, capsys):
    f = write(tmp_path / "f.json", json.dumps({"activities": {"CCM-4.29": FACTS}}))
    assert main(["facts", "check", str(build), str(f)]) == 0
    assert "ok" in capsys.readouterr().out


def test_facts_template_has_as_of(build, capsys):
    for fmt in ("json", "yaml"):
        assert main(["facts", "template", str(build), "CCM-4.29", "--format", fmt]) == 0
        assert "as_of" in capsys.readouterr().out
