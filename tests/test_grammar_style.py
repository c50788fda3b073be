"""Style of the rule packages (regc/grammar): verbose regexes in the patterns module of each package (``patterns.py``,
continued in ``patterns_<topic>.py`` when it would pass 600 lines), word lists in the lexicon, named rules in ordered
tuples, files under 600 lines and functions under 80."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import regc.grammar.citations.patterns as cit_patterns
import regc.grammar.citations.patterns_phrases as cit_patterns_phrases
import regc.grammar.thresholds.patterns as thr_patterns
import regc.grammar.thresholds.patterns_limits as thr_patterns_limits
from regc.grammar.citations.rules import RULES as CITATION_RULES
from regc.grammar.prefilter import Prefiltered
from regc.grammar.thresholds.rules import RULES as THRESHOLD_RULES

GRAMMAR = Path(thr_patterns.__file__).resolve().parents[1]


def _compiled(mod) -> list[tuple[str, re.Pattern]]:
    patterns = (re.Pattern, Prefiltered)  # a rule module may put its patterns behind the literal prefilter
    out = []
    for name, val in vars(mod).items():
        if isinstance(val, patterns):
            out.append((name, val))
        elif isinstance(val, list):
            out += [(f"{name}[{k}]", rx) for k, rx in val if isinstance(rx, patterns)]
    return out


@pytest.mark.parametrize("mod", [thr_patterns, cit_patterns], ids=lambda m: m.__name__)
def test_patterns_are_verbose(mod):
    found = _compiled(mod)
    assert len(found) >= 30
    plain = [name for name, rx in found if not rx.flags & re.VERBOSE]
    assert not plain, f"patterns not written re.VERBOSE: {plain}"


@pytest.mark.parametrize("mod", [thr_patterns_limits, cit_patterns_phrases], ids=lambda m: m.__name__)
def test_continued_patterns_modules_are_verbose(mod):
    found = _compiled(mod)
    assert found and not [name for name, rx in found if not rx.flags & re.VERBOSE]


@pytest.mark.parametrize("pkg", ["thresholds", "citations"])
def test_module_level_regexes_live_in_the_patterns_module(pkg):
    for path in sorted((GRAMMAR / pkg).glob("*.py")):
        if path.name == "patterns.py" or path.name.startswith("patterns_"):
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                assert ast.unparse(node.value.func) != "re.compile", f"{path.name}: {ast.unparse(node.targets[0])}"


def test_file_and_function_sizes():
    for path in sorted(GRAMMAR.rglob("*.py")):
        src = path.read_text(encoding="utf-8")
        assert src.count("\n") < 600, f"{path} has {src.count(chr(10))} lines"
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                assert n < 80, f"{path.name}:{node.name} has {n} lines"


def test_rules_are_named_after_their_provenance_ids():
    """``quantity:or-more`` -> ``or_more``, ``period:over`` -> ``period_over``; the internal-reference rule emits
    several ids (sections, appendices) and is named for what it finds."""
    exceptions = {"internal_reference": "grammar:section"}
    for rules in (THRESHOLD_RULES, CITATION_RULES):
        names = [fn.__name__ for fn in rules]
        assert len(set(names)) == len(names)
        for fn in rules:
            family, stem = fn.rule_id.split(":")
            stem = stem.replace("-", "_")
            allowed = {stem, f"{family}_{stem}"}
            assert fn.__name__.rstrip("_") in allowed or exceptions.get(fn.__name__) == fn.rule_id, \
                (fn.__name__, fn.rule_id)
