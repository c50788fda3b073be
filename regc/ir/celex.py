"""CELEX identifiers: format validation, construction from a printed act number, recovery and a registry hook.

Sector-3 CELEX = ``3`` + 4-digit year + type letter (R regulation, L directive, D decision, H recommendation)
+ the act number zero-padded to 4 digits (paper Appendix E.2: extract year and number, determine the type,
construct, validate).

>>> make_celex(2018, "R", 1999)
'32018R1999'
>>> is_valid_celex("31992L0043")
True
>>> celex_from_parts("Directive", "92/43/EEC").celex
'31992L0043'
>>> celex_from_parts("Regulation", "1893/2006", has_no=True).celex
'32006R1893'
>>> celex_from_parts("Regulation", "2018/1999", series="EU").celex
'32018R1999'
>>> celex_from_parts("Directive", "34/2012/EU").celex   # transposed in the source, recovered
'32012L0034'
>>> recover_celex("2018R1999")
'32018R1999'
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

_CELEX = re.compile(r"^3(19[5-9]\d|20\d\d)([RLDH])(\d{4})$")
TYPE_LETTERS = {"regulation": "R", "directive": "L", "decision": "D", "recommendation": "H"}
MAX_YEAR = _dt.date.today().year + 1


def is_valid_celex(s: str) -> bool:
    """Format check only (year 1950..next year, type letter, 4-digit number > 0)."""
    m = _CELEX.match(s or "")
    return bool(m) and int(m.group(1)) <= MAX_YEAR and int(m.group(3)) > 0


def make_celex(year: int | str, type_letter: str, number: int | str) -> str:
    """Sector 3 CELEX: '3' + 4-digit year + type letter + number zero-padded to 4 digits."""
    y = _full_year(int(year))
    out = f"3{y:04d}{type_letter.upper()}{int(number):04d}"
    if not is_valid_celex(out):
        raise ValueError(f"cannot build a CELEX id from year={year!r} type={type_letter!r} number={number!r}")
    return out


def _full_year(y: int) -> int:
    if y < 100:  # two-digit years in old citations ("92/43/EEC", "338/97")
        y += 1900 if y >= 50 else 2000
    return y


def type_letter(act_type: str) -> Optional[str]:
    """'Implementing Decision' -> 'D', 'Directives' -> 'L'; None when the word names no act type."""
    w = act_type.strip().split()[-1].lower().rstrip("s") if act_type.strip() else ""
    return TYPE_LETTERS.get(w)


@dataclass(frozen=True)
class CelexDecision:
    """The outcome of one CELEX construction, with how sure the rule is (for a later DSPy arbiter)."""

    celex: Optional[str]
    year: Optional[int]
    number: Optional[int]
    rule: str
    confidence: float


def _plausible_year(s: str) -> bool:
    if len(s) == 4:
        return 1950 <= int(s) <= MAX_YEAR
    return len(s) == 2  # two-digit years exist in old numbers only


def celex_from_parts(act_type: str, number: str, *, series: str | None = None, has_no: bool = False) -> CelexDecision:
    """Build a CELEX id from the act type word and the printed number ``a/b[/SERIES]``.

    Order rules (E.2 step 1): ``No n/yyyy`` and old regulations put the number first; directives, decisions,
    recommendations and post-2015 "(EU) yyyy/n" acts put the year first.  Where only one part can be a year,
    that part is the year.
    """
    letter = type_letter(act_type)
    parts = number.split("/")
    if letter is None or len(parts) < 2 or not (parts[0].isdigit() and parts[1].isdigit()):
        return CelexDecision(None, None, None, "not-an-act-number", 0.0)
    a, b = parts[0], parts[1]
    suffix = parts[2] if len(parts) > 2 else None
    a_year, b_year = _plausible_year(a), _plausible_year(b)
    if has_no:
        year, num, rule, conf = b, a, "no-number-first", 0.98
    elif a_year and not b_year:
        year, num, rule, conf = a, b, "year-first(only-a-is-a-year)", 0.97
    elif b_year and not a_year:
        year, num, rule, conf = b, a, "number-first(only-b-is-a-year)", 0.95
    elif letter == "R" and (series or "").upper() in {"EC", "EEC", "CE"} and suffix is None:
        year, num, rule, conf = b, a, "old-regulation-number-first", 0.85
    else:
        year, num, rule, conf = a, b, "year-first", 0.9
    try:
        celex = make_celex(year, letter, num)
    except ValueError:
        # E.2 step 4: recover from transposed parts ("Directive 34/2012/EU" printed for 2012/34/EU)
        try:
            if len(num) not in (2, 4):
                raise ValueError(num)
            celex = make_celex(num, letter, year)
        except ValueError:
            return CelexDecision(None, None, None, f"{rule}:invalid", 0.0)
        return CelexDecision(celex, _full_year(int(num)), int(year), f"{rule}:transposed-recovered", 0.5)
    return CelexDecision(celex, _full_year(int(year)), int(num), rule, conf)


_RECOVER = re.compile(r"^\s*3?\s*(\d{4})\s*([RLDHrldh])\s*(\d{1,4})\s*$")


def recover_celex(s: str) -> Optional[str]:
    """Repair common malformations (missing sector prefix, unpadded number, lower case): '2018R1999' ->
    '32018R1999', '32013h179' -> '32013H0179'.  None when nothing valid can be made."""
    if is_valid_celex(s):
        return s
    m = _RECOVER.match(s or "")
    if not m:
        return None
    try:
        return make_celex(m.group(1), m.group(2), m.group(3))
    except ValueError:
        return None


# ---------------------------------------------------------------------------------------------------------------
# registry lookup hook (E.2 "verified against EUR-Lex"): offline, a lookup answers True/False/None (unknown)

Registry = Callable[[str], Optional[bool]]
_registry: Optional[Registry] = None


def set_registry(lookup: Optional[Registry]) -> None:
    """Install a CELEX existence lookup (e.g. a EUR-Lex client, a local index); None removes it."""
    global _registry
    _registry = lookup


def lookup_celex(celex: str) -> Optional[bool]:
    """True if the registry knows the act, False if it says the act does not exist, None if unknown/no registry."""
    if _registry is None:
        return None
    return _registry(celex)


def corpus_registry(works_dir: str | os.PathLike) -> Registry:
    """A registry over the acts of a local EUR-Lex mirror (``works/<celex>/``): True for acts present, None
    otherwise (absence from a partial mirror proves nothing)."""
    known = {p.name.upper() for p in Path(works_dir).iterdir() if p.is_dir()} if Path(works_dir).is_dir() else set()
    return lambda c: True if c.upper() in known else None
