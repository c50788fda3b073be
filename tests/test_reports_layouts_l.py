"""Synth-l layout families (issue 12, H12p: l07 a 'Year' column with an N-1 line under each row, l09 German
TEUR with a trailing minus, l10 the code in the name cell): the fixes for their misses, as units with a near
miss each, and end to end on the repaired families (tuned on: not an unseen estimate)."""

from __future__ import annotations

import pytest

from regc.reports import rows as V
from regc.reports.extract import extract
from regc.reports.kpi_tables import label_split
from regc.reports.pdftree import Document, Line, Word
from regc.reports.score import score_pair
from regc.reports.year_columns import year_qualified


def _line(cells: list[tuple[float, str]], y: float = 0.0) -> Line:
    """Words at the given x, each 5 pt a character wide."""
    return Line([Word(x, y, x + 5 * len(t), y + 8, t) for x, t in cells])


# --- l09: a minus sign printed after the figure ('3.171-', '2,1- %') -----------------------------------------------

@pytest.mark.parametrize("token, value", [("3.171-", -3171.0), ("12.325-", -12325.0), ("2,1- %", -2.1),
                                          ("1,0-%", -1.0), ("3.171", 3171.0), ("-3.171", -3171.0), ("(2,1) %", -2.1)])
def test_trailing_minus_is_negative(token, value):
    assert V.is_number(token) and V.parse_number(token, decimal=",") == value


def test_trailing_minus_near_misses():
    # a range or a hyphenated word is no number; a lone dash stays an empty (zero) cell
    assert not V.is_number("12-15") and not V.is_number("3.171--") and not V.is_number("Elektro-")
    assert V.parse_number("-") == 0.0 and V.parse_number("–") == 0.0


# --- amounts as the exact decimal product of the printed figure and its unit ----------------------------------------

def test_scaled_amounts_carry_no_float_artefact():
    assert 535.7 * 1e6 != 535700000.0  # the float product the extractor used to print
    assert repr(V.scaled(535.7, 1e6)) == "535700000.0" and V.scaled(-3171.0, 1e3) == -3171000.0
    assert V.scaled(0.29 * 100, 0.01) == 0.29 and V.scaled(34.8, 0.01) == 0.348  # shares: rounded to 10 places
    assert V.scaled(1.25, 1e9) == 1250000000.0 and V.scaled(0.0, 1e6) == 0.0


# --- l07: a 'Year' column qualifies each row; the N-1 line under it is not read -------------------------------------

_HEAD = [_line([(40, "Economic"), (90, "activities"), (200, "Code(s)"), (250, "Year"), (300, "Absolute")])]


def _pair(name: str, amount: str, prev: str, y: float) -> list[Line]:
    return [_line([(40, name), (200, "CCM"), (220, "7.5"), (250, "2024"), (300, amount), (350, "4.4"), (370, "%")], y),
            _line([(250, "2023"), (300, prev), (350, "4.9"), (370, "%")], y + 10)]


def test_year_column_keeps_the_latest_year_without_its_year_cell():
    body = _pair("Installation", "91,359", "99,336", 20) + _pair("Transport", "183,504", "122,263", 40)
    got = [line.text for line in year_qualified(body, _HEAD)]
    assert got == ["Installation CCM 7.5 91,359 4.4 %", "Transport CCM 7.5 183,504 4.4 %"]


def test_year_column_near_misses():
    body = _pair("Installation", "91,359", "99,336", 20)
    # no 'Year' header: a '2024' cell is left to the reader
    plain = [_line([(40, "Economic"), (200, "Code(s)"), (300, "Absolute")])]
    assert year_qualified(body, plain) == body
    # 'year' inside a longer header cell ('Proportion of turnover year ...'): no year column
    prose = [_line([(40, "Economic"), (230, "turnover"), (250, "year"), (268, "N")])]
    assert year_qualified(body, prose) == body
    # one year only under the header (an amount that looks like a year, no N-1 line): nothing dropped
    assert year_qualified(body[:1], _HEAD) == body[:1]
    # a year far from the 'Year' header (in the amount column) is no qualifier
    far = [_line([(40, "Solar"), (300, "2024")], 20), _line([(40, "Wind"), (300, "2019")], 30)]
    assert year_qualified(far, _HEAD) == far


# --- l10: the code in the name cell ('CCM 7.2 – Renovation ...', 'CCA 8.2: Computer ...') ------------------------

def test_dash_between_code_and_name_is_label_text():
    line = Line([Word(42, 0, 53, 8, "CCM"), Word(55, 0, 64, 8, "7.2"), Word(66, 0, 69, 8, "–"),
                 Word(70, 0, 100, 8, "Renovation"), Word(102, 0, 110, 8, "of"), Word(112, 0, 140, 8, "buildings"),
                 Word(270, 0, 278, 8, "0.0"), Word(299, 0, 308, 8, "0.0"), Word(309, 0, 314, 8, "%")])
    assert [w.text for w in line.words[label_split(line, []):]] == ["0.0", "0.0", "%"]


def test_dash_cell_a_cell_gap_away_stays_a_value():
    line = Line([Word(42, 0, 53, 8, "CCM"), Word(55, 0, 64, 8, "7.2"), Word(66, 0, 100, 8, "Renovation"),
                 Word(270, 0, 274, 8, "–"), Word(299, 0, 308, 8, "0.0"), Word(309, 0, 314, 8, "%")])
    assert line.words[label_split(line, [])].text == "–"


def test_code_with_a_colon_is_a_code_token():
    assert V.CODE_TOKEN.match("8.2:") and V.parse_code("CCA 8.2: Computer programming")[0] == "CCA-8.2"
    line = _line([(42, "CCA"), (60, "8.2:"), (85, "Computer"), (135, "programming"), (270, "0.0"), (299, "0.0"),
                  (309, "%")])
    assert [w.text for w in line.words[label_split(line, []):]] == ["0.0", "0.0", "%"]
    assert not V.CODE_TOKEN.match("8.2:1") and not V.CODE_TOKEN.match("82:")  # near misses: no section


# --- end to end: the repaired families ------------------------------------------------------------------------------

@pytest.mark.parametrize("family, seed", [("l07_year_row_pairs", 1), ("l09_de_trailing_minus_teur", 1),
                                          ("l10_code_in_name_cell", 1), ("l10_code_in_name_cell", 2)])
def test_synth_l_layout_family_end_to_end(family, seed, tmp_path):
    from tests.reports_synth_l import build_document, gold_json, render

    doc = build_document(family, seed)
    render(doc, tmp_path / "l.pdf")
    s = score_pair(extract(Document(tmp_path / "l.pdf")), gold_json(doc))
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0 and s["rows"]["amount_acc"] == 1.0, s["fixed_misses"]
