"""The criterion graph of a unit (spec §4): build, check the invariants, repair what is provable, export.

One ``networkx.MultiDiGraph`` per unit (:func:`build_unit_graph`).  Nodes are criterion ids (attribute ``kind="criterion"``), external
reference targets (``kind="source"``, id ``src:<CELEX or normalised text>``) and, at build level, other units
named by internal references (``kind="unit"``).  Edges carry ``type`` (one of the six edge types) and ``note``.

Invariants checked by :func:`check_unit_graph`: hierarchy is a tree, every edge endpoint exists, no cycle in
``DEPENDS_ON`` ∪ ``INHERITS_THRESHOLD``, ``evaluation_logic`` agrees with the participating child count, no
disconnected node.  :func:`repair_unit` fixes what the ids prove (a node whose id names another parent, missing
``GROUP_MEMBER``/``DEPENDS_ON`` edges implied by the tree/dependencies, logic of a childless chapeau).

The check the compiler runs on every unit (:func:`check_and_repair`) builds the same nodes and edges into a
:class:`PlainGraph` and answers with :mod:`regc.ir.digraph`: networkx is imported only to list the cycles of a
unit that has one, or to export a graph (``regc check``), so a compile does not pay its import.

>>> from regc.ir.models import Unit, CriterionNode
>>> u = Unit(unit_id="CCM-1.1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
...          sub_criteria=[CriterionNode(criterion_id="1", verbatim_text="x")]))
>>> check_unit_graph(u)
[]
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Optional, Union

from regc.grammar.prefilter import prefilter_namespace
from regc.ir.digraph import connected, has_cycle
from regc.ir.models import TAGS, CriterionNode, Diagnostic, Edge, Unit, clone, is_ancillary
from regc.grammar.spaces import collapse

PASS_NAME = "graph"
LISTED_TYPES = ("GROUP_MEMBER", "INHERITS_THRESHOLD", "REFERENCES", "DEPENDS_ON", "CORRECTS")
ACYCLIC_TYPES = ("DEPENDS_ON", "INHERITS_THRESHOLD")

_GROUP_RE = re.compile(r"\(([A-Za-z0-9.]+)-([A-Za-z0-9.]+)\)$")  # 1(a-e), 1(1.1-1.2)
_TAG_SUFFIX_RE = re.compile(r"^(?P<anchor>.+)\.(%s)(\.\d+)?$" % "|".join(TAGS))
_INTERNAL_REF_RE = re.compile(
    r"\b(?:Sections?|points?)\s+(\d+\.\d+)(?:\s*(?:,|and|or|to)\s*(\d+\.\d+))*\s+of\s+this\s+Annex", re.I)
_SECTION_NUM_RE = re.compile(r"\d+\.\d+")
_APPENDIX_RE = re.compile(r"\bAppendix\s+([A-Z])\s+to\s+this\s+Annex", re.I)

if TYPE_CHECKING:
    import networkx as nx


class PlainGraph:
    """The part of ``networkx.MultiDiGraph`` that :func:`build_unit_graph` writes: nodes (in insertion order, with
    their attributes) and edges ``(from, to, attributes)`` in insertion order.  ``add_node``/``add_edge`` behave as
    networkx's (attributes of a known node are updated; an edge adds missing endpoints).

    >>> g = PlainGraph(); g.add_node("a", kind="criterion"); g.add_edge("a", "b", type="HIERARCHY")
    >>> list(g.nodes.items()), g.edges, "b" in g
    ([('a', {'kind': 'criterion'}), ('b', {})], [('a', 'b', {'type': 'HIERARCHY'})], True)
    """

    def __init__(self, **graph) -> None:
        self.graph = graph
        self.nodes: dict[str, dict] = {}
        self.edges: list[tuple[str, str, dict]] = []

    def __contains__(self, n: str) -> bool:
        return n in self.nodes

    def add_node(self, n: str, **attrs) -> None:
        self.nodes.setdefault(n, {}).update(attrs)

    def add_edge(self, u: str, v: str, **attrs) -> None:
        self.nodes.setdefault(u, {})
        self.nodes.setdefault(v, {})
        self.edges.append((u, v, attrs))


AnyGraph = Union[PlainGraph, "nx.MultiDiGraph"]


def _plain(g: AnyGraph) -> tuple[dict[str, dict], list[tuple[str, str, dict]]]:
    """(nodes, edges) of either kind of graph, nodes in networkx's order."""
    if isinstance(g, PlainGraph):
        return g.nodes, g.edges
    return dict(g.nodes(data=True)), list(g.edges(data=True))


def _diag(code: str, msg: str, unit: Unit | None, cid: str | None = None, severity: str = "error",
          kind: str = "Structural") -> Diagnostic:
    return Diagnostic(severity=severity, code=code, message=msg, kind=kind,
                      unit_id=unit.unit_id if unit is not None else None, criterion_id=cid, pass_name=PASS_NAME)


# ---------------------------------------------------------------------------------------------------------------
# ids


def is_group_id(cid: str) -> bool:
    """``1(a-e)`` is an inferred group.  >>> is_group_id("1(a-e)"), is_group_id("1(a)")
    (True, False)"""
    return bool(_GROUP_RE.search(cid))


@lru_cache(maxsize=65536)
def expected_parent_id(cid: str) -> Optional[str]:
    """The parent an id names by its syntax (spec §3), or None for a top-level id.

    >>> [expected_parent_id(x) for x in ("1", "P2", "1(b)(ii)", "1(b).Verification.2", "1(b).Verification(a)",
    ...                                   "2(a)-1", "3.2", "1(f)(a)")]
    [None, None, '1(b)', '1(b)', '1(b).Verification', '2(a)', '3', '1(f)']
    """
    if cid == "ROOT":
        return None
    m = re.match(r"^(.+)-\d+$", cid)
    if m:
        return m.group(1)
    m = _TAG_SUFFIX_RE.match(cid)
    if m:
        return m.group("anchor")
    m = re.match(r"^(.*)\([^()]*\)$", cid)
    if m and m.group(1):
        return m.group(1)
    m = re.match(r"^(\d+(?:\.\d+)*)\.\d+$", cid)
    if m:
        return m.group(1)
    return None


def _group_covers(group_id: str, cid: str) -> bool:
    """Whether inferred group ``1(a-e)`` (by its range) may contain ``cid`` (e.g. ``1(c)`` or ``1(c)(i)``)."""
    m = _GROUP_RE.search(group_id)
    if not m:
        return False
    base = group_id[: m.start()]
    if not cid.startswith(base + "("):
        return False
    lab = re.match(r"\(([^()]*)\)", cid[len(base):])
    if not lab:
        return False
    lo, hi, x = m.group(1), m.group(2), lab.group(1)
    if lo.isdigit() and hi.isdigit() and x.isdigit():
        return int(lo) <= int(x) <= int(hi)
    return (len(lo), lo) <= (len(x), x) <= (len(hi), hi) if len(lo) == len(hi) == len(x) else lo <= x <= hi


def _parent_ok(cid: str, parent: CriterionNode, grand: Optional[CriterionNode], exp: Optional[str]) -> bool:
    """Whether ``cid`` sitting under ``parent`` agrees with the parent its id names."""
    if exp is None:
        return True
    if parent.criterion_id == exp:
        return True
    if is_group_id(parent.criterion_id) and (grand is None or grand.criterion_id == exp or
                                             _group_covers(parent.criterion_id, cid)):
        return True
    return False


# ---------------------------------------------------------------------------------------------------------------
# building


def _source_key(src) -> str:
    if src.celex_id:
        return f"src:{src.celex_id}"
    return "src:" + collapse(src.text.lower())


def internal_targets(text: str, activity_id: str) -> list[str]:
    """Ids of units/appendices an internal reference names: ``Section 5.11 of this Annex`` -> ``CCM-5.11``.

    >>> internal_targets("Sections 5.11 and 5.12 of this Annex", "CCM-4.29")
    ['CCM-5.11', 'CCM-5.12']
    >>> internal_targets("Appendix A to this Annex", "CCM-4.29")
    ['CCM-Appendix-A']
    """
    obj = activity_id.split("-", 1)[0]
    out: list[str] = []
    m = _INTERNAL_REF_RE.search(text)
    if m:
        out += [f"{obj}-{n}" for n in _SECTION_NUM_RE.findall(m.group(0))]
    for a in _APPENDIX_RE.finditer(text):
        out.append(f"{obj}-Appendix-{a.group(1).upper()}")
    return out


def build_unit_graph(unit: Unit, known_units: Optional[Iterable[str]] = None) -> "nx.MultiDiGraph":
    """The unit's criterion graph.  ``known_units`` (activity ids / appendix ids present in the build) turns
    internal references into cross-unit ``REFERENCES`` edges to ``unit:<id>`` nodes."""
    import networkx as nx

    return _fill_graph(nx.MultiDiGraph(unit_id=unit.unit_id), unit, known_units)


def plain_unit_graph(unit: Unit, known_units: Optional[Iterable[str]] = None) -> PlainGraph:
    """:func:`build_unit_graph` as a :class:`PlainGraph` (no networkx objects), for checking without exporting.

    >>> from regc.ir.models import CriterionNode
    >>> u = Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[CriterionNode(criterion_id="P1")]))
    >>> list(plain_unit_graph(u).nodes), plain_unit_graph(u).edges[0][:2]
    (['ROOT', 'P1'], ('ROOT', 'P1'))
    """
    return _fill_graph(PlainGraph(unit_id=unit.unit_id), unit, known_units)


def _fill_graph(g, unit: Unit, known_units: Optional[Iterable[str]] = None):
    """Add the unit's nodes and edges to ``g`` (a ``networkx.MultiDiGraph`` or a :class:`PlainGraph`)."""
    known = known_units if isinstance(known_units, (set, frozenset)) else set(known_units or ())
    for node, parent in unit.root.walk_with_parent():
        cid = node.criterion_id
        if cid in g and g.nodes[cid].get("kind") == "criterion":
            g.nodes[cid]["duplicate"] = g.nodes[cid].get("duplicate", 1) + 1
        else:
            g.add_node(cid, kind="criterion", logic=node.evaluation_logic, n_required=node.n_required,
                       category=node.category, applicability=node.applicability, tags=",".join(node.tags),
                       ancillary=is_ancillary(node), text=node.verbatim_text)
        if parent is not None:
            g.add_edge(parent.criterion_id, cid, type="HIERARCHY", note="")
        if node.references:
            for src in node.references.sources:
                key = _source_key(src)
                if key not in g:
                    g.add_node(key, kind="source", text=src.text, celex=src.celex_id or "")
                g.add_edge(cid, key, type="REFERENCES", note=src.type)
                for target in internal_targets(src.text, unit.activity_id):
                    if target in known:
                        tk = f"unit:{target}"
                        if tk not in g:
                            g.add_node(tk, kind="unit")
                        g.add_edge(cid, tk, type="REFERENCES", note=f"internal: {src.text}")
    for e in unit.edges:
        for end in (e.from_, e.to):
            if end not in g:
                ext = (e.type == "REFERENCES" and end == e.to) or (e.type == "CORRECTS" and end == e.from_)
                g.add_node(end, kind="source" if e.type == "REFERENCES" else ("written" if ext else "missing"))
        g.add_edge(e.from_, e.to, type=e.type, note=e.note)
    return g


def to_node_link(g: "nx.MultiDiGraph") -> dict:
    """JSON-ready node-link form (deterministic order)."""
    nodes = [{"id": n, **{k: v for k, v in sorted(d.items())}} for n, d in g.nodes(data=True)]
    links = [{"source": u, "target": v, "type": d["type"], "note": d.get("note", "")}
             for u, v, d in g.edges(data=True)]
    return {"directed": True, "multigraph": True, "graph": dict(g.graph), "nodes": nodes, "links": links}


def write_graphml(g: "nx.MultiDiGraph", path) -> None:
    """GraphML export (attribute values made strings/None-free so every tool reads them)."""
    import networkx as nx

    h = nx.MultiDiGraph(**{k: str(v) for k, v in g.graph.items()})
    for n, d in g.nodes(data=True):
        h.add_node(n, **{k: ("" if v is None else v) for k, v in d.items()})
    for u, v, d in g.edges(data=True):
        h.add_edge(u, v, **{k: ("" if x is None else x) for k, x in d.items()})
    nx.write_graphml(h, str(path))


def dumps_node_link(g: "nx.MultiDiGraph") -> str:
    return json.dumps(to_node_link(g), ensure_ascii=False, indent=1) + "\n"


# ---------------------------------------------------------------------------------------------------------------
# checking


def _typed(nodes: dict[str, dict], edges: list[tuple[str, str, dict]], types: Iterable[str]) -> "nx.DiGraph":
    import networkx as nx

    ts = set(types)
    h = nx.DiGraph()
    h.add_nodes_from(n for n, d in nodes.items() if d.get("kind") == "criterion")
    h.add_edges_from((u, v) for u, v, d in edges if d["type"] in ts)
    return h


def check_unit_graph(unit: Unit, g: Optional[AnyGraph] = None) -> list[Diagnostic]:
    """All graph-invariant findings for one unit (empty list = the unit satisfies spec §4).  ``g``: the unit's
    graph when the caller has built it (:func:`build_unit_graph`); else a :class:`PlainGraph` of it is built."""
    nodes, edges = _plain(g if g is not None else _fill_graph(PlainGraph(), unit))
    crit = {n for n, d in nodes.items() if d.get("kind") == "criterion"}
    return (_tree_findings(unit, nodes, crit) + _edge_findings(unit, crit) + _dependency_findings(unit, crit)
            + _cycle_findings(unit, nodes, edges) + _logic_findings(unit)
            + _connection_findings(unit, nodes, edges, crit))


def _tree_findings(unit: Unit, nodes: dict[str, dict], crit: set[str]) -> list[Diagnostic]:
    """The hierarchy is a tree: ROOT id, non-empty unique ids, listed HIERARCHY edges and ids agree with it."""
    out: list[Diagnostic] = []
    if unit.root.criterion_id != "ROOT":
        out.append(_diag("ROOT_ID", f"unit root is {unit.root.criterion_id!r}, not 'ROOT'", unit,
                         unit.root.criterion_id))
    for node in unit.root.walk():
        if not node.criterion_id.strip():
            out.append(_diag("EMPTY_ID", "criterion with an empty id", unit, node.criterion_id))
    for n, d in nodes.items():
        if d.get("duplicate"):
            out.append(_diag("HIERARCHY_NOT_TREE", f"criterion id {n!r} occurs {d['duplicate']} times in the "
                             "hierarchy (a tree needs unique ids)", unit, n))
    listed_h = [e for e in unit.edges if e.type == "HIERARCHY"]
    for e in listed_h:
        parent = _parent_map(unit.root).get(e.to)
        if parent != e.from_:
            out.append(_diag("HIERARCHY_EDGE_MISMATCH", f"listed HIERARCHY edge {e.from_} -> {e.to} disagrees "
                             f"with sub_criteria (parent of {e.to!r} is {parent!r})", unit, e.to))
    for node, parent, grand in _walk3(unit.root):
        exp = expected_parent_id(node.criterion_id)
        if parent is not None and not _parent_ok(node.criterion_id, parent, grand, exp):
            sev = "error" if exp in crit else "warning"
            out.append(_diag("ID_PARENT_MISMATCH", f"{node.criterion_id!r} sits under {parent.criterion_id!r} "
                             f"but its id names parent {exp!r}" + ("" if exp in crit else " (absent)"),
                             unit, node.criterion_id, severity=sev))
    return out


def _edge_findings(unit: Unit, crit: set[str]) -> list[Diagnostic]:
    """Listed edges: no self edge, endpoints are criteria of the unit, GROUP_MEMBER edges from a child."""
    out: list[Diagnostic] = []
    for e in unit.edges:
        if e.type not in LISTED_TYPES and e.type != "HIERARCHY":
            continue
        if e.from_ == e.to:
            out.append(_diag("SELF_EDGE", f"{e.type} edge from {e.from_!r} to itself", unit, e.from_))
        ends = {"CORRECTS": (("to", e.to),), "REFERENCES": (("from", e.from_),)}.get(
            e.type, (("from", e.from_), ("to", e.to)))
        for side, end in ends:
            if end not in crit:
                out.append(_diag("DANGLING_EDGE", f"{e.type} edge {e.from_} -> {e.to}: {side} endpoint {end!r} "
                                 "is not a criterion of this unit", unit, e.from_ if side == "to" else end))
        if e.type == "GROUP_MEMBER" and e.from_ in crit and e.to in crit:
            if _parent_map(unit.root).get(e.from_) != e.to:
                out.append(_diag("GROUP_MEMBER_NOT_CHILD", f"GROUP_MEMBER {e.from_} -> {e.to}: {e.from_!r} is "
                                 "not a child of the group", unit, e.from_))
    return out


def _dependency_findings(unit: Unit, crit: set[str]) -> list[Diagnostic]:
    """Dependency clauses name criteria, have DEPENDS_ON edges and a valid min_conditions_to_meet."""
    out: list[Diagnostic] = []
    dep_edges = {(e.from_, e.to) for e in unit.edges if e.type == "DEPENDS_ON"}
    for node in unit.root.walk():
        if node.dependencies:
            for cl in node.dependencies.clauses:
                if cl.criterion_id not in crit:
                    out.append(_diag("DANGLING_CLAUSE", f"dependency clause names {cl.criterion_id!r}, which is "
                                     "not a criterion of this unit", unit, node.criterion_id))
                elif (node.criterion_id, cl.criterion_id) not in dep_edges:
                    out.append(_diag("DEPENDS_EDGE_MISSING", f"dependency on {cl.criterion_id!r} has no "
                                     "DEPENDS_ON edge", unit, node.criterion_id, severity="warning"))
            n_cl = len(node.dependencies.clauses)
            if not (1 <= node.dependencies.min_conditions_to_meet <= max(n_cl, 1)):
                out.append(_diag("DEPENDENCY_MIN_RANGE", f"min_conditions_to_meet="
                                 f"{node.dependencies.min_conditions_to_meet} with {n_cl} clause(s)",
                                 unit, node.criterion_id))
    return out


def _cycle_findings(unit: Unit, nodes: dict[str, dict], edges: list[tuple[str, str, dict]]) -> list[Diagnostic]:
    """No cycle in DEPENDS_ON ∪ INHERITS_THRESHOLD (at most 10, deterministic order; self edges reported elsewhere)."""
    out: list[Diagnostic] = []
    if not has_cycle((u, v) for u, v, d in edges if d["type"] in ACYCLIC_TYPES):
        return out  # nearly every unit: no cycle to list
    import networkx as nx

    dg = _typed(nodes, edges, ACYCLIC_TYPES)
    order = {n: i for i, n in enumerate(nodes)}
    cycles = []
    for cyc in nx.simple_cycles(dg):
        k = min(range(len(cyc)), key=lambda i: order.get(cyc[i], 0))
        cycles.append(cyc[k:] + cyc[:k])  # deterministic: start at the first node in source order
    for cyc in sorted(cycles, key=lambda c: (len(c), [order.get(x, 0) for x in c]))[:10]:
        if len(cyc) == 1:
            continue  # reported as SELF_EDGE
        path = " -> ".join(cyc + [cyc[0]])
        out.append(_diag("EDGE_CYCLE", f"cycle in DEPENDS_ON/INHERITS_THRESHOLD: {path}", unit, cyc[0]))
    return out


def _logic_findings(unit: Unit) -> list[Diagnostic]:
    """Each node's evaluation logic agrees with its participating children (LEAF, N_OF_K range, OR options)."""
    out: list[Diagnostic] = []
    for node in unit.root.walk():
        k = len(node.participating_children())
        cid, lg = node.criterion_id, node.evaluation_logic
        if lg == "LEAF" and k:
            out.append(_diag("LOGIC_LEAF_WITH_CHILDREN", f"LEAF node has {k} participating child(ren)", unit, cid,
                             kind="Consistency"))
        elif lg != "LEAF" and not k:
            out.append(_diag("LOGIC_NO_CHILDREN", f"{lg} node has no participating children (should be LEAF)",
                             unit, cid, kind="Consistency"))
        if lg == "N_OF_K":
            if node.n_required is None or not (1 <= node.n_required <= max(k, 1)):
                out.append(_diag("N_OF_K_RANGE", f"N_OF_K needs 1 <= n <= {k}, got n_required={node.n_required}",
                                 unit, cid, kind="Consistency"))
        elif node.n_required is not None:
            out.append(_diag("N_REQUIRED_SET", f"n_required={node.n_required} on a {lg} node", unit, cid,
                             kind="Consistency"))
        if lg == "OR" and k == 1:
            out.append(_diag("LOGIC_SINGLE_OPTION", "OR node with a single participating child", unit, cid,
                             severity="warning", kind="Consistency"))
    return out


def _connection_findings(unit: Unit, nodes: dict[str, dict], edges: list[tuple[str, str, dict]],
                         crit: set[str]) -> list[Diagnostic]:
    """No node disconnected from ROOT; every inferred group has members."""
    out: list[Diagnostic] = []
    if "ROOT" in nodes:
        reach = connected(((u, v) for u, v, _d in edges), "ROOT")
        for n, d in nodes.items():
            if n not in reach and d.get("kind") in ("criterion", "missing"):
                out.append(_diag("DISCONNECTED", f"node {n!r} is not connected to ROOT", unit, n))
    with_members = {v for _u, v, d in edges if d["type"] == "GROUP_MEMBER"}
    for n in sorted(crit):
        if is_group_id(n):
            if n not in with_members:
                out.append(_diag("GROUP_WITHOUT_MEMBERS", f"inferred group {n!r} has no GROUP_MEMBER edges", unit, n,
                                 severity="warning"))
    return out


def _parent_map(root: CriterionNode) -> dict[str, str]:
    return {n.criterion_id: p.criterion_id for n, p in root.walk_with_parent() if p is not None}


def _walk3(node: CriterionNode, parent=None, grand=None):
    yield node, parent, grand
    for c in node.sub_criteria:
        yield from _walk3(c, node, parent)


# ---------------------------------------------------------------------------------------------------------------
# repairing


def _label_key(cid: str) -> tuple:
    """Sort key following source labels: numbers numerically, letters/romans by position."""
    parts = re.findall(r"\d+|[A-Za-z]+|[^A-Za-z0-9]+", cid)
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)


def repair_unit(unit: Unit, in_place: bool = False) -> tuple[Unit, list[Diagnostic]]:
    """Repair what the ids and the IR prove; every repair is recorded as an ``info`` diagnostic (code
    ``REPAIR_*``).  Returns a new unit (the input is not modified) unless ``in_place``."""
    u = unit if in_place else clone(unit)
    out: list[Diagnostic] = []
    ids = [n.criterion_id for n in u.root.walk()]
    unique = {i for i in ids if ids.count(i) == 1}

    # re-parent nodes whose id names another (existing, unique) parent
    for _ in range(len(ids)):
        moved = False
        index = {n.criterion_id: n for n in u.root.walk()}
        for node, parent, grand in _walk3(u.root):
            exp = expected_parent_id(node.criterion_id)
            if parent is None or exp is None or _parent_ok(node.criterion_id, parent, grand, exp):
                continue
            target = index.get(exp)
            if target is None or exp not in unique or node.criterion_id not in unique:
                continue
            if any(n.criterion_id == exp for n in node.walk()):
                continue  # target inside the node itself: not provable
            parent.sub_criteria = [c for c in parent.sub_criteria if c is not node]
            # insert before the first sibling whose label comes after it (source order by label)
            kids = list(target.sub_criteria)
            key = _label_key(node.criterion_id)
            pos = next((i for i, c in enumerate(kids)
                        if expected_parent_id(c.criterion_id) == exp and _label_key(c.criterion_id) > key), len(kids))
            kids.insert(pos, node)
            target.sub_criteria = kids
            out.append(_diag("REPAIR_REPARENT", f"moved {node.criterion_id!r} from {parent.criterion_id!r} to "
                             f"{exp!r}, the parent its id names", u, node.criterion_id, severity="info"))
            for p in (parent, target):
                _fix_logic(p, u, out)
            moved = True
            break
        if not moved:
            break

    # logic of nodes that lost/gained participating children
    for node in u.root.walk():
        _fix_logic(node, u, out)

    # edges implied by the tree and the dependencies
    have = {(e.type, e.from_, e.to) for e in u.edges}
    crit = {n.criterion_id for n in u.root.walk()}
    for node, parent in u.root.walk_with_parent():
        if parent is not None and is_group_id(parent.criterion_id) and \
                ("GROUP_MEMBER", node.criterion_id, parent.criterion_id) not in have:
            u.edges.append(Edge(type="GROUP_MEMBER", **{"from": node.criterion_id}, to=parent.criterion_id,
                                note="member of inferred group (added by graph repair)"))
            have.add(("GROUP_MEMBER", node.criterion_id, parent.criterion_id))
            out.append(_diag("REPAIR_GROUP_MEMBER", f"added GROUP_MEMBER {node.criterion_id} -> "
                             f"{parent.criterion_id}", u, node.criterion_id, severity="info"))
        if node.dependencies:
            for cl in node.dependencies.clauses:
                key = ("DEPENDS_ON", node.criterion_id, cl.criterion_id)
                if cl.criterion_id in crit and cl.criterion_id != node.criterion_id and key not in have:
                    u.edges.append(Edge(type="DEPENDS_ON", **{"from": node.criterion_id}, to=cl.criterion_id,
                                        note=f"{cl.status} clause of the dependencies (added by graph repair)"))
                    have.add(key)
                    out.append(_diag("REPAIR_DEPENDS_ON", f"added DEPENDS_ON {node.criterion_id} -> "
                                     f"{cl.criterion_id} from its dependencies", u, node.criterion_id,
                                     severity="info"))
    # drop exact duplicate edges
    seen: set = set()
    dedup = []
    for e in u.edges:
        k = (e.type, e.from_, e.to)
        if k in seen:
            out.append(_diag("REPAIR_DUPLICATE_EDGE", f"dropped duplicate {e.type} edge {e.from_} -> {e.to}", u,
                             e.from_, severity="info"))
            continue
        seen.add(k)
        dedup.append(e)
    u.edges = dedup
    return u, out


def _fix_logic(node: CriterionNode, unit: Unit, out: list[Diagnostic]) -> None:
    k = len(node.participating_children())
    if node.evaluation_logic != "LEAF" and k == 0:
        out.append(_diag("REPAIR_LOGIC", f"{node.evaluation_logic} node without participating children set to "
                         "LEAF", unit, node.criterion_id, severity="info"))
        node.set_field("evaluation_logic", "LEAF", pass_name=PASS_NAME, rule="no participating children")
        node.set_field("n_required", None, pass_name=PASS_NAME, rule="no participating children")
    elif node.evaluation_logic != "N_OF_K" and node.n_required is not None:
        out.append(_diag("REPAIR_N_REQUIRED", f"n_required={node.n_required} cleared on a {node.evaluation_logic}"
                         " node", unit, node.criterion_id, severity="info"))
        node.set_field("n_required", None, pass_name=PASS_NAME, rule="n_required only for N_OF_K")


def check_and_repair(unit: Unit) -> tuple[Unit, list[Diagnostic]]:
    """Driver hook: repair (in place: the driver owns the unit), then check the repaired unit."""
    u, rep = repair_unit(unit, in_place=True)
    return u, rep + check_unit_graph(u)


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
