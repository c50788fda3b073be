"""Golden-fixture helper shared by the pass tests.

``assert_golden(path, actual_text)`` compares ``actual_text`` with the file at ``path``; with the environment
variable ``REGC_RESET_FIXTURES=1`` it (re)writes the file instead and passes.  A missing golden file is an error
(not silently created) unless resetting, so a forgotten fixture cannot make a test pass.

>>> import tempfile, os, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "x.json"
>>> os.environ["REGC_RESET_FIXTURES"] = "1"; assert_golden(p, "a\\n"); del os.environ["REGC_RESET_FIXTURES"]
>>> assert_golden(p, "a\\n")
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def resetting() -> bool:
    """True when golden files should be regenerated (``REGC_RESET_FIXTURES=1``)."""
    return os.environ.get("REGC_RESET_FIXTURES", "") not in ("", "0", "false", "no")


def assert_golden(path: str | os.PathLike, actual_text: str) -> None:
    """Assert that ``actual_text`` equals the golden file (or rewrite it when resetting)."""
    p = Path(path)
    if resetting():
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_name(p.name + ".tmp")
        tmp.write_text(actual_text, encoding="utf-8")
        tmp.replace(p)
        return
    if not p.exists():
        raise AssertionError(f"golden file {p} is missing; run with REGC_RESET_FIXTURES=1 to create it")
    expected = p.read_text(encoding="utf-8")
    if expected != actual_text:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual_text.splitlines(True),
                                            fromfile=f"{p} (golden)", tofile="actual", n=2))
        raise AssertionError(f"output differs from golden {p}:\n{diff[:6000]}")


def assert_golden_json(path: str | os.PathLike, obj: Any) -> None:
    """Same as :func:`assert_golden` for a JSON-serialisable object (deterministic 1-space-indent dump)."""
    assert_golden(path, json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=False) + "\n")


def fixture_pairs(pass_name: str, bad: bool = False, input_suffix: str = ".in.json") -> list[tuple[Path, Path]]:
    """(input, expected) pairs in ``tests/fixtures/<pass>/`` (or its ``bad/``): ``X.in.json`` -> ``X.out.json``."""
    d = FIXTURES / pass_name / ("bad" if bad else "")
    return [(p, p.with_name(p.name[: -len(input_suffix)] + ".out.json")) for p in sorted(d.glob(f"*{input_suffix}"))]
