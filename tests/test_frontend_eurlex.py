"""EUR-Lex consolidated XHTML front-end: activity counts per version, unit/block shape, and the gold check.

The key acceptance test: for every gold CCM unit (made from the 2026-01-01 XHTML), every non-empty gold
``verbatim_text`` is the text of some block of the corresponding UnitDoc, and the footnote markers match.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from regc.frontends import detect_format, find_in_corpus, load_source
from regc.frontends.eurlex_xhtml import parse_eurlex_xhtml
from regc.retrieval.locate import corpus_root
from regc.ir.doc import ActDoc, FrontEndError

# Activities counted by reading the documents (headings of Annex I / Annex II, 'title-gr-seq-level-2', plus
# the section "11. Education" of Annex II that has no sub-sections).  2024-01-01 adds the activities of
# Delegated Regulation (EU) 2023/2485 (e.g. CCM-3.18..3.21, CCM-6.18..6.20, CCM-7.8, CCM-8.4, CCA-3.x, ...).
EXPECTED_COUNTS = {
    "2023-01-01": {"CCM": 94, "CCA": 101},
    "2024-01-01": {"CCM": 101, "CCA": 106},
    "2025-01-01": {"CCM": 101, "CCA": 106},
    "2025-01-08": {"CCM": 101, "CCA": 106},
    "2026-01-01": {"CCM": 101, "CCA": 106},
}
GOLD_VERSION = "2026-01-01"
# the gold version runs in the fast set; the four older versions (one full 2.5 MB act each) are marked slow
VERSIONS = [v if v == GOLD_VERSION else pytest.param(v, marks=pytest.mark.slow) for v in sorted(EXPECTED_COUNTS)]


@lru_cache(maxsize=None)
def _act(version: str) -> ActDoc:
    root = corpus_root()
    assert root is not None, "corpus not found"
    return parse_eurlex_xhtml(find_in_corpus(root, "32021R2139", version))


def _count_headings(path: Path) -> dict[str, int]:
    """Independent count by regex over the raw file: numbered level-2 headings in Annex I and in Annex II."""
    s = path.read_text(encoding="utf-8")
    out = {}
    for obj, start_pat, end_pat in (("CCM", ">ANNEX I<", ">ANNEX II<"), ("CCA", ">ANNEX II<", "class=\"footnote\"")):
        a = s.index(start_pat)
        b = s.index(end_pat, a + 1)
        part = s[a:b]
        # stop at the first appendix of the annex
        app = re.search(r'class="title-annex-1"[^>]*>Appendix A<', part)
        part = part[: app.start()] if app else part
        heads = re.findall(r'class="title-gr-seq-level-2"[^>]*>\s*(\d+\.\d+)\.', part)
        # level-1 sections directly followed by a level-2 "Description of the activity" are activities too
        lone = re.findall(r'class="title-gr-seq-level-1"[^>]*>\s*\d+\.[^<]*<span[^>]*>[^<]*</span>\s*</p>\s*'
                          r'<p class="title-gr-seq-level-2"[^>]*>\s*<span[^>]*>Description', part)
        out[obj] = len(heads) + len(lone)
    return out


def _gold_units(gold_dir: Path):
    for f in sorted(gold_dir.glob("CCM-*.json")):
        g = json.loads(f.read_text(encoding="utf-8"))
        assert g["source"]["format"] == "eurlex-xhtml" and g["source"]["version"] == GOLD_VERSION
        for u in g["units"]:
            yield g["activity_id"], u


def _walk(node):
    yield node
    for c in node["sub_criteria"]:
        yield from _walk(c)


def _gold_ids():
    from regc.retrieval.locate import gold_root

    g = gold_root()
    return [u["unit_id"] for _a, u in _gold_units(g)] if g else []


@pytest.mark.parametrize("unit_id", _gold_ids())
def test_gold_unit_texts_and_markers(unit_id, gold_dir):
    """Every non-empty gold verbatim_text is some block's text; the unit's footnote markers equal the gold's."""
    act = _act(GOLD_VERSION)
    gold = {u["unit_id"]: u for _a, u in _gold_units(gold_dir)}[unit_id]
    activity_id, part = unit_id.split("/")
    doc = act.activity(activity_id)
    assert doc is not None, f"{activity_id} not found"
    units = [u for u in doc.units if u.part == part]
    assert len(units) == 1, f"{unit_id}: {len(units)} units"
    unit = units[0]
    assert not unit.not_applicable
    texts = {b.text for b in unit.blocks}
    missing = [(n["criterion_id"], n["verbatim_text"]) for n in _walk(gold["root"])
               if n["verbatim_text"] and n["verbatim_text"] not in texts]
    assert not missing, f"{unit_id}: gold texts without a block: {missing[:3]}"
    gold_markers = {f["id"].removeprefix("fn-") for n in _walk(gold["root"]) for f in n["footnotes"]}
    doc_markers = {m for b in unit.blocks for m in b.markers}
    assert doc_markers == gold_markers
    for m in doc_markers:
        assert m in doc.footnotes and doc.footnotes[m].text, f"{unit_id}: no body for footnote {m}"


_ANCHOR_TYPES = "Verification|Methodology|Commitment|Assessment|Replacement|BackgroundInformation"


def expected_label(criterion_id: str) -> str | None:
    """The printed label a gold node's block must carry: "1(b)(vii)" -> "(vii)", "3.1" -> "3.1.", "P2" and
    anchored "1(a).Methodology.3" -> None (unlabelled), "1(b).Verification(a)" -> "(a)", "2(a)-1" -> a dash."""
    if criterion_id == "ROOT" or re.fullmatch(r"P\d+", criterion_id):
        return None
    if re.search(rf"\.({_ANCHOR_TYPES})(\.\d+)?$", criterion_id):
        return None
    m = re.search(r"(\([a-z0-9]+\))$", criterion_id)
    if m:
        return m.group(1)
    if re.fullmatch(r"\d+(\.\d+)*", criterion_id):
        return criterion_id + "."
    if re.search(r"-\d+$", criterion_id):
        return "DASH"
    raise AssertionError(f"unexpected gold id {criterion_id}")


def test_gold_labels(gold_dir):
    """The block holding a gold node's text carries the label its criterion_id implies (or none)."""
    act = _act(GOLD_VERSION)
    checked = 0
    for activity_id, u in _gold_units(gold_dir):
        unit = next(x for x in act.activity(activity_id).units if x.part == u["unit_id"].split("/")[1])
        for n in _walk(u["root"]):
            if not n["verbatim_text"]:
                continue
            want = expected_label(n["criterion_id"])
            labels = {b.label for b in unit.blocks if b.text == n["verbatim_text"]}
            ok = any(lab in {"—", "–", "-", "•"} for lab in labels) if want == "DASH" else want in labels
            assert ok, (u["unit_id"], n["criterion_id"], want, labels)
            checked += 1
        # and in source order: the gold nodes (pre-order) are a subsequence of the blocks
        texts = [b.text for b in unit.blocks]
        pos = 0
        for n in _walk(u["root"]):
            if n["verbatim_text"]:
                pos = texts.index(n["verbatim_text"], pos) + 1
    assert checked >= 150


def test_gold_marker_placement(gold_dir):
    """A gold node holding fn-N corresponds to a block whose markers include N (marker goes with its text)."""
    act = _act(GOLD_VERSION)
    checked = 0
    for activity_id, u in _gold_units(gold_dir):
        unit = next(x for x in act.activity(activity_id).units if x.part == u["unit_id"].split("/")[1])
        by_text = {}
        for b in unit.blocks:
            by_text.setdefault(b.text, set()).update(b.markers)
        for n in _walk(u["root"]):
            if n["verbatim_text"]:
                want = {f["id"].removeprefix("fn-") for f in n["footnotes"]}
                assert want <= by_text[n["verbatim_text"]], (u["unit_id"], n["criterion_id"])
                checked += 1
    assert checked > 150


@pytest.mark.parametrize("version", VERSIONS)
def test_activity_counts_per_version(version, eurlex):
    act = _act(version)
    counts = {"CCM": 0, "CCA": 0}
    for a in act.activities:
        counts[a.objective] += 1
    assert counts == EXPECTED_COUNTS[version]
    # the same numbers from an independent regex count over the raw file
    assert counts == _count_headings(eurlex / "32021r2139" / version / "en.xml")
    assert act.celex == "32021R2139" and act.version == version and act.format == "eurlex-xhtml"
    ids = [a.activity_id for a in act.activities]
    assert len(ids) == len(set(ids))


# Printed as in the source: the 2023-01-01 consolidation of CCA-6.12 carries the Annex I table headings
# ("Substantial contribution to climate change mitigation", "(2) Climate change adaptation").
KNOWN_SOURCE_DEFECTS = {("2023-01-01", "CCA-6.12")}


@pytest.mark.parametrize("version", VERSIONS)
def test_every_activity_has_sc_and_dnsh_units(version):
    act = _act(version)
    for a in act.activities:
        parts = [u.part for u in a.units]
        assert parts[0] == "SC", (a.activity_id, parts)
        assert len(parts) == 6, (a.activity_id, parts)  # SC + DNSH towards the five other objectives
        assert len(parts) == len(set(parts)), (a.activity_id, parts)
        self_dnsh = f"DNSH-{a.objective}" in parts
        assert self_dnsh == ((version, a.activity_id) in KNOWN_SOURCE_DEFECTS), a.activity_id
        for p in parts[1:]:
            assert p.startswith("DNSH-"), (a.activity_id, p)
        for u in a.units:
            assert u.not_applicable == (not u.blocks), (a.activity_id, u.part)
        assert a.description, a.activity_id


@pytest.mark.slow
def test_amendment_2023_2485_adds_activities():
    old, new = _act("2023-01-01"), _act("2024-01-01")
    added = {a.activity_id for a in new.activities} - {a.activity_id for a in old.activities}
    # exactly the Sections that Delegated Regulation (EU) 2023/2485 inserts (see its Annexes I and II)
    assert added == {"CCM-3.18", "CCM-3.19", "CCM-3.20", "CCM-3.21", "CCM-6.18", "CCM-6.19", "CCM-6.20",
                     "CCA-5.13", "CCA-8.4", "CCA-9.3", "CCA-14.1", "CCA-14.2"}
    assert not ({a.activity_id for a in old.activities} - {a.activity_id for a in new.activities})


def test_ccm_4_29_shape():
    a = _act(GOLD_VERSION).activity("CCM-4.29")
    assert a.name == "Electricity generation from fossil gaseous fuels"
    assert [u.part for u in a.units] == ["SC", "DNSH-CCA", "DNSH-WTR", "DNSH-CE", "DNSH-PPC", "DNSH-BIO"]
    sc = a.units[0]
    assert sc.heading == "Substantial contribution to climate change mitigation"
    assert [b.label for b in sc.blocks[:3]] == ["1.", "(a)", None]
    assert sc.blocks[13].label == "(vii)" and sc.blocks[13].markers == ["1"]
    assert sc.blocks[13].text.endswith("of the European Parliament and of the Council or in another instrument.")
    assert "CO2 that would otherwise" in sc.blocks[5].text  # subscript joined
    ce = a.units[3]
    assert ce.not_applicable and ce.blocks == []
    assert a.footnotes["1"].text.startswith("Regulation (EU) 2018/1999")


def test_spans_point_at_the_source():
    act = _act(GOLD_VERSION)
    text = Path(act.file).read_text(encoding="utf-8")
    b = act.activity("CCM-4.29").units[0].blocks[0]
    assert b.span.path.startswith("/html/body/") and b.span.path.endswith("/td/p[1]")
    snippet = text[b.span.start:b.span.end]
    assert snippet.startswith("<p") and snippet.endswith("</p>") and "The activity meets either" in snippet


def test_br_segments_and_amendment_markers_removed():
    """CCM-3.3 SC (l): a <br/>-separated list inside one <p>, partly an amendment block (►M2 … ◄), gives one
    block per segment with its own label and markers."""
    act = _act(GOLD_VERSION)
    texts = [b.text for a in act.activities for u in a.units for b in u.blocks]
    assert not any(re.search(r"[▼►◄\u00a0]", t) for t in texts)
    blocks = act.activity("CCM-3.3").units[0].blocks
    i = next(k for k, b in enumerate(blocks) if b.label == "(l)")
    seg = blocks[i + 1: i + 8]
    assert [b.label for b in seg] == ["(i)", "(ii)", "(iii)", "(iv)", "(v)", "(a)", "(b)"]
    assert len({b.span.path for b in seg}) == 1  # all from one <p> ...
    src = Path(act.file).read_text(encoding="utf-8")
    for a, b in zip(seg, seg[1:]):  # ... with their own character ranges, in order, between the <br/>s
        assert a.span.end <= b.span.start
    assert "have zero direct (tailpipe) CO" in src[seg[0].span.start:seg[0].span.end]
    assert "plug-in at berth" in src[seg[5].span.start:seg[5].span.end]
    assert seg[0].text == "have zero direct (tailpipe) CO2 emissions;"
    assert seg[3].markers == ["14", "15"]
    assert "applicable on 1 April 2022 if the vessels" in seg[3].text


def test_grid_list_labels_become_block_labels():
    """Grid lists (label column | text column, nested) in CCM-3.14's description: the label goes on the first
    block of its text column; nesting gives the depth hint."""
    desc = _act(GOLD_VERSION).activity("CCM-3.14").description
    k = next(i for i, b in enumerate(desc) if b.text == "Aromatics:")
    b, first = desc[k], desc[k + 1]
    assert (b.label, b.depth) == ("(b)", 0)
    assert (first.label, first.depth) == ("(i)", 1) and first.text.startswith("mixed alkylbenzenes")
    assert desc[k - 1].label == "(iv)" and desc[k - 1].text == "butadiene."


def test_load_source_dispatch(eurlex):
    path = eurlex / "32021r2139" / GOLD_VERSION / "en.xml"
    assert detect_format(path) == "eurlex-xhtml"
    act = load_source(path, format="eurlex-xhtml")
    assert len(act.activities) == 207


def test_find_in_corpus_missing_says_how_to_get_it(corpus):
    with pytest.raises(FrontEndError) as e:
        find_in_corpus(corpus, "32010L0075", "2024-01-01")
    msg = str(e.value)
    assert "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32010L0075" in msg
    assert "regc fetch" in msg and "network" in msg


def test_appendices_kept_on_actdoc():
    """Appendices A–E are not activities; their text is on ActDoc.appendices["<OBJ>/<letter>"]."""
    act = _act(GOLD_VERSION)
    assert not any(a.section.startswith(("I", "A")) for a in act.activities)
    assert {"CCM/A", "CCM/B", "CCM/C", "CCM/D", "CCA/A", "CCA/D"} <= set(act.appendices)
    c = act.appendices["CCM/C"]
    assert c[0].text.startswith("GENERIC CRITERIA FOR DNSH TO POLLUTION PREVENTION")
    assert [b.label for b in c if b.label][:3] == ["(a)", "(b)", "(c)"]
    assert not any(b.text.startswith("Regulation (EU) 2017/852") for b in c)  # footnote bodies left out
    d = act.appendices["CCA/D"]
    assert len(d) < 10 and not any(b.style == "footnote" for b in d)  # stops at the end of the annex


def test_description_notes_do_not_clash_with_criteria_notes():
    """CCM-1.1: the description's "(1)" is an act-level note, the criteria's "(1)" a note of the table."""
    act = _act(GOLD_VERSION)
    a = act.activity("CCM-1.1")
    assert a.description_footnotes["1"].text.startswith("Establishment of forest through planting")
    assert a.footnotes["1"].text.startswith("Land with high-carbon stock")
    for x in act.activities:
        for b in x.description:
            for m in b.markers:
                assert x.description_footnotes[m].text, (x.activity_id, m)
        for u in x.units:
            for b in u.blocks:
                for m in b.markers:
                    assert x.footnotes[m].text, (x.activity_id, u.part, m)


def test_dnsh_heading_naming_the_activitys_own_objective_is_flagged_and_read_as_the_missing_one(eurlex):
    """EUR-Lex 2021/2139 consolidated 2023-01-01, CCA-6.12: the table copies the CCM activity's row headings, so
    "(2) Climate change adaptation" heads the DNSH criteria of an adaptation activity (impossible; later
    consolidations print "(1) Climate change mitigation").  The front-end reads it as DNSH-CCM, the one objective
    without a DNSH section, and says so in a warning naming the activity, carried into the compile diagnostics."""
    from regc.compiler.driver import compile_activity
    from regc.frontends import load_source
    from regc.compiler.passmanager import CompileOptions
    from regc.passes import structure

    act = load_source(eurlex / "32021r2139/2023-01-01/en.xml")
    adoc = act.activity("CCA-6.12")
    parts = [u.part for u in adoc.units]
    assert "DNSH-CCA" not in parts and parts.count("DNSH-CCM") == 1
    [warn] = [d for d in adoc.diagnostics if d.code == "DNSH_OWN_OBJECTIVE"]
    assert warn.severity == "warning" and "CCA-6.12" in warn.message and "DNSH-CCM" in warn.message
    assert [d.code for d in adoc.diagnostics if d.severity == "info"] == ["SC_HEADING_OBJECTIVE"]
    built, diags, _r = compile_activity(act, adoc, CompileOptions(), pipeline=(structure,))
    assert "DNSH_OWN_OBJECTIVE" in {d.code for d in diags}
    assert built.unit("DNSH-CCM").root.sub_criteria[0].verbatim_text.startswith("The vessels are not dedicated")
    # every other activity of every source in the corpus: no such finding
    assert not [d for a in act.activities if a.activity_id != "CCA-6.12" for d in a.diagnostics]


def test_document_footnotes_read_on_lookup_equal_reading_every_body():
    """The lazy map of act-level footnote bodies has the ids, and gives the bodies, that reading every footnote
    anchor of the document up front gives (the last anchor of a repeated id; one object per id)."""
    from regc.frontends import _html
    from regc.frontends.eurlex_xhtml import _footnote_anchors, _note_text, document_footnotes
    from regc.ir.doc import FootnoteBody

    path = find_in_corpus(corpus_root(), "32021R2139", GOLD_VERSION)
    doc = _html.parse_html_text(_html.read_text(path), str(path))
    eager = {a.get("id"): FootnoteBody(marker=mk, text=_note_text(a.getparent(), a), span=doc.span(a.getparent()))
             for a, mk in _footnote_anchors(doc.root) if a.getparent() is not None}
    lazy = document_footnotes(doc)
    assert len(eager) > 1000 and list(lazy) == list(eager) and len(lazy) == len(eager)
    assert all(lazy[k] == eager[k] for k in eager)
    first = next(iter(eager))
    assert lazy[first] is lazy[first]
    assert "no-such-anchor" not in lazy and lazy.get("no-such-anchor") is None
