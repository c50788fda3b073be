"""Company profiles read from a Z3 model of a plan encoding (:mod:`regc.verify.plan_logic`) or from a concrete
profile (:mod:`regc.verify.concrete`), as ``regc check`` and ``regc diff`` print them: criteria met, whether Conditional criteria apply, metric values in the threshold's
own unit, event dates and the assessment date.

>>> format_profile({"criteria": {"1": True, "2": False}, "applies": {"3": False},
...                 "metrics": {"x [g CO2e/kWh]": 50}, "dates": {"assessment": "2026-01-01"}})
'met: 1; not met: 2; applies: 3=no; x [g CO2e/kWh] = 50; assessment = 2026-01-01'
"""

from __future__ import annotations

import datetime as _dt
from fractions import Fraction
from typing import Any, Optional

import z3

from regc.ir.models import Unit
from regc.verify.plan_logic import EPOCH, PlanEncoding
from regc.verify.quantities import Quantity


def _num(v) -> Any:
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_rational_value(v):
        f = Fraction(v.numerator_as_long(), v.denominator_as_long())
        return int(f) if f.denominator == 1 else float(f)
    if z3.is_algebraic_value(v):
        return float(v.approx(6).as_decimal(6).rstrip("?"))
    return str(v)


def _in_unit(base: Any, factor: float) -> Any:
    """A value in SI base units expressed in the threshold's unit (12 significant digits).
    >>> _in_unit(Fraction(1, 10), 0.001)
    100"""
    if not factor or isinstance(base, str):
        return base
    v = float(f"{float(Fraction(base) / Fraction(factor)):.12g}")
    return int(v) if v.is_integer() else v


def item_labels(unit: Unit, plan: dict) -> dict[tuple[int, int], tuple[str, str, str]]:
    """``(node, item) -> (metric as written, unit as written, period label)`` from the IR of ``unit``."""
    ir = {n.criterion_id: n for n in unit.root.walk()}
    out: dict[tuple[int, int], tuple[str, str, str]] = {}
    for n in plan["nodes"]:
        node = ir.get(n["cid"]) if n["part"] == unit.part else None
        th = node.threshold if node is not None else None
        for j, it in enumerate(th.quantitative.items if th and th.quantitative else []):
            p = it.period
            per = "" if p is None else "over the lifetime" if p.type == "lifetime" else f"over {p.value} {p.unit}"
            out[(n["i"], j)] = (it.metric, it.unit, per)
    return out


def holds(m: z3.ModelRef, var: Any) -> bool:
    """``z3.is_true(m.eval(var, model_completion=True))`` through the C API (no Python term is made; the
    result is read before the next API call, while Z3 still holds it).

    >>> a = z3.Bool("a"); s = z3.Solver(); s.add(a); s.check() == z3.sat and holds(s.model(), a)
    True
    """
    r = (z3.Ast * 1)()
    if not z3.Z3_model_eval(m.ctx.ref(), m.model, var.as_ast(), True, r):
        return z3.is_true(m.eval(var, model_completion=True))
    return z3.Z3_get_bool_value(m.ctx.ref(), r[0]) == z3.Z3_L_TRUE


def evaluates_to(m: z3.ModelRef, var: Any, val: Any) -> bool:
    """``z3.eq(m.eval(var, model_completion=True), val)`` through the C API (as :func:`holds`)."""
    r = (z3.Ast * 1)()
    if not z3.Z3_model_eval(m.ctx.ref(), m.model, var.as_ast(), True, r):
        return z3.eq(m.eval(var, model_completion=True), val)
    return bool(z3.Z3_is_eq_ast(m.ctx.ref(), r[0], val.as_ast()))


def _value(m: z3.ModelRef, var) -> Optional[Any]:
    val = m.eval(var, model_completion=False)
    return None if (z3.is_const(val) and val.eq(var)) else val


def profile(m: z3.ModelRef, enc: PlanEncoding, quantities: list[Quantity],
            labels: dict[tuple[int, int], tuple[str, str, str]], prefix: str = "") -> dict:
    """The profile of model ``m`` over the nodes of ``enc`` whose fact the model states (``has``); node ids
    get ``prefix`` ("B:" for the second build of a diff).  Variables the model leaves free are omitted."""
    out: dict[str, dict] = {"criteria": {}, "applies": {}, "metrics": {}, "dates": {}}
    stated = {i for i in enc.ids if holds(m, enc.has[i])}
    for i in enc.ids:
        n = enc.nodes[i]
        if i not in stated:
            continue
        cid = prefix + n["cid"]
        if i in enc.off:
            out["applies"][cid] = not holds(m, enc.off[i])
            if not out["applies"][cid]:
                continue
        if n["own"] and not n["q"] and i not in enc.date:
            out["criteria"][cid] = holds(m, enc.met[i])
        if i in enc.date and _value(m, enc.date[i]) is not None:
            out["dates"][cid] = (EPOCH + _dt.timedelta(days=_num(_value(m, enc.date[i])))).isoformat()
    for q in quantities:
        used = [(i, j) for i, j in q.members if i in stated and (i, j) in enc.x]
        val = _value(m, enc.x[used[0]]) if used else None
        if val is None:
            continue
        key, factor = _metric(enc.nodes, q, used[0], labels, prefix)
        out["metrics"][key] = _in_unit(_num(val), factor)
    if z3.is_true(m.eval(enc.has_as_of, model_completion=True)) and _value(m, enc.as_of) is not None:
        out["dates"]["assessment"] = (EPOCH + _dt.timedelta(days=_num(_value(m, enc.as_of)))).isoformat()
    return {k: v for k, v in out.items() if v}


def _metric(nodes: list[dict], q: Quantity, ij: tuple[int, int], labels: dict, prefix: str = "") -> tuple[str, float]:
    """A quantity's key in a profile (metric, unit, period and scope as written, read from item ``ij``) and the
    factor of that item's unit to SI base units."""
    it = nodes[ij[0]]["q"][ij[1]]
    metric, unit, per = labels.get(ij, (it[0], it[3], ""))
    key = metric + (f" [{unit}]" if unit else "") + (f" ({per})" if per else "") + \
        (f" (in {prefix}{q.scope})" if q.scope else "")
    return key, it[8]


def concrete_profile(p: dict, nodes: list[dict], ids: list[int], xvar: dict[tuple[int, int], str],
                     quantities: list[Quantity], labels: dict[tuple[int, int], tuple[str, str, str]]) -> dict:
    """:func:`profile` of a concrete profile ``p`` of :mod:`regc.verify.concrete` (``xvar``: each item's
    quantity variable, :attr:`ConcreteUnit.xvar`) instead of a Z3 model: the same keys and values as a model
    giving those inputs would print.

    >>> nodes = [{"cid": "1", "own": True, "q": [], "t": [], "cond": False}]
    >>> concrete_profile({"has": {0: True}, "met": {0: True}, "off": {}, "date": {}, "x": {}, "as_of": 18262},
    ...                  nodes, [0], {}, [], {})
    {'criteria': {'1': True}, 'dates': {'assessment': '2020-01-01'}}
    """
    out: dict[str, dict] = {"criteria": {}, "applies": {}, "metrics": {}, "dates": {}}
    stated = {i for i in ids if p["has"].get(i)}
    for i in ids:
        n = nodes[i]
        if i not in stated:
            continue
        if n["cond"]:
            out["applies"][n["cid"]] = not p["off"].get(i)
            if not out["applies"][n["cid"]]:
                continue
        dated = any(t[0] in ("deadline", "recurring") for t in n["t"])
        if n["own"] and not n["q"] and not dated:
            out["criteria"][n["cid"]] = bool(p["met"].get(i))
        if dated and i in p["date"]:
            out["dates"][n["cid"]] = (EPOCH + _dt.timedelta(days=p["date"][i])).isoformat()
    for q in quantities:
        used = [(i, j) for i, j in q.members if i in stated and (i, j) in xvar]
        if used:
            key, factor = _metric(nodes, q, used[0], labels)
            val = Fraction(p["x"][xvar[used[0]]])
            out["metrics"][key] = _in_unit(int(val) if val.denominator == 1 else float(val), factor)
    out["dates"]["assessment"] = (EPOCH + _dt.timedelta(days=p["as_of"])).isoformat()
    return {k: v for k, v in out.items() if v}


def format_profile(p: dict) -> str:
    """One line: ``met: 1(a), 2; not met: 3; applies: 3=no; <metric> = v; <event> = date``."""
    bits = []
    crit = p.get("criteria", {})
    met = [k for k, v in crit.items() if v]
    unmet = [k for k, v in crit.items() if not v]
    if met:
        bits.append("met: " + ", ".join(met))
    if unmet:
        bits.append("not met: " + ", ".join(unmet))
    if p.get("applies"):
        bits.append("applies: " + ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in p["applies"].items()))
    for sec in ("metrics", "dates"):
        for k, v in p.get(sec, {}).items():
            bits.append(f"{k} = {v}")
    return "; ".join(bits) if bits else "(any profile)"
