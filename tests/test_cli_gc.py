"""The collector tuning of a one-shot ``regc`` process (:func:`regc.cli._tune_gc`) is for the process entry only:
in-process callers (tests, notebooks) keep their own collector settings."""

from __future__ import annotations

import gc
import sys

from regc.cli import main


def test_in_process_main_leaves_the_collector_alone(capsys):
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    assert main([]) == 2  # no command: the help, exit 2
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def test_the_process_entry_tunes_the_collector_and_freezes_before_exit(monkeypatch, capsys):
    before = gc.get_threshold()
    monkeypatch.setattr(sys, "argv", ["regc"])
    try:
        assert main() == 2
        assert gc.get_threshold() == (20_000, 10, 100)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
