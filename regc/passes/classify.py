"""Pass `classify` (stage 3) — category, applicability, tags, evaluation logic and a template rule summary.

A tree walk that asks the decision units (:mod:`regc.decisions`) through :func:`regc.decisions.decide`, so a
configured decider may arbitrate each verdict (``ctx.options.decider``):

- :func:`decide_category` — ``Quantitative`` iff the node carries quantitative threshold items (deterministic);
- ``applicability`` — :mod:`regc.decisions.applicability` (spec §6 "Applicability");
- ``tags`` — :mod:`regc.decisions.tags`; anchored nodes keep their type, their items inherit it;
- ``logic`` — :mod:`regc.decisions.logic` via :mod:`regc.grammar.logic`.

>>> from regc.ir.models import CriterionNode
>>> decide_applicability("Where facilities incorporate any form of abatement, X complies with Y.").value
'Conditional'
>>> decide_applicability("Life-cycle GHG emissions are calculated based on project-specific data, where available.").value
'Mandatory'
>>> decide_tags("Quantified life-cycle GHG emissions are verified by an independent third party.").value
['Verification']
"""

from __future__ import annotations

from typing import Optional

from regc.decisions import APPLICABILITY, CATEGORY, LOGIC, TAGS_DECISION, Verdict
from regc.passes.memo import decide
from regc.decisions.pathways import holds_chapeau_group, is_chapeau_group
from regc.decisions.applicability import (_GATE_LEAD, _PROCESS_STAGE, covers_activity_categories,  # noqa: F401
                                          decide_applicability, first_sentence, restates_activity_scope)
from regc.decisions.applicability_cues import EARLY_RULES, LATE_RULES, Cue, first_match, other_section_boundary
from regc.decisions.logic import node_logic_inputs
from regc.decisions.tags import (_CONTENT_TAG, _ITEMS_ARE_CONTENT, decide_tags, items_tag,  # noqa: F401
                                 verifier_items_tag)
from regc.decisions.tags_cues import CAPABILITY_ITEM, INFORMATION_CHAPEAU
from regc.ir.models import ANCHORED_ID, CriterionNode, Diagnostic, Threshold, Unit
from regc.passes.context import PassContext
from regc.passes.model_origin import keep_model_origin
from regc.passes.rule_summary import summarise_with_model
from regc.passes.summaries import chapeau_summary, leaf_summary, root_summary

NAME = "classify"


def anchored_type(node: CriterionNode) -> Optional[str]:
    """The Type of an anchored node (``1(b).Verification.2`` -> ``Verification``), else None."""
    m = ANCHORED_ID.search(node.criterion_id)
    if m:
        return m.group(1)
    if node.provenance.kind == "anchored":
        for t in node.tags:
            return t
    return None


# ---------------------------------------------------------------------------------------------------------------
# category


def decide_category(threshold: Optional[Threshold]) -> Verdict[str]:
    """The ``category`` unit's rule on a node's threshold.

    >>> decide_category(None).value
    'Qualitative'
    """
    return CATEGORY.rule(CATEGORY.Inputs.of(threshold))


# ---------------------------------------------------------------------------------------------------------------
# the pass


_SAME = object()


def _is_title(node: CriterionNode) -> bool:
    """The structure pass made a title ("4. Audit") the node's text (provenance rule ``title-is-criterion-text``)."""
    origin = node.provenance.fields.get("verbatim_text") if node.provenance is not None else None
    return origin is not None and origin.rule == "title-is-criterion-text" and bool(node.sub_criteria)


def _set(node: CriterionNode, field: str, d: Verdict, value=_SAME) -> None:
    node.set_field(field, d.value if value is _SAME else value, pass_name=NAME, rule=d.rule, model=d.model,
                   confidence=d.confidence)


def _guided_ids(ctx, codes: set[str]) -> set[str]:
    return {g.criterion_id for g in (getattr(ctx, "guidance", None) or []) if g.code in codes and g.criterion_id}


# the tag classes whose repair the rule decides (a model verdict is not asked again): see :func:`tag_class_issues`
_TAG_CLASS_CODES = frozenset({"TAG_PRODUCT_FUNCTION", "TAG_VERIFIER_ITEM", "TAG_STANDARDS_ITEM"})


def run(unit: Unit, ctx: Optional[PassContext]) -> Unit:
    """Classify every node of the unit (children before parents, so that logic sees the children's tags)."""
    memory = getattr(ctx, "memory", None)
    meta = memory.activity if memory is not None else {}
    activity_name = meta.get("name", "") or ""
    objective = meta.get("objective") or unit.activity_id.split("-", 1)[0]
    retry_logic = _guided_ids(ctx, {"LOGIC_CONNECTIVE_MISMATCH"}) if getattr(ctx, "attempt", 0) else set()
    # a repair of an applicability the §7 cues contradict: the rule decides (a model verdict is not asked again)
    retry_cue = _guided_ids(ctx, {"APPLICABILITY_CUE_MISMATCH"}) if getattr(ctx, "attempt", 0) else set()
    retry_tags = _guided_ids(ctx, _TAG_CLASS_CODES) if getattr(ctx, "attempt", 0) else set()  # the rule decides
    retry_gates = _guided_ids(ctx, {"COMPLEMENTARY_GATES_NOT_OR"}) if getattr(ctx, "attempt", 0) else set()  # rule

    def visit(node: CriterionNode, parent: Optional[CriterionNode], anchor_type: Optional[str],
              parent_items: Optional[str] = None, information_item: bool = False) -> None:
        is_root = parent is None
        own_anchor = None if is_root else anchored_type(node)
        inherited = (anchor_type or parent_items) if own_anchor is None else None
        content = _ITEMS_ARE_CONTENT.search(node.verbatim_text) if not is_root else None
        child_inherit = own_anchor or anchor_type or (_CONTENT_TAG[content.group(1).lower()] if content else None) or \
            (verifier_items_tag(node.verbatim_text) if not is_root else None)
        own_items = items_tag(node.verbatim_text) if not is_root else None  # the criteria of a calculation
        asks_information = not is_root and bool(INFORMATION_CHAPEAU.search(node.verbatim_text))
        for c in node.sub_criteria:
            visit(c, node, child_inherit, own_items, asks_information)
        # tags
        if is_root:
            _set(node, "tags", Verdict([], 1.0, "root"))
        elif _is_title(node) or is_chapeau_group(node):  # spec §7: "4. Audit" only names what its anchored
            # paragraphs require; an inferred group has no text of its own (its members carry the tags)
            _set(node, "tags", Verdict([], 0.9, "title" if _is_title(node) else "inferred-group"))
        else:
            has_children = bool(node.sub_criteria)
            is_chapeau = has_children and node.verbatim_text.rstrip().endswith(":")
            x = TAGS_DECISION.Inputs(node.verbatim_text, is_chapeau=is_chapeau, anchored=own_anchor,
                                     inherited=inherited, information_item=information_item)
            d = TAGS_DECISION.rule(x) if node.criterion_id in retry_tags else \
                decide(TAGS_DECISION, x, ctx, about=node.criterion_id)
            d = keep_model_origin(node, "tags", d)  # an anchored Type the model chose in structure stays its
            _set(node, "tags", d, list(d.value))
        # category
        _set(node, "category", decide(CATEGORY, CATEGORY.Inputs.of(node.threshold), ctx))
        # logic
        part = node.participating_children()
        if holds_chapeau_group(node):  # spec §7 inferred group: the group holds the chapeau's logic
            d = Verdict(("AND", None), 0.9, "and-over-inferred-group")
        else:
            src = parent if parent is not None and is_chapeau_group(node) else node
            x = node_logic_inputs(src, part, is_root=is_root, connective_only=node.criterion_id in retry_logic)
            d = LOGIC.rule(x) if node.criterion_id in retry_gates else decide(LOGIC, x, ctx, about=node.criterion_id)
        logic, n = d.value
        _set(node, "evaluation_logic", d, logic)
        _set(node, "n_required", d, n)

    visit(unit.root, None, None)
    # applicability top-down: it reads the parent's chapeau and logic
    scopes = (meta.get("scope_conditions") or {}) if isinstance(meta, dict) else {}
    adoc = getattr(ctx, "activity", None)
    description = getattr(adoc, "description", None) or []
    activity_scope = description[0].text if description else ""

    def scoped(n: CriterionNode) -> bool:
        return bool(scopes.get(f"{unit.unit_id}#{n.criterion_id}"))

    owner = {id(c): n for n, _ in unit.root.walk_with_parent() for c in n.sub_criteria}
    for node, parent in unit.root.walk_with_parent():
        sibs = [c for c in parent.participating_children() if not ANCHORED_ID.search(c.criterion_id)] \
            if parent is not None else []
        chapeau = owner.get(id(parent), parent) if parent is not None and is_chapeau_group(parent) else parent
        x = APPLICABILITY.Inputs(
            node.verbatim_text, parent_text=chapeau.verbatim_text if chapeau is not None else "",
            activity_name=activity_name, is_root=parent is None,
            parent_logic=parent.evaluation_logic if parent is not None else "",
            scope_conditions=_frozen_scopes(scopes.get(f"{unit.unit_id}#{node.criterion_id}") or ()),
            siblings_scoped=len(sibs) >= 2 and all(scoped(c) for c in sibs), activity_scope=activity_scope)
        d = APPLICABILITY.rule(x) if node.criterion_id in retry_cue else \
            decide(APPLICABILITY, x, ctx, about=node.criterion_id)
        _set(node, "applicability", d)
    refresh_summaries(unit, objective)
    summarise_with_model(unit, ctx, NAME)  # no-op without a decider
    return unit


def _frozen_scopes(scopes) -> tuple:
    """Scope conditions as hashable inputs (tuples of sorted items)."""
    return tuple(tuple(sorted(s.items())) for s in scopes)


def summarize_node(node: CriterionNode, *, parent: Optional[CriterionNode], part: str, objective: str) -> str:
    ids = [c.criterion_id for c in node.participating_children()]
    if parent is None:
        return root_summary(node, ids, part, objective)
    if ids:
        return chapeau_summary(node, ids)
    return leaf_summary(node, parent)


def refresh_summaries(unit: Unit, objective: str, *, only_templates: bool = False, pass_name: str = NAME) -> None:
    """(Re)write template summaries; with ``only_templates`` keep summaries another source (model, human) set."""
    for node, parent in unit.root.walk_with_parent():
        origin = node.provenance.fields.get("rule_summary")
        if only_templates and node.rule_summary and (origin is None or not origin.rule.startswith("template")):
            continue
        s = summarize_node(node, parent=parent, part=unit.part, objective=objective)
        node.set_field("rule_summary", s, pass_name=pass_name, rule="template-summary", confidence=0.5)


# ---------------------------------------------------------------------------------------------------------------
# verify


def _diag(code: str, msg: str, cid: str, severity: str = "warning", kind: str = "Consistency") -> Diagnostic:
    return Diagnostic(severity=severity, code=code, message=msg, kind=kind, criterion_id=cid, pass_name=NAME)


def _activity_name(ctx) -> str:
    memory = getattr(ctx, "memory", None)
    return ((memory.activity if memory is not None else {}) or {}).get("name", "") or ""


def applicability_cue_issues(unit: Unit, ctx) -> list[Diagnostic]:
    """Observe the §7 applicability cues (sub-type items, some-instances entities, trailing gates, permissions,
    location scopes, process stages): a node whose value contradicts the cue its own text carries is flagged.

    >>> applicability_cue_issues.__name__
    'applicability_cue_issues'
    """
    name, out = _activity_name(ctx), []
    for node, parent in unit.root.walk_with_parent():
        if parent is None or not node.verbatim_text:
            continue
        x = Cue(first_sentence(node.verbatim_text), parent_text=parent.verbatim_text, activity_name=name)
        cue = first_match(EARLY_RULES, x)  # the two tuples in turn: the decision's own (memoised) calls
        cue = first_match(LATE_RULES, x) if cue is None else cue
        if cue is not None and cue.value != node.applicability:
            out.append(_diag("APPLICABILITY_CUE_MISMATCH", f"text carries the cue {cue.rule!r} ({cue.value}) but "
                                                           f"the node is {node.applicability}", node.criterion_id,
                             "error", "Semantic"))
    return out


def tag_class_issues(unit: Unit) -> list[Diagnostic]:
    """The validation12 tag class: an item that names a product's capability by its gerund ("supporting the impact
    assessment of such measures", "supporting the exchange with suppliers of data required to verify …") sets no
    assessment or verification of its own; an output that tags it so (a model's answer, a hand edit) is an error the
    ODR repair re-derives (the rule drops those tags, regc.decisions.tags).  The items of a chapeau that lists
    verifiers lack Verification, or those of one that lists the standards or rules to comply with ("… complies with
    the following standards:") lack Methodology: the same repair."""
    out: list[Diagnostic] = []
    for node, parent in unit.root.walk_with_parent():
        text = node.verbatim_text or ""
        wrong = [t for t in node.tags if t in ("Assessment", "Verification")]
        inherited = anchored_type(node) or (parent is not None and anchored_type(parent))  # a Type, not a reading
        if wrong and CAPABILITY_ITEM.match(text) and not inherited:
            out.append(_diag("TAG_PRODUCT_FUNCTION", f"{'/'.join(wrong)} read from what a product does (a "
                                                     "capability named by its gerund), not from the node's obligation",
                             node.criterion_id, "error", "Semantic"))
    # the items of a chapeau that lists who carries out a verification (directly or through its inferred group)
    parents = {id(n): p for n, p in unit.root.walk_with_parent()}
    for node, parent in unit.root.walk_with_parent():
        chapeau = parents.get(id(parent)) if parent is not None and is_chapeau_group(parent) else parent
        if chapeau is None or chapeau is unit.root or ANCHORED_ID.search(node.criterion_id) or is_chapeau_group(node):
            continue
        if verifier_items_tag(chapeau.verbatim_text or "") and "Verification" not in node.tags:
            out.append(_diag("TAG_VERIFIER_ITEM", "an item of a chapeau that lists who carries out the verification "
                                                  "lacks Verification", node.criterion_id, "error", "Semantic"))
        if items_tag(chapeau.verbatim_text or "") and "Methodology" not in node.tags and \
                not (anchored_type(chapeau) or anchored_type(node)):  # an anchored chapeau passes on its own type
            out.append(_diag("TAG_STANDARDS_ITEM", "an item of a chapeau that lists the standards, rules or criteria "
                                                   "to comply with lacks Methodology", node.criterion_id, "error",
                             "Semantic"))
    return out


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Observe: logic against children and chapeau connective, category against thresholds, gates on Mandatory,
    the §7 applicability cues, the tags read from a product's capability."""
    from regc.grammar.logic import find_connective, is_complementary_gates

    out: list[Diagnostic] = applicability_cue_issues(unit, ctx) + tag_class_issues(unit)
    for node, parent in unit.root.walk_with_parent():
        cid = node.criterion_id
        k = len(node.participating_children())
        if k == 0 and node.evaluation_logic != "LEAF":
            out.append(_diag("LOGIC_WITHOUT_CHILDREN", f"{node.evaluation_logic} on a node with no participating "
                                                       "children", cid, "error"))
        if k > 0 and node.evaluation_logic == "LEAF":
            out.append(_diag("LEAF_WITH_CHILDREN", f"LEAF on a node with {k} participating children", cid, "error"))
        if node.evaluation_logic == "N_OF_K" and not (node.n_required and 1 <= node.n_required <= k):
            out.append(_diag("N_OF_K_RANGE", f"N_OF_K needs 1 <= n <= {k}, got {node.n_required}", cid, "error"))
        con = find_connective(node.verbatim_text) if parent is not None or node.verbatim_text else None
        if holds_chapeau_group(node):  # the connective applies to the inferred group, not to the node (spec §7)
            con = None
        if con is not None and k == 0 and node.verbatim_text.rstrip().endswith(":"):
            out.append(_diag("CHAPEAU_WITHOUT_ITEMS", f"chapeau {con.text!r} introduces a list but the node has no "
                                                      "items", cid, "warning", "Completeness"))
        if con is not None and k and con.kind in ("at_least", "exactly") and (con.n or 1) > k:
            out.append(_diag("N_EXCEEDS_ITEMS", f"chapeau asks for {con.text!r} but only {k} participating items "
                                                "exist", cid, "error", "Structural"))
        if con is not None and k and not con.negated:
            want = {"all": "AND", "any": "OR"}.get(con.kind) or \
                ("OR" if con.kind == "at_least" and (con.n or 1) == 1 else None)  # "at least one of"
            if want and node.evaluation_logic != want:
                out.append(_diag("LOGIC_CONNECTIVE_MISMATCH", f"chapeau says {con.text!r} but logic is "
                                                              f"{node.evaluation_logic}", cid, "error", "Semantic"))
        if k >= 2 and node.evaluation_logic == "AND" and con is None and \
                not holds_chapeau_group(node) and is_complementary_gates(
                    node_logic_inputs(node, node.participating_children()).items):
            out.append(_diag("COMPLEMENTARY_GATES_NOT_OR", "items gated by a condition and by its negation are "
                                                           "alternative routes (spec §6 tiering) but logic is AND",
                             cid, "error", "Semantic"))
        quant = bool(node.threshold and node.threshold.quantitative and node.threshold.quantitative.items)
        if (node.category == "Quantitative") != quant:
            out.append(_diag("CATEGORY_THRESHOLD_MISMATCH", f"category {node.category} but quantitative items: "
                                                            f"{quant}", cid, "error"))
        if parent is not None and node.applicability == "Mandatory" and _GATE_LEAD.match(node.verbatim_text) and \
                not _PROCESS_STAGE.match(node.verbatim_text) and not other_section_boundary(Cue(node.verbatim_text)):
            out.append(_diag("GATE_ON_MANDATORY", "text opens with a condition but the node is Mandatory", cid,
                             "info", "Semantic"))
        if not node.rule_summary:
            out.append(_diag("EMPTY_SUMMARY", "no rule_summary", cid, "warning", "Completeness"))
    return out
