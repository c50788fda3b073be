"""Keep a model's origin across passes: a later rule verdict that restates a value the model set keeps the model
origin (the anchored paragraph's Type chosen by the model in structure, restated by classify's tags rule).

>>> from regc.ir.models import CriterionNode
>>> n = CriterionNode(criterion_id="1.Verification")
>>> n.set_field("tags", ["Verification"], pass_name="structure", rule="anchor-type:model:m1", confidence=0.75)
>>> keep_model_origin(n, "tags", Verdict(["Verification"], 0.9, "anchored-type")).model
'm1'
>>> keep_model_origin(n, "tags", Verdict(["Methodology"], 0.9, "x")).model is None
True
"""

from __future__ import annotations

from typing import Any, Optional

from regc.decisions.base import Verdict


def model_of(origin: Any) -> Optional[str]:
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


def keep_model_origin(node: Any, field: str, d: Verdict) -> Verdict:
    """``d`` (a rule verdict about to be written to ``field``), carrying the model origin of the value already
    there when ``d`` keeps it (a list field: keeps all of it) and no model decided ``d`` itself."""
    if d.model:
        return d
    origin = node.provenance.fields.get(field)
    model = model_of(origin)
    if model is None:
        return d
    old, new = getattr(node, field, None), d.value
    kept = set(old or []) <= set(new or []) if isinstance(old, list) and isinstance(new, (list, tuple)) \
        else old == new
    if not kept or (isinstance(old, list) and not old):
        return d
    return Verdict(d.value, float(origin.confidence), f"{d.rule}|kept:{origin.rule}", model)
