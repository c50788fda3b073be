"""`regc check` gives one report whatever ``--jobs`` and whenever Python collects garbage: Z3's answers (the
witness profiles) depend on the terms its context saw before, so files are checked in fixed groups, one context
each, and nothing the checks make is freed at a time the garbage collector chooses."""

from __future__ import annotations

import gc

from regc.cli import check_build as check


def _report(reps) -> list:
    return [(r.activity_id, r.findings, [(u["unit_id"], u["satisfiable"], u["witness"]) for u in r.unit_results])
            for r in reps]


def test_report_is_the_same_with_two_workers(gold_dir, monkeypatch):
    monkeypatch.setattr(check, "GROUP", 3)  # 12 gold activities: 4 groups over 2 workers
    one = _report(check.check_path(gold_dir))
    assert len(one) >= 12 and any(w for _a, _f, us in one for _u, _s, w in us)
    assert _report(check.check_path(gold_dir, jobs=2)) == one


def test_report_does_not_depend_on_garbage_collection(gold_dir, monkeypatch):
    monkeypatch.setattr(check, "GROUP", 4)
    old = gc.get_threshold()
    try:
        gc.disable()
        lazy = _report(check.check_path(gold_dir))
        gc.enable()
        gc.set_threshold(1)  # collect at nearly every allocation
        eager = _report(check.check_path(gold_dir))
    finally:
        gc.enable()
        gc.set_threshold(*old)
    assert eager == lazy
