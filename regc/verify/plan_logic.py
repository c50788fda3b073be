"""Z3 encoding of the evaluator's compiled plan: the program ``regc eval`` runs, written once as constraints.

:func:`regc.runtime.evaluator.compile_plan` turns an activity into plain data (labelled and anchored children,
AND/OR/N_OF_K, dependency clauses resolved to node indices, NOT_APPLICABLE conditions, effective periods,
quantitative items with units resolved by :mod:`regc.ir.units`).  This module reads that same plan and states
the kernel's rules (:mod:`regc.runtime.kernel`: Kleene AND/OR/N_OF_K dropping NOT_APPLICABLE, anchored children
on top, dependency clauses, ``applies: false``, effective dates, NOT_APPLICABLE propagated down) over a
four-valued Z3 enumeration, so a proof about the encoding is a proof about the evaluator.

Inputs (one per fact the evaluator can read): ``has[i]`` (a fact is given for node ``i``), ``met[i]``
(qualitative), ``x[i.j]`` (item ``j``'s quantity in SI base units; items of one node with the same metric,
dimension and period read the same quantity, as :func:`kernel.eval_items` does), ``date[i]`` (days since 1970-01-01),
``off[i]`` (``applies: false``) and ``as_of`` (days).  ``V[i]`` is node ``i``'s verdict as computed,
``R[i]`` the reported one (NOT_APPLICABLE inside a NOT_APPLICABLE ancestor), ``verdict`` the activity's.

:func:`inputs_of` maps facts as the evaluator reads them onto these inputs; :func:`plan_verdicts` evaluates the
encoding on them (``tests/test_plan_logic.py`` checks on random profiles over every compiled corpus act that
the two agree on every criterion); :func:`passing_profile` asks Z3 for inputs under which a unit passes.

>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode
>>> from regc.runtime.evaluator import compile_plan
>>> act = Activity(activity_id="X-1", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
...     units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="OR",
...            sub_criteria=[CriterionNode(criterion_id="P1"), CriterionNode(criterion_id="P2")]))])
>>> plan = compile_plan(act)
>>> plan_verdicts(plan, {1: {"has": True, "met": False}, 2: {"has": True, "met": True}}, None)["verdict"]
'PASS'
"""

from __future__ import annotations

import datetime as _dt
from fractions import Fraction
from typing import Any, Optional

import z3

from regc.runtime import kernel
from regc.verify.concrete import part_ids

EPOCH = _dt.date(1970, 1, 1)


def verdict_sort(ctx: Optional[z3.Context] = None) -> tuple[Any, tuple[Any, Any, Any, Any]]:
    """The four-valued verdict sort of ``ctx`` (default: Z3's main context) and its PASS, FAIL, UNKNOWN,
    NOT_APPLICABLE, made once per context.  ``regc check`` encodes each activity file in a context of its own,
    so what Z3 answers about a unit does not depend on what was asked before (or in another worker)."""
    ctx = ctx or z3.main_ctx()
    hit = getattr(ctx, "_regc_verdict", None)
    if hit is None:
        hit = z3.EnumSort("PlanVerdict", ["PASS", "FAIL", "UNKNOWN", "NOT_APPLICABLE"], ctx=ctx)
        ctx._regc_verdict = hit  # type: ignore[attr-defined]
    return hit


def release(ctx: z3.Context) -> None:
    """Drop the verdict sort :func:`verdict_sort` and the memo of checked units (:mod:`regc.verify.unit_memo`)
    kept on ``ctx`` (the sort refers back to the context, which would then live until the next garbage
    collection): call it when done with a context."""
    ctx.__dict__.pop("_regc_verdict", None)
    ctx.__dict__.pop("_regc_memo", None)


Verdict, (PASS, FAIL, UNKNOWN, NA) = verdict_sort()
NAMES = {str(PASS): kernel.PASS, str(FAIL): kernel.FAIL, str(UNKNOWN): kernel.UNKNOWN, str(NA): kernel.NA}


def days(d: _dt.date) -> int:
    """Days since 1970-01-01.  >>> days(_dt.date(1970, 1, 11))
    10"""
    return (d - EPOCH).days


# ---------------------------------------------------------------------------------------------------------------
# term builders: the Z3 C API called directly (the same terms as z3.If / == / And / Or / Not / Bool, without the
# Python API's sort checks and coercions, which cost more than the solving here)


def _ite(c: Any, a: Any, b: Any) -> Any:
    """``z3.If(c, a, b)`` for ``a``, ``b`` of one sort (and context)."""
    return a.__class__(z3.Z3_mk_ite(c.ctx.ref(), c.as_ast(), a.as_ast(), b.as_ast()), c.ctx)


def _eq(a: Any, b: Any) -> Any:
    return z3.BoolRef(z3.Z3_mk_eq(a.ctx.ref(), a.as_ast(), b.as_ast()), a.ctx)


def _ne(a: Any, b: Any) -> Any:
    args = (z3.Ast * 2)(a.as_ast(), b.as_ast())
    return z3.BoolRef(z3.Z3_mk_distinct(a.ctx.ref(), 2, args), a.ctx)


def _nary(fn: Any, xs: list) -> Any:
    args = (z3.Ast * len(xs))(*[x.as_ast() for x in xs])
    return z3.BoolRef(fn(xs[0].ctx.ref(), len(xs), args), xs[0].ctx)


def _and(xs: list) -> Any:
    return _nary(z3.Z3_mk_and, xs)


def _or(xs: list) -> Any:
    return _nary(z3.Z3_mk_or, xs)


def _not(x: Any) -> Any:
    return z3.BoolRef(z3.Z3_mk_not(x.ctx.ref(), x.as_ast()), x.ctx)


def _implies(a: Any, b: Any) -> Any:
    """``z3.Implies(a, b)`` for Boolean terms."""
    return z3.BoolRef(z3.Z3_mk_implies(a.ctx.ref(), a.as_ast(), b.as_ast()), a.ctx)


def assert_all(solver: z3.Solver, exprs: Any) -> None:
    """``solver.add(*exprs)``: the same assertions in the same order, Boolean terms straight through the C API
    (``Solver.add`` casts each to Bool first, which for a Boolean term returns it unchanged).  Asserting may make
    terms inside Z3, so what Z3 answers depends on whether a term was made before or after an assertion: keep
    the order of making and asserting that a caller had with ``add``."""
    ref, handle = solver.ctx.ref(), solver.solver
    for e in exprs:
        if isinstance(e, z3.BoolRef):
            z3.Z3_solver_assert(ref, handle, e.as_ast())
        else:
            solver.add(e)


def _bool(name: str, ctx: z3.Context, sort: Any) -> Any:
    """``z3.Bool(name, ctx)`` (``sort``: the context's BoolSort)."""
    return z3.BoolRef(z3.Z3_mk_const(ctx.ref(), z3.to_symbol(name, ctx), sort.ast), ctx)


def _const(name: str, sort: Any) -> Any:
    """``z3.Const(name, sort)`` for a verdict (datatype) sort."""
    return z3.DatatypeRef(z3.Z3_mk_const(sort.ctx.ref(), z3.to_symbol(name, sort.ctx), sort.ast), sort.ctx)


# ---------------------------------------------------------------------------------------------------------------
# Kleene combination (kernel.k_and / k_or / k_nofk)


def k_and(vs: list) -> Any:
    if not vs:
        return NA
    if len(vs) == 1:  # Kleene AND of one verdict is that verdict
        return vs[0]
    _s, (p, f, u, na) = verdict_sort(vs[0].ctx)
    return _ite(_and([_eq(v, na) for v in vs]), na,
                _ite(_or([_eq(v, f) for v in vs]), f, _ite(_or([_eq(v, u) for v in vs]), u, p)))


def k_or(vs: list) -> Any:
    if not vs:
        return NA
    if len(vs) == 1:
        return vs[0]
    _s, (p, f, u, na) = verdict_sort(vs[0].ctx)
    return _ite(_and([_eq(v, na) for v in vs]), na,
                _ite(_or([_eq(v, p) for v in vs]), p, _ite(_or([_eq(v, u) for v in vs]), u, f)))


def k_nofk(vs: list, n: int) -> Any:
    def count(pred) -> Any:
        return z3.Sum([z3.If(pred(v), 1, 0) for v in vs])

    if not vs:
        return NA
    _s, (p, f, u, na) = verdict_sort(vs[0].ctx)
    applicable, passed, unknown = count(lambda v: v != na), count(lambda v: v == p), count(lambda v: v == u)
    return z3.If(applicable == 0, na, z3.If(passed >= n, p, z3.If(passed + unknown >= n, u, f)))


def k_combine(logic: str, vs: list, n: Optional[int]) -> Any:
    if logic == "OR":
        return k_or(vs)
    if logic == "N_OF_K":
        return k_nofk(vs, n or 1)
    return k_and(vs)


def _cmp(op: str, a: Any, b: Any) -> Any:
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "=": a == b}[op]


# ---------------------------------------------------------------------------------------------------------------
# encoding


def x_names(nodes: list[dict], ids: list[int], quantity: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """The variable name of each item ``(i, j)`` of nodes ``ids`` (without an encoding's prefix): ``quantity``'s,
    else one per node, metric, dimension and period (as :func:`kernel.eval_items` reads them).

    >>> x_names([{"q": [("w", "<", 0, "", 1, "mass", None), ("w", ">", 0, "", 1, "mass", None)]}], [0], {})
    {(0, 0): 'x[0.0]', (0, 1): 'x[0.0]'}
    """
    out: dict[tuple[int, int], str] = {}
    for i in ids:
        first: dict[tuple, int] = {}
        for j, it in enumerate(nodes[i]["q"]):  # items of one metric, dimension and period read one quantity
            j0 = first.setdefault((it[0], it[5], it[6]), j)
            out[(i, j)] = quantity.get((i, j)) or f"x[{i}.{j0}]"
    return out


class PlanEncoding:
    """Constraints ``V[i] == <kernel rule>`` for every participating node of one compiled plan.

    ``part`` encodes one unit only ("SC", "DNSH-CE"; dependencies never leave a unit); ``quantity`` names the
    variable of item ``(i, j)`` (items with one name read one quantity; default: the items of one node with the
    same metric, dimension and period, as the evaluator reads them); ``inputs_from`` reuses another encoding's
    input variables (two copies of one unit over the same facts); ``ctx``: the Z3 context of every term (default:
    the main one; that of ``inputs_from``)."""

    def __init__(self, plan: dict, prefix: str = "", part: Optional[str] = None,
                 quantity: Optional[dict[tuple[int, int], str]] = None,
                 inputs_from: Optional["PlanEncoding"] = None, ctx: Optional[z3.Context] = None):
        self.ctx = inputs_from.ctx if inputs_from is not None else (ctx or z3.main_ctx())
        self.Verdict, (self.PASS, self.FAIL, self.UNKNOWN, self.NA) = verdict_sort(self.ctx)
        self._B = z3.BoolSort(self.ctx)
        self.plan = plan
        self.nodes = plan["nodes"]
        self.part = part
        self.ids = part_ids(self.nodes, part)
        p = prefix
        self.prefix = p
        self.V = {i: _const(f"{p}V[{i}]", self.Verdict) for i in self.ids}
        if inputs_from is not None:
            src = inputs_from
            self.as_of, self.has_as_of, self.has, self.met = src.as_of, src.has_as_of, src.has, src.met
            self.off, self.date, self.x, self.xname = src.off, src.date, src.x, src.xname
        else:
            self._inputs(p, quantity or {})
        self.defs = {i: self._node(self.nodes[i]) for i in self.V}
        self._reported: Optional[tuple[dict, list, Any]] = None

    def _report(self) -> tuple[dict, list, Any]:
        """``R``, the constraints and the activity's verdict (built on first use: the logical checks of one
        unit ask about ``V`` only)."""
        if self._reported is None:
            R = {i: z3.Const(f"{self.prefix}R[{i}]", self.Verdict) for i in self.ids}
            cons: list = [_eq(self.V[i], self.defs[i]) for i in self.V]
            for i in self.ids:  # pre-order: a node inside a NOT_APPLICABLE one is NOT_APPLICABLE
                par = self.nodes[i]["parent"]
                cons.append(_eq(R[i], self.V[i] if par is None else _ite(_eq(R[par], self.NA), self.NA, self.V[i])))
            roots = [r for pt, r in self.plan["roots"] if self.part is None or pt == self.part]
            self._reported = (R, cons, k_and([R[r] for r in roots]) if roots else self.UNKNOWN)
        return self._reported

    @property
    def R(self) -> dict:
        """Each node's reported verdict (NOT_APPLICABLE inside a NOT_APPLICABLE ancestor)."""
        return self._report()[0]

    @property
    def constraints(self) -> list:
        """``V[i] == <rule>`` and ``R[i] == <reported>`` for every node."""
        return self._report()[1]

    @property
    def verdict(self) -> Any:
        return self._report()[2]

    def _inputs(self, p: str, quantity: dict[tuple[int, int], str]) -> None:
        self.as_of = z3.Int(f"{p}as_of", self.ctx)
        self.has_as_of = _bool(f"{p}has_as_of", self.ctx, self._B)
        self.has, self.met, self.off, self.date = {}, {}, {}, {}
        self.x: dict[tuple[int, int], Any] = {}
        self.xname: dict[tuple[int, int], str] = {}  # the name of x[(i, j)]
        names = x_names(self.nodes, self.ids, quantity)
        for i in self.ids:
            n = self.nodes[i]
            self.has[i] = _bool(f"{p}has[{i}]", self.ctx, self._B)
            self.met[i] = _bool(f"{p}met[{i}]", self.ctx, self._B)
            if n["cond"]:
                self.off[i] = _bool(f"{p}off[{i}]", self.ctx, self._B)
            if any(t[0] in ("deadline", "recurring") for t in n["t"]):
                self.date[i] = z3.Int(f"{p}date[{i}]", self.ctx)
            for j in range(len(n["q"])):
                self.xname[(i, j)] = p + names[(i, j)]
                self.x[(i, j)] = z3.Real(self.xname[(i, j)], self.ctx)

    def copy_verdicts(self, prefix: str) -> tuple[dict, dict]:
        """``(V, defs)`` of a second copy of the node verdicts over the same inputs (``defs`` by substitution:
        cheaper than encoding the plan again)."""
        V2 = {i: _const(f"{prefix}V[{i}]", self.Verdict) for i in self.V}
        n = len(self.V)
        src = (z3.Ast * n)(*[v.as_ast() for v in self.V.values()])
        dst = (z3.Ast * n)(*[V2[i].as_ast() for i in self.V])
        return V2, {i: d.__class__(z3.Z3_substitute(self.ctx.ref(), d.as_ast(), n, src, dst), self.ctx)
                    for i, d in self.defs.items()}

    # -- own requirement (kernel.own_verdict, for well-formed facts) ------------------------------------------
    def _own(self, n: dict) -> Any:
        i = n["i"]
        parts = []
        if n["q"]:
            cmps = [_cmp(it[1], self.x[(i, j)], z3.RealVal(Fraction(it[4]), self.ctx)) for j, it in enumerate(n["q"])]
            ok = z3.Or(cmps) if n["qlogic"] == "OR" else z3.And(cmps)
            parts.append(_ite(ok, self.PASS, self.FAIL))
        dated = [t for t in n["t"] if t[0] in ("deadline", "recurring")]
        if dated:
            vs = []
            for t in dated:
                if t[0] == "deadline":
                    vs.append(_ite(self.date[i] <= days(_dt.date.fromisoformat(t[1])), self.PASS, self.FAIL))
                else:
                    age = self.as_of - self.date[i]
                    limit = float(t[4]) * kernel._PERIOD_DAYS[t[5]]
                    within = z3.And(age >= 0, z3.ToReal(age) <= z3.RealVal(Fraction(limit), self.ctx))
                    vs.append(z3.If(z3.Not(self.has_as_of), self.UNKNOWN, z3.If(within, self.PASS, self.FAIL)))
            parts.append(k_or(vs) if n["tlogic"] == "OR" else k_and(vs))
        if not parts:  # qualitative: true/false
            return _ite(self.has[i], _ite(self.met[i], self.PASS, self.FAIL), self.UNKNOWN)
        return _ite(self.has[i], k_and(parts), self.UNKNOWN)

    # -- one node (kernel.node_verdict / eval_node) -------------------------------------------------------------
    def _node(self, n: dict) -> Any:
        i = n["i"]
        own = self._own(n) if n["own"] else None
        kids = k_combine(n["logic"], [self.V[c] for c in n["kids"]], n["n"]) if n["kids"] else None
        parts = [x for x in (own, kids) if x is not None]
        v = k_and(parts) if parts else self.UNKNOWN
        if n["akids"]:
            v = _ite(_eq(v, self.NA), self.NA, k_and([v, k_and([self.V[c] for c in n["akids"]])]))
        out = v
        # undecided dependency -> self.UNKNOWN (unless NOT_APPLICABLE)
        dep_ok, dep_unknown = self._deps(n)
        if dep_unknown is not None:
            out = _ite(_and([dep_unknown, _ne(out, self.NA)]), self.UNKNOWN, out)
        # effective dates without an assessment date -> self.UNKNOWN (unless NOT_APPLICABLE)
        eff = [t for t in n["t"] if t[0] in ("effective_from", "effective_until", "window")]
        if eff:
            out = _ite(_and([_not(self.has_as_of), _ne(out, self.NA)]), self.UNKNOWN, out)
        if dep_ok is not None:
            out = _ite(dep_ok, out, self.NA)
        if eff:
            outside = []  # per item: the assessment date lies outside it
            for t in eff:
                lo = t[1] if t[0] == "effective_from" else t[2] if t[0] == "window" else None
                hi = t[1] if t[0] == "effective_until" else t[3] if t[0] == "window" else None
                bounds = []
                if lo:
                    bounds.append(self.as_of < days(_dt.date.fromisoformat(lo)))
                if hi:
                    bounds.append(self.as_of > days(_dt.date.fromisoformat(hi)))
                if bounds:
                    outside.append(_or(bounds))
            if outside:  # successive regimes (temporal OR): not in force only outside every one of them
                gone = _and(outside) if n["tlogic"] == "OR" else _or(outside)
                out = _ite(_and([self.has_as_of, gone]), self.NA, out)
        if i in self.off:
            out = _ite(_and([self.has[i], self.off[i]]), self.NA, out)
        return out

    def _deps(self, n: dict) -> tuple[Optional[Any], Optional[Any]]:
        """(clauses can hold: true + unknown >= dmin, undecided: true < dmin) or (None, None)."""
        if not n["deps"]:
            return None, None
        true, unknown = [], []
        for target, status in n["deps"]:
            if target < 0:
                unknown.append(z3.BoolVal(True, self.ctx))
                continue
            tv = self.V[target]
            unknown.append(tv == self.UNKNOWN)
            holds = (tv == self.PASS) if status == "Affirmation" else (tv != self.PASS)
            true.append(z3.And(tv != self.UNKNOWN, holds))
        n_true = z3.Sum([z3.If(b, 1, 0) for b in true]) if true else z3.IntVal(0, self.ctx)
        n_unknown = z3.Sum([z3.If(b, 1, 0) for b in unknown]) if unknown else z3.IntVal(0, self.ctx)
        return n_true + n_unknown >= n["dmin"], n_true < n["dmin"]


# ---------------------------------------------------------------------------------------------------------------
# facts -> inputs, evaluation, witnesses


def inputs_of(plan: dict, facts: dict) -> dict[int, dict]:
    """Facts as the evaluator read them (:func:`kernel.index_facts`: node index -> Fact) -> encoding inputs.

    Only well-formed facts are expressible (a fact with errors, or a boolean for a quantitative criterion, is an
    input error in the evaluator): a ValueError says so."""
    out: dict[int, dict] = {}
    for i, f in facts.items():
        n = plan["nodes"][i]
        if n["anc"]:
            continue
        if f.errors:
            raise ValueError(f"node {n['id']}: the fact has errors: {f.errors[0]}")
        d: dict[str, Any] = {"has": True, "off": f.applies is False}
        if f.applies is False:
            if not n["cond"]:
                raise ValueError(f"node {n['id']}: 'applies: false' for a Mandatory criterion")
            out[i] = d
            continue
        if f.met is not None and not n["own"]:
            raise ValueError(f"node {n['id']}: true/false for a criterion without an own requirement")
        if n["own"] and f.date is None and any(t[0] in ("deadline", "recurring") for t in n["t"]):
            raise ValueError(f"node {n['id']}: a dated criterion without a date")
        if f.met is not None:
            if n["q"] or any(t[0] in ("deadline", "recurring") for t in n["t"]):
                raise ValueError(f"node {n['id']}: true/false for a quantitative or dated criterion")
            d["met"] = f.met
        if n["own"] and n["q"]:
            detail: list = []
            kernel.eval_items(n["q"], n["qlogic"], f, detail)
            xs = {}
            for j, (_it, q, _v, _note) in enumerate(detail):
                if q is None:
                    raise ValueError(f"node {n['id']}: no usable quantity for item {j}")
                xs[j] = q.base
            d["x"] = xs
        if f.date is not None:
            d["date"] = days(f.date)
        out[i] = d
    return out


def _bindings(enc: PlanEncoding, inputs: dict[int, dict], as_of: Optional[_dt.date]) -> list:
    eqs = [enc.has_as_of == (as_of is not None), enc.as_of == (days(as_of) if as_of else 0)]
    for i in enc.V:
        d = inputs.get(i, {})
        eqs.append(enc.has[i] == bool(d.get("has")))
        eqs.append(enc.met[i] == bool(d.get("met")))
        if i in enc.off:
            eqs.append(enc.off[i] == bool(d.get("off")))
        if i in enc.date:
            eqs.append(enc.date[i] == int(d.get("date", 0)))
        for j in range(len(enc.nodes[i]["q"])):
            eqs.append(enc.x[(i, j)] == z3.RealVal(Fraction((d.get("x") or {}).get(j, 0.0))))
    return eqs


def plan_verdicts(plan: dict, inputs: dict[int, dict], as_of: Optional[_dt.date],
                  enc: Optional[PlanEncoding] = None, solver: Optional[z3.Solver] = None) -> dict:
    """The encoding's verdicts for given inputs: ``{"verdict", "criteria": {id: verdict}}`` (reported ids as in
    the evaluator's result).  Pass ``enc``/``solver`` (with ``enc.constraints`` added) to reuse them."""
    enc = enc or PlanEncoding(plan)
    if solver is None:
        solver = z3.Solver()
        solver.add(enc.constraints)
    solver.push()
    solver.add(_bindings(enc, inputs, as_of))
    r = solver.check()
    if r != z3.sat:
        solver.pop()
        raise RuntimeError(f"{plan['activity']}: encoding is {r} for the given inputs")
    m = solver.model()
    crit = {n["id"]: NAMES[str(m.eval(enc.R[n["i"]], model_completion=True))]
            for n in enc.nodes if n["report"] and n["i"] in enc.R}
    verdict = NAMES[str(m.eval(enc.verdict, model_completion=True))]
    solver.pop()
    return {"verdict": verdict, "criteria": crit}


def passing_profile(plan: dict, part: Optional[str] = None) -> Optional[dict]:
    """Inputs under which the activity (or its unit ``part``) passes, from Z3; None when none exists.

    The profile states an assessment date, so a PASS never rests on a missing one."""
    return passing_profiles(plan, [part])[part]


def passing_profiles(plan: dict, parts: list[Optional[str]]) -> dict[Optional[str], Optional[dict]]:
    """:func:`passing_profile` for several units (``None``: the whole activity) over one encoding and solver."""
    enc = PlanEncoding(plan)
    s = z3.Solver()
    s.add(enc.constraints)
    s.add(enc.has_as_of)
    roots = dict(plan["roots"])
    out: dict[Optional[str], Optional[dict]] = {}
    for part in parts:
        goal = enc.verdict if part is None else enc.R[roots[part]]
        s.push()
        s.add(goal == PASS)
        out[part] = _profile(enc, s.model()) if s.check() == z3.sat else None
        s.pop()
    return out


def _profile(enc: PlanEncoding, m: z3.ModelRef) -> dict:
    out: dict[str, Any] = {}
    for n in enc.nodes:
        i = n["i"]
        if i not in enc.V or not z3.is_true(m.eval(enc.has[i], model_completion=True)):
            continue
        if i in enc.off and z3.is_true(m.eval(enc.off[i], model_completion=True)):
            out[n["id"]] = {"applies": False}
        elif n["own"] and n["q"]:
            out[n["id"]] = [f"{it[0]}: {m.eval(enc.x[(i, j)], model_completion=True).as_decimal(9)} (SI base units)"
                            for j, it in enumerate(n["q"])]
        elif n["own"]:
            out[n["id"]] = z3.is_true(m.eval(enc.met[i], model_completion=True))
    return out
