"""Memory-retrieval agreement as features of the memory re-ranker (issue 14, round 41), judged in nested LOSO.

    python -m harness.rerank_agreement loso FUSED.jsonl CANDS.jsonl OUT.json [3x100] [--memory DIR]
    python -m harness.rerank_agreement summary OUT.json

Round 40 found that on faq_eval's >= 3-gold questions the memory's own top 10 holds a third of their gold (other
Taxonomy questions: .83) at the same nearest-neighbour cosine, so variant (2)'s features cannot tell "the memory
knows this question" from "it does not".  The lever, fixed before any run: question-level figures of how far the
memory and retrieval agree, read from the candidates and the memory only (never the asked question's gold),
appended to (2)'s rows (the same value on every candidate row, as ``mem_s1``), in ``AGREEMENT`` order:

- ``agr_cand_voted`` (a1): the share of the candidates' first ``TOP`` that the memory votes for at all;
- ``agr_mem_in_pool`` (a2): the share of the memory's own first ``TOP`` that is among the candidates (all 30);
- ``agr_top_overlap`` (a3): |memory's first ``TOP`` & candidates' first ``TOP``| / ``TOP``;
- ``agr_voter_jaccard`` (a4): the mean pairwise Jaccard of the gold lists of the question's ``TOP`` nearest voting
  neighbours (the neighbours' agreement among themselves; 0 with fewer than two);

and one per candidate, ``agr_share_x_voted`` (a5): the candidate's ``mem_share`` times a1.  Variant A = a1-a4,
variant B = a1-a5 (``VARIANTS``).  The columns compared, each fitted in the same folds at the same setting: the
default (round 28's learned order: its features on the hand-set top 30, CANDS), (2) (round 28's + the memory's
features on the fusion's top 30, FUSED), A and B ((2)'s rows plus the agreement columns).  Nesting is
:func:`harness.rerank_memory.add_memory`'s: in the fold of held set H, a training question of set S reads the
memory without S and without H, and a held question the memory without H.  Every value is rounded to 9 decimals,
sums are math.fsum.

>>> agreement_features(["a", "b", "z"], [["a"], ["a", "b"]], ["a", "c", "b"], top=2)
[0.5, 1.0, 0.5, 0.5]
"""

from __future__ import annotations

import json
import math
import sys
from itertools import combinations
from pathlib import Path
from typing import Sequence

import numpy as np

from harness.rerank_eval import pools, print_summary, released_practitioner_sets
from harness.rerank_memory import CONFIG, add_memory, memory_option
from harness.train_rerank import _mean, fit_trees, load, score_set
from regc.retrieval.memory_features import MEMORY_FEATURES

TOP = 10  # the memory's and the candidates' first provisions compared; the voters whose gold lists are compared
SPREAD = 3  # gold provisions from which a question counts as spread out (round 28's >= 3-gold criterion)
SHARE = MEMORY_FEATURES.index("mem_share")


def _share_of(items: Sequence[str], within: set) -> float:
    return sum(1 for x in items if x in within) / len(items) if items else 0.0


def _jaccard(a: Sequence[str], b: Sequence[str]) -> float:
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa | sb) if sa | sb else 0.0


def _cand_voted(ranking, voters, nodes, top):
    return _share_of(list(nodes[:top]), set(ranking))


def _mem_in_pool(ranking, voters, nodes, top):
    return _share_of(list(ranking[:top]), set(nodes))


def _top_overlap(ranking, voters, nodes, top):
    return len(set(ranking[:top]) & set(nodes[:top])) / top


def _voter_jaccard(ranking, voters, nodes, top):
    pairs = list(combinations(voters[:top], 2))
    return math.fsum(_jaccard(a, b) for a, b in pairs) / len(pairs) if pairs else 0.0


# (name, question-level figure of (memory ranking, voters' gold lists nearest first, candidates, top)), fixed
AGREEMENT = (("agr_cand_voted", _cand_voted), ("agr_mem_in_pool", _mem_in_pool), ("agr_top_overlap", _top_overlap),
             ("agr_voter_jaccard", _voter_jaccard))
INTERACTION = "agr_share_x_voted"  # a5: mem_share x agr_cand_voted, per candidate
VARIANTS = (("A", False), ("B", True))  # (name, with the interaction a5)


def agreement_features(ranking: Sequence[str], voters: Sequence[Sequence[str]], nodes: Sequence[str],
                       top: int = TOP) -> list[float]:
    """The ``AGREEMENT`` figures of one question: ``ranking`` the memory's provisions by votes, ``voters`` the gold
    lists of its voting neighbours nearest first, ``nodes`` the candidates in retrieval's order (see the module
    docstring; its doctest: a1 "a" of "a", "c" voted, a2 both "a", "b" in the pool, a3 {"a"} / 2, a4 1 / 2)."""
    return [round(rule(list(ranking), [list(v) for v in voters], list(nodes), top), 9) for _, rule in AGREEMENT]


def agreement_columns(memory_rows: np.ndarray, agreement: Sequence[float], interaction: bool) -> np.ndarray:
    """The columns a variant appends to (2)'s rows: the question's ``agreement`` on every row, then (variant B)
    ``mem_share`` x a1 per candidate (``memory_rows``: the candidates' ``MEMORY_FEATURES``).

    >>> agreement_columns(np.array([[0.5] + [0.0] * 7, [0.0] * 8]), [0.4, 1.0, 0.3, 0.2], True).tolist()
    [[0.4, 1.0, 0.3, 0.2, 0.2], [0.4, 1.0, 0.3, 0.2, 0.0]]
    """
    n = len(memory_rows)
    cols = np.tile(np.array(agreement, dtype=float), (n, 1))
    if interaction:
        cross = np.array([[round(float(r[SHARE]) * agreement[0], 9)] for r in memory_rows]).reshape(n, 1)
        cols = np.hstack([cols, cross])
    return cols


def question_agreement(memory, v, nodes: Sequence[str]) -> list[float]:
    """``agreement_features`` of the question vector ``v`` read against ``memory`` (copies skipped as it says)."""
    votes, _, _ = memory.tally(v)
    _, rows = memory.nearest(v)
    return agreement_features([g for g, _ in votes], [memory.gold[j] for j in rows], nodes)


def _with_variants(mem, v, q: dict) -> dict:
    """``add_memory``'s ``extra``: each variant's rows ``X<name>`` = (2)'s ``Xm`` + its agreement columns."""
    agr = question_agreement(mem, v, q["nodes"])
    m = q["Xm"][:, -len(MEMORY_FEATURES):]
    return {f"X{name}": np.hstack([q["Xm"], agreement_columns(m, agr, inter)]) for name, inter in VARIANTS}


def check_same_questions(fused: list[dict], cands: list[dict]) -> None:
    """The two dumps must hold the same questions in the same order (set, index, gold)."""
    key = lambda q: (q["set"], q["i"], sorted(q["gold"]))  # noqa: E731
    if len(fused) != len(cands) or any(key(a) != key(b) for a, b in zip(fused, cands)):
        raise SystemExit("the fused and the hand-set dumps hold different questions")


def loso(fused: list[dict], cands: list[dict], with_memory, config: tuple[int, int] = CONFIG) -> dict:
    """Per held set: (R@10, FullCov@10) per question of the default, (2), A and B, each fitted on the other sets
    at ``config``, and ``ngold``.  ``with_memory(held)``: ``fused`` with ``Xm`` / ``XA`` / ``XB`` read without
    ``held`` in any memory."""
    check_same_questions(fused, cands)
    out = {}
    for held in sorted({q["set"] for q in fused}):
        qm = with_memory(held)
        split = lambda qs, key: ([dict(q, X=q[key]) for q in qs if q["set"] != held],  # noqa: E731
                                 [dict(q, X=q[key]) for q in qs if q["set"] == held])
        res = {}
        for col, qs, key in (("default", cands, "X"), ("v2", qm, "Xm")) + tuple((n, qm, f"X{n}") for n, _ in VARIANTS):
            train, test = split(qs, key)
            res[col] = score_set(test, fit_trees(train, *config))
        res["ngold"] = [len(q["gold"]) for q in cands if q["set"] == held]
        out[held] = res
        print(held, " ".join(f"{c} {_mean(res[c], 0):.3f}" for c in columns()), file=sys.stderr, flush=True)
    return out


def columns() -> tuple[str, ...]:
    """The columns of a LOSO file, in order."""
    return ("default", "v2") + tuple(name for name, _ in VARIANTS)


def _pools() -> tuple:
    return pools(released_practitioner_sets()) + (("faq_eval >= 3 gold", lambda s: s == "faq_eval"),)


def pooled(res: dict, col: str, pred, gold_min: int = 0) -> tuple[float, float]:
    """(R@10, FullCov@10) of column ``col`` over the questions of the sets ``pred`` accepts with >= ``gold_min``
    gold provisions."""
    rows = [r for s in sorted(res) if pred(s) for r, g in zip(res[s][col], res[s]["ngold"]) if g >= gold_min]
    return _mean(rows, 0), _mean(rows, 1)


def bar(res: dict, col: str) -> list[str]:
    """The clauses of round 41's bar that ``col`` misses against the default (empty: met)."""
    p = dict((label, pred) for label, pred in _pools())
    miss = []
    d, c = pooled(res, "default", p["practitioner HIPAA"]), pooled(res, col, p["practitioner HIPAA"])
    if c[0] < d[0] + 0.03 - 1e-9:
        miss.append(f"practitioner R@10 {c[0] - d[0]:+.3f} < +.03")
    for label in ("Taxonomy", "HIPAA", "faq_eval"):
        d, c = pooled(res, "default", p[label]), pooled(res, col, p[label])
        miss += [f"{label} {m} {c[j] - d[j]:+.3f}" for j, m in enumerate(("R@10", "FullCov@10"))
                 if c[j] < d[j] - 0.005 - 1e-9]
    spread = pooled(res, col, p["faq_eval >= 3 gold"], SPREAD)[0]
    if spread < 0.562 - 1e-9:
        miss.append(f"faq_eval >= 3-gold R@10 {spread:.3f} < .562")
    return miss


def summary(res: dict) -> list[str]:
    """The pools (R@10 / FullCov@10) per column, then each column's missed clauses of the bar."""
    ps = _pools()
    lines = ["| column | " + " | ".join(f"{label} ({len(_n(res, pred, SPREAD if label.endswith('gold') else 0))})"
                                        for label, pred in ps) + " |"]
    for col in columns():
        lines.append(f"| {col} | " + " | ".join(
            "{:.3f} / {:.3f}".format(*pooled(res, col, pred, SPREAD if label.endswith("gold") else 0))
            for label, pred in ps) + " |")
    for col in columns()[1:]:
        miss = bar(res, col)
        lines.append(f"{col}: bar " + ("met" if not miss else "not met: " + "; ".join(miss)))
    return lines


def _n(res: dict, pred, gold_min: int) -> list[int]:
    return [g for s in sorted(res) if pred(s) for g in res[s]["ngold"] if g >= gold_min]


def run_loso(fused_p: Path, cands_p: Path, out: Path, config: tuple = CONFIG, memory_dir: Path | None = None) -> None:
    """Nested LOSO of the four columns, written to ``out`` as JSON (the memory: the shipped one, or DIR's)."""
    from regc.retrieval.memory import GOLD, VECTORS

    gold_p, vec_p = (memory_dir / GOLD.name, memory_dir / VECTORS.name) if memory_dir else (GOLD, VECTORS)
    g = json.loads(gold_p.read_text(encoding="utf-8"))
    fused, cands = load(fused_p), load(cands_p)
    V, m = np.load(vec_p).astype(np.float32), int(g["neighbours"])
    res = loso(fused, cands, lambda held: add_memory(fused, V, g["gold"], m, held, _with_variants), config)
    out.write_text(json.dumps(res, sort_keys=True), encoding="utf-8")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "summary":
        return print_summary(summary, argv[1])
    args, mem = memory_option(argv[1:])
    config = tuple(int(x) for x in args[3].split("x")) if len(args) > 3 else CONFIG  # e.g. 3x100
    run_loso(Path(args[0]), Path(args[1]), Path(args[2]), config, mem)
    return 0


__all__ = ["AGREEMENT", "INTERACTION", "TOP", "VARIANTS", "agreement_columns", "agreement_features", "bar",
           "check_same_questions", "columns", "loso", "pooled", "question_agreement", "summary"]


if __name__ == "__main__":
    sys.exit(main())
