"""Every witness ``regc check --json`` prints, evaluated without Z3: the proof that a witness means what it says.

A witness is a company profile Z3 gave for a claim: a unit's passing profile (``unit_results[].witness``: the
unit PASSes) and a ``DEAD_CRITERION`` counterexample (a complete profile where the criterion's passing and the
unit's passing differ).  :func:`verify_witnesses` reads each profile as a company would state it
(:func:`profile_inputs`: a criterion met or not, ``applies`` yes/no, a metric's value given to every criterion
that reads that quantity, event dates, the assessment date) and evaluates the unit on it with the concrete
evaluator (:class:`regc.verify.concrete.ConcreteUnit`, the encoding's rules in Python, compared with Z3 and the
runtime by ``tests/test_check_prepass.py``); a verdict other than the claimed one is a :class:`Problem`.  A
passing witness whose metrics are all unit-wide (no ``(in ...)`` scope) is also given, as a facts file, to the
runtime evaluator (:class:`regc.runtime.evaluator.CompiledActivity`); where it does not pass the unit, that is
counted (``runtime_disagree``: 0 on the three builds since issue-10ai fixed the runtime's reading of a date by
criterion id beside a quantity by metric name, and of two metrics one a word subset of the other).

Not modelled, counted in :class:`Tally`: scoped quantities (``(in <criterion>)``: two alternatives of one choice,
or a generic metric name, each with a variable of its own) have no facts-file form, so the runtime cross-check
skips them (the concrete evaluator verifies them); units whose dependencies form a cycle have no concrete
evaluation order (skipped, counted).

>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode as N
>>> from regc.runtime.evaluator import compile_plan
>>> act = Activity(activity_id="X-1", name="x", source=ActSource(celex="c", format="eurlex-xhtml"),
...     units=[Unit(unit_id="X-1/SC", root=N(criterion_id="ROOT", evaluation_logic="OR",
...            sub_criteria=[N(criterion_id="1"), N(criterion_id="2")]))])
>>> good = {"criteria": {"1": False, "2": True}, "dates": {"assessment": "2020-01-01"}}
>>> bad = {"criteria": {"1": False, "2": False}, "dates": {"assessment": "2020-01-01"}}
>>> [p.detail for p in check_unit_witnesses(act, compile_plan(act), act.units[0], [("PASS", None, w)
...  for w in (good, bad)], Tally())]
['the unit is FAIL, not PASS']
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

from regc.ir.models import Activity, Unit, load_activity
from regc.runtime.kernel import PASS
from regc.verify.concrete import DATED_KINDS, ConcreteUnit, CycleError, iso_days, part_ids
from regc.verify.quantities import quantity_classes, quantity_names
from regc.verify.witness import item_labels

DOMAIN_START = "2020-01-01"  # regc.verify.findings.DOMAIN_START: a free date takes this value


@dataclass(frozen=True)
class Problem:
    """A witness whose claim the evaluation does not confirm."""

    path: str
    unit_id: str
    claim: str  # "PASS" or "DEAD_CRITERION <criterion>"
    detail: str


@dataclass
class Tally:
    """What was verified: witnesses evaluated (concrete / runtime), scoped ones, units not modelled."""

    witnesses: int = 0
    concrete: int = 0
    runtime: int = 0
    scoped: int = 0
    cyclic: int = 0
    problems: list[Problem] = field(default_factory=list)
    runtime_disagree: list[Problem] = field(default_factory=list)  # concrete PASS, the facts-file form not


class UnitReader:
    """One unit of a plan as the concrete evaluator sees it, with the inverse of the witness labels: metric key
    (as :func:`regc.verify.witness.profile` writes it) -> (quantity variable, unit factor)."""

    def __init__(self, plan: dict, unit: Unit):
        self.plan, self.part = plan, unit.part
        self.nodes = plan["nodes"]
        self.ids = part_ids(self.nodes, unit.part)
        self.root = dict(plan["roots"])[unit.part]
        quantities = quantity_classes(plan, unit.part)
        self.cu = ConcreteUnit(plan, self.ids, quantity_names(quantities), self.root)
        labels = item_labels(unit, plan)
        self.keys: dict[str, tuple[str, Any]] = {}
        for q in quantities:
            for i, j in q.members:
                it = self.nodes[i]["q"][j]
                metric, unit_w, per = labels.get((i, j), (it[0], it[3], ""))
                key = metric + (f" [{unit_w}]" if unit_w else "") + (f" ({per})" if per else "") + \
                    (f" (in {q.scope})" if q.scope else "")
                self.keys.setdefault(key, (q.name, it[8]))

    def profile_inputs(self, w: dict) -> dict:
        """The concrete inputs a company stating witness ``w`` gives: a node's fact is stated when the witness
        names it (met or not, applies, a date) or gives a quantity one of its items reads; a value the witness
        leaves free (Z3 needs none) takes 0 (quantities) or the domain start (dates)."""
        crit, applies, dates = w.get("criteria", {}), w.get("applies", {}), w.get("dates", {})
        xs = {self.keys[k][0]: _base(v, self.keys[k][1]) for k, v in w.get("metrics", {}).items()}
        lo = iso_days(DOMAIN_START)
        p: dict = {"as_of": iso_days(dates["assessment"]) if "assessment" in dates else lo,
                   "has": {}, "met": {}, "off": {}, "date": {}, "x": {}}
        for var in sorted(set(self.cu.xvar.values())):
            p["x"][var] = xs.get(var, Fraction(0))
        for i in self.ids:
            n, cid = self.nodes[i], self.nodes[i]["cid"]
            reads = any(self.cu.xvar[(i, j)] in xs for j in range(len(n["q"]))) if n["own"] else False
            p["has"][i] = cid in crit or cid in applies or (cid in dates and cid != "assessment") or reads
            p["met"][i] = bool(crit.get(cid, False))
            p["off"][i] = bool(n["cond"]) and applies.get(cid) is False
            if any(t[0] in DATED_KINDS for t in n["t"]):
                p["date"][i] = iso_days(dates[cid]) if cid in dates else lo
        return p

    def index(self, cid: str) -> Optional[int]:
        return next((i for i in self.ids if self.nodes[i]["cid"] == cid), None)


def _base(v: Any, factor: Any) -> Fraction:
    """A witness value in the threshold's unit -> SI base units as the runtime reads a fact (``value * factor``
    in floats, :func:`regc.runtime.kernel_facts`): the value a company stating the witness gives.

    >>> _base(70, 0.01) == Fraction(0.7000000000000001), _base(1.5, None)
    (True, Fraction(3, 2))"""
    return Fraction(v * factor) if factor else Fraction(v)


def unknown_keys(reader: UnitReader, w: dict) -> list[str]:
    """Witness entries that name nothing in the unit (a wrong label is a wrong witness)."""
    cids = {reader.nodes[i]["cid"] for i in reader.ids}
    out = [k for k in w.get("metrics", {}) if k not in reader.keys]
    for sec in ("criteria", "applies", "dates"):
        out += [k for k in w.get(sec, {}) if k not in cids and not (sec == "dates" and k == "assessment")]
    return out


def _claim_problem(reader: UnitReader, claim: str, cid: Optional[str], w: dict) -> Optional[str]:
    """Why the concrete evaluation of ``w`` does not show ``claim`` (None: it does)."""
    bad = unknown_keys(reader, w)
    if bad:
        return f"names what the unit lacks: {', '.join(bad)}"
    p = reader.profile_inputs(w)
    V = reader.cu.verdicts(p)
    if claim == "PASS":
        return None if V[reader.root] == PASS else f"the unit is {V[reader.root]}, not PASS"
    i = reader.index(cid or "")
    if i is None:
        return f"criterion {cid} is not in the unit"
    unstated = [reader.nodes[k]["cid"] for k in reader.ids if reader.nodes[k]["own"] and not p["has"][k]]
    if unstated:
        return f"not a complete profile: no fact for {', '.join(unstated)}"
    if (V[i] == PASS) == (V[reader.root] == PASS):
        return f"criterion {cid} is {V[i]} and the unit {V[reader.root]}: no counterexample"
    return None


def _runtime_problem(act: Activity, unit: Unit, w: dict, compiled: Any) -> Optional[str]:
    """The runtime evaluator on ``w`` as a facts file: the unit must PASS (unit-wide metrics only)."""
    from regc.verify.witness_facts import facts_of_witness

    res = compiled.evaluate(facts_of_witness(w, unit.part), as_of=_dt.date.fromisoformat(w["dates"]["assessment"]))
    got = res["units"].get(unit.part)
    return None if got == PASS else f"the runtime evaluator gives the unit {got}, not PASS"


def check_unit_witnesses(act: Activity, plan: dict, unit: Unit, claims: list[tuple[str, Optional[str], dict]],
                         tally: Tally, path: str = "", compiled: Any = None) -> list[Problem]:
    """Each ``(claim, criterion, witness)`` of one unit evaluated; ``compiled``: the activity's runtime evaluator
    (None: no runtime cross-check)."""
    try:
        reader = UnitReader(plan, unit)
    except CycleError:
        tally.cyclic += 1
        return []
    out = []
    for claim, cid, w in claims:
        tally.witnesses += 1
        name = claim if cid is None else f"{claim} {cid}"
        why = _claim_problem(reader, claim, cid, w)
        tally.concrete += 1
        scoped = any("(in " in k for k in w.get("metrics", {}))
        tally.scoped += int(scoped)
        if why is not None:
            out.append(Problem(path, unit.unit_id, name, why))
        elif compiled is not None and claim == "PASS" and not scoped and "dates" in w:
            tally.runtime += 1
            other = _runtime_problem(act, unit, w, compiled)
            if other is not None:
                tally.runtime_disagree.append(Problem(path, unit.unit_id, name, other))
    return out


def file_claims(rep: dict) -> dict[str, list[tuple[str, Optional[str], dict]]]:
    """Per unit id, the witnesses of one file report of ``regc check --json``."""
    out: dict[str, list] = {}
    for u in rep.get("unit_results", []):
        if u.get("witness"):
            out.setdefault(u["unit_id"], []).append(("PASS" if u["satisfiable"] else "?", None, u["witness"]))
    for f in rep.get("findings", []):
        if f.get("witness"):
            out.setdefault(f["unit_id"], []).append((f["code"], f["criterion_id"], f["witness"]))
    return out


def verify_report(report: dict, every: int = 1, runtime: bool = True) -> Tally:
    """Every witness of a ``regc check --json`` document (``every``: every n-th unit only)."""
    from regc.runtime.evaluator import CompiledActivity, compile_plan

    tally, k = Tally(), 0
    for rep in report.get("activities", []):
        claims = file_claims(rep)
        if not claims:
            continue
        act = load_activity(Path(rep["path"]))
        plan = compile_plan(act)
        compiled = CompiledActivity(act) if runtime else None
        for unit in act.units:
            if unit.unit_id not in claims:
                continue
            k += 1
            if (k - 1) % every:
                continue
            tally.problems += check_unit_witnesses(act, plan, unit, claims[unit.unit_id], tally, rep["path"],
                                                   compiled)
    return tally


def verify_witnesses(build: Path, report: dict, every: int = 1) -> list[Problem]:
    """The problems of every witness in ``report`` (``regc check BUILD --json`` as a dict) about ``build``
    (its file reports name their activity files; ``build`` anchors relative paths)."""
    rebased = {"activities": [{**r, "path": str(Path(build) / Path(r["path"]).name)
                               if not Path(r["path"]).exists() else r["path"]}
                              for r in report.get("activities", [])]}
    return verify_report(rebased, every).problems

