"""Which learned order answers a question, per citation network (issue 14, round 42b: `regc ask`'s default).

A citation network is a connected component of the act-level citation graph (``Asker._domain``: on the shipped
index the eight EU acts, and the HIPAA combined document), named by its smallest act (``32018L2001``,
``doc:hipaa_combined``).  A question's networks are :meth:`~regc.retrieval.ask.Asker.question_domains` on the
default asker's fusion (the acts it names, else the network of its best fused provisions): read from the question
alone; when it names no act and the memory's neighbours of the question (its ``neighbours`` nearest released
questions) hold gold provisions of one network only, that network is the question's (round 46: a question in lay
words whose best fused provisions lie in another network).  ``memory_networks.json`` gives each network its order, ``memory-rerank`` (``regc ask --memory --rerank``)
or ``default`` (round 28's learned order), with the reason (``why``; the measurements: tests/fixtures/ask/README.md,
rounds 38 and 42b).  A question answered by ``memory-rerank`` names networks that all chose it; any other question
(no network, two, or one the file does not name) is answered by the default.

>>> route(("doc:hipaa_combined",), {"doc:hipaa_combined": "memory-rerank", "32018L2001": "default"})
'memory-rerank'
>>> route((), {"doc:hipaa_combined": "memory-rerank"})
'default'
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Mapping, Optional, Sequence

NETWORKS = Path(__file__).with_name("memory_networks.json")
MODELS = ("default", "memory-rerank")  # the orders a network can be given
_CELEX = r"\d{5}[A-Z]\d{4}"  # an EU act's CELEX number, e.g. 32018L2001
_DOCUMENT = r"doc:[a-z0-9_]+"  # a PDF document's id, e.g. doc:hipaa_combined
NETWORK_NAME = re.compile(rf"""^(?: {_CELEX} | {_DOCUMENT} )$""", re.VERBOSE)


class NetworksError(ValueError):
    """A data file of networks that cannot be read as a choice per network."""


def load_networks(path: Path = NETWORKS) -> dict[str, str]:
    """Network name -> the order chosen for it; refuses a name that is not a network's (an act's CELEX or a
    ``doc:`` id) and an order that is not one of ``MODELS``."""
    try:
        chosen = json.loads(Path(path).read_text(encoding="utf-8"))["networks"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise NetworksError(f"{path}: not a networks file ({e}); it is written by hand: restore it from the "
                            "repository (its why field says where the choice was measured)") from None
    for name, model in sorted(chosen.items()):
        if not NETWORK_NAME.match(name):
            raise NetworksError(f"{path}: unknown network name {name!r} (a network is named by its smallest act)")
        if model not in MODELS:
            raise NetworksError(f"{path}: network {name}: unknown order {model!r} (one of {', '.join(MODELS)})")
    return dict(chosen)


def network_names(asker) -> dict[int, str]:
    """The asker's networks (``Asker._domain``'s numbers) -> their names (each network's smallest act)."""
    out: dict[int, str] = {}
    for act, d in sorted(asker._domain.items()):
        out[d] = min(out.get(d, act), act)
    return out


def question_networks(asker, trace: dict) -> tuple[str, ...]:
    """The names of the networks ``trace`` (of :meth:`Asker.retrieve` on the asker without a memory) gave the
    question, sorted."""
    names = network_names(asker)
    return tuple(sorted(names[d] for d in trace.get("domains") or () if d in names))


def neighbours_network(asker, memory_asker, anchor) -> Optional[str]:
    """The one network that every gold provision of the question's memory neighbours lies in (``memory_asker``'s
    memory, read as it reads the question: :meth:`~regc.retrieval.ask.Asker.question_vector`), or None when they
    span two networks, name a provision of no known act, or the memory cannot read the question."""
    memory = memory_asker.memory
    if memory is None or not memory_reads(memory_asker):
        return None
    q = memory_asker.question_vector(anchor)
    if q is None:
        return None
    _, rows = memory.nearest(q)
    names = network_names(asker)
    nets = {names.get(asker._domain.get(g.split("#", 1)[0], -1)) for j in rows for g in memory.gold[j]}
    return nets.pop() if len(nets) == 1 and None not in nets else None


def question_route(asker, memory_asker, anchor, trace: dict, chosen: Mapping[str, str]) -> str:
    """The order (one of ``MODELS``) answering the question of ``anchor``, whose default retrieval left ``trace``:
    its networks (:func:`question_networks`; where it names no act and its memory neighbours agree on one network,
    that one: :func:`neighbours_network`) routed by ``chosen`` (:func:`route`)."""
    nets = question_networks(asker, trace)
    if not anchor.acts:
        agreed = neighbours_network(asker, memory_asker, anchor)
        nets = (agreed,) if agreed else nets
    return route(nets, chosen)


def route(nets: Sequence[str], chosen: Mapping[str, str]) -> str:
    """The order answering a question of networks ``nets``: ``memory-rerank`` only when it names at least one and
    every one of them chose it."""
    return MODELS[1] if nets and all(chosen.get(n) == MODELS[1] for n in nets) else MODELS[0]


def memory_reads(asker) -> bool:
    """Whether the memory can read a question on ``asker``'s index: it votes through the question's dense vector, so
    an index built without its dense part (``regc index --no-dense``) leaves every question to the default."""
    return bool(asker.s.has_dense)


def retrieve_by_network(asker, memory_asker, question: str, k: int = 10, as_of: Optional[str] = None,
                        chosen: Optional[Mapping[str, str]] = None) -> tuple:
    """``(anchor, hits)`` of the order the question's network chose: the default's (``asker``, without a memory)
    or ``--memory --rerank``'s (``memory_asker``; only where :func:`memory_reads`).  The default is asked first: its
    fusion names the networks.

    >>> # retrieve_by_network(Asker(s), Asker(s, memory=load_memory()), "May a covered entity ...?")
    """
    from regc.retrieval.key_vote import with_key_votes
    from regc.retrieval.rerank import retrieve_reranked

    chosen = load_networks() if chosen is None else chosen
    trace: dict = {}
    out = retrieve_reranked(asker, question, k, as_of, trace=trace)
    if question_route(asker, memory_asker, out[0], trace, chosen) == MODELS[1] and memory_reads(memory_asker):
        anchor, hits = retrieve_reranked(memory_asker, question, k, as_of)
        return anchor, with_key_votes(memory_asker, anchor, hits)  # (the answer reads the memory's key vote)
    return out


__all__ = ["MODELS", "NETWORKS", "NETWORK_NAME", "NetworksError", "load_networks", "memory_reads", "network_names",
           "neighbours_network", "question_networks", "question_route", "retrieve_by_network", "route"]
