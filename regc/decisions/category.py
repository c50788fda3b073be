"""Decision ``category``: ``Quantitative`` iff the node carries quantitative threshold items, else
``Qualitative`` (spec §6).

Rules only (``llm = False``): the category is derived from the thresholds already decided; there is nothing
left for a model to judge, so no signature is built and no decider is asked.

>>> CATEGORY.rule(CATEGORY.Inputs(quantitative_items=2)).value, CATEGORY.rule(CATEGORY.Inputs()).rule
('Quantitative', 'no-quantitative-items')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional

from regc.decisions.base import Decision, Verdict
from regc.ir.models import Threshold


def quantitative_items(threshold: Optional[Threshold]) -> int:
    return len(threshold.quantitative.items) if threshold and threshold.quantitative else 0


class Category(Decision):
    name = "category"
    pass_name = "classify"
    llm = False

    @dataclass(frozen=True)
    class Inputs:
        quantitative_items: int = 0

        @classmethod
        def of(cls, threshold: Optional[Threshold]) -> "Category.Inputs":
            return cls(quantitative_items(threshold))

    Output = str

    def rule(self, x: "Category.Inputs") -> Verdict[str]:
        q = x.quantitative_items > 0
        return Verdict("Quantitative" if q else "Qualitative", 1.0,
                       "quantitative-items" if q else "no-quantitative-items")

    def examples(self, act: Any) -> Iterable[tuple["Category.Inputs", str]]:
        for unit in act.units:
            for node in unit.root.walk():
                yield self.Inputs.of(node.threshold), node.category


CATEGORY = Category()
