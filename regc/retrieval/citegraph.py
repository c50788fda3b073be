"""Typed citation graph over a corpus and 1-hop closure of an evidence set (seed 001, RefWalk's OKG).

Nodes: acts (``"32018L2001"``), their parts (``"32018L2001#Article 29"``, ``"32018L2001#Annex V"``) and defined
terms (``"term:32018L2001:biomass"``).  Edges, all built deterministically from the text:

- ``PART_OF``      part -> act;
- ``REFERENCES``   part -> cited act or cited article of ANOTHER act ("Article 3 of Regulation (EU) 2018/1999");
- ``DELEGATES_TO`` act -> act that supplements/implements it (from the latter's title: "supplementing
  Regulation (EU) 2020/852"); ``SPECIFIES`` is the reverse edge;
- ``DEFINES``      definitions article -> term ("‘biomass’ means ...").

:func:`expand` closes a ranked evidence set over REFERENCES/DELEGATES_TO/SPECIFIES with a decay (0.7):
a neighbour gets ``decay * score`` of the seed that found it, co-discovered neighbours take the max.

>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("A#Article 1", "B#Article 3", type="REFERENCES")
>>> expand([("A#Article 1", 1.0)], g)
[('A#Article 1', 1.0), ('B#Article 3', 0.7)]
"""

from __future__ import annotations

import re
from typing import Iterable, Optional, Sequence

import networkx as nx

from regc.retrieval.chunking import ActTree, chunks_of
from regc.retrieval.registry import ActRegistry

EXPAND_TYPES = ("REFERENCES", "DELEGATES_TO", "SPECIFIES")
_DEF = re.compile(r"^\s*[‘'“\"]([^’'”\"]{2,80})[’'”\"]\s+means\b")
_PART_OF_LOC = re.compile(r"^(Article \d+[a-z]*|Annex [IVXLC]+[A-Z]?|Annex|§ [\d.]+[a-z]?|page \d+)")


def part_of(locator: str) -> str:
    """'Article 29(6)(a)' -> 'Article 29'; 'Annex V, Part C' -> 'Annex V'."""
    m = _PART_OF_LOC.match(locator)
    return m.group(1) if m else locator


def part_node(celex: str, locator: str) -> str:
    return f"{celex}#{part_of(locator)}"


def build_graph(trees: Sequence[ActTree], registry: Optional[ActRegistry] = None) -> nx.MultiDiGraph:
    from regc.grammar.citations import find_citations

    g = nx.MultiDiGraph()
    parts_known: set[str] = set()
    for t in trees:
        g.add_node(t.celex, kind="act", title=t.title)
        for p in t.parts:
            pid = part_node(t.celex, p.locator)
            parts_known.add(pid)
            g.add_node(pid, kind=p.kind, celex=t.celex)
            g.add_edge(pid, t.celex, type="PART_OF")
    for t in trees:
        for ch in chunks_of(t):
            src = part_node(t.celex, ch.locator)
            for c in find_citations(ch.text):
                if c.kind != "eu_act" or not c.celex or c.celex == t.celex:
                    continue
                target = c.celex
                if c.pinpoint:
                    m = re.match(r"(Article \d+[a-z]*|Annex [IVXLC]+[A-Z]?)", c.pinpoint)
                    if m and f"{c.celex}#{m.group(1)}" in parts_known:
                        target = f"{c.celex}#{m.group(1)}"
                if target not in g:
                    g.add_node(target, kind="act" if "#" not in target else "part", celex=c.celex)
                if not g.has_edge(src, target) or not any(d.get("type") == "REFERENCES"
                                                          for d in g.get_edge_data(src, target).values()):
                    g.add_edge(src, target, type="REFERENCES", text=c.text)
        for p in t.parts:
            if p.kind == "article" and re.search(r"\bdefinitions?\b", p.heading, re.I):
                pid = part_node(t.celex, p.locator)
                for n in p.walk():
                    m = _DEF.match(n.text)
                    if m:
                        term = f"term:{t.celex}:{m.group(1).lower()}"
                        g.add_node(term, kind="term", celex=t.celex)
                        g.add_edge(pid, term, type="DEFINES", locator=n.locator)
    if registry is not None:  # delegation from titles
        for c, a in sorted(registry.acts.items()):
            for m in re.finditer(r"\b(supplementing|implementing)\s+((?:Regulation|Directive)[^,;]*?\d{2,4}/\d{1,4}"
                                 r"(?:/(?:EU|EC|EEC))?)", a.title):
                for cit in find_citations(m.group(2)):
                    if cit.celex and cit.celex != c:
                        for n in (c, cit.celex):
                            if n not in g:
                                g.add_node(n, kind="act")
                        g.add_edge(cit.celex, c, type="DELEGATES_TO", via=m.group(1))
                        g.add_edge(c, cit.celex, type="SPECIFIES", via=m.group(1))
    return g


def graph_to_json(g: nx.MultiDiGraph) -> dict:
    return nx.node_link_data(g, edges="links")


def graph_from_json(d: dict) -> nx.MultiDiGraph:
    return nx.node_link_graph(d, directed=True, multigraph=True, edges="links")


def neighbours(g: nx.MultiDiGraph, node: str, types: Iterable[str] = EXPAND_TYPES) -> list[str]:
    types = set(types)
    if node not in g:
        return []
    return sorted({v for _, v, d in g.out_edges(node, data=True) if d.get("type") in types})


def expand(seeds: Sequence[tuple[str, float]], g: nx.MultiDiGraph, *, decay: float = 0.7, max_seeds: int = 10,
           types: Iterable[str] = EXPAND_TYPES) -> list[tuple[str, float]]:
    """1-hop closure: seeds keep their score; each neighbour of the first ``max_seeds`` seeds gets
    ``decay * seed score`` (max over seeds, never above its own seed score).  Best first, ties by id."""
    scores: dict[str, float] = {}
    for n, s in seeds:
        scores[n] = max(scores.get(n, 0.0), s)
    for n, s in list(seeds)[:max_seeds]:
        for v in neighbours(g, n, types):
            scores[v] = max(scores.get(v, 0.0), decay * s)
    return sorted(scores.items(), key=lambda x: (-x[1], x[0]))
