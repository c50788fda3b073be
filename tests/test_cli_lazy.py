"""`regc` imports only the module of the command being run; `regc --help` lists every command from a table."""

import argparse
import subprocess
import sys

from regc.cli import COMMANDS, build_parser


def _help_lines(ap: argparse.ArgumentParser) -> dict[str, str]:
    sub = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    return {c.dest: c.help for c in sub._choices_actions}


def test_command_table_matches_what_each_module_registers():
    full = _help_lines(build_parser())  # every module imported and registered
    table = {name: help_ for _, commands in COMMANDS for name, help_ in commands}
    assert full == table


def test_help_imports_no_command_module():
    code = ("import sys\nfrom regc.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('regc.cli.', 'pydantic', 'regc.compiler'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "compile" in out and out.strip().splitlines()[-1] == "[]"


def test_a_command_loads_its_module_only(capsys):
    ap = build_parser(["score", "--help"])
    sub = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    assert any(a.dest == "gold" or a.option_strings for a in sub.choices["score"]._actions[1:])
    assert sub.choices["compile"]._actions[1:] == []  # placeholder: help line only


def test_eval_with_json_facts_does_not_import_yaml(tmp_path):
    """PyYAML is imported when a facts file is YAML, not by every `regc eval` process."""
    facts = tmp_path / "f.json"
    facts.write_text('{"as_of": "2026-01-01", "activities": {}}', encoding="utf-8")
    code = ("import sys\nfrom regc.runtime.facts import load_facts\nimport regc.cli.eval\n"
            f"load_facts({str(facts)!r})\nprint('yaml' in sys.modules)\n"
            "from regc.runtime.facts import parse_yaml\nprint(parse_yaml('a: 1'), 'yaml' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "{'a':", "1}", "True"]
