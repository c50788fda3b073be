"""Decision ``xref_correction``: the id meant by a cited point that does not exist or does not fit (a CORRECTS edge).  Shape, answer type and grounding: :mod:`regc.decisions.relations`.

>>> XREF_CORRECTION.to_answer("1(a)").relation
'CROSS_REFERENCE'
"""

from __future__ import annotations

from typing import Any, Iterable

from regc.decisions.relations import RelationDecision


def wrong_citation(cited: str, meant: str, meant_ancestors: Iterable[str]) -> bool:
    """Spec §7 (ED3): CORRECTS only when the cited id cannot be the intended one.  A cited point whose subtree
    holds the meant node ("the emissions limit set out in point 1", the limit being in 1(a)) is a correct citation:
    the relation goes to the node that holds the limit, with no CORRECTS.

    >>> wrong_citation("1", "1(a)", ["1", "ROOT"]), wrong_citation("1(b)", "1(f)", ["1", "ROOT"])
    (False, True)
    """
    return cited != meant and cited not in set(meant_ancestors)


class XrefCorrection(RelationDecision):
    name = "xref_correction"
    relations = ("DEPENDS_ON", "INHERITS_THRESHOLD", "CROSS_REFERENCE")
    edge = "CROSS_REFERENCE"

    def keeps(self, edge: Any, nodes: dict) -> bool:
        return edge.type == "CORRECTS" and edge.from_ in nodes


XREF_CORRECTION = XrefCorrection()
