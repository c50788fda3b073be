"""Z3 encoding of a unit and the logical checks of the IR (satisfiable, no dead criterion, no contradictory or
redundant threshold), each finding with a witness (a concrete company profile) or counterexample.

Encoding (one per unit, built once; solvers reused with assumptions / push-pop):

- ``c[<id>]`` (Bool): the criterion is met.  ``c[id] == own requirement ∧ combine(children)``.
- own requirement: quantitative items as atoms over one Real per metric (``m[<metric>|<dimension>|<period>]``,
  values converted to one base unit per dimension, exact rationals), deadlines/windows as Int date atoms (days
  since 1970-01-01) over ``d[<id>]``; a leaf without such atoms, a node that inherits a threshold (it verifies
  it) and a node with a recurring item ("verified annually") get a free Bool ``own[<id>]``.  Witnesses keep
  quantities >= 0 and dates >= 2020-01-01 so that the profiles they print are plausible.
- children: ``AND`` / ``OR`` / ``N_OF_K`` (``AtLeast``) over the *labelled* participating children; ancillary
  (BackgroundInformation) children do not take part.  Anchored children (``<id>.Verification``, ...,
  :func:`regc.ir.models.is_anchored`) qualify their anchor: they are ANDed on top of the node's list logic
  whatever it is (never one more OR alternative, never counted by N_OF_K); a node whose participating children
  are all anchored has its own requirement (``own[<id>]`` unless it has atoms).  A child's applicability condition ``A`` (``app[<id>]`` when Conditional, ``effective_from/until`` on the
  assessment date ``t``, dependency clauses on other criteria) is an implication ``A ⇒ c`` under AND and a
  conjunction ``A ∧ c`` under OR/N_OF_K (an option that does not apply cannot be the one chosen).
- ``INHERITS_THRESHOLD``: the inheriting node's items reuse the target's atoms (same Real, same expression).
- dependency clauses on an ancestor are implied by the hierarchy and dropped (no self-reference).

>>> from regc.ir.models import Unit, CriterionNode
>>> u = Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
...          sub_criteria=[CriterionNode(criterion_id="1", verbatim_text="a")]))
>>> r = check_unit_logic(u); r.satisfiable, [f.code for f in r.findings]
(True, [])
"""

from __future__ import annotations

import datetime as _dt
import time
from dataclasses import dataclass, field
from fractions import Fraction

_F = Fraction
from typing import Any, Callable, Optional

import z3

from regc.ir.models import CriterionNode, Diagnostic, QuantItem, Unit, is_anchored
from regc.ir.units import exact_unit, is_generic_metric, norm_metric

PASS_NAME = "logic"
EPOCH = _dt.date(1970, 1, 1)
DOMAIN_START = "2020-01-01"  # earliest assessment/event date a witness may use

# ---------------------------------------------------------------------------------------------------------------
# units and metric identity: regc.ir.units (the evaluator's table, read exactly)


def normalise_unit(unit: str) -> tuple[Fraction, str]:
    """``(factor, dimension)``: value × factor is the quantity in the base unit of ``dimension`` (the
    evaluator's unit table, :func:`regc.ir.units.exact_unit`).

    >>> normalise_unit("g CO2e/kWh") == normalise_unit("kg CO2e/MWh")
    True
    >>> normalise_unit("litres/min")[0], normalise_unit("")
    (Fraction(1, 60000), (Fraction(1, 1), ''))
    """
    return exact_unit(unit)


def _period_key(item: QuantItem) -> str:
    p = item.period
    if p is None:
        return ""
    if p.type == "lifetime":
        return "lifetime"
    return f"{p.value}{p.unit}"


def _period_label(item: QuantItem) -> str:
    p = item.period
    if p is None:
        return ""
    return "over the lifetime" if p.type == "lifetime" else f"over {p.value} {p.unit}"


def _norm_metric(metric: str) -> str:
    return norm_metric(metric)


def split_children(node: CriterionNode) -> tuple[list[CriterionNode], list[CriterionNode]]:
    """Participating children -> (labelled ones, combined by the node's logic; anchored ones, all required)."""
    lab: list[CriterionNode] = []
    anc: list[CriterionNode] = []
    for k in node.participating_children():
        (anc if is_anchored(node.criterion_id, k.criterion_id) else lab).append(k)
    return lab, anc


def _is_choice(node: CriterionNode) -> bool:
    """An OR node, or an N_OF_K node that does not require all its labelled children."""
    if node.evaluation_logic == "OR":
        return True
    if node.evaluation_logic == "N_OF_K":
        return (node.n_required or 1) < len(split_children(node)[0])
    return False


def metric_scopes(unit: Unit) -> dict[tuple[str, int], str]:
    """Which quantitative items denote the same quantity (share one variable): ``(criterion id, item index)`` ->
    scope suffix of its variable name (``""`` = the unit-wide variable of that metric).

    Two items share a variable only if their normalised metric names and periods are equal, the name is specific
    (not :data:`GENERIC_METRICS`) and their criteria are not alternatives of one choice: the lowest common
    ancestor of the two criteria is not an OR (or a partial N_OF_K) node.  The relation is closed transitively.
    Items of one criterion with a specific name always share.  A generic name ("Value") gets a variable per item.

    >>> from regc.ir.models import CriterionNode as N, Threshold, QuantitativeThreshold as QT, QuantItem as Q
    >>> q = lambda m: Threshold(quantitative=QT(items=[Q(metric=m, operator="<=", value=6, unit="months")]))
    >>> u = Unit(unit_id="X-1/SC", root=N(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[
    ...     N(criterion_id="1", evaluation_logic="OR", sub_criteria=[N(criterion_id="1(a)", threshold=q("w")),
    ...                                                              N(criterion_id="1(b)", threshold=q("w"))]),
    ...     N(criterion_id="2", threshold=q("Value"))]))
    >>> sorted(metric_scopes(u).items())
    [(('1(a)', 0), ''), (('1(b)', 0), '@1(b)'), (('2', 0), '@2#0')]
    """
    nodes = {n.criterion_id: n for n in unit.root.walk()}
    parent = {n.criterion_id: p.criterion_id for n, p in unit.root.walk_with_parent() if p is not None}

    def path(cid: str) -> list[str]:
        out = [cid]
        while out[-1] in parent:
            out.append(parent[out[-1]])
        return out[::-1]

    def alternatives(a: str, b: str) -> bool:
        """The two criteria sit in different labelled children of a choice node (their lowest common
        ancestor); an anchored child is required together with any alternative, so it is never one."""
        pa, pb = path(a), path(b)
        k = 0
        while k < min(len(pa), len(pb)) and pa[k] == pb[k]:
            k += 1
        lca = pa[k - 1]
        if not _is_choice(nodes[lca]):
            return False
        return not any(len(p) > k and is_anchored(lca, p[k]) for p in (pa, pb))

    scopes: dict[tuple[str, int], str] = {}
    groups: dict[tuple[str, str], list[str]] = {}
    for cid, n in nodes.items():
        th = n.threshold
        for i, it in enumerate(th.quantitative.items if th and th.quantitative else []):
            if is_generic_metric(it.metric):
                scopes[(cid, i)] = f"@{cid}#{i}"
                continue
            g = groups.setdefault((_norm_metric(it.metric), _period_key(it)), [])
            if cid not in g:
                g.append(cid)
    for (metric, per), cids in groups.items():
        root = {c: c for c in cids}

        def find(x: str) -> str:
            while root[x] != x:
                root[x] = root[root[x]]
                x = root[x]
            return x

        for i, a in enumerate(cids):
            for b in cids[i + 1:]:
                if not alternatives(a, b) and find(a) != find(b):
                    root[find(b)] = find(a)
        classes: dict[str, list[str]] = {}
        for c in cids:
            classes.setdefault(find(c), []).append(c)
        first = True
        for members in classes.values():  # pre-order: the class of the first item keeps the plain name
            suffix = "" if first else f"@{members[0]}"
            first = False
            for c in members:
                th = nodes[c].threshold
                for i, it in enumerate(th.quantitative.items):
                    if (c, i) not in scopes and (_norm_metric(it.metric), _period_key(it)) == (metric, per):
                        scopes[(c, i)] = suffix
    return scopes


def days(iso: str) -> int:
    """Days since 1970-01-01.  >>> days("1970-01-11")
    10"""
    return (_dt.date.fromisoformat(iso) - EPOCH).days


def from_days(n: int) -> str:
    return (EPOCH + _dt.timedelta(days=int(n))).isoformat()


# ---------------------------------------------------------------------------------------------------------------
# encoding


@dataclass
class Atom:
    criterion_id: str
    label: str  # human form, e.g. "Life-cycle GHG emissions < 100 g CO2e/kWh"
    expr: Any
    var_key: str
    kind: str  # "quantitative" | "temporal"


@dataclass
class EncodedUnit:
    unit: Unit
    prefix: str
    c: dict[str, Any]  # criterion id -> Bool "met"
    defs: dict[str, Any]  # criterion id -> expression c must equal
    cond: dict[str, Any]  # criterion id -> applicability condition (None = unconditional)
    atoms: dict[str, list[Atom]]  # criterion id -> own atoms
    own_logic: dict[str, str]  # criterion id -> "AND"/"OR" for its own quantitative items
    participating: set[str]
    parent: dict[str, str]
    variables: dict[str, tuple[str, Any, Any]]  # name -> (kind, z3 var, info)
    seconds: float = 0.0
    # criterion id -> (effective_from, effective_until) of a node whose own effective period is empty
    empty_period: dict[str, tuple[str, str]] = field(default_factory=dict)
    # criterion id -> effective_from/until dates of a node that another of its own dates makes void (AND)
    redundant_dates: dict[str, list[str]] = field(default_factory=dict)

    @property
    def root(self):
        """The unit's verdict (the root's "met" Bool)."""
        return self.c[self.unit.root.criterion_id]


class Encoder:
    """Builds :class:`EncodedUnit` s over one shared variable namespace (so that two compilations can be
    compared: :func:`equivalence`).  ``alias`` maps a criterion id to the name its own atoms use."""

    def __init__(self) -> None:
        self.variables: dict[str, tuple[str, Any, Any]] = {}
        self.domain: list = []
        self._atoms: dict[tuple, Any] = {}
        self.t = self._var("t", "date", "assessment date")

    def _var(self, name: str, kind: str, info: Any):
        if name not in self.variables:
            v = {"bool": z3.Bool, "real": z3.Real, "date": z3.Int}[kind](name)
            self.variables[name] = (kind, v, info)
            # plausible profiles: quantities are non-negative, dates are not before DOMAIN_START
            if kind == "real":
                self.domain.append(v >= 0)
            elif kind == "date":
                self.domain.append(v >= days(DOMAIN_START))
        return self.variables[name][1]

    def take_domain(self) -> list:
        """Domain constraints of the variables created since the last call (add them to every solver)."""
        out, self.domain = self.domain, []
        return out

    def _atom(self, var, op: str, value) -> Any:
        key = (str(var), op, value)
        if key not in self._atoms:
            self._atoms[key] = {"<": var < value, "<=": var <= value, ">": var > value, ">=": var >= value,
                                "=": var == value}[op]
        return self._atoms[key]

    def quant_atom(self, item: QuantItem, key: Optional[str] = None, scope: str = "") -> tuple[Any, str]:
        """Atom of one item over the variable ``key`` (default: its metric, dimension, period and ``scope``)."""
        factor, dim = normalise_unit(item.unit)
        if key is None:
            key = f"m[{_norm_metric(item.metric)}|{dim}|{_period_key(item)}{scope}]"
            if not dim and item.value == 0:  # "are zero" (unit "") is zero in the metric's unit too
                head = f"m[{_norm_metric(item.metric)}|"
                tail = f"|{_period_key(item)}{scope}]"
                same = sorted(k for k in self.variables if k.startswith(head) and k.endswith(tail))
                if same:
                    key = same[0]
        var = self._var(key, "real", {"metric": item.metric, "unit": item.unit, "factor": factor,
                                      "period": _period_label(item), "scope": scope.strip("@").split("#")[0]})
        info = self.variables[key][2]
        # express in the unit the variable was first seen with (exact)
        val = _F(str(item.value)) * factor / info["factor"]
        return self._atom(var, item.operator, z3.RealVal(val)), key

    def encode(self, unit: Unit, prefix: str = "", alias: Optional[Callable[[str], str]] = None,
               metric_alias: Optional[dict[tuple[str, int], str]] = None) -> EncodedUnit:
        t0 = time.perf_counter()
        alias = alias or (lambda x: x)
        metric_alias = metric_alias or {}
        nodes = {n.criterion_id: n for n in unit.root.walk()}
        parent = {n.criterion_id: p.criterion_id for n, p in unit.root.walk_with_parent() if p is not None}
        c = {cid: z3.Bool(f"{prefix}c[{cid}]") for cid in nodes}
        inherits: dict[str, list[str]] = {}
        dep_edges: dict[str, list[str]] = {}
        for e in unit.edges:
            if e.type == "INHERITS_THRESHOLD" and e.to in nodes:
                inherits.setdefault(e.from_, []).append(e.to)
            if e.type == "DEPENDS_ON" and e.to in nodes:
                dep_edges.setdefault(e.from_, []).append(e.to)

        def ancestors(cid: str) -> set[str]:
            out, x = set(), cid
            while x in parent:
                x = parent[x]
                out.add(x)
            return out

        scopes = metric_scopes(unit)
        atoms: dict[str, list[Atom]] = {}
        own_logic: dict[str, str] = {}
        key_of: dict[tuple[str, int], str] = {}
        date_key: dict[str, str] = {}
        order = list(nodes)
        # inherited targets first so their keys exist
        order.sort(key=lambda x: 1 if x in inherits else 0)
        for cid in order:
            n = nodes[cid]
            own: list[Atom] = []
            th = n.threshold
            if th and th.quantitative and th.quantitative.items:
                own_logic[cid] = th.quantitative.logic or "AND"
                for i, it in enumerate(th.quantitative.items):
                    key = metric_alias.get((cid, i))
                    for tgt in inherits.get(cid, []):
                        for j, ti in enumerate((nodes[tgt].threshold.quantitative.items
                                                if nodes[tgt].threshold and nodes[tgt].threshold.quantitative
                                                else [])):
                            if key is None and (ti.operator, ti.value, ti.unit, ti.period) == \
                                    (it.operator, it.value, it.unit, it.period):
                                key = key_of.get((tgt, j))
                    expr, key = self.quant_atom(it, key, scopes.get((cid, i), ""))
                    key_of[(cid, i)] = key
                    per = f" {_period_label(it)}" if it.period else ""
                    own.append(Atom(cid, f"{it.metric} {it.operator} {it.value} {it.unit}".rstrip() + per, expr,
                                    key, "quantitative"))
            if th and th.temporal:
                for it in th.temporal.items:
                    if it.type in ("deadline", "window"):
                        dk = date_key.get(cid)
                        if dk is None:
                            dk = f"d[{alias(cid)}]"
                            for tgt in inherits.get(cid, []):
                                if tgt in date_key:
                                    dk = date_key[tgt]
                            date_key[cid] = dk
                        dv = self._var(dk, "date", f"event date of {cid}")
                        if it.type == "deadline":
                            own.append(Atom(cid, f"date <= {it.date}", self._atom(dv, "<=", days(it.date)), dk,
                                            "temporal"))
                        else:
                            own.append(Atom(cid, f"{it.start} <= date <= {it.end}",
                                            z3.And(dv >= days(it.start), dv <= days(it.end)), dk, "temporal"))
            atoms[cid] = own

        defs: dict[str, Any] = {}
        cond: dict[str, Any] = {}
        participating: set[str] = {unit.root.criterion_id}
        empty_period: dict[str, tuple[str, str]] = {}
        extra_dates: dict[str, list[str]] = {}
        for cid, n in nodes.items():
            # applicability condition
            conds = []
            if n.applicability == "Conditional" and cid != unit.root.criterion_id:
                conds.append(self._var(f"app[{alias(cid)}]", "bool", f"{cid} applies"))
            if n.threshold and n.threshold.temporal:
                for it in n.threshold.temporal.items:
                    if it.type == "effective_from":
                        conds.append(self.t >= days(it.date))
                    elif it.type == "effective_until":
                        conds.append(self.t <= days(it.date))
            froms = [it.date for it in (n.threshold.temporal.items if n.threshold and n.threshold.temporal else [])
                     if it.type == "effective_from" and it.date]
            untils = [it.date for it in (n.threshold.temporal.items if n.threshold and n.threshold.temporal else [])
                      if it.type == "effective_until" and it.date]
            if (n.threshold.temporal.logic if n.threshold and n.threshold.temporal else None) != "OR":
                if froms and untils and max(froms) > min(untils):
                    empty_period[cid] = (max(froms), min(untils))
                if len(set(froms)) > 1 or len(set(untils)) > 1:  # AND of two starts: the earlier one is void
                    extra_dates[cid] = sorted(set(froms))[:-1] + sorted(set(untils))[1:]
            anc = ancestors(cid) | {cid}
            if n.dependencies and n.dependencies.clauses:
                lits = [c[cl.criterion_id] if cl.status == "Affirmation" else z3.Not(c[cl.criterion_id])
                        for cl in n.dependencies.clauses if cl.criterion_id in nodes and cl.criterion_id not in anc]
                if lits:
                    k = max(1, min(n.dependencies.min_conditions_to_meet, len(lits)))
                    conds.append(z3.AtLeast(*lits, k) if k > 1 else (z3.Or(*lits) if len(lits) > 1 else lits[0]))
            else:
                tg = [t for t in dep_edges.get(cid, []) if t not in anc]
                if tg:
                    conds.append(z3.Or(*[c[t] for t in tg]))
            cond[cid] = z3.And(*conds) if len(conds) > 1 else (conds[0] if conds else None)
            # own requirement
            parts = []
            own = atoms[cid]
            q = [a.expr for a in own if a.kind == "quantitative"]
            tm = [a.expr for a in own if a.kind == "temporal"]
            if q:
                parts.append(z3.Or(*q) if own_logic.get(cid) == "OR" and len(q) > 1 else z3.And(*q))
            if tm:
                tl = n.threshold.temporal.logic if n.threshold and n.threshold.temporal else None
                parts.append(z3.Or(*tm) if tl == "OR" and len(tm) > 1 else z3.And(*tm))
            kids, anchored = split_children(n)
            recurring = bool(n.threshold and n.threshold.temporal and
                             any(it.type == "recurring" for it in n.threshold.temporal.items))
            if (not kids and not own) or cid in inherits or recurring:  # recurring: "done every n years"
                parts.insert(0, self._var(f"own[{alias(cid)}]", "bool", f"{cid} is met"))
            for k in kids + anchored:
                participating.add(k.criterion_id)
            defs[cid] = (cid, parts, [k.criterion_id for k in kids], n.evaluation_logic, n.n_required,
                         [k.criterion_id for k in anchored])
        # children combination (needs cond of every child)
        final: dict[str, Any] = {}
        for cid, (_, parts, kids, logic, nreq, anchored) in defs.items():
            parts = list(parts)
            if kids:
                disj = logic in ("OR", "N_OF_K")
                es = []
                for k in kids:
                    a = cond[k]
                    if a is None:
                        es.append(c[k])
                    else:
                        es.append(z3.And(a, c[k]) if disj else z3.Implies(a, c[k]))
                if logic == "OR":
                    parts.append(z3.Or(*es) if len(es) > 1 else es[0])
                elif logic == "N_OF_K":
                    nn = max(1, min(nreq or 1, len(es)))
                    parts.append(z3.AtLeast(*es, nn))
                else:
                    parts.append(z3.And(*es) if len(es) > 1 else es[0])
            for k in anchored:  # met where it applies, whatever the node's logic
                parts.append(c[k] if cond[k] is None else z3.Implies(cond[k], c[k]))
            final[cid] = z3.And(*parts) if len(parts) > 1 else (parts[0] if parts else z3.BoolVal(True))
        return EncodedUnit(unit=unit, prefix=prefix, c=c, defs=final, cond=cond, atoms=atoms, own_logic=own_logic,
                           participating=participating, parent=parent, variables=self.variables,
                           seconds=time.perf_counter() - t0, empty_period=empty_period,
                           redundant_dates=extra_dates)


# ---------------------------------------------------------------------------------------------------------------
# witnesses


def _num(v) -> Any:
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_rational_value(v):
        f = _F(v.numerator_as_long(), v.denominator_as_long())
        return int(f) if f.denominator == 1 else float(f)
    if z3.is_algebraic_value(v):
        return float(v.approx(6).as_decimal(6).rstrip("?"))
    return str(v)


def profile(model, variables: dict[str, tuple[str, Any, Any]], only: Optional[set[str]] = None) -> dict:
    """A concrete company profile from a model: criteria met / applicable, metric values (in the source unit
    first seen), event dates and the assessment date.  Variables the model leaves free are omitted."""
    out: dict[str, dict] = {"criteria": {}, "applies": {}, "metrics": {}, "dates": {}}
    for name, (kind, var, info) in sorted(variables.items()):
        if only is not None and name not in only:
            continue
        val = model.eval(var, model_completion=False)
        if z3.is_const(val) and val.eq(var):
            continue  # unconstrained
        if kind == "bool":
            tgt = "applies" if name.startswith("app[") else "criteria"
            out[tgt][name[name.index("[") + 1:-1]] = z3.is_true(val)
        elif kind == "real":
            out["metrics"][f"{info['metric']}" + (f" [{info['unit']}]" if info["unit"] else "") +
                           (f" ({info['period']})" if info["period"] else "") +
                           (f" (in {info['scope']})" if info.get("scope") else "")] = _num(val)
        else:
            out["dates"]["assessment" if name == "t" else name[2:-1]] = from_days(_num(val))
    return {k: v for k, v in out.items() if v}


def format_profile(p: dict) -> str:
    """One line: ``met: 1(a), 2; not met: 3; applies: 3=False; <metric> = v; <event> = date``."""
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


def relevant_names(enc: "EncodedUnit") -> set[str]:
    """Names of the atom variables the verdict can depend on (participating criteria only)."""
    out: set[str] = set()
    seen: set[int] = set()
    todo = [enc.defs[c] for c in enc.participating if c in enc.defs]
    todo += [enc.cond[c] for c in enc.participating if enc.cond.get(c) is not None]
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            out.add(e.decl().name())
        else:
            todo.extend(e.children())
    return out


# ---------------------------------------------------------------------------------------------------------------
# checks


@dataclass
class LogicFinding:
    severity: str
    code: str
    criterion_id: Optional[str]
    message: str
    witness: Optional[dict] = None

    def to_diagnostic(self, unit_id: str) -> Diagnostic:
        msg = self.message
        if self.witness:
            msg += f" [witness: {format_profile(self.witness)}]"
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
    """A unit the encoding cannot represent (duplicate criterion ids)."""


def duplicate_ids(unit: Unit) -> list[str]:
    seen: set[str] = set()
    dup: list[str] = []
    for n in unit.root.walk():
        if n.criterion_id in seen and n.criterion_id not in dup:
            dup.append(n.criterion_id)
        seen.add(n.criterion_id)
    return dup


def check_unit_logic(unit: Unit, dead: bool = True) -> LogicReport:
    """Satisfiability (with a passing profile), dead criteria, contradictory thresholds in a conjunction,
    redundant atoms.  ``dead=False`` skips the per-criterion flip test."""
    dup = duplicate_ids(unit)
    if dup:  # the encoding needs one Bool per criterion: a non-tree is reported by the graph layer
        return LogicReport(unit.unit_id, False, None, [LogicFinding(
            "warning", "LOGIC_SKIPPED", dup[0], f"logic checks skipped: criterion id(s) {', '.join(dup)} occur "
            "more than once")])
    enc = Encoder()
    e1 = enc.encode(unit, prefix="1:")
    t0 = time.perf_counter()
    checks = 0
    findings: list[LogicFinding] = []
    ids = list(e1.defs)
    rid = unit.root.criterion_id
    track = {cid: z3.Bool(f"track[{cid}]") for cid in ids}
    s = z3.SimpleSolver()  # incremental SAT+arith core without the tactic front-end (faster on the many small units)
    s.add(*enc.take_domain())
    for cid in ids:
        s.add(z3.Implies(track[cid], e1.c[cid] == e1.defs[cid]))
    all_t = [track[c] for c in ids]

    # 1. satisfiable, with a witness
    checks += 1
    r = s.check(*all_t, e1.root)
    sat = r == z3.sat
    relevant = relevant_names(e1)
    mdl = s.model() if sat else None
    witness = profile(mdl, enc.variables, relevant) if sat else None
    if not sat:
        core = _core_ids(s, track) if r == z3.unsat else []
        findings.append(LogicFinding("error", "UNSATISFIABLE", rid,
                                     "no company profile meets the unit" +
                                     (f"; conflict among criteria {', '.join(core)}" if core else "")))

    # 1b. a criterion whose own effective period is empty never applies at any assessment date
    for cid, (frm, until) in e1.empty_period.items():
        findings.append(LogicFinding("error", "EMPTY_EFFECTIVE_PERIOD", cid,
                                     f"criterion {cid} applies from {frm} and until {until}: it applies on no "
                                     "assessment date (two temporal regimes put on one node?)"))

    for cid, dates in e1.redundant_dates.items():
        findings.append(LogicFinding("warning", "REDUNDANT_TEMPORAL", cid,
                                     f"criterion {cid} has several effective_from/effective_until dates; "
                                     f"{', '.join(dates)} never restrict(s) it (dates of different targets put "
                                     "on one node?)"))

    # 2. every criterion can be met on its own (minimal unsatisfiable criteria only)
    never: set[str] = set()
    met_in_witness: set[str] = set()
    if mdl is not None:
        met_in_witness = {cid for cid in ids if z3.is_true(mdl.eval(e1.c[cid], model_completion=True))}
    for cid in reversed(ids):  # children before parents (pre-order reversed)
        if (cid == rid and not sat) or cid in met_in_witness:
            continue  # the witness already meets it
        checks += 1
        r = s.check(*all_t, e1.c[cid])
        if r == z3.unsat:
            never.add(cid)
            node = unit.root.find(cid)
            if node is not None and any(k.criterion_id in never for k in node.sub_criteria):
                continue
            if cid == rid:
                continue
            core = _core_ids(s, track)
            findings.append(LogicFinding("error", "NEVER_SATISFIABLE", cid,
                                         f"criterion {cid} can never be met" +
                                         (f" (conflict among {', '.join(core)})" if core else "")))

    # 3. contradictory thresholds inside a conjunction
    findings += _contradictions(unit, e1, s)
    checks += 1

    # 4. redundant atoms in one node's item list (same solver, atoms pushed and popped)
    s2 = s
    contradictory = {f.criterion_id for f in findings if f.code == "CONTRADICTORY_THRESHOLDS"}
    for cid, own in e1.atoms.items():
        q = [a for a in own if a.kind == "quantitative"]
        if len(q) < 2 or cid in contradictory or cid in never:
            continue  # implication from contradictory items is vacuous
        is_or = e1.own_logic.get(cid) == "OR"
        for i, a in enumerate(q):
            others = [b.expr for j, b in enumerate(q) if j != i and b.var_key == a.var_key]
            if not others:
                continue  # atoms over other variables cannot imply it
            checks += 1
            s2.push()
            if is_or:  # a => OR(others): a adds no option
                s2.add(a.expr, z3.Not(z3.Or(*others)))
            else:  # AND(others) => a
                s2.add(*others, z3.Not(a.expr))
            red = s2.check() == z3.unsat
            s2.pop()
            if red:
                dup = any(b.expr.eq(a.expr) for j, b in enumerate(q) if j != i)
                findings.append(LogicFinding("warning", "REDUNDANT_ATOM", cid,
                                             f"threshold item '{a.label}' is "
                                             + ("repeated" if dup else "implied by the node's other items"
                                                if not is_or else "covered by the node's other options")))

    # 5. dead criteria: no profile where flipping the criterion flips the verdict
    if dead and sat:
        # a criterion reached from ROOT through unconditional children of AND nodes only matters whenever the
        # unit is satisfiable (root = c ∧ rest, and the witness meets rest): no solver call needed
        nodes = {n.criterion_id: n for n in unit.root.walk()}
        candidates = [cid for cid in ids if cid != rid and cid in e1.participating and cid not in never
                      and _participates_up(unit, cid, e1) and not _plain_and_path(nodes, cid, e1)
                      and not any(_is_ancestor(e1.parent, x, cid) for x in never)  # root cause reported
                      and not any(x == cid or _is_ancestor(e1.parent, x, cid) for x in e1.empty_period)]
        s3 = None
        if candidates:
            # second copy of the criteria over the same atoms, in the same solver; `flip` switches the
            # "verdicts differ" constraint on only for these checks
            e2 = enc.encode(unit, prefix="2:")
            flip = z3.Bool("flip")
            s.add(*enc.take_domain())
            for cid in ids:
                s.add(z3.Implies(track[cid], e2.c[cid] == e2.defs[cid]))
            s.add(z3.Implies(flip, e1.root != e2.root))
            s3 = s
        for cid in candidates:
            checks += 1
            others = [track[x] for x in ids if x != cid]
            r = s3.check(*others, flip, e1.c[cid], z3.Not(e2.c[cid]))
            if r == z3.unsat:
                # counterexample to "it matters": the unit passes without it (or fails even with it)
                wit = None
                for extra in ((z3.Not(e1.c[cid]), e1.root), (e1.c[cid], z3.Not(e1.root))):
                    checks += 1
                    if s.check(*all_t, *extra) == z3.sat:
                        wit = profile(s.model(), enc.variables, relevant)
                        break
                findings.append(LogicFinding("warning", "DEAD_CRITERION", cid,
                                             f"criterion {cid} never changes the verdict: no profile where "
                                             "meeting it or not flips the unit's result", wit))
    rep = LogicReport(unit.unit_id, sat, witness, findings, encode_seconds=e1.seconds,
                      solve_seconds=time.perf_counter() - t0, checks=checks)
    return rep


def _core_ids(s: z3.Solver, track: dict[str, Any]) -> list[str]:
    back = {str(v): cid for cid, v in track.items()}
    return [back[str(x)] for x in s.unsat_core() if str(x) in back]


def _plain_and_path(nodes: dict[str, CriterionNode], cid: str, enc: EncodedUnit) -> bool:
    x = cid
    while x in enc.parent:
        p = enc.parent[x]
        if enc.cond.get(x) is not None or (nodes[p].evaluation_logic not in ("AND", "LEAF")
                                           and not is_anchored(p, x)):
            return False
        x = p
    return True


def _participates_up(unit: Unit, cid: str, enc: EncodedUnit) -> bool:
    x = cid
    while x in enc.parent:
        if x not in enc.participating:
            return False
        x = enc.parent[x]
    return True


def _contradictions(unit: Unit, enc: EncodedUnit, solver: z3.Solver) -> list[LogicFinding]:
    """Pairs of atoms over one variable that cannot hold together although the IR requires both (same node's
    AND items, or items of unconditional children of AND nodes)."""
    nodes = {n.criterion_id: n for n in unit.root.walk()}
    req: dict[str, list[Atom]] = {}

    def required(cid: str) -> list[Atom]:
        if cid in req:
            return req[cid]
        n = nodes[cid]
        own = enc.atoms.get(cid, [])
        q = [a for a in own if a.kind == "quantitative"]
        out = list(q) if (enc.own_logic.get(cid) != "OR" or len(q) == 1) else []
        out += [a for a in own if a.kind == "temporal"]
        lab, anchored = split_children(n)
        together = list(anchored)  # anchored children are required whatever the logic
        if n.evaluation_logic == "AND" or (n.evaluation_logic == "N_OF_K" and n.n_required == len(lab)):
            together = lab + anchored
        for k in together:
            if enc.cond.get(k.criterion_id) is None:
                out += required(k.criterion_id)
        req[cid] = out
        return out

    found: list[LogicFinding] = []
    seen: set = set()
    for cid in reversed(list(nodes)):  # deepest first: a pair is reported where the conjunction arises
        atoms = required(cid)
        by_var: dict[str, list[Atom]] = {}
        for a in atoms:
            by_var.setdefault(a.var_key, []).append(a)
        for key, group in by_var.items():
            for i in range(len(group)):
                for j in range(i + 1, len(group)):
                    a, b = group[i], group[j]
                    pk = frozenset((id(a), id(b)))
                    if pk in seen:
                        continue  # tested at a deeper node already
                    seen.add(pk)
                    solver.push()
                    solver.add(a.expr, b.expr)
                    r = solver.check()
                    solver.pop()
                    if r == z3.unsat:
                        if a.criterion_id == b.criterion_id:
                            msg = (f"'{a.label}' and '{b.label}' of {a.criterion_id} are required together "
                                   "(AND) but cannot both hold")
                        else:
                            msg = (f"'{a.label}' ({a.criterion_id}) and '{b.label}' ({b.criterion_id}) are "
                                   f"both required under {cid} but cannot both hold")
                        found.append(LogicFinding("error", "CONTRADICTORY_THRESHOLDS", a.criterion_id, msg))
    return found


# ---------------------------------------------------------------------------------------------------------------
# equivalence of two compilations


@dataclass
class Equivalence:
    equivalent: bool
    profile: Optional[dict] = None  # a profile passing one and failing the other
    verdict_a: Optional[bool] = None
    verdict_b: Optional[bool] = None
    differing: list[tuple[str, str]] = field(default_factory=list)  # (id in A or "", id in B or "")
    seconds: float = 0.0
    # (id in A, id in B, metric in A, metric in B): items of matched criteria with different metric names that
    # were taken as one quantity (same position or name, dimension and period)
    assumed_same: list[tuple[str, str, str, str]] = field(default_factory=list)


def match_criteria(a: Unit, b: Unit, threshold: float = 0.8) -> dict[str, str]:
    """Criterion ids of ``b`` -> ids of ``a``: by id first, then by verbatim-text similarity (difflib)."""
    import difflib

    ia = {n.criterion_id: n for n in a.root.walk()}
    ib = {n.criterion_id: n for n in b.root.walk()}
    m = {x: x for x in ib if x in ia}
    ra = [x for x in ia if x not in m.values()]
    rb = [x for x in ib if x not in m]
    cands = []
    for y in rb:
        for x in ra:
            r = difflib.SequenceMatcher(None, ib[y].verbatim_text, ia[x].verbatim_text).ratio()
            if r >= threshold:
                cands.append((-r, y, x))
    used: set[str] = set()
    for _, y, x in sorted(cands):
        if y in m or x in used:
            continue
        m[y] = x
        used.add(x)
    return m


def equivalence(a: Unit, b: Unit) -> Equivalence:
    """Whether two compilations of one unit give the same verdict on every profile; if not, a profile that
    passes one and fails the other and the matched criteria whose own verdicts differ."""
    t0 = time.perf_counter()
    for u in (a, b):
        dup = duplicate_ids(u)
        if dup:
            raise LogicInputError(f"{u.unit_id}: criterion id(s) {', '.join(dup)} occur more than once")
    mb = match_criteria(a, b)
    # metric aliases: an item of a matched node with the same dimension and period as A's item at the same
    # position (or with the same metric name) is the same quantity under another name: it shares A's variable
    enc = Encoder()
    ea = enc.encode(a, prefix="A:")
    na = {n.criterion_id: n for n in a.root.walk()}
    malias: dict[tuple[str, int], str] = {}
    assumed: list[tuple[str, str, str, str]] = []
    for n in b.root.walk():
        xa = mb.get(n.criterion_id)
        if xa is None or not (n.threshold and n.threshold.quantitative):
            continue
        atoms_a = [x for x in ea.atoms.get(xa, []) if x.kind == "quantitative"]
        items_a = na[xa].threshold.quantitative.items if na[xa].threshold and na[xa].threshold.quantitative else []
        for i, it in enumerate(n.threshold.quantitative.items):
            dim = normalise_unit(it.unit)[1]
            for j, ia_ in enumerate(items_a):
                if j < len(atoms_a) and normalise_unit(ia_.unit)[1] == dim and \
                        _period_key(ia_) == _period_key(it) and (
                        _norm_metric(ia_.metric) == _norm_metric(it.metric) or i == j):
                    malias[(n.criterion_id, i)] = atoms_a[j].var_key
                    if _norm_metric(ia_.metric) != _norm_metric(it.metric):
                        assumed.append((xa, n.criterion_id, ia_.metric, it.metric))
                    break
    eb = enc.encode(b, prefix="B:", alias=lambda x: mb.get(x, "B:" + x), metric_alias=malias)
    s = z3.Solver()
    s.add(*enc.take_domain())
    for cid, d in ea.defs.items():
        s.add(ea.c[cid] == d)
    for cid, d in eb.defs.items():
        s.add(eb.c[cid] == d)
    s.push()
    s.add(ea.root != eb.root)
    r = s.check()
    if r == z3.unsat:
        return Equivalence(True, seconds=time.perf_counter() - t0, assumed_same=assumed)
    model = s.model()
    prof = profile(model, enc.variables, relevant_names(ea) | relevant_names(eb))
    va, vb = z3.is_true(model.eval(ea.root, True)), z3.is_true(model.eval(eb.root, True))
    s.pop()
    differing: list[tuple[str, str]] = []
    for yb, xa in sorted(mb.items()):
        if xa == a.root.criterion_id:
            continue
        s.push()
        s.add(ea.c[xa] != eb.c[yb])
        if s.check() == z3.sat:
            differing.append((xa, yb))
        s.pop()
    # keep the lowest differing criteria: an ancestor differs because a descendant does (unless its own
    # logic/threshold changed, in which case none of its descendants differs and it stays)
    diff_a = {x for x, _ in differing}

    def below(x: str) -> bool:
        return any(y != x and _is_ancestor(ea.parent, x, y) for y in diff_a)

    differing = [(x, y) for x, y in differing if not below(x)]
    differing += [(x, "") for x in ea.c if x not in mb.values()]
    differing += [("", y) for y in eb.c if y not in mb]
    return Equivalence(False, prof, va, vb, differing, time.perf_counter() - t0, assumed_same=assumed)


def _is_ancestor(parent: dict[str, str], anc: str, x: str) -> bool:
    while x in parent:
        x = parent[x]
        if x == anc:
            return True
    return False
