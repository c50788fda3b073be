"""Pass `structure` — rebuild the criterion tree of one unit from the front-end's flat block list.

Input: ``ctx.unit_doc.blocks`` (label split off, text normalised).  Output: the criterion tree under ROOT with
ids per spec §3, ``verbatim_text`` = block text, provenance (span, label, kind, markers) and, for anchored
unnumbered paragraphs, ``tags=[Type]``.  Everything else (category, logic, thresholds, …) is left to later passes.

Hierarchy comes from the *label sequence*, never from markup nesting:

- a label that continues a list on the current path (``(b)`` after ``(a)``, ``3.`` after ``2.``) is a sibling;
- a list start (``(a)``, ``(i)``, ``1.``, a first dash) is a child of the block before it (``1(f)(a)``);
- ``2.1.`` is a child of ``2.``; ``(i)`` after ``(h)`` is a letter, ``(v)`` after ``(iv)`` a roman;
- unlabelled blocks: see :func:`anchor_type` and spec §6 "Anchoring";
- repairs: flat-markup numbering (:func:`flat_numbering_overrides`, the repaired items' roman sub-items move up
  to letters with them), a number printed twice in a row read as the next one (:func:`_repeated_label_repair`;
  other repeated labels get ``#2`` ids, reported), inferred pathway groups ``1(a-e)`` with GROUP_MEMBER edges
  (:func:`decide_pathways`);
- tables printed inside the criteria (CE-1.2 SC 2.6.4): the front-end gives one block per row, cells joined
  with `` | ``, the row's label on the block (style ``table-row``) and the column headings as one block (style
  ``table-header``); the header becomes ``<criterion>.BackgroundInformation`` and the rows stay items of the
  criterion that introduces the table (a node never spans two blocks; a row is one paragraph);
- an unlabelled paragraph is never anchored directly under an OR chapeau ("either", "one of the following"),
  where it would count as one more alternative: it goes to the item it names, else the nearest item;
- numbered headings ("4. Audit", Formex titles; :func:`is_heading`) are never criterion text: the criterion takes
  the paragraph right below the heading, or stays empty over numbered sub-criteria;
- section-wide paragraphs (definitions "For the purposes of this Section …", exclusions after a list;
  :func:`section_wide`) sit on the numbered criterion they are printed in as ``BackgroundInformation`` (rule
  ``anchor:section-wide``; the dependencies pass gives them no pathway dependency); a gated regime printed after
  an OR list ("Where … TRL 8 or higher, life-cycle GHG emissions are … verified") goes to the criterion whose
  subject it calculates or verifies (:func:`_gated_subject_criterion`).

>>> from regc.ir.doc import Block
>>> t = build_tree([Block(label="1.", text="The activity meets either of the following criteria:"),
...                 Block(label="(a)", text="x is lower than 100 g."),
...                 Block(text="Life-cycle GHG emissions are calculated using ISO 14067."),
...                 Block(label="(b)", text="y.")])
>>> [(n.id, n.parent.id) for n in list(t.walk())[1:]]
[('1', 'ROOT'), ('1(a)', '1'), ('1(a).Methodology', '1(a)'), ('1(b)', '1')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator, Optional

from regc.decisions import ANCHOR_TYPE, PATHWAYS, decide
from regc.decisions.anchor_type import _EXCLUSION, TypeDecision, anchor_type  # noqa: F401  (re-exported)
from regc.decisions.pathways import (PathwayDecision, PathwayInput, PathwayItem, decide_pathways,  # noqa: F401
                                     valid_groups)
from regc.ir.doc import Block, UnitDoc
from regc.ir.models import TAGS, CriterionNode, Diagnostic, Edge, Provenance, Unit
from regc.passes.context import PassContext

NAME = "structure"

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


# ---------------------------------------------------------------------------------------------------------------
# anchored paragraphs: which of the six types


_QUALIFIES = re.compile(
    r"^\s*(quantified\b|the (assessment|calculation|verification|implementation|effectiveness|information|data|"
    r"monitoring|measurement)\b|it\s+assesses\b|those\b|these\b|this (assessment|calculation|verification)\b)"
    r"|^[^.;:]{0,120}?\b(is|are) (calculated|computed|determined|measured|estimated|quantified|verified|"
    r"audited|certified|monitored)\b",
    re.I)


def qualifies_previous(text: str) -> bool:
    """Whether an unnumbered paragraph calculates, verifies or otherwise qualifies the criterion before it
    (spec §6: anchored rather than a new top-level P-node).

    >>> qualifies_previous("Life-cycle GHG emissions savings are calculated using the methodology in Article 31.")
    True
    >>> qualifies_previous("No significant cross-media effects occur.")
    False
    """
    return bool(_QUALIFIES.search(text))


_POINT_REF = re.compile(r"\bpoints?\s+(\d+(?:\.\d+)*(?:\s*\([a-z]{1,4}\))*|\([a-z]{1,4}\)(?:\s*\([a-z]{1,4}\))*)")


def named_points(text: str) -> list[str]:
    """Criterion ids a paragraph names ("point 1(b)" -> "1(b)", "point (c)" -> "(c)").

    >>> named_points("Compliance with the criteria referred to in point 1(b) is verified")
    ['1(b)']
    """
    return [re.sub(r"\s+", "", m.group(1)) for m in _POINT_REF.finditer(text)]


HEADING_STYLES = frozenset({"TITLE"})  # Block.style of a sub-section title (Formex GR.SEQ TITLE)


_FINITE_VERB = re.compile(r"\b(is|are|has|have|does|do|shall|must|may|can|will|complies|comply|meets?)\b", re.I)


def is_heading(b: Block) -> bool:
    """A numbered sub-section heading that only names a topic ("1. Origin of the feedstock material", CE-2.7 SC;
    "4. Audit", "5. Group assessment", CCM-1.1 SC): not a sentence (no closing ``.``/``:``/``;``, no finite verb),
    short, capitalised; or any non-sentence title block the front-end marked (Formex ``GR.SEQ`` TITLE, style
    ``TITLE``).  Spec §6: headings are never criterion text; the criterion keeps the number and takes the
    paragraph right below the heading as its text ("" when numbered sub-criteria follow).  A title that states the
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
    heading_block: Optional[int] = None  # the block of a dropped heading ("1. Material recovery"), see is_heading

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


@dataclass
class BuildOptions:
    anchoring: bool = True  # False: unlabelled blocks become P-nodes / stay at their level (ODR alternative)
    pathways: bool = True


def build_tree(blocks: list[Block], options: BuildOptions | None = None, ctx: Optional[PassContext] = None) -> WNode:
    """Build the working tree from the block sequence (see module docstring).  When the first build shows
    flat-markup numbering (:func:`flat_numbering_overrides`), build again with the repaired labels."""
    tree = _build(blocks, options, ctx, {})
    overrides = flat_numbering_overrides(tree)
    if overrides:
        tree = _build(blocks, options, ctx, overrides)
    return tree


def _build(blocks: list[Block], options: BuildOptions | None, ctx: Optional[PassContext],
           overrides: dict[int, str]) -> WNode:
    opts = options or BuildOptions()
    root = WNode("ROOT", "root")
    labels = [overrides.get(i, b.label) for i, b in enumerate(blocks)]
    numbered_unit = any((parse_label(lb) or Label("x", 0, 0, "", "")).kind == "number" for lb in labels)
    last: WNode = root
    placed: list[WNode] = []  # labelled/anchored/P nodes in document order
    used_ids: set[str] = {"ROOT"}
    seen_number = False
    p_count = 0
    anchored_counts: dict[tuple[str, str], int] = {}
    for i, b in enumerate(blocks):
        lab = parse_label(labels[i])
        path = last.path()
        if lab is not None and lab.kind == "other":
            lab = None  # an unusable label: treat the block as unlabelled (its text is intact)
        if lab is None and b.style == "table-header" and last.kind != "root":
            # column headings of a table inside the criteria: context of the criterion that introduces the
            # table; the rows that follow stay that criterion's items
            anchor = _main_node(last)
            node = _anchor_node(anchor, b, i, TypeDecision("BackgroundInformation", "table-header", 0.9),
                                "table-header", anchored_counts)
            placed.append(node)
            used_ids.add(node.id)
            last = anchor
            continue
        if lab is None and last.heading_block is not None and not last.text and last.heading_block == i - 1:
            # the paragraph right below a heading is the numbered criterion's own text (spec §6)
            last.text, last.block = b.text, i
            last.rules["verbatim_text"] = ("first-paragraph-under-heading", 0.85)
            continue
        if lab is None:
            node = _place_unlabelled(b, i, blocks, root, last, numbered_unit, seen_number, opts, anchored_counts,
                                     ctx)
            if node is None:  # became ROOT's own text
                last = root
                continue
            placed.append(node)
            if node.kind == "paragraph":
                p_count += 1
                node.id = f"P{p_count}"
            used_ids.add(node.id)
            last = node
            continue
        lab, lrule = resolve_label(lab, path, blocks, i, placed)
        parent, prule = _parent_for(lab, path, root, last, placed)
        if lab.kind == "number" and lab.level == 1:
            seen_number = True
        nid = _child_id(parent, lab)
        repaired = _repeated_label_repair(lab, parent, nid, used_ids, blocks, i) if nid in used_ids else None
        if repaired is not None:  # "4." printed twice in a row (Compass CCA-9.2 SC; EUR-Lex prints "5.")
            lab, nid = repaired, _child_id(parent, repaired)
        if nid in used_ids:  # a repeated label (source error or mis-read list): keep ids unique, verify reports it
            k = 2
            while f"{nid}#{k}" in used_ids:
                k += 1
            nid = f"{nid}#{k}"
        used_ids.add(nid)
        node = WNode(nid, _KIND_OF_LABEL[lab.kind], label=lab, block=i, text=b.text, anchored=parent.anchored)
        if is_heading(b):  # the heading is dropped; a paragraph right below it becomes the text (or none: "")
            node.text, node.heading_block = "", i
            node.rules["verbatim_text"] = ("heading-not-criterion-text", 0.85)
        node.rules["criterion_id"] = (f"{lrule}+{prule}", 1.0 if lrule == "label" else 0.85)
        if i in overrides:
            node.rules["criterion_id"] = ("repair:flat-markup-renumbered", 0.7)
        elif repaired is not None:
            node.rules["criterion_id"] = ("repair:repeated-label-renumbered", 0.7)
        parent.add(node)
        placed.append(node)
        last = node
    if opts.pathways:
        _detect_pathways(root, ctx)
    return root


def _repeated_label_repair(lab: Label, parent: WNode, nid: str, used_ids: set[str], blocks: list[Block],
                           i: int) -> Optional[Label]:
    """A label that repeats the one of the item just before it in the same list (``1. 2. 3. 4. 4.``) is a
    misprint of the next number when that number is printed nowhere after it in the list: read it as the next
    ordinal (rule ``repair:repeated-label-renumbered``, reported as ID_REPAIRED).  None otherwise."""
    if lab.kind != "number":  # a repeated letter may be a mis-read list: kept and reported (REPEATED_LABEL)
        return None
    same = [c for c in parent.children if c.label is not None and _same_list(c, lab)]
    if not same or same[-1].label.ordinal != lab.ordinal:  # type: ignore[union-attr]
        return None
    head = lab.component.rsplit(".", 1)[0] + "." if lab.level > 1 else ""
    new = parse_label(f"{head}{lab.ordinal + 1}.")
    if new is None or _child_id(parent, new) in used_ids:
        return None
    for b in blocks[i + 1:]:  # the next number is printed later in this list: not a misprint
        later = parse_label(b.label)
        if later is not None and later.kind == "number" and later.component == new.component:
            return None
    return new


def flat_numbering_overrides(root: WNode) -> dict[int, str]:
    """Flat markup repair: a top-level numbered list that starts at ``k.`` (k > 1) right after exactly k-1
    top-level lettered/roman items is one list whose first items lost their numbers (Compass renders criterion 1
    as ``<ol type='a'><li>`` and prints ``2.`` as text).  Returns {block index: "1.", …} for those items, and
    {block index: "(a)", …} for their roman sub-items ``(i)``, ``(ii)``, … (one level up with their parent).

    >>> from regc.ir.doc import Block
    >>> t = build_tree([Block(label="(a)", text="x:"), Block(label="(i)", text="y;"), Block(text="Note."),
    ...                 Block(label="2.", text="z.")])
    >>> [n.id for n in t.walk()][1:]
    ['1', '1(a)', '1(a).BackgroundInformation', '2']
    """
    kids = root.children
    first_num = next((j for j, c in enumerate(kids) if c.kind == "numbered"), None)
    if first_num is None:
        return {}
    k = kids[first_num].label.ordinal  # type: ignore[union-attr]
    before = [c for c in kids[:first_num] if c.label is not None]
    if k < 2 or len(before) != k - 1 or any(c.kind not in ("lettered", "roman") for c in before):
        return {}
    if [c.label.ordinal for c in before] != list(range(1, k)):  # type: ignore[union-attr]
        return {}
    out = {c.block: f"{n}." for n, c in enumerate(before, start=1) if c.block is not None}
    # the repaired items' own lists moved up one level with them: Compass prints them as a second-level list
    # ("(i)", "(ii)") where the act prints the first level under a number ("(a)", "(b)"; CCM-5.3 SC 1)
    for c in before:
        subs = [g for g in c.children if g.label is not None and g.kind == "roman" and g.block is not None]
        if subs and [g.label.ordinal for g in subs] == list(range(1, len(subs) + 1)):  # type: ignore[union-attr]
            out.update({g.block: f"({chr(96 + n)})" for n, g in enumerate(subs, start=1) if n <= 26})
    return out


def _parent_for(lab: Label, path: list[WNode], root: WNode, last: WNode,
                placed: Optional[list[WNode]] = None) -> tuple[WNode, str]:
    """Where a labelled block goes: the parent of the item it continues, the dotted prefix (``2.`` for
    ``2.1.``), the block before it for a list start, else the nearest item of the same kind."""
    cont = _continues(path, lab)
    if cont is not None:
        return cont.parent, "continues"  # type: ignore[return-value]
    if lab.ordinal > 1 and lab.kind != "dash":
        cont = _continues(path, lab, placed)
        if cont is not None:
            return cont.parent, "resumes-list"  # type: ignore[return-value]
    if lab.kind == "number" and lab.level > 1:
        prefix = lab.component.rsplit(".", 1)[0]
        for n in path:
            if n.kind == "numbered" and n.label is not None and n.label.component == prefix:
                return n, "dotted-prefix"
        for n in root.walk():
            if n.kind == "numbered" and n.label is not None and n.label.component == prefix:
                return n, "dotted-prefix"
    if lab.kind == "number" and lab.level == 1:
        if lab.ordinal == 1 and last.kind not in ("root", "paragraph") and last.text.rstrip().endswith(":") \
                and not last.anchored:
            return last, "list-start-under-chapeau"
        return root, "top-number"
    if lab.ordinal == 1 or lab.kind == "dash":
        return last, "list-start"
    for n in path:  # out of sequence: sibling of the nearest item of the same list kind
        if n.kind != "root" and _same_list(n, lab):
            return n.parent, "same-kind-out-of-sequence"  # type: ignore[return-value]
    return last, "fallback-child-of-previous"


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


def _resumed_item(blocks: list[Block], i: int, path: list[WNode]) -> Optional[WNode]:
    """If the next labelled block after block ``i`` continues a list already open (``(b)`` after ``(a)``), the
    item it follows: the unlabelled blocks in between sit inside that item."""
    for b in blocks[i + 1:]:
        if b.label is None:
            continue
        lab = parse_label(b.label)
        if lab is None or lab.kind in ("other", "dash"):
            return None
        for reading in (lab, lab.alt):
            if reading is None or reading.ordinal <= 1:
                continue
            hit = _continues(path, reading)  # only a list open on the current branch resumes
            if hit is not None and not hit.anchored:
                return hit
        return None
    return None


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.;:])\s+(?=[A-Z])", text, maxsplit=1)[0]


def _place_unlabelled(b: Block, i: int, blocks: list[Block], root: WNode, last: WNode, numbered_unit: bool,
                      seen_number: bool, opts: BuildOptions, anchored_counts: dict[tuple[str, str], int],
                      ctx: Optional[PassContext] = None) -> Optional[WNode]:
    text = b.text
    if numbered_unit and not seen_number:
        nxt = parse_label(blocks[i + 1].label) if i + 1 < len(blocks) else None
        if not root.text and text.rstrip().endswith(":") and nxt is not None and nxt.kind == "number":
            root.text, root.block = text, i
            root.rules["verbatim_text"] = ("chapeau-of-numbered-criteria", 0.9)
            return None
        return root.add(WNode("", "paragraph", block=i, text=text))
    if last.kind == "root" or not opts.anchoring:
        return root.add(WNode("", "paragraph", block=i, text=text))
    if last.kind == "anchored" and last.block == i - 1 and last.tag is not None and text[:1].islower() \
            and last.parent is not None and not re.search(r"[.;:!?]\s*$", last.text):
        # the rest of a sentence the source broke over two paragraphs ("… proportionate to the scale of the
        # activity and" / "its expected lifespan, so that:"; CCA-14.1 SC): same anchor, same Type
        return _anchor_node(last.parent, b, i, TypeDecision(last.tag.tag, "continues-sentence", last.tag.confidence),
                            "continues-sentence", anchored_counts)
    main = _main_node(last)
    top = _top_of(main)
    resumed = _resumed_item(blocks, i, last.path())
    if resumed is not None and resumed.parent is not None and resumed.parent.kind == "root" and numbered_unit:
        resumed = None  # the top-level list resumes: the nearest item decides (spec §6 "Anchoring")
    named = None
    if numbered_unit:
        for pid in named_points(_first_sentence(text)):
            named = next((n for n in top.walk() if n.id == pid and not n.anchored), None)
            if named is not None:
                break
    if named is not None:
        anchor, arule = named, "named-point"
    elif resumed is not None:
        anchor, arule = resumed, "inside-item-list-resumes"
    elif text[:1].islower() and main.parent is not None and main.parent.kind != "root" and main.label is not None:
        anchor, arule = main.parent, "continues-chapeau-lowercase"
    elif numbered_unit and section_wide(text, exclusions=main is not top or _is_section_wide(last)):
        # definitions and exclusions for the whole section: context of the numbered criterion they sit in, not
        # a qualification of the nearest item (paper E.1 scope analysis; no pathway dependency, see dependencies)
        anchor = top if top.kind != "root" else main
        return _anchor_node(anchor, b, i, TypeDecision("BackgroundInformation", "section-wide", 0.8), SECTION_WIDE,
                            anchored_counts)
    elif numbered_unit:
        anchor, arule = main, "nearest-preceding-item"
        chapeau = _metric_chapeau(main, text)
        if chapeau is not None:
            anchor, arule = chapeau, "metric-of-chapeau"
        else:
            subject_of = _gated_subject_criterion(main, root, text)
            if subject_of is not None:
                anchor, arule = subject_of, "gated-subject-criterion"
    elif text[:1].islower():
        anchor, arule = main, "continues-previous-lowercase"
    elif qualifies_previous(text) and not _chapeau_of_own_list(text, blocks, i):
        anchor, arule = _subject_anchor(main, text), "qualifies-previous"
    else:
        return root.add(WNode("", "paragraph", block=i, text=text))
    alt = _alternative_instead_of_or_node(anchor, text)
    if alt is not None:
        anchor, arule = alt, f"{arule}+not-an-or-option"
    decision = _anchor_type(text, anchor.text, ctx)
    return _anchor_node(anchor, b, i, decision, arule, anchored_counts)


SECTION_WIDE = "section-wide"  # anchor rule (provenance ``anchor:section-wide``) read by the dependencies pass
_SECTION_SCOPE = re.compile(r"^\s*(for the purposes? of|in|within|under) this (section|annex|activity)\b", re.I)
_DEFINITION = re.compile(r"^\s*(an?\s+|the\s+)?[‘'\"“][^’'\"”]{1,80}[’'\"”]\s+(means|refers to|shall mean)\b", re.I)


def _is_section_wide(n: WNode) -> bool:
    """``n`` is a section-wide paragraph (or inside one): the exclusions that follow it continue the run."""
    while n.parent is not None and n.kind != "anchored":
        n = n.parent
    return n.kind == "anchored" and n.tag is not None and n.tag.rule == SECTION_WIDE


def section_wide(text: str, exclusions: bool = True) -> bool:
    """A paragraph that applies to the whole section rather than to the item before it (paper E.1 "scope
    analysis"): definitions scoped to the section ("For the purposes of this Section, the following
    specifications apply:", "‘system’ means …") and, with ``exclusions`` (the structure pass passes it when the
    paragraph follows a lettered item, not its numbered criterion's own text), exclusions that name no point
    ("Installation of metering infrastructure that does not meet … is not compliant." after 1(c); CCM-4.9 SC).
    Right after a numbered criterion's own text an exclusion extends that criterion ("For all power ranges,
    switchgears containing SF6 are not compliant." after CCM-3.20 SC 3): a requirement, not section-wide.

    >>> section_wide("For the purposes of this Section, the following specifications apply:")
    True
    >>> section_wide("Installation of metering infrastructure that does not meet the requirements is not compliant.")
    True
    >>> section_wide("Compliance with the criteria referred to in point 1(b) is verified by a third party.")
    False
    """
    first = _first_sentence(text)
    if _SECTION_SCOPE.search(first) or _DEFINITION.search(first):
        return True
    if not exclusions or not _EXCLUSION.search(first) or named_points(text):
        return False
    return not re.match(r"\s*(where|if|when)\b", first, re.I)  # a gated exclusion qualifies its own case


_OR_NODE = re.compile(r"\b(either|one of the following|one or more of|at least (one|two|three|\d+) of)\b", re.I)


def _alternative_instead_of_or_node(anchor: WNode, text: str) -> Optional[WNode]:
    """An anchored paragraph under an OR chapeau would count as one more alternative (spec §3 evaluation
    participation).  It qualifies one of the alternatives instead: the item it names ("points (d) and (e)" ->
    ``P1(d)``), else the nearest preceding item (spec §6 "Anchoring").  None when ``anchor`` is not an OR chapeau
    over labelled items.

    CCM-6.19 SC: "The SAF use requirement referred to in points (d) and (e) is calculated …" -> ``P1(d)``, not
    ``P1``; CCM-6.18 SC "whereby the aircraft permanently withdrawn …:" after ``P1(c)(ii)`` -> ``P1(c)(ii)``."""
    items = [c for c in anchor.children if c.label is not None and c.kind not in ("anchored", "group")]
    if not items or not _OR_NODE.search(anchor.text):
        return None
    for pid in named_points(_first_sentence(text)):
        comp = re.search(r"(\([a-z]{1,4}\))$", pid)
        for c in items:
            if c.id == pid or (comp and pid.startswith("(") and c.id == f"{anchor.id}{comp.group(1)}"):
                return c
    return items[-1]


def _anchor_node(anchor: WNode, b: Block, i: int, decision: TypeDecision, arule: str,
                 anchored_counts: dict[tuple[str, str], int]) -> WNode:
    """Add block ``i`` under ``anchor`` as ``<anchor>.<Type>[.k]``."""
    key = (anchor.id, decision.tag)
    anchored_counts[key] = anchored_counts.get(key, 0) + 1
    k = anchored_counts[key]
    nid = f"{anchor.id}.{decision.tag}" + (f".{k}" if k > 1 else "")
    node = WNode(nid, "anchored", block=i, text=b.text, tag=decision, anchored=True)
    node.rules["criterion_id"] = (f"anchor:{arule}", 0.8)
    return anchor.add(node)


_STOP = {"the", "of", "a", "an", "and", "or", "are", "is", "quantified", "to", "in", "for", "from", "by", "with"}


def _chapeau_of_own_list(text: str, blocks: list[Block], i: int) -> bool:
    """An unlabelled chapeau that opens its own lettered/numbered list ("These constituents and services are
    essential to … one or more of the technologies listed below:" + (a), (b); CCM-3.19 SC) states a requirement
    of its own: a P-node (spec §6), not a paragraph qualifying the one before, unless it calculates or verifies."""
    if not text.rstrip().endswith(":") or i + 1 >= len(blocks):
        return False
    nxt = parse_label(blocks[i + 1].label)
    if nxt is None or nxt.kind not in ("letter", "roman", "number") or nxt.ordinal != 1:
        return False
    return not re.search(r"\b(is|are) (calculated|computed|determined|measured|estimated|quantified|verified|"
                         r"audited|certified|monitored)\b", _first_sentence(text), re.I)


def _metric_chapeau(main: WNode, text: str) -> Optional[WNode]:
    """In a numbered unit: the chapeau above the nearest item when the paragraph's subject is that chapeau's
    metric and not the item's (CCM-5.3 SC: "Net energy consumption of the operation of the waste water treatment
    plant may take into account …" after the tiers 1(a)-(c) of "1. The net energy consumption of the waste water
    treatment plant equals to or is lower than:" concerns 1, not the last tier).  None otherwise."""
    parent = main.parent
    if parent is None or parent.kind == "root" or main.label is None or not parent.text.rstrip().endswith(":"):
        return None
    m = re.match(r"^(.{0,120}?)\b(is|are|may|shall|must|do|does|has|have)\b", text)
    if not m:
        return None
    subject = [w for w in re.findall(r"[a-z0-9]+", m.group(1).lower()) if w not in _STOP]
    if len(subject) < 2:
        return None
    words_parent = set(re.findall(r"[a-z0-9]+", parent.text.lower()))
    words_main = set(re.findall(r"[a-z0-9]+", main.text.lower()))
    in_parent = sum(w in words_parent for w in subject)
    in_main = sum(w in words_main for w in subject)
    if in_parent >= max(2, len(subject) - 1) and in_main < len(subject) / 2:
        return parent
    return None


_GATED_SUBJECT = re.compile(
    r"^\s*(where|if|when|for)\b.{3,200}?,\s*([^,]{3,80}?)\s+(is|are)\s+(calculated|computed|determined|measured|"
    r"estimated|quantified|verified|evaluated|assessed|demonstrated)\b", re.I)


def _gated_subject_criterion(main: WNode, root: WNode, text: str) -> Optional[WNode]:
    """A paragraph with its own gate ("Where … is at TRL 8 or higher, life-cycle GHG emissions are calculated …
    and verified …"; CCM-9.1 SC) after the last alternative of an OR chapeau is a regime of its own, not a
    qualification of that alternative: it goes to the nearest top-level criterion, up to the one it sits in, whose
    own text names its subject (the metric it calculates/verifies: criterion 3 "better performance in terms of
    life-cycle GHG emissions") and that is not itself an OR chapeau (where it would count as one more
    alternative).  None when the nearest item is no OR alternative, or names the subject itself."""
    parent = main.parent
    if parent is None or main.label is None or not _OR_NODE.search(parent.text):
        return None
    m = _GATED_SUBJECT.match(text)
    if not m:
        return None
    subject = {w for w in re.findall(r"[a-z0-9]+", m.group(2).lower()) if w not in _STOP}
    if len(subject) < 2 or subject <= set(re.findall(r"[a-z0-9]+", main.text.lower())):
        return None
    top = _top_of(main)
    tops = [c for c in root.children if c.kind == "numbered"]
    if top not in tops:
        return None
    for cand in reversed(tops[: tops.index(top) + 1]):
        if _OR_NODE.search(cand.text) and any(c.label is not None for c in cand.children):
            continue
        if subject <= set(re.findall(r"[a-z0-9]+", cand.text.lower())):
            return cand
    return None


def _subject_anchor(main: WNode, text: str) -> WNode:
    """In an unlabelled unit: the deepest node on ``main``'s path whose text shares the paragraph's subject,
    else the top-level P-node."""
    m = re.match(r"^(.{0,100}?)\b(is|are)\b", text)
    subject = {w for w in re.findall(r"[a-z0-9]+", (m.group(1) if m else text[:60]).lower()) if w not in _STOP}
    top = _top_of(main)
    n = main
    while n is not top and n.parent is not None:
        words = set(re.findall(r"[a-z0-9]+", n.text.lower()))
        if subject and len(subject & words) >= max(1, len(subject) - 1):
            return n
        n = n.parent
    return top


# ---------------------------------------------------------------------------------------------------------------
# pathway detection (inferred groups)

def _anchor_type(text: str, anchor_text: str, ctx: Optional[PassContext]) -> TypeDecision:
    """The ``anchor_type`` verdict as the tree's TypeDecision (a model's answer records the model in its rule)."""
    v = decide(ANCHOR_TYPE, ANCHOR_TYPE.Inputs(text, anchor_text), ctx)
    return TypeDecision(v.value, f"model:{v.model}", float(v.confidence)) if v.model else \
        TypeDecision(v.value, v.rule, v.confidence)


def _pathways(inp: PathwayInput, ctx: Optional[PassContext]) -> PathwayDecision:
    """The ``pathways`` verdict; a model's groups that overlap or fall outside the items leave the rule's."""
    v = decide(PATHWAYS, inp, ctx)
    if v.model and valid_groups(v.value, len(inp.items)):
        return PathwayDecision(tuple(tuple(g) for g in v.value), float(v.confidence), f"model:{v.model}")
    if v.model:
        v = decide(PATHWAYS, inp, None)
    return PathwayDecision(v.value, v.confidence, v.rule)


def _detect_pathways(root: WNode, ctx: Optional[PassContext] = None) -> None:
    for node in list(root.walk()):
        labelled = [c for c in node.children if c.label is not None and not (c.kind == "anchored")]
        if len(labelled) < 3 or not node.text:
            continue
        inp = PathwayInput(node.text, tuple(PathwayItem(c.id, c.text, any(g.kind != "anchored" for g in c.children))
                                            for c in labelled))
        dec = _pathways(inp, ctx)
        for a, b in dec.groups:
            members = labelled[a:b + 1]
            if len(members) < 2 or len(members) == len(labelled):
                continue
            first = members[0].label.component.strip("()")  # type: ignore[union-attr]
            lastc = members[-1].label.component.strip("()")  # type: ignore[union-attr]
            prefix = "" if node.kind == "root" else node.id
            gid = f"{prefix}({first}-{lastc})"
            group = WNode(gid, "group", text="")
            group.rules["criterion_id"] = (f"pathway:{dec.rule}", dec.confidence)
            pos = node.children.index(members[0])
            for m in members:
                node.children.remove(m)
            # anchored paragraphs sitting between members travel with the member before them
            node.children.insert(pos, group)
            group.parent = node
            for m in members:
                group.add(m)
            group.group_members = members


# ---------------------------------------------------------------------------------------------------------------
# pass interface


def _to_ir(w: WNode, blocks: list[Block], unit_doc: UnitDoc) -> CriterionNode:
    if w.kind == "root":
        node = CriterionNode(criterion_id="ROOT")
        node.provenance = Provenance(span=unit_doc.span, kind="root")
        if w.text:
            node.set_field("verbatim_text", w.text, pass_name=NAME, rule=w.rules["verbatim_text"][0],
                           confidence=w.rules["verbatim_text"][1])
            b = blocks[w.block]  # type: ignore[index]
            node.provenance.markers = list(b.markers)
    else:
        node = CriterionNode(criterion_id=w.id)
        b = blocks[w.block] if w.block is not None else None
        label = blocks[w.heading_block].label if w.heading_block is not None else (b.label if b else None)
        markers = list(b.markers) if b and w.text else []  # a dropped heading's markers stay with no node
        node.provenance = Provenance(span=b.span if b else None, label=label, kind=w.kind, markers=markers)
        rule, conf = w.rules.get("criterion_id", ("unlabelled-paragraph-order", 1.0))
        node.set_field("criterion_id", w.id, pass_name=NAME, rule=rule, confidence=conf)
        trule, tconf = w.rules.get("verbatim_text", ("inferred-group-empty" if w.kind == "group" else "block-text",
                                                     1.0))
        node.set_field("verbatim_text", w.text, pass_name=NAME, rule=trule, confidence=tconf)
        if w.tag is not None:
            node.set_field("tags", [w.tag.tag], pass_name=NAME, rule=f"anchor-type:{w.tag.rule}",
                           confidence=w.tag.confidence,
                           model=w.tag.rule[6:] if w.tag.rule.startswith("model:") else None)  # model's Type
    subs = [_to_ir(c, blocks, unit_doc) for c in w.children]
    if subs:
        node.set_field("sub_criteria", subs, pass_name=NAME, rule="label-sequence")
    return node


def run(unit: Unit, ctx: PassContext) -> Unit:
    """Build ROOT's subtree from ``ctx.unit_doc.blocks``.

    ODR repairs (``ctx.attempt`` >= 1 after Completeness/Structural diagnoses) try alternative readings: attempt 1
    without inferred pathway groups, attempt 2 also without anchoring (unlabelled blocks become P-nodes).
    The ``pathways`` and ``anchor_type`` decisions go through :func:`regc.decisions.decide` (a configured decider may
    arbitrate them)."""
    blocks = list(ctx.unit_doc.blocks)
    opts = BuildOptions()
    if ctx.attempt >= 1 and any(d.kind in ("Completeness", "Structural") for d in ctx.guidance):
        opts = BuildOptions(anchoring=ctx.attempt < 2, pathways=False)
    tree = build_tree(blocks, opts, ctx)
    root = _to_ir(tree, blocks, ctx.unit_doc)
    root.provenance.fields.update({k: v for k, v in unit.root.provenance.fields.items()
                                   if k not in root.provenance.fields})
    edges = [e for e in unit.edges if e.type != "GROUP_MEMBER"]
    for w in tree.walk():
        for m in w.group_members:
            edges.append(Edge(type="GROUP_MEMBER", **{"from": m.id}, to=w.id,
                              note=f"inferred pathway ({w.rules['criterion_id'][0]})"))
    out = unit.model_copy(update={"root": root, "edges": edges})
    return out


_ANCHORED_ID = re.compile(r"\.(%s)(\.\d+)?$" % "|".join(TAGS))


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Observe: every block covered by exactly one node (Completeness), no node text absent from the source
    (Semantic), ids consistent with labels and the label sequence (Structural)."""
    out: list[Diagnostic] = []
    uid = ctx.unit_id

    def d(severity, code, kind, msg, cid=None, span=None):
        out.append(Diagnostic(severity=severity, code=code, kind=kind, message=msg, unit_id=uid, criterion_id=cid,
                              pass_name=NAME, span=span))

    blocks = ctx.unit_doc.blocks
    blocks = [b for b in blocks if not is_heading(b)]  # dropped headings are covered by their criterion's id
    want: dict[str, int] = {}
    for b in blocks:
        want[b.text] = want.get(b.text, 0) + 1
    have: dict[str, int] = {}
    nodes = list(unit.root.walk_with_parent())
    for n, _p in nodes:
        if n.criterion_id == "ROOT" and not n.verbatim_text:
            continue
        origin = n.provenance.fields.get("verbatim_text")
        if not n.verbatim_text and origin is not None and origin.rule == "heading-not-criterion-text":
            continue
        if n.provenance.kind == "group":
            if n.verbatim_text:
                d("error", "GROUP_HAS_TEXT", "Semantic", f"inferred group {n.criterion_id} has text", n.criterion_id)
            continue
        have[n.verbatim_text] = have.get(n.verbatim_text, 0) + 1
    for b in blocks:
        h, w = have.get(b.text, 0), want[b.text]
        if h < w:
            d("error", "BLOCK_NOT_COVERED", "Completeness", f"source block not covered by any node: {b.text[:80]!r}",
              span=b.span)
            have[b.text] = h + 1  # report once per missing copy
    for text, h in have.items():
        if text not in want:
            cid = next((n.criterion_id for n, _ in nodes if n.verbatim_text == text), None)
            d("critical", "TEXT_NOT_IN_SOURCE", "Semantic", f"node text not found in the source: {text[:80]!r}", cid)
        elif h > want[text]:
            d("error", "BLOCK_COVERED_TWICE", "Completeness", f"source block covered {h} times: {text[:80]!r}")
    for n, parent in nodes:
        cid, prov = n.criterion_id, n.provenance
        if cid == "ROOT":
            continue
        lab = parse_label(prov.label) if prov.label else None
        if "#" in cid:
            d("error", "REPEATED_LABEL", "Structural",
              f"label {prov.label!r} repeats under the same parent; id disambiguated as {cid!r}", cid)
            continue
        if prov.kind == "anchored":
            if not _ANCHORED_ID.search(cid):
                d("error", "ANCHOR_ID", "Structural", f"anchored id {cid!r} lacks a .<Type> suffix", cid)
            elif n.tags and cid.rsplit(".", 2)[-1] not in TAGS and cid.rsplit(".", 2)[-2] not in n.tags:
                d("warning", "ANCHOR_TAG", "Structural", f"anchored id {cid!r} disagrees with its tags {n.tags}", cid)
        elif prov.kind == "paragraph":
            if not re.fullmatch(r"P\d+", cid):
                d("error", "P_ID", "Structural", f"unlabelled top-level node has id {cid!r}", cid)
        elif lab is not None and lab.kind not in ("dash", "other"):
            origin = prov.fields.get("criterion_id")
            if origin is not None and origin.rule.startswith("repair:"):
                d("info", "ID_REPAIRED", "Structural",
                  f"printed label {prov.label!r} renumbered as {cid!r} ({origin.rule})", cid)
            elif not cid.endswith(lab.component):
                d("error", "ID_LABEL_MISMATCH", "Structural", f"id {cid!r} does not end with its label {prov.label!r}",
                  cid)
        owner = parent
        if owner is not None and owner.provenance.kind == "group":
            owner = next((p for n2, p in nodes if n2 is owner), None)
        if owner is None:
            continue
        expect_prefix = "" if owner.criterion_id == "ROOT" else owner.criterion_id
        if prov.kind == "anchored":
            m = _ANCHORED_ID.search(cid)
            if m and cid[: m.start()] != owner.criterion_id:
                d("error", "ID_PARENT_MISMATCH", "Structural",
                  f"anchored id {cid!r} names anchor {cid[: m.start()]!r} but sits under {owner.criterion_id!r}", cid)
        elif prov.kind in ("lettered", "roman", "dash", "paren") and not cid.startswith(expect_prefix):
            d("error", "ID_PARENT_MISMATCH", "Structural",
              f"id {cid!r} does not extend its parent's id {owner.criterion_id!r}", cid)
        # label sequence among siblings
    for n, _p in nodes:
        seqs: dict[tuple[str, int], list[int]] = {}
        if n.provenance.kind == "group":
            continue
        kids = [m for c in n.sub_criteria for m in (c.sub_criteria if c.provenance.kind == "group" else [c])]
        for c in kids:
            lab = parse_label(c.provenance.label) if c.provenance.label else None
            origin = c.provenance.fields.get("criterion_id")
            if lab is not None and origin is not None and origin.rule.startswith("repair:"):
                lab = parse_label(c.criterion_id.rsplit("(", 1)[-1].rstrip(")") + ".") or lab
            if lab is None or lab.kind in ("dash", "other"):
                continue
            kind = "letter" if (lab.alt is not None and c.provenance.kind == "lettered") else lab.kind
            ordv = lab.alt.ordinal if kind == "letter" and lab.alt is not None else lab.ordinal
            seqs.setdefault((kind, lab.level), []).append(ordv)
        for (kind, _lvl), ords in seqs.items():
            if ords != list(range(ords[0], ords[0] + len(ords))) or ords[0] != 1:
                d("warning", "LABEL_SEQUENCE", "Structural",
                  f"children of {n.criterion_id} have {kind} labels out of sequence: {ords}", n.criterion_id)
    return out
