"""Compliance interpreter: criterion IR + facts -> three-valued verdicts with explanations.

An activity is compiled once into a *plan* (:func:`compile_plan`): plain data, one spec per criterion node
(logic, participating children, own quantitative/temporal requirement with units resolved to SI factors,
dependency clauses resolved to node indices) plus a topological evaluation order and a fact-key index.  The plan
is turned into a list of closures (:class:`CompiledActivity`), one per node, so evaluating a row is a loop over
closures and dictionary look-ups.  The generated evaluator (:mod:`regc.runtime.codegen`) writes the same plan
out as code; both call :mod:`regc.runtime.kernel`, which holds every rule that decides a verdict.

Semantics (see kernel for details):
- A node's verdict = AND(own requirement, combination of its labelled participating children under its
  AND/OR/N_OF_K) where the own requirement exists for nodes without labelled children and for nodes with a
  quantitative threshold or a deadline/recurring date; a chapeau such as "The activity meets either of the
  following criteria:" has none.
- Anchored children (``<id>.Verification``, ``<id>.Methodology.2`` ...: :func:`regc.ir.models.is_anchored`)
  qualify their anchor: they are never alternatives of an OR nor counted by N_OF_K; the anchor is met iff the
  above holds AND every participating anchored child is met or NOT_APPLICABLE (an anchor whose own part is
  NOT_APPLICABLE stays NOT_APPLICABLE).
- PASS / FAIL / UNKNOWN (missing or unusable evidence) / NOT_APPLICABLE (a Conditional criterion whose situation
  does not arise: ``{"applies": false}``; a rule not in force at the assessment date; a dependency that does not
  hold).  AND/OR/N_OF_K are Kleene operators that drop NOT_APPLICABLE operands.
- BackgroundInformation nodes do not participate.  A dependency clause on an ancestor ("applies only when pathway
  1(a) is used", for a node inside 1(a)) holds by construction inside that ancestor and is not re-checked;
  clauses on other nodes are checked against their verdicts (Affirmation: target PASS; Negation: target FAIL or
  NOT_APPLICABLE); an undecided clause makes the node UNKNOWN.
- The activity verdict is AND over its units (SC and every DNSH unit).

>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode
>>> leaf = CriterionNode(criterion_id="P1", verbatim_text="The activity does X.")
>>> act = Activity(activity_id="X-1", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
...                units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
...                                                                    sub_criteria=[leaf]))])
>>> CompiledActivity(act).evaluate({"P1": True})["verdict"]
'PASS'
"""

from __future__ import annotations

import datetime as dt
import graphlib
from typing import Any, Optional

from regc.ir.models import Activity, CriterionNode, Unit, is_ancillary, is_anchored
from regc.runtime import kernel
from regc.runtime.kernel import NA, UNKNOWN
from regc.ir.units import UnitError, atom_table, extra_atoms

PREDICATES = {
    # fact key -> (IR tag, words that must occur in the criterion text); documented in docs of facts.py
    "verified_by_third_party": ("Verification", ("third", "part")),
    "third_party_verification": ("Verification", ("third", "part")),
}


def display_id(part: str, cid: str) -> str:
    """Criterion ids in results: bare for the SC unit, ``<part>/<id>`` for the others ("DNSH-PPC/P2")."""
    return cid if part == "SC" else f"{part}/{cid}"


def compile_plan(activity: Activity) -> dict:
    """Activity IR -> plan (plain data; see module docstring).  Deterministic for a given IR."""
    threshold_units: list[str] = []
    for u in activity.units:
        for n in u.root.walk():
            if n.threshold and n.threshold.quantitative:
                threshold_units += [it.unit for it in n.threshold.quantitative.items]
    extra = extra_atoms(threshold_units)
    builder = _PlanNodes(atom_table(), extra)
    lookup = _PlanIndex()
    roots: list[tuple[str, int]] = []
    for u in activity.units:
        r, local = builder.add_unit(u)
        roots.append((u.part, r))
        lookup.add_unit(activity.activity_id, u.part, local, builder.nodes)
    lookup.resolve_bare_ids()
    nodes = builder.nodes
    builder.resolve_dependencies()

    order = _topo_order(nodes)
    parts = sorted({p for p, _ in roots})
    qdims = {n["i"]: sorted(set(it[5] for it in n["q"])) for n in nodes if n["q"] and not n["anc"]}
    index = {"ids": lookup.ids, "metrics": lookup.metrics, "tags": lookup.tags, "phrases": lookup.phrases,
             "parts": parts, "atoms": extra, "nodes": [n["id"] for n in nodes], "qdims": qdims}
    return {"activity": activity.activity_id, "name": activity.name, "nodes": nodes, "order": order,
            "roots": roots, "index": index, "regc_version": activity.regc_version}


class _PlanNodes:
    """The plan's node specs, in walk order of the units, with the dependency clauses resolved after all units."""

    def __init__(self, atoms, extra) -> None:
        self.atoms, self.extra = atoms, extra
        self.nodes: list[dict] = []
        self.deps_todo: list[tuple] = []  # (index, unit, node, unit's local ids, ancestors, corrections)

    def add_unit(self, u: Unit) -> tuple[int, dict[str, int]]:
        """Add one unit's tree; returns its root's index and the unit's criterion id -> node index."""
        local: dict[str, int] = {}
        inherits = {e.from_ for e in u.edges if e.type == "INHERITS_THRESHOLD"}
        corrects = {e.from_: e.to for e in u.edges if e.type == "CORRECTS"}
        r = self._add(u, local, inherits, corrects, u.root, None, set(), False)
        self.nodes[r]["report"] = False
        return r, local

    def _add(self, u: Unit, local: dict[str, int], inherits: set[str], corrects: dict[str, str], n: CriterionNode,
             parent: Optional[int], ancestors: set[str], anc: bool) -> int:
        """Add ``n`` and its subtree (``anc``: inside an ancillary node); returns ``n``'s index."""
        nodes = self.nodes
        i = len(nodes)
        spec = _node_spec(i, u.part, n, anc, n.criterion_id in inherits, self.atoms, self.extra)
        spec["parent"] = parent
        nodes.append(spec)
        local[n.criterion_id] = i
        kids = []
        akids = []
        all_kids = []
        for c in n.sub_criteria:
            ci = self._add(u, local, inherits, corrects, c, i, ancestors | {n.criterion_id}, anc or is_ancillary(c))
            all_kids.append(ci)
            if not is_ancillary(c):
                (akids if is_anchored(n.criterion_id, c.criterion_id) else kids).append(ci)
        spec["kids"] = kids
        spec["akids"] = akids
        spec["all_kids"] = all_kids
        spec["own"] = (not anc) and (not kids or bool(spec["q"]) or any(t[0] in ("deadline", "recurring")
                                                                     for t in spec["t"]))
        if n.dependencies is not None and not anc:
            self.deps_todo.append((i, u, n, local, ancestors, corrects))
        return i

    def resolve_dependencies(self) -> None:
        """Dependency clauses -> (node index, status) pairs; clauses on an ancestor are dropped (and lower dmin)."""
        nodes = self.nodes
        for i, u, n, local, ancestors, corrects in self.deps_todo:
            clauses = []
            dropped = 0
            for c in n.dependencies.clauses:
                target = c.criterion_id
                if target in ancestors:
                    dropped += 1
                    continue
                if target not in local and corrects.get(target) in local:
                    target = corrects[target]
                clauses.append((local.get(target, -1), c.status))
            dmin = max(0, n.dependencies.min_conditions_to_meet - dropped)
            if clauses and dmin > 0:
                nodes[i]["deps"] = tuple(clauses)
                nodes[i]["dmin"] = min(dmin, len(clauses))


class _PlanIndex:
    """The plan's lookup index: ids (qualified and bare), metrics, tags and deadline phrases -> node indices."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.bare: dict[str, list[tuple[str, int]]] = {}
        self.metrics: dict[str, list[int]] = {}
        self.tags: dict[str, list[int]] = {}
        self.phrases: list[tuple[int, tuple[str, ...]]] = []

    def add_unit(self, activity_id: str, part: str, local: dict[str, int], nodes: list[dict]) -> None:
        """Index one unit's nodes (ancillary nodes get ids only)."""
        ids, metrics, tags = self.ids, self.metrics, self.tags
        for cid, i in local.items():
            n = nodes[i]
            ids[n["id"]] = i
            ids[f"{part}/{cid}"] = i
            ids[f"{activity_id}/{part}/{cid}"] = i
            self.bare.setdefault(cid, []).append((part, i))
            if n["anc"]:
                continue
            for it in n["q"]:
                metrics.setdefault(it[0], [])
                if i not in metrics[it[0]]:
                    metrics[it[0]].append(i)
            if n["bool_ok"]:
                for tg in n["tags"]:
                    tags.setdefault(tg.lower(), []).append(i)
                for key, (tg, words) in PREDICATES.items():
                    low = n["text"].lower()
                    if tg in n["tags"] and all(w in low for w in words):
                        tags.setdefault(key, []).append(i)
            if any(t[0] == "deadline" for t in n["t"]):
                self.phrases.append((i, tuple(sorted(kernel.content_words(n["text"])))))

    def resolve_bare_ids(self) -> None:
        """A bare criterion id names its SC node, else its only node, else nothing (-1: ambiguous)."""
        for cid, lst in self.bare.items():
            if cid in self.ids:
                continue
            sc = [i for p, i in lst if p == "SC"]
            self.ids[cid] = sc[0] if sc else (lst[0][1] if len(lst) == 1 else -1)


def _topo_order(nodes: list[dict]) -> list[int]:
    while True:
        ts: graphlib.TopologicalSorter = graphlib.TopologicalSorter()
        for n in nodes:
            if n["anc"]:
                continue
            preds = list(n["kids"]) + list(n["akids"]) + [t for t, _s in n["deps"] if t >= 0]
            ts.add(n["i"], *preds)
        try:
            return list(ts.static_order())
        except graphlib.CycleError as e:
            cyc = set(e.args[1])
            for n in nodes:
                if n["i"] in cyc and n["deps"]:
                    n["deps"] = tuple((-1, s) for _t, s in n["deps"])  # undecidable: a dependency cycle
                    n["dep_note"] = "dependency cycle"


def _node_spec(i: int, part: str, n: CriterionNode, anc: bool, inherits: bool, atoms: dict, extra: dict) -> dict:
    q: list[tuple] = []
    qlogic = "AND"
    t: list[tuple] = []
    tlogic = "AND"
    th = n.threshold
    if th is not None and th.quantitative is not None and th.quantitative.items:
        qlogic = th.quantitative.logic or "AND"
        for it in th.quantitative.items:
            try:
                factor, dims = kernel.parse_unit(it.unit, atoms, extra)
            except UnitError:
                factor, dims = 1.0, (("[unparsed:%s]" % it.unit, 1),)
            period = None
            if it.period is not None:
                period = ("lifetime",) if it.period.type == "lifetime" else (
                    "bounded", float(it.period.value) * kernel._PERIOD_DAYS[it.period.unit])
            q.append((kernel.norm_metric(it.metric), it.operator, it.value, kernel.normalise_unit_text(it.unit),
                      it.value * factor, dims, period, "%" in it.unit, factor))
    if th is not None and th.temporal is not None and th.temporal.items:
        tlogic = th.temporal.logic or "AND"
        for ti in th.temporal.items:
            t.append((ti.type, ti.date or "", ti.start or "", ti.end or "", ti.interval_value, ti.interval_unit))
    return {
        "i": i, "id": display_id(part, n.criterion_id), "cid": n.criterion_id, "part": part,
        "logic": n.evaluation_logic, "n": n.n_required, "kids": [], "akids": [], "all_kids": [], "anc": anc,
        "cond": n.applicability == "Conditional", "own": False, "q": tuple(q), "qlogic": qlogic, "t": tuple(t),
        "tlogic": tlogic, "bool_ok": (not q) or inherits, "deps": (), "dmin": 0, "dep_note": None,
        "report": not anc, "text": n.verbatim_text, "tags": list(n.tags), "summary": n.rule_summary,
        "category": n.category, "span": _span(n), "inherits": inherits,
    }


def _span(n: CriterionNode) -> Optional[dict]:
    s = n.provenance.span
    if s is None:
        return None
    return {"file": s.file, "start": s.start, "end": s.end, "path": s.path}


class CompiledActivity:
    """An activity compiled to a closure per node; ``evaluate(facts)`` is cheap and reentrant."""

    def __init__(self, activity: Activity | dict):
        self.plan = activity if isinstance(activity, dict) else compile_plan(activity)
        self.activity_id = self.plan["activity"]
        self.nodes = self.plan["nodes"]
        self.atoms = atom_table()
        self.steps = [self._step(self.nodes[i]) for i in self.plan["order"]]
        self.criteria_count = sum(1 for n in self.nodes if not n["anc"])

    def _step(self, node: dict):
        i = node["i"]
        eval_node = kernel.eval_node
        simple_leaf = node["own"] and not node["kids"] and not node["akids"] and not node["deps"] and not node["t"]
        if simple_leaf:
            cond = node["cond"]
            own_verdict = kernel.own_verdict

            def leaf(vs, facts, as_of):
                f = facts.get(i)
                if f is None:
                    vs[i] = UNKNOWN
                elif f.applies is False:
                    vs[i] = NA if cond else UNKNOWN
                else:
                    vs[i] = own_verdict(node, f, as_of)[0]

            return leaf

        def step(vs, facts, as_of):
            vs[i] = eval_node(node, vs, facts, as_of)

        return step

    def read_facts(self, raw: Any, where: str = "facts") -> tuple[dict, list]:
        return kernel.index_facts(raw, self.plan["index"], self.atoms, where)

    def verdicts(self, facts: dict, as_of: Optional[dt.date]) -> list[str]:
        vs = [NA] * len(self.nodes)
        for step in self.steps:
            step(vs, facts, as_of)
        return vs

    def summary(self, facts: dict, issues: list, as_of: Optional[dt.date], row: int = 0, company: str = "") -> dict:
        """Batch form of a result: verdict, missing ids and errors joined by ';', counts per verdict."""
        vs = self.verdicts(facts, as_of)
        kernel.propagate_na(self.nodes, vs)
        roots = self.plan["roots"]
        verdict = kernel.k_and([vs[r] for _p, r in roots]) if roots else UNKNOWN
        counts = {kernel.PASS: 0, kernel.FAIL: 0, UNKNOWN: 0, NA: 0}
        for n in self.nodes:
            if n["report"]:
                counts[vs[n["i"]]] += 1
        miss: list[str] = []
        if verdict == UNKNOWN:
            memo: dict = {}
            for _p, r in roots:
                kernel._extend(miss, kernel.missing(self.nodes, vs, facts, as_of, r, memo))
        errors = [m for s, m in issues if s == "error"]
        return {"row": row, "company": company, "activity": self.activity_id, "verdict": verdict,
                "missing": ";".join(miss), "n_pass": counts[kernel.PASS], "n_fail": counts[kernel.FAIL],
                "n_unknown": counts[UNKNOWN], "n_not_applicable": counts[NA], "errors": ";".join(errors)}

    def evaluate(self, raw: Any, as_of: Optional[dt.date] = None, where: str = "facts",
                 explain: bool = False) -> dict:
        """Raw activity facts -> result dict (verdict, criteria, units, missing, errors, warnings[, explanation])."""
        facts, issues = self.read_facts(raw, where)
        vs = self.verdicts(facts, as_of)
        res = kernel.result(self.plan, vs, facts, issues, as_of)
        if explain:
            res["explanation"] = explain_activity(self.plan, vs, facts, as_of)
        return res


# ---------------------------------------------------------------------------------------------------------------
# explanations


def explain_activity(plan: dict, vs: list[str], facts: dict, as_of: Optional[dt.date]) -> dict:
    """A tree of explanations: per node verdict, text, span, thresholds, facts, arithmetic, reason, missing."""
    nodes = plan["nodes"]
    memo: dict = {}
    units = []
    for part, r in plan["roots"]:
        units.append({"part": part, "verdict": vs[r], "root": _explain(nodes, vs, facts, as_of, r, memo)})
    verdict = kernel.k_and([vs[r] for _p, r in plan["roots"]]) if plan["roots"] else UNKNOWN
    return {"activity": plan["activity"], "name": plan.get("name", ""), "verdict": verdict,
            "as_of": as_of.isoformat() if as_of else None, "units": units}


def _explain(nodes, vs, facts, as_of, i, memo) -> dict:
    n = nodes[i]
    f = facts.get(i)
    v = vs[i]
    out: dict[str, Any] = {"id": n["id"], "criterion_id": n["cid"], "verdict": v if not n["anc"] else "ANCILLARY",
                           "text": n["text"], "summary": n["summary"], "tags": n["tags"], "span": n["span"],
                           "conditional": n["cond"], "logic": n["logic"], "n_required": n["n"],
                           "anchored": n["parent"] is not None and i in nodes[n["parent"]]["akids"]}
    out["thresholds"] = [_item_text(it) for it in n["q"]] + [_titem_text(t) for t in n["t"]]
    out["threshold_logic"] = n["qlogic"] if len(n["q"]) > 1 else None
    if f is not None:
        out["facts"] = {"sources": list(f.sources), "evidence": list(f.evidence),
                        "values": ([q.text() for q in f.qtys] + ([f"date {f.date.isoformat()}"] if f.date else [])
                                   + ([f"met: {str(f.met).lower()}"] if f.met is not None else [])
                                   + (["applies: false"] if f.applies is False else []))}
    arithmetic: list[str] = []
    reason = ""
    if not n["anc"]:
        detail: list = []
        own = None
        err = None
        if n["own"] or (f is not None and f.met is not None):
            own, err = kernel.own_verdict(n, f, as_of, detail)
        kids = kernel.k_combine(n["logic"], [vs[c] for c in n["kids"]], n["n"]) if n["kids"] else None
        _v, why = kernel.node_verdict(n, own, kids, f, vs, as_of)
        for d in detail:
            arithmetic.append(_arith(d))
        reason = _reason(n, v, why, own, kids, err, f, vs, nodes)
        if v == UNKNOWN:
            out["missing"] = kernel.missing(nodes, vs, facts, as_of, i, memo)
    else:
        reason = "background information: does not take part in the evaluation"
    out["arithmetic"] = arithmetic
    out["reason"] = reason
    out["children"] = [_explain(nodes, vs, facts, as_of, c, memo) for c in n["all_kids"]]
    return out


def _item_text(it) -> str:
    metric, op, value, unit = it[0], it[1], it[2], it[3]
    s = f"{metric} {op} {kernel.fmt_num(value)} {unit}".strip()
    if it[6] is not None:
        s += " over the lifetime" if it[6][0] == "lifetime" else f" over {kernel.fmt_num(round(it[6][1] / 365.25, 6))} years"
    return s


def _titem_text(t) -> str:
    kind = t[0]
    if kind == "window":
        return f"window {t[2]} to {t[3]}"
    if kind == "recurring":
        return f"recurring every {kernel.fmt_num(t[4])} {t[5]}"
    return f"{kind} {t[1]}"


def _arith(d) -> str:
    if len(d) == 4:
        it, q, v, note = d
        if q is None:
            return f"{_item_text(it)}: no usable fact ({note}) -> {v}"
        factor = it[8] or 1.0
        conv = q.base / factor
        shown = kernel.fmt_num(round(conv, 12))
        conv_txt = "" if q.unit == it[3] else f" = {shown} {it[3]}"
        s = f"{q.text()}{conv_txt} {it[1]} {kernel.fmt_num(it[2])} {it[3]} -> {v}"
        return s + (f" ({note})" if note else "")
    t, date, v = d
    if date is None:
        return f"{_titem_text(t)}: no date given -> {v}"
    if t[0] == "deadline":
        return f"{date.isoformat()} <= {t[1]} -> {v}"
    return f"last {date.isoformat()} within every {kernel.fmt_num(t[4])} {t[5]} -> {v}"


def _reason(n, v, why, own, kids, err, f, vs, nodes) -> str:
    if why == "applies-false":
        return "the facts state that this conditional criterion does not apply"
    if why == "mandatory":
        return "'applies: false' was given, but this criterion is Mandatory"
    if why == "not-in-force":
        return "the rule is not in force at the assessment date"
    if why == "no-as-of":
        return "the rule has effective dates but no assessment date was given"
    if why == "dep-false":
        return "its dependency does not hold: " + _deps_text(n, nodes)
    if why == "dep-unknown":
        return "undecided whether it applies: depends on " + _deps_text(n, nodes)
    bits = []
    if err:
        bits.append(err)
    if own is not None:
        bits.append(f"own requirement: {own}" + (" (no fact)" if f is None else ""))
    if kids is not None:
        logic = n["logic"] if n["logic"] != "N_OF_K" else f"at least {n['n']} of"
        bits.append(f"{logic} over sub-criteria: {kids}")
    anchored = kernel.anchored_verdict(n, vs)
    if anchored is not None:
        names = ", ".join(nodes[c]["id"] for c in n["akids"])
        bits.append(f"anchored requirements, all needed ({names}): {anchored}")
        if v == NA and anchored != NA:
            bits.append("not applicable: the criterion they qualify does not apply")
    return "; ".join(bits) or v


def _deps_text(n, nodes) -> str:
    if n.get("dep_note"):
        return n["dep_note"]
    return ", ".join(("not " if s == "Negation" else "") + (nodes[t]["id"] if t >= 0 else "an unresolved criterion")
                     for t, s in n["deps"])
