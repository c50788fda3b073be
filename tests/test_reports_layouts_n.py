"""Synth-n layout families (issue 12, H12r: n04 the KPI total in a chart caption, n07 amount and share in one
cell, n10 aligned / eligible column pairs, n11 template halves side by side): the fixes for their misses, as
units with a near miss each, and end to end on the repaired families (tuned on: not an unseen estimate)."""

from __future__ import annotations

import pytest

from regc.reports.bracket_shares import share_in_brackets
from regc.reports.caption_figures import caption_figures, caption_items
from regc.reports.extract import extract
from regc.reports.figure_lines import figure_line
from regc.reports.pdftree import Document, Line, Page, Word
from regc.reports.role_lists import _values, column_role, find_role_lists, read_role_lists
from regc.reports.score import score_pair
from regc.reports.side_halves import repeated_header_cut, side_halves


def _line(cells: list[tuple[float, str]], y: float = 0.0) -> Line:
    """Words at the given x, each 5 pt a character wide, separated as given."""
    return Line([Word(x, y, x + 5 * len(t), y + 8, t) for x, t in cells])


def _page(lines: list[Line], width: float = 842.0) -> Page:
    words = [w for line in lines for w in line.words]
    return Page(1, width, 595.0, words, "\n".join(line.text for line in lines))


# --- n07: '1,234.5 (12.3 %)': the share in brackets in the amount's cell is not negative ----------------------------

def _cell(amount: str, share: str, gap: float = 2.0, close: str = "%)") -> list[Word]:
    a = Word(100, 0, 100 + 5 * len(amount), 8, amount)
    s = Word(a.x1 + gap, 0, a.x1 + gap + 5 * len(share), 8, share)
    return [a, s] + ([Word(s.x1 + 1.5, 0, s.x1 + 11.5, 8, close)] if close else [])


@pytest.mark.parametrize("words", [_cell("53.9", "(3.0"), _cell("1,234.5", "(12.3%)", close=""),
                                   _cell("0.0", "(0.0")])
def test_bracketed_share_in_the_amount_cell(words):
    assert share_in_brackets(words, words[0], words[1])


@pytest.mark.parametrize("words", [
    _cell("53.9", "(3.0", gap=30.0),          # a column of its own: brackets keep their sign
    _cell("53.9", "(3.0)", close=""),         # a bracketed number, no percentage
    _cell("(53.9)", "(3.0"),                  # a negative amount
    _cell("53.9", "(3.0", close="m)"),        # not closed on '%'
])
def test_bracketed_share_near_misses(words):
    assert not share_in_brackets(words, words[0], words[1])


# --- n04: the KPI total in a chart caption, the shares in its legend ------------------------------------------------

_LEGEND = _line([(40, "Taxonomy-aligned:"), (130, "11.9"), (152, "%"), (230, "Taxonomy-eligible,"), (322, "not"),
                 (340, "aligned:"), (382, "16.4"), (404, "%"), (440, "Not"), (458, "Taxonomy-eligible:"),
                 (550, "71.6"), (572, "%")], y=95)
_CAPTION = _line([(40, "Total"), (67, "turnover:"), (115, "3,928.2"), (152, "€"), (159, "m")], y=107)


def test_caption_block_gives_total_and_shares():
    assert caption_items(_CAPTION) == [("Total turnover:", "3,928.2", "€ m")]
    found, mult = caption_figures(_page([_LEGEND, _CAPTION]), "turnover")
    assert found == {"total": ("3,928.2", None), "aligned": (None, "11.9 %"),
                     "eligible_not_aligned": (None, "16.4 %"), "not_eligible": (None, "71.6 %")}
    assert mult == 1e6


def test_caption_near_misses():
    assert caption_figures(_page([_LEGEND, _CAPTION]), "capex") == ({}, None)  # the block names another KPI
    far = _line([(40, "Total"), (67, "turnover:"), (115, "3,928.2"), (152, "€"), (159, "m")], y=140)
    assert caption_figures(_page([_LEGEND, far]), "turnover")[0] == {"total": ("3,928.2", None)}  # legend apart
    assert caption_items(_line([(40, "Total"), (67, "turnover:"), (115, "3,928.2"), (152, "employees")])) is None
    assert caption_items(_line([(40, "Turnover"), (82, "2024:"), (110, "Taxonomy"), (160, "split")])) is None
    both = _line([(40, "Total"), (67, "turnover:"), (115, "3,928.2"), (152, "€"), (159, "m"), (230, "Total"),
                  (257, "CapEx:"), (290, "12.0"), (312, "€"), (319, "m")], y=120)
    assert caption_figures(_page([both]), "turnover") == ({}, None)  # two KPIs named: not read


# --- n10: one row per activity, an aligned and an eligible-not-aligned amount / share pair --------------------------

_PAIR_PAGE = _page([
    _line([(40, "Proportion"), (95, "of"), (110, "turnover"), (160, "–"), (170, "disclosure")], y=66),
    _line([(42, "Economic"), (88, "activities"), (252, "Code(s)"), (320, "Taxonomy-aligned"), (402, "(A.1)"),
           (460, "Taxonomy-eligible,"), (552, "not"), (570, "aligned"), (608, "(A.2)")], y=79),
    _line([(306, "Turnover"), (348, "(€"), (362, "m)"), (400, "%"), (408, "of"), (420, "total"), (460, "Turnover"),
           (502, "(€"), (516, "m)"), (555, "%"), (563, "of"), (575, "total")], y=88),
    _line([(42, "Renovation"), (98, "of"), (112, "buildings"), (252, "CCM"), (272, "7.2"), (341, "261.0"),
           (400, "3.1"), (418, "%")], y=107),
    _line([(42, "Acquisition"), (100, "of"), (114, "buildings"), (252, "CCM"), (272, "7.7"), (341, "164.4"),
           (400, "2.0"), (418, "%"), (495, "0.0"), (555, "0.0"), (573, "%")], y=117),
    _line([(42, "Total"), (336, "425.4"), (400, "5.1"), (418, "%"), (490, "903.3"), (550, "10.9"), (573, "%")], y=157),
])


def test_role_list_pairs_with_percent_words():
    (rl,) = read_role_lists(_PAIR_PAGE)
    assert rl.kpi == "turnover"
    rows = {label.split(" CCM ")[1]: cells for label, cells in rl.rows}
    assert rows["7.2"] == {("aligned", "amount"): (261.0, "261.0"), ("aligned", "share"): (3.1, "3.1 %")}
    assert rows["7.7"][("eligible_not_aligned", "amount")] == (0.0, "0.0")
    assert rows["7.7"][("eligible_not_aligned", "share")] == (0.0, "0.0 %")
    assert rl.total[("aligned", "amount")] == (425.4, "425.4") and rl.total[("aligned", "share")] == (5.1, "5.1 %")


def test_role_list_near_misses():
    # '% of total turnover' is the share's denominator, a 'Total' column's header is not
    assert column_role("% of total turnover") == (None, True) and column_role("Total EURm") == ("total", False)
    # a total row keeps its amount ('Total 57.5 12.0 %'); a label without a code still takes its code token
    assert _values(_line([(42, "Total"), (336, "57.5"), (400, "12.0"), (418, "%")]))[0] == "Total"
    assert _values(_line([(42, "Buildings"), (252, "7.7"), (336, "57.5"), (400, "12.0")]))[0] == "Buildings 7.7"


class _Doc:
    def __init__(self, page):
        self._page = page

    def page(self, n):
        return self._page


def test_role_list_needs_a_value_under_a_role_column():
    assert set(find_role_lists(_Doc(_PAIR_PAGE), [_PAIR_PAGE.text])) == {"turnover"}
    # a template's total rows under a title naming the roles: label rows, no value under a role column
    totals = _page([
        _line([(40, "Proportion"), (95, "of"), (110, "OpEx")], y=66),
        _line([(42, "OpEx"), (70, "of"), (82, "Taxonomy-aligned"), (170, "(A.1)"), (430, "Taxonomy-eligible,"),
               (520, "not"), (540, "aligned")], y=79),
        _line([(42, "A."), (52, "OpEx"), (80, "(A.1+A.2)"), (128, "CCM"), (150, "7.1"), (700, "0.0"), (760, "0.0"),
               (780, "%")], y=100)])
    assert read_role_lists(totals) and find_role_lists(_Doc(totals), [totals.text]) == {}


def test_summary_line_with_percent_word_is_a_figure_line():
    line = _line([(42, "Total"), (70, "turnover"), (115, "(A"), (130, "+"), (138, "B)"), (336, "8,287.8"),
                  (400, "100.0"), (428, "%")])
    assert figure_line(line) == ("turnover", "total", "8,287.8", "100.0 %")
    assert figure_line(_line([(42, "Total"), (70, "turnover"), (336, "8,287.8"), (400, "100.0"), (428, "%"),
                              (450, "12.0")])) is None  # three values: not a figure line


# --- n11: the template's halves side by side, the header repeated over the right half --------------------------------

_HEAD = [(41.5, "Economic"), (67, "activities"), (145.5, "Code(s)"), (198, "Absolute"), (227, "Proportion")]


def _halves_page(shift: float = 390.0, labels: bool = True) -> Page:
    right = [(x + shift, t) for x, t in _HEAD]
    rows = [_line([(41.5, "Repair"), (145.5, "CE"), (160, "5.1"), (206, "532.6"), (240, "7.2")]
                  + ([(41.5 + shift, "Urban"), (145.5 + shift, "WTR"), (160 + shift, "2.2"), (206 + shift, "295.7")]
                     if labels else []), y=100 + 10 * i) for i in range(3)]
    return _page([_line([(40, "Proportion"), (95, "of"), (110, "turnover")], y=66), _line(_HEAD + right, y=79), *rows])


def test_side_by_side_halves_are_cut_at_the_right_header():
    left, right = side_halves(_halves_page())
    assert "Urban" not in left.text and "Repair" not in right.text
    assert right.text.split()[:2] == ["Economic", "activities"] and "Proportion of turnover" in left.text


def test_side_by_side_near_misses():
    assert len(side_halves(_halves_page(labels=False))) == 1  # no row labels under the second copy
    assert len(side_halves(_halves_page(shift=120.0))) == 1  # shifted less than a quarter of the page
    objectives = _line([(258 + 16 * i, t) for i, t in enumerate(["CCM", "CCA", "WTR", "PPC", "CE", "BIO"] * 2)])
    assert repeated_header_cut(objectives, 842.0) is None  # SC / DNSH objective headers: no text word, not at left
    years = _line([(300, "Amount"), (340, "Share"), (500, "Amount"), (540, "Share"), (600, "x")])
    assert repeated_header_cut(years, 842.0) is None


# --- end to end on the repaired families (in-sample) ----------------------------------------------------------------

@pytest.mark.parametrize("family", ["n04_split_bar_total_in_caption", "n07_amount_share_one_cell",
                                    "n10_aligned_eligible_column_pairs", "n11_template_halves_side_by_side"])
def test_synth_n_layout_family_end_to_end(family, tmp_path):
    from tests.reports_synth_n import build_document, gold_json, render

    doc = build_document(family, 1)
    render(doc, tmp_path / "n.pdf")
    s = score_pair(extract(Document(tmp_path / "n.pdf")), gold_json(doc))
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0 and s["rows"]["amount_acc"] == 1.0
