"""Taxonomy Compass JSON front-end (compass-html): the 1.0.4 export, CCM gold SC texts, bad and hostile input."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from regc.frontends import detect_format, load_source
from regc.frontends.compass import fragment_blocks, list_label, load_compass, parse_compass_bytes
from regc.ir.doc import ActDoc, FrontEndError
from tests.fixtures_util import FIXTURES, assert_golden, assert_golden_json

OBJ = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")
FIX = FIXTURES / "frontend_compass"


@pytest.fixture(scope="module")
def compass_file(corpus):
    return corpus / "taxonomy-compass-json" / "taxonomy-1.0.4.json"


@pytest.fixture(scope="module")
def act(compass_file) -> ActDoc:
    return load_compass(compass_file)


def _gold_nodes(root: dict):
    yield root
    for c in root["sub_criteria"]:
        yield from _gold_nodes(c)


def typographic(s: str) -> str:
    """Fold the typographic differences between the Compass and EUR-Lex: quote styles, decimal comma/point,
    spacing around units, numbers and brackets."""
    s = re.sub(r"[“”\"‘’']", "'", s)
    s = re.sub(r"(?<=\d),(?=\d)", ".", s)
    return re.sub(r"\s+", "", s)


def test_activities_and_units(act):
    assert act.format == "compass-html" and act.celex == "32021R2139"
    counts = Counter(a.objective for a in act.activities)
    assert counts == {"CCM": 88, "CCA": 95}
    ids = [a.activity_id for a in act.activities]
    assert len(set(ids)) == len(ids) == 183
    for a in act.activities:
        assert [u.part for u in a.units] == ["SC"] + [f"DNSH-{o}" for o in OBJ if o != a.objective], a.activity_id
        assert a.units[0].blocks, a.activity_id
        for u in a.units:
            assert u.not_applicable == (not u.blocks), (a.activity_id, u.part)
            for b in u.blocks:
                assert b.text or b.label, (a.activity_id, u.part)
                assert "\x00" not in b.text and "\u00a0" not in b.text and "popover" not in b.text
                assert b.span.file.endswith("taxonomy-1.0.4.json") and b.span.path.startswith("$.matches[")
    assert act.activity("CCM-4.29") is None  # the export predates the Complementary DA


def test_section_numbers_follow_each_annex(act, compass_file, eurlex):
    """Compass ``reference`` numbers both annexes' activities together; ids must use each annex's own numbers."""
    doc = json.loads(compass_file.read_text(encoding="utf-8"))
    refs = {a["name"]: a["reference"] for a in doc["activities"]}
    ccm = [a for a in act.activities if a.objective == "CCM"]
    assert all(a.section == refs[a.name] for a in ccm)  # mitigation: the Compass reference is the annex number
    names = {a.activity_id: a.name for a in act.activities}
    assert names["CCA-9.1"].startswith("Engineering activities")  # Compass reference 9.4
    assert names["CCA-8.2"] == "Computer programming, consultancy and related activities"  # Compass 8.3
    assert names["CCA-6.15"] == "Infrastructure enabling road transport and public transport"  # Compass 6.18
    # and every adaptation id names the same activity as Annex II of the act (Formex 2026 consolidation)
    from regc.frontends.formex import load_formex
    formex = {a.activity_id: a.name for a in load_formex(eurlex / "32021r2139/2026-01-01/en.fmx4").activities}
    differ = [i for i, n in names.items() if i.startswith("CCA") and formex.get(i, "").lower() != n.lower()]
    assert differ == ["CCA-11.1"]  # "Education": listed in the consolidated TOC, no body in that Formex


def test_gold_sc_texts_appear_as_blocks(act, gold_dir):
    """Gold README: the SC text of the CCM gold activities except CCM-4.29 is the Compass text up to small
    typographic differences.  Every gold SC node must match a block after folding those; the label printed for
    the block must be the gold id's last label; exact matches are counted (and reported by -s)."""
    exact = folded = 0
    for g in sorted(gold_dir.glob("CCM-*.json")):
        gold = json.loads(g.read_text(encoding="utf-8"))
        if gold["activity_id"] == "CCM-4.29":
            continue
        adoc = act.activity(gold["activity_id"])
        assert adoc is not None, gold["activity_id"]
        sc = adoc.units[0]
        gu = [u for u in gold["units"] if u["unit_id"].endswith("/SC")][0]
        by_text = {b.text: b for b in sc.blocks}
        by_fold = {typographic(b.text): b for b in sc.blocks}
        for n in _gold_nodes(gu["root"]):
            if not n["verbatim_text"]:
                continue
            b = by_text.get(n["verbatim_text"])
            if b is not None:
                exact += 1
            else:
                b = by_fold.get(typographic(n["verbatim_text"]))
                assert b is not None, (gold["activity_id"], n["criterion_id"], n["verbatim_text"][:90])
                folded += 1
            assert len(b.markers) == len(n["footnotes"]), (gold["activity_id"], n["criterion_id"])
            cid = n["criterion_id"]
            letter = re.search(r"(\([a-z]+\))$", cid)
            if letter:  # "P1(c)", "1(a)(ii)": the block prints the last label
                assert b.label == letter.group(1), (gold["activity_id"], cid, b.label)
            elif re.fullmatch(r"\d+", cid):  # numbered top level "2": printed "2."
                assert b.label == cid + ".", (gold["activity_id"], cid, b.label)
    print(f"compass vs CCM gold SC: {exact} exact, {folded} typographic-only differences")
    assert exact >= 20 and exact + folded >= 30


def test_popover_footnotes_and_list_labels(act):
    a = act.activity("CCM-1.1")
    sc = a.units[0].blocks
    b = [b for b in sc if b.markers == ["3"]][0]
    assert b.label == "(b)" and b.depth == 1 and b.text.endswith("high carbon stock;")  # marker gone, no space
    assert a.footnotes["3"].text.startswith("Land with high-carbon stock means wetlands")
    assert a.footnotes["1"].marker == "1" and a.description[0].markers == ["1", "2"]
    assert [b.label for b in sc[:4]] == ["1.", "1.1.", None, "1.2"]  # dot-less "1.2" printed label split off
    romans = [b for u in a.units for b in u.blocks if b.label in ("(i)", "(ii)") and b.depth == 2 and b.style == "li"]
    assert len(romans) == 2  # <ol type='i'> nested in an <li> (SC 2.3(b)'s repaired <p> items are not <li>)
    assert a.units[3].part == "DNSH-CE" and a.units[3].not_applicable  # "<p>N/A</p>"
    assert act.activity("CCM-7.1").units[0].blocks[0].text == "Constructions of new buildings for which:"
    enabling = act.activity("CCA-9.1").description  # contribution_description joins the description
    assert any("enabling activity" in b.text for b in enabling)


def test_list_label_and_fragment_rules():
    assert [list_label("ol", "a", n) for n in (1, 9, 26, 27)] == ["(a)", "(i)", "(z)", "(aa)"]
    assert [list_label("ol", "i", n) for n in (1, 4, 9, 12)] == ["(i)", "(iv)", "(ix)", "(xii)"]
    notes: dict = {}
    html = ("<p>one<br/>two<sup><span class='popover-tooltip'>(7)</span><span class='popover-tooltip-content'>"
            "Body <em>seven</em>.</span></sup> end</p><ol type='a' start='3'><li>c</li><li value='7'>g</li>"
            "<ol type='i'><li>inner</li></ol></ol>")
    got = [(b.label, b.text, b.markers, b.depth) for b in fragment_blocks(html, "f.json", "$.t", notes)]
    assert got == [(None, "one", [], 0), (None, "two end", ["7"], 0), ("(c)", "c", [], 1), ("(g)", "g", [], 1),
                   ("(i)", "inner", [], 2)]
    assert notes["7"].text == "Body seven."
    got = [(b.label, b.text, b.depth) for b in fragment_blocks(
        "<ol type='i'><li><p>first</p><p>more</p></li><li>second</li></ol>", "f.json", "$.t", notes)]
    assert got == [("(i)", "first", 1), (None, "more", 1), ("(ii)", "second", 1)]


def test_golden_dump_ccm_7_1(act):
    a = act.activity("CCM-7.1")
    dump = {
        "activity_id": a.activity_id, "name": a.name,
        "units": [{"part": u.part, "heading": u.heading, "not_applicable": u.not_applicable,
                   "blocks": [[b.label, b.depth, b.style, b.markers, b.text] for b in u.blocks]} for u in a.units],
        "footnotes": {k: v.text for k, v in a.footnotes.items()},
    }
    assert_golden_json(FIX / "CCM-7.1.json", dump)


def test_dispatch_through_load_source(compass_file, act):
    assert detect_format(compass_file) == "compass-html"
    assert len(load_source(compass_file).activities) == len(act.activities)


# ---- bad and hostile input ----------------------------------------------------------------------------------
def _mini(sc_html: str = "<p>1. The activity does X.</p>") -> dict:
    return {
        "activities": [{"name": "Thing", "sector": "S", "reference": "3.1", "description": "<p>d</p>",
                        "nace_codes": "C1"}],
        "objectives": [{"name": "Climate mitigation", "long_name": "climate change mitigation", "key": "mitigation"}],
        "matches": [{"activity": "Thing", "objective": "mitigation", "activity_description": "<p>d</p>",
                     "substantial_contribution_criteria": [sc_html],
                     "dnsh": [{"objective": "water", "criteria": ["<p>N/A</p>"]}]}],
    }


def test_minimal_document():
    act = parse_compass_bytes(json.dumps(_mini()).encode(), "mini.json")
    a = act.activities[0]
    assert a.activity_id == "CCM-3.1" and [u.part for u in a.units] == ["SC", "DNSH-WTR"]
    assert a.units[0].blocks[0].label == "1." and a.units[1].not_applicable


def test_bad_input_names_file_and_json_path(tmp_path):
    cases: dict[str, bytes] = {}
    d = _mini(); del d["matches"][0]["objective"]; cases["missing_objective.json"] = json.dumps(d).encode()
    d = _mini(); del d["activities"]; cases["missing_activities.json"] = json.dumps(d).encode()
    d = _mini(); d["matches"][0]["dnsh"][0]["criteria"] = [3]; cases["criteria_not_html.json"] = json.dumps(d).encode()
    d = _mini(); d["matches"][0]["activity"] = "Other"; cases["unknown_activity.json"] = json.dumps(d).encode()
    d = _mini(); d["matches"][0]["objective"] = "wellbeing"; cases["unknown_objective.json"] = json.dumps(d).encode()
    d = _mini(); d["activities"][0]["reference"] = "three"; cases["bad_reference.json"] = json.dumps(d).encode()
    cases["malformed.json"] = json.dumps(_mini(), indent=1).encode()[:-40]
    cases["latin1.json"] = json.dumps(_mini("<p>caf\u00e9</p>"), ensure_ascii=False).encode("latin-1")
    cases["top_list.json"] = b"[1, 2]"
    lines = []
    for name, data in sorted(cases.items()):
        p = tmp_path / name
        p.write_bytes(data)
        with pytest.raises(FrontEndError) as ei:
            load_compass(p)
        e = ei.value
        assert e.file == str(p) and e.location, name
        lines.append(f"{name}: {str(e).replace(str(tmp_path), '<tmp>')}")
    assert_golden(FIX / "bad" / "errors.txt", "\n".join(lines) + "\n")
    with pytest.raises(FrontEndError, match="file not found"):
        load_compass(tmp_path / "nope.json")


def test_hostile_fragments_are_inert_text():
    html = ("<p>a <script>fetch('http://127.0.0.1:9/')</script> b <img src='http://127.0.0.1:9/x.png' "
            "onerror='alert(1)'> c &lt;script&gt; <span title='" + "A" * 300_000 + "'>d</span></p>")
    act = parse_compass_bytes(json.dumps(_mini(html)).encode(), "hostile.json")
    (b,) = act.activities[0].units[0].blocks
    assert b.text == "a fetch('http://127.0.0.1:9/') b c <script> d"
    deep = "<p>" + "<span>" * 3000 + "x" + "</span>" * 3000 + "</p>"
    with pytest.raises(FrontEndError, match=r"nested .* deep") as ei:
        parse_compass_bytes(json.dumps(_mini(deep)).encode(), "deep.json")
    assert ei.value.location == "$.matches[0].substantial_contribution_criteria[0]"
    with pytest.raises(FrontEndError, match="malformed JSON"):
        parse_compass_bytes(b"[" * 100_000, "deepjson.json")


# ---- generalisation sweep: Compass markup repairs on non-gold activities --------------------------------------
def test_split_list_sub_items_are_labelled_and_the_list_resumes(act):
    """CCM-1.1 SC 2.3: the Compass dropped the nested ``<ol type='i'>`` of item (b) ("are ones of the
    following:"), printing its three items as plain ``<p>``, and restarted the letter list at "(a)".  The
    paragraphs become (b)'s sub-items (i)-(iii) and the list continues with (c), (d), as EUR-Lex prints it."""
    sc = act.activity("CCM-1.1").units[0]
    i = next(k for k, b in enumerate(sc.blocks) if b.label == "2.3.")
    run = sc.blocks[i + 1:i + 8]
    assert [b.label for b in run] == ["(a)", "(b)", "(i)", "(ii)", "(iii)", "(c)", "(d)"]
    assert run[1].text.endswith("are ones of the following:")
    assert run[2].text.startswith("the management practices as documented")
    assert [b.depth for b in run] == [1, 1, 2, 2, 2, 1, 1]


def test_split_list_repair_needs_lower_case_items_after_a_colon():
    """The repair is narrow: a list that restarts after an ordinary paragraph keeps its own numbering."""
    frag = ("<ol type='a'><li>first:</li></ol><p>the sub-item;</p><ol type='a'><li>next</li></ol>")
    assert [b.label for b in fragment_blocks(frag, "f.json", "$.x", {})] == ["(a)", "(i)", "(b)"]
    frag2 = ("<ol type='a'><li>first;</li></ol><p>2. A new criterion:</p><ol type='a'><li>next</li></ol>")
    assert [b.label for b in fragment_blocks(frag2, "f.json", "$.x", {})] == ["(a)", "2.", "(a)"]
    frag3 = ("<ol type='a'><li>first:</li></ol><p>The paragraph.</p><ol type='a'><li>next</li></ol>")
    assert [b.label for b in fragment_blocks(frag3, "f.json", "$.x", {})] == ["(a)", None, "(a)"]


def test_glued_section_number_and_annotated_na(act):
    """CCA-1.1 DNSH-CCM prints "3.Group assessment" (no space; EUR-Lex: "3." + "Group assessment"); CCA-6.3
    DNSH-CCM is "N/A" with a note marker: the unit is not applicable (EUR-Lex prints a bare N/A), the note stays
    an activity footnote."""
    dnsh = next(u for u in act.activity("CCA-1.1").units if u.part == "DNSH-CCM")
    heading = next(b for b in dnsh.blocks if b.text == "Group assessment")
    assert heading.label == "3."
    a = act.activity("CCA-6.3")
    ccm = next(u for u in a.units if u.part == "DNSH-CCM")
    assert ccm.not_applicable and ccm.blocks == []
    assert a.footnotes["463"].text.startswith("Vehicles are required to comply with the criteria for DNSH")


def test_glued_paragraphs_split_and_superscripts_joined(act):
    """CCA-1.4 DNSH-CCM: "… Regulation (EU) No 995/2010.1.7. The forest management plan …" is two paragraphs
    in one ``<p>`` (EUR-Lex prints 1.6. and 1.7.); CCA-7.1 DNSH-PPC writes "m³" where EUR-Lex has m<sup>3</sup>
    (joined: "m3")."""
    dnsh = next(u for u in act.activity("CCA-1.4").units if u.part == "DNSH-CCM")
    by_label = {b.label: b for b in dnsh.blocks if b.label}
    assert by_label["1.6."].text.endswith("laid down in Regulation (EU) No 995/2010.")
    assert by_label["1.7."].text.startswith("The forest management plan or equivalent instrument provides for")
    ppc = next(u for u in act.activity("CCA-7.1").units if u.part == "DNSH-PPC")
    assert any("formaldehyde per m3 of material" in b.text for b in ppc.blocks)
    assert not any("³" in b.text for a in act.activities for u in a.units for b in u.blocks)
    # a full stop followed by a decimal is not a paragraph break
    assert [b.label for b in fragment_blocks("<p>It is 2.5. The next 1.2 rule.</p>", "f", "$", {})] == [None]


def test_flat_list_sub_items_closed_by_a_mid_list_full_stop(act):
    """CCM-4.9 SC 2: the Compass prints (e) "… including:" and its two sub-items as plain items of the same
    ``<ol type='a'>``; the second sub-item ends with "." although the list goes on.  They become (e)(i), (e)(ii)
    and the rest of the list continues at (f), as EUR-Lex prints it (ids agree across sources)."""
    sc = act.activity("CCM-4.9").units[0]
    i = next(k for k, b in enumerate(sc.blocks) if b.text.startswith("installation of equipment to increase"))
    run = sc.blocks[i:i + 6]
    assert [b.label for b in run] == ["(e)", "(i)", "(ii)", "(f)", "(g)", "(h)"]
    assert [b.depth for b in run] == [1, 2, 2, 1, 1, 1]
    assert run[2].text.endswith("renewable infeed).") and run[-1].text.startswith("construction and operation of")


def test_flat_sub_list_repair_is_narrow():
    """No repair when the run after the ":" item reaches the end of the list (sub-items or siblings: ambiguous),
    when two items end in ":", or when no mid-list full stop closes the run."""
    ok = "<ol type='a'><li>x;</li><li>y including:</li><li>s1;</li><li>s2.</li><li>z;</li><li>w.</li></ol>"
    assert [b.label for b in fragment_blocks(ok, "f.json", "$.x", {})] == ["(a)", "(b)", "(i)", "(ii)", "(c)", "(d)"]
    to_end = "<ol type='a'><li>x;</li><li>y that:</li><li>s1;</li><li>s2;</li><li>s3.</li></ol>"
    assert [b.label for b in fragment_blocks(to_end, "f.json", "$.x", {})] == ["(a)", "(b)", "(c)", "(d)", "(e)"]
    two = "<ol type='a'><li>x:</li><li>s1.</li><li>y:</li><li>s2.</li><li>z.</li></ol>"
    assert [b.label for b in fragment_blocks(two, "f.json", "$.x", {})] == ["(a)", "(b)", "(c)", "(d)", "(e)"]
    no_stop = "<ol type='a'><li>x;</li><li>y including:</li><li>s1;</li><li>s2;</li><li>z;</li><li>w;</li></ol>"
    assert [b.label for b in fragment_blocks(no_stop, "f.json", "$.x", {})] == [f"({c})" for c in "abcdef"]
