"""Graph layer (spec §4): one passing and one failing fixture per invariant, repairs, exports, gold passes."""

from __future__ import annotations

import json

import networkx as nx
import pytest

from fixtures_util import FIXTURES, assert_golden_json
from regc.verify.graph import (build_unit_graph, check_unit_graph, expected_parent_id, internal_targets, repair_unit,
                           to_node_link, write_graphml)
from regc.ir.models import Edge, Unit, load_activity

GRAPH = FIXTURES / "graph"
# failing fixture -> the invariant's diagnostic code it must raise (at error level)
EXPECTED_CODE = {
    "bad_tree_duplicate": "HIERARCHY_NOT_TREE",
    "bad_dangling_edge": "DANGLING_EDGE",
    "bad_cycle": "EDGE_CYCLE",
    "bad_leaf_with_children": "LOGIC_LEAF_WITH_CHILDREN",
    "bad_no_children": "LOGIC_NO_CHILDREN",
    "bad_n_of_k": "N_OF_K_RANGE",
    "bad_disconnected": "DISCONNECTED",
    "bad_misplaced": "ID_PARENT_MISMATCH",
    "bad_group_member": "GROUP_MEMBER_NOT_CHILD",
}


def _unit(path) -> Unit:
    return Unit.from_json(json.loads(path.read_text()))


def _cases(prefix):
    return sorted(p for p in GRAPH.glob(f"{prefix}*.in.json"))


def _findings(diags):
    return [{"severity": d.severity, "code": d.code, "criterion_id": d.criterion_id, "message": d.message}
            for d in diags]


@pytest.mark.parametrize("path", _cases("ok_"), ids=lambda p: p.name)
def test_passing_fixture_has_no_finding(path):
    u = _unit(path)
    assert check_unit_graph(u) == []
    fixed, rep = repair_unit(u)
    assert rep == [] and fixed.to_json() == u.to_json()


@pytest.mark.parametrize("path", _cases("bad_"), ids=lambda p: p.name)
def test_failing_fixture_reports_its_invariant(path):
    name = path.name[: -len(".in.json")]
    diags = check_unit_graph(_unit(path))
    codes = {d.code for d in diags if d.severity == "error"}
    assert EXPECTED_CODE[name] in codes, _findings(diags)
    assert all(d.unit_id and d.criterion_id for d in diags if d.severity == "error")
    assert_golden_json(path.with_name(name + ".out.json"), _findings(diags))


def test_every_invariant_has_both_fixtures():
    assert {p.name[: -len(".in.json")] for p in _cases("bad_")} == set(EXPECTED_CODE)
    assert len(_cases("ok_")) >= 4


def test_cycle_names_the_path():
    d = [x for x in check_unit_graph(_unit(GRAPH / "bad_cycle.in.json")) if x.code == "EDGE_CYCLE"]
    assert len(d) == 1 and "1 -> 2 -> 3 -> 1" in d[0].message


def test_repair_reparents_misplaced_node():
    u = _unit(GRAPH / "bad_misplaced.in.json")
    fixed, rep = repair_unit(u)
    assert [d.code for d in rep][0] == "REPAIR_REPARENT" and rep[0].criterion_id == "1(b)(ii)"
    b = fixed.root.find("1(b)")
    assert [c.criterion_id for c in b.sub_criteria] == ["1(b)(i)", "1(b)(ii)"]
    a = fixed.root.find("1(a)")
    assert a.sub_criteria == [] and a.evaluation_logic == "LEAF"  # logic follows the move
    assert check_unit_graph(fixed) == []
    assert u.root.find("1(a)").sub_criteria  # input untouched


def test_repair_adds_implied_edges():
    u = _unit(GRAPH / "ok_depends.in.json")
    u.edges = []
    fixed, rep = repair_unit(u)
    assert [(e.type, e.from_, e.to) for e in fixed.edges] == [("DEPENDS_ON", "1(b)", "1(a)")]
    assert [d.code for d in rep] == ["REPAIR_DEPENDS_ON"]
    assert any(d.code == "DEPENDS_EDGE_MISSING" for d in check_unit_graph(u))


def test_expected_parent_ids():
    assert expected_parent_id("1(a).Methodology.3") == "1(a)"
    assert expected_parent_id("3.3.Methodology(a)") == "3.3.Methodology"
    assert expected_parent_id("P2(a)") == "P2"
    assert expected_parent_id("2(a)-2") == "2(a)"
    assert expected_parent_id("P1") is None


def test_graph_has_typed_edges_and_exports(tmp_path, gold_dir):
    u = load_activity(gold_dir / "CCM-4.29.json").unit("SC")
    g = build_unit_graph(u, known_units={"CCM-5.11"})
    types = {d["type"] for _, _, d in g.edges(data=True)}
    assert {"HIERARCHY", "DEPENDS_ON", "INHERITS_THRESHOLD", "REFERENCES"} <= types
    assert g.has_edge("1(a).Methodology.3", "unit:CCM-5.11")  # cross-unit edge for an internal reference
    assert g.has_edge("1(a).Methodology", "src:32013H0179")
    nl = to_node_link(g)
    assert len(nl["nodes"]) == g.number_of_nodes() and len(nl["links"]) == g.number_of_edges()
    json.dumps(nl)
    write_graphml(g, tmp_path / "u.graphml")
    h = nx.read_graphml(tmp_path / "u.graphml")
    assert h.number_of_edges() == g.number_of_edges()


def test_gold_passes_graph_checks(gold_dir):
    for f in sorted(gold_dir.glob("*.json")):
        for u in load_activity(f).units:
            assert check_unit_graph(u) == [], (u.unit_id, _findings(check_unit_graph(u)))
            assert repair_unit(u)[1] == []


def test_dangling_dependency_clause_and_listed_hierarchy():
    u = _unit(GRAPH / "ok_depends.in.json")
    u.root.find("1(b)").dependencies.clauses[0].criterion_id = "1(z)"
    u.edges = [Edge(type="HIERARCHY", **{"from": "ROOT"}, to="1(a)")]
    codes = {(d.code, d.criterion_id) for d in check_unit_graph(u)}
    assert ("DANGLING_CLAUSE", "1(b)") in codes
    assert ("HIERARCHY_EDGE_MISMATCH", "1(a)") in codes


def test_repair_drops_duplicate_edges_and_adds_group_members():
    u = _unit(GRAPH / "ok_group.in.json")
    u.edges = [u.edges[0], u.edges[0].model_copy()]
    fixed, rep = repair_unit(u)
    assert sorted(d.code for d in rep) == ["REPAIR_DUPLICATE_EDGE", "REPAIR_GROUP_MEMBER"]
    assert sorted((e.from_, e.to) for e in fixed.edges) == [("1(a)", "1(a-b)"), ("1(b)", "1(a-b)")]
    assert check_unit_graph(fixed) == []


def test_internal_reference_targets():
    assert internal_targets("Section 5.11 of this Annex", "CCA-4.29") == ["CCA-5.11"]
    assert internal_targets("Regulation (EU) 2018/1999", "CCM-1.1") == []


def test_plain_graph_answers_as_networkx_on_random_graphs():
    """``regc.ir.digraph`` (what a compile uses instead of importing networkx) agrees with networkx: cycle or
    not, and the component of ROOT, on 400 random small directed graphs (self edges and parallel edges too)."""
    import random

    from regc.ir.digraph import connected, has_cycle

    rng = random.Random(7)
    for _ in range(400):
        n = rng.randint(1, 9)
        edges = [(f"n{rng.randrange(n)}", f"n{rng.randrange(n)}") for _ in range(rng.randint(0, 12))]
        g = nx.MultiDiGraph()
        g.add_node("n0")
        g.add_edges_from(edges)
        try:
            nx.find_cycle(g)
            cyclic = True
        except nx.NetworkXNoCycle:
            cyclic = False
        assert has_cycle(edges) == cyclic, edges
        assert connected(edges, "n0") == nx.node_connected_component(g.to_undirected(), "n0"), edges


def test_check_findings_same_on_plain_and_networkx_graph():
    """check_unit_graph on the compile's PlainGraph and on build_unit_graph's networkx graph: the same findings for
    every failing fixture (the cycle one lists its cycles through networkx)."""
    for name in EXPECTED_CODE:
        u = _unit(GRAPH / f"{name}.in.json")
        assert check_unit_graph(u) == check_unit_graph(u, build_unit_graph(u)), name


def test_rules_only_compile_does_not_import_networkx(tmp_path):
    import subprocess
    import sys

    from regc.retrieval.locate import corpus_root

    root = corpus_root()
    src = root / "eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml" if root else None
    if src is None or not src.exists():
        pytest.skip("corpus not found")
    code = ("import sys\nfrom regc.cli import main\n"
            f"assert main(['compile', {str(src)!r}, '--only', 'CCM-4.29', '-o', {str(tmp_path / 'b')!r}, '-q', "
            "'--no-cache']) == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'networkx'))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-800:]
    assert r.stdout.strip().splitlines()[-1] == "[]"
