"""Synth-d: a fourth, independently written generator of Article 8 KPI reports (issue 12f, written blind).

Written before its author read ``regc/reports/``, ``regc/frontends/pdf.py`` or the other synthetic sets. It models
layouts that synth-c does not: non-euro EU groups (MSEK with thin-space thousands, DKKm, CHF with apostrophe
thousands, PLN thousand, USD million, CZK million), a KPI page that is a scanned image inside a digital report, rows
that print shares only, "n/a" / "n. a." / "—" cells, B split into non-eligible sub-rows, rotated column headers
under a stacked group-header row, an activity row broken across a page break, KPI tables after a long appendix
(page 30+ of 40), the same activity code on several rows, the previous year's table printed right after the
current one, one table for all three KPIs, and a table printed sideways on a portrait page.

Gold follows ``shared/spec/disclosure.md``: amounts in currency units as printed x unit, shares as printed / 100,
"—"/"–" = 0, "n/a" / empty = null, one entry per printed row (the same code on two rows gives two entries), B rows
and "of which" rows not itemised, the previous-year table ignored.

>>> doc = build_document("d01_sek_msek_thinspace", 1)
>>> doc.currency, len(doc.kpis)
('SEK', 3)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

OBJECTIVES = ("CCM", "CCA", "WTR", "PPC", "CE", "BIO")  # 2023 template column order

# (objective, section, English name, German name)
ACTIVITIES = (
    ("CCM", "3.1", "Manufacture of renewable energy technologies", "Herstellung von Technologien für erneuerbare Energien"),
    ("CCM", "3.3", "Manufacture of low carbon technologies for transport", "Herstellung von CO2-armen Verkehrstechnologien"),
    ("CCM", "3.6", "Manufacture of other low carbon technologies", "Herstellung anderer CO2-armer Technologien"),
    ("CCM", "4.1", "Electricity generation using solar photovoltaic technology", "Stromerzeugung mittels Photovoltaik"),
    ("CCM", "4.3", "Electricity generation from wind power", "Stromerzeugung aus Windkraft"),
    ("CCM", "4.9", "Transmission and distribution of electricity", "Übertragung und Verteilung von Elektrizität"),
    ("CCM", "4.15", "District heating/cooling distribution", "Fernwärme-/Fernkälteverteilung"),
    ("CCM", "5.5", "Collection and transport of non-hazardous waste in source segregated fractions",
     "Sammlung und Beförderung von nicht gefährlichen Abfällen"),
    ("CCM", "6.5", "Transport by motorbikes, passenger cars and light commercial vehicles",
     "Beförderung mit Motorrädern, Personenkraftwagen und leichten Nutzfahrzeugen"),
    ("CCM", "6.6", "Freight transport services by road", "Güterbeförderung im Straßenverkehr"),
    ("CCM", "7.1", "Construction of new buildings", "Neubau"),
    ("CCM", "7.2", "Renovation of existing buildings", "Renovierung bestehender Gebäude"),
    ("CCM", "7.3", "Installation, maintenance and repair of energy efficiency equipment",
     "Installation, Wartung und Reparatur von energieeffizienten Geräten"),
    ("CCM", "7.4", "Installation, maintenance and repair of charging stations for electric vehicles",
     "Installation, Wartung und Reparatur von Ladestationen für Elektrofahrzeuge"),
    ("CCM", "7.6", "Installation, maintenance and repair of renewable energy technologies",
     "Installation, Wartung und Reparatur von Technologien für erneuerbare Energien"),
    ("CCM", "7.7", "Acquisition and ownership of buildings", "Erwerb von und Eigentum an Gebäuden"),
    ("CCM", "8.1", "Data processing, hosting and related activities", "Datenverarbeitung, Hosting und damit verbundene Tätigkeiten"),
    ("CCA", "9.1", "Engineering activities and related technical consultancy dedicated to adaptation to climate change",
     "Ingenieurtätigkeiten und technische Beratung für die Anpassung an den Klimawandel"),
    ("CE", "1.2", "Manufacture of electrical and electronic equipment", "Herstellung elektrischer und elektronischer Geräte"),
    ("CE", "5.1", "Repair, refurbishment and remanufacturing", "Reparatur, Aufarbeitung und Wiederaufarbeitung"),
    ("WTR", "2.2", "Urban Waste Water Treatment", "Behandlung von kommunalem Abwasser"),
)

SUB_ACTIVITIES = ("offices", "logistics", "residential", "retail", "data centres")

# Family traits (data; the builder reads the flags).  unit: (label printed, multiplier, decimals)
FAMILIES: dict[str, dict] = {
    "d01_sek_msek_thinspace": dict(currency="SEK", unit=("MSEK", 1e6, 1), thou="\u2009", dec=",", pct="\u2009%",
                                   yes=("Y", "N"), landscape=True, template=2023),
    "d02_dkk_prev_year_table": dict(currency="DKK", unit=("DKKm", 1e6, 1), thou=",", dec=".", pct="%",
                                    yes=("Yes", "No"), landscape=True, template=2023, prev_table=True),
    "d03_chf_long_appendix": dict(currency="CHF", unit=("CHF million", 1e6, 1), thou="'", dec=".", pct="%",
                                  yes=("Y", "N"), landscape=True, template=2023, appendix_pages=30),
    "d04_pln_scanned_capex": dict(currency="PLN", unit=("PLN thousand", 1e3, 0), thou=" ", dec=",", pct="%",
                                  yes=("TAK", "NIE"), landscape=True, template=2023, scanned="capex"),
    "d05_usd_shares_only": dict(currency="USD", unit=("USD million", 1e6, 1), thou=",", dec=".", pct="%",
                                yes=("Y", "N"), landscape=True, template=2021, shares_only=True),
    "d06_na_cells_b_split": dict(currency="EUR", unit=("€ million", 1e6, 1), thou=",", dec=".", pct="%",
                                 yes=("Y", "N"), landscape=True, template=2023, na_cells=True, b_split=True),
    "d07_rotated_stacked_header": dict(currency="EUR", unit=("EUR k", 1e3, 0), thou=",", dec=".", pct="%",
                                       yes=("yes", "no"), landscape=False, template=2023, rotated=True),
    "d08_row_across_page_break": dict(currency="EUR", unit=("Mio. €", 1e6, 1), thou=".", dec=",", pct=" %",
                                      yes=("J", "N"), landscape=True, template=2023, german=True,
                                      many_rows=True, split_row=True),
    "d09_same_code_several_rows": dict(currency="EUR", unit=("€m", 1e6, 1), thou=",", dec=".", pct="%",
                                      yes=("Y", "N"), landscape=True, template=2023, same_code=True),
    "d10_one_table_three_kpis": dict(currency="CZK", unit=("CZK million", 1e6, 0), thou=" ", dec=",", pct=" %",
                                     yes=("Y", "N"), landscape=True, template=2023, combined=True),
    "d11_sideways_on_portrait": dict(currency="EUR", unit=("in €'000", 1e3, 0), thou=",", dec=".", pct="%",
                                     yes=("Y", "N"), landscape=True, template=2023, sideways=True),
}

KPI_KEYS = ("turnover", "capex", "opex")
KPI_TITLES_EN = {"turnover": "Turnover", "capex": "CapEx", "opex": "OpEx"}
KPI_TITLES_DE = {"turnover": "Umsatzerlöse", "capex": "Investitionsausgaben (CapEx)", "opex": "Betriebsausgaben (OpEx)"}
COMPANIES = {"SEK": "Nordvik Industrier AB", "DKK": "Havstrøm A/S", "CHF": "Alpwerk Holding AG", "PLN": "Wisła Energia S.A.",
             "USD": "Transatlantic Components N.V.", "EUR": "Rheinstahl Gruppe SE", "CZK": "Vltava Energetika a.s."}


@dataclass
class Row:
    """One printed activity row (ticks: amount in the table's unit x 10**decimals; None = not printed)."""
    code: str                 # gold code, "CCM-7.1"
    name: str
    group: str                # "A.1" / "A.2"
    ticks: int | None
    share_tenths: int | None  # share in tenths of a percent
    category: str | None = None
    amount_cell: str | None = None  # overrides the formatted amount ("—", "n/a")
    share_cell: str | None = None
    page: int | None = None


@dataclass
class Kpi:
    key: str
    total: int
    a1: list[Row]
    a2: list[Row]
    b_parts: list[int] = field(default_factory=list)
    a2_total_cell: str | None = None  # "—" printed for an empty A.2
    pages: list[int] = field(default_factory=list)

    @property
    def a1_ticks(self) -> int:
        return sum(r.ticks or 0 for r in self.a1)

    @property
    def a2_ticks(self) -> int:
        return sum(r.ticks or 0 for r in self.a2)


@dataclass
class Document:
    family: str
    seed: int
    traits: dict
    company: str
    fiscal_year: int
    currency: str
    kpis: dict[str, Kpi]
    prev: dict[str, Kpi] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.family}_s{self.seed}"


def fmt_number(ticks: int, decimals: int, thou: str, dec: str) -> str:
    """Format ``ticks`` (value x 10**decimals) with the given separators.

    >>> fmt_number(1234567, 1, "'", ".")
    "123'456.7"
    """
    neg, ticks = ticks < 0, abs(ticks)
    whole, frac = divmod(ticks, 10 ** decimals) if decimals else (ticks, 0)
    digits = f"{whole:,}".replace(",", thou)
    text = digits + (dec + str(frac).zfill(decimals) if decimals else "")
    return f"({text})" if neg else text


def share_of(part: int, total: int) -> int:
    """Share in tenths of a percent, rounded half up."""
    return (part * 2000 + total) // (2 * total) if total else 0


def _rows(rng: random.Random, traits: dict, group: str, n: int, total: int, pool: list) -> list[Row]:
    rows = []
    for i in range(n):
        obj, sec, en, de = pool.pop(0)
        name = de if traits.get("german") else en
        ticks = rng.randint(total // 200, total // 12)
        if traits.get("na_cells") and i == n - 1 and group == "A.2":
            ticks = 0  # printed as a dash
        cat = None
        if group == "A.1":
            cat = rng.choice(("E", "T", None, None)) if sec not in ("7.7", "7.1") else None
        rows.append(Row(f"{obj}-{sec}", name, group, ticks, None, cat))
    return rows


def _same_code_rows(rng: random.Random, traits: dict, group: str, total: int) -> list[Row]:
    obj, sec, en, de = next(a for a in ACTIVITIES if a[1] == ("7.7" if group == "A.1" else "6.5"))
    subs = rng.sample(SUB_ACTIVITIES, 2 + rng.randint(0, 1))
    return [Row(f"{obj}-{sec}", f"{en} – {s}", group, rng.randint(total // 150, total // 15), None) for s in subs]


def _kpi(rng: random.Random, traits: dict, key: str) -> Kpi:
    decimals = traits["unit"][2]
    base = {"turnover": rng.randint(2000, 60000), "capex": rng.randint(300, 9000), "opex": rng.randint(100, 3000)}[key]
    if traits["unit"][1] == 1e3:
        base *= 100  # thousands: a company of the same size
    total = base * (10 ** decimals) + rng.randint(0, 9)
    pool = list(ACTIVITIES)
    rng.shuffle(pool)
    n1, n2 = (rng.randint(5, 7), rng.randint(5, 7)) if traits.get("many_rows") else (rng.randint(1, 4), rng.randint(1, 4))
    a1 = _rows(rng, traits, "A.1", n1, total, pool)
    a2 = _rows(rng, traits, "A.2", n2, total, pool)
    if traits.get("same_code"):
        a1 = _same_code_rows(rng, traits, "A.1", total) + a1[:1]
        a2 = a2[:1] + _same_code_rows(rng, traits, "A.2", total)
    kpi = Kpi(key, total, a1, a2)
    if traits.get("na_cells"):
        a2[-1].amount_cell, a2[-1].share_cell = rng.choice((("—", "—"), ("–", "–")))
        if len(a1) > 1:
            a1[-1].ticks, a1[-1].amount_cell, a1[-1].share_cell = None, rng.choice(("n/a", "n. a.")), "n/a"
    rest = total - kpi.a1_ticks - kpi.a2_ticks
    if rest < 0:
        raise ValueError("generator: activity sum exceeds total")
    if traits.get("b_split"):
        cut = rng.randint(rest // 4, rest // 2)
        kpi.b_parts = [cut, rest - cut]
    for r in a1 + a2:
        if r.ticks is not None:
            r.share_tenths = share_of(r.ticks, total)
    return kpi


def _share_rows_across_kpis(rng: random.Random, kpis: dict[str, Kpi]) -> None:
    """One table for the three KPIs: CapEx and OpEx list turnover's activities (some with a dash = 0)."""
    base = kpis["turnover"]
    for key in ("capex", "opex"):
        k = kpis[key]
        for group in ("a1", "a2"):
            rows = []
            for r in getattr(base, group):
                ticks = 0 if rng.random() < 0.25 else rng.randint(k.total // 100, k.total // 12)
                rows.append(Row(r.code, r.name, r.group, ticks, share_of(ticks, k.total), r.category,
                                amount_cell="–" if ticks == 0 else None, share_cell="–" if ticks == 0 else None))
            setattr(k, group, rows)
        if k.total - k.a1_ticks - k.a2_ticks < 0:
            raise ValueError("generator: activity sum exceeds total")


def build_document(family: str, seed: int) -> Document:
    """The content of one synthetic report (numbers, rows, traits); rendering adds the pages."""
    traits = FAMILIES[family]
    rng = random.Random(f"synth-d/{family}/{seed}")
    year = rng.choice((2023, 2024))
    kpis = {k: _kpi(rng, traits, k) for k in KPI_KEYS}
    if traits.get("combined"):
        _share_rows_across_kpis(rng, kpis)
    prev = {k: _kpi(rng, traits, k) for k in KPI_KEYS} if traits.get("prev_table") else {}
    return Document(family, seed, traits, COMPANIES[traits["currency"]], year, traits["currency"], kpis, prev)


def _answers(row: Row, template: int) -> tuple[dict, dict, str | None]:
    """Gold SC / DNSH / minimum safeguards of a row as printed by the renderer (see render._answer_cells)."""
    own = row.code.split("-")[0]
    if row.group == "A.1":
        sc = {o: ("Y" if o == own else ("N" if o in ("CCM", "CCA") else "N/EL")) for o in OBJECTIVES}
        dnsh = {o: "Y" for o in OBJECTIVES}
        if template == 2021:
            sc = {o: None for o in OBJECTIVES}
        return sc, dnsh, "Y"
    sc = {o: ("EL" if o == own else "N/EL") for o in OBJECTIVES}
    if template == 2021:
        sc = {o: None for o in OBJECTIVES}
    return sc, {o: None for o in OBJECTIVES}, None


def gold_json(doc: Document) -> dict:
    """Gold disclosure per the spec (call after rendering, which fills the pages)."""
    label, mult, decimals = doc.traits["unit"]
    scale = mult / 10 ** decimals

    def amount(ticks):
        return None if ticks is None else round(ticks * scale, 6)

    def share(tenths):
        return None if tenths is None else round(tenths / 1000, 6)

    out = {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.fiscal_year,
           "currency": doc.currency, "notes": [f"synth-d {doc.family} seed {doc.seed}; unit {label}"], "kpis": {}}
    for key, k in doc.kpis.items():
        acts = []
        for r in k.a1 + k.a2:
            sc, dnsh, ms = _answers(r, doc.traits["template"])
            amt = None if doc.traits.get("shares_only") else amount(r.ticks)
            acts.append({"code": r.code, "name": r.name, "group": r.group, "amount": amt,
                         "share": share(r.share_tenths), "substantial_contribution": sc, "dnsh": dnsh,
                         "minimum_safeguards": ms, "category": r.category if r.group == "A.1" else None,
                         "page": r.page})
        b = k.total - k.a1_ticks - k.a2_ticks
        out["kpis"][key] = {
            "pages": sorted(set(k.pages)), "total": amount(k.total),
            "aligned": {"amount": amount(k.a1_ticks), "share": share(share_of(k.a1_ticks, k.total))},
            "eligible_not_aligned": {"amount": amount(k.a2_ticks), "share": share(share_of(k.a2_ticks, k.total))},
            "not_eligible": {"amount": amount(b), "share": share(share_of(b, k.total))},
            "activities": acts}
    return out
