"""The column header of an Article 8 KPI table: where it ends (the first body line), which header words name
which columns (objectives, safeguards, code, the proportion column) and the markers that open a table.

>>> Column("CCM", "sc", 120.0).group
'sc'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from regc.reports import rows as V
from regc.reports.dnsh_letters import DNSH_NAMED, letter_columns
from regc.reports.header_stacks import stacked_words
from regc.reports.pdftree import Line, Page

HEADER_MARKERS = re.compile(r"substantial|contribution|dnsh|significant\s+harm|wesentlich|"
                            + V.alternation(V.SC_GROUP_WORDS + V.CONTRIBUTION_WORDS) + V.SC_ABBREVIATED, re.I)
SC_MARKERS = re.compile(r"substantial\s+contribution|wesentliche[nr]?\s+beitrag", re.I)
SC_WORD = re.compile(rf"\b(?:{V.alternation(V.SC_GROUP_WORDS)})\b", re.I)  # a wrapped SC group header's first word


@dataclass
class Column:
    """A header column: what it holds (objective, 'MS', 'code') and its x-centre."""

    role: str
    group: str  # 'sc' | 'dnsh' | 'other'
    xc: float


def is_data_line(line: Line) -> bool:
    """A table body line: a section start, a line of answer cells, or grouped/percent numbers with a code."""
    if re.match(r"^\s*A\.?\s*(?:1|2)?\.?\s", line.text) and not V.row_kind(line.text):
        return True
    answers = sum(1 for w in line.words if V.is_answer(w.text) and "*" not in w.text)
    if answers >= 3 and answers * 2 >= len(line.words):
        return True
    amounts = sum(1 for w in line.words if V.is_number(w.text) and re.search(r"\d[.,'’\s]\d|%", w.text))
    return amounts >= 1 and (V.CODE.search(line.text) is not None and answers >= 1 or amounts >= 2)


def header_lines(page: Page) -> list[Line]:
    """Lines above the first table body line — the column header block.  Label lines just above the first
    body line (entirely left of its first value) belong to the body, not the header."""
    lines = page.lines
    k = next((i for i, line in enumerate(lines) if is_data_line(line)), len(lines))
    if k < len(lines):
        first_value = next((w.x0 for w in lines[k].words if V.is_number(w.text) and not V.CODE_TOKEN.match(w.text)), None)
        while first_value is not None and k > 0 and all(w.x1 < first_value for w in lines[k - 1].words) \
                and not V.section_of(lines[k - 1].text) and len(lines[k - 1].words) <= 8:
            k -= 1
    return lines[:k]


def header_columns(page: Page) -> list[Column]:
    """Objective / safeguards / code columns from header words, SC vs DNSH by position."""
    found: dict[str, list[float]] = {}
    code_x: list[float] = []
    for w in stacked_words(header_lines(page)):  # 'Ilmas-' / 'tonm-' / ... read as one word
        low = w.text.lower()
        abbrev = V.OBJECTIVE_ABBREVIATIONS.get(w.text.strip("()*,:"))
        if abbrev:
            found.setdefault(abbrev, [])
            if all(abs(x - w.xc) > 12 for x in found[abbrev]):
                found[abbrev].append(w.xc)
            continue
        for role, prefixes in V.OBJECTIVE_HEADER_WORDS:
            if V.names_column(low, prefixes):
                found.setdefault(role, [])
                if all(abs(x - w.xc) > 12 for x in found[role]):
                    found[role].append(w.xc)
        if re.match(r"^code", low):
            code_x.append(w.xc)
    head = header_lines(page)
    for role, x in letter_columns(head, found, bool(DNSH_NAMED.search(" ".join(l.text for l in head)))):
        found[role].append(x)  # DNSH sub-headers 'A' .. 'F' (:mod:`dnsh_letters`)
    cols = [Column("code", "other", x) for x in code_x]
    cols += [Column("MS", "other", x) for x in found.pop("MS", [])]
    seconds = [sorted(xs)[1] for xs in found.values() if len(xs) >= 2]
    has_sc = bool(re.search(r"substantial|contribution|wesentlich", " ".join(l.text for l in header_lines(page)), re.I))
    boundary = min(seconds) if seconds else (0.0 if not has_sc else float("inf"))
    for role, xs in found.items():
        for x in sorted(xs)[:2]:
            cols.append(Column(role, "dnsh" if x >= boundary - 1 else "sc", x))
    return cols


def share_column_x(page: Page, cols: list[Column], min_x: float = float("-inf")) -> float | None:
    """x-centre of the KPI's proportion column: the leftmost header word naming a proportion/share/Anteil/'%'
    left of the objective columns (the template puts the year's proportion before them; a previous year's
    proportion stands after them) and right of ``min_x``, where the value columns start (a title 'Proportion
    of turnover ...' above the label column names no column).  None when there is no such word."""
    first_obj = min((c.xc for c in cols if c.role not in ("code", "MS")), default=float("inf"))
    xs = [w.xc for line in header_lines(page) for w in line.words
          if min_x <= w.xc < first_obj and any(w.text.lower().startswith(p) or w.text.lower().endswith(p)
                                      for p in V.SHARE_HEADER_WORDS)]
    return min(xs) if xs else None


def nearest_column(cols: list[Column], x: float, roles_ok=lambda c: True) -> Column | None:
    """The column nearest to x (within half the gap to its neighbours, at most 40 pt)."""
    cands = sorted(((abs(c.xc - x), c) for c in cols if roles_ok(c)), key=lambda t: (t[0], t[1].role))
    if not cands or cands[0][0] > 40:
        return None
    return cands[0][1]


UNIT_LEAD = 40.0  # points a unit word may stand left of the first figure it heads
BARE_SCALE = re.compile(rf"^\(?(?:in\s+)?(?:{V.alternation(w for _, ws in V.SCALE_WORDS for w in ws)})s?\)?[,;]?$", re.I)


def unit_word(text: str) -> bool:
    """A header word that carries an amount unit: a currency ('(EUR', '€', 'MSEK') or a scale in brackets
    ('(m)', 'millions)').

    >>> unit_word("(EUR"), unit_word("(m)"), unit_word("millions)"), unit_word("%"), unit_word("turnover")
    (True, True, True, False, False)
    """
    t = text.strip()
    bracketed = t.startswith("(") or t.endswith(")")
    return V.unit_currency(t) is not None or bracketed and bool(BARE_SCALE.match(t))


def amount_column_x(page: Page, cols: list[Column], min_x: float = float("-inf")) -> float | None:
    """x-centre of the header word that names the amount unit over the value columns (leftmost, at most
    ``UNIT_LEAD`` points left of ``min_x``, where the numbers start -- a left-aligned header over right-aligned
    figures -- and left of the objective columns), None when no unit is printed there."""
    first_obj = min((c.xc for c in cols if c.role not in ("code", "MS")), default=float("inf"))
    xs = [w.xc for line in header_lines(page) for w in line.words
          if min_x - UNIT_LEAD <= w.xc < first_obj and unit_word(w.text)]
    return min(xs) if xs else None


YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def title_year(page: Page) -> int | None:
    """The year a table's title names ('... disclosure covering year 2023'): the latest year in the header lines
    from the last one naming a KPI down to the column header's first marker line (a running head 'Annual
    Report 2024' above the title names no table's year); None when the title names none."""
    head = header_lines(page)
    end = next((i for i, line in enumerate(head) if HEADER_MARKERS.search(line.text)), len(head))
    start = max((i for i, line in enumerate(head[:end]) if V.kpi_words(line.text)), default=None)
    if start is None:
        return None
    years = [int(y) for line in head[start:end] for y in YEAR.findall(line.text)]
    return max(years, default=None)
