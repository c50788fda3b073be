"""Units: the text right after a number -> a normalised unit (``unit.lark``), with product and material."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from lark import Token, Transformer, UnexpectedInput

from regc.grammar.thresholds.lexicon import _DENOM_FORMS, _GENERIC_DENOMS, _UNIT_WORD_FORMS, PRODUCT_NAMES
from regc.grammar.thresholds.patterns_limits import _PRODUCT_NAME_SLASH
from regc.grammar.thresholds.parsers import unit_parser
from regc.grammar.thresholds.patterns import _RATE_TIME_BASE, _UNIT_STOP, _UNIT_WORD_RUN
from regc.grammar.prefilter import prefilter_namespace


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
    >>> u = parse_unit("tCO2e/t of ethylene oxide/glycol;"); (u.unit, u.product)
    ('t CO2e/t', 'ethylene oxide')
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
    s, skipped = _rate_time_base(s)
    slash = _PRODUCT_NAME_SLASH.search(s)
    if slash:  # "tCO2e/t of ethylene oxide/glycol": the product name ends the unit (spec §6 units)
        s = s[: slash.end()]
    # the unit may be glued to the number ("270g", "550kgCO2e/kW"); stop at clause punctuation
    m = re.search(r"[,;:()\[\]]|\.(?:\s|$)", s)
    s = s[: m.start()] if m else s
    m = _UNIT_STOP.search(s)
    s = s[: m.start()] if m else s
    up = _parse_unit_words(tuple(s.split()[:max_words]))
    if up is not None and skipped and up.unit.endswith("/year"):
        up = UnitParse(up.unit, up.product, up.material, up.n_words + skipped)  # the "(p.e.)" the rate skipped
    return up


def _rate_time_base(s: str) -> tuple[str, Optional[int]]:
    """A rate's time base joins the unit and ends it (spec §7 TH2): "kWh per population equivalent (p.e.) per annum
    for …" -> "kWh per population equivalent per year" (returned with the number of source words the abbreviation in
    brackets held, 1, else None); "per annum" / "a year" / "per year" -> "per year".

    >>> _rate_time_base("kWh per population equivalent (p.e.) per annum for plants")
    ('kWh per population equivalent per year', 1)
    >>> _rate_time_base("t a year of waste"), _rate_time_base("times a year")
    (('t per year', None), ('times a year', None))
    """
    m = _RATE_TIME_BASE.match(s)
    if not m or len(m.group("head").split()) > 6:
        return s, None
    return m.group("head") + " per year", (1 if m.group("abbr") else None)


def unit_window(text: str, pos: int, words: int = 16) -> str:
    """The text after ``pos`` up to the whitespace after its ``words``-th word (all of it when shorter): all that
    :func:`parse_unit` (14 words at most) can read, so ``parse_unit(unit_window(text, e))`` equals
    ``parse_unit(text[e:])`` without copying the rest of a long text.

    >>> unit_window("5 g CO2e/kWh of the output", 0, 3)
    '5 g CO2e/kWh '
    """
    m = None
    for i, m in enumerate(_UNIT_WORD_RUN.finditer(text, pos), 1):
        if i == words:
            break
    else:
        return text[pos:]
    return text[pos:m.end() + 1]


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

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
