"""The memory's vote as features of the learned re-ranker (issue 14, round 35), judged leave-one-set-out.

    python -m harness.rerank_dump IDX /tmp/h14rm/cands30.jsonl --sets ALL   # candidates + features, once
    python -m harness.rerank_memory loso /tmp/h14rm/cands30.jsonl OUT.json [3x100]  # both columns, LOSO
    python -m harness.rerank_memory summary OUT.json                       # the pools
    python -m harness.rerank_memory dump-fused IDX FUSED.jsonl   # variant: candidates of hand-set + memory fusion

For each held set the memory is the shipped one (:mod:`regc.retrieval.memory`, every released question) without the
held set's rows and without copies of its questions (``skip_copies``: a past question at cosine >= .9999 to the
asked one does not vote); the asked question's vector is its own memory row (the question view, float16), so no
question ever votes for itself.  In the outer fold of held set A, a training question of set B reads the memory
without A and without B.  ``MEMORY_FEATURES`` are appended to round 28's rows; the candidates stay the dump's top 30
(the memory only re-orders what retrieval found): the hand-set order's (``harness.rerank_dump``) or, the second
variant, the hand-set + memory fusion's (``dump-fused``: ``regc ask --memory``'s fusion, each set asked with the
memory without its own set -- so a training set's candidates were found with the outer held set's questions in
the memory, a 1/55 leak the features do not have).  Both columns -- round 28's features and round 28's + the
memory's -- are fitted in the same folds with the same learner at ``CONFIG`` (the fixed setting: depth 2 x 200
trees, the inner folds' choice for 36 of round 28's 46 held sets and for the shipped weights; no inner folds).

>>> memory_features([("a", 2.0), ("b", 1.0)], {"a": (0.9, 3), "b": (0.5, 2)}, 0.9, ["b", "c"], 20)[0]
[0.333333333, 0.5, 0.5, 1.0, 0.5, 0.1, 0.9, 0.666666667]
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

from harness.train_rerank import _mean, fit_trees, load, rerank_order, score_set

MEMORY_FEATURES = ("mem_share", "mem_rel", "mem_recip_rank", "mem_top10", "mem_nearest_sim", "mem_voters",
                   "mem_s1", "mem_best_share")
CONFIG = (2, 200)  # trees: depth, count (fixed; see the module docstring)
TOP = 10  # the memory's top for ``mem_top10``
PRACTITIONER = tuple(f"hipaa_hhsfaq{i}" if i > 1 else "hipaa_hhsfaq" for i in range(1, 7)) + tuple(
    f"hipaa_webfaq{i}" if i > 1 else "hipaa_webfaq" for i in range(1, 7))
POOLS = (("Taxonomy", lambda s: s.startswith("faq")), ("HIPAA", lambda s: s.startswith("hipaa")),
         ("practitioner HIPAA", lambda s: s in PRACTITIONER), ("faq_eval", lambda s: s == "faq_eval"))


def memory_features(votes: list[tuple[str, float]], nearest: dict[str, tuple[float, int]], s1: float,
                    nodes: list[str], neighbours: int = 20) -> list[list[float]]:
    """One row of ``MEMORY_FEATURES`` per candidate of ``nodes``: its share of the votes, its votes / the best's,
    1 / (1 + its rank in the memory's ranking), in the memory's top ``TOP``, the similarity of the nearest past
    question voting for it, the share of the ``neighbours`` voting for it, then the question's nearest-neighbour
    similarity ``s1`` and the best provision's vote share (the first six 0 for a provision the memory does not
    vote for).  ``nearest``: per voted provision, (nearest voter's similarity, number of voters)."""
    total = math.fsum(v for _, v in votes) or 1.0
    best = votes[0][1] if votes else 1.0
    rank = {g: r for r, (g, _) in enumerate(votes)}
    value = dict(votes)
    q = [s1, best / total if votes else 0.0]
    out = []
    for n in nodes:
        row = [value[n] / total, value[n] / best, 1.0 / (1 + rank[n]), float(rank[n] < TOP), nearest[n][0],
               nearest[n][1] / neighbours] if n in rank else [0.0] * 6
        out.append([round(x, 9) for x in row + q])
    return out


def votes_of(memory, q) -> tuple[list[tuple[str, float]], dict[str, tuple[float, int]], float]:
    """The memory's votes for ``q``; per voted provision (nearest voter's similarity, voters); ``s1``."""
    sims, rows = memory.nearest(q)
    nearest: dict[str, tuple[float, int]] = {}
    for j in rows:
        for g in memory.gold[j]:
            first, count = nearest.get(g, (float(sims[j]), 0))
            nearest[g] = (first, count + 1)
    return memory.votes(q), nearest, float(sims[rows[0]]) if len(rows) else 0.0


def add_memory(qs: list[dict], vectors: np.ndarray, gold: list[list[str]], neighbours: int,
               out: str | None = None) -> list[dict]:
    """Copies of the questions, each with ``Xm``: its rows with the ``MEMORY_FEATURES`` of the memory without its
    own set's rows and without set ``out``'s (the outer held set: no training row's votes read its gold).  The
    dump's questions must be the memory's rows in the same order (checked by their gold)."""
    from regc.retrieval.memory import Memory

    if len(qs) != len(gold) or any(sorted(q["gold"]) != sorted(g) for q, g in zip(qs, gold)):
        raise SystemExit("the dump's questions are not the memory's rows (regenerate one of them)")
    full = Memory(vectors, tuple(tuple(g) for g in gold), neighbours, skip_copies=True)
    sets = [q["set"] for q in qs]
    res = list(qs)
    for own in sorted(set(sets)):
        mem = full.without([s not in (own, out) for s in sets])
        for i in (i for i, s in enumerate(sets) if s == own):
            votes, nearest, s1 = votes_of(mem, vectors[i])
            extra = np.array(memory_features(votes, nearest, s1, qs[i]["nodes"], neighbours), dtype=float)
            res[i] = dict(qs[i], Xm=np.hstack([qs[i]["X"], extra.reshape(len(qs[i]["nodes"]), -1)]))
    return res


def loso(qs: list[dict], with_memory=None, config: tuple[int, int] = CONFIG) -> dict:
    """Per held set, per question: (R@10, FullCov@10) of the hand-set order, of round 28's features and of round
    28's + the memory's, both fitted on the other sets at ``CONFIG``.  ``with_memory(held)``: the questions with
    ``Xm`` computed without the held set in any memory (None: the questions' own ``Xm``)."""
    out = {}
    for held in sorted({q["set"] for q in qs}):
        qm = with_memory(held) if with_memory else qs
        train, test = [q for q in qs if q["set"] != held], [q for q in qs if q["set"] == held]
        base = fit_trees(train, *config)
        with_mem = fit_trees([dict(q, X=q["Xm"]) for q in qm if q["set"] != held], *config)
        test_m = [dict(q, X=q["Xm"]) for q in qm if q["set"] == held]
        out[held] = {"current": score_set(test, None), "learned": score_set(test, base),
                     "memory": score_set(test_m, with_mem),
                     "moved": [rerank_order(a, with_mem)[:10] != rerank_order(b, base)[:10]
                               for a, b in zip(test_m, test)]}
        print(held, " ".join(f"{_mean(out[held][k], 0):.3f}" for k in ("current", "learned", "memory")),
              file=sys.stderr, flush=True)
    return out


def summary(res: dict) -> list[str]:
    """Pooled R@10 / FullCov@10 per column, then the practitioner sets."""
    lines = []
    for label, pred in POOLS + tuple((s, lambda x, s=s: x == s) for s in PRACTITIONER):
        rows = {k: [r for s in sorted(res) if pred(s) for r in res[s][k]] for k in ("current", "learned", "memory")}
        lines.append(f"{label} (n={len(rows['current'])}): " + "  ".join(
            f"{k} {_mean(v, 0):.3f} / {_mean(v, 1):.3f}" for k, v in rows.items()))
    return lines


def dump_fused(index: Path, out: Path) -> None:
    """The second variant's candidates: every released question's top 30 and features from the hand-set order
    fused with its held set's memory (``regc ask --memory``'s "list" at weight 1; copies skipped), sets in the
    memory's row order (the same lines as ``harness.rerank_dump``'s, from another asker)."""
    from harness.rerank_dump import dump_question
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.rerank import CANDIDATES
    from regc.retrieval.search import Searcher
    from regc.eval.retrieval import load_qa
    from harness.qa_adapter import released_sets
    from harness.rerank_dump import FIXTURES

    full = load_memory().leaving_out_copies()
    asker = Asker(Searcher.open(index))
    warm_up(asker)
    names = released_sets()
    sets = [name for name in names for _ in load_qa(FIXTURES / f"{name}.jsonl")]
    with open(out, "w", encoding="utf-8") as f:
        for name in names:
            asker.memory = full.without([s != name for s in sets])
            for i, it in enumerate(load_qa(FIXTURES / f"{name}.jsonl")):
                rec = {"set": name, "i": i, "gold": it["gold"], **dump_question(asker, it["question"], CANDIDATES)}
                f.write(json.dumps(rec, sort_keys=True) + "\n")
            print(name, file=sys.stderr, flush=True)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "dump-fused":
        dump_fused(Path(argv[1]), Path(argv[2]))
        return 0
    if argv[0] == "summary":
        print("\n".join(summary(json.loads(Path(argv[1]).read_text(encoding="utf-8")))))
        return 0
    from regc.retrieval.memory import GOLD, VECTORS

    g = json.loads(GOLD.read_text(encoding="utf-8"))
    qs, V, m = load(Path(argv[1])), np.load(VECTORS).astype(np.float32), int(g["neighbours"])
    config = tuple(int(x) for x in argv[3].split("x")) if len(argv) > 3 else CONFIG  # e.g. 3x100
    res = loso(qs, lambda held: add_memory(qs, V, g["gold"], m, held), config)
    Path(argv[2]).write_text(json.dumps(res, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
