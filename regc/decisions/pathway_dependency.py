"""Decision ``pathway_dependency``: the OR alternative an anchored paragraph depends on (Affirmation).  Shape, answer type and grounding: :mod:`regc.decisions.relations`.

>>> PATHWAY_DEPENDENCY.to_answer("1(a)").relation
'DEPENDS_ON'
"""

from __future__ import annotations

from typing import Any

from regc.decisions.relations import RelationDecision
from regc.ir.models import ANCHORED_ID


class PathwayDependency(RelationDecision):
    name = "pathway_dependency"

    def keeps(self, edge: Any, nodes: dict) -> bool:
        return edge.type == "DEPENDS_ON" and edge.from_ in nodes and bool(ANCHORED_ID.search(edge.from_))


PATHWAY_DEPENDENCY = PathwayDependency()
