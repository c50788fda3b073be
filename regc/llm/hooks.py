"""One-call LLM hooks for pass code that has no single rule decision to wrap (summaries, enrichment) or that must
keep a model's origin across passes.  Every helper is a no-op without ``ctx.options.decider`` and imports no
DSPy (the passes import this module unconditionally).

- :func:`summarise_with_model` — after classify wrote the template summaries, offer each one to the decider
  (kind ``rule_summary``); a grounded model summary replaces the template with ``FieldOrigin.model`` set.
- :func:`passage_summary` — wraps the extractive enrichment of a retrieved reference (kind ``passage_summary``).
- :func:`keep_model_origin` — a later rule decision that restates a value the model set keeps the model origin
  (the anchored paragraph's Type chosen by the model in structure, restated by classify's tags rule).
- :func:`odr_flags` — ``odr_failed``/``odr_notes`` for a node on an ODR repair attempt (flagged nodes only).

>>> from types import SimpleNamespace
>>> ctx = SimpleNamespace(options=SimpleNamespace(decider=None), attempt=1,
...                       guidance=[SimpleNamespace(criterion_id="1(a)", message="ungrounded value")])
>>> odr_flags(ctx, "1(a)"), odr_flags(ctx, "2")
({'odr_failed': True, 'odr_notes': ['ungrounded value']}, {'odr_failed': False, 'odr_notes': []})
>>> passage_summary(ctx, {"status": "retrieved", "summary": "x"}, [], "c", "r")["summary"]
'x'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from regc.passes.decisions import Decision

# ``regc.passes.decisions`` is imported inside the functions: importing it here would load ``regc.passes`` (whose
# classify pass imports this module) and make ``import regc.llm.hooks`` circular.

SUMMARY_OK = 0.8  # template summary that is self-contained and names every threshold: hybrid keeps it
SUMMARY_WEAK = 0.5  # template summary that is not: hybrid asks the model
EXTRACTIVE = 0.6  # extractive passage summary: hybrid asks the model


def _decider(ctx: Any) -> Any:
    return getattr(getattr(ctx, "options", None), "decider", None)


def odr_flags(ctx: Any, criterion_id: Optional[str]) -> dict:
    """On a repair attempt: whether the previous attempt's diagnostics name this node, and their messages."""
    if not getattr(ctx, "attempt", 0) or not criterion_id:
        return {}
    notes = [g.message for g in (getattr(ctx, "guidance", None) or []) if g.criterion_id == criterion_id]
    return {"odr_failed": bool(notes), "odr_notes": notes}


def _model_of(origin: Any) -> Optional[str]:
    """The model that set a field: ``FieldOrigin.model``, or a rule string ``…model:<name>`` (structure's anchor
    Type decision records the model in its rule)."""
    if origin is None:
        return None
    if origin.model:
        return origin.model
    rule = origin.rule or ""
    if "model:" in rule:
        return rule.split("model:", 1)[1].split("|")[0] or None
    return None


def keep_model_origin(node: Any, field: str, d: "Decision") -> "Decision":
    """``d`` (a rule decision about to be written to ``field``), carrying the model origin of the value already
    there when ``d`` keeps it (a list field: keeps all of it) and no model decided ``d`` itself.

    >>> from regc.ir.models import CriterionNode
    >>> from regc.passes.decisions import Decision
    >>> n = CriterionNode(criterion_id="1.Verification")
    >>> n.set_field("tags", ["Verification"], pass_name="structure", rule="anchor-type:model:m1", confidence=0.75)
    >>> keep_model_origin(n, "tags", Decision(["Verification"], 0.9, "anchored-type")).model
    'm1'
    >>> keep_model_origin(n, "tags", Decision(["Methodology"], 0.9, "x")).model is None
    True
    """
    if d.model:
        return d
    origin = node.provenance.fields.get(field)
    model = _model_of(origin)
    if model is None:
        return d
    old, new = getattr(node, field, None), d.value
    kept = set(old or []) <= set(new or []) if isinstance(old, list) and isinstance(new, (list, tuple)) \
        else old == new
    if not kept or (isinstance(old, list) and not old):
        return d
    from regc.passes.decisions import Decision

    return Decision(d.value, float(origin.confidence), f"{d.rule}|kept:{origin.rule}", model)


def summary_facts(node: Any) -> str:
    ids = [c.criterion_id for c in node.participating_children()]
    facts = f"criterion {node.criterion_id}; evaluation logic {node.evaluation_logic}"
    return facts + (f"; items {', '.join(ids)}" if ids else "")


def summarise_with_model(unit: Any, ctx: Any, pass_name: str) -> int:
    """Offer every template summary of ``unit`` to the decider (kind ``rule_summary``; inputs: the node's own
    text, its id, logic and item ids).  A summary is grounded against exactly that: no number, date, month, act
    number or CELEX id that the node's text does not write.  Returns how many summaries the model set."""
    if _decider(ctx) is None:
        return 0
    from regc.passes.decisions import Decision, arbitrate
    from regc.passes.summaries import is_self_contained, names_every_threshold

    n_model = 0
    for node, parent in unit.root.walk_with_parent():
        origin = node.provenance.fields.get("rule_summary")
        if parent is None or not node.verbatim_text.strip() or not node.rule_summary or origin is None \
                or not origin.rule.startswith("template"):
            continue
        ok = is_self_contained(node.rule_summary) and names_every_threshold(node.rule_summary, node.threshold)
        rule = Decision(node.rule_summary, SUMMARY_OK if ok else SUMMARY_WEAK, origin.rule)
        inputs = {"text": node.verbatim_text, "criterion_id": node.criterion_id, "facts": summary_facts(node)}
        d = arbitrate("rule_summary", inputs, rule, ctx)
        if d.model and isinstance(d.value, str) and d.value.strip():
            node.set_field("rule_summary", d.value.strip(), pass_name=pass_name, rule=d.rule, model=d.model,
                           confidence=d.confidence)
            n_model += 1
    return n_model


def passage_summary(ctx: Any, enrichment: dict, passages: Sequence[Any], criterion_text: str,
                    ref_text: str) -> dict:
    """The enrichment dict of a retrieved reference, with a criterion-focused model summary and key facts
    (kind ``passage_summary``) when the decider gives a grounded one: every number, date and id in it is written
    in the passages.  Thresholds stay the rule-extracted ones (they carry their passage locators)."""
    if _decider(ctx) is None or enrichment.get("status") != "retrieved" or not passages:
        return enrichment
    from regc.passes.decisions import Decision, arbitrate

    texts = [f"{getattr(h, 'celex', '')} {getattr(h, 'locator', '')}: {getattr(h, 'text', h)}" for h in passages]
    rule_value = {"summary": enrichment.get("summary") or "", "key_facts": list(enrichment.get("key_facts") or [])}
    inputs = {"criterion": f"{criterion_text} (reference: {ref_text})", "passages": texts,
              "text": criterion_text}
    d = arbitrate("passage_summary", inputs, Decision(rule_value, EXTRACTIVE, "extractive-summary"), ctx)
    if not d.model or not hasattr(d.value, "summary"):
        return enrichment
    return {**enrichment, "summary": d.value.summary.strip(),
            "key_facts": list(d.value.key_facts) or rule_value["key_facts"]}


__all__ = ["odr_flags", "keep_model_origin", "summarise_with_model", "passage_summary", "summary_facts"]
