"""Why `regc ask --memory --rerank` (variant (2)) loses faq_eval's >= 3-gold questions (round 40, H14d3): a diagnosis.

    python -m harness.faq_spread_diag FUSED CANDS MEMDIR OUT.json [contrast sets, comma-separated]

For a held set the fold is :func:`harness.rerank_memory.loso`'s, strictly nested: the default's trees on the hand-set
dump (``CANDS``) of the other sets; (2)'s trees on the fusion dump (``FUSED``) with each training set's memory
features read without its own set and without the held set (:func:`harness.rerank_memory.add_memory`), both at
``CONFIG``.  Per question with >= 3 gold: both top 10s, each gold provision (2) loses from the default's top 10 with
its memory vote (share, rank in the memory's ranking), the provisions that displaced it and their votes, and the
question's five nearest released questions in the held-out memory (set, cosine, gold, overlap with the question's
gold).  Each lost gold is put in one of ``LOSS_CLASSES`` (first rule that holds, :func:`classify_loss`).

>>> classify_loss({"in_pool": True, "gold_vote": 0.0, "displacers": [("x", 0.2)], "neigh_overlap": 0, "hub": False})
'gold unvoted, non-gold voted in'
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from harness.rerank_memory import CONFIG, add_memory
from harness.train_rerank import fit_trees, load, rerank_order

MIN_GOLD = 3
NEAREST = 5
HUB_MIN = 2  # a displacer of gold in >= this many of the diagnosed questions is "recurring" (``hub``)

# (name, predicate over a lost gold's facts), first match wins; the last always holds
LOSS_CLASSES = (
    ("dropped from the fused pool", lambda f: not f["in_pool"]),
    ("displaced by a recurring memory-voted provision", lambda f: f["hub"] and any(v > 0 for _, v in f["displacers"])),
    ("gold unvoted, non-gold voted in", lambda f: f["gold_vote"] == 0 and any(v > 0 for _, v in f["displacers"])),
    ("gold voted, out-voted by non-gold", lambda f: f["gold_vote"] > 0
     and any(v > f["gold_vote"] for _, v in f["displacers"])),
    ("re-ordered without a memory reason", lambda f: True),
)


def classify_loss(facts: dict) -> str:
    """The first ``LOSS_CLASSES`` name whose rule holds for a lost gold's ``facts`` (``in_pool``: still among (2)'s
    30 candidates; ``gold_vote``: its memory vote share; ``displacers``: (provision, vote share) of the non-gold
    provisions new in (2)'s top 10; ``hub``: one of them is a hub)."""
    return next(name for name, rule in LOSS_CLASSES if rule(facts))


def _top(q: dict, w: dict) -> list[str]:
    return [q["nodes"][i] for i in rerank_order(q, w)[:10]]


def fold(fused: list[dict], cands: list[dict], V: np.ndarray, gold: list, m: int, held: str) -> tuple:
    """(default weights, (2)'s weights, fused questions with ``Xm``) of the fold that holds ``held`` out."""
    base = fit_trees([q for q in cands if q["set"] != held], *CONFIG)
    qm = add_memory(fused, V, gold, m, held)
    mem = fit_trees([dict(q, X=q["Xm"]) for q in qm if q["set"] != held], *CONFIG)
    return base, mem, qm


def question_report(qd: dict, qm: dict, base: dict, mem_w: dict, memory, v: np.ndarray, sets: list,
                    gold: list) -> dict:
    """One question's record (see the module docstring); ``memory``: the memory without the held set."""
    g = set(qd["gold"])
    d_top, m_top = _top(qd, base), _top(dict(qm, X=qm["Xm"]), mem_w)
    votes, nearest, _ = memory.tally(v)
    total = sum(x for _, x in votes) or 1.0
    share = {p: x / total for p, x in votes}
    mrank = {p: r + 1 for r, (p, _) in enumerate(votes)}
    displacers = [p for p in m_top if p not in g and p not in d_top]
    sims, rows = memory.nearest(v)
    neigh = [{"set": sets[j], "cos": round(float(sims[j]), 4), "gold": list(memory.gold[j]),
              "overlap": sorted(g & set(memory.gold[j]))} for j in rows[:NEAREST]]
    lost = [{"gold": p, "default_rank": d_top.index(p) + 1, "in_pool": p in qm["nodes"],
             "rank_2": ([qm["nodes"][k] for k in rerank_order(dict(qm, X=qm["Xm"]), mem_w)].index(p) + 1
                        if p in qm["nodes"] else None),
             "gold_vote": round(share.get(p, 0.0), 4), "mem_rank": mrank.get(p),
             "displacers": [(x, round(share.get(x, 0.0), 4), mrank.get(x)) for x in displacers]}
            for p in d_top if p in g and p not in m_top]
    gained = [{"gold": p, "rank_2": m_top.index(p) + 1, "gold_vote": round(share.get(p, 0.0), 4),
               "mem_rank": mrank.get(p)} for p in m_top if p in g and p not in d_top]
    return {"set": qd["set"], "i": qd["i"], "gold": sorted(g), "default": [(r + 1, p) for r, p in enumerate(d_top)
                                                                           if p in g],
            "mem2": [(r + 1, p) for r, p in enumerate(m_top) if p in g], "mem_top10": [p for p, _ in votes[:10]],
            "lost": lost, "gained": gained, "neighbours": neigh,
            "neigh_gold_overlap": len(g & {p for n in neigh for p in n["gold"]})}


def diagnose(fused: list[dict], cands: list[dict], V: np.ndarray, gold: list, m: int, held: str,
             pick=lambda r: True) -> list[dict]:
    """The records of ``held``'s >= ``MIN_GOLD``-gold questions that ``pick(record)`` keeps."""
    from regc.retrieval.memory import Memory

    base, mem_w, qm = fold(fused, cands, V, gold, m, held)
    sets = [q["set"] for q in fused]
    keep = [s != held for s in sets]
    memory = Memory(V, tuple(tuple(x) for x in gold), m, skip_copies=True).without(keep)
    kept_sets = [s for s, k in zip(sets, keep) if k]
    by_key = {(q["set"], q["i"]): q for q in cands}
    out = []
    for k, q in enumerate(qm):
        if q["set"] != held or len(q["gold"]) < MIN_GOLD:
            continue
        r = question_report(by_key[(q["set"], q["i"])], q, base, mem_w, memory, V[k], kept_sets, gold)
        if pick(r):
            out.append(r)
    return out


def memory_recall(V: np.ndarray, gold: list, sets: list, m: int, min_gold: int = MIN_GOLD) -> dict:
    """Per set, over its questions with >= ``min_gold`` gold: (count, mean share of the gold in the top 10 of the
    memory without the set, mean cosine of the nearest other-set question) -- how much the memory alone knows.

    >>> V = np.array([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]], dtype=np.float32)
    >>> memory_recall(V, [["a", "b"], ["a", "c"], ["d", "e"]], ["s", "t", "t"], 2, 2)["s"]
    (1, 0.5, 0.8)
    """
    from regc.retrieval.memory import Memory

    full = Memory(V, tuple(tuple(x) for x in gold), m, skip_copies=True)
    out = {}
    for own in sorted(set(sets)):
        mem = full.without([s != own for s in sets])
        rows = [(len(set(gold[i]) & set(mem.ranking(V[i])[:10])) / len(gold[i]), float(mem.tally(V[i])[2]))
                for i, s in enumerate(sets) if s == own and len(gold[i]) >= min_gold]
        if rows:
            out[own] = (len(rows), round(math.fsum(r for r, _ in rows) / len(rows), 4),
                        round(math.fsum(c for _, c in rows) / len(rows), 4))
    return out


def classify_all(records: list[dict]) -> Counter:
    """Adds ``class`` to every lost gold of ``records`` (hubs counted over these records); the class counts."""
    hubs = Counter(x for r in records for x in sorted({d[0] for lost in r["lost"] for d in lost["displacers"]}))
    counts = Counter()
    for r in records:
        for lost in r["lost"]:
            facts = dict(lost, neigh_overlap=r["neigh_gold_overlap"],
                         displacers=[(x, v) for x, v, _ in lost["displacers"]],
                         hub=any(hubs[x] >= HUB_MIN for x, _, _ in lost["displacers"]))
            lost["class"] = classify_loss(facts)
            counts[lost["class"]] += 1
    return counts


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    fused, cands = load(Path(argv[0])), load(Path(argv[1]))
    g = json.loads((Path(argv[2]) / "memory_gold.json").read_text(encoding="utf-8"))
    V, m = np.load(Path(argv[2]) / "memory_vectors.npy").astype(np.float32), int(g["neighbours"])
    res = {"faq_eval": diagnose(fused, cands, V, g["gold"], m, "faq_eval")}
    for s in (argv[4].split(",") if len(argv) > 4 else []):
        res[s] = diagnose(fused, cands, V, g["gold"], m, s,
                          lambda r: len(r["mem2"]) > len(r["default"]))
    out = {s: {"records": r, "classes": dict(sorted(classify_all(r).items()))} for s, r in res.items()}
    out["memory_recall"] = memory_recall(V, g["gold"], [q["set"] for q in fused], m)
    Path(argv[3]).write_text(json.dumps(out, sort_keys=True, indent=1), encoding="utf-8")
    for s, o in out.items():
        if s != "memory_recall":
            print(s, len(o["records"]), o["classes"])
    return 0


__all__ = ["LOSS_CLASSES", "classify_all", "classify_loss", "diagnose", "fold", "memory_recall", "question_report"]


if __name__ == "__main__":
    sys.exit(main())
