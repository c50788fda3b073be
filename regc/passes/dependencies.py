"""Pass `dependencies` (stage 5) — conditional dependencies, threshold inheritance and cross-reference corrections.

Spec §4 and §6 "Dependencies and edges"; paper §3.3 stage 5 and D.7–D.10.

- **Pathway anchors**: an anchored node (``<id>.<Type>``) whose anchor is, or lies inside, an alternative of an
  OR/N_OF_K node gets ``dependencies`` (Affirmation, min 1) and one ``DEPENDS_ON`` edge to that alternative.
- **Negated alternatives**: an OR alternative that applies only where a sibling is not met ("where the plant risks
  to deteriorate …" next to "the plant does not entail any deterioration …", or "where point (a) is not
  possible") gets a Negation clause and a ``DEPENDS_ON`` edge to the sibling.
- **Explicit gates**: "where the activity complies via point X" -> Affirmation on X.
- **Threshold inheritance**: "the level/threshold … referred to in point X", "credible trajectory to comply with
  point X" -> ``INHERITS_THRESHOLD`` and X's items copied (only the period-matching ones when a period is named),
  with provenance ``inherited-from:X``.
- **Cross-reference corrections**: a cited point that does not exist, or that carries no threshold where one is
  inherited, is mapped to the id meant (positional roman->letter mapping, topic overlap, threshold type) and
  recorded as ``CORRECTS`` (``from`` = id as written, ``to`` = id meant).

Reads and fills ``ctx.memory``: ``thresholds`` (``"<unit>#<id>"``), ``ids`` (unit -> ids) and, under
``memory.activity["xref_corrections"]``, the corrections made (``"<unit>#<as written>" -> meant``).

Resolving cited points, threshold inheritance and corrections are :mod:`regc.passes.dependency_points`.

>>> resolve_point("(b)(i)", "1(b).Verification(a)", {"1", "1(b)", "1(b)(i)", "1(b).Verification", "1(b).Verification(a)"})
'1(b)(i)'
>>> resolve_point("(a)", "1(e)", {"1", "1(a)", "1(e)", "1(e)(a)"})
'1(a)'
"""

from __future__ import annotations

import dataclasses
import re
from typing import Optional

from regc.grammar.prefilter import prefilter_namespace
from regc.ir.digraph import has_cycle
from regc.ir.models import (Clause, CriterionNode, Dependencies, Diagnostic, Edge, QuantitativeThreshold,
                            TemporalThreshold, Threshold, Unit)
from regc.decisions import EXEMPTION, INHERITANCE, NEGATED_SIBLING, PATHWAY_DEPENDENCY, RELIED_ON, XREF_CORRECTION
from regc.decisions.point_citations import citation_lists
from regc.decisions.exemption import PREVIOUS, ExemptionInputs, required_content
from regc.decisions.relied_on import ReliedOnInputs
from regc.decisions.xref_correction import wrong_citation
from regc.decisions.base import Verdict as Decision
from regc.decisions.negated_sibling import EXPLICIT_RULES, SiblingInputs, negated_sibling_rule
from regc.decisions.pathway_dependency import PathInputs, alternative_on_path, path_of
from regc.decisions.point_citations import GATE as _GATE
from regc.decisions.point_citations import NOT_MET as _NOT_MET
from regc.decisions.point_citations import Citation, find_citations  # noqa: F401  (re-exported)
from regc.decisions.relations import RelationInputs
from regc.passes.memo import decide
from regc.passes.classify import ANCHORED_ID, anchored_type
from regc.passes.dependency_points import (_ancestors, _has_threshold, find_inheritance, map_into_pathway,
                                          merge_threshold, propose_correction, resolve_point, select_items)
from regc.passes.context import PassContext
from regc.grammar.spaces import collapse

NAME = "dependencies"



# ---------------------------------------------------------------------------------------------------------------
# negated alternatives and explicit gates

_AFFIRM_GATE = re.compile(r"\b(?:complies|comply|meets|meet|uses|use|follows|chooses|opts\s+for)\s+(?:via\s+|with\s+)?"
                          r"(?:the\s+)?(?:pathway\s+|option\s+|route\s+)?(?:in\s+)?$", re.IGNORECASE)


def negated_sibling(node: CriterionNode, siblings: list[CriterionNode]) -> Decision[Optional[str]]:
    """The sibling whose failure is this alternative's condition (Negation), if any (the ``negated_sibling``
    unit's rule on the node's text and its earlier siblings).

    >>> a = CriterionNode(criterion_id="3.2(a)", verbatim_text="the plant does not entail any deterioration of the specific water body;")
    >>> b = CriterionNode(criterion_id="3.2(b)", verbatim_text="where the plant risks to deteriorate the specific water body, such deterioration is justified.")
    >>> negated_sibling(b, [a, b]).value
    '3.2(a)'
    """
    return negated_sibling_rule(node.verbatim_text, _earlier(node, siblings))


def _earlier(node: CriterionNode, siblings: list[CriterionNode]) -> tuple[tuple[str, str], ...]:
    idx = next((i for i, sib in enumerate(siblings) if sib is node), len(siblings))
    return tuple((sib.criterion_id, sib.verbatim_text) for sib in siblings[:idx])


# ---------------------------------------------------------------------------------------------------------------
# the pass


def _index(unit: Unit) -> tuple[dict[str, CriterionNode], dict[str, Optional[str]]]:
    nodes, parents = {}, {}
    for n, p in unit.root.walk_with_parent():
        nodes[n.criterion_id] = n
        parents[n.criterion_id] = p.criterion_id if p is not None else None
    return nodes, parents


def section_wide(node: CriterionNode) -> bool:
    """An anchored paragraph the structure pass found to apply to the whole section (definitions "For the purposes
    of this Section …", exclusions; provenance rule ``anchor:section-wide``): it does not apply "only if" the
    criterion it sits in is chosen, so it gets no pathway dependency (CCM-4.9 SC ``2.BackgroundInformation``)."""
    origin = node.provenance.fields.get("criterion_id")
    return origin is not None and origin.rule == "anchor:section-wide"


def pathway_alternative(cid: str, nodes: dict[str, CriterionNode], parents: dict[str, Optional[str]]) -> Optional[str]:
    """For an anchored node: the child of the nearest OR/N_OF_K ancestor on its path (None if there is none, or
    when the node is a section-wide paragraph, see :func:`section_wide`)."""
    return alternative_on_path(path_of(cid, nodes, parents), cid in nodes and section_wide(nodes[cid]))



def _short(text: str, n: int = 70) -> str:
    t = collapse(text)
    return t if len(t) <= n else t[:n].rsplit(" ", 1)[0] + " …"


def _add_edge(unit: Unit, etype: str, frm: str, to: str, note: str) -> None:
    for e in unit.edges:
        if (e.type, e.from_, e.to) == (etype, frm, to):
            return
    unit.edges.append(Edge(type=etype, from_=frm, to=to, note=note))


def _set_dependency(node: CriterionNode, clause_id: str, status: str, summary: str, d: Decision) -> None:
    deps = node.dependencies
    clauses = list(deps.clauses) if deps else []
    if any(c.criterion_id == clause_id for c in clauses):
        return
    clauses.append(Clause(criterion_id=clause_id, status=status))
    text = summary if not deps else f"{deps.condition_summary} {summary}"
    node.set_field("dependencies", Dependencies(condition_summary=text, min_conditions_to_meet=len(clauses),
                                                clauses=clauses),
                   pass_name=NAME, rule=d.rule, confidence=d.confidence, model=d.model)


def _relation(decision, d: Decision, text: str, known, ctx, about: str, cited: str = "") -> Decision:
    """The verdict of a relation decision whose rule answer ``d`` the tree analysis proposed (the model is shown
    the cited id, or else the rule's candidate)."""
    x = RelationInputs(text, tuple(known), cited=cited or d.value or "", candidate=d.value, confidence=d.confidence,
                       why=d.rule)
    return decide(decision, x, ctx, about=about)


class _UnitLinks:
    """One unit's nodes, parent map and cross-reference corrections, shared by the named steps of :func:`run`."""

    def __init__(self, unit: Unit, ctx: Optional[PassContext]) -> None:
        self.unit, self.ctx = unit, ctx
        self.nodes, self.parents = _index(unit)
        self.ids = set(self.nodes)
        self.memory = getattr(ctx, "memory", None)
        self.corrections: dict[str, str] = {}
        if self.memory is not None:
            self.corrections = self.memory.activity.setdefault("xref_corrections", {})

    def pathway_of(self, cid: str) -> Optional[str]:
        """The OR alternative an anchored node (or an item of one) belongs to."""
        for a in [cid] + _ancestors(cid, self.parents):
            if a != "ROOT" and anchored_type(self.nodes[a]):
                return pathway_alternative(a, self.nodes, self.parents)
        return None

    def record(self, written: str, meant: str, citing: str, why: str) -> str:
        """Record a CORRECTS edge (and remember it for the activity): ``written`` cited in ``citing`` meant ``meant``."""
        _add_edge(self.unit, "CORRECTS", written, meant,
                  f"'point {written}' cited in {citing} {why}; meant {meant} "
                  f"({_short(self.nodes[meant].verbatim_text, 50)})")
        self.corrections[f"{self.unit.unit_id}#{written}"] = meant
        return meant

    def corrected(self, written: str, citing: str, context: str, wants_threshold: bool) -> Optional[str]:
        """The point meant by ``written`` cited in ``citing``: resolved, mapped into the citing pathway, or corrected."""
        nodes, parents, ids = self.nodes, self.parents, self.ids
        rid = resolve_point(written, citing, ids, parents)
        key = f"{self.unit.unit_id}#{written}"
        alt = self.pathway_of(citing)
        if rid is not None and not (wants_threshold and not _has_threshold(nodes[rid])):
            mapped = map_into_pathway(rid, alt, nodes, parents) if alt else None
            if mapped and mapped != rid and not (wants_threshold and not _has_threshold(nodes[mapped])):
                if not wrong_citation(rid, mapped, _ancestors(mapped, parents)):
                    return mapped  # the cited point contains the one meant: a correct citation (§7, ED3)
                why = (f"is the OR chapeau around {citing}'s pathway {alt}" if rid == parents.get(alt) else
                       f"lies in another alternative than {citing}'s pathway {alt}")
                return self.record(written, mapped, citing, why)
            return rid
        if key in self.corrections and self.corrections[key] in ids:
            meant = self.corrections[key]
        else:
            d = propose_correction(written, context, citing, nodes, parents, wants_threshold=wants_threshold,
                                   prefer_under=alt)
            d = _relation(XREF_CORRECTION, d, context, sorted(ids - {citing}), self.ctx, citing, cited=written)
            if d.value is None:
                return rid
            meant = d.value
        if meant == rid:
            return rid
        return self.record(written, meant, citing, "does not exist" if rid is None else "carries no threshold to inherit")


def run(unit: Unit, ctx: Optional[PassContext]) -> Unit:
    """Dependencies of every node: pathway anchors, negated siblings, explicit gates, inherited thresholds,
    corrected point citations, exemptions and relied-on points (re-run safe: this pass's edges are rebuilt)."""
    links = _UnitLinks(unit, ctx)
    nodes = links.nodes
    skip = {g.criterion_id for g in (getattr(ctx, "guidance", None) or [])
            if getattr(ctx, "attempt", 0) and g.code in ("DANGLING_DEPENDENCY", "DEPENDENCY_CYCLE")}
    # drop what this pass owns (re-run safe); keep structure's GROUP_MEMBER and others' edges
    unit.edges = [e for e in unit.edges if e.type not in ("DEPENDS_ON", "INHERITS_THRESHOLD", "CORRECTS")]
    for n in nodes.values():
        if n.dependencies is not None:
            n.set_field("dependencies", None, pass_name=NAME, rule="reset")
    for cid, node in nodes.items():
        if cid == "ROOT" or cid in skip:
            continue
        _anchored_dependency(links, cid, node)
        _negated_sibling_dependency(links, cid, node)
        _explicit_gates(links, cid, node)
        _inherited_thresholds(links, cid, node)
    _pathway_citations(links, skip)
    # 6. exemptions ("Points 1 and 2 do not apply to <class>") and relied-on points ("to meet the requirements
    #    specified in points 5 and 6"), spec §7
    _point_relations(unit, nodes, links.parents, ctx, skip)
    _remember(links)
    return unit


def _anchored_dependency(links: _UnitLinks, cid: str, node: CriterionNode) -> None:
    """1. An anchored node of an OR alternative depends on that alternative (paper D.10)."""
    if not anchored_type(node):
        return
    nodes, parents, unit = links.nodes, links.parents, links.unit
    x = PathInputs(node.verbatim_text, tuple(sorted(links.ids - {cid, "ROOT"})), path=path_of(cid, nodes, parents),
                   section_wide=section_wide(node))
    alt = alternative_on_path(x.path, x.section_wide)
    if alt is None:
        _cited_alternatives(links, cid, node)
    if alt is not None:
        d = decide(PATHWAY_DEPENDENCY, dataclasses.replace(x, cited=alt), links.ctx, about=cid)
        if d.value:
            alt_text = _short(nodes[d.value].verbatim_text, 60)
            _set_dependency(node, d.value, "Affirmation",
                            f"Applies only where the activity complies via point {d.value} ({alt_text}).", d)
            _add_edge(unit, "DEPENDS_ON", cid, d.value,
                      f"Anchored paragraph of the alternative {d.value}; applies only when that pathway is used.")


def _cited_alternatives(links: _UnitLinks, cid: str, node: CriterionNode) -> None:
    """1b. A paragraph anchored on the holder of a list because it qualifies several of its items together
    (structure rule ``anchor:names-several-items``: "The SAF use requirement referred to in points (d) and (e) is
    calculated …" -> ``P1.Methodology``) applies only where one of those alternatives is used: an Affirmation
    clause and a ``DEPENDS_ON`` edge to each cited item that is an alternative of an OR / N_OF_K node (spec §6
    pathway rule, one edge per named alternative)."""
    origin = node.provenance.fields.get("criterion_id") if node.provenance is not None else None
    anchor = links.parents.get(cid)
    if origin is None or origin.rule != "anchor:names-several-items" or anchor is None:
        return
    for cits, _ in citation_lists(re.split(r"(?<=[.;:])\s+(?=[A-Z])", node.verbatim_text, maxsplit=1)[0]):
        for c in cits:
            target = next((t for t in (f"{anchor}{c.written}", c.written) if t in links.nodes), None)
            if target is None or target == "ROOT":
                continue
            par = links.nodes.get(links.parents.get(target) or "")
            if par is None or par.evaluation_logic not in ("OR", "N_OF_K") or \
                    node is par or target not in {k.criterion_id for k in par.participating_children()}:
                continue
            d = Decision(target, 0.8, "cited-alternatives")
            _set_dependency(node, target, "Affirmation",
                            f"Applies only where the activity complies via point {target}.", d)
            _add_edge(links.unit, "DEPENDS_ON", cid, target,
                      f"Qualifies the cited alternative {target}; applies only when that pathway is used.")


def _negated_sibling_dependency(links: _UnitLinks, cid: str, node: CriterionNode) -> None:
    """2. An alternative that applies only where a sibling is not met."""
    text = node.verbatim_text
    parent = links.nodes.get(links.parents[cid] or "")
    if parent is not None and parent.evaluation_logic in ("OR", "N_OF_K", "AND") and not anchored_type(node):
        sibs = parent.participating_children()
        x = SiblingInputs(text, tuple(s.criterion_id for s in sibs if s is not node), earlier=_earlier(node, sibs))
        d = decide(NEGATED_SIBLING, x, links.ctx, about=cid)
        # under AND only a fallback with an explicit not-met cue ("where … is not yet …", "where point (a) is not
        # possible"), not a restatement with the opposite polarity (two requirements that both apply)
        if d.value and (parent.evaluation_logic != "AND" or d.rule in EXPLICIT_RULES):
            cond = _GATE.match(text).group(0).strip() if _GATE.match(text) else ""
            _set_dependency(node, d.value, "Negation",
                            f"Applies only {_short(cond, 90)}, i.e. where {d.value} is not met.", d)
            _add_edge(links.unit, "DEPENDS_ON", cid, d.value,
                      f"{cid} applies only where {d.value} is not met (Negation clause).")


def _explicit_gates(links: _UnitLinks, cid: str, node: CriterionNode) -> None:
    """3. An explicit gate on another point ("where the activity complies with point X")."""
    gm = _GATE.match(node.verbatim_text)
    if not gm:
        return
    cond = gm.group(0)
    for c in find_citations(cond):
        target = links.corrected(c.written, cid, cond, wants_threshold=False)
        if target is None or target == cid or target in _ancestors(cid, links.parents):
            continue
        neg = bool(_NOT_MET.search(cond))
        if not neg and not _AFFIRM_GATE.search(cond[:c.start - gm.start()] if c.start >= gm.start() else ""):
            continue
        d = Decision(target, 0.8, "explicit-gate-negation" if neg else "explicit-gate")
        _set_dependency(node, target, "Negation" if neg else "Affirmation",
                        f"Applies only where point {target} is {'not ' if neg else ''}met.", d)
        _add_edge(links.unit, "DEPENDS_ON", cid, target,
                  f"'{_short(cond, 60)}': applies only where {target} is {'not ' if neg else ''}met.")


def _inherited_thresholds(links: _UnitLinks, cid: str, node: CriterionNode) -> None:
    """4. Threshold inheritance: copy the (selected) threshold items of the cited point."""
    text, unit = node.verbatim_text, links.unit
    for inh in find_inheritance(text):
        context = text[max(0, inh.citation.start - 120):inh.citation.start]
        target = links.corrected(inh.citation.written, cid, context, wants_threshold=True)
        target = _relation(INHERITANCE, Decision(target, 0.85 if target else 0.5, "inherits-cited-point"), text,
                           sorted(links.ids - {cid, "ROOT"}), links.ctx, cid, cited=inh.citation.written).value
        if target is None or target == cid:
            continue
        src = _threshold_of(links.nodes[target], unit.unit_id, links.memory)
        if src is None:
            continue
        sel = select_items(src, inh)
        if sel is None:
            continue
        node.set_field("threshold", merge_threshold(node.threshold, sel), pass_name=NAME,
                       rule=f"inherited-from:{target}", confidence=0.85)
        if sel.quantitative and sel.quantitative.items and node.category != "Quantitative":
            node.set_field("category", "Quantitative", pass_name=NAME, rule="inherited-quantitative-items")
        what = "; ".join(_item_text(i) for i in (sel.quantitative.items if sel.quantitative else [])) or \
            "; ".join(f"{i.type} {i.date or ''}".strip() for i in (sel.temporal.items if sel.temporal else []))
        sel_note = " (period-matching items only)" if (inh.period or inh.lifetime) else ""
        phrase = context[-70:].split(" ", 1)[-1].strip() if len(context) > 70 else context.strip()
        _add_edge(unit, "INHERITS_THRESHOLD", cid, target,
                  f"'{phrase} point {inh.citation.written}': copies {what}{sel_note}.")


def _pathway_citations(links: _UnitLinks, skip: set[str]) -> None:
    """5. Plain citations in a pathway's anchored paragraphs ("Compliance with the criteria referred to in point X
    is verified"): record the correction when X is not the pathway the paragraph belongs to (paper D.7)."""
    for cid, node in links.nodes.items():
        if cid == "ROOT" or cid in skip or not links.pathway_of(cid):
            continue
        for c in find_citations(node.verbatim_text):
            top = re.match(r"P?\d+", c.written)
            if top is None or top.group(0) not in links.ids:
                continue  # not this unit's numbering: leave it to verify (UNRESOLVED_XREF)
            links.corrected(c.written, cid, node.verbatim_text[max(0, c.start - 120):c.start], wants_threshold=False)


def _remember(links: _UnitLinks) -> None:
    """Memory: the thresholds as they now stand, and the ids."""
    memory = links.memory
    if memory is not None:
        for cid, node in links.nodes.items():
            if node.threshold is not None and not node.threshold.is_empty():
                memory.thresholds[f"{links.unit.unit_id}#{cid}"] = node.threshold
        memory.ids[links.unit.unit_id] = set(links.ids)


def _exempted(written: str, cid: str, nodes: dict[str, CriterionNode], parents: dict[str, Optional[str]]
              ) -> list[str]:
    """The ids an exemption's written point names; :data:`PREVIOUS` (an anaphoric "those requirements") is the
    participating sibling just before the exemption node; a :func:`requires` marker ("… are not required to perform
    a climate benefit analysis") is every participating sibling whose subtree names the required thing."""
    if written != PREVIOUS and not required_content(written):
        rid = resolve_point(written, cid, set(nodes), parents)
        return [rid] if rid else []
    parent = nodes.get(parents.get(cid) or "")
    sibs = parent.participating_children() if parent is not None else []
    what = required_content(written)
    if what:
        said = re.compile(r"\b" + r"\s+".join(re.escape(w) for w in what.split()) + r"\b", re.IGNORECASE)
        return [s.criterion_id for s in sibs if s.criterion_id != cid
                and any(said.search(d.verbatim_text) for d in s.walk())]
    idx = next((i for i, s in enumerate(sibs) if s.criterion_id == cid), 0)
    return [sibs[idx - 1].criterion_id] if idx > 0 else []


def _point_relations(unit: Unit, nodes: dict[str, CriterionNode], parents: dict[str, Optional[str]], ctx,
                     skip: set[str]) -> None:
    """Exemption nodes (decision ``exemption``: the node Conditional, each exempted point a Negation clause and a
    DEPENDS_ON edge to it) and relied-on points (decision ``relied_on``: DEPENDS_ON edges from the relying node)."""
    ids = set(nodes)
    for cid, node in list(nodes.items()):
        if cid == "ROOT" or cid in skip or not node.verbatim_text:
            continue
        near = set(_ancestors(cid, parents)) | {d.criterion_id for d in node.walk()}
        ex = decide(EXEMPTION, ExemptionInputs(node.verbatim_text), ctx, about=cid)
        targets = [t for w in ex.value for t in _exempted(w, cid, nodes, parents) if t not in near]
        if targets:
            node.set_field("applicability", "Conditional", pass_name=NAME, rule=f"exemption:{ex.rule}",
                           confidence=ex.confidence)
            for t in targets:
                _set_dependency(nodes[t], cid, "Negation", f"Applies only where the exemption of point {cid} "
                                f"({_short(node.verbatim_text, 60)}) does not hold.", ex)
                _add_edge(unit, "DEPENDS_ON", t, cid, f"{t} is exempted by {cid}: applies only where {cid}'s "
                                                      "class does not hold (Negation clause).")
        rel = decide(RELIED_ON, ReliedOnInputs(node.verbatim_text), ctx, about=cid)
        for written, status in rel.value:
            t = resolve_point(written, cid, ids, parents)
            if t is None or t in near:
                continue
            _set_dependency(node, t, status, f"Relies on the requirements of point {t}"
                            f"{' not being met' if status == 'Negation' else ''}.", rel)
            _add_edge(unit, "DEPENDS_ON", cid, t, f"{cid} relies on the requirements of point {t} ({status}).")


def _item_text(i) -> str:
    per = ""
    if i.period is not None:
        per = " lifetime" if i.period.type == "lifetime" else f" over {i.period.value} {i.period.unit}"
    return f"{i.operator} {i.value} {i.unit}".strip() + per


def _threshold_of(node: CriterionNode, unit_id: str, memory) -> Optional[Threshold]:
    """The cited node's threshold; for a chapeau without one of its own, its items' limits combined with the
    chapeau's logic ("the thresholds set out in point 2" where 2(a), 2(b) carry them)."""
    if node.threshold is not None and not node.threshold.is_empty():
        return node.threshold
    if memory is not None:
        t = memory.thresholds.get(f"{unit_id}#{node.criterion_id}")
        if t is not None and not t.is_empty():
            return t
    q_items, t_items = [], []
    for d in node.walk():
        if d is node or d.threshold is None or ANCHORED_ID.search(d.criterion_id):
            continue
        q_items += [i for i in (d.threshold.quantitative.items if d.threshold.quantitative else []) if i not in q_items]
        t_items += [i for i in (d.threshold.temporal.items if d.threshold.temporal else []) if i not in t_items]
    if not q_items and not t_items:
        return None
    logic = "OR" if node.evaluation_logic in ("OR", "N_OF_K") else "AND"
    return Threshold(quantitative=QuantitativeThreshold(logic=logic if len(q_items) > 1 else None, items=q_items)
                     if q_items else None,
                     temporal=TemporalThreshold(logic=logic if len(t_items) > 1 else None, items=t_items)
                     if t_items else None)


# ---------------------------------------------------------------------------------------------------------------
# verify


def _diag(code: str, msg: str, cid: Optional[str], severity: str = "error", kind: str = "Consistency") -> Diagnostic:
    return Diagnostic(severity=severity, code=code, message=msg, kind=kind, criterion_id=cid, pass_name=NAME)


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Observe: clauses and edges point at existing ids, no DEPENDS_ON ∪ INHERITS_THRESHOLD cycle, pathway
    anchors carry their dependency, inheriting nodes carry a threshold, cited points resolve or are corrected."""
    nodes, parents = _index(unit)
    ids = set(nodes)
    memory = getattr(ctx, "memory", None)
    other_ids: set[str] = set()
    if memory is not None:
        for uid, s in memory.ids.items():
            if uid != unit.unit_id and uid.split("/")[0] == unit.unit_id.split("/")[0]:
                other_ids |= set(s)
    out: list[Diagnostic] = []
    for cid, node in nodes.items():
        if node.dependencies is not None:
            n = len(node.dependencies.clauses)
            if not (1 <= node.dependencies.min_conditions_to_meet <= max(n, 1)):
                out.append(_diag("DEPENDENCY_MIN_RANGE", f"min_conditions_to_meet "
                                 f"{node.dependencies.min_conditions_to_meet} with {n} clause(s)", cid))
            for c in node.dependencies.clauses:
                if c.criterion_id not in ids:
                    out.append(_diag("DANGLING_DEPENDENCY", f"dependency clause points at missing id "
                                                            f"{c.criterion_id!r}", cid))
        if anchored_type(node) and pathway_alternative(cid, nodes, parents) and node.dependencies is None:
            out.append(_diag("MISSING_PATHWAY_DEPENDENCY", "anchored node inside an OR alternative has no "
                                                           "dependency", cid, "warning", "Completeness"))
        if cid != "ROOT":
            for c in find_citations(node.verbatim_text):
                if resolve_point(c.written, cid, ids, parents) is None and not any(
                        e.type == "CORRECTS" and e.from_ == c.written for e in unit.edges):
                    if c.written in other_ids:
                        out.append(_diag("CROSS_UNIT_XREF", f"'point {c.written}' names a criterion of another "
                                                            "section of this activity", cid, "info", "Completeness"))
                        continue
                    out.append(_diag("UNRESOLVED_XREF", f"'point {c.written}' names no criterion of this unit and "
                                                        "has no correction", cid, "warning", "Completeness"))
    acyclic: list[tuple[str, str]] = []  # DEPENDS_ON ∪ INHERITS_THRESHOLD, in edge order
    for e in unit.edges:
        if e.type in ("DEPENDS_ON", "INHERITS_THRESHOLD"):
            for end in (e.from_, e.to):
                if end not in ids:
                    out.append(_diag("DANGLING_EDGE", f"{e.type} endpoint {end!r} does not exist", e.from_))
            acyclic.append((e.from_, e.to))
        if e.type == "INHERITS_THRESHOLD":
            n = nodes.get(e.from_)
            if n is not None and (n.threshold is None or n.threshold.is_empty()):
                out.append(_diag("INHERITED_NOTHING", f"inherits from {e.to} but carries no threshold", e.from_,
                                 "warning"))
        if e.type == "CORRECTS" and e.to not in ids:
            out.append(_diag("DANGLING_DEPENDENCY", f"correction target {e.to!r} does not exist", e.from_))
        elif e.type == "CORRECTS" and e.from_ in ids and not wrong_citation(e.from_, e.to, _ancestors(e.to, parents)):
            out.append(_diag("CORRECTS_CONTAINED", f"CORRECTS {e.from_} -> {e.to}: the cited point contains "
                                                   f"{e.to}, so the citation is correct (no CORRECTS)", e.from_))
    out += _verify_exemptions(nodes, parents)
    out += _verify_fallbacks(nodes, parents)
    out += _verify_relied_on(nodes, parents)
    cycle = _find_cycle(acyclic) if has_cycle(acyclic) else None
    if cycle:
        out.append(_diag("DEPENDENCY_CYCLE", f"cycle in DEPENDS_ON ∪ INHERITS_THRESHOLD: {cycle}", cycle[0][0],
                         "critical"))
    return out


def _find_cycle(edges: list[tuple[str, str]]) -> list:
    """networkx's report of a cycle of ``edges`` (imported only here: nearly every unit has none)."""
    import networkx as nx

    g = nx.DiGraph()
    g.add_edges_from(edges)
    return nx.find_cycle(g)


def _verify_exemptions(nodes: dict[str, CriterionNode], parents: dict[str, Optional[str]]) -> list[Diagnostic]:
    """Spec §7 exemptions: an exemption node is Conditional and every point it exempts holds a Negation clause
    on it (EXEMPTION_UNLINKED otherwise)."""
    out: list[Diagnostic] = []
    for cid, node in nodes.items():
        if cid == "ROOT" or not node.verbatim_text:
            continue
        for t in (t for w in EXEMPTION.rule(ExemptionInputs(node.verbatim_text)).value
                  for t in _exempted(w, cid, nodes, parents)):
            deps = nodes[t].dependencies
            if t and not (deps and any(c.criterion_id == cid and c.status == "Negation" for c in deps.clauses)):
                out.append(_diag("EXEMPTION_UNLINKED", f"{cid} exempts point {t}, which has no Negation clause on "
                                                       f"{cid}", t, "warning", "Completeness"))
            if t and node.applicability != "Conditional":
                out.append(_diag("EXEMPTION_NOT_CONDITIONAL", f"exemption {cid} is not Conditional", cid,
                                 "warning", "Consistency"))
    return out


def _verify_relied_on(nodes: dict[str, CriterionNode], parents: dict[str, Optional[str]]) -> list[Diagnostic]:
    """Spec §7 ED1: a node relying on other points ("meets the requirements specified in points 5 and 6", "aircraft
    in point (b) or (c) is operated on …") holds a clause on each of them (RELIED_ON_UNLINKED otherwise)."""
    out: list[Diagnostic] = []
    for cid, node in nodes.items():
        if cid == "ROOT" or not node.verbatim_text:
            continue
        near = set(_ancestors(cid, parents)) | {d.criterion_id for d in node.walk()}
        have = {(c.criterion_id, c.status) for c in (node.dependencies.clauses if node.dependencies else [])}
        for written, status in RELIED_ON.rule(ReliedOnInputs(node.verbatim_text)).value:
            t = resolve_point(written, cid, set(nodes), parents)
            if t is not None and t not in near and (t, status) not in have:
                out.append(_diag("RELIED_ON_UNLINKED", f"{cid} relies on point {t} but has no {status} clause on "
                                                       "it", cid, "warning", "Completeness"))
    return out


def _verify_fallbacks(nodes: dict[str, CriterionNode], parents: dict[str, Optional[str]]) -> list[Diagnostic]:
    """Spec §6: a point that applies only where an earlier sibling is not met, said with an explicit not-met cue
    ("Where the insurer is not yet sharing such data …", "where point (a) is not possible"), holds a Negation
    clause on that sibling (FALLBACK_UNLINKED otherwise), under an AND parent as under an OR."""
    out: list[Diagnostic] = []
    for cid, node in nodes.items():
        parent = nodes.get(parents.get(cid) or "")
        if parent is None or not node.verbatim_text or anchored_type(node):
            continue
        d = negated_sibling_rule(node.verbatim_text, _earlier(node, parent.participating_children()))
        deps = node.dependencies
        if d.value and d.rule in EXPLICIT_RULES and not (
                deps and any(c.criterion_id == d.value and c.status == "Negation" for c in deps.clauses)):
            out.append(_diag("FALLBACK_UNLINKED", f"{cid} applies only where {d.value} is not met but has no "
                                                  f"Negation clause on it", cid, "warning", "Completeness"))
    return out


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
