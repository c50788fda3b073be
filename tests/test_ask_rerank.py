"""The learned re-ranker of `regc ask` (issue 14, round 28): features that name no provision, computed the same way
twice; weights that load and re-order a question's candidates deterministically; training that reproduces its
weights byte for byte; the package never importing the training harness."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from regc.retrieval.ask import Asker
from regc.retrieval.rerank import (CANDIDATES, WeightsError, learned_scores, load_weights, reorder,
                                   retrieve_reranked)
from regc.retrieval.rerank_features import FEATURES, candidate_features
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

pytestmark = pytest.mark.retrieval
HERE = Path(__file__).parent / "fixtures" / "ask" / "rerank"
SMALL, SMALL_WEIGHTS = HERE / "small_candidates.jsonl", HERE / "small_weights.json"
QUESTIONS = ("Which activities count as environmentally sustainable under the taxonomy?",
             "May a covered entity disclose protected health information to a business associate?")


@pytest.fixture(scope="module")
def asker() -> Asker:
    return Asker(Searcher.open(ask_index()))


def _rows(asker: Asker, q: str):
    trace: dict = {}
    anchor, hits = asker.retrieve(q, CANDIDATES, trace=trace)
    return hits, candidate_features(asker, anchor, trace, hits)


def test_features_are_deterministic_one_row_per_candidate_and_name_no_provision(asker):
    for q in QUESTIONS:
        hits, rows = _rows(asker, q)
        assert hits and len(rows) == len(hits) and all(len(r) == len(FEATURES) for r in rows)
        assert rows == _rows(asker, q)[1]  # the same question, the same rows
        assert all(isinstance(x, float) and x == x for r in rows for x in r)
        names = {h.celex for h in hits} | {h.locator for h in hits} | {h.node for h in hits}
        assert not names & set(FEATURES)
    # no feature names an act, an article or a question: no number (CELEX, section), no set name
    assert not [f for f in FEATURES if re.search(r"\d{3}|§|celex|faq|hipaa|article_|annex_", f)]


def test_tracing_changes_no_ranking(asker):
    for q in QUESTIONS:
        assert asker.retrieve(q, 10) == asker.retrieve(q, 10, trace={})


def test_shipped_weights_load_and_fit_the_features():
    w = load_weights()
    assert w["features"] == list(FEATURES)


def test_weights_rank_a_question_deterministically(asker):
    w = load_weights(SMALL_WEIGHTS)
    q = QUESTIONS[1]
    hits, rows = _rows(asker, q)
    scores = learned_scores(rows, w)
    _, got = retrieve_reranked(asker, q, 10, weights=w)
    assert got == retrieve_reranked(asker, q, 10, weights=w)[1]
    want = sorted(range(len(hits)), key=lambda i: (-scores[i], i))[:10]
    assert [h.node for h in got] == [hits[i].node for i in want]
    assert [h.score for h in got] == [h.score for h in hits[:10]]  # position by position: margins read the new order


def test_reorder_breaks_ties_by_the_current_rank_and_keeps_each_positions_score(asker):
    hits, _ = _rows(asker, QUESTIONS[0])
    out = reorder(hits[:3], [0.0, 1.0, 0.0])
    assert [h.node for h in out] == [hits[1].node, hits[0].node, hits[2].node]
    assert [h.score for h in out] == [h.score for h in hits[:3]]


def test_weights_for_other_features_are_refused(tmp_path):
    bad = json.loads(SMALL_WEIGHTS.read_text(encoding="utf-8"))
    bad["features"] = bad["features"][:-1]
    p = tmp_path / "w.json"
    p.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(WeightsError):
        load_weights(p)


def test_training_reproduces_the_fixture_weights_byte_for_byte(tmp_path):
    from harness.train_rerank import main

    out = tmp_path / "w.json"
    assert main(["fit", str(SMALL), str(out)]) == 0
    assert out.read_bytes() == SMALL_WEIGHTS.read_bytes()


def test_the_package_never_imports_the_training_harness():
    root = Path(__file__).resolve().parent.parent / "regc"
    bad = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            bad += [f"{path.name}: {m}" for m in mods if m.split(".")[0] in ("harness", "sklearn")]
    assert not bad
