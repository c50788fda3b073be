"""Render a synth-d document (tests/reports_synth_d.py) to PDF with pymupdf; fills the pages of the gold.

Deterministic: fixed fonts (DejaVu when installed, else Helvetica), no timestamps in the metadata.

>>> from tests.reports_synth_d import build_document
>>> import tempfile, pathlib
>>> doc = build_document("d07_rotated_stacked_header", 1)
>>> p = pathlib.Path(tempfile.mkdtemp()) / "d.pdf"; render(doc, p); p.exists()
True
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from tests.pdf_widths import text_length
from tests.reports_synth_d import (KPI_TITLES_DE, KPI_TITLES_EN, OBJECTIVES, Document, Kpi, Row, fmt_number,
                                   share_of)

FONT_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
OBJ_NAMES = {"CCM": "Climate change mitigation", "CCA": "Climate change adaptation",
             "WTR": "Water and marine resources", "PPC": "Pollution prevention and control",
             "CE": "Circular economy", "BIO": "Biodiversity and ecosystems"}
A4 = (595.0, 842.0)


def _font() -> tuple[str, str | None]:
    for f in FONT_FILES:
        if Path(f).exists():
            return "dvs", f
    return "helv", None


class Layout:
    """Pages with running header/footer and a y cursor."""

    def __init__(self, doc: Document):
        self.doc, self.pdf = doc, pymupdf.open()
        self.fontname, self.fontfile = _font()
        self.font = pymupdf.Font(fontfile=self.fontfile) if self.fontfile else pymupdf.Font("helv")
        self.page, self.y, self.landscape = None, 0.0, False

    @property
    def size(self):
        return (A4[1], A4[0]) if self.landscape else A4

    def new_page(self, landscape: bool = False, section: str = "Sustainability statement"):
        self.landscape = landscape
        w, h = self.size
        self.page = self.pdf.new_page(width=w, height=h)
        n = self.pdf.page_count
        d = self.doc
        self.text(36, 24, f"{d.company} · Annual Report {d.fiscal_year}", 7)
        self.text(w - 200, 24, section, 7)
        self.text(w / 2 - 20, h - 18, f"{n + 1}  |  {d.company}", 7)  # printed page number ≠ PDF page
        self.y = 48.0

    def text(self, x, y, s, size, rotate=0):
        if s:
            kw = {"fontfile": self.fontfile} if self.fontfile else {}
            self.page.insert_text((x, y), s, fontsize=size, fontname=self.fontname, rotate=rotate, **kw)

    def width(self, s, size):
        return text_length(self.font, self.fontfile or "helv", s, size)

    def wrap(self, s, size, width):
        lines, cur = [], ""
        for word in s.split(" "):
            cand = f"{cur} {word}".strip()
            if cur and self.width(cand, size) > width:
                lines.append(cur)
                cur = word
            else:
                cur = cand
        return lines + ([cur] if cur else [])

    def paragraph(self, s, size=9):
        w, h = self.size
        for line in self.wrap(s, size, w - 72):
            if self.y > h - 50:
                self.new_page(self.landscape)
            self.text(36, self.y, line, size)
            self.y += size * 1.35
        self.y += size * 0.6

    @property
    def pno(self) -> int:
        return self.pdf.page_count  # 1-based number of the current page


# ---------------------------------------------------------------- table content

def _fmt_amount(doc, ticks, cell=None):
    if cell is not None:
        return cell
    if ticks is None:
        return ""
    t = doc.traits
    return fmt_number(ticks, t["unit"][2], t["thou"], t["dec"])


def _fmt_share(doc, tenths, cell=None):
    if cell is not None:
        return cell
    if tenths is None:
        return ""
    t = doc.traits
    return fmt_number(tenths, 1, t["thou"], t["dec"]) + t["pct"]


def _code(r: Row) -> str:
    return r.code.replace("-", " ")


def _labels(doc: Document, key: str) -> dict:
    de = doc.traits.get("german")
    k = (KPI_TITLES_DE if de else KPI_TITLES_EN)[key]
    if de:
        return {"A": "A. TAXONOMIEFÄHIGE TÄTIGKEITEN", "A1": "A.1 Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)",
                "A2": "A.2 Taxonomiefähige, aber nicht ökologisch nachhaltige Tätigkeiten (nicht taxonomiekonforme Tätigkeiten)",
                "T1": f"{k} ökologisch nachhaltiger Tätigkeiten (taxonomiekonform) (A.1)",
                "E": "Davon ermöglichende Tätigkeiten", "Tr": "Davon Übergangstätigkeiten",
                "T2": f"{k} taxonomiefähiger, aber nicht ökologisch nachhaltiger Tätigkeiten (A.2)",
                "TA": f"A. {k} taxonomiefähiger Tätigkeiten (A.1+A.2)", "B": "B. NICHT TAXONOMIEFÄHIGE TÄTIGKEITEN",
                "TB": f"{k} nicht taxonomiefähiger Tätigkeiten (B)", "TOT": "Gesamt (A+B)",
                "name": "Wirtschaftstätigkeiten", "code": "Code(s)", "amt": f"Absolute {k}",
                "share": f"Anteil {k}", "sc": "Kriterien für einen wesentlichen Beitrag",
                "dnsh": "DNSH-Kriterien („Keine erhebliche Beeinträchtigung“)", "ms": "Mindest­schutz",
                "prev": f"Taxonomiekonformer Anteil {k} Vorjahr", "cE": "Kategorie ermöglichende Tätigkeit",
                "cT": "Kategorie Übergangs­tätigkeit"}
    return {"A": "A. TAXONOMY-ELIGIBLE ACTIVITIES", "A1": "A.1 Environmentally sustainable activities (Taxonomy-aligned)",
            "A2": "A.2 Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities)",
            "T1": f"{k} of environmentally sustainable activities (Taxonomy-aligned) (A.1)",
            "E": "Of which enabling", "Tr": "Of which transitional",
            "T2": f"{k} of Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned) (A.2)",
            "TA": f"A. {k} of Taxonomy-eligible activities (A.1+A.2)", "B": "B. TAXONOMY-NON-ELIGIBLE ACTIVITIES",
            "TB": f"{k} of Taxonomy-non-eligible activities (B)", "TOT": "TOTAL (A+B)",
            "name": "Economic activities", "code": "Code(s)", "amt": f"Absolute {k}", "share": f"Proportion of {k}",
            "sc": "Substantial contribution criteria", "dnsh": "DNSH criteria ('Does Not Significantly Harm')",
            "ms": "Minimum safeguards", "prev": f"Taxonomy-aligned proportion of {k}, previous year",
            "cE": "Category enabling activity", "cT": "Category transitional activity"}


def _answer_cells(doc: Document, r: Row, seed_share: int) -> list[str]:
    """SC x6, DNSH x6, MS, prev-year share, E, T (mirrors reports_synth_d._answers)."""
    yes, no = doc.traits["yes"]
    own = r.code.split("-")[0]
    tpl = doc.traits["template"]
    if r.group == "A.1":
        if tpl == 2021:
            sc = [_fmt_share(doc, r.share_tenths) if o == own else _fmt_share(doc, 0) for o in OBJECTIVES]
        else:
            sc = [yes if o == own else (no if o in ("CCM", "CCA") else "N/EL") for o in OBJECTIVES]
        dnsh = [yes] * 6
        ms = yes
        cat = ["E" if r.category == "E" else "", "T" if r.category == "T" else ""]
    else:
        sc = ([_fmt_share(doc, r.share_tenths) if o == own else "" for o in OBJECTIVES] if tpl == 2021
              else ["EL" if o == own else "N/EL" for o in OBJECTIVES])
        dnsh, ms, cat = [""] * 6, "", ["", ""]
    if r.amount_cell in ("n/a", "n. a."):
        sc = ["n/a" if c else c for c in sc]
    return sc + dnsh + [ms, _fmt_share(doc, seed_share)] + cat


def table_rows(doc: Document, kpi: Kpi) -> list[tuple[str, list[str], Row | None]]:
    """(kind, cells, row) for the template table: kind 'section' | 'act' | 'total'."""
    L = _labels(doc, kpi.key)
    ncols = 2 + 2 + 16
    blank = [""] * (ncols - 1)
    out = [("section", [L["A"]] + blank, None), ("section", [L["A1"]] + blank, None)]
    shares_only = doc.traits.get("shares_only")
    for i, r in enumerate(kpi.a1 + kpi.a2):
        if r is kpi.a2[0] if kpi.a2 else False:
            out += [("section", [L["A2"]] + blank, None)]
        amt = "" if shares_only else _fmt_amount(doc, r.ticks, r.amount_cell)
        prev = share_of(r.ticks or 0, kpi.total) + (i * 7) % 23
        out.append(("act", [r.name, _code(r), amt, _fmt_share(doc, r.share_tenths, r.share_cell)]
                    + _answer_cells(doc, r, prev), r))
        if r is kpi.a1[-1]:
            out += _a1_totals(doc, kpi, L)
    tot = kpi.total
    a2 = kpi.a2_ticks
    a2_amt = "–" if (doc.traits.get("na_cells") and a2 == 0) else _fmt_amount(doc, a2)
    out.append(("total", [L["T2"], "", a2_amt, _fmt_share(doc, share_of(a2, tot))] + [""] * 16, None))
    a = kpi.a1_ticks + a2
    out.append(("total", [L["TA"], "", _fmt_amount(doc, a), _fmt_share(doc, share_of(a, tot))] + [""] * 16, None))
    out.append(("section", [L["B"]] + blank, None))
    b = tot - a
    if kpi.b_parts:
        subs = ("Taxonomy-non-eligible activities – core business", "Taxonomy-non-eligible activities – other")
        for s, part in zip(subs, kpi.b_parts):
            out.append(("total", [s, "", _fmt_amount(doc, part), _fmt_share(doc, share_of(part, tot))] + [""] * 16, None))
    out.append(("total", [L["TB"], "", _fmt_amount(doc, b), _fmt_share(doc, share_of(b, tot))] + [""] * 16, None))
    out.append(("total", [L["TOT"], "", _fmt_amount(doc, tot), _fmt_share(doc, 1000)] + [""] * 16, None))
    if shares_only:  # totals printed in the summary above the table instead
        out = [(k, c[:2] + [""] + c[3:], r) if k == "total" else (k, c, r) for k, c, r in out]
    return out


def _a1_totals(doc, kpi, L):
    yes, _ = doc.traits["yes"]
    tot, a1 = kpi.total, kpi.a1_ticks
    per_obj = [_fmt_share(doc, share_of(sum(r.ticks or 0 for r in kpi.a1 if r.code.startswith(o + "-")), tot))
               for o in OBJECTIVES]
    rows = [("total", [L["T1"], "", _fmt_amount(doc, a1), _fmt_share(doc, share_of(a1, tot))] + per_obj
             + [yes] * 6 + [yes, "", "", ""], None)]
    for cat, label in (("E", "E"), ("T", "Tr")):
        part = sum(r.ticks or 0 for r in kpi.a1 if r.category == cat)
        rows.append(("total", [L[label], "", _fmt_amount(doc, part), _fmt_share(doc, share_of(part, tot))]
                     + [""] * 14 + (["E", ""] if cat == "E" else ["", "T"]), None))
    return rows


def combined_rows(doc: Document) -> list[tuple[str, list[str], list[Row] | None]]:
    """One table for the three KPIs: amount and share per KPI side by side (d10)."""
    ks = [doc.kpis[k] for k in ("turnover", "capex", "opex")]
    yes, _ = doc.traits["yes"]
    L = _labels(doc, "turnover")

    def pair(k, ticks, cell=None, scell=None):
        return [_fmt_amount(doc, ticks, cell), _fmt_share(doc, share_of(ticks or 0, k.total), scell)]

    out = [("section", [L["A1"]] + [""] * 11, None)]
    for group in ("a1", "a2"):
        if group == "a2":
            out.append(("section", [L["A2"]] + [""] * 11, None))
        for i, r in enumerate(getattr(ks[0], group)):
            rows = [getattr(k, group)[i] for k in ks]
            cells = [r.name, _code(r)]
            for k, rr in zip(ks, rows):
                cells += pair(k, rr.ticks, rr.amount_cell, rr.share_cell)
            own = r.code.split("-")[0]
            cells += [own if group == "a1" else f"EL ({own})", yes if group == "a1" else "",
                      yes if group == "a1" else "", r.category or ""]
            out.append(("act", cells, rows))
        label = "Taxonomy-aligned activities (A.1)" if group == "a1" else "Taxonomy-eligible, not aligned activities (A.2)"
        cells = [label, ""]
        for k in ks:
            cells += pair(k, getattr(k, group + "_ticks"))
        out.append(("total", cells + [""] * 4, None))
    for label, f in (("Taxonomy-non-eligible activities (B)", lambda k: k.total - k.a1_ticks - k.a2_ticks),
                     ("Total (A+B)", lambda k: k.total)):
        cells = [label, ""]
        for k in ks:
            cells += pair(k, f(k))
        out.append(("total", cells + [""] * 4, None))
    return out


# ---------------------------------------------------------------- drawing

def _columns(lay: Layout, ncols: int) -> list[float]:
    """x positions (ncols + 1 edges) for the current page width."""
    w = lay.size[0] - 72
    if ncols == 12:
        fixed = [200, 44] + [62, 40] * 3
    else:
        fixed = [150, 42, 56, 40] if lay.landscape else [112, 34, 42, 32]
    rest = (w - sum(fixed)) / (ncols - len(fixed))
    widths = fixed + [rest] * (ncols - len(fixed))
    xs = [36.0]
    for wd in widths:
        xs.append(xs[-1] + wd)
    return xs


def _header(lay: Layout, doc: Document, key: str, ncols: int, size: float) -> None:
    L = _labels(doc, key)
    xs = _columns(lay, ncols)
    unit = doc.traits["unit"][0]
    if ncols == 12:
        heads = [L["name"], L["code"]] + sum(([f"{KPI_TITLES_EN[k]} ({unit})", "%"] for k in
                                              ("turnover", "capex", "opex")), []) + [
            "Substantial contribution", "DNSH", "Minimum safeguards", "E/T"]
        rotated = False
    else:
        # stacked: one group row above the column names
        lay.text(xs[4] + 2, lay.y, L["sc"], size)
        lay.text(xs[10] + 2, lay.y, L["dnsh"], size)
        lay.page.draw_line((xs[4], lay.y + 2), (xs[16] - 2, lay.y + 2), width=0.3)
        lay.y += size * 1.6
        rotated = doc.traits.get("rotated")
        objs = [OBJ_NAMES[o] if rotated else o for o in OBJECTIVES]
        heads = [L["name"], L["code"], L["amt"], L["share"]] + objs + objs + [L["ms"], L["prev"], L["cE"], L["cT"]]
    top, height = lay.y, 0.0
    for i, h in enumerate(heads):
        cw = xs[i + 1] - xs[i] - 3
        if rotated and 4 <= i < 16:
            lay.text(xs[i] + cw / 2 + size / 2, top + 78, h, size, rotate=90)
            height = max(height, 80)
            continue
        lines = lay.wrap(h, size, cw)
        for j, line in enumerate(lines):
            lay.text(xs[i] + 1, top + j * size * 1.2, line, size)
        height = max(height, len(lines) * size * 1.2)
    lay.y = top + height + 2
    units = [""] * ncols
    if ncols != 12:
        units[2], units[3] = unit, "%"
        yes, no = doc.traits["yes"]
        for i in range(4, 17):
            units[i] = f"{yes}; {no}; N/EL" if doc.traits["template"] == 2023 and i < 10 else (
                "%" if i < 10 else f"{yes}/{no}")
        units[17], units[18], units[19] = "%", "E", "T"
    for i, u in enumerate(units):
        lay.text(xs[i] + 1, lay.y + size, u, size * 0.9)
    lay.y += size * 3.2
    lay.page.draw_line((36, lay.y - size * 1.5), (xs[-1], lay.y - size * 1.5), width=0.5)


def _draw_cells(lay, xs, cells, y, size, skip_name=False):
    for i, c in enumerate(cells):
        if i == 0 and skip_name:
            continue
        if i == 0:
            continue
        if i >= 2:  # right-align numbers and answers
            lay.text(xs[i + 1] - 3 - lay.width(c, size), y, c, size)
        else:
            lay.text(xs[i] + 1, y, c, size)


def draw_table(lay: Layout, doc: Document, key: str, title: str, rows, kpis: list[Kpi], size: float) -> None:
    """Draw the rows with the header repeated on every page; record pages on the KPIs and rows."""
    ncols = len(rows[0][1])
    landscape = lay.landscape
    bottom = lay.size[1] - 40

    def start(cont: bool):
        lay.text(36, lay.y, title + (" (continued)" if cont else ""), size + 3)
        lay.y += size + 8
        _header(lay, doc, key, ncols, size)
        for k in kpis:
            k.pages.append(lay.pno)

    start(False)
    xs = _columns(lay, ncols)
    lh = size * 1.25
    for kind, cells, row in rows:
        lines = lay.wrap(cells[0], size, xs[1] - xs[0] - 3)
        fits = int((bottom - lay.y) // lh)
        split = kind == "act" and doc.traits.get("split_row") and 1 <= fits < len(lines)
        if not split and lay.y + lh * len(lines) > bottom:
            lay.new_page(landscape, "EU Taxonomy")
            start(True)
        if split:  # the row continues on the next page: name lines first, numbers with the rest
            for j, line in enumerate(lines[:fits]):
                lay.text(xs[0] + 1, lay.y + j * lh, line, size)
            lay.text(xs[1] + 1, lay.y, cells[1], size)
            lay.new_page(landscape, "EU Taxonomy")
            start(True)
            lines = lines[fits:]
            cells = [cells[0], ""] + cells[2:]
        for j, line in enumerate(lines):
            lay.text(xs[0] + 1 + (0 if kind != "section" else 0), lay.y + j * lh, line, size)
        _draw_cells(lay, xs, cells, lay.y, size)
        targets = row if isinstance(row, list) else ([row] if row is not None else [])
        for r in targets:
            r.page = lay.pno
        lay.y += lh * len(lines) + 1.5
        if kind == "total":
            lay.page.draw_line((36, lay.y - lh + 1), (xs[-1], lay.y - lh + 1), width=0.2)
    lay.y += 14


# ---------------------------------------------------------------- document

NARRATIVE = (
    "The Group reports under Article 8 of Regulation (EU) 2020/852 and Delegated Regulation (EU) 2021/2178. "
    "The economic activities were mapped to the activity descriptions of the Climate Delegated Act and the "
    "Environmental Delegated Act; the technical screening criteria, the do-no-significant-harm criteria and the "
    "minimum safeguards were assessed per site and per product group.",
    "Turnover is the revenue recognised under IAS 1.82(a). CapEx covers additions to property, plant and equipment, "
    "intangible assets and right-of-use assets before depreciation. OpEx covers direct non-capitalised costs for "
    "research and development, building renovation, short-term leases, maintenance and repair.",
)


def _narrative_pages(lay: Layout, doc: Document, n: int, title: str) -> None:
    for i in range(n):
        lay.new_page(False, title)
        lay.text(36, lay.y, f"{title} {i + 1}", 14)
        lay.y += 24
        for p in NARRATIVE:
            lay.paragraph(p)
        if i % 3 == 2:  # a distractor table with numbers
            lay.text(36, lay.y, "GRI content index / key figures", 10)
            lay.y += 14
            for j, label in enumerate(("Revenue", "EBITDA", "Employees (FTE)", "Scope 1 emissions (t CO2e)")):
                v = fmt_number(123456 + 7919 * (i + j) * (doc.seed + 1), 1, doc.traits["thou"], doc.traits["dec"])
                lay.text(36, lay.y, label, 8)
                lay.text(300, lay.y, v, 8)
                lay.y += 11


def _intro(lay: Layout, doc: Document) -> None:
    lay.new_page(False, "EU Taxonomy")
    lay.text(36, lay.y, "EU Taxonomy disclosure", 14)
    lay.y += 24
    for p in NARRATIVE:
        lay.paragraph(p)
    k = doc.kpis["turnover"]
    lay.paragraph(f"In the previous year, {fmt_number(share_of(k.a1_ticks, k.total) + 17, 1, '', doc.traits['dec'])}"
                  f"{doc.traits['pct']} of turnover was Taxonomy-aligned; the figures for {doc.fiscal_year} follow in "
                  "the tables on the next pages.")


def _shares_summary(lay: Layout, doc: Document, k: Kpi) -> None:
    name = KPI_TITLES_EN[k.key]
    unit = doc.traits["unit"][0]
    a2 = k.a2_ticks
    for label, ticks in ((f"Total {name} ({unit})", k.total), (f"Taxonomy-aligned {name} (A.1)", k.a1_ticks),
                         (f"Taxonomy-eligible, not aligned {name} (A.2)", a2)):
        share = "" if ticks == k.total else f"   {_fmt_share(doc, share_of(ticks, k.total))}"
        lay.text(36, lay.y, label, 8)
        lay.text(260, lay.y, _fmt_amount(doc, ticks) + share, 8)
        lay.y += 11
    lay.y += 8


def _kpi_tables(lay: Layout, doc: Document) -> list[int]:
    """Draw the KPI tables; return the first PDF page (0-based) of each KPI's table page range."""
    t = doc.traits
    size = 5.0 if not t["landscape"] else (9.0 if t.get("split_row") else 5.6)
    starts = []
    if t.get("combined"):
        lay.new_page(True, "EU Taxonomy")
        starts.append(lay.pno - 1)
        title = f"EU Taxonomy KPIs {doc.fiscal_year} ({t['unit'][0]})"
        draw_table(lay, doc, "turnover", title, combined_rows(doc), list(doc.kpis.values()), 6.0)
        return starts
    titles = KPI_TITLES_DE if t.get("german") else KPI_TITLES_EN
    for key, k in doc.kpis.items():
        lay.new_page(t["landscape"], "EU Taxonomy")
        starts.append(lay.pno - 1)
        if t.get("shares_only"):
            _shares_summary(lay, doc, k)
        title = f"{titles[key]} – {'Geschäftsjahr' if t.get('german') else 'financial year'} {doc.fiscal_year}"
        draw_table(lay, doc, key, title, table_rows(doc, k), [k], size)
        if doc.prev:
            p = doc.prev[key]
            draw_table(lay, doc, key, f"{titles[key]} – financial year {doc.fiscal_year - 1} (comparative figures)",
                       table_rows(doc, p), [p], size)
    return starts


def _rasterise(pdf: pymupdf.Document, pages: list[int]) -> pymupdf.Document:
    """Replace the pages (0-based) by grey 150-dpi images of themselves: a scan inside a digital report."""
    for pno in pages:
        page = pdf[pno]
        pix = page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
        w, h = page.rect.width, page.rect.height
        pdf.delete_page(pno)
        new = pdf.new_page(pno, width=w, height=h)
        new.insert_image(new.rect, stream=pix.tobytes("png"))
    return pdf


def _sideways(pdf: pymupdf.Document, pages: list[int]) -> pymupdf.Document:
    """Print landscape pages sideways on portrait pages (the reader turns the book)."""
    src = pymupdf.open("pdf", pdf.tobytes())
    for pno in pages:
        pdf.delete_page(pno)
        new = pdf.new_page(pno, width=A4[0], height=A4[1])
        new.show_pdf_page(new.rect, src, pno, rotate=90)
    return pdf


def render(doc: Document, path: Path) -> None:
    """Render ``doc`` to ``path`` and fill the pages on its KPIs and rows (gold_json reads them)."""
    t = doc.traits
    lay = Layout(doc)
    lay.new_page(False, "")
    lay.text(60, 300, doc.company, 24)
    lay.text(60, 340, f"Annual Report {doc.fiscal_year}", 18)
    if t.get("appendix_pages"):
        _narrative_pages(lay, doc, t["appendix_pages"] - 2, "Appendix")
    _intro(lay, doc)
    _kpi_tables(lay, doc)
    kpi_pages = sorted({p - 1 for k in doc.kpis.values() for p in k.pages})
    tail = 40 - lay.pno if t.get("appendix_pages") else 1
    _narrative_pages(lay, doc, max(tail, 1), "Further information")
    pdf = lay.pdf
    if t.get("scanned"):
        pdf = _rasterise(pdf, sorted({p - 1 for p in doc.kpis[t["scanned"]].pages}))
    if t.get("sideways"):
        pdf = _sideways(pdf, kpi_pages)
    pdf.set_metadata({"title": f"{doc.company} Annual Report {doc.fiscal_year}", "producer": "synth-d",
                      "creator": "synth-d", "creationDate": "", "modDate": ""})
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.save(str(path), garbage=3, deflate=True, no_new_id=True)
