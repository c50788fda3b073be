"""CELEX identifiers: format validation and construction.

>>> make_celex(2018, "R", 1999)
'32018R1999'
>>> is_valid_celex("31992L0043")
True
"""

from __future__ import annotations

import re

_CELEX = re.compile(r"^3(19[5-9]\d|20\d\d)([RLDH])(\d{4})$")
TYPE_LETTERS = {"regulation": "R", "directive": "L", "decision": "D", "recommendation": "H"}


def is_valid_celex(s: str) -> bool:
    return bool(_CELEX.match(s or ""))


def make_celex(year: int | str, type_letter: str, number: int | str) -> str:
    """Sector 3 CELEX: '3' + 4-digit year + type letter + number zero-padded to 4 digits."""
    y = int(year)
    if y < 100:  # two-digit years in old citations ("92/43/EEC")
        y += 1900 if y >= 50 else 2000
    out = f"3{y:04d}{type_letter.upper()}{int(number):04d}"
    if not is_valid_celex(out):
        raise ValueError(f"cannot build a CELEX id from year={year!r} type={type_letter!r} number={number!r}")
    return out
