"""Synth-c: a third, independent generator of Article 8 disclosure PDFs with gold JSON.

Written blind (before reading the extractor or the other synthetic sets), modelled on how German, Austrian,
Dutch, French and Nordic annual reports print the Annex II templates of Delegated Regulation (EU) 2021/2178.
Twelve layout families (``FAMILIES``) x any number of seeds; everything is deterministic from
(family, seed). The model (this module) draws a company, its three KPIs and their activity rows in *printed*
units (``Decimal``), so the gold is exactly what the PDF prints; ``tests.reports_synth_c_render`` lays the
pages out with PyMuPDF.

    >>> docs = build_documents(seeds=(1,))
    >>> len(docs) == len(FAMILIES)
    True

``python -m tests.reports_synth_c DIR [--seeds 1,2,3]`` writes DIR/pdf/*.pdf and DIR/gold/*.json.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

OBJECTIVES = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")
KPIS = ("turnover", "capex", "opex")

# (objective, section, English name, German name) -- real Annex I/II activities
ACTIVITY_POOL = (
    ("CCM", "3.1", "Manufacture of renewable energy technologies", "Herstellung von Technologien für erneuerbare Energien"),
    ("CCM", "3.3", "Manufacture of low carbon technologies for transport", "Herstellung von CO2-armen Verkehrstechnologien"),
    ("CCM", "3.5", "Manufacture of energy efficiency equipment for buildings", "Herstellung von energieeffizienten Gebäudeausrüstungen"),
    ("CCM", "3.6", "Manufacture of other low carbon technologies", "Herstellung anderer CO2-armer Technologien"),
    ("CCM", "4.1", "Electricity generation using solar photovoltaic technology", "Stromerzeugung mittels Fotovoltaik-Technologie"),
    ("CCM", "4.25", "Production of heat/cool using waste heat", "Erzeugung von Wärme/Kälte aus Abwärme"),
    ("CCM", "5.1", "Construction, extension and operation of water collection, treatment and supply systems", "Bau, Erweiterung und Betrieb von Systemen der Wassergewinnung, -behandlung und -versorgung"),
    ("CCM", "6.5", "Transport by motorbikes, passenger cars and light commercial vehicles", "Beförderung mit Motorrädern, Personenkraftwagen und leichten Nutzfahrzeugen"),
    ("CCM", "6.6", "Freight transport services by road", "Güterbeförderung im Straßenverkehr"),
    ("CCM", "7.1", "Construction of new buildings", "Neubau"),
    ("CCM", "7.2", "Renovation of existing buildings", "Renovierung bestehender Gebäude"),
    ("CCM", "7.3", "Installation, maintenance and repair of energy efficiency equipment", "Installation, Wartung und Reparatur von energieeffizienten Geräten"),
    ("CCM", "7.4", "Installation, maintenance and repair of charging stations for electric vehicles in buildings (and parking spaces attached to buildings)", "Installation, Wartung und Reparatur von Ladestationen für Elektrofahrzeuge in Gebäuden (und auf zu Gebäuden gehörenden Parkplätzen)"),
    ("CCM", "7.6", "Installation, maintenance and repair of renewable energy technologies", "Installation, Wartung und Reparatur von Technologien für erneuerbare Energien"),
    ("CCM", "7.7", "Acquisition and ownership of buildings", "Erwerb von und Eigentum an Gebäuden"),
    ("CCM", "8.1", "Data processing, hosting and related activities", "Datenverarbeitung, Hosting und damit verbundene Tätigkeiten"),
    ("CCM", "9.1", "Close to market research, development and innovation", "Marktnahe Forschung, Entwicklung und Innovation"),
    ("CCA", "8.2", "Computer programming, consultancy and related activities", "Programmierung, Beratung und damit verbundene Tätigkeiten"),
    ("CCA", "9.1", "Engineering activities and related technical consultancy dedicated to adaptation to climate change", "Ingenieurtätigkeiten und damit verbundene technische Beratung zur Anpassung an den Klimawandel"),
    ("CE", "1.2", "Manufacture of electrical and electronic equipment", "Herstellung von Elektro- und Elektronikgeräten"),
    ("CE", "5.2", "Sale of spare parts", "Verkauf von Ersatzteilen"),
    ("CE", "5.4", "Sale of second-hand goods", "Verkauf von Gebrauchtwaren"),
    ("WTR", "2.2", "Urban Waste Water Treatment", "Behandlung von kommunalem Abwasser"),
    ("PPC", "1.1", "Manufacture of active pharmaceutical ingredients (API) or active substances", "Herstellung pharmazeutischer Wirkstoffe"),
    ("BIO", "1.1", "Conservation, including restoration, of habitats, ecosystems and species", "Erhaltung, einschließlich Wiederherstellung, von Lebensräumen, Ökosystemen und Arten"),
)
# activities that may be reported under both CCM and CCA in one row (same section number)
DUAL_SECTIONS = ("7.1", "7.2", "7.7", "6.5")

COMPANIES = (
    ("Nordhafen Logistik AG", "de"), ("Alpenstrom Energie AG", "de"), ("Kessler Bau SE", "de"),
    ("Vandermeer Groep N.V.", "nl"), ("Société Lumière SA", "fr"), ("Fjordline Industrier ASA", "no"),
    ("Helmbach Maschinenbau GmbH & Co. KGaA", "de"), ("Rautio Oyj", "fi"), ("Donaupark Immobilien AG", "at"),
    ("Brandt & Söhne Holding AG", "de"), ("Lindqvist Gruppen AB", "se"), ("Château Verre SE", "fr"),
)


@dataclass(frozen=True)
class Family:
    """One layout family: how numbers, answers, codes, headers and pages are printed."""

    name: str
    lang: str = "en"                 # en | de | bi (German / English headers)
    unit: str = "million"            # million | thousand
    unit_label: str = "€ million"
    amount_decimals: int = 1
    share_decimals: int = 1
    decimal: str = "."
    thousands: str = ","
    answers: tuple[str, str] = ("Y", "N")
    code_style: str = "sep"          # sep "CCM 7.1" | bare "7.1" | nospace "CCM7.1" | in_name | num_prefix
    dual_codes: bool = False         # some rows "CCM 7.1, CCA 7.1"
    template: str = "2023"           # 2023 (Y/N/N/EL, EL/N/EL) | 2021 (SC as %) | compact | both_years
    landscape: bool = True
    fontsize: float = 5.5
    ruled: bool = True
    rows_per_page: int = 0           # > 0: break the table after that many body rows (repeated header)
    two_tables_per_page: bool = False
    narrative_totals: bool = False   # total (A+B) and B only in running text
    dash_zero: bool = False          # zero amounts/shares printed as "–"
    negatives: bool = False          # one negative A.2 amount, printed in parentheses
    footnotes: bool = False          # footnote markers after names, codes and amounts
    numbers_bottom: bool = False     # wrapped names: numbers on the last line of the row
    pct_space: bool = False          # "12.3 %" instead of "12.3%"
    toc_page: bool = False


FAMILIES = (
    Family("c01_en2023_meur_landscape"),
    Family("c02_de_teur_komma", lang="de", unit="thousand", unit_label="TEUR", amount_decimals=0, decimal=",",
           thousands=".", answers=("J", "N"), fontsize=5.0, toc_page=True),
    Family("c03_bilingual_mio_janein", lang="bi", unit_label="Mio. €", decimal=",", thousands=".",
           answers=("Ja", "Nein"), code_style="nospace", fontsize=4.8, pct_space=True),
    Family("c04_both_years_eur_thousand", unit="thousand", unit_label="EUR thousand", amount_decimals=0,
           code_style="bare", template="both_years", landscape=False, fontsize=6.5),
    Family("c05_code_in_name_2021", unit="thousand", unit_label="€'000", amount_decimals=0, code_style="in_name",
           dual_codes=True, answers=("yes", "no"), template="2021", rows_per_page=5, fontsize=5.5),
    Family("c06_checkmarks_portrait", amount_decimals=2, share_decimals=2, answers=("✓", "–"), dual_codes=True,
           dash_zero=True, footnotes=True, landscape=False, fontsize=4.2, ruled=False),
    Family("c07_fr_spaces_two_per_page", unit_label="M€", decimal=",", thousands="\u00a0", pct_space=True,
           two_tables_per_page=True, fontsize=4.6),
    Family("c08_narrative_totals", unit_label="EUR million", narrative_totals=True, ruled=False, fontsize=5.5),
    Family("c09_nordic_parentheses_split", unit_label="EURm", thousands=" ", negatives=True, dash_zero=True,
           rows_per_page=6, fontsize=5.5),
    Family("c10_dutch_x1000_bottom", unit="thousand", unit_label="x € 1,000", amount_decimals=0,
           answers=("yes", "no"), numbers_bottom=True, fontsize=5.2),
    Family("c11_de_2021_bare_split", lang="de", unit="thousand", unit_label="Tsd. €", amount_decimals=0,
           decimal=",", thousands=".", answers=("J", "N"), code_style="bare", template="2021", rows_per_page=7,
           landscape=False, fontsize=4.6, footnotes=True),
    Family("c12_compact_summary_nordic", unit_label="EURm", code_style="num_prefix", template="compact",
           landscape=False, fontsize=7.0, ruled=False),
)


@dataclass
class Row:
    """One activity row as printed (values in printed units)."""

    obj: str
    section: str
    name: str
    group: str
    amount: Decimal | None
    share: Decimal | None
    sc: dict[str, str]
    dnsh: dict[str, str]
    ms: str | None
    category: str | None
    also: tuple[str, ...] = ()
    prior_share: Decimal | None = None
    prior_amount: Decimal | None = None
    page: int | None = None          # set by the renderer

    @property
    def code(self) -> str:
        return f"{self.obj}-{self.section}"


@dataclass
class Kpi:
    key: str
    rows: list[Row]
    total: Decimal
    a1: Decimal
    a2: Decimal
    b: Decimal
    s_a1: Decimal
    s_a2: Decimal
    s_b: Decimal
    enabling: Decimal
    transitional: Decimal
    prior: dict[str, Decimal] = field(default_factory=dict)
    pages: list[int] = field(default_factory=list)


@dataclass
class Document:
    family: Family
    seed: int
    company: str
    year: int
    kpis: dict[str, Kpi]

    @property
    def stem(self) -> str:
        return f"{self.family.name}_s{self.seed}"


def _q(value: Decimal, decimals: int) -> Decimal:
    return value.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)


def _pct(part: Decimal, total: Decimal, decimals: int) -> Decimal:
    return _q(part / total * 100, decimals) if total else Decimal(0)


def _amount(rng: random.Random, low: float, high: float, decimals: int) -> Decimal:
    return _q(Decimal(str(rng.uniform(low, high))), decimals)


def _pick_activities(rng: random.Random, fam: Family, n: int, group: str) -> list[tuple]:
    pool = [a for a in ACTIVITY_POOL if fam.code_style not in ("bare", "num_prefix") or a[0] == "CCM"]
    if group == "A.1":
        pool = [a for a in pool if a[0] in ("CCM", "CCA", "CE")]
    picked = rng.sample(pool, n)
    return sorted(picked, key=lambda a: (OBJECTIVES.index(a[0]), [int(x) for x in a[1].split(".")]))


def _answers_a1(rng: random.Random, obj: str, fam: Family) -> tuple[dict, dict, str]:
    if fam.template == "2023":
        sc = {o: ("Y" if o == obj else rng.choice(("N", "N/EL"))) for o in OBJECTIVES}
    else:
        sc = {o: ("Y" if o == obj else "N") for o in OBJECTIVES}
    dnsh = {o: "Y" for o in OBJECTIVES}
    return sc, dnsh, "Y"


def _answers_a2(rng: random.Random, obj: str, fam: Family) -> dict:
    if fam.template == "2023":
        return {o: ("EL" if o == obj else "N/EL") for o in OBJECTIVES}
    return {o: None for o in OBJECTIVES}


def _kpi(rng: random.Random, fam: Family, key: str) -> Kpi:
    dec = fam.amount_decimals
    scale = (200, 9000) if fam.unit == "million" else (40_000, 6_000_000)
    if key != "turnover":
        scale = (scale[0] / 8, scale[1] / 6)
    total_guess = Decimal(str(rng.uniform(*scale)))
    n1 = rng.choice((0, 1, 2, 3, 4)) if fam.template != "compact" else rng.choice((1, 2, 3))
    n2 = rng.choice((1, 2, 3, 4, 5))
    rows: list[Row] = []
    for group, n in (("A.1", n1), ("A.2", n2)):
        for obj, sec, en, de in _pick_activities(rng, fam, n, group):
            name = de if fam.lang == "de" else en
            weight = Decimal(str(rng.choice((0, 0.002, 0.01, 0.03, 0.05, 0.08, 0.12)) if group == "A.2" or
                                 rng.random() > 0.15 else 0))
            amount = _q(total_guess * weight * Decimal(str(rng.uniform(0.6, 1.4))), dec)
            also: tuple[str, ...] = ()
            if fam.dual_codes and obj == "CCM" and sec in DUAL_SECTIONS and rng.random() < 0.7:
                also = (f"CCA-{sec}",)
            if group == "A.1":
                sc, dnsh, ms = _answers_a1(rng, obj, fam)
                cat = rng.choice(("E", "T", None, None)) if obj == "CCM" else rng.choice(("E", None))
            else:
                sc, dnsh, ms, cat = _answers_a2(rng, obj, fam), {o: None for o in OBJECTIVES}, None, None
            rows.append(Row(obj, sec, name, group, amount, None, sc, dnsh, ms, cat, also,
                            prior_share=_amount(rng, 0, 9, fam.share_decimals)))
    if fam.negatives and key == "capex":
        neg = next(r for r in reversed(rows) if r.group == "A.2")
        neg.amount = -_q(total_guess * Decimal("0.004"), dec) - Decimal(1).scaleb(-dec)
    a1 = sum((r.amount for r in rows if r.group == "A.1"), Decimal(0))
    a2 = sum((r.amount for r in rows if r.group == "A.2"), Decimal(0))
    b = _q(total_guess * Decimal(str(rng.uniform(0.35, 0.8))), dec)
    total = a1 + a2 + b
    sd = fam.share_decimals
    for r in rows:
        r.share = _pct(r.amount, total, sd)
        if fam.template == "both_years":
            r.prior_amount = _q(r.amount * Decimal(str(rng.uniform(0.7, 1.2))), dec)
    en = sum((r.amount for r in rows if r.group == "A.1" and r.category == "E"), Decimal(0))
    tr = sum((r.amount for r in rows if r.group == "A.1" and r.category == "T"), Decimal(0))
    prior = {"total": _q(total * Decimal(str(rng.uniform(0.8, 1.1))), dec)}
    return Kpi(key, rows, total, a1, a2, b, _pct(a1, total, sd), _pct(a2, total, sd), _pct(b, total, sd),
               en, tr, prior)


def build_document(fam: Family, seed: int) -> Document:
    """Draw one document of ``fam`` for ``seed`` (deterministic)."""
    rng = random.Random(f"synth-c/{fam.name}/{seed}")
    company = rng.choice(COMPANIES)[0]
    year = rng.choice((2023, 2023, 2024))
    return Document(fam, seed, company, year, {k: _kpi(rng, fam, k) for k in KPIS})


def build_documents(seeds=(1, 2, 3)) -> list[Document]:
    return [build_document(f, s) for f in FAMILIES for s in seeds]


def _scale(fam: Family) -> Decimal:
    return Decimal(1_000_000) if fam.unit == "million" else Decimal(1000)


def gold_json(doc: Document, filename: str) -> dict:
    """The disclosure JSON (spec disclosure.md) of what ``doc`` prints; call after rendering (pages)."""
    scale = _scale(doc.family)

    def amt(v):
        return None if v is None else float(v * scale)

    def shr(v):
        return None if v is None else float(v / 100)

    kpis = {}
    for key, k in doc.kpis.items():
        acts = []
        for r in k.rows:
            entry = {"code": r.code, "name": r.name, "group": r.group, "amount": amt(r.amount),
                     "share": shr(r.share), "substantial_contribution": dict(r.sc), "dnsh": dict(r.dnsh),
                     "minimum_safeguards": r.ms, "category": r.category, "page": r.page}
            if r.also:
                entry["also"] = list(r.also)
            acts.append(entry)
        kpis[key] = {"pages": sorted(set(k.pages)), "total": amt(k.total),
                     "aligned": {"amount": amt(k.a1), "share": shr(k.s_a1)},
                     "eligible_not_aligned": {"amount": amt(k.a2), "share": shr(k.s_a2)},
                     "not_eligible": {"amount": amt(k.b), "share": shr(k.s_b)},
                     "activities": acts}
    return {"document": filename, "company": doc.company, "fiscal_year": doc.year, "currency": "EUR",
            "kpis": kpis}


def write_set(out_dir: Path, seeds=(1, 2, 3)) -> list[str]:
    """Render every family x seed into out_dir/pdf and out_dir/gold; returns the stems."""
    from tests.reports_synth_c_render import render

    (out_dir / "pdf").mkdir(parents=True, exist_ok=True)
    (out_dir / "gold").mkdir(parents=True, exist_ok=True)
    stems = []
    for doc in build_documents(seeds):
        pdf_bytes = render(doc)
        (out_dir / "pdf" / f"{doc.stem}.pdf").write_bytes(pdf_bytes)
        gold = gold_json(doc, f"{doc.stem}.pdf")
        (out_dir / "gold" / f"{doc.stem}.json").write_text(json.dumps(gold, indent=1, ensure_ascii=False) + "\n")
        stems.append(doc.stem)
    return stems


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m tests.reports_synth_c DIR [--seeds 1,2,3]", file=sys.stderr)
        return 2
    seeds = (1, 2, 3)
    if "--seeds" in argv:
        seeds = tuple(int(s) for s in argv[argv.index("--seeds") + 1].split(","))
    stems = write_set(Path(argv[0]), seeds)
    print(f"{len(stems)} documents in {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
