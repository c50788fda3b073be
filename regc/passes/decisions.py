"""Typed decisions of the rule-based passes, and the hook that lets a learned module replace or arbitrate one.

Each decision function of classify/dependencies returns a :class:`Decision` (value + confidence + rule name).
:func:`arbitrate` hands it to ``ctx.options.decider`` when one is configured (a DSPy module wrapper with a
``decide(kind, inputs, rule_decision) -> Decision | None`` method); with no decider the rule decision stands.

>>> d = Decision("Mandatory", 0.9, "default")
>>> arbitrate("applicability", {"text": "x"}, d, None).value
'Mandatory'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Optional, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Decision(Generic[T]):
    value: T
    confidence: float
    rule: str
    model: Optional[str] = None


def arbitrate(kind: str, inputs: dict[str, Any], rule_decision: Decision, ctx: Any) -> Decision:
    """Let the configured decider (if any) override a rule decision; the decider sees the rule's answer."""
    decider = getattr(getattr(ctx, "options", None), "decider", None)
    if decider is None or not hasattr(decider, "decide"):
        return rule_decision
    if getattr(ctx, "attempt", 0) and inputs.get("criterion_id"):  # ODR repair: did Observe flag this node?
        notes = [g.message for g in (getattr(ctx, "guidance", None) or [])
                 if g.criterion_id == inputs["criterion_id"]]
        inputs = {**inputs, "odr_failed": bool(notes), "odr_notes": notes}
    try:
        out = decider.decide(kind, inputs, rule_decision)
    except Exception:  # a failing model never breaks the rules path
        return rule_decision
    return out if isinstance(out, Decision) else rule_decision
