"""The on-disk cache of `regc compile`, `--strict`, progress output, and workers that die with their parent."""

from __future__ import annotations

import io
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from regc.cli import main
from regc.compiler.cache import DB_FILE, DiskVerdictStore
from regc.ir.models import Diagnostic

ONE = ["--only", "CCM-4.29"]


@pytest.fixture(scope="module")
def climate_xhtml(eurlex) -> Path:
    return eurlex / "32021r2139" / "2026-01-01" / "en.xml"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _compile(src, out, cache, *extra) -> tuple[int, str, str]:
    env = {**os.environ, "REGC_CACHE_DIR": str(cache)}
    p = subprocess.run([sys.executable, "-m", "regc", "compile", str(src), "-o", str(out), *ONE, *extra],
                       capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def test_warm_cache_gives_the_same_bytes_and_no_cache_touches_nothing(climate_xhtml, tmp_path):
    cache = tmp_path / "cache"
    rc, out1, _ = _compile(climate_xhtml, tmp_path / "cold", cache)
    assert rc == 0 and "cache 0 hit(s)" in out1
    rc, out2, _ = _compile(climate_xhtml, tmp_path / "warm", cache)
    assert rc == 0 and "the whole build from the cache" in out2  # same sources, options and code
    assert out2.splitlines()[0].split(" in ")[0] == out1.splitlines()[0].split(" in ")[0]  # the same counts
    assert _files(tmp_path / "cold") == _files(tmp_path / "warm")
    rc, out3, _ = _compile(climate_xhtml, tmp_path / "off", tmp_path / "other", "--no-cache")
    assert rc == 0 and "cache off" in out3 and not (tmp_path / "other").exists()
    assert _files(tmp_path / "off") == _files(tmp_path / "cold")


def test_another_build_of_the_same_source_reuses_the_document_and_the_activity(climate_xhtml, tmp_path):
    cache = tmp_path / "cache"
    _compile(climate_xhtml, tmp_path / "cold", cache)
    rc, out, _ = _compile(climate_xhtml, tmp_path / "prov", cache, "--with-provenance")  # another build key
    assert rc == 0 and "2 hit(s), 1 miss(es)" in out  # the document and the activity hit; the whole build missed
    _compile(climate_xhtml, tmp_path / "ref", tmp_path / "fresh", "--with-provenance", "--no-cache")
    assert _files(tmp_path / "prov") == _files(tmp_path / "ref")


_READ_BACK = """
import sys
from regc.cli import main
rc = main(sys.argv[1:])
print(rc, sorted(m for m in ("regc.passes", "regc.decisions", "pydantic", "lxml") if m in sys.modules))
"""


def test_a_build_read_back_whole_imports_no_pass_and_no_model(climate_xhtml, tmp_path):
    cache = tmp_path / "cache"
    _compile(climate_xhtml, tmp_path / "cold", cache, "-q")
    env = {**os.environ, "REGC_CACHE_DIR": str(cache)}
    p = subprocess.run([sys.executable, "-c", _READ_BACK, "compile", str(climate_xhtml), "-o",
                        str(tmp_path / "warm"), *ONE, "-q"], capture_output=True, text=True, env=env)
    assert p.stdout.splitlines()[-1] == "0 []", p.stderr
    assert _files(tmp_path / "cold") == _files(tmp_path / "warm")


def test_a_corrupt_cache_file_is_ignored_not_fatal(climate_xhtml, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / DB_FILE).write_bytes(b"this is not a database" * 100)
    rc, out, err = _compile(climate_xhtml, tmp_path / "b", cache)
    assert rc == 0 and "cache" in err and "not used" in err and len(err.strip().splitlines()) == 1
    rc, _, _ = _compile(climate_xhtml, tmp_path / "ref", tmp_path / "fresh")
    assert _files(tmp_path / "b") == _files(tmp_path / "ref")


def test_a_corrupt_entry_is_a_miss_and_is_dropped(tmp_path):
    store = DiskVerdictStore(tmp_path, fingerprint="t")
    store.put("k", {"v": 1})
    store.flush()
    db = sqlite3.connect(tmp_path / DB_FILE)
    with db:
        db.execute("UPDATE verdicts SET value = ?", (b"\x80\x05garbage",))
    fresh = DiskVerdictStore(tmp_path, fingerprint="t")
    assert fresh.get("k") is None and fresh.misses == 1
    assert db.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0] == 0


def _writer(folder: str, who: int) -> None:
    store = DiskVerdictStore(folder, fingerprint="t")
    for i in range(200):
        store.put(f"{who}/{i}", (who, i))
        if i % 20 == 19:
            store.flush()
    store.close()


def test_two_processes_write_at_once(tmp_path):
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), w)) for w in (1, 2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    store = DiskVerdictStore(tmp_path, fingerprint="t")
    assert all(store.get(f"{w}/{i}") == (w, i) for w in (1, 2) for i in range(200))


def test_strict_exits_1_on_error_level_diagnostics(climate_xhtml, tmp_path, monkeypatch, capsys):
    import regc.cli.compile as cc

    real = cc.compile_sources

    def with_an_error(*a, **k):
        acts, diags, recs = real(*a, **k)
        return acts, diags + [Diagnostic(severity="error", code="X", message="m")], recs

    monkeypatch.setattr(cc, "compile_sources", with_an_error)
    monkeypatch.setenv("REGC_CACHE_DIR", str(tmp_path / "cache"))  # no earlier build of the same source is served
    assert main(["compile", str(climate_xhtml), "-o", str(tmp_path / "a"), *ONE, "-q"]) == 0
    assert main(["compile", str(climate_xhtml), "-o", str(tmp_path / "b"), *ONE, "-q", "--strict"]) == 1
    assert "1 error-level diagnostic(s) (--strict)" in capsys.readouterr().err
    assert (tmp_path / "b" / "diagnostics.jsonl").exists()  # the build is still written


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_not_with_quiet(climate_xhtml, tmp_path, monkeypatch):
    for quiet, expect in ((False, True), (True, False)):
        err = _Terminal()
        monkeypatch.setattr(sys, "stderr", err)
        args = ["compile", str(climate_xhtml), "-o", str(tmp_path / f"b{quiet}"), *ONE, "--no-cache"]
        assert main(args + (["-q"] if quiet else [])) == 0
        assert ("compile" in err.getvalue() and "activity" in err.getvalue()) == expect


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc (Linux)")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_workers_die_with_the_parent(climate_xhtml, tmp_path, sig):
    env = {**os.environ, "REGC_CACHE_DIR": str(tmp_path / "cache")}
    parent = subprocess.Popen([sys.executable, "-m", "regc", "compile", str(climate_xhtml), "-o",
                               str(tmp_path / "b"), "--jobs", "2", "-q", "--no-cache"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 120
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline and parent.poll() is None:
        time.sleep(0.2)
        workers = _children(parent.pid)
    assert len(workers) == 2, "the workers never started"
    time.sleep(1.0)  # let them pick up tasks
    parent.send_signal(sig)
    rc = parent.wait(30)
    assert rc == (143 if sig == signal.SIGTERM else -signal.SIGKILL)
    deadline = time.monotonic() + 20
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(w) for w in workers)
    assert not (tmp_path / "b").exists()  # nothing half-written


def test_entries_of_old_code_versions_are_pruned(tmp_path):
    for n in range(5):
        store = DiskVerdictStore(tmp_path, fingerprint=f"v{n}")
        store.put("k", n)
        store.close()
        time.sleep(0.01)
    assert [DiskVerdictStore(tmp_path, fingerprint=f"v{n}").get("k") for n in (4, 3, 2)] == [4, 3, 2]
    db = sqlite3.connect(tmp_path / DB_FILE)
    assert sorted(r[0] for r in db.execute("SELECT fingerprint FROM verdicts")) == ["v2", "v3", "v4"]


@pytest.mark.parametrize("rel, wanted", [("32021r2139/2026-01-01/en.xml", ["CCM-4.29", "CCA-3.1"]),
                                         ("32023r2486/2026-01-01/en.fmx4", None)])
def test_only_reads_the_asked_activities_and_reads_them_the_same(eurlex, rel, wanted):
    from regc.frontends import load_source

    full = load_source(eurlex / rel)
    wanted = wanted or [full.activities[1].activity_id, full.activities[-1].activity_id]
    part = load_source(eurlex / rel, only=wanted)
    assert [a.activity_id for a in part.activities] == [a.activity_id for a in full.activities
                                                        if a.activity_id in wanted]
    for a in part.activities:
        assert a == full.activity(a.activity_id)
    assert part.model_copy(update={"activities": []}) == full.model_copy(update={"activities": []})
