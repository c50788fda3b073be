"""Round 48 (H14fc): bring a missing second / third gold provision into the route's top 10 -- move up to n
candidates of the memory order's ranks 11-30 to position p when the memory votes for them (or the question names
their term), scored leave-one-set-out on every released set's routed questions.

    python -m harness.route_slots dump IDX OUT.pkl        # each routed question's memory-order top 30, once
    python -m harness.route_slots diagnose OUT.pkl        # where the gold outside the top 10 lies
    python -m harness.route_slots loso IDX OUT.pkl        # the grid below, in sample and LOSO (+ citations)

For a question answered by the memory order (``rec["routed"]``; the route of :mod:`regc.retrieval.networks`,
computed as :mod:`harness.cite_dump` computes it: the memory asker without each question's own stored copy), the
order's top 30 (:func:`regc.retrieval.rerank.retrieve_reranked` at k = 30) and the memory vector it read.  A
candidate's vote shares (all-gold ``mem_share`` and the key share) are read from the memory WITHOUT the question's
own set and, in a leave-one-set-out fold, without the held set too (never the question's own gold).

Grid (fixed before any run): rule A "voted" (all-gold share >= v, v in ``SHARES``), B "named term" (origin
``term`` or a node of ``anchor.term_nodes``), C = A or B; n in ``MOVES``; p in ``SLOTS`` (1-based position; the
moved candidates, best rank first, are inserted there, the rest pushed down, the list cut to 10; a moved
candidate takes the score of the hit whose place it takes, so the scores stay non-increasing).

>>> [h for h in slotted(list("abcdefghijklmn"), {"l", "m"}, 1, 5)][:10]
['a', 'b', 'c', 'd', 'l', 'e', 'f', 'g', 'h', 'i']
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

SHARES = (0.10, 0.15, 0.25)
MOVES = (1, 2)
SLOTS = (5, 9)
K = 10
DEEP = 30


def variants() -> tuple:
    """The current order first, then (rule, v, n, p) for rules A, B, C (B has no v)."""
    out = [("current", 0.0, 0, 0)]
    for rule in ("A", "B", "C"):
        for v in (SHARES if rule != "B" else (0.0,)):
            for n in MOVES:
                for p in SLOTS:
                    out.append((rule, v, n, p))
    return tuple(out)


def slotted(nodes: list, chosen: set, n: int, p: int, k: int = K) -> list:
    """``nodes`` (ids, best first) with up to ``n`` of ``chosen`` found at ranks k+1.. moved to position ``p``
    (1-based), cut to ``k``."""
    movers = [x for x in nodes[k:] if x in chosen][:n]
    if not movers:
        return list(nodes[:k])
    rest = [x for x in nodes[:k]]
    return (rest[:p - 1] + movers + rest[p - 1:])[:k]


def is_practitioner(name: str) -> bool:
    from harness.rerank_eval import PRACTITIONER_PREFIXES

    return name.startswith(PRACTITIONER_PREFIXES)


class Shares:
    """Per routed record, its ranks 11-30's all-gold and key vote shares, the memory without the record's own set
    and a held set (cached); the record's memory rows checked against the dump's records."""

    def __init__(self, recs: list[dict]):
        from harness.cite_memory import key_memory
        from regc.retrieval.memory import load_memory

        self.memory = load_memory()
        if [tuple(r["gold"]) for r in recs] != list(self.memory.gold):
            raise SystemExit("the dump's records are not the memory's rows (regenerate one of them)")
        self.keys = key_memory(self.memory)
        self.recs, self.row_sets = recs, np.array([r["set"] for r in recs])
        V = np.asarray(self.memory.vectors, dtype=np.float64)
        self.sims = {j: V @ np.asarray(r["mvec"], dtype=np.float64) for j, r in enumerate(recs)
                     if r["routed"] and r.get("mvec") is not None}
        self.cache: dict = {}

    def of(self, j: int, held: str, key: bool = False) -> dict[str, float]:
        from harness.cite_memory import shares

        rec = self.recs[j]
        left = tuple(sorted({rec["set"], held} - {""}))
        c = (j, left, key)
        if c not in self.cache:
            nodes = [h.node for h in rec["hits"][K:]]
            self.cache[c] = {} if j not in self.sims else \
                shares(self.keys if key else self.memory, self.sims[j], self.row_sets, left, nodes)
        return self.cache[c]


def chosen_nodes(rec: dict, variant: tuple, share: dict[str, float]) -> set:
    """The ranks 11-30 candidates of ``rec`` that ``variant``'s rule accepts."""
    rule, v, _, _ = variant
    named = {h.node for h in rec["hits"][K:] if h.origin == "term" or h.node in set(rec["anchor"].term_nodes)}
    voted = {n for n, x in share.items() if x >= v} if rule in ("A", "C") else set()
    return voted | (named if rule in ("B", "C") else set())


def top10(rec: dict, variant: tuple, share: dict[str, float]) -> list[str]:
    nodes = [h.node for h in rec["hits"]]
    if variant[0] == "current":
        return nodes[:K]
    return slotted(nodes, chosen_nodes(rec, variant, share), variant[2], variant[3])


def voted_order(sh: Shares):
    """Round 48's rule hook: ``order(j, rec, variant, held)`` -> the top 10 ids of routed record ``j`` under
    ``variant``, its votes read without its own set and ``held`` (another round passes its own hook to
    :func:`rows_of`, :func:`loso` and :func:`citations`)."""
    return lambda j, rec, variant, held: top10(rec, variant, sh.of(j, held))


def rows_of(recs: list[dict], sh: Shares, variant: tuple, held: str, order=None) -> list[dict]:
    """Per routed record, R@10 / FullCov@10 of ``variant`` with votes read without its own set and ``held``
    (``order``: the rule hook, :func:`voted_order` by default)."""
    from regc.eval.retrieval import ranking_metrics

    order = order or voted_order(sh)
    out = []
    for j, r in enumerate(recs):
        if r["routed"]:
            m = ranking_metrics(order(j, r, variant, held), r["gold"])
            out.append({"set": r["set"], "j": j, "recall": m["recall"], "fullcov": m["fullcov"]})
    return out


def pools(rows: list[dict]) -> dict[str, tuple]:
    out = {}
    for name, pred in (("HIPAA", lambda s: True), ("practitioner", is_practitioner)):
        rs = [x for x in rows if pred(x["set"])]
        n = max(1, len(rs))
        out[name] = (math.fsum(x["recall"] for x in rs) / n, math.fsum(x["fullcov"] for x in rs) / n, len(rs))
    return out


def label(v: tuple) -> str:
    return "current" if v[0] == "current" else f"{v[0]}" + (f"@{v[1]:.2f}" if v[0] != "B" else "") + \
        f" n{v[2]} p{v[3]}"


def show(name: str, rows: list[dict]) -> None:
    p = pools(rows)
    print(f"{name:22s} " + "  ".join(f"{k} {a:.3f}/{b:.3f} ({n})" for k, (a, b, n) in p.items()), flush=True)


def loso(recs: list[dict], sh: Shares, grid: tuple, order=None) -> tuple[list[dict], dict]:
    """Per held set, the variant with the best pooled practitioner FullCov@10 on the other sets among those whose
    HIPAA R@10 and FullCov@10 there are within .005 of the current's (``grid[0]``; ties: grid order); the held set
    answered by it, its votes read without its own set (``order``: the rule hook, :func:`voted_order` by default)."""
    out, picked = [], {}
    sets = sorted({r["set"] for r in recs if r["routed"]})
    for held in sets:
        table = {v: [x for x in rows_of(recs, sh, v, held, order) if x["set"] != held] for v in grid}
        ref = pools(table[grid[0]])["HIPAA"]
        ok = [v for v in grid if all(pools(table[v])["HIPAA"][i] >= ref[i] - 0.005 for i in (0, 1))]
        best = max(ok, key=lambda v: (pools(table[v])["practitioner"][1], -grid.index(v)))
        picked[held] = best
        out += [x for x in rows_of(recs, sh, best, held, order) if x["set"] == held]
    return out, picked


def moved_hits(rec: dict, ids: list[str]) -> list:
    """The top 10 ``ids`` as ``Retrieved`` hits of ``rec``; a moved candidate takes the score of the hit whose
    place it takes (the scores stay non-increasing)."""
    import dataclasses

    by = {h.node: h for h in rec["hits"]}
    scores = [h.score for h in rec["hits"][:K]]
    return [dataclasses.replace(by[n], score=scores[i]) for i, n in enumerate(ids)]


def cited(s, memory, rec: dict, ids: list[str]) -> tuple[list[str], int, int]:
    """(cited ids, rules not in the top 10, claims not verbatim) of the answer on the top 10 ``ids`` carrying the
    memory's key vote as `regc ask --eval` reads it (the memory without the question's own copy)."""
    import dataclasses

    from regc.retrieval.answer import extractive
    from regc.retrieval.ask import node_text
    from regc.retrieval.key_vote import key_shares

    hits = moved_hits(rec, ids)
    ks = key_shares(memory, rec.get("mvec"), [h.node for h in hits])
    hits = [dataclasses.replace(h, key_share=x) for h, x in zip(hits, ks)]
    ans = extractive(s, rec["anchor"], hits)
    top = set(ids)
    unretrieved = sum(r["rule_id"] not in top for r in ans.rules)
    loose = sum(c not in node_text(s, r["rule_id"], r.get("version")) for r in ans.rules for c in r["claims"]
                if isinstance(c, str))
    return ans.rule_ids(), unretrieved, loose


def citations(index: str, recs: list[dict], sh: Shares, picked: dict, order=None,
              current: tuple = ("current", 0.0, 0, 0)) -> None:
    """Citation key / precision / recall of the current route and of the LOSO picks on every routed record;
    attribution counts of both (``order``: the rule hook, :func:`voted_order` by default; ``current``: the grid's
    current order)."""
    from harness.cite_eval import open_searcher
    from regc.eval.retrieval import citation_metrics

    order = order or voted_order(sh)
    s = open_searcher(index)
    memory = sh.memory.leaving_out_copies()
    out = {"current": [], "loso": []}
    bad = {"current": [0, 0], "loso": [0, 0]}
    moved, brought = 0, Counter()
    for j, r in enumerate(recs):
        if not r["routed"]:
            continue
        ids = {"current": order(j, r, current, r["set"]), "loso": order(j, r, picked[r["set"]], r["set"])}
        moved += ids["current"] != ids["loso"]
        for n in set(ids["loso"]) - set(ids["current"]):
            brought[n in r["gold"]] += 1
        done = {}
        for k, t in ids.items():
            key = tuple(t)
            if key not in done:
                done[key] = cited(s, memory, r, t)
            c, u, l = done[key]
            bad[k][0] += u
            bad[k][1] += l
            out[k].append({"set": r["set"], **citation_metrics(c, r["gold"])})
    print(f"moved into the top 10: {brought[True]} gold, {brought[False]} not gold")
    print(f"top 10 moved: {moved} routed questions; attribution (unretrieved / not verbatim): {bad}")
    for k, rows in out.items():
        for name, pred in (("HIPAA", lambda x: True), ("practitioner", is_practitioner)):
            rs = [x for x in rows if pred(x["set"])]
            f = {m: math.fsum(x[m] for x in rs) / max(1, len(rs)) for m in ("cit_key", "cit_precision", "cit_recall")}
            print(f"cite {k:8s} {name:13s} key/prec/rec " + "/".join(f"{f[m]:.3f}" for m in f) + f" ({len(rs)})")


def diagnose(recs: list[dict], sh: Shares) -> None:
    """Each routed question's gold outside its top 10: rank band, key or later gold, origin, vote shares (the
    memory without the question's own set), named-term flag; counted per pool."""
    tally: Counter = Counter()
    for j, r in enumerate(recs):
        if not r["routed"]:
            continue
        nodes = [h.node for h in r["hits"]]
        pool = "practitioner" if is_practitioner(r["set"]) else "other-HIPAA"
        share, key = sh.of(j, r["set"]), sh.of(j, r["set"], key=True)
        terms = set(r["anchor"].term_nodes)
        for gi, g in enumerate(r["gold"]):
            if g in nodes[:K]:
                continue
            which = "gold[0]" if gi == 0 else "later gold"
            if g not in nodes:
                tally[(pool, which, "absent", "-", "-")] += 1
                continue
            h = r["hits"][nodes.index(g)]
            x = share.get(g, 0.0)
            band = ">=.25" if x >= .25 else ">=.15" if x >= .15 else ">=.10" if x >= .10 else ">0" if x > 0 else "0"
            named = "named" if (h.origin == "term" or g in terms) else "unnamed"
            tally[(pool, which, "11-30", f"share {band}", f"{h.origin}/{named}")] += 1
            print(f"  {r['set']}#{r['i']} {g} rank {nodes.index(g) + 1} {which} origin {h.origin} "
                  f"mem_share {x:.3f} key {key.get(g, 0.0):.3f} {named}", flush=True)
    for k, n in sorted(tally.items()):
        print(f"{n:4d}  " + "  ".join(k))


def dump(index: str, out: str, own_set_out: bool = False) -> None:
    """The dump (module docstring); ``own_set_out``: the memory order read with the memory without the question's
    whole set (a closer stand-in for a set read at first contact; the re-ranker's weights stay the shipped ones)."""
    from harness.cite_dump import released_sets
    from harness.rerank_dump import FIXTURES
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.networks import MODELS, load_networks, question_route
    from regc.retrieval.rerank import retrieve_reranked
    from regc.retrieval.search import Searcher

    asker = Asker(Searcher.open(Path(index)))
    memory = Asker(asker.s, memory=load_memory().leaving_out_copies())
    chosen = load_networks()
    warm_up(asker)
    recs = []
    sets = [r for name in released_sets() for r in [name] * len(load_qa(FIXTURES / f"{name}.jsonl"))]
    for name in released_sets():
        t0 = time.perf_counter()
        if own_set_out:
            memory = Asker(asker.s, memory=load_memory().without([x != name for x in sets]))
        for i, it in enumerate(load_qa(FIXTURES / f"{name}.jsonl")):
            trace: dict = {}
            anchor, _ = retrieve_reranked(asker, it["question"], 10, trace=trace)
            routed = question_route(asker, memory, anchor, trace, chosen) == MODELS[1]
            rec = {"set": name, "i": i, "gold": it["gold"], "question": it["question"], "routed": routed}
            if routed:
                mt: dict = {}
                m_anchor, hits = retrieve_reranked(memory, it["question"], DEEP, trace=mt)
                mv = mt.get("memory_vector")
                rec |= {"anchor": m_anchor, "hits": hits,
                        "mvec": None if mv is None else np.asarray(mv, dtype=np.float32)}
            recs.append(rec)
        print(f"{name} {time.perf_counter() - t0:.1f}s", file=sys.stderr, flush=True)
    with open(out, "wb") as f:
        pickle.dump(recs, f)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("dump", "diagnose", "loso"))
    ap.add_argument("args", nargs="+")
    ap.add_argument("--own-set-out", action="store_true", help="dump: the memory order without the whole set")
    a = ap.parse_args(argv)
    if a.what == "dump":
        dump(a.args[0], a.args[1], a.own_set_out)
        return 0
    with open(a.args[-1], "rb") as f:
        recs = pickle.load(f)
    sh = Shares(recs)
    if a.what == "diagnose":
        diagnose(recs, sh)
        return 0
    grid = variants()
    for v in grid:  # in sample: each question's votes without its own set only (information)
        show(label(v), rows_of(recs, sh, v, ""))
    rows, picked = loso(recs, sh, grid)
    show("LOSO", rows)
    print(Counter(label(v) for v in picked.values()).most_common(), flush=True)
    citations(a.args[0], recs, sh, picked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
