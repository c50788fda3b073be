"""A passing witness of ``regc check`` as a facts file for the runtime evaluator (``regc eval``): criteria met
or not, ``applies: false``, a quantity per metric label (value, unit, period), event dates.  Scoped labels
(``(in <criterion>)``) have no facts-file form: callers skip witnesses that carry one.

>>> facts_of_witness({"criteria": {"1": True}, "applies": {"2": False},
...                   "metrics": {"GHG [g CO2e/kWh] (over 3 years)": 50}, "dates": {"assessment": "2026-01-01"}}, "SC")
{'1': True, '2': {'applies': False}, 'GHG': {'value': 50, 'unit': 'g CO2e/kWh', 'period': {'value': 3.0, 'unit': 'years'}}}
"""

from __future__ import annotations

import re

_METRIC = r"(?P<metric>.*?)"
_UNIT = r"(?:\ \[(?P<unit>[^\]]*)\])?"
_PERIOD = r"(?:\ \((?P<per>over\ [^)]*)\))?"
_SCOPE = r"(?:\ \(in\ [^)]*\))?"
LABEL = re.compile(rf"^ {_METRIC} {_UNIT} {_PERIOD} {_SCOPE} $", re.VERBOSE)


def _criterion_entries(w: dict) -> dict[str, dict]:
    """Per criterion id, everything the witness states about it (``met``, ``applies: False``, ``date``) in one
    mapping: a criterion met and dated is one fact ``{met, date}``, not a date that replaces the boolean.

    >>> _criterion_entries({"criteria": {"1": True}, "applies": {"1": True, "2": False},
    ...                     "dates": {"1": "2026-01-01", "assessment": "2026-01-01"}})
    {'1': {'met': True, 'date': '2026-01-01'}, '2': {'applies': False}}
    """
    out: dict[str, dict] = {}
    for cid, met in w.get("criteria", {}).items():
        out.setdefault(cid, {})["met"] = met
    for cid, ok in w.get("applies", {}).items():
        if not ok:
            out.setdefault(cid, {})["applies"] = False
    for cid, d in w.get("dates", {}).items():
        if cid != "assessment":
            out.setdefault(cid, {})["date"] = d
    return out


def one_fact_per_metric(w: dict) -> bool:
    """Every unit-wide metric of witness ``w`` has a name of its own (a facts file states such a quantity under
    its metric name, so two of one name, e.g. in two units, cannot both be stated; a scoped one, ``(in ...)``,
    has no facts-file form at all).

    >>> [one_fact_per_metric({"metrics": m}) for m in ({"CO2 [g/km]": 50, "CO2": 0}, {"a": 1, "a (in 2)": 0})]
    [False, True]
    """
    names = [LABEL.match(k)["metric"] for k in w.get("metrics", {}) if "(in " not in k]
    return len(set(names)) == len(names)


def facts_of_witness(w: dict, part: str) -> dict:
    """The facts a company stating witness ``w`` of unit ``part`` gives ``regc eval`` (ids as it displays them)."""
    from regc.runtime.evaluator import display_id

    facts: dict = {display_id(part, cid): e["met"] if list(e) == ["met"] else e
                   for cid, e in _criterion_entries(w).items()}
    for label, v in w.get("metrics", {}).items():
        m = LABEL.match(label)
        q: dict = {"value": v, "unit": m["unit"] or ""}
        if m["per"]:
            per = m["per"][5:]
            q["period"] = "lifetime" if "lifetime" in per else {"value": float(per.split()[0]),
                                                                "unit": per.split()[1]}
        facts[m["metric"]] = q
    return facts
