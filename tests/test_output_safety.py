"""Outputs never destroy user data: `-o` replaces only what regc marked as its own build (never a folder of
user JSON, never through a symlink), and `eval -o` refuses to write its report onto its input.

Build: CCM-4.29 of 2021/2139 (2026-01-01), compiled once per module (:mod:`ccm429_build`)."""

from __future__ import annotations

import json
import os

from regc.cli import main

from ccm429_build import FACTS, build, src, write  # noqa: F401 - fixtures


def test_compile_refuses_a_folder_of_user_json(tmp_path, src, capsys):
    mydata = tmp_path / "mydata"
    mydata.mkdir()
    write(mydata / "customers.json", '{"c":1}')
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(mydata), "-q"]) == 2
    assert (mydata / "customers.json").read_text() == '{"c":1}'
    assert "not a regc build folder" in capsys.readouterr().err


def test_compile_marks_its_builds_and_replaces_only_those(tmp_path, src):
    out = tmp_path / "b"
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(out), "-q"]) == 0
    assert (out / ".regc-build").is_file()
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(out), "-q"]) == 0  # a marked build: replaced


def test_compile_into_a_symlink_keeps_the_link(tmp_path, src):
    target = tmp_path / "real"
    target.mkdir()
    link = tmp_path / "link"
    link.symlink_to(target, target_is_directory=True)
    for _ in range(2):  # first into the empty target, then replacing the marked build behind the link
        assert main(["compile", src, "--only", "CCM-4.29", "-o", str(link), "-q"]) == 0
        assert link.is_symlink() and os.readlink(link) == str(target)
        assert (target / "CCM-4.29.json").is_file()


def test_eval_output_onto_its_input_is_refused(build, tmp_path, capsys):
    facts = write(tmp_path / "f.json", json.dumps({"activities": {"CCM-4.29": FACTS}}))
    before = facts.read_text()
    for fmt in ("json", "html"):
        assert main(["eval", str(build), str(facts), "--format", fmt, "-o", str(facts)]) == 2
        assert facts.read_text() == before
    assert "overwrite the input" in capsys.readouterr().err
