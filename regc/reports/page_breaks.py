"""A KPI table across page breaks: the running footer under a table body (a page number is no table row), a
row whose name (and code) starts at the foot of one page and whose numbers follow at the top of the next, and
the facing page that holds a table's right half, and whether the page after a table page goes on with it.

>>> from regc.reports.pdftree import Word
>>> is_page_footer(Line([Word(401, 570, 406, 578, "8"), Word(409, 570, 411, 578, "|"),
...                      Word(415, 570, 450, 578, "Rheinstahl")]))
True
"""

from __future__ import annotations

import re

from typing import TYPE_CHECKING

from regc.reports import rows as V
from regc.reports.pdftree import Line, Page
from regc.reports.table_extent import TOTAL_KINDS, has_table_rows

if TYPE_CHECKING:
    from regc.reports.kpi_tables import KpiTable, TableRow

FOOT_GAP = 2.0  # a page-number line set this many line pitches below the body is the page footer
PAGE_NUMBER = re.compile(r"\d{1,4}")
PAGE_WORDS = ("page", "seite", "p.", "s.", "sida", "side", "pagina", "página", "strona", "sivu")
FOOT_SEPARATORS = ("|", "·", "•", "–", "—", "-", "/")  # '8 | Company SE', '- 8 -'


def is_page_footer(line: Line) -> bool:
    """A page's running footer: one bare page number ('8', '8 | Company SE', 'Page 8') and no table cell
    (no share, answer, code or row label).

    >>> from regc.reports.pdftree import Word
    >>> is_page_footer(Line([Word(401, 570, 406, 578, "8"), Word(409, 570, 411, 578, "|"),
    ...                      Word(415, 570, 450, 578, "Rheinstahl")]))
    True
    >>> is_page_footer(Line([Word(37, 570, 60, 578, "Total"), Word(263, 570, 280, 578, "1430")]))
    False
    """
    words = [w.text for w in line.words]
    at = [i for i, t in enumerate(words) if V.is_number(t) and t not in FOOT_SEPARATORS]
    if len(at) != 1 or PAGE_NUMBER.fullmatch(words[at[0]]) is None or any(V.is_answer(t) or "%" in t for t in words):
        return False
    near = words[max(0, at[0] - 1):at[0]] + words[at[0] + 1:at[0] + 2]
    return len(words) == 1 or any(t in FOOT_SEPARATORS or t.lower() in PAGE_WORDS for t in near)


# a page note's mark at the start of its line: '¹ Figures ...', '* Including ...', '(1) ...', '2) ...'
NOTE_MARK = re.compile(r"^(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*{1,3}|\(\d{1,2}\)|\d{1,2}\))(?=\s|[A-Za-zÀ-ÿ])")


def is_page_note(line: Line) -> bool:
    """A page note under a table: a line opening with a note mark and holding no table cell after it.

    >>> from regc.reports.pdftree import Word
    >>> is_page_note(Line([Word(37, 560, 40, 566, "¹"), Word(42, 560, 80, 566, "Figures"), Word(82, 560, 99, 566, "are")]))
    True
    >>> is_page_note(Line([Word(37, 560, 45, 566, "(1)"), Word(47, 560, 80, 566, "Activity"), Word(82, 560, 99, 566, "7.3")]))
    False
    """
    words = [w.text for w in line.words]
    if not words or NOTE_MARK.match(line.text) is None:
        return False
    rest = words[1:] if NOTE_MARK.fullmatch(words[0]) or len(words[0]) <= 3 else words
    return not any(V.is_number(t) or V.is_answer(t) or "%" in t for t in rest)


def foot_block_start(body: list[Line], pitch: float) -> int:
    """Where the page foot begins in a table body: the block after the last wide gap (FOOT_GAP line pitches)
    when it holds only page notes (the first line a marked note, the rest notes, note text or the running
    footer) -- a sub-total printed as the page's last row keeps its wrapped label.  len(body) when none."""
    gaps = [k for k in range(1, len(body)) if body[k].y - body[k - 1].y > FOOT_GAP * pitch]
    if not gaps or not is_page_note(body[gaps[-1]]):
        return len(body)
    j = gaps[-1]
    for line in body[j + 1:]:
        if not (is_page_note(line) or is_page_footer(line)
                or not any(V.is_number(w.text) or V.is_answer(w.text) for w in line.words)):
            return len(body)
    return j


def is_continuation_page(page: Page, rows: list[TableRow]) -> bool:
    """The page after a table page that goes on with the same table: table rows (A.2 activities, totals) and
    no new table title, even without enough answer cells to pass ``is_kpi_page`` on its own."""
    return not page.is_toc and has_table_rows(rows) and (
        any(r.kind == "section" or r.kind in TOTAL_KINDS for r in rows) or V.CODE.search(page.text) is not None)


def join_tail(tail: list[Line], rows: list[TableRow]) -> None:
    """A row begun at the foot of the previous page (``tail``: its label lines, maybe its code) and finished
    at the top of this one (its numbers, the rest of its name): the first row here, an activity row that lacks
    what the tail has (the code, else the start of its name), takes the tail's label in front and its code.

    >>> from regc.reports.kpi_tables import TableRow
    >>> from regc.reports.pdftree import Word
    >>> row = TableRow(kind="activity", label="Energien", page=8, y=90.0)
    >>> join_tail([Line([Word(37, 700, 60, 708, "Installation"), Word(187, 700, 200, 708, "CCM"),
    ...                  Word(208, 700, 220, 708, "7.6")])], [row])
    >>> row.label, row.code_text
    ('Installation CCM 7.6 Energien', 'CCM 7.6')
    """
    first = next((r for r in rows if r.kind != "section"), None)
    if not tail or first is None or rows[0] is not first or first.kind != "activity":
        return
    words = [w for line in tail for w in line.words]
    start = next((i for i, w in enumerate(words) if V.OBJ_TOKEN.match(w.text) or V.CODE_TOKEN.match(w.text)), None)
    code = " ".join(w.text for w in words[start:] if V.OBJ_TOKEN.match(w.text) or V.CODE_TOKEN.match(w.text)) \
        if start is not None else ""
    if code and first.code_text or V.row_kind(" ".join(w.text for w in words)):
        return  # the first row has its own code, or the tail is a total's label: not one row
    first.label = " ".join([w.text for w in words] + [first.label]).strip()
    first.code_text = first.code_text or code


def starts_coded_row(above: TableRow, label_words) -> bool:
    """A label-only line with a name and its own activity code under a coded row: a new row (whose numbers
    follow lower, or on the next page), not the next line of the name above ('... CCM 7.3 /' + 'CCA 7.3' is
    one row: the code above ends in a joiner; a lower-case start continues the name)."""
    code_at = next((i for i, w in enumerate(label_words)
                    if V.OBJ_TOKEN.match(w.text) or V.CODE_TOKEN.match(w.text)), None)
    if not above.code_text or code_at is None or code_at == 0 or _continues(label_words[0].text):
        return False
    return not re.search(r"[/,;+&]$|\b(?:and|und|et|en|y|e|och|og|i)$", above.code_text.strip())


def _continues(first_word: str) -> bool:
    return first_word[:1].islower() or first_word[:1] == "("


def join_facing(table: KpiTable, facing: list[TableRow], page_no: int) -> None:
    """Copy answers/category of a facing page's rows onto the table rows at the same height."""
    prev = [r for r in table.rows if r.page == max(table.pages)]
    for fr in facing:
        match = min(prev, key=lambda r: abs(r.y - fr.y), default=None)
        if match is None or abs(match.y - fr.y) > 3:
            continue
        for k, v in fr.dnsh.items():
            match.dnsh.setdefault(k, v)
        for k, v in fr.sc.items():
            (match.dnsh if match.sc.get(k) else match.dnsh).setdefault(k, v)
        match.minimum_safeguards = match.minimum_safeguards or fr.minimum_safeguards
        match.category = match.category or fr.category
    table.pages.append(page_no)
