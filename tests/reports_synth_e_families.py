"""Synth-e layout families: one builder per family (tests/reports_synth_e.py holds the page model and the gold).

>>> from tests.reports_synth_e import build_document
>>> d = build_document("e12_split_left_right_pages", 2); len(d.kpis["capex"].pages)
2
"""

from __future__ import annotations

import random

from tests.reports_synth_e import (KPIS, NARROW_NBSP, OBJECTIVES, THIN, Col, Document, Kpi, Layout,
                                   Row, COMPANIES, cover, draw_table, fmt_amount, fmt_pct, make_kpis, narrative,
                                   pct_text)
from tests.reports_synth_e_lang import LABELS, NUCLEAR_GAS_ROWS, NUCLEAR_GAS_SECTIONS, OBJECTIVE_NAMES

ALSO = {"CCM-7.1": "CE-3.1", "CCM-7.2": "CE-3.2"}


def new_doc(family, seed, rng, lang="en", unit="meur", decimals=1, thousands=",", decimal=".", pct="%",
            year=None) -> Document:
    return Document(f"{family}_s{seed}", family, seed, year or rng.choice((2023, 2024)), rng.choice(COMPANIES),
                    lang, unit, decimals, {"thousands": thousands, "decimal": decimal, "pct": pct})


def code_text(code: str, style: str) -> str:
    obj, sec = code.split("-")
    return {"prefixed": f"{obj} {sec}", "joined": f"{obj}{sec}", "bare": sec, "none": ""}[style]


def template_columns(doc: Document, k: Kpi, share_header: str | None = None, code=True, answers=True,
                     prev=True) -> tuple[list[Col], list]:
    lab = LABELS[doc.lang]
    kname = lab["kpi"][k.key]
    unit = lab["unit"][doc.unit]
    cols = [Col(lab["activity"], 150)]
    if code:
        cols.append(Col(lab["code"], 46))
    cols += [Col(lab["amount"].format(kpi=kname) + f" ({unit})", 56, "r"),
             Col(share_header or lab["share"].format(kpi=kname), 42, "r")]
    groups = []
    if answers:
        n0 = len(cols)
        cols += [Col(o, 24, "c") for o in OBJECTIVES]
        groups.append((n0, n0 + 5, lab["sc"]))
        cols += [Col(o, 22, "c") for o in OBJECTIVES]
        groups.append((n0 + 6, n0 + 11, lab["dnsh"]))
        cols.append(Col(lab["ms"], 30, "c"))
    if prev:
        cols.append(Col(lab["prev"].format(prev=doc.year - 1), 38, "r"))
    if answers:
        cols += [Col(lab["E"], 30, "c"), Col(lab["T"], 30, "c")]
    return cols, groups


def template_rows(doc: Document, k: Kpi, rng: random.Random, code_style="prefixed", answers=True, prev=True,
                  enabling=True, b_rows=True, total_row=True, name_of=None, valign="top",
                  subheadings=False) -> list[Row]:
    """Rows of the Annex II template for one KPI, in the order A / A.1 / A.2 / B / total."""
    lab = LABELS[doc.lang]
    kname = lab["kpi"][k.key]
    code = code_style != "none"

    def cells(label, c, amount, share, act=None, prev_text=""):
        row = [label] + ([c] if code else []) + [fmt_amount(doc, amount), fmt_pct(doc, share)]
        if answers:
            if act is not None:
                row += [act.sc[o] for o in OBJECTIVES] + [act.dnsh[o] for o in OBJECTIVES] + [act.ms or ""]
            else:
                row += [""] * 13
        if prev:
            row.append(prev_text)
        if answers:
            cat = act.category if act is not None and act.group == "A.1" else None
            row += ["E" if cat == "E" else "", "T" if cat == "T" else ""]
        return row

    def act_row(a):
        c = code_text(a.code, code_style)
        if a.also:
            c += " / " + code_text(a.also[0], code_style)
        label = name_of(a) if name_of else a.name
        prev_share = fmt_pct(doc, f"{rng.uniform(0, 30):.1f}")
        return Row(cells(label, c, a.amount, a.share, a, prev_share), act=a, valign=valign)

    def group_rows(group):
        acts = [a for a in k.activities if a.group == group]
        if not subheadings:
            return [act_row(a) for a in acts]
        out = []
        for obj in OBJECTIVES:
            mine = [a for a in acts if a.code.startswith(obj + "-")]
            if mine:
                out.append(Row([f"{OBJECTIVE_NAMES[obj]} ({obj})"], "section"))
                out += [act_row(a) for a in mine]
        return out

    rows = [Row([lab["A"]], "section"), Row([lab["A1"]], "section")]
    rows += group_rows("A.1")
    rows.append(Row(cells(lab["A1_total"].format(kpi=kname), "", k.a1, k.shares["a1"]), "total"))
    if enabling:
        rows.append(Row(cells(lab["enabling"], "", k.prev["enabling"], k.shares["enabling"]), "total"))
        rows.append(Row(cells(lab["transitional"], "", k.prev["transitional"], k.shares["transitional"]), "total"))
    rows.append(Row([lab["A2"]], "section"))
    rows += group_rows("A.2")
    rows.append(Row(cells(lab["A2_total"].format(kpi=kname), "", k.a2, k.shares["a2"]), "total"))
    rows.append(Row(cells(lab["A_total"].format(kpi=kname), "", k.a1 + k.a2, k.shares["a"]), "total"))
    if b_rows:
        rows.append(Row([lab["B"]], "section"))
        rows.append(Row(cells(lab["B_total"].format(kpi=kname), "", k.b, k.shares["b"]), "total"))
    if total_row:
        rows.append(Row(cells(lab["total"], "", k.total, k.shares["total"]), "total"))
    return rows


def add_also(doc: Document) -> None:
    for k in doc.kpis.values():
        for a in k.activities:
            if a.code in ALSO and a.group == "A.1":
                a.also = [ALSO[a.code]]


def kpi_heading(lay: Layout, k: Kpi, landscape=True, new_page=True):
    doc = lay.doc
    lab = LABELS[doc.lang]
    if new_page:
        lay.new_page(landscape)
    lay.paragraph(lab["kpi_long"][k.key], 10, True, 2)
    lay.paragraph(f"{lab['kpi'][k.key]} – {doc.year} ({lab['unit'][doc.unit]})", 8, False, 4)


def standard(family, seed, rng, doc: Document, n1=3, n2=3, objectives=("CCM",), with_el=True, code_style="prefixed",
             landscape=True, size=6.5, share_header=None, after=None, **rows_kw) -> Document:
    make_kpis(rng, doc, n1, n2, objectives, with_el)
    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    lay.paragraph(LABELS[doc.lang]["title"], 14, True)
    narrative(lay, rng)
    for key in KPIS:
        k = doc.kpis[key]
        kpi_heading(lay, k, landscape)
        cols, groups = template_columns(doc, k, share_header, code=code_style != "none")
        draw_table(lay, cols, template_rows(doc, k, rng, code_style, **rows_kw), size, groups, kpi=k,
                   landscape=landscape)
        if after:
            after(lay, k)
    return doc


# ----------------------------------------------------------------------------------------------- families
def build_e01(family, seed, rng):
    """2023 template, € million, 'CCM 7.2 / CE 3.2' rows, each KPI followed by the per-objective share table."""
    doc = new_doc(family, seed, rng)
    make_kpis(rng, doc, 3, 3, ("CCM", "CE"), True, must=(rng.choice(("CCM-7.1", "CCM-7.2")),),
              exclude=tuple(ALSO.values()))
    add_also(doc)

    def per_objective(lay, k):
        lab = LABELS[doc.lang]
        kname = lab["kpi"][k.key]
        cols = [Col("", 60), Col("Taxonomy-aligned per objective", 80, "r"),
                Col("Taxonomy-eligible per objective", 80, "r")]
        rows = []
        for o in OBJECTIVES:
            al = sum(a.amount for a in k.activities if a.group == "A.1" and a.code.startswith(o + "-"))
            el = sum(a.amount for a in k.activities if a.code.startswith(o + "-"))
            rows.append(Row([o, fmt_pct(doc, pct_text(al, k.total, 1)), fmt_pct(doc, pct_text(el, k.total, 1))]))
        if lay.room() < 120:
            lay.new_page(True)
        lay.paragraph(f"Proportion of {kname} / Total {kname}", 8, True, 2)
        draw_table(lay, cols, rows, 7)

    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    lay.paragraph("EU Taxonomy", 14, True)
    narrative(lay, rng)
    for key in KPIS:
        k = doc.kpis[key]
        kpi_heading(lay, k)
        cols, groups = template_columns(doc, k)
        draw_table(lay, cols, template_rows(doc, k, rng), 6.5, groups, kpi=k, landscape=True)
        per_objective(lay, k)
    return doc


def build_e02(family, seed, rng):
    """€ thousand; Annex XII template 1 (nuclear / fossil gas yes/no) before, template 2 after each KPI table."""
    doc = new_doc(family, seed, rng, unit="teur", decimals=0)
    make_kpis(rng, doc, 2, 3)
    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    lay.paragraph("EU Taxonomy", 14, True)
    narrative(lay, rng, 2)
    lay.paragraph("Template 1 Nuclear and fossil gas related activities", 9, True, 2)
    rows = [Row([f"{i}. {t}", "No"]) for i, t in enumerate(NUCLEAR_GAS_ROWS, 1)]
    rows.insert(0, Row(["Nuclear energy related activities"], "section"))
    rows.insert(4, Row(["Fossil gas related activities"], "section"))
    draw_table(lay, [Col("Row", 420), Col("", 60, "c")], rows, 7.5)

    def template2(lay, k):
        kname = LABELS["en"]["kpi"][k.key]
        if lay.room() < 200:
            lay.new_page(True)
        lay.paragraph(f"Template 2 Taxonomy-aligned economic activities (denominator) – {kname}", 8, True, 2)
        cols = [Col("Row", 36), Col("Economic activities", 330)] + [
            Col(f"{h} {m}", 52, "r") for h in ("CCM + CCA", "CCM", "CCA") for m in ("Amount", "%")]
        rows = []
        for i, sec in enumerate(NUCLEAR_GAS_SECTIONS, 1):
            rows.append(Row([str(i), f"Amount and proportion of taxonomy-aligned economic activity referred to in "
                             f"Section {sec} of Annexes I and II to Delegated Regulation 2021/2139 in the denominator "
                             f"of the applicable KPI"] + ["0", fmt_pct(doc, "0.0")] * 3))
        a1 = [fmt_amount(doc, k.a1), fmt_pct(doc, k.shares["a1"])]
        rows.append(Row(["7", "Amount and proportion of other taxonomy-aligned economic activities not referred to in "
                         "rows 1 to 6 above in the denominator of the applicable KPI"] + a1 + a1 + ["0", "0.0%"]))
        tot = [fmt_amount(doc, k.total), fmt_pct(doc, "100.0")]
        rows.append(Row(["8", "Total applicable KPI"] + tot + tot + ["0", "0.0%"]))
        draw_table(lay, cols, rows, 6.5, wrap_first=True, landscape=True)

    for key in KPIS:
        k = doc.kpis[key]
        kpi_heading(lay, k)
        cols, groups = template_columns(doc, k)
        draw_table(lay, cols, template_rows(doc, k, rng), 6.5, groups, kpi=k, landscape=True)
        template2(lay, k)
    return doc


def build_e03(family, seed, rng):
    """Dutch template: Omzet / Kapitaaluitgaven / Operationele uitgaven, miljoenen euro, 1.234,5, Ja/Nee."""
    doc = new_doc(family, seed, rng, "nl", "meur", 1, ".", ",", "%")
    return standard(family, seed, rng, doc, 3, 2)


def build_e04(family, seed, rng):
    """French template: Chiffre d'affaires, milliers d'euros, narrow no-break space thousands, '12,3 %', Oui/Non."""
    doc = new_doc(family, seed, rng, "fr", "teur", 0, NARROW_NBSP, ",", NARROW_NBSP + "%")
    return standard(family, seed, rng, doc, 2, 3)


def build_e05(family, seed, rng):
    """Italian template: Fatturato, migliaia di euro, apostrophe thousands 1'234'567, Sì/No, bare codes."""
    doc = new_doc(family, seed, rng, "it", "teur", 0, "'", ".", "%")
    return standard(family, seed, rng, doc, 3, 2, ("CCM", "CCA"), code_style="bare")


def build_e06(family, seed, rng):
    """Spanish template: Cifra de negocios, miles de euros, 1.234, shares without % under a '%' header, S/N."""
    doc = new_doc(family, seed, rng, "es", "teur", 0, ".", ",", "")
    return standard(family, seed, rng, doc, 2, 3, share_header="%")


def build_e07(family, seed, rng):
    """Both years in alternating columns: amount {year} | amount {year-1} | % {year} | % {year-1}."""
    doc = new_doc(family, seed, rng)
    make_kpis(rng, doc, 3, 3)
    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    lay.paragraph("EU Taxonomy", 14, True)
    narrative(lay, rng)
    lab = LABELS["en"]
    y0, y1 = doc.year, doc.year - 1
    for key in KPIS:
        k = doc.kpis[key]
        kname = lab["kpi"][key]
        kpi_heading(lay, k)
        cols = [Col(lab["activity"], 190), Col(lab["code"], 46), Col(f"{kname} {y0} (€ million)", 54, "r"),
                Col(f"{kname} {y1} (€ million)", 54, "r"), Col(f"% {y0}", 36, "r"), Col(f"% {y1}", 36, "r")]
        cols += [Col(f"SC {o}", 26, "c") for o in OBJECTIVES] + [Col("DNSH", 30, "c"), Col("MS", 26, "c"),
                                                                 Col("E/T", 24, "c")]

        def line(label, c, amt, share, a=None):
            prev_amt = int((amt or 0) * rng.uniform(0.6, 1.3))
            prev_share = f"{rng.uniform(0, 40):.1f}"
            row = [label, c, fmt_amount(doc, amt), fmt_amount(doc, prev_amt), fmt_pct(doc, share),
                   fmt_pct(doc, prev_share)]
            if a is None:
                return row + [""] * 9
            return row + [a.sc[o] for o in OBJECTIVES] + [
                "Y" if a.group == "A.1" else "", a.ms or "", a.category or ""]

        rows = [Row([lab["A1"]], "section")]
        rows += [Row(line(a.name, code_text(a.code, "prefixed"), a.amount, a.share, a), act=a)
                 for a in k.activities if a.group == "A.1"]
        rows.append(Row(line(lab["A1_total"].format(kpi=kname), "", k.a1, k.shares["a1"]), "total"))
        rows.append(Row([lab["A2"]], "section"))
        rows += [Row(line(a.name, code_text(a.code, "prefixed"), a.amount, a.share, a), act=a)
                 for a in k.activities if a.group == "A.2"]
        rows.append(Row(line(lab["A2_total"].format(kpi=kname), "", k.a2, k.shares["a2"]), "total"))
        rows.append(Row(line(lab["B_total"].format(kpi=kname), "", k.b, k.shares["b"]), "total"))
        rows.append(Row(line(lab["total"], "", k.total, k.shares["total"]), "total"))
        draw_table(lay, cols, rows, 6.5, kpi=k, landscape=True)
    return doc


def build_e08(family, seed, rng):
    """A KPI summary table (rows turnover / CapEx / OpEx) apart from activity tables without B and total rows."""
    doc = new_doc(family, seed, rng)
    make_kpis(rng, doc, 3, 2)
    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    lay.paragraph("EU Taxonomy", 14, True)
    narrative(lay, rng, 2)
    lay.paragraph("Overview of the Taxonomy KPIs", 10, True, 2)
    cols = [Col("KPI", 70), Col("Total (€ million)", 62, "r"), Col("Taxonomy-eligible (€ million)", 70, "r"),
            Col("Taxonomy-eligible (%)", 62, "r"), Col("Taxonomy-aligned (€ million)", 70, "r"),
            Col("Taxonomy-aligned (%)", 62, "r")]
    rows = []
    for key in KPIS:
        k = doc.kpis[key]
        rows.append(Row([LABELS["en"]["kpi"][key], fmt_amount(doc, k.total), fmt_amount(doc, k.a1 + k.a2),
                         fmt_pct(doc, k.shares["a"]), fmt_amount(doc, k.a1), fmt_pct(doc, k.shares["a1"])]))
    draw_table(lay, cols, rows, 7.5)
    for key in KPIS:
        doc.kpis[key].pages.add(lay.pno)
        doc.kpis[key].b = None
        doc.kpis[key].shares["b"] = None
    narrative(lay, rng, 1)
    for key in KPIS:
        k = doc.kpis[key]
        kpi_heading(lay, k)
        cols, groups = template_columns(doc, k)
        draw_table(lay, cols, template_rows(doc, k, rng, b_rows=False, total_row=False, enabling=False), 6.5,
                   groups, kpi=k, landscape=True)
    return doc


def split3(name: str) -> str:
    """A name broken over exactly three lines (by words), e.g. 'a b c d' -> 'a b\\nc\\nd'."""
    words = name.split()
    n = len(words)
    cut1, cut2 = max(1, round(n / 3)), max(2, round(2 * n / 3))
    if cut2 >= n:
        cut1, cut2 = 1, n - 1
    return "\n".join([" ".join(words[:cut1]), " ".join(words[cut1:cut2]), " ".join(words[cut2:])])


def build_e09(family, seed, rng):
    """No code column: names wrapped over three lines with a footnote mark; codes only in the table's footnotes."""
    doc = new_doc(family, seed, rng, unit="teur", decimals=0)
    make_kpis(rng, doc, 3, 3, with_el=False)
    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    lay.paragraph("EU Taxonomy", 14, True)
    narrative(lay, rng)
    for key in KPIS:
        k = doc.kpis[key]
        marks = {a.code: i for i, a in enumerate(sorted({a.code: a for a in k.activities}.values(),
                                                       key=lambda a: a.code), 1)}
        kpi_heading(lay, k)
        cols, groups = template_columns(doc, k, code=False)
        rows = template_rows(doc, k, rng, "none", name_of=lambda a: split3(a.name) + f" ({marks[a.code]})",
                             valign="middle")
        draw_table(lay, cols, rows, 6.5, groups, kpi=k, landscape=True)
        for code, i in marks.items():
            obj, sec = code.split("-")
            lay.paragraph(f"({i}) {obj} {sec} – activity {sec} of Annex {'I' if obj == 'CCM' else 'II'} to "
                          f"Delegated Regulation (EU) 2021/2139", 6.5, gap=0)
    return doc


def build_e10(family, seed, rng):
    """Rows grouped under objective sub-headings (CCM / CCA / CE) within A.1 and A.2, bare codes, € thousand."""
    doc = new_doc(family, seed, rng, unit="teur", decimals=0)
    return standard(family, seed, rng, doc, 3, 3, ("CCM", "CCA", "CE"), code_style="bare", subheadings=True)


def build_e11(family, seed, rng):
    """A contents page (dotted leaders, printed page numbers) and an embedded outline pointing at the KPI section."""
    doc = new_doc(family, seed, rng)
    doc.page_offset = 1
    make_kpis(rng, doc, 3, 2)
    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    toc_page = lay.page
    lay.paragraph("Contents", 16, True)
    chapters = ["To our shareholders", "Group management report", "Sustainability statement",
                "EU Taxonomy disclosures", "Consolidated financial statements"]
    starts = {}
    for ch in chapters[:3]:
        lay.new_page()
        starts[ch] = lay.pno
        lay.paragraph(ch, 14, True)
        narrative(lay, rng, 3)
        k = doc.kpis["turnover"]
        lay.paragraph(f"In {doc.year}, {k.shares['a']} % of group turnover was Taxonomy-eligible and "
                      f"{k.shares['a1']} % Taxonomy-aligned (previous year: {rng.uniform(5, 40):.1f} %).")
    ch = chapters[3]
    lay.new_page(True)
    starts[ch] = lay.pno
    lay.paragraph(ch, 14, True)
    doc.outline.append((1, ch, lay.pno))
    for i, key in enumerate(KPIS):
        k = doc.kpis[key]
        kpi_heading(lay, k, True, new_page=i > 0)
        doc.outline.append((2, LABELS["en"]["kpi"][key], lay.pno))
        starts[f"{LABELS['en']['kpi'][key]} KPI"] = lay.pno
        cols, groups = template_columns(doc, k)
        draw_table(lay, cols, template_rows(doc, k, rng), 6.5, groups, kpi=k, landscape=True)
    lay.new_page()
    starts[chapters[4]] = lay.pno
    lay.paragraph(chapters[4], 14, True)
    narrative(lay, rng, 1)
    doc.outline[:0] = [(1, c, starts[c]) for c in chapters[:3]]
    doc.outline.append((1, chapters[4], starts[chapters[4]]))
    # the contents page, written last (it points forward)
    saved = doc.pages
    doc.pages = saved[:saved.index(toc_page) + 1]
    lay.y = 90
    for title, pno in starts.items():
        indent = 16 if title.endswith("KPI") else 0
        label = f"{title} " + "." * 60
        lay.text(lay.MARGIN + indent, lay.y, label, 10)
        lay.text(480, lay.y, str(pno + doc.page_offset), 10)
        lay.y += 16
    doc.pages = saved
    return doc


def build_e12(family, seed, rng):
    """Full euros with thin-space thousands; each table split horizontally: amounts/SC left page, DNSH right."""
    doc = new_doc(family, seed, rng, unit="eur", decimals=0, thousands=THIN)
    make_kpis(rng, doc, 3, 2)
    lay = Layout(doc)
    cover(lay)
    lay.new_page()
    lay.paragraph("EU Taxonomy", 14, True)
    narrative(lay, rng)
    for key in KPIS:
        k = doc.kpis[key]
        cols, groups = template_columns(doc, k)
        rows = template_rows(doc, k, rng)
        cols[0].width = 170
        cols[2].width = 62
        left = list(range(0, 10))
        right = [0] + list(range(10, len(cols)))
        for part, idx in (("(part 1 of 2)", left), ("(part 2 of 2)", right)):
            kpi_heading(lay, k, False)
            lay.paragraph(part, 7, False, 2)
            sub_cols = [cols[i] for i in idx]
            sub_groups = [(idx.index(a), idx.index(b), t) for a, b, t in groups if a in idx and b in idx]
            sub_rows = [Row([r.cells[i] for i in idx] if r.kind != "section" else r.cells, r.kind,
                            r.act if part.startswith("(part 1") else None) for r in rows]
            draw_table(lay, sub_cols, sub_rows, 6.5, sub_groups, kpi=k, landscape=False)
    return doc
