"""Synth-c renderer: lays a ``tests.reports_synth_c.Document`` out as a PDF with PyMuPDF (base-14 Helvetica
through TextWriter, so no system font is needed; output byte-identical for the same document).

Page furniture as in real reports: a cover, optionally a contents page, running header and footer with a
printed page number that differs from the PDF page, narrative pages around the tables, footnotes under tables.
Tables flow over pages; a table that breaks repeats its header rows (with "(continued)").

    >>> from tests.reports_synth_c import FAMILIES, build_document
    >>> render(build_document(FAMILIES[0], 1))[:5]
    b'%PDF-'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal

import pymupdf

from tests.pdf_widths import text_length
from tests.reports_synth_c import OBJECTIVES, Document, Family, Kpi, Row, _pct, _q

FONT = pymupdf.Font("helv")
BOLD = pymupdf.Font("hebo")
MARGIN = 36.0

WORDS = {
    "en": {
        "kpi": {"turnover": "Turnover", "capex": "CapEx", "opex": "OpEx"},
        "title": "Proportion of {kpi} from products or services associated with Taxonomy-aligned economic "
                 "activities – disclosure covering year {year}",
        "activity": "Economic activities", "code": "Code(s)", "absolute": "Absolute {kpi}",
        "proportion": "Proportion of {kpi}", "sc": "Substantial contribution criteria",
        "dnsh": "DNSH criteria (‘Does Not Significantly Harm’)", "ms": "Minimum safeguards",
        "prior": "Taxonomy-aligned (A.1.) or -eligible (A.2.) proportion of {kpi}, year {prev}",
        "enabling": "Category enabling activity", "transitional": "Category transitional activity",
        "objectives": ("Climate change mitigation", "Climate change adaptation", "Water", "Circular economy",
                       "Pollution", "Biodiversity"),
        "A": "A. TAXONOMY-ELIGIBLE ACTIVITIES",
        "A1": "A.1 Environmentally sustainable activities (Taxonomy-aligned)",
        "A1tot": "{kpi} of environmentally sustainable activities (Taxonomy-aligned) (A.1)",
        "of_en": "Of which enabling", "of_tr": "Of which transitional",
        "A2": "A.2 Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned "
              "activities)",
        "A2tot": "{kpi} of Taxonomy-eligible but not environmentally sustainable activities (not "
                 "Taxonomy-aligned activities) (A.2)",
        "Atot": "A. {kpi} of Taxonomy-eligible activities (A.1+A.2)",
        "B": "B. TAXONOMY-NON-ELIGIBLE ACTIVITIES", "Btot": "{kpi} of Taxonomy-non-eligible activities (B)",
        "total": "TOTAL (A + B)", "continued": "(continued)", "section": "Combined non-financial statement",
        "report": "Annual Report {year}", "contents": "Contents", "in": "in {unit}",
        "summary_title": "Proportion of {kpi} / Total {kpi}", "aligned_obj": "Taxonomy-aligned per objective",
        "eligible_obj": "Taxonomy-eligible per objective",
    },
    "de": {
        "kpi": {"turnover": "Umsatzerlöse", "capex": "Investitionsausgaben (CapEx)",
                "opex": "Betriebsausgaben (OpEx)"},
        "title": "Anteil der {kpi} aus Waren oder Dienstleistungen, die mit taxonomiekonformen "
                 "Wirtschaftstätigkeiten verbunden sind – Offenlegung für das Jahr {year}",
        "activity": "Wirtschaftstätigkeiten", "code": "Code(s)", "absolute": "{kpi} (absolut)",
        "proportion": "Anteil {kpi}", "sc": "Kriterien für einen wesentlichen Beitrag",
        "dnsh": "DNSH-Kriterien („Keine erhebliche Beeinträchtigung“)", "ms": "Mindestschutz",
        "prior": "Anteil taxonomiekonformer (A.1.) oder taxonomiefähiger (A.2.) {kpi}, Jahr {prev}",
        "enabling": "Kategorie ermöglichende Tätigkeit", "transitional": "Kategorie Übergangstätigkeit",
        "objectives": ("Klimaschutz", "Anpassung an den Klimawandel", "Wasser", "Kreislaufwirtschaft",
                       "Umweltverschmutzung", "Biologische Vielfalt"),
        "A": "A. TAXONOMIEFÄHIGE TÄTIGKEITEN",
        "A1": "A.1 Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)",
        "A1tot": "{kpi} ökologisch nachhaltiger Tätigkeiten (taxonomiekonform) (A.1)",
        "of_en": "Davon ermöglichende Tätigkeiten", "of_tr": "Davon Übergangstätigkeiten",
        "A2": "A.2 Taxonomiefähige, aber nicht ökologisch nachhaltige Tätigkeiten (nicht taxonomiekonforme "
              "Tätigkeiten)",
        "A2tot": "{kpi} taxonomiefähiger, aber nicht ökologisch nachhaltiger Tätigkeiten (nicht "
                 "taxonomiekonforme Tätigkeiten) (A.2)",
        "Atot": "A. {kpi} taxonomiefähiger Tätigkeiten (A.1+A.2)",
        "B": "B. NICHT TAXONOMIEFÄHIGE TÄTIGKEITEN", "Btot": "{kpi} nicht taxonomiefähiger Tätigkeiten (B)",
        "total": "GESAMT (A + B)", "continued": "(Fortsetzung)", "section": "Nichtfinanzielle Erklärung",
        "report": "Geschäftsbericht {year}", "contents": "Inhalt", "in": "in {unit}",
        "summary_title": "Anteil {kpi} / {kpi} gesamt", "aligned_obj": "Taxonomiekonform je Umweltziel",
        "eligible_obj": "Taxonomiefähig je Umweltziel",
    },
}


def words(fam: Family, key: str, **fmt) -> str:
    """A label in the family's language; bilingual families print 'German / English'."""
    if fam.lang == "bi":
        de, en = WORDS["de"][key], WORDS["en"][key]
        if isinstance(de, tuple):
            return tuple(f"{a} / {b}" for a, b in zip(de, en))
        return f"{_fill(de, fmt, 'de')} / {_fill(en, fmt, 'en')}"
    lang = "de" if fam.lang == "de" else "en"
    value = WORDS[lang][key]
    return value if isinstance(value, tuple) else _fill(value, fmt, lang)


def _fill(text: str, fmt: dict, lang: str) -> str:
    if "kpi" in fmt:
        fmt = dict(fmt, kpi=WORDS[lang]["kpi"][fmt["kpi"]])
    return text.format(**fmt) if fmt else text


# ---------------------------------------------------------------- numbers and answers

def num(value: Decimal | None, decimals: int, fam: Family) -> str:
    """'1,234.5' / '1.234,5' / '1 234,5' / '(2.3)' / '–' as the family prints it."""
    if value is None:
        return ""
    if value == 0 and fam.dash_zero:
        return "–"
    q = _q(abs(value), decimals)
    whole, _, frac = f"{q:f}".partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    text = fam.thousands.join(groups) + (fam.decimal + frac if decimals else "")
    return f"({text})" if value < 0 else text


def pct(value: Decimal | None, fam: Family) -> str:
    if value is None:
        return ""
    if value == 0 and fam.dash_zero:
        return "–"
    text = num(value, fam.share_decimals, fam)
    return text + (" %" if fam.pct_space else "%")


def answer(value: str | None, fam: Family) -> str:
    return {"Y": fam.answers[0], "N": fam.answers[1]}.get(value, value or "")


def code_text(row: Row, fam: Family) -> str:
    style = fam.code_style
    if style == "bare" or style == "num_prefix":
        return row.section
    sep = "" if style == "nospace" else " "
    text = f"{row.obj}{sep}{row.section}"
    for other in row.also:
        obj, sec = other.split("-")
        text += f", {obj}{sep}{sec}"
    return text


def name_text(row: Row, fam: Family) -> str:
    if fam.code_style == "in_name":
        return f"{row.name} ({code_text(Row(row.obj, row.section, '', '', None, None, {}, {}, None, None, row.also), Family('x'))})"
    if fam.code_style == "num_prefix":
        return f"{row.section} {row.name}"
    return row.name


# ---------------------------------------------------------------- page flow

@dataclass
class Cell:
    text: str
    align: str = "l"
    bold: bool = False
    span: int = 1                    # columns covered (group headers)


class Flow:
    """Pages with running header/footer and a y cursor."""

    def __init__(self, doc: Document):
        self.doc, self.fam = doc, doc.family
        self.pdf = pymupdf.open()
        self.page = None
        self.tw = None
        self.y = 0.0
        self.printed_offset = random.Random(doc.stem).choice((38, 52, 117, 141))

    @property
    def pno(self) -> int:
        return self.pdf.page_count

    def new_page(self, landscape: bool = False, furniture: bool = True) -> None:
        self.flush()
        rect = pymupdf.paper_rect("a4-l" if landscape else "a4")
        self.page = self.pdf.new_page(width=rect.width, height=rect.height)
        self.tw = pymupdf.TextWriter(self.page.rect)
        self.y = MARGIN + 24
        if furniture:
            fam = self.fam
            self.text(MARGIN, MARGIN, f"{self.doc.company}  |  {words(fam, 'report', year=self.doc.year)}", 7)
            self.text(self.page.rect.width - MARGIN - 150, MARGIN, words(fam, "section"), 7)
            self.text(self.page.rect.width / 2, self.page.rect.height - MARGIN + 12,
                      str(self.pno + self.printed_offset), 7)

    @property
    def bottom(self) -> float:
        return self.page.rect.height - MARGIN - 10

    @property
    def width(self) -> float:
        return self.page.rect.width - 2 * MARGIN

    def text(self, x: float, y: float, s: str, size: float, bold: bool = False) -> None:
        self.tw.append((x, y), s, font=BOLD if bold else FONT, fontsize=size)

    def paragraph(self, s: str, size: float = 9, bold: bool = False) -> None:
        for line in wrap(s, self.width, size, bold):
            if self.y + size * 1.3 > self.bottom:
                self.new_page(self.page.rect.width > self.page.rect.height)
            self.text(MARGIN, self.y, line, size, bold)
            self.y += size * 1.3
        self.y += size * 0.6

    def flush(self) -> None:
        if self.tw is not None:
            self.tw.write_text(self.page)
            self.tw = None

    def finish(self) -> bytes:
        self.flush()
        self.pdf.set_metadata({"title": f"{self.doc.company} {self.doc.year}", "producer": "synth-c",
                               "creator": "synth-c", "creationDate": "", "modDate": ""})
        return self.pdf.tobytes(garbage=3, deflate=True, no_new_id=True)


def wrap(s: str, width: float, size: float, bold: bool = False) -> list[str]:
    font = BOLD if bold else FONT
    lines: list[str] = []
    for para in s.split("\n"):
        cur = ""
        for w in para.split(" "):
            cand = f"{cur} {w}" if cur else w
            if cur and text_length(font, "hebo" if bold else "helv", cand, size) > width:
                lines.append(cur)
                cur = w
            else:
                cur = cand
        lines.append(cur)
    return lines


# ---------------------------------------------------------------- tables

@dataclass
class Table:
    widths: list[float]              # fractions of the usable width
    header: list[list[Cell]]         # header rows (repeated on continuation pages)
    body: list[tuple[list[Cell], Row | None]]
    title: str
    footnotes: tuple[str, ...] = ()


def draw_table(flow: Flow, table: Table, kpi: Kpi | None) -> None:
    fam = flow.fam
    size = fam.fontsize
    lead = size * 1.22

    def spans(cells):
        col = 0
        for c in cells:
            yield col, col + c.span, c
            col += c.span

    def row_lines(cells):
        xs = _col_x(flow, table.widths)
        return [wrap(c.text, xs[b] - xs[a] - 3, size, c.bold) if c.text else [] for a, b, c in spans(cells)]

    def draw_row(cells, lines, height, bold_all=False):
        xs = _col_x(flow, table.widths)
        nmax = max((len(ls) for ls in lines), default=1)
        for (a, b, c), ls in zip(spans(cells), lines):
            start = nmax - len(ls) if fam.numbers_bottom and c.align == "r" else 0
            for j, line in enumerate(ls):
                w = text_length(BOLD if c.bold else FONT, "hebo" if c.bold else "helv", line, size)
                x = xs[a] + 1.5 if c.align == "l" else xs[b] - 1.5 - w if c.align == "r" else (xs[a] + xs[b] - w) / 2
                flow.text(x, flow.y + size + (start + j) * lead, line, size, c.bold or bold_all)
        if fam.ruled:
            flow.page.draw_line((MARGIN, flow.y + height), (MARGIN + flow.width, flow.y + height), width=0.3,
                                color=(0.6, 0.6, 0.6))
        flow.y += height

    def header(continued: bool):
        flow.paragraph(table.title + (" " + words(fam, "continued") if continued else ""), size + 2, True)
        for cells in table.header:
            lines = row_lines(cells)
            draw_row(cells, lines, max((len(ls) for ls in lines), default=1) * lead + 3, bold_all=True)

    def fresh_page():
        flow.new_page(fam.landscape)

    if flow.y + 120 > flow.bottom:
        fresh_page()
    header(False)
    if kpi is not None:
        kpi.pages.append(flow.pno)
    count = 0
    for cells, ref in table.body:
        lines = row_lines(cells)
        height = max((len(ls) for ls in lines), default=1) * lead + 2.5
        if flow.y + height > flow.bottom or (fam.rows_per_page and count >= fam.rows_per_page and ref):
            fresh_page()
            header(True)
            count = 0
            if kpi is not None:
                kpi.pages.append(flow.pno)
        draw_row(cells, lines, height)
        if ref is not None:
            ref.page = flow.pno
            count += 1
    flow.y += 4
    for note in table.footnotes:
        flow.paragraph(note, size)
    flow.y += 10


def _col_x(flow: Flow, widths: list[float]) -> list[float]:
    total = sum(widths)
    xs = [MARGIN]
    for w in widths:
        xs.append(xs[-1] + flow.width * w / total)
    return xs


def _mark(fam: Family, i: int) -> str:
    return "¹²³"[i % 3] if fam.footnotes else ""


# ---------------------------------------------------------------- templates

def _ans_cells(values: dict, fam: Family) -> list[Cell]:
    return [Cell(answer(values.get(o), fam), "c") for o in OBJECTIVES]


def _name_cells(row: Row, fam: Family, i: int) -> list[Cell]:
    cells = [Cell(name_text(row, fam) + _mark(fam, i))]
    if fam.code_style not in ("in_name", "num_prefix"):
        cells.append(Cell(code_text(row, fam) + ("*" if fam.footnotes and i % 4 == 1 else "")))
    return cells


def _label_cells(text: str, fam: Family, bold: bool = True) -> list[Cell]:
    cells = [Cell(text, bold=bold)]
    if fam.code_style not in ("in_name", "num_prefix"):
        cells.append(Cell(""))
    return cells


def annex_table(doc: Document, kpi: Kpi) -> Table:
    """The Annex II template (2023: Y/N/N/EL and EL/N/EL; 2021: substantial contribution as %)."""
    fam, key = doc.family, kpi.key
    ad, has_code = fam.amount_decimals, fam.code_style not in ("in_name", "num_prefix")
    widths = [9.0] + ([2.6] if has_code else []) + [2.6, 2.0] + [1.5] * 12 + [1.5, 2.2, 1.3, 1.3]
    objs = words(fam, "objectives")
    head1 = _label_cells("", fam) + [Cell(""), Cell(""), Cell(words(fam, "sc"), "c", span=6),
                                     Cell(words(fam, "dnsh"), "c", span=6)] + [Cell("")] * 4
    head2 = [Cell(words(fam, "activity") + (" (1)" if fam.footnotes else ""))] + \
        ([Cell(words(fam, "code"))] if has_code else []) + \
        [Cell(words(fam, "absolute", kpi=key)), Cell(words(fam, "proportion", kpi=key))] + \
        [Cell(o) for o in objs] * 2 + [Cell(words(fam, "ms")), Cell(words(fam, "prior", kpi=key, prev=doc.year - 1)),
                                       Cell(words(fam, "enabling")), Cell(words(fam, "transitional"))]
    yn = f"{fam.answers[0]}/{fam.answers[1]}"
    sc_unit = f"{fam.answers[0]}; {fam.answers[1]}; N/EL" if fam.template == "2023" else "%"
    head3 = _label_cells("", fam) + [Cell(words(fam, "in", unit=fam.unit_label)), Cell("%")] + \
        [Cell(sc_unit)] * 6 + [Cell(yn)] * 7 + [Cell("%"), Cell("E"), Cell("T")]
    body: list[tuple[list[Cell], Row | None]] = []
    blank = [Cell("")] * (len(widths) - (2 if has_code else 1))

    def label(text):
        body.append((_label_cells(text, fam) + blank, None))

    def total_row(text, amount, share, sc_shares=None, prior=None, cat=""):
        sc = [Cell(pct(s, fam) if s is not None else "", "r") for s in (sc_shares or [None] * 6)]
        cells = _label_cells(text, fam) + [Cell(num(amount, ad, fam), "r"), Cell(pct(share, fam), "r")] + sc + \
            [Cell("")] * 7 + [Cell(pct(prior, fam), "r"), Cell(cat, "c"), Cell("", "c")]
        body.append((cells, None))

    rows1 = [r for r in kpi.rows if r.group == "A.1"]
    rows2 = [r for r in kpi.rows if r.group == "A.2"]
    label(words(fam, "A"))
    label(words(fam, "A1"))
    for i, r in enumerate(rows1):
        if fam.template == "2023":
            sc = _ans_cells(r.sc, fam)
        else:
            sc = [Cell(pct(r.share if v == "Y" else Decimal(0), fam), "r") for v in (r.sc[o] for o in OBJECTIVES)]
        cells = _name_cells(r, fam, i) + [Cell(num(r.amount, ad, fam), "r"), Cell(pct(r.share, fam), "r")] + sc + \
            _ans_cells(r.dnsh, fam) + [Cell(answer(r.ms, fam), "c"), Cell(pct(r.prior_share, fam), "r"),
                                       Cell("E" if r.category == "E" else "", "c"),
                                       Cell("T" if r.category == "T" else "", "c")]
        body.append((cells, r))
    by_obj = [sum((r.share for r in rows1 if r.sc[o] == "Y"), Decimal(0)) for o in OBJECTIVES]
    total_row(words(fam, "A1tot", kpi=key), kpi.a1, kpi.s_a1, by_obj, prior=_q(kpi.s_a1 * Decimal("0.8"), 1))
    total_row(words(fam, "of_en"), kpi.enabling, _pct(kpi.enabling, kpi.total, fam.share_decimals), cat="E")
    total_row(words(fam, "of_tr"), kpi.transitional, _pct(kpi.transitional, kpi.total, fam.share_decimals))
    label(words(fam, "A2"))
    for i, r in enumerate(rows2):
        sc = _ans_cells(r.sc, fam) if fam.template == "2023" else [Cell("")] * 6
        cells = _name_cells(r, fam, i + 1) + [Cell(num(r.amount, ad, fam), "r"), Cell(pct(r.share, fam), "r")] + \
            sc + [Cell("")] * 7 + [Cell(pct(r.prior_share, fam), "r"), Cell(""), Cell("")]
        body.append((cells, r))
    total_row(words(fam, "A2tot", kpi=key), kpi.a2, kpi.s_a2, prior=_q(kpi.s_a2 * Decimal("1.1"), 1))
    total_row(words(fam, "Atot", kpi=key), kpi.a1 + kpi.a2, _pct(kpi.a1 + kpi.a2, kpi.total, fam.share_decimals))
    if not fam.narrative_totals:
        label(words(fam, "B"))
        total_row(words(fam, "Btot", kpi=key), kpi.b, kpi.s_b)
        total_row(words(fam, "total"), kpi.total, Decimal(100))
    notes = ()
    if fam.footnotes:
        notes = ("1 Activity reported for the first time in the reporting year. 2 Including leased assets. "
                 "3 See the explanations in the section on accounting policies. * Code as published in the "
                 "Environmental Delegated Act.",)
    return Table(widths, [head1, head2, head3], body, words(fam, "title", kpi=key, year=doc.year), notes)


def both_years_table(doc: Document, kpi: Kpi) -> Table:
    """Both fiscal years side by side: amount and share for the year and the prior year."""
    fam, key, ad = doc.family, kpi.key, doc.family.amount_decimals
    y, p = doc.year, doc.year - 1
    widths = [8, 2, 2.4, 1.6, 2.4, 1.6, 1.4, 1.4, 1.4, 1.4, 1.2]
    unit = words(fam, "in", unit=fam.unit_label)
    head1 = [Cell(""), Cell(""), Cell(str(y), "c", span=2), Cell(str(p), "c", span=2),
             Cell(words(fam, "sc"), "c", span=2), Cell(""), Cell(""), Cell("")]
    head2 = [Cell(words(fam, "activity")), Cell(words(fam, "code")), Cell(f"{words(fam, 'absolute', kpi=key)} {unit}"),
             Cell("%"), Cell(f"{words(fam, 'absolute', kpi=key)} {unit}"), Cell("%"), Cell("CCM"), Cell("CCA"),
             Cell("DNSH"), Cell(words(fam, "ms")), Cell("E/T")]
    body = []

    def line(label, a, s, pa, ps, ref=None, extra=None):
        cells = [Cell(label, bold=ref is None)] + [Cell(num(a, ad, fam), "r"), Cell(pct(s, fam), "r"),
                                                 Cell(num(pa, ad, fam), "r"), Cell(pct(ps, fam), "r")]
        cells = cells[:1] + [Cell(code_text(ref, fam) if ref else "")] + cells[1:] + (extra or [Cell("")] * 5)
        body.append((cells, ref))

    psums = Decimal(0)
    all_prior = sum((r.prior_amount for r in kpi.rows), Decimal(0))
    ptotal = all_prior + _q(kpi.b * Decimal("0.93"), ad)
    for group, tot_key, amount in (("A.1", "A1tot", kpi.a1), ("A.2", "A2tot", kpi.a2)):
        body.append(([Cell(words(fam, group.replace(".", "")), bold=True)] + [Cell("")] * 10, None))
        psum = Decimal(0)
        for r in (r for r in kpi.rows if r.group == group):
            psum += r.prior_amount
            extra = [Cell(answer(r.sc["CCM"], fam), "c"), Cell(answer(r.sc["CCA"], fam), "c"),
                     Cell(answer("Y", fam) if r.group == "A.1" else "", "c"), Cell(answer(r.ms, fam), "c"),
                     Cell(r.category or "", "c")] if group == "A.1" else None
            line(name_text(r, fam), r.amount, r.share, r.prior_amount, _pct(r.prior_amount, ptotal, 1), r, extra)
        share = kpi.s_a1 if group == "A.1" else kpi.s_a2
        line(words(fam, tot_key, kpi=key), amount, share, psum, _pct(psum, ptotal, 1))
        psums += psum
    pb = ptotal - psums
    line(words(fam, "Btot", kpi=key), kpi.b, kpi.s_b, pb, _pct(pb, ptotal, 1))
    line(words(fam, "total"), kpi.total, Decimal(100), ptotal, Decimal(100))
    return Table(widths, [head1, head2], body, words(fam, "title", kpi=key, year=y))


def compact_tables(doc: Document) -> list[tuple[Table, Kpi | None]]:
    """Nordic style: one KPI summary table with both years, then one short activity list per KPI."""
    fam, ad = doc.family, doc.family.amount_decimals
    rng = random.Random(f"{doc.stem}/summary")
    y, p = doc.year, doc.year - 1
    head = [[Cell("EU Taxonomy KPIs", bold=True)] + [Cell(f"{words(fam, 'kpi')[k] if False else k_label(k)} {yr}", "r")
                                                   for k in doc.kpis for yr in (y, p)]]
    lines = (("Total ({u})", "total", None), ("Taxonomy-aligned ({u})", "a1", None), ("Taxonomy-aligned (%)", None, "s_a1"),
             ("Taxonomy-eligible, not aligned ({u})", "a2", None), ("Taxonomy-eligible, not aligned (%)", None, "s_a2"),
             ("Taxonomy-non-eligible ({u})", "b", None), ("Taxonomy-non-eligible (%)", None, "s_b"))
    body = []
    for label, akey, skey in lines:
        cells = [Cell(label.format(u=fam.unit_label))]
        for k in doc.kpis.values():
            cur = getattr(k, akey or skey)
            prev = _q(cur * Decimal(str(rng.uniform(0.7, 1.2))), ad if akey else 1)
            cells += [Cell(num(cur, ad, fam) if akey else pct(cur, fam), "r"),
                      Cell(num(prev, ad, fam) if akey else pct(prev, fam), "r")]
        body.append((cells, None))
    out: list[tuple[Table, Kpi | None]] = [(Table([6] + [1.5] * 6, head, body, "Summary of EU Taxonomy KPIs"), None)]
    for k in doc.kpis.values():
        acts: dict[tuple, dict] = {}
        for r in k.rows:
            acts.setdefault((r.obj, r.section), {})[r.group] = r
        head = [[Cell("Activity"), Cell(f"Aligned {fam.unit_label}", "r"), Cell("Aligned %", "r"),
                 Cell(f"Eligible, not aligned {fam.unit_label}", "r"), Cell("Eligible, not aligned %", "r")]]
        body = []
        for key in sorted(acts, key=lambda t: [int(x) for x in t[1].split(".")]):
            g = acts[key]
            any_row = g.get("A.1") or g.get("A.2")
            a1, a2 = g.get("A.1"), g.get("A.2")
            cells = [Cell(name_text(any_row, fam)),
                     Cell(num(a1.amount, ad, fam) if a1 else "", "r"), Cell(pct(a1.share, fam) if a1 else "", "r"),
                     Cell(num(a2.amount, ad, fam) if a2 else "", "r"), Cell(pct(a2.share, fam) if a2 else "", "r")]
            body.append((cells, a1 or a2))
            if a1 and a2:
                a2.page = None  # same printed row: set after drawing
        body.append(([Cell("Total", bold=True), Cell(num(k.a1, ad, fam), "r"), Cell(pct(k.s_a1, fam), "r"),
                      Cell(num(k.a2, ad, fam), "r"), Cell(pct(k.s_a2, fam), "r")], None))
        title = f"{k_label(k.key)}: Taxonomy-eligible and Taxonomy-aligned activities {y}"
        out.append((Table([7, 2, 1.5, 2, 1.5], head, body, title), k))
    return out


def k_label(key: str) -> str:
    return WORDS["en"]["kpi"][key]


# ---------------------------------------------------------------- document

INTRO = {
    "en": ("EU Taxonomy", "The EU Taxonomy Regulation (EU) 2020/852 requires us to report the proportion of our "
           "turnover, capital expenditure (CapEx) and operating expenditure (OpEx) associated with Taxonomy-eligible "
           "and Taxonomy-aligned economic activities. We screened all activities of the Group against the technical "
           "screening criteria of the Climate Delegated Act and the Environmental Delegated Act. Turnover corresponds "
           "to revenue as reported in the consolidated income statement (note 5). CapEx covers additions to property, "
           "plant and equipment, intangible assets and right-of-use assets (notes 14 to 16), OpEx the direct "
           "non-capitalised costs for research and development, building renovation, short-term leases, maintenance "
           "and repair. Double counting was avoided by allocating each amount to one activity only. In fiscal year "
           "{prev} the Group generated revenue of {unit} {prev_rev}."),
    "de": ("EU-Taxonomie", "Die Taxonomie-Verordnung (EU) 2020/852 verpflichtet uns, den Anteil unserer Umsatzerlöse, "
           "Investitionsausgaben (CapEx) und Betriebsausgaben (OpEx) anzugeben, der mit taxonomiefähigen und "
           "taxonomiekonformen Wirtschaftstätigkeiten verbunden ist. Alle Tätigkeiten des Konzerns wurden anhand der "
           "technischen Bewertungskriterien des Klima-Delegierten Rechtsakts und des Umwelt-Delegierten Rechtsakts "
           "geprüft. Die Umsatzerlöse entsprechen den in der Konzern-Gewinn- und Verlustrechnung ausgewiesenen "
           "Umsatzerlösen (Anhangangabe 5). Doppelzählungen wurden vermieden. Im Geschäftsjahr {prev} erzielte der "
           "Konzern Umsatzerlöse von {unit} {prev_rev}."),
}


def _narrative_totals(flow: Flow, doc: Document) -> None:
    fam = doc.family
    u = fam.unit_label
    for key, k in doc.kpis.items():
        label = {"turnover": "turnover", "capex": "capital expenditure (CapEx)", "opex": "operating expenditure (OpEx)"}[key]
        flow.paragraph(
            f"In {doc.year}, total {label} as defined by the EU Taxonomy amounted to {u} "
            f"{num(k.total, fam.amount_decimals, fam)}. Of this, {u} {num(k.a1, fam.amount_decimals, fam)} "
            f"({pct(k.s_a1, fam)}) was Taxonomy-aligned and {u} {num(k.a2, fam.amount_decimals, fam)} "
            f"({pct(k.s_a2, fam)}) Taxonomy-eligible but not aligned, while {u} "
            f"{num(k.b, fam.amount_decimals, fam)} ({pct(k.s_b, fam)}) related to non-eligible activities.")
        k.pages.append(flow.pno)


def render(doc: Document) -> bytes:
    """The PDF bytes of ``doc``; sets each row's page and each KPI's pages (used by the gold)."""
    fam = doc.family
    flow = Flow(doc)
    lang = "de" if fam.lang == "de" else "en"
    flow.new_page(furniture=False)
    flow.y = 300
    flow.paragraph(doc.company, 26, True)
    flow.paragraph(words(fam, "report", year=doc.year), 16)
    if fam.toc_page:
        flow.new_page()
        flow.paragraph(words(fam, "contents"), 14, True)
        for i, s in enumerate(("To our shareholders", words(fam, "section"), "EU Taxonomy", "Consolidated financial "
                               "statements", "Further information")):
            flow.paragraph(f"{s} {'.' * 40} {flow.printed_offset + 2 + 3 * i}", 10)
    flow.new_page()
    head, text = INTRO[lang]
    flow.paragraph(words(fam, "section"), 14, True)
    flow.paragraph(head, 11, True)
    prev_rev = num(doc.kpis["turnover"].prior["total"], fam.amount_decimals, fam)
    flow.paragraph(text.format(prev=doc.year - 1, unit=fam.unit_label, prev_rev=prev_rev))
    if fam.narrative_totals:
        _narrative_totals(flow, doc)
    if fam.template == "compact":
        tables = compact_tables(doc)
        flow.new_page(fam.landscape)
        for table, kpi in tables:
            draw_table(flow, table, kpi)
            if kpi is None:
                summary_page = flow.pno
        for k in doc.kpis.values():
            k.pages.insert(0, summary_page)
            for r in k.rows:
                if r.page is None:
                    r.page = next(o.page for o in k.rows if (o.obj, o.section) == (r.obj, r.section) and o.page)
    else:
        build = both_years_table if fam.template == "both_years" else annex_table
        for i, (key, k) in enumerate(doc.kpis.items()):
            if not (fam.two_tables_per_page and i % 2 == 1):
                flow.new_page(fam.landscape)
            draw_table(flow, build(doc, k), k)
    flow.new_page()
    flow.paragraph("Outlook" if lang == "en" else "Ausblick", 11, True)
    flow.paragraph("We expect the share of Taxonomy-aligned revenue to increase in the coming years as "
                   "investment in our renewable energy and building efficiency portfolio continues (about 60 % of "
                   "planned capital expenditure in 2025)." if lang == "en" else
                   "Wir erwarten, dass der Anteil taxonomiekonformer Umsatzerlöse in den kommenden Jahren steigt.")
    return flow.finish()
