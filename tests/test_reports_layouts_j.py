"""Synth-j layout families (issue 12, H12n: j05 currency in each cell, j08 totals block on top, j09 amounts and
proportions in two tables, j11 share before amount): the fixes for their first-contact misses, as units with a
near miss each, and end to end on one seed per family (tuned on: not an unseen estimate)."""

from __future__ import annotations

import pytest

from regc.reports import rows as V
from regc.reports.cell_units import cell_currency, cell_unit, header_scale
from regc.reports.column_roles import percent_cell, roles
from regc.reports.extract import extract
from regc.reports.kpi_header import amount_column_x, unit_word
from regc.reports.kpi_tables import TableRow
from regc.reports.pdftree import Document, Page, Word
from regc.reports.score import score_pair
from regc.reports.split_tables import matched_rows
from regc.reports.table_extent import table_closed


def _w(x: float, text: str, y: float = 0.0) -> Word:
    return Word(x, y, x + 5 * len(text), y + 8, text)


def _page(lines: list[list[tuple[float, str]]]) -> Page:
    words = [_w(x, t, 10.0 * k) for k, cells in enumerate(lines) for x, t in cells]
    return Page(3, 600, 800, words, " ".join(w.text for w in words))


def _row(kind: str, label: str = "", code: str = "", **kw) -> TableRow:
    return TableRow(kind=kind, label=label or kind, page=4, y=0.0, code_text=code, **kw)


# --- j05: a currency sign glued to the figure; the scale alone in the header, the currency in the cells ---------

@pytest.mark.parametrize("token, value", [("€12.3", 12.3), ("€1\u2009206.0", 1206.0), ("(€5.0)", -5.0),
                                          ("£0.0", 0.0), ("12.3", 12.3)])
def test_glued_currency_sign_is_part_of_the_number(token, value):
    assert V.is_number(token) and V.parse_number(token) == value


def test_glued_sign_near_miss():
    assert not V.is_number("€") and not V.is_number("EUR12.3") and not V.is_number("€ 12.3")


HEAD = [(42, "Economic"), (192, "Code(s)"), (255, "Absolute"), (286, "Proportion"), (333, "Substantial"),
        (440, "CCM")]


def _cells_page(scale: str, sign: str, n: int = 3) -> Page:
    body = [[(42, "A."), (50, "TAXONOMY-ELIGIBLE")]]
    body += [[(42, "Solar"), (192, "CCM"), (205, "4.1"), (260 - 5 * len(sign), sign), (263, "274.4"), (299, "3.2"), (309, "%"),
              (324, "Y"), (340, "N/EL"), (360, "N/EL"), (380, "N/EL")] for _ in range(n)]
    return _page([HEAD, [(255, "turnover"), (269, scale)]] + body)


def test_scale_alone_with_the_currency_in_each_cell():
    assert header_scale(_cells_page("(million)", "EUR")) == 1e6
    assert cell_unit(_cells_page("(m)", "€")) == (1e6, "EUR")
    assert cell_unit(_cells_page("millions)", "EUR")) == (1e6, "EUR")


def test_scale_alone_near_misses():
    assert cell_unit(_cells_page("(million)", "")) is None  # no currency in the cells: no unit
    assert cell_unit(_cells_page("(million)", "EUR", n=2)) is None  # two cells are no evidence
    assert cell_unit(_cells_page("(ha)", "EUR")) is None  # no scale word in the header
    assert cell_currency([[_w(250, "EUR"), Word(300, 0, 320, 8, "274.4")]] * 3) is None  # set far from the figure


# --- j11: the proportion column left of the amount column, roles from the header and the units ---------------

def test_share_left_of_amount_by_header():
    row = [_w(249, "7.9"), Word(259, 0, 265, 8, "%"), _w(292, "128,165")]
    nums = [w for w in row if w.text != "%"]
    amount, share = roles(nums, row, share_x=254.0, amount_x=280.0)
    assert (amount.text, share.text) == ("128,165", "7.9")


def test_share_left_of_amount_near_misses():
    row = [_w(249, "128,165"), _w(299, "7.9"), Word(315, 0, 321, 8, "%")]
    nums = row[:2]
    # the template's order (amount header left of the proportion header): by position, as before
    amount, share = roles(nums, row, share_x=300.0, amount_x=255.0)
    assert (amount.text, share.text) == ("128,165", "7.9")
    amount, share = roles(nums, row, share_x=300.0, amount_x=None)  # no unit in the header: position
    assert (amount.text, share.text) == ("128,165", "7.9")


def test_percent_cell_with_a_lone_percent_sign_and_near_miss():
    near = [_w(364, "26.5"), Word(386, 0, 392, 8, "%")]
    far = [_w(300, "26.5"), Word(386, 0, 392, 8, "%")]
    assert percent_cell(near, near[0]) and not percent_cell(far, far[0])
    assert roles([near[0]], near, share_x=360.0) == (None, near[0])  # a proportions-only row: no amount
    assert roles([far[0]], far) == (far[0], None)


def test_unit_words_of_an_amount_header():
    assert unit_word("(EUR") and unit_word("(m)") and unit_word("(€") and unit_word("millions)")
    assert not unit_word("m") and not unit_word("%") and not unit_word("Proportion")  # unbracketed scale: no unit
    page = _page([[(42, "Economic"), (236, "Proportion"), (291, "Absolute"), (333, "Substantial")],
                  [(234, "of"), (241, "turnover"), (276, "turnover"), (301, "(EUR")],
                  [(287, "thousand)")], [(42, "A.1."), (55, "Environmentally")]])
    assert amount_column_x(page, [], 200.0) == pytest.approx(287 + 22.5)  # the leftmost unit word


# --- j08: the totals block printed on top of the activity rows --------------------------------------------------

def test_leading_totals_block_does_not_close_the_table():
    block = [_row("total"), _row("aligned_total"), _row("eligible_not_aligned_total"), _row("eligible_total"),
             _row("not_eligible_total")]
    assert not table_closed(block)
    assert not table_closed(block + [_row("section"), _row("activity", code="CCM 4.1")])


def test_totals_block_near_misses():
    # the total first, the B row after the activity rows: the table ends there (synth-f's total-first tables)
    assert table_closed([_row("total"), _row("activity", code="CCM 4.1"), _row("not_eligible_total")])
    assert table_closed([_row("activity", code="CCM 4.1"), _row("total")])  # the total last: closed


# --- j09: amounts and proportions in two tables on two pages ------------------------------------------------------

def test_amounts_half_joins_by_code_and_total_kind():
    half = [_row("section"), _row("activity", code="CCM 4.1", share=9.4), _row("activity", code="CCM 7.7", share=3.9),
            _row("aligned_total", share=26.5), _row("total", share=100.0)]
    amounts = [_row("activity", code="CCM 4.1", amount=255.3), _row("activity", code="CCM 7.7", amount=105.1),
               _row("aligned_total", amount=722.5), _row("total", amount=2726.0)]
    pairs = matched_rows(half, amounts)
    assert [(a.code_text or a.kind, b.amount) for a, b in pairs] == [
        ("CCM 4.1", 255.3), ("CCM 7.7", 105.1), ("aligned_total", 722.5), ("total", 2726.0)]


def test_amounts_half_near_miss():
    half = [_row("activity", code="CCM 4.1", share=9.4), _row("activity", code="CCM 7.7", share=3.9)]
    # another table's rows (a code the criteria half does not list, or in another order): no join
    assert matched_rows(half, [_row("activity", code="CCM 4.1", amount=1.0), _row("activity", code="CCM 6.5",
                                                                                  amount=2.0)]) is None
    assert matched_rows(half, [_row("activity", code="CCM 7.7", amount=2.0), _row("activity", code="CCM 4.1",
                                                                                  amount=1.0)]) is None


# --- end to end: one seed per layout family that missed at first contact ----------------------------------------

@pytest.mark.parametrize("family, seed", [("j05_currency_sign_each_amount", 1), ("j05_currency_sign_each_amount", 2),
                                          ("j08_totals_block_on_top", 1), ("j09_amounts_then_shares_table", 2),
                                          ("j11_share_before_amount", 3)])
def test_synth_j_layout_family_end_to_end(family, seed, tmp_path):
    from tests.reports_synth_j import build_document, gold_json, render

    doc = build_document(family, seed)
    render(doc, tmp_path / "j.pdf")
    s = score_pair(extract(Document(tmp_path / "j.pdf")), gold_json(doc))
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0 and s["rows"]["amount_acc"] == 1.0, s["fixed_misses"]


def test_share_left_of_amount_header_words_far_from_the_numbers():
    # a title 'Proportion of turnover ... (in € thousand)' over the label column is no column header (synth-e e09)
    row = [_w(220, "57,070"), _w(268, "4.6%")]
    amount, share = roles(row, row, share_x=63.0, amount_x=111.0)
    assert (amount.text, share.text) == ("57,070", "4.6%")


def test_amount_unit_left_aligned_over_both_years_near_miss():
    # 'Absolute Turnover in EUR thousand | % | (2022) Absolute ... EUR thousand | %' (synth-c c04): the current
    # year's unit word starts left of its right-aligned figures; it, not the prior year's, is the amount column
    page = _page([[(38, "Economic"), (248, "Absolute"), (299, "%"), (333, "Absolute"), (383, "%"), (417, "CCM")],
                  [(248, "EUR"), (264, "thousand"), (333, "EUR"), (348, "thousand")],
                  [(38, "Electricity"), (206, "4.1"), (276, "13,863"), (315, "1.3%"), (360, "13,361"), (399, "1.4%")]])
    assert amount_column_x(page, [], 265.0) == pytest.approx(248 + 7.5)
