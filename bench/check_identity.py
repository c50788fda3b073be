"""Proof that a verification change keeps every finding: ``regc check --json`` output with the timing fields
(``seconds``, ``solver_seconds``, ``solver_ms``) removed, so two runs can be diffed byte for byte.

    python -m regc check BUILD --json > a.json      # on each tree
    python -m bench.check_identity a.json > a.norm.json

>>> import json; print(json.dumps(strip_timings({"seconds": 1.2, "x": [{"solver_ms": 3, "ok": True}]})))
{"x": [{"ok": true}]}
"""

from __future__ import annotations

import json
import sys

TIMING_KEYS = frozenset(["seconds", "solver_seconds", "solver_ms"])


def strip_timings(obj):
    """The JSON value without its timing fields (at any depth)."""
    if isinstance(obj, dict):
        return {k: strip_timings(v) for k, v in obj.items() if k not in TIMING_KEYS}
    if isinstance(obj, list):
        return [strip_timings(v) for v in obj]
    return obj


def main(argv: list[str]) -> int:
    with open(argv[0], encoding="utf-8") as f:
        doc = json.load(f)
    sys.stdout.write(json.dumps(strip_timings(doc), indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
