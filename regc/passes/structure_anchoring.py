"""Anchoring of the ``structure`` pass: where an unlabelled paragraph hangs (spec §6/§7 "Anchoring") and, through
the ``anchor_type`` decision, which of the six Types it takes.

>>> named_points("Compliance with the criteria referred to in point 1(b) is verified")
['1(b)']
"""

from __future__ import annotations

import re
from typing import Optional

from regc.grammar.prefilter import prefilter_namespace
from regc.decisions import ANCHOR_TYPE
from regc.passes.memo import decide
from regc.decisions.anchor_type import _EXCLUSION, OF_ASSESSMENT, TypeDecision
from regc.decisions.point_citations import citation_lists
from regc.frontends.text import ROW_START
from regc.ir.doc import Block
from regc.passes.context import PassContext
from regc.passes.structure_labels import BuildOptions, Label, WNode, _continues, _main_node, _top_of, parse_label



# a property of the preceding assessment as the subject ("The level of detail required in the assessment is
# appropriate to the size …", like "The assessment is proportionate to …"): how that assessment is done
_OF_ASSESSMENT = r"the\s+" + OF_ASSESSMENT + r"(?:[\w-]+\s+){0,3}?(?:assessment|study|analysis|evaluation)\b"
_QUALIFIES = re.compile(
    r"^\s*(quantified\b|the (assessment|calculation|verification|implementation|effectiveness|information|data|"
    r"monitoring|measurement)\b|it\s+assesses\b|those\b|these\b|this (assessment|calculation|verification)\b|"
    + _OF_ASSESSMENT + r")"
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


# a block that elaborates the requirement before it, naming that requirement's subject again (spec §6 anchoring:
# it qualifies the preceding criterion): what the subject includes ("Mitigation measures include, where relevant …:"
# after "All technically feasible … mitigation measures are implemented …"), or how the definite subject is carried
# out ("The temperature control is implemented in accordance with …" after "… operators … control: (a) the maximum
# temperature …").  Named pieces: the subject noun phrase (up to six words, no punctuation), the elaborating verb.
_SUBJECT_NP = r"(?P<subject>(?:[\w-]+\s+){0,5}?[\w-]+)"
_CONTENT_VERB = r"(?:include|includes|comprise|comprises)"
_HOW_DONE = r"(?:is|are)\s+(?:implemented|carried\s+out|performed|applied|conducted)\s+in\s+accordance\s+with"
# the values the subject takes, listed after a colon ("The fleet-wide CO2 emissions target values to be considered
# are:" after "… are not higher than the fleet-wide CO2 emissions targets."): the block gives the preceding target's
# values, it states no requirement of its own
_LISTED = r"(?:to\s+be\s+(?:considered|used|applied)\s+)?(?:are|is)\s*:\s*$"
# an anaphoric subject ("those measures") may follow the scope it is narrowed to ("For battery-operated vessels,
# those measures include …" after "Measures are in place to manage waste …")
_SCOPE = r"(?P<scope>(?:for|in\s+the\s+case\s+of)\s+[^,;:.]{3,80}),\s+"
_ELABORATES = re.compile(r"^\s*(?:" + _SCOPE + r")?(?:(?P<the>the)\s+|(?P<demo>those|these)\s+)?" + _SUBJECT_NP
                         + r"\s+(?:(?P<content>" + _CONTENT_VERB + r")\b|" + _HOW_DONE + r"\b|(?P<listed>"
                         + _LISTED + r"))", re.I)
# the measure a listed subject is given in ("… target values"): the values of what the criterion names
_VALUE_WORDS = frozenset({"value", "values", "level", "levels"})
# subjects that name the activity or its operator restate the unit's own scope, not the preceding criterion's
_GENERIC_SUBJECT_WORDS = frozenset({"activity", "activities", "operator", "operators", "it", "this", "that", "these",
                                    "those", "such"})


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def elaborating_subject(text: str) -> Optional[set[str]]:
    """The content words of the subject a block elaborates (see ``_ELABORATES``): two or more, none generic; None
    when the block has no such shape.  "… is implemented in accordance with" needs the definite subject ("The
    temperature control …") of something already said.

    >>> sorted(elaborating_subject("Mitigation measures include, where relevant:"))
    ['measures', 'mitigation']
    >>> elaborating_subject("The activity does not include insurance of fossil fuels.") is None
    True
    >>> sorted(elaborating_subject("The fleet-wide CO2 emissions target values to be considered are:"))
    ['co2', 'emissions', 'fleet', 'target', 'wide']
    >>> sorted(elaborating_subject("For battery-operated vessels, those measures include reuse of batteries."))
    ['measures']
    >>> elaborating_subject("For existing ships, the activity complies with Regulation (EU) No 1257/2013.") is None
    True
    >>> elaborating_subject("Emission values to be considered are:") is None
    True
    """
    m = _ELABORATES.match(text)
    if m is None or (m.group("the") is None and m.group("content") is None and m.group("demo") is None):
        return None
    if (m.group("scope") and m.group("demo") is None) or (m.group("listed") and m.group("the") is None):
        return None  # a scope narrows only an anaphor; listed values belong to a definite subject
    subject = _words(m.group("subject")) - _STOP
    if m.group("listed"):
        subject -= _VALUE_WORDS
    if m.group("demo"):  # "those measures": the demonstrative points back; one content word names the subject
        return subject if subject and not subject & _GENERIC_SUBJECT_WORDS else None
    return subject if len(subject) >= 2 and not subject & _GENERIC_SUBJECT_WORDS else None


def _stem(word: str) -> str:
    """A word without its inflectional -s: the noun a block names again ("The temperature control is implemented …")
    is the verb or plural of the criterion before ("… the operator … controls: (a) the maximum temperature …").

    >>> [_stem(w) for w in ("controls", "control", "measures", "process", "gas")]
    ['control', 'control', 'measure', 'process', 'gas']
    """
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in _words(text)}


def elaborates(text: str, criterion_texts: list[str]) -> bool:
    """A block elaborates the criterion whose texts (its own and its items') name every word of its subject (up to
    the inflectional -s, :func:`_stem`)."""
    subject = elaborating_subject(text)
    return subject is not None and {_stem(w) for w in subject} <= set().union(*map(_stems, criterion_texts))


def elaborated_criterion(main: WNode, text: str) -> Optional[WNode]:
    """In an unlabelled unit: the criterion a block elaborates by naming its subject again (:func:`elaborates`
    over the preceding top-level criterion and its items).  The block hangs on the deepest node of that branch
    whose own text names the whole subject, else on the top-level criterion (a block after a list closes it, spec
    §7).  None otherwise: a block with a subject of its own ("An Environmental Impact Assessment … is carried out in
    accordance with …") is a new P-node (spec §6).

    >>> top = WNode("P4", "paragraph", text="All feasible mitigation measures are implemented to reduce impacts.")
    >>> elaborated_criterion(top, "Mitigation measures include, where relevant:").id
    'P4'
    >>> elaborated_criterion(top, "Compensatory measures include restoring continuity.") is None
    True
    """
    top = _top_of(main)
    if top.kind == "root" or not elaborates(text, [n.text for n in top.walk() if not n.anchored]):
        return None
    subject = elaborating_subject(text) or set()
    below_top = main.path()[: next(k for k, n in enumerate(main.path()) if n is top)]  # deepest first
    stems = {_stem(w) for w in subject}
    return next((n for n in below_top if stems <= _stems(n.text)), top)


_POINT_REF = re.compile(r"\bpoints?\s+(\d+(?:\.\d+)*(?:\s*\([a-z]{1,4}\))*|\([a-z]{1,4}\)(?:\s*\([a-z]{1,4}\))*)")


def named_points(text: str) -> list[str]:
    """Criterion ids a paragraph names ("point 1(b)" -> "1(b)", "point (c)" -> "(c)").

    >>> named_points("Compliance with the criteria referred to in point 1(b) is verified")
    ['1(b)']
    """
    return [re.sub(r"\s+", "", m.group(1)) for m in _POINT_REF.finditer(text)]


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
    if last.kind == "root" or not opts.anchoring or b.style == ROW_START:
        # a new row of criteria (OJ/EUR-Lex "Additional criteria …" after the general criteria): a P-node
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
    named = _named_item(text, top, last) if numbered_unit else None
    if named is not None:
        anchor, arule = named, "named-point"
    elif resumed is not None and resumed is not main and not last.anchored and \
            _THIS_ITEM.search(_first_sentence(text)):  # "Compliance with this requirement" after 1.1.2, before 1.2
        anchor, arule = main, "this-item"
    elif resumed is not None:
        anchor, arule = resumed, "inside-item-list-resumes"
    elif text[:1].islower() and main.parent is not None and main.parent.kind != "root" and main.label is not None:
        # the chapeau's sentence goes on after its list; where the last item closed its own sentence the block
        # closes the list (spec §7 order (2)), so an OR chapeau keeps it (inferred group) instead of an option
        closes = not numbered_unit and _closing_holder(last, text, blocks, i) is main.parent
        anchor, arule = main.parent, ("closes-list" if closes else "continues-chapeau-lowercase")
    elif numbered_unit and section_wide(text, exclusions=False):
        # definitions for the whole section: context of the numbered criterion they sit in, not a qualification of
        # the nearest item (paper E.1 scope analysis; no pathway dependency, see dependencies).  Exclusions are
        # binding requirements (spec §7) and are anchored like any other block.
        anchor = top if top.kind != "root" else main
        return _anchor_node(anchor, b, i, TypeDecision("BackgroundInformation", "section-wide", 0.8), SECTION_WIDE,
                            anchored_counts)
    elif numbered_unit:
        anchor, arule = _numbered_anchor(b, blocks, i, last, main, root, text)
    elif text[:1].islower():
        anchor, arule = main, "continues-previous-lowercase"
    elif elaborated_criterion(main, text) is not None:
        anchor, arule = elaborated_criterion(main, text), "elaborates-subject"
    elif qualifies_previous(text) and not _chapeau_of_own_list(text, blocks, i):
        several = _named_list_holder(text, last)
        anchor, arule = (several, "names-several-items") if several is not None else \
            (_subject_anchor(main, text), "qualifies-previous")
    else:
        return root.add(WNode("", "paragraph", block=i, text=text))
    alt = None if arule in LIST_CLOSING_RULES else _alternative_instead_of_or_node(anchor, text)
    if alt is not None:
        anchor, arule = alt, f"{arule}+not-an-or-option"
    decision = _anchor_type(text, anchor.text, ctx)
    return _anchor_node(anchor, b, i, decision, arule, anchored_counts)


LIST_CLOSING_RULES = ("markup-depth", "closes-list", "names-several-items")  # anchors that may sit on an OR
# chapeau (spec §7 inferred groups)

# a list item that ends its own sentence: a lowercase block after it starts something new ("…; or" / "….")
_ITEM_COMPLETE = re.compile(r"(?:[.;]|[;,]\s*(?:or|and))\s*$", re.I)


def _closing_holder(last: WNode, text: str, blocks: list[Block], i: int) -> Optional[WNode]:
    """In an unlabelled unit, a lowercase block right after the last item of a list that ended its sentence
    ("(ii) … the replacement ratio as set out in Section 3.21;" then "whereby the aircraft permanently withdrawn
    from use or from the fleet:") closes that list (spec §7 anchoring order (2)): the item that holds the list,
    unless the list goes on after it or the block concerns that member only (:func:`_list_holder`).  A block that
    opens its own list ("…:" then "(i)") owns the labels that follow.  None when the item's sentence is still open
    (the block continues it)."""
    if last.anchored or last.label is None or not _ITEM_COMPLETE.search(last.text):
        return None
    nxt = parse_label(blocks[i + 1].label) if i + 1 < len(blocks) else None
    opens_own_list = text.rstrip().endswith(":") and nxt is not None and nxt.ordinal == 1
    if (not opens_own_list and _list_resumes_later(last, blocks, i)) or _resumed_item(blocks, i, last.path()):
        return None
    return _list_holder(last, text)


def _named_list_holder(text: str, last: WNode) -> Optional[WNode]:
    """A qualifying block whose first sentence cites two or more items of one list together ("The SAF use
    requirement referred to in points (d) and (e) is calculated …") concerns them jointly: it goes to the item
    that holds that list (spec §7 anchoring: no single cited item, so the block closes the list), found on the
    current branch.  None when it cites fewer than two items or items of different lists."""
    for cits, _ in citation_lists(_first_sentence(text)):
        comps = [c.written for c in cits]
        if len(comps) < 2 or not all(c.startswith("(") for c in comps):
            continue
        for holder in last.path()[1:]:
            kids = {c.label.component for c in holder.children if c.label is not None and not c.anchored}
            if all(cp in kids for cp in comps):
                return holder
    return None


def _named_item(text: str, top: WNode, last: WNode) -> Optional[WNode]:
    """The item the paragraph's first sentence cites (spec §7 anchoring order (1)): "point 1(b)" inside the
    numbered criterion it sits in; a relative "point (f)" is the nearest such item on the current branch
    ("For the purposes of point (f), …" after 1(f)(iv) -> ``1(f)``)."""
    for pid in named_points(_first_sentence(text)):
        hit = next((n for n in top.walk() if n.id == pid and not n.anchored), None)
        if hit is None and pid.startswith("("):
            hit = next((n for n in last.path() if n.label is not None and not n.anchored
                        and n.label.component == pid and n.kind != "root"), None)
        if hit is not None:
            return hit
    return None


def _numbered_anchor(b: Block, blocks: list[Block], i: int, last: WNode, main: WNode, root: WNode,
                     text: str) -> tuple[WNode, str]:
    """Where an unlabelled block of a numbered unit hangs when it cites no item and no list resumes after it
    (spec §7 anchoring order (2)): a gated regime of its own goes to the criterion whose subject it concerns;
    else a block right after a list closes that list and goes to the item that holds it (:func:`_list_holder`),
    else the nearest preceding item; where the markup prints the block outside that node (:func:`_markup_holder`:
    Formex/OJ nesting), it goes to the higher level the markup names.  The markup never moves a block down into
    the list it closes (the OJ nests CCA "The climate risk and vulnerability assessment is proportionate …" in
    2(c)'s cell: it still closes the list of 2)."""
    chapeau = _metric_chapeau(main, text)
    if chapeau is not None:
        return chapeau, "metric-of-chapeau"
    subject_of = _gated_subject_criterion(main, root, text)
    if subject_of is not None:
        return subject_of, "gated-subject-criterion"
    if _after_list_closing_block(last, main):
        return main, "closes-list"  # the run of blocks that closed the list goes on
    holder = _list_holder(last, text) if not _list_resumes_later(last, blocks, i) else None
    anchor, rule = (holder, "closes-list") if holder is not None else (main, "nearest-preceding-item")
    held = _markup_holder(b, last)
    if held is not None and held is not anchor and anchor in held.walk():  # the markup only ever raises it
        return held, "markup-depth"
    return anchor, rule


def _markup_holder(b: Block, last: WNode) -> Optional[WNode]:
    """Where the markup nests the block (Formex, OJ: ``Block.depth``): the nearest labelled node on the current
    branch printed at a smaller depth than the block ("Mandatory financial contributions … are not considered"
    printed as a sibling of 1.3 inside section 1 -> ``1``; a paragraph printed inside 4.1 -> ``4.1``).  None when
    the block sits at depth 0 (flat markup: EUR-Lex XHTML) or the branch carries no depth."""
    if b.depth <= 0 or last.anchored:
        return None
    for n in last.path():
        if n.kind == "root" or n.block is None or n.label is None:
            return None
        if n.depth < b.depth:
            return n
    return None


# a singular demonstrative that points back at the item just printed ("Compliance with this requirement is
# demonstrated …"): the block concerns that member only (spec §7 anchoring order (2), the exception)
_THIS_ITEM = re.compile(r"\bthis\s+(requirement|criterion|condition|point|obligation)\b", re.I)


def _after_list_closing_block(last: WNode, main: WNode) -> bool:
    """``last`` lies inside a paragraph that closed a list and hangs on ``main``: the next block joins that run."""
    n = last
    while n.parent is not None and n.parent.anchored:
        n = n.parent
    return n.anchored and n.parent is main and n.rules.get("criterion_id", ("",))[0] in \
        tuple(f"anchor:{r}" for r in LIST_CLOSING_RULES)


def _list_resumes_later(last: WNode, blocks: list[Block], i: int) -> bool:
    """The list ``last`` belongs to goes on after block ``i`` (``3.4`` printed after the block that follows
    ``3.3`` and its own items): the block sits inside the list, it does not close it.  The scan stops at a label
    that continues a list higher on the branch."""
    if last.label is None:
        return False
    higher = [n.label for n in last.path()[1:] if n.label is not None]
    for b in blocks[i + 1:]:
        lab = parse_label(b.label)
        if lab is None or lab.kind in ("other", "dash"):
            continue
        for reading in (lab, lab.alt):
            if reading is None:
                continue
            if _same_kind(reading, last.label) and reading.ordinal == last.label.ordinal + 1:
                return True
            if any(_same_kind(reading, h) and reading.ordinal == h.ordinal + 1 for h in higher):
                return False
    return False


def _same_kind(a: Label, b: Label) -> bool:
    return a.kind == b.kind and (a.kind != "number" or a.level == b.level)


def _list_holder(last: WNode, text: str) -> Optional[WNode]:
    """A block right after the last item of a list closes the list: it belongs to the item that holds the list,
    not to its last member (spec §7), unless its subject is that member's own and not the holder's.  None when
    the block follows an anchored paragraph (that paragraph's anchor continues) or a top-level criterion."""
    holder = last.parent
    if last.anchored or last.label is None or holder is None or holder.kind == "root":
        return None
    if _THIS_ITEM.search(_first_sentence(text)):  # "Compliance with this requirement …": the member's own
        return None
    m = re.match(r"^(.{0,120}?)\b(is|are|may|shall|must|do|does|has|have)\b", text)
    subject = [w for w in re.findall(r"[a-z0-9]+", (m.group(1) if m else "").lower()) if w not in _STOP]
    if len(subject) >= 2:
        in_holder = sum(w in set(re.findall(r"[a-z0-9]+", holder.text.lower())) for w in subject)
        in_member = sum(w in set(re.findall(r"[a-z0-9]+", last.text.lower())) for w in subject)
        if in_member >= max(2, len(subject) - 1) and in_member > in_holder:
            return None
    return holder


SECTION_WIDE = "section-wide"  # anchor rule (provenance ``anchor:section-wide``) read by the dependencies pass
_SECTION_SCOPE = re.compile(r"^\s*(for the purposes? of|in|within|under) this (section|annex|activity)\b", re.I)
_DEFINITION = re.compile(r"^\s*(an?\s+|the\s+)?[‘'\"“][^’'\"”]{1,80}[’'\"”]\s+(means|refers to|shall mean)\b", re.I)


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



def _anchor_type(text: str, anchor_text: str, ctx: Optional[PassContext]) -> TypeDecision:
    """The ``anchor_type`` verdict as the tree's TypeDecision (a model's answer records the model in its rule)."""
    v = decide(ANCHOR_TYPE, ANCHOR_TYPE.Inputs(text, anchor_text), ctx)
    return TypeDecision(v.value, f"model:{v.model}", float(v.confidence)) if v.model else \
        TypeDecision(v.value, v.rule, v.confidence)


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
