"""Synth-g layout families: one builder per family fills ``doc.kpis`` (figures, nulls, whether rows are itemised)
and ``doc.pages`` (synth-f ``Page`` drawing operations; ``tests/reports_synth_f_render.py`` writes them).

>>> import random
>>> from tests.reports_synth_f_model import Document
>>> d = Document("x", "g09_summary_box_only", 1, "Valtera Group SE", 2023, {})
>>> BUILDERS["g09_summary_box_only"](d, random.Random(1)); d.kpis["capex"].itemised
False
"""

from __future__ import annotations

from tests.reports_synth_f_layout import BodyRow, Col, Pager, TableSpec, draw_table
from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_g_tables import GStyle, kpi_table, labels, summary_box
from tests.reports_synth_g_words import ANSWER_FOOTNOTES, ANSWER_MARKS, NARRATIVE

LAND = (842.0, 595.0)
FIXED_KEYS = ("total", "aligned.amount", "aligned.share", "eligible_not_aligned.amount",
              "eligible_not_aligned.share", "not_eligible.amount", "not_eligible.share")


def new_kpi(doc, rng, key: str, scale: float, decimals: int, **kw):
    kpi = make_kpi(rng, key, scale, decimals, **kw)
    kpi.nulls, kpi.itemised = set(), True
    doc.kpis[key] = kpi
    return kpi


def start(doc, rng, running: str = "Annual Report") -> Pager:
    """Cover and a narrative page (no KPI figures); printed page numbers offset from the PDF page."""
    pager = Pager(f"{doc.company} · {running} {doc.year}", page_offset=rng.randint(1, 60))
    pager.new_page()
    pager.y = 300
    pager.heading(doc.company, 20)
    pager.heading(f"{running} {doc.year}", 14)
    pager.new_page()
    pager.heading("EU Taxonomy disclosures")
    for s in NARRATIVE:
        pager.paragraph(s)
    return pager


def table_pages(pager: Pager, doc, st: GStyle, kpi, rng, caption: str | None = None, heading: str | None = None,
                notes: tuple = ()) -> None:
    """A KPI template on a new landscape page (title, optional caption, the table, optional notes below)."""
    pager.new_page(size=LAND, rotate=0)
    pager.paragraph(heading or labels(st, kpi.key)["title"].replace("{y}", str(doc.year)), 9)
    if caption:
        pager.page.text(40, pager.y + 4, caption, 7)
        pager.y += 10
    kpi.pages = draw_table(pager, kpi_table(st, kpi, rng, doc.year))
    for n in notes:
        pager.paragraph(n, 6)


def _standard(doc, rng, st: GStyle, units: dict, captions: dict | None = None, order=KPIS, notes=(), **kw):
    pager = start(doc, rng)
    for key in KPIS:
        scale, dec = units[key]
        new_kpi(doc, rng, key, scale, dec, **kw)
    for i, key in enumerate(order):
        head = f"Table {i + 1} – {labels(st, key)['kpi'][key]}" if order != KPIS else None
        table_pages(pager, doc, st, doc.kpis[key], rng, (captions or {}).get(key), head, notes)
    doc.pages = pager.pages


M, K = (1e6, 1), (1e3, 0)


def g01(doc, rng):
    _standard(doc, rng, GStyle(years="prev_first", unit="(€ m)"), dict.fromkeys(KPIS, M))


def g02(doc, rng):
    _standard(doc, rng, GStyle(name_w=78, valign="middle", unit="(EUR thousand)"), dict.fromkeys(KPIS, K))


def g03(doc, rng):
    heads = {"turnover": "(€ mn)", "capex": "TEUR", "opex": "EUR m"}
    pager = start(doc, rng)
    for key, (scale, dec) in zip(KPIS, (M, K, M)):
        new_kpi(doc, rng, key, scale, dec)
        st = GStyle(dec=",", thou="\u00a0", pct_sep="\u00a0", unit=heads[key])
        table_pages(pager, doc, st, doc.kpis[key], rng)
    doc.pages = pager.pages


def g04(doc, rng):
    _standard(doc, rng, GStyle(pct_col=True), dict.fromkeys(KPIS, K),
              captions=dict.fromkeys(KPIS, "All amounts in EUR thousand"))


def g05(doc, rng):
    _standard(doc, rng, GStyle(marks=ANSWER_MARKS, unit="(€ m)"), dict.fromkeys(KPIS, M), notes=ANSWER_FOOTNOTES)


def g06(doc, rng):
    st = GStyle(lang="pt", dec=",", thou=".", yes="S", no="N", el=("EL", "N/EL"))
    _standard(doc, rng, st, dict.fromkeys(KPIS, K), captions=dict.fromkeys(KPIS, "Valores em milhares de euros"))


def g07(doc, rng):
    _standard(doc, rng, GStyle(sub_blocks=True, unit="(€ m)"), dict.fromkeys(KPIS, M), n1=(4, 6))


def g08(doc, rng):
    _standard(doc, rng, GStyle(ruled=True, unit="(EUR m)"), dict.fromkeys(KPIS, M))
    for key in KPIS:
        for p in doc.kpis[key].pages:
            rng.shuffle(doc.pages[p - 1].ops)  # content-stream order is no longer reading order


def g09(doc, rng):
    pager = start(doc, rng)
    for key in KPIS:
        kpi = new_kpi(doc, rng, key, *M)
        kpi.itemised = False
        kpi.nulls = {"aligned.amount", "eligible_not_aligned.amount", "not_eligible.amount"}
    pager.new_page()
    pager.heading(labels(GStyle(), "turnover")["summary_title"])
    pager.paragraph("The table shows the three KPIs of Article 8 for the reporting year. The activity-level "
                    "templates of Annex II are published in the ESG data supplement on our website.")
    draw_table(pager, summary_box(GStyle(), doc.kpis))
    for key in KPIS:
        doc.kpis[key].pages = [pager.pno]
    doc.pages = pager.pages


def g10(doc, rng):
    st = GStyle(unit="(EUR m)")
    pager = start(doc, rng)
    turnover = new_kpi(doc, rng, "turnover", *M)
    table_pages(pager, doc, st, turnover, rng)
    capex, opex = new_kpi(doc, rng, "capex", *M), new_kpi(doc, rng, "opex", *M)
    for kpi in (capex, opex):
        kpi.itemised = False
        kpi.nulls = set(FIXED_KEYS) - ({"total"} if kpi is capex else set())
    pager.new_page(size=(595.0, 842.0))
    pager.heading("CapEx and OpEx")
    nm = "not material"
    spec = TableSpec([Col(230, "l"), Col(80, "r")], [[("CapEx", 1, "l"), (str(doc.year), 1, "r")]],
                     [BodyRow({0: "Taxonomy-aligned CapEx (A.1)", 1: nm}),
                      BodyRow({0: "Taxonomy-eligible but not aligned CapEx (A.2)", 1: nm}),
                      BodyRow({0: "Total CapEx (EUR m)", 1: st.amount(capex.total, 1)}, bold=True, rule_above=True)],
                     size=7.5, header_size=7.0)
    draw_table(pager, spec)
    pager.paragraph("OpEx: the Taxonomy OpEx denominator (non-capitalised research and development, maintenance, "
                    "short-term leases) is not material for the Group's business model. The OpEx KPI is therefore "
                    "reported as not material and no OpEx template is presented.")
    capex.pages = opex.pages = [pager.pno]
    doc.pages = pager.pages


def g11(doc, rng):
    _standard(doc, rng, GStyle(), dict.fromkeys(KPIS, K), captions=dict.fromkeys(KPIS, "in EUR thousand"),
              order=("capex", "turnover", "opex"))


BUILDERS = {
    "g01_both_years_prev_first": g01,
    "g02_wrap3_code_middle": g02,
    "g03_unit_in_column_header_nbsp": g03,
    "g04_percent_sign_column": g04,
    "g05_answer_footnote_marks": g05,
    "g06_pt_volume_negocios": g06,
    "g07_a1_sub_blocks": g07,
    "g08_cells_shuffled_z_order": g08,
    "g09_summary_box_only": g09,
    "g10_one_kpi_not_material": g10,
    "g11_capex_first": g11,
}
