"""CCM-4.29 of 2021/2139 (2026-01-01) compiled once per test module, and a file-writing helper."""

from __future__ import annotations

from pathlib import Path

import pytest

from regc.cli import main

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
