"""The re-ranker through the package's own path, leave-one-set-out: each set ranked with the weights learned on the
other sets (``python -m harness.train_rerank loso`` wrote them), answered rules-only, and checked.

    python -m harness.rerank_eval IDX LOSO.json OUT.json [--current | --shipped]
    python -m harness.rerank_eval --summary CURRENT.json LEARNED.json   # the pools, side by side

Per question: R@10, FullCov@10 and the citation metrics of the answer (``regc.eval.retrieval``), its latency
(retrieve + features + answer), and the attribution checks: every cited rule among the retrieved provisions, every
quote verbatim in its rule's text.  ``--current``: the same with the current order (no re-ranking).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Sequence
from pathlib import Path

from harness.rerank_dump import FIXTURES, PRACTITIONER


def check_attribution(s, ans, hits) -> tuple[int, int, int, int]:
    """(rules, rules not retrieved, quotes, quotes not verbatim) of one answer."""
    from regc.retrieval.answer import verbatim
    from regc.retrieval.ask import node_text

    d = ans.to_json()
    got = {(r["celex"], r["locator"]) for r in d.get("retrieved", [])} | {(h.celex, h.locator) for h in hits}
    rules = notret = quotes = bad = 0
    for r in d.get("rules", []):
        rules += 1
        notret += (r["celex"], r["locator"]) not in got
        text = node_text(s, r["rule_id"], r.get("version"))
        for c in r["claims"]:
            quotes += 1
            bad += not verbatim(c["quote"], text)
    return rules, notret, quotes, bad


def run_set(asker, items: list[dict], weights) -> list[dict]:
    from regc.eval.retrieval import citation_metrics, ranking_metrics
    from regc.retrieval.answer import extractive
    from regc.retrieval.rerank import retrieve_reranked

    rows = []
    for it in items:
        t0 = time.perf_counter()
        if weights is None:
            anchor, hits = asker.retrieve(it["question"], 10)
        else:
            anchor, hits = retrieve_reranked(asker, it["question"], 10, weights=weights)
        ans = extractive(asker.s, anchor, hits)
        ms = (time.perf_counter() - t0) * 1000
        row = {"n_gold": len(it["gold"]), "ms": ms, "nodes": [h.node for h in hits],
               "attrib": check_attribution(asker.s, ans, hits)}
        row.update(ranking_metrics([h.node for h in hits], it["gold"], 10))
        row.update(citation_metrics(ans.rule_ids(), it["gold"]))
        rows.append(row)
    return rows


# the issue's practitioner HIPAA questions: the sets written from HHS FAQ pages and from practitioners' pages
PRACTITIONER_PREFIXES = ("hipaa_hhsfaq", "hipaa_webfaq")


def released_practitioner_sets(fixtures: Path = FIXTURES) -> tuple[str, ...]:
    """Every released practitioner HIPAA set (its file name without ``.jsonl``), sorted: the pool a round reports
    as "practitioner" (``PRACTITIONER`` above is round 28's seven, kept so its figures reproduce).

    >>> sets = released_practitioner_sets()
    >>> sets[0], "hipaa_hhsfaq2" in sets, "hipaa_eval" in sets
    ('hipaa_hhsfaq', True, False)
    """
    return tuple(sorted(p.stem for p in fixtures.glob("hipaa_*.jsonl") if p.stem.startswith(PRACTITIONER_PREFIXES)))


def pools(practitioner: Sequence[str] = PRACTITIONER) -> tuple:
    """(label, predicate over a set's name) of the pooled figures; ``practitioner`` names that pool's sets."""
    return (("Taxonomy", lambda s: s.startswith("faq")), ("HIPAA", lambda s: s.startswith("hipaa")),
            ("practitioner HIPAA", lambda s: s in practitioner), ("faq_eval", lambda s: s == "faq_eval"))


POOLS = pools()


def print_summary(summary, path: str) -> int:
    """``python -m harness.<round> summary OUT.json``: print the lines ``summary`` makes of the LOSO file ``path``
    (exit status 0)."""
    print("\n".join(summary(json.loads(Path(path).read_text(encoding="utf-8")))))
    return 0


def _fig(rows: list[dict]) -> str:
    att = [sum(r["attrib"][j] for r in rows) for j in range(4)]
    m = {k: statistics.fmean(r[k] for r in rows) for k in ("recall", "fullcov", "cit_key", "cit_precision",
                                                             "cit_recall")}
    return (f"n={len(rows)} R@10 {m['recall']:.3f} FC@10 {m['fullcov']:.3f} key {m['cit_key']:.3f} cit P/R "
            f"{m['cit_precision']:.3f}/{m['cit_recall']:.3f} rules {att[0]} not-retrieved {att[1]} quotes {att[2]} "
            f"failing {att[3]} p50 {statistics.median(r['ms'] for r in rows):.0f} ms")


def summary(current: dict, learned: dict, name: str = "learned",
            practitioner: Sequence[str] = PRACTITIONER) -> list[str]:
    """Pools and per-set lines, the current order beside the other one (``name``: how its lines are labelled)."""
    out = []
    named = list(pools(practitioner)) + [("faq_eval >=3 gold", None)] + [(s, None) for s in practitioner]
    for label, pred in named:
        def pick(res: dict) -> list[dict]:
            if label.startswith("faq_eval >="):
                return [r for r in res["faq_eval"] if r["n_gold"] >= 3]
            return [r for s, v in sorted(res.items()) if (pred(s) if pred else s == label) for r in v]
        out += [f"{label}: current {_fig(pick(current))}", f"{label}: {name} {_fig(pick(learned))}"]
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--summary":
        cur, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in argv[1:3])
        print("\n".join(summary(cur, new)))
        return 0
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.rerank import load_weights
    from regc.retrieval.search import Searcher

    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("loso")
    ap.add_argument("out")
    ap.add_argument("--current", action="store_true")
    ap.add_argument("--shipped", action="store_true", help="the shipped weights for every set (in-sample)")
    a = ap.parse_args(argv)
    loso = json.loads(Path(a.loso).read_text(encoding="utf-8"))
    asker = Asker(Searcher.open(Path(a.index)))
    warm_up(asker)
    out = {}
    for name in sorted(loso):
        w = None if a.current else load_weights() if a.shipped else loso[name]["weights"]
        out[name] = run_set(asker, load_qa(FIXTURES / f"{name}.jsonl"), w)
        r = out[name]
        print(f"{name} R {statistics.fmean(x['recall'] for x in r):.3f} FC {statistics.fmean(x['fullcov'] for x in r):.3f}"
              f" key {statistics.fmean(x['cit_key'] for x in r):.3f} p50 {statistics.median(x['ms'] for x in r):.0f}ms",
              file=sys.stderr, flush=True)
    Path(a.out).write_text(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
