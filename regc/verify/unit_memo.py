"""Units checked once per Z3 context: a unit whose plan is the same as one checked before (every field the logical
checks read, node indices counted from the unit's first node, and the metric, unit and period labels as written)
gets that unit's report under its own id.  The Taxonomy repeats its DNSH units across activities: in the
2021/2139 build 586 of 941 units repeat one checked earlier in their group of 16 files.

The reused report is the one Z3 gave for the first unit: the same findings (they depend on the plan alone: what
is satisfiable, never met, contradictory, redundant or dead), and its witnesses, which hold for the repeat as they
hold for the first (``regc.verify.witness_check`` evaluates each unit's own witness on its own plan); its
``solver_calls`` are those that answered the first, its solver time 0.  The memo
lives with the context (:func:`memo_of`), so what a file's report says does not depend on ``--jobs``.

>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode as N
>>> from regc.runtime.evaluator import compile_plan
>>> mk = lambda a: Unit(unit_id=f"{a}/SC", root=N(criterion_id="ROOT", sub_criteria=[N(criterion_id="1")]))
>>> plans = [compile_plan(Activity(activity_id=a, name="", units=[mk(a)],
...          source=ActSource(celex="c", format="eurlex-xhtml"))) for a in ("X-1", "X-2")]
>>> unit_key(plans[0], mk("X-1")) == unit_key(plans[1], mk("X-2"))
True
>>> memo = {}
>>> r1, r2 = (check_unit_memo(mk(a), p, memo=memo) for a, p in zip(("X-1", "X-2"), plans))
>>> r2.unit_id, r2.witness == r1.witness, r2.witness is r1.witness, len(memo)
('X-2/SC', True, False, 1)
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Optional

from regc.ir.models import Unit
from regc.verify.findings import LogicReport, check_unit_logic
from regc.verify.witness import item_labels

# the fields of a plan node the logical checks read (besides its index, parent, children and dependencies)
NODE_FIELDS = ("cid", "part", "logic", "n", "anc", "cond", "own", "q", "qlogic", "t", "tlogic", "bool_ok", "dmin")


def unit_key(plan: dict, unit: Unit) -> Optional[str]:
    """What the logical checks read of ``unit`` in ``plan``, with node indices counted from the unit's first
    node; None when a node refers outside the unit (never memoised)."""
    nodes = [n for n in plan["nodes"] if n["part"] == unit.part]
    pos = {n["i"]: k for k, n in enumerate(nodes)}
    out = []
    try:
        for n in nodes:
            par = n["parent"]
            out.append((tuple(n[f] for f in NODE_FIELDS), None if par is None else pos[par],
                        [pos[k] for k in n["kids"]], [pos[k] for k in n["akids"]], [pos[k] for k in n["all_kids"]],
                        [(pos[t] if t >= 0 else t, s) for t, s in n["deps"]]))
        root = pos[dict(plan["roots"])[unit.part]]
    except KeyError:
        return None
    labels = sorted((pos[i], j, v) for (i, j), v in item_labels(unit, plan).items())
    return repr((out, labels, root))


def check_unit_memo(unit: Unit, plan: dict, dead: bool = True, ctx: Any = None, solver: Any = None,
                    memo: Optional[dict] = None) -> LogicReport:
    """:func:`regc.verify.findings.check_unit_logic`, or the report of an identical unit checked before (its
    findings and witnesses copied, no solver time)."""
    key = None if memo is None else unit_key(plan, unit)
    if key is not None:
        key = (dead, key)
        hit = memo.get(key)
        if hit is not None:
            return reused(hit, unit.unit_id)
    rep = check_unit_logic(unit, dead=dead, plan=plan, ctx=ctx, solver=solver)
    if key is not None:
        memo[key] = rep
    return rep


def reused(rep: LogicReport, unit_id: str) -> LogicReport:
    """The report ``rep`` of a unit checked before, for the identical unit ``unit_id``: its findings and a copy
    of its witnesses, no solver time."""
    return dataclasses.replace(rep, unit_id=unit_id, witness=copy.deepcopy(rep.witness),
                               findings=[dataclasses.replace(f, witness=copy.deepcopy(f.witness))
                                         for f in rep.findings], encode_seconds=0.0, solve_seconds=0.0)


def first_of_key(keys: list[list[Optional[str]]]) -> dict[tuple[int, int], tuple[int, int]]:
    """For lists of unit keys (:func:`unit_key`, per file, in the build's order): each repeated unit
    ``(file, unit)`` -> the first unit with its key (None, a unit never memoised, repeats nothing).

    >>> first_of_key([["a", None], ["b", "a"], [None, "b", "a"]])
    {(1, 1): (0, 0), (2, 1): (1, 0), (2, 2): (0, 0)}
    """
    first: dict[str, tuple[int, int]] = {}
    out: dict[tuple[int, int], tuple[int, int]] = {}
    for f, ks in enumerate(keys):
        for u, k in enumerate(ks):
            if k is None:
                continue
            hit = first.setdefault(k, (f, u))
            if hit != (f, u):
                out[(f, u)] = hit
    return out


def new_solver(ctx: Any) -> Any:
    """The solver the units of one activity file share (``check_unit_logic(..., solver=)`` pushes a scope per
    unit and pops it): one solver's set-up and deletion per file instead of per unit."""
    import z3

    return z3.SimpleSolver(ctx=ctx)


def memo_of(ctx: Any) -> dict:
    """The memo of context ``ctx`` (made on first use; :func:`regc.verify.plan_logic.release` drops it)."""
    hit = getattr(ctx, "_regc_memo", None)
    if hit is None:
        hit = ctx._regc_memo = {}
    return hit
