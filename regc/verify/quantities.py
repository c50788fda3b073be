"""Which threshold items of one unit denote the same quantity of a company (one Z3 variable for them).

The evaluator reads a quantity fact keyed by metric name into every criterion with that metric
(:func:`regc.runtime.kernel.index_facts`), so a company that reports one value per quantity gives the same value
to all of them.  The logical checks (:mod:`regc.verify.findings`) and ``regc diff`` ask about such companies:
items of a compiled plan (:func:`regc.runtime.evaluator.compile_plan`) share one variable when their normalised
metric names (:func:`regc.ir.units.norm_metric`), dimensions and periods are equal, the name is specific (not
:data:`regc.ir.units.GENERIC_METRICS`) and their criteria are not alternatives of one choice (the lowest common
ancestor is an OR, or an N_OF_K that does not require all its labelled children, and neither criterion sits under
one of its anchored children).  The relation is closed transitively; a generic name gets a variable per item.

>>> from regc.ir.models import Activity, ActSource, CriterionNode as N, Unit
>>> from regc.ir.models import Threshold, QuantitativeThreshold as QT, QuantItem as Q
>>> from regc.runtime.evaluator import compile_plan
>>> q = lambda m: Threshold(quantitative=QT(items=[Q(metric=m, operator="<=", value=6, unit="months")]))
>>> u = Unit(unit_id="X-1/SC", root=N(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[
...     N(criterion_id="1", evaluation_logic="OR", sub_criteria=[N(criterion_id="1(a)", threshold=q("w")),
...                                                              N(criterion_id="1(b)", threshold=q("w"))]),
...     N(criterion_id="2", threshold=q("Value"))]))
>>> plan = compile_plan(Activity(activity_id="X-1", name="x", source=ActSource(celex="c", format="eurlex-xhtml"),
...                              units=[u]))
>>> [(c.scope, [plan["nodes"][i]["cid"] for i, _j in c.members]) for c in quantity_classes(plan, "SC")]
[('2', ['2']), ('', ['1(a)']), ('1(b)', ['1(b)'])]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from regc.ir.units import is_generic_metric


@dataclass
class Quantity:
    """One company quantity: its variable name, the items ``(node index, item index)`` reading it and the
    criterion that scopes it in a witness (``""``: the unit-wide quantity of that metric)."""

    name: str
    members: list[tuple[int, int]] = field(default_factory=list)
    scope: str = ""


def _is_choice(node: dict) -> bool:
    if node["logic"] == "OR":
        return True
    return node["logic"] == "N_OF_K" and (node["n"] or 1) < len(node["kids"])


def _path(nodes: list[dict], i: int) -> list[int]:
    out = [i]
    while nodes[out[-1]]["parent"] is not None:
        out.append(nodes[out[-1]]["parent"])
    return out[::-1]


def alternatives(nodes: list[dict], a: int, b: int) -> bool:
    """Nodes ``a`` and ``b`` sit in different labelled children of a choice node (their lowest common
    ancestor); an anchored child is required together with any alternative, so it is never one."""
    pa, pb = _path(nodes, a), _path(nodes, b)
    k = 0
    while k < min(len(pa), len(pb)) and pa[k] == pb[k]:
        k += 1
    lca = nodes[pa[k - 1]]
    if not _is_choice(lca):
        return False
    return not any(len(p) > k and p[k] in lca["akids"] for p in (pa, pb))


def _classes(nodes: list[dict], members: list[int]) -> list[list[int]]:
    """Union of the nodes that are not alternatives of each other (first-seen order)."""
    root = {c: c for c in members}

    def find(x: int) -> int:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for k, a in enumerate(members):
        for b in members[k + 1:]:
            if find(a) != find(b) and not alternatives(nodes, a, b):
                root[find(b)] = find(a)
    out: dict[int, list[int]] = {}
    for c in members:
        out.setdefault(find(c), []).append(c)
    return list(out.values())


def quantity_classes(plan: dict, part: Optional[str] = None) -> list[Quantity]:
    """The quantities of one unit (``part``; None: every unit, each on its own) in pre-order of first use."""
    nodes = plan["nodes"]
    parts = [part] if part is not None else sorted({p for p, _r in plan["roots"]})
    out: list[Quantity] = []
    for pt in parts:
        groups: dict[tuple, list[int]] = {}
        for n in nodes:
            if n["anc"] or n["part"] != pt:
                continue
            for j, it in enumerate(n["q"]):
                if is_generic_metric(it[0]):
                    out.append(Quantity(f"q[{pt}|{n['cid']}#{j}]", [(n["i"], j)], n["cid"]))
                    continue
                g = groups.setdefault((it[0], it[5], it[6]), [])
                if n["i"] not in g:
                    g.append(n["i"])
        for (metric, dims, per), members in groups.items():
            for k, cls in enumerate(_classes(nodes, members)):
                scope = "" if k == 0 else nodes[cls[0]]["cid"]
                q = Quantity(f"q[{pt}|{metric}|{dims}|{per}|{scope}]", [], scope)
                for i in cls:
                    q.members += [(i, j) for j, it in enumerate(nodes[i]["q"]) if (it[0], it[5], it[6]) ==
                                  (metric, dims, per)]
                out.append(q)
    return out


def quantity_names(classes: list[Quantity]) -> dict[tuple[int, int], str]:
    """``(node, item) -> variable name`` for :class:`regc.verify.plan_logic.PlanEncoding`."""
    return {m: q.name for q in classes for m in q.members}
