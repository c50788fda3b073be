"""The learned re-ranker (issue 14; `regc ask --no-by-network`, the default of rounds 28-41, and the order the
default route gives every network but HIPAA's): it prints :func:`~regc.retrieval.rerank.retrieve_reranked`'s list,
``--no-rerank`` the hand-set one, ``--memory`` keeps the hand-set order (``--memory --rerank``, round 35's variant
(2): tests/test_ask_memory_rerank.py; the route: tests/test_ask_by_network.py); ``--eval`` reports
both orders and says when the learned one is in-sample; the trained-question file is its generator's output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.rerank_trained import questions_of, render
from regc.cli import main
from regc.retrieval.ask import Asker
from regc.retrieval.rerank import TRAINED, question_key, retrieve_reranked, trained_keys, trained_on
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

pytestmark = pytest.mark.retrieval
FIXTURES = Path(__file__).parent / "fixtures" / "ask"
Q = "Do we need to train our staff on security and keep the documentation?"
TAXONOMY_Q = "disclosure of turnover capital expenditure key performance indicators"


@pytest.fixture(scope="module")
def asker() -> Asker:
    return Asker(Searcher.open(ask_index()))


def _ask(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()  # whatever came before (building the index prints)
    rc = main(["ask", str(ask_index()), *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def _retrieved(out: str) -> list[dict]:
    return json.loads(out)["retrieved"]


def test_no_by_network_is_the_learned_order_and_no_rerank_the_hand_set_one(capsys, asker):
    learned = retrieve_reranked(asker, Q, 10)[1]
    handset = asker.retrieve(Q, 10)[1]
    assert [h.node for h in learned] != [h.node for h in handset]  # the two orders differ on this question
    rc, out, _ = _ask(capsys, Q, "--json", "--no-by-network")
    assert rc == 0 and _retrieved(out) == [h.to_json() for h in learned]
    assert _ask(capsys, Q, "--json", "--rerank")[1] == out  # --rerank alone: the learned order, not the route
    rc, out, _ = _ask(capsys, Q, "--json", "--no-rerank")
    assert rc == 0 and _retrieved(out) == [h.to_json() for h in handset]


def test_as_of_holds_in_both_orders(capsys, asker):
    for flag, want in (([], retrieve_reranked(asker, TAXONOMY_Q, 10, "2020-12-31")[1]),
                       (["--no-rerank"], asker.retrieve(TAXONOMY_Q, 10, "2020-12-31")[1])):
        rc, out, _ = _ask(capsys, TAXONOMY_Q, "--json", "--as-of", "2020-12-31", *flag)
        got = _retrieved(out)
        assert rc == 0 and got == [h.to_json() for h in want]
        assert got and not any(r["celex"] == "32021R2178" for r in got)  # not in force on that date
    # without the date that act is retrieved: the filter, not the question, kept it out
    assert any(r["celex"] == "32021R2178" for r in _retrieved(_ask(capsys, TAXONOMY_Q, "--json", "--k", "20")[1]))


def test_memory_keeps_the_hand_set_order(capsys):
    from regc.retrieval.memory import load_memory

    s = Searcher.open(ask_index())
    want = Asker(s, memory=load_memory()).retrieve(Q, 10)[1]
    rc, out, _ = _ask(capsys, Q, "--json", "--memory")
    assert rc == 0 and _retrieved(out) == [h.to_json() for h in want]
    assert _ask(capsys, Q, "--json", "--memory", "--no-rerank")[1] == out


def test_help_says_the_default_and_what_memory_with_rerank_is(capsys):
    with pytest.raises(SystemExit):
        main(["ask", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--rerank, --no-rerank" in text and "the default routes per citation network" in text
    assert "(it implies --no-rerank)" in text and "memory's vote" in text and "what the default gives HIPAA" in text
    assert "--by-network, --no-by-network" in text and "default: on unless --memory, --rerank or --no-rerank" in text


def _qa(path: Path, questions: list[str]) -> Path:
    path.write_text("".join(json.dumps({"question": q, "gold": ["doc:hipaa_combined#§ 164.316"]}) + "\n"
                            for q in questions))
    return path


def test_eval_rows_name_both_orders_and_the_in_sample_line(capsys, tmp_path):
    released = [json.loads(x)["question"] for x in (FIXTURES / "faq_eval.jsonl").read_text().splitlines()][:2]
    fresh = "How long must our security documentation be retained after it changed?"
    assert trained_on(released) == 2 and trained_on([fresh]) == 0
    assert main(["ask", "--eval", str(_qa(tmp_path / "mixed.jsonl", released + [fresh])), str(ask_index())]) == 0
    lines = capsys.readouterr().out.splitlines()
    systems = [x.split()[2] for x in lines if x.startswith("all (n=3) ")]
    assert systems == ["bm25", "ask", "ask-learned", "ask-handset", "ask-rrf", "ask-memory", "ask-memory-rerank"]
    assert any(x.startswith("all (n=3) ask ") and "cit_key" in x for x in lines)  # the default is answered too
    assert any(x.startswith("ask latency") for x in lines) and any(x.startswith("ask-handset latency") for x in lines)
    assert lines[-3:] == [f"{label}: {what} was trained on 2 of these 3 questions (in-sample for them; held-out "
                          "figures: tests/fixtures/ask/README.md)" for label, what in (
                              ("ask", "the learned order it routes to"), ("ask-learned", "the learned order"),
                              ("ask-memory-rerank", "the memory re-ranker"))]
    assert any(x.startswith("ask-memory-rerank latency") for x in lines)
    assert main(["ask", "--eval", str(_qa(tmp_path / "new.jsonl", [fresh])), str(ask_index())]) == 0
    out = capsys.readouterr().out
    assert "trained on" not in out and out.splitlines()[-1].startswith("ask-memory-rerank latency")


def test_trained_file_holds_the_released_questions_of_its_commit():
    doc = json.loads(TRAINED.read_text(encoding="utf-8"))
    keys = trained_keys()
    assert len(doc["keys"]) == len(keys) == doc["questions"] == 979 and doc["keys"] == sorted(keys)
    faq = json.loads((FIXTURES / "faq_eval.jsonl").read_text().splitlines()[0])["question"]
    sealed = json.loads((FIXTURES / "hipaa_webfaq6.jsonl").read_text().splitlines()[0])["question"]
    assert question_key(faq) in keys and question_key(sealed) not in keys
    assert question_key(f"  {faq}\n") in keys  # whitespace is normalised, not the words


def test_trained_file_generator_is_deterministic_and_normalises(tmp_path):
    files = {"b.jsonl": '{"question": "What is  kept?", "gold": []}\n\n{"question": "Who signs?"}\n',
             "a.jsonl": '{"question": " What is kept? "}\n'}
    text = render(files, "abc1234")
    assert text == render(dict(reversed(list(files.items()))), "abc1234")  # byte-identical, any input order
    doc = json.loads(text)
    assert questions_of(files) == [" What is kept? ", "What is  kept?", "Who signs?"]  # files in name order
    assert doc["questions"] == 3 and doc["files"] == 2 and doc["source"] == "abc1234:tests/fixtures/ask/*.jsonl"
    assert doc["keys"] == sorted({question_key("What is kept?"), question_key("Who signs?")})
    out = tmp_path / "trained.json"
    out.write_text(text, encoding="utf-8")
    assert trained_on(["What is kept?", "Who  signs?", "Who signs here?"], out) == 2


def test_bench_and_eval_report_the_same_in_sample_counts_for_both_learned_orders(monkeypatch, tmp_path):
    import bench.bench_ask as ba
    import regc.eval.retrieval as er
    from regc.cli.ask import in_sample_line
    from regc.retrieval.rerank import LEARNED_ORDERS, in_sample

    released = [json.loads(x)["question"] for x in (FIXTURES / "faq_eval.jsonl").read_text().splitlines()][:3]
    questions = released + ["How long must our security documentation be retained after it changed?"]
    assert [label for label, _, _ in in_sample(questions)] == [label for label, _, _ in LEARNED_ORDERS]
    assert [n for _, _, n in in_sample(questions)][1:] == [trained_on(questions, p) for _, _, (p,) in LEARNED_ORDERS[1:]]
    assert in_sample(questions)[0][2] == 3  # the routed default: a question either of its orders was trained on
    (tmp_path / "s.jsonl").write_text("".join(json.dumps({"question": q, "gold": []}) + "\n" for q in questions))
    monkeypatch.setattr(ba, "FIXTURES", tmp_path)
    monkeypatch.setattr(ba, "SETS", ("s.jsonl",))
    monkeypatch.setattr(er, "evaluate_ask", lambda s, items: None)
    monkeypatch.setattr(er, "ask_rows", lambda res, prefix: [])
    monkeypatch.setattr("regc.retrieval.search.Searcher.open", lambda index: None)
    rows = ba.rows_for(tmp_path)
    assert rows == [(f"s: {label} in-sample (trained on)", f"{n} of 4 questions") for label, _, n in in_sample(questions)]
    assert in_sample_line(questions).count("was trained on 3 of these 4 questions") == 3


def test_eval_asks_each_system_first_equally_often_and_keeps_the_row_order(monkeypatch):
    import regc.eval.retrieval as er

    systems = ["bm25", "ask", "ask-handset"]
    firsts = [er.timing_order(systems, i)[0] for i in range(6)]
    assert sorted(firsts) == sorted(systems * 2) and all(sorted(er.timing_order(systems, i)) == sorted(systems)
                                                         for i in range(6))
    asked = []

    def fake(searcher, askers, system, it, k, answer_options, latency):
        asked.append(system)
        return {f"{system}:r@10": 1.0}

    monkeypatch.setattr(er, "_ask_one", fake)
    monkeypatch.setattr("regc.retrieval.ask.Asker", lambda searcher, **kw: object())
    monkeypatch.setattr("regc.retrieval.answer.warm_up", lambda asker: None)
    res = er.evaluate_ask(None, [{"question": "q", "gold": []}] * 2, systems=systems)
    assert asked == systems + systems[1:] + systems[:1]
    assert [list(r) for r in res["per_question"]] == [["id", "split", "n_gold"] + [f"{s}:r@10" for s in systems]] * 2
