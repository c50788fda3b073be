"""Ingest: structure-aware trees and locators from Formex, OJ XHTML, consolidated XHTML and PDF; registry."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from regc.retrieval.chunking import build_article, chunks_of, normalise_locator
from regc.retrieval.ingest import choose_source, ingest_corpus, ingest_file
from regc.retrieval.registry import load_registry

RED = "32018l2001"


@pytest.fixture(scope="module")
def red_sources(eurlex) -> dict[str, Path]:
    d = eurlex / RED
    return {"formex": choose_source(d), "oj": d / "2018-12-11" / "en.xml", "consolidated": d / "2024-07-16" / "en.html"}


@pytest.mark.parametrize("fmt", ["formex", "oj", "consolidated"])
def test_article_29_tree_in_every_format(red_sources, fmt):
    tree = ingest_file(red_sources[fmt], "32018L2001", "Directive (EU) 2018/2001")
    art = tree.find("Article 29")
    assert art is not None and "biofuels" in art.heading.lower()
    paras = [c.locator for c in art.children if c.kind == "paragraph"]
    assert paras[:7] == [f"Article 29({i})" for i in range(1, 8)]
    p6a = tree.find("Article 29(6)(a)")
    assert p6a is not None and p6a.text.startswith("the country in which forest biomass was harvested")
    sub = [c.locator for c in p6a.children]
    assert sub[:2] == ["Article 29(6)(a)(i)", "Article 29(6)(a)(ii)"]
    assert "legality of harvesting" in p6a.children[0].text
    # footnote call-outs and consolidation arrows are not text
    assert "▼" not in " ".join(n.text for n in tree.nodes())


def test_chunk_ids_unique_and_locators_for_annexes(red_sources):
    tree = ingest_file(red_sources["oj"], "32018L2001", "RED")
    chunks = chunks_of(tree)
    assert len({c.chunk_id for c in chunks}) == len(chunks)
    locs = {c.locator for c in chunks}
    assert {"Annex V, Part A", "Annex V, Part C", "Article 29(6)"} <= locs
    assert all(c.celex == "32018L2001" for c in chunks)


def test_definitions_keep_quotes(red_sources):
    tree = ingest_file(red_sources["formex"], "32018L2001", "RED")
    d = tree.find("Article 2(2)")
    assert d is not None and d.text.startswith("‘ambient energy’ means")


def test_build_article_roman_after_h_is_a_letter():
    art = build_article("3", "", [("1.", "x:"), ("(h)", "h"), ("(i)", "i as a letter"), ("(j)", "j")])
    assert [n.locator for n in art.walk()][-3:] == ["Article 3(1)(h)", "Article 3(1)(i)", "Article 3(1)(j)"]
    art = build_article("3", "", [("(a)", "a:"), ("(i)", "first"), ("(ii)", "second")])
    assert [n.locator for n in art.walk()][-2:] == ["Article 3(a)(i)", "Article 3(a)(ii)"]


def test_normalise_locator():
    assert normalise_locator("Article 29 (6) (a)") == "article 29(6)(a)"


def test_bad_file_is_skipped_with_a_diagnostic(eurlex, tmp_path):
    works = tmp_path / "works"
    works.mkdir()
    shutil.copytree(eurlex / "32021r0447", works / "32021r0447")
    broken = works / "32099l0001" / "2099-01-01"
    broken.mkdir(parents=True)
    (broken / "en.xml").write_text("<html><body>" + "<p>not an act</p>" * 3000 + "</body></html>", "utf-8")
    trees, diags = ingest_corpus(works)
    assert [t.celex for t in trees] == ["32021R0447"]
    assert len(diags) == 1 and "32099l0001" in diags[0].file and "skipped" in diags[0].message


def test_registry_titles_and_aliases(eurlex):
    reg = load_registry(eurlex)
    assert reg.knows("32018L2001") and not reg.knows("32018R2001")
    assert "renewable" in reg.title("32018L2001").lower()
    assert reg.search_title("the Taxonomy Regulation")[0][0] == "32020R0852"


def test_pdf_sections_and_tables(corpus):
    from regc.retrieval.ingest import parse_pdf

    pdf = corpus / "hipaa-hhs-combined" / "hipaa_combined.pdf"
    tree = parse_pdf(pdf, "doc:hipaa", "HIPAA", pages=range(10, 12))
    d = tree.find("§ 160.103")
    assert d is not None and d.heading.startswith("Definitions") and "Business associate" in d.full_text()
    tree = parse_pdf(pdf, "doc:hipaa", "HIPAA", pages=range(69, 70))  # the security standards matrix
    tables = [n for n in tree.nodes() if n.locator == "page 69, table 1"]
    assert tables and "Implementation Specifications" in tables[0].full_text()


def test_pdf_every_cfr_section_is_one_node_with_its_full_title_and_own_text(corpus):
    """Parts 160, 162 and 164, every subpart: each section of the text is one node, once, in order, with its whole
    title (wrapped lines and titles with a colon joined), its own text (no division heading, contents list or
    AUTHORITY/SOURCE note of the next subpart) and its lettered paragraphs."""
    import re

    from regc.retrieval.ingest import parse_pdf

    tree = parse_pdf(corpus / "hipaa-hhs-combined" / "hipaa_combined.pdf", "doc:hipaa", "HIPAA")
    sections = [p for p in tree.parts if p.locator.startswith("§")]
    numbers = [tuple(int(x) for x in p.locator[2:].split(".")) for p in sections]
    assert len(numbers) == len(set(numbers)) == 147 and numbers == sorted(numbers)
    assert {n[0] for n in numbers} == {160, 162, 164}
    heads = {p.locator: p.heading for p in sections}
    assert heads["§ 164.306"] == "Security standards: General rules."
    assert heads["§ 164.502"] == "Uses and disclosures of protected health information: General rules."
    assert heads["§ 164.504"] == "Uses and disclosures: Organizational requirements."
    assert heads["§ 162.1601"].endswith("(EFT) and remittance advice transaction.")
    assert all(h.endswith(".") for h in heads.values()), [h for h in heads.values() if not h.endswith(".")]
    for p in sections:
        text = p.full_text()
        assert text and not re.search(r"\bSubpart [A-Z]\s*[—–-]|\bPART \d+\s*[—–-]|\.{5}", text), p.locator
    assert tree.find("§ 162.1011").full_text().startswith("Each code set is valid")
    assert [c.locator for c in tree.find("§ 164.508").children] == ["§ 164.508(a)", "§ 164.508(b)", "§ 164.508(c)"]
    assert not tree.find("§ 164.306").full_text().startswith("General rules")


def test_pdf_sections_record_their_part_and_subpart(corpus):
    """Every CFR section carries its division (``chapter``), read from the division headings in page order: the
    contents pages and the text agree, and a cross-reference opening a line in another part moves nothing."""
    from collections import Counter

    from regc.retrieval.ingest import parse_pdf

    tree = parse_pdf(corpus / "hipaa-hhs-combined" / "hipaa_combined.pdf", "doc:hipaa", "HIPAA")
    placed = {p.locator: p.chapter for p in tree.parts if p.locator.startswith("§")}
    assert placed["§ 160.103"] == "Part 160, Subpart A"
    assert placed["§ 160.312"] == "Part 160, Subpart C"
    assert placed["§ 164.302"] == placed["§ 164.318"] == "Part 164, Subpart C"
    assert placed["§ 164.402"] == "Part 164, Subpart D"
    assert placed["§ 162.1002"] == "Part 162, Subpart J"
    assert all(d.startswith(f"Part {loc[2:5]}, Subpart ") for loc, d in placed.items())
    sizes = Counter(placed.values())
    assert sizes["Part 164, Subpart E"] == 17 and sizes["Part 164, Subpart C"] == 9 and len(sizes) == 24
