"""Threshold extraction: candidate-span finder + lark LALR parsers -> ``QuantItem`` / ``TemporalItem``.

lark does not scan running text, so extraction runs in three steps:

1. *claims*: regexes mark what numbers in the text are NOT thresholds (act numbers ``2018/1999``, standards
   ``ISO 14067:2018``, ``Article 3(1)``, section numbers, footnote markers, dates of acts, OJ references);
2. *temporal*: a preposition + date (``by 31 December 2030``) or a recurrence (``every three years``) is cut
   out and parsed with ``temporal.lark``; periods (``over 20 years``, ``over the lifetime``) are claimed;
3. *quantities*: for every remaining number the unit after it is parsed with ``unit.lark`` and the operator
   phrase before it is located with regexes compiled from the terminals of ``threshold.lark``; the canonical
   span (``"do not exceed an average of 550 ⟦kg CO2e/kW⟧"``) is parsed with ``threshold.lark`` and transformed
   into an operator/value/unit.  Scope numbers ("plants with thermal input greater than 1 MW") become scope
   conditions, not thresholds.

:func:`decide` is the decision function (text [+ parent chapeau, + the node's footnote texts] -> typed items,
scope conditions, claimed/unclaimed numbers, confidence); it can be called on its own, so an LLM module can replace
or arbitrate it with the same output type (:class:`ThresholdDecision`).  Results are memoised per input.

>>> d = decide("direct GHG emissions of the activity are lower than 270g CO2e/kWh of the output energy, or "
...            "annual direct GHG emissions of the activity do not exceed an average of 550kgCO2e/kW of the "
...            "facility's capacity over 20 years;")
>>> [(i.operator, i.value, i.unit, i.period and i.period.value) for i in d.threshold.quantitative.items]
[('<', 270, 'g CO2e/kWh', None), ('<=', 550, 'kg CO2e/kW', 20)]
>>> d.threshold.quantitative.logic
'OR'
>>> decide("facilities for which the construction permit is granted by 31 December 2030").threshold.temporal.items[0].date
'2030-12-31'
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal, Optional

from dateutil.relativedelta import relativedelta
from lark import Lark, Token, Transformer, UnexpectedInput

from regc.ir.models import (BoundedPeriod, LifetimePeriod, QuantitativeThreshold, QuantItem, TemporalItem,
                            TemporalThreshold, Threshold)

GRAMMAR_DIR = Path(__file__).resolve().parent
Strategy = Literal["default", "drop_ungrounded", "wide"]

# ---------------------------------------------------------------------------------------------------------------
# parsers


@lru_cache(maxsize=None)
def _parser(name: str, start: str = "start") -> Lark:
    return Lark((GRAMMAR_DIR / name).read_text(encoding="utf-8"), parser="lalr", lexer="contextual", start=start,
                maybe_placeholders=False)


def threshold_parser() -> Lark:
    return _parser("threshold.lark")


def temporal_parser() -> Lark:
    return _parser("temporal.lark")


def unit_parser() -> Lark:
    return _parser("unit.lark")


WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
                "fifty": 50}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def parse_number(s: str) -> int | float:
    """European number text -> number: ``"2,45"`` -> 2.45, ``"5 000"`` -> 5000, ``"1,5"`` -> 1.5.

    >>> parse_number("2,45"), parse_number("5 000"), parse_number("2.0"), parse_number("three")
    (2.45, 5000, 2.0, 3)
    """
    s = s.strip()
    if s.lower() in WORD_NUMBERS:
        return WORD_NUMBERS[s.lower()]
    s = re.sub(r"[ \u00a0\u202f]", "", s).replace(",", ".")
    return float(s) if "." in s else int(s)


# ---------------------------------------------------------------------------------------------------------------
# units


PRODUCT_NAMES = {"H2": "hydrogen", "Al": "aluminium", "Cl2": "chlorine", "Cl": "chlorine", "NH3": "ammonia"}
_UNIT_WORD_FORMS = {"population equivalent": "p.e.", "population equivalents": "p.e.", "L": "litres", "l": "litres", "litre": "litres", "liter": "litres", "liters": "litres", "tonne": "tonnes", "year": "years",
                    "month": "months", "day": "days", "hour": "hours", "hectare": "hectares", "minute": "minutes",
                    "second": "seconds", "kilogramme": "kg", "kilogrammes": "kg", "kilogram": "kg",
                    "kilograms": "kg", "gram": "g", "grams": "g", "gramme": "g", "grammes": "g"}
_DENOM_FORMS = {"tonne": "t", "tonnes": "t", "ton": "t", "tons": "t", "litre": "litre", "litres": "litre", "kilogramme": "kg",
                "kilogrammes": "kg", "kilogram": "kg", "kilograms": "kg"}


@dataclass
class UnitParse:
    """A parsed unit: normalised text plus what moves to the metric (product in the denominator, material)."""

    unit: str
    product: Optional[str] = None  # "hydrogen" for tCO2e/tH2, "chlorine" for "per tonne of chlorine"
    material: Optional[str] = None  # "formaldehyde" for "mg of formaldehyde per m3"
    n_words: int = 0  # how many source words the unit used


def _gas(tok: str) -> str:
    t = re.sub(r"\s+", "", tok)
    if t.upper().startswith("CO2"):
        rest = t[3:].lower()
        return "CO2e" if rest.startswith(("e", "-eq", "eq")) else "CO2"
    return {"CH4": "CH4", "N2O": "N2O", "GHG": "GHG"}.get(t.upper(), t)


_GENERIC_DENOMS = {"material", "materials", "component", "components", "item", "items", "article", "articles",
                   "sample", "samples", "element", "elements"}


class _UnitTx(Transformer):
    def __init__(self):
        super().__init__()
        self.found_product: Optional[str] = None
        self.found_material: Optional[str] = None

    def unit(self, ch):
        num, *dens = ch
        return "/".join([num, *dens])

    def pct(self, ch):
        return "percentage points" if str(ch[0]).lower().startswith("percentage") else "%"

    def mass(self, ch):
        m = str(ch[0])
        m = _UNIT_WORD_FORMS.get(m.lower(), "tonnes" if m.lower().startswith("tonne") else m)
        gas = next((_gas(str(c)) for c in ch[1:] if isinstance(c, Token) and c.type == "GAS"), None)
        return f"{m} {gas}" if gas else m

    def material(self, ch):
        self.found_material = " ".join(str(c) for c in ch[1:])
        return None

    def atom(self, ch):
        a = str(ch[0])
        a = "dB(A)" if a == "dBA" else a
        a = _UNIT_WORD_FORMS.get(a, a)
        return "" if a == "times" else a

    def cubic(self, ch):
        return "m3"

    def square(self, ch):
        return "m2"

    def denom(self, ch):
        parts = [c for c in ch if not (isinstance(c, Token) and c.type in ("SLASH", "PER", "COUNT"))]
        return parts[0]

    def datom(self, ch):
        a = str(ch[0])
        return "p.e." if a.startswith("population") else a

    def dmass(self, ch):
        m = str(ch[0])
        return _DENOM_FORMS.get(m.lower(), m)

    def dword(self, ch):
        w = str(ch[0])
        return _DENOM_FORMS.get(w.lower(), w)

    def product(self, ch):
        p = str(ch[0])
        self.found_product = PRODUCT_NAMES.get(p, p)
        return None

    def of_words(self, ch):
        words = [str(c) for c in ch[1:]]
        while words and re.fullmatch(r"[a-z]+ed", words[-1]):
            words.pop()  # "of aluminium manufactured" -> aluminium
        if len(words) <= 3 and words and words[0].lower() not in ("the", "a", "an", "energy", "output", "test") and \
                not (len(words) == 1 and words[0].lower() in _GENERIC_DENOMS):  # "per m3 of material": no product
            self.found_product = " ".join(words)
        return None

    def words(self, ch):
        return None


_UNIT_STOP = re.compile(r"\s(?:over|than|lower|below|above|higher|less|more|until|from|by|which|where|that|if|when|"
                        r"or|but|calculated|measured|expressed|compared|relative|upon|in accordance|including|"
                        r"excluding|averaged|during|within|after|before)\b", re.I)


def parse_unit(after: str, max_words: int = 14) -> Optional[UnitParse]:
    """Parse the unit at the start of ``after`` (the text right after a number); None if there is none.

    >>> parse_unit("g CO2e/kWh of the output energy, or").unit
    'g CO2e/kWh'
    >>> u = parse_unit("tCO2e/tH2] and 70 %"); (u.unit, u.product)
    ('t CO2e/t', 'hydrogen')
    >>> u = parse_unit("MWh per tonne of chlorine."); (u.unit, u.product)
    ('MWh/t', 'chlorine')
    >>> parse_unit("mg of formaldehyde per m3 of test chamber air upon testing").unit
    'mg/m3'
    >>> parse_unit("litre.").unit, parse_unit("kWh per cubic meter produced water supply. Net").unit
    ('litres', 'kWh/m3')
    >>> parse_unit("or is calculated using") is None
    True
    """
    s = after
    mw = re.match(r"\s*(?:%|per ?cent)\s*(w/w|v/v|m/m|wt)(?![\w/])", s)
    if mw:
        return UnitParse(unit=f"% {mw.group(1)}", n_words=len(s[:mw.end()].split()))
    if s.startswith("]"):
        s = " " + s[1:]  # "[0,851] tCO2e/t": an editorial bracket around the number
    s = re.sub(r"^(\S*?)/\(([^()\s]{1,12})\)", r"\1/\2", s)  # "W/(m2K)" -> "W/m2K"
    s = s.replace("dB(A)", "dBA")
    # the unit may be glued to the number ("270g", "550kgCO2e/kW"); stop at clause punctuation
    m = re.search(r"[,;:()\[\]]|\.(?:\s|$)", s)
    s = s[: m.start()] if m else s
    m = _UNIT_STOP.search(s)
    s = s[: m.start()] if m else s
    return _parse_unit_words(tuple(s.split()[:max_words]))


@lru_cache(maxsize=8192)
def _parse_unit_words(words: tuple[str, ...]) -> Optional[UnitParse]:
    if not words:
        return None
    first = words[0]
    if not re.match(r"[%‰A-Za-zµμ°]|per\b", first):
        return None
    p = unit_parser()
    for n in range(len(words), 0, -1):
        cand = " ".join(words[:n])
        try:
            tree = p.parse(cand)
        except UnexpectedInput:
            continue
        tx = _UnitTx()
        unit = tx.transform(tree)
        return UnitParse(unit=unit, product=tx.found_product, material=tx.found_material, n_words=n)
    return None


# ---------------------------------------------------------------------------------------------------------------
# results


@dataclass(frozen=True)
class Claim:
    """A character span of the text explained by one reading (so its numbers are not 'unclaimed')."""

    start: int
    end: int
    kind: str  # threshold | scope | period | date | recurrence | citation | label | reference | word
    text: str = ""


@dataclass
class QuantHit:
    item: QuantItem
    start: int  # span of the whole phrase (operator .. unit)
    end: int
    number_text: str
    rule: str
    scope: bool = False
    value_start: int = 0


@dataclass
class TemporalHit:
    item: TemporalItem
    start: int
    end: int
    rule: str
    parts: tuple[str, ...] = ()  # the source numbers/words of the date(s), for grounding


@dataclass
class ThresholdDecision:
    """What :func:`decide` returns (and what an LLM arbiter must return too)."""

    threshold: Optional[Threshold]
    confidence: float
    quantities: list[QuantHit] = field(default_factory=list)
    temporals: list[TemporalHit] = field(default_factory=list)
    scope_conditions: list[QuantHit] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    unclaimed: list[Claim] = field(default_factory=list)  # numbers nothing explains
    rules: list[str] = field(default_factory=list)
    # date phrases of successive regimes held by one node ("until 2028, at least 35 % …. From 2028, at least
    # 65 % …"): items cannot carry dates in the IR, so these bounds are not put on the node (see decide)
    regimes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------------------------
# claims: numbers that are citations, labels, act dates, ...

_MONTH = "|".join(MONTHS)
NUMBER_RE = re.compile(r"(?<![\w.,/:\-–‑])(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d])(?:[.,]\d+)?|\d+(?:[.,]\d+)?)")


def numbers_in_text(text: str) -> set[float]:
    """Every number ``text`` writes, as a float rounded to 6 places: digits (European forms), "zero" and number
    words ("within a three year period").

    >>> sorted(numbers_in_text("at least 2,5 % within three years, zero spills, 10 000 t"))
    [0.0, 2.5, 3.0, 10000.0]
    """
    out = set()
    for m in NUMBER_RE.finditer(text):
        try:
            out.add(round(float(parse_number(m.group(0))), 6))
        except ValueError:
            pass
    if re.search(r"\bzero\b", text, re.I):
        out.add(0.0)
    for w, v in WORD_NUMBERS.items():
        if re.search(rf"\b{w}\b", text, re.I):
            out.add(float(v))
    return out

_CITATIONS = [
    ("act", re.compile(r"\b\d{1,4}/\d{1,4}(?:/[A-Z]{2,}\b)?")),
    ("oj", re.compile(r"\bOJ\s+[LC]\s*\d+[A-Z]?(?:\s*[IVX]*)?,\s*\d{1,2}\.\d{1,2}\.\d{4}(?:,\s*p\.\s*\d+)?")),
    ("dotted-date", re.compile(r"\b\d{1,2}\.\d{1,2}\.\d{4}\b")),
    ("standard", re.compile(r"\b(?:(?:CEN|CENELEC|CLC|ISO|IEC|EN|ETSI|ASTM|DIN|BS|ANSI|ASHRAE|IPCC|TR|TS|HD|ES)"
                            r"(?:[/ ](?:CEN|CLC|ISO|IEC|EN|TR|TS|PAS|ES))*)\s*(?:No\.?\s*)?\d[\d.]*(?: \d{3}\b)?(?:[-‑–]\d+)*"
                            r"(?::\d{4})?(?:\+A\d+:\d{4})?")),
    ("standard-year", re.compile(r"\b\d+(?:[-‑]\d+)*:\d{4}\b")),
    ("article-ref", re.compile(r"\b\d+[a-z]?(?:\(\w{1,4}\))+")),
    ("keyword", re.compile(
        r"\b(?i:Articles?|Art\.|Annex(?:es)?|Sections?|points?|paragraphs?|subparagraphs?|Tables?|Appendix|"
        r"Appendices|Chapters?|Parts?|part|Titles?|categor(?:y|ies)|Class(?:es)?|Tiers?|Stages?|Euro|Phases?|"
        r"Figures?|Recitals?|No\.?|Nos\.?|Level|Step|Criterion|Activity|activities|Scope|row|column|codes?|"
        r"NACE|Group|Division|Type|Category|Zone|version|Directive|Regulation|Decision|SDG|Goal|IE|Tier|"
        r"Categories|CMC|Descriptors?|Natura|criteria|amendments?|Volumes?|TRL|subgroups?|Chapters?|"
        r"Annex(?:es)?|Objectives?|Priority|Measures?|Levels?|indicators?|Test|OECD|BAT|IPMS)"
        r"(?:\s*\([A-Z]{2,6}\))?\s+(?:[A-Z]?\d+(?:\.\d+)*[a-z]?(?:\(\w{1,4}\))*(?:\s*\([^()\d]{1,40}\))?"
        r"(?:(?:\s*(?:,|and|or|to|–|-)\s*|\s+)(?:[A-Z]?\d+(?:\.\d+)*[a-z]?(?:\(\w{1,4}\))*)(?![\w%])"
        r"(?:\s*\([^()\d]{1,40}\))?)*)")),
    ("title-year", re.compile(r"(?<=\bthe )(?:19|20)\d\d(?=\s+[A-Z][a-z])")),
    ("oj-notice", re.compile(r"\b\d{4}/C\s*\d+/\d+")),
    ("paren-date", re.compile(r"\(\d{1,2} (?:" + _MONTH + r") \d{4}\)")),
    ("threshold-ref", re.compile(r"\b(?:the|a|an)\s+\d+(?:[.,]\d+)?\s*%\s+(?:threshold|target|limit|share)\b")),
    ("count-list", re.compile(r"\b\d+(?:,\d)?(?:\s*,\s*\d+)*,?\s+(?:or|and)\s+\d+\s+"
                              r"(?!(?:years|months|days|weeks|hours|minutes|seconds|litres|liters|tonnes|tons|hectares|"
                              r"times|grams|grammes|kilogrammes|percentage|metres|meters)\b)(?=[a-z]{3,}s\b)")),
    ("formula", re.compile(r"\b(?:multiplied|divided) by \d+(?:[.,]\d+)?")),
    ("dotted-section", re.compile(r"(?<![\d,.])\d+\.\d+\.(?:\d+\.?)*(?!\d)")),
    ("footnote", re.compile(r"\(\s?\d{1,3}\s?\)")),
    ("url", re.compile(r"\b(?:https?://|www\.)\S+")),
    ("version-date", re.compile(r"\b(?:applicable|in force|published|adopted|amended|dated) (?:on|as of|of) "
                                r"(?P<c>\d{1,2} (?:" + _MONTH + r") \d{4})")),
    ("compound", re.compile(r"(?<![\w.,])\d+(?=-[A-Za-z])")),
    ("act-date", re.compile(r"(?<=\bof )\d{1,2} (?:" + _MONTH + r") \d{4}")),
    ("label", re.compile(r"^\s*\(?\d{1,2}(?:\.\d+)*[.)]\s")),
    ("word", re.compile(r"\b[A-Za-z]+\d+[A-Za-z0-9]*\b|\b\d+[A-Za-z]\b(?![\s/])")),
]


def _citation_claims(text: str) -> list[Claim]:
    out = []
    for kind, rx in _CITATIONS:
        for m in rx.finditer(text):
            g = "c" if "c" in rx.groupindex else 0
            out.append(Claim(m.start(g), m.end(g), "label" if kind in ("footnote", "label") else
                             ("word" if kind == "word" else "citation"), m.group(g)))
    return out


def _covered(claims: list[Claim], s: int, e: int) -> Optional[Claim]:
    for c in claims:
        if c.start <= s and e <= c.end:
            return c
    return None


# ---------------------------------------------------------------------------------------------------------------
# temporal

_DATE = rf"(?:\d{{1,2}} (?:{_MONTH}) \d{{4}}|(?:{_MONTH}) \d{{1,2}}, \d{{4}}|(?:{_MONTH}) \d{{4}}|(?:19|20)\d\d(?![/\d\-]|:\d))"
_TPREP = (r"no later than|not later than|at the latest by|at the latest on|on or before|on or after|by|until|till|"
          r"up to and including|up to|as from|as of|starting from|starting on|with effect from|beginning on|from|"
          r"since|after|before|prior to|between")
TEMPORAL_RE = re.compile(
    rf"(?:\b(?P<neg>not|no|never)\s+(?:[\w-]+\s+){{0,4}}?)?\b(?P<prep>{_TPREP})\s+(?:the\s+(?:end|start) of\s+)?"
    rf"(?P<d1>{_DATE})(?:\s*(?P<conj>until|till|to|and|-|–)\s*(?P<d2>{_DATE}))?", re.I)
_NUMWORD = "|".join(WORD_NUMBERS)
RECUR_RE = re.compile(
    rf"\b(?:at least |at most |once )?every\s+(?:(?:\d+|{_NUMWORD})\s+)?(?:years?|months?|days?|weeks?)\b"
    rf"|\b(?:at least )?(?:annually|yearly|each year|once a year|once per year|monthly|each month|once a month)\b",
    re.I)
PERIOD_RE = re.compile(
    rf"\b(?:averaged |on average |as an average )?over\s+(?:a period of |an? |the )?(?:(?:preceding|previous|last|"
    rf"following|next|first|rolling)\s+)?(?:(?P<n>\d+|{_NUMWORD})"
    rf"\s*(?:-\s*)?(?P<u>years?|months?|days?)?(?:[- ]period)?|(?:\w+\s+)?(?P<life>lifetime|life ?span|"
    r"life time|service life)\b)"
    r"|(?<=% )in\s+(?P<n2>\d+|" + _NUMWORD + r")\s+(?P<u2>days?|hours?|months?|years?)\b", re.I)


class _TemporalTx(Transformer):
    """Tree -> list of (type, date-or-dates / interval)."""

    def dmy(self, ch):
        d, m, y = ch
        return ("day", _dt.date(int(y), MONTHS.index(str(m)) + 1, int(d)))

    def mdy(self, ch):
        m, d, y = ch
        return ("day", _dt.date(int(y), MONTHS.index(str(m)) + 1, int(d)))

    def my(self, ch):
        m, y = ch
        return ("month", _dt.date(int(y), MONTHS.index(str(m)) + 1, 1))

    def y(self, ch):
        return ("year", _dt.date(int(ch[0]), 1, 1))

    def count(self, ch):
        return parse_number(str(ch[0]))

    # bounds ----------------------------------------------------------------------------------------------
    @staticmethod
    def _first(d):
        return d[1]

    @staticmethod
    def _last(d):
        g, v = d
        if g == "year":
            return _dt.date(v.year, 12, 31)
        if g == "month":
            return v + relativedelta(months=1, days=-1)
        return v

    def by(self, ch):
        return [("deadline", self._last(ch[1]))]

    def until(self, ch):
        return [("effective_until", self._last(ch[1]))]

    def from_(self, ch):
        return [("effective_from", self._first(ch[1]))]

    def after(self, ch):
        return [("effective_from", self._last(ch[1]) + relativedelta(days=1))]

    def not_after(self, ch):
        return [("deadline", self._last(ch[2]))]

    def before(self, ch):
        return [("deadline", self._first(ch[1]) - relativedelta(days=1))]

    def window(self, ch):
        return [("window", self._first(ch[1]), self._last(ch[3]))]

    def window_between(self, ch):
        return [("window", self._first(ch[1]), self._last(ch[3]))]

    def every(self, ch):
        n = ch[1] if len(ch) == 3 else 1
        u = str(ch[-1]).lower().rstrip("s") + "s"
        if u == "weeks":
            return [("recurring", n * 7, "days")]
        return [("recurring", n, u)]

    def yearly(self, ch):
        return [("recurring", 1, "years")]

    def monthly(self, ch):
        return [("recurring", 1, "months")]


def parse_temporal(span: str) -> list[TemporalItem]:
    """Parse one canonical temporal span.

    >>> [i.to_json() for i in parse_temporal("after 30 June 2024")]
    [{'type': 'effective_from', 'date': '2024-07-01'}]
    >>> [i.to_json() for i in parse_temporal("before 1 January 2030")]
    [{'type': 'deadline', 'date': '2029-12-31'}]
    >>> [i.to_json() for i in parse_temporal("until 2028")], [i.to_json() for i in parse_temporal("after 2026")]
    ([{'type': 'effective_until', 'date': '2028-12-31'}], [{'type': 'effective_from', 'date': '2027-01-01'}])
    """
    tree = temporal_parser().parse(span)
    out = []
    for t in _TemporalTx().transform(tree):
        if t[0] == "recurring":
            out.append(TemporalItem(type="recurring", interval_value=t[1], interval_unit=t[2]))
        elif t[0] == "window":
            out.append(TemporalItem(type="window", start=t[1].isoformat(), end=t[2].isoformat()))
        else:
            out.append(TemporalItem(type=t[0], date=t[1].isoformat()))
    return out


# a date that switches a chapeau's list logic: "complies with two of the following criteria until 2025 and with
# all of the following criteria after 2025" (the quantifier's regime, not a time limit on the node)
_LIST_REGIME_LEFT = re.compile(r"\b(?P<q>[\w-]+(?:\s+[\w-]+)?)\s+of\s+(?:the\s+)?(?:following|these|those)"
                               r"(?:\s+(?:criteria|requirements|conditions|points|items|measures|options))?\s*,?\s*$",
                               re.I)
# a date that dates the thing the rule is about, not the rule: "ships constructed after 2011", "the aircraft
# acquired before 11 December 2023" (a build/acquisition date selects instances: a scope condition)
_DATED_THING_LEFT = re.compile(r"\b(?:constructed|built|acquired|manufactured|registered|commissioned|delivered|"
                               r"purchased|ordered|produced|installed|laid\s+down|put\s+into\s+(?:service|operation)|"
                               r"placed\s+on\s+the\s+market|(?:first\s+)?registered|bought|leased|keel\s+laid)"
                               r"(?:\s+(?:on\s+or|in\s+or))?\s+$", re.I)


def list_regime_switches(text: str) -> list[tuple[str, str]]:
    """(quantifier, date phrase) pairs of a chapeau whose list logic changes at a date.

    >>> list_regime_switches("complies with two of the following criteria until 2025 and with all of the "
    ...                      "following criteria after 2025:")
    [('two', 'until 2025'), ('all', 'after 2025')]
    """
    out = []
    for m in TEMPORAL_RE.finditer(text or ""):
        q = _LIST_REGIME_LEFT.search(text[:m.start("prep")])
        if q and not m.group("neg"):
            out.append((q.group("q").split()[-1].lower(), text[m.start("prep"):m.end("d1")]))
    return out if len(out) >= 2 else []


def find_temporal(text: str, claims: list[Claim]) -> list[TemporalHit]:
    hits: list[TemporalHit] = []
    regime_dates = {d for _, d in list_regime_switches(text)}
    for m in TEMPORAL_RE.finditer(text):
        if _covered(claims, m.start("d1"), m.end("d1")):
            continue
        prep = m.group("prep").lower()
        pre = text[max(0, m.start() - 40):m.start()]
        if re.search(r"\b(?:version|edition)\b[^.;]*$", pre, re.I):
            continue  # a date identifying a version of another instrument
        if text[m.start("prep"):m.end("d1")] in regime_dates:
            claims.append(Claim(m.start("prep"), m.end("d1"), "regime", text[m.start("prep"):m.end("d1")]))
            continue  # the date switches the list logic (see list_regime_switches), not a time limit
        if _DATED_THING_LEFT.search(text[max(0, m.start("prep") - 40):m.start("prep")]) and not m.group("neg") and \
                prep in ("after", "before", "from", "since", "as of", "as from", "prior to", "on or after",
                         "on or before", "starting from") and \
                not re.search(r"\b(?:is|are|be|been|being|was|were)\s+(?:\w+\s+)?\w+\s+$",
                              text[max(0, m.start("prep") - 40):m.start("prep")], re.I):
            claims.append(Claim(m.start("prep"), m.end("d1"), "scope", text[m.start("prep"):m.end("d1")]))
            continue  # "ships constructed after 2011": which instances (scope), not when the rule applies
        if text[max(0, m.start() - 1):m.start()] == "(" and text[m.end():m.end() + 1] == ")" and \
                re.search(r"\w", text[:max(0, m.start() - 1)]) and m.start() > 1 and \
                not re.search(r"[.;:]\s*\($", text[:m.start()]):
            claims.append(Claim(m.start(), m.end(), "scope", text[m.start():m.end()]))
            continue  # "in the Mediterranean Sea (as of 2025)": dates the noun before it, not the whole rule
        neg = m.group("neg")
        d1, d2, conj = m.group("d1"), m.group("d2"), m.group("conj")
        if re.match(r"\s+(?:levels?|baselines?|values?|emissions|reference|figures|data|prices)\b", text[m.end():], re.I):
            continue  # "from 2005 levels": a reference year, not a date bound
        if d2 and prep in ("from", "as from", "as of", "between", "since", "starting from", "beginning on") and conj:
            c = "and" if prep == "between" else ("until" if conj.lower() in ("until", "till") else "to")
            span = f"{'between' if prep == 'between' else 'from'} {d1} {c} {d2}"
            end = m.end()
        else:
            if prep == "between":
                continue
            span = f"{prep} {d1}"
            end = m.end("d1")
            if neg and prep == "after":
                span = f"not {span}"
        start = m.start("neg") if (neg and prep == "after") else m.start("prep")
        try:
            items = parse_temporal(span)
        except (UnexpectedInput, ValueError):
            continue
        parts = tuple(re.findall(r"\d+|" + _MONTH, text[m.start("d1"):end]))
        for it in items:
            hits.append(TemporalHit(it, start, end, f"temporal:{prep}", parts))
        claims.append(Claim(start, end, "date", text[start:end]))
    for m in RECUR_RE.finditer(text):
        if _covered(claims, m.start(), m.end()):
            continue
        if re.search(r"\b(?:for|of|in|per)\s+$", text[max(0, m.start() - 5):m.start()], re.I) and \
                not m.group(0).lower().startswith(("every", "at least", "once")):
            continue  # "for each year of the trajectory" is not a recurrence
        span = re.sub(r"\s+", " ", m.group(0))
        try:
            items = parse_temporal(span)
        except (UnexpectedInput, ValueError):
            continue
        for it in items:
            hits.append(TemporalHit(it, m.start(), m.end(), "temporal:recurring", tuple(re.findall(r"\d+", span))))
        claims.append(Claim(m.start(), m.end(), "recurrence", m.group(0)))
    hits.sort(key=lambda h: h.start)
    return hits


# ---------------------------------------------------------------------------------------------------------------
# quantities


def _terminal_regex(name: str) -> str:
    return threshold_parser().get_terminal(name).pattern.to_regexp()


@lru_cache(maxsize=None)
def _op_regex() -> re.Pattern:
    alts = [f"(?P<{n}>{_terminal_regex(n)})" for n in ("LE", "GE", "LT", "GT", "EQ")]
    return re.compile(r"(?<![\w-])(?:" + "|".join(alts) + r")(?![\w-])")


@lru_cache(maxsize=None)
def _neg_regex() -> re.Pattern:
    return re.compile(r"(?<![\w-])" + _terminal_regex("NEG") + r"(?![\w-])")


_OPS = {"le": "<=", "lt": "<", "ge": ">=", "gt": ">", "eq": "="}
_FLIP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "="}


class _PhraseTx(Transformer):
    def quantity(self, ch):
        num = parse_number(str(ch[0]))
        unit = str(ch[1])[1:-1] if len(ch) > 1 else ""
        return (num, unit)

    def le(self, _):
        return "<="

    def lt(self, _):
        return "<"

    def ge(self, _):
        return ">="

    def gt(self, _):
        return ">"

    def eq(self, _):
        return "="

    def neg(self, _):
        return "NEG"

    def filler(self, ch):
        return ("FILLER", " ".join(str(c) for c in ch))

    def relation(self, ch):
        return "REL"

    def compared(self, ch):
        neg = "NEG" in ch
        op = next(c for c in ch if c in ("<", "<=", ">", ">=", "="))
        num, unit = next(c for c in ch if isinstance(c, tuple) and c[0] != "FILLER")
        if "REL" in ch and unit == "%":
            return (">=", num, unit)  # "at least 10 % lower than <reference>": a reduction
        if neg:
            op = _FLIP[op]
        return (op, num, unit)

    def relative(self, ch):
        num, unit = ch[0]
        return (">=", num, unit)

    def or_more(self, ch):
        num, unit = ch[0]
        return (">=", num, unit)

    def or_less(self, ch):
        num, unit = ch[0]
        return ("<=", num, unit)

    def bare(self, ch):
        num, unit = ch[0]
        return (None, num, unit)


def parse_phrase(span: str) -> tuple[Optional[str], int | float, str]:
    """Parse a canonical threshold span into (operator, value, unit).

    >>> parse_phrase("do not exceed an average of 550 ⟦kg CO2e/kW⟧")
    ('<=', 550, 'kg CO2e/kW')
    >>> parse_phrase("at least 10 ⟦%⟧ lower than")
    ('>=', 10, '%')
    >>> parse_phrase("not greater than 2,5 ⟦⟧")
    ('<=', 2.5, '')
    >>> parse_phrase("10 ⟦MW⟧ or more")
    ('>=', 10, 'MW')
    """
    return _PhraseTx().transform(threshold_parser().parse(span))


_CLAUSE_BREAK = re.compile(r"[;:|]|\.\s|\s(?:and|or|but|while|whereas|which|where)\s|,\s(?:and|or)\s|\]|\[")
_SCOPE_ENTITY = (r"(?:installations?|plants?|facilit(?:y|ies)|buildings?|vehicles?|vessels?|ships?|units?|motors?|"
                 r"engines?|boilers?|systems?|projects?|sites?|turbines?|pumps?|products?|equipment|devices?|"
                 r"appliances?|machines?|generators?|heat pumps?|dams?|reservoirs?|aircraft|trucks?|buses|"
                 r"land|areas?|forests?|holdings?|companies|undertakings|enterprises|establishments|"
                 r"apartments?|dwellings?|houses?|roads?|networks?|lines?|cables?|capacity|substances?|mixtures?)")
_SCOPE_LEFT = re.compile(
    rf"(?:\b(?:for|with|having|where|of|in|on|to)\s+(?:a |an |the |all |any |those |their )?(?:[\w()'’-]+\s+){{0,6}}?"
    rf"|\b{_SCOPE_ENTITY}\s+(?:of\s+)?)$", re.I)
_FINITE_VERB = re.compile(r"(?<![\w-])(?:is|are|was|were|be|been|has|have|had|do|does|did|shall|must|will|emits?|uses?|"
                          r"leads?|reduces?|consumes?|achieves?|meets?|complies|comply|closes?|derives?|reaches?|"
                          r"ensures?|amounts?|represents?|falls?|remains?|stays?|keeps?|demonstrates?|"
                          r"corresponds?)\b", re.I)
_REDUCTION_LEFT = re.compile(r"\b(?:requirements?|savings?|reduc(?:e[sd]?|ing|tions?)|improv(?:e[sd]?|ing|ements?)|"
                             r"decreas(?:e[sd]?|ing)|increas(?:e[sd]?|ing)|lower(?:s|ed|ing)?|cut(?:s|ting)?|gap)\b"
                             r"(?:\s+[\w()-]+){0,5}?\s+(?:of|by|in)\s+$", re.I)
_REFERENCE_LEFT = re.compile(r"\b(?:comparator|relative to|compared (?:to|with)|reference value|baseline|"
                             r"benchmark|default value|e\.g\.|for example|such as)\b[^;]*$", re.I)


@dataclass
class _Ctx:
    text: str
    claims: list[Claim]
    parent_op: Optional[str]
    strategy: Strategy
    hits: list[QuantHit] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


def _word_end(after: str, n: int) -> int:
    """Offset just past the n-th whitespace-separated word of ``after`` (0 when n == 0)."""
    end = 0
    for i, m in enumerate(re.finditer(r"\S+", after)):
        if i >= n:
            break
        end = m.end()
    return end


def _window_start(text: str, pos: int, hits: list[QuantHit], claims: list[Claim], cap: int = 110) -> int:
    start = max(0, pos - cap)
    for h in hits:
        if h.end <= pos:
            start = max(start, h.end)
    for c in claims:
        if c.kind in ("period", "date", "recurrence", "scope") and c.end <= pos:
            start = max(start, c.end)
    seg = text[start:pos]
    last = None
    for m in re.finditer(r"[;:|]|\.\s|\]|\[", seg):
        last = m
    if last:
        start += last.end()
    return start


def _find_operator(text: str, wstart: int, pos: int, claims: list[Claim], max_filler: int = 6):
    """Latest operator phrase in text[wstart:pos] whose distance to the number is an acceptable filler."""
    seg = text[wstart:pos]
    best = None
    for m in _op_regex().finditer(seg):
        s, e = wstart + m.start(), wstart + m.end()
        if _covered(claims, s, e):
            continue
        kind = m.lastgroup
        filler = text[e:pos].strip()
        words = filler.split()
        if re.search(r"\d", filler) or len(words) > max_filler or _CLAUSE_BREAK.search(" " + filler + " "):
            continue
        if kind == "EQ" and words:
            continue
        if words and re.match(r"the (?:maximum|minimum)", text[s:e], re.I):
            continue  # "assigned the maximum value of 5": a reference scale, not a limit
        if kind == "EQ" and best is not None:
            continue  # "is at least": keep the stronger operator found before
        best = (kind, s, e, filler)
    return best


def _negated(text: str, wstart: int, op_start: int) -> Optional[re.Match]:
    seg = text[max(wstart, op_start - 60):op_start]
    found = None
    for m in _neg_regex().finditer(seg):
        if re.match(r"\s*\.?\s*\d", seg[m.end():]) or seg[m.start():m.end()] == "No":
            continue  # "No 1907/2006"
        found = m
    if found and re.search(r"\b(?:where|which|that|when|if|whose|while|whereas)\b|[,;]", seg[found.end():]):
        found = None  # the negation belongs to another clause
    if found and not re.match(r"not only|no\s+(?:significant|later)", seg[found.start():], re.I):
        return found
    return None


def _sentence_end(text: str, pos: int) -> int:
    m = re.search(r"[;:]\s|\.\s(?=[A-Z(])|\s\|\s|\.?$", text[pos:])  # " | " joins table cells
    return pos + (m.start() if m else len(text) - pos)


def _sentence_start(text: str, pos: int) -> int:
    s = 0
    for m in re.finditer(r"[;:]\s|\.\s(?=[A-Z(])|\s\|\s|^", text[:pos]):  # " | " joins table cells
        s = m.end()
    return s


_LEAD_CLAUSE = re.compile(r"^\W*(?:(?:and|or|but)\s+)?(?:only\s+)?(?:until|from|for|where|when|if|after|before|by|in|"
                          r"as from|as of)\b[^,]*,\s*", re.I)
_METRIC_TAIL = re.compile(r"\s+(?:from|using|based on|calculated|measured|as defined|in accordance|during|"
                          r"by an?)\b.*$", re.I)
_NP_BEFORE_OP = re.compile(r"^\s*(?:an?|the)\s+((?:[\w()’'/-]+\s+){0,7}?[\w()’'/-]+)(?:\s+(?:of|in))?\s*$"
                           r"|(?:^|\s)(?:an?|the)\s+((?:[\w()’'/-]+\s+){0,5}?[\w()’'/-]+)\s+(?:of|in)\s*$", re.I)
_SHARE_AFTER = re.compile(r"^\s*(?:\([^)]*\)\s*)?of\s+([^()\[\],;.]{3,100}?)(?=\s*\(|\s+(?:is|are|come|comes|used|"
                          r"generated|must|shall|should|from|to|into)\b|[,;.]|$)", re.I)


_CONSISTS_SHARE = re.compile(r"^\s*of\s+(?P<whole>[^,;.]{3,60}?)\s+(?:(?:by|in)\s+(?:weight|mass|volume)\s+)?"
                             r"(?:consists?|comprises?|is\s+made\s+up|is\s+composed|is\s+made)\s+of\s+"
                             r"(?P<part>[^,;.]{3,80}?)(?:\s+for\s+(?P<cls>[^,;.]{3,60}?))?"
                             r"(?=\s+(?:and|or)\b|[,;.]|$)", re.I)


_CHANGE_BY = re.compile(r"\b(?P<v>reduc(?:es?|ing|ed)|decreas(?:es?|ing|ed)|cut(?:s|ting)?|lower(?:s|ing|ed)|"
                        r"improv(?:es?|ing|ed)|increas(?:es?|ing|ed))\s+(?P<obj>(?:the\s+|its\s+|their\s+)?[^,;]{3,90}?)"
                        r"\s+by\s*$", re.I)
_CHANGE_NOUN = {"redu": "Reduction", "decr": "Reduction", "cut": "Reduction", "cuts": "Reduction", "cutt": "Reduction",
                "lowe": "Reduction", "impr": "Improvement", "incr": "Increase"}


def _clean(s: str) -> str:
    s = re.sub(r"^\W*(?:and|or|but|that|where|if|when)\b\s*", "", s.strip(), flags=re.I)
    s = re.sub(r"^(?:the|a|an|its|their)\s+", "", s, flags=re.I)
    return s.strip(" ,;:")


def _subject(text: str, s0: int, op_start: int) -> tuple[str, Optional[re.Match], str, str]:
    """(subject, finite verb match, text between verb and operator, cleaned clause) of text[s0:op_start]."""
    clause = re.sub(r"\([^()]*,[^()]*\)", " ", text[s0:op_start])
    clause = re.sub(r"^\W*(?:or|and)\s+", "", clause.strip(" ,;:[]"))
    clause = re.sub(rf"^(?:from|until|as of|as from|after|before|by)\s+(?:\d{{1,2}}\s+)?(?:(?:{_MONTH})\s+)?"
                    r"(?:19|20)\d\d(?:\s+onwards)?,?\s*", "", clause, flags=re.I)
    while True:
        m = _LEAD_CLAUSE.match(clause)
        if not m or not _FINITE_VERB.search(clause[m.end():] + " is"):
            break
        clause = clause[m.end():]
    verb = _FINITE_VERB.search(clause)
    subj = clause[: verb.start()] if verb else clause
    between = clause[verb.end():] if verb else ""
    cut = re.search(r",?\s+as defined\b|,\s*(?:point|Article|including|excluding|such as|in particular|which)\b"
                    r"|\s+(?:restricted|listed|referred\s+to|set\s+out|laid\s+down)\s+(?:under|in|by)\s+(?:the\s+)?"
                    r"(?:Regulation|Directive|Decision|Annex|Article|Appendix)\b", subj)
    subj = subj[: cut.start()] if cut else subj
    subj = _METRIC_TAIL.sub("", _clean(subj))
    subj = " ".join(subj.split()[:10])
    subj = re.sub(r"\s+(?:to|of|for|in|at|by|with)$", "", subj)
    return subj, verb, between, clause


def _metric(text: str, op_start: int, filler: str, unit: UnitParse | None, relation: bool,
            after: str = "", wstart: Optional[int] = None) -> str:
    """A short noun phrase naming what is measured, taken from the text.

    Subject of the clause (leading "until D,"/"for X," clauses and asides removed), refined by a noun phrase
    right before the operator ("has a service lifetime no shorter than"), the filler ("a maximum water flow
    of"), a share ("at least 70 % of the waste"), a material ("mg of formaldehyde") or a product in the
    denominator ("t CO2e/t of hydrogen").  A clause that starts after a previous limit ("... and a maximum
    average flush volume of 3,5 litres") borrows the sentence subject.
    """
    s0 = _sentence_start(text, op_start)
    subj, verb, between, clause = _subject(text, s0, op_start)
    if wstart is not None and wstart > s0 and re.search(r"\w", text[wstart:op_start]):
        sentence_subj = subj
        subj, verb, between, clause = _subject(text, wstart, op_start)
        if not subj:
            subj = sentence_subj
    np_m = _NP_BEFORE_OP.search(between)
    np_ = _clean(np_m.group(1) or np_m.group(2)) if np_m else ""
    opened = max(clause.rfind("["), clause.rfind("("))
    unclosed = opened >= 0 and not re.search(r"[\])]", clause[opened:])
    local = clause[opened + 1:] if not verb and unclosed else ""  # "[resulting in ... lower than"
    local = re.sub(r"^\s*(?:resulting in|leading to|corresponding to|namely|i\.e\.)\s+", "", local.strip(), flags=re.I)
    if len(local.split()) >= 2 and not re.search(r"\bof$", local.strip()) and local.strip() != clause.strip():
        subj = _clean(local)
    fill = re.sub(r"^(?:an?|the)\s+", "", filler or "", flags=re.I)
    fill = re.sub(r"\s+of$", "", fill).strip()
    fill = "" if fill.lower() in ("average", "total", "threshold", "threshold value", "value", "level", "") else fill
    # "at least 50 %, in terms of weight, of the processed … waste": the share's base comes after the aside
    after = re.sub(r"^\s*,?\s*(?:in\s+terms\s+of|by|in)\s+(?:weight|mass|volume)\s*,?", "", after, flags=re.I)
    share = _SHARE_AFTER.match(after) if unit is not None and unit.unit == "%" else None
    consists = _CONSISTS_SHARE.match(after) if unit is not None and unit.unit == "%" else None
    if consists:  # "35 % of the packaging product by weight consists of recycled material for X"
        metric = f"Share of {_clean(consists.group('part'))} in {_clean(consists.group('whole'))}" + \
            (f" for {consists.group('cls').strip()}" if consists.group("cls") else "")
    elif unit is not None and unit.material:
        metric = unit.material
    elif fill:
        metric = f"{fill} of {subj}" if subj else fill
    elif np_:
        metric = f"{np_} of {subj}" if subj and verb and re.match(r"ha(?:ve|s)|uses?", verb.group(0), re.I) else np_
    elif share:
        metric = "Share of " + _clean(share.group(1))
    else:
        metric = subj
    metric = metric.strip()
    change = _CHANGE_BY.search(text[s0:op_start])
    if change and not consists and not (unit is not None and unit.material):
        # "reduces fuel consumption of the vessel by at least 15 %", "reducing the EEDI reference line by at least
        # 20 percentage points": the quantity is the change of the verb's object
        noun = _CHANGE_NOUN[change.group("v").lower()[:4]]
        metric = f"{noun} of {_clean(change.group('obj'))}"
    elif verb is not None and re.fullmatch(r"ha(?:ve|s)", verb.group(0), re.I) and \
            re.search(rf"(?:\b(?:that|which|who)|\b{_SCOPE_ENTITY})$", subj, re.I) and not fill and not np_:
        # "the vessels (that) have direct (tailpipe) CO2 emissions, calculated …, 50 % lower than": the object
        obj = re.match(r"\s*(?:an?\s+|the\s+)?([^,;]{3,90}?)(?:,|\s+\d|$)", between)
        metric = _clean(obj.group(1)) if obj else metric
    if metric and metric == subj and not fill and not np_ and verb is not None and unit is not None and \
            re.fullmatch(r"uses?|consumes?", verb.group(0), re.I) and "litre" in unit.unit:
        metric = f"Water use of {subj[:1].lower() + subj[1:]}"  # "urinals use a maximum of 2 litres/bowl/hour"
    if (not metric or metric == "Value") and verb is not None and re.match(r"ha(?:ve|s)\b", verb.group(0), re.I):
        obj = re.match(r"\s*(?:an?\s+|the\s+)?([^,;]{3,90}?)(?:,|\s+\d|$)", between)
        metric = _clean(obj.group(1)) if obj else metric  # "have direct (tailpipe) emissions of CO2 per tkm, ..."
    if unit and unit.product:
        metric = f"{metric} of {unit.product}" if metric else unit.product
    if relation:
        metric = f"{metric} reduction relative to the reference".strip()
    metric = metric.strip(" ,.")
    return (metric[:1].upper() + metric[1:]) if metric else "Value"


def _attach_periods(text: str, hits: list[QuantHit], periods: list[tuple[int, int, object]]) -> None:
    for ps, pe, period in periods:
        before = [h for h in hits if h.end <= ps and not re.search(r"[;]|\.\s", text[h.end:ps])]
        target = before[-1] if before else None
        if len(before) > 1 and re.search(r",\s*$", text[:ps]) and before[0].item.unit == "%" \
                and re.match(r"\s*of\s", text[before[0].end:]):
            # "more than 67 % of new capacity is below 100 g CO2e/kWh …, over a rolling five-year period": a period
            # set off by a comma closes the whole clause and qualifies its head value, the share, not the value
            # that defines which part of the whole is counted
            target = before[0]
        if target is None:
            after = [h for h in hits if h.start >= pe and not re.search(r"[;]|\.\s", text[pe:h.start])]
            target = after[0] if after else None
        if target is not None and target.item.period is None:
            target.item.period = period
    # "> 70 % in 7 days (> 80 % when adapted inoculum is used)": a bracketed variant of the same measurement
    # shares the period of the value it qualifies
    for prev, h in zip(hits, hits[1:]):
        if h.item.period is None and prev.item.period is not None and h.item.unit == prev.item.unit and \
                re.fullmatch(r"[^;.()]{0,40}\(\s*", text[prev.end:h.start]):
            h.item.period = prev.item.period


_VERBAL_OP = re.compile(r"(?:is|are|be|do|does|did|equals?|exceeds?|amounts?)\b", re.I)
_SCOPE_PREP = re.compile(r"\b(?:for|with|having)\s+(?:a |an |the |all |any |those |their )?(?:(?:[\w()'’/.-]+|\d[\d,]*)\s+){1,8}?$",
                         re.I)
_CONDITION_CLAUSE = re.compile(r"^\W*(?:where|if|when|in case|for|in the case of)\b[^,;]*$", re.I)
_CONDITION_START = re.compile(r"^\W*(?:where|if|when|in case|in the case of)\b", re.I)
def _in_leading_condition(text: str, pos: int) -> bool:
    """Is ``pos`` inside a sentence-initial "Where/If/When ..." clause (before its main clause starts)?"""
    s0 = _sentence_start(text, pos)
    head = text[s0:pos]
    if head.rstrip().endswith(","):
        return False  # ", at least 50 % of ...": the main clause starts with the limit
    if not _CONDITION_START.match(head):
        return False
    for seg in re.split(r",\s+", text[s0:pos + 12])[1:]:
        if re.match(r"(?:where|if|when|which|that|or|and|until|from|by|in|as|unless|provided|including|"
                    r"excluding|such)\b", seg, re.I):
            continue
        if _FINITE_VERB.search(seg):
            return False  # the main clause has started
    return True


def _scope(text: str, wstart: int, op_start: int, op_text: str = "") -> bool:
    """Does the number say WHO the rule applies to ("plants with thermal input greater than 1 MW")?"""
    rel = re.search(rf"\b{_SCOPE_ENTITY}\s+(?:where|whose|in\s+which)\b([^,;]{{0,80}})$", text[max(wstart - 60, 0):op_start],
                    re.I)
    if rel and not _FINITE_VERB.search(rel.group(1)) and not _in_leading_condition(text, op_start):
        return True  # "… a power production plant where the direct GHG emissions exceed 270 g": which plants
    if _VERBAL_OP.match(op_text or ""):
        # "is above", "does not exceed": a predicate, unless inside a leading "Where ..., " clause
        return bool(_CONDITION_CLAUSE.match(text[_sentence_start(text, op_start):op_start])) or \
            _in_leading_condition(text, op_start)
    if _in_leading_condition(text, op_start):
        return True
    left = text[max(wstart - 60, _sentence_start(text, op_start), 0):op_start]
    if re.search(rf"\b{_SCOPE_ENTITY}\s+(?:of\s+)?$", left, re.I):
        return True
    if re.search(r"\bin (?:a |the )?concentrations?\s+(?:of\s+)?$", left, re.I):
        return True
    if _CONDITION_CLAUSE.match(text[_sentence_start(text, op_start):op_start]):
        return True
    m = _SCOPE_PREP.search(left)
    if not m:
        return False
    if re.search(r"\b(?:and|or)\s*$", left):
        return False  # "… for non-contact packaging and at least 10 %": the for-phrase closed the previous item
    size_noun = re.search(r"\b(?:capacity|input|output|power|mass|weight|size|area|floor|length|tonnage|volume|"
                          r"load|rat(?:ed|ing)|lifespan|age|population|employees|turnover|surface|height|"
                          r"diameter|speed|distance|treating|serving)\b", left[m.start():], re.I)
    if not size_noun and not _FINITE_VERB.search(text):
        return False  # a verbless list item ("windows with U-value lower or equal to 1,0 W/m2K") IS the requirement
    if _FINITE_VERB.search(left[m.start():]):
        return False
    before = left[:m.start()].split()
    if before and re.match(r"(?:compl(?:y|ies|iance)|line|accordance|combined|associated|consistent|compatible|"
                           r"together|along|equipped|provided)", before[-1], re.I):
        return False
    return True


_TARGET_AFTER = re.compile(r"\s*(?:(?:and|or|,)\s*\d+(?:[.,]\d+)?\s*%\s*)*targets?\b"
                           r"(?:\s+for\s+(?P<what>[^,;.]{3,60}?)(?=\s+(?:applying|apply|applies|as\s+of|from|until|by|"
                           r"and|or)\b|[,;.]|$))?", re.I)
_QUALIFIER_AFTER = re.compile(r"\s*(?:(?:in|by)\s+(?:mass|weight|volume)\s+)?(?P<q>(?:for|in)\s+[^,;.\[\]]{3,60}?)"
                              r"(?=\s+(?:for|designated|where|which|that|and|or|as\s+well|relative|compared|in\s+analogy|"
                              r"calculated|measured|expressed|as\s+demonstrated|in\s+accordance|upon|within)\b|[,;.\[\]]|$)",
                              re.I)


def _subject_metric(parent_subject: str, text: str, s: int, unit: Optional[UnitParse], after: str) -> str:
    """An item with no subject of its own under a chapeau "<quantity> is/are:" ("Greenhouse gas emissions from the
    cement production processes are: (a) for grey cement clinker, lower than 0,816 tCO2e per tonne …"; "where the
    steel scrap input relative to product output is: (i) at least 70 % for the production of high alloy steel"):
    the chapeau's quantity, narrowed by the item's class."""
    lead_for = re.match(r"\W*for\s+([^,;:]{3,90}?)\s*,", text[:s])
    tail = _QUALIFIER_AFTER.match(after)
    if lead_for:
        return f"{parent_subject} for {lead_for.group(1).strip()}"
    if unit is not None and unit.product:
        return f"{parent_subject} of {unit.product}"
    if tail and tail.group("q").lower().startswith("for "):
        return f"{parent_subject} {tail.group('q').strip()}"
    return parent_subject


def _duration_metric(text: str, ws: int, we: int) -> str:
    """A relative duration's metric: the time from the event it counts from to the thing that must happen
    ("permanently withdrawn from use within 6 months of delivery of the compliant aircraft" -> "Time from delivery
    of the compliant aircraft until permanently withdrawn from use")."""
    s0 = _sentence_start(text, ws)
    what = re.sub(r"^\W*(?:and|or|but)\s+", "", text[s0:ws]).strip(" ,;:")
    if not what or re.search(r"\b(?:is|are|was|were|has|have|had|shall|must|will|does|do|starts?)\b", what) or \
            len(what.split()) > 10 or not re.match(r"[a-z]", what):
        return ""  # a full clause: left to the subject rules
    ev = re.match(r"\s*(?:of|from|after|following)\s+(?:the\s+)?([^,;.]{3,70}?)(?=\s+(?:in\s+which|which|where|and|or|"
                  r"if|when)\b|[,;.]|$)", text[we:])
    what = _clean(what)
    return f"Time from {ev.group(1).strip()} until {what}" if ev else f"Time until {what}"


_LIMIT_SEMANTICS = re.compile(
    r"\b(?:not|no|never)\b[^.;|]{0,120}?\b(?P<op>at\s+or\s+above|greater\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+"
    r"(?:above|greater\s+than)|above|greater\s+than|exceed(?:ing|s)?|in\s+excess\s+of)\s+(?:the\s+)?(?:[\w-]+\s+){0,5}?"
    r"limits?\b", re.I)


def limit_operator(text: Optional[str]) -> Optional[str]:
    """The operator a text gives the limits it refers to ("not … at or above the specified concentration limit" ->
    "<": the limit itself is not allowed; "not … exceeding the limit" -> "<=").

    >>> limit_operator("are not introduced to … component parts at or above the specified concentration limit.")
    '<'
    >>> limit_operator("emissions do not exceed the limits") is None, limit_operator("the limit values") is None
    (False, True)
    """
    m = _LIMIT_SEMANTICS.search(text or "")
    if not m:
        return None
    op = m.group("op").lower()
    return "<" if re.match(r"at\s+or|greater\s+than\s+or|equal", op) else "<="


def chapeau_subject(parent_text: Optional[str]) -> str:
    """The quantity a chapeau "<quantity> is/are:" introduces (its items give the values), else "".

    >>> chapeau_subject("Greenhouse gas emissions from the cement production processes are:")
    'Greenhouse gas emissions from the cement production processes'
    >>> chapeau_subject("steel in EAFs and where the steel scrap input relative to product output is:")
    'Steel scrap input relative to product output'
    """
    if not parent_text:
        return ""
    m = re.search(r"^(?P<head>.*?)\s+(?:is|are|shall\s+be|must\s+be|amounts?\s+to)\s*:\s*$", parent_text.strip(), re.I)
    if not m:
        return ""
    np_ = re.split(r",|;|\b(?:where|which|that|when|if|whose)\b", m.group("head"))[-1]
    np_ = _clean(np_)
    if not np_ or len(np_.split()) > 12 or _FINITE_VERB.search(np_):
        return ""
    return np_[:1].upper() + np_[1:]


def _coordinated_metric(prev_metric: str, after: str) -> str:
    """The metric of a limit coordinated with a previous one whose own lead names no quantity ("0,5 % in mass
    (the global sulphur limit) and 0,1 % in mass in emission control area (ECA)"; "at least 35 % of … for
    non-contact sensitive packaging and at least 10 % for contact sensitive packaging"): the previous metric,
    with this limit's own "for <class>"/"in <place>" qualifier in place of the previous one's."""
    if not prev_metric or prev_metric == "Value":
        return ""
    q = _QUALIFIER_AFTER.match(after)
    if not q:
        return prev_metric
    qual = q.group("q").strip()
    if qual.lower().startswith("for "):
        base = re.sub(r"\s+for\s+[^,;]*$", "", prev_metric)
    else:
        base = prev_metric
    return f"{base} {qual}"


def find_quantities(text: str, claims: list[Claim], parent_op: Optional[str] = None,
                    strategy: Strategy = "default", parent_metric: str = "", parent_subject: str = "",
                    limit_op: Optional[str] = None) -> tuple[list[QuantHit], list[QuantHit]]:
    """All numeric limits in ``text`` (and the scope conditions, separately)."""
    ctx = _Ctx(text, claims, parent_op, strategy)
    scopes: list[QuantHit] = []
    periods: list[tuple[int, int, object]] = []
    for m in PERIOD_RE.finditer(text):
        if _covered(claims, m.start(), m.end()):
            continue
        if m.group("life"):
            periods.append((m.start(), m.end(), LifetimePeriod()))
        elif m.group("n2") and m.group("u2") and not m.group("u2").lower().startswith("hour"):
            u = m.group("u2").lower().rstrip("s") + "s"
            periods.append((m.start(), m.end(), BoundedPeriod(value=parse_number(m.group("n2")), unit=u)))
        elif m.group("n") and m.group("u"):
            u = m.group("u").lower().rstrip("s") + "s"
            periods.append((m.start(), m.end(), BoundedPeriod(value=parse_number(m.group("n")), unit=u)))
        else:
            continue
        claims.append(Claim(m.start(), m.end(), "period", m.group(0)))

    # "starts within a three year period": a relative duration -> <= n years (spec §6)
    for m in re.finditer(rf"\bwithin\s+(?:a\s+|the\s+)?(?:period\s+of\s+)?(?P<n>\d+|{_NUMWORD})[- ]?(?P<u>year|month|day)s?"
                         r"(?:\s+period)?\b", text, re.I):
        if _covered(claims, m.start(), m.end()) or re.search(rf"\b{_SCOPE_ENTITY}\s+$", text[:m.start()], re.I):
            continue  # "for existing installations within 4 years": left to the scope rules
        item = QuantItem(metric=_duration_metric(text, m.start(), m.end()) or _metric(text, m.start(), "", None, False)
                         or "Duration", operator="<=",
                         value=parse_number(m.group("n")), unit=m.group("u").lower() + "s")
        ctx.hits.append(QuantHit(item, m.start(), m.end(), m.group("n"), "quantity:within-duration",
                                 value_start=m.start("n")))
        claims.append(Claim(m.start(), m.end(), "threshold", m.group(0)))

    # "as an annual average": the limit holds over one year
    for m in re.finditer(r"\b(?:as|on)\s+an?\s+annual\s+average(?:\s+basis)?\b", text, re.I):
        if not _covered(claims, m.start(), m.end()):
            periods.append((m.start(), m.end(), BoundedPeriod(value=1, unit="years")))
            claims.append(Claim(m.start(), m.end(), "period", m.group(0)))

    # "zero" as a predicate: "are zero" -> = 0
    for m in re.finditer(r"\b(?:is|are|be|being|equals?|equal to|amounts? to)\s+zero\b(?!\s*[-‑]?(?:emission|direct))"
                         r"|\b(?:have|has|having)\s+zero(?=\s+(?:direct\s+)?(?:\(tailpipe\)\s+|tailpipe\s+)?"
                         r"(?:CO2\s+|GHG\s+|greenhouse gas\s+)?emissions?\b)", text, re.I):
        zs = m.end() - 4
        up = parse_unit(text[m.end():])
        unit = up.unit if up and up.unit not in ("", "%") else ""
        metric = _metric(text, m.start(), "", None, False)
        if m.group(0).lower().startswith(("have", "has")):
            np_ = re.match(r"\s*([^;,.]*?\bemissions?)\b", text[m.end():])
            metric = (np_.group(1).strip()[:1].upper() + np_.group(1).strip()[1:]) if np_ else metric
            unit = ""
        item = QuantItem(metric=metric, operator="=", value=0, unit=unit)
        h = QuantHit(item, m.start(), m.end(), "zero", "quantity:zero", value_start=zs)
        ctx.hits.append(h)
        claims.append(Claim(m.start(), m.end(), "threshold", m.group(0)))

    nums = list(NUMBER_RE.finditer(text))
    for idx, m in enumerate(nums):
        s, e = m.start(), m.end()
        if _covered(claims, s, e):
            continue
        num_text = m.group(0)
        after = text[e:]
        unit = parse_unit(after)
        if re.match(r"\s*(?:million|billion|thousand)\b", after, re.I):
            continue  # "100 million inhabitants": a magnitude word, left to the completeness check
        if unit is None and after[:1].isalpha():
            claims.append(Claim(s, e, "word", num_text))  # "1A", "3rd": part of a word
            continue
        uend = e + _word_end(after, unit.n_words) if unit is not None else e
        unit_text = unit.unit if unit else ""
        # range "between 75 kW and 200 kW"
        wide = strategy == "wide"
        wstart = _window_start(text, s, ctx.hits, claims, cap=220 if wide else 110)
        pre = text[wstart:s]
        rng = re.search(r"\bbetween\s+$", pre, re.I)
        if rng:
            m2 = re.match(r"\s*(?:and|to|-|–)\s*(" + NUMBER_RE.pattern + r")", text[uend:])
            if m2:
                s2, e2 = uend + m2.start(1), uend + m2.end(1)
                unit2 = parse_unit(text[e2:])
                u = unit2.unit if unit2 else unit_text
                scope = _scope(text, wstart, wstart + rng.start())
                end2 = e2 + (_word_end(text[e2:], unit2.n_words) if unit2 else 0)
                metric = _metric(text, wstart + rng.start(), "", unit, False)
                lo = QuantHit(QuantItem(metric=metric, operator=">=", value=parse_number(num_text), unit=u or unit_text),
                              wstart + rng.start(), end2, num_text, "quantity:range", scope, s)
                hi = QuantHit(QuantItem(metric=metric, operator="<=", value=parse_number(m2.group(1)), unit=u or unit_text),
                              wstart + rng.start(), end2, m2.group(1), "quantity:range", scope, s2)
                (scopes if scope else ctx.hits).extend([lo, hi])
                claims.append(Claim(wstart + rng.start(), end2, "scope" if scope else "threshold", text[wstart + rng.start():end2]))
                continue
        to_m = re.match(r"\s*(?:to|-|–)\s*(" + NUMBER_RE.pattern + r")", text[uend:])
        if to_m and re.search(r"\bfrom\s+$", pre, re.I):
            rng = re.search(r"\bfrom\s+$", pre, re.I)  # "from 50 to 100 MW": a range like "between"
            m2 = to_m
            s2, e2 = uend + m2.start(1), uend + m2.end(1)
            unit2 = parse_unit(text[e2:])
            u = unit2.unit if unit2 else unit_text
            end2 = e2 + (_word_end(text[e2:], unit2.n_words) if unit2 else 0)
            scope = _scope(text, wstart, wstart + rng.start())
            metric = _metric(text, wstart + rng.start(), "", unit, False)
            pair = [QuantHit(QuantItem(metric=metric, operator=">=", value=parse_number(num_text), unit=u),
                             wstart + rng.start(), end2, num_text, "quantity:range", scope, s),
                    QuantHit(QuantItem(metric=metric, operator="<=", value=parse_number(m2.group(1)), unit=u),
                             wstart + rng.start(), end2, m2.group(1), "quantity:range", scope, s2)]
            (scopes if scope else ctx.hits).extend(pair)
            claims.append(Claim(wstart + rng.start(), end2, "scope" if scope else "threshold", text[wstart + rng.start():end2]))
            continue
        if to_m and not re.search(r"\bbetween\s+$", pre, re.I):
            s2, e2 = uend + to_m.start(1), uend + to_m.end(1)
            unit2 = parse_unit(text[e2:])
            end2 = e2 + (_word_end(text[e2:], unit2.n_words) if unit2 else 0)
            claims.append(Claim(s, end2, "reference", text[s:end2]))  # "10 to 30 years climate projections"
            continue
        op = _find_operator(text, wstart, s, claims, max_filler=12 if wide else 6)
        if op is not None and op[0] == "EQ" and text[op[1]:op[2]] == "=" and parent_op:
            op = None  # "hot metal = 1,331 tCO2e/t": a value in a list whose chapeau states the operator
        right = text[uend:uend + 40]
        rel = re.match(r"\s*(?:lower than|less than|below|smaller than|better than)\b", right, re.I)
        ormore = re.match(r"\s*or\s+(?:more|higher|greater|above)\b", right, re.I)
        orless = re.match(r"\s*or\s+(?:less|lower|below)\b", right, re.I)
        rule = "quantity:operator"
        op_text = None
        neg = None
        if op is not None:
            kind, os_, oe, filler = op
            op_text = text[os_:oe]
            neg = _negated(text, wstart, os_)
            start = neg.start() + max(wstart, os_ - 60) if neg else os_
            span = f"{'not ' if neg else ''}{op_text} {filler} {num_text} ⟦{unit_text}⟧"
            if rel and unit_text == "%":
                span += " lower than"
        else:
            kind, filler, start = None, "", s
            if ormore:
                span = f"{num_text} ⟦{unit_text}⟧ or more"
            elif orless:
                span = f"{num_text} ⟦{unit_text}⟧ or less"
            elif rel and unit_text == "%":
                span = f"{num_text} ⟦{unit_text}⟧ lower than"
            else:
                span = f"{num_text} ⟦{unit_text}⟧"
        try:
            operator, value, unit_norm = parse_phrase(span)
        except UnexpectedInput:
            ctx.rules.append(f"unparsed:{span}")
            continue
        if ormore or orless:
            operator = ">=" if ormore else "<="
            rule = "quantity:or-more"
        end = uend + (ormore or orless).end() if (ormore or orless) else uend
        if rel and unit_text == "%":
            end = uend + rel.end()
        prev = next((h for h in reversed(ctx.hits) if h.item.unit == unit_norm), None)
        if operator is None:
            # no operator of its own: chapeau operator, coordination, reduction context, or nothing
            lead = text[wstart:s]
            if parent_op and not ctx.hits and not text[:s].strip(" (—–-").replace("the", "").strip():
                operator, rule = parent_op, "quantity:chapeau-operator"
            elif parent_op and not ctx.hits and (len(text[:s].split()) <= 3 or (
                    text[:s].rstrip().endswith(":") and not _FINITE_VERB.search(text[:s]))):
                operator, rule = parent_op, "quantity:chapeau-operator"
            elif _REFERENCE_LEFT.search(lead):
                claims.append(Claim(s, uend, "reference", text[s:uend]))
                continue
            elif unit_norm == "%" and _TARGET_AFTER.match(text[uend:]):
                operator, rule = ">=", "quantity:target"  # "35 % and 10 % targets for recycled feedstock"
            elif limit_op and " | " in text and re.search(r"\|\s*$", text[:s]) and re.fullmatch(r"\s*(?:\|.*)?", text[uend:]):
                operator, rule = limit_op, "quantity:table-limit"  # a table's limit column: "… | 0,0050 % w/w"
            elif prev is not None and prev.item.unit == unit_norm and not re.search(r"\d", lead) and (
                    re.match(r"^\W*(?:and|or|,)\s", lead + " ") or (
                    re.search(r"(?:\band|\bor|,)\s*$", lead) and not _FINITE_VERB.search(lead)
                    and len(lead.split()) <= 10)):
                operator, rule = prev.item.operator, "quantity:coordinated"
            elif _REDUCTION_LEFT.search(text[max(0, s - 80):s]) and unit_norm == "%":
                operator, rule = ">=", "quantity:reduction"
            elif unit_norm == "%" and re.match(r"\s*(?:reduction|decrease|cut|saving)s?\s+(?:in\s+[^,;.]{1,60}?\s+)?"
                                               r"(?:compared|relative|in\s+comparison|below|against)\b",
                                               text[uend:uend + 100], re.I):
                operator, rule = ">=", "quantity:reduction-noun"  # "aim at a 30 % reduction compared to X"
            elif re.search(r"\btolerances?\b(?:\s+(?:level|of|margin))?\s*(?:±|\+/-|plus\s+or\s+minus)\s*$",
                           text[max(0, s - 40):s], re.I):
                operator, rule = "<=", "quantity:tolerance"  # "tolerance level ± 25 %": deviation at most 25 %
            elif unit_norm == "%" and _TARGET_AFTER.match(text[uend:]):
                operator, rule = ">=", "quantity:target"  # "35 % and 10 % targets for recycled feedstock"
            else:
                continue  # a number with a unit but no limit: left for the completeness check
        elif rel and unit_text == "%":
            rule = "quantity:relative-reduction"
        if unit is None and op is None and rule not in ("quantity:chapeau-operator", "quantity:coordinated"):
            continue
        if unit is None and op is not None and op[0] == "EQ":
            continue  # "is 5" without a unit is too weak to be a limit
        scope = op is not None and _scope(text, wstart, op[1], op_text or "") or (
            (ormore or orless) is not None and _scope(text, wstart, s))
        if not scope and op is not None and re.search(r"\b(?:that|which)\s+(?:is|are)\s+$", text[max(0, op[1] - 20):op[1]]) \
                and re.search(r"\b(?:is|are)\s+(?:not\s+)?(?:compliant|eligible|excluded|covered|allowed|permitted)\b",
                              text[uend:_sentence_end(text, uend)]):
            scope = True  # "… a plant that is more GHG intensive than 100 g CO2e/kWh … is not compliant": which plants
        if not scope and op is not None and re.fullmatch(r"[<>≤≥]=?", op_text or "") and \
                re.search(r"%\s+of\s+[\w-]+\s*$", text[max(0, op[1] - 40):op[1]]):
            scope = True  # "removing at least 75 % of microplastics > 5 μm": which microplastics
        if not scope and op is not None and re.fullmatch(r"[<>≤≥]=?", (op_text or "").strip()) and \
                not _FINITE_VERB.search(text[_sentence_start(text, op[1]):op[1]]) and \
                not re.search(r"\bof\s*$", text[:op[1]]) and \
                re.match(r"\s*(?:do|does|are|is|shall|must|have|has|contain|may|will)\b", text[end:]):
            scope, rule = True, "scope:subject-size"  # "Plastic parts > 25 g do not contain …": which parts
        if not scope and op is not None and text[op[1]:op[2]] == "=" and \
                re.search(r"\bwith\s+[A-Z][\w/]*\s*$", text[max(0, op[1] - 30):op[1]]):
            scope = True  # "after a leaching test with L/S = 10 l/kg": a test condition, not a limit
        if not scope and scopes and op is not None and \
                re.fullmatch(r"\s*(?:and|or|but)\s*", text[scopes[-1].end:start]):
            scope = True  # "greater than 5,7 t and less than or equal to 60 t": the same scope band
        prev_end = max((h.end for h in ctx.hits if h.end <= s), default=None)
        metric = _metric(text, op[1] if op else s, filler, unit, False, text[uend:uend + 160], prev_end)
        if metric == "Value" and op is not None and re.search(r"\blimits?\s+(?:at|to)\s*$", text[max(0, op[1] - 12):op[2]]):
            tail = re.match(r"\s*(?:the\s+)?(.{3,120}?)(?=\s+(?:after|based\s+on|with|in\s+accordance|according)\b|[,;.]|$)",
                            text[uend:])
            if tail:  # "limit at 6 % the Total Organic Carbon (TOC) maximum concentration in …": the metric follows
                metric = _clean(tail.group(1))[:1].upper() + _clean(tail.group(1))[1:]
        if rule == "quantity:table-limit":
            cells = [c.strip() for c in text.split(" | ")]
            subj2 = _subject(cells[1], 0, len(cells[1]))[0] if len(cells) > 2 else ""
            what = subj2 if subj2 and len(subj2.split()) <= 8 else cells[0]
            metric = f"Concentration of {what[:1].lower()}{what[1:]}"
        elif operator == "=" and op is not None and _VERBAL_OP.match(op_text or "") and \
                re.search(r"\blimits?\b", text[_sentence_start(text, start):start], re.I):
            # "The individual concentration limits for PAHs … is 1 mg/kg": a limit value is a maximum
            operator, rule = limit_op or "<=", "quantity:limit-value"
            metric = re.sub(r"\s*\blimits?\b(?:\s+(?:value|values))?\s*(?:for|of)?\s+", " of ", metric, count=1)
        metric = re.sub(r"\b(concentration|emission|content)\s+limits?\s+(?:value\s+)?(?:for|of)\s+", r"\1 of ", metric,
                        flags=re.I)  # "concentration limit for the 18 listed PAHs" -> the concentration measured
        if rule == "quantity:target":
            tm = _TARGET_AFTER.match(text[uend:])
            prev_t = next((h for h in reversed(ctx.hits) if h.rule == "quantity:target"), None)
            metric = (f"Share of {_clean(tm.group('what'))}" if tm.group("what") else
                      prev_t.item.metric if prev_t is not None else "Target share")
        elif rule == "quantity:coordinated" and prev is not None and \
                re.fullmatch(r"[\W]*(?:and|or)?[\W]*", text[wstart:s]):
            metric = _coordinated_metric(prev.item.metric, text[uend:uend + 160]) or metric  # "… and 70 % for X"
        elif ctx.hits and (metric == "Value" or re.match(r"(?:In|Of|By|At|For|And|Or|With)\b", metric)):
            metric = _coordinated_metric(ctx.hits[-1].item.metric, text[uend:uend + 160]) or metric
        elif parent_subject and (metric == "Value" or metric.startswith("For ")):
            metric = _subject_metric(parent_subject, text, s, unit, text[uend:uend + 160])
        if rule == "quantity:relative-reduction" and not re.search(r"\b(?:reduc|sav|lower|decreas|improv)", metric, re.I):
            ref = re.match(r"\s*(?:lower than|less than|below|smaller than|better than)\s+((?:the\s+)?[^,;.]{3,80}?)"
                           r"(?=\s+(?:defined|calculated|set|as|in\s+accordance|for|of\s+\d|which|that)\b|[,;.]|$)",
                           text[uend:uend + 160], re.I)
            metric = f"Reduction of {metric[:1].lower()}{metric[1:]}" + (f" below {ref.group(1)}" if ref else "")
        if rule == "quantity:reduction-noun":
            tail = re.match(r"\s*([^,;.]{3,90})", text[uend:])
            metric = _clean(tail.group(1))[:1].upper() + _clean(tail.group(1))[1:] if tail else metric
        if rule == "quantity:chapeau-operator" and parent_metric:
            lead = re.sub(r"[:\s]+$", "", text[:s]).strip()
            metric = parent_metric + (f" {lead}" if lead and not re.match(r"^[(\[]?$", lead) else "")
            if unit is not None and unit.product and unit.product.lower() not in metric.lower():
                metric += f" of {unit.product}"
        item = QuantItem(metric=metric, operator=operator, value=value, unit=unit_norm)
        hit = QuantHit(item, start, end, num_text, rule, scope, s)
        if scope:
            scopes.append(hit)
            claims.append(Claim(start, end, "scope", text[start:end]))
        else:
            ctx.hits.append(hit)
            claims.append(Claim(start, end, "threshold", text[start:end]))
    ctx.hits.sort(key=lambda h: h.start)
    _attach_periods(text, ctx.hits, periods)
    return ctx.hits, scopes


# ---------------------------------------------------------------------------------------------------------------
# the decision function


def chapeau_operator(parent_text: Optional[str]) -> Optional[str]:
    """The operator a chapeau states for its items ("values not exceeding:" -> "<=").

    >>> chapeau_operator("the GHG intensity does not exceed the following limits:")
    '<='
    >>> chapeau_operator("The activity meets either of the following criteria:") is None
    True
    """
    if not parent_text or not parent_text.rstrip().endswith(":"):
        return None
    tail = parent_text.rstrip()[:-1]
    tail = tail[max(0, len(tail) - 80):]
    found = None
    for m in _op_regex().finditer(tail):
        if m.lastgroup != "EQ":
            found = m
    if not found:
        return None
    rest = tail[found.end():]
    if re.search(r"\d", rest) or len(rest.split()) > 5:
        return None
    if re.search(r"\b(?:one|two|three|four|five|all|each|any|either|both)\b(?:\s+\w+)?\s+of\b", rest, re.I):
        return None  # "at least one of the following:" counts criteria, it states no limit
    op = _OPS[found.lastgroup.lower()]
    neg = _negated(tail, 0, found.start())
    return _FLIP[op] if neg else op


def chapeau_metric(parent_text: Optional[str]) -> str:
    """What the chapeau says is measured ("the GHG intensity does not exceed the following limits:" -> "GHG
    intensity"); "" when it says nothing usable."""
    if not parent_text or chapeau_operator(parent_text) is None:
        return ""
    tail = parent_text.rstrip()[:-1]
    found = None
    for m in _op_regex().finditer(tail):
        if m.lastgroup != "EQ":
            found = m
    neg = _negated(tail, 0, found.start())
    pos = neg.start() + max(0, found.start() - 60) if neg else found.start()
    metric = _metric(tail, pos, "", None, False)
    return "" if metric == "Value" else metric


_FN_PERIOD = re.compile(rf"\b(?P<n>\d+|{_NUMWORD})[- ](?P<u>day|month|year|hour)s?\s+(?:test|measurement|averaging|"
                        rf"sampling)\s+period|\b(?:test|measurement|averaging|sampling)\s+period\s+of\s+"
                        rf"(?P<n2>\d+|{_NUMWORD})\s+(?P<u2>day|month|year)s?\b", re.I)
_STOPWORDS = {"threshold", "thresholds", "emissions", "emission", "relate", "period", "values", "value", "which",
              "where", "these", "those", "their", "other", "shall"}


def _footnote_periods(hits: list[QuantHit], footnotes: tuple[str, ...], rules: list[str]) -> None:
    """A footnote of the node that fixes a test/measurement period ("The emissions thresholds for carcinogenic
    volatile organic compounds relate to a 28-day test period") sets the period of the item it names."""
    for fn in footnotes:
        m = _FN_PERIOD.search(fn)
        if not m:
            continue
        n, u = (m.group("n"), m.group("u")) if m.group("n") else (m.group("n2"), m.group("u2"))
        if u.lower().startswith("hour"):
            continue
        period = BoundedPeriod(value=parse_number(n), unit=u.lower() + "s")
        words = {w.lower() for w in re.findall(r"[A-Za-z]{5,}", fn)} - _STOPWORDS
        scored = []
        for h in hits:
            mw = {w.lower() for w in re.findall(r"[A-Za-z]{5,}", h.item.metric)}
            scored.append((len(words & mw), h))
        best = max((sc for sc, _ in scored), default=0)
        targets = [h for sc, h in scored if sc == best and sc > 0] or (hits if len(hits) == 1 else [])
        for h in targets:
            if h.item.period is None:
                h.item.period = period
                rules.append("period:footnote")


_NOUN_PAIR = re.compile(r"\b(?:of|per|in|for|from|by|with)\s+(?:(?:the|a|an)\s+)?(?:[a-z][\w-]*\s+)?[a-z][\w-]*\s+(?:or|and)\s+"
                        r"(?!(?:less|more|lower|higher|above|below|at|not|no|equal|up|over|under|the|a|an|where|if|"
                        r"when|for)\b)[a-z][\w-]*\b")


def _logic(text: str, hits: list) -> Optional[str]:
    if len(hits) < 2:
        return None
    for a, b in zip(hits, hits[1:]):
        # "per m3 of material or component": an "or" joining two nouns of a phrase is not between the items
        seg = text[a.start:b.start]
        masked = _NOUN_PAIR.sub(lambda m: " " * len(m.group(0)), seg)
        between = masked[a.end - a.start:]
        if (re.search(r"\bor\b", between) and not re.search(r"\band/or\b", between)) or \
                re.search(r"\b(?:alternatively|as an alternative)\b", between, re.I):
            return "OR"
    return "AND"


def successive_regimes(temporals: list[TemporalHit], quants: list[QuantHit]) -> list[TemporalHit]:
    """The effective_from/until dates of one node that each delimit a different group of its limits (successive
    regimes: "until 2028, at least 35 % …. From 2028, at least 65 % …"; "35 % targets applying as of 2028 and
    65 % targets applying as of 2032").  Put on the node they would make it apply only where the regimes overlap
    (or never); the IR's items carry no dates, so the caller leaves them off the node and reports it.
    Two bounds qualify when a limit lies between them and another lies outside them."""
    bounds = [h for h in temporals if h.item.type in ("effective_from", "effective_until")]
    if len(bounds) < 2 or len(quants) < 2:
        return []
    first, last = bounds[0], bounds[-1]
    between = [q for q in quants if first.end <= q.start and q.end <= last.start]
    outside = [q for q in quants if q.end <= first.start or q.start >= last.end]
    return bounds if between and outside else []


def _dedupe(items: list, key) -> list:
    seen, out = set(), []
    for it in items:
        k = key(it)
        if k not in seen:
            seen.add(k)
            out.append(it)
    return out


def decide(text: str, parent_text: Optional[str] = None, *, strategy: Strategy = "default",
           footnotes: tuple[str, ...] = ()) -> ThresholdDecision:
    """Extract the threshold of one criterion's own text.

    ``parent_text`` is the parent node's text (its chapeau may state the operator).  ``strategy`` selects an
    alternative on an ODR repair: ``"drop_ungrounded"`` keeps only items whose numbers are in the text,
    ``"wide"`` widens the operator capture (a longer window and up to 12 filler words between the operator
    phrase and the number: "does not exceed, for the whole fleet of new vessels, 5 %").

    >>> d = decide("until 31 December 2025, specific emissions of CO2 are lower than 50 g CO2/km")
    >>> d.threshold.quantitative.items[0].unit, d.threshold.temporal.items[0].to_json()
    ('g CO2/km', {'type': 'effective_until', 'date': '2025-12-31'})
    >>> decide("For combustion plants with thermal input greater than 1 MW, emissions are low.").threshold is None
    True
    """
    d = _decide_cached(text or "", parent_text, strategy, tuple(footnotes))
    # a fresh Threshold per call: callers attach it to nodes and later passes may edit it
    thr = Threshold.model_validate(d.threshold.model_dump()) if d.threshold is not None else None
    return dataclasses.replace(d, threshold=thr, quantities=list(d.quantities), temporals=list(d.temporals),
                               scope_conditions=list(d.scope_conditions), claims=list(d.claims),
                               unclaimed=list(d.unclaimed), rules=list(d.rules), regimes=list(d.regimes))


@lru_cache(maxsize=4096)
def _decide_cached(text: str, parent_text: Optional[str], strategy: Strategy,
                   footnotes: tuple[str, ...] = ()) -> ThresholdDecision:
    text = text or ""
    claims = _citation_claims(text)
    rules: list[str] = []
    temporals = find_temporal(text, claims)
    quants, scopes = find_quantities(text, claims, chapeau_operator(parent_text), strategy,
                                     chapeau_metric(parent_text), chapeau_subject(parent_text),
                                     limit_operator(text) or limit_operator(parent_text))
    # relative durations ("within 10 years") are quantities; keep them, but never a date's year as a value
    q_items = _dedupe([h for h in quants], lambda h: (h.item.operator, h.item.value, h.item.unit, h.value_start))
    if strategy == "drop_ungrounded":
        q_items = [h for h in q_items if h.number_text == "zero" or h.number_text in text]
    if footnotes:
        _footnote_periods(q_items, footnotes, rules)
    t_items = _dedupe(temporals, lambda h: tuple(sorted(h.item.to_json().items())))
    regimes = successive_regimes(t_items, q_items)
    if regimes:
        t_items = [h for h in t_items if h not in regimes]
        rules.append("temporal:successive-regimes")
        leading = regimes[0].start < q_items[0].start  # "until D, X …" vs "X … applying as of D"
        for q in q_items:  # each limit names its regime (the IR's items carry no dates)
            gov = [b for b in regimes if b.end <= q.start] if leading else [b for b in regimes if b.start >= q.end]
            b = (gov[-1] if leading else gov[0]) if gov else None
            if b is not None:
                q.item.metric = f"{q.item.metric} ({text[b.start:b.end][:1].lower()}{text[b.start:b.end][1:]})"
    unclaimed = []
    for m in NUMBER_RE.finditer(text):
        if not _covered(claims, m.start(), m.end()):
            unclaimed.append(Claim(m.start(), m.end(), "unclaimed", m.group(0)))
    quant = QuantitativeThreshold(logic=_logic(text, q_items), items=[h.item for h in q_items]) if q_items else None
    temp = TemporalThreshold(logic=_logic(text, t_items), items=[h.item for h in t_items]) if t_items else None
    thr = Threshold(quantitative=quant, temporal=temp) if (quant or temp) else None
    conf = 1.0
    conf -= 0.1 * len(unclaimed)
    conf -= 0.1 * sum(1 for h in q_items if h.rule in ("quantity:coordinated", "quantity:reduction",
                                                       "quantity:chapeau-operator"))
    conf -= 0.05 * sum(1 for h in q_items if h.item.metric == "Value")
    rules.extend(sorted({h.rule for h in q_items} | {h.rule for h in t_items}))
    return ThresholdDecision(threshold=thr, confidence=round(max(0.3, min(1.0, conf)), 3), quantities=q_items,
                             temporals=t_items, scope_conditions=scopes, claims=sorted(claims, key=lambda c: c.start),
                             unclaimed=unclaimed, rules=rules,
                             regimes=[text[h.start:h.end] for h in regimes])
