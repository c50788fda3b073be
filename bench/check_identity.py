"""Proof that a verification change keeps every finding: ``regc check --json`` output with the timing fields
(``seconds``, ``solver_seconds``, ``solver_ms``) removed, so two runs can be diffed byte for byte.

    python -m regc check BUILD --json > a.json      # on each tree
    python -m bench.check_identity a.json > a.norm.json
    python -m bench.check_identity --no-witness a.json > a.norm.json   # also without witness values

``--no-witness`` is for a change that may change what Z3 answers but not what it proves (a solver shared by a
file's units): the findings (kinds, criteria, messages) and each unit's satisfiability must stay; every witness
is then verified on its own (``python -m bench.bench_witnesses BUILD a.json``).  The criteria of an unsat
core ("conflict among ...") are compared in sorted order: a core's order was Z3's before main listed it in the
unit's order.

>>> import json; print(json.dumps(strip_timings({"seconds": 1.2, "x": [{"solver_ms": 3, "ok": True}]})))
{"x": [{"ok": true}]}
"""

from __future__ import annotations

import json
import re
import sys

TIMING_KEYS = frozenset(["seconds", "solver_seconds", "solver_ms"])
WITNESS_KEYS = TIMING_KEYS | {"witness", "solver_calls"}  # solver_calls: the pre-pass reads the first model


_CORE = re.compile(r"(?P<head> conflict\ among\ ) (?P<names> .+? ) (?= \)? (?: ; | $ ) )", re.VERBOSE)


def sorted_cores(msg: str) -> str:
    """``msg`` with the criteria of each unsat core in sorted order.
    >>> sorted_cores("never met (conflict among P1(c), P1(b)); x"), sorted_cores("unit; conflict among 2, 1")
    ('never met (conflict among P1(b), P1(c)); x', 'unit; conflict among 1, 2')"""
    return _CORE.sub(lambda m: m["head"] + ", ".join(sorted(m["names"].split(", "))), msg)


def no_witness(obj):
    """:func:`strip_timings` without witnesses and solver calls, unsat cores in sorted order."""
    if isinstance(obj, dict):
        return {k: sorted_cores(v) if k == "message" else no_witness(v) for k, v in obj.items()
                if k not in WITNESS_KEYS}
    if isinstance(obj, list):
        return [no_witness(v) for v in obj]
    return obj


def strip_timings(obj, keys: frozenset = TIMING_KEYS):
    """The JSON value without its timing fields (at any depth; ``keys``: the fields dropped)."""
    if isinstance(obj, dict):
        return {k: strip_timings(v, keys) for k, v in obj.items() if k not in keys}
    if isinstance(obj, list):
        return [strip_timings(v, keys) for v in obj]
    return obj


def main(argv: list[str]) -> int:
    with open([a for a in argv if not a.startswith("--")][0], encoding="utf-8") as f:
        doc = json.load(f)
    out = no_witness(doc) if "--no-witness" in argv else strip_timings(doc)
    sys.stdout.write(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
