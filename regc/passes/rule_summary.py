"""Offer classify's template summaries to the ``rule_summary`` decision (a model may replace a weak one).

A no-op without a decider: the rule verdict is the template already on the node.

>>> from regc.ir.models import CriterionNode, Unit
>>> u = Unit(unit_id="A/SC", root=CriterionNode(criterion_id="ROOT"))
>>> summarise_with_model(u, None, "classify")
0
"""

from __future__ import annotations

from typing import Any

from regc.decisions import RULE_SUMMARY
from regc.passes.memo import decide
from regc.decisions.base import decider_of
from regc.decisions.rule_summary import summary_facts
from regc.ir.models import Unit
from regc.passes.summaries import is_self_contained, names_every_threshold


def summarise_with_model(unit: Unit, ctx: Any, pass_name: str) -> int:
    """Offer every template summary of ``unit`` to the decider; returns how many summaries the model set."""
    if decider_of(ctx) is None:
        return 0
    n_model = 0
    for node, parent in unit.root.walk_with_parent():
        origin = node.provenance.fields.get("rule_summary")
        if parent is None or not node.verbatim_text.strip() or not node.rule_summary or origin is None \
                or not origin.rule.startswith("template"):
            continue
        ok = is_self_contained(node.rule_summary) and names_every_threshold(node.rule_summary, node.threshold)
        x = RULE_SUMMARY.Inputs(node.verbatim_text, summary_facts(node), node.rule_summary, complete=ok,
                                template_rule=origin.rule)
        d = decide(RULE_SUMMARY, x, ctx, about=node.criterion_id)
        if d.model and isinstance(d.value, str) and d.value.strip():
            node.set_field("rule_summary", d.value.strip(), pass_name=pass_name, rule=d.rule, model=d.model,
                           confidence=d.confidence)
            n_model += 1
    return n_model
