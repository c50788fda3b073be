"""BM25 index + search CLI on a small real index; fusion math; bad inputs; citation graph and closure."""

from __future__ import annotations

import json
import shutil

import networkx as nx
import pytest

from regc.cli import main
from regc.retrieval.citegraph import expand, part_of
from regc.retrieval.fusion import fuse, rrf, rrm
from regc.retrieval.index import IndexError_, build_index
from regc.retrieval.search import QueryError, Searcher, check_query
from retrieval_helpers import BM25_ACTS, bm25_index, corpus

pytestmark = pytest.mark.retrieval


# ---------------------------------------------------------------------------------------------------------------
# fusion math on hand-made rankings


def test_rrf_sums_reciprocal_ranks():
    out = dict(rrf([["a", "b", "c"], ["c", "a"]], k=1))
    assert out["a"] == pytest.approx(1 / 2 + 1 / 3)
    assert out["c"] == pytest.approx(1 / 4 + 1 / 2)
    assert out["b"] == pytest.approx(1 / 3)
    assert [d for d, _ in rrf([["a", "b", "c"], ["c", "a"]], k=1)] == ["a", "c", "b"]


def test_rrm_takes_the_max_and_keeps_specialists():
    # "s" is top in one view only; "g" is 2nd in both: RRF prefers the generalist, RRM the specialist
    views = [["s", "g", "x"], ["y", "g"]]
    assert [d for d, _ in rrf(views, k=1)][0] == "g"
    assert dict(rrm(views, k=1))["s"] == pytest.approx(1 / 2)
    assert dict(rrm(views, k=1))["g"] == pytest.approx(1 / 3)
    assert [d for d, _ in rrm(views, k=1)][:2] == ["s", "y"]  # tie on score broken by id


def test_rrm_ties_are_ordered_by_the_rrf_sum():
    # "b", "c" and "d" all rank first in some view: RRM cannot tell them apart, the views' agreement can
    views = [["b", "c", "a"], ["c", "d"], ["d", "c", "b"]]
    fused = rrm(views, k=1)
    assert {d for d, s in fused if s == pytest.approx(1 / 2)} == {"b", "c", "d"}
    assert [d for d, _ in fused] == ["c", "d", "b", "a"]  # c is in all three views, d in two, b in two lower
    assert [d for d, _ in fused] != [d for d, _ in sorted(fused, key=lambda x: (-x[1], x[0]))]


def test_fusion_is_deterministic_and_ignores_repeats():
    a = fuse("rrf", [["a", "a", "b"], ["b"]])
    assert a == fuse("rrf", [["a", "b"], ["b"]])
    with pytest.raises(ValueError):
        fuse("borda", [["a"]])


# ---------------------------------------------------------------------------------------------------------------
# BM25 index and search


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(bm25_index())


def test_known_query_returns_the_article(searcher):
    hits = searcher.search("Article 29 sustainability criteria for biofuels", k=5, mode="bm25")
    assert hits and all(h.celex == "32018L2001" for h in hits)
    assert all(h.locator.startswith("Article 29(") for h in hits[:3])
    hits = searcher.search("forest biomass harvested legality of harvesting operations forest regeneration", k=3,
                           mode="bm25")
    assert hits[0].locator in {"Article 29(6)", "Article 29(6)#1"} or hits[0].locator.startswith("Article 29(6)")


def test_benchmark_regulation_is_found(searcher):
    hits = searcher.search("revised benchmark values free allocation of emission allowances", k=3, mode="bm25")
    assert hits[0].celex == "32021R0447"


def test_celex_filter_and_rm3(searcher):
    hits = searcher.search("benchmark values", k=3, mode="bm25", celex="32018L2001")
    assert all(h.celex == "32018L2001" for h in hits)
    assert searcher.search("biomass fuels", k=3, mode="bm25", rm3=True)


def test_hybrid_without_dense_falls_back_to_bm25(searcher):
    assert not searcher.has_dense
    assert [h.chunk_id for h in searcher.search("biofuels", 3)] == \
        [h.chunk_id for h in searcher.search("biofuels", 3, mode="bm25")]
    with pytest.raises(IndexError_, match="no dense part"):
        searcher.dense("biofuels")


def test_stop_word_query_is_refused(searcher):
    with pytest.raises(QueryError, match="only stop words"):
        searcher.search("the of and to")
    with pytest.raises(QueryError, match="empty"):
        check_query("  ?! ")


def test_search_cli_json(capsys):
    rc = main(["search", str(bm25_index()), "Article 29 sustainability criteria for biofuels", "--k", "3", "--json",
               "--mode", "bm25"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and len(out) == 3
    assert set(out[0]) == {"celex", "locator", "text", "score"}
    assert out[0]["celex"] == "32018L2001" and out[0]["locator"].startswith("Article 29")
    assert out[0]["score"] >= out[1]["score"] >= out[2]["score"]


def test_search_cli_errors(capsys, tmp_path):
    assert main(["search", str(tmp_path / "nope"), "biofuels"]) == 2
    err = capsys.readouterr().err
    assert "no index at" in err and "regc index CORPUS -o" in err
    assert main(["search", str(bm25_index()), "the of and"]) == 2
    assert "only stop words" in capsys.readouterr().err


def test_reindex_unchanged_is_a_noop(monkeypatch):
    rep = build_index(corpus(), bm25_index(), celexes=BM25_ACTS, dense=False)
    assert rep.skipped and rep.chunks > 300
    # a touched file (new mtime, same bytes) is still unchanged: the hashes decide
    import regc.retrieval.index as ix

    real = ix.file_record
    monkeypatch.setattr(ix, "file_record", lambda p: {**real(p), "mtime": 0})
    assert build_index(corpus(), bm25_index(), celexes=BM25_ACTS, dense=False).skipped


def test_stale_and_corrupt_index(tmp_path):
    # a copy of the index whose manifest names a source file that changed
    ix = tmp_path / "ix"
    shutil.copytree(bm25_index(), ix)
    src = tmp_path / "src.xml"
    src.write_text("v1", "utf-8")
    m = json.loads((ix / "manifest.json").read_text())
    m["files"][str(src)] = {"size": 1, "mtime": 0, "sha256": "0" * 64}
    (ix / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(IndexError_, match="stale.*regc index"):
        Searcher.open(ix)
    # an index written by another format version
    ix1 = tmp_path / "ix1"
    shutil.copytree(bm25_index(), ix1)
    m = json.loads((ix1 / "manifest.json").read_text())
    m["options"]["format"] = 0
    (ix1 / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(IndexError_, match="index format 0 is not the current.*regc index"):
        Searcher.open(ix1)
    # corrupt Lucene folder
    ix2 = tmp_path / "ix2"
    shutil.copytree(bm25_index(), ix2)
    for f in (ix2 / "lucene").iterdir():
        f.write_bytes(b"garbage")
    with pytest.raises(IndexError_, match="corrupt Lucene index"):
        Searcher.open(ix2).bm25("biofuels")
    # a folder that is not an index
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "x").write_text("x")
    with pytest.raises(IndexError_, match="not a regc index"):
        Searcher.open(tmp_path / "junk")


def test_index_cli_bad_corpus(capsys, tmp_path):
    assert main(["index", str(tmp_path / "missing"), "-o", str(tmp_path / "ix")]) == 2
    assert "corpus not found" in capsys.readouterr().err
    assert main(["index", str(corpus()), "-o", str(tmp_path / "ix"), "--acts", "32099L0001", "--no-dense"]) == 2
    assert "no act folder for 32099L0001" in capsys.readouterr().err
    assert not (tmp_path / "ix").exists()


# ---------------------------------------------------------------------------------------------------------------
# citation graph and closure


def test_graph_has_typed_edges(searcher):
    g = searcher.graph
    types = {d["type"] for _, _, d in g.edges(data=True)}
    assert {"PART_OF", "REFERENCES", "DEFINES"} <= types
    assert g.has_edge("32018L2001#Article 29", "32018L2001")
    # RED Article 2 defines 'ambient energy'
    assert g.has_edge("32018L2001#Article 2", "term:32018L2001:ambient energy")
    from regc.retrieval.citegraph import neighbours

    cross = neighbours(g, "32018L2001#Article 29", same_act=False)  # paragraph edges rolled up to the article
    assert cross and all(not r.startswith("32018L2001") for r in cross)
    # paragraph-level edges inside the act ("paragraph 2", "Article 25(2)") exist too, from the paragraph node
    own = {v for _, v, d in g.out_edges("32018L2001#Article 29(6)", data=True) if d["type"] == "REFERENCES"}
    assert any(v.startswith("32018L2001#Article 29(") for v in own)


def test_closure_decays_and_takes_max():
    g = nx.MultiDiGraph()
    g.add_edge("A#Article 1", "C#Article 9", type="REFERENCES")
    g.add_edge("B#Article 2", "C#Article 9", type="REFERENCES")
    g.add_edge("B#Article 2", "B", type="PART_OF")
    out = dict(expand([("A#Article 1", 1.0), ("B#Article 2", 0.5)], g, decay=0.7))
    assert out["C#Article 9"] == pytest.approx(0.7)  # max(0.7*1.0, 0.7*0.5), not the sum
    assert "B" not in out  # containment edges are not expanded
    assert part_of("Article 29(6)(a)") == "Article 29" and part_of("Annex V, Part C") == "Annex V"


def test_closure_adds_cited_provisions_with_decay():
    s = Searcher.open(bm25_index())
    g = nx.MultiDiGraph()
    g.add_edge("32018L2001#Article 29", "32021R0447#Article 1", type="REFERENCES")
    g.add_edge("32018L2001#Article 29", "32018L2001", type="PART_OF")
    s.__dict__["graph"] = g  # a hand-made graph instead of the one built from the text
    hits = s.search("Article 29 sustainability criteria for biofuels", k=3, mode="bm25")
    closed = s.closure(hits)
    assert closed[:3] == hits and len(closed) == 4
    added = closed[3]
    assert (added.celex, added.locator) == ("32021R0447", "Article 1")
    assert added.score == pytest.approx(0.7 * max(h.score for h in hits if h.locator.startswith("Article 29")))


def test_java_is_found_without_java_home_and_missing_java_is_a_clear_error(monkeypatch):
    import regc.retrieval.index as ix

    monkeypatch.delenv("JAVA_HOME", raising=False)
    home = ix.ensure_java()
    assert ix._jdk_version(__import__("pathlib").Path(home)) >= 21
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setattr(ix.glob, "glob", lambda pattern: [])
    with pytest.raises(IndexError_, match="no Java 21"):
        ix.ensure_java()
