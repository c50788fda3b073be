"""Round 46 (issue 14): the route's network decision read from the memory's neighbours as well as the fusion.

    python -m harness.rerank_network networks IDX NETWORKS.json      # each released question's fused network
    python -m harness.route_neighbours shares NETWORKS.json OUT.json  # the HIPAA share of each question's neighbours
    python -m harness.route_neighbours flips IDX                      # questions whose route the rule changes

``shares``: per released question, the similarity-weighted share of its ``neighbours`` nearest memory rows of
OTHER sets (leave-one-set-out, never its own gold) whose gold lies in the HIPAA document, beside its fused network
and its true network (its gold's), and the misroutes per share threshold (what round 46 saw before its rule was
fixed: unanimous neighbours, no threshold).  ``flips``: the package's own decision
(:func:`regc.retrieval.networks.question_route`, memory leaving each question's own copy out as ``regc ask --eval``
reads it) against the fusion's alone, with R@10 / FullCov@10 of both orders for each question that changes.

>>> misroutes([{"true": "H", "fused": ["E"], "share": 1.0}, {"true": "E", "fused": ["E"], "share": 0.8}], "H", 0.9)
(0, 0)
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

from harness.cite_dump import released_sets
from harness.rerank_dump import FIXTURES

HIPAA = "doc:hipaa_combined"
THRESHOLDS = (0.5, 0.7, 0.9, 1.0)


def misroutes(recs: list[dict], hipaa: str, threshold: float) -> tuple[int, int]:
    """(HIPAA questions not given the HIPAA network, other questions given it) when a share >= ``threshold``
    gives it."""
    given = [r["fused"] == [hipaa] or r["share"] >= threshold for r in recs]
    return (sum(r["true"] == hipaa and not g for r, g in zip(recs, given)),
            sum(r["true"] != hipaa and g for r, g in zip(recs, given)))


def shares(networks: dict) -> list[dict]:
    """Each released question's fused network, true network and HIPAA share of its other-set neighbours."""
    from regc.eval.retrieval import load_qa
    from regc.retrieval.memory import load_memory

    mem = load_memory()
    rows = [(s, q) for s in released_sets() for q in load_qa(FIXTURES / f"{s}.jsonl")]
    if [tuple(q["gold"]) for _, q in rows] != [tuple(g) for g in mem.gold]:
        raise SystemExit("the shipped memory is not the released questions in their order: regenerate it")
    sets = np.array([s for s, _ in rows])
    vectors = np.asarray(mem.vectors, dtype=np.float64)
    seen: dict[str, int] = {}
    out = []
    for i, (s, q) in enumerate(rows):
        j = seen[s] = seen.get(s, -1) + 1
        sims = vectors @ vectors[i]
        order = np.argsort(-sims, kind="stable")
        order = order[sets[order] != s][: mem.neighbours]
        weight = float(math.fsum([sims[r] for r in order]))
        hipaa = float(math.fsum([sims[r] for r in order if all(g.startswith(HIPAA) for g in mem.gold[r])]))
        out.append({"set": s, "id": q.get("id"), "fused": networks[s][j], "share": hipaa / weight if weight else 0.0,
                    "true": HIPAA if all(g.startswith(HIPAA) for g in q["gold"]) else "EU"})
    return out


def flips(index: Path) -> list[tuple]:
    """(set, id, route before, route after, (R@10, FC@10) before, after) of every released question whose route
    the neighbours change."""
    from regc.eval.retrieval import load_qa, ranking_metrics
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.networks import MODELS, load_networks, question_networks, question_route, route
    from regc.retrieval.rerank import retrieve_reranked
    from regc.retrieval.search import Searcher

    asker = Asker(Searcher.open(index))
    memory = Asker(asker.s, memory=load_memory().leaving_out_copies())
    chosen, out = load_networks(), []
    for s in released_sets():
        for it in load_qa(FIXTURES / f"{s}.jsonl"):
            trace: dict = {}
            anchor, hits = retrieve_reranked(asker, it["question"], 10, trace=trace)
            old, new = route(question_networks(asker, trace), chosen), question_route(asker, memory, anchor, trace,
                                                                                     chosen)
            if old != new:
                routed = retrieve_reranked(memory, it["question"], 10)[1]
                by = {MODELS[0]: hits, MODELS[1]: routed}
                figures = [ranking_metrics([h.node for h in by[r]], it["gold"]) for r in (old, new)]
                out.append((s, it.get("id"), old, new) + tuple((f["recall"], f["fullcov"]) for f in figures))
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "shares":
        recs = shares(json.loads(Path(argv[1]).read_text(encoding="utf-8")))
        Path(argv[2]).write_text(json.dumps(recs, sort_keys=True) + "\n", encoding="utf-8")
        print(f"questions {len(recs)}; fused misroutes (HIPAA not given it, others given it): "
              f"{misroutes(recs, HIPAA, 2.0)}")
        for t in THRESHOLDS:
            print(f"share >= {t}: {misroutes(recs, HIPAA, t)}")
    elif argv[0] == "flips":
        got = flips(Path(argv[1]))
        for f in got:
            print(*f)
        print(f"questions whose route changes: {len(got)}")
    else:
        raise SystemExit("usage: python -m harness.route_neighbours shares NETWORKS.json OUT.json | flips IDX")
    return 0


if __name__ == "__main__":
    sys.exit(main())
