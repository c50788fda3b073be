"""Labels and the working tree of the ``structure`` pass: parse a printed label (``2.1.``, ``(iv)``, ``—``), tell a
numbered heading from a criterion, and find the list a label continues on the current branch.

>>> parse_label("2.1.").component, parse_label("(i)").alt.kind
('2.1', 'letter')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator, Optional

from regc.grammar.prefilter import prefilter_namespace
from regc.decisions.anchor_type import TypeDecision
from regc.ir.doc import Block

# ---------------------------------------------------------------------------------------------------------------
# labels

_ROMAN_RE = re.compile(r"^(c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_ROMAN_VAL = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def roman_value(s: str) -> Optional[int]:
    """``roman_value("iv") == 4``; None if ``s`` is not a well-formed lower-case roman numeral."""
    if not s or not _ROMAN_RE.match(s):
        return None
    total = 0
    for i, ch in enumerate(s):
        v = _ROMAN_VAL[ch]
        total += -v if i + 1 < len(s) and _ROMAN_VAL[s[i + 1]] > v else v
    return total


def letter_value(s: str) -> Optional[int]:
    """``a`` -> 1 … ``z`` -> 26, ``aa`` -> 27 (doubled letters continue the alphabet)."""
    if re.fullmatch(r"[a-z]", s):
        return ord(s) - 96
    if re.fullmatch(r"([a-z])\1", s):
        return 26 + ord(s[0]) - 96
    return None


@dataclass(frozen=True)
class Label:
    """A parsed label: kind (number|letter|roman|dash|paren_number|other), ordinal, level (dotted depth) and the
    id component it contributes (``"(a)"``, ``"2.1"``)."""

    kind: str
    ordinal: int
    level: int
    component: str
    raw: str
    alt: Optional["Label"] = None  # the other reading of an ambiguous "(i)"/"(v)"/"(x)"


@lru_cache(maxsize=4096)
def parse_label(raw: Optional[str]) -> Optional[Label]:
    """Parse a printed label.  Ambiguous roman/letter labels carry both readings (``alt``).

    >>> parse_label("2.1.").component, parse_label("2.1.").level
    ('2.1', 2)
    >>> l = parse_label("(i)"); (l.kind, l.alt.kind)
    ('roman', 'letter')
    """
    if raw is None:
        return None
    s = raw.strip()
    if not s:
        return None
    m = re.fullmatch(r"(\d+(?:\.\d+)*)\.?", s)
    if m:
        parts = m.group(1).split(".")
        return Label("number", int(parts[-1]), len(parts), m.group(1), raw)
    m = re.fullmatch(r"\(?([a-z]{1,4})\)", s)
    if m:
        body = m.group(1)
        rv, lv = roman_value(body), letter_value(body)
        comp = f"({body})"
        if rv is not None and lv is not None and len(body) == 1:  # "(i)", "(v)", "(x)", "(c)", "(l)"
            return Label("roman", rv, 0, comp, raw, alt=Label("letter", lv, 0, comp, raw))
        if rv is not None:
            return Label("roman", rv, 0, comp, raw)
        if lv is not None:
            return Label("letter", lv, 0, comp, raw)
        return Label("other", 0, 0, comp, raw)
    m = re.fullmatch(r"\((\d{1,3})\)", s)
    if m:
        return Label("paren_number", int(m.group(1)), 0, f"({m.group(1)})", raw)
    if s in {"—", "–", "-", "•", "·", "*", "o", "▪", "−"}:
        return Label("dash", 0, 0, "-", raw)
    return Label("other", 0, 0, s, raw)


HEADING_STYLES = frozenset({"TITLE"})  # Block.style of a sub-section title (Formex GR.SEQ TITLE)


_FINITE_VERB = re.compile(r"\b(is|are|has|have|does|do|shall|must|may|can|will|complies|comply|meets?)\b", re.I)


def is_heading(b: Block) -> bool:
    """A numbered sub-section heading that only names a topic ("1. Origin of the feedstock material", CE-2.7 SC;
    "4. Audit", "5. Group assessment", CCM-1.1 SC): not a sentence (no closing ``.``/``:``/``;``, no finite verb),
    short, capitalised; or any non-sentence title block the front-end marked (Formex ``GR.SEQ`` TITLE, style
    ``TITLE``).  Spec §7 "Titles": the title is the numbered node's text and the paragraphs below it are anchored
    under it; the first paragraph is never promoted to be the node's text.  A title that states the
    requirement itself ("4. The activity complies with the criteria set out in Appendix B to this Annex.",
    PPC-1.1 DNSH-WTR) is not a heading.

    >>> is_heading(Block(label="1.", text="Origin of the feedstock material", style="TITLE"))
    True
    >>> is_heading(Block(label="4.", text="Audit")), is_heading(Block(label="4.", text="The plant is audited"))
    (True, False)
    >>> is_heading(Block(label="4.", text="The activity complies with Appendix D.", style="TITLE"))
    False
    """
    lab = parse_label(b.label)
    text = b.text.strip()
    if lab is None or lab.kind != "number" or not text or re.search(r"[.:;!?]$", text):
        return False
    if b.style in HEADING_STYLES:
        return len(text) <= 200
    return len(text) <= 120 and text[:1].isupper() and not _FINITE_VERB.search(text)


# ---------------------------------------------------------------------------------------------------------------
# the working tree


@dataclass(eq=False)
class WNode:
    """Working node: cheaper than a pydantic node while the tree is being built."""

    id: str
    kind: str  # root|numbered|lettered|roman|paragraph|anchored|group|dash|paren|other
    label: Optional[Label] = None
    block: Optional[int] = None
    text: str = ""
    parent: Optional["WNode"] = None
    children: list["WNode"] = field(default_factory=list)
    tag: Optional[TypeDecision] = None
    anchored: bool = False  # anchored node or inside one
    group_members: list["WNode"] = field(default_factory=list)
    rules: dict[str, tuple[str, float]] = field(default_factory=dict)
    depth: int = 0  # the block's markup nesting depth (Block.depth)

    def add(self, child: "WNode") -> "WNode":
        child.parent = self
        self.children.append(child)
        return child

    def walk(self) -> Iterator["WNode"]:
        yield self
        for c in self.children:
            yield from c.walk()

    def path(self) -> list["WNode"]:
        out, n = [], self
        while n is not None:
            out.append(n)
            n = n.parent
        return out  # self first, ROOT last


_KIND_OF_LABEL = {"number": "numbered", "letter": "lettered", "roman": "roman", "dash": "dash",
                  "paren_number": "paren", "other": "other"}


def _child_id(parent: WNode, lab: Label) -> str:
    if lab.kind == "number":
        if parent.kind in ("root", "numbered"):
            return lab.component
        return f"{parent.id}({lab.component})"
    if lab.kind == "dash":
        n = sum(1 for c in parent.children if c.label is not None and c.label.kind == "dash") + 1
        return f"{parent.id}-{n}"
    prefix = "" if parent.kind == "root" else parent.id
    return f"{prefix}{lab.component}"


def _same_list(n: WNode, lab: Label) -> bool:
    return n.label is not None and n.label.kind == lab.kind and (lab.kind != "number" or n.label.level == lab.level)


def _continues(path: list[WNode], lab: Label, placed: Optional[list[WNode]] = None) -> Optional[WNode]:
    """The node whose list ``lab`` continues (previous ordinal): first on ``path`` (the current branch), else
    the most recent such node in document order outside anchored paragraphs (a list resumed after unnumbered
    paragraphs or a nested list)."""
    for n in path:
        if n.kind == "root":
            break
        if _same_list(n, lab):
            if lab.kind == "dash" or n.label.ordinal == lab.ordinal - 1:  # type: ignore[union-attr]
                return n
    if placed and lab.kind != "dash" and lab.ordinal > 1:
        inside_anchor = bool(path) and path[0].anchored
        top = path[-2] if len(path) >= 2 else None  # the current top-level criterion
        for n in reversed(placed):
            if _same_list(n, lab) and n.label.ordinal == lab.ordinal - 1 and (inside_anchor or not n.anchored) \
                    and (n.parent is None or n.parent.kind == "root" or _top_of(n) is top):  # type: ignore[union-attr]
                return n
    return None


def _next_label(blocks: list[Block], i: int) -> Optional[Label]:
    for b in blocks[i + 1:]:
        if b.label is not None:
            return parse_label(b.label)
    return None


def resolve_label(lab: Label, path: list[WNode], blocks: list[Block], i: int,
                  placed: Optional[list[WNode]] = None) -> tuple[Label, str]:
    """Pick the roman or the letter reading of an ambiguous label from context; returns (label, rule)."""
    if lab.alt is None:
        return lab, "label"
    roman, letter = lab, lab.alt
    r_node, l_node = _continues(path, roman), _continues(path, letter)
    if r_node is None and l_node is None and placed and roman.ordinal != 1:  # "(i)" off-path: a roman start
        r_node, l_node = _continues(path, roman, placed), _continues(path, letter, placed)
        if r_node is not None and l_node is not None:  # the more recent list wins
            return (roman, "roman-recent") if placed.index(r_node) > placed.index(l_node) else (letter, "letter-recent")
    if r_node is not None and l_node is not None:  # both continue something: the nearer list wins
        return (roman, "roman-nearer") if path.index(r_node) <= path.index(l_node) else (letter, "letter-nearer")
    if r_node is not None:
        return roman, "roman-continues"
    if l_node is not None:
        if roman.ordinal == 1:  # "(i)" after "(h)": a roman start only if "(ii)" follows
            nxt = _next_label(blocks, i)
            if nxt is not None and nxt.kind == "roman" and nxt.ordinal == 2 and nxt.alt is None:
                return roman, "roman-start-lookahead"
        return letter, "letter-continues"
    if roman.ordinal == 1:
        return roman, "roman-start"
    if _open_list_below(path, roman) and not _open_list_below(path, letter):
        return roman, "roman-after-gap"  # "(v)" after "(iii)" when the source skips "(iv)"
    return letter, "letter-default"


def _open_list_below(path: list[WNode], lab: Label) -> bool:
    """A list of ``lab``'s kind is open on the current branch at a smaller ordinal (a gap in the numbering)."""
    for n in path:
        if n.kind == "root":
            break
        if _same_list(n, lab) and n.label.ordinal < lab.ordinal:  # type: ignore[union-attr]
            return True
    return False


def _main_node(n: WNode) -> WNode:
    """Nearest ancestor-or-self that is a labelled/P node outside anchored subtrees."""
    while n.parent is not None and (n.anchored or n.kind == "group"):
        n = n.parent
    return n


def _top_of(n: WNode) -> WNode:
    """The top-level criterion (child of ROOT) that ``n`` sits in."""
    while n.parent is not None and n.parent.kind != "root":
        n = n.parent
    return n


@dataclass
class BuildOptions:
    anchoring: bool = True  # False: unlabelled blocks become P-nodes / stay at their level (ODR alternative)
    pathways: bool = True


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
