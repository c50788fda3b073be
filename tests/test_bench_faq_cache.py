"""The retrieval benchmark's index cache (bench/faq_cache.py): a changed corpus file, chunk, model name, model
file or regc version gives another key (a rebuild); the same inputs reuse the folder without building."""

from __future__ import annotations

import json

import pytest

from bench.faq_cache import INFO, cached_index, key_of, key_parts, model_fingerprint


@pytest.fixture
def inputs(tmp_path):
    corpus = tmp_path / "faq.md"
    corpus.write_text("### What is eligible?\nActivities in the delegated acts.\n", "utf-8")
    queries = tmp_path / "queries.jsonl"
    queries.write_text('{"question": "eligible?", "expected_chunk_ids": ["faq-0001"]}\n', "utf-8")
    model = tmp_path / "model"
    (model / "1_Pooling").mkdir(parents=True)
    (model / "config.json").write_text('{"hidden_size": 384}', "utf-8")
    (model / "1_Pooling" / "config.json").write_text('{"pooling_mode_mean_tokens": true}', "utf-8")
    chunks = [{"chunk_id": "faq-0001", "text": "Activities in the delegated acts.", "heading": "What is eligible?"}]
    return {"files": [corpus, queries], "chunks": chunks, "model": model, "root": tmp_path / "cache"}


def _parts(inp, **kw):
    kw.setdefault("model_dir", inp["model"])
    kw.setdefault("model_name", "all-MiniLM-L6-v2")
    kw.setdefault("regc_version", "0.1.0")
    return key_parts(inp["files"], inp.get("chunks_override", inp["chunks"]), **kw)


def test_same_inputs_same_key(inputs):
    assert key_of(_parts(inputs)) == key_of(_parts(inputs))


@pytest.mark.parametrize("change", ["corpus", "queries", "chunk", "model_name", "model_file", "regc"])
def test_each_input_changes_the_key(inputs, change):
    before = key_of(_parts(inputs))
    kw = {}
    if change == "corpus":
        inputs["files"][0].write_text("### What is eligible?\nActivities listed in Annex I.\n", "utf-8")
    elif change == "queries":
        with open(inputs["files"][1], "a", encoding="utf-8") as f:
            f.write('{"question": "aligned?", "expected_chunk_ids": ["faq-0002"]}\n')
    elif change == "chunk":
        inputs["chunks_override"] = [dict(inputs["chunks"][0], heading="What is aligned?")]
    elif change == "model_name":
        kw["model_name"] = "all-mpnet-base-v2"
    elif change == "model_file":
        (inputs["model"] / "1_Pooling" / "config.json").write_text('{"pooling_mode_cls_token": true}', "utf-8")
    elif change == "regc":
        kw["regc_version"] = "0.2.0"
    assert key_of(_parts(inputs, **kw)) != before


def test_model_fingerprint_ignores_mtime_not_content(inputs):
    import os

    before = model_fingerprint(inputs["model"])
    cfg = inputs["model"] / "config.json"
    os.utime(cfg, (1, 1))  # a reinstall: new mtimes, same files
    assert model_fingerprint(inputs["model"]) == before
    cfg.write_text('{"hidden_size": 768}', "utf-8")  # same size, other content
    assert model_fingerprint(inputs["model"]) != before


def _builder(calls: list):
    def build(folder):
        calls.append(folder)
        (folder / "index").mkdir()
        (folder / "index" / "marker").write_text(str(len(calls)), "utf-8")
        return {"chunks": 1, "chunks_encoded": 1}
    return build


def test_reused_until_the_corpus_changes(inputs):
    calls: list = []
    said: list = []
    first = cached_index("faq", _parts(inputs), _builder(calls), root=inputs["root"], say=said.append)
    assert not first.reused and len(calls) == 1 and said and "first run" in said[0]
    again = cached_index("faq", _parts(inputs), _builder(calls), root=inputs["root"], say=said.append)
    assert again.reused and len(calls) == 1 and len(said) == 1 and again.folder == first.folder
    assert again.info["chunks_encoded"] == 1 and (again.index / "marker").read_text("utf-8") == "1"
    inputs["files"][0].write_text("### What is eligible?\nActivities listed in Annex I.\n", "utf-8")
    changed = cached_index("faq", _parts(inputs), _builder(calls), root=inputs["root"], say=said.append)
    assert not changed.reused and len(calls) == 2 and changed.folder != first.folder
    assert json.loads((changed.folder / INFO).read_text("utf-8"))["key"] == _parts(inputs)


def test_model_name_change_rebuilds(inputs):
    calls: list = []
    cached_index("faq", _parts(inputs), _builder(calls), root=inputs["root"], say=lambda m: None)
    other = cached_index("faq", _parts(inputs, model_name="all-mpnet-base-v2"), _builder(calls),
                         root=inputs["root"], say=lambda m: None)
    assert not other.reused and len(calls) == 2


def test_incomplete_or_foreign_folder_is_rebuilt(inputs):
    calls: list = []
    first = cached_index("faq", _parts(inputs), _builder(calls), root=inputs["root"], say=lambda m: None)
    (first.folder / INFO).write_text("{not json", "utf-8")  # an interrupted or damaged folder
    again = cached_index("faq", _parts(inputs), _builder(calls), root=inputs["root"], say=lambda m: None)
    assert not again.reused and len(calls) == 2


def test_failed_build_leaves_no_folder(inputs):
    def broken(folder):
        (folder / "half").write_text("x", "utf-8")
        raise RuntimeError("encoder failed")

    with pytest.raises(RuntimeError):
        cached_index("faq", _parts(inputs), broken, root=inputs["root"], say=lambda m: None)
    assert not any(inputs["root"].iterdir())


def test_latency_rows_judge_the_target_on_the_median():
    from bench.search_latency import pct, rows

    parts = {k: [1.0] * 5 for k in ("encode", "bm25", "dense", "fusion", "hits+json")}
    parts.update({k + "_cpu": [1.0] * 5 for k in list(parts)})
    base = {"rrm": [1.0] * 5, "search_cpu": [9.0] * 5, "torch1": [10.0], "torch2": [40.0], **parts}
    fast = dict(base, search=[10.0, 12.0, 29.0, 80.0, 90.0])  # p50 29: met although p95 is 90
    slow = dict(base, search=[10.0, 12.0, 31.0, 32.0, 33.0])
    assert pct(fast["search"], 50) == 29.0 and pct(fast["search"], 95) == 90.0
    assert "; met)" in rows(fast)[0][1] and "not met" in rows(slow)[0][1]
    assert "(4.00x" in rows(fast)[-1][1]


def test_a_concurrent_build_of_the_same_key_keeps_the_finished_folder(inputs, monkeypatch):
    import shutil

    import bench.faq_cache as fc

    parts = _parts(inputs)
    final = inputs["root"] / f"faq-{key_of(parts)}"
    real = shutil.rmtree

    def rmtree_then_other_run_lands(path, *a, **kw):  # another process renames its build into place right after
        real(path, *a, **kw)
        if path == final:
            final.mkdir()
            (final / INFO).write_text(json.dumps({"key": parts}), "utf-8")

    monkeypatch.setattr(fc.shutil, "rmtree", rmtree_then_other_run_lands)
    got = cached_index("faq", parts, _builder([]), root=inputs["root"], say=lambda m: None)
    assert got.folder == final and (final / INFO).is_file()
    assert [p.name for p in inputs["root"].iterdir()] == [final.name]  # our temporary folder is gone
