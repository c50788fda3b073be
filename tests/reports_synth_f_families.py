"""Synth-f layout families: how each family composes its pages (cover, narrative, KPI tables) and what the gold
records.  ``BUILDERS`` maps a family name to a function filling a ``Document``'s KPIs and pages.

>>> sorted(BUILDERS)[0]
'f01_de_landscape_rotate_page'
"""

from __future__ import annotations

from tests.reports_synth_f_model import KPIS, make_kpi
from tests.reports_synth_f_layout import Pager, draw_table, wrap
from tests.reports_synth_f_tables import Style, compact_table, template_table, title
from tests.reports_synth_f_words import NARRATIVE_EN

LANDSCAPE = (842.0, 595.0)
PORTRAIT = (595.0, 842.0)
TAXONOMY_INTRO = (
    "Regulation (EU) 2020/852 (Taxonomy Regulation) requires undertakings to disclose how and to what extent their "
    "activities are associated with environmentally sustainable economic activities. The disclosure below follows "
    "Article 8 and the templates of Annex II to Delegated Regulation (EU) 2021/2178. Activities were screened "
    "against the technical screening criteria of Delegated Regulations (EU) 2021/2139 and 2023/2486.")
TAXONOMY_INTRO_DE = (
    "Nach der Verordnung (EU) 2020/852 (Taxonomie-Verordnung) sind Unternehmen verpflichtet anzugeben, wie und in "
    "welchem Umfang ihre Tätigkeiten mit ökologisch nachhaltigen Wirtschaftstätigkeiten verbunden sind. Die "
    "Angaben folgen Artikel 8 und den Meldebögen in Anhang II der Delegierten Verordnung (EU) 2021/2178. "
    "Taxonomiefähige Umsatzerlöse, Investitionsausgaben und Betriebsausgaben wurden auf Taxonomiekonformität geprüft.")


def _cover(pager: Pager, doc, subtitle: str) -> None:
    p = pager.new_page(size=PORTRAIT, rotate=0)
    p.text(60, 300, doc.company, 22, bold=True)
    p.text(60, 330, subtitle.format(y=doc.year), 14)


def _narrative_numbers(doc, rng) -> dict:
    t = doc.kpis["turnover"]
    rev = t.total * t.scale / 10 ** t.decimals / 1e6
    c = doc.kpis["capex"]
    return {"cur": "EUR", "g": f"{rng.uniform(1, 9):.1f}", "rev": f"{rev:,.1f}", "rev_prev": f"{rev * 0.94:,.1f}",
            "capex_narr": f"{c.total * c.scale / 10 ** c.decimals / 1e6 * 1.07:,.1f}",
            "capex_prev": f"{rng.uniform(20, 400):,.1f}", "opex_narr": f"{rng.uniform(10, 200):,.1f}",
            "al_prev": f"{rng.uniform(2, 30):.1f}", "el_prev": f"{rng.uniform(20, 70):.1f}",
            "intra": f"{rng.uniform(5, 90):.1f}", "seg1": f"{rev * 0.5:,.1f}", "seg2": f"{rev * 0.3:,.1f}",
            "seg3": f"{rev * 0.2:,.1f}", "emp": f"{rng.randint(900, 30000):,}", "rd": f"{rng.uniform(2, 8):.1f}"}


def _narrative(pager: Pager, doc, rng, paragraphs: int, heading: str = "EU Taxonomy") -> None:
    pager.new_page(size=PORTRAIT, rotate=0)
    pager.heading(heading)
    pager.paragraph(TAXONOMY_INTRO)
    nums = _narrative_numbers(doc, rng)
    for i in range(paragraphs):
        pager.paragraph(NARRATIVE_EN[i % len(NARRATIVE_EN)].format(**nums))


def _kpi_tables(pager: Pager, doc, rng, st: Style, size, rotate=0, caption=None, new_page_each=True, **spec_kw):
    for key in KPIS:
        kpi = doc.kpis[key]
        if new_page_each:
            pager.new_page(size=size, rotate=rotate)
        pager.heading(title(st, key, doc.year) if caption is None else caption(key), 8.5)
        spec = template_table(st, kpi, rng, doc.year, **spec_kw)
        kpi.pages = draw_table(pager, spec)


def _german_names(doc) -> None:
    for kpi in doc.kpis.values():
        for r in kpi.rows:
            r.name = r.activity.de


def f01_de_landscape_rotate_page(doc, rng):
    """German 2023 template, Mio. €, decimal comma, J/N; each KPI on a landscape page stored as portrait + /Rotate 90."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e6, 1)
    _german_names(doc)
    st = Style(lang="de", dec=",", thou=".", yes="J", no="N", unit="(Mio. €)", zero="–")
    pager = Pager(f"{doc.company} · Geschäftsbericht {doc.year}", page_offset=rng.randint(40, 120))
    _cover(pager, doc, "Geschäftsbericht {y}")
    pager.new_page(size=PORTRAIT)
    pager.heading("EU-Taxonomie")
    pager.paragraph(TAXONOMY_INTRO_DE)
    _kpi_tables(pager, doc, rng, st, LANDSCAPE, rotate=90)
    doc.pages = pager.pages


def f02_two_column_body(doc, rng):
    """Portrait two-column body: running text in the left column, a compact KPI table in the right one."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e6, 1, n1=(2, 3), n2=(2, 4))
    st = Style(unit="(EUR m)")
    pager = Pager(f"{doc.company} | Sustainability Report {doc.year}", page_offset=rng.randint(10, 60))
    _cover(pager, doc, "Sustainability Report {y}")
    nums = _narrative_numbers(doc, rng)
    texts = [s.format(**nums) for s in NARRATIVE_EN]
    for i, key in enumerate(KPIS):
        kpi = doc.kpis[key]
        pager.new_page(size=PORTRAIT)
        pager.heading(f"EU Taxonomy – {('Turnover', 'CapEx', 'OpEx')[i]}", 11)
        top = pager.y + 4
        pager.y = top
        pager.page.text(310, pager.y + 6, title(st, key, doc.year)[:60] + " …", 6.5, bold=True)
        pager.y += 12
        kpi.pages = draw_table(pager, compact_table(st, kpi, x0=310, answers=True))
        y = top
        for para in (TAXONOMY_INTRO, texts[i], texts[(i + 3) % len(texts)], texts[(i + 4) % len(texts)]):
            for ln in wrap(para, 255, 8):
                y += 10.5
                pager.page.text(40, y, ln, 8)
            y += 6
    doc.pages = pager.pages


def f03_three_header_rows_ruled(doc, rng):
    """Ruled grid, three header rows (group / objective / column numbers) with merged cells, 'in EUR thousand' in
    the caption, the N-1 column."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e3, 0)
    st = Style(header_depth=3, ruled=True, zero="–")
    pager = Pager(f"{doc.company} Annual Report {doc.year}", page_offset=rng.randint(60, 150))
    _cover(pager, doc, "Annual Report {y}")
    _narrative(pager, doc, rng, 3)
    _kpi_tables(pager, doc, rng, st, LANDSCAPE,
                caption=lambda k: f"{title(st, k, doc.year)} (in EUR thousand)")
    doc.pages = pager.pages


def f04_caption_k_parentheses(doc, rng):
    """Scale only in the caption ('in € k'), negatives in parentheses, '–' for zero, 'n/a' shares (null)."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e3, 0, negatives=key != "turnover", na_share=key == "opex")
    st = Style(header_depth=1, neg="paren", zero="–", pct_sep="", prev_col=False)
    pager = Pager(f"{doc.company} – Non-financial statement {doc.year}", page_offset=rng.randint(20, 90))
    _cover(pager, doc, "Non-financial statement {y}")
    _narrative(pager, doc, rng, 2)
    names = {"turnover": "Turnover KPI", "capex": "CapEx KPI", "opex": "OpEx KPI"}
    _kpi_tables(pager, doc, rng, st, LANDSCAPE, caption=lambda k: f"Table {KPIS.index(k) + 7}: {names[k]} (in € k)")
    doc.pages = pager.pages


def _lettered_code(rng):
    def fmt(row) -> str:
        obj, num = row.activity.code.split("-")
        if row.also:
            o2, n2 = row.also[0].split("-")
            return rng.choice((f"{obj} {num} / {o2} {n2}", f"{obj} {num}, {o2} {n2}", f"{obj} {num}/{o2} {n2}"))
        return rng.choice((f"{obj} {num}.", f"{num} {obj}", f"{obj} {num}", f"{obj}-{num}"))
    return fmt


def f05_two_codes_letter_codes(doc, rng):
    """Two-objective rows ('CCM 7.3 / CCA 7.3'), codes with a trailing dot or the objective after the number."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e3, 0, two_codes=True, n1=(3, 5), n2=(3, 5))
    codes = {}
    fmt = _lettered_code(rng)
    for kpi in doc.kpis.values():
        for r in kpi.rows:
            codes[id(r)] = fmt(r)
    st = Style(unit="(EUR '000)", code_fmt=lambda r: codes[id(r)], widths={
        "name": 140, "code": 62, "amount": 48, "share": 34, "sc": 24, "dnsh": 20, "ms": 24, "prev": 34, "cat": 20})
    pager = Pager(f"{doc.company} Annual Report {doc.year}", page_offset=rng.randint(60, 150))
    _cover(pager, doc, "Annual Report {y}")
    _narrative(pager, doc, rng, 2)
    _kpi_tables(pager, doc, rng, st, LANDSCAPE)
    doc.pages = pager.pages


def f06_sc_share_totals_total_first(doc, rng):
    """2023 template with per-objective SC shares on the A.1 / A.2 total rows, TOTAL (A+B) printed first."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e6, 1)
    st = Style(unit="(EUR m)", sc_pct_totals=True, total_first=True, pct_sep="")
    pager = Pager(f"{doc.company} Integrated Report {doc.year}", page_offset=rng.randint(60, 150))
    _cover(pager, doc, "Integrated Report {y}")
    _narrative(pager, doc, rng, 2)
    _kpi_tables(pager, doc, rng, st, LANDSCAPE)
    doc.pages = pager.pages


def f07_summary_then_annex(doc, rng):
    """A summary of each KPI table in the management report (€ million, whole %), the full template in the annex
    (€ thousand, one decimal); the gold is the annex table."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e3, 0)
    st = Style(unit="(€ thousand)")
    sm = Style(unit="(€ m)")
    pager = Pager(f"{doc.company} Annual Report {doc.year}", page_offset=rng.randint(20, 60))
    _cover(pager, doc, "Annual Report {y}")
    pager.new_page(size=PORTRAIT)
    pager.heading("Combined management report – EU Taxonomy (summary)")
    pager.paragraph(TAXONOMY_INTRO + " The full templates are shown in the annex to this report.")
    for key in KPIS:
        kpi = doc.kpis[key]
        pager.heading(f"{('Turnover', 'CapEx', 'OpEx')[KPIS.index(key)]} (summary, € m)", 8.5)
        draw_table(pager, compact_table(sm, kpi, x0=40, answers=False, share_decimals=0, refs=False,
                                        amount_fn=lambda u, d=kpi.decimals: f"{u / 10 ** d / 1000:,.1f}",
                                        widths=(220, 50, 60, 40)))
    _narrative(pager, doc, rng, 3, heading="Annex: EU Taxonomy templates")
    _kpi_tables(pager, doc, rng, st, LANDSCAPE)
    doc.pages = pager.pages


def f08_long_narrative_before(doc, rng):
    """Four pages of running text with turnover / CapEx / OpEx figures (previous year, segments) before the tables."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e3, 0)
    st = Style(unit="(€'000)", header_depth=2)
    pager = Pager(f"{doc.company} Annual Report {doc.year}", page_offset=rng.randint(30, 90))
    _cover(pager, doc, "Annual Report {y}")
    pager.new_page(size=PORTRAIT)
    pager.heading("Economic report and EU Taxonomy")
    nums = _narrative_numbers(doc, rng)
    for i in range(48):
        pager.paragraph(NARRATIVE_EN[(i * 3) % len(NARRATIVE_EN)].format(**nums))
        if i % 12 == 11:
            pager.heading(("Business development", "Financial position", "Investments", "Outlook")[i // 12 % 4], 10)
    _kpi_tables(pager, doc, rng, st, LANDSCAPE)
    doc.pages = pager.pages


def f09_headerless_continuation(doc, rng):
    """Long A.2 sections: the table continues on the next page without a repeated header."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e3, 0, n1=(4, 7), n2=(12, 18))
    st = Style(unit="(EUR thousand)", size=6.2)
    pager = Pager(f"{doc.company} Annual Report {doc.year}", page_offset=rng.randint(60, 150))
    _cover(pager, doc, "Annual Report {y}")
    _narrative(pager, doc, rng, 2)
    _kpi_tables(pager, doc, rng, st, LANDSCAPE, repeat_header=False, max_rows_per_page=rng.randint(13, 17))
    doc.pages = pager.pages


def f10_de_2021_teur_pct_sc(doc, rng):
    """German 2021 template (SC as shares, column 'Jahr N'), T€, decimal comma, '0,0 %', J/N, bare codes (gold: an
    A.1 row takes the objective of its 100 % SC share; an A.2 row, with no SC cell, the spec's default CCM)."""
    for key in KPIS:
        doc.kpis[key] = make_kpi(rng, key, 1e3, 0, template="2021")
        for r in doc.kpis[key].rows:
            if r.group == "A.2":  # a bare code with no SC cell: the spec's default objective
                r.gold_code = f"CCM-{r.activity.number}"
    _german_names(doc)
    st = Style(lang="de", dec=",", thou=".", yes="J", no="N", unit="(T€)", template="2021",
               code_fmt=lambda r: r.activity.number, widths={
                   "name": 150, "code": 30, "amount": 48, "share": 34, "sc": 28, "dnsh": 18, "ms": 22, "prev": 34,
                   "cat": 20})
    pager = Pager(f"{doc.company} · Nichtfinanzielle Erklärung {doc.year}", page_offset=rng.randint(40, 120))
    _cover(pager, doc, "Nichtfinanzielle Erklärung {y}")
    pager.new_page(size=PORTRAIT)
    pager.heading("EU-Taxonomie")
    pager.paragraph(TAXONOMY_INTRO_DE)
    _kpi_tables(pager, doc, rng, st, LANDSCAPE)
    doc.pages = pager.pages


def f11_scale_per_table_portrait(doc, rng):
    """Portrait full template at 5 pt, turnover in € million, CapEx / OpEx in € thousand, Yes/No."""
    doc.kpis["turnover"] = make_kpi(rng, "turnover", 1e6, 1)
    doc.kpis["capex"] = make_kpi(rng, "capex", 1e3, 0)
    doc.kpis["opex"] = make_kpi(rng, "opex", 1e3, 0)
    widths = {"name": 112, "code": 32, "amount": 38, "share": 28, "sc": 18, "dnsh": 16, "ms": 18, "prev": 26,
              "cat": 14}
    styles = {"turnover": Style(unit="(€ million)", yes="Yes", no="No", size=5.0, header_size=4.6, widths=widths),
              "capex": Style(unit="(€ thousand)", yes="Yes", no="No", size=5.0, header_size=4.6, widths=widths)}
    styles["opex"] = styles["capex"]
    pager = Pager(f"{doc.company} Annual Report {doc.year}", page_offset=rng.randint(60, 150))
    _cover(pager, doc, "Annual Report {y}")
    _narrative(pager, doc, rng, 2)
    for key in KPIS:
        pager.new_page(size=PORTRAIT)
        pager.heading(title(styles[key], key, doc.year)[:90], 8)
        doc.kpis[key].pages = draw_table(pager, template_table(styles[key], doc.kpis[key], rng, doc.year, x0=40))
    doc.pages = pager.pages


BUILDERS = {f.__name__: f for f in (
    f01_de_landscape_rotate_page, f02_two_column_body, f03_three_header_rows_ruled, f04_caption_k_parentheses,
    f05_two_codes_letter_codes, f06_sc_share_totals_total_first, f07_summary_then_annex, f08_long_narrative_before,
    f09_headerless_continuation, f10_de_2021_teur_pct_sc, f11_scale_per_table_portrait)}
