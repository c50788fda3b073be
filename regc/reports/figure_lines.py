"""KPI figures printed as label-value lines beside a template table, e.g. above a 2021 template that prints
shares only:

    Total Turnover (USD million)                        36,949.5
    Taxonomy-aligned Turnover (A.1)                      2,569.9   7.0%
    Taxonomy-eligible, not aligned Turnover (A.2)        7,046.7  19.1%

A *figure line* is a label that names one KPI (``rows.KPI_WORDS``) and one role (the summary table's
``ROLE_WORDS``: total, aligned, eligible but not aligned, not eligible), set a cell gap apart from at most one
amount and one share, nothing after them.  The amount unit is the one printed in the block's labels, else the
page's.  Read only on a KPI table's pages and the page before, to fill fixed keys the table left null.

>>> from regc.reports.pdftree import Line, Word
>>> figure_line(Line([Word(36, 0, 90, 8, "Taxonomy-aligned"), Word(92, 0, 120, 8, "Turnover"),
...                   Word(122, 0, 138, 8, "(A.1)"), Word(260, 0, 285, 8, "2,569.9"), Word(294, 0, 310, 8, "7.0%")]))
('turnover', 'aligned', '2,569.9', '7.0%')
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.caption_figures import caption_figures
from regc.reports.kpi_summary import role_of
from regc.reports.pdftree import Line, Page, Word

CELL_GAP = 8.0  # points between a label and its first value
ROLES = ("total", "aligned", "eligible_not_aligned", "not_eligible")
YEAR = re.compile(r"(?:19|20)\d\d")


def not_material_at(words) -> int | None:
    """Index of a trailing 'not material' cell (``rows.NOT_MATERIAL_CELLS``) set a cell gap after the label;
    None when the line does not end in one.

    >>> from regc.reports.pdftree import Word
    >>> ws = [Word(0, 0, 40, 8, "CapEx"), Word(41, 0, 60, 8, "(A.1)"), Word(90, 0, 100, 8, "not"), Word(102, 0, 130, 8, "material")]
    >>> not_material_at(ws), not_material_at(ws[:1] + [Word(42, 0, 52, 8, "not"), Word(54, 0, 80, 8, "material")])
    (2, None)
    """
    for n in range(1, min(4, len(words))):
        if " ".join(w.text for w in words[-n:]).lower().strip(".") in V.NOT_MATERIAL_CELLS \
                and words[-n].x0 - words[-n - 1].x1 >= CELL_GAP:
            return len(words) - n
    return None


def figure_line(line: Line) -> tuple[str, str, str | None, str | None] | None:
    """(KPI, role, amount token, share token) of a figure line; None for any other line.  A value printed as
    'not material' is a figure line without tokens (the role is stated, its value null).  A '%' printed as a
    word of its own after a number ('100.0 %') is that number's ('Total turnover (A + B)   8,287.8   100.0 %').

    >>> from regc.reports.pdftree import Word
    >>> figure_line(Line([Word(36, 0, 60, 8, "Total"), Word(62, 0, 90, 8, "turnover"), Word(200, 0, 225, 8, "8,287.8"),
    ...                   Word(240, 0, 258, 8, "100.0"), Word(260, 0, 265, 8, "%")]))
    ('turnover', 'total', '8,287.8', '100.0 %')
    """
    words = glued_percent(line.words)
    k = next((i for i, w in enumerate(words) if i and V.is_number(w.text) and not YEAR.fullmatch(w.text)
              and w.x0 - words[i - 1].x1 >= CELL_GAP), None)
    if k is None:
        k = not_material_at(words)
        kpis = V.kpi_words(" ".join(w.text for w in words[:k])) if k else []
        role = role_of(" ".join(w.text for w in words[:k])) if k else None
        return (kpis[0], role, None, None) if len(kpis) == 1 and role in ROLES else None
    values = words[k:]
    if len(values) > 2 or not all(V.is_number(w.text) for w in values):
        return None
    label = " ".join(w.text for w in words[:k])
    kpis, role = V.kpi_words(label), role_of(label)
    if len(kpis) != 1 or role not in ROLES:
        return None
    amounts = [w.text for w in values if not V.is_percent(w.text)]
    shares = [w.text for w in values if V.is_percent(w.text)]
    if len(amounts) > 1 or len(shares) > 1 or role == "total" and shares and not amounts:
        return None
    return kpis[0], role, (amounts or [None])[0], (shares or [None])[0]


def glued_percent(words: list[Word]) -> list[Word]:
    """The words with a lone '%' glued to the number just before it ('100.0', '%' -> '100.0 %', the number's box)."""
    out: list[Word] = []
    for w in words:
        last = out[-1] if out else None
        if w.text == "%" and last is not None and V.is_number(last.text) and "%" not in last.text:
            out[-1] = Word(last.x0, last.y0, last.x1, last.y1, f"{last.text} %")
        else:
            out.append(w)
    return out


def figure_lines(page: Page, kpi: str) -> tuple[dict[str, tuple], float | None]:
    """Role -> (amount token, share token) of the KPI's figure lines on a page (first line per role), and the
    unit multiplier printed in their labels (None when none is); roles no figure line gives, from the KPI's
    chart legend and caption (:mod:`regc.reports.caption_figures`), with the caption's unit."""
    found: dict[str, tuple] = {}
    mult = None
    for line in page.lines:
        got = figure_line(line)
        if got is None or got[0] != kpi or got[1] in found and (found[got[1]][0] or not got[2]):
            continue  # the first line per role, one with an amount before one without
        found[got[1]] = got[2:]
        mult = mult or V.unit_multiplier(line.text)
    captions, caption_mult = caption_figures(page, kpi)
    if any(role not in found for role in captions):
        found.update({role: toks for role, toks in captions.items() if role not in found})
        mult = mult or caption_mult
    return (found, mult) if len(found) >= 2 else ({}, None)
