"""The memory's key vote (issue 14, rounds 47 / 47b): how strongly the released questions nearest a question name a
retrieved provision as THEIR key provision -- the governing one, listed first in their gold.

A question answered by the memory order (`regc ask`'s route, :mod:`regc.retrieval.networks`) reads the memory's
``neighbours`` nearest past questions; a provision's key share is the similarity-weighted share of those neighbours
whose key it is (:func:`key_shares`; the vote of :meth:`regc.retrieval.memory.Memory.tally` over their first gold
provision only).  Each retrieved provision carries its share (``Retrieved.key_share``), and the rules-only answer
also cites a provision it considers (an answering sentence, within the margin, among the first candidates) whose share
reaches ``KEY_SHARE``, after its own choices and within its cap (:func:`regc.retrieval.answer.extractive`).  Chosen
leave-one-set-out over 65 released sets (tests/fixtures/ask/README.md, round 47: ``KEY_SHARE`` .25 in 65 of 65
folds; practitioner key cited .653 -> .685, precision .364 -> .366) and adopted on blind sets (round 47b).

>>> import numpy as np
>>> from regc.retrieval.memory import Memory
>>> m = Memory(np.array([[1.0, 0.0], [0.8, 0.6]], dtype=np.float32), (("a", "b"), ("b", "a")), 2)
>>> [round(x, 3) for x in key_shares(m, np.array([1.0, 0.0]), ["a", "b", "c"])]
[0.556, 0.444, 0.0]
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Sequence

KEY_SHARE = 0.25  # a considered candidate whose key share reaches this is cited too (round 47's LOSO pick)
KEY_VOTE = True  # False: the answer reads no key vote (the citations of rounds 19-46)


def key_memory(memory):
    """``memory`` with each past question's gold cut to its key provision (its first)."""
    return dataclasses.replace(memory, gold=tuple(tuple(g[:1]) for g in memory.gold))


def key_shares(memory, q: Optional[object], nodes: Sequence[str]) -> list[float]:
    """Per provision of ``nodes``, the similarity-weighted share of the memory's nearest past questions to the
    question vector ``q`` whose key it is (0 when ``q`` is None: the memory read nothing)."""
    from regc.retrieval.memory_features import question_memory_features

    return [row[0] for row in question_memory_features(key_memory(memory), q, nodes)]


def with_key_votes(memory_asker, anchor, hits: list) -> list:
    """``hits`` (of ``memory_asker``'s order) each carrying its key share, the question read as the memory reads
    it (:meth:`~regc.retrieval.ask.Asker.question_vector`); unchanged when ``KEY_VOTE`` is off."""
    if not KEY_VOTE or memory_asker.memory is None:
        return hits
    shares = key_shares(memory_asker.memory, memory_asker.question_vector(anchor), [h.node for h in hits])
    return [dataclasses.replace(h, key_share=x) for h, x in zip(hits, shares)]


__all__ = ["KEY_SHARE", "KEY_VOTE", "key_memory", "key_shares", "with_key_votes"]
