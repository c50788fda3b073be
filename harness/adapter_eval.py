"""The query adapter through the package's own path, leave-one-set-out: each released set asked with the adapter
learned on the other sets (``python -m harness.qa_adapter loso`` wrote one matrix per held set), answered
rules-only and checked like :mod:`harness.rerank_eval` (R@10, FullCov@10, citations, attribution, latency).

    python -m harness.adapter_eval IDX OUT.json                                  # the current order
    python -m harness.adapter_eval IDX OUT.json --adapter LOSO.npz [--views question,anchor,both]
    python -m harness.adapter_eval IDX OUT.json --memory LOSO.json --qa QA.npz [--memory-mode within|list|hybrid]
    python -m harness.adapter_eval IDX OUT.json --memory x --shipped            # the shipped memory (in-sample)
    python -m harness.adapter_eval IDX OUT.json --memory LOSO.json --qa QA.npz --beside  # + OUT.current.json
    python -m harness.adapter_eval --summary CURRENT.json ADAPTED.json     # the pools, side by side
    python -m harness.adapter_eval --questions CURRENT.json ADAPTED.json   # the questions gained and lost
    python -m harness.adapter_eval --select OUT.json A.json B.json ...     # per held set, the configuration the
                                                                           # other sets' LOSO figures prefer
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from harness.qa_adapter import loso_train, released_sets
from harness.rerank_dump import FIXTURES
from harness.rerank_eval import pools, released_practitioner_sets, run_set
from harness.rerank_eval import summary as rerank_summary

PRACTITIONER = released_practitioner_sets()
POOLS = pools(PRACTITIONER)


def summary(current: dict, adapted: dict) -> list[str]:
    """Pools and practitioner sets, the current order beside the adapted one."""
    return rerank_summary(current, adapted, "adapted", PRACTITIONER)


def changed(current: dict, adapted: dict) -> list[str]:
    """The questions whose R@10 or FullCov@10 moved, ``set#i current -> adapted``."""
    out = []
    for s in sorted(current):
        for i, (a, b) in enumerate(zip(current[s], adapted[s])):
            if (a["recall"], a["fullcov"]) != (b["recall"], b["fullcov"]):
                sign = "gained" if (b["recall"], b["fullcov"]) > (a["recall"], a["fullcov"]) else "lost"
                out.append(f"{sign} {s}#{i} R {a['recall']:.2f} -> {b['recall']:.2f} "
                           f"FC {a['fullcov']:.0f} -> {b['fullcov']:.0f}")
    return out


def select(results: dict[str, dict]) -> tuple[dict, dict]:
    """Per held set, the configuration (a key of ``results``: one LOSO result per configuration) with the best
    mean R@10 + FullCov@10 over the OTHER sets' questions, and that configuration's rows for the held set:
    ``(chosen, rows)``.  Ties: the configuration named first in sorted order."""
    names = sorted(results)
    sets = sorted(results[names[0]])
    chosen, rows = {}, {}
    for held in sets:
        def score(c: str) -> float:
            rs = [r for s in sets if s != held for r in results[c][s]]
            return round(statistics.fmean(r["recall"] + r["fullcov"] for r in rs), 9)
        chosen[held] = max(names, key=lambda c: (score(c), [-ord(ch) for ch in c]))
        rows[held] = results[chosen[held]][held]
    return chosen, rows


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--select":
        res = {Path(p).stem: json.loads(Path(p).read_text(encoding="utf-8")) for p in argv[2:]}
        chosen, rows = select(res)
        Path(argv[1]).write_text(json.dumps(rows, sort_keys=True))
        print(json.dumps(chosen, sort_keys=True))
        return 0
    if argv and argv[0] in ("--summary", "--questions"):
        cur, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in argv[1:3])
        print("\n".join((summary if argv[0] == "--summary" else changed)(cur, new)))
        return 0
    import numpy as np

    from harness.qa_adapter import load
    from harness.qa_memory import memory_of
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import MEMORY_MODE, MEMORY_WEIGHT, Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.search import Searcher

    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("out")
    ap.add_argument("--adapter", metavar="LOSO.npz", help="one adapter per held set (qa_adapter loso)")
    ap.add_argument("--memory", metavar="LOSO.json", help="neighbours per held set (qa_memory loso)")
    ap.add_argument("--qa", metavar="QA.npz", help="the collected questions (the memory's rows)")
    ap.add_argument("--memory-mode", default=MEMORY_MODE)
    ap.add_argument("--memory-weight", type=float, default=MEMORY_WEIGHT)
    ap.add_argument("--shipped", action="store_true", help="the shipped memory for every set (in-sample)")
    ap.add_argument("--views", default="question,anchor,both")
    ap.add_argument("--sets", default="")
    ap.add_argument("--beside", action="store_true", help="the current order too, question by question in the same "
                    "process, into OUT with .current before its suffix")
    a = ap.parse_args(argv)
    loso = np.load(a.adapter) if a.adapter else None
    neigh = json.loads(Path(a.memory).read_text()) if a.memory and not a.shipped else None
    data = load(Path(a.qa)) if neigh else None
    asker = Asker(Searcher.open(Path(a.index)), adapter_views=a.views.split(","), memory_mode=a.memory_mode)
    asker.memory_weight = a.memory_weight
    warm_up(asker)
    plain = Asker(asker.s) if a.beside else None
    out, beside = {}, {}
    sets = released_sets()
    for name in a.sets.split(",") if a.sets else sets:
        asker.adapter = loso[name] if loso is not None else None
        asker.memory = load_memory() if a.shipped and a.memory else \
            memory_of(data, loso_train(sets, name), neigh[name]) if neigh else None
        items = load_qa(FIXTURES / f"{name}.jsonl")
        if plain is not None:
            pairs = [(run_set(plain, [it], None)[0], run_set(asker, [it], None)[0]) for it in items]
            beside[name], out[name] = [p for p, _ in pairs], [q for _, q in pairs]
        else:
            out[name] = run_set(asker, items, None)
        r = out[name]
        print(f"{name} R {statistics.fmean(x['recall'] for x in r):.3f} FC {statistics.fmean(x['fullcov'] for x in r):.3f}"
              f" p50 {statistics.median(x['ms'] for x in r):.0f}ms", file=sys.stderr, flush=True)
    Path(a.out).write_text(json.dumps(out, sort_keys=True))
    if plain is not None:
        Path(a.out).with_suffix(".current.json").write_text(json.dumps(beside, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
