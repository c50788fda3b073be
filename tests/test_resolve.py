"""Resolution: CELEX verification/correction, internal references, criterion-conditioned retrieval, enrichment,
the `resolve` pass, `regc fetch` offline."""

from __future__ import annotations

import pytest

from regc.cli import main
from regc.compiler.passmanager import CompileOptions, PassContext, SemanticMemory
from regc.retrieval.registry import load_registry
from regc.retrieval.resolve import (FetchError, celex_corrections, fetch_celex, pinpoint_locators, resolve_internal,
                                   verify_celex)
from regc.retrieval.enrich import enrich
from regc.retrieval.retrieve import retrieve
from regc.retrieval.search import Searcher
from regc.ir.doc import ActDoc, ActivityDoc, UnitDoc
from regc.ir.models import CriterionNode, Enrichment, References, ReferenceSource, Unit
from retrieval_helpers import bm25_index

pytestmark = pytest.mark.retrieval


@pytest.fixture(scope="module")
def registry(eurlex):
    return load_registry(eurlex)


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(bm25_index())


# ---------------------------------------------------------------------------------------------------------------
# CELEX


@pytest.mark.parametrize("wrong, right, rule", [
    ("32018R2001", "32018L2001", "type-letter R->L"),  # regulation vs directive
    ("32001L2018", "32018L2001", "transposed-year-number"),  # year and number swapped
    ("32013L0168", "32013R0168", "type-letter L->R"),  # Regulation (EU) No 168/2013 typed as a directive
    ("2018L2001", "32018L2001", "format-repair"),  # missing sector digit
])
def test_celex_corrections(registry, wrong, right, rule):
    r = verify_celex(wrong, registry)
    assert (r.celex, r.status, r.rule) == (right, "corrected", rule)
    assert 2 <= len(r.tries) <= 4  # the input + at most 3 corrections


def test_verified_and_absent_and_title_search(registry):
    assert verify_celex("32018L2001", registry).status == "verified"
    r = verify_celex("32020L2184", registry)  # drinking water directive: well-formed, not in the corpus
    assert r.status == "not_in_registry" and r.celex == "32020L2184"
    r = verify_celex(None, registry, "the Taxonomy Regulation")
    assert (r.status, r.celex) == ("title_match", "32020R0852")
    assert verify_celex(None, registry, "the Habitats Directive").status == "unresolved"
    assert verify_celex("not-a-celex", registry).status == "unresolved"


def test_corrections_are_bounded_and_valid():
    c = celex_corrections("32001L2018")
    assert c[0] == "32001R2018" and "32018L2001" in c
    assert celex_corrections("garbage") == []


# ---------------------------------------------------------------------------------------------------------------
# internal references and pinpoints


def _act() -> ActDoc:
    return ActDoc(celex="32021R2139", format="formex", file="x", appendices={"CCM/A": []}, activities=[
        ActivityDoc(activity_id="CCM-5.11", objective="CCM", section="5.11", name="Transport of CO2"),
        ActivityDoc(activity_id="CCM-5.12", objective="CCM", section="5.12", name="Underground storage of CO2"),
        ActivityDoc(activity_id="CCA-5.11", objective="CCA", section="5.11", name="Transport of CO2")])


def test_internal_references_resolve_to_units_of_the_same_act():
    t = resolve_internal("Section 5.12 of this Annex", _act(), "CCM")
    assert [(x.target, x.found) for x in t] == [("CCM-5.12", True)]
    assert [(x.target, x.found) for x in resolve_internal("Section 5.11 of Annex II", _act(), "CCM")] == \
        [("CCA-5.11", True)]
    assert [(x.target, x.found) for x in resolve_internal("Appendix A to this Annex", _act(), "CCM")] == \
        [("CCM/A", True)]
    assert resolve_internal("Section 9.9 of this Annex", _act(), "CCM")[0].found is False


def test_pinpoint_locators():
    assert pinpoint_locators("Article 29, paragraphs 6 and 7") == ["Article 29(6)", "Article 29(7)"]
    assert pinpoint_locators("Article 3") == ["Article 3"]
    assert pinpoint_locators(None) == []


# ---------------------------------------------------------------------------------------------------------------
# retrieval + enrichment


def test_enrichment_of_a_pinpointed_reference(searcher):
    e = enrich(searcher, "Article 29, paragraphs 6 and 7, of that Directive", "32018L2001",
               pinpoint="Article 29, paragraphs 6 and 7",
               criterion_text="forest biomass complies with Article 29, paragraphs 6 and 7, of that Directive",
               activity_name="Manufacture of biogas and biofuels for use in transport", objective="CCM")
    Enrichment(**e)  # fits the IR model
    assert e["status"] == "retrieved" and e["confidence"] == 1.0
    locs = [p["locator"] for p in e["passages"]]
    assert locs[:2] == ["Article 29(6)", "Article 29(7)"]
    assert all(p["doc"] == "32018L2001" for p in e["passages"])
    assert "[Article 29(6)]" in e["summary"]  # every summary sentence carries its locator
    # ... and key facts the deepest provision stating them, inside the cited paragraphs
    assert all(f.split(":")[0].startswith(("Article 29(6)", "Article 29(7)")) for f in e["key_facts"])
    assert any(f.startswith("Article 29(7)(b):") for f in e["key_facts"])
    # verbatim-quote limit
    import re
    for sentence in re.split(r"\s\[[^\]]+\]\s?", e["summary"]):
        assert len(sentence.split()) <= 46


def test_pinpointed_evidence_is_the_cited_provisions_and_their_closure(searcher):
    # Article 25(2) refers onwards to "paragraph 1": Article 25(1) joins at decay x score (1-hop closure), no
    # unrelated search hit joins, and facts/thresholds come from the cited provision only
    crit = ("The activity complies with the life-cycle GHG emissions savings requirement of 73,4 % for hydrogen "
            "and 70 % for hydrogen-based synthetic fuels relative to a fossil fuel comparator of 94 g CO2e/MJ in "
            "analogy to the approach set out in Article 25(2) of and Annex V to Directive (EU) 2018/2001.")
    r = retrieve(searcher, "Article 25(2) of Directive (EU) 2018/2001", "32018L2001", "Article 25(2)",
                 criterion_text=crit)
    assert [(h.locator, h.score) for h in r.passages] == [("Article 25(2)", 1.0), ("Article 25(1)", 0.7)]
    e = enrich(searcher, "Article 25(2) of Directive (EU) 2018/2001", "32018L2001", pinpoint="Article 25(2)",
               criterion_text=crit)
    assert [p["locator"] for p in e["passages"]] == ["Article 25(2)", "Article 25(1)"]
    assert e["thresholds"] == []  # 25(1)'s transport-share targets are not this criterion's
    assert all(f.startswith("Article 25(2)") for f in e["key_facts"])


def test_onward_references_and_closure_relevance(searcher):
    from regc.retrieval.retrieve import closure, onward_locators
    from regc.retrieval.search import Hit

    assert onward_locators("in accordance with Article 35; see paragraph 1 and Article 3 of Regulation (EU) "
                           "2018/1999", "Article 28(5)") == ["Article 35", "Article 28(1)"]
    seeds = [Hit(c.chunk_id, c.celex, c.locator, c.text, 1.0) for c in searcher.chunks_of_act("32018L2001")
             if c.locator in ("Article 29(6)", "Article 29(7)")]
    got = closure(searcher, seeds, ["forest", "biomass", "harvesting", "sustainability"], limit=3)
    assert got and got[0].locator == "Article 29(1)"  # cited by both paragraphs: first
    assert all(h.score == 0.7 for h in got) and len({h.locator for h in got}) == len(got)
    # a procedural onward reference ("delegated acts in accordance with Article 35") shares nothing with a
    # hydrogen criterion: it does not join
    seeds = [Hit(c.chunk_id, c.celex, c.locator, c.text, 1.0) for c in searcher.chunks_of_act("32018L2001")
             if c.locator == "Article 28(5)"]
    assert not closure(searcher, seeds, ["hydrogen", "electrolysis", "synthetic", "fuels", "life-cycle"])


def test_whole_act_reference_brings_the_definitions_the_criterion_uses(searcher):
    from regc.retrieval.retrieve import definition_hits

    crit = ("Hydrogen is produced from renewable fuels of non-biological origin as defined in Directive (EU) "
            "2018/2001, and no forest biomass is used.")
    assert [h.locator for h in definition_hits(searcher, "32018L2001", crit)] == ["Article 2(36)", "Article 2(26)"]
    e = enrich(searcher, "Directive (EU) 2018/2001", "32018L2001", criterion_text=crit)
    locs = [p["locator"] for p in e["passages"]]
    assert locs[:2] == ["Article 2(36)", "Article 2(26)"], locs  # at the definition's own point
    assert "‘renewable fuels of non-biological origin’ means" in e["summary"]
    assert definition_hits(searcher, "32018L2001", "a building") == []  # one-word terms are too common


def test_enrichment_thresholds_come_from_the_passages(searcher):
    e = enrich(searcher, "Article 29(10) of Directive (EU) 2018/2001", "32018L2001", pinpoint="Article 29(10)",
               criterion_text="GHG emission savings are at least 65 %")
    assert e["passages"][0]["locator"] == "Article 29(10)"
    got = {(t["operator"], t["value"], t["unit"]) for t in e["thresholds"]}
    assert {(">=", 65, "%"), (">=", 60, "%")} <= got
    assert all(t["locator"].startswith("32018L2001 Article 29") for t in e["thresholds"])
    assert not any(t["metric"].startswith("(") for t in e["thresholds"])


def test_retrieval_iterations_and_coverage(searcher):
    r = retrieve(searcher, "Annex V to Directive (EU) 2018/2001", "32018L2001", "Annex V",
                 criterion_text="GHG emission savings from the manufacture of biofuels are at least 65 % in relation "
                                "to the methodology set out in Annex V to Directive (EU) 2018/2001")
    assert 1 <= len(r.iterations) <= 3
    assert r.passages[0].locator.startswith("Annex V") and r.confidence >= 0.8
    assert r.iterations[0].query and "biofuels" in r.iterations[0].query


def test_retrieval_refines_the_query_after_a_gap(searcher):
    # no pinpoint in the text: coverage asks for a quantity the top passages lack; the query is refined
    r = retrieve(searcher, "Directive (EU) 2018/2001 at 99 MW", "32018L2001", None, criterion_text="heating",
                 max_iterations=3)
    assert len(r.iterations) == 3 and any(g.startswith("quantity:") for g in r.iterations[0].gaps)
    assert "99 MW" in r.iterations[1].query


def test_enrichment_statuses(searcher):
    assert enrich(searcher, "EN ISO 14064-1:2018", None, kind="standard")["status"] == "paywalled"
    assert enrich(searcher, "Directive (EU) 2020/2184", "32020L2184")["status"] == "not_found"
    assert enrich(None, "Directive (EU) 2018/2001", "32018L2001")["status"] == "not_found"


# ---------------------------------------------------------------------------------------------------------------
# the pass


def test_resolve_pass_corrects_and_enriches():
    from regc.retrieval import resolve_pass as resolve

    node = CriterionNode(criterion_id="1", verbatim_text="The activity complies with Article 29(6) of Directive "
                         "(EU) 2018/2001, ISO 14067:2018 and Section 5.12 of this Annex.", references=References(
        logic="AND", sources=[
            ReferenceSource(text="Article 29(6) of Directive (EU) 2018/2001", type="must_be_fetched",
                            celex_id="32018R2001"),  # wrong type letter
            ReferenceSource(text="ISO 14067:2018", type="must_be_fetched"),
            ReferenceSource(text="Section 5.12 of this Annex", type="must_be_fetched"),
            ReferenceSource(text="Directive (EU) 2020/2184", type="must_be_fetched", celex_id="32020L2184"),
            ReferenceSource(text="Recommendation 2013/179/EU", type="citation_only", celex_id="32013H0179")]))
    unit = Unit(unit_id="CCM-5.11/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[node]))
    act = _act()
    ctx = PassContext(act=act, activity=act.activities[0], unit_doc=UnitDoc(part="SC"),
                      memory=SemanticMemory(activity={"activity_id": "CCM-5.11", "objective": "CCM",
                                                      "name": "Transport of CO2"}),
                      options=CompileOptions(extra={"resolver": {"index": str(bm25_index())}}))
    out = resolve.run(unit, ctx)
    src = out.root.sub_criteria[0].references.sources
    assert src[0].celex_id == "32018L2001" and src[0].enrichment.status == "retrieved"
    assert src[0].enrichment.passages[0].locator == "Article 29(6)"
    assert src[1].enrichment.status == "paywalled"
    assert src[2].enrichment.status == "retrieved" and src[2].enrichment.passages[0].locator == "CCM-5.12"
    assert src[3].enrichment.status == "not_found" and src[3].celex_id == "32020L2184"
    assert src[4].enrichment.status == "skipped"
    origin = out.root.sub_criteria[0].provenance.fields["references"]
    assert origin.pass_name == "resolve" and "corrected" in origin.rule
    diags = resolve.verify(out, ctx)
    assert [d.code for d in diags] == ["RESOLVE_NOT_FOUND"] and all(d.severity == "info" for d in diags)


def test_resolve_pass_enriches_footnote_items():
    from regc.ir.models import Footnote, FootnoteItem
    from regc.retrieval import resolve_pass as resolve

    node = CriterionNode(criterion_id="1", verbatim_text="Energy from renewable sources (1) within the meaning of "
                         "the Directive.", footnotes=[Footnote(id="fn-1", items=[
                             FootnoteItem(kind="EU Legal Act", title="Directive (EU) 2018/2001 of the European "
                                          "Parliament and of the Council on the promotion of the use of energy from "
                                          "renewable sources", celex_id="32018L2001", type="must_be_fetched"),
                             FootnoteItem(kind="Standard", title="EN 16258:2012")])])
    unit = Unit(unit_id="CCM-4.1/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[node]))
    ctx = PassContext(act=_act(), activity=_act().activities[0], unit_doc=UnitDoc(part="SC"),
                      memory=SemanticMemory(activity={"objective": "CCM", "name": "Electricity generation"}),
                      options=CompileOptions(extra={"resolver": {"index": str(bm25_index())}}))
    items = resolve.run(unit, ctx).root.sub_criteria[0].footnotes[0].items
    assert items[0].enrichment.status == "retrieved" and items[0].enrichment.passages[0].doc == "32018L2001"
    assert items[1].enrichment.status == "paywalled"


def test_resolve_pass_is_a_noop_without_resolver():
    from regc.retrieval import resolve_pass as resolve

    u = Unit(unit_id="X/SC", root=CriterionNode(criterion_id="ROOT"))
    ctx = PassContext(act=_act(), activity=_act().activities[0], unit_doc=UnitDoc(part="SC"),
                      memory=SemanticMemory(), options=CompileOptions())
    assert resolve.run(u, ctx) is u and resolve.verify(u, ctx) == []


def test_compile_resolve_needs_an_index(capsys, tmp_path):
    assert main(["compile", "--celex", "32021R2139", "-o", str(tmp_path / "o"), "--resolve"]) == 2
    assert "--resolve needs --index" in capsys.readouterr().err
    assert main(["compile", "--celex", "32021R2139", "-o", str(tmp_path / "o"), "--resolve", "--index",
                 str(tmp_path / "none")]) == 2
    assert "no index at" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


# ---------------------------------------------------------------------------------------------------------------
# fetch (never contacts a real host)


def test_fetch_offline_gives_a_clear_error(tmp_path, capsys):
    with pytest.raises(FetchError, match="cannot download 32018L2001"):
        fetch_celex("32018L2001", base_url="http://127.0.0.1:9", timeout=2, cache=tmp_path)
    assert not any(tmp_path.iterdir())
    with pytest.raises(FetchError, match="not a CELEX"):
        fetch_celex("hello", base_url="http://127.0.0.1:9", cache=tmp_path)
    assert main(["fetch", "32018L2001", "--base-url", "http://127.0.0.1:9", "--timeout", "2"]) == 2
    assert "no network?" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------------------------
# golden fixtures (tests/fixtures/resolve/; regenerate with REGC_RESET_FIXTURES=1)

import json  # noqa: E402
from pathlib import Path  # noqa: E402

from fixtures_util import assert_golden_json, fixture_pairs  # noqa: E402


def _run_fixture(inp: Path):
    from regc.retrieval import resolve_pass as resolve

    d = json.loads(inp.read_text("utf-8"))
    nodes = [CriterionNode(criterion_id=n["criterion_id"], verbatim_text=n["verbatim_text"],
                           references=References(**n["references"])) for n in d["nodes"]]
    unit = Unit(unit_id=d["unit_id"], root=CriterionNode(criterion_id="ROOT", sub_criteria=nodes))
    acts = [ActivityDoc(activity_id=a, objective=a.split("-")[0], section=a.split("-")[1], name=f"activity {a}")
            for a in d.get("act_activities", [])]
    act = ActDoc(celex="32021R2139", format="formex", file="x", activities=acts)
    ctx = PassContext(act=act, activity=acts[0], unit_doc=UnitDoc(part="SC"),
                      memory=SemanticMemory(activity=d["activity"]),
                      options=CompileOptions(extra={"resolver": {"index": str(bm25_index())}}))
    out = resolve.run(unit, ctx)
    return out, resolve.verify(out, ctx)


@pytest.mark.parametrize("inp, out", fixture_pairs("resolve"), ids=lambda p: p.name)
def test_golden(inp, out):
    unit, _ = _run_fixture(inp)
    assert_golden_json(out, {n.criterion_id: n.references.model_dump() for n in unit.root.sub_criteria})


@pytest.mark.parametrize("inp, out", fixture_pairs("resolve", bad=True), ids=lambda p: p.name)
def test_golden_bad(inp, out):
    _, diags = _run_fixture(inp)
    assert diags, "a bad fixture must produce a diagnostic"
    assert_golden_json(out, [d.model_dump(exclude_none=True) for d in diags])


def test_fixture_sets_present():
    assert fixture_pairs("resolve") and fixture_pairs("resolve", bad=True)


def test_point_pinpoints_resolve_to_the_point_not_the_whole_article(searcher):
    from regc.retrieval.resolve import pinpoint_locators

    assert pinpoint_locators("Article 2, points (21)") == ["Article 2(21)"]
    e = enrich(searcher, "Article 2, point (36), of Directive (EU) 2018/2001", "32018L2001",
               pinpoint="Article 2, point (36)", criterion_text="hydrogen qualifies as renewable fuel of "
                                                               "non-biological origin")
    assert [p["locator"] for p in e["passages"]][:1] == ["Article 2(36)"]
    assert e["summary"].startswith("‘renewable fuels of non-biological origin’ means")
    assert e["summary"].count("[") == 1  # the one definition, not the 40 others of Article 2


def test_unpinned_thresholds_need_the_criterion_and_skip_table_rows():
    from regc.retrieval.enrich import thresholds_of
    from regc.retrieval.search import Hit

    row = Hit("x:1", "32013R0168", "Annex VI", "Emission limits: L3e | Motorcycle | PI | Euro 5 | v max ≥ 130 km/h "
              "| 1 000 mg/km.", 0.03)
    assert thresholds_of([row], focus="tailpipe CO2 emissions of category L vehicles") == []
    pinned = Hit("x:2", "32018L2001", "Article 29(10)", "The greenhouse gas emissions savings shall be: (a) at "
                 "least 50 % for biofuels.", 1.0, "pinpoint")
    assert [t["value"] for t in thresholds_of([pinned], focus="anything else")] == [50]


def test_query_weighs_the_citing_clause_and_bare_compliance_gets_the_scope(searcher):
    from regc.retrieval.retrieve import build_query, specific_words

    crit = "the tailpipe CO2 emissions calculated in accordance with the emission test laid down in Directive " \
           "(EU) 2018/2001."
    q = build_query("Directive (EU) 2018/2001", crit).split()
    assert q.count("emission") == 2 and q.count("test") == 2  # the clause citing the act counts twice
    assert specific_words("Directive (EU) 2018/2001", "The activity complies with Directive (EU) 2018/2001.") == []
    r = retrieve(searcher, "Directive (EU) 2018/2001", "32018L2001", None,
                 criterion_text="The activity complies with Directive (EU) 2018/2001.")
    assert r.passages[0].locator.startswith("Article 1") and r.passages[0].score == 0.9


def test_whole_act_search_hits_give_no_thresholds(searcher):
    # no pinpoint, no defined term of the act in the criterion: the passages are search hits; their numbers are
    # not the criterion's thresholds
    e = enrich(searcher, "Directive (EU) 2018/2001", "32018L2001",
               criterion_text="electricity from installations above 10 MW complies with the sustainability "
                              "criteria and greenhouse gas emissions saving criteria of Directive (EU) 2018/2001")
    assert e["status"] == "retrieved" and any(p["score"] < 0.9 for p in e["passages"])
    located = {f'{p["doc"]} {p["locator"]}' for p in e["passages"] if p["score"] >= 0.9}
    assert all(any(t["locator"].startswith(loc) for loc in located) for t in e["thresholds"])


def test_closure_follows_the_citation_graph_into_other_indexed_acts(searcher):
    from regc.retrieval.retrieve import closure
    from regc.retrieval.search import Hit

    seeds = [Hit(c.chunk_id, c.celex, c.locator, c.text, 1.0, "pinpoint") for c in searcher.chunks_of_act("32018L2001")
             if c.locator.startswith("Article 3(")]
    got = closure(searcher, seeds, ["integrated", "national", "energy", "climate", "plans", "progress"], limit=5)
    other = [h for h in got if h.celex == "32018R1999"]  # "Article 17 of Regulation (EU) 2018/1999" etc.
    assert other and all(h.score == 0.7 and h.origin == "closure" for h in got)


def test_pinpoints_are_quoted_from_the_version_in_force_when_the_citing_act_was_adopted(searcher):
    from regc.retrieval.retrieve import as_of_celex, point_in_time_tree, version_of

    assert as_of_celex("32021R2139") == "2021-12-31" and as_of_celex(None) is None
    assert version_of(searcher.trees["32018L2001"].source) == "2024-07-16"  # the index holds the consolidation
    assert point_in_time_tree(searcher, "32018L2001", "2025-06-30") is None  # indexed version already in force
    date, tree = point_in_time_tree(searcher, "32018L2001", "2021-12-31")
    assert date == "2018-12-11" and tree.find("Article 25(2)") is not None
    # RED II as adopted: Article 25(2) is the 70 % savings rule for RFNBOs that the 2021 delegated act cites; in the
    # 2024 consolidation the paragraph is about counting towards transport targets
    crit = "life-cycle GHG emissions savings of 70 % for hydrogen-based synthetic fuels in analogy to the " \
           "approach set out in Article 25(2) of Directive (EU) 2018/2001"
    e = enrich(searcher, "Article 25(2) of Directive (EU) 2018/2001", "32018L2001", pinpoint="Article 25(2)",
               criterion_text=crit, as_of="2021-12-31")
    assert "[Article 25(2), text of 2018-12-11]" in e["summary"] and "at least 70 %" in e["summary"]
    assert [(t["operator"], t["value"], t["unit"]) for t in e["thresholds"]] == [(">=", 70, "%")]
    latest = enrich(searcher, "Article 25(2) of Directive (EU) 2018/2001", "32018L2001", pinpoint="Article 25(2)",
                    criterion_text=crit)
    assert "text of" not in latest["summary"] and "at least 70 %" not in latest["summary"]


def test_enrichment_scoring_against_gold(tmp_path):
    from regc.eval.retrieval import score

    def act(sources):
        return {"activity_id": "CCM-9.9", "units": [{"unit_id": "CCM-9.9/SC", "root": {
            "criterion_id": "ROOT", "sub_criteria": [{"criterion_id": "1", "sub_criteria": [],
                                                      "references": {"logic": "AND", "sources": sources}}]}}]}

    gold, got = tmp_path / "gold", tmp_path / "got"
    gold.mkdir(), got.mkdir()
    src = {"type": "must_be_fetched", "link": None, "link_status": None}
    (gold / "CCM-9.9.json").write_text(json.dumps(act([
        {**src, "text": "Article 29, paragraphs 6 and 7, of Directive (EU) 2018/2001", "celex_id": "32018L2001"},
        {**src, "text": "Directive (EU) 2020/2184", "celex_id": "32020L2184"},
        {**src, "text": "Article 3 of Regulation (EU) 2018/1999", "celex_id": "32018R1999"}])))
    enr = lambda status, locs, doc: {"status": status, "passages": [{"doc": doc, "locator": x, "score": 1.0}  # noqa
                                                                    for x in locs]}
    (got / "CCM-9.9.json").write_text(json.dumps(act([
        {**src, "text": "Article 29, paragraphs 6 and 7, of Directive (EU) 2018/2001", "celex_id": "32018L2001",
         "enrichment": enr("retrieved", ["Article 29(6)", "Article 29(7)"], "32018L2001")},
        {**src, "text": "the Directive (EU) 2020/2184", "celex_id": "32020L2184", "enrichment": enr("not_found", [], "")},
        {**src, "text": "Article 3 of Regulation (EU) 2018/1999", "celex_id": "32018R1999",
         "enrichment": enr("retrieved", ["Article 4(1)"], "32018R1999")}])))
    rep = score([got], gold, {"32018L2001", "32018R1999"})
    assert [(c.right_act, c.right_provision) for c in rep.checks] == [(True, True), (True, False), (True, False)]
    rows = dict(rep.rows())
    assert rows["resolve(compile): act in index: right act and provision retrieved"] == "1/2 (50%)"
    assert rows["resolve(compile): act not in index: not_found with right CELEX"] == "1/1 (100%)"
    assert rows["resolve(compile): status counts"] == "not_found 1, retrieved 2"
