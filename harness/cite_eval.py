"""Citation policies scored on `regc ask`'s cached hits (:mod:`harness.cite_dump`), per pool, with the reasons a
key provision retrieved is not cited (H14ck).

    python -m harness.cite_eval IDX DUMP.pkl diagnose
    python -m harness.cite_eval IDX DUMP.pkl grid
    python -m harness.cite_eval IDX DUMP.pkl base --order route [--sets hipaa_webfaq8]

``--order`` picks the hits scored: ``learned`` (the default: ``--no-by-network``'s, round 37's figures) or
``route`` (`regc ask`'s default since round 42b, the route per citation network; H14ck2, round 43).
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
from collections import Counter
from pathlib import Path

from harness.rerank_eval import PRACTITIONER_PREFIXES

POOLS = (("Taxonomy", lambda s: s.startswith("faq")), ("HIPAA", lambda s: s.startswith("hipaa")),
         ("practitioner", lambda s: s.startswith(PRACTITIONER_PREFIXES)),
         ("faq_eval", lambda s: s == "faq_eval"))
METRICS = ("cit_key", "cit_precision", "cit_recall")
# --order -> (the record's hits, its anchor) (harness.cite_dump)
ORDERS = {"learned": ("hits", "anchor"), "route": ("route", "route_anchor")}


def ordered(recs: list[dict], order: str) -> list[dict]:
    """``recs`` with ``"hits"`` / ``"anchor"`` those of ``order`` (one of ``ORDERS``): every policy below reads
    ``"hits"`` and ``"anchor"``, so one switch scores them on another order's hits.

    >>> ordered([{"hits": [1], "anchor": "a", "route": [2], "route_anchor": "b"}], "route")[0]["hits"]
    [2]
    """
    hk, ak = ORDERS[order]
    return [r | {"hits": r[hk], "anchor": r[ak]} for r in recs]


def load(dump: str, order: str = "learned", sets: str = "") -> list[dict]:
    """The dump's records under ``order``, only those of ``sets`` (comma-separated names) when given."""
    with open(dump, "rb") as f:
        recs = pickle.load(f)
    keep = set(sets.split(",")) if sets else None
    return ordered([r for r in recs if keep is None or r["set"] in keep], order)


def open_searcher(index: str):
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.search import Searcher

    asker = Asker(Searcher.open(Path(index)))
    warm_up(asker)
    return asker.s


def pooled(rows: list[dict]) -> dict[str, dict[str, float]]:
    """{pool: {metric: mean}} over per-question rows ``{"set", metric...}``."""
    out = {}
    for name, pred in POOLS:
        rs = [r for r in rows if pred(r["set"])]
        out[name] = {m: math.fsum(r[m] for r in rs) / max(1, len(rs)) for m in METRICS} | {"n": len(rs)}
    return out


def show(label: str, rows: list[dict]) -> None:
    p = pooled(rows)
    print(f"{label:34s} " + "  ".join(f"{n[:5]} {v['cit_key']:.3f}/{v['cit_precision']:.3f}/{v['cit_recall']:.3f}"
                                      for n, v in p.items()), flush=True)


def score(s, recs: list[dict], answer) -> list[dict]:
    """Per-question citation metrics of ``answer(s, rec) -> cited ids``."""
    from regc.eval.retrieval import citation_metrics

    return [{"set": r["set"], "i": r["i"], **citation_metrics(answer(s, r), r["gold"])} for r in recs]


def default_answer(s, rec, hits_key: str = "hits", **kw) -> list[str]:
    from regc.retrieval.answer import extractive

    return extractive(s, rec["anchor"], rec[hits_key], **kw).rule_ids()


def supports(s, rec, hits_key: str = "hits") -> list[tuple[int, str, float, float, bool]]:
    """(rank, node, score, support, has claims) of the first MAX_CANDIDATES hits, as :func:`extractive` computes
    them (without the margin)."""
    from regc.retrieval import answer as A
    from regc.retrieval.ask import node_text

    focus = A._focus(rec["anchor"])
    need = A.MIN_OVERLAP if len(focus) > 2 else 1
    out = []
    for i, h in enumerate(rec[hits_key][:A.MAX_CANDIDATES]):
        weight = A.word_weights(s, h.node, focus)
        overlap, claims = A._claims(node_text(s, h.node, h.version), focus, need, weight)
        in_title = focus & A.title_keys(s, h.node)
        titled = A.TITLE_WEIGHT * (math.fsum(weight[w] for w in in_title) if weight else len(in_title))
        total = math.fsum(weight.values()) if weight else len(focus)
        out.append((i, h.node, h.score, h.score * (overlap + titled) / (total or 1) if claims else 0.0, bool(claims)))
    return out


def why(s, rec, hits_key: str = "hits") -> str:
    """Why the key provision is (not) cited in the default answer."""
    from regc.retrieval import answer as A

    key = rec["gold"][0]
    nodes = [h.node for h in rec[hits_key]]
    if key in default_answer(s, rec, hits_key):
        return "cited"
    if key not in nodes:
        return "not retrieved"
    r = nodes.index(key)
    if r >= A.MAX_CANDIDATES:
        return "rank >= 6"
    sup = supports(s, rec, hits_key)
    top = rec[hits_key][0].score
    if sup[r][2] < A.CITE_MARGIN * top:
        return "below margin"
    if not sup[r][4]:
        return "no answering sentence"
    best = max(x[3] for x in sup if x[2] >= A.CITE_MARGIN * top)
    if sup[r][3] < A.SUPPORT_FLOOR * best:
        return "below support floor"
    return "cut (MAX_RULES / cued / introducer)"


def key_rank(rec, hits_key: str = "hits") -> str:
    """Where the key provision sits in the hits: ``0``, ``1-5``, ``6-9`` or ``out``."""
    nodes = [h.node for h in rec[hits_key]]
    r = nodes.index(rec["gold"][0]) if rec["gold"][0] in nodes else None
    return "out" if r is None else "0" if r == 0 else "1-5" if r < 6 else "6-9"


def diagnose(s, recs: list[dict], label: str = "hits") -> None:
    for hk in ("hits", "handset"):
        for name, pred in POOLS:
            c = Counter(why(s, r, hk) for r in recs if pred(r["set"]))
            print(label if hk == "hits" else hk, name, dict(sorted(c.items(), key=lambda kv: -kv[1])), flush=True)
    for name, pred in POOLS:
        c = Counter(key_rank(r) for r in recs if pred(r["set"]))
        print(label, name, "key rank", dict(sorted(c.items())), flush=True)


def rescored(hits: list, decay: float, power: float) -> list:
    """``hits`` with each score times ``decay`` ** rank and divided by (1 + rank) ** ``power`` (the margin and the
    support then read the rank, not only the compressed score)."""
    from regc.retrieval.ask import Retrieved

    return [Retrieved(h.node, h.score * decay ** i / (1 + i) ** power, h.origin, h.version)
            for i, h in enumerate(hits)]


GRID = tuple((d, p, fl, m, c) for d in (1.0, 0.95, 0.9, 0.85, 0.8, 0.7) for p in (0.0,)
             for fl in (0.35, 0.45, 0.55) for m in (5, 4) for c in (6, 8, 10)) + tuple(
    (1.0, p, fl, m, c) for p in (0.25, 0.5, 1.0) for fl in (0.35, 0.45, 0.55) for m in (5, 4) for c in (6, 10))


def memoised_claims() -> None:
    """:func:`regc.retrieval.answer._claims` remembered per (text, focus, need, weighted) within this process (the
    same answer, computed once: the weights are a function of the text's act and the focus)."""
    from regc.retrieval import answer as A

    if getattr(A._claims, "memo", None) is not None:
        return
    raw, memo = A._claims, {}

    def claims(text, focus, need, weight=None):
        k = (text, frozenset(focus), need, weight is None)
        if k not in memo:
            memo[k] = raw(text, focus, need, weight)
        return memo[k]

    claims.memo = memo
    A._claims = claims


def variant_rows(s, recs: list[dict], v: tuple, only_routed: bool = False) -> list[dict]:
    """Per-question metrics of grid variant ``v``; with ``only_routed`` the variant answers the questions routed to
    ``--memory --rerank`` (``rec["routed"]``) and the current policy every other."""
    from regc.retrieval import answer as A

    decay, power, floor, max_rules, cand = v
    old = A.SUPPORT_FLOOR, A.MAX_CANDIDATES

    def answer(s, r):
        if only_routed and not r["routed"]:
            return default_answer(s, r)
        A.SUPPORT_FLOOR, A.MAX_CANDIDATES = floor, cand
        try:
            return A.extractive(s, r["anchor"], rescored(r["hits"], decay, power), max_rules=max_rules).rule_ids()
        finally:
            A.SUPPORT_FLOOR, A.MAX_CANDIDATES = old

    return score(s, recs, answer)


def feasible(base: dict, got: dict, slack: float = 0.005) -> bool:
    """No pool's key, precision or recall below the base's by more than ``slack``."""
    return all(got[p][m] >= base[p][m] - slack for p in ("Taxonomy", "HIPAA", "faq_eval") for m in METRICS
               if base[p]["n"]) and \
        all(got["practitioner"][m] >= base["practitioner"][m] - slack for m in METRICS[1:])


def loso(table: dict, base_v: tuple, sets: list[str]) -> tuple[list[dict], dict]:
    """Each set answered with the variant chosen on the other sets: the highest mean key over their questions
    among the variants feasible there (:func:`feasible` against ``base_v``); ties: the grid's order."""
    out, chosen = [], {}
    for held in sets:
        train = {v: [r for r in rows if r["set"] != held] for v, rows in table.items()}
        base = pooled(train[base_v])
        ok = [v for v in table if feasible(base, pooled(train[v]))]
        best = max(ok, key=lambda v: (math.fsum(r["cit_key"] for r in train[v]), -list(table).index(v)))
        chosen[held] = best
        out += [r for r in table[best] if r["set"] == held]
    return out, chosen


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("dump")
    ap.add_argument("what", choices=("diagnose", "base", "grid"))
    ap.add_argument("--order", choices=tuple(ORDERS), default="learned", help="whose hits are scored")
    ap.add_argument("--sets", default="", help="only these sets (comma-separated)")
    ap.add_argument("--only-routed", action="store_true",
                    help="grid: a variant answers only the questions routed to --memory --rerank")
    a = ap.parse_args(argv)
    recs = load(a.dump, a.order, a.sets)
    s = open_searcher(a.index)
    if a.what == "diagnose":
        diagnose(s, recs, a.order)
    elif a.what == "grid":
        memoised_claims()
        base_v = (1.0, 0.0, 0.45, 5, 6)
        table = {v: variant_rows(s, recs, v, a.only_routed) for v in (base_v,) + tuple(g for g in GRID if g != base_v)}
        for v, rows in table.items():
            show(f"{v}", rows)
        sets = sorted({r["set"] for r in recs})
        rows, chosen = loso(table, base_v, sets)
        show("LOSO", rows)
        print(Counter(chosen.values()).most_common())
    else:
        show(f"{a.order}" + (" (default)" if a.order == "route" else ""), score(s, recs, default_answer))
        show("hand-set", score(s, recs, lambda s, r: default_answer(s, r, "handset")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
