"""`regc compile`: build folder contents, determinism, --jobs, --celex, bad input (exit 2, nothing written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regc.cli import main
from regc.compiler.build import write_build
from regc.ir.models import Diagnostic, load_activity

ONLY = ["--only", "CCM-4.29", "--only", "CCM-7.1", "--only", "CCM-8.1"]


@pytest.fixture(scope="module")
def climate_xhtml(eurlex) -> Path:
    return eurlex / "32021r2139" / "2026-01-01" / "en.xml"


@pytest.fixture(scope="module")
def env_formex(eurlex) -> Path:
    return eurlex / "32023r2486" / "2026-01-01" / "en.fmx4"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def build(tmp_path_factory, climate_xhtml):
    out = tmp_path_factory.mktemp("b") / "build"
    assert main(["compile", str(climate_xhtml), "-o", str(out), *ONLY]) == 0
    return out


def test_build_folder_contents(build, capsys):
    names = sorted(p.name for p in build.iterdir())
    assert names == [".regc-build", "CCM-4.29.json", "CCM-7.1.json", "CCM-8.1.json", "diagnostics.jsonl"]
    act = load_activity(build / "CCM-4.29.json")
    assert act.activity_id == "CCM-4.29" and act.source.celex == "32021R2139"
    sc = act.unit("SC")
    assert sc is not None and sc.root.find("1(b).Verification") is not None
    assert "_provenance" not in (build / "CCM-4.29.json").read_text()
    for line in (build / "diagnostics.jsonl").read_text().splitlines():
        Diagnostic.model_validate(json.loads(line))
    assert not any(p.name.startswith(".") for p in build.parent.iterdir()), "temporary folders left behind"


def test_summary_and_deterministic_rebuild(build, climate_xhtml, tmp_path, capsys):
    out = tmp_path / "again"
    assert main(["compile", str(climate_xhtml), "-o", str(out), *ONLY, "--no-cache"]) == 0  # recompiled
    printed = capsys.readouterr().out
    assert "3 activities" in printed and "units" in printed and "nodes" in printed and "passes:" in printed
    assert "structure" in printed
    assert _files(out) == _files(build)


def test_replaces_existing_build_and_with_provenance(env_formex, tmp_path):
    out = tmp_path / "b"
    out.mkdir()
    (out / "stale.json").write_text("{}")
    (out / ".regc-build").write_text("an earlier build")  # only a marked build is replaced
    assert main(["compile", str(env_formex), "-o", str(out), "--only", "WTR-2.1", "--with-provenance",
                 "-q"]) == 0
    assert not (out / "stale.json").exists()
    text = (out / "WTR-2.1.json").read_text()
    assert '"_provenance"' in text and '"structure"' in text
    assert load_activity(out / "WTR-2.1.json").unit("SC").root.find("4.Assessment").provenance.kind == "anchored"


@pytest.mark.slow
def test_jobs_output_identical(build, climate_xhtml, tmp_path):
    out = tmp_path / "jobs"
    assert main(["compile", str(climate_xhtml), "-o", str(out), *ONLY, "--jobs", "2", "-q"]) == 0
    assert _files(out) == _files(build)


def test_celex_from_corpus(corpus, tmp_path):
    """--celex finds the act in the corpus (here one held only as a Formex folder)."""
    out = tmp_path / "c"
    assert main(["compile", "--celex", "32023R2486", "--version", "2026-01-01", "--corpus", str(corpus),
                 "--only", "CE-3.4", "-o", str(out), "-q"]) == 0
    assert load_activity(out / "CE-3.4.json").source.format == "formex"


def test_celex_missing_version_exit_2(corpus, tmp_path, capsys):
    out = tmp_path / "none"
    rc = main(["compile", "--celex", "32021R2139", "--version", "1999-01-01", "--corpus", str(corpus),
               "-o", str(out)])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and not out.exists()
    assert len(err.splitlines()) == 1 and "obtain it from" in err and "eur-lex.europa.eu" in err


def test_bad_source_exit_2_nothing_written(tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("just some text, not a regulation\n")
    out = tmp_path / "out"
    assert main(["compile", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(bad) in err
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


def test_bad_input_keeps_previous_build(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "CCM-1.1.json").write_text("previous")
    (out / ".regc-build").write_text("an earlier build")
    assert main(["compile", str(tmp_path / "missing.xml"), "-o", str(out)]) == 2
    assert (out / "CCM-1.1.json").read_text() == "previous"
    assert "missing.xml" in capsys.readouterr().err


def test_unknown_activity_exit_2(env_formex, tmp_path, capsys):
    assert main(["compile", str(env_formex), "-o", str(tmp_path / "o"), "--only", "CE-99.9"]) == 2
    assert "CE-99.9" in capsys.readouterr().err and not (tmp_path / "o").exists()


def test_emit_python(env_formex, tmp_path, capsys):
    out = tmp_path / "e"
    rc = main(["compile", str(env_formex), "-o", str(out), "--only", "CE-3.4", "--emit", "python", "-q"])
    try:
        import regc.runtime.codegen  # noqa: F401
    except ImportError:
        assert rc == 2 and not out.exists()
        assert "--emit python is not available" in capsys.readouterr().err
        return
    assert rc == 0 and (out / "evaluator.py").exists()
    ns: dict = {}
    exec(compile((out / "evaluator.py").read_text(), "evaluator.py", "exec"), ns)
    assert ns["evaluate"]("CE-3.4", {})["verdict"] in ("PASS", "FAIL", "UNKNOWN", "NOT_APPLICABLE")


def test_write_build_failure_leaves_nothing(tmp_path):
    out = tmp_path / "b"

    def boom(folder: Path) -> None:
        (folder / "half.txt").write_text("x")
        raise RuntimeError("emitter failed")

    with pytest.raises(RuntimeError):
        write_build(out, [], [], extra=boom)
    assert list(tmp_path.iterdir()) == []


def test_format_override_mismatch_exit_2(climate_xhtml, tmp_path, capsys):
    out = tmp_path / "o"
    assert main(["compile", str(climate_xhtml), "--format", "formex", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "en.xml" in err and not out.exists()
