"""Synth-e: a fifth, independent generator of Article 8 disclosure reports with gold JSON (shared/spec/disclosure.md).

Written blind (issue 12g) to cover layouts the synth-b/c/d sets do not: the 2023 per-objective table, the Annex XII
nuclear/gas templates beside the KPI tables, Dutch / French / Italian / Spanish templates, apostrophe and thin-space
thousands, bare percentages under a "%" header, both years in alternating columns, a separate KPI summary table,
names wrapped over three lines with codes only in footnotes, objective sub-headings, a contents page + outline,
tables split horizontally over two pages.  The generator lays out every page (absolute positions) and records the
gold as it places rows, so gold pages are where the numbers are drawn; tests/reports_synth_e_render.py draws them.

>>> doc = build_document("e03_nl_omzet_ja_nee", 1)
>>> g = gold_json(doc); sorted(g["kpis"]) == ["capex", "opex", "turnover"] and g["currency"] == "EUR"
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from tests.pdf_widths import text_length
from tests.reports_synth_e_lang import ACTIVITIES, LABELS, NARRATIVE, OBJECTIVES

FAMILIES = (
    "e01_en2023_per_objective_table", "e02_nuclear_gas_annex_xii", "e03_nl_omzet_ja_nee",
    "e04_fr_chiffre_narrow_nbsp", "e05_it_fatturato_apostrophe", "e06_es_cifra_bare_percent",
    "e07_alternating_year_columns", "e08_separate_kpi_summary", "e09_wrapped3_footnote_codes",
    "e10_objective_subheadings", "e11_contents_and_outline", "e12_split_left_right_pages",
)
KPIS = ("turnover", "capex", "opex")
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT = FONT_DIR / "DejaVuSansCondensed.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
PORTRAIT, LANDSCAPE = (595.0, 842.0), (842.0, 595.0)
NARROW_NBSP, THIN = "\u202f", "\u2009"


# ----------------------------------------------------------------------------------------------- page model
@dataclass
class Item:
    x: float
    y: float  # baseline
    text: str
    size: float = 7.0
    bold: bool = False


@dataclass
class Rule:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass
class Page:
    size: tuple[float, float]
    items: list = field(default_factory=list)


@dataclass
class Activity:
    code: str
    name: str
    group: str
    amount: int | None  # in printed units x 10**decimals
    share: str | None  # printed percentage text, e.g. "12.3"
    sc: dict
    dnsh: dict
    ms: str | None
    category: str | None
    also: list = field(default_factory=list)
    page: int | None = None


@dataclass
class Kpi:
    key: str
    total: int
    a1: int
    a2: int
    b: int
    activities: list
    shares: dict = field(default_factory=dict)  # role -> printed % text
    pages: set = field(default_factory=set)
    prev: dict = field(default_factory=dict)  # previous-year numbers (printed, never gold)


@dataclass
class Document:
    name: str
    family: str
    seed: int
    year: int
    company: str
    lang: str
    unit: str  # "meur" | "teur" | "eur"
    decimals: int
    number: dict  # thousands / decimal separators, percent suffix
    pages: list = field(default_factory=list)
    kpis: dict = field(default_factory=dict)
    outline: list = field(default_factory=list)
    page_offset: int = 0


UNIT_SCALE = {"meur": 1e6, "teur": 1e3, "eur": 1.0}


# ----------------------------------------------------------------------------------------------- numbers
def fmt_amount(doc: Document, value: int | None, dash_zero: bool = False) -> str:
    """Printed amount of an integer in units of 10**-decimals, e.g. 123456 with 1 decimal -> '12,345.6'."""
    if value is None:
        return ""
    if value == 0 and dash_zero:
        return "–"
    neg, v = value < 0, abs(value)
    d = doc.decimals
    whole, frac = divmod(v, 10 ** d) if d else (v, 0)
    s = f"{whole:,}".replace(",", doc.number["thousands"])
    if d:
        s += doc.number["decimal"] + str(frac).zfill(d)
    return f"({s})" if neg else s


def pct_text(part: int, total: int, decimals: int) -> str:
    """Percentage printed with a point: round-half-up of part/total, e.g. (1, 3, 1) -> '33.3'."""
    q = 10 ** decimals
    n = (part * 100 * q * 2 + total) // (2 * total)
    return f"{n // q}.{str(n % q).zfill(decimals)}" if decimals else str(n)


def fmt_pct(doc: Document, text: str | None) -> str:
    if text is None:
        return ""
    return text.replace(".", doc.number["decimal"]) + doc.number["pct"]


def gold_share(text: str | None) -> float | None:
    return None if text is None else round(float(text) / 100, 6)


# ----------------------------------------------------------------------------------------------- data
def pick_activities(rng: random.Random, n1: int, n2: int, objectives=("CCM",), must=(),
                    exclude=()) -> tuple[list, list]:
    pool = [a for a in ACTIVITIES if a[0] in objectives and f"{a[0]}-{a[1]}" not in exclude]
    rng.shuffle(pool)
    pool = [a for a in pool if f"{a[0]}-{a[1]}" in must] + [a for a in pool if f"{a[0]}-{a[1]}" not in must]
    seen, a1, a2 = set(), [], []
    for a in pool:
        key = (a[0], a[1])
        if key in seen:
            continue
        seen.add(key)
        (a1 if len(a1) < n1 else a2).append(a)
        if len(a1) >= n1 and len(a2) >= n2:
            break
    return a1, a2


def answers_a1(obj: str, yes: str, no: str, with_el: bool) -> tuple[dict, dict]:
    """SC / DNSH answers of an aligned row (printed words; gold normalises yes/no to Y/N)."""
    sc = {o: (yes if o == obj else (no if o in ("CCM", "CCA") else ("N/EL" if with_el else no))) for o in OBJECTIVES}
    dnsh = {o: yes for o in OBJECTIVES}
    return sc, dnsh


def answers_a2(obj: str, with_el: bool) -> dict:
    return {o: ("EL" if o == obj else "N/EL") if with_el else "" for o in OBJECTIVES}


def make_kpis(rng: random.Random, doc: Document, n1: int, n2: int, objectives=("CCM",), with_el=True,
              zero_a1_kpi: str | None = None, share_decimals: int = 1, must=(),
              exclude=()) -> None:
    """Three KPIs over one set of activities; amounts as integers of the printed precision."""
    lab = LABELS[doc.lang]
    acts1, acts2 = pick_activities(rng, n1, n2, objectives, must, exclude)
    base = {"meur": (800, 40000), "teur": (40000, 3000000), "eur": (2000000, 90000000)}[doc.unit]
    for key in KPIS:
        scale = {"turnover": 1.0, "capex": 0.12, "opex": 0.05}[key]
        total = int(rng.randint(*base) * scale * 10 ** doc.decimals) or 1
        rows = []
        for group, acts in (("A.1", acts1), ("A.2", acts2)):
            for obj, sec, name, cat in acts:
                if group == "A.1" and key == zero_a1_kpi:
                    continue
                amt = int(total * rng.uniform(0.01, 0.6 / (n1 + n2)))
                if group == "A.1":
                    sc, dnsh = answers_a1(obj, lab["yes"], lab["no"], with_el)
                    ms, category = lab["yes"], cat if obj == "CCM" else None
                else:
                    sc, dnsh, ms, category = answers_a2(obj, with_el), {o: "" for o in OBJECTIVES}, "", None
                rows.append(Activity(f"{obj}-{sec}", name, group, amt, None, sc, dnsh, ms, category))
        a1 = sum(r.amount for r in rows if r.group == "A.1")
        a2 = sum(r.amount for r in rows if r.group == "A.2")
        k = Kpi(key, total, a1, a2, total - a1 - a2, rows)
        for r in rows:
            r.share = pct_text(r.amount, total, share_decimals)
        for role, v in (("a1", a1), ("a2", a2), ("a", a1 + a2), ("b", k.b), ("total", total)):
            k.shares[role] = pct_text(v, total, share_decimals)
        en = sum(r.amount for r in rows if r.group == "A.1" and r.category == "E")
        tr = sum(r.amount for r in rows if r.group == "A.1" and r.category == "T")
        k.shares["enabling"], k.shares["transitional"] = pct_text(en, total, share_decimals), pct_text(tr, total,
                                                                                                      share_decimals)
        k.prev = {"enabling": en, "transitional": tr,
                  "total": int(total * rng.uniform(0.8, 1.1)), "a1": int(a1 * rng.uniform(0.5, 1.2)),
                  "a2": int(a2 * rng.uniform(0.5, 1.2))}
        doc.kpis[key] = k


# ----------------------------------------------------------------------------------------------- layout
class Layout:
    """Places text on pages; knows the current page and y."""

    MARGIN = 36.0

    def __init__(self, doc: Document):
        self.doc, self.y = doc, 0.0
        from pymupdf import Font
        self._font, self._bold = Font(fontfile=str(FONT)), Font(fontfile=str(FONT_BOLD))

    @property
    def page(self) -> Page:
        return self.doc.pages[-1]

    @property
    def pno(self) -> int:
        return len(self.doc.pages)

    def new_page(self, landscape: bool = False, running: str | None = None) -> Page:
        size = LANDSCAPE if landscape else PORTRAIT
        self.doc.pages.append(Page(size))
        w, h = size
        head = running or f"{self.doc.company} · Annual Report {self.doc.year}"
        self.text(self.MARGIN, 22, head, 7)
        self.text(w - self.MARGIN - 12, h - 18, str(self.pno + self.doc.page_offset), 7)
        self.y = 48.0
        return self.page

    def width(self, s: str, size: float, bold: bool = False) -> float:
        return text_length(self._bold if bold else self._font, str(FONT_BOLD if bold else FONT), s, size)

    def text(self, x, y, s, size=7.0, bold=False):
        if s:
            self.page.items.append(Item(round(x, 2), round(y, 2), s, size, bold))

    def rule(self, x0, y0, x1, y1):
        self.page.items.append(Rule(round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)))

    def wrap(self, s: str, size: float, width: float, bold: bool = False) -> list[str]:
        lines, cur = [], ""
        for w in s.split():
            t = f"{cur} {w}".strip()
            if cur and self.width(t, size, bold) > width:
                lines.append(cur)
                cur = w
            else:
                cur = t
        return lines + ([cur] if cur else [])

    def paragraph(self, s: str, size: float = 9.0, bold: bool = False, gap: float = 6.0):
        w = self.page.size[0] - 2 * self.MARGIN
        for line in self.wrap(s, size, w, bold):
            if self.y + size * 1.3 > self.page.size[1] - 40:
                self.new_page()
            self.y += size * 1.3
            self.text(self.MARGIN, self.y, line, size, bold)
        self.y += gap

    def room(self) -> float:
        return self.page.size[1] - 40 - self.y


@dataclass
class Col:
    header: str
    width: float
    align: str = "l"  # l | r | c


@dataclass
class Row:
    cells: list  # str per column ('' = empty); a str with '\n' wraps explicitly
    kind: str = "data"  # data | section | total
    act: Activity | None = None
    valign: str = "top"  # top | middle | bottom: the line the one-line cells sit on


def draw_table(lay: Layout, cols: list[Col], rows: list[Row], size: float = 6.5, groups=(), ruled: bool = True,
               repeat_header: bool = True, kpi: Kpi | None = None, x0: float | None = None, wrap_first: bool = True,
               max_rows_per_page: int | None = None, landscape: bool = False) -> None:
    """Lay a table out from lay.y, breaking pages (header repeated); records the pages of kpi and rows."""
    x0 = lay.MARGIN if x0 is None else x0
    lh = size * 1.25
    xs = [x0]
    for c in cols:
        xs.append(xs[-1] + c.width)

    def header():
        if groups:
            lay.y += lh
            for first, last, text in groups:
                cx = (xs[first] + xs[last + 1]) / 2
                lay.text(cx - lay.width(text, size, True) / 2, lay.y, text, size, True)
        cells = [lay.wrap(c.header, size, c.width - 3, True) or [""] for c in cols]
        n = max(len(c) for c in cells)
        for i, c in enumerate(cells):
            for j, line in enumerate(c):
                cell_text(i, lay.y + lh * (j + 1), line, True, cols[i].align)
        lay.y += n * lh + 2
        if ruled:
            lay.rule(xs[0], lay.y, xs[-1], lay.y)

    def cell_text(i, y, s, bold, align):
        w = lay.width(s, size, bold)
        x = xs[i] + 1.5 if align == "l" else (xs[i + 1] - 1.5 - w if align == "r" else (xs[i] + xs[i + 1] - w) / 2)
        lay.text(x, y, s, size, bold)

    header()
    placed = 0
    for row in rows:
        if row.kind == "section":
            lines = lay.wrap(row.cells[0], size, xs[-1] - xs[0] - 3, True)
        else:
            first = row.cells[0]
            lines = first.split("\n") if "\n" in first else (
                lay.wrap(first, size, cols[0].width - 3, row.kind == "total") if wrap_first else [first])
        h = len(lines) * lh + 2
        if h > lay.room() or (max_rows_per_page and placed >= max_rows_per_page):
            lay.new_page(landscape)
            placed = 0
            if repeat_header:
                header()
        bold = row.kind != "data"
        for j, line in enumerate(lines):
            if row.kind == "section":
                lay.text(xs[0] + 1.5, lay.y + lh * (j + 1), line, size, True)
            else:
                cell_text(0, lay.y + lh * (j + 1), line, bold, cols[0].align)
        k = {"top": 0, "middle": (len(lines) - 1) // 2, "bottom": len(lines) - 1}[row.valign]
        if row.kind != "section":
            for i, s in enumerate(row.cells[1:], start=1):
                cell_text(i, lay.y + lh * (k + 1), s, bold, cols[i].align)
        lay.y += h
        placed += 1
        if ruled:
            lay.rule(xs[0], lay.y, xs[-1], lay.y)
        if kpi is not None and row.kind != "section":
            kpi.pages.add(lay.pno)
        if row.act is not None:
            row.act.page = lay.pno
    lay.y += 8


# ----------------------------------------------------------------------------------------------- gold
def gold_json(doc: Document) -> dict:
    scale = UNIT_SCALE[doc.unit] / 10 ** doc.decimals
    yesno = {LABELS[doc.lang]["yes"]: "Y", LABELS[doc.lang]["no"]: "N", "EL": "EL", "N/EL": "N/EL"}

    def amount(v):
        return None if v is None else round(v * scale, 6)

    def answers(d):
        return {o: yesno.get(d.get(o, ""), None) for o in OBJECTIVES}

    kpis = {}
    for key, k in doc.kpis.items():
        acts = []
        for a in k.activities:
            e = {"code": a.code, "name": a.name, "group": a.group, "amount": amount(a.amount),
                 "share": gold_share(a.share), "substantial_contribution": answers(a.sc), "dnsh": answers(a.dnsh),
                 "minimum_safeguards": yesno.get(a.ms or "", None), "category": a.category, "page": a.page}
            if a.also:
                e["also"] = list(a.also)
            acts.append(e)
        kpis[key] = {
            "pages": sorted(k.pages), "total": amount(k.total),
            "aligned": {"amount": amount(k.a1), "share": gold_share(k.shares.get("a1"))},
            "eligible_not_aligned": {"amount": amount(k.a2), "share": gold_share(k.shares.get("a2"))},
            "not_eligible": {"amount": amount(k.b), "share": gold_share(k.shares.get("b"))},
            "activities": acts}
    return {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.year, "currency": "EUR",
            "kpis": kpis}


# ----------------------------------------------------------------------------------------------- documents
COMPANIES = ("Nordwind Industries", "Helvetia Components", "Rijnland Bouw", "Lumière Réseaux", "Fonderia Adriatica",
             "Ibérica Movilidad", "Baltic Cargo Group", "Alpenstahl Werke", "Danubia Energie", "Maas Logistics")


def build_document(family: str, seed: int) -> Document:
    """The document of one family and seed (same input, same pages and gold)."""
    from tests import reports_synth_e_families as fam

    rng = random.Random(f"synth-e/{family}/{seed}")
    return getattr(fam, "build_" + family.split("_")[0])(family, seed, rng)


def narrative(lay: Layout, rng: random.Random, n: int = 3) -> None:
    doc = lay.doc
    for p in NARRATIVE[:n]:
        lay.paragraph(p.format(n=rng.randint(12, 80), year=doc.year, note=rng.randint(3, 9),
                               note2=rng.randint(10, 19)))


def cover(lay: Layout, title: str = "Annual Report") -> None:
    lay.new_page()
    lay.y = 300
    lay.paragraph(lay.doc.company, 22, True)
    lay.paragraph(f"{title} {lay.doc.year}", 14)
