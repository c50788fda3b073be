"""Synth-b renderer: draws a :class:`tests.reports_synth_b.Document` into PDF bytes with PyMuPDF.

Tables are drawn cell by cell (``insert_text``, rules with ``draw_line``), prose with ``insert_htmlbox``; a
scanned document is rebuilt from page images.  Rendering fills ``doc.gold`` pages as it places rows.

    >>> from tests.reports_synth_b import build_document
    >>> pdf = render(build_document(0)); pdf[:5]
    b'%PDF-'
"""

from __future__ import annotations

import dataclasses
import random

import pymupdf

from tests.pdf_widths import text_length
from tests.reports_synth_b import ANSWER_STYLES, NUMBER_FORMATS, OBJECTIVES, Document, Layout, pct

FONT_FILES = {"DejaVuSans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
              "DejaVuSansCondensed": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"}
MARGIN = 30.0
WORDS = {
    "en": {"turnover": ("Turnover", "turnover"), "capex": ("CapEx", "CapEx"), "opex": ("OpEx", "OpEx"),
           "activities": "Economic activities", "code": "Code(s)", "prop": "Proportion of {k}, year {y}",
           "sc": "Substantial contribution criteria", "dnsh": "DNSH criteria ('Does Not Significantly Harm')",
           "ms": "Minimum safeguards", "prev": "Proportion of Taxonomy-aligned (A.1.) or -eligible (A.2.) {k}, year {p}",
           "E": "Category (enabling activity)", "T": "Category (transitional activity)", "ET": "Category E/T",
           "A": "A. TAXONOMY-ELIGIBLE ACTIVITIES", "A1": "A.1 Environmentally sustainable activities (Taxonomy-aligned)",
           "A1tot": "{K} of environmentally sustainable activities (Taxonomy-aligned) (A.1)",
           "ofE": "Of which enabling", "ofT": "Of which transitional",
           "A2": "A.2 Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities)",
           "A2tot": "{K} of Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities) (A.2)",
           "Atot": "A. {K} of Taxonomy-eligible activities (A.1+A.2)", "B": "B. TAXONOMY-NON-ELIGIBLE ACTIVITIES",
           "Btot": "{K} of Taxonomy-non-eligible activities", "total": "TOTAL (A+B)",
           "title": "Proportion of {k} from products or services associated with Taxonomy-aligned economic activities – disclosure covering year {y}",
           "cont": "(continued)"},
    "de": {"turnover": ("Umsatzerlöse", "Umsatzerlöse"), "capex": ("CapEx", "CapEx"), "opex": ("OpEx", "OpEx"),
           "activities": "Wirtschaftstätigkeiten", "code": "Code(s)", "prop": "Anteil {k}, Jahr {y}",
           "sc": "Kriterien für einen wesentlichen Beitrag", "dnsh": "DNSH-Kriterien (keine erhebliche Beeinträchtigung)",
           "ms": "Mindestschutz", "prev": "Anteil taxonomiekonformer (A.1.) oder -fähiger (A.2.) {k}, Jahr {p}",
           "E": "Kategorie ermöglichende Tätigkeit", "T": "Kategorie Übergangstätigkeit", "ET": "Kategorie E/T",
           "A": "A. TAXONOMIEFÄHIGE TÄTIGKEITEN", "A1": "A.1 Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)",
           "A1tot": "{K} ökologisch nachhaltiger Tätigkeiten (taxonomiekonform) (A.1)",
           "ofE": "Davon ermöglichende Tätigkeiten", "ofT": "Davon Übergangstätigkeiten",
           "A2": "A.2 Taxonomiefähige, aber nicht ökologisch nachhaltige Tätigkeiten (nicht taxonomiekonforme Tätigkeiten)",
           "A2tot": "{K} taxonomiefähiger, aber nicht ökologisch nachhaltiger Tätigkeiten (nicht taxonomiekonform) (A.2)",
           "Atot": "A. {K} taxonomiefähiger Tätigkeiten (A.1+A.2)", "B": "B. NICHT TAXONOMIEFÄHIGE TÄTIGKEITEN",
           "Btot": "{K} nicht taxonomiefähiger Tätigkeiten", "total": "Gesamt (A+B)",
           "title": "Anteil der {k} aus Waren oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind – Offenlegung für das Jahr {y}",
           "cont": "(Fortsetzung)"},
}
OBJ_LABELS = {
    "abbrev": dict(zip(OBJECTIVES, OBJECTIVES)),
    "long": dict(zip(OBJECTIVES, ("Climate change mitigation", "Climate change adaptation", "Water",
                                  "Circular economy", "Pollution", "Biodiversity"))),
    "german": dict(zip(OBJECTIVES, ("Klimaschutz", "Anpassung an den Klimawandel", "Wasser", "Kreislaufwirtschaft",
                                    "Umweltverschmutzung", "Biologische Vielfalt"))),
}
FILLER = ("The Group continued to implement its sustainability strategy during the reporting year. Management "
          "reviewed the governance of climate-related risks, the energy efficiency of its sites and the "
          "procurement of renewable electricity. The assessment of economic activities under Regulation (EU) "
          "2020/852 was carried out by a cross-functional team of finance, controlling and sustainability staff. ")


def _pieces(word: str, hyphens: bool) -> list[tuple[str, str]]:
    parts = word.replace("-", "-\0").split("\0") if hyphens else [word]
    return [(p, " " if i == 0 else "") for i, p in enumerate(parts) if p]


class Canvas:
    """The PDF being written: pages, a cursor and a font (DejaVu when a glyph needs it)."""

    def __init__(self, lay: Layout):
        self.doc = pymupdf.open()
        self.lay = lay
        self.size = (842, 595) if lay.landscape else (595, 842)
        self.fontfile = FONT_FILES[lay.font]
        self.font = pymupdf.Font(fontfile=self.fontfile)
        self.page = None
        self.y = MARGIN

    def new_page(self) -> None:
        self.page = self.doc.new_page(width=self.size[0], height=self.size[1])
        self.y = MARGIN
        self.text(MARGIN, self.size[1] - 15, f"{self.doc.page_count}", 7)

    @property
    def pno(self) -> int:
        return self.doc.page_count

    def width(self, s: str, fs: float) -> float:
        return text_length(self.font, self.fontfile, s, fs)

    def text(self, x: float, y: float, s: str, fs: float, rotate: int = 0) -> None:
        self.page.insert_text((x, y), s, fontsize=fs, fontname="body", fontfile=self.fontfile, rotate=rotate)

    def wrap(self, s: str, w: float, fs: float, hyphens: bool = False) -> list[str]:
        """Greedy line breaking at spaces (and after hyphens when ``hyphens``)."""
        lines, cur = [], ""
        tokens = [(t, sep) for word in s.split() for t, sep in _pieces(word, hyphens)]
        for word, sep in tokens:
            cand = f"{cur}{sep}{word}" if cur else word
            if cur and self.width(cand, fs) > w:
                lines.append(cur)
                cur = word
            else:
                cur = cand
        return lines + [cur] if cur else lines or [""]

    def prose(self, html: str, height: float = 200) -> None:
        if self.page is None or self.y + height > self.size[1] - MARGIN:
            self.new_page()
        rect = pymupdf.Rect(MARGIN, self.y, self.size[0] - MARGIN, self.y + height)
        self.page.insert_htmlbox(rect, f"<div style='font-family:sans-serif;font-size:9pt'>{html}</div>")
        self.y += height + 8


def fmt_amount(v: int, lay: Layout, rng: random.Random, marker: bool = False) -> str:
    """``v`` in printed units × 10^decimals, formatted per the layout (``1,904.1``, ``1.904,1``, ``1 904,1``)."""
    dec = lay.unit[3]
    if v == 0 and lay.zero_style != "0":
        return lay.zero_style
    thou, point = NUMBER_FORMATS[lay.numfmt]
    whole, frac = divmod(v, 10 ** dec)
    s = f"{whole:,}".replace(",", thou) + (f"{point}{frac:0{dec}d}" if dec else "")
    return s + (rng.choice(("¹", "*", " 1)", "²")) if marker else "")


def fmt_share(p: float, lay: Layout) -> str:
    """A printed percentage (one decimal) per the layout: ``38.9%``, ``38,9 %``, ``38.9``."""
    if p == 0 and lay.zero_style != "0":
        return lay.zero_style
    s = f"{p:.1f}".replace(".", NUMBER_FORMATS[lay.numfmt][1])
    return s + ((" %" if lay.lang == "de" else "%") if lay.pct_sign else "")


def fmt_answer(a: str | None, lay: Layout) -> str:
    if a is None:
        return ""
    return dict(zip(("Y", "N", "EL", "N/EL"), ANSWER_STYLES[lay.answers]))[a]


def fmt_code(code: str, lay: Layout, twin: bool) -> str:
    obj, sec = code.split("-")
    style = lay.code_style
    if style in ("CCM 7.1", "CCM 7.1 / CCA 7.1"):
        return f"{obj} {sec}" + (f" / CCA {sec}" if twin else "")
    return {"CCM-7.1": f"{obj}-{sec}", "7.1": sec, "7.1.": f"{sec}.", "in_name": "", "name_only": ""}[style]


def table_columns(lay: Layout, kpi: str, year: int) -> list[tuple[str, str, float, str]]:
    """(key, header label, width weight, align) per column, in printed order."""
    w = WORDS[lay.lang]
    big, small = w[kpi]
    unit = lay.unit[0]
    cols = [("name", w["activities"], 9.0, "l")]
    if lay.code_style not in ("name_only", "in_name"):
        cols.append(("code", w["code"], 2.6, "l"))
    cur = [("amt", f"{big} {year} {unit}" if lay.both_years else f"{big} {unit}", 2.6, "r"),
           ("shr", w["prop"].format(k=small, y=year), 2.2, "r")]
    if lay.both_years:
        prev = [("pamt", f"{big} {year - 1} {unit}", 2.6, "r"), ("pshr", w["prop"].format(k=small, y=year - 1), 2.2, "r")]
        cur = prev + cur if lay.prev_first else cur + prev
    cols += cur
    labels = OBJ_LABELS[lay.objective_labels]
    cols += [(f"sc:{o}", labels[o], 1.3, "c") for o in lay.objective_order]
    cols += [(f"dnsh:{o}", labels[o], 1.3, "c") for o in lay.objective_order]
    cols.append(("ms", w["ms"], 2.3, "c"))
    if lay.prev_share_col:
        cols.append(("prev", w["prev"].format(k=small, p=year - 1), 3.0, "r"))
    cols += [("E", w["E"], 2.0, "c"), ("T", w["T"], 2.0, "c")] if lay.category_cols == "two" else [("ET", w["ET"], 1.8, "c")]
    return cols


def activity_cells(act: dict, lay: Layout, p: dict, amt: int, rng: random.Random, twin: bool) -> dict:
    cells = {"name": act["name"], "code": fmt_code(act["code"], lay, twin), "amt": fmt_amount(amt, lay, rng),
             "shr": fmt_share(pct(amt, p["total"]), lay)}
    if lay.code_style == "in_name":
        cells["name"] = f"{act['code'].split('-')[1]} {act['name']}"
    if lay.both_years:
        prev = int(amt * rng.uniform(0.6, 1.3))
        cells["pamt"], cells["pshr"] = fmt_amount(prev, lay, rng), fmt_share(pct(prev, p["total"]), lay)
    for o in OBJECTIVES:
        cells[f"sc:{o}"] = fmt_answer(act["substantial_contribution"][o], lay)
        cells[f"dnsh:{o}"] = fmt_answer(act["dnsh"][o], lay)
    cells["ms"] = fmt_answer(act["minimum_safeguards"], lay)
    cells["prev"] = fmt_share(p["prev"][act["code"]], lay)
    cat = act["category"]
    cells.update({"E": "E" if cat == "E" else "", "T": "T" if cat == "T" else "", "ET": cat or ""})
    return cells


def kpi_rows(doc: Document, kpi: str, rng: random.Random) -> list[tuple[str, dict, int | None]]:
    """(kind, cells, gold activity index) for every printed row of one KPI table, in order."""
    lay, p, gold = doc.layout, doc.printed[kpi], doc.gold["kpis"][kpi]
    w = WORDS[lay.lang]
    big = w[kpi][0]
    money = lambda v, m=False: fmt_amount(v, lay, rng, m)  # noqa: E731
    total = p["total"]
    s1, s2 = sum(a for _, a in p["A.1"]), sum(a for _, a in p["A.2"])
    twin_idx = rng.randrange(len(p["A.1"])) if lay.code_style == "CCM 7.1 / CCA 7.1" else -1
    rows: list = [("sec", {"name": w["A"]}, None), ("sec", {"name": w["A1"]}, None)]
    a1_closed = False
    for i, act in enumerate(gold["activities"]):
        group_rows = p[act["group"]]
        amt = group_rows[[c for (c, _), _a in group_rows].index(act["code"])][1]
        if act["group"] == "A.2" and not a1_closed:
            a1_closed = True
            rows += _a1_totals(lay, p, gold, s1, money, rng, big)
            rows.append(("sec", {"name": w["A2"]}, None))
        twin = act["group"] == "A.1" and i == twin_idx and act["code"].startswith("CCM")
        if twin:
            act["also"] = [act["code"].replace("CCM", "CCA")]
        rows.append(("a2" if act["group"] == "A.2" else "a1", activity_cells(act, lay, p, amt, rng, twin), i))
    if not a1_closed:
        rows += _a1_totals(lay, p, gold, s1, money, rng, big)
    rows.append(("tot", {"name": w["A2tot"].format(K=big), "amt": money(s2), "shr": fmt_share(pct(s2, total), lay)}, None))
    rows.append(("tot", {"name": w["Atot"].format(K=big), "amt": money(s1 + s2), "shr": fmt_share(pct(s1 + s2, total), lay)}, None))
    rows.append(("sec", {"name": w["B"]}, None))
    rows.append(("tot", {"name": w["Btot"].format(K=big), "amt": money(p["B"]), "shr": fmt_share(pct(p["B"], total), lay)}, None))
    rows.append(("tot", {"name": w["total"], "amt": money(total, lay.footnotes), "shr": fmt_share(100.0, lay)}, None))
    return rows


def _a1_totals(lay: Layout, p: dict, gold: dict, s1: int, money, rng: random.Random, big: str) -> list:
    w, total = WORDS[lay.lang], p["total"]
    rows = [("tot", {"name": w["A1tot"].format(K=big), "amt": money(s1, lay.footnotes and rng.random() < 0.5),
                     "shr": fmt_share(pct(s1, total), lay), "prev": fmt_share(rng.randint(0, 300) / 10, lay)}, None)]
    relative = rng.random() < 0.4  # share of A.1 (100-ish) instead of share of the KPI
    for key, cat in (("ofE", "E"), ("ofT", "T")):
        amt = sum(a for (c, _), a in p["A.1"]
                  if any(x["code"] == c and x["group"] == "A.1" and x["category"] == cat for x in gold["activities"]))
        shr = pct(amt, s1) if relative else pct(amt, total)
        rows.append(("of", {"name": w[key], "amt": money(amt), "shr": fmt_share(shr, lay), cat: cat, "ET": cat}, None))
    return rows


def _widths(cv: Canvas, cols: list) -> list[float]:
    avail = cv.size[0] - 2 * MARGIN
    tot = sum(c[2] for c in cols)
    return [avail * c[2] / tot for c in cols]


def draw_header(cv: Canvas, cols: list, widths: list[float], fs: float) -> None:
    """Group row (substantial contribution / DNSH spans) then one label per column (wrapped or rotated)."""
    lay, w = cv.lay, WORDS[cv.lay.lang]
    xs = [MARGIN + sum(widths[:i]) for i in range(len(cols))]
    for prefix, label in (("sc:", w["sc"]), ("dnsh:", w["dnsh"])):
        idx = [i for i, c in enumerate(cols) if c[0].startswith(prefix)]
        if idx:
            span = xs[idx[-1]] + widths[idx[-1]] - xs[idx[0]]
            for k, line in enumerate(cv.wrap(label, span - 2, fs)):
                cv.text(xs[idx[0]] + 1, cv.y + fs * (k + 1) * 1.2, line, fs)
    cv.y += fs * 2.6
    if lay.rotated_headers:
        height = max(cv.width(c[1], fs) for c in cols if c[0] != "name") + 6
        for (key, label, _, _), x, wd in zip(cols, xs, widths):
            if key == "name":
                cv.text(x + 1, cv.y + height - 2, label, fs)
            else:
                cv.text(x + wd / 2 + fs / 3, cv.y + height - 2, label, fs, rotate=90)
    else:
        wrapped = [cv.wrap(c[1], wd - 2, fs, hyphens=True) for c, wd in zip(cols, widths)]
        height = max(len(x) for x in wrapped) * fs * 1.2 + 3
        for lines, x in zip(wrapped, xs):
            for k, line in enumerate(lines):
                cv.text(x + 1, cv.y + fs * (k + 1) * 1.2, line, fs)
    cv.y += height
    cv.page.draw_line((MARGIN, cv.y), (cv.size[0] - MARGIN, cv.y), width=0.6)
    cv.y += 2


def draw_row(cv: Canvas, cols: list, widths: list[float], cells: dict, fs: float) -> None:
    xs = [MARGIN + sum(widths[:i]) for i in range(len(cols))]
    name_lines = cv.wrap(cells.get("name", ""), widths[0] - 3, fs)
    for (key, _, _, align), x, wd in zip(cols, xs, widths):
        s = cells.get(key, "")
        if key == "name":
            for k, line in enumerate(name_lines):
                cv.text(x + 1, cv.y + fs * (k + 1) * 1.15, line, fs)
            continue
        if not s:
            continue
        tw = cv.width(s, fs)
        dx = {"l": 1, "r": wd - tw - 2, "c": (wd - tw) / 2}[align]
        cv.text(x + dx, cv.y + fs * 1.15, s, fs)
    cv.y += len(name_lines) * fs * 1.15 + 2.5
    cv.page.draw_line((MARGIN, cv.y - 1), (cv.size[0] - MARGIN, cv.y - 1), width=0.2, color=(0.6, 0.6, 0.6))


def draw_table(cv: Canvas, title: str, cols: list, rows: list, on_row) -> list[int]:
    """Title, header, rows with page breaks (header repeated or '(continued)'); returns the pages used."""
    lay, fs = cv.lay, cv.lay.font_size
    widths = _widths(cv, cols)
    if cv.page is None or cv.y > cv.size[1] * 0.55:
        cv.new_page()
    for line in cv.wrap(title, cv.size[0] - 2 * MARGIN, 8.5):
        cv.text(MARGIN, cv.y + 10, line, 8.5)
        cv.y += 11
    cv.y += 7
    draw_header(cv, cols, widths, fs)
    pages, on_page = [cv.pno], 0
    for kind, cells, idx in rows:
        need = len(cv.wrap(cells.get("name", ""), widths[0] - 3, fs)) * fs * 1.15 + 3
        if cv.y + need > cv.size[1] - MARGIN - 20 or on_page >= lay.rows_per_page:
            cv.new_page()
            cv.text(MARGIN, cv.y + 8, f"{title[:80]} {WORDS[lay.lang]['cont']}", 7)
            cv.y += 14
            if lay.repeat_header:
                draw_header(cv, cols, widths, fs)
            pages.append(cv.pno)
            on_page = 0
        draw_row(cv, cols, widths, cells, fs)
        on_page += 1
        on_row(idx, cv.pno)
    cv.y += 14
    return pages


def _prose_pages(cv: Canvas, n: int, rng: random.Random) -> None:
    for _ in range(n):
        cv.new_page()
        for _ in range(4):
            cv.prose(f"<h3>{rng.choice(('Strategy', 'Governance', 'Employees', 'Energy', 'Risk report'))}</h3>"
                     f"<p>{FILLER * rng.randint(3, 5)}</p>", 180)


def _money_words(v: int, lay: Layout) -> str:
    unit = {1e3: "thousand", 1e6: "million", 1.0: ""}[lay.unit[2]]
    if lay.lang == "de":
        unit = {"thousand": "Tsd.", "million": "Mio.", "": ""}[unit]
    return f"EUR {fmt_amount(v, lay, random.Random(0))} {unit}".strip()


def draw_text_only(doc: Document, cv: Canvas) -> None:
    """Narrative KPI disclosure without templates: totals and shares in sentences, no itemised rows."""
    lay = dataclasses.replace(doc.layout, pct_sign=True)  # prose always prints the % sign
    cv.new_page()
    cv.prose("<h2>EU Taxonomy</h2><p>" + FILLER + "</p>", 120)
    for kpi in ("turnover", "capex", "opex"):
        p, gold = doc.printed[kpi], doc.gold["kpis"][kpi]
        s1, s2 = sum(a for _, a in p["A.1"]), sum(a for _, a in p["A.2"])
        word = WORDS["en"][kpi][1]
        cv.prose(f"<p>In the reporting year, Taxonomy-aligned {word} amounted to {_money_words(s1, lay)} "
                 f"({fmt_share(pct(s1, p['total']), lay)} of total {word} of {_money_words(p['total'], lay)}). "
                 f"Taxonomy-eligible but not aligned {word} amounted to {_money_words(s2, lay)} "
                 f"({fmt_share(pct(s2, p['total']), lay)}); {_money_words(p['B'], lay)} "
                 f"({fmt_share(pct(p['B'], p['total']), lay)}) related to non-eligible activities.</p>", 70)
        gold["pages"], gold["activities"] = [cv.pno], []


def draw_annex12(doc: Document, cv: Canvas, rng: random.Random) -> None:
    """Annex XII (nuclear / gas) templates 1 and 3 — tables that look like KPI tables but are not."""
    lay = doc.layout
    cols = [("name", "Nuclear and fossil gas related activities", 9.0, "l"), ("amt", "Yes/No", 1.5, "c")]
    rows = [("r", {"name": f"{i}. The undertaking carries out, funds or has exposures to {what}.", "amt": "No"}, None)
            for i, what in enumerate(("research of innovative nuclear facilities", "construction of new nuclear plants",
                                      "safe operation of existing nuclear installations", "gas-fired electricity generation",
                                      "high-efficiency co-generation from gaseous fuels", "heat production from gaseous fuels"), 1)]
    draw_table(cv, "Template 1 Nuclear and fossil gas related activities", cols, rows, lambda i, p: None)
    kpi = rng.choice(("turnover", "capex"))
    s1 = sum(a for _, a in doc.printed[kpi]["A.1"])
    cols = [("name", "Economic activities", 8.0, "l"), ("amt", f"Amount (CCM + CCA) {lay.unit[0]}", 2.5, "r"),
            ("shr", "%", 1.5, "r"), ("amt2", "Amount (CCM)", 2.5, "r"), ("shr2", "%", 1.5, "r")]
    rows = [("r", {"name": f"Amount and proportion of taxonomy-aligned economic activity referred to in Section 4.{n} "
                           "of Annexes I and II in the numerator of the applicable KPI",
                   "amt": fmt_amount(0, lay, rng), "shr": fmt_share(0.0, lay)}, None) for n in (26, 27, 28, 29, 30, 31)]
    for label in ("Amount and proportion of other taxonomy-aligned economic activities not referred to in rows 1 to 6 "
                  "above in the numerator of the applicable KPI", "Total amount and proportion of taxonomy-aligned "
                  "economic activities in the numerator of the applicable KPI"):
        rows.append(("r", {"name": label, "amt": fmt_amount(s1, lay, rng), "shr": fmt_share(100.0, lay),
                           "amt2": fmt_amount(s1, lay, rng), "shr2": fmt_share(100.0, lay)}, None))
    draw_table(cv, f"Template 3 Taxonomy-aligned economic activities (numerator) – {WORDS['en'][kpi][0]}", cols, rows,
               lambda i, p: None)


def draw_summary(doc: Document, cv: Canvas) -> None:
    """A KPI-at-a-glance table (whole %, € million) outside the templates."""
    lay = doc.layout
    m = Layout(family="x", lang=lay.lang, unit=("€ million", lay.lang, 1e6, 1), numfmt=lay.numfmt, pct_sign=True)
    to_m = lambda v: int(round(v * lay.unit[2] / 10 ** lay.unit[3] / 1e5))  # noqa: E731
    cols = [("name", "EU Taxonomy KPIs", 5.0, "l"), ("t", "Turnover", 2.0, "r"), ("c", "CapEx", 2.0, "r"),
            ("o", "OpEx", 2.0, "r")]
    rows = []
    for label, fn in (("Total (€ million)", lambda p: to_m(p["total"])),
                      ("Taxonomy-eligible (€ million)", lambda p: to_m(_s(p, "A.1") + _s(p, "A.2"))),
                      ("Taxonomy-aligned (€ million)", lambda p: to_m(_s(p, "A.1")))):
        rows.append(("r", {"name": label, **{k[0]: fmt_amount(fn(doc.printed[k]), m, random.Random(0))
                                             for k in ("turnover", "capex", "opex")}}, None))
    for label, grp in (("Taxonomy-eligible share", ("A.1", "A.2")), ("Taxonomy-aligned share", ("A.1",))):
        rows.append(("r", {"name": label, **{k[0]: f"{round(pct(sum(_s(doc.printed[k], g) for g in grp), doc.printed[k]['total']))} %"
                                             for k in ("turnover", "capex", "opex")}}, None))
    cv.prose("<h2>EU Taxonomy</h2><p>The following overview summarises the key figures.</p>", 60)
    draw_table(cv, "Overview of the EU Taxonomy key figures", cols, rows, lambda i, p: None)


def _s(p: dict, group: str) -> int:
    return sum(a for _, a in p[group])


def draw_kpi(doc: Document, cv: Canvas, kpi: str, rng: random.Random) -> None:
    """One KPI template (or three stacked tables A.1 / A.2 / B) and its gold pages."""
    lay, gold = doc.layout, doc.gold["kpis"][kpi]
    year = doc.gold["fiscal_year"]
    cols = table_columns(lay, kpi, year)
    rows = kpi_rows(doc, kpi, rng)
    title = WORDS[lay.lang]["title"].format(k=WORDS[lay.lang][kpi][1], y=year) + f" ({lay.unit[0]})"

    def on_row(idx, page):
        if idx is not None:
            gold["activities"][idx]["page"] = page

    if rng.random() < 0.6 and cv.page is not None:
        cv.new_page()
    if not lay.stacked:
        gold["pages"] = draw_table(cv, title, cols, rows, on_row)
        return
    cut1 = max(i for i, r in enumerate(rows) if r[0] == "of") + 1
    cut2 = next(i for i, r in enumerate(rows) if r[1].get("name") == WORDS[lay.lang]["B"])
    pages = []
    for part, seg in zip(("A.1", "A.2", "B"), (rows[:cut1], rows[cut1:cut2], rows[cut2:])):
        pages += draw_table(cv, f"{title} – {part}", cols, seg, on_row)
    gold["pages"] = sorted(set(pages))


def render(doc: Document) -> bytes:
    """The whole report: cover, prose, (summary / Annex XII distractors), KPI templates, prose; raster if scanned."""
    lay = doc.layout
    rng = random.Random(f"synth-b-render-{doc.name}")
    cv = Canvas(lay)
    cv.new_page()
    cv.prose(f"<h1>{doc.gold['company']}</h1><h2>Annual Report {doc.gold['fiscal_year']}</h2>", 200)
    _prose_pages(cv, lay.filler_pages, rng)
    if lay.text_only:
        draw_text_only(doc, cv)
    else:
        annex_first = rng.random() < 0.5
        if lay.summary_table:
            cv.new_page()
            draw_summary(doc, cv)
        if lay.annex12 and annex_first:
            draw_annex12(doc, cv, rng)
        cv.new_page()
        cv.prose("<h2>Disclosures pursuant to Article 8 of the Taxonomy Regulation</h2><p>" + FILLER + "</p>", 110)
        for kpi in ("turnover", "capex", "opex"):
            draw_kpi(doc, cv, kpi, rng)
        if lay.annex12 and not annex_first:
            draw_annex12(doc, cv, rng)
    _prose_pages(cv, 1, rng)
    cv.doc.subset_fonts()
    data = cv.doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    return rasterise(data) if lay.scanned else data


def rasterise(data: bytes, dpi: int = 200) -> bytes:
    """Image-only copy of a PDF (every page rendered to a grey bitmap and placed full-page)."""
    src, out = pymupdf.open(stream=data, filetype="pdf"), pymupdf.open()
    for page in src:
        pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
        out.new_page(width=page.rect.width, height=page.rect.height).insert_image(page.rect, pixmap=pix)
    return out.tobytes(garbage=3, deflate=True, no_new_id=True)
