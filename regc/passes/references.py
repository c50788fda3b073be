"""Pass `references` (stage 4): external sources each criterion relies on.

For every node, the citations in its own ``verbatim_text`` (:func:`regc.grammar.citations.find_citations`:
EU acts with pinpoints, anaphors, internal Sections/Appendices, standards, named documents, generic alternatives)
become ``references.sources``; internal criterion references ("point 1(b)") are left to ``dependencies``.
Four decision units, asked through :func:`regc.decisions.decide`:

- ``reference_split`` — which independent sources the text cites (:mod:`regc.decisions.reference_split`);
- ``reference_type`` — ``must_be_fetched`` vs ``citation_only`` (:mod:`regc.decisions.reference_type`);
- ``reference_celex`` — CELEX from the act number in the text, else from a footnote of the same section that
  identifies the document (:mod:`regc.decisions.reference_celex`; never outside knowledge);
- ``reference_logic`` — ``OR`` / ``AND`` / ``null`` across the sources (:mod:`regc.decisions.reference_logic`).

No REFERENCES edges are added to ``unit.edges`` (the graph layer derives them).

>>> from regc.ir.models import Unit, CriterionNode
>>> u = Unit(unit_id="X-1.1/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
...     CriterionNode(criterion_id="P1", verbatim_text="Emissions are calculated using Recommendation 2013/179/EU "
...                   "or, alternatively, using ISO 14067:2018.")]))
>>> r = run(u, None).root.sub_criteria[0].references
>>> r.logic, [(s.text, s.celex_id) for s in r.sources]
('OR', [('Recommendation 2013/179/EU', '32013H0179'), ('ISO 14067:2018', None)])
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from regc.grammar.prefilter import prefilter_namespace
from regc.decisions import REFERENCE_CELEX, REFERENCE_LOGIC, REFERENCE_SPLIT, REFERENCE_TYPE, Verdict
from regc.passes.memo import decide, find_citations
from regc.decisions.reference_celex import _ACT_SCHEME, _content_words, decide_celex, same_document_celex  # noqa: F401
from regc.decisions.reference_celex import bare_footnote_act, bare_footnotes_in_order
from regc.decisions.reference_footnote import ACT_CLASS, REFERENCE_FOOTNOTE, FootnoteInputs
from regc.decisions.reference_logic import decide_logic  # noqa: F401  (re-exported)
from regc.decisions.reference_type import decide_type, in_example_list  # noqa: F401  (decide_type re-exported)
from regc.grammar.citations import ActContext, Citation, act_context
from regc.ir.celex import celex_from_parts, is_valid_celex, lookup_celex
from regc.ir.models import CriterionNode, Diagnostic, ReferenceSource, References, Unit, is_ancillary
from regc.passes.context import PassContext

NAME = "references"


# ---------------------------------------------------------------------------------------------------------------
# split


def decide_split(text: str, cits: list[Citation], ctx=None) -> list[Citation]:
    """Which independent sources the text cites (the ``reference_split`` verdict; the rule answer is the
    grammar's).  Texts a decider returns that do not occur in the node text are refused (no invented sources)."""
    x = REFERENCE_SPLIT.Inputs(text, tuple(c.text for c in cits), min((c.confidence for c in cits), default=1.0))
    d = decide(REFERENCE_SPLIT, x, ctx)
    if not d.model or list(d.value) == [c.text for c in cits] or not isinstance(d.value, (list, tuple)):
        return cits
    by_text = {c.text: c for c in cits}
    out: list[Citation] = []
    for t in d.value:
        if t in by_text:
            out.append(by_text[t])
        elif isinstance(t, str) and t and t in text:
            i = text.index(t)
            out.append(Citation(kind="named_document", text=t, start=i, end=i + len(t), spans=((i, i + len(t)),),
                                rule=f"decider:{d.rule}", confidence=d.confidence))
    return out if out or not d.value else cits


# ---------------------------------------------------------------------------------------------------------------
# the pass


def _unit_footnote_texts(node: CriterionNode, ctx) -> tuple[list[str], list[str]]:
    """Footnote bodies printed in this node's block, then the other bodies marked in the same section."""
    if ctx is None or getattr(ctx, "activity", None) is None:
        return [], []
    bodies, mine = ctx.activity.footnotes, node.provenance.markers
    own = [bodies[m].text for m in mine if m in bodies]
    rest = [bodies[m].text for m in _section_markers(ctx.unit_doc) if m not in mine and m in bodies]
    return own, rest


_SECTION_MARKERS: dict[int, tuple] = {}  # id(unit_doc) -> (unit_doc, its blocks, their count, their markers)


def _section_markers(unit_doc) -> tuple[str, ...]:
    """The distinct footnote markers of a unit's blocks, in order of first sight: once per unit, not per node
    (dropping a node's own markers afterwards keeps the order a filter-then-dedupe gives)."""
    blocks = getattr(unit_doc, "blocks", None) or []
    hit = _SECTION_MARKERS.get(id(unit_doc))
    if hit is None or hit[0] is not unit_doc or hit[1] is not blocks or hit[2] != len(blocks):
        if len(_SECTION_MARKERS) > 4096:
            _SECTION_MARKERS.clear()
        hit = _SECTION_MARKERS[id(unit_doc)] = (unit_doc, blocks, len(blocks),
                                                tuple(dict.fromkeys(m for b in blocks for m in b.markers)))
    return hit[3]


def _bare_footnote_celex(bodies: Sequence[str]) -> Optional[str]:
    """The CELEX of the one own footnote that only names an act ("Implementing Decision (EU) 2018/1147.")."""
    found = {c for c in map(bare_footnote_act, bodies) if c}
    return found.pop() if len(found) == 1 else None


# "complies with the applicable requirements for major renovations" + a footnote naming the act those requirements
# implement: a reference to (national measures under) that act
_REQUIREMENTS_PHRASE = re.compile(r"\b(?:the\s+)?(?:applicable|relevant)\s+(?:national\s+|regional\s+)?(?:requirements|rules)\s+"
                                  r"(?:for|on)\s+[a-z][a-z -]{2,50}?(?=[,;.]|$)")


def _stems(s: str) -> set[str]:
    return {w[:5] for w in _content_words(s) if w not in {"applicable", "requirements", "rules", "national"}}


def _footnoted_requirements(text: str, own_fn: Sequence[str], cits: Sequence[Citation]) -> list[Citation]:
    out = []
    for m in _REQUIREMENTS_PHRASE.finditer(text):
        if any(c.start < m.end() and m.start() < c.end for c in cits):
            continue
        for body in own_fn:
            acts = [c for c in find_citations(body) if c.kind == "eu_act" and c.celex and not c.anaphor]
            if len(acts) == 1 and _stems(m.group(0)) and _stems(m.group(0)) <= _stems(body):
                t = re.sub(r"^the\s+", "", m.group(0))
                s0 = m.end() - len(t)
                out.append(Citation(kind="eu_act", text=t, start=s0, end=m.end(), celex=acts[0].celex,
                                    spans=((s0, m.end()),), rule="footnote-identifies-requirements",
                                    confidence=0.6))
                break
    return out


_PINPOINT = re.compile(r"(?:Articles?|Annex(?:es)?|Points?|Part)\s", re.X)


def _footnote_sources(node: CriterionNode, text: str, own_fn: Sequence[str], cits: Sequence[Citation], ctx
                      ) -> list[ReferenceSource]:
    """Documents identified by a footnote on a phrase of the node (decision ``reference_footnote``, spec §7)."""
    if not own_fn:
        return []
    x = FootnoteInputs(text, tuple(own_fn), cites_act=any(c.kind == "eu_act" and c.celex for c in cits),
                       names_document=any(c.kind == "named_document" and not c.celex for c in cits),
                       names_act_class=bool(ACT_CLASS.search(text)))
    d = decide(REFERENCE_FOOTNOTE, x, ctx, about=node.criterion_id)
    kind = "citation_only" if is_ancillary(node) else _scheme_phrase_type(text, cits, ctx, node)
    return [ReferenceSource(text=t, type=kind, celex_id=celex) for t, celex in d.value if is_valid_celex(celex)]


# a footnote that says the node's requirement follows a scheme's criterion ("In line with the EU Ecolabel for tourist
# accommodation services Criterion 26a: …")
_SCHEME_CUE = re.compile(r"^\s*(?:in\s+line\s+with|in\s+accordance\s+with|according\s+to|as\s+required\s+by)\s+", re.I)


def _footnote_schemes(own_fn: Sequence[str], section_fn: Sequence[str], ancillary: bool) -> list[ReferenceSource]:
    """Schemes an EU act establishes (lexicon ``ACT_SCHEMES``) that a footnote of the node says its requirement
    follows (spec §7 References: an EU Ecolabel criteria decision is a source), with the CELEX a footnote of the
    section gives that scheme (decision ``reference_celex``)."""
    out = []
    for body in own_fn:
        cue = _SCHEME_CUE.match(body)
        cits = find_citations(body) if cue else []
        first = cits[0] if cits else None
        if first is None or body[cue.end():first.start].strip().lower() not in ("", "the") \
                or not _ACT_SCHEME.match(first.text):
            continue
        cx = decide_celex(first, list(own_fn), list(section_fn))
        if cx.value and is_valid_celex(cx.value):
            out.append(ReferenceSource(text=first.text, type="citation_only" if ancillary else "must_be_fetched",
                                       celex_id=cx.value))
    return out


def _scheme_phrase_type(text: str, cits: Sequence[Citation], ctx, node: CriterionNode) -> str:
    """The type of a footnote-identified act, read at the phrase its footnote sits on when the node names exactly
    one scheme an EU act establishes and no citation covers it ("… such as the EU Eco-Management and Audit Scheme
    (EMAS) (n)", n "In accordance with Regulation (EC) No 1221/2009" -> an example, citation_only); else
    must_be_fetched."""
    spans: list[re.Match] = []
    for m in _ACT_SCHEME.finditer(text):
        if any(c.start <= m.start() < c.end for c in cits):
            continue
        if spans and re.fullmatch(r"\s*\(", text[spans[-1].end():m.start()]):
            continue  # the acronym the scheme's name is given: "… Audit Scheme (EMAS)"
        spans.append(m)
    if len(spans) != 1:
        return "must_be_fetched"
    m = spans[0]
    at = Citation(kind="named_document", text=m.group(0), start=m.start(), end=m.end(), spans=((m.start(), m.end()),),
                  rule="footnote-phrase", confidence=0.6)
    t = decide(REFERENCE_TYPE, REFERENCE_TYPE.Inputs(text, at, False), ctx, about=node.criterion_id)
    return t.value if t.value in ("must_be_fetched", "citation_only") else "must_be_fetched"


def references_for(node: CriterionNode, context: ActContext, own_fn: Sequence[str] = (),
                   section_fn: Sequence[str] = (), ctx=None
                   ) -> tuple[Optional[References], list[Citation], float, list[str]]:
    """The references of one node (decisions ``reference_type``, ``reference_celex``, ``reference_logic`` through
    :func:`regc.decisions.decide`); a CELEX a decider proposes is only kept when well-formed."""
    text = node.verbatim_text
    cits = decide_split(text, find_citations(text, context), ctx)
    extra = _footnoted_requirements(text, own_fn, cits)
    if extra:
        cits = sorted(list(cits) + extra, key=lambda c: c.start)
    fx = _footnote_sources(node, text, own_fn, cits, ctx)
    fx += [s for s in _footnote_schemes(own_fn, section_fn, is_ancillary(node)) if s.celex_id not in
           {f.celex_id for f in fx}]
    if not cits and not fx:
        return None, [], 1.0, []
    sources = []
    confs = []
    models: set[str] = set()
    bare = _bare_footnote_celex(own_fn)
    # a footnote of the node that is nothing but an act number identifies the node's one named document
    # ("… BAT conclusions for waste treatment (279)" with note 279 "Implementing Decision (EU) 2018/1147.")
    named = [c for c in cits if c.kind == "named_document" and not c.celex and _content_words(c.text)]
    # several named documents, each with its own footnote that is nothing but an act: paired in print order
    paired = dict(zip((id(c) for c in named), bare_footnotes_in_order([c.text for c in named], own_fn)))
    for c in cits:
        tx = REFERENCE_TYPE.Inputs(text, c, is_ancillary(node))
        t = decide(REFERENCE_TYPE, tx, ctx, about=node.criterion_id)
        if t.value not in ("must_be_fetched", "citation_only"):
            t = decide(REFERENCE_TYPE, tx, None)
        cxx = REFERENCE_CELEX.Inputs(c, tuple(own_fn), tuple(section_fn))
        cx = decide(REFERENCE_CELEX, cxx, ctx, about=node.criterion_id)
        if cx.value is not None and not is_valid_celex(cx.value):
            cx = decide(REFERENCE_CELEX, cxx, None)
        if cx.value is None and bare and len(named) == 1 and c is named[0] and not any(
                x.kind == "eu_act" and x.celex == bare for x in cits):
            cx = Verdict(value=bare, rule="bare-footnote-act", confidence=0.6)
        elif cx.value is None and paired.get(id(c)) and not any(x.kind == "eu_act" and x.celex == paired[id(c)]
                                                                for x in cits):
            cx = Verdict(value=paired[id(c)], rule="bare-footnotes-in-order", confidence=0.55)
        sources.append(ReferenceSource(text=c.text, type=t.value, celex_id=cx.value))
        confs.append(min(c.confidence, t.confidence, cx.confidence))
        models.update(d.model for d in (t, cx) if d.model)
    have = {s.celex_id for s in sources if s.celex_id}  # a footnote pinpoint ("Article 4 of …") is a source of its own
    sources += [s for s in fx if s.celex_id not in have or (_PINPOINT.match(s.text) and s.text not in text)]
    lx = REFERENCE_LOGIC.Inputs(text, tuple(cits))
    logic = decide(REFERENCE_LOGIC, lx, ctx, about=node.criterion_id)
    if logic.value not in (None, "AND", "OR"):
        logic = decide(REFERENCE_LOGIC, lx, None)
    if logic.model:
        models.add(logic.model)
    return References(logic=logic.value, sources=sources), cits, min(confs + [logic.confidence]), sorted(models)


def run(unit: Unit, ctx: Optional[PassContext]) -> Unit:
    """Set ``references`` on every node from its own text (pre-order, so anaphors can fall back on acts named in
    preceding nodes of the same unit)."""
    context = ActContext()
    missed = {d.criterion_id for d in (getattr(ctx, "guidance", None) or []) if d.code == "REF_MISSED_CITATION"}
    identified: dict = {}  # distinctive words of a named document resolved in this unit -> its CELEX
    for node in unit.root.walk():
        if not node.verbatim_text:
            continue
        own, rest = _unit_footnote_texts(node, ctx)
        refs, cits, conf, models = references_for(node, context, own, rest, ctx)
        rule = "citations+decisions" if refs else "no-citation"
        refs = _same_document(refs, identified)
        if node.criterion_id in missed:  # ODR repair: take what the loose patterns see and the grammar did not
            refs, added = _repair_missed(node.verbatim_text, refs)
            if added:
                rule, conf = rule + "+repair:loose-patterns", min(conf, 0.5)
        node.set_field("references", refs, pass_name=NAME, rule=rule, model=",".join(models) or None,
                       confidence=round(conf, 2))
        context.acts.extend(act_context(cits))
    return unit


def _same_document(refs: Optional[References], identified: dict) -> Optional[References]:
    """Give a named document without a CELEX the one an earlier node resolved for it (``same_document_celex``);
    record the documents this node resolved."""
    if refs is None:
        return None
    sources = []
    for s in refs.sources:
        if s.celex_id is None:
            celex = same_document_celex(s.text, identified)
            s = s.model_copy(update={"celex_id": celex}) if celex else s
        elif len(_content_words(s.text)) >= 3 and not re.search(r"\d+/\d+", s.text):  # a document named, not numbered
            identified.setdefault(frozenset(_content_words(s.text)), s.celex_id)
        sources.append(s)
    return refs.model_copy(update={"sources": sources})


def _repair_missed(text: str, refs: Optional[References]) -> tuple[Optional[References], int]:
    """Second strategy (ODR repair of a Completeness issue): every loose act/standard match not yet covered becomes
    a source (CELEX built from its number when it validates)."""
    sources = list(refs.sources) if refs else []
    covered = " ".join(s.text for s in sources)
    added = 0
    for pat in (_LOOSE_ACT, _LOOSE_STD):
        for m in pat.finditer(text):
            num = re.search(r"\d[\d/]*$", m.group(0)).group(0)
            if num in covered:
                continue
            celex = None
            if pat is _LOOSE_ACT:
                act_type = re.match(r"\w+", m.group(0)).group(0)
                celex = celex_from_parts(act_type, num, series=(re.search(r"\((\w+)", m.group(0)) or [None, None])[1],
                                         has_no=bool(re.search(r"\bNo\b", m.group(0)))).celex
            sources.append(ReferenceSource(text=m.group(0), type="must_be_fetched", celex_id=celex))
            covered += " " + m.group(0)
            added += 1
    if not sources:
        return refs, 0
    return References(logic=refs.logic if refs else None, sources=sources), added


# ---------------------------------------------------------------------------------------------------------------
# verify

_LOOSE_ACT = re.compile(r"\b(?:Regulation|Directive|Decision|Recommendation)s?\s+(?:\([A-Za-z, ]+\)\s+)?(?:No\.?\s+)?"
                        r"\d{1,4}/\d{1,4}")
_LOOSE_STD = re.compile(r"\b(?:ISO|EN|IEC)\s?\d{3,}")


def _section_written(num: str, text: str) -> bool:
    """Section ``num`` is written in ``text``, or lies inside a written range ("Sections 3.7 to 3.9")."""
    if num in text:
        return True
    chapter, n = num.split(".")
    return any(a[0] == b[0] == chapter and int(a[1]) < int(n) < int(b[1])
               for a, b in ((x.split("."), y.split(".")) for x, y in re.findall(r"(\d+\.\d+)\s+to\s+(\d+\.\d+)", text)))


def _occurs(src: str, text: str) -> bool:
    if src in text:
        return True
    # synthesised split sources: "Article 25(2) of Directive X" from "Article 25(2) of and Annex V to Directive X",
    # "Section 5.12 of this Annex" from "Sections 5.11 and 5.12 of this Annex"
    # (and "Article 10(2) of Regulation X" from "Article 10(2) and Article 17 of Regulation X": the pinpoint and the
    # act each occur, the preposition may belong to the other pinpoint; an article of a list written under one
    # "Article": "Article 8b(1), point (a), of Directive X" from "Article 6(b), 8b(1), point (a), and …")
    m = re.match(r"^(.*?)\s+(?:of|to)\s+((?:Commission |Council )?(?:[A-Z]\w+ )*(?:Regulation|Directive|Decision|"
                 r"Recommendation).*|this Annex.*)$", src)
    if m and (m.group(1) in text or re.sub(r"^Article\s+", ", ", m.group(1)) in text) and m.group(2) in text:
        return True
    s = re.match(r"^Section (\d+\.\d+)(.*)$", src)
    if s and _section_written(s.group(1), text) and (not s.group(2) or s.group(2).strip() in text):
        return True
    a = re.match(r"^((?:Regulation|Directive|Decision|Recommendation)) (.*)$", src)
    return bool(a and a.group(2) in text)


def _inconsistent_documents(node: CriterionNode, srcs: Sequence[ReferenceSource], identified: dict
                            ) -> list[Diagnostic]:
    """A named document left without the CELEX an earlier node of the unit resolved for it (§7 RF2)."""
    before = {s.text: s.celex_id for s in srcs}
    fixed = _same_document(References(sources=list(srcs)), identified) if srcs else None
    return [Diagnostic(severity="warning", code="REF_CELEX_INCONSISTENT", kind="Semantic",
                       criterion_id=node.criterion_id,
                       message=f"{s.text!r} is the document an earlier node identified as {s.celex_id}")
            for s in (fixed.sources if fixed else []) if s.celex_id and before.get(s.text) is None]


def _fetched_examples(node: CriterionNode, srcs) -> list[Diagnostic]:
    """A named source inside a list of examples typed must_be_fetched (decision ``reference_type``, rule
    example-list: every member of "for example A, as well as B, and C" is an example)."""
    out = []
    generic = {c.text for c in find_citations(node.verbatim_text) if c.kind == "generic"} if srcs else set()
    for s in srcs:
        at = node.verbatim_text.find(s.text)
        if s.type == "must_be_fetched" and at > 0 and s.text not in generic and in_example_list(node.verbatim_text, at):
            out.append(Diagnostic(severity="warning", code="REF_EXAMPLE_FETCHED", kind="Semantic",
                                  criterion_id=node.criterion_id,
                                  message=f"{s.text!r} is a member of a list of examples, typed must_be_fetched"))
    return out


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Observe: every source text occurs in its node's text; every CELEX is well-formed (and not unknown to an
    installed registry); a named document keeps the CELEX an earlier node gave it; no citation pattern in the text was left unextracted (Completeness)."""
    out: list[Diagnostic] = []
    identified: dict = {}
    for node in unit.root.walk():
        text = node.verbatim_text
        srcs = node.references.sources if node.references else []
        own_fn = " ".join(_unit_footnote_texts(node, ctx)[0]) if srcs else ""
        for s in srcs:
            if not _occurs(s.text, text) and not (s.celex_id and s.text in own_fn):
                out.append(Diagnostic(severity="error", code="REF_TEXT_NOT_IN_NODE", kind="Semantic",
                                      criterion_id=node.criterion_id,
                                      message=f"reference {s.text!r} does not occur in the text of {node.criterion_id}"))
            if s.celex_id is None and _LOOSE_ACT.search(s.text):
                out.append(Diagnostic(severity="warning", code="REF_CELEX_UNPARSED", kind="Semantic",
                                      criterion_id=node.criterion_id,
                                      message=f"act number in {s.text!r} gives no valid CELEX"))
            if s.celex_id is not None:
                if not is_valid_celex(s.celex_id):
                    out.append(Diagnostic(severity="error", code="REF_CELEX_INVALID", kind="Structural",
                                          criterion_id=node.criterion_id, message=f"malformed CELEX {s.celex_id!r}"))
                elif lookup_celex(s.celex_id) is False:
                    out.append(Diagnostic(severity="warning", code="REF_CELEX_UNKNOWN", kind="Semantic",
                                          criterion_id=node.criterion_id,
                                          message=f"CELEX {s.celex_id} not found in the registry"))
        out += _inconsistent_documents(node, srcs, identified)
        out += _unused_bare_footnotes(node, srcs, _unit_footnote_texts(node, ctx)[0] if srcs else [])
        out += _fetched_examples(node, srcs)
        covered = " ".join(s.text for s in srcs)
        for pat in (_LOOSE_ACT, _LOOSE_STD):
            for m in pat.finditer(text):
                num = re.search(r"\d[\d/]*$", m.group(0)).group(0)
                if num not in covered:
                    out.append(Diagnostic(severity="warning", code="REF_MISSED_CITATION", kind="Completeness",
                                          criterion_id=node.criterion_id,
                                          message=f"citation {m.group(0)!r} in {node.criterion_id} was not extracted"))
    return out + _missed_internal_criteria(unit) + _truncated_spans(unit) + _collapsed_sections(unit) + \
        _collapsed_articles(unit) + _publication_fetched(unit)


def _unused_bare_footnotes(node: CriterionNode, srcs: Sequence[ReferenceSource], own_fn: Sequence[str]
                           ) -> list[Diagnostic]:
    """Verify learns footnote identification (§6/§7 RF2): a footnote of the node that is nothing but an act
    ("Implementing Decision (EU) 2016/902.") whose CELEX no source carries while a source of the node has none (two
    BAT conclusions, two such notes, the CELEX given to neither) (Completeness)."""
    have = {s.celex_id for s in srcs}
    if None not in have:
        return []
    return [Diagnostic(severity="warning", code="REF_FOOTNOTE_ACT_UNUSED", kind="Completeness",
                       criterion_id=node.criterion_id,
                       message=f"footnote act {celex} identifies a document of the node; no source carries it")
            for celex in dict.fromkeys(map(bare_footnote_act, own_fn)) if celex and celex not in have]


# other activities' criteria named by their part ("the respective criteria for substantial contribution to …"): a
# qualifier or "technical screening" in front, the part after "for" (spec §7 RF1 generic internal references)
_LOOSE_INTERNAL_CRITERIA = re.compile(r"""
    \b(?:respective|relevant|screening)\s+criteria\s+for\s+(?:substantial\s+contribution|(?:doing|do)\s+no\s+significant|DNSH\b)
""", re.X | re.I)


def _missed_internal_criteria(unit: Unit) -> list[Diagnostic]:
    """Verify learns RF1 for internal criteria: a node naming other activities' criteria by their part with no source
    that covers the phrase (Completeness)."""
    out = []
    for node in unit.root.walk():
        covered = " ".join(s.text for s in (node.references.sources if node.references else []))
        for m in _LOOSE_INTERNAL_CRITERIA.finditer(node.verbatim_text):
            if m.group(0).split(None, 1)[1] not in covered:
                out.append(Diagnostic(severity="warning", code="REF_MISSED_INTERNAL_CRITERIA", kind="Completeness",
                                      criterion_id=node.criterion_id,
                                      message=f"{m.group(0)!r}: other activities' criteria named but not a source"))
    return out


def _truncated_spans(unit: Unit) -> list[Diagnostic]:
    """Verify learns RF3 (whole noun phrases): a source whose text occurs in its node only inside a longer phrase
    reference the citation grammar finds there, that phrase not being a source ("national law" cut from "the terms and
    conditions laid down in national law", "IPCC Guidelines …" cut from "the 2019 Refinement to the 2006 IPCC
    Guidelines …") is a truncated span (Semantic)."""
    out = []
    for node in unit.root.walk():
        srcs = node.references.sources if node.references else []
        if not srcs:
            continue
        text, have = node.verbatim_text, {s.text for s in srcs}
        longer = [c for c in find_citations(text) if c.kind != "eu_act" and c.text not in have]
        if not longer:
            continue  # no phrase reference to be cut from (and no regex compiled per source text)
        for s in srcs:
            spots = [m.start() for m in re.finditer(re.escape(s.text), text)]
            wrap = [next((c for c in longer if c.start <= at and at + len(s.text) <= c.end and len(c.text) > len(s.text)),
                         None) for at in spots]
            if spots and all(wrap):
                out.append(Diagnostic(severity="warning", code="REF_SPAN_TRUNCATED", kind="Semantic",
                                      criterion_id=node.criterion_id,
                                      message=f"{s.text!r} is cut from the reference {wrap[0].text!r}"))
    return out


# a coordination or range of Sections ("Sections 3.10 to 3.16 of Annex II to …", "Sections 5.11 and 5.12"); an
# alternative ("Sections 3.1 or 3.2") is one source and not listed here
_LOOSE_SECTION_LIST = re.compile(r"""
    \b[Ss]ections\s+(?P<locs>\d+\.\d+\.?(?:(?:\s*,\s*|\s+and\s+|\s+to\s+)(?:[Ss]ections?\s+)?\d+\.\d+\.?)+)
""", re.X)


def _listed_sections(locs: str) -> list[str]:
    """The Sections of a written coordination, ranges expanded ("3.10 to 3.12" -> 3.10, 3.11, 3.12)."""
    out: list[str] = []
    for m in re.finditer(r"(\d+\.\d+)(?:\.?\s+to\s+(?:[Ss]ections?\s+)?(\d+\.\d+))?", locs):
        a, b = m.group(1), m.group(2)
        (ca, na), (cb, nb) = a.split("."), (b or a).split(".")
        same = ca == cb and int(na) <= int(nb) <= int(na) + 20
        out += [f"{ca}.{n}" for n in range(int(na), int(nb) + 1)] if same else [a] + ([b] if b else [])
    return out


def _collapsed_sections(unit: Unit) -> list[Diagnostic]:
    """Verify learns RF4 (spec §7: a range or coordination of Sections, of this Annex or of another act's Annex, is one
    source per Section): a Section of such a list that no source names ("Sections 3.10 to 3.16 of Annex II to
    Delegated Regulation (EU) 2021/2139" kept as the one source "Annex II to …") (Completeness)."""
    out = []
    for node in unit.root.walk():
        srcs = node.references.sources if node.references else []
        for m in _LOOSE_SECTION_LIST.finditer(node.verbatim_text):
            lost = [n for n in _listed_sections(m.group("locs")) if not any(
                "Section" in s.text and re.search(rf"(?<![\d.]){re.escape(n)}(?!\d)", s.text) for s in srcs)]
            if lost:
                out.append(Diagnostic(severity="warning", code="REF_SECTIONS_COLLAPSED", kind="Completeness",
                                      criterion_id=node.criterion_id,
                                      message=f"{m.group(0)!r}: Section(s) {', '.join(lost)} not a source of their own"))
    return out


# a written list of Articles of one act ("Article 6(b), Article 8b(1), point (a), and Article 8c(a) of Directive …"),
# each Article with its own pinpoint: one source per Article (spec §2 "Sections 5.11 and 5.12" is TWO)
_LOC = r"\d+[a-z]?(?:\(\d+[a-z]?\))*(?:\([a-z]{1,3}\))*"
_ART = rf"Article\s+{_LOC}(?:\s*,\s*{_LOC})*(?:,\s+(?:point|paragraph)\s+\(?[\da-z]{{1,4}}\)?)?"
_LOOSE_ARTICLE_LIST = re.compile(rf"""
    \b{_ART}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_ART})+,?\s+of\s+
  | \b{_ART}\s+(?:of\s+)?and\s+(?:in\s+)?Annex(?:es)?\s+[IVX]+(?:,\s+[A-Z][a-z]+\s+[A-Z0-9]+,)?\s+(?:of|to)\s+
  | \b{_ART}\s+and\s+(?:[a-z]+ed\s+)?(?:in\s+accordance\s+with|pursuant\s+to|under|in|by)\s+{_ART},?\s+of\s+
""", re.X)  # also an Article coordinated with an Annex ("Article 12 and in Annex III, Part B, of") or, by a participle,
# with another Article ("Article 57 and identified in accordance with Article 59(1) of") of the same act


def _collapsed_articles(unit: Unit) -> list[Diagnostic]:
    """Verify learns the list of Articles (spec §2, one source per Article of a written list): an Article of such a
    list that no source names ("Article 6(b), Article 8b(1), point (a), and Article 8c(a) of Directive 2009/71/Euratom"
    kept as the one source "Article 8c(a) of …") (Completeness)."""
    out = []
    for node in unit.root.walk():
        srcs = node.references.sources if node.references else []
        for m in _LOOSE_ARTICLE_LIST.finditer(node.verbatim_text):
            listed = re.findall(r"(?:Article\s+|,\s*)(\d+[a-z]?)(?![\da-z])", m.group(0))
            lost = [n for n in listed if not any(re.search(rf"\bArticle\s+{n}(?![\da-z])", s.text) for s in srcs)]
            if lost:
                out.append(Diagnostic(severity="warning", code="REF_ARTICLES_COLLAPSED", kind="Completeness",
                                      criterion_id=node.criterion_id,
                                      message=f"{m.group(0).strip()!r}: Article(s) {', '.join(lost)} not a source "
                                              f"of their own"))
    return out


def _publication_fetched(unit: Unit) -> list[Diagnostic]:
    """Verify learns RF6 (spec §7: where a document is published, or the act under which a body publishes it, is
    context): a source typed must_be_fetched that the ``reference_type`` rule reads as publication context
    ("… which are published by the Commission in accordance with Article 6 … of Directive (EU) 2015/2193") (Semantic)."""
    out = []
    for node in unit.root.walk():
        srcs = [s for s in (node.references.sources if node.references else []) if s.type == "must_be_fetched"]
        if not srcs:
            continue
        cits = {c.text: c for c in find_citations(node.verbatim_text)}
        for s in srcs:
            c = cits.get(s.text)
            if c is not None and decide_type(node.verbatim_text, c, node).rule == "publication-context":
                out.append(Diagnostic(severity="warning", code="REF_PUBLICATION_FETCHED", kind="Semantic",
                                      criterion_id=node.criterion_id,
                                      message=f"{s.text!r} is where or under which a document is published, typed "
                                              f"must_be_fetched"))
    return out


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
