"""Synth-j layout families: one builder per family fills ``doc.kpis`` (synth-f figures), ``doc.style`` (the
``JStyle`` the numbers are printed in) and ``doc.pages`` (synth-f drawing operations plus ``rect`` bands, written by
``tests/reports_synth_j.render``).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "j01_bg_hil_lv_da_ne", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["j01_bg_hil_lv_da_ne"](d, random.Random(1)); d.style.yes, d.currency
('ДА', 'BGN')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import kpi_table, labels
from tests.reports_synth_j_tables import (JStyle, code_second_line, shade_bands, share_before_amount,
                                          split_amounts_shares, totals_on_top)
from tests.reports_synth_j_words import AMOUNT_PREFIX, NUMBER_MARKS, NUMBER_NOTES, SPLIT_TITLES, UNITS

M, K = (1e6, 1), (1e3, 0)


@dataclass
class Shape:
    """What a family changes around synth-g's template (each hook optional)."""

    reshape: Callable | None = None  # (spec) the table spec
    notes: tuple = ()  # page notes printed under each table
    bands: bool = False  # shaded row bands, no rulings
    split: bool = False  # amounts table, then a proportions / criteria table on the next page


def _draw(pager, doc, st: JStyle, kpi, rng, caption: str | None, shape: Shape) -> list[int]:
    """One KPI: title, optional caption, its table(s); returns the pages it occupies."""
    pager.new_page(size=LAND, rotate=0)
    lab = labels(st, kpi.key)
    spec = kpi_table(st, kpi, rng, doc.year)
    if shape.reshape:
        shape.reshape(spec)
    if shape.split:
        first, second = split_amounts_shares(spec)
        pager.paragraph(SPLIT_TITLES["amounts"].format(K=lab["kpi"][kpi.key]) + f" {doc.year}", 9)
        _caption(pager, caption)
        pages = draw_table(pager, first)
        pager.new_page()
        pager.paragraph(SPLIT_TITLES["shares"].format(K=lab["kpi"][kpi.key]) + f" {doc.year}", 9)
        return sorted(set(pages + draw_table(pager, second)))
    pager.paragraph(lab["title"].replace("{y}", str(doc.year)), 9)
    _caption(pager, caption)
    pages = draw_table(pager, spec)
    for n in shape.notes:
        pager.paragraph(n, 6)
    if shape.bands:
        x1 = spec.x0 + sum(c.width for c in spec.cols)
        shade_bands(pager.pages, pages, spec.size, spec.x0, x1, spec.x0 + spec.cols[0].width)
    return pages


def _caption(pager, caption: str | None) -> None:
    if caption:
        pager.page.text(40, pager.y + 4, caption, 7)
        pager.y += 10


def build(doc, rng, st: JStyle, unit: tuple, caption: str | None = None, *, currency: str = "EUR",
          shape: Shape = Shape()) -> None:
    """Cover, narrative, each KPI template on its own landscape page(s)."""
    doc.style, doc.currency = st, currency
    pager = start(doc, rng)
    for key in KPIS:
        kpi = make_kpi(rng, key, *unit)
        kpi.nulls, kpi.itemised = set(), True
        doc.kpis[key] = kpi
        kpi.pages = _draw(pager, doc, st, kpi, rng, caption, shape)
    doc.pages = pager.pages


def j01(doc, rng):
    st = JStyle(lang="bg", dec=",", thou=" ", yes="ДА", no="НЕ", unit=UNITS["bg"])
    build(doc, rng, st, K, currency="BGN")


def j02(doc, rng):
    build(doc, rng, JStyle(lang="hr", dec=",", thou=".", yes="DA", no="NE"), K, UNITS["hr"])


def j03(doc, rng):
    build(doc, rng, JStyle(lang="sk", dec=",", thou="\u00a0", yes="ÁNO", no="NIE", unit=UNITS["sk"]), M)


def j04(doc, rng):
    build(doc, rng, JStyle(lang="lt", dec=",", thou="\u202f", pct_sep="\u202f", yes="TAIP", no="NE"), K,
          UNITS["lt"])


UNIT_WORDS = ("(in millions)", "(million)", "(m)")


def j05(doc, rng):
    st = JStyle(prefix=AMOUNT_PREFIX[doc.seed % 3], thou="\u2009", unit=UNIT_WORDS[doc.seed % 3])
    build(doc, rng, st, M)


def j06(doc, rng):
    build(doc, rng, JStyle(num_marks=NUMBER_MARKS, unit="(€ m)"), M, shape=Shape(notes=NUMBER_NOTES))


def j07(doc, rng):
    build(doc, rng, JStyle(name_w=120, unit="(EUR thousand)"), K, shape=Shape(reshape=code_second_line))


def j08(doc, rng):
    build(doc, rng, JStyle(unit="(€ m)"), M, shape=Shape(reshape=totals_on_top))


def j09(doc, rng):
    build(doc, rng, JStyle(unit="(EUR m)"), M, shape=Shape(split=True))


def j10(doc, rng):
    build(doc, rng, JStyle(unit="(EUR m)"), M, shape=Shape(bands=True))


def j11(doc, rng):
    build(doc, rng, JStyle(unit="(EUR thousand)"), K, shape=Shape(reshape=share_before_amount))


BUILDERS = {
    "j01_bg_hil_lv_da_ne": j01,
    "j02_hr_tisuce_eura_da_ne": j02,
    "j03_sk_mil_eur_ano_nie": j03,
    "j04_lt_tukst_euru_taip_ne": j04,
    "j05_currency_sign_each_amount": j05,
    "j06_footnote_marks_glued": j06,
    "j07_code_second_line": j07,
    "j08_totals_block_on_top": j08,
    "j09_amounts_then_shares_table": j09,
    "j10_shaded_bands_bold_totals": j10,
    "j11_share_before_amount": j11,
}
