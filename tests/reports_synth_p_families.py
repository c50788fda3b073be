"""Synth-p layout families: one builder per family fills ``doc.kpis`` (synth-f figures), ``doc.style`` (a
``PStyle``) and ``doc.pages`` (synth-f drawing operations), through synth-o's ``build`` (cover, narrative, one
landscape page per KPI) and its ``OShape`` hooks (``early``: after the figures are drawn, before any table;
``reshape``; ``notes`` / ``after``: under each template).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "p08_full_euro_amounts", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["p08_full_euro_amounts"](d, random.Random(1)); d.kpis["capex"].scale, d.kpis["capex"].total > 10 ** 7
(1.0, True)
"""

from __future__ import annotations

from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_f_words import ACTIVITIES
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import kpi_table, labels
from tests.reports_synth_l_families import _kpis, _title
from tests.reports_synth_o_families import OShape, build
from tests.reports_synth_p_tables import (PStyle, category_words, change_column, condensed_a2, full_units,
                                          glued_code_notes, legacy_2022, short_labels, two_decimal_shares)
from tests.reports_synth_p_words import (CODE_NOTES, LEGACY_INTRO, LEGACY_TITLE, NO, OPEX_HEADING, OPEX_PROSE,
                                         PLAIN_UNIT, SCALE_FOOTNOTE, YES)

M, K = (1e6, 1), (1e3, 0)


def _each_kpi(fn):
    """An ``early`` hook applying ``fn(kpi, rng)`` to every KPI's figures before any table is drawn."""
    def early(pager, doc, st, rng):
        for key in KPIS:
            fn(doc.kpis[key], rng)
    return early


def p01(doc, rng):
    """Amount column headed "(€)" with no scale word; "All amounts in € thousand ..." only in a footnote under each
    table; EUR thousand, no decimals."""
    build(doc, rng, PStyle(unit=PLAIN_UNIT), K, shape=OShape(notes=(SCALE_FOOTNOTE,)))


def p02(doc, rng):
    """Footnote numbers glued to about half the codes ("CCM 4.1(1)"), the footnotes under the table, € m."""
    def after(pager, st, kpi, doc, rng):
        for n in glued[kpi.key]:
            pager.paragraph(CODE_NOTES[n - 1].format(n=n), 6)
    glued = {}

    def reshape(spec, st, kpi, year, r):
        glued[kpi.key] = glued_code_notes(spec, r)
    build(doc, rng, PStyle(unit="(€ m)"), M, shape=OShape(reshape=reshape, after=after))


def p03(doc, rng):
    """Shares printed without a "%" sign ("12.3") in columns headed "Proportion of turnover (%)", € m."""
    def reshape(spec, st, kpi, year, _):
        for hrow in spec.header_rows:
            for i, (text, span, align) in enumerate(hrow):
                if text == labels(st, kpi.key)["proportion"]:
                    hrow[i] = (f"{text} (%)", span, align)
    build(doc, rng, PStyle(unit="(€ m)", pct_sign=False), M, shape=OShape(reshape=reshape))


def p04(doc, rng):
    """Shares at two decimals ("12.34 %") on every row and total, EUR thousand."""
    build(doc, rng, PStyle(unit="(EUR thousand)", share_digits=2), K,
          shape=OShape(early=_each_kpi(lambda kpi, _: two_decimal_shares(kpi))))


def p05(doc, rng):
    """The current year's 2023 template (six objectives), then on the next page the prior year's figures in the
    legacy 2022 layout (substantial contribution to CCM and CCA as percentages), € m."""
    pool = [a for a in ACTIVITIES if a.objective in ("CCM", "CCA")]

    def after(pager, st, kpi, doc, rng):
        prev = make_kpi(rng, kpi.key, *M, template="2021", pool=pool)
        pager.new_page(size=LAND, rotate=0)
        pager.paragraph(LEGACY_TITLE.format(K=labels(st, kpi.key)["kpi"][kpi.key], p=doc.year - 1), 9)
        pager.paragraph(LEGACY_INTRO.format(p=doc.year - 1), 7)
        spec = kpi_table(st, prev, rng, doc.year - 1)
        legacy_2022(spec, st, prev, doc.year - 1)
        draw_table(pager, spec)
    build(doc, rng, PStyle(unit="(€ m)"), M, shape=OShape(after=after))


def p06(doc, rng):
    """A condensed A.2 block: names abbreviated word by word ("Insta. maint. & repair charg. stati."), no answer cells;
    A.1 rows in full, € m."""
    build(doc, rng, PStyle(unit="(€ m)"), M, shape=OShape(early=_each_kpi(lambda kpi, _: condensed_a2(kpi))))


def p07(doc, rng):
    """Answers spelled out ("Yes" / "No") and the category as a word ("Enabling" / "Transitional"), € m."""
    build(doc, rng, PStyle(unit="(€ m)", yes=YES, no=NO, name_w=140.0), M,
          shape=OShape(reshape=lambda spec, st, kpi, year, _: category_words(spec, st, kpi, year)))


def p08(doc, rng):
    """Amounts in whole euros ("1,234,567,890") under "(EUR)", smaller groups' way."""
    build(doc, rng, PStyle(unit="(EUR)"), K, shape=OShape(early=_each_kpi(full_units)))


def p09(doc, rng):
    """Short section and total labels ("A.1 Taxonomy-aligned activities", "Total A.1", "Total (A + B)"), € m."""
    build(doc, rng, PStyle(unit="(€ m)"), M,
          shape=OShape(reshape=lambda spec, st, kpi, year, _: short_labels(spec, st, kpi)))


def p10(doc, rng):
    """Year N amount and share, the year N-1 amount and a "Change" column ("+12.3 %", "-4.1 %", "n/m"), € m."""
    build(doc, rng, PStyle(unit="(€ m)", years="prev_first", name_w=125.0), M,
          shape=OShape(reshape=lambda spec, st, kpi, year, _: change_column(spec, st, kpi, year)))


def p11(doc, rng):
    """Turnover and CapEx templates; OpEx declared not material: no template, its total, aligned and
    eligible-not-aligned figures in prose on a portrait page (not eligible not stated), € m."""
    st = PStyle(unit="(€ m)")
    doc.style = st
    pager = start(doc, rng)
    _kpis(doc, rng, M, OShape())
    for key in ("turnover", "capex"):
        kpi = doc.kpis[key]
        pager.new_page(size=LAND, rotate=0)
        _title(pager, doc, st, key)
        kpi.pages = draw_table(pager, kpi_table(st, kpi, rng, doc.year))
    opex = doc.kpis["opex"]
    opex.itemised, opex.null_roles = False, {"not_eligible"}
    pager.new_page(size=(595.0, 842.0), rotate=0)
    pager.heading(OPEX_HEADING)
    amount = lambda u: st.amount(u, opex.decimals)  # noqa: E731
    values = {"y": doc.year, "total": amount(opex.total), "ratio": rng.randint(2, 4), "a1": amount(opex.a1),
              "s1": st.share(opex.pct10(opex.a1)).rstrip(" %"), "a2": amount(opex.a2),
              "s2": st.share(opex.pct10(opex.a2)).rstrip(" %")}
    for text in OPEX_PROSE:
        pager.paragraph(text.format(**values))
    opex.pages = [pager.pno]
    doc.pages = pager.pages


BUILDERS = {
    "p01_scale_in_footnote_only": p01,
    "p02_code_footnote_number_glued": p02,
    "p03_percent_header_no_sign": p03,
    "p04_two_decimal_shares": p04,
    "p05_legacy_2022_prior_year_table": p05,
    "p06_a2_abbreviated_no_answers": p06,
    "p07_yes_no_category_words": p07,
    "p08_full_euro_amounts": p08,
    "p09_short_section_total_labels": p09,
    "p10_change_vs_prior_year_column": p10,
    "p11_opex_not_material_prose": p11,
}
