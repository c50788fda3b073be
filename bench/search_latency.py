"""Warm `regc search` latency: what one hybrid query costs in a process whose index and encoder are loaded.

:func:`measure` runs each sample query through the same calls as ``regc search INDEX QUERY --json`` (hybrid,
reciprocal rank fusion, k = 10: :meth:`regc.retrieval.search.Searcher.search`, then the JSON the CLI prints) and,
for the same query in the same minute, through its parts one by one: the query vector (ONNX Runtime where
available, as ``encode_query`` does), Lucene BM25 (pool of 50), the faiss inner products (pool of 50), the
fusion, and the hits and their JSON.  It also encodes the query on PyTorch with 1 and with 2 threads (the
encoder ``regc search`` falls back to without ONNX Runtime uses 1).  The machine is shared: the figures are
per-query medians and 95th percentiles of interleaved runs, so a load spike hits every column alike, in wall
milliseconds and in process CPU milliseconds (what a query costs, whatever the load; on an idle machine the two
agree).

>>> pct([3.0, 1.0, 2.0], 50)
2.0
"""

from __future__ import annotations

import json
import time
from typing import Callable

K = 10


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def _ms(f: Callable, *a, **kw):
    t0 = time.perf_counter()
    out = f(*a, **kw)
    return out, (time.perf_counter() - t0) * 1000


def _ms_cpu(t: dict[str, float], name: str, f: Callable, *a):
    """``f(*a)``, its wall milliseconds in ``t[name]`` and its process CPU milliseconds in ``t[name + "_cpu"]``."""
    c0 = time.process_time()
    out, t[name] = _ms(f, *a)
    t[name + "_cpu"] = (time.process_time() - c0) * 1000
    return out


def _torch_encode(texts: list[str], threads: int):
    import torch

    from regc.retrieval.index import encode

    n = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        return encode(texts)
    finally:
        torch.set_num_threads(n)


def _parts(s, q: str, fusion: str) -> dict[str, float]:
    """One query through the search path's parts (the same calls :meth:`Searcher.ranked` makes), timed."""
    from regc.retrieval.fusion import fuse
    from regc.retrieval.index import encode_query
    from regc.retrieval.search import POOL, Hit, _one_thread_search

    t: dict[str, float] = {}
    vec = _ms_cpu(t, "encode", encode_query, [q])
    bm25 = _ms_cpu(t, "bm25", s.bm25, q, POOL)
    index, ids = s._dense
    scores, idx = _ms_cpu(t, "dense", _one_thread_search, index, vec, POOL)
    dense = [ids[i] for i in idx[0] if i >= 0]
    fused = _ms_cpu(t, "fusion", fuse, fusion, [[d for d, _ in bm25], dense])

    def hits_json():
        hits = [Hit(c.chunk_id, c.celex, c.locator, c.text, sc) for c, sc in
                ((s.by_id[d], sc) for d, sc in fused[:K])]
        return json.dumps([h.to_json() for h in hits], ensure_ascii=False, indent=1)

    _ms_cpu(t, "hits+json", hits_json)
    return t


def measure(s, queries: list[str], fusion: str = "rrf", torch_sample: int = 40) -> dict[str, list[float]]:
    """Per-query milliseconds (lists in query order): ``search`` (end to end, JSON included; ``search_cpu`` its
    process CPU time), ``rrm`` (the same with reciprocal rank max fusion), the parts of :func:`_parts`; then, in
    a second pass over the first ``torch_sample`` queries, ``torch1`` / ``torch2`` (the query vector on PyTorch
    with 1 / 2 threads).  The PyTorch pass comes last because a 2-thread pass leaves OpenMP threads spinning
    for a while after it returns, which would be charged to whatever is timed next.  The first query of each
    pass is a warm-up and is not counted."""
    out: dict[str, list[float]] = {}

    def search_json(q: str, how: str) -> str:
        return json.dumps([h.to_json() for h in s.search(q, K, mode="hybrid", fusion=how)], ensure_ascii=False,
                          indent=1)

    for i, q in enumerate([queries[0]] + list(queries)):
        row: dict[str, float] = {}
        _ms_cpu(row, "search", search_json, q, fusion)
        row["rrm"] = _ms(search_json, q, "rrm")[1]
        row.update(_parts(s, q, fusion))
        if i:  # warm-up: first-call set-up (JVM classes, ONNX session) is not latency
            for k, v in row.items():
                out.setdefault(k, []).append(v)
    sample = list(queries[:torch_sample])
    for i, q in enumerate(sample[:1] + sample):
        row = {"torch1": _ms(_torch_encode, [q], 1)[1], "torch2": _ms(_torch_encode, [q], 2)[1]}
        if i:
            for k, v in row.items():
                out.setdefault(k, []).append(v)
    return out


def rows(lat: dict[str, list[float]], target_ms: float = 30.0) -> list[tuple[str, str]]:
    """Benchmark rows: the end-to-end p50/p95 beside the target, then the parts' medians."""
    p50 = pct(lat["search"], 50)
    n = len(lat["search"])
    out = [
        (f"search: warm `regc search --json` hybrid RRF p50 / p95 (target p50 <= {target_ms:.0f} ms)",
         f"{p50:.1f} / {pct(lat['search'], 95):.1f} ms wall (n={n}; {'met' if p50 <= target_ms else 'not met'}); "
         f"CPU p50 {pct(lat['search_cpu'], 50):.1f} ms"),
        ("search: warm hybrid RRM p50 / p95", f"{pct(lat['rrm'], 50):.1f} / {pct(lat['rrm'], 95):.1f} ms"),
        ("search: parts p50: encode / BM25 / dense / fusion / hits+JSON",
         " / ".join(f"{pct(lat[k], 50):.2f}" for k in ("encode", "bm25", "dense", "fusion", "hits+json")) + " ms"),
        ("search: parts p95: encode / BM25 / dense / fusion / hits+JSON",
         " / ".join(f"{pct(lat[k], 95):.2f}" for k in ("encode", "bm25", "dense", "fusion", "hits+json")) + " ms"),
        ("search: parts CPU p50: encode / BM25 / dense / fusion / hits+JSON",
         " / ".join(f"{pct(lat[k + '_cpu'], 50):.2f}" for k in ("encode", "bm25", "dense", "fusion", "hits+json"))
         + " ms"),
        ("search: one query's vector, PyTorch 1 / 2 threads p50 (ratio)",
         f"{pct(lat['torch1'], 50):.1f} / {pct(lat['torch2'], 50):.1f} ms "
         f"({pct(lat['torch2'], 50) / pct(lat['torch1'], 50):.2f}x, n={len(lat['torch1'])})"),
    ]
    return out


__all__ = ["measure", "rows", "pct"]
