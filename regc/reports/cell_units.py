"""One decision: the amount unit of a table that prints the currency in every amount cell ('€ 12.3', 'EUR 12.3',
'€12.3') and only the scale in the amount column's header ('(in millions)', '(million)', '(m)').

Rules (``UNIT_RULES``, after the header's and the page's own currency-and-scale units, :func:`V.unit_multiplier`):

- ``scale_alone_with_cell_currency``: a header word over the value columns names a scale in brackets
  ('(million)', 'millions)', '(m)') and at least ``MIN_CELLS`` value cells carry a currency (a currency word or
  sign set just before a number, or a sign glued to it): the scale is the unit, the cells' currency its currency.
  A scale in brackets with no currency printed in the cells is no unit (a count, a headcount column).

>>> from regc.reports.pdftree import Word
>>> cells = [[Word(250, y, 258, y + 8, "€"), Word(263, y, 285, y + 8, "300.8")] for y in (100, 110, 120)]
>>> cell_currency(cells)
'EUR'
>>> cell_currency([[Word(263, 100, 285, 108, "300.8")]]) is None
True

And one more currency rule, after every unit rule (the amount unit is then the currency unit itself):

- ``bare_currency_in_header``: a header word that is an ISO currency code alone -- in brackets or after 'in'
  ('Absolute turnover (CHF)', 'Turnover in PLN') -- names the currency of the amount column.  Only the
  three-letter codes of ``rows.CURRENCIES`` (data) count; a sign or a local word alone ('(€)', '(kr)') does not.

>>> bare_currency([["Absolute", "turnover", "(CHF)"]]), bare_currency([["Turnover", "in", "PLN"]])
('CHF', 'PLN')
>>> bare_currency([["CHF-based", "revenue"]]), bare_currency([["Proportion", "(%)"]])
(None, None)
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.kpi_header import BARE_SCALE, header_lines
from regc.reports.pdftree import Page, Word

MIN_CELLS = 3  # value cells that must print a currency before the cells' currency counts
SIGN_GAP = 12.0  # points between a currency word and the figure it prefixes
GLUED_SIGN = re.compile(r"^\(?[-−–]?(?P<sign>[€$£]|US\$)\d")


def _cell_currencies(line: list[Word]) -> list[str]:
    out = []
    for i, w in enumerate(line):
        glued = GLUED_SIGN.match(w.text)
        if glued:
            out.append(V.unit_currency(glued.group("sign")))
            continue
        nxt = line[i + 1] if i + 1 < len(line) else None
        cur = V.unit_currency(w.text) if len(w.text) <= 4 else None
        if cur and nxt is not None and V.NUMBER.match(nxt.text) and 0 <= nxt.x0 - w.x1 <= SIGN_GAP:
            out.append(cur)
    return [c for c in out if c]


def cell_currency(lines: list[list[Word]]) -> str | None:
    """The currency printed in the amount cells themselves (the most frequent one), None when fewer than
    ``MIN_CELLS`` cells print one."""
    found = [c for line in lines for c in _cell_currencies(line)]
    if len(found) < MIN_CELLS:
        return None
    return max(sorted(set(found)), key=found.count)


def header_scale(page: Page) -> float | None:
    """The multiplier of a scale printed alone in brackets in the header block ('(in millions)' -> 1e6)."""
    for line in header_lines(page):
        for w in line.words:
            t = w.text.strip()
            if (t.startswith("(") or t.endswith(")")) and BARE_SCALE.match(t):
                word = t.strip("(),;").lower().removeprefix("in ").strip()
                for mult, words in V.SCALE_WORDS:
                    if word in words or word.rstrip("s") in words:
                        return mult
    return None


def _scale_alone_with_cell_currency(page: Page) -> tuple[float, str] | None:
    scale = header_scale(page)
    if scale is None:
        return None
    cur = cell_currency([line.words for line in page.lines[len(header_lines(page)):]])
    return (scale, cur) if cur else None


UNIT_RULES = (("scale_alone_with_cell_currency", _scale_alone_with_cell_currency),)
ISO_CODES = {w: iso for iso, ws in V.CURRENCIES for w in ws if len(w) == 3 and w.isalpha() and w == iso.lower()}
BARE_CODE = re.compile(r"^\((?P<a>[A-Z]{3})\)[,;:]?$|^(?P<b>[A-Z]{3})\)?[,;:]?$")  # '(CHF)', 'PLN', 'PLN)'


def bare_currency(lines: list[list[str]]) -> str | None:
    """The ISO code of the first currency code printed alone in header lines (words as text): bracketed
    ('(CHF)') or after 'in' ('in PLN'), rule ``bare_currency_in_header``; None when none is."""
    for words in lines:
        for i, text in enumerate(words):
            m = BARE_CODE.match(text)
            code = m and (m.group("a") or m.group("b"))
            after_in = i > 0 and words[i - 1].lower().lstrip("(") == "in"
            if code and code.lower() in ISO_CODES and (m.group("a") or after_in):
                return ISO_CODES[code.lower()]
    return None


def header_currency(page: Page) -> str | None:
    """:func:`bare_currency` of a page's header block."""
    return bare_currency([[w.text for w in line.words] for line in header_lines(page)])


def cell_unit(page: Page) -> tuple[float, str] | None:
    """(multiplier, ISO currency) of a table whose cells print the currency, by ``UNIT_RULES``; None if none."""
    for _, rule in UNIT_RULES:
        got = rule(page)
        if got is not None:
            return got
    return None
