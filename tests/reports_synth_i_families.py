"""Synth-i layout families: one builder per family fills ``doc.kpis`` (synth-f figures), ``doc.style`` (the
``IStyle`` the numbers are printed in) and ``doc.pages`` (synth-f drawing operations, written by
``tests/reports_synth_f_render.py``).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "i06_symbols_zero_forms", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["i06_symbols_zero_forms"](d, random.Random(1)); d.style.yes, d.currency
('●', 'EUR')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_f_words import ACTIVITIES
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import labels
from tests.reports_synth_i_tables import (IStyle, drop_code_column, glossary_table, hyphenate_names, na_cells,
                                          objective_groups, prior_year_right, sc_no_answers, unrule)
from tests.reports_synth_i_words import CONTINUED, GLOSSARY, SUBTOTAL_FORMS, UNITS

M, K = (1e6, 1), (1e3, 0)
PORTRAIT = (595.0, 842.0)


@dataclass
class Shape:
    """What a family changes around synth-g's template (each hook optional)."""

    prep: Callable | None = None  # (kpi, rng) before the table is built: the model rows
    reshape: Callable | None = None  # (spec, st, kpi, rng, year) the table spec
    max_rows: int = 999
    continued: str | None = None  # label above a continuation's repeated header ("{K}", "{n}")
    unruled: bool = False
    glossary: bool = False


def build(doc, rng, st: IStyle, unit: tuple, caption: str | None = None, *, currency: str = "EUR",
          kpi_kw: dict | None = None, shape: Shape = Shape()) -> None:
    """Cover, narrative, each KPI template on its own landscape page(s), optionally a glossary page."""
    from tests.reports_synth_g_tables import kpi_table
    doc.style, doc.currency = st, currency
    pager = start(doc, rng)
    for n, key in enumerate(KPIS, 1):
        kpi = make_kpi(rng, key, *unit, **(kpi_kw or {}))
        kpi.nulls, kpi.itemised = set(), True
        if shape.prep:
            shape.prep(kpi, rng)
        doc.kpis[key] = kpi
        pager.new_page(size=LAND, rotate=0)
        pager.paragraph(labels(st, key)["title"].replace("{y}", str(doc.year)), 9)
        if caption:
            pager.page.text(40, pager.y + 4, caption, 7)
            pager.y += 10
        spec = kpi_table(st, kpi, rng, doc.year)
        na_cells(spec)
        if shape.reshape:
            shape.reshape(spec, st, kpi, rng, doc.year)
        spec.max_rows_per_page = shape.max_rows
        if shape.continued:
            spec.continued_label = shape.continued.format(K=labels(st, key)["kpi"][key], n=n)
        kpi.pages = draw_table(pager, spec)
        if shape.unruled:
            unrule(pager.pages, kpi.pages)
    if shape.glossary:
        pager.new_page(size=PORTRAIT, rotate=0)
        pager.heading(GLOSSARY["title"], 11)
        pager.paragraph(GLOSSARY["intro"], 8.5)
        draw_table(pager, glossary_table(doc.kpis))
    doc.pages = pager.pages


def zero_rows(kpi, rng) -> None:
    """The last row of each group (and the one before it in a group of 4 or more) prints zero; one of them "n/a"."""
    zeros = []
    for group in ("A.1", "A.2"):
        rows = [r for r in kpi.rows if r.group == group]
        zeros += rows[-2:] if len(rows) >= 4 else rows[-1:]
    for r in zeros:
        r.units, r.pct10 = 0, 0
    rng.choice(zeros).na = True


def _symbols_prep(kpi, rng) -> None:
    zero_rows(kpi, rng)
    sc_no_answers(kpi, rng)


def i01(doc, rng):
    build(doc, rng, IStyle(lang="pl", dec=",", thou=" ", yes="TAK", no="NIE", unit=UNITS["pl"]), M, currency="PLN")


def i02(doc, rng):
    build(doc, rng, IStyle(lang="cs", dec=",", thou="\u00a0", yes="ANO", no="NE"), K, UNITS["cs"], currency="CZK")


def i03(doc, rng):
    build(doc, rng, IStyle(lang="el", dec=",", thou=".", yes="ΝΑΙ", no="ΟΧΙ"), K, UNITS["el"])


def i04(doc, rng):
    build(doc, rng, IStyle(lang="ro", dec=",", thou=".", yes="DA", no="NU", unit=UNITS["ro"]), K, currency="RON")


def i05(doc, rng):
    build(doc, rng, IStyle(lang="hu", dec=",", thou=" ", yes="I", no="N"), M, UNITS["hu"], currency="HUF")


def i06(doc, rng):
    st = IStyle(yes="●", no="○", zero_forms=(("–", "–"), ("0", "0.0 %"), ("0.0", "0 %")))
    build(doc, rng, st, K, "in € thousand", kpi_kw={"n1": (3, 5), "n2": (3, 6), "zeros": False},
          shape=Shape(prep=_symbols_prep))


POOL = [a for a in ACTIVITIES if a.objective != "CCM"] + [a for a in ACTIVITIES if a.objective == "CCM"][:8]


def i07(doc, rng):
    form = SUBTOTAL_FORMS[doc.seed % len(SUBTOTAL_FORMS)]
    build(doc, rng, IStyle(unit="(EUR m)"), M, kpi_kw={"n1": (4, 6), "n2": (4, 6), "pool": POOL},
          shape=Shape(reshape=lambda spec, st, kpi, rng, year: objective_groups(spec, st, kpi, form)))


def i08(doc, rng):
    label = "{K} " + CONTINUED[doc.seed % len(CONTINUED)]
    build(doc, rng, IStyle(unit="(€ m)"), M, kpi_kw={"n1": (4, 6), "n2": (5, 8)},
          shape=Shape(max_rows=8, continued=label, unruled=True))


def i09(doc, rng):
    build(doc, rng, IStyle(unit="(€ m)"), M,
          shape=Shape(reshape=lambda spec, st, kpi, rng, year: prior_year_right(spec, st, kpi, year, "(€ m)", rng)))


def i10(doc, rng):
    build(doc, rng, IStyle(name_w=200), K, "in EUR thousand",
          shape=Shape(reshape=lambda spec, st, kpi, rng, year: drop_code_column(spec), glossary=True))


def i11(doc, rng):
    st = IStyle(name_w=74, unit="(EUR m)")
    build(doc, rng, st, M, shape=Shape(prep=lambda kpi, rng: hyphenate_names(kpi, st.name_w - 4, st.size)))


BUILDERS = {
    "i01_pl_mln_zl_tak_nie": i01,
    "i02_cs_tis_kc_ano_ne": i02,
    "i03_el_greek_alpha_sections": i03,
    "i04_ro_mii_lei_da_nu": i04,
    "i05_hu_millio_ft_igen_nem": i05,
    "i06_symbols_zero_forms": i06,
    "i07_objective_subgroups_subtotals": i07,
    "i08_unruled_continued": i08,
    "i09_prior_year_right": i09,
    "i10_codes_in_glossary_only": i10,
    "i11_names_hyphenated_midword": i11,
}
