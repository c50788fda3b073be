"""Activity codes given in footnotes: a table without a code column marks each activity name ('… waste heat (1)')
and states the code under the table ('(1) CCM 4.25 – activity 4.25 of Annex I to …').

A footnote line starts with its mark (``MARKS``: '(1)', '1)', '¹', '*') and states exactly one activity section
number (a note naming several activities assigns none); a row label ending in that mark takes that code.

>>> notes = footnote_codes(["(1) CCM 4.25 – activity 4.25 of Annex I to Delegated Regulation (EU) 2021/2139",
...                         "(2) Activities 7.3, 7.4 and 7.6 combined", "Total (A+B) 1,244,083 100.0%"])
>>> notes
{'1': 'CCM 4.25'}
>>> label_mark("Production of heat/cool using waste heat (1)"), label_mark("Total (A+B)"), label_mark("(CCM 7.7)")
('1', None, None)
"""

from __future__ import annotations

import re

from regc.reports import rows as V

SUPERSCRIPTS = "¹²³⁴⁵⁶⁷⁸⁹⁰"
MARKS = (r"\((?P<a>\d{1,2})\)", r"(?P<b>\d{1,2})\)", rf"(?P<c>[{SUPERSCRIPTS}]+)", r"(?P<d>\*{1,3})")
_MARK = "|".join(MARKS)
FOOTNOTE_LINE = re.compile(rf"^\s*(?:{_MARK})\s+(?P<body>\S.*)$")
LABEL_MARK = re.compile(rf"(?:(?<=[^\W\d_])|(?<=[\s)]))(?:{_MARK})\s*$")  # after a letter, space or ')'; not '7.7)' 


def _key(m: re.Match) -> str:
    """A mark's identity: its digits (superscripts read as digits) or its asterisks."""
    raw = m.group("a") or m.group("b") or m.group("c") or m.group("d")
    return raw.translate(str.maketrans(SUPERSCRIPTS, "1234567890"))


def footnote_codes(lines: list[str]) -> dict[str, str]:
    """Mark -> the code text a footnote line states ('CCM 4.25'), for lines stating exactly one section."""
    out: dict[str, str] = {}
    for text in lines:
        m = FOOTNOTE_LINE.match(text)
        if not m:
            continue
        codes = list(V.CODE.finditer(m.group("body")))
        if codes and len({c.group("sec") for c in codes}) == 1:
            out.setdefault(_key(m), codes[0].group(0).strip())
    return out


def label_mark(label: str) -> str | None:
    """The footnote mark a row label ends with, None when it ends with none."""
    m = LABEL_MARK.search(label)
    return _key(m) if m else None
