"""Typed citation graph over a corpus and 1-hop closure of an evidence set (seed 001, RefWalk's OKG).

Nodes: acts (``"32018L2001"``), their parts (``"32018L2001#Article 29"``, ``"32018L2001#Annex V"``) and defined
terms (``"term:32018L2001:biomass"``).  Edges, all built deterministically from the text:

- ``PART_OF``      paragraph -> part ("32021R2178#Article 8(4)" -> "32021R2178#Article 8"), part -> act;
- ``REFERENCES``   paragraph/part -> provision of the same act ("paragraph 2", "Article 10(2) of this
  Regulation", "§ 164.502(e)": :mod:`regc.retrieval.refs`) or cited act/provision of ANOTHER act ("Article 3
  of Regulation (EU) 2018/1999", the citation grammar);
- ``REQUIRES_FORM`` paragraph -> annex of the same act named with a template/form word;
- ``DELEGATES_TO`` act -> act that supplements/implements it (from the latter's title: "supplementing
  Regulation (EU) 2020/852"), and empowering article ("... shall adopt a delegated act ...") -> each article of
  the delegated act citing it; ``SPECIFIES`` is the reverse edge;
- ``DEFINES``      definitions article -> term ("‘biomass’ means ...");
- ``EMPOWERS``     empowering article -> the delegated act adopted under it; ``AMENDS`` amending paragraph/annex
  -> the provisions of the act it amends (:mod:`regc.retrieval.lineage`); a CFR section naming another
  section by its title ("the eligibility for a health plan transaction") REFERENCES it (``via="title"``);
- ``CONTAINS``     CFR part -> subpart -> section, and ``REFERENCES`` (``via="division"``) paragraph -> the part /
  subpart it names ("this subpart", "subpart C of part 160"), ``via="range"`` -> each section of "§§ 164.302
  through 164.318" (:mod:`regc.retrieval.cfr_divisions`).

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

from regc.retrieval.cfr_divisions import division_edges
from regc.retrieval.chunking import ActTree, chunks_of
from regc.retrieval.lineage import lineage_edges
from regc.retrieval.registry import ActRegistry

EXPAND_TYPES = ("REFERENCES", "DELEGATES_TO", "SPECIFIES", "REQUIRES_FORM")
_DEF = re.compile(r"^\s*[‘'“\"]([^’'”\"]{2,80})[’'”\"]\s+means\b")
# US CFR definitions sections run on: "... Breach means the acquisition ... Business associate: (1) Except ..."
_CFR_DEF = re.compile(r"""
    (?:^|(?<=[.:)]\s))                                  # at the start of a sentence
    (?P<term>[A-Z][A-Za-z\-]*(?:\s[a-z][a-z\-]*){0,5}?)  # a capitalised term of 1-6 words
    (?:\s(?:means|is\sdefined\sas)\b|:\s\(1\))          # "means" / ": (1)"
""", re.X)
_PART_OF_LOC = re.compile(r"^(Article \d+[a-z]*|Annex [IVXLC]+[A-Z]?|Annex|§ \d+\.\d+[a-z]?|page \d+)")


def part_of(locator: str) -> str:
    """'Article 29(6)(a)' -> 'Article 29'; 'Annex V, Part C' -> 'Annex V'."""
    m = _PART_OF_LOC.match(locator)
    return m.group(1) if m else locator


def part_node(celex: str, locator: str) -> str:
    return f"{celex}#{part_of(locator)}"


def build_graph(trees: Sequence[ActTree], registry: Optional[ActRegistry] = None) -> nx.MultiDiGraph:
    """The typed citation graph of ``trees`` at act, article/annex/section and paragraph level (see the module
    docstring); deterministic (same trees, same graph)."""
    from regc.grammar.citations import find_citations
    from regc.retrieval.refs import intra_refs, paragraph_of

    g = nx.MultiDiGraph()
    parts_known: set[str] = set()
    for t in trees:
        g.add_node(t.celex, kind="act", title=t.title)
        for p in t.parts:
            pid = part_node(t.celex, p.locator)
            parts_known.add(pid)
            g.add_node(pid, kind=p.kind, celex=t.celex)
            g.add_edge(pid, t.celex, type="PART_OF")
        for ch in chunks_of(t):
            para = f"{t.celex}#{paragraph_of(ch.locator)}"
            part = part_node(t.celex, ch.locator)
            if para != part and para not in g:
                g.add_node(para, kind="paragraph", celex=t.celex)
                g.add_edge(para, part, type="PART_OF")

    def target(celex: str, loc: str) -> Optional[str]:
        para = f"{celex}#{paragraph_of(loc)}"
        if para in g:
            return para
        part = f"{celex}#{part_of(loc)}"
        return part if part in parts_known else None

    def link(src: str, dst: str, kind: str, **data) -> None:
        if src != dst and not any(d.get("type") == kind for d in (g.get_edge_data(src, dst) or {}).values()):
            g.add_edge(src, dst, type=kind, **data)

    for t in trees:
        for ch in chunks_of(t):
            src = f"{t.celex}#{paragraph_of(ch.locator)}"
            src = src if src in g else part_node(t.celex, ch.locator)
            for loc, kind in intra_refs(ch.text, ch.locator):  # same act: "paragraph 2", "§ 164.502(e)"
                dst = target(t.celex, loc)
                if dst is not None:
                    link(src, dst, kind)
            for c in find_citations(ch.text):  # other acts, through the citation grammar
                if c.kind != "eu_act" or not c.celex or c.celex == t.celex:
                    continue
                dst = None
                if c.pinpoint:
                    m = re.match(r"(Article \d+[a-z]*(?:\(\w{1,4}\))?|Annex [IVXLC]+[A-Z]?)", c.pinpoint)
                    dst = target(c.celex, m.group(1)) if m else None
                dst = dst or c.celex
                if dst not in g:
                    g.add_node(dst, kind="act", celex=c.celex)
                link(src, dst, "REFERENCES", text=c.text)
        for p in t.parts:
            if p.kind in ("article", "annex") and re.search(r"\bdefinitions?\b", p.heading, re.I):
                pid = part_node(t.celex, p.locator)
                for n in p.walk():
                    found = [m.group(1) for m in [_DEF.match(n.text)] if m] if p.kind == "article" else \
                        [m.group("term") for m in _CFR_DEF.finditer(n.text)]
                    for name in found:
                        term = f"term:{t.celex}:{name.lower()}"
                        if not g.has_edge(pid, term):
                            g.add_node(term, kind="term", celex=t.celex)
                            g.add_edge(pid, term, type="DEFINES", locator=n.locator)
    _title_edges(g, trees)
    division_edges(g, trees)  # CFR parts / subparts: "this subpart", "subpart C of part 160", ranges
    lineage_edges(g, trees, registry)  # EMPOWERS (the acts' citations, else their titles' purpose), AMENDS
    if registry is not None:
        _delegation_edges(g, trees, registry)
    return g


# words that do not make a section title specific ("Requirements for covered entities" names no one section)
GENERIC_TITLE_WORDS = frozenset(
    "a an and the of for to in on by or with under other general rules rule requirements requirement covered "
    "entities entity applicability definitions definition standard standards implementation specifications "
    "specification provisions provision purpose scope effective dates date compliance".split())


def _title_edges(g: nx.MultiDiGraph, trees: Sequence[ActTree]) -> None:
    """REFERENCES (``via="title"``) from a CFR section to another section of the same document whose title it
    uses as a name: "standards for the eligibility for a health plan transaction" (§ 162.1202) names
    § 162.1201 "Eligibility for a health plan transaction."; "the standard unique employer identifier"
    (§ 162.610) names § 162.605.  A title qualifies when it is unique in the document and has at least two
    words outside :data:`GENERIC_TITLE_WORDS`."""
    for t in trees:
        sections = [p for p in t.parts if p.locator.startswith("§")]
        titles = [re.sub(r"[\s.:;]+$", "", p.heading or "").lower() for p in sections]
        count: dict[str, int] = {}
        for title in titles:
            count[title] = count.get(title, 0) + 1
        named = [(p, title) for p, title in zip(sections, titles) if count[title] == 1 and
                 len([w for w in re.findall(r"[a-z][a-z\-]+", title) if w not in GENERIC_TITLE_WORDS]) >= 2]
        for src in sections:
            text = " ".join(n.text for n in src.walk() if n.text).lower()
            for dst, title in named:
                s, d = part_node(t.celex, src.locator), part_node(t.celex, dst.locator)
                if s != d and re.search(rf"(?<![\w-]){re.escape(title)}(?![\w-])", text) and \
                        not any(e.get("type") == "REFERENCES" for e in (g.get_edge_data(s, d) or {}).values()):
                    g.add_edge(s, d, type="REFERENCES", via="title")


_EMPOWERS = re.compile(r"\bdelegated\s+acts?\b", re.I)
_SUPPLEMENTS = re.compile(r"\b(supplementing|implementing)\s+((?:Regulation|Directive)[^,;]*?\d{2,4}/\d{1,4}"
                          r"(?:/(?:EU|EC|EEC))?)")


def _delegation_edges(g: nx.MultiDiGraph, trees: Sequence[ActTree], registry: ActRegistry) -> None:
    """DELEGATES_TO / SPECIFIES between acts (from the delegated act's title: "supplementing Regulation (EU)
    2020/852") and between articles: an article of the parent act that empowers the Commission ("... shall adopt
    a delegated act ...") -> each article of the delegated act that cites it."""
    from regc.grammar.citations import find_citations

    empowering = {part_node(t.celex, p.locator) for t in trees for p in t.parts
                  if p.kind == "article" and _EMPOWERS.search(p.full_text())}
    for c, a in sorted(registry.acts.items()):
        for m in _SUPPLEMENTS.finditer(a.title):
            for cit in find_citations(m.group(2)):
                if not cit.celex or cit.celex == c:
                    continue
                for n in (c, cit.celex):
                    if n not in g:
                        g.add_node(n, kind="act")
                g.add_edge(cit.celex, c, type="DELEGATES_TO", via=m.group(1))
                g.add_edge(c, cit.celex, type="SPECIFIES", via=m.group(1))
                for u, v, d in list(g.edges(data=True)):
                    if d.get("type") != "REFERENCES" or not u.startswith(c + "#") or \
                            not v.startswith(cit.celex + "#"):
                        continue
                    parent_art = part_node(cit.celex, v.split("#", 1)[1])
                    if parent_art in empowering:
                        child_art = part_node(c, u.split("#", 1)[1])
                        if not g.has_edge(parent_art, child_art):
                            g.add_edge(parent_art, child_art, type="DELEGATES_TO", via="empowerment")
                            g.add_edge(child_art, parent_art, type="SPECIFIES", via="empowerment")



def annex_introducers(g: nx.MultiDiGraph) -> dict[str, tuple[str, ...]]:
    """Annex -> the articles of its own act that refer to it (REFERENCES / REQUIRES_FORM from the article or one
    of its paragraphs), the articles that introduce it ("... are set out in Annex I").

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("A#Article 1(2)", "A#Annex I", type="REFERENCES")
    >>> _ = g.add_edge("B#Article 3", "A#Annex I", type="REFERENCES")
    >>> annex_introducers(g)
    {'A#Annex I': ('A#Article 1',)}
    """
    out: dict[str, set[str]] = {}
    for u, v, d in g.edges(data=True):
        if d.get("type") not in ("REFERENCES", "REQUIRES_FORM") or "#" not in u or "#" not in v:
            continue
        art, annex = node_part(u), node_part(v)
        if art.split("#", 1)[0] == annex.split("#", 1)[0] and art.split("#", 1)[1].startswith("Article") \
                and annex.split("#", 1)[1].startswith("Annex"):
            out.setdefault(annex, set()).add(art)
    return {a: tuple(sorted(arts)) for a, arts in sorted(out.items())}


def graph_counts(g: nx.MultiDiGraph) -> dict:
    """Node and edge counts (edges by type), for `regc index` to print."""
    by_type: dict[str, int] = {}
    for _, _, d in g.edges(data=True):
        by_type[d.get("type", "?")] = by_type.get(d.get("type", "?"), 0) + 1
    return {"nodes": g.number_of_nodes(), "edges": g.number_of_edges(), "by_type": dict(sorted(by_type.items()))}


def graph_to_json(g: nx.MultiDiGraph) -> dict:
    return nx.node_link_data(g, edges="links")


def graph_from_json(d: dict) -> nx.MultiDiGraph:
    return nx.node_link_graph(d, directed=True, multigraph=True, edges="links")


def node_part(node: str) -> str:
    """'32021R2178#Article 8(4)' -> '32021R2178#Article 8'; acts and terms unchanged."""
    if "#" not in node:
        return node
    celex, loc = node.split("#", 1)
    return f"{celex}#{part_of(loc)}"


def citing_parts(g: nx.MultiDiGraph, types: Iterable[str] = EXPAND_TYPES) -> dict[str, tuple[str, ...]]:
    """Part -> the other parts of its own act that cite it (``types`` edges from the part or its paragraphs, to
    the part or its paragraphs): the reverse of :func:`neighbours` within an act.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("d#§ 1.10(a)", "d#§ 1.12", type="REFERENCES")
    >>> _ = g.add_edge("e#§ 2.1", "d#§ 1.12", type="REFERENCES")
    >>> citing_parts(g)
    {'d#§ 1.12': ('d#§ 1.10',)}
    """
    types = set(types)
    out: dict[str, set[str]] = {}
    for u, v, d in g.edges(data=True):
        if d.get("type") in types and "#" in u and "#" in v:
            a, b = node_part(u), node_part(v)
            if a != b and a.split("#", 1)[0] == b.split("#", 1)[0]:
                out.setdefault(b, set()).add(a)
    return {b: tuple(sorted(a)) for b, a in sorted(out.items())}


def neighbours(g: nx.MultiDiGraph, node: str, types: Iterable[str] = EXPAND_TYPES, *,
               same_act: bool = True) -> list[str]:
    """Provisions ``node`` (an act part) cites, at part level: its own out-edges and its paragraphs'.
    ``same_act=False`` keeps only other acts' provisions (the pre-paragraph-graph behaviour)."""
    types = set(types)
    if node not in g:
        return []
    sources = [node] + [u for u, _, d in g.in_edges(node, data=True) if d.get("type") == "PART_OF"]
    own_act = node.split("#", 1)[0]
    out = set()
    for src in sources:
        for _, v, d in g.out_edges(src, data=True):
            if d.get("type") in types:
                v = node_part(v)
                if v != node and (same_act or v.split("#", 1)[0] != own_act):
                    out.add(v)
    return sorted(out)


def expand(seeds: Sequence[tuple[str, float]], g: nx.MultiDiGraph, *, decay: float = 0.7, max_seeds: int = 10,
           types: Iterable[str] = EXPAND_TYPES, same_act: bool = True) -> list[tuple[str, float]]:
    """1-hop closure: seeds keep their score; each neighbour of the first ``max_seeds`` seeds gets
    ``decay * seed score`` (max over seeds, never above its own seed score).  Best first, ties by id."""
    scores: dict[str, float] = {}
    for n, s in seeds:
        scores[n] = max(scores.get(n, 0.0), s)
    for n, s in list(seeds)[:max_seeds]:
        for v in neighbours(g, n, types, same_act=same_act):
            scores[v] = max(scores.get(v, 0.0), decay * s)
    return sorted(scores.items(), key=lambda x: (-x[1], x[0]))


def lineage_neighbours(g: nx.MultiDiGraph, node: str, kinds: Iterable[str] = ("amends", "empowers")) -> list[str]:
    """Provisions linked to ``node`` (an act part) by lineage edges, at part level: ``"amends"`` the provisions
    it amends and those amending it (AMENDS, both ways); ``"empowers"`` the articles that empower its act
    (EMPOWERS read backwards: a delegated act's provision -> the empowering article of the parent act).

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("B#Article 1(2)", "A#Annex I", type="AMENDS")
    >>> _ = g.add_edge("P#Article 10", "A", type="EMPOWERS")
    >>> lineage_neighbours(g, "A#Annex I")
    ['B#Article 1', 'P#Article 10']
    """
    kinds = set(kinds)
    out: set[str] = set()
    if "amends" in kinds:
        sources = [node] + [u for u, _, d in g.in_edges(node, data=True) if d.get("type") == "PART_OF"] \
            if node in g else []
        for src in sources:
            out |= {node_part(v) for _, v, d in g.out_edges(src, data=True) if d.get("type") == "AMENDS"}
            out |= {node_part(u) for u, _, d in g.in_edges(src, data=True) if d.get("type") == "AMENDS"}
    act = node.split("#", 1)[0]
    if "empowers" in kinds and act in g:
        out |= {node_part(u) for u, _, d in g.in_edges(act, data=True) if d.get("type") == "EMPOWERS"}
    return sorted(n for n in out if "#" in n and n != node)


def title_named(g: nx.MultiDiGraph, node: str) -> set[str]:
    """The sections ``node`` names by their titles (REFERENCES edges ``via="title"``, :func:`_title_edges`)."""
    if node not in g:
        return set()
    return {node_part(v) for _, v, d in g.out_edges(node, data=True)
            if d.get("type") == "REFERENCES" and d.get("via") == "title"}
