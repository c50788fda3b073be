"""Synth-k layout families (issue 12, H12o: k02 local objective abbreviations, k05 single-letter DNSH sub-headers
and a unit wrapped onto a third header line, k06 the previous year's template above the report year's, k07 KPIs
in running text, k09 the amount column group at the right, k11 the A.1 total in the first of two tables): the
fixes for their misses, as units with a near miss each, and end to end on one seed per family (tuned on: not
an unseen estimate)."""

from __future__ import annotations

import pytest

from regc.reports import annex_languages as L
from regc.reports import rows as V
from regc.reports.dnsh_letters import letter_columns
from regc.reports.extract import extract
from regc.reports.header_stacks import bracket_stacks
from regc.reports.kpi_header import header_columns, title_year
from regc.reports.kpi_tables import page_multiplier, table_segments
from regc.reports.narrative import narrative_block
from regc.reports.pdftree import Document, Line, Page, Word
from regc.reports.score import score_pair
from regc.reports.year_columns import amount_group_x


def _w(x: float, text: str, y: float = 0.0) -> Word:
    return Word(x, y, x + 5 * len(text), y + 8, text)


def _page(lines: list[list[tuple[float, str]]], pitch: float = 10.0) -> Page:
    words = [_w(x, t, pitch * k) for k, cells in enumerate(lines) for x, t in cells]
    return Page(3, 600, 800, words, " ".join(w.text for w in words))


# --- k02: the objective abbreviations of the report's language, in code cells and column headers -----------------

@pytest.mark.parametrize("printed, code", [("MIT 7.1", "CCM-7.1"), ("ADAPT 9.1", "CCA-9.1"), ("AGUA 2.2", "WTR-2.2"),
                                           ("CONT 1.2", "PPC-1.2"), ("EC 5.4", "CE-5.4"), ("EAU 2.2", "WTR-2.2"),
                                           ("POL 1.2", "PPC-1.2"), ("ACQ 2.2", "WTR-2.2"), ("INQ 1.2", "PPC-1.2"),
                                           ("CCM 7.2", "CCM-7.2")])
def test_local_objective_code_prefixes(printed, code):
    assert V.parse_code(printed)[0] == code and V.OBJ_TOKEN.match(printed.split()[0])


def test_local_code_prefix_near_misses():
    # a prefix glued inside a longer word is no objective; lower case is running text, not a code cell
    assert V.parse_code("SUBMIT 7.1", "CE")[0] == "CE-7.1"
    assert V.parse_code("mit 7.1", "CE")[0] == "CE-7.1"
    assert not V.OBJ_TOKEN.match("Mit") and not V.OBJ_TOKEN.match("ADAPTED")


def test_objective_abbreviations_are_data_per_language():
    table = L.objective_abbreviations()
    assert table["ADAPT"] == "CCA" and table["ATT"] == "CCM" and table["INQ"] == "PPC" and table["MAC"] == "CCM"
    assert set(table.values()) <= set(V.OBJECTIVES)
    assert V.OBJECTIVE_ABBREVIATIONS["AGUA"] == "WTR" and V.OBJECTIVE_ABBREVIATIONS["CCM"] == "CCM"


def test_local_abbreviation_headers_name_sc_and_dnsh_columns():
    page = _page([[(40, "Economic"), (200, "Code(s)"), (330, "Substantial"), (450, "DNSH")],
                  [(320, "MIT"), (340, "ADAPT"), (370, "AGUA"), (400, "CONT"), (440, "MIT"), (460, "ADAPT")],
                  [(40, "Solar"), (200, "MIT"), (215, "4.1"), (260, "274.4"), (299, "3.2%"), (322, "S"), (342, "N")]])
    cols = {(c.role, c.group) for c in header_columns(page)}
    assert {("CCM", "sc"), ("CCA", "sc"), ("WTR", "sc"), ("PPC", "sc"), ("CCM", "dnsh"), ("CCA", "dnsh")} <= cols


# --- k05: single-letter DNSH sub-headers; a unit wrapped under them ------------------------------------------------

SC = {"CCM": [326.0], "CCA": [346.0], "WTR": [366.0], "PPC": [386.0], "CE": [406.0], "BIO": [426.0]}


def _letters(texts, x0: float = 446.0) -> list[Line]:
    return [Line([Word(x0 + 20 * i, 0, x0 + 20 * i + 6, 8, t) for i, t in enumerate(texts)])]


def test_dnsh_letters_mirror_the_sc_columns():
    got = letter_columns(_letters("ABCDEF"), SC, dnsh_named=True)
    assert [r for r, _ in got] == ["CCM", "CCA", "WTR", "PPC", "CE", "BIO"] and got[0][1] == pytest.approx(449.0)
    # no SC columns read: six letters are the template's order
    assert [r for r, _ in letter_columns(_letters("ABCDEF"), {}, dnsh_named=True)][3:] == ["PPC", "CE", "BIO"]


def test_dnsh_letters_near_misses():
    assert letter_columns(_letters("ABDCEF"), SC, dnsh_named=True) == []  # not the sequence
    assert letter_columns(_letters("ABCD"), SC, dnsh_named=True) == []  # four letters, six SC columns
    assert letter_columns(_letters("ABCDEF", x0=300.0), SC, dnsh_named=True) == []  # left of the SC columns
    assert letter_columns(_letters("ABCDEF"), SC, dnsh_named=False) == []  # no DNSH group in the header


def test_unit_wrapped_in_its_column_under_other_header_lines():
    lines = [[(40, "Economic"), (255, "Absolute"), (300, "Proportion"), (330, "Substantial"), (440, "DNSH")],
             [(255, "turnover"), (262, "(EUR"), (300, "of"), (440, "Harm')")],
             [(258, "thousand)"), (440, "activity")],
             [(326, "CCM"), (346, "CCA"), (446, "A"), (466, "B")],
             [(40, "Solar"), (200, "CCM"), (215, "4.1"), (262, "274,4"), (299, "3.2%"), (326, "Y"), (346, "N/EL")]]
    page = _page(lines, pitch=7.0)
    assert page_multiplier(page) == 1e3 and V.unit_multiplier(" ".join(l.text for l in page.lines)) is None


def test_bracket_stack_near_misses():
    far = [Line([Word(262, 0, 282, 6, "(EUR")]), Line([Word(400, 7, 430, 13, "thousand)")])]  # not in its column
    closed = [Line([Word(262, 0, 292, 6, "(EUR)")]), Line([Word(262, 7, 292, 13, "thousand)")])]
    assert bracket_stacks(far) == [] and bracket_stacks(closed) == []


# --- k06: the previous year's template above the report year's ----------------------------------------------------

def _titled(year: str) -> Page:
    return _page([[(40, "Group"), (70, "report"), (100, "2024")],
                  [(40, "Proportion"), (90, "of"), (100, "turnover"), (150, "covering"), (190, "year"), (210, year)],
                  [(40, "Economic"), (200, "Code(s)"), (330, "Substantial"), (400, "contribution")],
                  [(40, "Solar"), (200, "CCM"), (215, "4.1"), (260, "274.4"), (299, "3.2%"), (322, "Y"), (342, "N")]])


def test_title_year_from_the_title_not_the_running_head():
    assert title_year(_titled("2023")) == 2023 and title_year(_titled("2024")) == 2024
    untitled = _page([[(40, "Annual"), (80, "Report"), (120, "2024")], [(40, "Economic"), (330, "Substantial")],
                      [(40, "Solar"), (200, "CCM"), (215, "4.1"), (260, "274.4"), (299, "3.2%"), (322, "Y")]])
    assert title_year(untitled) is None  # a running head names no table's year


# --- k11: the A.1 total's wrapped label stays with the first table on the page --------------------------------------

def test_wrapped_total_label_stays_with_its_table_part():
    head = [(40, "Economic"), (200, "Code(s)"), (330, "Substantial"), (400, "contribution")]
    row = [(40, "Solar"), (200, "CCM"), (215, "4.1"), (260, "274.4"), (299, "3.2%"), (322, "Y"), (342, "N")]
    lines = [head, row, row, [(40, "Turnover"), (90, "of"), (100, "sustainable"), (260, "548.8"), (299, "6.4%")],
             [(40, "activities"), (90, "(A.1)")], [], [(40, "Second"), (80, "table")], head, row]
    words = [_w(x, t, [0, 10, 20, 30, 37, 47, 60, 70, 80][k]) for k, cells in enumerate(lines) for x, t in cells]
    parts = table_segments(Page(3, 600, 800, words, " ".join(w.text for w in words)))
    assert len(parts) == 2 and parts[0].lines[-1].text == "activities (A.1)"
    assert parts[1].lines[0].text == "Second table"  # the next table's title is not a continuation


# --- k09: the amounts in a column group at the right, N and N-1 ----------------------------------------------------

def test_amount_group_right_takes_the_report_year():
    head = [Line([_w(600, "Absolute"), _w(645, "(EUR"), _w(668, "m)")]), Line([_w(326, "CCM"), _w(598, "2024"),
                                                                               _w(644, "2023")])]
    assert amount_group_x(head, 500.0) == pytest.approx(608.0)
    reordered = [head[0], Line([_w(598, "2023"), _w(644, "2024")])]
    assert amount_group_x(reordered, 500.0) == pytest.approx(654.0)


def test_amount_group_near_misses():
    one_year = [Line([_w(600, "Absolute"), _w(645, "(EUR")]), Line([_w(598, "2024")])]
    no_unit = [Line([_w(600, "Absolute"), _w(645, "turnover")]), Line([_w(598, "2024"), _w(644, "2023")])]
    left = [Line([_w(250, "Absolute"), _w(270, "(EUR")]), Line([_w(250, "2024"), _w(290, "2023")])]
    assert amount_group_x(one_year, 500.0) is None and amount_group_x(no_unit, 500.0) is None
    assert amount_group_x(left, 500.0) is None  # left of the objective columns: the template's own amount column


# --- k07: the KPIs in running text ----------------------------------------------------------------------------------

def test_share_after_or_and_a_further_sentence():
    text = ("In 2024, Taxonomy-aligned turnover amounted to EUR 1,833.4 million, or 33.6 % of total turnover of "
            "EUR 5,462.9 million. A further EUR 1,564.5 million (28.6 %) was Taxonomy-eligible but not "
            "Taxonomy-aligned.")
    b = narrative_block([text], "turnover")
    assert b["aligned"] == {"amount": 1833400000.0, "share": 0.336} and b["total"] == 5462900000.0
    assert b["eligible_not_aligned"] == {"amount": 1564500000.0, "share": 0.286}


def test_narrative_near_misses():
    # a sentence that neither names the KPI nor goes on about it gives the KPI nothing; a share needs its '%'
    text = ("Taxonomy-aligned turnover amounted to EUR 1,833.4 million, or 33.6 of total turnover. Our staff "
            "costs of EUR 150.0 million (3.0 %) were not Taxonomy-aligned.")
    b = narrative_block([text], "turnover")
    assert b["aligned"] == {"amount": 1833400000.0, "share": None} and b["eligible_not_aligned"]["amount"] is None


# --- end to end: one seed per layout family that missed ------------------------------------------------------------

@pytest.mark.parametrize("family, seed", [("k02_es_mit_adapt_codes", 1), ("k05_dnsh_single_letters", 2),
                                          ("k06_prev_year_table_above", 1), ("k07_narrative_kpis_rows_appendix", 3),
                                          ("k09_amounts_group_right", 2), ("k11_a2_second_table", 1)])
def test_synth_k_layout_family_end_to_end(family, seed, tmp_path):
    from tests.reports_synth_k import build_document, gold_json, render

    doc = build_document(family, seed)
    render(doc, tmp_path / "k.pdf")
    s = score_pair(extract(Document(tmp_path / "k.pdf")), gold_json(doc))
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0 and s["rows"]["amount_acc"] == 1.0, s["fixed_misses"]
