"""What the threshold finder returns: claims, hits and the decision."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Optional

from regc.ir.models import QuantItem, TemporalItem, Threshold

Strategy = Literal["default", "drop_ungrounded", "wide"]


@dataclass(frozen=True)
class Claim:
    """A character span of the text explained by one reading (so its numbers are not 'unclaimed')."""

    start: int
    end: int
    kind: str  # threshold | scope | period | date | recurrence | citation | label | reference | word
    text: str = ""


@dataclass
class QuantHit:
    item: QuantItem
    start: int  # span of the whole phrase (operator .. unit)
    end: int
    number_text: str
    rule: str
    scope: bool = False
    value_start: int = 0
    period_rule: str = ""  # the rule that gave the item its period ("period:over", ...), if any


@dataclass
class TemporalHit:
    item: TemporalItem
    start: int
    end: int
    rule: str
    parts: tuple[str, ...] = ()  # the source numbers/words of the date(s), for grounding


@dataclass
class ThresholdDecision:
    """What :func:`decide` returns (and what an LLM arbiter must return too)."""

    threshold: Optional[Threshold]
    confidence: float
    quantities: list[QuantHit] = field(default_factory=list)
    temporals: list[TemporalHit] = field(default_factory=list)
    scope_conditions: list[QuantHit] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    unclaimed: list[Claim] = field(default_factory=list)  # numbers nothing explains
    rules: list[str] = field(default_factory=list)
    # date phrases of successive regimes held by one node ("until 2028, at least 35 % …. From 2028, at least
    # 65 % …"): items cannot carry dates in the IR, so these bounds are not put on the node (see decide)
    regimes: list[str] = field(default_factory=list)

    def editable(self) -> "ThresholdDecision":
        """A copy a caller may edit: a new Threshold (validated from its dump) and new lists; the hits in them are
        shared.  Built by the constructor from the fields (``dataclasses.replace`` costs ~3x as much).

        >>> d = ThresholdDecision(None, 1.0, rules=["r"]); e = d.editable(); e.rules.append("s")
        >>> d.rules, e.rules, d.editable() == d
        (['r'], ['r', 's'], True)
        """
        d = dict(self.__dict__)
        for name in ("quantities", "temporals", "scope_conditions", "claims", "unclaimed", "rules", "regimes"):
            d[name] = list(d[name])
        if self.threshold is not None:
            d["threshold"] = Threshold.model_validate(self.threshold.model_dump())
        return ThresholdDecision(**d)
