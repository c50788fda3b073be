"""`regc ask`'s default order since round 42b (`--by-network`): a fixed route per citation network read from
``memory_networks.json`` -- the HIPAA network answered by ``--memory --rerank``, every other by the default -- and
the route's LOSO column in the harness (`harness/rerank_switch.py`)."""

from __future__ import annotations

import json
import re

import pytest

import harness.rerank_switch as rs
from regc.cli import main
from regc.retrieval import networks as nw
from regc.retrieval.ask import Asker
from regc.retrieval.memory import load_memory
from regc.retrieval.rerank import retrieve_reranked
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

HIPAA_Q = "Do we need to train our staff on security and keep the documentation?"
TAXONOMY_Q = "disclosure of turnover capital expenditure key performance indicators"


def test_the_shipped_route_sends_hipaa_to_the_memory_reranker_and_the_taxonomy_to_the_default():
    chosen = nw.load_networks()
    assert chosen == {"doc:hipaa_combined": "memory-rerank"}  # every network not named: the default
    assert nw.route(("doc:hipaa_combined",), chosen) == "memory-rerank"
    assert nw.route(("32018L2001",), chosen) == "default"
    assert nw.route(("32018L2001", "doc:hipaa_combined"), chosen) == "default"  # two networks: the default
    assert nw.route((), chosen) == "default" and nw.route(("31999X0000",), chosen) == "default"


@pytest.mark.parametrize("text, message", [
    ("not json", "not a networks file"),
    ('{"models": []}', "not a networks file"),
    ('{"networks": {"HIPAA": "default"}}', "unknown network name 'HIPAA'"),
    ('{"networks": {"doc:hipaa_combined": "bm25"}}', "unknown order 'bm25'"),
])
def test_a_bad_networks_file_is_a_typed_error_naming_the_file(tmp_path, text, message):
    p = tmp_path / "networks.json"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(nw.NetworksError, match=message) as e:
        nw.load_networks(p)
    assert str(p) in str(e.value)


def test_each_question_gets_exactly_the_order_its_network_routes_to(monkeypatch):
    s = Searcher.open(ask_index())
    plain, memory = Asker(s), Asker(s, memory=load_memory())
    names = nw.network_names(plain)
    assert len(names) == 2 and "doc:hipaa_combined" in names.values()  # the EU acts' network and HIPAA's
    # this test index has no dense part: the memory cannot read a question, so every question gets the default
    assert not nw.memory_reads(memory)
    assert [h.node for h in nw.retrieve_by_network(plain, memory, HIPAA_Q, 10)[1]] == \
        [h.node for h in retrieve_reranked(plain, HIPAA_Q, 10)[1]]
    monkeypatch.setattr(nw, "memory_reads", lambda asker: True)  # as on an index with its dense part
    for q, expected in ((HIPAA_Q, memory), (TAXONOMY_Q, plain)):
        trace: dict = {}
        retrieve_reranked(plain, q, 10, trace=trace)
        got = nw.retrieve_by_network(plain, memory, q, 10)
        want = retrieve_reranked(expected, q, 10)
        assert [h.node for h in got[1]] == [h.node for h in want[1]]
    # the two orders differ on the HIPAA question, so the route is not the default in disguise
    assert [h.node for h in retrieve_reranked(plain, HIPAA_Q, 10)[1]] != \
        [h.node for h in nw.retrieve_by_network(plain, memory, HIPAA_Q, 10)[1]]


def test_by_network_cli_answers_and_refuses_other_order_flags(capsys, monkeypatch):
    monkeypatch.setattr(nw, "memory_reads", lambda asker: True)  # as on an index with its dense part
    assert main(["ask", str(ask_index()), HIPAA_Q, "--by-network", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    retrieved = {(h["celex"], h["locator"]) for h in out["retrieved"]}
    assert out["rules"] and all((r["celex"], r["locator"]) in retrieved for r in out["rules"])
    routed = out
    assert main(["ask", str(ask_index()), HIPAA_Q, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == routed  # the route is the default
    assert main(["ask", str(ask_index()), HIPAA_Q, "--json", "--no-by-network"]) == 0
    learned = json.loads(capsys.readouterr().out)
    assert learned["retrieved"] != routed["retrieved"]  # --no-by-network: the learned order for every question
    for extra in (["--memory"], ["--rerank"], ["--no-rerank"]):
        assert main(["ask", str(ask_index()), HIPAA_Q, "--by-network", *extra]) == 2
        assert "--by-network" in capsys.readouterr().err


def test_eval_rows_are_one_line_per_question_with_every_system(capsys, tmp_path):
    qa = tmp_path / "qa.jsonl"
    qa.write_text("".join(json.dumps({"id": f"t{i}", "question": q, "gold": ["doc:hipaa_combined#\u00a7 164.308"]}) + "\n"
                          for i, q in enumerate((HIPAA_Q, TAXONOMY_Q))), encoding="utf-8")
    rows_p = tmp_path / "rows.jsonl"
    assert main(["ask", "--eval", str(qa), str(ask_index()), "--eval-rows", str(rows_p)]) == 0
    table = capsys.readouterr().out
    rows = [json.loads(x) for x in rows_p.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["t0", "t1"] and all(r["n_gold"] == 1 for r in rows)
    assert rows[0]["ask:recall"] == 1.0  # the HIPAA question's gold is retrieved (so the mean can fail)
    assert all(f"{s}:recall" in r for r in rows for s in ("bm25", "ask", "ask-learned", "ask-memory-rerank"))
    mean = sum(r["ask:recall"] for r in rows) / 2
    assert any(x.startswith("all (n=2) ask ") and f"recall {mean:.3f}" in x for x in table.splitlines())


def test_eval_rows_refuses_without_eval_or_an_unwritable_place(capsys, tmp_path):
    assert main(["ask", str(ask_index()), HIPAA_Q, "--eval-rows", str(tmp_path / "r.jsonl")]) == 2
    assert "--eval-rows" in capsys.readouterr().err
    qa = tmp_path / "qa.jsonl"
    qa.write_text(json.dumps({"question": HIPAA_Q, "gold": []}) + "\n", encoding="utf-8")
    assert main(["ask", "--eval", str(qa), str(ask_index()), "--eval-rows", str(tmp_path / "no" / "r.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "no such directory" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "no").exists()


def test_the_harness_route_column_uses_the_package_route():
    guard = {"h": {"default": [[0.0, 0.0], [1.0, 1.0]], "v2": [[1.0, 1.0], [0.0, 0.0]], "ngold": [1, 1]}}
    nets = {"h": [["doc:hipaa_combined"], ["32018L2001"]]}
    out = rs.with_route(guard, nets, nw.load_networks())
    assert out["h"]["route"] == [[1.0, 1.0], [1.0, 1.0]]
    with pytest.raises(SystemExit):
        rs.with_route(guard, {"h": [["doc:hipaa_combined"]]}, nw.load_networks())


def test_switch_rows_and_the_nested_pick_read_the_other_sets_only():
    assert rs.switch_rows([(1.0, 1.0)], [(0.0, 0.0)], [0.1], 0.1) == [(0.0, 0.0)]  # f >= t: (2)'s row
    assert rs.switch_rows([(1.0, 1.0)], [(0.0, 0.0)], [0.0999999], 0.1) == [(1.0, 1.0)]
    fig = [0.0, 0.0, 0.5, 0.0]  # a1..a4 of one question
    guard = {"a": {"default": [[1.0, 1.0]], "v2": [[0.0, 0.0]], "ngold": [1]},
             "b": {"default": [[0.0, 0.0]], "v2": [[1.0, 1.0]], "ngold": [1]}}
    res = rs.with_switches(guard, {"a": [fig], "b": [fig]})
    assert res["a"]["agr_top_overlap>=.4"] == [(0.0, 0.0)] and res["a"]["agr_top_overlap>=.05"] == [(0.0, 0.0)]
    assert res["b"]["agr_voter_jaccard>=.05"] == [(0.0, 0.0)]  # a4 = 0 < .05: the default's row
    from harness.rerank_guard import pick

    assert pick(res, "a", rs.columns()) == "v2"  # set b alone favours (2) (its first column winning)
    assert pick(res, "b", rs.columns()) == "default"


@pytest.mark.parametrize("vectors_bytes, gold_text, message", [
    (b"not an array", None, "not a memory's vectors"),
    (None, "{}", "not a memory's gold lists (KeyError"),
    (None, '{"gold": [["a#1"]], "neighbours": 5}', "rows for 1 gold lists"),
])
def test_an_unreadable_memory_is_a_typed_error_naming_the_file(tmp_path, vectors_bytes, gold_text, message):
    from regc.retrieval import memory as mem

    vec, gold = tmp_path / "v.npy", tmp_path / "g.json"
    vec.write_bytes(vectors_bytes) if vectors_bytes is not None else vec.write_bytes(mem.VECTORS.read_bytes())
    gold.write_text(gold_text if gold_text is not None else mem.GOLD.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(mem.MemoryError_, match=re.escape(message)) as e:
        mem.load_memory.__wrapped__(vec, gold)
    assert str(tmp_path) in str(e.value)


def test_the_default_ask_reports_a_damaged_memory_or_weights_in_one_line(capsys, monkeypatch, tmp_path):
    from regc.retrieval import memory as mem
    from regc.retrieval import rerank

    bad = tmp_path / "v.npy"
    bad.write_bytes(b"truncated")
    read = mem.load_memory.__wrapped__  # the reader without its cache
    monkeypatch.setattr(mem, "load_memory", lambda: read(bad, mem.GOLD))
    assert main(["ask", str(ask_index()), HIPAA_Q]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0] and "regenerate" in err[0]
    monkeypatch.undo()

    def broken(*a, **k):
        raise rerank.WeightsError(f"{tmp_path / 'w.json'}: not the re-ranker's weights")

    monkeypatch.setattr(rerank, "load_weights", broken)
    assert main(["ask", str(ask_index()), TAXONOMY_Q, "--no-by-network"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "w.json" in err[0]
