"""Layers import downward only (an ``ast`` walk over every import in ``regc/``, module level or inside a function):

    cli → {compiler, eval, runtime, verify, retrieval, llm, reports} → passes → decisions → {grammar, frontends} → ir

``regc.errors``, ``regc.io`` and ``regc/__init__`` are importable from anywhere; packages of the middle layer may
import each other (sideways); nothing but ``regc/__main__`` imports ``cli``.  A rules-only compile never loads
DSPy (checked in a fresh interpreter)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import regc

ROOT = Path(regc.__file__).resolve().parent
LAYERS = {"ir": 1, "grammar": 2, "frontends": 2, "decisions": 3, "passes": 4, "compiler": 5, "eval": 5,
          "runtime": 5, "verify": 5, "retrieval": 5, "llm": 5, "reports": 5, "cli": 6,
          "__main__": 7, "demo": 7}  # entry points above the CLI (python -m regc, python -m regc.demo)
ANYWHERE = {"errors", "io", ""}
MIDDLE = 5


def package_of(module: str) -> str:
    """``regc.passes.classify`` -> ``passes``; ``regc`` -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in the file (relative imports resolved)."""
    here = list(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])  # the importing file's package
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here[:len(here) - node.level + 1] if node.level > 1 else here
                base = ".".join(up + ([base] if base else []))
            out.append((node.lineno, base))
    return [(ln, m) for ln, m in out if m == "regc" or m.startswith("regc.")]


def violations() -> list[str]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        me = package_of(".".join(path.relative_to(ROOT.parent).with_suffix("").parts))
        if me in ANYWHERE:
            continue
        for line, target in imports_of(path):
            other = package_of(target)
            if other in ANYWHERE or other == me:
                continue
            mine, theirs = LAYERS.get(me), LAYERS.get(other)
            where = f"{path.relative_to(ROOT.parent)}:{line} imports {target}"
            if mine is None or theirs is None:
                found.append(f"{where} (a package the layering test does not know: add it to LAYERS)")
            elif theirs > mine or (theirs == mine and mine != MIDDLE):
                found.append(f"{where} ({me} is layer {mine}, {other} is layer {theirs})")
    return found


def test_layers_import_downward_only():
    assert violations() == []


def test_the_walk_sees_a_violation():
    """The checker itself: an upward import in a lower layer is reported."""
    bad = ROOT / "decisions" / "_layering_probe.py"
    bad.write_text("def f():\n    from regc.passes import PIPELINE\n    return PIPELINE\n", encoding="utf-8")
    try:
        assert any("_layering_probe.py:2 imports regc.passes" in v for v in violations())
    finally:
        bad.unlink()


def test_rules_only_cli_compile_never_imports_dspy(eurlex, tmp_path):
    src = eurlex / "32021r2139" / "2026-01-01" / "en.xml"
    code = ("import sys\n"
            "from regc.cli import main\n"
            f"assert main(['compile', {str(src)!r}, '--only', 'CCM-4.29', '-o', {str(tmp_path / 'b')!r}, '-q']) == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dspy', 'litellm')))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-800:]
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_rules_only_compile_never_imports_dspy():
    code = ("import sys\n"
            "from regc.decisions import DECISIONS, APPLICABILITY, decide\n"
            "import regc.passes, regc.compiler.driver\n"
            "v = decide(APPLICABILITY, APPLICABILITY.Inputs('If X, Y.'), None)\n"
            "assert v.value == 'Conditional', v\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dspy', 'litellm')))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-800:]
    assert r.stdout.strip() == "[]"
