"""Synth-k layout families: one builder per family fills ``doc.kpis`` (synth-f figures; ``null_roles`` names the
summary roles the report does not print), ``doc.style`` and ``doc.pages`` (synth-f drawing operations).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "k07_narrative_kpis_rows_appendix", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["k07_narrative_kpis_rows_appendix"](d, random.Random(1)); sorted(d.kpis["opex"].null_roles)
['not_eligible']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import kpi_table, labels
from tests.reports_synth_j_tables import JStyle
from tests.reports_synth_k_tables import (amounts_group_right, code_with_category, dnsh_letters, drop_totals,
                                          local_codes, overview_table, row_numbers, split_a2)
from tests.reports_synth_k_words import (A2_TABLE_TITLE, AMOUNT_GROUP, APPENDIX_TITLE, CODE_PREFIX, DNSH_LEGEND,
                                         DNSH_LETTERS, FILLER, NARRATIVE_KPI, NARRATIVE_KPI_NAMES, OVERVIEW_TITLE,
                                         UNITS, register)

register()
M, K = (1e6, 1), (1e3, 0)


@dataclass
class Shape:
    """What a family changes around synth-g's template (each hook optional)."""

    reshape: Callable | None = None  # (spec, st, kpi, year, rng)
    notes: tuple = ()  # printed under each table
    size: tuple = ((2, 4), (2, 5))  # A.1 / A.2 row counts


def _kpis(doc, rng, unit: tuple, shape: Shape) -> None:
    for key in KPIS:
        kpi = make_kpi(rng, key, *unit, n1=shape.size[0], n2=shape.size[1])
        kpi.nulls, kpi.itemised, kpi.null_roles = set(), True, set()
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


def k01(doc, rng):
    build(doc, rng, JStyle(lang="fr", dec=",", thou="\u00a0", yes="OUI", no="NON", unit=UNITS["fr"]), M)


def k02(doc, rng):
    st = JStyle(lang="es", dec=",", thou=".", yes="S", no="N", unit=UNITS["es"])
    build(doc, rng, st, K, shape=Shape(reshape=lambda spec, *a: local_codes(spec, CODE_PREFIX["es"])))


def k03(doc, rng):
    build(doc, rng, JStyle(lang="it", dec=",", thou=".", yes="SÌ", no="NO", unit=UNITS["it"]), M)


def k04(doc, rng):
    build(doc, rng, JStyle(unit="(€ m)"), M,
          shape=Shape(reshape=lambda spec, st, kpi, year, _: code_with_category(spec, st, kpi.key, year)))


def k05(doc, rng):
    def reshape(spec, st, kpi, year, _):
        dnsh_letters(spec, st, kpi.key, year, DNSH_LETTERS)
    build(doc, rng, JStyle(unit="(EUR thousand)"), K, shape=Shape(reshape=reshape, notes=(DNSH_LEGEND,)))


def k06(doc, rng):
    """Each KPI page: the previous year's template (same title, the prior year in it) first, then the current
    year's (the gold) below it on the same page."""
    st = JStyle(unit="(€ m)", size=5.5, header_size=5.0)
    doc.style = st
    pager = start(doc, rng)
    shape = Shape(size=((2, 3), (2, 3)))
    _kpis(doc, rng, M, shape)
    for key in KPIS:
        kpi, prev = doc.kpis[key], make_kpi(rng, key, *M, n1=(2, 3), n2=(2, 3))
        pager.new_page(size=LAND, rotate=0)
        pager.paragraph(labels(st, key)["title"].replace("{y}", str(doc.year - 1)), 9)
        draw_table(pager, kpi_table(st, prev, rng, doc.year - 1))
        _title(pager, doc, st, key)
        kpi.pages = draw_table(pager, kpi_table(st, kpi, rng, doc.year))
    doc.pages = pager.pages


def _appendix(pager, doc, st, rng) -> None:
    """Filler pages, then the activity rows (no totals) of each KPI in an appendix at the report's end."""
    for text in FILLER:
        pager.new_page()
        pager.heading("Sustainability report")
        for _ in range(3):
            pager.paragraph(text)
    pager.new_page(size=LAND, rotate=0)
    pager.heading(APPENDIX_TITLE.format(unit="EUR million"))
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.paragraph(labels(st, key)["kpi"][key], 9)
        spec = kpi_table(st, kpi, rng, doc.year)
        drop_totals(spec)
        kpi.pages = sorted(set(kpi.pages + draw_table(pager, spec)))


def k07(doc, rng):
    """The three KPIs' totals and shares only in running text; the activity rows in an appendix at the end."""
    st = JStyle(unit="(€ m)")
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape())
    pager.new_page()
    pager.heading("EU Taxonomy: key performance indicators")
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.paragraph(NARRATIVE_KPI.format(
            year=doc.year, k=NARRATIVE_KPI_NAMES[key], total=st.amount(kpi.total, 1), a1=st.amount(kpi.a1, 1),
            a1p=st.share(kpi.pct10(kpi.a1)), a2=st.amount(kpi.a2, 1), a2p=st.share(kpi.pct10(kpi.a2))))
        kpi.pages, kpi.null_roles = [pager.pno], {"not_eligible"}
    _appendix(pager, doc, st, rng)
    doc.pages = pager.pages


def k08(doc, rng):
    """A transposed KPI overview (KPIs as columns) early in the report; the activity rows in an appendix."""
    st = JStyle(unit="(€ m)")
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape())
    pager.new_page()
    pager.heading(OVERVIEW_TITLE.format(year=doc.year))
    names = {k: labels(st, k)["kpi"][k] for k in KPIS}
    draw_table(pager, overview_table(doc.kpis, st, names))
    for kpi in doc.kpis.values():
        kpi.pages, kpi.null_roles = [pager.pno], {"not_eligible"}
    _appendix(pager, doc, st, rng)
    doc.pages = pager.pages


def _prev_texts(st, kpi, rng) -> dict:
    """N-1 amounts: by id(gold row) for activity rows, by total label for the total rows."""
    lab = labels(st, kpi.key)
    prev = {id(r): int(r.units * rng.uniform(0.6, 1.1)) for r in kpi.rows}
    a1 = sum(prev[id(r)] for r in kpi.rows if r.group == "A.1")
    a2 = sum(prev[id(r)] for r in kpi.rows if r.group == "A.2")
    b = int(kpi.b * rng.uniform(0.85, 1.1))
    out = {k: st.amount(v, kpi.decimals) for k, v in prev.items()}
    for label, units in ((lab["A1_total"], a1), (lab["A2_total"], a2), (lab["A_total"], a1 + a2),
                         (lab["B_total"], b), (lab["total"], a1 + a2 + b)):
        out[label] = st.amount(units, kpi.decimals)
    return out


def k09(doc, rng):
    def reshape(spec, st, kpi, year, rng):
        group = AMOUNT_GROUP.format(k=labels(st, kpi.key)["kpi_lower"][kpi.key])
        amounts_group_right(spec, st, kpi.key, year, group, _prev_texts(st, kpi, rng))
    build(doc, rng, JStyle(), M, shape=Shape(reshape=reshape))


def k10(doc, rng):
    build(doc, rng, JStyle(unit="(EUR thousand)"), K,
          shape=Shape(reshape=lambda spec, st, kpi, year, _: row_numbers(spec, st, kpi.key, year)))


def k11(doc, rng):
    """The A.1 template, then the A.2 rows and the KPI totals in a second, narrower table below or after it."""
    st = JStyle(unit="(€ m)")
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape())
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.new_page(size=LAND, rotate=0)
        _title(pager, doc, st, key)
        first, second = split_a2(kpi_table(st, kpi, rng, doc.year), st, key, doc.year)
        pages = draw_table(pager, first)
        pager.paragraph(A2_TABLE_TITLE.format(K=labels(st, key)["kpi"][key], y=doc.year), 8)
        kpi.pages = sorted(set(pages + draw_table(pager, second)))
    doc.pages = pager.pages


BUILDERS = {
    "k01_fr_att_ada_oui_non": k01,
    "k02_es_mit_adapt_codes": k02,
    "k03_it_mit_ada_si_no": k03,
    "k04_category_in_code_cell": k04,
    "k05_dnsh_single_letters": k05,
    "k06_prev_year_table_above": k06,
    "k07_narrative_kpis_rows_appendix": k07,
    "k08_overview_transposed_appendix": k08,
    "k09_amounts_group_right": k09,
    "k10_row_number_column": k10,
    "k11_a2_second_table": k11,
}
