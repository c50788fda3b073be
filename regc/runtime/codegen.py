"""Generated evaluator: a standalone Python module (stdlib only, no regc import) with one function per activity.

The module is built as an ``ast`` tree and printed with ``ast.unparse``: the evaluation kernel
(the parts of :mod:`regc.runtime.kernel`, stdlib only) is copied in verbatim, every activity's plan becomes a
literal made of ``ast.Constant`` / ``ast.Dict`` / ``ast.List`` / ``ast.Tuple`` nodes (so no id or regulatory text can ever
become code: there is no string formatting of code), and each activity gets a straight-line function that
evaluates its criteria in topological order with explicit AND/OR/N_OF_K combinations over labelled children
(anchored children, ``akids`` in the plan, are ANDed on top by the kernel's ``node_verdict``).  Verdicts equal the
interpreter's (:mod:`regc.runtime.evaluator`) because both run the same kernel over the same plan; the tests
check it on random fact profiles.

Generated API::

    evaluate_<activity>(facts: dict, as_of="today") -> dict   # one per activity; as_of: date | "YYYY-MM-DD"
                                                             # | "today" (as regc eval) | None (no date)
    EVALUATORS: dict[str, function]       # activity id -> function
    evaluate(activity_id, facts, as_of='today') -> dict
    # result: {"verdict", "criteria", "units", "missing", "errors", "warnings"}

>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode
>>> act = Activity(activity_id="X-1", name="x'''; import os", source=ActSource(celex="32021R2139",
...     format="eurlex-xhtml"), units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT",
...     evaluation_logic="AND", sub_criteria=[CriterionNode(criterion_id="P1')\\nimport os#")]))])
>>> ns = {}; exec(compile(emit_python([act]), "gen", "exec"), ns)
>>> ns["evaluate"]("X-1", {"P1')\\nimport os#": True})["verdict"]
'PASS'
"""

from __future__ import annotations

import ast
import importlib
import keyword
import math
import re
from pathlib import Path
from typing import Any, Iterable

from regc import __version__
from regc.ir.models import Activity
from regc.ir import units
from regc.ir.units import atom_table
from regc.runtime import kernel

_NODE_KEYS = ("i", "parent", "id", "cid", "part", "logic", "n", "kids", "akids", "cond", "own", "q", "qlogic", "t",
              "tlogic", "bool_ok", "deps", "dmin", "report", "text")


def literal(obj: Any) -> ast.expr:
    """Plain data -> an AST expression that evaluates to it (no code from strings, ever)."""
    if obj is None or isinstance(obj, (bool, str, int)):
        return ast.Constant(obj)
    if isinstance(obj, float):
        if not math.isfinite(obj):
            raise ValueError(f"cannot emit a non-finite number: {obj!r}")
        if obj < 0:  # ast.unparse prints -x as a UnaryOp anyway; keep the Constant non-negative
            return ast.UnaryOp(ast.USub(), ast.Constant(-obj))
        return ast.Constant(obj)
    if isinstance(obj, tuple):
        return ast.Tuple([literal(x) for x in obj], ast.Load())
    if isinstance(obj, list):
        return ast.List([literal(x) for x in obj], ast.Load())
    if isinstance(obj, dict):
        return ast.Dict([literal(k) for k in obj], [literal(v) for v in obj.values()])
    raise TypeError(f"cannot emit {type(obj).__name__}")


def _units_body() -> list[ast.stmt]:
    """The pure part of :mod:`regc.ir.units` (names in ``units.PURE``), in source order."""
    tree = ast.parse(Path(units.__file__).read_text(encoding="utf-8"))
    out = []
    for stmt in tree.body:
        names = ([stmt.name] if isinstance(stmt, (ast.FunctionDef, ast.ClassDef)) else
                 [t.id for t in stmt.targets if isinstance(t, ast.Name)] if isinstance(stmt, ast.Assign) else [])
        if names and all(n in units.PURE for n in names):
            out.append(stmt)
    return out


_KERNEL_STDLIB = ("datetime", "math", "re")
_KERNEL_PART_PREFIX = "regc.runtime.kernel_"


def _module_body(path: str) -> list[ast.stmt]:
    """A module's top-level statements, without its docstring."""
    body = list(ast.parse(Path(path).read_text(encoding="utf-8")).body)
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        body = body[1:]
    return body


def _kernel_parts() -> list[str]:
    """The kernel's part modules, in the order :mod:`regc.runtime.kernel` imports them (it holds nothing else)."""
    parts = []
    for stmt in _module_body(kernel.__file__):
        if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").startswith(_KERNEL_PART_PREFIX):
            parts.append(stmt.module)
        elif not (isinstance(stmt, ast.Assign) and [getattr(t, "id", None) for t in stmt.targets] == ["__all__"]):
            raise AssertionError("regc.runtime.kernel may only re-export its parts (regc.runtime.kernel_*)")
    return parts


def _kernel_body() -> list[ast.stmt]:
    """The kernel's source: its stdlib imports (once each, first-seen order), the pure part of
    :mod:`regc.ir.units`, then every part's other statements in order (imports between parts dropped)."""
    imports: list[ast.stmt] = []
    seen: set[str] = set()
    rest: list[ast.stmt] = []
    for module in _kernel_parts():
        for stmt in _module_body(importlib.import_module(module).__file__):
            if isinstance(stmt, ast.ImportFrom) and (stmt.module == "regc.ir.units"
                                                     or (stmt.module or "").startswith(_KERNEL_PART_PREFIX)):
                continue
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                if isinstance(stmt, ast.ImportFrom) or any(
                        a.name.split(".")[0] not in _KERNEL_STDLIB for a in stmt.names):
                    raise AssertionError(f"{module} must import only datetime, math, re, regc.ir.units and "
                                         "the kernel's parts")
                if ast.dump(stmt) not in seen:
                    seen.add(ast.dump(stmt))
                    imports.append(stmt)
                continue
            rest.append(stmt)
    return imports + _units_body() + rest


def _func_name(aid: str, taken: set[str]) -> str:
    base = "evaluate_" + re.sub(r"\W", "_", aid, flags=re.ASCII)
    if not base.isidentifier() or keyword.iskeyword(base):
        base = "evaluate_activity"
    name, k = base, 2
    while name in taken:
        name, k = f"{base}_{k}", k + 1
    taken.add(name)
    return name


def _plan_literal(plan: dict) -> dict:
    nodes = [{k: n[k] for k in _NODE_KEYS} for n in plan["nodes"]]
    idx = plan["index"]
    index = {"ids": dict(idx["ids"]), "metrics": {k: list(v) for k, v in idx["metrics"].items()},
             "tags": {k: list(v) for k, v in idx["tags"].items()}, "phrases": [tuple(p) for p in idx["phrases"]],
             "parts": list(idx["parts"]), "atoms": dict(idx["atoms"]), "nodes": list(idx["nodes"]),
             "qdims": {k: list(v) for k, v in idx["qdims"].items()}}
    return {"activity": plan["activity"], "nodes": nodes, "order": list(plan["order"]),
            "roots": [tuple(r) for r in plan["roots"]], "index": index}


def _name(id_: str) -> ast.Name:
    return ast.Name(id_, ast.Load())


def _call(fn: str, *args: ast.expr) -> ast.Call:
    return ast.Call(_name(fn), list(args), [])


def _sub(var: str, i: int) -> ast.Subscript:
    return ast.Subscript(_name(var), ast.Constant(i), ast.Load())


def _assign(target: ast.expr, value: ast.expr) -> ast.Assign:
    return ast.Assign([target], value, lineno=0)


def _activity_function(fname: str, plan_name: str, plan: dict) -> ast.FunctionDef:
    """def evaluate_X(facts, as_of="today"): index facts, one statement group per node, return result(...)."""
    body: list[ast.stmt] = [
        ast.Expr(ast.Constant(f"Evaluate activity {plan['activity']} (generated by regc {__version__}).")),
        _assign(ast.Tuple([_name_store("facts"), _name_store("as_of")], ast.Store()),
                _call("call_inputs", ast.Constant(plan["activity"]), _name("facts"), _name("as_of"))),
        _assign(_name_store("P"), _name(plan_name)),
        _assign(_name_store("N"), ast.Subscript(_name("P"), ast.Constant("nodes"), ast.Load())),
        _assign(ast.Tuple([_name_store("F"), _name_store("issues")], ast.Store()),
                _call("index_facts", _name("facts"), ast.Subscript(_name("P"), ast.Constant("index"), ast.Load()),
                      _name("ATOMS"), ast.Constant("facts"))),
        _assign(_name_store("vs"), ast.BinOp(ast.List([_name("NA")], ast.Load()), ast.Mult(),
                                             ast.Constant(len(plan["nodes"])))),
    ]
    for i in plan["order"]:
        n = plan["nodes"][i]
        node = _sub("N", i)
        fact = ast.Call(ast.Attribute(_name("F"), "get", ast.Load()), [ast.Constant(i)], [])
        body.append(_assign(_name_store("f"), fact))
        own_call = ast.Subscript(_call("own_verdict", node, _name("f"), _name("as_of")), ast.Constant(0), ast.Load())
        if n["own"]:
            own: ast.expr = own_call
        else:  # a boolean stated for a chapeau still decides its own text
            own = ast.IfExp(ast.BoolOp(ast.And(), [ast.Compare(_name("f"), [ast.IsNot()], [ast.Constant(None)]),
                                                   ast.Compare(ast.Attribute(_name("f"), "met", ast.Load()),
                                                               [ast.IsNot()], [ast.Constant(None)])]),
                            own_call, ast.Constant(None))
        if n["kids"]:
            kids_t = ast.Tuple([_sub("vs", c) for c in n["kids"]], ast.Load())
            if n["logic"] == "OR":
                kids: ast.expr = _call("k_or", kids_t)
            elif n["logic"] == "N_OF_K":
                kids = _call("k_nofk", kids_t, ast.Constant(n["n"] or 1))
            else:
                kids = _call("k_and", kids_t)
        else:
            kids = ast.Constant(None)
        body.append(_assign(ast.Subscript(_name("vs"), ast.Constant(i), ast.Store()),
                            ast.Subscript(_call("node_verdict", node, own, kids, _name("f"), _name("vs"),
                                                _name("as_of")), ast.Constant(0), ast.Load())))
    body.append(ast.Return(_call("result", _name("P"), _name("vs"), _name("F"), _name("issues"), _name("as_of"))))
    args = ast.arguments(posonlyargs=[], args=[ast.arg("facts"), ast.arg("as_of")], kwonlyargs=[], kw_defaults=[],
                         defaults=[ast.Constant("today")])
    return ast.FunctionDef(fname, args, body, [], lineno=0)


def _name_store(id_: str) -> ast.Name:
    return ast.Name(id_, ast.Store())


def emit_python(activities: Iterable[Activity | dict]) -> str:
    """Activities (IR or compiled plans) -> source of a standalone evaluator module."""
    from regc.runtime.evaluator import compile_plan

    plans = [a if isinstance(a, dict) else compile_plan(a) for a in activities]
    ids = [p["activity"] for p in plans]
    doc = ("Compliance evaluator generated by regc %s (standard library only; do not edit).\n\n"
           "Activities: %d.  Call evaluate(activity_id, facts, as_of='today') or EVALUATORS[activity_id](facts).\n"
           % (__version__, len(plans)))
    body: list[ast.stmt] = [ast.Expr(ast.Constant(doc))]
    body += _kernel_body()
    body.append(_assign(_name_store("REGC_VERSION"), ast.Constant(__version__)))
    body.append(_assign(_name_store("ATOMS"), literal(dict(atom_table()))))
    taken: set[str] = set()
    entries = []
    for k, plan in enumerate(plans):
        pname = f"PLAN_{k}"
        body.append(_assign(_name_store(pname), literal(_plan_literal(plan))))
        fname = _func_name(plan["activity"], taken)
        body.append(_activity_function(fname, pname, plan))
        entries.append((plan["activity"], fname))
    body.append(_assign(_name_store("EVALUATORS"),
                        ast.Dict([ast.Constant(a) for a, _f in entries], [_name(f) for _a, f in entries])))
    evaluate = ast.parse(
        "def evaluate(activity_id, facts, as_of='today'):\n"
        "    \"\"\"Evaluate one activity's facts (or a whole facts file) as `regc eval` does: as_of is a date,\n"
        "    'YYYY-MM-DD', 'today' (default) or None (no assessment date); KeyError for an activity that is not\n"
        "    in this module.\"\"\"\n"
        "    return EVALUATORS[activity_id](facts, as_of)\n").body[0]
    body.append(evaluate)
    module = ast.Module(body, type_ignores=[])
    ast.fix_missing_locations(module)
    src = ast.unparse(module) + "\n"
    compile(src, "<regc generated evaluator>", "exec")  # must parse; raises SyntaxError otherwise
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate activity ids in the build")
    return src
