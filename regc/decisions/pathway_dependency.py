"""Decision ``pathway_dependency``: the OR alternative an anchored paragraph depends on (Affirmation) — the child
of the nearest OR / N_OF_K ancestor on its path, none for a section-wide paragraph.  Shape, answer type and
grounding: :mod:`regc.decisions.relations`.

>>> path = (("1(a)", "AND", True), ("1", "OR", True))  # (ancestor, its parent's logic, participates there)
>>> PATHWAY_DEPENDENCY.rule(PathInputs("Emissions are verified.", ("1", "1(a)"), path=path)).value
'1'
>>> PATHWAY_DEPENDENCY.to_answer("1(a)").relation
'DEPENDS_ON'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

from regc.decisions.base import Verdict
from regc.decisions.relations import RelationDecision, RelationInputs
from regc.ir.models import ANCHORED_ID


@dataclass(frozen=True)
class PathInputs(RelationInputs):
    # from the paragraph's anchor upwards: (ancestor id, logic of its parent, whether it participates in it)
    path: tuple = ()
    section_wide: bool = False


def alternative_on_path(path: Sequence[tuple[str, str, bool]], section_wide: bool = False) -> Optional[str]:
    """The first ancestor on ``path`` that is a participating child of an OR / N_OF_K node."""
    if section_wide:
        return None
    for cid, parent_logic, participates in path:
        if parent_logic in ("OR", "N_OF_K") and participates:
            return cid
    return None


def path_of(cid: str, nodes: dict[str, Any], parents: dict[str, Optional[str]]
            ) -> tuple[tuple[str, str, bool], ...]:
    """From the node's anchor upwards: (ancestor, its parent's logic, whether it participates in its parent)."""
    out = []
    cur = parents.get(cid)  # the anchor
    while cur is not None and parents.get(cur) is not None:
        par = nodes[parents[cur]]
        out.append((cur, par.evaluation_logic, cur in {c.criterion_id for c in par.participating_children()}))
        cur = parents[cur]
    return tuple(out)


class PathwayDependency(RelationDecision):
    name = "pathway_dependency"
    Inputs = PathInputs
    rule_needs_pass = False  # the rule reads the typed path

    def rule(self, x: PathInputs) -> Verdict[Optional[str]]:
        alt = alternative_on_path(x.path, x.section_wide)
        return Verdict(alt, 0.9, "pathway-anchor") if alt else Verdict(None, 0.9, "no-or-alternative-on-path")

    def examples(self, act: Any) -> Iterable[tuple[PathInputs, Optional[str]]]:
        """Every anchored paragraph of the gold: its path and the alternative its DEPENDS_ON edge names."""
        for unit in act.units:
            pairs = list(unit.root.walk_with_parent())
            nodes = {n.criterion_id: n for n, _ in pairs}
            parents = {n.criterion_id: (p.criterion_id if p is not None else None) for n, p in pairs}
            for cid, node in nodes.items():
                if not ANCHORED_ID.search(cid):
                    continue
                gold = next((e.to for e in unit.edges if e.type == "DEPENDS_ON" and e.from_ == cid), None)
                yield PathInputs(node.verbatim_text, tuple(sorted(set(nodes) - {cid, "ROOT"})),
                                 path=path_of(cid, nodes, parents)), gold


PATHWAY_DEPENDENCY = PathwayDependency()
