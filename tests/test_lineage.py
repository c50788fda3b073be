"""Lineage edges of the citation graph (EMPOWERS from an act's citations, AMENDS from its amending articles),
CFR sections named by their titles, and the closure's lineage option."""

from __future__ import annotations

import pytest

from regc.retrieval.chunking import ActTree, Node
from regc.retrieval.citegraph import build_graph, graph_counts, lineage_neighbours, title_named
from regc.retrieval.lineage import empowering_articles, provisions_named
from retrieval_helpers import corpus

WORKS = "eurlex-lex-corpus/works"


def _article(number: str, heading: str, text: str, points: tuple[str, ...] = ()) -> Node:
    art = Node("article", f"Article {number}", f"Article {number}", text=text, heading=heading)
    for i, t in enumerate(points, 1):
        art.children.append(Node("paragraph", f"{i}.", f"Article {number}({i})", text=t))
    return art


def _annex(number: str, text: str = "criteria") -> Node:
    return Node("annex", f"Annex {number}", f"Annex {number}", text=text, heading=f"ANNEX {number}")


def test_provision_lists_split_own_and_amended_and_skip_third_acts():
    assert provisions_named("Annexes I, II, III, IV, V, VII, IX and X are amended in accordance with Annex V "
                            "to this Regulation;") == (
        ["Annex I", "Annex II", "Annex III", "Annex IV", "Annex V", "Annex VII", "Annex IX", "Annex X"], ["Annex V"])
    assert provisions_named("in Article 8, the following paragraphs 6, 7 and 8 are added:") == (["Article 8"], [])
    assert provisions_named("the review referred to in Article 19(5) of Regulation (EU) 2020/852") == ([], [])
    assert provisions_named("Articles 10(3) and 11(3)") == (["Article 10", "Article 11"], [])


def test_empowering_articles_come_from_the_in_particular_list_of_the_cited_act():
    visa = ("Having regard to Regulation (EU) 2020/852 of the European Parliament and of the Council of 18 June "
            "2020 on the establishment of a framework to facilitate sustainable investment, and amending "
            "Regulation (EU) 2019/2088, and in particular Articles 8(4), 10(3) and 11(3) thereof,")
    assert empowering_articles(visa) == [("32020R0852", "Article 8"), ("32020R0852", "Article 10"),
                                         ("32020R0852", "Article 11")]
    assert empowering_articles("Having regard to the Treaty on the Functioning of the European Union,") == []
    # a citation without 'in particular ... thereof' names no empowering article
    assert empowering_articles("Having regard to Regulation (EU) 2020/852, and after consulting experts,") == []


def test_the_original_text_carries_its_citations_and_a_consolidated_one_none():
    from regc.retrieval.ingest import ingest_file

    orig = ingest_file(corpus() / WORKS / "32022r1214/2022-03-09/en.xml", "32022R1214")
    assert any("in particular Articles 8(4), 10(3) and 11(3) thereof" in c for c in orig.citations)
    assert not any(c.startswith("Whereas") for c in orig.citations)


def _amending_world() -> list[ActTree]:
    parent = ActTree("32020R0852", "Regulation (EU) 2020/852", "x", [
        _article("8", "Transparency", "The Commission shall adopt a delegated act."),
        _article("10", "Climate change mitigation", "The Commission shall adopt a delegated act."),
        _article("11", "Climate change adaptation", "The Commission shall adopt a delegated act.")])
    climate = ActTree("32021R2139", "Delegated Regulation (EU) 2021/2139", "x", [
        _article("1", "", "criteria are set out in Annex I"), _article("2a", "Review", "review"),
        _annex("I"), _annex("II")])
    amending = ActTree("32022R1214", "Delegated Regulation (EU) 2022/1214", "x", [
        _article("1", "Amendments to Delegated Regulation (EU) 2021/2139",
                 "Delegated Regulation (EU) 2021/2139 is amended as follows:",
                 ("the following Article 2a is inserted: When performing the review referred to in Article "
                  "19(5) of Regulation (EU) 2020/852, the Commission shall also review Annex I;",
                  "Annex I is amended in accordance with Annex I to this Regulation;",
                  "Annex II is amended in accordance with Annex II to this Regulation.")),
        _article("2", "Entry into force", "This Regulation shall enter into force on the third day."),
        _annex("I", "new criteria"), _annex("II", "new DNSH")],
        citations=["Having regard to Regulation (EU) 2020/852 of the European Parliament and of the Council, and "
                   "in particular Articles 8(4), 10(3) and 11(3) thereof,"])
    return [parent, climate, amending]


def test_empowers_and_amends_edges_are_typed_and_counted():
    g = build_graph(_amending_world())
    by = {(u, v): d for u, v, d in g.edges(data=True) if d["type"] in ("EMPOWERS", "AMENDS")}
    assert by[("32020R0852#Article 10", "32022R1214")] == {"type": "EMPOWERS", "via": "citation"}
    assert {u for u, v in by if v == "32022R1214"} == {f"32020R0852#Article {n}" for n in (8, 10, 11)}
    assert by[("32022R1214", "32021R2139")]["via"] == "act"
    amended = {v for (u, v), d in by.items() if d["type"] == "AMENDS" and u.startswith("32022R1214#Article 1")}
    assert amended == {"32021R2139#Article 2a", "32021R2139#Annex I", "32021R2139#Annex II"}
    # the amending act's own annexes amend the annexes they replace text in
    assert by[("32022R1214#Annex I", "32021R2139#Annex I")]["via"] == "annex"
    assert ("32022R1214#Annex I", "32021R2139#Annex II") not in by
    # Article 2 (entry into force) amends nothing; "Article 19(5) of Regulation (EU) 2020/852" is no target
    assert not any(u.startswith("32022R1214#Article 2") for u, _ in by)
    assert not any(v.startswith("32020R0852#Article 19") for _, v in by)
    counts = graph_counts(g)["by_type"]
    assert counts["EMPOWERS"] == 3 and counts["AMENDS"] >= 6


def test_lineage_neighbours_read_amends_both_ways_and_empowers_backwards():
    g = build_graph(_amending_world())
    assert "32022R1214#Article 1" in lineage_neighbours(g, "32021R2139#Annex I", ("amends",))
    assert "32021R2139#Annex I" in lineage_neighbours(g, "32022R1214#Annex I", ("amends",))
    assert lineage_neighbours(g, "32022R1214#Annex I", ("empowers",)) == [
        "32020R0852#Article 10", "32020R0852#Article 11", "32020R0852#Article 8"]
    assert lineage_neighbours(g, "32021R2139#Annex I", ()) == []


def test_a_cfr_section_naming_another_by_its_title_references_it():
    def section(num: str, title: str, text: str) -> Node:
        return Node("section", f"§ {num}", f"§ {num}", text=text, heading=title)

    doc = ActTree("doc:cfr", "CFR", "x", [
        section("162.1201", "Eligibility for a health plan transaction.", "The eligibility ... is the transmission"),
        section("162.1202", "Standards for eligibility for a health plan transaction.",
                "The Secretary adopts the following standards for the eligibility for a health plan transaction:"),
        section("162.923", "Requirements for covered entities.", "must conduct the transaction as a standard"),
        section("164.500", "Applicability.", "The requirements for covered entities apply ...")])
    g = build_graph([doc])
    assert title_named(g, "doc:cfr#§ 162.1202") == {"doc:cfr#§ 162.1201"}
    # a generic title ("Requirements for covered entities") names no section
    assert title_named(g, "doc:cfr#§ 164.500") == set()


@pytest.mark.parametrize("kinds", [("amends",), ("empowers",)])
def test_lineage_closure_is_an_option_of_the_asker(kinds):
    from regc.retrieval.ask import LINEAGE_CLOSURE, Asker

    class _S:
        has_dense = False

    assert Asker(_S(), lineage_closure=kinds).lineage_closure == kinds
    assert Asker(_S()).lineage_closure == LINEAGE_CLOSURE


def test_cfr_lists_with_a_serial_comma_link_every_member():
    """'§§ 164.502(b), 164.514(d), and 164.530(c)' and 'paragraphs (b)(2), (c)(3), or (d)(5) of this section':
    the member after ', and' / ', or' was lost (the incidental-disclosure safeguards of § 164.530(c))."""
    from regc.retrieval.refs import intra_refs

    refs = [r for r, _ in intra_refs("complied with §§ 164.502(b), 164.514(d), and 164.530(c) with respect to",
                                     "§ 164.502(a)")]
    assert refs == ["§ 164.502(b)", "§ 164.514(d)", "§ 164.530(c)"]
    refs = [r for r, _ in intra_refs("described in paragraphs (b)(2), (c)(3), or (d)(5) of this section",
                                     "§ 164.510(a)")]
    assert refs == ["§ 164.510(b)", "§ 164.510(c)", "§ 164.510(d)"]
    assert [r for r, _ in intra_refs("see §§ 160.406, 160.408, and 160.412.", "§ 160.404(b)")] == [
        "§ 160.406", "§ 160.408", "§ 160.412"]


def test_an_act_without_citations_is_empowered_by_the_paragraphs_its_title_purpose_names():
    """2021/2139, 2021/2178 and 2023/2486 are indexed as consolidated texts (no citations): the purpose in their
    titles picks the empowering paragraphs of 2020/852 by the objectives' names, not the shared formula."""
    from regc.retrieval.ingest import ingest_file
    from regc.retrieval.lineage import ADOPTS_DELEGATED, purpose_empowerments

    parent = ingest_file(corpus() / WORKS / "32020r0852/2020-06-18/en.xml", "32020R0852")
    paragraphs = {n.locator: n.full_text() for p in parent.parts if p.kind == "article" for n in p.children
                  if n.kind == "paragraph" and ADOPTS_DELEGATED.search(n.full_text())}
    assert "Article 8(4)" in paragraphs and "Article 23(2)" not in paragraphs  # the delegation article is no basis
    sup = "Commission Delegated Regulation (EU) 2021/2139 of 4 June 2021 supplementing Regulation (EU) 2020/852 of " \
          "the European Parliament and of the Council by "
    climate = sup + ("establishing the technical screening criteria for determining the conditions under which an "
                     "economic activity qualifies as contributing substantially to climate change mitigation or "
                     "climate change adaptation and for determining whether that economic activity causes no "
                     "significant harm to any of the other environmental objectives")
    disclosures = sup + ("specifying the content and presentation of information to be disclosed by undertakings "
                         "subject to Articles 19a or 29a of Directive 2013/34/EU concerning environmentally "
                         "sustainable economic activities, and specifying the methodology to comply with that "
                         "disclosure obligation")
    four = sup + ("establishing the technical screening criteria for determining the conditions under which an "
                  "economic activity qualifies as contributing substantially to the sustainable use and protection "
                  "of water and marine resources, to the transition to a circular economy, to pollution prevention "
                  "and control, or to the protection and restoration of biodiversity and ecosystems")
    assert purpose_empowerments(climate, paragraphs) == ["Article 10(3)", "Article 11(3)"]
    assert purpose_empowerments(disclosures, paragraphs) == ["Article 8(4)"]
    assert purpose_empowerments(four, paragraphs) == ["Article 12(2)", "Article 13(2)", "Article 14(2)",
                                                      "Article 15(2)"]
    assert purpose_empowerments("Regulation amending Regulation (EU) 2021/2139", paragraphs) == []
