"""`--lm` with a bad endpoint (issue 13): fail fast with one clear line, never a hang or a traceback; no silent
public host; a run that falls back to the rules says so on stderr, even with ``-q``.  Local ports only."""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from llm_double import OpenAIDouble  # noqa: E402

from regc.cli import main  # noqa: E402


def _free_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Silent:
    """A server that accepts connections and never answers."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.held: list[socket.socket] = []
        self._t = threading.Thread(target=self._accept, daemon=True)

    def _accept(self):
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(c)

    def __enter__(self):
        self._t.start()
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}/v1"

    def __exit__(self, *exc):
        for c in self.held:
            c.close()
        self.sock.close()


@pytest.fixture(scope="module")
def source(eurlex):
    return str(eurlex / "32021r2139" / "2026-01-01" / "en.xml")


def _one_line(err: str) -> str:
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_compile_on_a_refused_port_fails_fast_with_one_line(tmp_path, source, capsys):
    base = f"http://127.0.0.1:{_free_port()}/v1"
    t0 = time.perf_counter()
    rc = main(["compile", source, "--only", "CCM-4.29", "-o", str(tmp_path / "b"), "--lm", "openai/x",
               "--api-base", base, "-q"])
    assert rc == 2 and time.perf_counter() - t0 < 15
    line = _one_line(capsys.readouterr().err)
    assert "connection refused" in line and base in line
    assert not (tmp_path / "b").exists()


def test_compile_on_an_endpoint_that_never_answers_fails_fast(tmp_path, source, capsys):
    with _Silent() as base:
        t0 = time.perf_counter()
        rc = main(["compile", source, "--only", "CCM-4.29", "-o", str(tmp_path / "b"), "--lm", "openai/x",
                   "--api-base", base, "--lm-timeout", "1"])
        took = time.perf_counter() - t0
    assert rc == 2 and took < 15
    assert "no answer within 1 s" in _one_line(capsys.readouterr().err)


def test_optimize_bootstrap_on_a_refused_port_is_one_line(tmp_path, gold_dir, capsys):
    rc = main(["optimize", "--gold", str(gold_dir), "--decision", "applicability", "--optimizer", "bootstrap",
               "--lm", "openai/x", "--api-base", f"http://127.0.0.1:{_free_port()}/v1", "-o",
               str(tmp_path / "p.json")])
    assert rc == 2
    assert "connection refused" in _one_line(capsys.readouterr().err)
    assert not (tmp_path / "p.json").exists()


@pytest.mark.parametrize("cmd", ["optimize", "compile"])
def test_no_public_host_without_api_base(tmp_path, gold_dir, source, capsys, cmd):
    args = ["optimize", "--gold", str(gold_dir), "--decision", "tags", "--optimizer", "bootstrap", "-o",
            str(tmp_path / "p.json")] if cmd == "optimize" else ["compile", source, "--only", "CCM-4.29", "-o",
                                                                  str(tmp_path / "b")]
    t0 = time.perf_counter()
    assert main([*args, "--lm", "openai/gpt-x"]) == 2 and time.perf_counter() - t0 < 10
    assert "needs --api-base" in _one_line(capsys.readouterr().err)


def test_a_run_that_falls_back_to_rules_says_so_even_when_quiet(tmp_path, source, capsys):
    with OpenAIDouble(lambda system, user: None, ttl_s=60) as srv:  # every request: HTTP 500
        rc = main(["compile", source, "--only", "CCM-4.29", "-o", str(tmp_path / "b"), "--lm", "openai/x",
                   "--api-base", srv.base_url, "--lm-retries", "0", "--lm-cache", "off", "-q"])
    assert rc == 0 and (tmp_path / "b" / "CCM-4.29.json").exists()  # a rules-only build, said so:
    err = capsys.readouterr().err
    assert "the model was unavailable" in err and "the rules decided instead" in err
    assert len(srv.requests) <= 3  # the breaker stopped asking


def _exit_code(argv) -> int:
    try:
        return main(argv)
    except SystemExit as e:  # argparse rejects a bad choice with exit 2
        return int(e.code)


def test_optimize_choices_come_from_the_decision_units(tmp_path, gold_dir, capsys):
    out = str(tmp_path / "p.json")
    assert _exit_code(["optimize", "--gold", str(gold_dir), "--decision", "category", "-o", out]) == 2
    assert "has no model path (llm = False" in capsys.readouterr().err
    assert _exit_code(["optimize", "--gold", str(gold_dir), "--decision", "nope", "-o", out]) == 2
    assert "choose from pathways, anchor_type, thresholds" in capsys.readouterr().err
