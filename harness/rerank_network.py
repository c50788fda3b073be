"""The memory re-ranker per citation network (issue 14, round 38): nested leave-one-set-out.

    python -m harness.rerank_network networks IDX NETWORKS.json              # each released question's network
    python -m harness.rerank_memory loso FUSED.jsonl V2.json [3x100]        # variant (2), 57 folds (round 35's)
    python -m harness.rerank_network summary V2.json DEFAULT.json NETWORKS.json   # pools, fold choices, sets lower

The rule (fixed before any measurement): the memory re-ranker (round 35's variant (2), ``regc ask --memory
--rerank``) answers the questions of a citation network iff, on the questions of that network in the *other* sets,
it reads >= the default (round 28's learned order) on pooled R@10 AND pooled FullCov@10 AND R@10 of that network's
questions with >= 3 gold provisions; otherwise the default answers them.  A question's network is the package's
(:meth:`regc.retrieval.ask.Asker.question_domains` on the default asker's fusion -- the acts it names, else the
network of its best fused provisions -- each network named by its smallest act, as round 34 named them:
``32018L2001``, ``doc:hipaa_combined``): read from the question alone, no gold, no set name.  A question naming no
network or two is answered by (2) only when every network it names chose (2).  The network pools count the
questions that name that network alone.

``V2.json`` is ``harness.rerank_memory loso``'s output on round 36's ``fused30.jsonl`` (its ``memory`` column:
variant (2), strict nesting, retrained per fold); ``DEFAULT.json`` round 36's ``harness.rerank_union loso`` output
(its ``learned`` column: round 28's features on the hand-set top 30, retrained in the same folds; ``ngold``).  Both
hold, per set, one (R@10, FullCov@10) per question in the set's order.  Each set's figures are its own held-out
figures; the choice for held set H reads the other sets' (never H's), as rounds 35-36's picks did.

>>> choose({"a": {"v2": [(1.0, 1.0)], "default": [(0.5, 0.0)], "ngold": [1], "net": [["N"]]}}, "held")
{'N': 'memory-rerank'}
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from harness.rerank_eval import pools, released_practitioner_sets
from harness.train_rerank import _mean
from regc.retrieval.networks import MODELS, network_names, route  # the package's names and rule, not copies

PRACTITIONER = released_practitioner_sets()
POOLS = pools(PRACTITIONER) + (("faq_eval >= 3 gold", lambda s: s == "faq_eval"),)
SPREAD = 3  # gold provisions from which a question counts as spread out (the rule's third clause)


def table(v2: dict, default: dict, networks: dict) -> dict:
    """Per set: ``v2`` and ``default`` (R@10, FullCov@10 per question), ``ngold``, ``net`` (each question's
    networks)."""
    if sorted(v2) != sorted(default) or sorted(v2) != sorted(networks):
        raise SystemExit("the LOSO files and the networks are not the same sets")
    out = {}
    for s in sorted(v2):
        a, b, n = v2[s]["memory"], default[s]["learned"], networks[s]
        if not len(a) == len(b) == len(n) == len(default[s]["ngold"]):
            raise SystemExit(f"{s}: the files do not hold the same questions")
        out[s] = {"v2": a, "default": b, "ngold": default[s]["ngold"], "net": n}
    return out


def network_figures(tab: dict, net: str, held: str | None) -> dict:
    """(R@10, FullCov@10, >= 3-gold R@10, n) of each model on the questions of network ``net``, sets other than
    ``held``."""
    out = {}
    for m in ("v2", "default"):
        rows = [(r, g) for s in sorted(tab) if s != held
                for r, g, n in zip(tab[s][m], tab[s]["ngold"], tab[s]["net"]) if n == [net]]
        spread = [r for r, g in rows if g >= SPREAD]
        out[m] = (_mean([r for r, _ in rows], 0), _mean([r for r, _ in rows], 1), _mean(spread, 0), len(rows))
    return out


def choose(tab: dict, held: str | None) -> dict[str, str]:
    """Per network, the model the rule gives it on the sets other than ``held`` (None: on every set); a network
    with no question there keeps the default (a clause with no question, e.g. no >= 3-gold one, holds)."""
    nets = sorted({n for s in tab for q in tab[s]["net"] for n in q})
    out = {}
    for net in nets:
        f = network_figures(tab, net, held)
        ok = f["v2"][3] > 0 and all(round(a, 9) >= round(b, 9) for a, b in zip(f["v2"][:3], f["default"][:3]))
        out[net] = MODELS[1] if ok else MODELS[0]
    return out


def nested(tab: dict) -> tuple[dict, dict]:
    """Per held set, its questions' figures under the per-network choice made on the other sets, and the choice."""
    res, choices = {}, {}
    for held in sorted(tab):
        choices[held] = choose(tab, held)
        t = tab[held]
        res[held] = [t["v2"][i] if route(t["net"][i], choices[held]) == MODELS[1] else t["default"][i]
                     for i in range(len(t["net"]))]
    return res, choices


def _pool(tab: dict, col: dict, pred, gold_min: int) -> str:
    rows = [r for s in sorted(tab) if pred(s) for r, g in zip(col[s], tab[s]["ngold"]) if g >= gold_min]
    return f"{_mean(rows, 0):.3f} / {_mean(rows, 1):.3f}"


def summary(tab: dict) -> list[str]:
    """The pools for default / (2) / per-network, the fold choices, the sets lower, the network vs the set's domain."""
    per, choices = nested(tab)
    cols = {"default": {s: tab[s]["default"] for s in tab}, "(2)": {s: tab[s]["v2"] for s in tab}, "per-network": per}
    lines = ["| column | " + " | ".join(label for label, _ in POOLS) + " |"]
    for name, col in cols.items():
        lines.append(f"| {name} | " + " | ".join(_pool(tab, col, pred, SPREAD if label.endswith("gold") else 0)
                                                for label, pred in POOLS) + " |")
    nets = sorted({n for c in choices.values() for n in c})
    lines.append("folds choosing (2): " + ", ".join(
        f"{n} {sum(c[n] == MODELS[1] for c in choices.values())}/{len(choices)}" for n in nets))
    lines.append("on all sets: " + json.dumps(choose(tab, None), sort_keys=True) + "  " + json.dumps(
        {n: network_figures(tab, n, None) for n in nets}, sort_keys=True))
    for name in ("(2)", "per-network"):
        lower = [s for s in sorted(tab) if _mean(cols[name][s], 0) < _mean(tab[s]["default"], 0) - 1e-9]
        lines.append(f"{name}: {len(lower)} sets lower R@10 than the default: " + ", ".join(
            f"{s} {_mean(tab[s]['default'], 0):.3f}->{_mean(cols[name][s], 0):.3f}" for s in lower))
    lines.append("network vs the set's domain: " + json.dumps(disagreements(tab), sort_keys=True))
    return lines


def disagreements(tab: dict) -> dict:
    """Per set domain (faq / hipaa), how many of its questions name each network combination."""
    out: dict = {}
    for s in sorted(tab):
        dom = s.split("_", 1)[0]
        for n in tab[s]["net"]:
            key = f"{dom}:{'+'.join(n) or 'none'}"
            out[key] = out.get(key, 0) + 1
    return out


def dump_networks(index: Path, out: Path) -> None:
    """Each released question's networks, asked through the default asker (the package's rule, no gold)."""
    from harness.qa_adapter import FIXTURES, released_sets
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.search import Searcher

    asker = Asker(Searcher.open(index))
    warm_up(asker)
    names, res = network_names(asker), {}
    for s in released_sets():
        res[s] = []
        for it in load_qa(FIXTURES / f"{s}.jsonl"):
            trace: dict = {}
            asker.retrieve(it["question"], 30, trace=trace)
            res[s].append(sorted(names[d] for d in trace["domains"]))
    out.write_text(json.dumps(res, sort_keys=True), encoding="utf-8")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "networks":
        dump_networks(Path(argv[1]), Path(argv[2]))
        return 0
    tab = table(*(json.loads(Path(a).read_text(encoding="utf-8")) for a in argv[1:4]))
    if argv[0] == "summary":
        print("\n".join(summary(tab)))
        return 0
    raise SystemExit(f"unknown command {argv[0]}")


__all__ = ["MODELS", "POOLS", "choose", "disagreements", "dump_networks", "nested", "network_figures",
           "network_names", "route", "summary", "table"]

if __name__ == "__main__":
    sys.exit(main())
