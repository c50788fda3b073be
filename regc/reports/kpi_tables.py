"""Find the Article 8 KPI tables in a report and read them into typed rows.

A KPI table page has a substantial-contribution / DNSH header and activity codes or A.1/A.2 rows.  Reading
is geometric: visual lines are the unit; a *value line* carries numbers right of its label; label-only lines
just above it (one block, no large gap) belong to its label (cells are bottom- or single-line aligned).
Answer cells (Y/N/EL) are assigned to the header column nearest in x.  A facing page that holds the rest
of the table (DNSH, safeguards, category, no codes) is joined row by row on the same y.

>>> TableRow(kind="activity", label="x", page=1, y=0.0).kind
'activity'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from regc.reports import rows as V
from regc.reports.cell_units import cell_unit, header_currency
from regc.reports.header_stacks import bracket_stacks
from regc.reports.column_roles import roles
from regc.reports.kpi_columns import kpi_spans, kpi_view, spans_fit
from regc.reports.kpi_header import (HEADER_MARKERS, SC_MARKERS, SC_WORD, Column, amount_column_x, header_columns,
                                      header_lines, is_data_line, nearest_column, share_column_x, title_year)
from regc.reports.line_cells import footnote_mark as _footnote_mark, join_wrapped_percent, prose_word as _prose_word
from regc.reports.page_breaks import (FOOT_GAP, foot_block_start, is_continuation_page, is_page_footer,
                                      is_page_note, join_facing, join_tail, starts_coded_row)
from regc.reports.page_columns import column_pages
from regc.reports.side_halves import side_halves
from regc.reports.bracket_shares import share_in_brackets
from regc.reports.pdftree import Document, Line, Page
from regc.reports.row_gaps import label_owners
from regc.reports.sc_shares import read_sc_shares
from regc.reports.table_extent import TOTAL_KINDS, has_table_rows, itemised, rows_kpi, table_closed
from regc.reports.year_columns import (amount_group_x, drop_earlier_years, reporting_year_start, year_cells,
                                      year_qualified)

SECTION_MARKER = re.compile(r"^A\.?\s*[12]\b|^A\.\s|\bA\.1\b|\bA\.2\b")
PAGE_LIMIT_FIND = 1200  # pages scanned for KPI tables (a 1,000-page report still finishes)
LABEL_GAP = 1.35  # a baseline step above this many label-line pitches ends a label block


@dataclass
class TableRow:
    """One read row with provenance (page, y) and the raw tokens it was read from."""

    kind: str  # activity | aligned_total | eligible_not_aligned_total | not_eligible_total | total | ...
    label: str
    page: int
    y: float
    group: str | None = None
    code_text: str = ""
    amount: float | None = None
    share: float | None = None
    amount_token: str | None = None
    share_token: str | None = None
    sc: dict = field(default_factory=dict)
    dnsh: dict = field(default_factory=dict)
    minimum_safeguards: str | None = None
    category: str | None = None
    bbox: tuple = ()
    amount_page: int | None = None  # the amount's page when it is not the row's (a table split in two halves)


@dataclass
class KpiTable:
    """A KPI's table: pages, unit multiplier, decimal mark, rows."""

    kpi: str
    pages: list[int]
    multiplier: float | None
    decimal: str
    rows: list[TableRow]
    top_aligned: bool = False  # values on the first line of multi-line cells (kept on continuation pages)
    cols: list = field(default_factory=list)  # the first page's header columns (for pages without a header)
    year: int | None = None  # the year its title names ('covering year 2024'), None when none
    tail: list = field(default_factory=list)  # label lines left at the foot of the last page read (a row's start)


def is_kpi_page(page: Page) -> bool:
    """A page that holds (part of) a KPI table: header markers and A.1/A.2 rows or activity codes."""
    if page.is_toc:
        return False
    text = page.text
    if not HEADER_MARKERS.search(text):
        return False
    codes = len(re.findall(rf"\b{V.OBJECTIVE_PATTERN}\s*\d{{1,2}}\.\d{{1,2}}", text))
    sections = len(re.findall(r"\bA\.\s?[12]\b", text))
    answers = sum(1 for w in page.words if V.is_answer(w.text))  # the answer vocabulary (V.ANSWERS) is data
    subtotals = all(re.search(rf"\(\s*A\.?\s*{k}\.?\s*\)", text) for k in "12")  # '(A.1)' and '(A.2)' rows
    return (codes >= 1 or sections >= 1) and answers >= 4 or answers >= 12 and "dnsh" in text.lower() \
        or sections >= 2 and subtotals  # a table without answer cells (nothing aligned, 2021 template)


def label_split(line: Line, cols: list[Column]) -> int:
    """Index of the first value word on a line (after label and code), len(words) when none."""
    code_cols = [c for c in cols if c.role == "code"]
    code_right = max((c.xc for c in code_cols), default=None)
    coded = False  # a code already read in this label: a later '0.3' is an amount
    for i, w in enumerate(line.words):
        prev = line.words[i - 1].text if i else ""
        listed = bool(V.OBJ_TOKEN.match(prev)) or prev in ("/", ",", ";") or w.text.endswith((")", ",", ";", "/"))
        near_code = code_right is None or w.x0 < code_right + 30 or bool(V.OBJ_TOKEN.match(prev))  # 'CCA 8.1'
        if V.OBJ_TOKEN.match(w.text) or V.CODE_TOKEN.match(w.text) and near_code \
                and not (coded and code_right is None and not listed):
            named = i + 1 < len(line.words) and line.words[i + 1].text[:1].isalpha()  # '6.5 Transport by …'
            named = named or w.text.endswith(")") and not w.text.startswith("(")  # '… (CCM' / '7.7) 28,665'
            if code_right is not None or named or i > 0 and not V.is_number(line.words[i - 1].text):
                coded = coded or bool(V.CODE_TOKEN.match(w.text))
                continue
        dash_in_text = bool(V.DASH_CELL.match(w.text)) and _prose_word(line, i)  # 'CCM 7.2 – Renovation of …'
        if V.is_number(w.text) and not _footnote_mark(line, i) and not dash_in_text \
                or V.is_answer(w.text) and not _prose_word(line, i):
            if code_right is not None and w.xc < code_right - 10 and not V.is_answer(w.text):
                continue
            return i
    return len(line.words)


def _has_values(line: Line, split: int) -> bool:
    return any(V.is_number(w.text) or V.is_answer(w.text) for w in line.words[split:])


def _has_numbers(line: Line, split: int) -> bool:
    return any(V.is_number(w.text) and not V.is_answer(w.text) for w in line.words[split:])


def _body(page: Page, cols: list[Column]) -> tuple[list[Line], list[int], float]:
    """The lines below the header, where each line's label ends, and the typical line pitch."""
    body = page.lines[len(header_lines(page)):]
    pitches = sorted(b.y - a.y for a, b in zip(body, body[1:]) if b.y - a.y > 1) or [10.0]
    body = join_wrapped_percent(body, pitches[len(pitches) // 3])
    while len(body) > 1 and body[-1].y - body[-2].y > FOOT_GAP * pitches[len(pitches) // 3] \
            and is_page_footer(body[-1]):
        body = body[:-1]
    body = year_qualified(body[:foot_block_start(body, pitches[len(pitches) // 3])], header_lines(page))
    return body, [label_split(line, cols) for line in body], pitches[len(pitches) // 3]


def page_alignment(page: Page, cols: list[Column]) -> bool | None:
    """:func:`values_on_first_line` of a page's body (None: no multi-line cell to tell)."""
    return values_on_first_line(*_body(page, cols))


def read_page_rows(page: Page, cols: list[Column], decimal: str, top_aligned: bool = False,
                   tail: list | None = None) -> list[TableRow]:
    """Rows of one page: value lines with their label blocks, section state carried in labels.

    Label lines above a value line belong to it (bottom-aligned cells).  A line with no numbers just below
    a value line, closer to it than one line pitch while a row gap separates it from the next value line,
    belongs to the row above (vertically centred cells: '... activities (taxonomy-aligned) (A.1)').
    ``tail`` (a list) receives the label lines left over at the page foot: a row whose name starts there and
    whose numbers follow on the next page (:func:`join_tail`)."""
    out: list[TableRow] = []
    pending: list[Line] = []
    dropped: list[Line] = []  # label lines a row gap cut off (the page foot when no labelled row follows)
    body, splits, pitch = _body(page, cols)
    numbered = [k for k, (line, sp) in enumerate(zip(body, splits)) if _has_numbers(line, sp)]
    prev_y = None
    years = year_cells(header_lines(page), min((c.xc for c in cols if c.group != "other"), default=float("inf")))
    start = max(_first_value_x(body, splits), reporting_year_start(years))  # earlier years printed first: not read
    share_x, amount_x = _value_columns(page, cols, start)
    has_values = [_has_values(line, sp) for line, sp in zip(body, splits)]
    owners = label_owners(body, has_values, [not v and bool(V.section_of(line.text)) and not V.row_kind(line.text)
                                             for line, v in zip(body, has_values)])
    for k, line in enumerate(body):
        split = splits[k]
        gap_above = line.y - prev_y if prev_y is not None else None
        if gap_above is not None and gap_above > LABEL_GAP * pitch:
            dropped, pending = pending or dropped, []
        prev_y = line.y
        label_words = line.words[:split]
        values = drop_earlier_years(line.words[split:], years)
        if table_closed(out):
            break  # the table ends with its total (A + B); what follows is other content
        if owners[k] == "up" and out and out[-1].kind != "section" or owners[k] == "down":
            if owners[k] == "up":  # the row gap says where each label-only line belongs (:mod:`row_gaps`)
                continue_row(out[-1], label_words, values, cols)
            else:
                pending.append(line)
            continue
        if top_aligned and out and not pending and gap_above is not None and gap_above <= LABEL_GAP * pitch \
                and not _has_values(line, split) and not V.section_of(line.text) \
                and not starts_coded_row(out[-1], label_words):
            if out[-1].kind == "section":
                out[-1].label = f"{out[-1].label} {line.text}"
            else:
                continue_row(out[-1], label_words, values, cols)
            continue
        if out and out[-1].kind != "section" and not _has_numbers(line, split) and not pending \
                and gap_above is not None and not V.section_of(line.text) \
                and not starts_coded_row(out[-1], label_words):
            nxt = next((body[m].y for m in numbered if m > k), None)
            gap_below = nxt - line.y if nxt is not None else float("inf")
            finishes_total = out[-1].kind == "activity" and not out[-1].code_text \
                and V.row_kind(out[-1].label + " " + line.text) in TOTAL_KINDS and gap_above < gap_below
            if gap_below > LABEL_GAP * pitch and (gap_above <= LABEL_GAP * pitch or finishes_total):
                continue_row(out[-1], label_words, values, cols)
                continue
        if _numbers_below(out, line, split, pending, gap_above, pitch):
            below = make_row(page, line, line.text, label_words, values, cols, decimal, share_x, amount_x)
            continue_row(out[-1], label_words, [], cols)
            out[-1].amount, out[-1].amount_token = below.amount, below.amount_token
            out[-1].share, out[-1].share_token = below.share, below.share_token
            assign_answers(out[-1], values, cols)
            continue
        if not _has_values(line, split):
            sec = V.section_of(line.text)
            if sec and not V.row_kind(line.text):
                out.append(TableRow(kind="section", label=line.text, page=page.number, y=line.y, group=sec))
                pending = []
                continue
            pending.append(line)
            continue
        label = " ".join([l.text for l in pending] + [w.text for w in label_words]).strip()
        out.append(make_row(page, line, label, label_words, values, cols, decimal, share_x, amount_x))
        dropped = [] if label else dropped
        pending = []
    left = pending or dropped
    if tail is not None and left and out and out[-1].kind != "total":
        k = next(i for i, line in enumerate(body) if line is left[0])
        if k and left[0].y - body[k - 1].y <= LABEL_GAP * pitch:  # set close under the rows, not a note block
            tail.extend(left)
    return out


def _value_columns(page: Page, cols: list[Column], start: float) -> tuple[float | None, float | None]:
    """x-centres of the proportion column and of the amount column (the header word of its unit, or the
    reporting year's cell of an amount group right of the objective columns, :func:`amount_group_x`)."""
    last_obj = max((c.xc for c in cols if c.group != "other"), default=None)
    amount_x = amount_column_x(page, cols, start)
    if amount_x is None and last_obj is not None:
        amount_x = amount_group_x(header_lines(page), last_obj)
    return share_column_x(page, cols, start), amount_x


def _first_value_x(body: list[Line], splits: list[int]) -> float:
    """Where the value columns start: the left edge of the leftmost number right of a row label."""
    xs = [line.words[sp].x0 for line, sp in zip(body, splits)
          if sp < len(line.words) and V.is_number(line.words[sp].text)]
    return min(xs, default=float("-inf")) - 2.0


def _numbers_below(out: list[TableRow], line: Line, split: int, pending: list, gap_above, pitch: float) -> bool:
    """A wrapped row whose answer cells (and code) stand on its first line and its amount and share on the
    next one (text cells top-aligned, number cells bottom-aligned): the line continues the label of an activity
    row above that has no number yet."""
    if not out or out[-1].kind != "activity" or out[-1].amount is not None or out[-1].share is not None:
        return False
    if pending or gap_above is None or gap_above > LABEL_GAP * pitch or not (out[-1].sc or out[-1].code_text):
        return False
    return _continues(line) and _has_numbers(line, split) and not V.section_of(line.text)


def _continues(line: Line) -> bool:
    """A line that reads as the continuation of the text above it (lower-case or bracketed start)."""
    first = line.words[0].text[:1] if line.words else ""
    return first.islower() or first == "("


def values_on_first_line(body: list[Line], splits: list[int], pitch: float) -> bool | None:
    """True when the table's multi-line cells are top-aligned (values on a label's first line, the label
    going on below): label-only lines that continue the text of a value line just above them outnumber
    value lines that continue the label lines just above them (bottom-aligned cells).  None: no evidence
    (a continuation page keeps its table's alignment)."""
    top = bottom = 0
    for k in range(1, len(body)):
        prev, line = body[k - 1], body[k]
        if line.y - prev.y > LABEL_GAP * pitch or not _continues(line) or V.section_of(line.text):
            continue
        prev_values, values = _has_values(prev, splits[k - 1]), _has_values(line, splits[k])
        top += prev_values and not values
        bottom += values and not prev_values and splits[k] > 0
    return None if top == bottom == 0 else top > bottom


def continue_row(row: TableRow, label_words, values, cols: list[Column]) -> None:
    """Append a centred cell's lower label line (and any answer cells on it) to the row above."""
    row.label = " ".join([row.label] + [w.text for w in label_words]).strip()
    if row.kind == "activity":
        row.kind = V.row_kind(row.label) or "activity"
    if not row.code_text:
        first = next((i for i, w in enumerate(label_words) if V.OBJ_TOKEN.match(w.text) or V.CODE_TOKEN.match(w.text)), None)
        row.code_text = " ".join(w.text for w in label_words[first:]) if first is not None else ""
    assign_answers(row, values, cols)


def make_row(page: Page, line: Line, label: str, label_words, values, cols, decimal, share_x=None,
             amount_x=None) -> TableRow:
    """Type one value line: amount/share tokens, answers by column, category letters.  The amount is the first
    number; the share the next one, or, when the proportion column's header is known, the number nearest it
    (a previous year's amount may stand between them)."""
    kind = V.row_kind(label) or "activity"
    row = TableRow(kind=kind, label=label, page=page.number, y=line.y,
                   bbox=(line.words[0].x0, line.top, line.words[-1].x1, line.y))
    first = next((i for i, w in enumerate(label_words) if V.OBJ_TOKEN.match(w.text) or V.CODE_TOKEN.match(w.text)), None)
    row.code_text = " ".join(w.text for w in label_words[first:]) if first is not None else ""
    nums = [w for w in values if V.is_number(w.text) and not V.is_answer(w.text)]
    amount, share = roles(nums, values, share_x, amount_x)  # by header and unit, position last (:mod:`column_roles`)
    if nums and amount is None and share is not None:  # no amount printed: the row starts with its share
        nums = [None] + nums
    lone_dash = len(nums) == 1 and not any(w.text.lower() in V.NOT_APPLICABLE_CELLS for w in values)
    if amount is not None and not (V.DASH_CELL.match(amount.text) and kind == "activity" and lone_dash):
        row.amount_token = amount.text
        row.amount = V.parse_number(amount.text, decimal)
    if share is not None:
        row.share_token = share.text
        row.share = V.parse_number(share.text, decimal)
        if row.share is not None and share_in_brackets(values, amount, share):  # '1,234.5 (12.3 %)': not negative
            row.share = abs(row.share)
    assign_answers(row, values, cols)
    read_sc_shares(row, nums[2:], cols, decimal)  # the 2021 template's SC shares ('100,0 %') as answers
    return row


def assign_answers(row: TableRow, values, cols: list[Column]) -> None:
    """Y/N/EL cells to the nearest objective column; 'E'/'T' letters to the category."""
    for w in values:
        if w.text in ("E", "T"):
            row.category = row.category or w.text
            continue
        ans = V.parse_answer(w.text)
        if ans is None:
            continue
        col = nearest_column(cols, w.xc, lambda c: c.role != "code")
        if col is None:
            continue
        if col.role == "MS":
            row.minimum_safeguards = ans
        elif col.group == "sc":
            row.sc.setdefault(col.role, ans)
        elif col.group == "dnsh":
            row.dnsh.setdefault(col.role, ans)


def page_kpi(page: Page) -> str | None:
    """Which KPI a table page reports: the KPI named last before the column header markers, else the first
    named in the header block, else the most named in the page's row labels."""
    head = header_lines(page)
    before = None
    for line in head:
        if HEADER_MARKERS.search(line.text):
            break
        found = V.kpi_words(line.text)
        before = found[-1] if found else before
    if before:
        return before
    for text in (" ".join(l.text for l in head), page.text):
        found = V.kpi_words(re.sub(r"(?i)proportion of", " ", text))
        if found:
            return found[0]
    return None


def page_currency(page: Page) -> str | None:
    """The currency of the amount unit printed in the page's header block (or anywhere on the page), else of a
    currency code printed alone in the header ('(CHF)', :func:`cell_units.header_currency`)."""
    head = " ".join(l.text for l in header_lines(page))
    cells = cell_unit(page)  # the currency in every amount cell, the scale alone in the header (:mod:`cell_units`)
    return V.unit_currency_named(head) or V.unit_currency_named(_wrapped_units(page)) \
        or V.unit_currency_named(page.text) or (cells[1] if cells else None) or header_currency(page)


def page_multiplier(page: Page) -> float | None:
    """The amount unit printed in the page's header block (or anywhere on the page)."""
    head = " ".join(l.text for l in header_lines(page))
    cells = cell_unit(page)
    return V.unit_multiplier(head) or V.unit_multiplier(_wrapped_units(page)) or V.unit_multiplier(page.text) \
        or (cells[0] if cells else None)


def _wrapped_units(page: Page) -> str:
    """The header's bracketed cells wrapped over lines in their column, joined ('(€' / 'm)' -> '(€ m)'): the
    line-by-line header text splits them (:func:`header_stacks.bracket_stacks`)."""
    return " ; ".join(bracket_stacks(header_lines(page)))


def is_facing_page(page: Page) -> bool:
    """A continuation page holding only the right half of a table (answers, no codes or amounts)."""
    text = page.text
    return (not re.search(rf"\b{V.OBJECTIVE_PATTERN}\s*\d{{1,2}}\.\d", text) and "dnsh" in text.lower()
            and not SC_MARKERS.search(text) and not SC_WORD.search(text))


def value_tokens(page: Page, cols: list[Column]) -> list[str]:
    """Tokens right of the row labels (amounts, shares, answers): activity codes like '3.20' or '7.7' in the
    label columns must not vote on the decimal mark."""
    body = page.lines[len(header_lines(page)):]
    return [w.text for line in body for w in line.words[label_split(line, cols):]]


def table_segments(page: Page) -> list[Page]:
    """A page cut into one part per table: a column-header line (substantial contribution / DNSH) after a
    table body line opens a new part, from the first line after that body (its title and header).  Stacked
    templates (A.1 / A.2 / B as separate tables) and two KPIs on one page read as separate tables.

    >>> from regc.reports.pdftree import Word
    >>> len(table_segments(Page(1, 600, 800, [Word(0, 0, 50, 10, "Proportion")], "Proportion")))
    1
    """
    lines = page.lines
    cuts, last_data, seen = [], -1, False
    for i, line in enumerate(lines):
        if is_data_line(line) or seen and _has_cell_values(line):
            seen, last_data = True, i
        elif seen and HEADER_MARKERS.search(line.text) and not is_page_note(line):  # a note naming 'DNSH'
            cuts.append(_wrapped_label_end(lines, last_data, i))
            seen = False
    if not cuts:
        return [page]
    bounds = [0, *cuts, len(lines)]
    parts = []
    for a, b in zip(bounds, bounds[1:]):
        words = [w for line in lines[a:b] for w in line.words]
        parts.append(Page(page.number, page.width, page.height, words, " ".join(w.text for w in words),
                          page.modality, page.ocr))
    return parts


def _wrapped_label_end(lines: list[Line], last_data: int, limit: int) -> int:
    """Where a table part ends: after its last body line and the lines that wrap that row's label ('Turnover of
    environmentally sustainable' / 'activities (Taxonomy-aligned) (A.1)'): lower-case or bracketed starts set no
    farther below than the body's line pitch, no value in them (rule ``wrapped_label_stays``)."""
    end = last_data + 1
    pitch = lines[last_data].y - lines[last_data - 1].y if last_data > 0 else 0.0
    while end < limit and _continues(lines[end]) and not _has_cell_values(lines[end]) \
            and 0 < lines[end].y - lines[end - 1].y <= pitch:
        end += 1
    return end


def _has_cell_values(line: Line) -> bool:
    """A line with a number or dash cell that is not a year (a table title's 'year 2023' is not a value)."""
    short = len(line.words) <= 8  # a dash in running text ('activities – disclosure') is no cell
    return not HEADER_MARKERS.search(line.text) and any(
        V.is_number(w.text) and (short or re.search(r"\d", w.text)) and not re.fullmatch(r"(?:19|20)\d\d", w.text)
        for w in line.words)


@dataclass
class _Reading:
    """find_tables' state: tables by KPI, the table read last and where (page, part)."""

    tables: dict = field(default_factory=dict)
    last: KpiTable | None = None
    at: tuple = (-10, 0)
    group: dict = field(default_factory=dict)  # KPI -> table, read last from one multi-KPI table's views
    spans: list = field(default_factory=list)  # that table's column groups (KPI, x from, x to)


def find_tables(doc: Document, limit: int = PAGE_LIMIT_FIND) -> list[KpiTable]:
    """KPI tables of a document: candidate pages by cheap text test, then read geometrically, part by part
    (:func:`table_segments`).  The part right after a table part is also read as its possible continuation.
    Only the first ``limit`` pages are scanned.  With OCR, page texts are read page by page and the search
    stops once all three KPIs' tables are read and the page after the last one is past (a second table for a
    KPI would be ignored anyway): the scanned pages after them are never OCR'd (:func:`search_limit`)."""
    st = _Reading()
    n_pages = min(doc.page_count, limit)
    for n in range(1, n_pages + 1):
        if doc.ocr_engine is not None and len(st.tables) == len(V.KPI_WORDS) and n > st.at[0] + 1:
            doc.__dict__["kpi_search_end"] = n - 1
            break
        text = doc.page_texts(n)[n - 1]
        near = st.last is not None and n == st.at[0] + 1 and not table_closed(st.last.rows)
        if not HEADER_MARKERS.search(text) and not (near and text.strip()):
            continue
        for k, part in enumerate(p for col in column_pages(doc.page(n)) for half in side_halves(col)
                                 for p in table_segments(half)):
            adjacent = st.last is not None and (st.at == (n, k - 1) if k else st.at[0] == n - 1)
            spans = kpi_column_spans(part) if is_kpi_page(part) or adjacent and st.group else []
            if not spans and adjacent and st.group and spans_fit(part, st.spans):
                spans = st.spans  # continued without its KPI header: the column groups of the part before
            views = kpi_column_views(part, spans)
            st.spans = spans if views else []
            if views:
                _read_views(st, views, n, k, adjacent)
            else:
                st.group = {}
                _read_part(st, part, n, k, adjacent)
    return [st.tables[k] for k, _ in V.KPI_WORDS if k in st.tables]


def search_limit(doc: Document) -> int:
    """The pages the other readers (summaries, sentences) search: those :func:`find_tables` read (it stops
    early on an OCR'd document), else the first ``PAGE_LIMIT_FIND``."""
    return doc.__dict__.get("kpi_search_end", PAGE_LIMIT_FIND)


def kpi_column_spans(page: Page) -> list[tuple[str, float, float]]:
    """(KPI, x from, x to) per KPI of a table whose column groups report several KPIs side by side
    (:mod:`regc.reports.kpi_columns`); [] for a one-KPI table."""
    head = header_lines(page)
    if not head:
        return []
    body, splits, _ = _body(page, header_columns(page))
    values = [[w for w in line.words[sp:] if V.is_number(w.text) or w.text == "%"] for line, sp in zip(body, splits)]
    label_right = max((line.words[sp - 1].x1 for line, sp, v in zip(body, splits, values) if v and sp), default=None)
    return kpi_spans(head, values, label_right) if label_right is not None else []


def kpi_column_views(page: Page, spans: list | None = None) -> list[tuple[str, Page]]:
    """(KPI, view) per KPI of a multi-KPI table part (``spans``: its column groups, found in its header unless
    given); [] for a one-KPI table."""
    spans = kpi_column_spans(page) if spans is None else spans
    return [(kpi, kpi_view(page, spans, kpi)) for kpi, _, _ in spans]


def _read_views(st: _Reading, views: list[tuple[str, Page]], n: int, k: int, adjacent: bool) -> None:
    """Read each KPI's view of one multi-KPI table part; a view continues its KPI's table of the part before."""
    before, st.group = (st.group if adjacent else {}), {}
    for kpi, view in views:
        st.last = before.get(kpi)
        _read_part(st, view, n, k, st.last is not None, kpi)
        if st.tables.get(kpi) is not None and n in st.tables[kpi].pages:
            st.group[kpi] = st.tables[kpi]


def _later_year(first: KpiTable, year: int | None, rows: list[TableRow]) -> bool:
    """A second itemised table for a KPI whose title names a later year than the first's (rule
    ``report_year_table``: comparatives printed first, '... covering year 2023' above '... covering year 2024')."""
    return first.year is not None and year is not None and year > first.year and itemised(rows)


def _read_part(st: _Reading, page: Page, n: int, k: int, adjacent: bool, kpi_hint: str | None = None) -> None:
    """Read one table part into the state: a new KPI table, a continuation, or a facing half.  ``kpi_hint``:
    the KPI of a multi-KPI table's view (its header and rows may name the others)."""
    last = st.last
    follows = adjacent and not table_closed(last.rows)  # a table ends at its total
    starts = is_kpi_page(page)
    if not starts and not follows:
        return
    cols = header_columns(page) or (last.cols if follows else [])  # a continuation without repeated header
    decimal = V.detect_decimal(value_tokens(page, cols)) if starts or not follows else last.decimal
    if adjacent and is_facing_page(page):  # the right half of the spread, even after the total row
        join_facing(last, read_page_rows(page, cols, decimal), n)
        st.at = (n, k)
        return
    top = page_alignment(page, cols)
    top = (last.top_aligned if follows else False) if top is None else top
    tail: list = []
    rows = read_page_rows(page, cols, decimal, top, tail)
    if not starts and not is_continuation_page(page, rows):
        return
    kpi = kpi_hint or rows_kpi(rows) or page_kpi(page)
    if kpi is None and follows:
        kpi = last.kpi
    if kpi is None or not has_table_rows(rows):
        return
    year = title_year(page)
    if kpi in st.tables and not (last is st.tables[kpi] and follows) and st.tables[kpi].rows:
        later = _later_year(st.tables[kpi], year, rows)  # the previous year's template printed first
        if not later and (itemised(st.tables[kpi].rows) or not itemised(rows)):
            st.at = (n, k)
            return  # a second table for a KPI already read (e.g. a summary): keep the first
        del st.tables[kpi]  # a summary without activity rows (or last year's template) read first: replaced
    tab = st.tables.setdefault(kpi, KpiTable(kpi, [], page_multiplier(page), decimal, [], year=year))
    if follows and last is tab and n not in tab.pages:
        join_tail(tab.tail, rows)
    if n not in tab.pages:
        tab.pages.append(n)
    tab.rows.extend(rows)
    tab.tail = tail
    tab.multiplier = tab.multiplier or page_multiplier(page)
    tab.top_aligned = tab.top_aligned or top
    tab.cols = tab.cols or cols
    st.last, st.at = tab, (n, k)
