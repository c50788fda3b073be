"""`regc index DIR`: what gets indexed (every act at any depth, --cited-by), what is never replaced (folders
without the regc marker, symlinks, another corpus's index), and a quiet JVM that leaves no temp files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from regc.cli import main
from regc.retrieval.index import MARKER
from retrieval_helpers import bm25_index, corpus

pytestmark = pytest.mark.retrieval
SMALL = ["32020R0852", "32021R0447"]  # 90 + 6 chunks


def _works() -> Path:
    return corpus() / "eurlex-lex-corpus" / "works"


def _nested_corpus(tmp: Path) -> Path:
    """A folder with acts at three depths (symlinks to the shared corpus's act folders)."""
    root = tmp / "mine"
    (root / "works").mkdir(parents=True)
    (root / "a" / "b").mkdir(parents=True)
    (root / "works" / "32020r0852").symlink_to(_works() / "32020r0852")
    (root / "works" / "32019r2088").symlink_to(_works() / "32019r2088")
    (root / "a" / "b" / "32021r0447").symlink_to(_works() / "32021r0447")
    (root / "a" / "32021r1119").symlink_to(_works() / "32021r1119")
    (root / "a" / "notes.pdf").write_bytes(b"%PDF-1.4")
    (root / "a" / "32099l0001").mkdir()
    (root / "a" / "32099l0001" / "2020-01-01").mkdir()  # a CELEX folder with no parseable version
    return root


def test_index_takes_every_act_at_any_depth_and_says_what_it_skipped(tmp_path, capsys):
    root = _nested_corpus(tmp_path)
    assert main(["index", str(root), "-o", str(tmp_path / "ix"), "--no-dense"]) == 0
    out = capsys.readouterr().out
    assert "indexed: 32019R2088, 32020R0852, 32021R0447, 32021R1119" in out and "indexed 4 acts" in out
    assert "32099l0001: no parseable version" in out and "notes.pdf: a PDF: indexed only when given with --pdf" in out
    assert "citation graph" in out and "nodes" in out and "edges" in out
    m = json.loads((tmp_path / "ix" / "manifest.json").read_text())
    assert m["versions"]["32020R0852"] == ["2020-06-18"] and m["graph"]["edges"] > 0


def test_cited_by_keeps_the_selective_mode(tmp_path, capsys):
    root = _nested_corpus(tmp_path)
    assert main(["index", str(root), "-o", str(tmp_path / "ix"), "--no-dense", "--cited-by", "32020R0852"]) == 0
    out = capsys.readouterr().out
    indexed = next(x for x in out.splitlines() if x.startswith("indexed:"))
    assert indexed == "indexed: 32019R2088"  # cited by the Taxonomy Regulation; not the citing act itself
    assert "32021r0447: not in the selected scope" in out
    assert main(["index", str(root), "-o", str(tmp_path / "ix2"), "--no-dense", "--cited-by", "32021R0447"]) == 2
    assert "none of the acts cited by 32021R0447" in capsys.readouterr().err


def test_a_folder_with_a_manifest_is_not_an_index(tmp_path, capsys):
    web = tmp_path / "webapp"
    web.mkdir()
    (web / "manifest.json").write_text('{"name": "my app"}')
    (web / "index.html").write_text("<html></html>")
    (web / "app.js").write_text("1")
    assert main(["index", str(corpus()), "--acts", *SMALL, "-o", str(web), "--no-dense"]) == 2
    err = capsys.readouterr().err
    assert "not a regc index" in err and MARKER in err and err.count("\n") == 1
    assert sorted(p.name for p in web.iterdir()) == ["app.js", "index.html", "manifest.json"]


def test_output_symlink_is_kept(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    for _ in range(2):  # a first build into the empty target, then a rebuild over the index there
        assert main(["index", str(corpus()), "--acts", *SMALL, "-o", str(link), "--no-dense", "--force"]) == 0
        assert link.is_symlink() and os.readlink(link) == str(real)
        assert (real / MARKER).is_file() and (real / "manifest.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


def test_indexing_another_corpus_into_an_index_is_refused(tmp_path, capsys):
    ix = tmp_path / "ix"
    assert main(["index", str(corpus()), "--acts", *SMALL, "-o", str(ix), "--no-dense"]) == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "32021r0447").symlink_to(_works() / "32021r0447")
    capsys.readouterr()
    assert main(["index", str(other), "-o", str(ix), "--no-dense"]) == 2
    err = capsys.readouterr().err
    assert f"holds the index of {corpus().resolve()}" in err and "--force" in err
    assert json.loads((ix / "manifest.json").read_text())["corpus"] == str(corpus().resolve())
    assert main(["index", str(other), "-o", str(ix), "--no-dense", "--force"]) == 0
    assert json.loads((ix / "manifest.json").read_text())["corpus"] == str(other.resolve())


_PROBE = r"""
import glob, os, sys, tempfile
from regc.retrieval.search import Searcher
s = Searcher.open(sys.argv[1])
s.bm25("biofuels sustainability", 3)
perf = glob.glob(os.path.join(tempfile.gettempdir(), "hsperfdata_*", str(os.getpid())))
print("PERF", perf)
print("INDUCTOR", os.environ.get("TORCHINDUCTOR_CACHE_DIR", ""))
"""


def test_search_prints_no_jvm_warning_and_leaves_no_temp_files(tmp_path):
    env = dict(os.environ, REGC_CACHE=str(tmp_path / "cache"))
    env.pop("TORCHINDUCTOR_CACHE_DIR", None)  # set by this process's own searches
    p = subprocess.run([sys.executable, "-c", _PROBE, str(bm25_index())], capture_output=True, text=True,
                       env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "WARNING" not in p.stderr and "incubator" not in p.stderr
    assert "PERF []" in p.stdout  # no hsperfdata file for this JVM
    assert f"INDUCTOR {tmp_path / 'cache' / 'torchinductor'}" in p.stdout  # torch compiler caches under regc's cache
    p = subprocess.run([sys.executable, "-m", "regc", "search", str(bm25_index()), "biofuels", "--mode", "bm25"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0 and p.stderr == ""


def test_queries_are_encoded_on_one_torch_thread(monkeypatch):
    import torch

    import regc.retrieval.index as ix
    import regc.retrieval.query_encoder as qe

    monkeypatch.setenv("REGC_ONNX", "0")  # the PyTorch path (the ONNX one is checked below)
    monkeypatch.setattr(qe, "_STATE", {})
    seen = []
    monkeypatch.setattr(ix, "encode", lambda texts: seen.append(torch.get_num_threads()) or texts)
    before = torch.get_num_threads()
    ix.encode_query("biofuels")
    assert seen == [1] and torch.get_num_threads() == before


def test_onnx_query_vectors_equal_the_pytorch_ones(monkeypatch):
    import numpy as np

    import regc.retrieval.index as ix
    import regc.retrieval.query_encoder as qe

    texts = ["biofuels", "Do we have to report CapEx for activities that are only taxonomy-eligible, and how?"]
    monkeypatch.setattr(qe, "_STATE", {})
    fast = qe.encode_onnx(texts)
    if fast is None:
        pytest.skip("onnx / onnxruntime not installed: queries are encoded with PyTorch")
    slow = ix.encode(texts)
    assert fast.shape == slow.shape and fast.dtype == np.float32
    assert float((fast * slow).sum(1).min()) > 0.99999
    assert np.array_equal(ix.encode_query(texts), fast)
    monkeypatch.setenv("REGC_ONNX", "0")
    monkeypatch.setattr(qe, "_STATE", {})
    assert qe.encode_onnx(texts) is None


def test_onnx_query_vectors_do_not_depend_on_the_sessions_thread_count(monkeypatch):
    import numpy as np

    import regc.retrieval.query_encoder as qe

    texts = ["biofuels", "Do we have to report CapEx for activities that are only taxonomy-eligible, and how?",
             "Must a dentist encrypt the x-rays she emails to a specialist who treats the same patient? " * 4]
    got = {}
    for threads in ("1", "2"):
        monkeypatch.setenv("REGC_ONNX_THREADS", threads)
        monkeypatch.setattr(qe, "_STATE", {})
        got[threads] = qe.encode_onnx(texts)
        if got[threads] is None:
            pytest.skip("onnx / onnxruntime not installed: queries are encoded with PyTorch")
        assert qe._STATE["session"][0].get_session_options().intra_op_num_threads == int(threads)
    assert np.array_equal(got["1"], got["2"])


@pytest.mark.parametrize("raw", ["two", "0", "-1", "1.5", ""])
def test_an_unusable_thread_setting_is_an_input_error_not_a_silent_fallback(monkeypatch, raw):
    import regc.retrieval.query_encoder as qe
    from regc.errors import InputError

    monkeypatch.setenv(qe.THREADS_VAR, raw)
    monkeypatch.setattr(qe, "_STATE", {})
    with pytest.raises(InputError, match=f"{qe.THREADS_VAR}={raw!r}"):
        qe.encode_onnx(["biofuels"])
    assert qe.session_threads({qe.THREADS_VAR: " 3 "}) == 3 and qe.session_threads({}) == qe.THREADS


def test_regc_search_names_an_unusable_thread_setting_in_one_line_and_exits_2():
    from tests.retrieval_helpers import dense_index

    env = dict(os.environ, REGC_ONNX_THREADS="many")
    p = subprocess.run([sys.executable, "-m", "regc", "search", str(dense_index()), "biofuels"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().splitlines() == ["regc: error: REGC_ONNX_THREADS='many': not a whole number of threads >= 1"]
