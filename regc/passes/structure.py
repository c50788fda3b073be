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
  ``table-header``); the header is no node (spec §6: headings are never criterion text) and the rows stay items
  of the criterion that introduces the table (a node never spans two blocks; a row is one paragraph);
- an unlabelled paragraph is never anchored directly under an OR chapeau ("either", "one of the following"),
  where it would count as one more alternative: it goes to the item it names, else the nearest item;
- titles ("4. Audit", Formex titles; :func:`is_heading`) are the numbered node's text (spec §7 "Titles"); the
  paragraphs below are anchored under it like any other block, the first one is never promoted to be its text;
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
from typing import Optional

from regc.grammar.prefilter import prefilter_namespace
from regc.decisions import PATHWAYS
from regc.passes.memo import decide
from regc.decisions.anchor_type import (_EXCLUSION, TypeDecision, anchor_type, is_exclusion,  # noqa: F401
                                        is_permission)
from regc.decisions.pathways import (CHAPEAU_GROUP_RULES, PathwayDecision, PathwayInput,  # noqa: F401
                                     PathwayItem, chapeau_choice_group, decide_pathways, valid_groups)
from regc.ir.doc import Block, UnitDoc
from regc.ir.models import TAGS, CriterionNode, Diagnostic, Edge, Provenance, Unit
from regc.passes.context import PassContext
from regc.passes.structure_anchoring import (SECTION_WIDE, _anchor_node, _main_node, _place_unlabelled,  # noqa: F401
                                             elaborates, named_points, qualifies_previous, section_wide)
from regc.frontends.text import ROW_START
from regc.passes.structure_labels import (HEADING_STYLES, BuildOptions, Label, WNode, _KIND_OF_LABEL,  # noqa: F401
                                          _child_id, _continues, _same_list, is_heading, letter_value,
                                          parse_label, resolve_label, roman_value)

NAME = "structure"


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
            # column headings of a table inside the criteria are no criterion text (spec §6: row headings are
            # never criterion text): no node; the rows that follow stay items of the criterion that introduces
            # the table
            last = _main_node(last)
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
        node = WNode(nid, _KIND_OF_LABEL[lab.kind], label=lab, block=i, text=b.text, anchored=parent.anchored,
                     depth=b.depth)
        if is_heading(b):  # a title is the node's text; the paragraphs below it are anchored under it (spec §7)
            node.rules["verbatim_text"] = ("title-is-criterion-text", 0.9)
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
    >>> [n.id for n in t.walk()][1:]  # the note closes 1's list (spec §7)
    ['1', '1(a)', '1.BackgroundInformation', '2']
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




# ---------------------------------------------------------------------------------------------------------------
# pathway detection (inferred groups)


def _pathways(inp: PathwayInput, ctx: Optional[PassContext]) -> PathwayDecision:
    """The ``pathways`` verdict; a model's groups that overlap or fall outside the items leave the rule's."""
    v = decide(PATHWAYS, inp, ctx)
    if v.model and valid_groups(v.value, len(inp.items)):
        return PathwayDecision(tuple(tuple(g) for g in v.value), float(v.confidence), f"model:{v.model}")
    if v.model:
        v = decide(PATHWAYS, inp, None)
    return PathwayDecision(v.value, v.confidence, v.rule)


def _detect_pathways(root: WNode, ctx: Optional[PassContext] = None) -> None:
    """Inferred groups (spec §3/§7) through the ``pathways`` decision: consecutive items of an OR chapeau that
    form one pathway, and the alternatives of an OR / N_OF_K chapeau whose node has other participating children
    (an anchored requirement, an "in any case" item): those become ``<id>(<first>-<last>)`` holding the chapeau's
    logic (rules :data:`CHAPEAU_GROUP_RULES`)."""
    for node in list(root.walk()):
        labelled = [c for c in node.children if c.label is not None and not (c.kind == "anchored")]
        anchored = any(c.kind == "anchored" and c.tag is not None and c.tag.tag != "BackgroundInformation"
                       for c in node.children)
        if len(labelled) < 2 or not node.text:
            continue
        inp = PathwayInput(node.text, tuple(PathwayItem(c.id, c.text, any(g.kind != "anchored" for g in c.children))
                                            for c in labelled), participating_anchored=anchored)
        dec = _pathways(inp, ctx)
        whole = dec.rule in CHAPEAU_GROUP_RULES  # a chapeau group may hold every item
        for a, b in dec.groups:
            members = labelled[a:b + 1]
            if len(members) < 2 or (len(members) == len(labelled) and not whole):
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
        # the provenance as a constructor argument: its default and an assignment would each be validated
        node = CriterionNode(criterion_id="ROOT", provenance=Provenance(span=unit_doc.span, kind="root"))
        if w.text:
            node.set_field("verbatim_text", w.text, pass_name=NAME, rule=w.rules["verbatim_text"][0],
                           confidence=w.rules["verbatim_text"][1])
            b = blocks[w.block]  # type: ignore[index]
            node.provenance.markers = list(b.markers)
    else:
        b = blocks[w.block] if w.block is not None else None
        label = b.label if b else None
        markers = list(b.markers) if b and w.text else []
        node = CriterionNode(criterion_id=w.id, provenance=Provenance(span=b.span if b else None, label=label,
                                                                      kind=w.kind, markers=markers))
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
    without inferred pathway groups, attempt 2 also without anchoring (unlabelled blocks become P-nodes).  After a
    diagnosis of :data:`RULE_REPAIR_CODES` (a spec §7 rule broken, e.g. by a model's answer) the repair is the
    rules' own reading (no decider).
    The ``pathways`` and ``anchor_type`` decisions go through :func:`regc.decisions.decide` (a configured decider may
    arbitrate them)."""
    blocks = list(ctx.unit_doc.blocks)
    opts = BuildOptions()
    decider_ctx: Optional[PassContext] = ctx
    if ctx.attempt >= 1 and {d.code for d in ctx.guidance} & RULE_REPAIR_CODES:
        decider_ctx = None  # a §7 structure rule was broken (by a model's answer): the rules' own reading
    elif ctx.attempt >= 1 and any(d.kind in ("Completeness", "Structural") for d in ctx.guidance):
        opts = BuildOptions(anchoring=ctx.attempt < 2, pathways=False)
    tree = build_tree(blocks, opts, decider_ctx)
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
# verify codes of the spec §7 structure rules; a repair after one of them rebuilds with the rules alone
RULE_REPAIR_CODES = frozenset({"CHOICE_CHAPEAU_NOT_GROUPED", "EXCLUSION_AS_BACKGROUND", "PERMISSION_PARTICIPATES",
                               "ELABORATION_AS_P_NODE"})


def verify_elaborations(unit: Unit, uid: str, blocks: list[Block]) -> list[Diagnostic]:
    """ST1 (spec §6 anchoring), observed on the output: a top-level P-node that elaborates the P-node before it by
    naming its subject again ("Mitigation measures include …:" after "All … mitigation measures are implemented
    …"; :func:`elaborates`) should be anchored under it, not a criterion of its own.  A block that starts a new row
    of criteria (style ``ROW_START``) is a P-node whatever it says."""
    rows = {b.text for b in blocks if b.style == ROW_START}
    tops = unit.root.sub_criteria
    out = []
    for prev, n in zip(tops, tops[1:]):
        if n.provenance.kind != "paragraph" or n.verbatim_text in rows:
            continue
        if elaborates(n.verbatim_text, [m.verbatim_text for m in prev.walk() if m.provenance.kind != "anchored"]):
            out.append(Diagnostic(severity="error", code="ELABORATION_AS_P_NODE", kind="Structural",
                                  message=f"{n.criterion_id} elaborates {prev.criterion_id} (names its subject "
                                          "again): anchor it there (spec §6)", unit_id=uid,
                                  criterion_id=n.criterion_id, pass_name=NAME))
    return out


def verify_section7(unit: Unit, uid: str) -> list[Diagnostic]:
    """The spec §7 structure rules, observed on the output (so the ODR loop detects a rule or a model that breaks
    them): an exclusion ("… is not compliant") typed BackgroundInformation (ST3); a permission to the assessor
    ("audits may be performed together …") that participates (ST5); an OR / N_OF_K chapeau with a participating
    anchored child whose alternatives are not an inferred group (ST2).  Titles (ST4) are checked by coverage: a
    title block whose text no node holds is BLOCK_NOT_COVERED."""
    out: list[Diagnostic] = []

    def d(severity, code, kind, msg, cid):
        out.append(Diagnostic(severity=severity, code=code, kind=kind, message=msg, unit_id=uid, criterion_id=cid,
                              pass_name=NAME))

    for n, _p in unit.root.walk_with_parent():
        if n.provenance.kind == "anchored":
            background = "BackgroundInformation" in n.tags
            if background and is_exclusion(n.verbatim_text):
                d("error", "EXCLUSION_AS_BACKGROUND", "Semantic", "an exclusion is a binding requirement (spec §7), "
                  "typed BackgroundInformation", n.criterion_id)
            elif n.tags and not background and is_permission(n.verbatim_text):
                d("error", "PERMISSION_PARTICIPATES", "Semantic", "a permission to the assessor is "
                  "BackgroundInformation (spec §7), typed " + "/".join(n.tags), n.criterion_id)
        kids = n.sub_criteria
        items = [c for c in kids if c.provenance.label and c.provenance.kind not in ("anchored", "group")]
        binding = [c for c in kids if c.provenance.kind == "anchored" and "BackgroundInformation" not in c.tags]
        if len(items) >= 2 and binding and not any(c.provenance.kind == "group" for c in kids) and \
                chapeau_choice_group(PathwayInput(n.verbatim_text, tuple(PathwayItem(c.criterion_id, c.verbatim_text,
                                                                                      False) for c in items),
                                                  True)) is not None:
            d("error", "CHOICE_CHAPEAU_NOT_GROUPED", "Structural", "OR/N_OF_K chapeau with a participating anchored "
              f"child {binding[0].criterion_id!r}: its alternatives belong in an inferred group (spec §7)",
              n.criterion_id)
    return out


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Observe: every block covered by exactly one node (Completeness), no node text absent from the source
    (Semantic), ids consistent with labels and the label sequence (Structural)."""
    out: list[Diagnostic] = []
    uid = ctx.unit_id

    def d(severity, code, kind, msg, cid=None, span=None):
        out.append(Diagnostic(severity=severity, code=code, kind=kind, message=msg, unit_id=uid, criterion_id=cid,
                              pass_name=NAME, span=span))

    blocks = ctx.unit_doc.blocks
    want: dict[str, int] = {}
    for b in blocks:
        want[b.text] = want.get(b.text, 0) + 1
    have: dict[str, int] = {}
    nodes = list(unit.root.walk_with_parent())
    for n, _p in nodes:
        if n.criterion_id == "ROOT" and not n.verbatim_text:
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
    out += verify_section7(unit, uid)
    out += verify_elaborations(unit, uid, blocks)
    out += _verify_label_sequences(unit, uid)
    return out


def _verify_label_sequences(unit: Unit, uid: str) -> list[Diagnostic]:
    """LABEL_SEQUENCE: the printed labels of a node's items (through inferred groups) run 1, 2, 3 … / (a), (b) …"""
    out: list[Diagnostic] = []
    for n in unit.root.walk():
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
                out.append(Diagnostic(severity="warning", code="LABEL_SEQUENCE", kind="Structural",
                                      message=f"children of {n.criterion_id} have {kind} labels out of sequence: "
                                              f"{ords}", unit_id=uid, criterion_id=n.criterion_id, pass_name=NAME))
    return out


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
