"""Dense (semantic) evidence that a candidate answers the question, as evidence for citing it (H14dn, round 45),
scored leave-one-set-out on the route's cached hits (:mod:`harness.cite_dump`, ``--order route``).

    python -m harness.cite_dense IDX DUMP.pkl [--diagnose]

Evidence, from the index's own MiniLM encoder: the *node cosine* of a candidate (the best cosine of the question's
own vector -- the question view's encoding, :func:`regc.retrieval.index.encode_query` -- with the vectors of the
candidate's chunks, read back from the index's faiss index, nothing re-encoded) and its *sentence cosine* (the
question's cosine with each of its sentences, encoded here once per process and counted).  Policies (fixed before
any run), each applied to every question (scope ``all``) or only to those routed to the memory order (``routed``):

- ``A`` "dense gate" c: a candidate with an answering sentence whose node cosine reaches c x the best node cosine
  among the candidates with one bypasses the support floor;
- ``B`` "dense support" lam: support = score x (lexical coverage + lam x node cosine) (the floor then reads it);
- ``C`` "dense fallback" s: a candidate among the first 3 hits with NO answering sentence takes, as its claim, its
  sentence of highest sentence cosine when that cosine reaches s, and competes with support = score x that cosine.

>>> [f"{k}{x}/{sc}" for k, x, sc in VARIANTS][:3]
['current0/all', 'A0.98/all', 'A0.95/all']
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter

import numpy as np

from harness.cite_eval import load, loso, memoised_claims, open_searcher, show

GRID = (("A", (0.98, 0.95, 0.90)), ("B", (0.5, 1.0, 2.0)), ("C", (0.45, 0.55, 0.65)))
SCOPES = ("all", "routed")
VARIANTS = (("current", 0, "all"),) + tuple((k, x, sc) for k, xs in GRID for sc in SCOPES for x in xs)
FALLBACK_HITS = 3  # policy C: only the first this many hits


class Dense:
    """Question vectors, chunk vectors per provision and sentence vectors (cached, counted)."""

    def __init__(self, s, recs: list[dict]):
        from regc.retrieval.index import encode_query

        self.s, self.encode = s, encode_query
        index, ids = s._dense
        self.chunks = np.asarray(index.reconstruct_n(0, index.ntotal), dtype=np.float64)
        row = {c: i for i, c in enumerate(ids)}
        self.rows = {n: [row[c.chunk_id] for c in cs if c.chunk_id in row] for n, cs in s.part_nodes().items()}
        t0 = time.perf_counter()
        self.q = np.vstack([encode_query([r["question"]]) for r in recs]).astype(np.float64)
        self.q_seconds = time.perf_counter() - t0
        self.sent: dict[str, tuple[list[str], np.ndarray]] = {}
        self.sent_count, self.sent_seconds = 0, 0.0

    def node_cos(self, j: int, node: str) -> float:
        rows = self.rows.get(node) or []
        return float(np.max(self.chunks[rows] @ self.q[j])) if rows else 0.0

    def best_sentence(self, j: int, node: str, text: str) -> tuple[str, float]:
        """The sentence of ``node`` nearest the question ``j`` and its cosine."""
        from regc.retrieval.answer import sentences

        if node not in self.sent:
            ss = sentences(text)
            t0 = time.perf_counter()
            vs = np.vstack([self.encode(ss[i:i + 64]) for i in range(0, len(ss), 64)]).astype(np.float64) \
                if ss else np.zeros((0, self.q.shape[1]))
            self.sent_seconds += time.perf_counter() - t0
            self.sent_count += len(ss)
            self.sent[node] = (ss, vs)
        ss, vs = self.sent[node]
        if not ss:
            return "", 0.0
        c = vs @ self.q[j]
        i = int(np.argmax(c))
        return ss[i], float(c[i])


def candidates(s, anchor, hits, dense: Dense, j: int, kind: str, x: float) -> list:
    """``(hit, support, claims)`` as :func:`~regc.retrieval.answer.extractive` computes them, with policy
    ``kind`` x's support (B) or fallback candidates (C); ``(hit, node cosine)`` pairs for A."""
    from regc.retrieval import answer as A
    from regc.retrieval.ask import node_text

    focus = A._focus(anchor)
    need = A.MIN_OVERLAP if len(focus) > 2 else 1
    top = hits[0].score if hits else 0.0
    found = []
    for i, h in enumerate(hits[:A.MAX_CANDIDATES]):
        if h.score < A.CITE_MARGIN * top:
            break
        text = node_text(s, h.node, h.version)
        weight = A.word_weights(s, h.node, focus)
        overlap, claims = A._claims(text, focus, need, weight)
        if claims:
            in_title = focus & A.title_keys(s, h.node)
            titled = A.TITLE_WEIGHT * (math.fsum(weight[w] for w in in_title) if weight else len(in_title))
            total = math.fsum(weight.values()) if weight else len(focus)
            cov = (overlap + titled) / (total or 1)
            if kind == "B":
                cov += x * dense.node_cos(j, h.node)
            found.append((h, h.score * cov, claims))
        elif kind == "C" and i < FALLBACK_HITS:
            sent, cos = dense.best_sentence(j, h.node, text)
            quote = A._trim(sent)
            if cos >= x and A.verbatim(quote, text):
                found.append((h, h.score * cos, [{"text": quote, "quote": quote}]))
    return found


def cite(s, rec: dict, j: int, dense: Dense, variant: tuple) -> list[str]:
    """The cited ids of ``rec``'s route hits under ``variant`` (``current``: :func:`extractive` itself)."""
    from regc.retrieval import answer as A

    kind, x, scope = variant
    anchor, hits = rec["anchor"], rec["hits"]
    if kind == "current" or (scope == "routed" and not rec["routed"]):
        return A.extractive(s, anchor, hits).rule_ids()
    found = candidates(s, anchor, hits, dense, j, kind, x)
    gate: frozenset = frozenset()
    if kind == "A" and found:
        gate = gated({f[0].node: dense.node_cos(j, f[0].node) for f in found}, x)
    return finish(s, anchor, hits, choose(found, A.SUPPORT_FLOOR, gate))


def gated(cosines: dict[str, float], c: float) -> frozenset:
    """Policy A's gate: the candidates whose node cosine reaches ``c`` x the best candidate's.

    >>> sorted(gated({"a#1": 0.60, "a#2": 0.58, "a#3": 0.50}, 0.95))
    ['a#1', 'a#2']
    """
    top = max(cosines.values(), default=0.0)
    return frozenset(n for n, v in cosines.items() if v >= c * top)


def choose(found: list, floor: float, gate: frozenset = frozenset()) -> list:
    """:func:`extractive`'s "answering" choice: the best-supported candidate first (the key), then, in retrieval
    order, those whose support reaches ``floor`` x its or that the ``gate`` names."""
    best = max((f[1] for f in found), default=0.0)
    key = [f for f in found if f[1] == best][:1]
    return key + [f for f in found if f not in key and (f[1] >= floor * best or f[0].node in gate)]


def finish(s, anchor, hits, chosen: list) -> list[str]:
    """:func:`extractive`'s steps after the choice (cued, term, activity, introducers, the cap), as it does them
    (:func:`~regc.retrieval.answer.placed`)."""
    from regc.retrieval import answer as A

    return [h.node for h, _, _ in A.placed(s, anchor, hits, chosen, A.CITE_CUED, A.MAX_RULES)]


def rows_of(s, recs: list[dict], dense: Dense, variant: tuple) -> list[dict]:
    from regc.eval.retrieval import citation_metrics

    return [{"set": r["set"], "i": r["i"], **citation_metrics(cite(s, r, j, dense, variant), r["gold"])}
            for j, r in enumerate(recs)]


def diagnose(s, recs: list[dict], dense: Dense) -> None:
    """Per pool: among the candidates extractive considers (with an answering sentence) and does not cite, the node
    cosine's rank (0 = the highest among them all) for the key, other gold and non-gold; and the key's best
    sentence cosine where it has no answering sentence in the first 3 hits."""
    from harness.cite_eval import POOLS
    from regc.retrieval import answer as A
    from regc.retrieval.ask import node_text

    for name, pred in POOLS:
        ranks: dict[str, Counter] = {"key": Counter(), "other gold": Counter(), "non-gold": Counter()}
        fallback: dict[str, list] = {"key": [], "other": []}
        for j, r in enumerate(recs):
            if not pred(r["set"]):
                continue
            found = candidates(s, r["anchor"], r["hits"], dense, j, "current", 0)
            cos = sorted(((dense.node_cos(j, f[0].node), f[0].node) for f in found), reverse=True)
            cited = set(cite(s, r, j, dense, ("current", 0, "all")))
            for i, (_, n) in enumerate(cos):
                if n not in cited:
                    c = "key" if n == r["gold"][0] else "other gold" if n in r["gold"] else "non-gold"
                    ranks[c][min(i, 3)] += 1
            have = {f[0].node for f in found}
            for h in r["hits"][:FALLBACK_HITS]:
                if h.node not in have and h.score >= A.CITE_MARGIN * r["hits"][0].score:
                    _, c = dense.best_sentence(j, h.node, node_text(s, h.node, h.version))
                    fallback["key" if h.node == r["gold"][0] else "other"].append(round(c, 2))
        print(name, "uncited candidates by node-cosine rank (3 = 3+):",
              {k: dict(sorted(v.items())) for k, v in ranks.items()}, flush=True)
        print(name, "no answering sentence, first 3 hits, best sentence cosine: key", sorted(fallback["key"]),
              "other: n", len(fallback["other"]), "quartiles",
              np.percentile(fallback["other"], [25, 50, 75]).round(2).tolist() if fallback["other"] else [],
              flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("dump")
    ap.add_argument("--diagnose", action="store_true")
    a = ap.parse_args(argv)
    recs = load(a.dump, "route")
    s = open_searcher(a.index)
    memoised_claims()
    dense = Dense(s, recs)
    print(f"question vectors: {len(recs)} in {dense.q_seconds:.1f}s", flush=True)
    if a.diagnose:
        diagnose(s, recs, dense)
        return 0
    table = {}
    for v in VARIANTS:
        table[v] = rows_of(s, recs, dense, v)
        show(f"{v[0]}{v[1]}/{v[2]}", table[v])
    same = rows_of(s, recs, dense, ("B", 0.0, "all")) == table[VARIANTS[0]]
    print("check: B lam=0 (the re-implemented choice) == extractive on every question:", same, flush=True)
    print(f"sentence vectors: {dense.sent_count} sentences of {len(dense.sent)} provisions in "
          f"{dense.sent_seconds:.1f}s", flush=True)
    rows, chosen = loso(table, VARIANTS[0], sorted({r["set"] for r in recs}))
    show("LOSO", rows)
    names = {h: f"{k}{x}/{sc}" for h, (k, x, sc) in chosen.items()}
    common = Counter(names.values()).most_common()
    print(common, "; the others:", {h: n for h, n in names.items() if n != common[0][0]}, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
