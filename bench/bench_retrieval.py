"""Retrieval and resolution benchmark.

1. FAQ retrieval (``eu-taxonomy-faq-qa/SultanOfSwing21``): the Commission Taxonomy FAQ chunks (faq-0001…, one per
   question heading; non-question sub-headings stay with their question) are indexed with the same code as the
   legal corpus; the 2,148 queries (golden, cleaned golden, natural) are run with BM25, dense, RRF and RRM.
   Recall@10, MRR@10, nDCG@10 (binary gains), index build time, query latency p50/p95.
2. Resolution on the dev gold: share of ``must_be_fetched`` EU-act references (with a gold CELEX) whose CELEX is in
   the corpus registry, share resolved to the right act from the reference text alone (citation parser +
   registry verification/correction/title search), and, where an article is cited and the act is in the corpus,
   share whose cited provision is found in the act tree.

3. ``regc compile --resolve`` on the dev gold activities with the default index: compile time with/without, share
   of gold must_be_fetched EU-act references resolved to the right act and provision, status counts.

4. Warm `regc search` latency (:mod:`bench.search_latency`): ~100 FAQ queries one by one through the CLI's calls
   (hybrid RRF, k = 10, JSON), p50/p95 beside the issue-10 target, where the time goes, and the query vector on
   1 vs 2 PyTorch threads.

Indexes are built once and reused (:mod:`bench.faq_cache`, under ``$REGC_BENCH_CACHE`` or ``bench/`` in the
embedding cache ``$REGC_CACHE`` / ``~/.cache/regc``): the FAQ index with the FAQ query vectors, in a folder keyed
by the FAQ files, the chunks, the encoder and regc's version (the first run says it is building: ~2-3 min CPU
at load 1, mostly encoding the 2,148 queries); the default index of ``compile --resolve`` in a folder keyed by
the encoder and regc's version, rebuilt by ``build_index`` when a source file changed.  The rows say whether an
index was reused and what building it cost.  ``REGC_BENCH_COLD=1`` builds the FAQ index afresh with a cold
embedding cache (the cold build's cost).

``run() -> [(label, figure)]`` (``make bench``); ``python -m bench.bench_retrieval`` prints the rows.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench import search_latency
from bench.faq_cache import (QUERY_VECTORS, CachedIndex, cache_root, cached_index, key_of, key_parts,
                             one_torch_thread, tool_parts)
from regc.retrieval.chunking import Chunk
from regc.retrieval.locate import corpus_root, gold_root

FAQ = Path("eu-taxonomy-faq-qa") / "SultanOfSwing21"
QUERY_FILES = ("retrieval_golden_dataset.jsonl", "retrieval_golden_dataset_cleaned.jsonl",
               "natural_user_queries_748.jsonl")
K = 10


def faq_chunks(md_path: str | Path) -> list[dict]:
    """FAQ chunks in document order: one per ``### `` question; a sub-heading that is not a question (no '?')
    following a question with a short or empty answer is part of that question's chunk."""
    heads: list[dict] = []
    section = ""
    for line in Path(md_path).read_text(encoding="utf-8").split("\n"):
        if line.startswith("## "):
            section = line[3:].strip()
        elif line.startswith("### "):
            heads.append({"question": line[4:].strip(), "section": section, "body": [], "merged": False})
        elif heads:
            heads[-1]["body"].append(line)
    chunks: list[dict] = []
    for h in heads:
        body = "\n".join(h["body"]).strip()
        prev = chunks[-1] if chunks else None
        if prev is not None and not h["question"].endswith("?") and (prev["short"] or prev["merged"]):
            prev["text"] += f"\n{h['question']}\n{body}"
            prev["merged"] = True
            continue
        chunks.append({"question": h["question"], "section": h["section"], "text": body,
                       "short": len(body) < 200, "merged": False})
    for i, c in enumerate(chunks, start=1):
        c["id"] = f"faq-{i:04d}"
    return chunks


def load_queries(folder: Path) -> list[dict]:
    out = []
    for name in QUERY_FILES:
        with open(folder / name, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    q = json.loads(line)
                    out.append({"question": q["question"], "gold": q["expected_chunk_ids"], "file": name})
    return out


def metrics(ranked: list[str], gold: list[str], k: int = K) -> tuple[float, float, float]:
    """(recall@k, reciprocal rank@k, nDCG@k) with binary relevance.

    >>> metrics(["a", "b", "c"], ["b"])
    (1.0, 0.5, 0.6309297535714575)
    """
    top = ranked[:k]
    g = set(gold)
    hits = [i for i, d in enumerate(top) if d in g]
    recall = len({top[i] for i in hits}) / len(g) if g else 0.0
    rr = 1.0 / (hits[0] + 1) if hits else 0.0
    dcg = sum(1.0 / math.log2(i + 2) for i in hits)
    idcg = sum(1.0 / math.log2(i + 2) for i in range(min(len(g), k)))
    return recall, rr, (dcg / idcg if idcg else 0.0)


_pct = search_latency.pct
LATENCY_SAMPLE = 100  # queries timed one by one (every n-th of the FAQ set)


def _faq_builder(chunks: list[Chunk], questions: list[str]):
    """Writes the FAQ index (BM25 + dense, every chunk) and the batched query vectors into a cache folder."""
    import numpy as np

    from regc.retrieval.index import encode, index_chunks

    def build(folder: Path) -> dict:
        with one_torch_thread():
            t0 = time.perf_counter()
            qv = encode(questions)
            t_enc = time.perf_counter() - t0
            np.save(folder / QUERY_VECTORS, qv)
            t0 = time.perf_counter()
            encoded = index_chunks(chunks, folder / "index", dense=True)
        return {"chunks": len(chunks), "chunks_encoded": encoded, "index_seconds": round(time.perf_counter() - t0, 1),
                "queries": len(questions), "query_encode_ms": round(t_enc * 1000 / max(1, len(questions)), 1),
                "torch_threads": 1}

    return build


def _faq_index(folder: Path, chunks: list[Chunk], questions: list[str], tmp: Path) -> CachedIndex:
    """The FAQ index from the benchmark cache (:mod:`bench.faq_cache`), built on the first run of a key.
    ``REGC_BENCH_COLD=1`` builds it afresh in ``tmp`` with a cold embedding cache (the cold build's cost)."""
    files = [folder / "taxonomy_faqs_cleaned.md", *(folder / n for n in QUERY_FILES)]
    parts = key_parts(files, [c.to_dict() for c in chunks])
    if os.environ.get("REGC_BENCH_COLD") != "1":
        return cached_index("faq", parts, _faq_builder(chunks, questions))
    saved = os.environ.get("REGC_CACHE")
    os.environ["REGC_CACHE"] = str(tmp / "cold-cache")
    try:
        return cached_index("faq", parts, _faq_builder(chunks, questions), root=tmp / "bench-cache")
    finally:
        if saved is None:
            os.environ.pop("REGC_CACHE", None)
        else:
            os.environ["REGC_CACHE"] = saved


def _built_line(c: CachedIndex) -> str:
    i = c.info
    how = f"reused from {c.folder} (built {i['built']}: " if c.reused else f"built now into {c.folder} ("
    return (f"{i['chunks']} chunks, BM25 + dense; {how}{i['build_seconds']:.1f} s with the query vectors; index "
            f"{i['index_seconds']:.1f} s, {i['chunks_encoded']} chunks encoded, {i['chunks'] - i['chunks_encoded']} "
            f"from the embedding cache)")


def faq_rows(root: Path) -> list[tuple[str, str]]:
    from regc.retrieval.fusion import rrf, rrm
    from regc.retrieval.index import index_chunks
    from regc.retrieval.search import Searcher

    folder = root / FAQ
    chunks = [Chunk(c["id"], "faq", c["id"], c["text"], "EU Taxonomy FAQ", c["question"], c["section"], seq=i)
              for i, c in enumerate(faq_chunks(folder / "taxonomy_faqs_cleaned.md"))]
    queries = load_queries(folder)
    rows: list[tuple[str, str]] = [("faq: chunks / queries", f"{len(chunks)} / {len(queries)}")]
    with tempfile.TemporaryDirectory(prefix="regc-bench-faq-") as tmp:
        cached = _faq_index(folder, chunks, [q["question"] for q in queries], Path(tmp))
        t0 = time.perf_counter()
        index_chunks(chunks, Path(tmp) / "bm25", dense=False)
        rows.append(("faq: index build BM25 (this run)", f"{time.perf_counter() - t0:.1f} s"))
        cold = os.environ.get("REGC_BENCH_COLD") == "1"
        rows.append((f"faq: index BM25+dense ({'cold embedding cache' if cold else 'bench cache'})",
                     _built_line(cached)))
        qv = cached.query_vectors()
        s = Searcher.open(cached.index)
        pool = 50
        bm25_lists, lat_bm25 = [], []
        for q in queries:
            t0 = time.perf_counter()
            bm25_lists.append([d for d, _ in s.bm25(q["question"], pool)])
            lat_bm25.append((time.perf_counter() - t0) * 1000)
        index, ids = s._dense
        _, idx = index.search(qv, pool)
        dense_lists = [[ids[i] for i in row if i >= 0] for row in idx]
        sample = [q["question"] for q in queries[:: max(1, len(queries) // LATENCY_SAMPLE)]]
        lat = search_latency.measure(s, sample)
        systems = {
            "BM25": bm25_lists,
            "dense": dense_lists,
            "RRF": [[d for d, _ in rrf([a, b])] for a, b in zip(bm25_lists, dense_lists)],
            "RRM": [[d for d, _ in rrm([a, b])] for a, b in zip(bm25_lists, dense_lists)],
        }
        for name, lists in systems.items():
            m = [metrics(r, q["gold"]) for r, q in zip(lists, queries)]
            rec, mrr, ndcg = (statistics.fmean(x[i] for x in m) for i in range(3))
            rows.append((f"faq {name}: R@10 / MRR@10 / nDCG@10", f"{rec:.3f} / {mrr:.3f} / {ndcg:.3f}"))
        for name in ("BM25", "RRM"):
            for f in QUERY_FILES[:1] + QUERY_FILES[2:]:
                sel = [(r, q) for r, q in zip(systems[name], queries) if q["file"] == f]
                rec = statistics.fmean(metrics(r, q["gold"])[0] for r, q in sel)
                rows.append((f"faq {name} R@10 on {f.split('.')[0]}", f"{rec:.3f} (n={len(sel)})"))
        rows.append(("faq: BM25 query latency p50 / p95 (all queries)",
                     f"{_pct(lat_bm25, 50):.1f} / {_pct(lat_bm25, 95):.1f} ms"))
        rows.append(("faq: dense query encoding, batched PyTorch (at the build)",
                     f"{cached.info['query_encode_ms']:.1f} ms/query ({cached.info.get('torch_threads', 'default')} "
                     f"thread(s), with the encoder's loading)"))
        rows += search_latency.rows(lat)
    return rows


def resolution_rows(root: Path, gold: Path) -> list[tuple[str, str]]:
    from regc.retrieval.ingest import WORKS, ingest_corpus
    from regc.retrieval.registry import load_registry
    from regc.retrieval.resolve import pinpoint_locators, verify_celex
    from regc.grammar.citations import ActContext, act_context, find_citations

    works = root / WORKS
    registry = load_registry(works)
    refs = []  # (source, act citations of the sources before it in the same node: anaphor context)
    for f in sorted(gold.glob("*.json")):
        act = json.loads(f.read_text("utf-8"))
        for u in act["units"]:
            stack = [u["root"]]
            while stack:
                n = stack.pop()
                stack.extend(n["sub_criteria"])
                before: list = []
                for s in (n.get("references") or {}).get("sources", []):
                    if s["type"] == "must_be_fetched" and s.get("celex_id"):
                        refs.append((s, list(before)))
                    before += act_context(find_citations(s["text"]))
    in_reg = [s for s, _ in refs if registry.knows(s["celex_id"])]
    trees, _ = ingest_corpus(works, sorted({s["celex_id"] for s in in_reg}))
    by_celex = {t.celex: t for t in trees}
    right_act = right_reg = art_total = art_found = 0
    for s, before in refs:
        cits = [c for c in find_citations(s["text"], ActContext(before)) if c.kind == "eu_act"]
        celex = cits[0].celex if cits else None
        r = verify_celex(celex, registry, s["text"])
        got = r.celex if r.status in {"verified", "corrected", "title_match", "not_in_registry"} else None
        if got == s["celex_id"]:
            right_act += 1
            if registry.knows(got):
                right_reg += 1
        if registry.knows(s["celex_id"]) and cits and cits[0].pinpoint:
            locs = pinpoint_locators(cits[0].pinpoint)
            if locs:
                art_total += 1
                t = by_celex.get(s["celex_id"])
                art_found += bool(t and all(t.find(loc) is not None for loc in locs))
    # retrieval on a BM25 index of the referenced acts present in the corpus: does the top of the evidence set
    # hold the cited provision (pinpointed refs) or at least the right act (whole-act refs)?
    from regc.retrieval.index import build_index
    from regc.retrieval.retrieve import retrieve
    from regc.retrieval.search import Searcher

    pin_ok = pin_n = act_ok = act_n = 0
    with tempfile.TemporaryDirectory(prefix="regc-bench-res-") as tmp:
        t0 = time.perf_counter()
        rep = build_index(root, Path(tmp) / "ix", celexes=sorted({s["celex_id"] for s in in_reg}), dense=False)
        t_build = time.perf_counter() - t0
        searcher = Searcher.open(Path(tmp) / "ix")
        for s, before in refs:
            if not registry.knows(s["celex_id"]):
                continue
            cits = [c for c in find_citations(s["text"], ActContext(before)) if c.kind == "eu_act"]
            pin = cits[0].pinpoint if cits else None
            r = retrieve(searcher, s["text"], s["celex_id"], pin, criterion_text=s["text"])
            if pinpoint_locators(pin):
                pin_n += 1
                pin_ok += set(r.covered_locators) == set(pinpoint_locators(pin))
            else:
                act_n += 1
                act_ok += bool(r.passages) and r.passages[0].celex == s["celex_id"]
    n = len(refs)
    return [
        ("resolve: must_be_fetched EU-act refs (dev gold)", str(n)),
        ("resolve: CELEX in corpus registry", f"{len(in_reg)}/{n} ({len(in_reg) / n:.0%})" if n else "0"),
        ("resolve: resolved to the right act (from the text)", f"{right_act}/{n} ({right_act / n:.0%})" if n else "0"),
        ("resolve: right act and in registry", f"{right_reg}/{len(in_reg)}" if in_reg else "0"),
        ("resolve: cited provision found in act tree", f"{art_found}/{art_total}"),
        ("resolve: BM25 index of the referenced acts in corpus", f"{rep.acts} acts, {rep.chunks} chunks, "
                                                                 f"{t_build:.1f} s"),
        ("resolve: retrieval covers the cited provision(s)", f"{pin_ok}/{pin_n}"),
        ("resolve: whole-act refs, top passage from the act", f"{act_ok}/{act_n}"),
    ]


# the delegated act (and consolidation) a gold activity is compiled from, by objective
DA_OF_OBJECTIVE = {"CCM": ("32021R2139", "2026-01-01"), "CCA": ("32021R2139", "2026-01-01")}
ENV_DA = ("32023R2486", None)


def compile_resolve_rows(root: Path, gold: Path) -> list[tuple[str, str]]:
    """``regc compile --resolve --index`` on the dev gold activities with the default index (built here, embeddings
    from the cache): compile time with and without --resolve, and the enrichment scored against the gold CELEX ids
    and pinpoints (:mod:`regc.eval.retrieval`)."""
    import contextlib
    import io

    from regc.cli import main as regc_main
    from regc.eval.retrieval import score
    from regc.retrieval.index import build_index

    ids = sorted(f.stem for f in gold.glob("*.json"))
    groups: dict[tuple, list[str]] = {}
    for a in ids:
        groups.setdefault(DA_OF_OBJECTIVE.get(a.split("-")[0], ENV_DA), []).append(a)
    rows: list[tuple[str, str]] = []
    # the acts the Taxonomy delegated acts cite, BM25 + dense: kept in the benchmark cache under a key of regc's
    # version, the index format and the encoder; build_index itself rebuilds it when a source file changed
    index = cache_root() / f"default-index-{key_of(tool_parts())}"
    with tempfile.TemporaryDirectory(prefix="regc-bench-resolve-") as tmp:
        t0 = time.perf_counter()
        if not (index / "manifest.json").is_file():
            print(f"bench: building the default index into {index} (first run; later runs reuse it)",
                  file=sys.stderr, flush=True)
        with one_torch_thread():
            rep = build_index(root, index, cited=[])
        how = (f"up to date in {index} ({rep.chunks} chunks; checked in {time.perf_counter() - t0:.1f} s)"
               if rep.skipped else f"{time.perf_counter() - t0:.1f} s into {index} ({rep.acts} acts, {rep.chunks} "
               f"chunks; {rep.encoded} encoded, {rep.chunks - rep.encoded} embeddings reused from the cache)")
        rows.append(("resolve(compile): default index (BM25 + dense)", how))
        outs, secs = [], {True: 0.0, False: 0.0}
        for with_resolve in (False, True):
            for i, ((celex, version), acts) in enumerate(sorted(groups.items())):
                out = Path(tmp) / f"out-{int(with_resolve)}-{i}"
                argv = ["compile", "--celex", celex, "-o", str(out), "-q", "--corpus", str(root)]
                argv += ["--version", version] if version else []
                argv += [x for a in acts for x in ("--only", a)]
                argv += ["--resolve", "--index", str(index)] if with_resolve else []
                t0 = time.perf_counter()
                with contextlib.redirect_stdout(io.StringIO()):
                    regc_main(argv)
                secs[with_resolve] += time.perf_counter() - t0
                if with_resolve:
                    outs.append(out)
        celexes = {json.loads(line)["celex"] for line in open(index / "trees.jsonl", encoding="utf-8")}
        rep2 = score(outs, gold, celexes)
    rows.append(("resolve(compile): compile time without / with --resolve",
                 f"{secs[False]:.1f} / {secs[True]:.1f} s ({len(ids)} activities)"))
    return rows + rep2.rows()


def run() -> list[tuple[str, str]]:
    root = corpus_root()
    if root is None:
        return [("retrieval", "corpus not found; set REGC_CORPUS")]
    rows = []
    gold = gold_root()
    if gold is not None:
        rows += resolution_rows(root, gold)
    rows += faq_rows(root)
    if gold is not None:
        rows += compile_resolve_rows(root, gold)
    return rows


if __name__ == "__main__":
    for label, figure in run():
        print(f"{label:55s} {figure}")
