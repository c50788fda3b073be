"""Synth-n layout families: one builder per family fills ``doc.kpis`` (synth-f figures; ``null_amounts`` names the
roles whose amount the report does not print), ``doc.style`` and ``doc.pages`` (synth-f drawing operations), mostly
through synth-l's ``build`` with a family ``Shape``.

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "n05_opex_exemption_zero_numerator", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["n05_opex_exemption_zero_numerator"](d, random.Random(1)); (d.kpis["opex"].a1, d.kpis["opex"].a2)
(0, 0)
"""

from __future__ import annotations

from tests.reports_synth_f_layout import draw_table, fmt_number, text_width
from tests.reports_synth_f_model import KPIS
from tests.reports_synth_f_words import OBJECTIVES
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import kpi_table, labels
from tests.reports_synth_l_families import Shape, _kpis, _title, build
from tests.reports_synth_l_tables import compact
from tests.reports_synth_m_tables import MStyle, totals_only
from tests.reports_synth_n_tables import (code_last_line, drop_b_rows, gutter, halves, legend_cells, one_cell,
                                          pair_table, sector_headings, split_bar)
from tests.reports_synth_n_words import (CHART_NOTE, CHART_TITLE, CHART_UNIT, IS_UNIT, OPEX_EXEMPTION, OPEX_UNIT,
                                         SECTION_BANDS, SECTOR_FORMS, SNAKE_NOTE)

M, K = (1e6, 1), (1e3, 0)
SPREAD = (1190.0, 842.0)  # two A4 portrait pages side by side on one PDF page


def n01(doc, rng):
    """Icelandic template (an EEA issuer), ISK million "(millj. kr.)", "1.234,5", Já / Nei."""
    st = MStyle(lang="is", dec=",", thou=".", yes="Já", no="Nei", unit=IS_UNIT, size=5.5, header_size=5.0)
    build(doc, rng, st, M, currency="ISK")


def n02(doc, rng):
    """Each template on a PDF page that is a two-page spread (two printed page numbers, two running headers):
    name, code, amount and share on the left page, a blank gutter, the criteria columns on the right page."""
    st = MStyle(unit="(€ m)")
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape())
    half = SPREAD[0] / 2
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.offset += 1  # the right-hand page carries the next printed number
        page = pager.new_page(size=SPREAD, rotate=0)
        page.text(40, SPREAD[1] - 22, str(pager.pno + pager.offset - 1), 7)
        page.text(half + 40, 28, f"Sustainability statement · EU Taxonomy {doc.year}", 7)
        pager.paragraph(labels(st, key)["title"].replace("{y}", str(doc.year)), 9, x1=half - 40)
        spec = kpi_table(st, kpi, rng, doc.year)
        gutter(spec, st, kpi, doc.year, left=half - 80, gap=80)
        kpi.pages = draw_table(pager, spec)
    doc.pages = pager.pages


def n03(doc, rng):
    """The 2023 template's legend cells: "Y; N; N/EL" under each SC objective, "Y/N" under DNSH and minimum
    safeguards, "EL; N/EL" in the SC columns of the A.2 label row."""
    build(doc, rng, MStyle(unit="(€ m)", size=5.5, header_size=5.0), M,
          shape=Shape(reshape=lambda spec, st, kpi, year, _: legend_cells(spec, st, kpi, year)))


def n04(doc, rng):
    """A stacked bar of the A.1 / A.2 / B split above each table, the shares in its legend and the KPI total only in
    its caption; the table stops at the A (A.1 + A.2) total (no B rows, no TOTAL row: the B amount is null)."""
    def chart(pager, st, kpi, doc, rng):
        pager.paragraph(CHART_TITLE.format(K=labels(st, kpi.key)["kpi"][kpi.key], y=doc.year), 9)
        pager.y = split_bar(pager.page, st, kpi, pager.y, unit=CHART_UNIT)

    def reshape(spec, st, kpi, year, _):
        drop_b_rows(spec, st, kpi)
        kpi.null_amounts = {"not_eligible"}
    build(doc, rng, MStyle(unit="(€ m)"), M, shape=Shape(before=chart, reshape=reshape, notes=(CHART_NOTE,)))


def zero_numerator(kpi, keep_rows: bool) -> None:
    """The OpEx exemption: every eligible activity at zero in A.2 (one row per code; none without ``keep_rows``)."""
    rows = {}
    for r in kpi.rows if keep_rows else ():
        if r.activity.code in rows:
            continue
        r.group, r.units, r.pct10, r.also = "A.2", 0, 0, []
        r.sc = {o: ("EL" if o == r.activity.objective else "N/EL") for o in OBJECTIVES}
        r.dnsh, r.ms, r.category = {}, None, None
        rows[r.activity.code] = r
    kpi.rows = list(rows.values())


def n05(doc, rng):
    """OpEx exemption (materiality) statement above an OpEx template whose numerator is zero: A.1 and A.2 at 0.0,
    B = the total at 100 %; odd seeds the totals only, even seeds the eligible activities listed at 0.0."""
    keep = doc.seed % 2 == 0

    def statement(pager, st, kpi, doc, rng):
        if kpi.key == "opex":
            zero_numerator(kpi, keep)
            ratio = fmt_number(rng.uniform(1.2, 4.8), 1, ".", ",")
            pager.paragraph(OPEX_EXEMPTION.format(amount=st.amount(kpi.total, kpi.decimals), unit=OPEX_UNIT,
                                                  ratio=ratio), 7.5)

    def reshape(spec, st, kpi, year, _):
        if kpi.key == "opex" and not keep:
            totals_only(spec, st, kpi, year)
    build(doc, rng, MStyle(unit="(€ m)"), M, shape=Shape(before=statement, reshape=reshape))


def n06(doc, rng):
    """Names wrapped over two to four lines in a narrow column, the code on the name's last line, figures and
    answers on its first; EUR thousand."""
    build(doc, rng, MStyle(unit="(EUR thousand)", name_w=64.0), K,
          shape=Shape(reshape=lambda spec, *_: code_last_line(spec)))


def n07(doc, rng):
    """Amount and proportion in one cell, "1,234.5 (12.3 %)", under one header."""
    build(doc, rng, MStyle(unit="(€ m)"), M,
          shape=Shape(reshape=lambda spec, st, kpi, year, _: one_cell(spec, st, kpi, year)))


def n08(doc, rng):
    """Long templates cut every seven rows, the header repeated on each page under a section band that differs
    from page to page ("4.3.1 EU Taxonomy", "E1-7 ...": section numbers, left / right aligned)."""
    def reshape(spec, *_):
        spec.max_rows_per_page = 7
    build(doc, rng, MStyle(unit="(EUR m)"), M, shape=Shape(reshape=reshape, size=((3, 5), (3, 6))))
    bands = SECTION_BANDS[doc.seed % len(SECTION_BANDS)]
    for key in KPIS:
        for i, p in enumerate(doc.kpis[key].pages):
            page, text = doc.pages[p - 1], bands[i % len(bands)]
            x = 40 if p % 2 else page.width - 40 - text_width(text, 6.5, True)
            page.text(x, 43, text, 6.5, True)
            page.line(40, 46.5, page.width - 40, 46.5, 2.0)


def n09(doc, rng):
    """Within A.1 and A.2 the activities under the acts' chapter headings ("7. Construction and real estate
    activities", by seed with or without the chapter number)."""
    form = SECTOR_FORMS[doc.seed % len(SECTOR_FORMS)]
    build(doc, rng, MStyle(unit="(€ m)"), M,
          shape=Shape(reshape=lambda spec, *_: sector_headings(spec, form), size=((3, 5), (3, 5))))


def n10(doc, rng):
    """One row per activity with its aligned (A.1) and eligible-not-aligned (A.2) amount and share side by side, a
    total row, and a summary of A, B and the total below; no criteria columns."""
    st = MStyle(unit="(€ m)")
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape(size=((2, 4), (3, 5))))
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.new_page(size=LAND, rotate=0)
        _title(pager, doc, st, key)
        pairs, totals = pair_table(st, kpi)
        pages = draw_table(pager, pairs)
        kpi.pages = sorted(set(pages + draw_table(pager, totals)))
    doc.pages = pager.pages


def n11(doc, rng):
    """A compact template (no DNSH, no category) cut in the middle of its rows, the two halves side by side on one
    landscape page, the header repeated over the right half."""
    st = MStyle(unit="(€ m)", size=5.5, header_size=5.0)
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape(size=((2, 4), (2, 4))))
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.new_page(size=LAND, rotate=0)
        _title(pager, doc, st, key)
        spec = kpi_table(st, kpi, rng, doc.year)
        compact(spec, st, kpi, doc.year, 40.0)
        left, right = halves(spec, 430.0)
        top = pager.y
        pages = draw_table(pager, left)
        pager.paragraph(SNAKE_NOTE, 6, x1=382)
        bottom, pager.y = pager.y, top
        kpi.pages = sorted(set(pages + draw_table(pager, right)))
        pager.y = max(bottom, pager.y)
    doc.pages = pager.pages


BUILDERS = {
    "n01_is_isk_velta_ja_nei": n01,
    "n02_spread_gutter_two_pages": n02,
    "n03_template_legend_cells": n03,
    "n04_split_bar_total_in_caption": n04,
    "n05_opex_exemption_zero_numerator": n05,
    "n06_code_on_last_name_line": n06,
    "n07_amount_share_one_cell": n07,
    "n08_section_band_repeated_header": n08,
    "n09_sector_chapter_headings": n09,
    "n10_aligned_eligible_column_pairs": n10,
    "n11_template_halves_side_by_side": n11,
}
