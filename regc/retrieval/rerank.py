"""The learned re-ranker of `regc ask` (issue 14, round 28), its default order since its check on nine sets sealed
after it (``--no-rerank`` gives the hand-set order): the top ``CANDIDATES`` provisions of
:meth:`~regc.retrieval.ask.Asker.retrieve`, re-ordered by a learned score over their features
(:mod:`regc.retrieval.rerank_features`), ties by the current rank.

The weights are data (``rerank_weights.json`` beside this module, written by ``python -m harness.train_rerank fit``):
either small regression trees (``"kind": "gbm"``: per tree, each node's feature, threshold, children and leaf value;
a row goes left when its feature is <= the threshold; the score is ``base`` + the leaves reached) or a linear model
(feature means, scales and coefficients; the score is ``sum(coef * (x - mean) / scale)``).  The re-ordered hits carry the scores of the original ranking position by
position (the best keeps the best score), so the answer's score margins read the new order.

With a memory (``regc ask --memory --rerank``, issue 14 round 35's variant (2), measured leave-one-set-out
and on eight sealed sets; opt-in):
the candidates are the top ``CANDIDATES`` of the hand-set + memory fusion (:meth:`~regc.retrieval.ask.Asker.retrieve`
on an asker with a memory), their rows round 28's features followed by the memory's
(:mod:`regc.retrieval.memory_features`, read from the question's vector the memory read), scored by
``rerank_memory_weights.json`` (written by ``python -m harness.rerank_memory regen``; its trained questions in
``rerank_memory_trained.json``).

The questions the weights were trained on (every released question of commit a1bb759) are kept as short hashes of
their normalised text in ``rerank_trained.json`` (written by ``python -m harness.rerank_trained``), so that
``regc ask --eval`` can say which of its figures are in-sample.

>>> w = {"features": ["a", "b"], "mean": [0.0, 0.0], "scale": [1.0, 2.0], "coef": [1.0, 1.0]}
>>> learned_scores([[1.0, 0.0], [0.0, 4.0]], w)
[1.0, 2.0]
>>> question_key("  Who may   see my records? ") == question_key("Who may see my records?")
True
"""

from __future__ import annotations

import hashlib
import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

from regc.retrieval.memory_features import MEMORY_FEATURES, question_memory_features
from regc.retrieval.rerank_features import FEATURES, candidate_features

WEIGHTS = Path(__file__).with_name("rerank_weights.json")
TRAINED = Path(__file__).with_name("rerank_trained.json")  # the questions the weights were trained on (hashed)
MEMORY_WEIGHTS = Path(__file__).with_name("rerank_memory_weights.json")  # with a memory (``--memory --rerank``)
MEMORY_TRAINED = Path(__file__).with_name("rerank_memory_trained.json")
KEY_HEX = 16  # hex digits of sha256 kept per question
CANDIDATES = 30  # provisions of retrieve's list that the re-ranker re-orders


class WeightsError(ValueError):
    """A weights file of another shape (other features than this version computes)."""


@lru_cache(maxsize=4)
def load_weights(path: Path = WEIGHTS, features: tuple[str, ...] = FEATURES) -> dict:
    """The weights at ``path``, checked against ``features`` (``FEATURES``; ``FEATURES + MEMORY_FEATURES`` for the
    memory weights)."""
    w = json.loads(Path(path).read_text(encoding="utf-8"))
    shaped = "trees" in w if w.get("kind") == "gbm" else len(w["mean"]) == len(w["scale"]) == len(w["coef"])
    if list(w.get("features", ())) != list(features) or not shaped:
        raise WeightsError(f"{path}: weights for other features than this version computes; retrain them with "
                           f"python -m harness.train_rerank fit (harness.rerank_memory fit for the memory's)")
    return w


def tree_value(tree: dict, row: Sequence[float]) -> float:
    """The leaf value ``row`` reaches in one exported tree.

    >>> tree_value({"feature": [0, 0, 0], "threshold": [0.5, 0, 0], "left": [1, 0, 0], "right": [2, 0, 0],
    ...             "leaf": [0, 1, 1], "value": [0.0, -1.0, 1.0]}, [0.7])
    1.0
    """
    node = 0
    while not tree["leaf"][node]:
        node = tree["left"][node] if row[tree["feature"][node]] <= tree["threshold"][node] else tree["right"][node]
    return tree["value"][node]


def learned_scores(rows: Sequence[Sequence[float]], w: dict) -> list[float]:
    """One score per feature row, rounded to 9 decimals: trees (base + the leaf each tree gives, math.fsum in tree
    order) or linear (the standardised row dotted with the coefficients, math.fsum in feature order)."""
    if w.get("kind") == "gbm":
        return [round(math.fsum([w["base"]] + [tree_value(t, row) for t in w["trees"]]), 9) for row in rows]
    return [round(math.fsum(c * (x - m) / s for x, m, s, c in zip(row, w["mean"], w["scale"], w["coef"])), 9)
            for row in rows]


def reorder(hits: list, scores: Sequence[float]) -> list:
    """``hits`` by learned score (ties: their current order), each carrying the score of its new position."""
    from regc.retrieval.ask import Retrieved

    idx = sorted(range(len(hits)), key=lambda i: (-scores[i], i))
    return [Retrieved(hits[i].node, hits[pos].score, hits[i].origin, hits[i].version) for pos, i in enumerate(idx)]


def question_key(text: str) -> str:
    """sha256 hex[:KEY_HEX] of a question's text, stripped and its whitespace runs collapsed to one space."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:KEY_HEX]


@lru_cache(maxsize=4)
def trained_keys(path: Path = TRAINED) -> frozenset:
    """The :func:`question_key` of every question the shipped weights were trained on."""
    return frozenset(json.loads(Path(path).read_text(encoding="utf-8"))["keys"])


def trained_on(questions: Sequence[str], path: Path = TRAINED) -> int:
    """How many of ``questions`` the shipped weights were trained on (their figures are in-sample).

    >>> trained_on(["a question nobody released?"])
    0
    """
    keys = trained_keys(path)
    return sum(question_key(q) in keys for q in questions)


# the learned orders whose weights were fitted on released questions: (--eval row label, what it is, the trained
# files of the weights it answers with; the default, routed per network, answers with either of the two)
LEARNED_ORDERS = (("ask", "the learned order it routes to", (TRAINED, MEMORY_TRAINED)),
                  ("ask-learned", "the learned order", (TRAINED,)),
                  ("ask-memory-rerank", "the memory re-ranker", (MEMORY_TRAINED,)))


def in_sample(questions: Sequence[str]) -> list[tuple[str, str, int]]:
    """Per learned order of ``LEARNED_ORDERS``: (row label, what it is, how many of ``questions`` its weights were
    trained on) -- what `regc ask --eval` and ``bench.bench_ask`` both report.

    >>> [n for _, _, n in in_sample(["a question nobody released?"])]
    [0, 0, 0]
    """
    out = []
    for label, what, paths in LEARNED_ORDERS:
        keys = frozenset().union(*(trained_keys(p) for p in paths))
        out.append((label, what, sum(question_key(q) in keys for q in questions)))
    return out


def feature_rows(asker, anchor, trace: dict, head: Sequence) -> list[list[float]]:
    """The re-ranker's rows of ``head``: round 28's features, followed by the memory's when ``asker`` has a memory
    (read from the question's vector that retrieve put in ``trace``)."""
    rows = candidate_features(asker, anchor, trace, head)
    if asker.memory is None:
        return rows
    extra = question_memory_features(asker.memory, trace.get("memory_vector"), [h.node for h in head])
    return [a + b for a, b in zip(rows, extra)]


def retrieve_reranked(asker, question: str, k: int = 10, as_of: Optional[str] = None,
                      weights: Optional[dict] = None, trace: Optional[dict] = None) -> tuple:
    """:meth:`~regc.retrieval.ask.Asker.retrieve`'s top ``CANDIDATES`` re-ordered by the learned score, cut to
    ``k`` (the same ``(anchor, hits)`` shape).  On an asker with a memory the candidates are the hand-set + memory
    fusion's, the rows carry the memory's features and the weights default to ``MEMORY_WEIGHTS``.  ``trace`` (a
    dict), when given, receives retrieve's (:mod:`regc.retrieval.networks` reads the question's networks from it).

    >>> # anchor, hits = retrieve_reranked(Asker(Searcher.open("out/index")), "Who may see my records?")
    """
    w = weights if weights is not None else load_weights() if asker.memory is None else \
        load_weights(MEMORY_WEIGHTS, FEATURES + MEMORY_FEATURES)
    trace = {} if trace is None else trace
    anchor, hits = asker.retrieve(question, max(k, CANDIDATES), as_of, trace=trace)
    head, tail = hits[:CANDIDATES], hits[CANDIDATES:]
    head = reorder(head, learned_scores(feature_rows(asker, anchor, trace, head), w))
    return anchor, (head + tail)[:k]


__all__ = ["CANDIDATES", "LEARNED_ORDERS", "MEMORY_TRAINED", "MEMORY_WEIGHTS", "TRAINED", "WEIGHTS", "WeightsError", "feature_rows",
           "in_sample", "learned_scores", "load_weights", "question_key", "reorder", "retrieve_reranked", "trained_keys",
           "trained_on"]
