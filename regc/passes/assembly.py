"""Pass `assembly` (stage 7) — cross-field consistency, nullification, summaries, final schema validation.

Repairs (each recorded in provenance, rule ``assembly:<what>``):

- ``category`` follows the thresholds: Quantitative iff quantitative items (paper §3.3 stage 7);
- ``evaluation_logic`` follows the participating children: LEAF iff none; a LEAF with children becomes AND;
  N_OF_K keeps 1 <= n <= k (n = k becomes AND, n = 1 becomes OR); ``n_required`` only on N_OF_K;
- empty complex objects become null (threshold / its quantitative or temporal part / references /
  dependencies); footnotes stay a list;
- template summaries are rewritten now that thresholds are final (summaries set by a model or a person stay),
  and a summary that misses a threshold value gets it appended;
- edges: exact duplicates dropped, ``HIERARCHY`` edges dropped (implied by ``sub_criteria``); on a repair
  attempt guided by ``DANGLING_EDGE``, edges with a missing endpoint are dropped.

``verify`` reports the remaining Consistency issues; :func:`schema_round_trip` (the unit round-trips through
``to_json`` / ``from_json`` unchanged) is the schema check at the edge, outside the pass loop.

>>> from regc.ir.models import CriterionNode, Unit, Threshold
>>> u = Unit(unit_id="CCM-1.1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="LEAF",
...          sub_criteria=[CriterionNode(criterion_id="P1", threshold=Threshold())]))
>>> u = run(u, None)
>>> u.root.evaluation_logic, u.root.sub_criteria[0].threshold
('AND', None)
"""

from __future__ import annotations

from typing import Optional

from regc.ir.models import CriterionNode, Diagnostic, QuantitativeThreshold, TemporalThreshold, Threshold, Unit
from regc.passes.summaries import is_self_contained, names_every_threshold, with_thresholds

NAME = "assembly"


def _set(node: CriterionNode, field: str, value, what: str) -> None:
    node.set_field(field, value, pass_name=NAME, rule=f"assembly:{what}")


def normalise_threshold(t: Optional[Threshold]) -> Optional[Threshold]:
    """Null out empty parts; a single item carries logic null."""
    if t is None:
        return None
    q = t.quantitative
    if q is not None and not q.items:
        q = None
    elif q is not None and len(q.items) == 1 and q.logic is not None:
        q = QuantitativeThreshold(logic=None, items=q.items)
    tm = t.temporal
    if tm is not None and not tm.items:
        tm = None
    elif tm is not None and len(tm.items) == 1 and tm.logic is not None:
        tm = TemporalThreshold(logic=None, items=tm.items)
    if q is None and tm is None:
        return None
    if q is t.quantitative and tm is t.temporal:
        return t
    return Threshold(quantitative=q, temporal=tm)


def consistent_logic(node: CriterionNode) -> tuple[str, Optional[int], Optional[str]]:
    """(logic, n_required, what-was-repaired or None) for one node."""
    k = len(node.participating_children())
    logic, n = node.evaluation_logic, node.n_required
    if k == 0:
        return ("LEAF", None, None if (logic, n) == ("LEAF", None) else "leaf-without-children")
    if logic == "LEAF":
        return ("AND", None, "children-under-leaf")
    if logic == "N_OF_K":
        if n is None or n < 1:
            return ("OR", None, "n-of-k-without-n")
        if n >= k:
            return ("AND", None, "n-of-k-n-equals-k")
        if n == 1:
            return ("OR", None, "n-of-k-n-one")
        return (logic, n, None)
    return (logic, None, None if n is None else "n-required-off-n-of-k")


def run(unit: Unit, ctx) -> Unit:
    objective = None
    if ctx is not None and getattr(ctx, "memory", None) is not None:
        objective = ctx.memory.activity.get("objective")
    objective = objective or unit.activity_id.split("-", 1)[0]
    for node in unit.root.walk():
        # thresholds / category
        t = normalise_threshold(node.threshold)
        if t is not node.threshold:
            _set(node, "threshold", t, "nullify-empty-threshold")
        quant = bool(t and t.quantitative and t.quantitative.items)
        want = "Quantitative" if quant else "Qualitative"
        if node.category != want:
            _set(node, "category", want, "category-follows-thresholds")
        # empty objects
        if node.references is not None and not node.references.sources:
            _set(node, "references", None, "nullify-empty-references")
        if node.dependencies is not None and not node.dependencies.clauses:
            _set(node, "dependencies", None, "nullify-empty-dependencies")
        # logic
        logic, n, what = consistent_logic(node)
        if what:
            _set(node, "evaluation_logic", logic, what)
            _set(node, "n_required", n, what)
    # summaries: rewrite the template ones (thresholds may have changed), complete the others
    from regc.passes.classify import refresh_summaries

    refresh_summaries(unit, objective, only_templates=True, pass_name=NAME)
    for node in unit.root.walk():
        if not names_every_threshold(node.rule_summary, node.threshold):
            _set(node, "rule_summary", with_thresholds(node.rule_summary, node.threshold), "summary-names-thresholds")
    # edges (on a repair attempt guided by DANGLING_EDGE: edges whose endpoints do not exist are dropped)
    ids = {n.criterion_id for n in unit.root.walk()}
    drop_dangling = bool(ctx is not None and getattr(ctx, "attempt", 0) and
                         any(g.code == "DANGLING_EDGE" for g in (getattr(ctx, "guidance", None) or [])))
    seen: set[tuple[str, str, str]] = set()
    edges = []
    for e in unit.edges:
        key = (e.type, e.from_, e.to)
        if e.type == "HIERARCHY" or key in seen:
            continue
        ends = {"CORRECTS": (e.to,), "REFERENCES": (e.from_,)}.get(e.type, (e.from_, e.to))
        if drop_dangling and any(end not in ids for end in ends):
            continue
        seen.add(key)
        edges.append(e)
    unit.edges = edges
    return unit


def _diag(code: str, msg: str, cid: Optional[str], severity: str = "error", kind: str = "Consistency") -> Diagnostic:
    return Diagnostic(severity=severity, code=code, message=msg, kind=kind, criterion_id=cid, pass_name=NAME)


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for node in unit.root.walk():
        cid = node.criterion_id
        quant = bool(node.threshold and node.threshold.quantitative and node.threshold.quantitative.items)
        if (node.category == "Quantitative") != quant:
            out.append(_diag("CATEGORY_THRESHOLD_MISMATCH", f"category {node.category}, quantitative items {quant}",
                             cid))
        _, _, what = consistent_logic(node)
        if what:
            out.append(_diag("LOGIC_CHILD_COUNT", f"{node.evaluation_logic}/{node.n_required} inconsistent with "
                                                  f"{len(node.participating_children())} participating children "
                                                  f"({what})", cid))
        if node.threshold is not None and normalise_threshold(node.threshold) is not node.threshold:
            out.append(_diag("EMPTY_OBJECT", "threshold has an empty part", cid))
        if node.references is not None and not node.references.sources:
            out.append(_diag("EMPTY_OBJECT", "references without sources", cid))
        if node.dependencies is not None and not node.dependencies.clauses:
            out.append(_diag("EMPTY_OBJECT", "dependencies without clauses", cid))
        if not node.rule_summary:
            out.append(_diag("EMPTY_SUMMARY", "no rule_summary", cid, "warning", "Completeness"))
        else:
            if not names_every_threshold(node.rule_summary, node.threshold):
                out.append(_diag("SUMMARY_MISSES_THRESHOLD", "rule_summary does not name every threshold value",
                                 cid, "warning", "Completeness"))
            if not is_self_contained(node.rule_summary):
                out.append(_diag("SUMMARY_NOT_SELF_CONTAINED", f"rule_summary is not self-contained: "
                                                               f"{node.rule_summary[:60]!r}", cid, "info",
                                 "Completeness"))
    ids = {n.criterion_id for n in unit.root.walk()}
    for e in unit.edges:
        ends = {"CORRECTS": (e.to,), "REFERENCES": (e.from_,)}.get(e.type, (e.from_, e.to))
        for end in ends:
            if end not in ids:
                out.append(_diag("DANGLING_EDGE", f"{e.type} endpoint {end!r} does not exist", e.from_))
    return out


def schema_round_trip(unit: Unit) -> list[Diagnostic]:
    """The final schema check: the unit's JSON reads back (validated) to the same JSON.  Not run inside the pass
    loop (issue 10: validation at the edges: the driver validates every node once with
    :func:`regc.ir.models.validate_tree`, and a build is validated when it is read); the tests run it on the gold
    and on compiled acts.

    >>> schema_round_trip(Unit(unit_id="CCM-1.1/SC", root=CriterionNode(criterion_id="ROOT")))
    []
    """
    try:
        js = unit.to_json()
        if Unit.from_json(js).to_json() != js:
            return [_diag("ROUND_TRIP", "unit JSON changes on a to_json/from_json round trip", None, "critical",
                          "Structural")]
    except (ValueError, TypeError, KeyError) as e:
        return [_diag("SCHEMA", f"unit does not validate: {e}", None, "critical", "Structural")]
    return []
