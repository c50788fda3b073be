"""Official Journal HTML front-end: the activities inserted by 2022/1214 and 2023/2485.

The OJ prints the inserted Sections with a different markup (layout tables for labels, ``oj-*`` classes,
"*1" in-table notes); after segmentation the blocks must equal the consolidated text's blocks of the same
activities (2021/2139 as consolidated on 2023-01-01 / 2024-01-01), apart from the quotation marks the OJ uses
inside an amendment (“…” where the consolidated text prints ‘…’).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from regc.frontends import detect_format, find_in_corpus, load_source
from regc.frontends.eurlex_xhtml import parse_eurlex_xhtml
from regc.frontends.oj_html import parse_oj_html
from regc.retrieval.locate import corpus_root
from regc.ir.doc import ActDoc

CASES = {  # OJ act -> (its date, the consolidation that first includes it, activities it inserts)
    "32022R1214": ("2022-03-09", "2023-01-01",
                   [f"{o}-4.{n}" for o in ("CCM", "CCA") for n in range(26, 32)]),
    "32023R2485": ("2023-06-27", "2024-01-01",
                   ["CCM-3.18", "CCM-3.19", "CCM-3.20", "CCM-3.21", "CCM-6.18", "CCM-6.19", "CCM-6.20",
                    "CCA-5.13", "CCA-8.4", "CCA-9.3", "CCA-14.1", "CCA-14.2"]),
}


@lru_cache(maxsize=None)
def _oj(celex: str) -> ActDoc:
    return parse_oj_html(find_in_corpus(corpus_root(), celex, CASES[celex][0]))


@lru_cache(maxsize=None)
def _cons(version: str) -> ActDoc:
    return parse_eurlex_xhtml(find_in_corpus(corpus_root(), "32021R2139", version))


def _norm_quotes(s: str) -> str:
    return s.replace("“", "‘").replace("”", "’")


@pytest.mark.parametrize("celex", sorted(CASES))
def test_inserted_activities_found(celex):
    act = _oj(celex)
    assert act.format == "oj-html" and act.celex == celex and act.version == CASES[celex][0]
    assert [a.activity_id for a in act.activities] == CASES[celex][2]
    for a in act.activities:
        assert a.name and not a.name.startswith(("‘", "“"))
        assert a.description
        assert a.units[0].part == "SC" and len(a.units) == 6


@pytest.mark.slow
@pytest.mark.parametrize("celex", sorted(CASES))
def test_oj_blocks_equal_consolidated_blocks(celex):
    """Same units, same labels in the same order, same texts (modulo quote style) as the consolidated act."""
    oj, cons = _oj(celex), _cons(CASES[celex][1])
    for a in oj.activities:
        c = cons.activity(a.activity_id)
        assert c is not None and a.name == c.name
        assert [u.part for u in a.units] == [u.part for u in c.units], a.activity_id
        for u, cu in zip(a.units, c.units):
            assert u.not_applicable == cu.not_applicable, (a.activity_id, u.part)
            assert [b.label for b in u.blocks] == [b.label for b in cu.blocks], (a.activity_id, u.part)
            got = [_norm_quotes(b.text) for b in u.blocks]
            want = [_norm_quotes(b.text) for b in cu.blocks]
            assert got == want, (a.activity_id, u.part, [(g, w) for g, w in zip(got, want) if g != w][:1])


def test_nuclear_general_criteria_precede_additional_ones():
    """CCM-4.26: the OJ nests the "Additional criteria" table inside general criterion 6; SC keeps source order."""
    sc = _oj("32022R1214").activity("CCM-4.26").units[0]
    labels = [b.label for b in sc.blocks if b.label and b.label.endswith(".")]
    assert labels == ["1.", "2.", "3.", "4.", "5.", "6."]
    assert sc.blocks[-1].text == "Quantified life-cycle GHG emissions are verified by an independent third party."
    assert sc.heading.startswith("General criteria pertaining to substantial contribution")


def test_footnotes_every_cited_marker_has_a_body():
    for celex in CASES:
        for a in _oj(celex).activities:
            cited = {m for u in a.units for b in u.blocks for m in b.markers}
            missing = cited - set(a.footnotes)
            assert not missing, (celex, a.activity_id, missing)
            assert all(a.footnotes[m].text for m in cited)
            in_description = {m for b in a.description for m in b.markers}
            assert in_description <= set(a.description_footnotes), (celex, a.activity_id)


def test_in_table_notes_are_given_to_the_citing_activity():
    """2023/2485 prints the "*n" notes of Sections 3.18–3.21 once, after 3.21; each activity gets its own."""
    act = _oj("32023R2485")
    n318 = act.activity("CCM-3.18").footnotes
    assert "*1" in n318 and n318["*1"].text.startswith("Regulation (EU) 2018/858")
    assert "*11" not in n318 and "*11" in act.activity("CCM-3.21").footnotes
    assert "*13" in act.activity("CCA-14.1").footnotes  # printed "*13." in the note table


def test_act_level_note_markers():
    a = _oj("32022R1214").activity("CCA-4.26")
    marked = [b for u in a.units for b in u.blocks if b.markers]
    assert marked and all(m.isdigit() for b in marked for m in b.markers)
    assert not any("(" + m + ")" in b.text for b in marked for m in b.markers)


def test_detect_and_dispatch(eurlex):
    p = eurlex / "32023r2485" / "2023-06-27" / "en.xml"
    assert detect_format(p) == "oj-html"
    assert [a.activity_id for a in load_source(p).activities] == CASES["32023R2485"][2]


@pytest.mark.slow
@pytest.mark.parametrize("celex", sorted(CASES))
def test_oj_description_equals_consolidated(celex):
    """Descriptions too, including text printed before "Description of the activity" (CCM-4.27).  The OJ text
    of CCA-14.1 (iv) ends "Council*3;" where the consolidation drops the ";": compared without it."""
    oj, cons = _oj(celex), _cons(CASES[celex][1])
    for a in oj.activities:
        c = cons.activity(a.activity_id)
        got = [(b.label, _norm_quotes(b.text).rstrip(";")) for b in a.description]
        want = [(b.label, _norm_quotes(b.text).rstrip(";")) for b in c.description]
        assert got == want, a.activity_id


def _oj_original(tmp_path):
    """An act as first published in the OJ (no amendment points): annexes print their Sections directly."""
    def activity(sec, name, obj_words, dnsh):
        return (
            f'<p class="oj-ti-grseq-1">{sec}.   <span class="oj-bold">{name}</span></p>'
            '<p class="oj-ti-grseq-1"><span class="oj-italic">Description of the activity</span></p>'
            '<p class="oj-normal">Something is done.</p>'
            '<p class="oj-ti-grseq-1"><span class="oj-italic">Technical screening criteria</span></p>'
            '<table class="oj-table"><tbody>'
            f'<tr class="oj-table"><td class="oj-table" colspan="2"><p class="oj-tbl-txt">Substantial contribution '
            f'to {obj_words}</p></td></tr>'
            '<tr class="oj-table"><td class="oj-table" colspan="2">'
            '<table><tbody><tr><td><p class="oj-normal">1.</p></td><td><p class="oj-normal">The activity meets '
            'both of the following:</p>'
            '<table><tbody><tr><td><p class="oj-normal">(a)</p></td><td><p class="oj-normal">emissions are lower '
            'than 100 g CO<span class="oj-sub">2</span>e/kWh<span class="oj-super">*1</span>;</p></td></tr>'
            '</tbody></table>'
            '<table><tbody><tr><td><p class="oj-normal">(b)</p></td><td><p class="oj-normal">the plan is '
            'published.</p></td></tr></tbody></table></td></tr></tbody></table></td></tr>'
            '<tr class="oj-table"><td class="oj-table" colspan="2"><p class="oj-tbl-txt">Do no significant harm '
            '(‘DNSH’)</p></td></tr>'
            f'<tr class="oj-table"><td class="oj-table"><p class="oj-tbl-txt">{dnsh}</p></td>'
            '<td class="oj-table"><p class="oj-tbl-txt">N/A</p></td></tr></tbody></table>'
            '<table><tbody><tr><td><p class="normal"><span class="oj-super">*1</span></p></td>'
            '<td><span>Measured at the plant.</span></td></tr></tbody></table>'
        )
    html = (
        '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>L_1</title>'
        '</head><body><p class="oj-doc-ti">COMMISSION DELEGATED REGULATION (EU) 2099/1</p>'
        '<div><p class="oj-doc-ti">ANNEX I</p><p class="oj-ti-grseq-1">1.   <span class="oj-bold">FORESTRY</span></p>'
        + activity("1.1", "Afforestation", "climate change mitigation", "(2) Climate change adaptation")
        + '</div><div><p class="oj-doc-ti">ANNEX II</p>'
        + activity("1.1", "Afforestation", "climate change adaptation", "(1) Climate change mitigation")
        + '</div></body></html>')
    p = tmp_path / "oj.xml"
    p.write_text(html, encoding="utf-8")
    return p


def test_original_oj_layout(tmp_path):
    act = load_source(_oj_original(tmp_path))
    assert act.format == "oj-html" and act.celex == "32099R0001"
    assert [a.activity_id for a in act.activities] == ["CCM-1.1", "CCA-1.1"]
    a = act.activity("CCM-1.1")
    sc = a.units[0]
    assert [(b.label, b.depth) for b in sc.blocks] == [("1.", 0), ("(a)", 1), ("(b)", 1)]
    assert sc.blocks[1].text == "emissions are lower than 100 g CO2e/kWh;" and sc.blocks[1].markers == ["*1"]
    assert a.footnotes["*1"].text == "Measured at the plant."
    assert [(u.part, u.not_applicable) for u in a.units] == [("SC", False), ("DNSH-CCA", True)]
    assert act.activity("CCA-1.1").units[1].part == "DNSH-CCM"
