"""Synth-b: an independent generator of Article 8 KPI reports (PDF + gold JSON) for an honest estimate.

Written without reading ``regc/reports/`` or ``tests/reports_synth.py``: its own layout model, its own renderer
(``tests/reports_synth_b_render.py``: PyMuPDF ``insert_text`` cell drawing, Story/HTML prose, raster rebuild),
values drawn from the activity pool of ``gold/disclosure-dev`` and perturbed.  Each seed picks a *family* (the
layout trait under test) and random secondary traits (unit, number format, language, answer style, ...).

    python -m tests.reports_synth_b OUT_DIR [--n 36]     # OUT_DIR/pdf/*.pdf and OUT_DIR/gold/*.json

Example::

    >>> doc = build_document(3)
    >>> doc.layout.family in FAMILIES and set(doc.gold["kpis"]) == {"turnover", "capex", "opex"}
    True

First contact — the honest estimate (extractor of main 8812949, untouched; generator written without reading
the extractor or the old generator; 36 documents, 3 per family; ``python -m tests.reports_synth_b_eval DIR``,
mean per report of ``regc score-disclosure``; scanned also with ``regc extract --ocr``)::

    family               fixed  rows F1      family               fixed  rows F1
    baseline_en          0.600  0.867        answer_styles        0.556  0.933
    german_teur          0.889  0.933        number_formats       0.311  0.800
    multipage_continued  0.133  0.933        landscape_rotated    0.133  1.000
    stacked_split        0.311  0.767        distractors          0.800  0.933
    both_years           0.444  0.933        scanned (no OCR)     0.000  0.000
    code_styles          1.000  0.333        scanned (--ocr)      0.578  0.933   (32-49 s per report)
    text_only            0.000  1.000 (no rows in gold)
    ALL (no OCR)         0.431  0.786        ALL (--ocr on scanned)  0.480  0.864
    extraction time without OCR: mean 2.8 s, max 4.3 s per report

text_only gold: the fixed keys printed in sentences (a value printed in prose is printed), no itemised rows.

After the general fixes of issue 12c (no longer an unseen-layout figure: the extractor was fixed on these
families; same command, same documents except that text-only prose now always prints '%')::

    seeds 0-35    fixed 0.917  rows F1 0.906   (no OCR; every family 1.000/1.000 except scanned 0/0 and
                                                code_styles rows 0.867: names of 2023 activities not in the
                                                Compass export, one Compass section number differs)
                  fixed 0.996  rows F1 0.989   (--ocr on the 3 scanned: 0.956 / 1.000, 35-90 s each under load)
    seeds 100-135 fixed 0.917  rows F1 0.903   (fresh seeds of the same families, no OCR)
"""

from __future__ import annotations

import json
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

# the untouched extractor of main 8812949 on these 36 documents (see the docstring's table)
FIRST_CONTACT = {"no_ocr": {"fixed": 0.431, "row_f1": 0.786}, "ocr": {"fixed": 0.480, "row_f1": 0.864}}
FAMILIES = (
    "baseline_en", "german_teur", "multipage_continued", "stacked_split", "both_years", "code_styles",
    "answer_styles", "number_formats", "landscape_rotated", "distractors", "scanned", "text_only",
)
OBJECTIVES = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")
KPIS = ("turnover", "capex", "opex")

# unit label, language it suits, multiplier, decimals printed
UNITS = (
    ("in €'000", "en", 1e3, 0), ("in € thousand", "en", 1e3, 0), ("in € million", "en", 1e6, 1),
    ("EUR m", "en", 1e6, 1), ("in EUR", "en", 1.0, 0), ("in TEUR", "de", 1e3, 0), ("in Mio. €", "de", 1e6, 1),
    ("in T€", "de", 1e3, 0), ("in EUR", "de", 1.0, 0),
)
# thousands separator, decimal mark
NUMBER_FORMATS = {"en": (",", "."), "de": (".", ","), "space": ("\u202f", ","), "apostrophe": ("'", ".")}
ANSWER_STYLES = {  # Y, N, EL, N/EL
    "YN": ("Y", "N", "EL", "N/EL"), "yesno": ("yes", "no", "EL", "N/EL"), "Yes/No": ("Yes", "No", "EL", "N/EL"),
    "JN": ("J", "N", "EL", "N/EL"), "check": ("\u2713", "\u2717", "EL", "N/EL"),
}
CODE_STYLES = ("CCM 7.1", "CCM-7.1", "7.1", "7.1.", "name_only", "CCM 7.1 / CCA 7.1")

# Activities beyond the dev gold (real section numbers and titles of the Climate Delegated Act / 2023/2486).
EXTRA_ACTIVITIES = (
    ("CCM-4.3", "Electricity generation from wind power"), ("CCM-6.6", "Freight transport services by road"),
    ("CCM-8.2", "Data-driven solutions for GHG emissions reductions"),
    ("CCM-3.5", "Manufacture of energy efficiency equipment for buildings"),
    ("CCM-6.15", "Infrastructure enabling low-carbon road transport and public transport"),
    ("CE-5.1", "Repair, refurbishment and remanufacturing"), ("CE-3.1", "Construction of new buildings"),
    ("CCM-9.1", "Close to market research, development and innovation"),
    ("CCM-5.1", "Construction, extension and operation of water collection, treatment and supply systems"),
    ("WTR-2.2", "Urban Waste Water Treatment"), ("CCA-9.1", "Engineering activities and related technical consultancy dedicated to adaptation to climate change"),
)
ENABLING = {"CCM-3.1", "CCM-3.3", "CCM-3.4", "CCM-3.5", "CCM-3.6", "CCM-7.3", "CCM-7.4", "CCM-7.5", "CCM-7.6",
            "CCM-8.2", "CCM-9.1", "CCM-6.15", "CE-5.1"}
TRANSITIONAL = {"CCM-3.17", "CCM-7.2", "CCM-6.6", "CCM-3.18"}
COMPANIES = ("Aurel", "Birkholz", "Castellan", "Dornbach", "Eschweiler", "Falkenried", "Grauwald", "Hohenfels",
             "Ilmtal", "Jagstfeld", "Kronach", "Lindenau", "Meerbusch", "Nordhafen", "Oberried", "Pfaffenau")
SUFFIXES = ("AG", "SE", "Holding AG", "GmbH & Co. KGaA", "N.V.", "plc")


@dataclass
class Layout:
    """Every trait a rendered document varies on (chosen by :func:`choose_layout`)."""

    family: str
    lang: str = "en"
    unit: tuple = UNITS[0]
    numfmt: str = "en"
    answers: str = "YN"
    code_style: str = "CCM 7.1"
    landscape: bool = False
    rotated_headers: bool = False
    objective_labels: str = "abbrev"  # abbrev | long | german
    objective_order: tuple = OBJECTIVES
    stacked: bool = False
    both_years: bool = False
    prev_first: bool = False
    prev_share_col: bool = True
    pct_sign: bool = True
    footnotes: bool = False
    zero_style: str = "0"  # how a zero amount prints: 0 | – | -
    filler_pages: int = 1
    rows_per_page: int = 60
    repeat_header: bool = True
    annex12: bool = False
    summary_table: bool = False
    text_only: bool = False
    scanned: bool = False
    category_cols: str = "two"  # two (E | T columns) | one (E/T in one column)
    font_size: float = 5.5
    font: str = "DejaVuSans"  # DejaVuSans | DejaVuSansCondensed (both map every glyph back to its character)


@dataclass
class Document:
    name: str
    layout: Layout
    gold: dict
    printed: dict = field(default_factory=dict)  # kpi -> rows to print (with printed strings)


def choose_layout(seed: int) -> Layout:
    """The family by seed (round robin), every other trait drawn from the seed's RNG."""
    rng = random.Random(f"synth-b-{seed}")
    fam = FAMILIES[seed % len(FAMILIES)]
    lay = Layout(family=fam)
    lay.lang = rng.choice(("en", "en", "de"))
    lay.unit = rng.choice([u for u in UNITS if u[1] == lay.lang])
    lay.numfmt = lay.lang if rng.random() < 0.8 else rng.choice(("space", "apostrophe"))
    lay.answers = rng.choice(("YN", "YN", "yesno", "Yes/No")) if lay.lang == "en" else rng.choice(("JN", "YN"))
    lay.code_style = rng.choice(("CCM 7.1", "CCM 7.1", "CCM-7.1", "7.1"))
    lay.objective_labels = "german" if lay.lang == "de" and rng.random() < 0.5 else rng.choice(("abbrev", "long"))
    lay.objective_order = OBJECTIVES if rng.random() < 0.5 else ("CCM", "CCA", "WTR", "PPC", "CE", "BIO")
    lay.prev_share_col = rng.random() < 0.8
    lay.pct_sign = rng.random() < 0.7
    lay.zero_style = rng.choice(("0", "0", "–", "-"))
    lay.filler_pages = rng.randint(0, 2)
    lay.category_cols = rng.choice(("two", "one"))
    lay.font_size = rng.choice((5.0, 5.5, 6.0))
    _apply_family(lay, rng)
    lay.font = "DejaVuSans" if lay.answers == "check" or rng.random() < 0.5 else "DejaVuSansCondensed"
    return lay


def _apply_family(lay: Layout, rng: random.Random) -> None:
    fam = lay.family
    if fam == "baseline_en":
        lay.lang, lay.unit, lay.numfmt, lay.answers = "en", UNITS[2], "en", "YN"
        lay.objective_labels = "abbrev" if lay.objective_labels == "german" else lay.objective_labels
    elif fam == "german_teur":
        lay.lang, lay.unit, lay.numfmt = "de", rng.choice(UNITS[5:8]), "de"
        lay.answers, lay.objective_labels = rng.choice(("JN", "YN")), "german"
    elif fam == "multipage_continued":
        lay.filler_pages, lay.rows_per_page, lay.repeat_header = rng.randint(3, 5), rng.randint(5, 8), rng.random() < 0.6
    elif fam == "stacked_split":
        lay.stacked = True
    elif fam == "both_years":
        lay.both_years, lay.prev_first = True, rng.random() < 0.3
    elif fam == "code_styles":
        lay.code_style = rng.choice(("7.1", "7.1.", "name_only", "in_name", "CCM 7.1 / CCA 7.1"))
    elif fam == "answer_styles":
        lay.answers = rng.choice(("check", "yesno", "JN", "Yes/No"))
    elif fam == "number_formats":
        lay.numfmt, lay.footnotes = rng.choice(("space", "apostrophe", "de")), True
        lay.zero_style, lay.pct_sign = rng.choice(("–", "-", "0")), rng.random() < 0.5
    elif fam == "landscape_rotated":
        lay.landscape, lay.rotated_headers, lay.font_size = True, True, 6.5
    elif fam == "distractors":
        lay.annex12, lay.summary_table = True, True
    elif fam == "scanned":
        lay.scanned, lay.font_size = True, 6.5
    elif fam == "text_only":
        lay.text_only = True
    if lay.unit[1] != lay.lang:
        lay.unit = rng.choice([u for u in UNITS if u[1] == lay.lang])


def activity_pool(gold_dir: Path | None = None) -> list[tuple[str, str]]:
    """(code, name) pairs from the dev disclosure gold plus :data:`EXTRA_ACTIVITIES`, sorted, deduplicated."""
    gold_dir = gold_dir or Path(os.environ.get("REGC_DISCLOSURE_GOLD", "/work/shared/gold/disclosure-dev"))
    pool = dict(EXTRA_ACTIVITIES)
    for path in sorted(gold_dir.glob("*.json")):
        for kpi in json.loads(path.read_text())["kpis"].values():
            for act in kpi["activities"]:
                pool.setdefault(act["code"], act["name"])
    return sorted(pool.items())


def _amounts(rng: random.Random, n: int, budget: int) -> list[int]:
    """n non-negative integers summing to at most budget, a few zero."""
    weights = [0.0 if rng.random() < 0.12 else rng.random() ** 2 for _ in range(n)]
    tot = sum(weights) or 1.0
    return [int(budget * w / tot) for w in weights]


def _answers(code: str, group: str, present: tuple) -> tuple[dict, dict, str | None, str | None]:
    own = code.split("-")[0]
    if group == "A.1":
        sc = {o: ("Y" if o == own else "N") if o in present else None for o in OBJECTIVES}
        dnsh = {o: (None if o == own else "Y") if o in present else None for o in OBJECTIVES}
        cat = "E" if code in ENABLING else "T" if code in TRANSITIONAL else None
        return sc, dnsh, "Y", cat
    sc = {o: ("EL" if o == own else "N/EL") if o in present else None for o in OBJECTIVES}
    return sc, dict.fromkeys(OBJECTIVES), None, None


def make_values(rng: random.Random, lay: Layout, pool: list) -> tuple[dict, dict]:
    """Gold ``kpis`` and, per KPI, the printed integers (in printed units) behind them."""
    chosen = rng.sample(pool, rng.randint(3, 7))
    a1 = sorted(rng.sample(chosen, rng.randint(1, min(4, len(chosen)))))
    a2 = sorted(set(rng.sample(chosen, rng.randint(1, len(chosen)))))
    scale = 10 ** lay.unit[3]
    base = rng.choice((150, 400, 1900, 6100, 25000)) * 1e6 / lay.unit[2] * rng.uniform(0.5, 2.0)
    floor = int(3e6 / lay.unit[2] * scale)  # no KPI below EUR 3 million
    kpis, printed = {}, {}
    for kpi, frac in zip(KPIS, (1.0, rng.uniform(0.03, 0.2), rng.uniform(0.02, 0.1))):
        total = max(int(base * frac * scale), floor)  # in printed units × 10^decimals
        a1_amt = _amounts(rng, len(a1), int(total * rng.uniform(0.02, 0.5)))
        a2_amt = _amounts(rng, len(a2), int(total * rng.uniform(0.05, 0.4)))
        b_amt = total - sum(a1_amt) - sum(a2_amt)
        printed[kpi] = {"total": total, "A.1": list(zip(a1, a1_amt)), "A.2": list(zip(a2, a2_amt)), "B": b_amt,
                        "prev": {c: rng.randint(0, 300) / 10 for c, _ in chosen}}
        kpis[kpi] = _gold_kpi(printed[kpi], lay)
    return kpis, printed


def pct(part: int, total: int) -> float:
    """The printed percentage (one decimal) of part in total."""
    return round(100.0 * part / total, 1) if total else 0.0


def _gold_kpi(p: dict, lay: Layout) -> dict:
    unit = lay.unit[2] / 10 ** lay.unit[3]
    money = lambda v: round(v * unit, 2)  # noqa: E731
    share = lambda v: round(pct(v, p["total"]) / 100.0, 4)  # noqa: E731
    present = OBJECTIVES
    acts = []
    for group in ("A.1", "A.2"):
        for (code, name), amt in p[group]:
            sc, dnsh, ms, cat = _answers(code, group, present)
            acts.append({"code": code, "name": name, "group": group, "amount": money(amt), "share": share(amt),
                         "substantial_contribution": sc, "dnsh": dnsh, "minimum_safeguards": ms, "category": cat,
                         "page": None})
    s1, s2 = sum(a for _, a in p["A.1"]), sum(a for _, a in p["A.2"])
    return {"pages": [], "total": money(p["total"]),
            "aligned": {"amount": money(s1), "share": share(s1)},
            "eligible_not_aligned": {"amount": money(s2), "share": share(s2)},
            "not_eligible": {"amount": money(p["B"]), "share": share(p["B"])}, "activities": acts}


def build_document(seed: int) -> Document:
    """The layout, gold and printed values of one seed (rendering is separate: :func:`render_document`)."""
    lay = choose_layout(seed)
    rng = random.Random(f"synth-b-values-{seed}")
    company = f"{rng.choice(COMPANIES)} {rng.choice(('Industrie', 'Energie', 'Logistik', 'Technik', 'Immobilien'))} " \
              f"{rng.choice(SUFFIXES)}"
    year = rng.choice((2023, 2023, 2024))
    kpis, printed = make_values(rng, lay, activity_pool())
    name = f"synthb_{seed:03d}_{lay.family}" if seed >= 100 else f"synthb_{seed:02d}_{lay.family}"
    gold = {"document": f"{name}.pdf", "company": company, "fiscal_year": year, "currency": "EUR", "kpis": kpis,
            "notes": [f"synth-b family {lay.family}; layout {vars(lay)}"]}
    return Document(name=name, layout=lay, gold=gold, printed=printed)


def render_document(doc: Document) -> bytes:
    """PDF bytes; fills the gold's pages (KPI tables and activity rows) as rendered."""
    from tests.reports_synth_b_render import render
    return render(doc)


def write_corpus(out: Path, n: int = 36, first: int = 0) -> list[str]:
    """Write ``out/pdf/NAME.pdf`` and ``out/gold/NAME.json`` for seeds first..first+n-1; returns the names."""
    (out / "pdf").mkdir(parents=True, exist_ok=True)
    (out / "gold").mkdir(parents=True, exist_ok=True)
    names = []
    for seed in range(first, first + n):
        doc = build_document(seed)
        (out / "pdf" / f"{doc.name}.pdf").write_bytes(render_document(doc))
        (out / "gold" / f"{doc.name}.json").write_text(json.dumps(doc.gold, indent=1, ensure_ascii=False) + "\n")
        names.append(doc.name)
    return names


if __name__ == "__main__":
    args = sys.argv[1:]
    count = int(args[args.index("--n") + 1]) if "--n" in args else 36
    print("\n".join(write_corpus(Path(args[0]), count)))
