"""The opened index remembers its last queries (``QUERY_MEMO``): a question asked of two orders (`regc ask`'s route per
citation network) searches and encodes once, with the same results as without the memo; ``forget_queries`` drops
them (``--eval`` times each system cold)."""

from __future__ import annotations

import numpy as np

import regc.retrieval.index as index_mod
from regc.retrieval.search import QUERY_MEMO, Searcher
from retrieval_helpers import dense_index

Q = "disclosure of turnover capital expenditure key performance indicators"


def _counting_encoder(monkeypatch) -> list:
    calls: list = []
    real = index_mod.encode_query

    def counted(texts):
        calls.append(list(texts))
        return real(texts)

    monkeypatch.setattr(index_mod, "encode_query", counted)
    return calls


def test_bm25_is_remembered_and_each_caller_gets_its_own_list():
    s = Searcher.open(dense_index())
    first = s.bm25(Q, 20)
    first.append(("mutated", 0.0))
    second = s.bm25(Q, 20)
    assert second == first[:-1] and ("mutated", 0.0) not in second
    s.forget_queries()
    assert s.bm25(Q, 20) == second and s.bm25(Q, 5) == second[:5]  # another k: searched again, the same order


def test_dense_queries_are_encoded_once_until_forgotten(monkeypatch):
    calls = _counting_encoder(monkeypatch)
    s = Searcher.open(dense_index())
    plain = s.dense_many([Q, "taxonomy-aligned capex plan"], 10)
    # an adapt hook that scales the vectors in place must not change what the memo holds
    scaled = s.dense_many([Q, "taxonomy-aligned capex plan"], 10, adapt=lambda v: np.multiply(v, -1.0, out=v))
    again = s.dense_many([Q, "taxonomy-aligned capex plan"], 10)
    assert len(calls) == 1 and again == plain and scaled != plain
    s.forget_queries()
    assert s.dense_many([Q, "taxonomy-aligned capex plan"], 10) == plain and len(calls) == 2


def test_the_memo_is_bounded():
    s = Searcher.open(dense_index())
    for i in range(QUERY_MEMO + 5):
        s.bm25(f"{Q} {i}", 5)
    assert s._bm25_memo.cache_info().currsize == QUERY_MEMO
