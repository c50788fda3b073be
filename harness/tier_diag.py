"""The fixed tiers after fusion (issue 14, round 33): for every gold provision that `Asker.retrieve` ranks 11-30,
what sits above it in the top 10, by origin, and what displaced it (the last non-gold provision of the top 10, the
one it would have to pass).

    python -m harness.tier_diag IDX OUT.json            # per question: the top 30 with their classes
    python -m harness.tier_diag --table OUT.json        # the table per pool (markdown)

Classes: ``search`` (found by the views, no fixed level), ``glossary-factored`` (a general glossary found by search
and scaled by ``glossary_factor``), ``closure searched`` / ``closure unsearched`` (a 1-hop neighbour some view's
pool holds / none does), ``closure glossary`` (a general glossary the closure brings, scaled), and the named lifts'
origins as :class:`~regc.retrieval.ask.Retrieved` gives them (term, cue, heading, activity, companion ...).

>>> classify("closure", "x", {"x"}, set(), set())
'closure searched'
>>> classify("search", "g", {"g"}, {"g"}, set())
'glossary-factored'
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from harness.adapter_eval import PRACTITIONER
from harness.qa_adapter import released_sets
from harness.rerank_dump import FIXTURES

DEPTH = 30
NEAR = 0.05  # a gold provision this close to the tenth score (or closer) is "near the cut"


def classify(origin: str, node: str, searched: set, glossaries: set, term_nodes: set) -> str:
    """The class of one ranked provision (see the module's docstring)."""
    glossary = node in glossaries and node not in term_nodes
    if origin == "closure":
        if glossary:
            return "closure glossary"
        return "closure searched" if node in searched else "closure unsearched"
    if origin == "search" and glossary:
        return "glossary-factored"
    return origin


def collect(asker, question: str) -> dict:
    """The top ``DEPTH`` of one question with each provision's class and score."""
    trace: dict = {}
    anchor, hits = asker.retrieve(question, DEPTH, trace=trace)
    searched = set(trace["fused"])
    return {"nodes": [h.node for h in hits], "scores": [round(h.score, 6) for h in hits],
            "classes": [classify(h.origin, h.node, searched, asker._glossaries, set(anchor.term_nodes))
                        for h in hits]}


def pool_of(name: str) -> list[str]:
    """The pools a set belongs to."""
    out = ["Taxonomy" if name.startswith("faq") else "HIPAA"]
    return out + (["practitioner HIPAA"] if name in PRACTITIONER else []) + (["faq_eval"] if name == "faq_eval" else [])


def table(rows: dict) -> list[str]:
    """Per pool: the gold ranked 11-30, their own classes, the classes of the non-gold top 10 above them, and the
    class of the displacer (the tenth non-gold provision's class)."""
    acc: dict[str, dict[str, Counter]] = {}
    for name in sorted(rows):
        for r in rows[name]:
            gold = set(r["gold"])
            for i, (n, c) in enumerate(zip(r["nodes"], r["classes"])):
                if i < 10 or n not in gold:
                    continue
                above = [(cl, sc) for m, cl, sc in zip(r["nodes"][:10], r["classes"][:10], r["scores"][:10])
                         if m not in gold]
                for p in pool_of(name):
                    a = acc.setdefault(p, {k: Counter() for k in ("gold", "above", "displacer", "n")})
                    a["n"]["gold"] += 1
                    a["n"]["near"] += r["scores"][9] - r["scores"][i] <= NEAR
                    a["gold"][c] += 1
                    a["above"].update(cl for cl, _ in above)
                    if above:
                        a["displacer"][above[-1][0]] += 1
    out = ["| pool | gold ranked 11-30 (within .05 of the 10th) | their own class | non-gold top 10 above them, by class | the displacer "
           "(last non-gold of the top 10) |", "|---|---|---|---|---|"]
    for p in ("Taxonomy", "HIPAA", "practitioner HIPAA", "faq_eval"):
        a = acc.get(p)
        if not a:
            continue

        def fmt(c: Counter) -> str:
            return ", ".join(f"{k} {v}" for k, v in sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
        out.append(f"| {p} | {a['n']['gold']} ({a['n']['near']}) | {fmt(a['gold'])} | {fmt(a['above'])} | {fmt(a['displacer'])} |")
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--table":
        print("\n".join(table(json.loads(Path(argv[1]).read_text(encoding="utf-8")))))
        return 0
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.search import Searcher

    asker = Asker(Searcher.open(Path(argv[0])))
    warm_up(asker)
    out = {}
    for name in released_sets():
        out[name] = [{"gold": it["gold"], **collect(asker, it["question"])} for it in load_qa(FIXTURES / f"{name}.jsonl")]
        print(name, file=sys.stderr, flush=True)
    Path(argv[1]).write_text(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
