"""Synth-f layouts (issue 12, helper H12j): the fixes for its first-contact misses, as units on small
constructed pages and end to end on one seed per family."""

from __future__ import annotations

import pytest

from regc.reports import kpi_tables as T
from regc.reports import rows as V
from regc.reports.pdftree import Page, Word


def page_of(rows: list[tuple[float, list[tuple[float, str]]]], width: float = 600, number: int = 1) -> Page:
    """A page from (baseline y, [(x0, word), ...]) rows; each word 5 pt per character wide, 7 pt high."""
    words = [Word(x, y - 7, x + 5 * len(t), y, t) for y, cells in rows for x, t in cells]
    return Page(number, width, 800, words, " ".join(w.text for w in words))


def _cells(x: float, text: str) -> list[tuple[float, str]]:
    """Words of a phrase starting at x (one space = 5 pt)."""
    out = []
    for w in text.split():
        out.append((x, w))
        x += 5 * len(w) + 5
    return out


HEADER = [(10, _cells(20, "Economic activities") + [(150, "Code"), (200, "Amount"), (260, "Proportion")]
           + _cells(330, "Substantial contribution")),
          (20, [(330, "CCM"), (370, "CCA")] + _cells(420, "DNSH") + [(500, "Minimum")]),
          (28, [(500, "safeguards")])]


def test_a_total_printed_first_opens_the_table():
    page = page_of(HEADER + [
        (40, _cells(20, "TOTAL (A+B)") + [(200, "100.0"), (260, "100.0%")]),
        (50, _cells(20, "A.1 Environmentally sustainable activities")),
        (60, _cells(20, "Solar power") + [(150, "CCM"), (170, "4.1"), (200, "20.0"), (260, "20.0%"), (335, "Y"),
                                           (375, "N"), (505, "Y")]),
        (70, _cells(20, "Turnover of aligned activities (A.1)") + [(200, "20.0"), (260, "20.0%")]),
        (80, _cells(20, "Turnover of non-eligible activities (B)") + [(200, "80.0"), (260, "80.0%")]),
        (90, _cells(20, "Revenue by segment") + [(200, "55.0"), (260, "12.0%")]),
    ])
    rows = T.read_page_rows(page, T.header_columns(page), ".")
    kinds = [r.kind for r in rows]
    assert kinds[0] == "total" and "activity" in kinds and "aligned_total" in kinds
    assert kinds[-1] == "not_eligible_total"  # the table ends with its B row when the total came first
    assert T.table_closed(rows) and not T.table_closed(rows[:1])


def test_negative_share_with_the_percent_inside_the_brackets():
    assert V.parse_number("(1.2%)") == -1.2 and V.is_percent("(1.2%)") and V.parse_number("(1,234)") == -1234.0


def test_compact_subtotal_labels_without_brackets():
    assert V.row_kind("Total A.1") == "aligned_total" and V.row_kind("Summe A.2") == "eligible_not_aligned_total"
    assert V.row_kind("Total A.1 + A.2") == "eligible_total"
    assert V.row_kind("Total A.1.2") == "sub_block_total"  # not the A.1 total: an A.1 sub-block's (issue 12, H12k)


def test_objective_after_the_section_and_hyphenated_objective_headers():
    assert V.parse_code("1.2 PPC", "CE") == ("PPC-1.2", [])
    assert V.parse_code("CCM 8.1 CCA 8.1") == ("CCM-8.1", ["CCA-8.1"])
    assert V.names_column("pollu-", ("pollution",)) and V.names_column("biologis-", ("biologisch",))
    assert not V.names_column("klima-", ("klimaschutz",))  # a stem shorter than half the word names nothing


def test_dash_amount_beside_a_not_applicable_share_is_zero():
    page = page_of(HEADER + [
        (40, _cells(20, "A.1 Environmentally sustainable activities")),
        (50, _cells(20, "Water supply") + [(150, "WTR"), (170, "2.2"), (200, "–"), (260, "n/a"), (335, "Y"),
                                            (505, "Y")]),
        (60, _cells(20, "Solar power") + [(150, "CCM"), (170, "4.1"), (200, "–"), (335, "Y"), (505, "Y")]),
    ])
    rows = [r for r in T.read_page_rows(page, T.header_columns(page), ".") if r.kind == "activity"]
    assert (rows[0].amount, rows[0].share) == (0.0, None)
    assert rows[1].amount is None  # a lone dash in a row (no other cell) stays unread, as before


def test_second_code_of_a_two_code_cell_is_no_amount():
    page = page_of(HEADER + [
        (40, _cells(20, "A.1 Environmentally sustainable activities")),
        (50, _cells(20, "Data processing") + [(150, "CCM"), (172, "8.1"), (190, "/"), (197, "CCA"), (217, "8.1"),
                                               (215 + 20, "0"), (260, "0.0%"), (335, "Y"), (375, "Y")]),
    ])
    row = next(r for r in T.read_page_rows(page, T.header_columns(page), ".") if r.kind == "activity")
    assert (row.amount, row.code_text) == (0.0, "CCM 8.1 / CCA 8.1")


def test_sc_shares_of_the_2021_template_read_as_answers():
    header = [(10, _cells(20, "Economic activities") + [(150, "Code"), (200, "Amount"), (250, "Proportion")]
               + _cells(300, "Substantial contribution")),
              (20, [(300, "Mitigation"), (360, "Adaptation"), (420, "Water")]),
              (28, _cells(470, "DNSH"))]
    page = page_of(header + [
        (40, _cells(20, "A.1 Environmentally sustainable activities")),
        (50, _cells(20, "Engineering") + [(150, "9.1"), (200, "1,234"), (250, "8.3%"), (310, "0.0%"),
                                           (370, "100.0%"), (430, "0.0%")]),
    ])
    row = next(r for r in T.read_page_rows(page, T.header_columns(page), ".") if r.kind == "activity")
    assert row.sc == {"CCM": "N", "CCA": "Y", "WTR": "N"} and row.share == 8.3


def _two_column_page() -> Page:
    """Running text in the left column, a compact KPI table ('SC CCM', 'SC CCA', 'MS') in the right one, the
    table rows on the same baselines as text lines."""
    prose = "the undertaking discloses how and to what extent its activities are associated with"
    table = [_cells(310, "Economic activities") + [(420, "Code"), (455, "EUR"), (500, "%"), (512, "SC"), (528, "SC"),
                                                   (546, "MS")],
             [(512, "CCM"), (528, "CCA")],
             _cells(310, "A.1. Environmentally sustainable activities"),
             _cells(310, "Solar power") + [(420, "CCM"), (440, "4.1"), (466, "86.5"), (493, "5.7%"), (516, "Y"),
                                           (528, "N/EL"), (548, "Y")],
             _cells(310, "Urban waste water") + [(420, "WTR"), (440, "2.2"), (463, "148.7"), (493, "9.7%"),
                                                  (512, "N/EL"), (528, "N/EL"), (548, "Y")],
             _cells(310, "Total A.1") + [(461, "235.2"), (488, "15.4%")],
             _cells(310, "A.2. Taxonomy-eligible but not aligned"),
             _cells(310, "Freight by road") + [(420, "CCM"), (440, "6.6"), (466, "95.4"), (493, "1.7%"), (515, "EL"),
                                               (528, "N/EL")],
             _cells(310, "Total A.2") + [(466, "95.4"), (493, "1.7%")],
             _cells(310, "TOTAL (A+B)") + [(456, "1,526.6"), (484, "100.0%")]]
    rows = [(60 + 10 * i, _cells(40, prose[:44] if i % 2 else prose[12:50]) + cells) for i, cells in enumerate(table)]
    rows += [(170 + 10 * i, _cells(40, prose[:44])) for i in range(4)]
    return page_of(rows)


def test_two_column_page_is_cut_at_its_gutter():
    from regc.reports.page_columns import column_pages

    page = _two_column_page()
    left, right = column_pages(page)
    assert all(w.x0 < 300 for w in left.words) and all(w.x0 >= 300 for w in right.words)
    assert T.is_kpi_page(right) and not T.is_kpi_page(left)  # 'SC' names the compact header's SC columns
    rows = T.read_page_rows(right, T.header_columns(right), ".")
    acts = [r for r in rows if r.kind == "activity"]
    assert [r.label for r in acts] == ["Solar power CCM 4.1", "Urban waste water WTR 2.2", "Freight by road CCM 6.6"]
    assert {r.kind for r in rows} >= {"aligned_total", "eligible_not_aligned_total", "total"}


def test_a_wide_table_is_not_cut():
    from regc.reports.page_columns import column_pages

    rows = [(40 + 10 * i, _cells(20, f"Activity number {i}") + [(150, "CCM"), (170, f"4.{i}"), (300, "12.0"),
                                                                   (340, "1.0%"), (380, "Y"), (420, "N")])
            for i in range(14)]
    assert len(column_pages(page_of(rows))) == 1


def test_a_summary_read_first_gives_way_to_the_full_template():
    summary = page_of([(10, _cells(20, "Turnover KPI summary") + _cells(330, "Substantial contribution DNSH")),
                       (20, [(200, "Amount"), (260, "Proportion"), (330, "CCM"), (370, "CCA")]),
                       (40, _cells(20, "Turnover of aligned activities (A.1)") + [(200, "20.0"), (260, "2.0%"),
                                                                                  (335, "Y"), (375, "N")]),
                       (50, _cells(20, "Turnover of eligible not aligned (A.2)") + [(200, "30.0"), (260, "3.0%"),
                                                                                    (335, "N"), (375, "N")]),
                       (60, _cells(20, "Total (A+B)") + [(200, "1,000.0"), (260, "100.0%"), (335, "N"), (375, "N")])],
                      number=3)
    annex = page_of([(5, _cells(20, "Proportion of turnover"))] + HEADER + [
        (40, _cells(20, "A.1 Environmentally sustainable activities")),
        (50, _cells(20, "Solar power") + [(150, "CCM"), (170, "4.1"), (200, "20.0"), (260, "2.0%"), (335, "Y"),
                                           (375, "N"), (425, "Y"), (505, "Y")]),
        (60, _cells(20, "Turnover of aligned activities (A.1)") + [(200, "20.0"), (260, "2.0%")]),
        (70, _cells(20, "Total (A+B)") + [(200, "1,000.0"), (260, "100.0%")])], number=9)
    st = T._Reading()
    T._read_part(st, summary, 3, 0, False)
    assert st.tables["turnover"].pages == [3] and not T.itemised(st.tables["turnover"].rows)
    T._read_part(st, annex, 9, 0, False)
    assert st.tables["turnover"].pages == [9] and T.itemised(st.tables["turnover"].rows)
    T._read_part(st, summary, 12, 0, False)  # a later summary does not replace the itemised table
    assert st.tables["turnover"].pages == [9]


@pytest.mark.parametrize("family, seed", [("f02_two_column_body", 1), ("f04_caption_k_parentheses", 3),
                                          ("f05_two_codes_letter_codes", 2), ("f06_sc_share_totals_total_first", 1),
                                          ("f10_de_2021_teur_pct_sc", 2)])
def test_synth_f_family_end_to_end(family, seed, tmp_path):
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document
    from regc.reports.score import score_pair
    from tests.reports_synth_f_eval import SYNTH

    doc = SYNTH.build_document(family, seed)
    pdf = tmp_path / f"{doc.name}.pdf"
    SYNTH.render(doc, pdf)
    s = score_pair(extract(Document(pdf)), SYNTH.gold_json(doc))
    assert s["fixed_exact"] == 1.0, s["fixed_misses"]
    assert s["rows"]["f1"] == 1.0 and s["rows"]["amount_acc"] == 1.0
