"""Kernel part 3 of 3 (:mod:`regc.runtime.kernel`): one criterion's verdict, the tree's, and what evidence is missing.

Comparing a fact with threshold items and dates, in-force checks, anchored children and dependency clauses,
NOT_APPLICABLE propagation, the "missing evidence" computation and the JSON result.

Rules for this file: standard library only (plus the pure unit functions of :mod:`regc.ir.units`, which codegen
inlines; other regc imports only of the kernel's own parts, ``regc.runtime.kernel_*``), no I/O, deterministic.

>>> compare("<=", 100.0, 100.0 + 1e-12), compare("<", 100.0, 100.0)
(True, False)
"""

import datetime as _dt

from regc.runtime.kernel_facts import _PERIOD_DAYS, Fact, fmt_num
from regc.runtime.kernel_kleene import FAIL, NA, PASS, UNKNOWN, k_and, k_combine, k_or

# ---------------------------------------------------------------------------------------------------------------
# comparing one criterion's own requirement with its fact

_OPS = {"<": "lower than", "<=": "at most", ">": "more than", ">=": "at least", "=": "equal to"}


def _close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def compare(op, a, b):
    if op == "<":
        return a < b and not _close(a, b)
    if op == "<=":
        return a < b or _close(a, b)
    if op == ">":
        return a > b and not _close(a, b)
    if op == ">=":
        return a > b or _close(a, b)
    return _close(a, b) if (a or b) else True


def _period_ok(item_period, q_period):
    """True/False when the fact's period agrees/disagrees with the item's; None when the fact states none."""
    if q_period is None:
        return None
    if item_period is None:
        return False
    if item_period[0] != q_period[0]:
        return False
    if item_period[0] == "lifetime":
        return True
    return _close(item_period[1], q_period[1])


def eval_items(items, logic, fact, detail=None):
    """Compare quantity facts with threshold items ``[metric, op, value, unit, base, dims, period, pct, factor]``.

    A quantity meets an item when its dimension matches (and its metric, when it names one: the item's metric,
    else a word subset of it; a quantity naming the item's metric exactly is taken first, so "control and
    monitoring plan" does not answer "control and monitoring plan in case of ... isolation" when that metric
    has a quantity of its own); when several items of the node share a dimension, an unnamed quantity is
    ambiguous.  Returns (verdict, error or None).
    """
    verdicts = []
    used = False
    dim_count = {}
    for it in items:
        dim_count[it[5]] = dim_count.get(it[5], 0) + 1
    for it in items:
        metric, op, value, unit, base, dims, period, pct = it[:8]
        chosen = None
        note = None
        qtys = fact.qtys if len(fact.qtys) < 2 else sorted(fact.qtys, key=lambda q: q.metric != metric)
        for q in qtys:  # stable: a quantity naming the item's metric exactly first (no sort for one quantity)
            if q.dims != dims:
                continue
            if q.metric is not None and q.metric != metric and not (set(q.metric.split(" ")) <= set(metric.split(" "))):
                continue
            if q.metric is None and dim_count[dims] > 1:
                note = "ambiguous: %d items of this criterion take this unit; name the metric" % dim_count[dims]
                continue
            if pct and q.unitless:
                note = "a bare number for a threshold in %; give the unit '%'"
                continue
            pok = _period_ok(period, q.period)
            if pok is False:
                note = "period of %s differs from the threshold's" % q.text()
                continue
            chosen = q
            break
        if chosen is None:
            verdicts.append(UNKNOWN)
            if detail is not None:
                detail.append((it, None, UNKNOWN, note or "no fact for this item"))
            continue
        used = True
        v = PASS if compare(op, chosen.base, base) else FAIL
        verdicts.append(v)
        if detail is not None:
            detail.append((it, chosen, v, None if chosen.period is not None or period is None else
                           "fact states no period; taken as the threshold's"))
    err = None
    if fact.qtys and not used:
        dims_ok = set(it[5] for it in items)
        if not any(q.dims in dims_ok for q in fact.qtys):
            err = "incompatible unit: %s cannot be compared with %s (%s)" % (
                ", ".join(q.text() for q in fact.qtys), " / ".join(it[3] or "(no unit)" for it in items),
                ", ".join(fact.sources) or "fact")
    return (k_or(verdicts) if logic == "OR" else k_and(verdicts)), err


def eval_dates(titems, logic, fact, as_of, detail=None):
    """Temporal items ``[type, date, start, end, interval_value, interval_unit]`` that need a fact date
    (deadline, recurring).  Returns a verdict."""
    verdicts = []
    for it in titems:
        kind = it[0]
        if kind == "deadline":
            if fact.date is None:
                v = UNKNOWN
            else:
                v = PASS if fact.date <= _dt.date.fromisoformat(it[1]) else FAIL
        elif kind == "recurring":
            if fact.date is None:
                v = UNKNOWN
            else:
                days = float(it[4]) * _PERIOD_DAYS[it[5]]
                if as_of is None:
                    v = UNKNOWN
                else:
                    age = (as_of - fact.date).days
                    v = PASS if 0 <= age <= days else FAIL
        else:
            continue
        verdicts.append(v)
        if detail is not None:
            detail.append((it, fact.date, v))
    if not verdicts:
        return None
    return k_or(verdicts) if logic == "OR" else k_and(verdicts)


def in_force(titems, as_of, logic=None):
    """NOT_APPLICABLE when the assessment date lies outside an effective_from/effective_until/window item (with
    ``logic`` "OR", successive regimes: outside every one of them), UNKNOWN when such an item exists but no
    assessment date is known, else None."""
    res = None
    outside = inside = 0
    for it in titems:
        kind = it[0]
        if kind not in ("effective_from", "effective_until", "window"):
            continue
        if as_of is None:
            res = UNKNOWN
            continue
        lo = it[1] if kind == "effective_from" else it[2] if kind == "window" else None
        hi = it[1] if kind == "effective_until" else it[3] if kind == "window" else None
        if (lo and as_of < _dt.date.fromisoformat(lo)) or (hi and as_of > _dt.date.fromisoformat(hi)):
            if logic != "OR":
                return NA
            outside += 1
        else:
            inside += 1
    return NA if outside and not inside else res


def own_verdict(node, fact, as_of, detail=None):
    """Verdict of a criterion's own requirement (its text and thresholds, children aside) and an error.

    ``node`` is the spec dict of :func:`regc.runtime.evaluator.compile_plan`.  Returns (verdict, error)."""
    if fact is None:
        fact = _EMPTY
    if fact.errors:
        return UNKNOWN, fact.errors[0]
    if fact.met is not None:
        if node["q"] and not node["bool_ok"]:
            return UNKNOWN, ("criterion %s is quantitative: give a quantity (e.g. %s %s), not true/false (%s)"
                             % (node["id"], fmt_num(node["q"][0][2]), node["q"][0][3], ", ".join(fact.sources)))
        return (PASS if fact.met else FAIL), None
    parts = []
    err = None
    if node["q"]:
        v, err = eval_items(node["q"], node["qlogic"], fact, detail)
        if err is not None:
            return UNKNOWN, err
        parts.append(v)
    if node["t"]:
        v = eval_dates(node["t"], node["tlogic"], fact, as_of, detail)
        if v is not None:
            if fact.date is None and fact.qtys and not node["q"]:
                return UNKNOWN, ("criterion %s takes a date (YYYY-MM-DD) or true/false, not a quantity (%s)"
                                 % (node["id"], ", ".join(fact.sources)))
            parts.append(v)
    if not parts:
        if fact.qtys and not node["q"]:
            return UNKNOWN, "criterion %s takes true/false, not a quantity (%s)" % (node["id"], ", ".join(fact.sources))
        if fact.date is not None and not node["t"]:
            return UNKNOWN, "criterion %s has no date threshold; give true/false (%s)" % (node["id"], ", ".join(
                fact.sources))
        return UNKNOWN, None
    return k_and(parts), None


_EMPTY = Fact()


def anchored_verdict(node, vs):
    """AND over the node's anchored children (``<id>.Verification``, ``<id>.Methodology`` ...); None if none.

    An anchored paragraph qualifies its anchor whatever the anchor's list logic: under an OR node it is not one
    more alternative but a requirement on top of the chosen one."""
    akids = node.get("akids")
    if not akids:
        return None
    return k_and([vs[c] for c in akids])


def node_verdict(node, own, kids, fact, vs, as_of):
    """Final verdict of one node from its own verdict, its labelled children's combination (``kids``, under the
    node's AND/OR/N_OF_K), its anchored children (all required) and its dependencies.

    core = AND(own, kids); NOT_APPLICABLE core -> NOT_APPLICABLE (a verification of something that does not
    apply is moot); else AND(core, every anchored child met or not applicable).
    Returns (verdict, why) where why is one of "applies-false", "not-in-force", "dep-false", "dep-unknown",
    "error" or None.
    """
    if fact is not None and fact.applies is False:
        if node["cond"]:
            return NA, "applies-false"
        return UNKNOWN, "mandatory"
    if node["t"]:
        f = in_force(node["t"], as_of, node.get("tlogic"))
        if f == NA:
            return NA, "not-in-force"
    else:
        f = None
    deps = node["deps"]
    dep = None
    if deps:
        true = unknown = 0
        for target, status in deps:
            tv = vs[target] if target >= 0 else UNKNOWN
            if tv == UNKNOWN:
                unknown += 1
            elif (tv == PASS) == (status == "Affirmation"):
                true += 1
        if true >= node["dmin"]:
            dep = None
        elif true + unknown >= node["dmin"]:
            dep = UNKNOWN
        else:
            return NA, "dep-false"
    parts = []
    if own is not None:
        parts.append(own)
    if kids is not None:
        parts.append(kids)
    v = k_and(parts) if parts else UNKNOWN
    if v != NA:
        a = anchored_verdict(node, vs)
        if a is not None:
            v = k_and([v, a])
    if f == UNKNOWN and v != NA:
        return UNKNOWN, "no-as-of"
    if dep == UNKNOWN and v != NA:
        return UNKNOWN, "dep-unknown"
    return v, None


def eval_node(node, vs, facts, as_of):
    """Own verdict + children + dependencies for one node; children and targets must already be in ``vs``.

    ``node["kids"]`` are the labelled participating children (combined by the node's logic), ``node["akids"]``
    the anchored ones (always all required, see :func:`node_verdict`)."""
    fact = facts.get(node["i"])
    own = None
    if node["own"] or (fact is not None and fact.met is not None):
        own, _err = own_verdict(node, fact, as_of)
    kids = k_combine(node["logic"], [vs[c] for c in node["kids"]], node["n"]) if node["kids"] else None
    return node_verdict(node, own, kids, fact, vs, as_of)[0]


# ---------------------------------------------------------------------------------------------------------------
# what is missing


def missing(nodes, vs, facts, as_of, i, memo=None):
    """Criterion ids whose facts would let node ``i`` pass (empty unless ``vs[i]`` is UNKNOWN).

    AND needs every undecided child; OR the cheapest undecided alternative; N_OF_K the cheapest remaining
    children; every undecided anchored child is needed in addition (whatever the logic); a dependency whose
    truth is unknown needs its targets; an own requirement without (usable) fact needs the node itself."""
    if memo is None:
        memo = {}
    if i in memo:
        return memo[i]
    memo[i] = []
    node = nodes[i]
    if vs[i] != UNKNOWN:
        return []
    out = []
    fact = facts.get(i)
    if node["deps"]:
        for target, status in node["deps"]:
            if target >= 0 and vs[target] == UNKNOWN:
                _extend(out, missing(nodes, vs, facts, as_of, target, memo))
    if fact is not None and fact.applies is False and not node["cond"]:
        _extend(out, [node["id"]])
    if node["own"] or (fact is not None and fact.met is not None):
        ov, _ = own_verdict(node, fact, as_of)
        if ov == UNKNOWN:
            _extend(out, [node["id"]])
    if node["t"] and in_force(node["t"], as_of) == UNKNOWN:
        _extend(out, [node["id"]])
    kids = [c for c in node["kids"] if vs[c] == UNKNOWN]
    if kids and k_combine(node["logic"], [vs[c] for c in node["kids"]], node["n"]) == UNKNOWN:
        sets = [missing(nodes, vs, facts, as_of, c, memo) for c in kids]
        if node["logic"] == "OR":
            _extend(out, min(sets, key=len))
        elif node["logic"] == "N_OF_K":
            passed = sum(1 for c in node["kids"] if vs[c] == PASS)
            need = max(0, (node["n"] or 1) - passed)
            for s in sorted(sets, key=len)[:need]:
                _extend(out, s)
        else:
            for s in sets:
                _extend(out, s)
    for c in node.get("akids") or ():
        if vs[c] == UNKNOWN:
            _extend(out, missing(nodes, vs, facts, as_of, c, memo))
    memo[i] = out
    return out


def _extend(out, items):
    for x in items:
        if x not in out:
            out.append(x)


def propagate_na(nodes, vs):
    """A criterion inside a NOT_APPLICABLE one is NOT_APPLICABLE too (nodes are in pre-order)."""
    for n in nodes:
        p = n["parent"]
        if p is not None and vs[p] == NA:
            vs[n["i"]] = NA


def result(plan, vs, facts, issues, as_of):
    """The JSON result of one activity: verdict, per-criterion verdicts, units, missing, errors, warnings."""
    nodes = plan["nodes"]
    propagate_na(nodes, vs)
    units = {}
    for part, root in plan["roots"]:
        units[part] = vs[root]
    verdict = k_and([vs[r] for _p, r in plan["roots"]]) if plan["roots"] else UNKNOWN
    miss = []
    if verdict == UNKNOWN:
        memo = {}
        for _p, r in plan["roots"]:
            _extend(miss, missing(nodes, vs, facts, as_of, r, memo))
    crit = {}
    for n in nodes:
        if n["report"]:
            crit[n["id"]] = vs[n["i"]]
    errors = [m for s, m in issues if s == "error"]
    for i, f in sorted(facts.items()):
        for e in f.errors:
            if e not in errors:
                errors.append(e)
    for n in nodes:
        f = facts.get(n["i"])
        if n["own"] and f is not None and not f.errors and vs[n["i"]] == UNKNOWN:
            _v, err = own_verdict(n, f, as_of)
            if err and err not in errors:
                errors.append(err)
    return {"verdict": verdict, "criteria": crit, "units": units, "missing": miss, "errors": errors,
            "warnings": [m for s, m in issues if s != "error"]}
