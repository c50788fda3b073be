"""Synth-l layout families: one builder per family fills ``doc.kpis`` (synth-f figures), ``doc.style`` and
``doc.pages`` (synth-f drawing operations).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "l11_billion_two_decimals", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["l11_billion_two_decimals"](d, random.Random(1)); (d.kpis["opex"].scale, d.kpis["opex"].decimals)
(1000000000.0, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import kpi_table, labels
from tests.reports_synth_j_tables import JStyle
from tests.reports_synth_l_tables import (LStyle, code_in_name, compact, kpi_box, nuclear_template, official_2023,
                                          previous_figures, year_pairs)
from tests.reports_synth_l_words import (BILLION_CAPTION, CODE_NAME_SEPARATORS, KPI_BOX_TITLE, NUCLEAR_TITLE,
                                         SIDE_NOTE, TRAILING_MINUS_NOTE, UNITS)

M, K = (1e6, 1), (1e3, 0)


@dataclass
class Shape:
    """What a family changes around synth-g's template (each hook optional)."""

    reshape: Callable | None = None  # (spec, st, kpi, year, rng)
    before: Callable | None = None  # (pager, st, kpi, doc, rng): drawn on the KPI page above the title
    notes: tuple = ()  # printed under each table
    size: tuple = ((2, 4), (2, 5))  # A.1 / A.2 row counts
    kw: dict | None = None  # make_kpi keywords
    names: str | None = None  # "de": the activity names printed in German (synth-f's word list)
    scale: tuple | None = None  # (currency units per printed unit, decimals) the figures are printed in


def _kpis(doc, rng, unit: tuple, shape: Shape) -> None:
    for key in KPIS:
        kpi = make_kpi(rng, key, *unit, n1=shape.size[0], n2=shape.size[1], **(shape.kw or {}))
        kpi.nulls, kpi.itemised, kpi.null_roles = set(), True, set()
        for r in kpi.rows if shape.names else ():
            r.name = getattr(r.activity, shape.names)
        if shape.scale:
            kpi.scale, kpi.decimals = shape.scale
        doc.kpis[key] = kpi


def _title(pager, doc, st, key: str) -> None:
    pager.paragraph(labels(st, key)["title"].replace("{y}", str(doc.year)), 9)


def build(doc, rng, st: JStyle, unit: tuple, caption: str | None = None, *, currency: str = "EUR",
          shape: Shape = Shape()) -> None:
    """Cover, narrative, each KPI template on its own landscape page(s), reshaped by the family."""
    doc.style, doc.currency = st, currency
    pager = start(doc, rng)
    _kpis(doc, rng, unit, shape)
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.new_page(size=LAND, rotate=0)
        if shape.before:
            shape.before(pager, st, kpi, doc, rng)
        _title(pager, doc, st, key)
        if caption:
            pager.paragraph(caption, 7)
        spec = kpi_table(st, kpi, rng, doc.year)
        if shape.reshape:
            shape.reshape(spec, st, kpi, doc.year, rng)
        kpi.pages = draw_table(pager, spec)
        for n in shape.notes:
            pager.paragraph(n, 6)
    doc.pages = pager.pages


def _local(lang: str, dec: str, thou: str, yes: str, no: str, unit: tuple) -> Callable:
    def builder(doc, rng):
        build(doc, rng, JStyle(lang=lang, dec=dec, thou=thou, yes=yes, no=no, unit=UNITS[lang]), unit)
    return builder


def _nuclear_first(pager, st, kpi, doc, rng) -> None:
    """Template 1 above the turnover template on the same page (the other KPI pages start with the title)."""
    if kpi.key == "turnover":
        pager.paragraph(NUCLEAR_TITLE, 9)
        draw_table(pager, nuclear_template(rng))


def l01(doc, rng):
    st = JStyle(unit="(€ m)", size=5.5, header_size=5.0)
    build(doc, rng, st, M, shape=Shape(before=_nuclear_first, size=((2, 3), (2, 3))))


def l02(doc, rng):
    """Two KPI templates side by side on one landscape page (turnover | CapEx), then OpEx | a note."""
    st = JStyle(unit="(€ m)", size=5.5, header_size=5.0)
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape(size=((2, 3), (2, 3))))
    halves = (("turnover", "capex"), ("opex", None))
    for left, right in halves:
        pager.new_page(size=LAND, rotate=0)
        top, bottom = pager.y, pager.y
        for key, x0 in ((left, 40.0), (right, 425.0)):
            pager.y = top
            if key is None:
                pager.paragraph(SIDE_NOTE, 7, x0=x0, x1=x0 + 360)
                continue
            kpi = doc.kpis[key]
            pager.paragraph(labels(st, key)["title"].replace("{y}", str(doc.year)), 7.5, x0=x0, x1=x0 + 360)
            spec = kpi_table(st, kpi, rng, doc.year)
            compact(spec, st, kpi, doc.year, x0)
            kpi.pages = draw_table(pager, spec)
            bottom = max(bottom, pager.y)
        pager.y = bottom
    doc.pages = pager.pages


l03 = _local("et", ",", "\u00a0", "JAH", "EI", K)
l04 = _local("lv", ",", "\u00a0", "JĀ", "NĒ", M)
l05 = _local("sl", ",", ".", "DA", "NE", K)


def _with_prev(fn: Callable) -> Callable:
    """A reshape hook that also gets consistent N-1 figures."""
    def reshape(spec, st, kpi, year, rng):
        fn(spec, st, kpi, year, previous_figures(kpi, rng))
    return reshape


def l06(doc, rng):
    build(doc, rng, JStyle(unit="(€ m)", size=5.5, header_size=5.0), M, shape=Shape(reshape=_with_prev(official_2023)))


def l07(doc, rng):
    build(doc, rng, JStyle(unit="(EUR thousand)", size=5.5, header_size=5.0), K,
          shape=Shape(reshape=_with_prev(year_pairs), size=((2, 3), (2, 3))))


def l08(doc, rng):
    prev_first = doc.seed % 2 == 0

    def box(pager, st, kpi, doc, rng):
        pager.paragraph(KPI_BOX_TITLE.format(K=labels(st, kpi.key)["kpi"][kpi.key]), 9)
        draw_table(pager, kpi_box(st, kpi, previous_figures(kpi, rng), doc.year, prev_first))
    build(doc, rng, JStyle(unit="(€ m)", size=5.5, header_size=5.0), M,
          shape=Shape(before=box, size=((2, 3), (2, 3))))


def l09(doc, rng):
    st = LStyle(lang="de", dec=",", thou=".", yes="J", no="N", unit="(TEUR)")
    build(doc, rng, st, K, shape=Shape(notes=(TRAILING_MINUS_NOTE,), kw={"negatives": True}, names="de"))


def l10(doc, rng):
    sep = CODE_NAME_SEPARATORS[doc.seed % len(CODE_NAME_SEPARATORS)]
    build(doc, rng, JStyle(unit="(€ m)"), M,
          shape=Shape(reshape=lambda spec, st, kpi, year, _: code_in_name(spec, st, kpi, year, sep)))


def l11(doc, rng):
    """€ billion with two decimals: synth-f's € million figures (tenths) read as hundredths of a billion."""
    build(doc, rng, JStyle(unit="(€ bn)"), M, BILLION_CAPTION, shape=Shape(scale=(1e9, 2)))


BUILDERS = {
    "l01_nuclear_gas_t1_same_page": l01,
    "l02_two_templates_side_by_side": l02,
    "l03_et_tuhat_eurot_jah_ei": l03,
    "l04_lv_milj_eur_ja_ne": l04,
    "l05_sl_tisoc_eur_da_ne": l05,
    "l06_official_2023_prev_pct_e_t": l06,
    "l07_year_row_pairs": l07,
    "l08_kpi_box_both_years_above": l08,
    "l09_de_trailing_minus_teur": l09,
    "l10_code_in_name_cell": l10,
    "l11_billion_two_decimals": l11,
}
