"""Rule inventory and the no-activity-id guard (issue 11: "no rule keyed to one activity id or one exact sentence").

The test lists every named rule (each Decision unit in :data:`regc.decisions.DECISIONS`, every entry of the
threshold and citation ``RULES`` tuples) and fails when an activity-id literal ("CCM-4.29", "CE-2.7", …) appears in
the *code* of ``regc/``.

Policy (decided here, issue 11 item "a test lists the rule names and fails on an activity id literal in regc/"):
- Code is every string constant the interpreter evaluates (``"CCM-4.29"``, f-string parts, regex sources such as
  ``r"CE-2\\.7"``) and every line of the ``.lark`` grammars outside ``//`` comments.
- Comments and docstrings may name activities: they cite the public places where a pattern occurs (the provenance
  the design note asks for) or show a doctest example; they never change what the compiler does.
- A short allow-list names string constants that are examples shown to a user, not rules (CLI help text, the demo's
  sample units); each entry says why. Anything else fails.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from regc.decisions import DECISIONS
from regc.grammar.citations.rules import RULES as CITATION_RULES
from regc.grammar.thresholds.rules import RULES as THRESHOLD_RULES

REGC = Path(__file__).resolve().parents[1] / "regc"
# an activity id, also with an escaped dot as in a regex source: CCM-4.29, CE-2.7, WTR-1.1, CCM-4\.29
ACTIVITY_ID = re.compile(r"\b(?:CCM|CCA|CE|WTR|PPC|BIO)-\d{1,2}(?:\\?\.\d{1,2})\b")

ALLOWED = {  # (path under regc/, literal) -> why it is not a rule
    ("demo.py", "CCM-4.29/SC"): "the demo's sample units (what `regc demo` shows), not a rule",
    ("demo.py", "CCM-7.1/SC"): "the demo's sample units",
    ("demo.py", "CCA-8.1/SC"): "the demo's sample units",
    ("cli/compile.py", "compile only this activity id, e.g. CCM-4.29 (repeatable)"): "--only help text",
    ("cli/segment.py", "only this activity id (repeatable), e.g. CCM-4.29"): "--activity help text",
}


def rule_inventory() -> list[tuple[str, str, str]]:
    """(kind, name, module) of every named rule: Decision units, threshold rules, citation rules."""
    out = [("decision", d.name, type(d).__module__) for d in DECISIONS]
    out += [("threshold-rule", r.rule_id, r.__module__) for r in THRESHOLD_RULES]
    out += [("citation-rule", r.rule_id, r.__module__) for r in CITATION_RULES]
    return out


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                ids.add(id(first.value))
    return ids


def id_literals_in_python(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every evaluated string constant that holds an activity id (docstrings and comments are
    not code).

    >>> id_literals_in_python('def f(u):\\n    "Example: CCM-4.29."\\n    return u == "CE-2.7"  # CCM-1.1\\n')
    [(3, 'CE-2.7')]
    """
    tree = ast.parse(source)
    docs = _docstring_nodes(tree)
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if ACTIVITY_ID.search(node.value):
                hits.append((node.lineno, node.value))
    return sorted(hits)


def id_literals_in_lark(source: str) -> list[tuple[int, str]]:
    """Grammar lines (outside ``//`` comments) that hold an activity id."""
    return [(i, line.strip()) for i, line in enumerate(source.splitlines(), 1)
            if ACTIVITY_ID.search(line.split("//", 1)[0])]


def violations() -> list[str]:
    out = []
    for path in sorted(REGC.rglob("*.py")):
        rel = path.relative_to(REGC).as_posix()
        for line, lit in id_literals_in_python(path.read_text(encoding="utf-8")):
            if (rel, lit) not in ALLOWED:
                out.append(f"regc/{rel}:{line}: {lit!r}")
    for path in sorted(REGC.rglob("*.lark")):
        for line, text in id_literals_in_lark(path.read_text(encoding="utf-8")):
            out.append(f"regc/{path.relative_to(REGC).as_posix()}:{line}: {text!r}")
    return out


def test_rule_inventory_lists_every_named_rule():
    inv = rule_inventory()
    print("\n" + "\n".join(f"{kind:15} {name:40} {module}" for kind, name, module in inv))
    kinds = {k for k, _, _ in inv}
    assert kinds == {"decision", "threshold-rule", "citation-rule"}
    names = [(k, n) for k, n, _ in inv]
    assert len(names) == len(set(names)), "a rule name is registered twice"
    assert all(n and not ACTIVITY_ID.search(n) for _, n in names), "a rule is named after an activity"
    assert all(m.startswith("regc.") for _, _, m in inv)


def test_no_activity_id_literal_in_regc_code():
    bad = violations()
    assert not bad, "activity-id literals in regc/ code (a rule keyed to one activity?):\n" + "\n".join(bad)


def test_allow_list_entries_still_exist():
    """A stale allow-list entry would silently widen the exemption: every entry must still be in its file."""
    for (rel, lit), why in ALLOWED.items():
        assert why
        assert lit in [x for _, x in id_literals_in_python((REGC / rel).read_text(encoding="utf-8"))], (rel, lit)


@pytest.mark.parametrize("source, expected", [
    ('if unit_id == "CCM-4.29":\n    x = 1\n', 1),                  # a rule keyed to an activity
    ('SPECIAL = {"CE-2.7/SC": 3}\n', 1),                            # a lookup table keyed to one
    ('PAT = re.compile(r"CCM-4\\.29 SC")\n', 1),                   # a regex source
    ('x = f"{a} CCA-3.1"\n', 1),                                    # an f-string part
    ('def f():\n    """Seen in CCM-4.9 SC 1."""\n    return 1\n', 0),  # a docstring citing the example
    ('x = 1  # CE-4.1 SC 2: inferred group\n', 0),                  # a comment
    ('x = "Section 4.29 of this Annex"\n', 0),                      # a section number is not an activity id
    ('x = "CCM"\n', 0),                                             # an objective alone
])
def test_the_guard_catches_keyed_literals_and_spares_citations(source, expected):
    assert len(id_literals_in_python(source)) == expected


def test_the_guard_reads_lark_code_but_not_comments():
    assert id_literals_in_lark('rule: "CCM-4.29" WORD\n// CE-2.7 example\n') == [(1, 'rule: "CCM-4.29" WORD')]
