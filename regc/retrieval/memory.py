"""Past questions as a view of `regc ask` (issue 14, round 30): the released questions, each with its gold
provisions, are a memory; a new question's nearest past questions (cosine of the question views' vectors) vote for
their gold provisions, each vote the neighbour's similarity, and the provisions in order of their votes (ties by
id) are one more ranked list for the fusion (:class:`~regc.retrieval.ask.Asker`'s ``memory_mode``: ``"list"``, a
list of its own in the views' RRM; ``"within"``, that list cut to the current fusion's first ``WITHIN`` provisions,
so that it re-orders and never inserts (round 32: the opt-in's mode, weight .75); ``"hybrid"``, a third member of
the question view's BM25 + dense RRF).

The memory is data beside this module, written by ``python -m harness.qa_memory fit``: ``memory_vectors.npy``
(float16, one unit row per past question) and ``memory_gold.json`` (``{"neighbours": m, "gold": [[ids], ...]}``,
the rows' gold provisions in the same order, and the number of neighbours that vote).  Opt-in:
``Asker(searcher, memory=load_memory())`` or ``regc ask --memory``.

>>> import numpy as np
>>> m = Memory(np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0]], dtype=np.float32), (("a",), ("b", "a"), ("c",)), 2)
>>> m.ranking(np.array([1.0, 0.0], dtype=np.float32))
['a', 'b']
"""

from __future__ import annotations

import json
import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

VECTORS = Path(__file__).with_name("memory_vectors.npy")
GOLD = Path(__file__).with_name("memory_gold.json")
NEIGHBOURS = 10
SAME_QUESTION = 0.9999  # cosine at which a stored past question is the asked one (float16 storage rounds ~1e-7)
WITHIN = 30  # the current fusion's first provisions the memory may re-order (mode "within")


class MemoryError_(ValueError):
    """Memory files that cannot be read or do not fit each other (rows and gold lists of different lengths)."""


@dataclass(frozen=True)
class Memory:
    """Past questions' unit vectors (rows) and their gold provisions; ``neighbours`` of them vote."""

    vectors: object  # numpy float32, one unit row per past question
    gold: tuple[tuple[str, ...], ...]
    neighbours: int = NEIGHBOURS
    skip_copies: bool = False  # a past question with the asked one's own vector does not vote (evaluation)

    def nearest(self, q) -> tuple:
        """``(sims, rows)``: the cosine of ``q`` to every past question (float64) and the ``neighbours`` nearest
        rows, nearest first (stable); with ``skip_copies``, past questions at cosine >= SAME_QUESTION (the asked
        question itself, stored) are passed over."""
        import numpy as np

        sims = np.asarray(self.vectors, dtype=np.float64) @ np.asarray(q, dtype=np.float64)
        order = np.argsort(-sims, kind="stable")
        if self.skip_copies:
            order = order[sims[order] < SAME_QUESTION]
        return sims, order[: self.neighbours]

    def tally(self, q) -> tuple[list[tuple[str, float]], dict[str, tuple[float, int]], float]:
        """One pass over the nearest past questions: :meth:`votes`; per voted provision (its nearest voter's
        similarity, its voters); the nearest past question's similarity (0 when none votes).

        >>> import numpy as np
        >>> m = Memory(np.array([[1.0, 0.0], [0.6, 0.8]], dtype=np.float32), (("a",), ("a", "b")), 2)
        >>> votes, nearest, s1 = m.tally(np.array([1.0, 0.0]))
        >>> [g for g, _ in votes], nearest["a"][1], round(s1, 3)
        (['a', 'b'], 2, 1.0)
        """
        return self.tally_rows(*self.nearest(q))

    def tally_rows(self, sims, rows) -> tuple[list[tuple[str, float]], dict[str, tuple[float, int]], float]:
        """:meth:`tally` of the past questions ``rows`` (nearest first) at similarities ``sims`` (indexed by row):
        for a caller that chose the neighbours itself (a harness leaving sets out by mask)."""
        votes: dict[str, float] = {}
        nearest: dict[str, tuple[float, int]] = {}
        for j in rows:
            for g in self.gold[j]:
                votes[g] = votes.get(g, 0.0) + float(sims[j])
                first, count = nearest.get(g, (float(sims[j]), 0))
                nearest[g] = (first, count + 1)
        ranked = sorted(votes.items(), key=lambda x: (-round(x[1], 9), x[0]))
        return ranked, nearest, float(sims[rows[0]]) if len(rows) else 0.0

    def votes(self, q) -> list[tuple[str, float]]:
        """(gold provision, summed similarity of the nearest past questions holding it), most voted first (summed
        in neighbour order; ties by id)."""
        return self.tally(q)[0]

    def ranking(self, q) -> list[str]:
        """The gold provisions of the ``neighbours`` past questions nearest ``q``, by their votes."""
        return [g for g, _ in self.votes(q)]

    def without(self, keep: Sequence[bool]) -> "Memory":
        """The memory of the rows where ``keep`` is true (a held-out set's own questions left out)."""
        import numpy as np

        rows = [i for i, k in enumerate(keep) if k]
        return Memory(np.asarray(self.vectors)[rows], tuple(self.gold[i] for i in rows), self.neighbours,
                      self.skip_copies)

    def leaving_out_copies(self) -> "Memory":
        """This memory, each asked question's own stored copy left out of its vote: how ``regc ask --eval`` reads
        the memory, since on a released set every question would otherwise find itself (leave-one-question-out;
        still kinder than leaving the question's whole set out).

        >>> import numpy as np
        >>> m = Memory(np.array([[1.0, 0.0], [0.8, 0.6]], dtype=np.float32), (("self",), ("other",)), 1)
        >>> m.ranking(np.array([1.0, 0.0])), m.leaving_out_copies().ranking(np.array([1.0, 0.0]))
        (['self'], ['other'])
        """
        return dataclasses.replace(self, skip_copies=True)


def within(past: Sequence[str], fused: Sequence[tuple[str, float]], mode: str = "within", top: int = WITHIN) -> list[str]:
    """The memory's ranking ``past`` cut to the provisions of the current fusion's first ``top`` when ``mode`` is
    ``"within"`` (it re-orders what retrieval found, never inserts); in any other mode ``past`` itself.

    >>> within(["a", "b", "c"], [("c", 1.0), ("a", 0.5), ("d", 0.2)], top=2)
    ['a', 'c']
    >>> within(["a", "b"], [("c", 1.0)], "list")
    ['a', 'b']
    """
    if mode != "within":
        return list(past)
    keep = {n for n, _ in fused[:top]}
    return [n for n in past if n in keep]


@lru_cache(maxsize=4)
def load_memory(vectors: Path = VECTORS, gold: Path = GOLD) -> Memory:
    """The shipped memory (read once)."""
    import numpy as np

    try:
        V = np.load(Path(vectors), allow_pickle=False).astype(np.float32)
    except ValueError as e:  # not an .npy array (a truncated or replaced file)
        raise MemoryError_(f"{vectors}: not a memory's vectors ({e}); regenerate them with python -m "
                           "harness.qa_memory regen") from None
    try:
        g = json.loads(Path(gold).read_text(encoding="utf-8"))
        n_gold, _ = len(g["gold"]), int(g["neighbours"])
    except (ValueError, KeyError, TypeError) as e:
        raise MemoryError_(f"{gold}: not a memory's gold lists ({type(e).__name__}: {e}); regenerate them with "
                           "python -m harness.qa_memory regen") from None
    if V.ndim != 2 or V.shape[0] != n_gold:
        raise MemoryError_(f"{vectors}: {V.shape} rows for {n_gold} gold lists in {gold}; regenerate them "
                           f"with python -m harness.qa_memory regen")
    V.setflags(write=False)
    return Memory(V, tuple(tuple(x) for x in g["gold"]), int(g["neighbours"]))


__all__ = ["GOLD", "Memory", "MemoryError_", "NEIGHBOURS", "VECTORS", "WITHIN", "load_memory", "within"]
