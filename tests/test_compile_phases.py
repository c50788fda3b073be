"""bench.compile_phases: each phase's process stops where the phase ends (nothing written before ``written``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.compile_phases import PHASES, parse_irefs

ROOT = Path(__file__).resolve().parent.parent


def test_parse_irefs():
    assert parse_irefs("==7== \n==7== I   refs:      1,234,567\n") == 1234567
    assert parse_irefs("no count here") is None


def test_phases_in_pipeline_order():
    assert [p for p, _ in PHASES] == ["start", "imports", "loaded", "compiled", "built", "written", "full"]


def _child(phase: str, src: Path, out: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    argv = ["compile", str(src), "--only", "CCM-4.29", "-o", str(out), "--no-cache", "-q"]
    return subprocess.run([sys.executable, "-m", "bench.compile_phases", "--child", phase, "--", *argv],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_a_phase_stops_before_the_build_is_written(eurlex, tmp_path):
    src = eurlex / "32021r2139" / "2026-01-01" / "en.xml"
    if not src.exists():
        pytest.skip("corpus act not found")
    built, full = tmp_path / "built", tmp_path / "full"
    p = _child("built", src, built)
    assert p.returncode == 0, p.stderr
    assert not built.exists() and "compiled" not in p.stdout  # stopped before writing and reporting
    p = _child("full", src, full)
    assert p.returncode == 0, p.stderr
    assert (full / "activities").exists() or any(full.iterdir())
    assert "compiled 1 activities" in p.stdout
