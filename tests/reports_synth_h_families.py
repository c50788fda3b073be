"""Synth-h layout families: one builder per family fills ``doc.kpis`` (synth-f figures), ``doc.style`` (the
``HStyle`` the shares are printed in: the gold reads them at that precision) and ``doc.pages`` (synth-f drawing
operations, written by ``tests/reports_synth_f_render.py``).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "h05_whole_percent_space", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["h05_whole_percent_space"](d, random.Random(1)); d.style.share_mode
'whole'
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_g_families import LAND, start
from tests.reports_synth_g_tables import labels
from tests.reports_synth_f_layout import draw_table
from tests.reports_synth_h_tables import HStyle, h_table
from tests.reports_synth_h_words import CAPTIONS, FRACTION_NOTE, PAGE_FOOTNOTES

M, K = (1e6, 1), (1e3, 0)


def _footnotes(page, notes) -> None:
    """Footnotes at the foot of a page (below the table's last row, above the page number)."""
    for i, note in enumerate(notes):
        page.text(40, page.height - 34 + 6 * i, note, 5.5)


def build(doc, rng, st: HStyle, unit: tuple, caption: str | None = None, *, currency: str = "EUR",
          page_notes: tuple = (), max_rows: int = 999, kpi_kw: dict | None = None, **shape) -> None:
    """Cover, narrative, then each KPI template on its own landscape page(s)."""
    doc.style, doc.currency = st, currency
    pager = start(doc, rng)
    for key in KPIS:
        kpi = make_kpi(rng, key, *unit, **(kpi_kw or {}))
        kpi.nulls, kpi.itemised = set(), True
        doc.kpis[key] = kpi
        pager.new_page(size=LAND, rotate=0)
        pager.paragraph(labels(st, key)["title"].replace("{y}", str(doc.year)), 9)
        if caption:
            pager.page.text(40, pager.y + 4, caption, 7)
            pager.y += 10
        spec = h_table(st, kpi, rng, doc.year, **shape)
        spec.max_rows_per_page = max_rows
        kpi.pages = draw_table(pager, spec)
        for p in kpi.pages if page_notes else ():
            _footnotes(pager.pages[p - 1], page_notes)
    doc.pages = pager.pages


def h01(doc, rng):
    build(doc, rng, HStyle(lang="sv", dec=",", thou=" ", yes="J", no="N"), M, CAPTIONS["sv"], currency="SEK")


def h02(doc, rng):
    build(doc, rng, HStyle(lang="da", dec=",", thou=".", yes="J", no="N"), M, CAPTIONS["da"], currency="DKK")


def h03(doc, rng):
    build(doc, rng, HStyle(lang="fi", dec=",", thou=" ", yes="K", no="E"), M, CAPTIONS["fi"])


def h04(doc, rng):
    build(doc, rng, HStyle(thou="'", minus="\u2212"), M, "in CHF million", currency="CHF",
          kpi_kw={"negatives": True})


def h05(doc, rng):
    build(doc, rng, HStyle(share_mode="whole"), K, "in EUR thousand")


def h06(doc, rng):
    build(doc, rng, HStyle(unit="(EUR m)"), M, nace=True)


def h07(doc, rng):
    build(doc, rng, HStyle(unit="(€ m)"), M, order=("BIO", "CCM", "CCA", "WTR", "CE", "PPC"))


def h08(doc, rng):
    build(doc, rng, HStyle(name_w=95), K, "in € thousand", wrap_labels=True)


def h09(doc, rng):
    build(doc, rng, HStyle(unit="(EUR m)"), M, page_notes=PAGE_FOOTNOTES, max_rows=8,
          kpi_kw={"n1": (4, 6), "n2": (6, 9)})


def h10(doc, rng):
    build(doc, rng, HStyle(share_mode="fraction", unit="(EUR m)"), M, FRACTION_NOTE)


def h11(doc, rng):
    build(doc, rng, HStyle(unit="(EUR thousand)"), K, code_left=True)


BUILDERS = {
    "h01_sv_msek_omsattning": h01,
    "h02_da_dkk_omsaetning": h02,
    "h03_fi_liikevaihto_words": h03,
    "h04_chf_apostrophe_minus": h04,
    "h05_whole_percent_space": h05,
    "h06_nace_beside_code": h06,
    "h07_objectives_bio_first": h07,
    "h08_long_labels_wrapped": h08,
    "h09_split_headers_footnotes": h09,
    "h10_fraction_shares": h10,
    "h11_code_left_of_name": h11,
}
