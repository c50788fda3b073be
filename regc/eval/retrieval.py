"""Score the enrichment that ``regc compile --resolve`` wrote against gold activities.

For every gold ``must_be_fetched`` reference that names an EU act (gold ``celex_id`` set), the compiled
reference with the same text (same criterion first, else anywhere in the activity; else, in the same criterion,
one text containing the other or the same CELEX) is checked:

- ``right_act``: compiled ``celex_id`` equals the gold one;
- ``right_provision`` (acts in the index only): the enrichment is ``retrieved`` and its passages hold every
  provision the reference pinpoints ("Article 29, paragraphs 6 and 7" -> 29(6), 29(7)); a whole-act reference
  needs passages from the right act;
- for acts outside the index, the correct outcome is ``not_found`` (counted as ``absent_ok``).

Status counts are over every reference source and footnote item of the compiled activities.

>>> norm_text("Article 29 ,  paragraphs 6 and 7")
'article 29, paragraphs 6 and 7'
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional, Sequence


def norm_text(s: str) -> str:
    s = re.sub(r"\s+", " ", s.replace("\u00a0", " ")).strip().lower()
    return re.sub(r"\s+([,.;:])", r"\1", s)


def _overlap(a: str, b: str) -> bool:
    """One reference text is the other with words added ("the X" / "X of the European Parliament ...")."""
    a, b = re.sub(r"^the ", "", a), re.sub(r"^the ", "", b)
    return min(len(a), len(b)) >= 12 and (a in b or b in a)


def _walk(n: dict) -> Iterator[dict]:
    yield n
    for c in n.get("sub_criteria", []):
        yield from _walk(c)


def _sources(activity: dict) -> Iterator[tuple[str, dict]]:
    for u in activity.get("units", []):
        for n in _walk(u["root"]):
            for s in (n.get("references") or {}).get("sources", []):
                yield n["criterion_id"], s


@dataclass
class RefCheck:
    activity: str
    criterion: str
    text: str
    gold_celex: str
    got_celex: Optional[str]
    in_index: bool
    status: Optional[str]
    wanted: list[str]
    got_locators: list[str]

    @property
    def right_act(self) -> bool:
        return self.got_celex == self.gold_celex

    @property
    def right_provision(self) -> bool:
        from regc.retrieval.retrieve import _loc_match

        if not (self.in_index and self.right_act and self.status == "retrieved"):
            return False
        return all(any(_loc_match(g, w) for g in self.got_locators) for w in self.wanted) if self.wanted \
            else bool(self.got_locators)


@dataclass
class Report:
    checks: list[RefCheck] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    missing: list[str] = field(default_factory=list)  # gold references with no compiled counterpart

    def rows(self) -> list[tuple[str, str]]:
        n = len(self.checks)
        inx = [c for c in self.checks if c.in_index]
        out = [c for c in self.checks if not c.in_index]
        ra = sum(c.right_act for c in self.checks)
        rp = sum(c.right_provision for c in inx)
        absent_ok = sum(c.right_act and c.status == "not_found" for c in out)
        pct = lambda a, b: f"{a}/{b} ({a / b:.0%})" if b else "0/0"  # noqa: E731
        return [
            ("resolve(compile): gold must_be_fetched EU-act refs matched", pct(n, n + len(self.missing))),
            ("resolve(compile): right act (CELEX = gold)", pct(ra, n)),
            ("resolve(compile): act in index: right act and provision retrieved", pct(rp, len(inx))),
            ("resolve(compile): act not in index: not_found with right CELEX", pct(absent_ok, len(out))),
            ("resolve(compile): status counts", ", ".join(f"{k} {v}" for k, v in sorted(self.statuses.items()))),
        ]


def score(compiled: Iterable[Path], gold_dir: Path, index_celexes: set[str]) -> Report:
    """Compare compiled ``<activity>.json`` files (any of the ``compiled`` folders) with the gold files."""
    from regc.retrieval.resolve import pinpoint_locators
    from regc.grammar.citations import find_citations

    files: dict[str, Path] = {}
    for d in compiled:
        for f in sorted(Path(d).glob("*.json")):
            files[f.stem] = f
    rep = Report()
    for gf in sorted(Path(gold_dir).glob("*.json")):
        if gf.stem not in files:
            continue
        gold = json.loads(gf.read_text("utf-8"))
        got = json.loads(files[gf.stem].read_text("utf-8"))
        got_refs = list(_sources(got))
        for _, s in got_refs:
            if s.get("enrichment"):
                rep.statuses[s["enrichment"]["status"]] += 1
        for u in got.get("units", []):
            for n in _walk(u["root"]):
                for fn in n.get("footnotes") or []:
                    for it in fn.get("items", []):
                        if it.get("enrichment"):
                            rep.statuses[it["enrichment"]["status"]] += 1
        for cid, s in _sources(gold):
            if s["type"] != "must_be_fetched" or not s.get("celex_id"):
                continue
            t = norm_text(s["text"])
            same = [x for c, x in got_refs if c == cid]
            cands = [x for x in same if norm_text(x["text"]) == t] or \
                [x for _, x in got_refs if norm_text(x["text"]) == t] or \
                [x for x in same if _overlap(norm_text(x["text"]), t)] or \
                [x for x in same if x.get("celex_id") == s["celex_id"]]
            if not cands:
                rep.missing.append(f"{gf.stem} {cid} {s['text']!r}")
                continue
            m = cands[0]
            e = m.get("enrichment") or {}
            cits = [c for c in find_citations(s["text"]) if c.kind == "eu_act"]
            wanted = pinpoint_locators(cits[0].pinpoint) if cits and cits[0].pinpoint else []
            rep.checks.append(RefCheck(gf.stem, cid, s["text"], s["celex_id"], m.get("celex_id"),
                                       s["celex_id"] in index_celexes, e.get("status"), wanted,
                                       [p["locator"] for p in e.get("passages", []) if p["doc"] == s["celex_id"]]))
    return rep



# ---------------------------------------------------------------------------------------------------------------
# `regc ask --eval`: provision retrieval and citations against question -> governing-provision gold


def load_qa(path: Path) -> list[dict]:
    """``{"question": str, "gold": ["CELEX#Article N", ...], "split"?: "dev"|"heldout"}`` lines; a malformed
    line raises ValueError naming the file and line."""
    out = []
    with open(path, encoding="utf-8-sig") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
                q, gold = d["question"], d["gold"]
                if not isinstance(q, str) or not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
                    raise TypeError("question must be text and gold a list of provision ids")
            except (ValueError, KeyError, TypeError) as e:
                raise ValueError(f"{path}:line {n}: not a QA item ({type(e).__name__}: {e})") from None
            out.append(d)
    return out


def ranking_metrics(ranked: list[str], gold: list[str], k: int = 10) -> dict[str, float]:
    """R@k, nDCG@k (binary gains) and FullCov@k (every gold provision in the top k) of one question.

    >>> ranking_metrics(["a", "x", "b"], ["a", "b"], k=10)
    {'recall': 1.0, 'ndcg': 0.9197207891481876, 'fullcov': 1.0}
    """
    import math

    top = ranked[:k]
    g = set(gold)
    hits = [i for i, d in enumerate(top) if d in g]
    dcg = sum(1.0 / math.log2(i + 2) for i in hits)
    idcg = sum(1.0 / math.log2(i + 2) for i in range(min(len(g), k)))
    return {"recall": len({top[i] for i in hits}) / len(g) if g else 0.0, "ndcg": dcg / idcg if idcg else 0.0,
            "fullcov": float(g <= set(top)) if g else 0.0}


def citation_metrics(cited: list[str], gold: list[str]) -> dict[str, float]:
    """Citation precision / recall at provision (article) level; no citation: precision counts as 1 (nothing
    wrong was cited), recall 0.  ``cit_key``: the first gold provision (the governing one, where the set lists
    it first) is cited; ``cit_answered``: something is cited (precision over answered questions =
    (precision - (1 - answered)) / answered).

    >>> citation_metrics(["a", "x"], ["a", "b"])
    {'cit_precision': 0.5, 'cit_recall': 0.5, 'cit_key': 1.0, 'cit_answered': 1.0}
    """
    c, g = set(cited), set(gold)
    return {"cit_precision": len(c & g) / len(c) if c else 1.0, "cit_recall": len(c & g) / len(g) if g else 0.0,
            "cit_key": float(bool(gold) and gold[0] in c), "cit_answered": float(bool(c))}


def bucket(n_gold: int) -> str:
    return "1 gold" if n_gold == 1 else "2 gold" if n_gold == 2 else ">=3 gold"


def mean_rows(per_q: list[dict], keys: Sequence[str]) -> dict[str, float]:
    return {k: (sum(r[k] for r in per_q) / len(per_q) if per_q else 0.0) for k in keys}



# the systems `regc ask --eval` and bench/bench_ask.py report, in order; ``ask`` is `regc ask`'s default order (the
# route per citation network, :mod:`regc.retrieval.networks`), ``ask-learned`` the default of rounds 28-41
SYSTEMS = ("bm25", "ask", "ask-learned", "ask-handset", "ask-rrf", "ask-memory", "ask-memory-rerank")
METRICS = ("recall", "ndcg", "fullcov", "cit_precision", "cit_recall", "cit_key", "cit_answered")
# systems whose rules-only answer is scored too
ANSWERED = ("ask", "ask-learned", "ask-handset", "ask-memory", "ask-memory-rerank")
# systems whose retrieval + rules-only answer is timed: the default, --no-by-network, --no-rerank, --memory --rerank
TIMED = ("ask", "ask-learned", "ask-handset", "ask-memory-rerank")
MEMORY_SYSTEMS = ("ask", "ask-memory", "ask-memory-rerank")  # systems that read the memory


def _retrieve(askers: dict, system: str, question: str, k: int) -> tuple:
    """``(anchor, hits)`` of one system (not ``bm25``)."""
    from regc.retrieval.rerank import retrieve_reranked

    if system == "ask":  # the order the question's citation network is routed to (regc.retrieval.networks)
        from regc.retrieval.networks import retrieve_by_network

        return retrieve_by_network(askers["ask-handset"], askers["ask-memory"], question, k)
    if system == "ask-learned":
        return retrieve_reranked(askers["ask-handset"], question, k)
    if system == "ask-memory-rerank":  # the memory asker's fusion re-ordered with the memory's features
        return retrieve_reranked(askers["ask-memory"], question, k)
    return askers[system].retrieve(question, k)


def timing_order(systems: Sequence[str], i: int) -> list[str]:
    """The order in which question ``i`` is asked of ``systems``: rotated by one per question, so that no system
    always meets the caches another has just warmed (the figures do not depend on the order; the latency does).

    >>> [timing_order(["a", "b", "c"], i) for i in range(4)]
    [['a', 'b', 'c'], ['b', 'c', 'a'], ['c', 'a', 'b'], ['a', 'b', 'c']]
    """
    r = i % len(systems) if systems else 0
    return list(systems[r:]) + list(systems[:r])


def _ask_one(searcher, askers: dict, system: str, it: dict, k: int, answer_options: Optional[dict],
             latency: dict) -> dict:
    """One system's metrics on one item (its latency appended to ``latency[system]`` when it is ``TIMED``)."""
    import time

    from regc.retrieval.answer import extractive

    out: dict = {}
    searcher.forget_queries()  # each system answers the question cold: no search another system just made
    if system == "bm25":
        ranked = [r.node for r in askers["ask-handset"].bm25_baseline(it["question"], k)]
    else:
        t0 = time.perf_counter()
        anchor, hits = _retrieve(askers, system, it["question"], k)
        if system in ANSWERED:
            ans = extractive(searcher, anchor, hits, **(answer_options or {}))
            if system in TIMED:
                latency[system].append((time.perf_counter() - t0) * 1000)
            out.update({f"{system}:{m}": v for m, v in citation_metrics(ans.rule_ids(), it["gold"]).items()})
        ranked = [h.node for h in hits]
    out.update({f"{system}:{m}": v for m, v in ranking_metrics(ranked, it["gold"], k).items()})
    return out


def evaluate_ask(searcher, items: list[dict], k: int = 10, *, systems: Sequence[str] = SYSTEMS,
                 progress=None, options: Optional[dict] = None,
                 answer_options: Optional[dict] = None) -> dict:
    """Per-question metrics of each system over ``items`` (see :func:`load_qa`): ``bm25`` (the question alone,
    rolled up to provisions), ``ask`` (`regc ask`'s default: per question, the order its citation network is
    routed to, :mod:`regc.retrieval.networks`: ``ask-memory-rerank``'s for the HIPAA network, ``ask-learned``'s for
    every other), ``ask-learned`` (``regc ask --no-by-network``, the default of rounds 28-41: the hand-set order's
    top 30 re-ordered by the learned re-ranker of :mod:`regc.retrieval.rerank`), ``ask-handset`` (the hand-set
    order, ``regc ask --no-rerank``: anchor + 3 views x BM25/dense, RRM, closure, authority), ``ask-rrf`` (the
    hand-set order with sum fusion), ``ask-memory`` (the hand-set order with the released questions' memory,
    :mod:`regc.retrieval.memory`, ``regc ask --memory``; each question's own stored copy left out of its vote),
    ``ask-memory-rerank`` (``regc ask --memory --rerank``: that fusion's top 30 re-ordered by trees over the
    re-ranker's and the memory's features, :mod:`regc.retrieval.memory_features`); ``options``: keyword arguments
    of every asker (ablations, e.g. ``{"title_view": None}``), ``answer_options`` those of the rules-only answer
    (``{"policy": "support"}``).  Citation metrics are those of the rules-only answer (``ANSWERED``), latency that
    of retrieval + rules-only answer (``TIMED``), the systems asked in :func:`timing_order`.
    Returns ``{"per_question": [...], "latency_ms": {system: [ms per question]}}``."""

    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker

    opts = dict(options or {})
    askers = {"ask-handset": Asker(searcher, **opts), "ask-rrf": Asker(searcher, **{**opts, "fusion": "rrf"})}
    if any(s in MEMORY_SYSTEMS for s in systems):
        from regc.retrieval.memory import load_memory

        # a released question is in the memory: its own copy is left out of its vote (leave-one-question-out)
        askers["ask-memory"] = Asker(searcher, **{"memory": load_memory().leaving_out_copies(), **opts})
    if any(s != "bm25" for s in systems) and items:
        warm_up(askers["ask-handset"])  # loading is not a question's latency
    per_q, latency = [], {s: [] for s in systems if s in TIMED}
    for i, it in enumerate(items):
        row = {"id": it.get("id", ""), "split": it.get("split", "dev"), "n_gold": len(it["gold"])}
        got = {}
        for system in timing_order(systems, i):  # each system is asked first as often as the others
            got[system] = _ask_one(searcher, askers, system, it, k, answer_options, latency)
        for system in systems:
            row.update(got[system])
        per_q.append(row)
        if progress is not None:
            progress(1)
    return {"per_question": per_q, "latency_ms": latency}


def ask_rows(result: dict, label: str = "") -> list[tuple[str, str]]:
    """Figures of :func:`evaluate_ask`: each system's means overall, per split and by number of gold provisions."""
    import statistics

    rows: list[tuple[str, str]] = []
    per_q = result["per_question"]
    groups = [("all", per_q)] + [(f"split {s}", [r for r in per_q if r["split"] == s])
                                 for s in sorted({r["split"] for r in per_q})]
    groups += [(b, [r for r in per_q if bucket(r["n_gold"]) == b]) for b in ("1 gold", "2 gold", ">=3 gold")]
    for name, rs in groups:
        if not rs:
            continue
        for system in SYSTEMS:
            keys = [f"{system}:{m}" for m in METRICS if f"{system}:{m}" in rs[0]]
            if not keys:
                continue
            means = mean_rows(rs, keys)
            fig = "  ".join(f"{key.split(':')[1]} {means[key]:.3f}" for key in keys)
            rows.append((f"{label}{name} (n={len(rs)}) {system}", fig))
    for system, lat in (result.get("latency_ms") or {}).items():
        if lat:
            rows.append((f"{label}{system} latency per question (rules-only, first included)",
                         f"p50 {statistics.median(lat):.0f} ms, max {max(lat):.0f} ms"))
    return rows


def main(argv: Optional[list[str]] = None) -> int:
    """``python -m regc.eval.retrieval INDEX GOLD_DIR COMPILED_DIR...``: print the rows and each reference."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    index, gold, dirs = Path(args[0]), Path(args[1]), [Path(a) for a in args[2:]]
    celexes = {json.loads(line)["celex"] for line in open(index / "trees.jsonl", encoding="utf-8")}
    rep = score(dirs, gold, celexes)
    for c in rep.checks:
        mark = "ok " if (c.right_provision if c.in_index else c.right_act and c.status == "not_found") else "BAD"
        print(f"{mark} {c.activity:9s} {c.criterion:18s} {c.gold_celex} got={c.got_celex} {c.status} "
              f"want={c.wanted} got={c.got_locators[:6]}  {c.text[:60]!r}")
    for m in rep.missing:
        print("MISSING", m)
    for label, fig in rep.rows():
        print(f"{label:62s} {fig}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
