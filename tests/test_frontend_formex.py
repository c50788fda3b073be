"""Formex 4 front-end: real acts (2023/2486 Environmental DA, 2021/2139 Climate DA), gold texts, bad input."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from regc.frontends.formex import load_formex, looks_like_formex, main_xml, parse_formex_bytes
from regc.ir.doc import ActDoc, FrontEndError
from tests.fixtures_util import FIXTURES, assert_golden, assert_golden_json

ENV = "32023r2486/2026-01-01/en.fmx4"
CLIMATE = "32021r2139/2026-01-01/en.fmx4"
OBJ = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")
FIX = FIXTURES / "frontend_formex"


@pytest.fixture(scope="module")
def env_act(eurlex) -> ActDoc:
    return load_formex(eurlex / ENV)


@pytest.fixture(scope="module")
def climate_act(eurlex) -> ActDoc:
    return load_formex(eurlex / CLIMATE)


def _gold_nodes(root: dict):
    yield root
    for c in root["sub_criteria"]:
        yield from _gold_nodes(c)


# ---- whole acts --------------------------------------------------------------------------------------------
def test_env_act_metadata(env_act):
    assert env_act.celex == "32023R2486"
    assert env_act.version == "2026-01-01"
    assert env_act.format == "formex"
    assert env_act.file.endswith("CL2023R2486EN0010010.0001.xml")  # the body, not the .doc.xml descriptor
    assert env_act.title.startswith("Commission Delegated Regulation (EU) 2023/2486")


def test_env_act_every_activity_of_the_four_annexes(env_act):
    # counted from the act: Annex I 1.1, 2.1-2.3, 3.1, 4.1; Annex II 1.1-1.2, 2.1-2.7, 3.1-3.5, 4.1, 5.1-5.6;
    # Annex III 1.1-1.2, 2.1-2.4; Annex IV 1.1, 2.1
    counts = Counter(a.objective for a in env_act.activities)
    assert counts == {"WTR": 6, "CE": 21, "PPC": 6, "BIO": 2}
    ids = [a.activity_id for a in env_act.activities]
    assert len(set(ids)) == len(ids) == 35
    assert ids[:6] == ["WTR-1.1", "WTR-2.1", "WTR-2.2", "WTR-2.3", "WTR-3.1", "WTR-4.1"]
    assert "CE-2.7" in ids and "CE-5.6" in ids and ids[-1] == "BIO-2.1"
    for a in env_act.activities:
        # one SC unit and one DNSH unit for each of the five other objectives, in table order
        assert [u.part for u in a.units] == ["SC"] + [f"DNSH-{o}" for o in OBJ if o != a.objective], a.activity_id
        sc = a.units[0]
        assert sc.blocks and not sc.not_applicable, a.activity_id
        assert sc.heading.startswith("Substantial contribution to"), a.activity_id
        for u in a.units[1:]:
            assert u.not_applicable == (not u.blocks), (a.activity_id, u.part)
        assert a.name and a.description, a.activity_id
        assert not any("\u00a0" in b.text or "\x00" in b.text for u in a.units for b in u.blocks)


def test_climate_act_activities_and_units(climate_act):
    counts = Counter(a.objective for a in climate_act.activities)
    # Annex I (CCM): 88 + 6 complementary (4.26-4.31) + 7 added by 2023/2485; Annex II (CCA): 95 + 10 + the
    # one-number section "11. EDUCATION" (an activity of its own, as in the EUR-Lex XHTML: 207 in all)
    assert counts == {"CCM": 101, "CCA": 106}
    education = climate_act.activity("CCA-11")
    assert education is not None and education.name == "EDUCATION" and education.units[0].blocks
    assert education.description[0].text.startswith("Public or private education at any level")
    # a paragraph printed before the description belongs to the description, as in EUR-Lex XHTML (CCM-4.27)
    bat = climate_act.activity("CCM-4.27")
    assert bat.description[0].text.startswith("For the purposes of this Section, best-available technologies mean")
    assert bat.units[0].blocks[0].label == "1."
    for a in climate_act.activities:
        assert [u.part for u in a.units] == ["SC"] + [f"DNSH-{o}" for o in OBJ if o != a.objective], a.activity_id
    nuclear = climate_act.activity("CCM-4.26")  # "General criteria pertaining to ..." outside a regular table
    assert [b.label for b in nuclear.units[0].blocks if b.depth == 0][:6] == ["1.", "2.", "3.", "4.", "5.", "6."]


# ---- gold acceptance ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("gold_name", ["WTR-2.1.json", "CE-3.4.json"])
def test_gold_texts_and_footnote_ids(env_act, gold_dir, gold_name):
    """Every non-empty gold verbatim_text is the text of a block of the unit, with the same footnote ids."""
    gold = json.loads((gold_dir / gold_name).read_text(encoding="utf-8"))
    adoc = env_act.activity(gold["activity_id"])
    assert adoc is not None
    assert adoc.name == gold["name"]
    units = {u.part: u for u in adoc.units}
    checked = 0
    for gu in gold["units"]:
        u = units[gu["unit_id"].split("/")[1]]
        by_text: dict[str, list] = {}
        for b in u.blocks:
            by_text.setdefault(b.text, []).append(b)
        for n in _gold_nodes(gu["root"]):
            if not n["verbatim_text"]:
                continue
            blocks = by_text.get(n["verbatim_text"])
            assert blocks, f"{gu['unit_id']} {n['criterion_id']}: no block with text {n['verbatim_text'][:80]!r}"
            want = sorted(f["id"] for f in n["footnotes"])
            assert any(sorted(f"fn-{m}" for m in b.markers) == want for b in blocks), (n["criterion_id"], want)
            checked += 1
    assert checked >= 10
    # every footnote the gold attaches has its body in the activity
    for gu in gold["units"]:
        for n in _gold_nodes(gu["root"]):
            for f in n["footnotes"]:
                assert f["id"][3:] in adoc.footnotes


def test_climate_formex_agrees_with_ccm_gold(climate_act, gold_dir):
    """CCM gold was made from the XHTML: texts agree with the Formex; footnotes differ only in numbering
    (per-activity in the XHTML gold, running through the act in Formex), so compare them as an order-preserving
    one-to-one renaming."""
    files = sorted(gold_dir.glob("CCM-*.json"))
    assert len(files) >= 10
    for g in files:
        gold = json.loads(g.read_text(encoding="utf-8"))
        adoc = climate_act.activity(gold["activity_id"])
        assert adoc is not None, gold["activity_id"]
        units = {u.part: u for u in adoc.units}
        rename: dict[str, str] = {}
        for gu in gold["units"]:
            u = units[gu["unit_id"].split("/")[1]]
            by_text = {b.text: b for b in u.blocks}
            for n in _gold_nodes(gu["root"]):
                if not n["verbatim_text"]:
                    continue
                b = by_text.get(n["verbatim_text"])
                assert b is not None, (gold["activity_id"], n["criterion_id"], n["verbatim_text"][:80])
                gids = [f["id"] for f in n["footnotes"]]
                assert len(gids) == len(b.markers), (gold["activity_id"], n["criterion_id"])
                for gid, m in zip(sorted(gids, key=lambda x: int(x[3:])), b.markers):
                    assert rename.setdefault(gid, m) == m
        pairs = sorted((int(k[3:]), int(v)) for k, v in rename.items())
        assert [v for _, v in pairs] == sorted(v for _, v in pairs)  # order preserved
        assert len(set(rename.values())) == len(rename)


# ---- block details ------------------------------------------------------------------------------------------
def test_block_labels_depth_and_spans(env_act, eurlex):
    a = env_act.activity("WTR-2.1")
    sc = a.units[0]
    assert [(b.label, b.depth) for b in sc.blocks[:5]] == [("1.", 0), ("(a)", 1), ("(b)", 1), ("(c)", 1), ("2.", 0)]
    four = [b for b in sc.blocks if b.label == "4."][0]
    after = sc.blocks[sc.blocks.index(four) + 1:]
    assert [(b.label, b.depth, b.style) for b in after] == [(None, 1, "P")] * 3
    assert a.footnotes["3"].text.startswith("Commission Implementing Decision (EU) 2022/679")
    assert sc.heading == "Substantial contribution to the sustainable use and protection of water and marine resources"
    assert a.units[1].heading == "(1) Climate change mitigation" and a.units[1].not_applicable
    # spans are element paths that resolve in the source file
    tree = etree.parse(str(main_xml(eurlex / ENV)))
    source = main_xml(eurlex / ENV).read_text(encoding="utf-8")
    for b in sc.blocks:
        el = tree.xpath(b.span.path)
        assert len(el) == 1 and el[0].tag == b.style
        # character offsets cover the element's markup: start tag .. end tag
        markup = source[b.span.start:b.span.end]
        assert markup.startswith(f"<{b.style}") and markup.endswith(f"</{b.style}>")
        assert b.text[:20] in " ".join(etree.fromstring(markup.encode()).itertext()) or b.markers
    assert tree.xpath(a.span.path)[0].tag == "GR.SEQ"


def test_inline_rendering(env_act, climate_act):
    texts = [b.text for a in env_act.activities for u in a.units for b in u.blocks]
    assert any("CO2e" in t for t in texts)  # <HT TYPE="SUB"> joined without a space
    assert not any("CO 2" in t for t in texts)
    assert any("‘" in t and "’" in t for t in texts)  # QUOT.START / QUOT.END
    ce34 = env_act.activity("CE-3.4")
    assert set(ce34.footnotes) >= {"162", "163", "164", "165", "170"}  # orphans of the description kept
    assert ce34.description[0].markers  # the description holds the orphan markers
    ccm71 = climate_act.activity("CCM-7.1").units[0].blocks
    assert any(b.text.startswith("For buildings larger than 5 000 m2,") for b in ccm71)  # FT NUMBER as printed


def test_golden_dump_wtr_2_1(env_act):
    a = env_act.activity("WTR-2.1")
    dump = {
        "activity_id": a.activity_id, "name": a.name,
        "description": [b.text for b in a.description],
        "units": [{"part": u.part, "heading": u.heading, "not_applicable": u.not_applicable,
                   "blocks": [[b.label, b.depth, b.style, b.markers, b.text] for b in u.blocks]} for u in a.units],
        "footnotes": {k: v.text for k, v in a.footnotes.items()},
    }
    assert_golden_json(FIX / "WTR-2.1.json", dump)


# ---- file handling ------------------------------------------------------------------------------------------
def test_folder_and_file_give_the_same_act(eurlex, env_act):
    folder = eurlex / ENV
    assert main_xml(folder).name == "CL2023R2486EN0010010.0001.xml"
    assert looks_like_formex(folder) and looks_like_formex(main_xml(folder))
    assert not looks_like_formex(eurlex / "32021r2139/2026-01-01/en.xml")
    assert load_formex(main_xml(folder)).activities == env_act.activities


# ---- bad and hostile input ----------------------------------------------------------------------------------
MINI = ("<CONS.ACT><CONS.DOC><NO.CELEX>32099R0001</NO.CELEX><CONS.ANNEX><TITLE><TI><P>ANNEX I</P><P>Technical "
        "screening criteria for ... contributing substantially to the transition to a circular economy</P></TI>"
        "</TITLE><CONTENTS><GR.SEQ><TITLE><TI><NP><NO.P>1.1.</NO.P><TXT>Act</TXT></NP></TI></TITLE><TBL><CORPUS>"
        "<ROW><CELL>Substantial contribution to the transition to a circular economy</CELL></ROW>"
        "<ROW><CELL>{body}</CELL></ROW></CORPUS></TBL></GR.SEQ></CONTENTS></CONS.ANNEX></CONS.DOC></CONS.ACT>")


def _bad_cases(tmp: Path) -> dict[str, Path]:
    full = MINI.format(body="<P>x</P>").encode()
    cases = {
        "truncated.xml": full[: len(full) // 2],
        "latin1.xml": MINI.format(body="<P>caf\u00e9</P>").encode("latin-1"),
        "not_formex.xml": b"<html><body><p>hello</p></body></html>",
        "empty.xml": b"   \n",
    }
    out = {}
    for name, data in cases.items():
        p = tmp / name
        p.write_bytes(data)
        out[name] = p
    return out


def test_bad_input_names_file_and_location(tmp_path):
    lines = []
    for name, p in sorted(_bad_cases(tmp_path).items()):
        with pytest.raises(FrontEndError) as ei:
            load_formex(p)
        e = ei.value
        assert e.file == str(p) and str(p) in str(e) and e.location, name
        lines.append(f"{name}: {str(e).replace(str(tmp_path), '<tmp>')}")
    assert_golden(FIX / "bad" / "errors.txt", "\n".join(lines) + "\n")
    with pytest.raises(FrontEndError, match="file not found"):
        load_formex(tmp_path / "missing.xml")
    (tmp_path / "empty_dir").mkdir()
    with pytest.raises(FrontEndError, match="no Formex act file"):
        load_formex(tmp_path / "empty_dir")


def test_hostile_content_is_text_and_nothing_is_fetched(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    xxe = (f'<?xml version="1.0"?><!DOCTYPE CONS.ACT [<!ENTITY ext SYSTEM "file://{secret}">'
           f'<!ENTITY net SYSTEM "http://127.0.0.1:9/x">]>')
    body = ("<P>before &ext; &net; after</P><P><script>alert(1)</script> and <HT TYPE='BOLD' X='"
            + "A" * 200_000 + "'>bold</HT></P>")
    act = parse_formex_bytes((xxe + MINI.format(body=body)).encode(), "hostile.xml")
    texts = [b.text for b in act.activities[0].units[0].blocks]
    assert texts == ["before after", "alert(1) and bold"]
    assert not any("TOP-SECRET" in t for t in texts)
    # billion laughs: not expanded
    lol = '<!DOCTYPE CONS.ACT [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    act = parse_formex_bytes((lol + MINI.format(body="<P>&b;&b;</P>")).encode(), "lol.xml")
    assert all(len(b.text) < 50 for u in act.activities[0].units for b in u.blocks)
    # absurd nesting: refused with a location (libxml2 depth limit) rather than recursing without bound
    deep = MINI.format(body="<P>" + "<HT>" * 5000 + "x" + "</HT>" * 5000 + "</P>")
    with pytest.raises(FrontEndError, match="line"):
        parse_formex_bytes(deep.encode(), "deep.xml")
    moderate = MINI.format(body="<P>" + "<HT>" * 200 + "deep" + "</HT>" * 200 + "</P>")
    assert parse_formex_bytes(moderate.encode(), "ok.xml").activities[0].units[0].blocks[0].text == "deep"


# ---- tables printed inside the criteria (generalisation sweep) -----------------------------------------------
def test_table_inside_criteria_is_one_block_per_row(env_act):
    """CE-1.2 SC 2.6.4's substance table (3 columns, rows (i)-(iii), (v), (vi): the act skips (iv)): one block
    per row, cells joined with " | ", the row's printed label on the block; the column headings are one
    ``table-header`` block; no cell ("N/A", "Chrysen") becomes a block of its own."""
    sc = env_act.activity("CE-1.2").units[0]
    rows = [b for b in sc.blocks if b.style in ("table-header", "table-row")]
    assert [b.style for b in rows] == ["table-header"] + ["table-row"] * 5
    assert rows[0].label is None
    assert rows[0].text == "Substance group | Scope of restriction | Concentration limits (where applicable)"
    assert [b.label for b in rows[1:]] == ["(i)", "(ii)", "(iii)", "(v)", "(vi)"]
    assert rows[4].text == ("Glass fining agents | Arsenic and its compounds is not used in the manufacturing of LCD "
                            "display unit glass and screen cover glass. | 0,0050 % w/w")
    assert all(b.text.count(" | ") == 2 for b in rows)
    # list items of a cell: "; " between items, " " after a chapeau ending in ":"
    assert "external cables: Dibutyltin oxide; Dibutyltin diacetate;" in rows[1].text
    assert "Dibenzo[a,h]anthracene; Additional PAHs subject to restriction: Acenaphthene;" in rows[2].text
    texts = [b.text for b in sc.blocks]
    assert "N/A" not in texts and "Chrysen" not in texts and "0,0050 % w/w" not in texts
    # the block before the table is the criterion that introduces it
    i = sc.blocks.index(rows[0])
    assert sc.blocks[i - 1].label == "2.6.4." and sc.blocks[i + 6].label == "2.6.5."


def test_sub_section_titles_inside_the_criteria_are_marked(env_act):
    """CE-2.7 SC: "1. Origin of the feedstock material" is the TITLE of a GR.SEQ inside the criteria cell; its block
    carries style TITLE so that the structure pass can tell a heading from a requirement (spec §6); the paragraphs
    under it keep their own style."""
    from regc.frontends.formex import TITLE_STYLE

    sc = env_act.activity("CE-2.7").units[0]
    titles = [(b.label, b.text) for b in sc.blocks if b.style == TITLE_STYLE]
    assert titles == [("1.", "Origin of the feedstock material"), ("2.", "Material recovery"),
                      ("3.", "Proper management of waste"), ("4.", "Quality of secondary raw materials")]
    i = next(k for k, b in enumerate(sc.blocks) if b.style == TITLE_STYLE)
    assert sc.blocks[i + 1].style != TITLE_STYLE and sc.blocks[i + 1].text.startswith("The non-hazardous waste")
    # activity-level titles ("Technical screening criteria") never reach the criteria blocks
    assert not [b for a in env_act.activities for u in a.units for b in u.blocks
                if b.style == TITLE_STYLE and "screening criteria" in b.text.lower()]


def test_span_offsets_of_the_strict_parse_equal_the_general_tag_scan(eurlex):
    # the reader scans tags as well-formed XML (its parser accepts nothing else): same offsets as the general scan
    from regc.frontends._html import _index_offsets
    from regc.frontends.formex import parser

    for act in (ENV, CLIMATE):
        data = main_xml(eurlex / act).read_bytes()
        root, text = etree.fromstring(data, parser()), data.decode("utf-8-sig")
        fast = _index_offsets(text, root, well_formed=True)
        assert fast and fast == _index_offsets(text, root)
