"""Decision ``inheritance``: whose threshold a criterion inherits ("the level referred to in point X").  Shape, answer type and grounding: :mod:`regc.decisions.relations`.

>>> INHERITANCE.to_answer("1(a)").relation
'INHERITS_THRESHOLD'
"""

from __future__ import annotations

from typing import Any

from regc.decisions.relations import RelationDecision


class Inheritance(RelationDecision):
    name = "inheritance"
    relations = ("INHERITS_THRESHOLD",)
    edge = "INHERITS_THRESHOLD"

    def keeps(self, edge: Any, nodes: dict) -> bool:
        return edge.type == "INHERITS_THRESHOLD" and edge.from_ in nodes


INHERITANCE = Inheritance()
