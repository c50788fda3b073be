"""CFR structural references in the citation graph (round H14t): "this subpart", "subpart C of part 160",
"subparts A through C of this part", "this part", and section ranges "§§ 164.302 through 164.318"."""

from regc.retrieval.cfr_divisions import division_members, division_refs, section_ranges
from regc.retrieval.chunking import ActTree, Node
from regc.retrieval.citegraph import build_graph, graph_counts, neighbours

DOC = "doc:cfr"


def _section(number: str, division: str, text: str) -> Node:
    loc = f"§ {number}"
    return Node("annex", loc, loc, heading=f"Section {number}.", chapter=division,
                children=[Node("section", loc, loc, text=text)])


def _world() -> ActTree:
    return ActTree(DOC, "CFR", "x.pdf", [
        _section("160.103", "Part 160, Subpart A", "Definitions. Business associate means a person."),
        _section("160.300", "Part 160, Subpart C", "This subpart applies to the Secretary's compliance reviews."),
        _section("160.310", "Part 160, Subpart C", "A covered entity must provide records to the Secretary."),
        _section("164.302", "Part 164, Subpart C", "A covered entity must comply with this subpart."),
        _section("164.306", "Part 164, Subpart C", "Security standards: general rules."),
        _section("164.308", "Part 164, Subpart C", "Administrative safeguards."),
        _section("164.318", "Part 164, Subpart C", "Compliance dates."),
        _section("164.502", "Part 164, Subpart E",
                 "A covered entity must disclose information when required by the Secretary under subpart C of "
                 "part 160 of this subchapter, and as § 164.530 of this part provides."),
        _section("164.530", "Part 164, Subpart E",
                 "Implement the standards in §§ 164.302 through 164.318 and the requirements of this part."),
    ], "pdf")


def test_a_subpart_reference_becomes_an_edge_to_the_subpart_node_whose_sections_it_contains():
    g = build_graph([_world()])
    sub = f"{DOC}#Part 160, Subpart C"
    refs = {(u, v): d for u, v, d in g.edges(data=True) if d["type"] == "REFERENCES" and d.get("via") == "division"}
    assert (f"{DOC}#§ 164.502", sub) in refs  # "subpart C of part 160": the other part's subpart, not 164's
    assert (f"{DOC}#§ 164.502", f"{DOC}#Part 164, Subpart C") not in refs
    assert (f"{DOC}#§ 164.302", f"{DOC}#Part 164, Subpart C") in refs  # "this subpart": the section's own
    assert (f"{DOC}#§ 164.530", f"{DOC}#Part 164") in refs  # "this part"
    assert (f"{DOC}#§ 164.502", f"{DOC}#Part 164") not in refs  # "§ 164.530 of this part" names a section
    assert division_members(g, sub) == [f"{DOC}#§ 160.300", f"{DOC}#§ 160.310"]
    assert division_members(g, f"{DOC}#Part 164") == sorted(f"{DOC}#§ {n}" for n in
                                                             ("164.302", "164.306", "164.308", "164.318", "164.502", "164.530"))
    assert division_members(g, f"{DOC}#§ 164.502") == []
    # the closure's neighbours see the division node, not each of its sections
    assert sub in neighbours(g, f"{DOC}#§ 164.502") and f"{DOC}#§ 160.300" not in neighbours(g, f"{DOC}#§ 164.502")
    counts = graph_counts(g)["by_type"]
    assert counts["CONTAINS"] == 9 + 4  # each section in its subpart, each subpart in its part


def test_a_range_reference_links_every_section_in_the_range_and_nothing_outside_it():
    g = build_graph([_world()])
    cited = {v for u, v, d in g.edges(f"{DOC}#§ 164.530", data=True) if d["type"] == "REFERENCES"}
    assert {f"{DOC}#§ {n}" for n in ("164.302", "164.306", "164.308", "164.318")} <= cited
    assert f"{DOC}#§ 164.502" not in cited and f"{DOC}#§ 160.310" not in cited
    via = {v: d.get("via") for u, v, d in g.edges(f"{DOC}#§ 164.530", data=True) if d["type"] == "REFERENCES"}
    assert via[f"{DOC}#§ 164.306"] == "range"


def test_division_reference_grammar():
    assert division_refs("subparts A through E of this part", "164") == [("164", x) for x in "ABCDE"]
    assert division_refs("part 160, subpart C of this subchapter and parts 162 and 164", "164", "E") == [
        ("160", "C"), ("162", ""), ("164", "")]
    assert division_refs("in violation of subpart E, or this subpart", "164", "D") == [("164", "E"), ("164", "D")]
    assert division_refs("this subpart", "164", "") == []  # a section outside any subpart names none
    assert section_ranges("§§ 160.300 through 160.316 and § 164.502") == [("160.300", "160.316")]
    assert section_ranges("§ 164.502 and 164.504") == []


def test_the_division_closure_steps_from_a_named_subpart_to_its_sections_only_when_asked():
    from types import SimpleNamespace

    from regc.retrieval.closure import Closure

    g = build_graph([_world()])
    c = Closure()
    c.s = SimpleNamespace(graph=g)
    seed = f"{DOC}#§ 164.502"
    near = neighbours(g, seed)
    assert c._division_near(seed, near) == [f"{DOC}#§ 160.300", f"{DOC}#§ 160.310"]
    assert c._division_near(f"{DOC}#§ 164.302", neighbours(g, f"{DOC}#§ 164.302")) == [  # its own subpart, less itself
        f"{DOC}#§ {n}" for n in ("164.306", "164.308", "164.318")]
