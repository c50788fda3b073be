"""Structure-aware act tree (act -> chapter/annex -> article -> paragraph -> point) and its retrieval chunks.

Front-end parsers (:mod:`regc.retrieval.ingest`) turn a source into a flat list of labelled *blocks* per article or
annex section; :func:`build_article` nests them by label kind and gives every node its citation locator.

>>> art = build_article("29", "Sustainability criteria", [("1.", "Energy shall count only if:"), ("(a)", "x;"),
...                                                       ("(b)", "y."), ("2.", "Biofuels from waste ...")])
>>> [n.locator for n in art.walk()]
['Article 29', 'Article 29(1)', 'Article 29(1)(a)', 'Article 29(1)(b)', 'Article 29(2)']
>>> [c.locator for c in chunks_of(ActTree("32018L2001", "Directive (EU) 2018/2001", "x.xml", [art]))]
['Article 29(1)', 'Article 29(2)']

An unlabelled block right after a point ending in ":" is that point's (flattened) sub-list:

>>> a4 = build_article("4", "", [("1.", "Categories:"), ("(a)", "Category M, divided into:"), ("", "(i) M1; (ii) M2;"),
...                              ("(b)", "Category N."), ("", "Closing words.")])
>>> [(n.locator, n.text) for n in a4.walk() if n.kind == "text"]
[('Article 4(1)(a)', '(i) M1; (ii) M2;'), ('Article 4(1)', 'Closing words.')]

Lettered points after a numbered definition that announces them nest under it:

>>> a2 = build_article("2", "Definitions", [("(21)", "‘x’ means x;"), ("(22)", "‘good status’ means:"),
...                                         ("(a)", "for surface water, ...;"), ("(b)", "for groundwater, ...;"),
...                                         ("(23)", "‘y’ means y;")])
>>> [n.locator for n in a2.walk()]
['Article 2', 'Article 2(21)', 'Article 2(22)', 'Article 2(22)(a)', 'Article 2(22)(b)', 'Article 2(23)']
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field
from typing import Iterator, Optional

MAX_CHUNK_CHARS = 1800  # longer paragraphs/annex sections are split on block boundaries

_PARA_LABEL = re.compile(r"^(\d+[a-z]?)\.$")
_POINT_LABEL = re.compile(r"^\(([a-z]{1,2}|[ivxlc]+|\d+[a-z]?)\)$")
_ROMAN = re.compile(r"^[ivxlc]+$")


@dataclass
class Node:
    """One structural unit. ``text`` is the node's own text (children's text not included)."""

    kind: str  # act|chapter|annex|section|article|paragraph|point|subpoint|indent
    label: str
    locator: str
    text: str = ""
    heading: str = ""
    children: list["Node"] = field(default_factory=list)
    chapter: str = ""

    def walk(self) -> Iterator["Node"]:
        yield self
        for c in self.children:
            yield from c.walk()

    def full_text(self) -> str:
        """Own text plus every descendant's, each point prefixed with its label."""
        parts = [self.text] if self.text else []
        for c in self.children:
            t = c.full_text()
            if t:
                parts.append(f"{c.label} {t}" if c.kind in {"point", "subpoint", "indent"} else t)
        return " ".join(parts)


@dataclass
class ActTree:
    celex: str
    title: str
    source: str  # file the tree was parsed from
    parts: list[Node]  # articles and annexes (with their sections), in source order
    fmt: str = ""
    # the act's citations ("Having regard to Regulation (EU) 2020/852 ..., and in particular Article 10(3)
    # thereof,"), when the source carries them (an original, not a consolidated version): EMPOWERS edges
    citations: list[str] = field(default_factory=list)

    def nodes(self) -> Iterator[Node]:
        for p in self.parts:
            yield from p.walk()

    def find(self, locator: str) -> Optional[Node]:
        """The node with exactly this locator ("Article 29(6)(a)", "Annex V")."""
        want = normalise_locator(locator)
        for n in self.nodes():
            if normalise_locator(n.locator) == want:
                return n
        return None


@dataclass
class Chunk:
    """One retrieval unit: a paragraph (with its points), an unparagraphed article, or a slice of an annex section."""

    chunk_id: str
    celex: str
    locator: str
    text: str
    title: str = ""  # the act's title
    heading: str = ""  # article heading / annex section heading
    chapter: str = ""
    source: str = ""
    seq: int = 0

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def content_hash(self) -> str:
        return hashlib.sha256(f"{self.heading}\n{self.text}".encode("utf-8")).hexdigest()[:32]


def normalise_locator(loc: str) -> str:
    """'Article 29 (6) (a)' -> 'article 29(6)(a)'; 'Annex II, part 2' -> 'annex ii, part 2'."""
    s = re.sub(r"\s+", " ", loc.strip().lower())
    s = re.sub(r"\s*\(\s*", "(", s)
    s = re.sub(r"\s*\)", ")", s)
    return s


def clean_text(s: str) -> str:
    s = s.replace("\u00a0", " ").replace("\u2002", " ").replace("\u2003", " ")
    s = re.sub(r"[▼►◄][A-Z]?\d*", " ", s)
    s = re.sub(r"‘\s+", "‘", s)
    s = re.sub(r"\s+’", "’", s)
    return re.sub(r"\s+", " ", s).strip()


def _point_kind(label: str, prev_letter: Optional[str]) -> str:
    core = label.strip("()")
    if core.isdigit() or re.match(r"^\d+[a-z]$", core):
        return "point"
    if _ROMAN.match(core):
        # "(i)" after "(h)" is a letter, "(v)" after "(u)" too
        if prev_letter and len(core) == 1 and ord(core) == ord(prev_letter) + 1:
            return "point"
        return "subpoint"
    return "point"


def build_article(number: str, heading: str, blocks: list[tuple[str, str]], chapter: str = "") -> Node:
    """Nest an article's ``(label, text)`` blocks: "1." paragraphs, "(a)" points, "(i)" subpoints, "—" indents."""
    art = Node("article", f"Article {number}", f"Article {number}", heading=heading)
    para: Optional[Node] = None
    point: Optional[Node] = None
    num_point: Optional[Node] = None  # a numbered point announcing lettered ones ("(22) ... means:")
    prev_letter: Optional[str] = None
    for label, text in blocks:
        label = label.strip()
        text = clean_text(text)
        if not label and not text:
            continue
        m = _PARA_LABEL.match(label)
        if m:
            para = Node("paragraph", label, f"{art.locator}({m.group(1)})", text=text)
            art.children.append(para)
            point, prev_letter, num_point = None, None, None
            continue
        if _POINT_LABEL.match(label):
            parent = para or art
            kind = _point_kind(label, prev_letter)
            core = label.strip("()")
            if core.isdigit():
                num_point = None
            elif num_point is not None and kind == "point":
                # "(22) ‘good status’ means: (a) ...; (b) ..." -> Article 2(22)(a), (b)
                point = Node("point", label, f"{num_point.locator}{label}", text=text)
                num_point.children.append(point)
                prev_letter = core if core.isalpha() and len(core) == 1 else prev_letter
                continue
            if kind == "subpoint" and point is not None:
                point.children.append(Node("subpoint", label, f"{point.locator}{label}", text=text))
            else:
                point = Node("point", label, f"{parent.locator}{label}", text=text)
                parent.children.append(point)
                prev_letter = core if core.isalpha() and len(core) == 1 else prev_letter
                if core.isdigit() and text.rstrip().endswith(":"):
                    num_point, prev_letter = point, None
            continue
        if label in {"—", "-", "–", "•"}:
            host = point or para or art
            host.children.append(Node("indent", "—", host.locator, text=text))
            continue
        # plain subparagraph: on the paragraph (or article); after a list it follows the list in reading order
        host = para or art
        body = f"{(label + ' ') if label else ''}{text}".strip()
        if point is not None and point.text.rstrip().endswith(":") and not point.children:
            # the flattened sub-list of a point that announces one ("(a) Category M ..., divided into:")
            point.children.append(Node("text", "", point.locator, text=body))
            continue
        if host.children:
            point = None
            host.children.append(Node("text", "", host.locator, text=body))
        else:
            host.text = f"{host.text} {body}".strip()
    art.chapter = chapter
    return art


def _split(text: str, limit: int = MAX_CHUNK_CHARS) -> list[str]:
    if len(text) <= limit:
        return [text]
    out, cur = [], ""
    for sent in re.split(r"(?<=[.;:])\s+(?=[A-Z(—0-9])", text):
        if cur and len(cur) + len(sent) + 1 > limit:
            out.append(cur)
            cur = sent
        else:
            cur = f"{cur} {sent}".strip()
    if cur:
        out.append(cur)
    return out


def chunks_of(tree: ActTree) -> list[Chunk]:
    """Retrieval chunks of an act tree: one per paragraph (points included), per unparagraphed article, per annex
    section slice.  Ids are ``<celex>:<locator>[#k]`` and unique within the act."""
    out: list[Chunk] = []
    seen: dict[str, int] = {}

    def emit(locator: str, text: str, heading: str, chapter: str = "") -> None:
        for piece in _split(text):
            if not piece.strip():
                continue
            base = f"{tree.celex}:{locator}"
            k = seen.get(base, 0)
            seen[base] = k + 1
            cid = base if k == 0 else f"{base}#{k}"
            out.append(Chunk(cid, tree.celex, locator, piece, tree.title, heading, chapter, tree.source, len(out)))

    for part in tree.parts:
        if part.kind == "article":
            chapter = part.chapter
            paras = [c for c in part.children if c.kind == "paragraph"]
            if not paras:
                emit(part.locator, part.full_text(), part.heading, chapter)
                continue
            if part.text:
                emit(part.locator, part.text, part.heading, chapter)
            for c in part.children:
                if c.kind == "paragraph":
                    emit(c.locator, c.full_text(), part.heading, chapter)
                else:
                    emit(part.locator, c.full_text(), part.heading, chapter)
        else:  # annex / section / page
            if part.text:
                emit(part.locator, part.text, part.heading)
            for sec in part.children:
                emit(sec.locator, sec.full_text(), sec.heading or part.heading)
    return out
