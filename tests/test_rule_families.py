"""bench.rule_families: every family is recorded, prefilter checks are attributed to the module that wrapped the
pattern, and the replays run with the hooks removed (nothing recorded twice)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.rule_families import FAMILIES, render, share

ROOT = Path(__file__).resolve().parent.parent


def test_share_and_render():
    assert share(0.03, 1.5) == "2.00 %"
    r = {"process_cpu": 2.0, "families": {"tags": {"calls": 3, "distinct": 2, "cpu": 0.1}},
         "checks": {"regc.decisions.tags": {"checks": 10, "passed": 4, "no_cpu": 0.02}},
         "gates": {"checks": 5, "cpu": 0.01}}
    text = render(r)
    assert "5.00 %" in text and "1.00 %" in text and "0.50 %" in text  # family, checks said no, gates
    assert "all modules" in text and " 10 " in text


def test_a_compile_is_measured(eurlex):
    src = eurlex / "32021r2139" / "2026-01-01" / "en.xml"
    if not src.exists():
        pytest.skip("corpus act not found")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "bench.rule_families", str(src), "--only", "CCM-4.29", "--json"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert list(r["families"]) == [name for name, _, _ in FAMILIES]
    for f in r["families"].values():
        assert f["calls"] >= f["distinct"] >= 0 and f["cpu"] >= 0
    assert r["families"]["tags"]["distinct"] > 0 and r["families"]["citations"]["distinct"] > 0
    assert r["checks"] and all(m.startswith("regc.") for m in r["checks"])  # attributed to a rule module
    assert all(0 <= c["passed"] <= c["checks"] for c in r["checks"].values())
    # the citation gates are asked once per rule with gates and distinct text of the compile, not again by replays
    from regc.grammar.citations.rules import RULES
    gated = sum(1 for fn in RULES if fn.gates)
    assert 0 < r["gates"]["checks"] <= gated * r["families"]["citations"]["distinct"]
