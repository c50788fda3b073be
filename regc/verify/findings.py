"""The logical checks of ``regc check``, asked of the evaluator's own program: each unit is encoded from the
compiled plan (:class:`regc.verify.plan_logic.PlanEncoding`, the kernel's four-valued rules) with the quantities a
company reports once (:mod:`regc.verify.quantities`), and Z3 answers:

- ``UNSATISFIABLE`` (error): no profile makes the unit PASS (with an unsat core of criteria); a passing profile
  (witness) otherwise.  A unit that can still be NOT_APPLICABLE says so.
- ``NEVER_SATISFIABLE`` (error): a criterion that never PASSes (the lowest such only).
- ``EMPTY_EFFECTIVE_PERIOD`` (error) / ``REDUNDANT_TEMPORAL`` (warning): effective dates of one node that leave no
  day in force / of which some never restrict it.
- ``CONTRADICTORY_THRESHOLDS`` (error): two items over one quantity, required together, that cannot both hold.
- ``REDUNDANT_ATOM`` (warning): an item implied by (AND) or covering nothing beyond (OR) its node's other items.
- ``DEAD_CRITERION`` (warning): no complete profile (every fact stated: missing evidence would make any
  alternative matter) where the criterion passing or failing flips whether the unit passes (with a
  counterexample profile).

Profiles state an assessment date, quantities >= 0 and dates from :data:`DOMAIN_START` (plausible witnesses).
"Can it pass?" and "can it flip the unit?" are first tried on concrete profiles (:mod:`regc.verify.concrete`): a
profile found proves the answer (a unit's passing profile is its witness: the form a model of the same inputs
prints); Z3 is asked only about the rest, so the findings are Z3's.  A unit is encoded only when it asks Z3, in
the Z3 context its caller gives (a witness depends on what that context saw before: see ``check_unit_logic``);
most units never do (2021/2139: 8 of the 197 units checked are encoded).

>>> from regc.ir.models import Unit, CriterionNode
>>> u = Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
...          sub_criteria=[CriterionNode(criterion_id="1", verbatim_text="a")]))
>>> r = check_unit_logic(u); r.satisfiable, [f.code for f in r.findings], r.witness
(True, [], {'criteria': {'1': True}, 'dates': {'assessment': '2020-01-01'}})
"""

from __future__ import annotations

import datetime as _dt
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

import z3

from regc.ir.models import Activity, ActSource, Diagnostic, Unit
from regc.runtime.kernel import PASS as PASS_VERDICT
from regc.verify.concrete import ConcreteUnit, CycleError, live, part_ids, passable, root_passing
from regc.verify.plan_logic import PlanEncoding, _cmp, _eq, _implies, assert_all, days, release, x_names
from regc.verify.quantities import quantity_classes, quantity_names
from regc.verify.witness import concrete_profile, evaluates_to, format_profile, item_labels, profile
from regc.verify.witness_facts import one_fact_per_metric

PASS_NAME = "logic"
DOMAIN_START = _dt.date(2020, 1, 1)  # earliest assessment/event date a witness may use
NA_NOTE = "it can only be NOT_APPLICABLE (does not apply), never met"


@dataclass
class LogicFinding:
    severity: str
    code: str
    criterion_id: Optional[str]
    message: str
    witness: Optional[dict] = None

    def to_diagnostic(self, unit_id: str) -> Diagnostic:
        msg = self.message + (f" [witness: {format_profile(self.witness)}]" if self.witness else "")
        return Diagnostic(severity=self.severity, code=self.code, message=msg, kind="Semantic", unit_id=unit_id,
                          criterion_id=self.criterion_id, pass_name=PASS_NAME)

    def to_json(self) -> dict:
        d = {"severity": self.severity, "code": self.code, "criterion_id": self.criterion_id,
             "message": self.message}
        if self.witness:
            d["witness"] = self.witness
        return d


@dataclass
class LogicReport:
    unit_id: str
    satisfiable: bool
    witness: Optional[dict]
    findings: list[LogicFinding] = field(default_factory=list)
    encode_seconds: float = 0.0
    solve_seconds: float = 0.0
    checks: int = 0

    def diagnostics(self) -> list[Diagnostic]:
        return [f.to_diagnostic(self.unit_id) for f in self.findings]


class LogicInputError(ValueError):
    """A unit the checks cannot name criteria in (duplicate criterion ids)."""


def duplicate_ids(unit: Unit) -> list[str]:
    seen: set[str] = set()
    dup: list[str] = []
    for n in unit.root.walk():
        if n.criterion_id in seen and n.criterion_id not in dup:
            dup.append(n.criterion_id)
        seen.add(n.criterion_id)
    return dup


def unit_plan(unit: Unit) -> dict:
    """The evaluator's plan of an activity holding only ``unit``."""
    from regc.runtime.evaluator import compile_plan

    return compile_plan(Activity(activity_id=unit.activity_id, name="", units=[unit],
                                 source=ActSource(celex="unknown", format="eurlex-xhtml")))


@dataclass
class Atom:
    """One threshold item or deadline of node ``i`` over one variable (``var_key``); its Z3 term is made when
    a check asks for it (most units never do)."""

    i: int
    label: str
    make: Any  # () -> the Z3 term
    var_key: str
    kind: str  # "quantitative" | "temporal"
    _expr: Any = None

    @property
    def expr(self) -> Any:
        if self._expr is None:
            self._expr = self.make()
        return self._expr


class OnDemand:
    """A Z3 object made by ``make()`` on first use (:meth:`get`): a context or a shared solver that a unit
    settled by concrete profiles never makes.

    >>> box = OnDemand(list); box.value is None, box.get() is box.get()
    (True, True)
    """

    def __init__(self, make: Any):
        self.make = make
        self.value: Any = None

    def get(self) -> Any:
        if self.value is None:
            self.value = self.make()
        return self.value


def _resolve(x: Any) -> Any:
    return x.get() if isinstance(x, OnDemand) else x


class _Encoding:
    """A unit's Z3 encoding and its rules asserted in the unit's solver, each made when a check first needs it
    (most units are settled by concrete profiles alone).  It holds no reference to its :class:`UnitModel` (the
    atoms' terms are made through it: no cycle, so nothing waits for the garbage collector)."""

    def __init__(self, plan: dict, part: str, quantity: dict, ctx: Any, solver: Any):
        self.plan, self.part, self.quantity, self._ctx = plan, part, quantity, ctx
        self.shared = solver  # a solver of the caller's, shared by its units: a scope of its own for this unit
        self.pushed = False
        self.seconds = 0.0
        self._enc: Optional[PlanEncoding] = None
        self._s: Optional[z3.Solver] = None

    def context(self) -> z3.Context:
        return _resolve(self._ctx)

    def enc(self) -> PlanEncoding:
        if self._enc is None:
            t0 = time.perf_counter()
            self._enc = PlanEncoding(self.plan, "1:", part=self.part, quantity=self.quantity, ctx=self.context())
            self.seconds += time.perf_counter() - t0
        return self._enc

    def solver(self) -> z3.Solver:
        """The domain and ``V[i] == <kernel rule>`` for every node in one incremental solver."""
        if self._s is None:
            enc = self.enc()
            t0 = time.perf_counter()
            shared = _resolve(self.shared)
            if shared is not None:
                shared.push()
                self.pushed = True
            s = shared if shared is not None else z3.SimpleSolver(ctx=self.context())
            assert_all(s, [*domain(enc), *[_eq(enc.V[i], enc.defs[i]) for i in enc.ids]])
            self._s = s
            self.seconds += time.perf_counter() - t0
        return self._s

    def close(self) -> None:
        """Pop the scope this unit pushed on a shared solver (nothing when none was pushed)."""
        if self.pushed:
            self.pushed = False
            _resolve(self.shared).pop()


class UnitModel:
    """One unit of a plan: its nodes, each node's own atoms, the unit on concrete profiles (:meth:`concrete`)
    and, made when a check first asks Z3, the encoding (:attr:`enc`) with the domain of plausible profiles and
    ``V[i] == <kernel rule>`` for every node in one incremental solver (:attr:`s`), a solver of the domain alone
    (:meth:`domain_solver`, for the atoms) and one where each rule holds under its own ``track[i]`` literal
    (:meth:`tracked`, for unsat cores and the dead-criterion test)."""

    def __init__(self, plan: dict, unit: Unit, ctx: Any = None, solver: Any = None):
        t0 = time.perf_counter()
        self.plan, self.unit, self.part = plan, unit, unit.part
        self.quantities = quantity_classes(plan, self.part)
        self.nodes = plan["nodes"]
        self.ids = part_ids(self.nodes, self.part)  # as PlanEncoding's
        self.xname = x_names(self.nodes, self.ids, quantity_names(self.quantities))
        self._z3 = _Encoding(plan, self.part, quantity_names(self.quantities),
                             OnDemand(z3.Context) if ctx is None else ctx, solver)
        self.cid = {i: self.nodes[i]["cid"] for i in self.ids}
        self.root = dict(plan["roots"])[self.part]
        self.labels = item_labels(unit, plan)
        self.atoms = {i: self._atoms(i) for i in self.ids}  # (their terms are made through _z3, not self: no cycle)
        self.track: dict[int, Any] = {}
        self.all_t: list = []
        self._tracked: Optional[z3.Solver] = None
        self._domain: Optional[z3.Solver] = None
        self._concrete: Optional[ConcreteUnit] = None
        self.seconds = time.perf_counter() - t0

    @property
    def ctx(self) -> z3.Context:
        """The Z3 context (made on first use when the caller gave an :class:`OnDemand`)."""
        return self._z3.context()

    @property
    def enc(self) -> PlanEncoding:
        """The unit's Z3 encoding (made on first use)."""
        return self._z3.enc()

    @property
    def s(self) -> z3.Solver:
        """The solver of the domain and every node's rule (made on first use)."""
        return self._z3.solver()

    def close(self) -> None:
        """Done with the unit: the scope it pushed on a shared solver is popped."""
        self._z3.close()

    def concrete(self) -> Optional[ConcreteUnit]:
        """The unit on concrete profiles (:mod:`regc.verify.concrete`); None when its nodes have no order."""
        if self._concrete is None:
            try:
                self._concrete = ConcreteUnit(self.plan, self.ids, quantity_names(self.quantities), self.root)
            except CycleError:
                return None
        return self._concrete

    def _atoms(self, i: int) -> list[Atom]:
        n, z = self.nodes[i], self._z3
        out = []
        if n["own"]:
            for j, it in enumerate(n["q"]):
                metric, unit, per = self.labels.get((i, j), (it[0], it[3], ""))
                label = f"{metric} {it[1]} {it[2]} {unit}".rstrip() + (f" {per}" if per else "")
                out.append(Atom(i, label, lambda op=it[1], ij=(i, j), c=Fraction(it[4]), z=z:
                                _cmp(op, z.enc().x[ij], z3.RealVal(c, z.context())), "1:" + self.xname[(i, j)],
                                "quantitative"))
            for t in n["t"]:
                if t[0] == "deadline":
                    when = days(_dt.date.fromisoformat(t[1]))
                    out.append(Atom(i, f"date <= {t[1]}", lambda i=i, when=when, z=z: z.enc().date[i] <= when,
                                    f"date[{i}]", "temporal"))
        return out

    def conditional(self, i: int) -> bool:
        """The node can be NOT_APPLICABLE (Conditional, a dependency, an effective period)."""
        n = self.nodes[i]
        return bool(n["cond"] or n["deps"] or any(t[0] in ("effective_from", "effective_until", "window")
                                                  for t in n["t"]))

    def tracked(self) -> z3.Solver:
        """The solver where node ``i``'s rule holds under the literal ``track[i]`` (built on first use)."""
        if self._tracked is None:
            self.track = {i: z3.Bool(f"track[{i}]", self.ctx) for i in self.ids}
            self.all_t = list(self.track.values())
            self._tracked = z3.SimpleSolver(ctx=self.ctx)
            assert_all(self._tracked, domain(self.enc))
            for i in self.ids:  # made and asserted one by one, as before: Z3's answers follow its term ids
                assert_all(self._tracked, [_implies(self.track[i], _eq(self.enc.V[i], self.enc.defs[i]))])
        return self._tracked

    def domain_solver(self) -> z3.Solver:
        """A solver of the domain alone, for questions about atoms (built on first use)."""
        if self._domain is None:
            self._domain = z3.SimpleSolver(ctx=self.ctx)
            assert_all(self._domain, domain(self.enc))
        return self._domain

    def core(self, goal: Any) -> list[str]:
        """The criteria of an unsat core of ``goal`` under every rule (the criteria in conflict), in the unit's
        order (Z3 lists a core in an order that follows its term ids, which a shared solver changes)."""
        t = self.tracked()
        if t.check(*self.all_t, goal) != z3.unsat:
            return []
        back = {str(v): i for i, v in self.track.items()}
        core = {back[str(x)] for x in t.unsat_core() if str(x) in back}
        return [self.cid[i] for i in self.ids if i in core]  # in the unit's order, not the order Z3 gives

    def witness(self, m: z3.ModelRef) -> dict:
        return profile(m, self.enc, self.quantities, self.labels)

    def concrete_witness(self, p: dict) -> dict:
        """The witness of a concrete profile ``p`` (as :meth:`witness` prints a model's)."""
        return concrete_profile(p, self.nodes, self.ids, self.xname, self.quantities, self.labels)


def domain(enc: PlanEncoding) -> list:
    """Plausible profiles: an assessment date, quantities >= 0, dates not before :data:`DOMAIN_START`."""
    lo = days(DOMAIN_START)
    out = [enc.has_as_of, enc.as_of >= lo]
    out += [v >= 0 for v in {v.get_id(): v for v in enc.x.values()}.values()]  # one per variable (hash-consed)
    out += [d >= lo for d in enc.date.values()]
    return out


def check_unit_logic(unit: Unit, dead: bool = True, plan: Optional[dict] = None,
                     ctx: Any = None, solver: Any = None) -> LogicReport:
    """Every check of the module docstring for one unit (``plan``: its activity's plan, compiled once by the
    caller; default: a plan of the unit alone).  ``dead=False`` skips the per-criterion flip test.

    ``ctx``: the Z3 context to encode in (default: a new one), or an :class:`OnDemand` one (made only if the
    unit asks Z3).  What Z3 answers (a witness) depends on the
    terms its context has seen, so a caller shares one only between units it always checks together, in one
    order (the units of one activity file).  ``solver``: a solver of ``ctx`` that the caller's units share (one
    per activity file, :func:`regc.verify.unit_memo.new_solver`): this unit's rules are asserted in a scope of
    their own, popped when it is done (a solver's set-up and deletion once per file, not per unit); an
    :class:`OnDemand` solver is made when a unit first asks Z3."""
    dup = duplicate_ids(unit)
    if dup:  # findings name criteria by id: a non-tree is reported by the graph layer
        return LogicReport(unit.unit_id, False, None, [LogicFinding(
            "warning", "LOGIC_SKIPPED", dup[0], f"logic checks skipped: criterion id(s) {', '.join(dup)} occur "
            "more than once")])
    if ctx is None:
        own = OnDemand(z3.Context)
        try:
            return check_unit_logic(unit, dead, plan, own, solver)
        finally:
            if own.value is not None:
                release(own.value)
    # a solver shared by the units of a file: this unit's assertions in a scope of their own, pushed when the
    # unit first asks Z3 and popped here
    um = UnitModel(plan if plan is not None else unit_plan(unit), unit, ctx, solver)
    try:
        return _checks(um, dead)
    finally:
        um.close()


def _checks(um: UnitModel, dead: bool) -> LogicReport:
    t0 = time.perf_counter()
    rep = LogicReport(um.unit.unit_id, False, None)
    passing = _satisfiable(um, rep)
    periods = _periods(um)
    rep.findings += periods
    empty_ids = {f.criterion_id for f in periods if f.code == "EMPTY_EFFECTIVE_PERIOD"}
    empty = {i for i in um.ids if um.cid[i] in empty_ids}  # never in force: reported as such, once
    never = _never(um, rep, passing, empty)
    rep.findings += _contradictions(um)
    rep.checks += 1
    rep.findings += _redundant(um, rep, never)
    if dead and rep.satisfiable:
        rep.findings += _dead(um, rep, never, empty)
    rep.encode_seconds = um.seconds + um._z3.seconds
    rep.solve_seconds = time.perf_counter() - t0 - um._z3.seconds
    return rep


def _satisfiable(um: UnitModel, rep: LogicReport) -> set[int]:
    """Can the unit pass?  A concrete profile where it does is the witness (Z3 is not asked) when a facts file
    can state it; else Z3 answers (a model as the witness, or an unsat core).  The nodes that PASS in the
    witness."""
    cu = um.concrete()
    hit = root_passing(cu, days(DOMAIN_START)) if cu is not None else None
    w = um.concrete_witness(hit[0]) if hit is not None else None
    if w is not None and hit is not None and one_fact_per_metric(w):  # a witness a facts file can state
        rep.satisfiable, rep.witness = True, w
        return {i for i, v in hit[1].items() if v == PASS_VERDICT}
    rep.checks += 1
    r = um.s.check(um.enc.V[um.root] == um.enc.PASS)
    rep.satisfiable = r == z3.sat
    if rep.satisfiable:
        mdl = um.s.model()
        rep.witness = um.witness(mdl)
        return {i for i in um.ids if evaluates_to(mdl, um.enc.V[i], um.enc.PASS)}
    core = um.core(um.enc.V[um.root] == um.enc.PASS) if r == z3.unsat else []
    rep.checks += 2
    na = um.s.check(um.enc.V[um.root] == um.enc.NA) == z3.sat
    rep.findings.append(LogicFinding("error", "UNSATISFIABLE", um.cid[um.root],
                                     "no company profile meets the unit" +
                                     (f"; conflict among criteria {', '.join(core)}" if core else "") +
                                     (f"; {NA_NOTE}" if na else "")))
    return set()


def _periods(um: UnitModel) -> list[LogicFinding]:
    """Effective periods of one node (all its nodes, ancillary ones too) that are empty or partly void."""
    out = []
    for n in um.nodes:
        if n["part"] != um.part or n["tlogic"] == "OR":
            continue
        froms = [t[1] for t in n["t"] if t[0] == "effective_from" and t[1]]
        untils = [t[1] for t in n["t"] if t[0] == "effective_until" and t[1]]
        cid = n["cid"]
        if froms and untils and max(froms) > min(untils):
            out.append(LogicFinding("error", "EMPTY_EFFECTIVE_PERIOD", cid,
                                    f"criterion {cid} applies from {max(froms)} and until {min(untils)}: it applies "
                                    "on no assessment date (two temporal regimes put on one node?)"))
        if len(set(froms)) > 1 or len(set(untils)) > 1:  # AND of two starts: the earlier one is void
            void = sorted(set(froms))[:-1] + sorted(set(untils))[1:]
            out.append(LogicFinding("warning", "REDUNDANT_TEMPORAL", cid,
                                    f"criterion {cid} has several effective_from/effective_until dates; "
                                    f"{', '.join(void)} never restrict(s) it (dates of different targets put on "
                                    "one node?)"))
    return out


def _never(um: UnitModel, rep: LogicReport, passing: set[int], empty: set[int]) -> set[int]:
    """Criteria that never PASS (``passing``: nodes seen to PASS); reported at the lowest such node (children
    before parents)."""
    never: set[int] = set()
    passing = set(passing)
    rest = [i for i in um.ids if i not in passing]
    cu = um.concrete() if rest else None
    if cu is not None:  # a concrete profile where the node passes proves it can (Z3 is asked about the others)
        passing |= passable(cu, days(DOMAIN_START), rest)
    for i in reversed(um.ids):
        if i in passing or (i == um.root and not rep.satisfiable):
            continue
        rep.checks += 1
        if um.s.check(um.enc.V[i] == um.enc.PASS) != z3.unsat:
            continue
        never.add(i)
        if i == um.root or i in empty or any(k in never for k in um.nodes[i]["all_kids"]):
            continue
        core = um.core(um.enc.V[i] == um.enc.PASS)
        rep.checks += 2
        na = um.s.check(um.enc.V[i] == um.enc.NA) == z3.sat
        rep.findings.append(LogicFinding("error", "NEVER_SATISFIABLE", um.cid[i],
                                         f"criterion {um.cid[i]} can never be met" +
                                         (f" (conflict among {', '.join(core)})" if core else "") +
                                         (f"; {NA_NOTE}" if na else "")))
    return never


def _required(um: UnitModel, i: int, memo: dict[int, list[Atom]]) -> list[Atom]:
    """Atoms the IR requires together at node ``i``: its own (AND) items and deadlines, and those of its
    unconditional children that its logic requires all of (anchored children always)."""
    if i in memo:
        return memo[i]
    n = um.nodes[i]
    own = um.atoms[i]
    q = [a for a in own if a.kind == "quantitative"]
    out = list(q) if (n["qlogic"] != "OR" or len(q) == 1) else []
    out += [a for a in own if a.kind == "temporal"]
    together = list(n["akids"])
    if n["logic"] == "AND" or (n["logic"] == "N_OF_K" and n["n"] == len(n["kids"])):
        together = list(n["kids"]) + together
    for k in together:
        if not um.conditional(k):
            out += _required(um, k, memo)
    memo[i] = out
    return out


def _contradictions(um: UnitModel) -> list[LogicFinding]:
    found: list[LogicFinding] = []
    seen: set = set()
    memo: dict[int, list[Atom]] = {}
    for i in reversed(um.ids):  # deepest first: a pair is reported where the conjunction arises
        by_var: dict[str, list[Atom]] = {}
        for a in _required(um, i, memo):
            by_var.setdefault(a.var_key, []).append(a)
        for group in by_var.values():
            for x in range(len(group)):
                for y in range(x + 1, len(group)):
                    a, b = group[x], group[y]
                    if frozenset((id(a), id(b))) in seen:
                        continue  # tested at a deeper node already
                    seen.add(frozenset((id(a), id(b))))
                    if um.domain_solver().check(a.expr, b.expr) != z3.unsat:
                        continue
                    ca, cb = um.cid[a.i], um.cid[b.i]
                    msg = (f"'{a.label}' and '{b.label}' of {ca} are required together (AND) but cannot both hold"
                           if a.i == b.i else f"'{a.label}' ({ca}) and '{b.label}' ({cb}) are both required under "
                           f"{um.cid[i]} but cannot both hold")
                    found.append(LogicFinding("error", "CONTRADICTORY_THRESHOLDS", ca, msg))
    return found


def _redundant(um: UnitModel, rep: LogicReport, never: set[int]) -> list[LogicFinding]:
    out = []
    for i in um.ids:
        q = [a for a in um.atoms[i] if a.kind == "quantitative"]
        if len(q) < 2 or i in never:
            continue  # implication from contradictory items is vacuous
        is_or = um.nodes[i]["qlogic"] == "OR"
        for k, a in enumerate(q):
            others = [b.expr for j, b in enumerate(q) if j != k and b.var_key == a.var_key]
            if not others:
                continue  # items over other quantities cannot imply it
            rep.checks += 1
            goal = [a.expr, z3.Not(z3.Or(*others))] if is_or else [*others, z3.Not(a.expr)]
            if um.domain_solver().check(*goal) != z3.unsat:
                continue
            dup = any(b.expr.eq(a.expr) for j, b in enumerate(q) if j != k)
            out.append(LogicFinding("warning", "REDUNDANT_ATOM", um.cid[i], f"threshold item '{a.label}' is " + (
                "repeated" if dup else "covered by the node's other options" if is_or else
                "implied by the node's other items")))
    return out


def _plain_and_path(um: UnitModel, i: int) -> bool:
    """Reached from the root through unconditional children of AND nodes (or anchored children) only."""
    while um.nodes[i]["parent"] is not None:
        p = um.nodes[um.nodes[i]["parent"]]
        if um.conditional(i) or (p["logic"] not in ("AND", "LEAF") and i not in p["akids"]):
            return False
        i = p["i"]
    return True


def _under(um: UnitModel, anc: int, i: int) -> bool:
    while um.nodes[i]["parent"] is not None:
        i = um.nodes[i]["parent"]
        if i == anc:
            return True
    return False


def _dead(um: UnitModel, rep: LogicReport, never: set[int], empty: set[int]) -> list[LogicFinding]:
    """Criteria whose passing or failing never flips whether the unit passes (second copy of the unit over the
    same facts in the same solver; ``flip`` switches "the unit's results differ" on for these checks only)."""
    cands = [i for i in um.ids if i != um.root and i not in never and not _plain_and_path(um, i)
             and not any(_under(um, x, i) for x in never) and not any(x == i or _under(um, x, i) for x in empty)]
    cu = um.concrete() if cands else None
    if cu is not None:  # a concrete profile that flips the root proves a candidate live (Z3 asks about the rest)
        shown = live(cu, days(DOMAIN_START), cands)
        cands = [i for i in cands if i not in shown]
    if not cands:
        return []
    e1, s = um.enc, um.tracked()
    V2, defs2 = e1.copy_verdicts("2:")
    flip = z3.Bool("flip", um.ctx)
    for i in um.ids:
        assert_all(s, [_implies(um.track[i], _eq(V2[i], defs2[i]))])
    stated = z3.And([e1.has[i] for i in um.ids])  # complete profiles: missing evidence is not a flip
    s.add(z3.Implies(flip, z3.And(stated, (e1.V[um.root] == um.enc.PASS) != (V2[um.root] == um.enc.PASS))))
    out = []
    for i in cands:
        rep.checks += 1
        others = [um.track[x] for x in um.ids if x != i]
        if s.check(*others, flip, e1.V[i] == um.enc.PASS, V2[i] == um.enc.FAIL) != z3.unsat:
            continue
        wit = None  # counterexample: the unit passes without it, or fails even with it
        ok, ok_root = e1.V[i] == um.enc.PASS, e1.V[um.root] == um.enc.PASS
        for extra in ((z3.Not(ok), ok_root), (ok, z3.Not(ok_root))):
            rep.checks += 1
            if s.check(*um.all_t, stated, *extra) == z3.sat:
                wit = um.witness(s.model())
                break
        out.append(LogicFinding("warning", "DEAD_CRITERION", um.cid[i],
                                f"criterion {um.cid[i]} never changes the verdict: no profile where meeting it or "
                                "not flips the unit's result", wit))
    return out
