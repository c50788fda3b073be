"""Synth-m layout families: one builder per family fills ``doc.kpis`` (synth-f figures), ``doc.style`` and
``doc.pages`` (synth-f drawing operations), mostly through synth-l's ``build`` with a family ``Shape``.

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "m05_totals_only_no_breakdown", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["m05_totals_only_no_breakdown"](d, random.Random(1)); d.kpis["capex"].itemised
False
"""

from __future__ import annotations

from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_f_model import KPIS
from tests.reports_synth_f_words import ACTIVITIES, SECOND_OBJECTIVE
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import kpi_table
from tests.reports_synth_l_families import Shape, _kpis, _title, build
from tests.reports_synth_m_tables import (MStyle, cut_in_a1, objective_number_columns, sc_text_column,
                                         stacked_codes, totals_only)
from tests.reports_synth_m_words import (CONTINUED_FORMS, DE_SUFFIX, NO_BREAKDOWN_NOTE, NO_UNIT, SUFFIX_CAPTION,
                                         SUFFIXES)

M, K = (1e6, 1), (1e3, 0)


def m01(doc, rng):
    """The unit after every amount ("1,234.5 EURm" / "1,234.5 mEUR" / "1,234.5 €m" by seed), none in the header."""
    st = MStyle(suffix=SUFFIXES[doc.seed % len(SUFFIXES)], size=5.5, header_size=5.0)
    build(doc, rng, st, M, SUFFIX_CAPTION)


def m02(doc, rng):
    names = doc.seed % 2 == 0

    def reshape(spec, st, kpi, year, _):
        sc_text_column(spec, st, kpi, year, names)
    build(doc, rng, MStyle(unit="(€ m)"), M, shape=Shape(reshape=reshape))


def m03(doc, rng):
    """Whole-percent shares with the sign glued on ("12%", "100%"), EUR thousand."""
    build(doc, rng, MStyle(unit="(EUR thousand)", share_mode="whole", pct_sep=""), K)


def m04(doc, rng):
    """A.1 long enough to be cut: the header repeated on the next page under the A.1 label "(continued)"."""
    st = MStyle(unit="(€ m)")
    form = CONTINUED_FORMS[doc.seed % len(CONTINUED_FORMS)]
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, Shape(size=((5, 7), (2, 4))))
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.new_page(size=LAND, rotate=0)
        _title(pager, doc, st, key)
        first, second = cut_in_a1(kpi_table(st, kpi, rng, doc.year), st, kpi, form)
        pages = draw_table(pager, first)
        pager.new_page()
        kpi.pages = pages + draw_table(pager, second)
    doc.pages = pager.pages


def m05(doc, rng):
    """The template's total rows only (A.1, A.2, A, B, TOTAL), a note that no breakdown is presented."""
    build(doc, rng, MStyle(unit="(€ m)", size=7.0, header_size=6.5), M,
          shape=Shape(reshape=lambda spec, st, kpi, year, _: totals_only(spec, st, kpi, year),
                      notes=(NO_BREAKDOWN_NOTE,)))


def m06(doc, rng):
    """Norwegian template, NOK million, "1 234,5" with no-break space, Ja / Nei."""
    st = MStyle(lang="no", dec=",", thou="\u00a0", yes="Ja", no="Nei", unit=NO_UNIT, size=5.5, header_size=5.0)
    build(doc, rng, st, M, currency="NOK")


def m07(doc, rng):
    build(doc, rng, MStyle(unit="(EUR thousand)"), K,
          shape=Shape(reshape=lambda spec, st, kpi, year, _: objective_number_columns(spec, st, kpi, year)))


def m08(doc, rng):
    """German template and names, "1.234,5 Mio. €" in every amount cell, "12,3 %"."""
    st = MStyle(lang="de", dec=",", thou=".", yes="J", no="N", suffix=DE_SUFFIX, size=5.5, header_size=5.0)
    build(doc, rng, st, M, shape=Shape(names="de"))


def m09(doc, rng):
    """Two-objective rows with the second code stacked under the first in a 34-pt code column, € m (half the
    activity pool has a second objective)."""
    two = [a for a in ACTIVITIES if a.code in SECOND_OBJECTIVE]
    pool = two + rng.sample([a for a in ACTIVITIES if a.code not in SECOND_OBJECTIVE], len(two) + 2)
    build(doc, rng, MStyle(unit="(€ m)", code_w=34.0), M,
          shape=Shape(reshape=lambda spec, *_: stacked_codes(spec), kw={"two_codes": True, "pool": pool},
                      size=((3, 4), (2, 5))))


def m10(doc, rng):
    """Whole € millions, no decimals ("1,234"), shares with one decimal."""
    build(doc, rng, MStyle(unit="(€ million)"), (1e6, 0))


BUILDERS = {
    "m01_unit_after_amount_eurm": m01,
    "m02_sc_objective_text_column": m02,
    "m03_whole_percent_glued": m03,
    "m04_a1_label_continued": m04,
    "m05_totals_only_no_breakdown": m05,
    "m06_no_nok_driftsinntekter": m06,
    "m07_objective_number_columns": m07,
    "m08_de_mio_eur_after_amount": m08,
    "m09_two_codes_stacked": m09,
    "m10_whole_millions_no_decimals": m10,
}
