"""Synthetic Article 8 KPI reports with varied layouts: a robustness benchmark that does not depend on the
layouts of the four real dev reports.

A *case* starts from one gold disclosure of ``shared/gold/disclosure-dev`` (its activities: names, codes,
groups, categories), perturbs it at random (rows dropped, added from the other golds' activities, amounts
redrawn, groups flipped), draws a *layout* (units, decimal mark, English/German words, code style, answer
words, previous-year columns, tables split over pages with repeated headers, KPI order, a contents page,
"of which" sub-total rows, abbreviated objective headers, ...) and renders the three KPI tables into a PDF
with pymupdf's HTML boxes.  The *expected* disclosure is what is printed: amounts as rounded and scaled,
shares as printed, codes by the spec's conventions, so it is scored with the project scorer as is.

Nothing is keyed to a real report: the layout axes below are the variations the issue names.

>>> lay = draw_layout(random.Random(1))
>>> sorted(lay)[:3]
['a2_answers', 'abbrev_headers', 'answers']
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

OBJECTIVES = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")
KPIS = ("turnover", "capex", "opex")
SEEDS = tuple(range(40))  # the fixed benchmark set

# axis -> choices (one is drawn per document)
LAYOUT_AXES = (
    ("unit", ("€'000", "€ million", "EUR thousand", "T€", "Mio. €", "EUR k", "€ m")),
    ("decimal", (".", ",")),
    ("language", ("en", "de")),
    ("code_style", ("obj_space", "bare", "obj_dash", "obj_both", "in_name", "obj_nospace")),
    ("answers", ("Y/N", "yes/no", "J/N")),
    ("a2_answers", ("EL", "blank")),
    ("prev_year", ("none", "share_after", "amount_adjacent")),
    ("rows_per_page", (0, 0, 3, 5)),
    ("kpi_order", (KPIS, ("capex", "turnover", "opex"), ("opex", "capex", "turnover"), ("turnover", "opex", "capex"))),
    ("toc", (False, True)),
    ("of_which", (False, True)),
    ("percent", ("suffix", "space", "bare")),
    ("code_column", ("after_name", "before_name")),
    ("abbrev_headers", (False, True)),
    ("share_decimals", (1, 2)),
    ("narrative", (False, True)),
)

OBJ_WORDS = {
    "en": ("Climate change mitigation", "Climate change adaptation", "Water and marine resources",
           "Pollution", "Circular economy", "Biodiversity and ecosystems"),
    "de": ("Klimaschutz", "Anpassung an den Klimawandel", "Wasser- und Meeresressourcen",
           "Umweltverschmutzung", "Kreislaufwirtschaft", "Biologische Vielfalt und Ökosysteme"),
}
# printed column order of the objectives in the 2023 template: CCM, CCA, WTR, PPC, CE, BIO
PRINT_ORDER = ("CCM", "CCA", "WTR", "PPC", "CE", "BIO")

WORDS = {
    "en": {
        "kpi": {"turnover": "Turnover", "capex": "CapEx", "opex": "OpEx"},
        "title": "Proportion of {k} from products or services associated with Taxonomy-aligned economic activities – disclosure covering year {y}",
        "cont": "(continued)",
        "activity": "Economic activities", "code": "Code(s)", "amount": "Absolute {k}", "share": "Proportion of {k}",
        "sc": "Substantial contribution criteria", "dnsh": "DNSH criteria (Does Not Significantly Harm)",
        "ms": "Minimum safeguards", "prev": "Proportion of {k} year {p}", "enabling": "Category (enabling activity)",
        "transitional": "Category (transitional activity)",
        "A": "A. TAXONOMY-ELIGIBLE ACTIVITIES",
        "A.1": "A.1 Environmentally sustainable activities (Taxonomy-aligned)",
        "A1tot": "{k} of environmentally sustainable activities (Taxonomy-aligned) (A.1)",
        "ofE": "Of which enabling", "ofT": "Of which transitional",
        "A.2": "A.2 Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities)",
        "A2tot": "{k} of Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities) (A.2)",
        "A12": "Total (A.1 + A.2)",
        "B": "B. TAXONOMY-NON-ELIGIBLE ACTIVITIES",
        "Btot": "{k} of Taxonomy-non-eligible activities (B)",
        "tot": "Total (A + B)",
        "contents": "Contents", "toc": ("Letter to shareholders", "Strategy", "EU Taxonomy disclosure", "{k} KPI"),
        "narr": ("Under the EU Taxonomy Regulation we report the share of our turnover, capital expenditure and "
                 "operating expenditure that is Taxonomy-eligible and Taxonomy-aligned. An activity is aligned when it "
                 "makes a substantial contribution to one environmental objective, does no significant harm (DNSH) to "
                 "the others and meets the minimum safeguards. Overview: the aligned share of turnover was {s} in {y}."),
    },
    "de": {
        "kpi": {"turnover": "Umsatz", "capex": "Investitionsausgaben (CapEx)", "opex": "Betriebsausgaben (OpEx)"},
        "title": "Anteil der {k} aus Produkten oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind – Offenlegung für das Jahr {y}",
        "cont": "(Fortsetzung)",
        "activity": "Wirtschaftstätigkeiten", "code": "Code(s)", "amount": "{k} absolut",
        "share": "{s}-Anteil", "sc": "Kriterien für einen wesentlichen Beitrag",
        "dnsh": "DNSH-Kriterien (keine erhebliche Beeinträchtigung)", "ms": "Mindestschutz",
        "prev": "{s}-Anteil Jahr {p}", "enabling": "Kategorie ermöglichende Tätigkeit",
        "transitional": "Kategorie Übergangstätigkeit",
        "A": "A. TAXONOMIEFÄHIGE TÄTIGKEITEN",
        "A.1": "A.1 Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)",
        "A1tot": "{k} ökologisch nachhaltiger Tätigkeiten (taxonomiekonform) (A.1)",
        "ofE": "Davon ermöglichende Tätigkeiten", "ofT": "Davon Übergangstätigkeiten",
        "A.2": "A.2 Taxonomiefähige, aber nicht ökologisch nachhaltige Tätigkeiten (nicht taxonomiekonforme Tätigkeiten)",
        "A2tot": "{k} taxonomiefähiger, aber nicht ökologisch nachhaltiger Tätigkeiten (A.2)",
        "A12": "Summe (A.1 + A.2)",
        "B": "B. NICHT TAXONOMIEFÄHIGE TÄTIGKEITEN",
        "Btot": "{k} nicht taxonomiefähiger Tätigkeiten (B)",
        "tot": "Gesamt (A + B)",
        "contents": "Inhalt", "toc": ("Brief an die Aktionäre", "Strategie", "EU-Taxonomie", "{k}-KPI"),
        "narr": ("Nach der EU-Taxonomie-Verordnung berichten wir den taxonomiefähigen und taxonomiekonformen Anteil "
                 "an Umsatz, Investitionsausgaben und Betriebsausgaben. Eine Tätigkeit ist konform, wenn sie einen "
                 "wesentlichen Beitrag zu einem Umweltziel leistet und keine erhebliche Beeinträchtigung (DNSH) "
                 "verursacht. Überblick: der konforme Umsatzanteil betrug {s} im Jahr {y}."),
    },
}
SHORT = {"en": {"turnover": "Turnover", "capex": "CapEx", "opex": "OpEx"},
         "de": {"turnover": "Umsatz", "capex": "CapEx", "opex": "OpEx"}}
ANSWER_WORDS = {"Y/N": ("Y", "N"), "yes/no": ("yes", "no"), "J/N": ("J", "N")}
UNIT_MULT = {"€'000": 1e3, "€ million": 1e6, "EUR thousand": 1e3, "T€": 1e3, "Mio. €": 1e6, "EUR k": 1e3, "€ m": 1e6}


def gold_dir() -> Path | None:
    from regc.retrieval.locate import corpus_root

    root = corpus_root()
    g = root.parent / "gold" / "disclosure-dev" if root else None
    return g if g is not None and g.is_dir() else None


def load_golds(folder: Path) -> list[dict]:
    """The gold disclosures, sorted by file name."""
    return [json.loads(p.read_text()) for p in sorted(Path(folder).glob("*.json"))]


def draw_layout(rng: random.Random) -> dict:
    """One choice per layout axis."""
    return {axis: rng.choice(choices) for axis, choices in LAYOUT_AXES}


# ---------------------------------------------------------------- content perturbation


def activity_pool(golds: list[dict]) -> list[dict]:
    """Distinct (code, name, category) activities over all golds."""
    seen, pool = set(), []
    for g in golds:
        for b in g["kpis"].values():
            for a in b["activities"]:
                if a["code"] not in seen:
                    seen.add(a["code"])
                    pool.append({"code": a["code"], "name": a["name"], "category": a.get("category")})
    return pool


def perturb_rows(block: dict, pool: list[dict], rng: random.Random) -> list[dict]:
    """A KPI's activity rows: gold rows, some dropped, some added from the pool, groups sometimes flipped."""
    rows = [{"code": a["code"], "name": a["name"], "group": a["group"], "category": a.get("category"),
             "also": list(a.get("also") or [])} for a in block["activities"] if rng.random() > 0.2]
    for _ in range(rng.choice((0, 1, 2, 3))):
        p = rng.choice(pool)
        rows.append({"code": p["code"], "name": p["name"], "group": rng.choice(("A.1", "A.2")),
                     "category": p["category"], "also": []})
    for r in rows:
        if rng.random() < 0.15:
            r["group"] = "A.2" if r["group"] == "A.1" else "A.1"
        if r["group"] == "A.2":
            r["category"] = None
        elif r["category"] is None and rng.random() < 0.3:
            r["category"] = rng.choice(("E", "T"))
    uniq = {(r["code"], r["group"]): r for r in rows}  # one row per (code, group), as tables print them
    a1 = [r for k, r in uniq.items() if k[1] == "A.1"]
    a2 = [r for k, r in uniq.items() if k[1] == "A.2"]
    return a1 + a2


def fmt_number(v: float, decimals: int, decimal: str) -> str:
    """'1,234.5' or '1.234,5'."""
    s = f"{v:,.{decimals}f}"
    return s if decimal == "." else s.replace(",", "X").replace(".", ",").replace("X", ".")


class Printer:
    """Formats amounts and shares for one layout and records the value a reader should get back."""

    def __init__(self, lay: dict):
        self.mult = UNIT_MULT[lay["unit"]]
        self.amount_dec = 1 if self.mult == 1e6 else 0
        self.lay = lay

    def amount(self, value: float) -> tuple[str, float]:
        shown = round(value / self.mult, self.amount_dec)
        if shown == 0:
            return "–", 0.0
        return fmt_number(shown, self.amount_dec, self.lay["decimal"]), shown * self.mult

    def share(self, frac: float) -> tuple[str, float]:
        d = self.lay["share_decimals"]
        pct = round(frac * 100, d)
        if pct == 0:
            return "–", 0.0
        s = fmt_number(pct, d, self.lay["decimal"])
        s = {"suffix": s + "%", "space": s + " %", "bare": s}[self.lay["percent"]]
        return s, round(pct / 100, 6)


def code_cell(r: dict, style: str, signals_objective: bool) -> tuple[str, str, list[str]]:
    """Printed code text, and the (code, also) a reader should give back under the spec's conventions.
    ``signals_objective``: the row's answers name its objective (a Y, or EL in A.2 rows)."""
    obj, sec = r["code"].split("-")
    also = list(r["also"])
    if style == "bare":
        printed = sec if not also else " / ".join(c.split("-")[1] for c in [r["code"], *also])
        # spec: a bare code takes the objective the row contributes to, else CCM
        default = obj if signals_objective else "CCM"
        exp_code = f"{default}-{sec}"
        exp_also = [f"{default}-{c.split('-')[1]}" for c in also if f"{default}-{c.split('-')[1]}" != exp_code]
        return printed, exp_code, exp_also
    if style == "obj_both" and not also:
        other = "CCA" if obj != "CCA" else "CCM"
        also = [f"{other}-{sec}"]
    joiner = {"obj_space": " ", "obj_dash": "-", "obj_both": " ", "in_name": " ", "obj_nospace": ""}[style]
    printed = " / ".join(c.replace("-", joiner) for c in [r["code"], *also])
    return printed, r["code"], also


def make_case(seed: int, golds: list[dict]) -> tuple[dict, dict]:
    """(layout + printed content, expected disclosure) for one seed; deterministic."""
    rng = random.Random(seed)
    base = golds[seed % len(golds)]
    pool = activity_pool(golds)
    lay = draw_layout(rng)
    pr = Printer(lay)
    year = rng.choice((2022, 2023, 2024))
    yes, no = ANSWER_WORDS[lay["answers"]]
    kpis, expected = {}, {"document": f"synth-{seed:03d}.pdf", "fiscal_year": year, "currency": "EUR", "kpis": {}}
    for kpi in KPIS:
        rows = perturb_rows(base["kpis"][kpi], pool, rng)
        total = rng.uniform(5e6, 5e9)
        weights = [rng.random() ** 2 for _ in rows]
        eligible = rng.uniform(0.05, 0.9) * total
        amounts = [eligible * w / (sum(weights) or 1) for w in weights]
        if rows and rng.random() < 0.2:
            amounts[rng.randrange(len(rows))] = 0.0  # a placeholder row of dashes
        printed, exp_rows = [], []
        for r, amt in zip(rows, amounts):
            a_txt, a_val = pr.amount(amt)
            s_txt, s_val = pr.share(amt / total)
            p_txt, _ = pr.share(amt / total * rng.uniform(0.6, 1.2))
            pa_txt, _ = pr.amount(amt * rng.uniform(0.6, 1.2))
            c_txt, code, also = code_cell(r, lay["code_style"], r["group"] == "A.1" or lay["a2_answers"] == "EL")
            obj = code.split("-")[0]
            if r["group"] == "A.1":
                sc = {o: (yes if o == obj else no) for o in OBJECTIVES}
                dnsh = {o: (yes if o != obj else "") for o in OBJECTIVES}
                ms = yes
            else:
                sc = {o: ("EL" if o == obj else "N/EL") if lay["a2_answers"] == "EL" else "" for o in OBJECTIVES}
                dnsh = {o: "" for o in OBJECTIVES}
                ms = ""
            printed.append({"name": r["name"], "code": c_txt, "amount": a_txt, "share": s_txt, "prev_share": p_txt,
                            "prev_amount": pa_txt, "sc": sc, "dnsh": dnsh, "ms": ms,
                            "E": "E" if r["category"] == "E" and r["group"] == "A.1" else "",
                            "T": "T" if r["category"] == "T" and r["group"] == "A.1" else "", "group": r["group"]})
            e = {"code": code, "group": r["group"], "amount": a_val, "share": s_val, "name": r["name"]}
            if also:
                e["also"] = also
            exp_rows.append(e)
        a1 = sum(a for r, a in zip(rows, amounts) if r["group"] == "A.1")
        a2 = sum(a for r, a in zip(rows, amounts) if r["group"] == "A.2")
        sums = {"A1": a1, "A2": a2, "A12": a1 + a2, "B": total - a1 - a2, "tot": total,
                "E": sum(a for r, a in zip(rows, amounts) if r["group"] == "A.1" and r["category"] == "E"),
                "T": sum(a for r, a in zip(rows, amounts) if r["group"] == "A.1" and r["category"] == "T")}
        cells = {k: (pr.amount(v), pr.share(v / total)) for k, v in sums.items()}
        kpis[kpi] = {"rows": printed, "sums": {k: (a[0], s[0], pr.share(sums[k] / total * 0.9)[0]) for k, (a, s) in cells.items()}}
        expected["kpis"][kpi] = {
            "total": cells["tot"][0][1],
            "aligned": {"amount": cells["A1"][0][1], "share": cells["A1"][1][1]},
            "eligible_not_aligned": {"amount": cells["A2"][0][1], "share": cells["A2"][1][1]},
            "not_eligible": {"amount": cells["B"][0][1], "share": cells["B"][1][1]},
            "activities": exp_rows}
    return {"layout": lay, "year": year, "kpis": kpis, "seed": seed}, expected


# ---------------------------------------------------------------- rendering

CSS = ("table{border-collapse:collapse;font-family:sans-serif;font-size:7px} "
       "td,th{border:0.4px solid #999;padding:1px 2px;vertical-align:bottom} th{font-weight:normal} "
       "td.n{text-align:right} td.a{text-align:center} p{font-family:sans-serif;font-size:9px}")


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def header_html(kpi: str, case: dict) -> str:
    lay, lang = case["layout"], case["layout"]["language"]
    W = WORDS[lang]
    k, s = W["kpi"][kpi], SHORT[lang][kpi]
    unit = f"({lay['unit']})"
    obj_names = PRINT_ORDER if lay["abbrev_headers"] else [OBJ_WORDS[lang][OBJECTIVES.index(o)] for o in PRINT_ORDER]
    code_first = lay["code_column"] == "before_name" and lay["code_style"] != "in_name"
    lead = [W["code"], W["activity"]] if code_first else [W["activity"]] + ([W["code"]] if lay["code_style"] != "in_name" else [])
    prev_y = case["year"] - 1
    if lay["prev_year"] == "amount_adjacent":
        money = [f"{W['amount'].format(k=k, s=s)} {unit} {case['year']}", f"{W['amount'].format(k=k, s=s)} {unit} {prev_y}",
                 f"{W['share'].format(k=k, s=s)} {case['year']}"]
    else:
        money = [f"{W['amount'].format(k=k, s=s)} {unit}", W["share"].format(k=k, s=s)]
    top = "".join(f"<th rowspan=2>{_esc(h)}</th>" for h in lead + money)
    top += f"<th colspan=6>{_esc(W['sc'])}</th><th colspan=6>{_esc(W['dnsh'])}</th>"
    tail = [W["ms"]] + ([W["prev"].format(k=k, s=s, p=prev_y)] if lay["prev_year"] == "share_after" else []) \
        + [W["enabling"], W["transitional"]]
    top += "".join(f"<th rowspan=2>{_esc(h)}</th>" for h in tail)
    second = "".join(f"<th>{_esc(o)}</th>" for o in obj_names) * 2
    return f"<tr>{top}</tr><tr>{second}</tr>"


def row_html(r: dict, case: dict) -> str:
    lay = case["layout"]
    code_first = lay["code_column"] == "before_name" and lay["code_style"] != "in_name"
    name = _esc(r["name"]) + (f" ({_esc(r['code'])})" if lay["code_style"] == "in_name" else "")
    lead = [("", _esc(r["code"])), ("", name)] if code_first else [("", name)] + (
        [("", _esc(r["code"]))] if lay["code_style"] != "in_name" else [])
    money = [("n", r["amount"])] + ([("n", r["prev_amount"])] if lay["prev_year"] == "amount_adjacent" else []) + [("n", r["share"])]
    ans = [("a", r["sc"][o]) for o in PRINT_ORDER] + [("a", r["dnsh"][o]) for o in PRINT_ORDER] + [("a", r["ms"])]
    tail = ([("n", r["prev_share"])] if lay["prev_year"] == "share_after" else []) + [("a", r["E"]), ("a", r["T"])]
    return "<tr>" + "".join(f"<td class={c or 'l'}>{v}</td>" for c, v in lead + money + ans + tail) + "</tr>"


def sum_row(label: str, cells: tuple, case: dict, cat: str = "") -> str:
    lay = case["layout"]
    lead = 2 if lay["code_style"] != "in_name" else 1
    money = [cells[0]] + (["" if True else cells[2]] if lay["prev_year"] == "amount_adjacent" else []) + [cells[1]]
    tail = ([cells[2]] if lay["prev_year"] == "share_after" else []) + [cat if cat == "E" else "", cat if cat == "T" else ""]
    return (f"<tr><td colspan={lead}>{_esc(label)}</td>" + "".join(f"<td class=n>{v}</td>" for v in money)
            + "<td></td>" * 13 + "".join(f"<td class=a>{v}</td>" for v in tail) + "</tr>")


def section_row(label: str, case: dict) -> str:
    lay = case["layout"]
    n = (2 if lay["code_style"] != "in_name" else 1) + (3 if lay["prev_year"] == "amount_adjacent" else 2) + 13 + \
        (1 if lay["prev_year"] == "share_after" else 0) + 2
    return f"<tr><td colspan={n}><b>{_esc(label)}</b></td></tr>"


def body_rows(kpi: str, case: dict) -> list[str]:
    """The table body in template order: A, A.1 rows, A.1 total, of-which rows, A.2 rows, totals, B."""
    lay, W = case["layout"], WORDS[case["layout"]["language"]]
    k = W["kpi"][kpi]
    t = case["kpis"][kpi]
    out = [section_row(W["A"], case), section_row(W["A.1"], case)]
    out += [row_html(r, case) for r in t["rows"] if r["group"] == "A.1"]
    out.append(sum_row(W["A1tot"].format(k=k), t["sums"]["A1"], case))
    if lay["of_which"]:
        out.append(sum_row(W["ofE"], t["sums"]["E"], case, "E"))
        out.append(sum_row(W["ofT"], t["sums"]["T"], case, "T"))
    out.append(section_row(W["A.2"], case))
    out += [row_html(r, case) for r in t["rows"] if r["group"] == "A.2"]
    out.append(sum_row(W["A2tot"].format(k=k), t["sums"]["A2"], case))
    out.append(sum_row(W["A12"], t["sums"]["A12"], case))
    out.append(section_row(W["B"], case))
    out.append(sum_row(W["Btot"].format(k=k), t["sums"]["B"], case))
    out.append(sum_row(W["tot"], t["sums"]["tot"], case))
    return out


def render_pdf(case: dict, path: Path) -> Path:
    """Write the case as a landscape PDF: optional contents and narrative pages, then the KPI tables."""
    import pymupdf

    lay, lang = case["layout"], case["layout"]["language"]
    W = WORDS[lang]
    doc = pymupdf.open()
    plan: list[tuple[str, list[str], bool]] = []
    for kpi in lay["kpi_order"]:
        body = body_rows(kpi, case)
        n = lay["rows_per_page"] or len(body)
        chunks = [body[i:i + n] for i in range(0, len(body), n)]
        plan += [(kpi, c, i > 0) for i, c in enumerate(chunks)]
    front = int(lay["toc"]) + int(lay["narrative"])
    if lay["toc"]:
        page = doc.new_page(width=595, height=842)
        first = {}
        for i, (kpi, _c, _cont) in enumerate(plan):
            first.setdefault(kpi, i + 1 + front)
        items = [(W["toc"][0], 2), (W["toc"][1], 2), (W["toc"][2], front + 1)]
        items += [(W["toc"][3].format(k=SHORT[lang][k]), first[k]) for k in lay["kpi_order"]]
        page.insert_text((60, 80), W["contents"], fontsize=16)
        for j, (title, pno) in enumerate(items):
            page.insert_text((60, 120 + 22 * j), title, fontsize=11)
            page.insert_text((500, 120 + 22 * j), str(pno), fontsize=11)
    if lay["narrative"]:
        page = doc.new_page(width=595, height=842)
        s = case["kpis"]["turnover"]["sums"]["A1"][1]
        page.insert_htmlbox(pymupdf.Rect(60, 60, 535, 780),
                            f"<p>{_esc(W['narr'].format(s=s, y=case['year']))}</p>", css=CSS)
    for kpi, chunk, cont in plan:
        page = doc.new_page(width=842, height=595)
        k = WORDS[lang]["kpi"][kpi]
        title = W["title"].format(k=k, y=case["year"]) + (f" {W['cont']}" if cont else "")
        html = f"<p><b>{_esc(title)}</b></p><table>{header_html(kpi, case)}{''.join(chunk)}</table>"
        page.insert_htmlbox(pymupdf.Rect(20, 20, 822, 575), html, css=CSS)
    doc.set_metadata({"title": f"Synthetic Example AG Annual Report {case['year']}"})
    doc.save(str(path), garbage=3, deflate=True)
    doc.close()
    return Path(path)


def generate(seed: int, folder: Path, golds: list[dict]) -> tuple[Path, dict, dict]:
    """Render case ``seed`` into ``folder``; returns (pdf, expected disclosure, layout)."""
    case, expected = make_case(seed, golds)
    pdf = render_pdf(case, Path(folder) / expected["document"])
    return pdf, expected, case["layout"]


def run_benchmark(folder: Path, seeds=SEEDS, extract_fn=None) -> dict:
    """Generate, extract and score every seed; per-seed and mean scores (fixed exact, row F1, amount acc)."""
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document
    from regc.reports.score import score_pair

    golds = load_golds(gold_dir())
    per = {}
    for seed in seeds:
        pdf, expected, lay = generate(seed, folder, golds)
        got = (extract_fn or (lambda p: extract(Document(p))))(pdf)
        s = score_pair(got, copy.deepcopy(expected))
        per[seed] = {"fixed": s["fixed_exact"], "f1": s["rows"]["f1"], "amount_acc": s["rows"]["amount_acc"],
                     "misses": s["fixed_misses"], "layout": lay}
    n = len(per) or 1
    amt = [p["amount_acc"] for p in per.values() if p["amount_acc"] is not None]
    return {"per_seed": per, "fixed": sum(p["fixed"] for p in per.values()) / n,
            "row_f1": sum(p["f1"] for p in per.values()) / n,
            "amount_acc": sum(amt) / len(amt) if amt else None,
            "perfect": sum(1 for p in per.values() if p["fixed"] == 1.0 and p["f1"] == 1.0)}


if __name__ == "__main__":  # python -m tests.reports_synth [OUT_DIR] — print the benchmark
    import sys
    import tempfile

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    out.mkdir(parents=True, exist_ok=True)
    res = run_benchmark(out)
    for seed, p in res["per_seed"].items():
        print(f"seed {seed:3d} fixed {p['fixed']:.3f} rowF1 {p['f1']:.3f} amount {p['amount_acc']}  "
              + " ".join(f"{k}={v}" for k, v in p["layout"].items() if k != "kpi_order"))
    print(f"MEAN fixed {res['fixed']:.3f}  row F1 {res['row_f1']:.3f}  amount acc {res['amount_acc']}  "
          f"perfect {res['perfect']}/{len(res['per_seed'])}")
