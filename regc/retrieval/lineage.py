"""Lineage edges of the citation graph: which article empowers an act, and which provisions an act amends.

- ``EMPOWERS``  article of a parent act -> the delegated act adopted under it.  Read from the delegated act's
  citations ("Having regard to Regulation (EU) 2020/852 ..., and in particular Articles 8(4), 10(3) and 11(3)
  thereof,": the act through the citation grammar, the articles from the "in particular ... thereof" list),
  ``via="citation"``.  A consolidated text carries no citations, so an act indexed only in consolidated form
  gets none (its articles' citations of the parent act are no substitute: 2021/2178 Article 1 cites Article
  10(3) of 2020/852 to define a term, not as its legal basis); the act-level DELEGATES_TO edge from its title
  ("supplementing Regulation (EU) 2020/852") remains, and the purpose its title states ("... by establishing the
  technical screening criteria for ... climate change mitigation or climate change adaptation ...") is matched
  against the parent's empowering paragraphs ("... the Commission shall adopt a delegated act ..."), each word
  weighted by how few of those paragraphs use it (the objective's name, not the shared formula): the paragraphs
  scoring at least ``PURPOSE_SHARE`` of the best empower it (``via="title"``; 2021/2139 <- Articles 10(3) and
  11(3)).
- ``AMENDS``  paragraph of an amending article -> each provision of the amended act it names ("Delegated
  Regulation (EU) 2021/2139 is amended as follows: (2) Annex I is amended in accordance with Annex I to this
  Regulation;" -> ``2021/2139#Annex I``), and the amending act's own annex named there ("Annex I to this
  Regulation") -> the same provisions; act -> act once.

Only provisions that are nodes of the graph are linked (an annex since deleted is not).  Deterministic: trees in
order, provisions in order of mention.

>>> provisions_named("Annexes I, II and IX are amended in accordance with Annex V to this Regulation;")
(['Annex I', 'Annex II', 'Annex IX'], ['Annex V'])
>>> empowering_articles("Having regard to Regulation (EU) 2020/852 ..., and in particular Articles 8(4), 10(3) "
...                     "and 11(3) thereof,")
[('32020R0852', 'Article 8'), ('32020R0852', 'Article 10'), ('32020R0852', 'Article 11')]
"""

from __future__ import annotations

import math
import re
from typing import Sequence

import networkx as nx

# a provision number: an article ("10", "2a") or an annex ("IX", "IVA"), with its subdivisions ("10(3)")
_NUMBER = r"(?:\d+[a-z]*|[IVXLC]+[A-Z]?)(?:\(\w{1,4}\))*"
_LIST_SEPARATOR = r"\s*(?:,\s*(?:and|or)\b|,|and|or)\s*"
PROVISION_LIST = re.compile(rf"""
    \b(?P<kind>Articles?|Annex(?:es)?)\s+
    (?P<list>{_NUMBER}(?:{_LIST_SEPARATOR}{_NUMBER})*)
    (?P<own>\s+(?:to|of)\s+this\s+(?:Regulation|Directive|Decision))?
    (?P<elsewhere>\s+(?:to|of)\s+(?:Commission\s+)?(?:Delegated\s+|Implementing\s+)?(?:Regulation|Directive|Decision)\b)?
""", re.X)
_ONE = re.compile(r"(?P<num>\d+[a-z]*|[IVXLC]+[A-Z]?)")
# "... thereof": the empowering provisions of the act just cited
IN_PARTICULAR = re.compile(rf"in\s+particular\s+(?P<list>(?:Articles?|Annex(?:es)?)\s+{_NUMBER}"
                           rf"(?:{_LIST_SEPARATOR}{_NUMBER})*)\s+thereof", re.X)
# "<act> is amended as follows" (the act named just before)
AMENDED_AS_FOLLOWS = re.compile(r"\b(?:is|are)\s+(?:hereby\s+)?amended\s+as\s+follows\b")
# a point that changes the amended act ("Annex I is amended", "the following Article 2a is inserted", "paragraph
# 5 is deleted"); the text it inserts is not read for provisions
AMENDING_VERB = re.compile(r"\b(?:is|are)\s+(?:amended|inserted|added|replaced|deleted|repealed)\b")


def provisions_named(text: str) -> tuple[list[str], list[str]]:
    """The provisions ``text`` names, split into those of another act (the amended one) and those "to this
    Regulation" (the amending act's own), each as a part locator ("Article 8", "Annex I"), in order."""
    other: list[str] = []
    own: list[str] = []
    for m in PROVISION_LIST.finditer(text):
        if m.group("elsewhere") and not m.group("own"):
            continue  # "Article 19(5) of Regulation (EU) 2020/852": a third act's provision
        word = "Article" if m.group("kind").startswith("Article") else "Annex"
        into = own if m.group("own") else other
        for one in _ONE.finditer(re.sub(r"\(\w{1,4}\)", "", m.group("list"))):
            loc = f"{word} {one.group('num')}"
            if loc not in into and (word == "Annex") == bool(re.fullmatch(r"[IVXLC]+[A-Z]?", one.group("num"))):
                into.append(loc)
    return other, own


def empowering_articles(citation: str) -> list[tuple[str, str]]:
    """(act, article) pairs a "Having regard to" citation names as the empowering provisions."""
    from regc.grammar.citations import find_citations

    acts = [c for c in find_citations(citation) if c.kind == "eu_act" and c.celex]
    out: list[tuple[str, str]] = []
    for m in IN_PARTICULAR.finditer(citation):
        before = [c for c in acts if c.end <= m.start()]
        if not before:
            continue
        celex = before[0].celex  # "Having regard to <act> ..., and in particular ... thereof": the act cited first
        for one in _ONE.finditer(re.sub(r"\(\w{1,4}\)", "", m.group("list").split(None, 1)[1])):
            pair = (celex, f"{'Article' if m.group('list').startswith('Article') else 'Annex'} {one.group('num')}")
            if pair not in out:
                out.append(pair)
    return out


# a delegated act's title: "supplementing <parent act> ... by <purpose>"
SUPPLEMENTING = re.compile(r"\bsupplementing\s+(?P<parent>(?:Regulation|Directive)\s.*?\d{2,4}/\d{1,4})"
                           r".*?\bby\s+(?P<purpose>.+)$", re.S)
# a paragraph that empowers the Commission ("3. ... the Commission shall adopt a delegated act ...")
ADOPTS_DELEGATED = re.compile(r"\b(?:shall|may)\s+adopt\s+(?:a\s+|one\s+or\s+more\s+)?delegated\s+acts?\b", re.I)
PURPOSE_SHARE = 0.6


def _keys(text: str) -> set[str]:
    return {w[:7] for w in re.findall(r"[a-z]{4,}", text.lower())}


def purpose_empowerments(title: str, parent_paragraphs: dict[str, str]) -> list[str]:
    """The empowering paragraphs (locator -> text) whose distinctive words the title's purpose uses most (at
    least ``PURPOSE_SHARE`` of the best score; a word weighs log(n / paragraphs using it)), in locator order.

    >>> purpose_empowerments("... supplementing Regulation (EU) 2020/852 by specifying the content and "
    ...     "presentation of information to be disclosed", {"Article 8(4)": "content and presentation of "
    ...     "information to be disclosed; the Commission shall adopt a delegated act", "Article 10(3)": "technical "
    ...     "screening criteria for climate change mitigation; the Commission shall adopt a delegated act"})
    ['Article 8(4)']
    """

    m = SUPPLEMENTING.search(title)
    if not m or not parent_paragraphs:
        return []
    words = {loc: _keys(t) for loc, t in parent_paragraphs.items()}
    used: dict[str, int] = {}
    for ws in words.values():
        for w in ws:
            used[w] = used.get(w, 0) + 1
    purpose = _keys(m.group("purpose"))
    score = {loc: math.fsum(math.log(len(words) / used[w]) for w in ws & purpose) for loc, ws in words.items()}
    best = max(score.values())
    return sorted(loc for loc, sc in score.items() if best > 0 and sc >= PURPOSE_SHARE * best)


def lineage_edges(g: nx.MultiDiGraph, trees: Sequence, registry=None) -> None:
    """Add EMPOWERS (from the trees' citations, else the purpose in the act's title) and AMENDS edges to ``g``
    (see the module docstring)."""
    from regc.retrieval.refs import paragraph_of

    def add(src: str, dst: str, kind: str, **data) -> None:
        if src != dst and src in g and dst in g and \
                not any(d.get("type") == kind for d in (g.get_edge_data(src, dst) or {}).values()):
            g.add_edge(src, dst, type=kind, **data)

    for t in trees:
        for cit in getattr(t, "citations", None) or ():
            for celex, loc in empowering_articles(cit):
                add(f"{celex}#{loc}", t.celex, "EMPOWERS", via="citation")
        for p in t.parts:
            if p.kind == "article":
                _amendment_edges(g, t.celex, p, add, paragraph_of)
    if registry is not None:
        _purpose_edges(g, trees, registry, add)


def _purpose_edges(g: nx.MultiDiGraph, trees: Sequence, registry, add) -> None:
    """EMPOWERS ``via="title"`` for each indexed act that supplements an indexed parent and has no EMPOWERS edge
    from its citations."""
    from regc.grammar.citations import find_citations

    by_celex = {t.celex: t for t in trees}
    for t in trees:
        info = registry.get(t.celex)
        m = SUPPLEMENTING.search(info.title if info else "")
        if not m or any(d.get("type") == "EMPOWERS" for _, _, d in g.in_edges(t.celex, data=True)):
            continue
        parents = [c.celex for c in find_citations(m.group("parent")) if c.kind == "eu_act" and c.celex]
        parent = by_celex.get(parents[0]) if parents else None
        if parent is None:
            continue
        paragraphs = {n.locator: n.full_text() for p in parent.parts if p.kind == "article"
                      for n in p.children if n.kind == "paragraph" and ADOPTS_DELEGATED.search(n.full_text())}
        for loc in purpose_empowerments(info.title, paragraphs):
            add(f"{parent.celex}#{loc.split('(')[0]}", t.celex, "EMPOWERS", via="title")


def _amendment_edges(g: nx.MultiDiGraph, celex: str, article, add, paragraph_of) -> None:
    """AMENDS edges of one article that amends another act ("<act> is amended as follows:" and its points)."""
    from regc.grammar.citations import find_citations

    target = None
    for n in article.walk():
        m = AMENDED_AS_FOLLOWS.search(n.text or "")
        if m is None:
            continue
        named = [c for c in find_citations(n.text[: m.start()]) if c.kind == "eu_act" and c.celex and c.celex != celex]
        if named:
            target = named[-1].celex
            add(celex, target, "AMENDS", via="act")
            break
    if target is None:
        return
    for n in article.walk():
        if not AMENDING_VERB.search(n.text or ""):
            continue
        src = f"{celex}#{paragraph_of(n.locator)}"
        src = src if src in g else f"{celex}#{article.locator}"
        other, own = provisions_named(n.text or "")
        for loc in other:
            add(src, f"{target}#{loc}", "AMENDS", via="text")
            for mine in own:
                add(f"{celex}#{mine}", f"{target}#{loc}", "AMENDS", via="annex")


__all__ = ["lineage_edges", "provisions_named", "empowering_articles", "purpose_empowerments", "PROVISION_LIST"]
