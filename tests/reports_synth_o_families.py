"""Synth-o layout families: one builder per family fills ``doc.kpis`` (synth-f figures), ``doc.style`` and
``doc.pages`` (synth-f drawing operations), mostly through ``build`` (synth-l's cover / narrative / one landscape
page per KPI) with a family ``OShape``: synth-l's hooks plus ``early`` (pages before the KPI pages, once the figures
exist) and ``after`` (drawn under each template).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "o11_no_aligned_placeholder_row", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["o11_no_aligned_placeholder_row"](d, random.Random(1)); d.kpis["opex"].a1, d.kpis["capex"].a1 > 0
(0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_f_model import KPIS
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import kpi_table, labels
from tests.reports_synth_l_families import Shape, _kpis, _title
from tests.reports_synth_l_tables import nuclear_template
from tests.reports_synth_l_words import NUCLEAR_TITLE
from tests.reports_synth_m_tables import MStyle
from tests.reports_synth_o_tables import (aligned_breakdown, annex_xii, empty_a1, no_aligned_rows,
                                          objective_number_columns, reconciliation, segment_column,
                                          subtotals_on_labels)
from tests.reports_synth_o_words import (CAPTION, CAPTION_INTRO, CONTINUED_FOOT, CONTINUED_TOP, GLANCE_NOTE,
                                         GLANCE_TILES, GLANCE_TITLE, NUCLEAR_HEADING, OBJECTIVE_TITLE,
                                         RECONCILIATION_TITLE, TEMPLATE_TITLES, TYPE_SECTIONS, TYPE_TITLE)

M, K = (1e6, 1), (1e3, 0)


@dataclass
class OShape(Shape):
    early: Callable | None = None  # (pager, doc, st, rng): pages after the narrative, before the KPI pages
    after: Callable | None = None  # (pager, st, kpi, doc, rng): drawn under each template


def build(doc, rng, st, unit: tuple, *, currency: str = "EUR", shape: OShape = OShape()) -> None:
    """Cover, narrative, optional early pages, each KPI template on its own landscape page(s)."""
    doc.style, doc.currency = st, currency
    pager = start(doc, rng)
    _kpis(doc, rng, unit, shape)
    if shape.early:
        shape.early(pager, doc, st, rng)
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.new_page(size=LAND, rotate=0)
        if shape.before:
            shape.before(pager, st, kpi, doc, rng)
        _title(pager, doc, st, key)
        spec = kpi_table(st, kpi, rng, doc.year)
        if shape.reshape:
            shape.reshape(spec, st, kpi, doc.year, rng)
        kpi.pages = draw_table(pager, spec)
        for n in shape.notes:
            pager.paragraph(n, 6)
        if shape.after:
            shape.after(pager, st, kpi, doc, rng)
    doc.pages = pager.pages


def o01(doc, rng):
    """English template with German number formats: "1.234,5" / "12,3 %" (odd seeds EUR m) or "12.345" (even seeds
    EUR thousand, no decimals: the dot a thousands separator)."""
    thousand = doc.seed % 2 == 0
    st = MStyle(dec=",", thou=".", unit="(EUR thousand)" if thousand else "(EUR m)")
    build(doc, rng, st, K if thousand else M)


def o02(doc, rng):
    """Under each template a reconciliation of the KPI denominator to the financial statements' lines (IFRS 15
    revenue, IAS 16 / IAS 38 / IFRS 16 additions, OpEx cost types) summing to the KPI total."""
    def after(pager, st, kpi, doc, rng):
        pager.paragraph(RECONCILIATION_TITLE.format(k=labels(st, kpi.key)["kpi_lower"][kpi.key]), 8)
        draw_table(pager, reconciliation(st, kpi, rng))
    build(doc, rng, MStyle(unit="(€ m)"), M, shape=OShape(after=after, size=((2, 3), (2, 4))))


def o03(doc, rng):
    """Above each template the A.1 total broken down: CapEx / OpEx by type (a) / (b) / (c) of Annex I, turnover by
    environmental objective; amount and share of the KPI total, EUR thousand."""
    def before(pager, st, kpi, doc, rng):
        k = labels(st, kpi.key)["kpi_lower"][kpi.key]
        title = OBJECTIVE_TITLE if kpi.key == "turnover" else TYPE_TITLE.format(k=k, s=TYPE_SECTIONS[kpi.key])
        pager.paragraph(title, 8)
        draw_table(pager, aligned_breakdown(st, kpi, rng))
    build(doc, rng, MStyle(unit="(EUR thousand)", size=5.5, header_size=5.0), K,
          shape=OShape(before=before, size=((2, 3), (2, 3))))


def o04(doc, rng):
    """Each section's subtotal on its label row ("A.1. Environmentally sustainable activities ... 123.4 | 5.6 %"),
    no separate A.1 / A.2 / A / B total rows, TOTAL (A+B) last."""
    build(doc, rng, MStyle(unit="(€ m)"), M,
          shape=OShape(reshape=lambda spec, st, kpi, year, _: subtotals_on_labels(spec, st, kpi)))


def o05(doc, rng):
    """Turnover and CapEx templates stacked on one landscape page, OpEx on the next; the numbered title of each
    table printed as a caption below it ("Table 14: Proportion of turnover ...")."""
    st = MStyle(unit="(€ m)", size=5.2, header_size=4.8)
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape(size=((2, 3), (2, 3))))
    first = rng.randint(8, 30)
    for n, key in enumerate(KPIS):
        kpi = doc.kpis[key]
        if key != "capex":
            pager.new_page(size=LAND, rotate=0)
            if key == "turnover":
                pager.paragraph(CAPTION_INTRO, 7.5)
        kpi.pages = draw_table(pager, kpi_table(st, kpi, rng, doc.year))
        pager.y -= 4
        title = labels(st, key)["title"].replace("{y}", str(doc.year))
        pager.paragraph(CAPTION.format(n=first + n, title=title), 7.5)
        pager.y += 6
    doc.pages = pager.pages


def _annex_xii_pages(pager, doc, st, rng) -> None:
    """Annex XII Template 1, then Templates 2-5 of each KPI, before the KPI templates."""
    pager.new_page(size=LAND, rotate=0)
    pager.heading(NUCLEAR_HEADING, 10)
    pager.paragraph(NUCLEAR_TITLE, 8)
    draw_table(pager, nuclear_template(rng))
    for key in KPIS:
        kpi, big = doc.kpis[key], labels(st, key)["kpi"][key]
        for number in (2, 3, 4, 5):
            if pager.y + 150 > pager.bottom:
                pager.new_page()
            pager.paragraph(TEMPLATE_TITLES[number].format(K=big), 8)
            draw_table(pager, annex_xii(st, kpi, number))


def o06(doc, rng):
    """Annex XII Templates 1-5 (nuclear / fossil gas) with figures before the KPI templates: rows 1-6 at zero, row 7
    (other activities) and row 8 (total) repeating the A.1 / A.2 / B figures of each KPI."""
    build(doc, rng, MStyle(unit="(€ m)", size=5.5, header_size=5.0), M,
          shape=OShape(early=_annex_xii_pages, size=((2, 3), (2, 4))))


def o07(doc, rng):
    """A first column with the business segment of each activity (A.1 and A.2 rows ordered by segment, the segment
    printed on its first row only), € m."""
    build(doc, rng, MStyle(unit="(€ m)", size=5.5, header_size=5.0, name_w=130.0), M,
          shape=OShape(reshape=lambda spec, st, kpi, year, r: segment_column(spec, st, kpi, year, r)))


def _glance(pager, doc, st, rng) -> None:
    """A page of rounded KPI tiles: whole-percent aligned / eligible shares and the total in € billion."""
    pager.new_page()
    pager.heading(GLANCE_TITLE.format(y=doc.year), 16)
    pager.y += 20
    for key in KPIS:
        kpi, k = doc.kpis[key], labels(st, key)["kpi_lower"][key]
        values = {"a1": round(kpi.pct10(kpi.a1) / 10), "el": round(kpi.pct10(kpi.a1 + kpi.a2) / 10),
                  "bn": f"{kpi.total * kpi.scale / 10 ** kpi.decimals / 1e9:.1f}"}
        pager.heading(labels(st, key)["kpi"][key], 11)
        for i, (big, small) in enumerate(GLANCE_TILES):
            x = 40 + i * 175
            pager.page.text(x, pager.y + 26, big.format(**values), 24, True)
            pager.page.text(x, pager.y + 40, small.format(k=k), 7.5)
        pager.y += 60
    pager.paragraph(GLANCE_NOTE, 7)


def o08(doc, rng):
    """An at-a-glance page before the narrative's tables: per KPI rounded tiles ("23 %" aligned, "41 %" eligible,
    "€4.2 bn" total), then the full templates, € m."""
    build(doc, rng, MStyle(unit="(€ m)"), M, shape=OShape(early=_glance))


def o09(doc, rng):
    """Long templates over three pages with no repeated header: "{KPI} (continued)" at the top of the second and
    third page, "Continued on next page" at the foot of the first two."""
    def reshape(spec, *_):
        spec.repeat_header = False
        spec.max_rows_per_page = -(-len(spec.rows) // 3)
    build(doc, rng, MStyle(unit="(€ m)"), M, shape=OShape(reshape=reshape, size=((4, 6), (5, 8))))
    for key in KPIS:
        kpi = doc.kpis[key]
        for i, p in enumerate(kpi.pages):
            page = doc.pages[p - 1]
            if i:
                page.text(40, 46, CONTINUED_TOP.format(K=labels(doc.style, key)["kpi"][key]), 7, True)
            if i < len(kpi.pages) - 1:
                page.text(40, page.height - 30, CONTINUED_FOOT, 6.5)


def o10(doc, rng):
    """No code column: an "Environmental objective" column ("CCM" on odd seeds, "Climate change mitigation" on even
    ones) and an "Activity no." column ("7.2") right of the name, EUR thousand."""
    full = doc.seed % 2 == 0
    build(doc, rng, MStyle(unit="(EUR thousand)", size=5.5, header_size=5.0), K,
          shape=OShape(reshape=lambda spec, st, kpi, year, _: objective_number_columns(spec, st, kpi, year, full)))


def o11(doc, rng):
    """One KPI (OpEx, CapEx or turnover by seed) with no aligned activity: a placeholder line under the A.1 label,
    dashes on the A.1 total row, the activities in A.2; the other KPIs as usual, € m."""
    empty = ("turnover", "opex", "capex")[doc.seed % 3]

    def reshape(spec, st, kpi, year, _):
        if kpi.key == empty:
            no_aligned_rows(spec, st, kpi)

    def early(pager, doc, st, rng):
        empty_a1(doc.kpis[empty])
    shape = OShape(reshape=reshape, early=early)
    build(doc, rng, MStyle(unit="(€ m)"), M, shape=shape)


BUILDERS = {
    "o01_en_template_german_numbers": o01,
    "o02_denominator_reconciliation_below": o02,
    "o03_aligned_breakdown_by_type_above": o03,
    "o04_subtotals_on_section_labels": o04,
    "o05_captions_below_two_per_page": o05,
    "o06_annex_xii_templates_2_5_first": o06,
    "o07_segment_first_column": o07,
    "o08_at_a_glance_rounded_tiles": o08,
    "o09_continued_marker_no_header": o09,
    "o10_objective_and_number_columns": o10,
    "o11_no_aligned_placeholder_row": o11,
}
