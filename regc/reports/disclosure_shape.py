"""The shape of a disclosure JSON (shared/spec/disclosure.md) as the checker, the scorer and the facts template
read it: each field they use has the JSON type the spec gives it, or is null / absent.  Other fields are not
looked at.  A file of another shape is bad input, named by the path of the first field that is wrong.

>>> shape_error({"kpis": {"turnover": {"total": 5.0, "activities": [{"code": "CCM-3.1", "group": "A.1"}]}}})
>>> shape_error({"kpis": {"capex": {"activities": [{"code": 7, "group": "A.2"}]}}})
'kpis.capex.activities[0].code: expected a string, found a number'
>>> shape_error({"kpis": {"opex": {"activities": [{"code": "CE-1.2"}]}}})
"kpis.opex.activities[0]: no 'group' (every row has one, null when not printed)"
>>> shape_error([1, 2])
'expected a JSON object at top level, found a list'
"""

from __future__ import annotations

import math

KPIS = ("turnover", "capex", "opex")
PARTS = ("aligned", "eligible_not_aligned", "not_eligible")

# field -> kind, per level; kinds: "str", "num" (int or float, finite), "int", "list[str]", "list[int]",
# "map[str]" (an object of strings), "object" (its own table below), "list[object]" (rows).  Any field may be
# null or absent except those in NOT_NULL (what the readers iterate) and the keys each row must have.
TOP = {"document": "str", "company": "str", "currency": "str"}
BLOCK = {"pages": "list[int]", "total": "num", **{p: "object" for p in PARTS}, "activities": "list[object]"}
PART = {"amount": "num", "share": "num"}
ROW = {"code": "str", "also": "list[str]", "group": "str", "name": "str", "amount": "num", "share": "num",
       "substantial_contribution": "map[str]", "dnsh": "map[str]", "minimum_safeguards": "str",
       "category": "str", "page": "int"}

NOT_NULL = ("activities",)
ROW_KEYS = ("code", "group")  # rows are matched by (code, group): both keys present (null allowed)

KIND_NAMES = {"str": "a string", "num": "a number", "int": "a whole number", "object": "an object",
              "map[str]": "an object", "list[str]": "a list", "list[int]": "a list", "list[object]": "a list"}


def type_name(v) -> str:
    """'a string', 'a number', 'a list', 'an object', 'true/false', 'null' (how a JSON value reads in a message)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    return {str: "a string", list: "a list", dict: "an object"}.get(type(v), type(v).__name__)


def _scalar_ok(kind: str, v) -> bool:
    if kind == "str":
        return isinstance(v, str)
    if kind == "int":
        return isinstance(v, int) and not isinstance(v, bool)
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _field_error(kind: str, v, where: str) -> str | None:
    """The first wrong value of one field (``where`` is its path), None when it fits ``kind`` or is null."""
    if v is None:
        return None
    if kind in ("str", "num", "int"):
        if _scalar_ok(kind, v):
            return None
        found = "a number that is not finite" if isinstance(v, float) else type_name(v)
        return f"{where}: expected {KIND_NAMES[kind]}, found {found}"
    container = dict if kind.startswith("map") or kind == "object" else list
    if not isinstance(v, container):
        return f"{where}: expected {KIND_NAMES[kind]}, found {type_name(v)}"
    if kind.startswith("map"):
        return next((f"{where}.{k}: expected {KIND_NAMES['str']}, found {type_name(x)}"
                     for k, x in v.items() if x is not None and not _scalar_ok("str", x)), None)
    if kind.startswith("list"):
        item = kind[5:-1]
        return next((e for i, x in enumerate(v) for e in [_item_error(item, x, f"{where}[{i}]")] if e), None)
    return None


def _item_error(kind: str, v, where: str) -> str | None:
    if v is None:
        return f"{where}: expected {'an object' if kind == 'object' else KIND_NAMES[kind]}, found null"
    if kind != "object":
        return _field_error(kind, v, where)
    missing = next((k for k in ROW_KEYS if isinstance(v, dict) and k not in v), None)
    return f"{where}: no {missing!r} (every row has one, null when not printed)" if missing else \
        _object_error(v, ROW, where)


def _object_error(d, fields: dict, where: str) -> str | None:
    if not isinstance(d, dict):
        return f"{where}: expected an object, found {type_name(d)}"
    for name, kind in fields.items():
        sub = f"{where}.{name}" if where else name
        v = d.get(name)
        if v is None and name in NOT_NULL and name in d:
            return f"{sub}: expected {KIND_NAMES[kind]}, found null"
        if kind == "object" and v is not None:
            e = _object_error(v, PART if name in PARTS else {}, sub)
        else:
            e = _field_error(kind, v, sub)
        if e:
            return e
    return None


def shape_error(disc) -> str | None:
    """The first field of ``disc`` whose type is not the spec's (its path, what was expected, what was found),
    None when the disclosure can be read; ``kpis`` must be an object."""
    if not isinstance(disc, dict):
        return f"expected a JSON object at top level, found {type_name(disc)}"
    if not isinstance(disc.get("kpis"), dict):
        return "not a disclosure JSON (no 'kpis' object)"
    e = _object_error({k: v for k, v in disc.items() if k != "kpis"}, TOP, "")
    if e:
        return e
    fy = disc.get("fiscal_year")
    if fy is not None and not (isinstance(fy, int) and not isinstance(fy, bool)):
        return f"fiscal_year: expected a whole number, found {type_name(fy)}"
    return next((e for kpi in KPIS if kpi in disc["kpis"]
                 for e in [_object_error(disc["kpis"][kpi], BLOCK, f"kpis.{kpi}")] if e), None)
