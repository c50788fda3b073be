"""The memory's vote as evidence for citing a provision (H14cv, round 44), scored leave-one-set-out on the route's
cached hits (:mod:`harness.cite_dump`, ``--order route``).

    python -m harness.cite_memory vectors IDX DUMP.pkl VECS.npy    # each routed question's memory vector, once
    python -m harness.cite_memory loso IDX DUMP.pkl VECS.npy        # the grid below, in sample and LOSO
    python -m harness.cite_memory loso IDX DUMP.pkl VECS.npy --vote key   # round 47's key vote (below)

For a question answered by the memory order (``rec["routed"]``), a candidate's vote share (``mem_share`` of
:mod:`regc.retrieval.memory_features`: its share of the votes of the nearest released questions) is read from the
memory WITHOUT the question's own set and, in a leave-one-set-out fold, without the held set too (never the
question's own gold).  Policies (fixed before any run): ``add`` -- after :func:`~regc.retrieval.answer.extractive`'s
own choice, also cite (within its ``MAX_RULES`` cap, after its own choices, so none is displaced) each candidate it
considers (the first ``MAX_CANDIDATES`` hits down to the margin, with an answering sentence) whose share reaches v;
``floor`` -- such a candidate passes the support floor inside the choice (so it takes its place in retrieval order,
before cued provisions and introducers are placed and the cap is applied).  v in ``SHARES``.

``--vote key`` (H14kv, round 47): the share is the KEY vote -- the similarity-weighted share of the nearest released
questions whose key provision (gold[0]) is the candidate (the same tally on a memory whose gold lists are cut to
their first provision: :func:`regc.retrieval.key_vote.key_memory`).  Policies ``add`` as above and ``first`` -- as ``add``, and the
considered candidate with the highest share >= v, when cited, is moved to the first place among the cited.

>>> [f"{m}@{v}" for m, v in VARIANTS][:2]
['current@0', 'add@0.15']
>>> [f"{m}@{v}" for m, v in variants("key")][-1]
'first@0.5'
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter

import numpy as np

from harness.cite_eval import load, open_searcher, pooled, show
from regc.retrieval.key_vote import key_memory  # the package's key vote (round 47b), not a copy beside it

SHARES = (0.15, 0.25, 0.35, 0.5)
MODES = ("add", "floor")
KEY_MODES = ("add", "first")
VOTES = {"all": MODES, "key": KEY_MODES}  # which vote, the policies of its grid


def variants(vote: str = "all") -> tuple:
    """The grid of ``vote``: the current policy first, then each policy at each share in ``SHARES``."""
    return (("current", 0),) + tuple((m, v) for m in VOTES[vote] for v in SHARES)


VARIANTS = variants("all")




def question_vectors(index: str, recs: list[dict]) -> np.ndarray:
    """Each routed record's memory vector (``trace["memory_vector"]`` of the memory asker, as
    :func:`regc.retrieval.rerank.retrieve_reranked` reads it); a row of zeros for a record not routed."""
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.search import Searcher

    asker = Asker(Searcher.open(index), memory=load_memory().leaving_out_copies())
    out = np.zeros((len(recs), load_memory().vectors.shape[1]), dtype=np.float32)
    for j, r in enumerate(recs):
        if r["routed"]:
            trace: dict = {}
            asker.retrieve(r["question"], 10, trace=trace)
            if trace.get("memory_vector") is not None:
                out[j] = np.asarray(trace["memory_vector"], dtype=np.float32)
    return out


def shares(memory, sims: np.ndarray, row_sets: np.ndarray, left_out: tuple, nodes: list[str]) -> dict[str, float]:
    """``mem_share`` of ``nodes`` read from ``memory`` without the rows of the sets ``left_out`` and without
    copies of the question (:meth:`Memory.without` + :meth:`Memory.leaving_out_copies`, emulated on the
    question's precomputed similarities ``sims`` to every row: the same rows, the same stable order)."""
    from regc.retrieval.memory import SAME_QUESTION
    from regc.retrieval.memory_features import memory_features

    keep = ~np.isin(row_sets, left_out) & (sims < SAME_QUESTION)
    order = np.argsort(-sims, kind="stable")
    rows = order[keep[order]][: memory.neighbours]
    ranked, nearest, s1 = memory.tally_rows(sims, rows)
    return {n: f[0] for n, f in zip(nodes, memory_features(ranked, nearest, s1, nodes, memory.neighbours))}


def considered(s, anchor, hits) -> list:
    """:func:`extractive`'s candidates: ``(hit, support, claims)`` of the first ``MAX_CANDIDATES`` hits down to
    the margin that have an answering sentence (its own computation, repeated)."""
    from regc.retrieval import answer as A
    from regc.retrieval.ask import node_text

    focus = A._focus(anchor)
    need = A.MIN_OVERLAP if len(focus) > 2 else 1
    top = hits[0].score if hits else 0.0
    found = []
    for h in hits[:A.MAX_CANDIDATES]:
        if h.score < A.CITE_MARGIN * top:
            break
        weight = A.word_weights(s, h.node, focus)
        overlap, claims = A._claims(node_text(s, h.node, h.version), focus, need, weight)
        if claims:
            in_title = focus & A.title_keys(s, h.node)
            titled = A.TITLE_WEIGHT * (math.fsum(weight[w] for w in in_title) if weight else len(in_title))
            total = math.fsum(weight.values()) if weight else len(focus)
            found.append((h, h.score * (overlap + titled) / (total or 1), claims))
    return found


def cite(s, rec: dict, mode: str, voted: tuple) -> list[str]:
    """The cited ids of ``rec``'s route hits under ``mode`` with the candidates ``voted`` (share >= v, highest
    share first)."""
    from regc.retrieval import answer as A

    if mode == "current" or not voted:
        return A.extractive(s, rec["anchor"], rec["hits"]).rule_ids()
    found = considered(s, rec["anchor"], rec["hits"])
    if mode in ("add", "first"):
        own = A.extractive(s, rec["anchor"], rec["hits"]).rule_ids()
        extra = [f[0].node for f in found if f[0].node in voted and f[0].node not in own]
        out = (own + extra)[:A.MAX_RULES]
        top = next((n for n in voted if n in {f[0].node for f in found}), None)
        if mode == "first" and top in out:
            out = [top] + [n for n in out if n != top]
        return out
    best = max((f[1] for f in found), default=0.0)  # mode "floor": a voted candidate passes the support floor
    lift = {f[0].node: f[1] for f in found if f[0].node in voted and 0 < f[1] < A.SUPPORT_FLOOR * best}
    if not lift:
        return A.extractive(s, rec["anchor"], rec["hits"]).rule_ids()
    # the floor test is support >= SUPPORT_FLOOR x best, support = score x coverage: a lifted candidate's score is
    # raised so that its support just reaches the floor (never the best: the key stays extractive's own); the
    # margin is divided by the first hit's factor, so that the margin's threshold is the same
    from regc.retrieval.ask import Retrieved

    factor = {n: A.SUPPORT_FLOOR * best * (1 + 1e-9) / sup for n, sup in lift.items()}
    hits = [Retrieved(h.node, h.score * factor.get(h.node, 1.0), h.origin, h.version) for h in rec["hits"]]
    margin = A.CITE_MARGIN / factor.get(rec["hits"][0].node, 1.0)
    return A.extractive(s, rec["anchor"], hits, margin=margin).rule_ids()


class Votes:
    """Per routed record, its candidates' vote shares with given sets left out of the memory (cached)."""

    def __init__(self, recs: list[dict], vectors: np.ndarray, vote: str = "all"):
        from regc.retrieval.memory import load_memory

        self.memory, self.recs = load_memory(), recs
        if [tuple(r["gold"]) for r in recs] != list(self.memory.gold):
            raise SystemExit("the dump's records are not the memory's rows (regenerate one of them)")
        if vote == "key":
            self.memory = key_memory(self.memory)
        self.row_sets = np.array([r["set"] for r in recs])
        self.sims = np.asarray(vectors, dtype=np.float64) @ np.asarray(self.memory.vectors, dtype=np.float64).T
        self.cache: dict = {}

    def voted(self, j: int, held: str, v: float) -> tuple:
        """The first ``MAX_CANDIDATES`` route hits of record ``j`` whose share reaches ``v``, the memory without
        the record's own set and ``held`` (highest share first; ties by id)."""
        from regc.retrieval.answer import MAX_CANDIDATES

        rec = self.recs[j]
        key = (j, tuple(sorted({rec["set"], held})))
        if key not in self.cache:
            nodes = [h.node for h in rec["hits"][:MAX_CANDIDATES]]
            self.cache[key] = shares(self.memory, self.sims[j], self.row_sets, key[1], nodes)
        return tuple(n for n, x in sorted(self.cache[key].items(), key=lambda nx: (-nx[1], nx[0])) if x >= v)


def fold_rows(s, recs: list[dict], votes: Votes, variant: tuple, held: str, base: list[dict], memo: dict) -> list:
    """Per-question citation metrics of ``variant`` for every record, the memory without ``held`` (and each
    record's own set); a record not routed keeps the current policy's row ``base``."""
    from regc.eval.retrieval import citation_metrics

    mode, v = variant
    out = []
    for j, r in enumerate(recs):
        if mode == "current" or not r["routed"]:
            out.append(base[j])
            continue
        voted = votes.voted(j, held, v)
        k = (j, mode, voted)
        if k not in memo:
            memo[k] = {"set": r["set"], "i": r["i"], **citation_metrics(cite(s, r, mode, voted), r["gold"])}
        out.append(memo[k])
    return out


def feasible_loso(s, recs: list[dict], votes: Votes, grid: tuple = VARIANTS) -> tuple[list[dict], dict]:
    """Round 37's rule per held set: among the variants whose pooled key, precision and recall on the other sets
    stay within .005 of the current policy's there (:func:`harness.cite_eval.feasible`), the one citing the most
    keys there (ties: the order of ``grid``); the held set answered by it, its votes read without its own set."""
    from harness.cite_eval import feasible
    from regc.eval.retrieval import citation_metrics

    base = [{"set": r["set"], "i": r["i"], **citation_metrics(cite(s, r, "current", ()), r["gold"])}
            for r in recs]
    memo: dict = {}
    out, chosen = [], {}
    for held in sorted({r["set"] for r in recs}):
        table = {v: [x for x in fold_rows(s, recs, votes, v, held, base, memo) if x["set"] != held]
                 for v in grid}
        ref = pooled(table[grid[0]])
        ok = [v for v in grid if feasible(ref, pooled(table[v]))]
        best = max(ok, key=lambda v: (math.fsum(x["cit_key"] for x in table[v]), -grid.index(v)))
        chosen[held] = best
        out += [x for x in fold_rows(s, recs, votes, best, held, base, memo) if x["set"] == held]
    return out, chosen


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("vectors", "loso"))
    ap.add_argument("index")
    ap.add_argument("dump")
    ap.add_argument("vectors")
    ap.add_argument("--vote", choices=tuple(VOTES), default="all", help="all gold provisions (round 44) or the key")
    a = ap.parse_args(argv)
    recs = load(a.dump, "route")
    if a.what == "vectors":
        np.save(a.vectors, question_vectors(a.index, recs))
        return 0
    from harness.cite_eval import memoised_claims
    from regc.eval.retrieval import citation_metrics

    s = open_searcher(a.index)
    memoised_claims()
    votes, grid = Votes(recs, np.load(a.vectors), a.vote), variants(a.vote)
    base = [{"set": r["set"], "i": r["i"], **citation_metrics(cite(s, r, "current", ()), r["gold"])}
            for r in recs]
    memo: dict = {}
    for v in grid:  # in sample: each question's votes without its own set only
        show(f"{v[0]}@{v[1]}", fold_rows(s, recs, votes, v, "", base, memo))
    rows, chosen = feasible_loso(s, recs, votes, grid)
    show("LOSO", rows)
    print(Counter(f"{m}@{v}" for m, v in chosen.values()).most_common(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
