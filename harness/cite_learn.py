"""A learned citation decision, trained and scored leave-one-set-out on `regc ask`'s cached hits
(:mod:`harness.cite_dump`) (H14ck; measured, NOT adopted: tests/fixtures/ask/README.md, round 37).

    python -m harness.cite_learn IDX DUMP.pkl [--limit 8] [--models lr,gbm] [--order route] [--only-routed]

Per candidate (the first ``--limit`` hits with an answering sentence) a row of features of the answer's own
evidence -- rank, score and support against the first / the best, answering-sentence and title coverage, how many
of its sentences answer, the question words it alone covers, origin, definitions / annex, same act as the first
hit -- never a feature naming a provision, an act or a question; label: the candidate is a gold provision.  A
policy cites the best-supported candidate (the key, as :func:`regc.retrieval.answer.extractive`), then those with
support >= ``floor`` x the key's and probability >= ``lo``, or probability >= ``hi``; then the cued, term,
activity and introducing provisions exactly as ``extractive`` adds them, cut at ``MAX_RULES``.

Leave-one-set-out: for each held set the model is fitted on the other sets, and the policy (one of ``POLICIES``,
or the current ``extractive`` itself) is chosen on those sets only: the highest mean key cited among those whose
pooled key, precision and recall stay within .005 of the current policy's there
(:func:`harness.cite_eval.feasible`).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter

from harness.cite_eval import ORDERS, default_answer, feasible, load, memoised_claims, open_searcher, pooled, show

ORIGINS = ("search", "closure", "bridged", "objective", "term", "cue", "introducing", "activity", "heading",
           "companion", "section", "form", "amender", "pinpoint")
FEATURES = ("rank", "inverse_rank", "score_share", "support_share", "support_rank", "coverage", "title_share",
            "definitions", "annex", "first_act", "log_sentences", "log_answering", "answering_share",
            "second_coverage", "matched_share", "alone_share", "support_over_second") + tuple(
    f"origin_{o}" for o in ORIGINS)
# (floor, lo, hi); the current policy is always a choice as well
POLICIES = ((0.45, 0.0, 0.3), (0.45, 0.0, 0.25), (0.45, 0.1, 0.3), (0.45, 0.1, 0.25), (0.35, 0.1, 0.25),
            (0.35, 0.15, 0.3), (0.35, 0.1, 0.3), (0.55, 0.0, 0.25), (0.55, 0.0, 0.3))


def candidates(s, anchor, hits: list, limit: int) -> list[tuple]:
    """(hit, support, claims, feature row) of the first ``limit`` hits with an answering sentence (support as
    :func:`regc.retrieval.answer.extractive` computes it)."""
    from regc.retrieval import answer as A
    from regc.retrieval.ask import node_text

    focus = A._focus(anchor)
    need = A.MIN_OVERLAP if len(focus) > 2 else 1
    top = hits[0].score if hits else 0.0
    found = []
    for i, h in enumerate(hits[:limit]):
        text = node_text(s, h.node, h.version)
        weight = A.word_weights(s, h.node, focus) or {k: 1.0 for k in focus}
        overlap, claims = A._claims(text, focus, need, weight)
        if not claims:
            continue
        keys = A.title_keys(s, h.node)
        total = math.fsum(weight.values()) or 1.0
        titled = A.TITLE_WEIGHT * math.fsum(weight[w] for w in focus & keys)
        sents = [st for _, st in A._stemmed_sentences(text)]
        answering = sorted((math.fsum(weight[k] for k in focus & st) / total for st in sents
                            if len(focus & st) >= need), reverse=True)
        matched = focus & (frozenset().union(*sents) | keys) if sents else focus & keys
        found.append((i, h, h.score * (overlap + titled) / total, claims, overlap / total, titled / total,
                      A._key("definitions") in keys, sents, answering, matched, weight, total))
    if not found:
        return []
    sups = sorted((f[2] for f in found), reverse=True)
    best = sups[0] or 1.0
    second = sups[1] if len(sups) > 1 and sups[1] else 1.0
    order = sorted(range(len(found)), key=lambda j: (-found[j][2], j))
    srank = {j: r for r, j in enumerate(order)}
    key_matched = found[order[0]][9]
    out = []
    for j, (i, h, sup, claims, cov, tsh, dfn, sents, ans, matched, weight, total) in enumerate(found):
        row = [float(i), 1.0 / (1 + i), h.score / (top or 1), sup / best, float(srank[j]), cov, tsh, float(dfn),
               float(h.locator.startswith("Annex")), float(h.celex == hits[0].celex), math.log1p(len(sents)),
               math.log1p(len(ans)), len(ans) / max(1, len(sents)), ans[1] if len(ans) > 1 else 0.0,
               math.fsum(weight[k] for k in matched) / total,
               math.fsum(weight[k] for k in matched - key_matched) / total, sup / second]
        out.append((h, sup, claims, row + [float(h.origin == o) for o in ORIGINS]))
    return out


def cited(s, anchor, hits: list, chosen: list) -> list[str]:
    """The rule ids cited from ``chosen`` ((hit, support, claims), the key first) with the cued, term, activity and
    introducing provisions added as :func:`regc.retrieval.answer.extractive` adds them (:func:`~regc.retrieval.answer
    .placed`)."""
    from regc.retrieval import answer as A

    return [h.node for h, _, _ in A.placed(s, anchor, hits, chosen, A.CITE_CUED, A.MAX_RULES)]


def policy(cands: list, probs: list, floor: float, lo: float, hi: float) -> list:
    """The key (best support, the earlier on a tie), then those reaching the floor and ``lo``, or ``hi``."""
    if not cands:
        return []
    best = max(c[1] for c in cands)
    k = next(j for j, c in enumerate(cands) if c[1] == best)
    return [c[:3] for j, c in enumerate(cands) if j == k or (c[1] >= floor * best and probs[j] >= lo)
            or probs[j] >= hi]


def model(kind: str):
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    if kind == "lr":
        return make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
    return HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, max_depth=3, min_samples_leaf=40,
                                          random_state=0)


def fixed_policy(s, recs: list, cands: list, kind: str, p: tuple, sets: list) -> None:
    """Leave-one-set-out probabilities (the model fitted without the held set) under one fixed policy ``p``."""
    import numpy as np

    from regc.eval.retrieval import citation_metrics

    out = []
    for held in sets:
        tr = [i for i, r in enumerate(recs) if r["set"] != held]
        m = model(kind).fit(np.array([x[3] for i in tr for x in cands[i]]),
                            np.array([int(x[0].node in recs[i]["gold"]) for i in tr for x in cands[i]]))
        for i, r in enumerate(recs):
            if r["set"] == held:
                pr = list(m.predict_proba(np.array([x[3] for x in cands[i]]))[:, 1]) if cands[i] else []
                out.append({"set": r["set"], **citation_metrics(cited(s, r["anchor"], r["hits"],
                                                                      policy(cands[i], pr, *p)), r["gold"])})
    show(f"{kind} LOSO model, fixed {p}", out)


def main(argv=None) -> int:
    import numpy as np

    from regc.eval.retrieval import citation_metrics

    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("dump")
    ap.add_argument("--limit", type=int, default=8)
    ap.add_argument("--models", default="lr,gbm")
    ap.add_argument("--fixed", default="", help="floor,lo,hi: every fold uses this policy (an optimistic reading:"
                    " the policy itself was picked on every set); only the model is fitted without the held set")
    ap.add_argument("--order", choices=tuple(ORDERS), default="learned", help="whose hits are scored")
    ap.add_argument("--only-routed", action="store_true",
                    help="the model's policy answers only the questions routed to --memory --rerank (fitted on all)")
    a = ap.parse_args(argv)
    recs = load(a.dump, a.order)
    s = open_searcher(a.index)
    memoised_claims()
    cands = [candidates(s, r["anchor"], r["hits"], a.limit) for r in recs]
    mine = [not a.only_routed or r["routed"] for r in recs]  # the questions a model's policy answers
    assert all(len(x[3]) == len(FEATURES) for c in cands for x in c)
    base = [{"set": r["set"], **citation_metrics(default_answer(s, r), r["gold"])} for r in recs]
    show("current", base)
    sets = sorted({r["set"] for r in recs})
    if a.fixed:
        fixed_policy(s, recs, cands, a.models.split(",")[0], tuple(float(v) for v in a.fixed.split(",")), sets)
        return 0
    for kind in a.models.split(","):
        out, chosen, insample = [], {}, {}
        for held in sets + [None]:  # None: every set (the in-sample reading)
            tr = [i for i, r in enumerate(recs) if r["set"] != held]
            X = np.array([x[3] for i in tr for x in cands[i]])
            y = np.array([int(x[0].node in recs[i]["gold"]) for i in tr for x in cands[i]])
            m = model(kind).fit(X, y)
            probs = [list(m.predict_proba(np.array([x[3] for x in c]))[:, 1]) if c else [] for c in cands]
            table = {p: [{"set": recs[i]["set"], **citation_metrics(
                cited(s, recs[i]["anchor"], recs[i]["hits"], policy(cands[i], probs[i], *p)), recs[i]["gold"])}
                if mine[i] else base[i] for i in range(len(recs))] for p in POLICIES}
            if held is None:
                insample = table
                break
            b = pooled([base[i] for i in tr])
            ok = [p for p in POLICIES if feasible(b, pooled([table[p][i] for i in tr]))]
            pick = max(ok, key=lambda p: math.fsum(table[p][i]["cit_key"] for i in tr), default="current")
            chosen[held] = pick
            out += [(table[pick][i] if pick != "current" else base[i]) for i, r in enumerate(recs) if r["set"] == held]
            print(kind, held, pick, file=sys.stderr, flush=True)
        for p, rows in insample.items():
            show(f"{kind} in-sample {p}", rows)
        show(f"{kind} LOSO", out)
        print(kind, "choices", Counter(map(str, chosen.values())).most_common(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
