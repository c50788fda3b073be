"""What the numeric-limit rules see: the walk's state (:class:`QuantCtx`), one number with its unit and window
(:class:`NumberSite`) and the operator reading of that number (:class:`Reading`).

>>> ctx = QuantCtx("emissions are lower than 100 g CO2e/kWh", [])
>>> ctx.text[25:28], ctx.hits, ctx.scopes
('100', [], [])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from regc.grammar.thresholds.results import Claim, QuantHit, Strategy
from regc.grammar.thresholds.units import UnitParse
from regc.grammar.prefilter import prefilter_namespace


@dataclass
class QuantCtx:
    """The state of one walk over a text: its inputs (chapeau operator, metric and subject, the limit operator of
    the text or chapeau), the hits and scope conditions found so far and the periods claimed."""

    text: str
    claims: list[Claim]
    parent_op: Optional[str] = None
    strategy: Strategy = "default"
    parent_metric: str = ""
    parent_subject: str = ""
    limit_op: Optional[str] = None
    parent_excludes: bool = False  # the chapeau declares its items not compliant ("The following … are not compliant:")
    hits: list[QuantHit] = field(default_factory=list)
    scopes: list[QuantHit] = field(default_factory=list)
    periods: list[tuple[int, int, object, str]] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._by_unit: dict[str, QuantHit] = {}
        self._last_target: Optional[QuantHit] = None
        self._hit_ends: list[int] = []

    def add_hit(self, hit: QuantHit) -> None:
        """Record a limit (in text order of discovery)."""
        import bisect

        self.hits.append(hit)
        self._by_unit[hit.item.unit] = hit
        if hit.rule == "quantity:target":
            self._last_target = hit
        bisect.insort(self._hit_ends, hit.end)

    def last_hit_with_unit(self, unit: str) -> Optional[QuantHit]:
        """The latest recorded limit in ``unit`` (the one a coordinated value continues)."""
        return self._by_unit.get(unit)

    def last_target(self) -> Optional[QuantHit]:
        return self._last_target

    def last_hit_end_before(self, pos: int) -> Optional[int]:
        """The largest end of a recorded limit that ends at or before ``pos``."""
        import bisect

        i = bisect.bisect_right(self._hit_ends, pos)
        return self._hit_ends[i - 1] if i else None


@dataclass
class NumberSite:
    """One number of the text that no claim explains, with its unit and the window its operator may lie in."""

    s: int
    e: int
    num_text: str
    unit: Optional[UnitParse]
    unit_text: str
    uend: int  # end of the unit words (== e without a unit)
    wstart: int  # start of the operator window



@dataclass
class Reading:
    """The operator reading of a number: operator/value/unit from ``threshold.lark`` and the rule that gave it."""

    operator: Optional[str]
    value: int | float
    unit_norm: str
    rule: str
    start: int  # start of the whole phrase (operator or negation .. unit)
    end: int
    op: Optional[tuple] = None  # (terminal, start, end, filler) of the operator phrase
    op_text: Optional[str] = None
    filler: str = ""
    rel: Optional[re.Match] = None  # "… % lower than"
    ormore: Optional[re.Match] = None  # "… or more"
    orless: Optional[re.Match] = None  # "… or less"
    prev: Optional[QuantHit] = None  # the latest limit in the same unit

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
