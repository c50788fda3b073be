"""The plan encoding (:class:`regc.verify.plan_logic.PlanEncoding`) evaluated on concrete profiles, in Python:
a cheap exact pre-pass for the existential questions of ``regc check``.

Two checks ask "is there a profile where ...": a criterion can PASS (``NEVER_SATISFIABLE``) and a criterion's
verdict can flip the unit's result (``DEAD_CRITERION``).  Almost always the answer is yes, and a profile that
shows it is found by trying a few concrete profiles (:func:`profiles`: stated facts, quantities around their
thresholds, dates around their limits) on :class:`ConcreteUnit`, which computes every node's verdict by the
encoding's own rules (the kernel's four-valued logic; ``tests/test_check_prepass.py`` compares it with Z3 on
random profiles of every corpus unit).  A found profile *proves* the answer, so Z3 is asked only about the
criteria the pre-pass could not settle: the findings are those of Z3 alone.

>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode as N
>>> from regc.runtime.evaluator import compile_plan
>>> act = Activity(activity_id="X-1", name="x", source=ActSource(celex="c", format="eurlex-xhtml"),
...     units=[Unit(unit_id="X-1/SC", root=N(criterion_id="ROOT", evaluation_logic="OR",
...            sub_criteria=[N(criterion_id="1"), N(criterion_id="2")]))])
>>> cu = ConcreteUnit(compile_plan(act), [0, 1, 2], {}, 0)
>>> p = {"has": {0: True, 1: True, 2: True}, "met": {0: True, 1: False, 2: True}, "off": {}, "date": {},
...      "x": {}, "as_of": 18262}
>>> cu.verdicts(p)[0], cu.flips(p, cu.verdicts(p), 2)
('PASS', True)
"""

from __future__ import annotations

import datetime as _dt
import operator
import random
from fractions import Fraction
from functools import lru_cache
from typing import Iterator, NamedTuple, Optional

from regc.runtime import kernel
from regc.runtime.kernel import FAIL, NA, PASS, UNKNOWN

_ZERO = Fraction(0)
_EFFECTIVE = ("effective_from", "effective_until", "window")
# the aimed profiles tried, in order: as aimed first; then harder (the dependency clauses above the node held, an
# AND to fail failed wholly: what the first aim misses when a clause negates a passing sibling, or a child is out
# of force)
AIMS = (False, True)
DATED_KINDS = ("deadline", "recurring")  # the temporal checks that read a dated event (also read by witness_check)


@lru_cache(maxsize=4096)
def iso_days(iso: str) -> int:
    """An ISO date as days since 1970-01-01 (the concrete evaluator's date scale).

    >>> iso_days("1970-01-02")
    1
    """
    return (_dt.date.fromisoformat(iso) - _dt.date(1970, 1, 1)).days


def part_ids(nodes: list[dict], part: Optional[str]) -> list[int]:
    """The plan nodes a unit's checks read: not an ancestor's copy, in ``part`` (None: every part).

    >>> part_ids([{"i": 0, "anc": False, "part": "SC"}, {"i": 1, "anc": True, "part": "SC"},
    ...           {"i": 2, "anc": False, "part": "DNSH"}], "SC")
    [0]
    """
    return [n["i"] for n in nodes if not n["anc"] and (part is None or n["part"] == part)]


@lru_cache(maxsize=4096)
def _fraction(v) -> Fraction:
    """``Fraction(v)`` of a plan's threshold value (a string or number), made once per value."""
    return Fraction(v)


@lru_cache(maxsize=1024)
def _period_limit(amount, period: str) -> Fraction:
    """Days of a recurring limit (``amount`` ``period``s), as the encoding states it."""
    return Fraction(float(amount) * kernel._PERIOD_DAYS[period])


_OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "=": operator.eq}


class NodeRule(NamedTuple):
    """What :meth:`ConcreteUnit.node` reads of one node's plan entry, read once per unit: its items as (test,
    threshold, variable), its dated checks as ("deadline", day) / ("recurring", days), its effective limits as
    (from, until) days (None: open); ``dated_or``: the node's temporal logic is OR (its dated checks, and its
    effective periods as successive regimes)."""

    own: bool
    items: tuple
    items_or: bool
    dated: tuple
    dated_or: bool
    kids: list
    logic: str
    n: Optional[int]
    akids: list
    deps: list
    dmin: int
    effective: tuple
    conditional: bool


class CycleError(ValueError):
    """Node verdicts that depend on themselves (a dependency cycle): no concrete order exists."""


class ConcreteUnit:
    """One unit of a plan (node indices ``ids``, root ``root``), evaluated on concrete inputs exactly as the
    encoding defines ``V[i]``.  ``quantity`` names the variable of item ``(i, j)`` as in the encoding."""

    def __init__(self, plan: dict, ids: list[int], quantity: dict[tuple[int, int], str], root: int):
        self.nodes, self.ids, self.root = plan["nodes"], list(ids), root
        self.xvar: dict[tuple[int, int], str] = {}
        for i in self.ids:
            first: dict[tuple, int] = {}
            for j, it in enumerate(self.nodes[i]["q"]):
                j0 = first.setdefault((it[0], it[5], it[6]), j)
                self.xvar[(i, j)] = quantity.get((i, j)) or f"x[{i}.{j0}]"
        self.users: dict[int, list[int]] = {i: [] for i in self.ids}  # nodes whose rule reads V[i]
        for i in self.ids:
            n = self.nodes[i]
            for k in {*n["kids"], *n["akids"], *(t for t, _s in n["deps"] if t >= 0)}:
                self.users[k].append(i)
        self.order = self._order()
        self.rank = {i: r for r, i in enumerate(self.order)}
        self.static = {i: self._static(i) for i in self.ids}
        self.readers: dict[str, list[int]] = {}  # per quantity variable: the nodes whose items read it
        for (i, _j), var in self.xvar.items():
            self.readers.setdefault(var, []).append(i)
        self._below: dict[int, Optional[list[int]]] = {}  # per node: the nodes that read it, in order
        self._cands: dict = {}  # per domain start: _candidates
        self._all_pass_memo: dict = {}  # per domain start and assessment date: the all-pass profile and its verdicts

    def _order(self) -> list[int]:
        """Nodes after everything their rule reads (kids, anchored kids, dependency targets)."""
        state: dict[int, int] = {}
        out: list[int] = []
        for start in self.ids:
            stack = [(start, False)]
            while stack:
                i, done = stack.pop()
                if done:
                    state[i] = 2
                    out.append(i)
                    continue
                if state.get(i) == 2:
                    continue
                if state.get(i) == 1:
                    raise CycleError(f"node {i} depends on itself")
                state[i] = 1
                stack.append((i, True))
                n = self.nodes[i]
                for k in (*n["kids"], *n["akids"], *(t for t, _s in n["deps"] if t >= 0)):
                    if state.get(k) != 2:
                        stack.append((k, False))
        return out

    # -- the encoding's rules on concrete inputs ---------------------------------------------------------------
    def _static(self, i: int) -> NodeRule:
        """Node ``i``'s :class:`NodeRule`."""
        n = self.nodes[i]
        items = tuple((_OPS[it[1]], _fraction(it[4]), self.xvar[(i, j)]) for j, it in enumerate(n["q"]))
        dated = tuple(("deadline", iso_days(t[1])) if t[0] == "deadline" else ("recurring", _period_limit(t[4], t[5]))
                      for t in n["t"] if t[0] in DATED_KINDS)
        eff = []
        for t in n["t"]:
            if t[0] in _EFFECTIVE:
                lo = t[1] if t[0] == "effective_from" else t[2] if t[0] == "window" else None
                hi = t[1] if t[0] == "effective_until" else t[3] if t[0] == "window" else None
                eff.append((iso_days(lo) if lo else None, iso_days(hi) if hi else None))
        return NodeRule(n["own"], items, n["qlogic"] == "OR", dated, n["tlogic"] == "OR", n["kids"], n["logic"],
                        n["n"], n["akids"], n["deps"], n["dmin"], tuple(eff), bool(n["cond"]))

    def _own(self, i: int, st: NodeRule, p: dict) -> str:
        if not p["has"][i]:
            return UNKNOWN
        items, dated = st.items, st.dated
        if items:
            x = p["x"]
            ok = [test(x[var], c) for test, c, var in items]
            q = PASS if (any(ok) if st.items_or else all(ok)) else FAIL
            if not dated:
                return q  # the AND of one verdict is that verdict
        parts = [q] if items else []
        if dated:
            vs = []
            for kind, v in dated:
                if kind == "deadline":
                    vs.append(PASS if p["date"][i] <= v else FAIL)
                else:
                    age = p["as_of"] - p["date"][i]
                    vs.append(PASS if 0 <= age and age <= v else FAIL)
            parts.append(kernel.k_or(vs) if st.dated_or else kernel.k_and(vs))
        if not parts:
            return PASS if p["met"][i] else FAIL
        return kernel.k_and(parts)

    def node(self, i: int, p: dict, V: dict) -> str:
        """``V[i]`` from the inputs ``p`` and the verdicts ``V`` of the nodes it reads."""
        st = self.static[i]
        own, kids, akids, deps = st.own, st.kids, st.akids, st.deps
        if kids:  # the AND of one verdict is that verdict
            v = kernel.k_combine(st.logic, [V[c] for c in kids], st.n)
            if own:
                v = kernel.k_and([self._own(i, st, p), v])
        else:
            v = self._own(i, st, p) if own else UNKNOWN
        if akids and v != NA:
            v = kernel.k_and([v, kernel.k_and([V[c] for c in akids])])
        if deps:
            true = unknown = 0
            for target, status in deps:
                tv = V[target] if target >= 0 else UNKNOWN
                if tv == UNKNOWN:
                    unknown += 1
                elif (tv == PASS) == (status == "Affirmation"):
                    true += 1
            if true < st.dmin and v != NA:
                v = UNKNOWN
            if true + unknown < st.dmin:
                v = NA
        if st.effective and self._outside(st, p["as_of"]):  # the assessment date is always stated (domain)
            v = NA
        if st.conditional and p["has"][i] and p["off"][i]:
            v = NA
        return v

    @staticmethod
    def _outside(st: NodeRule, as_of: int) -> bool:
        """The assessment date lies outside the node's effective period: outside one of its limits, or with
        successive regimes (temporal OR) outside every one of them (limits without a date do not count)."""
        outs = [(lo is not None and as_of < lo) or (hi is not None and as_of > hi)
                for lo, hi in st.effective if lo is not None or hi is not None]
        return bool(outs) and (all(outs) if st.dated_or else any(outs))

    def verdicts(self, p: dict, forced: Optional[dict[int, str]] = None) -> dict[int, str]:
        V: dict[int, str] = {}
        for i in self.order:
            V[i] = forced[i] if forced and i in forced else self.node(i, p, V)
        return V

    def verdicts_from(self, p: dict, base: dict, base_v: dict[int, str]) -> dict[int, str]:
        """``verdicts(p)``, given ``base_v = verdicts(base)`` for a profile ``base`` that ``p`` was made from:
        only the nodes whose inputs differ, and the nodes that read them, are evaluated again (a node's rule
        reads its own facts, the variables of its items, the assessment date and the verdicts it combines).

        >>> cu = ConcreteUnit({"nodes": [dict(i=0, own=False, q=[], t=[], kids=[1], akids=[], deps=[],
        ...     logic="AND", n=None, cond=False, qlogic="AND", tlogic="AND", dmin=0), dict(i=1, own=True, q=[],
        ...     t=[], kids=[], akids=[], deps=[], logic="LEAF", n=None, cond=False, qlogic="AND", tlogic="AND",
        ...     dmin=0)]}, [0, 1], {}, 0)
        >>> b = {"as_of": 0, "has": {0: True, 1: True}, "met": {0: True, 1: True}, "off": {}, "date": {}, "x": {}}
        >>> p = {**b, "met": {0: True, 1: False}}
        >>> cu.verdicts_from(p, b, cu.verdicts(b)) == cu.verdicts(p) == {1: 'FAIL', 0: 'FAIL'}
        True
        """
        if p["as_of"] != base["as_of"] or p["x"].keys() != base["x"].keys():
            return self.verdicts(p)
        changed = set()
        for key in ("has", "met", "off", "date"):
            new, old = p[key], base[key]
            if new != old:
                changed.update(i for i in self.ids if new.get(i) != old.get(i))
        for var, x in p["x"].items():
            if base["x"][var] != x:
                changed.update(self.readers[var])
        dirty = changed | self._readers(changed)
        V = dict(base_v)
        for i in sorted(dirty, key=self.rank.__getitem__):
            V[i] = self.node(i, p, V)
        return V

    def _readers(self, starts) -> set[int]:
        """The nodes whose rule reads one of ``starts``, directly or through other nodes."""
        down: set[int] = set()
        todo = list(starts)
        while todo:
            for u in self.users[todo.pop()]:
                if u not in down:
                    down.add(u)
                    todo.append(u)
        return down

    def below(self, i: int) -> Optional[list[int]]:
        """The nodes that read ``i``, directly or not, in evaluation order; None when the root is not among
        them (nor ``i`` itself): forcing ``i`` cannot change the root.  Computed once per node."""
        if i not in self._below:
            down = self._readers([i])
            reaches = self.root in down or self.root == i
            self._below[i] = sorted(down, key=self.rank.__getitem__) if reaches else None
        return self._below[i]

    def flips(self, p: dict, base: dict[int, str], i: int) -> bool:
        """Forcing ``V[i]`` to PASS and to FAIL (every other node by its rule) changes whether the root
        passes: ``i`` is not dead (only the nodes that read ``i``, directly or not, are recomputed)."""
        seq = self.below(i)
        if seq is None:
            return False
        ends = []
        for forced in (PASS, FAIL):
            V = dict(base)
            V[i] = forced
            for k in seq:
                V[k] = self.node(k, p, V)
            ends.append(V[self.root] == PASS)
        return ends[0] != ends[1]


def _candidates(cu: ConcreteUnit, lo: int) -> tuple[dict[str, list[Fraction]], list[int], dict[int, list[int]]]:
    """Values worth trying: per quantity variable its thresholds and their neighbours (>= 0), assessment dates
    around effective dates, per dated node dates around its deadlines (made once per unit and ``lo``; the
    caller does not change them)."""
    if lo not in cu._cands:
        cu._cands[lo] = _make_candidates(cu, lo)
    return cu._cands[lo]


def _make_candidates(cu: ConcreteUnit, lo: int) -> tuple[dict[str, list[Fraction]], list[int], dict[int, list[int]]]:
    xs: dict[str, set[Fraction]] = {}
    as_of = {lo, iso_days("2026-01-01")}
    dates: dict[int, set[int]] = {}
    for i in cu.ids:
        n = cu.nodes[i]
        for j, it in enumerate(n["q"]):
            c = Fraction(it[4])
            d = max(abs(c) / 1000, Fraction(1, 10 ** 9))
            xs.setdefault(cu.xvar[(i, j)], {Fraction(0)}).update(v for v in (c - d, c, c + d) if v >= 0)
        for t in n["t"]:
            if t[0] in _EFFECTIVE:
                for iso in t[1:4] if t[0] == "window" else t[1:2]:
                    if iso:
                        as_of.update((iso_days(iso) - 1, iso_days(iso), iso_days(iso) + 1))
            if t[0] == "deadline":
                dates.setdefault(i, {lo}).update((iso_days(t[1]), iso_days(t[1]) + 1))
            elif t[0] == "recurring":
                dates.setdefault(i, {lo})
    return ({k: sorted(v) for k, v in xs.items()}, sorted(a for a in as_of if a >= lo),
            {i: sorted(v for v in s if v >= lo) for i, s in dates.items()})


def profiles(cu: ConcreteUnit, lo: int, n: int, complete: bool, seed: int = 0) -> Iterator[dict]:
    """``n`` deterministic pseudo-random profiles within the checks' domain (an assessment date >= ``lo``,
    quantities >= 0, dates >= ``lo``); ``complete``: every fact stated (as the dead-criterion test asks)."""
    rng = random.Random(seed)
    xs, as_ofs, dates = _candidates(cu, lo)
    recurring = {i: [Fraction(float(t[4]) * kernel._PERIOD_DAYS[t[5]]) for t in cu.nodes[i]["t"]
                     if t[0] == "recurring"] for i in cu.ids}
    for k in range(n):
        bias = (0.5, 0.8, 0.2)[k % 3]  # mostly-met / mostly-unmet profiles reach deep alternatives
        as_of = rng.choice(as_ofs)
        p: dict = {"as_of": as_of, "has": {}, "met": {}, "off": {}, "date": {},
                   "x": {v: rng.choice(c) for v, c in xs.items()}}
        for i in cu.ids:
            p["has"][i] = complete or rng.random() < 0.9
            p["met"][i] = rng.random() < bias
            p["off"][i] = cu.nodes[i]["cond"] and rng.random() < 0.2
            if i in dates:
                opts = list(dates[i])
                for limit in recurring[i]:
                    opts += [as_of, as_of - int(limit), as_of - int(limit) - 1, as_of + 1]
                p["date"][i] = rng.choice([d for d in opts if d >= lo])
        yield p


@lru_cache(maxsize=4096)
def _item_value(op: str, c: Fraction, want: bool) -> Fraction:
    """A value >= 0 that meets (``want``) or misses an item ``x <op> c`` (where one exists)."""
    d = max(abs(c) / 1000, Fraction(1, 10 ** 9))
    below, above = max(c - d, Fraction(0)), c + d
    if op in ("<", "<="):
        return (below if op == "<" else c) if want else (c if op == "<" else above)
    if op in (">", ">="):
        return (above if op == ">" else c) if want else (below if op == ">=" else c)
    return c if want else above


def _want(cu: ConcreteUnit, p: dict, i: int, goal: str, every: bool = False) -> None:
    """Set the inputs under node ``i`` so that it (probably) has verdict ``goal`` (PASS or FAIL): a heuristic
    whose result is always evaluated, never trusted.  An AND to FAIL fails its first child, or (``every``) all
    of them, which also holds when the first is out of force."""
    n = cu.nodes[i]
    ok = goal == PASS
    p["has"][i], p["off"][i], p["met"][i] = True, False, ok
    own_fails = not ok and n["own"]  # FAIL: the own requirement fails, the children pass
    if not own_fails:
        _want_items(cu, p, i, False)
    for t in n["t"]:
        if t[0] == "deadline":
            p["date"][i] = iso_days(t[1]) + 1 if own_fails else min(p["date"].get(i, iso_days(t[1])), iso_days(t[1]))
        elif t[0] == "recurring":
            p["date"][i] = p["as_of"] + 1 if own_fails else p["as_of"]
    kids = n["kids"]
    if ok or own_fails:
        goals = [PASS] * len(kids)
    elif n["logic"] == "AND" or n["logic"] == "LEAF":
        goals = [FAIL] * len(kids) if every else [FAIL] + [PASS] * (len(kids) - 1)
    else:
        goals = [FAIL] * len(kids)
    for k, g in zip(kids, goals):
        _want(cu, p, k, g, every)
    for k in n["akids"]:
        _want(cu, p, k, PASS, every)
    if own_fails:  # after the children: a quantity they share with the node fails its item
        _want_items(cu, p, i, True)


def _want_items(cu: ConcreteUnit, p: dict, i: int, fail: bool) -> None:
    """Node ``i``'s item quantities set to meet every item, or (``fail``) to miss the first one."""
    n = cu.nodes[i]
    for j, it in enumerate(n["q"]):
        meet = not fail or (n["qlogic"] != "OR" and j > 0)
        p["x"][cu.xvar[(i, j)]] = _item_value(it[1], _fraction(it[4]), meet)


def _deps_held(cu: ConcreteUnit, p: dict, i: int) -> dict:
    """``p`` (in place) with the dependency clauses of ``i`` and of its ancestors aimed at holding: an
    Affirmation's target at PASS, a Negation's at NOT_APPLICABLE (a conditional criterion that does not apply)
    or else FAIL.  A heuristic, like :func:`_want`: its profile is evaluated, never trusted."""
    k: Optional[int] = i
    while k is not None:
        for target, status in cu.nodes[k]["deps"]:
            if target < 0 or target not in cu.static:
                continue
            if status == "Affirmation":
                _want(cu, p, target, PASS, True)
            elif cu.nodes[target]["cond"]:
                p["has"][target], p["off"][target] = True, True
            else:
                _want(cu, p, target, FAIL, True)
        k = cu.nodes[k]["parent"]
    return p


def _sensitised(cu: ConcreteUnit, base: dict, i: int, every: bool = False) -> dict:
    """A copy of the all-pass profile ``base`` where every ancestor of ``i`` follows ``i``: AND siblings
    pass, OR siblings fail, N_OF_K exactly ``n - 1`` siblings pass (``every``: as :func:`_want`)."""
    p = _copy(base)
    c = i
    while cu.nodes[c]["parent"] is not None:
        a = cu.nodes[cu.nodes[c]["parent"]]
        if c in a["kids"]:
            sibs = [k for k in a["kids"] if k != c]
            if a["logic"] == "OR":
                goals = [FAIL] * len(sibs)
            elif a["logic"] == "N_OF_K":
                need = (a["n"] or 1) - 1
                goals = [PASS] * need + [FAIL] * (len(sibs) - need)
            else:
                goals = [PASS] * len(sibs)
            for k, g in zip(sibs, goals):
                _want(cu, p, k, g, every)
        c = a["i"]
    return p


def _all_pass(cu: ConcreteUnit, lo: int, as_of: int) -> tuple[dict, dict[int, str]]:
    """A complete profile aimed at every node passing (assessment date ``as_of``) and its verdicts, made once
    per unit (callers copy the profile before changing it)."""
    key = (lo, as_of)
    if key not in cu._all_pass_memo:
        base = _make_all_pass(cu, lo, as_of)
        cu._all_pass_memo[key] = (base, cu.verdicts(base))
    return cu._all_pass_memo[key]


def _make_all_pass(cu: ConcreteUnit, lo: int, as_of: int) -> dict:
    base: dict = {"as_of": as_of, "has": {}, "met": {}, "off": {}, "date": {}, "x": {}}
    for k in cu.ids:
        base["has"][k], base["met"][k], base["off"][k] = True, True, False
        if any(t[0] in DATED_KINDS for t in cu.nodes[k]["t"]):
            base["date"][k] = lo
        for j, _it in enumerate(cu.nodes[k]["q"]):
            base["x"][cu.xvar[(k, j)]] = _ZERO
    _want(cu, base, cu.root, PASS)
    return _clamp(base, lo)


def _copy(p: dict) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in p.items()}


def _clamp(p: dict, lo: int) -> dict:
    """``p`` moved into the checks' domain (dates >= ``lo``, quantities >= 0), in place: an aimed profile is
    evaluated only after this, so what it shows holds in the domain Z3 is asked about."""
    p["as_of"] = max(p["as_of"], lo)
    p["date"] = {i: max(d, lo) for i, d in p["date"].items()}
    p["x"] = {v: max(x, _ZERO) for v, x in p["x"].items()}
    return p


def root_passing(cu: ConcreteUnit, lo: int, n: int = 12) -> Optional[tuple[dict, dict[int, str]]]:
    """A profile within the checks' domain where the unit's root PASSes, and its verdicts (the witness that the
    unit can pass, without Z3); None when none of those tried passes: the all-pass profile per assessment
    date, then ``n`` pseudo-random ones."""
    for as_of in _candidates(cu, lo)[1]:
        base, base_v = _all_pass(cu, lo, as_of)
        if base_v[cu.root] == PASS:
            return base, base_v
    for p in profiles(cu, lo, n, complete=False):
        v = cu.verdicts(p)
        if v[cu.root] == PASS:
            return p, v
    return None


def passable(cu: ConcreteUnit, lo: int, nodes: list[int], n: int = 12) -> set[int]:
    """Nodes of ``nodes`` (and others) seen to PASS in some profile, each of which provably can: the all-pass
    profile, one aimed at each node per assessment date, then ``n`` pseudo-random ones."""
    out: set[int] = set()
    todo = set(nodes)
    for as_of in _candidates(cu, lo)[1]:
        base, base_v = _all_pass(cu, lo, as_of)
        out.update(i for i, v in base_v.items() if v == PASS)
        for deps in AIMS:
            for i in sorted(todo - out):
                p = _copy(base)
                _want(cu, p, i, PASS, deps)
                if deps:
                    _deps_held(cu, p, i)
                _clamp(p, lo)
                out.update(k for k, v in cu.verdicts_from(p, base, base_v).items() if v == PASS)
            if todo <= out:
                return out
    for p in profiles(cu, lo, n, complete=False):
        out.update(i for i, v in cu.verdicts(p).items() if v == PASS)
        if todo <= out:
            break
    return out


def live(cu: ConcreteUnit, lo: int, cands: list[int], n: int = 12) -> set[int]:
    """Candidates shown not dead by a complete profile where forcing them PASS/FAIL flips the root: first one
    sensitised profile per candidate and assessment date, then ``n`` pseudo-random ones."""
    out: set[int] = set()
    todo = list(cands)
    for as_of in _candidates(cu, lo)[1]:
        base, base_v = _all_pass(cu, lo, as_of)
        for deps in AIMS:
            for i in todo:
                p = _sensitised(cu, base, i, deps)
                p = _clamp(_deps_held(cu, p, i) if deps else p, lo)
                if cu.flips(p, cu.verdicts_from(p, base, base_v), i):
                    out.add(i)
            todo = [i for i in todo if i not in out]
            if not todo:
                return out
    for p in profiles(cu, lo, n, complete=True, seed=1):
        base = cu.verdicts(p)
        hit = {i for i in todo if cu.flips(p, base, i)}
        out |= hit
        todo = [i for i in todo if i not in hit]
        if not todo:
            break
    return out
