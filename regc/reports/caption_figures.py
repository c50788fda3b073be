"""KPI figures in a chart's legend and caption printed above a table that does not itemise them (a stacked bar
of the KPI split, the table below listing the eligible activities only):

    Taxonomy-aligned: 11.9 %     Taxonomy-eligible, not aligned: 16.4 %     Not Taxonomy-eligible: 71.6 %
    Total turnover: 3,928.2 € m

A *caption item* is a label ending in ':' and one number after it, followed by '%' (a share) or by an amount unit
(a currency and / or a scale: '€ m', 'EUR million'; an amount), set a cell gap (``ITEM_GAP``) before the next
item.  A *caption line* holds caption items only; consecutive caption lines (``BLOCK_GAP``) form a block, which is
about the one KPI its labels name (a block naming none or two KPIs is not read).  Each item's role comes from its
label (:func:`kpi_summary.role_of`); a total is read as an amount only.  A fallback for fixed keys a table left
null (:func:`figure_lines.figure_lines`), each token verified on its page by the caller.

>>> from regc.reports.pdftree import Line, Word
>>> caption_items(Line([Word(40, 0, 58, 7, "Total"), Word(60, 0, 93, 7, "turnover:"), Word(96, 0, 122, 7, "3,928.2"),
...                     Word(125, 0, 129, 7, "€"), Word(131, 0, 138, 7, "m")]))
[('Total turnover:', '3,928.2', '€ m')]
>>> caption_items(Line([Word(40, 0, 100, 7, "Taxonomy-aligned:"), Word(103, 0, 116, 7, "11.9"),
...                     Word(119, 0, 124, 7, "%"), Word(230, 0, 290, 7, "Taxonomy-eligible:"), Word(293, 0, 306, 7, "28.3"),
...                     Word(309, 0, 314, 7, "%")]))
[('Taxonomy-aligned:', '11.9', '%'), ('Taxonomy-eligible:', '28.3', '%')]
>>> caption_items(Line([Word(40, 0, 70, 7, "Note:"), Word(73, 0, 90, 7, "2024"), Word(93, 0, 120, 7, "figures")]))
"""

from __future__ import annotations

from regc.reports import rows as V
from regc.reports.kpi_summary import role_of
from regc.reports.pdftree import Line, Page

ITEM_GAP = 8.0  # points between one item's last word and the next item's label
BLOCK_GAP = 16.0  # points between the baselines of one block's lines
ROLES = ("total", "aligned", "eligible_not_aligned", "not_eligible")


def _unit(tail: str) -> bool:
    """The words after an item's number name a share ('%') or an amount unit."""
    return tail == "%" or V.unit_multiplier(tail) is not None or V.unit_currency_named(tail) is not None


def caption_items(line: Line) -> list[tuple[str, str, str]] | None:
    """(label, number token, unit) of each item of a caption line; None when the line is not one."""
    words, out, i = line.words, [], 0
    while i < len(words):
        j = next((k for k in range(i, len(words)) if words[k].text.endswith(":")), None)
        if j is None or j + 1 >= len(words) or not V.is_number(words[j + 1].text):
            return None
        k = j + 2
        while k < len(words) and words[k].x0 - words[k - 1].x1 < ITEM_GAP:
            k += 1
        tail = " ".join(w.text for w in words[j + 2:k])
        if not _unit(tail):
            return None
        out.append((" ".join(w.text for w in words[i:j + 1]), words[j + 1].text, tail))
        i = k
    return out or None


def caption_blocks(page: Page) -> list[list[tuple[str, str, str]]]:
    """The page's caption blocks, each the items of its consecutive caption lines."""
    blocks: list[list] = []
    last_y = None
    for line in page.lines:
        items = caption_items(line)
        if items is None:
            last_y = None
            continue
        if last_y is None or line.y - last_y > BLOCK_GAP:
            blocks.append([])
        blocks[-1] += items
        last_y = line.y
    return blocks


def caption_figures(page: Page, kpi: str) -> tuple[dict[str, tuple], float | None]:
    """Role -> (amount token, share token) from the KPI's caption block on a page (the first block that names
    the KPI and no other), and the multiplier of its amount unit (None when it gives no amount)."""
    for block in caption_blocks(page):
        named = {k for label, _, _ in block for k in V.kpi_words(label)}
        if named != {kpi}:
            continue
        found: dict[str, tuple] = {}
        mult = None
        for label, token, unit in block:
            role = role_of(label)
            share = unit == "%"
            if role not in ROLES or role == "total" and share:
                continue
            amount, pct = found.get(role, (None, None))
            if share:
                found[role] = (amount, pct or f"{token} %")
            else:
                found[role] = (amount or token, pct)
                mult = mult or V.unit_multiplier(unit)
        return found, mult
    return {}, None
