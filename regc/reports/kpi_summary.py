"""KPI summary tables: the small table many reports print besides (or instead of) the Annex II templates, one
row per KPI (turnover / CapEx / OpEx) and one column per role (total, Taxonomy-aligned, eligible but not
aligned, not eligible, eligible), each role an amount and/or a share.  A fallback source of the fixed keys.

Rules: a header line names the roles (words as data in ``ROLE_WORDS``, first match wins per header phrase);
a row whose label names a KPI (``LABEL_WORDS``) gives its value tokens to the role whose header phrase covers
(or is nearest to) the token; a token with '%' (or under a '%' sub-header) is the share, else the amount.
A dash in the row's total means the KPI was not determined: that row's amounts are null (shares as printed).
The 'eligible' column (A.1 + A.2) is not the eligible-not-aligned key and is not used for it.

>>> role_of("Not taxonomy-eligible"), role_of("Taxonomy-eligible but not aligned"), role_of("Taxonomy-aligned")
('not_eligible', 'eligible_not_aligned', 'aligned')
>>> label_kpi("Capital expenditures"), label_kpi("Operational expenses"), label_kpi("Revenue")
('capex', 'opex', 'turnover')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from regc.reports import rows as V
from regc.reports.pdftree import Line, Page, Word

ROLE_WORDS = (  # (role, lower-case phrases), first match wins
    ("eligible_not_aligned", ("not aligned", "not taxonomy-aligned", "non-aligned", "eligible but not",
                              "nicht taxonomiekonform", "not environmentally sustainable")),
    ("not_eligible", ("not eligible", "non-eligible", "not taxonomy-eligible", "non-taxonomy-eligible",
                      "nicht taxonomiefähig", "nicht-taxonomiefähig")),
    ("aligned", ("aligned", "taxonomiekonform", "environmentally sustainable")),
    ("eligible", ("eligible", "taxonomiefähig")),
    ("total", ("total", "relevant", "gesamt", "insgesamt")),
)
LABEL_WORDS = (  # (kpi, regex on the row label), first match wins
    ("capex", r"\bcapex\b|capital\s+expen|investitions"),
    ("opex", r"\bopex\b|operat\w*\s+expen|\boperational\b|\boperating\b|betriebsausgaben"),
    ("turnover", r"turnover|revenue|\bsales\b|umsatz"),
)
YEAR = re.compile(r"(?:19|20)\d\d")
PHRASE_GAP = 9.0  # points between header words that separates two header phrases
SHARE_MARKS = ("%", "in %", "share", "anteil", "proportion")


@dataclass
class Phrase:
    """A header phrase with its role and horizontal extent."""

    role: str | None
    x0: float
    x1: float
    text: str


def role_of(text: str) -> str | None:
    """The role a header phrase names, None when none."""
    low = " ".join(text.lower().replace("\xad", "").split())
    return next((role for role, words in ROLE_WORDS if any(w in low for w in words)), None)


def label_kpi(text: str) -> str | None:
    """The KPI a row label names, None when none."""
    low = text.lower()
    return next((kpi for kpi, rx in LABEL_WORDS if re.search(rx, low)), None)


def phrases(line: Line) -> list[Phrase]:
    """Header phrases of a line: runs of words closer than ``PHRASE_GAP``."""
    out: list[Phrase] = []
    for w in line.words:
        if out and w.x0 - out[-1].x1 < PHRASE_GAP and not _starts_cell(out[-1].text, w.text):
            out[-1].x1, out[-1].text = w.x1, f"{out[-1].text} {w.text}"
        else:
            out.append(Phrase(None, w.x0, w.x1, w.text))
    for p in out:
        p.role = role_of(p.text)
    return out


def _starts_cell(phrase: str, word: str) -> bool:
    """A capitalised word that names a role by itself after a phrase that already names one starts the next
    header cell, however close ('Total (€ Taxonomy-eligible Taxonomy-aligned' when right-aligned headers
    abut); a lower-case role word goes on its phrase ('Taxonomy-eligible but not aligned').

    >>> _starts_cell("Total (€", "Taxonomy-eligible"), _starts_cell("Taxonomy-eligible but not", "aligned")
    (True, False)
    """
    return word[:1].isupper() and role_of(word) is not None and role_of(phrase) is not None


def _values(line: Line) -> tuple[str, list]:
    """(label, value words) of a line: the value words are the trailing number / dash cells; a '%' printed as a
    word of its own after a number ('16.1 %') goes on that number's cell."""
    words = list(line.words)
    k = len(words)
    while k > 0 and (V.is_number(words[k - 1].text) or _sign_after_number(words, k - 1)):
        k -= 1
    if len(words) - k == 1 and YEAR.fullmatch(words[-1].text):
        k = len(words)  # a title ending in its year ('… activities 2024') has no value cell
    cells: list = []
    for w in words[k:]:
        if w.text == "%" and cells:
            last = cells[-1]
            cells[-1] = Word(last.x0, last.y0, last.x1, last.y1, f"{last.text} %")  # the number's box: its column
        else:
            cells.append(w)
    return " ".join(w.text for w in words[:k]), cells


def _sign_after_number(words, i: int) -> bool:
    """words[i] is a lone '%' right after a number cell."""
    return words[i].text == "%" and i > 0 and V.is_number(words[i - 1].text) and "%" not in words[i - 1].text


def _continue_header(header: list[Phrase], line: Line) -> bool:
    """Header cells wrapped over two lines ('Taxonomy-eligible, not' over 'aligned (A.2) %'): each phrase of the
    line below that overlaps a header phrase in x goes on its text, and the merged text names the role when it
    names one ('not aligned').  The phrases keep their extent.  False when no phrase overlaps one.

    >>> from regc.reports.pdftree import Word
    >>> h = [Phrase("eligible", 100, 160, "Taxonomy-eligible, not")]
    >>> _continue_header(h, Line([Word(120, 10, 160, 18, "aligned")])), h[0].role
    (True, 'eligible_not_aligned')
    """
    hit = False
    for p in phrases(line):
        head = next((h for h in header if p.x0 < h.x1 and h.x0 < p.x1), None)
        if head is None:
            continue
        head.text = f"{head.text} {p.text}"
        head.role = role_of(head.text) or head.role
        hit = True
    return hit


def _nearest(cols: list[Phrase], x: float) -> Phrase | None:
    inside = [c for c in cols if c.x0 - 2 <= x <= c.x1 + 2]
    pool = inside or cols
    return min(pool, key=lambda c: abs((c.x0 + c.x1) / 2 - x), default=None)


def read_summary(page: Page) -> dict:
    """KPI -> role -> {'amount'|'share': (value, token)} from the summary table(s) on a page ({} when none)."""
    lines = page.lines
    header: list[Phrase] = []
    share_xs: list[tuple[float, float]] = []
    decimal = V.detect_decimal([w.text for w in page.words])
    out: dict = {}
    header_at = -2
    for i, line in enumerate(lines):
        label, vals = _values(line)
        if not vals:
            ph = phrases(line)
            roles = [p for p in ph if p.role]
            if len({p.role for p in roles}) >= 2 and len(line.text) < 200:
                header, header_at = roles, i
                share_xs = []
                continue
            if header_at == i - 1 and _continue_header(header, line):
                header_at = i
            if header and any(p.text.lower().strip() in SHARE_MARKS for p in ph):
                share_xs = [(p.x0, p.x1) for p in ph if p.text.lower().strip() in SHARE_MARKS]
            continue
        if not header:
            continue
        nxt = lines[i + 1].text if i + 1 < len(lines) and not _values(lines[i + 1])[1] else ""
        nxt = "" if role_of(nxt) else nxt  # a title or header below names roles: not the label's second line
        kpi = label_kpi(label) or (label_kpi(f"{label} {nxt}") if label else None)
        if kpi is None or kpi in out or len(label) > 60 or re.search(r"\bA\.\s?[12]\b|\(A|\d\.\d", label):
            continue
        out[kpi] = _row_roles(vals, header, share_xs, decimal)
    return out


def _row_roles(vals, header: list[Phrase], share_xs, decimal: str) -> dict:
    """role -> {'amount'|'share': (value, token)} for one summary row."""
    row: dict = {}
    for w in vals:
        col = _nearest(header, w.xc)
        if col is None:
            continue
        is_share = w.text.endswith("%") or any(a - 2 <= w.xc <= b + 2 for a, b in share_xs)
        value = V.parse_number(w.text, decimal)
        if value is None:
            continue
        row.setdefault(col.role, {})["share" if is_share else "amount"] = (
            value / 100.0 if is_share else value, w.text)
    total = row.get("total", {}).get("amount")
    if total is not None and V.DASH_CELL.match(total[1]):
        for cells in row.values():
            cells.pop("amount", None)
    return row


@dataclass
class KpiColumn:
    """A column of a transposed summary (one column per KPI and year, one row per role)."""

    kpi: str
    year: int | None
    xc: float


def kpi_columns(line: Line) -> list[KpiColumn]:
    """KPI columns named in a header line ('Turnover 2024  Turnover 2023  CapEx 2024 …'): a KPI name (one or two
    words) and the year right after it, if any."""
    words, out, i = line.words, [], 0
    while i < len(words):
        span = next((n for n in (1, 2) if i + n <= len(words) and label_kpi(" ".join(w.text for w in words[i:i + n]))
                     and (n == 1 or label_kpi(words[i + 1].text) is None)), None)
        if span is None:
            i += 1
            continue
        kpi = label_kpi(" ".join(w.text for w in words[i:i + span]))
        last = words[i + span - 1]
        year = None
        if i + span < len(words) and YEAR.fullmatch(words[i + span].text):
            last, year = words[i + span], int(words[i + span].text)
            span += 1
        out.append(KpiColumn(kpi, year, (words[i].x0 + last.x1) / 2))
        i += span
    return out


def read_transposed(page: Page) -> dict:
    """KPI -> role -> cells from a summary printed the other way round: one row per role ('Taxonomy-aligned
    (EURm)', '… (%)'), one column per KPI (and year: only the latest year's column is read)."""
    decimal = V.detect_decimal([w.text for w in page.words])
    out: dict = {}
    cols: list[KpiColumn] = []
    for line in page.lines:
        label, vals = _values(line)
        if not vals:
            found = kpi_columns(line)
            if len({c.kpi for c in found}) >= 2:
                latest = {c.kpi: max((d.year or 0) for d in found if d.kpi == c.kpi) for c in found}
                cols = [c for c in found if (c.year or 0) == latest[c.kpi]]
                all_cols = found
            elif cols and out:
                cols = []
            continue
        role = role_of(label) if cols else None
        if role is None:
            continue
        share = "%" in label or any(m in label.lower() for m in ("share", "proportion", "anteil"))
        for w in vals:
            near = min(all_cols, key=lambda c: abs(c.xc - w.xc))
            if near not in cols or abs(near.xc - w.xc) > 40:
                continue
            value = V.parse_number(w.text, decimal)
            if value is None:
                continue
            is_share = share or w.text.endswith("%")
            out.setdefault(near.kpi, {}).setdefault(role, {}).setdefault(
                "share" if is_share else "amount", (value / 100.0 if is_share else value, w.text))
    return out


def find_summaries(doc, texts: list[str], skip: set[int] = frozenset()) -> dict:
    """KPI -> (page number, role cells) of the first summary row per KPI (template pages ``skip``ped)."""
    out: dict = {}
    for n, text in enumerate(texts, start=1):
        low = text.lower()
        if n in skip:
            continue
        if "aligned" not in low and "konform" not in low or "eligible" not in low and "fähig" not in low:
            continue
        kpis = {k for k, rx in LABEL_WORDS if re.search(rx, low)}
        if len(kpis) < 2:
            continue
        page = doc.page(n)
        for kpi, cells in (read_transposed(page) or read_summary(page)).items():
            if "aligned" in cells and kpi not in out:
                out[kpi] = (n, cells)
    return out
