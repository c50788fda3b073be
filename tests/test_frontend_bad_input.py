"""Bad and hostile input: every failure is a FrontEndError naming the file (and a location where there is one);
hostile markup is text, never executed or fetched."""

from __future__ import annotations

from pathlib import Path

import pytest

from regc.frontends import detect_format, find_in_corpus, load_source
from regc.frontends.eurlex_xhtml import parse_eurlex_xhtml
from regc.frontends.oj_html import parse_oj_html
from regc.ir.doc import FrontEndError

HEAD = '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML//EN" "xhtml-strict.dtd">'


def mini_act(criteria: str = '<p class="norm">1.  The activity is fine.</p>', extra_doctype: str = "",
             body_extra: str = "") -> str:
    """A minimal consolidated-style act: Annex I (CCM) with one activity 1.1 and a criteria table."""
    doctype = HEAD if not extra_doctype else '<?xml version="1.0" encoding="UTF-8"?>' + extra_doctype
    return (
        doctype + '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Consolidated TEXT: 32021R2139 — EN — '
        '01.01.2026</title></head><body>' + body_extra +
        '<p class="title-annex-1">ANNEX I</p><p class="title-annex-2"><span>Technical screening criteria for '
        'determining the conditions under which an economic activity qualifies as contributing substantially to '
        'climate change mitigation and for determining …</span></p>'
        '<p class="title-gr-seq-level-2">1.1.   <span class="boldface">Test activity</span></p>'
        '<p class="title-gr-seq-level-3"><span class="italics">Description of the activity</span></p>'
        '<p class="norm">A test.</p>'
        '<p class="title-gr-seq-level-3"><span class="italics">Technical screening criteria</span></p>'
        '<table><tbody><tr><td colspan="2"><p class="tbl-norm">Substantial contribution to climate change '
        'mitigation</p></td></tr><tr><td colspan="2">' + criteria + '</td></tr>'
        '<tr><td colspan="2"><p class="tbl-norm">Do no significant harm (‘DNSH’)</p></td></tr>'
        '<tr><td><p class="norm">(2)  Climate change adaptation</p></td><td><p class="tbl-norm">N/A</p></td></tr>'
        '</tbody></table></body></html>'
    )


def write(tmp_path: Path, text: str | bytes, name: str = "en.xml") -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def test_minimal_act_parses(tmp_path):
    act = load_source(write(tmp_path, mini_act()))
    a = act.activity("CCM-1.1")
    assert a is not None and a.units[0].blocks[0].text == "The activity is fine."
    assert a.units[1].part == "DNSH-CCA" and a.units[1].not_applicable


def test_missing_file(tmp_path):
    p = tmp_path / "nope.xml"
    with pytest.raises(FrontEndError) as e:
        load_source(p)
    assert str(p) in str(e.value) and "not found" in str(e.value)
    with pytest.raises(FrontEndError):
        parse_eurlex_xhtml(p)


def test_unknown_format(tmp_path):
    p = write(tmp_path, mini_act())
    with pytest.raises(FrontEndError) as e:
        load_source(p, format="pdf")
    assert "unknown source format 'pdf'" in str(e.value)


def test_undetectable_content(tmp_path):
    p = write(tmp_path, "just some text\n", "notes.txt")
    with pytest.raises(FrontEndError) as e:
        detect_format(p)
    assert str(p) in str(e.value) and "format" in str(e.value)


def test_folder_is_not_a_source(tmp_path):
    with pytest.raises(FrontEndError):
        detect_format(tmp_path)


def test_empty_file(tmp_path):
    p = write(tmp_path, "")
    with pytest.raises(FrontEndError) as e:
        parse_eurlex_xhtml(p)
    assert str(p) in str(e.value)


def test_truncated_xml_names_line_and_column(tmp_path, eurlex):
    src = (eurlex / "32021r2139" / "2026-01-01" / "en.xml").read_text(encoding="utf-8")
    p = write(tmp_path, src[:200_000])
    with pytest.raises(FrontEndError) as e:
        load_source(p, format="eurlex-xhtml")
    msg = str(e.value)
    assert msg.startswith(str(p) + ":line ") and "column" in msg and "malformed XHTML" in msg
    assert e.value.location and e.value.location.startswith("line ")
    with pytest.raises(FrontEndError):
        parse_oj_html(p)


def test_non_utf8_names_byte_offset(tmp_path):
    data = mini_act().encode("utf-8").replace("A test.".encode(), "Caf\xe9 test.".encode("latin-1"))
    p = write(tmp_path, data)
    with pytest.raises(FrontEndError) as e:
        load_source(p)
    assert "not valid UTF-8" in str(e.value) and "byte" in (e.value.location or "")


def test_no_recognisable_activities(tmp_path):
    p = write(tmp_path, HEAD + '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>'
              '<p class="norm">Article 1</p></body></html>')
    with pytest.raises(FrontEndError) as e:
        parse_eurlex_xhtml(p)
    assert "no activities recognised" in str(e.value) and "/html/body" in str(e.value)
    with pytest.raises(FrontEndError) as e:
        parse_oj_html(p)
    assert "no activities recognised" in str(e.value)


def test_activity_without_criteria_table(tmp_path):
    text = mini_act().split("<table>")[0] + "</body></html>"
    with pytest.raises(FrontEndError) as e:
        parse_eurlex_xhtml(write(tmp_path, text))
    assert "CCM-1.1 has no criteria table" in str(e.value)


def test_scripts_and_styles_are_not_text(tmp_path):
    crit = ('<p class="norm">1.  Safe <script>alert("x")</script>text.<style>p{}</style></p>'
            '<script>document.write("evil")</script>')
    act = parse_eurlex_xhtml(write(tmp_path, mini_act(crit)))
    texts = [b.text for b in act.activities[0].units[0].blocks]
    assert texts == ["Safe text."]


def test_external_entities_are_not_resolved(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET", encoding="utf-8")
    doctype = f'<!DOCTYPE html [<!ENTITY xxe SYSTEM "file://{secret}">]>'
    act = parse_eurlex_xhtml(write(tmp_path, mini_act('<p class="norm">1.  Leak &xxe; here.</p>', doctype)))
    texts = " ".join(b.text for b in act.activities[0].units[0].blocks)
    assert "TOP-SECRET" not in texts


def test_entity_expansion_bomb_is_refused(tmp_path):
    """Nested internal entities ("billion laughs"): libxml2 refuses the amplification; we report it cleanly."""
    ents = '<!ENTITY a "aaaaaaaaaa">' + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">'
                                                  for p, c in zip("abcdefg", "bcdefgh"))
    p = write(tmp_path, mini_act('<p class="norm">1.  Boom &h; end.</p>', f"<!DOCTYPE html [{ents}]>"))
    try:
        act = parse_eurlex_xhtml(p)
    except FrontEndError as e:
        assert str(p) in str(e) and "entity" in str(e).lower()
    else:
        assert all(len(b.text) < 1000 for b in act.activities[0].units[0].blocks)


def test_huge_attribute_is_harmless(tmp_path):
    crit = f'<p class="norm" title="{"x" * 2_000_000}">1.  Long attribute.</p>'
    act = parse_eurlex_xhtml(write(tmp_path, mini_act(crit)))
    assert act.activities[0].units[0].blocks[0].text == "Long attribute."


def test_remote_links_are_not_fetched(tmp_path):
    crit = ('<p class="norm">1.  See <a href="http://198.51.100.1/x.dtd">the link</a>.</p>'
            '<img src="http://198.51.100.1/pixel.png"/>')
    act = parse_eurlex_xhtml(write(tmp_path, mini_act(crit)))
    assert act.activities[0].units[0].blocks[0].text == "See the link."


def test_moderately_deep_nesting_is_text(tmp_path):
    crit = '<p class="norm">1.  ' + "<span>" * 150 + "deep" + "</span>" * 150 + " text.</p>"
    act = parse_eurlex_xhtml(write(tmp_path, mini_act(crit)))
    assert act.activities[0].units[0].blocks[0].text == "deep text."


def test_pathologically_deep_nesting_is_a_clear_error(tmp_path):
    crit = "<div>" * 5000 + "x" + "</div>" * 5000
    with pytest.raises(FrontEndError) as e:
        parse_eurlex_xhtml(write(tmp_path, mini_act(crit)))
    assert "line" in (e.value.location or "")


def test_find_in_corpus_unknown_version_lists_what_is_there(corpus):
    with pytest.raises(FrontEndError) as e:
        find_in_corpus(corpus, "32021R2139", "1999-01-01")
    msg = str(e.value)
    assert "2026-01-01" in msg and "CELEX:32021R2139" in msg and "regc fetch" in msg


def html5_act(body_criteria: str = "<p class=norm>1.&nbsp;&nbsp;The activity is fine.") -> str:
    """The same minimal act as a browser-saved HTML page: no XML declaration, named entities, unclosed <p>."""
    return mini_act().split("<body>")[0].split("<html")[0].replace(HEAD, "<!DOCTYPE html>") + (
        "<html><head><title>Consolidated TEXT: 32021R2139 — EN — 01.01.2026</title></head><body>"
        + mini_act().split("<body>")[1].replace('<p class="norm">1.  The activity is fine.</p>', body_criteria))


def test_plain_html_page_parses(tmp_path):
    act = load_source(write(tmp_path, html5_act(), "page.html"))
    a = act.activity("CCM-1.1")
    assert a.units[0].blocks[0].label == "1." and a.units[0].blocks[0].text == "The activity is fine."
    assert a.units[0].blocks[0].span.path.startswith("/html/body/")


def test_truncated_plain_html(tmp_path):
    p = write(tmp_path, html5_act()[:-300], "page.html")
    with pytest.raises(FrontEndError) as e:
        parse_eurlex_xhtml(p)
    assert "truncated HTML" in str(e.value) and (e.value.location or "").startswith("line ")


def test_duplicate_activity_is_an_error(tmp_path):
    text = mini_act()
    part = text[text.index('<p class="title-gr-seq-level-2">'):text.index("</body>")]
    with pytest.raises(FrontEndError) as e:
        parse_eurlex_xhtml(write(tmp_path, text.replace("</body>", part + "</body>")))
    assert "CCM-1.1 appears twice" in str(e.value) and "/html/body/p[" in str(e.value)


def test_unnumbered_level2_heading_is_not_an_activity(tmp_path):
    text = mini_act().replace("</body>", '<p class="title-gr-seq-level-2">Notes on this Annex</p>'
                                         '<p class="norm">Some note.</p></body>')
    act = parse_eurlex_xhtml(write(tmp_path, text))
    assert [a.activity_id for a in act.activities] == ["CCM-1.1"]
    assert all("Some note." not in b.text for b in act.activities[0].description)
