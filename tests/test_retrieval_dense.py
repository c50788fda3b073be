"""Dense (faiss + offline MiniLM) retrieval and hybrid fusion on a small real index (~170 chunks to encode)."""

from __future__ import annotations

import pytest

from regc.retrieval.index import build_index
from regc.retrieval.search import Searcher
from retrieval_helpers import DENSE_ACTS, corpus, dense_index

pytestmark = [pytest.mark.slow, pytest.mark.retrieval]


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(dense_index())


def test_dense_finds_paraphrased_provision(searcher):
    # no shared key words with "exploration permit" wording: semantic match needed
    hits = searcher.dense("who may look for places underground to put carbon dioxide", k=5)
    assert hits and hits[0][1] > 0.3
    assert any(searcher.by_id[cid].celex == "32009L0031" for cid, _ in hits)


@pytest.mark.parametrize("fusion", ["rrf", "rrm"])
def test_hybrid_fusion_returns_the_storage_permit_article(searcher, fusion):
    hits = searcher.search("application for a storage permit for a CO2 storage site", k=5, fusion=fusion)
    assert hits and any(h.locator.startswith("Article 7") or h.locator.startswith("Article 6") for h in hits[:3])
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_rrm_scores_are_single_view_reciprocal_ranks(searcher):
    q = "monitoring of CO2 injection and storage complex"
    bm25 = [d for d, _ in searcher.bm25(q, 50)]
    dense = [d for d, _ in searcher.dense(q, 50)]
    fused = searcher.ranked(q, 10, fusion="rrm")
    for cid, score in fused:
        ranks = [lst.index(cid) + 1 for lst in (bm25, dense) if cid in lst]
        assert score == pytest.approx(max(1 / (60 + r) for r in ranks))


def test_rebuild_reuses_cached_embeddings(tmp_path):
    dense_index()  # fills the embedding cache
    rep = build_index(corpus(), tmp_path / "again", celexes=DENSE_ACTS, dense=True)
    assert not rep.skipped and rep.encoded == 0 and rep.chunks > 100
