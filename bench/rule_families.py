"""What the rule families of one cold ``regc compile`` cost, and how much of it is the prefilter saying "no".

Two tables, each from one in-process compile (issue 10, branch issue-10ak):

- *families*: the first analysis of each distinct input by the five rule families (citations' ``_scan``, the
  thresholds' ``_decide_cached``, ``decide_tags``, the applicability cue rules' ``first_match``,
  ``analyse_footnote``), replayed after the compile with every ``lru_cache`` of ``regc`` cleared, the literal
  prefilter's text memo and the cue rules' read-traced memo emptied (a cold first analysis; min of 3);
- *prefilter checks* per rule module: how often a pattern's prefilter was asked (``may_match``), how often it let
  the scan through, and the CPU of replaying only the checks that answered no, through ``search``: what a lever
  that asks fewer checks per text (one literal pass per text, one gate per rule family) could remove at most;
  the citation rules' gates (``may_apply``) the same.

Shares are of the process's CPU (user+sys at the end of the compile, the recording included: a few per cent).

Usage::

    python -m bench.rule_families SRC [--only ID ...] [--json]

>>> share(0.05, 2.0)
'2.50 %'
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import pickle
import resource
import sys
import tempfile
import time
from collections import defaultdict

import regc.grammar.prefilter as P

FAMILIES = (("citations", "regc.grammar.citations.assemble", "_scan"),
            ("thresholds", "regc.grammar.thresholds.decision", "_decide_cached"),
            ("tags", "regc.decisions.tags", "decide_tags"),
            ("applicability cues", "regc.decisions.applicability_cues", "first_match"),
            ("footnotes", "regc.decisions.footnote_items", "analyse_footnote"))


def share(seconds: float, total: float) -> str:
    """``seconds`` as a percentage of ``total``."""
    return f"{100 * seconds / total:.2f} %"


CACHED: list = []  # the families' own lru caches (the modules hold the spies instead)


class Recorder:
    """The hooks: the module that wrapped each pattern, every prefilter check and every family call."""

    def __init__(self):
        self.owner: dict[int, str] = {}
        self.checks: list[tuple[P.Prefiltered, str, bool]] = []
        self.gates: list[tuple[tuple, str]] = []
        self.calls: dict[str, tuple] = {}
        self.on = True  # recording (off for the replays)
        self.cached = CACHED
        namespace, may_match, may_apply = P.prefilter_namespace, P.Prefiltered.may_match, P.may_apply

        def prefilter_namespace(ns: dict) -> None:
            before = len(P.REGISTRY)
            namespace(ns)
            for w in P.REGISTRY[before:]:
                self.owner.setdefault(id(w), ns.get("__name__", "?"))

        def checked(w: P.Prefiltered, text: str) -> bool:
            answer = may_match(w, text)
            if self.on:
                self.checks.append((w, text, answer))
            return answer

        def gated(gates: tuple, text: str) -> bool:
            if self.on:
                self.gates.append((gates, text))
            return may_apply(gates, text)

        self.may_match, self.may_apply = may_match, may_apply
        P.prefilter_namespace, P.Prefiltered.may_match, P.may_apply = prefilter_namespace, checked, gated

    def spy_families(self) -> None:
        """Record each family function's calls (every module's reference to it replaced)."""
        for name, module, attr in FAMILIES:
            fn = getattr(sys.modules[module], attr)
            inner, log = getattr(fn, "__wrapped__", fn), []
            self.calls[name] = (inner, log)

            def spy(*a, _fn=fn, _log=log, **k):
                if self.on:
                    _log.append((a, k))
                return _fn(*a, **k)
            if isinstance(fn, functools._lru_cache_wrapper):
                self.cached.append(fn)  # no module holds it now: cleared from here before a replay
            for m in list(sys.modules.values()):
                if getattr(m, "__name__", "").startswith("regc") and getattr(m, attr, None) is fn:
                    setattr(m, attr, spy)


def _clear_memos() -> None:
    for m in list(sys.modules.values()):
        if getattr(m, "__name__", "").startswith("regc"):
            for v in list(vars(m).values()):
                if isinstance(v, functools._lru_cache_wrapper):
                    v.cache_clear()
    for fn in CACHED:
        fn.cache_clear()
    P._FOLDED.clear()
    for w in P.REGISTRY:
        w._seen = (None, True)
    from regc.decisions import applicability_cues
    from regc.decisions.traced import ReadTracedMemo
    applicability_cues._RULE_MEMO = ReadTracedMemo()


def _distinct(log: list) -> list:
    seen: dict = {}
    for a, k in log:
        try:
            key = pickle.dumps((a, sorted(k.items())))
        except Exception:  # noqa: BLE001 - an argument pickle cannot write: each call counts as distinct
            key = len(seen)
        seen.setdefault(key, (a, k))
    return list(seen.values())


def _best_of(n: int, run) -> float:
    best = float("inf")
    for _ in range(n):
        _clear_memos()
        t0 = time.process_time()
        run()
        best = min(best, time.process_time() - t0)
    return best


def measure(argv: list[str], repeats: int = 3) -> dict:
    """Compile with ``argv`` (``regc`` arguments) under the hooks, then replay; the figures as a dict."""
    rec = Recorder()
    from regc.cli import main
    for _, module, _ in FAMILIES:
        __import__(module)
    rec.spy_families()
    sys.argv = ["regc", *argv]  # as the process entry point runs it (its collector tuning, the regex store)
    with contextlib.redirect_stdout(sys.stderr):
        main()
    ru = resource.getrusage(resource.RUSAGE_SELF)
    total = ru.ru_utime + ru.ru_stime
    rec.on = False
    P.Prefiltered.may_match, P.may_apply = rec.may_match, rec.may_apply
    families = {}
    for name, (inner, log) in rec.calls.items():
        todo = _distinct(log)
        cpu = _best_of(repeats, lambda: [inner(*a, **k) for a, k in todo])
        families[name] = {"calls": len(log), "distinct": len(todo), "cpu": cpu}
    by_module: dict[str, list] = defaultdict(lambda: [0, 0, []])
    for w, text, answer in rec.checks:
        row = by_module[rec.owner.get(id(w), "?")]
        row[0] += 1
        row[1] += answer
        if not answer:
            row[2].append((w, text))
    checks = {}
    for module, (n, passed, no) in sorted(by_module.items(), key=lambda kv: -kv[1][0]):
        cpu = _best_of(repeats, lambda: [w._search(t) for w, t in no])
        checks[module] = {"checks": n, "passed": passed, "no_cpu": cpu}
    gates = rec.gates
    gate_cpu = _best_of(repeats, lambda: [P.may_apply(g, t) for g, t in gates])
    return {"process_cpu": total, "families": families, "checks": checks,
            "gates": {"checks": len(gates), "cpu": gate_cpu}}


def render(r: dict) -> str:
    """The two tables as text."""
    total = r["process_cpu"]
    out = [f"process CPU {total:.3f} s", "family: calls, distinct inputs, cold replay CPU (share of the process)"]
    for name, f in r["families"].items():
        out.append(f"  {name:20s} {f['calls']:7d} {f['distinct']:7d} {f['cpu']:8.3f} s  {share(f['cpu'], total)}")
    out.append("prefilter checks by module: checks, passed, CPU of the checks that said no (share)")
    no = 0.0
    for module, c in r["checks"].items():
        no += c["no_cpu"]
        out.append(f"  {module:45s} {c['checks']:7d} {c['passed']:7d} {c['no_cpu']:8.4f} s  {share(c['no_cpu'], total)}")
    out.append(f"  {'all modules':45s} {sum(c['checks'] for c in r['checks'].values()):7d} "
               f"{sum(c['passed'] for c in r['checks'].values()):7d} {no:8.4f} s  {share(no, total)}")
    g = r["gates"]
    out.append(f"citation rule gates (may_apply): {g['checks']} checks, {g['cpu']:.4f} s  {share(g['cpu'], total)}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.rule_families", description=__doc__.split("\n")[0])
    ap.add_argument("source")
    ap.add_argument("--only", action="append", default=[], help="compile only this activity (repeatable)")
    ap.add_argument("--json", action="store_true", help="the figures as JSON")
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    with tempfile.TemporaryDirectory(prefix="regc-families-") as out:
        extra = [x for o in args.only for x in ("--only", o)]
        r = measure(["compile", args.source, *extra, "-o", f"{out}/build", "--no-cache", "-q"])
    print(json.dumps(r, indent=1) if args.json else render(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
