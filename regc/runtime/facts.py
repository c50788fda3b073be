"""Facts: what a company states about an activity, read from YAML, JSON or CSV, and fill-in templates.

Format (YAML or JSON; nothing is ever evaluated as code: ``yaml.safe_load`` semantics, duplicate keys and
NaN/Infinity are errors)::

    as_of: 2026-01-01            # optional assessment date (rules with effective dates, recurring checks)
    activities:
      CCM-4.29:
        "1(a)": {value: 250, unit: g CO2e/kWh}          # a quantity for a quantitative criterion
        "1(b)": {date: 2029-06-01}                      # a date for a criterion with a deadline
        "1(b)(ii)": true                                # a boolean for a qualitative criterion
        "1(b)(i)": "550 kg CO2e/kW averaged over 20 years"   # string shorthand: quantity [+ period]
        "3": {applies: false}                           # a Conditional criterion whose situation does not arise
        DNSH-PPC: {P1: true, P2: {met: true, evidence: [{document: permits/bat.pdf, page: 12}]}}
        direct GHG emissions: 250 g CO2e/kWh            # by metric name (normalised; word subsets match)
        verified_by_third_party: true                   # by tag / predicate (qualitative criteria)
        construction permit granted: 2029-06-01         # by a phrase naming a dated event

Keys: criterion ids as in the IR (SC ids bare, other units ``DNSH-PPC/P2`` or nested under the unit part), metric
names, IR tags (``verification`` ...), the predicates in ``regc.runtime.evaluator.PREDICATES``, and phrases
for dated criteria.  A fact value is a boolean, a number (dimensionless), a string (boolean words, ``n/a``,
``YYYY-MM-DD``, ``<number> <unit> [over N years|over the lifetime]``), a list of quantities, or a mapping with
``value, unit, metric, period, date, met, applies, evidence, note, quantities``.  ``null`` means "not known".
Unknown keys are reported as warnings; unusable values as errors naming the file and key.

CSV (many rows; see :mod:`regc.runtime.batch`): columns ``company`` (optional), ``activity``, then one column
per fact key; a header ``1(a) [g CO2e/kWh]`` gives the unit for bare numbers in that column; empty cells are
unknown.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from regc.runtime import kernel


class FactsError(ValueError):
    """Unreadable or invalid facts file; the message names the file and location."""


# ---------------------------------------------------------------------------------------------------------------
# loading


def _no_dup_pairs(where: str):
    def hook(pairs):
        out = {}
        for k, v in pairs:
            if k in out:
                raise FactsError(f"{where}: duplicate key {k!r}")
            out[k] = v
        return out

    return hook


def _bad_constant(where: str):
    def hook(name):
        raise FactsError(f"{where}: {name} is not a valid number")

    return hook


@lru_cache(maxsize=1)
def _unique_key_loader() -> type:
    """A ``yaml.SafeLoader`` subclass that rejects duplicate mapping keys (built on first use: a JSON facts file,
    the common case of a one-shot ``regc eval``, never imports PyYAML)."""
    import yaml

    class _UniqueKeyLoader(yaml.SafeLoader):
        """SafeLoader that rejects duplicate mapping keys."""

    _UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    return _UniqueKeyLoader


def _construct_mapping(loader, node, deep=False):
    import yaml

    loader.flatten_mapping(node)
    seen = {}
    for key_node, _value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise FactsError(f"line {key_node.start_mark.line + 1}: unhashable key")
        if key in seen:
            raise FactsError(f"line {key_node.start_mark.line + 1}: duplicate key {key!r}")
        seen[key] = True
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


def parse_json(text: str, where: str = "facts") -> Any:
    try:
        return json.loads(text, object_pairs_hook=_no_dup_pairs(where), parse_constant=_bad_constant(where))
    except json.JSONDecodeError as e:
        raise FactsError(f"{where}:{e.lineno}:{e.colno}: invalid JSON: {e.msg}") from e
    except RecursionError as e:
        raise FactsError(f"{where}: invalid JSON: nested too deeply") from e


def parse_yaml(text: str, where: str = "facts") -> Any:
    import yaml

    try:
        return yaml.load(text, Loader=_unique_key_loader())  # noqa: S506 - SafeLoader subclass
    except FactsError as e:
        raise FactsError(f"{where}: {e}") from e
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        at = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        what = " ".join(x for x in (getattr(e, "context", None), getattr(e, "problem", None)) if x)
        raise FactsError(f"{where}: {at}invalid YAML: {what or str(e).splitlines()[0]}") from e
    except RecursionError as e:
        raise FactsError(f"{where}: invalid YAML: nested too deeply") from e


def load_facts(path: str | Path) -> dict:
    """Read a facts file (.json, .yaml/.yml) and check its top level.  Returns ``{"as_of", "activities"}``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")  # a BOM (Excel, Notepad) is not part of the JSON/YAML
    except (OSError, UnicodeDecodeError) as e:
        raise FactsError(f"{p}: cannot read facts: {e}") from e
    doc = parse_json(text, str(p)) if p.suffix.lower() == ".json" else parse_yaml(text, str(p))
    return check_document(doc, str(p))


def check_document(doc: Any, where: str = "facts") -> dict:
    if not isinstance(doc, dict):
        raise FactsError(f"{where}: expected a mapping with an 'activities' key")
    unknown = [k for k in doc if k not in ("activities", "as_of", "regc_facts", "company", "note")]
    if unknown:
        raise FactsError(f"{where}: unknown top-level key(s) {', '.join(map(repr, map(str, unknown)))}")
    acts = doc.get("activities")
    if not isinstance(acts, dict):
        raise FactsError(f"{where}: 'activities' must map activity ids to facts")
    for aid, facts in acts.items():
        if facts is not None and not isinstance(facts, dict):
            raise FactsError(f"{where}: activities[{aid!r}] must be a mapping of fact keys to values")
    as_of = doc.get("as_of")
    if as_of is not None:
        try:
            as_of = kernel.parse_date(as_of, f"{where}: as_of")
        except kernel.FactError as e:
            raise FactsError(str(e)) from e
    _check_size(acts, where + ": activities")
    _check_finite(acts, where + ": activities", set())
    return {"as_of": as_of, "activities": {str(k): (v or {}) for k, v in acts.items()},
            "company": doc.get("company")}


MAX_FACT_VALUES = 1_000_000  # values after expanding YAML aliases (an "alias bomb" expands to billions)


def _check_size(obj: Any, where: str) -> None:
    """Refuse a document that expands to more than :data:`MAX_FACT_VALUES` values; linear in the document's
    size (each shared container, a YAML alias, is sized once)."""
    sizes: dict[int, int] = {}

    def size(o: Any) -> int:
        if not isinstance(o, (dict, list)):
            return 1
        key = id(o)
        if key not in sizes:
            sizes[key] = 0  # a cycle counts once
            kids = o.values() if isinstance(o, dict) else o
            sizes[key] = min(1 + sum(size(k) for k in kids), MAX_FACT_VALUES + 1)
        return sizes[key]

    try:
        n = size(obj)
    except RecursionError as e:
        raise FactsError(f"{where}: nested too deeply") from e
    if n > MAX_FACT_VALUES:
        raise FactsError(f"{where}: more than {MAX_FACT_VALUES:,} values once YAML aliases are expanded "
                         "(an alias bomb?)")


def _check_finite(obj: Any, where: str, seen: set[int]) -> None:
    if isinstance(obj, float) and not math.isfinite(obj):
        raise FactsError(f"{where}: not a finite number: {obj!r}")
    if isinstance(obj, (dict, list)):
        if id(obj) in seen:  # a YAML alias: checked once
            return
        seen.add(id(obj))
    if isinstance(obj, dict):
        for k, v in obj.items():
            _check_finite(v, f"{where}[{k!r}]", seen)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _check_finite(v, f"{where}[{i}]", seen)
    elif isinstance(obj, dt.datetime):
        raise FactsError(f"{where}: a date-time where a date (YYYY-MM-DD) belongs: {obj.isoformat()}")


# ---------------------------------------------------------------------------------------------------------------
# templates


def template(plan: dict, fmt: str = "yaml", reported: Optional[dict] = None, as_of: Optional[str] = None) -> str:
    """A fill-in facts file listing every fact an activity needs (one entry per criterion with an own
    requirement), each with the threshold it is compared with.  Loading it unchanged gives all-UNKNOWN.
    ``reported`` (part -> comment lines, from a company report's disclosure) and ``as_of`` pre-fill it."""
    entries = template_entries(plan)
    reported = reported or {}
    aid = plan["activity"]
    if fmt == "json":
        return json.dumps({"as_of": None, "activities": {aid: {e["key"]: e["value"] for e in entries}}}, ensure_ascii=False,
                          indent=1) + "\n"
    lines = [f"# Facts for {_comment(aid)}: {_comment(plan.get('name', ''))}",
             "# Fill in values; leave null when unknown.  Qualitative: true/false.  Quantitative: value + unit",
             "# (any compatible unit).  Conditional criteria: {\"applies\": false} when the situation does not arise.",
             "# Attach evidence with \"evidence\": [{\"document\": \"path.pdf\", \"page\": 3}].",
             f"as_of: {json.dumps(as_of)}  # assessment date YYYY-MM-DD (needed for effective dates and recurring checks)",
             *[f"# {_comment(r, 300)}" for r in reported.get("_header", [])],
             "activities:", f"  {json.dumps(aid, ensure_ascii=False)}:"]
    part = None
    for e in entries:
        if e["part"] != part:
            part = e["part"]
            lines.append(f"    # ---- {_comment(part)}")
            lines += [f"    # {_comment(r, 300)}" for r in reported.get(part, [])]
        lines.append(f"    # {_comment(e['text'])}")
        for note in e["notes"]:
            lines.append(f"    #   {_comment(note)}")
        lines.append(f"    {json.dumps(e['key'], ensure_ascii=False)}: {json.dumps(e['value'], ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def template_entries(plan: dict) -> list[dict]:
    out = []
    for n in plan["nodes"]:
        if n["anc"] or not n["own"]:
            continue
        notes = []
        value: Any = None
        if n["q"]:
            qs = []
            for it in n["q"]:
                entry: dict[str, Any] = {"value": None, "unit": it[3]}
                if len(n["q"]) > 1:
                    entry["metric"] = it[0]
                if it[6] is not None:
                    entry["period"] = "lifetime" if it[6][0] == "lifetime" else \
                        f"{kernel.fmt_num(round(it[6][1] / 365.25, 6))} years"
                qs.append(entry)
                notes.append("threshold: " + _item_str(it))
            if len(n["q"]) > 1:
                notes.append(f"items combined by {n['qlogic']}")
                value = {"quantities": qs}
            else:
                value = qs[0]
            if n["bool_ok"]:
                notes.append("or true/false: certified/verified")
        elif any(t[0] in ("deadline", "recurring") for t in n["t"]):
            value = {"date": None}
            for t in n["t"]:
                if t[0] == "deadline":
                    notes.append(f"deadline: on or before {t[1]} (or true/false)")
                elif t[0] == "recurring":
                    notes.append(f"recurring every {kernel.fmt_num(t[4])} {t[5]}: date of the latest one "
                                 "(or true/false)")
        else:
            notes.append("true / false")
        if n["cond"]:
            notes.append("Conditional: {\"applies\": false} when the situation does not arise")
        out.append({"key": n["id"], "part": n["part"], "text": n["text"] or n["summary"], "notes": notes,
                    "value": value})
    return out


def _item_str(it) -> str:
    s = f"{it[1]} {kernel.fmt_num(it[2])} {it[3]}".strip()
    if it[6] is not None:
        s += " over the lifetime" if it[6][0] == "lifetime" else \
            f" over {kernel.fmt_num(round(it[6][1] / 365.25, 6))} years"
    return s


def _comment(s: Optional[str], limit: int = 150) -> str:
    """Text safe inside a YAML comment: one line, control characters removed, shortened."""
    t = " ".join(str(s or "").split())
    t = "".join(ch for ch in t if ch.isprintable())
    return t if len(t) <= limit else t[: limit - 1] + "…"
