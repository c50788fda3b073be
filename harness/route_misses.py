"""Round 49 (H14hd): where the route's held-out FullCov@10 misses are -- a diagnosis, no lever.

    python -m harness.rerank_memory dump-fused /tmp/idx-main25 /tmp/h14hd/fused70.jsonl  # 70 sets (~6 min)
    python -m harness.route_misses folds /tmp/h14hd/fused70.jsonl /tmp/h14hd/misses.json  # held-out orders (LOSO)
    python -m harness.route_misses absent /tmp/idx-main25 /tmp/h14hd/misses.json /tmp/h14hd/absent.json
    python -m harness.route_misses report /tmp/h14hd/misses.json [/tmp/h14hd/absent.json]
    python -m harness.route_misses chrono /tmp/idx-main25 /tmp/h14hd/fused70.jsonl /tmp/h14hd/chrono.json \
        hipaa_webfaq9:60 hipaa_hhsfaq8:60 hipaa_webfaq10:60 hipaa_webfaq11:60 hipaa_webfaq12:67 hipaa_hhsfaq9:67

``folds``: for each HIPAA set held out, round 35's variant (2) as `regc ask --memory --rerank` reads a set at first
contact: the candidates are the dump's (the hand-set + memory fusion's top 30, the memory without the held set:
:func:`harness.rerank_memory.dump_fused`), their memory features read from the memory without the held set
(:func:`harness.rerank_memory.add_memory`), and the trees at :data:`harness.rerank_memory.CONFIG` refitted without
the held set.  Every gold provision outside that top 10 is a miss of class

* ``a``: not among the fused top 30 at all (retrieval), or
* ``b``: in the top 30 at rank 11-30 of the re-ranked order (ordering), with its position in the fused order, its
  memory vote share (held set out), the feature where it differs most from the 10th hit (in training standard
  deviations) and the feature whose value, set to the 10th hit's, would raise its tree score most ("holds").

``absent``: each class-a miss asked again (memory without the held set) at depth ``DEEP``: its rank and origin in
the whole order, its best rank in each view x mode ranking and in the memory's ranking, whether the question's
anchor names it (``term_nodes`` / ``pinpoints`` / ``sections``), and whether the citation graph reaches it in one
hop from one of the held-out top 3.  ``report``: the tables of the README's round 49.

``chrono SET:N``: the fold of SET as at its first contact -- the memory, and the trees' training questions, only
the first N sets in the order their fixture files were added (:func:`written_order`, from git), SET's candidates
found again with that memory (the training questions keep the dump's candidates: a disclosed leak of later sets).

>>> section_of("doc:hipaa_combined#§ 164.501"), group_of("doc:hipaa_combined#§ 164.504")
('164.501', 'structure')
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

K = 10
DEEP = 400  # the depth at which a class-a miss is looked for in the whole order
SECTION_GROUPS = (  # ordered: the first group naming a section wins
    ("definitions", ("160.103", "164.501", "164.103", "164.304", "164.402")),
    ("structure", ("164.105", "164.504")),
)
_SECTION_SIGN = r"§ \s*"
_SECTION_NUMBER = r"(?P<number> \d+ \. \d+ )"
SECTION = re.compile(_SECTION_SIGN + _SECTION_NUMBER, re.VERBOSE)


def section_of(node: str) -> str:
    """The CFR section number a node id names ('' when none)."""
    m = SECTION.search(node)
    return m.group("number") if m else ""


def group_of(node: str) -> str:
    """``SECTION_GROUPS``' name for the node's section, else "other"."""
    sec = section_of(node)
    return next((name for name, secs in SECTION_GROUPS if sec in secs), "other")


def same_section(a: str, b: str) -> bool:
    """Whether two node ids name the same act and CFR section (``a`` a provision, ``b`` perhaps a pinpoint)."""
    return a.split("#", 1)[0] == b.split("#", 1)[0] and section_of(a) != "" and section_of(a) == section_of(b)


def feature_names() -> list[str]:
    from regc.retrieval.memory_features import MEMORY_FEATURES
    from regc.retrieval.rerank_features import FEATURES

    return list(FEATURES) + list(MEMORY_FEATURES)


def tree_scores(X: np.ndarray, w: dict) -> np.ndarray:
    from harness.train_rerank import _tree_scores

    return _tree_scores(np.asarray(X, dtype=float), w)


def holds(X: np.ndarray, c: int, t: int, w: dict) -> tuple[int, float]:
    """(feature, score gain) of the single feature of candidate ``c`` that, given the value of candidate ``t``,
    raises ``c``'s tree score most (ties: the first feature)."""
    base = float(tree_scores(X[c:c + 1], w)[0])
    trial = np.repeat(X[c:c + 1], X.shape[1], axis=0)
    trial[np.arange(X.shape[1]), np.arange(X.shape[1])] = X[t]
    gains = [round(float(s) - base, 9) for s in tree_scores(trial, w)]
    best = max(range(len(gains)), key=lambda f: (gains[f], -f))
    return best, gains[best]


def miss_rows(q: dict, order: list[int], w: dict, scale: np.ndarray, names: list[str]) -> list[dict]:
    """The gold provisions of question ``q`` (``X`` its candidates' rows with the memory's features) outside the
    top ``K`` of ``order`` (candidate indices, best first), each classified (module docstring)."""
    nodes = [q["nodes"][i] for i in order]
    X = np.asarray(q["X"], dtype=float)
    t = order[K - 1] if len(order) >= K else None
    share = names.index("mem_share")
    out = []
    for gi, g in enumerate(q["gold"]):
        if g in nodes[:K]:
            continue
        row = {"set": q["set"], "i": q["i"], "gold": g, "which": "gold[0]" if gi == 0 else "later",
               "section": section_of(g), "group": group_of(g), "n_gold": len(q["gold"])}
        if g not in q["nodes"]:
            out.append(dict(row, cls="a"))
            continue
        c = q["nodes"].index(g)
        row |= {"cls": "b", "rank": nodes.index(g) + 1, "fused": c + 1, "mem_share": float(X[c, share]),
                "origin": q["origins"][c]}
        if t is not None:
            z = (X[c] - X[t]) / scale
            f = max(range(len(z)), key=lambda j: (abs(round(float(z[j]), 9)), -j))
            h, gain = holds(X, c, t, w)
            s = tree_scores(X[[c, t]], w)
            row |= {"differs": names[f], "z": round(float(z[f]), 3), "holds": names[h], "gain": gain,
                    "gap": round(float(s[1] - s[0]), 9), "tenth_share": float(X[t, share])}
        out.append(row)
    return out


def held_out(qs: list[dict], V: np.ndarray, gold: list, neighbours: int, held: str) -> tuple[list[dict], list[dict]]:
    """Per question of ``held``: its held-out R@10 / FullCov@10 rows and its misses (module docstring)."""
    from harness.rerank_memory import CONFIG, add_memory
    from harness.train_rerank import fit_trees, metrics, rerank_order

    qm = add_memory(qs, V, gold, neighbours, held)
    train = [dict(q, X=q["Xm"]) for q in qm if q["set"] != held]
    w = fit_trees(train, *CONFIG)
    Xt = np.vstack([q["X"] for q in train])
    scale = np.where(Xt.std(axis=0) > 1e-12, Xt.std(axis=0), 1.0)
    names, rows, misses = feature_names(), [], []
    for q in (dict(q, X=q["Xm"]) for q in qm if q["set"] == held):
        order = rerank_order(q, w)
        top = [q["nodes"][i] for i in order]
        r, f = metrics(top, q["gold"])
        rows.append({"set": held, "i": q["i"], "recall": r, "fullcov": f, "top": top[:K], "n_gold": len(q["gold"])})
        misses += miss_rows(q, order, w, scale, names)
    return rows, misses


def folds(dump: Path, out: Path, prefix: str = "hipaa") -> None:
    """``folds``: every ``prefix`` set held out in turn; rows and misses written to ``out`` (JSON)."""
    from harness.train_rerank import load
    from regc.retrieval.memory import GOLD, VECTORS

    g = json.loads(GOLD.read_text(encoding="utf-8"))
    qs, V = load(dump), np.load(VECTORS).astype(np.float32)
    res: dict = {"rows": [], "misses": []}
    sets = sorted({q["set"] for q in qs if q["set"].startswith(prefix)}, key=practitioner_first)
    for held in sets:
        rows, misses = held_out(qs, V, g["gold"], int(g["neighbours"]), held)
        res["rows"] += rows
        res["misses"] += misses
        print(held, len(rows), len(misses), file=sys.stderr, flush=True)
        out.write_text(json.dumps(res, sort_keys=True), encoding="utf-8")  # after every fold: partial results


def practitioner_first(name: str) -> tuple:
    from harness.route_slots import is_practitioner

    return (not is_practitioner(name), name)


def one_hop(searcher, seeds: list[str]) -> set:
    """Provisions one citation-graph edge (either direction, the closure's types, rolled up to parts) from
    ``seeds``."""
    from regc.retrieval.citegraph import EXPAND_TYPES, part_of

    def part(n: str) -> str:
        celex, loc = n.split("#", 1)
        return f"{celex}#{part_of(loc)}"

    seeds = set(seeds)
    out = set()
    for a, b, d in searcher.graph.edges(data=True):
        if d.get("type") in EXPAND_TYPES and "#" in a and "#" in b:
            pa, pb = part(a), part(b)
            if pa in seeds and pb != pa:
                out.add(pb)
            if pb in seeds and pa != pb:
                out.add(pa)
    return out


def best_ranks(g: str, rankings: dict[str, list[str]]) -> dict[str, int]:
    """The 1-based rank of ``g`` in each named ranking that holds it."""
    return {name: r.index(g) + 1 for name, r in rankings.items() if g in r}


def absent(index: Path, misses_path: Path, out: Path) -> None:
    """``absent``: each class-a miss looked for deeper (module docstring)."""
    from harness.rerank_dump import FIXTURES
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.search import Searcher
    from harness.qa_adapter import released_sets

    res = json.loads(misses_path.read_text(encoding="utf-8"))
    tops = {(r["set"], r["i"]): r["top"] for r in res["rows"]}
    want = sorted({(m["set"], m["i"]) for m in res["misses"] if m["cls"] == "a"})
    full = load_memory().leaving_out_copies()
    asker = Asker(Searcher.open(index))
    warm_up(asker)
    names = released_sets()
    sets = [name for name in names for _ in load_qa(FIXTURES / f"{name}.jsonl")]
    found = []
    for name in sorted({s for s, _ in want}):
        asker.memory = full.without([s != name for s in sets])
        items = load_qa(FIXTURES / f"{name}.jsonl")
        for s, i in (x for x in want if x[0] == name):
            found += deeper(asker, items[i]["question"], name, i, tops[(s, i)],
                            [m["gold"] for m in res["misses"] if (m["set"], m["i"]) == (s, i) and m["cls"] == "a"])
        print(name, file=sys.stderr, flush=True)
    out.write_text(json.dumps(found, sort_keys=True), encoding="utf-8")


def deeper(asker, question: str, name: str, i: int, top: list[str], golds: list[str]) -> list[dict]:
    """One question's class-a misses at depth ``DEEP`` (see :func:`absent`)."""
    trace: dict = {}
    anchor, hits = asker.retrieve(question, DEEP, trace=trace)
    order = [h.node for h in hits]
    views = ("question", "anchor", "both")
    rankings = {f"{v}/{m}": r for v, per in zip(views, trace["views"]) for m, r in zip(("bm25", "dense"), per)}
    mv = trace.get("memory_vector")
    rankings["memory"] = asker.memory.ranking(mv) if mv is not None else []
    hop = one_hop(asker.s, top[:3])
    out = []
    for g in golds:
        at = order.index(g) + 1 if g in order else None
        out.append({"set": name, "i": i, "gold": g, "rank": at, "origin": hits[at - 1].origin if at else None,
                    "views": best_ranks(g, rankings), "term_node": g in anchor.term_nodes,
                    "named": any(same_section(g, p) for p in anchor.pinpoints + anchor.sections),
                    "one_hop": g in hop})
    return out


def written_order() -> list[str]:
    """The fixture sets present now, in the order their files were first committed (git history)."""
    import subprocess

    log = subprocess.run(["git", "log", "--diff-filter=A", "--reverse", "--format=", "--name-only", "--",
                          "tests/fixtures/ask/*.jsonl"], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent).stdout
    from harness.rerank_dump import FIXTURES

    return [n for n in dict.fromkeys(Path(line).stem for line in log.split() if line.endswith(".jsonl"))
            if (FIXTURES / f"{n}.jsonl").exists()]


def chrono(index: Path, dump: Path, out: Path, pairs: list[str]) -> None:
    """``chrono``: each ``SET:N`` fold as at SET's first contact (module docstring); rows and misses to ``out``."""
    from harness.rerank_dump import FIXTURES, dump_question
    from harness.rerank_memory import CONFIG, add_memory
    from harness.train_rerank import fit_trees, load, metrics, rerank_order
    from regc.retrieval.rerank_features import FEATURES
    from regc.eval.retrieval import load_qa
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import GOLD, VECTORS, Memory
    from regc.retrieval.rerank import CANDIDATES
    from regc.retrieval.search import Searcher

    g = json.loads(GOLD.read_text(encoding="utf-8"))
    qs, V, m = load(dump), np.load(VECTORS).astype(np.float32), int(g["neighbours"])
    asker, order = Asker(Searcher.open(index)), written_order()
    warm_up(asker)
    res: dict = {"rows": [], "misses": []}
    for pair in pairs:
        held, n = pair.split(":")[0], int(pair.split(":")[1])
        prior = set(order[:int(n)]) - {held}
        rows = [j for j, q in enumerate(qs) if q["set"] in prior]
        asker.memory = Memory(V[rows], tuple(tuple(g["gold"][j]) for j in rows), m, skip_copies=True)
        new = []
        for i, it in enumerate(load_qa(FIXTURES / f"{held}.jsonl")):
            rec = {"set": held, "i": i, "gold": it["gold"], **dump_question(asker, it["question"], CANDIDATES)}
            rec["X"] = np.array(rec["X"], dtype=float).reshape(len(rec["nodes"]), len(FEATURES))
            new.append(dict(rec, y=np.array([float(x in set(it["gold"])) for x in rec["nodes"]])))
        own = [j for j, q in enumerate(qs) if q["set"] == held]
        sub = [qs[j] for j in rows] + new
        qm = add_memory(sub, np.vstack([V[rows], V[own]]), [g["gold"][j] for j in rows + own], m, held)
        train = [dict(q, X=q["Xm"]) for q in qm if q["set"] != held]
        w = fit_trees(train, *CONFIG)
        Xt = np.vstack([q["X"] for q in train])
        scale = np.where(Xt.std(axis=0) > 1e-12, Xt.std(axis=0), 1.0)
        for q in (dict(q, X=q["Xm"]) for q in qm if q["set"] == held):
            idx = rerank_order(q, w)
            top = [q["nodes"][i] for i in idx]
            r, f = metrics(top, q["gold"])
            res["rows"].append({"set": held, "i": q["i"], "recall": r, "fullcov": f, "top": top[:K],
                                "n_gold": len(q["gold"]), "prior": len(prior)})
            res["misses"] += miss_rows(q, idx, w, scale, feature_names())
        print(held, n, len(prior), file=sys.stderr, flush=True)
    out.write_text(json.dumps(res, sort_keys=True), encoding="utf-8")


def pooled(rows: list[dict], pred) -> tuple[float, float, int]:
    rs = [r for r in rows if pred(r["set"])]
    n = max(1, len(rs))
    return math.fsum(r["recall"] for r in rs) / n, math.fsum(r["fullcov"] for r in rs) / n, len(rs)


def tally_lines(misses: list[dict], keys: tuple) -> list[str]:
    """Counts of ``misses`` by the fields ``keys``, most frequent first (ties: by key)."""
    c = Counter(tuple(str(m.get(k)) for k in keys) for m in misses)
    return [f"{n:4d}  " + " / ".join(k) for k, n in sorted(c.items(), key=lambda x: (-x[1], x[0]))]


def band(rank: int) -> str:
    return "11-15" if rank <= 15 else "16-20" if rank <= 20 else "21-30"


def share_band(x: float) -> str:
    return ">=.25" if x >= .25 else ">=.10" if x >= .10 else ">0" if x > 0 else "0"


def report(res: dict, deep: list | None = None) -> list[str]:
    """The round's tables (module docstring) as lines."""
    from harness.route_slots import is_practitioner

    pools = (("practitioner", is_practitioner), ("HIPAA", lambda s: True))
    lines = [f"{p} (n={n}): R@10 {r:.3f}  FullCov@10 {f:.3f}" for p, pred in pools
             for r, f, n in [pooled(res["rows"], pred)]]
    for p, pred in pools:
        ms = [dict(m, band=band(m["rank"]) if m["cls"] == "b" else "-",
                   share=share_band(m["mem_share"]) if m["cls"] == "b" else "-") for m in res["misses"]
              if pred(m["set"])]
        missed_q = {(m["set"], m["i"]) for m in ms}
        lines += [f"== {p}: {len(ms)} gold missed in {len(missed_q)} questions"]
        for keys in (("cls",), ("cls", "which"), ("cls", "group"), ("cls", "band"), ("cls", "share"),
                     ("cls", "origin"), ("cls", "differs"), ("cls", "holds"), ("section",)):
            lines += [f"-- by {'+'.join(keys)}"] + tally_lines(ms, keys)[:10]
    if deep:
        prac = [d for d in deep if is_practitioner(d["set"])]
        lines += [f"== class a, asked deeper: {len(deep)} (practitioner {len(prac)})"]
        for d in deep:
            lines.append(f"  {d['set']}#{d['i']} {d['gold']} rank {d['rank']} origin {d['origin']} "
                         f"term {d['term_node']} named {d['named']} one-hop {d['one_hop']} views {d['views']}")
    return lines


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "folds":
        folds(Path(argv[1]), Path(argv[2]))
    elif argv[0] == "chrono":
        chrono(Path(argv[1]), Path(argv[2]), Path(argv[3]), argv[4:])
    elif argv[0] == "absent":
        absent(Path(argv[1]), Path(argv[2]), Path(argv[3]))
    else:
        res = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        deep = json.loads(Path(argv[2]).read_text(encoding="utf-8")) if len(argv) > 2 else None
        print("\n".join(report(res, deep)))
    return 0


__all__ = ["SECTION_GROUPS", "absent", "folds", "group_of", "held_out", "holds", "miss_rows", "one_hop", "report",
           "section_of"]


if __name__ == "__main__":
    sys.exit(main())
