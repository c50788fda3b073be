"""Decision ``xref_correction``: the id meant by a cited point that does not exist or does not fit (a CORRECTS edge).  Shape, answer type and grounding: :mod:`regc.decisions.relations`.

>>> XREF_CORRECTION.to_answer("1(a)").relation
'CROSS_REFERENCE'
"""

from __future__ import annotations

from typing import Any

from regc.decisions.relations import RelationDecision


class XrefCorrection(RelationDecision):
    name = "xref_correction"
    relations = ("DEPENDS_ON", "INHERITS_THRESHOLD", "CROSS_REFERENCE")
    edge = "CROSS_REFERENCE"

    def keeps(self, edge: Any, nodes: dict) -> bool:
        return edge.type == "CORRECTS" and edge.from_ in nodes


XREF_CORRECTION = XrefCorrection()
