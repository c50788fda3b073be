"""Synth-f document model: activity rows, KPI figures (consistent by construction) and the document.

>>> import random
>>> k = make_kpi(random.Random(1), "capex", 1e3, 0)
>>> k.a1 + k.a2 + k.b == k.total
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tests.reports_synth_f_words import ACTIVITIES, COMPANIES, OBJECTIVES, SECOND_OBJECTIVE

KPIS = ("turnover", "capex", "opex")


@dataclass
class Row:
    """One itemised activity row (what the gold lists) with its printed code."""

    activity: object
    group: str  # A.1 / A.2
    units: int | None  # amount in printed units x 10**decimals (None: not printed)
    pct10: int | None  # share in tenths of a percent (None: not printed)
    also: list = field(default_factory=list)
    sc: dict = field(default_factory=dict)
    dnsh: dict = field(default_factory=dict)
    ms: str | None = None
    category: str | None = None
    share_printed: bool = True
    page: int | None = None


@dataclass
class Kpi:
    key: str
    scale: float  # currency units per printed unit (1e3: thousands, 1e6: millions)
    decimals: int
    total: int  # printed units x 10**decimals
    rows: list
    pages: list = field(default_factory=list)

    def _sum(self, group: str) -> int:
        return sum(r.units or 0 for r in self.rows if r.group == group)

    @property
    def a1(self) -> int:
        return self._sum("A.1")

    @property
    def a2(self) -> int:
        return self._sum("A.2")

    @property
    def b(self) -> int:
        return self.total - self.a1 - self.a2

    def pct10(self, units: int) -> int:
        """A share as printed with one decimal, in tenths of a percent."""
        return round(1000 * units / self.total)

    def value(self, units: int | None) -> float | None:
        return None if units is None else round(units * self.scale / 10 ** self.decimals, 2)


@dataclass
class Document:
    name: str
    family: str
    seed: int
    company: str
    year: int
    kpis: dict
    pages: list = field(default_factory=list)
    currency: str = "EUR"


def seeded_document(tag: str, family: str, seed: int, builders: dict, company_step: int) -> Document:
    """The document of (family, seed) in set ``tag`` ("synth-n"), as the generators since synth-g draw it: a random
    stream named after the three, a company picked by the family's letters times ``company_step`` plus the seed,
    the fiscal year 2023 or 2024 by the seed's parity, then laid out by the family's builder.

    >>> d = seeded_document("synth-x", "x01", 2, {"x01": lambda doc, rng: doc.pages.append(rng.random())}, 7)
    >>> d.name, d.year, d.company == COMPANIES[(sum(map(ord, "x01")) * 7 + 2) % len(COMPANIES)], len(d.pages)
    ('x01_s2', 2023, True, 1)
    """
    rng = random.Random(f"{tag}/{family}/{seed}")
    company = COMPANIES[(sum(map(ord, family)) * company_step + seed) % len(COMPANIES)]
    doc = Document(f"{family}_s{seed}", family, seed, company, 2023 + (seed % 2), {})
    builders[family](doc, rng)
    return doc


def _sc_answers(act, group: str, template: str, two: list) -> dict:
    """Substantial-contribution answers as the 2023 template prints them.  The 2021 template prints shares: an
    A.1 row's '100,0 %' reads "Y" and its '0,0 %' "N" (the dev gold's convention, TAKKT: '0%' SC cells -> "N";
    gold correction after first contact, H12j); an A.2 row prints no SC cell ({})."""
    objs = {act.objective} | {c.split("-")[0] for c in two}
    if template == "2021":
        return {o: ("Y" if o in objs else "N") for o in OBJECTIVES} if group == "A.1" else {}
    if group == "A.1":
        return {o: ("Y" if o in objs else "N/EL") for o in OBJECTIVES}
    return {o: ("EL" if o in objs else "N/EL") for o in OBJECTIVES}


def make_kpi(rng: random.Random, key: str, scale: float, decimals: int, *, n1=(2, 4), n2=(2, 5),
             template: str = "2023", two_codes: bool = False, negatives: bool = False, zeros: bool = True,
             na_share: bool = False, pool=None) -> Kpi:
    """Random but consistent figures: rows sum to the A.1/A.2 totals, B closes the total."""
    pool = list(pool or ACTIVITIES)
    unit = 10 ** decimals
    total = rng.randint(400, 9000) * unit + rng.randint(0, unit - 1) if scale == 1e6 else rng.randint(20_000, 2_500_000)
    k1, k2 = rng.randint(*n1), rng.randint(*n2)
    a1_acts = rng.sample(pool, k1)
    partly = rng.choice(a1_acts)  # one activity partly aligned (in A.1 and A.2)
    a2_acts = rng.sample([a for a in pool if a is not partly], k2 - 1) + [partly]
    rows = []
    for group, acts, frac in (("A.1", a1_acts, rng.uniform(0.05, 0.35)), ("A.2", a2_acts, rng.uniform(0.1, 0.4))):
        budget = int(total * frac)
        weights = [rng.uniform(0.2, 1.0) for _ in acts]
        for i, act in enumerate(acts):
            units = int(budget * weights[i] / sum(weights))
            if zeros and i == len(acts) - 1 and rng.random() < 0.5:
                units = 0
            if negatives and group == "A.2" and i == 0:
                units = -max(1, units // 9)
            two = [SECOND_OBJECTIVE[act.code]] if two_codes and act.code in SECOND_OBJECTIVE and rng.random() < 0.8 \
                else []
            r = Row(act, group, units, None, also=two, sc=_sc_answers(act, group, template, two))
            if group == "A.1":
                r.dnsh = {o: "Y" for o in OBJECTIVES}
                r.ms = "Y"
                r.category = act.category
            rows.append(r)
    kpi = Kpi(key, scale, decimals, total, rows)
    for r in rows:
        r.pct10 = kpi.pct10(r.units)
    if na_share:
        victim = rows[len(rows) // 2]
        victim.pct10, victim.share_printed = None, False
    return kpi


def one_decimal_share(pct10: int | None) -> float | None:
    """The gold share (a fraction of 1) of a share printed with one decimal; null where none is printed."""
    return None if pct10 is None else round(pct10 / 1000, 6)


def activity_entries(kpi: Kpi, share_of, printed_names: bool = True) -> list[dict]:
    """The gold ``activities`` of one KPI, one entry a row (none where ``kpi.itemised`` is false): the amount as
    printed, the share through ``share_of`` (at the set's printed precision), the row's ``gold_code`` where it has
    one, its printed ``name`` where it has one and ``printed_names`` (else the act's English name), amount and share
    null on a row printed "n/a" (``na``), ``also`` only where the row has second codes."""
    out = []
    for r in kpi.rows if getattr(kpi, "itemised", True) else ():
        na = getattr(r, "na", False)
        e = {"code": getattr(r, "gold_code", r.activity.code),
             "name": getattr(r, "name", r.activity.en) if printed_names else r.activity.en, "group": r.group,
             "amount": None if na else kpi.value(r.units), "share": None if na else share_of(r.pct10),
             "substantial_contribution": dict(r.sc), "dnsh": dict(r.dnsh), "minimum_safeguards": r.ms,
             "category": r.category, "page": r.page}
        if r.also:
            e["also"] = list(r.also)
        out.append(e)
    return out


def role_nulls(roles, fields=("amount", "share")) -> set[str]:
    """``kpi_gold``'s null keys for the roles a report does not state ({"not_eligible"} -> {"not_eligible.amount",
    "not_eligible.share"})."""
    return {f"{role}.{f}" for role in roles for f in fields}


def kpi_gold(kpi: Kpi, share_of, nulls=frozenset(), printed_names: bool = True) -> dict:
    """One KPI's gold: its pages, the total and the three roles' amount and share as printed (shares through
    ``share_of``), a figure named in ``nulls`` ("total", "aligned.amount", "not_eligible.share", ...) null, and
    the activity entries (``activity_entries``).

    >>> k = make_kpi(random.Random(1), "capex", 1e3, 0)
    >>> g = kpi_gold(k, one_decimal_share, role_nulls({"not_eligible"}, ("amount",)))
    >>> g["not_eligible"]["amount"], g["aligned"]["share"] == round(k.pct10(k.a1) / 1000, 6), len(g["activities"])
    (None, True, 6)
    """
    def figure(key: str, value):
        return None if key in nulls else value

    def pair(role: str, units: int) -> dict:
        return {"amount": figure(f"{role}.amount", kpi.value(units)),
                "share": figure(f"{role}.share", share_of(kpi.pct10(units)))}

    return {"pages": sorted(set(kpi.pages)), "total": figure("total", kpi.value(kpi.total)),
            "aligned": pair("aligned", kpi.a1), "eligible_not_aligned": pair("eligible_not_aligned", kpi.a2),
            "not_eligible": pair("not_eligible", kpi.b), "activities": activity_entries(kpi, share_of, printed_names)}


def document_gold(doc: Document, kpi_gold_of) -> dict:
    """The gold JSON of one document, each KPI's through ``kpi_gold_of(kpi)``."""
    return {"document": f"{doc.name}.pdf", "company": doc.company, "fiscal_year": doc.year,
            "currency": doc.currency, "kpis": {k: kpi_gold_of(doc.kpis[k]) for k in KPIS}}
