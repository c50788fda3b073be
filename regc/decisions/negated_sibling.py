"""Decision ``negated_sibling``: the sibling an OR alternative applies only without (Negation).  Shape, answer type and grounding: :mod:`regc.decisions.relations`.

>>> NEGATED_SIBLING.to_answer("1(a)").relation
'DEPENDS_ON'
"""

from __future__ import annotations

from typing import Any

from regc.decisions.relations import RelationDecision


class NegatedSibling(RelationDecision):
    name = "negated_sibling"

    def keeps(self, edge: Any, nodes: dict) -> bool:
        n = nodes.get(edge.from_)
        deps = getattr(n, "dependencies", None)
        return edge.type == "DEPENDS_ON" and deps is not None and \
            any(c.criterion_id == edge.to and c.status == "Negation" for c in deps.clauses)


NEGATED_SIBLING = NegatedSibling()
