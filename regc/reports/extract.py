"""Assemble the disclosure JSON (shared/spec/disclosure.md) from read KPI tables; verify every number.

Rules: totals from the labelled total rows, activities from coded rows under A.1/A.2; a value that is not
printed is None and listed in ``findings``; every number is checked to occur on its cited page (else dropped
with a diagnostic).  Provenance per activity row: page; per KPI: pages; per value: the printed token.

>>> empty_kpi()["aligned"]
{'amount': None, 'share': None}
"""

from __future__ import annotations

import re

from regc.reports import rows as V
from regc.reports.activity_names import match_code
from regc.reports.glossary_codes import glossary_code, prints_no_code
from regc.reports.figure_lines import figure_lines
from regc.reports.footnote_codes import LABEL_MARK, footnote_codes, label_mark
from regc.reports.image_pages import image_page_findings
from regc.reports.kpi_summary import find_summaries
from regc.reports.kpi_tables import KpiTable, TableRow, find_tables, page_currency, page_multiplier, search_limit
from regc.reports.krona_units import krona_currency, krona_unit, table_language
from regc.reports.label_subtotals import label_subtotals
from regc.reports.narrative import narrative_block, stated_currency
from regc.reports.ocr_shares import repair_ocr_shares
from regc.reports.share_scale import share_scale
from regc.reports.split_tables import join_split_halves
from regc.reports.totals_template import totals_only_tables
from regc.reports.role_lists import RoleList, find_role_lists
from regc.reports.pdftree import Document
from regc.reports.verify import number_on_page

TOTAL_KEYS = (
    ("aligned_total", "aligned"),
    ("eligible_not_aligned_total", "eligible_not_aligned"),
    ("not_eligible_total", "not_eligible"),
)
KPIS = ("turnover", "capex", "opex")
FIGURE_PAGE = re.compile(r"aligned|eligible|konform|fähig|\(A\.?\s?[12]\)", re.I)  # pages worth reading for figure lines
# legal forms ending a company name (data): German, European, Dutch, British, and the Nordic ones (Swedish 'AB',
# Norwegian 'ASA', Danish 'A/S', Finnish 'Oyj'); Norwegian and Danish 'AS' alone is not listed (an English word)
LEGAL_FORMS = ("AG", "SE", "GmbH", "KGaA", "plc", "N.V.", "S.A.", "AB", "ASA", "A/S", "Oyj")
COMPANY_NAME = re.compile(rf"([A-Z][\w&.\- ]{{1,60}}?\b(?:{V.alternation(LEGAL_FORMS)}))(?![\w/])")


def empty_kpi() -> dict:
    """A KPI block with every value null."""
    return {"pages": [], "total": None,
            "aligned": {"amount": None, "share": None},
            "eligible_not_aligned": {"amount": None, "share": None},
            "not_eligible": {"amount": None, "share": None},
            "activities": []}


def assign_groups(table: KpiTable) -> None:
    """Carry the A.1/A.2/B section state down the rows of a table (answers decide when no header)."""
    state = None
    for r in table.rows:
        if r.kind == "section":
            state = r.group if r.group in ("A.1", "A.2", "B") else state
            continue
        if r.kind != "activity":
            if r.kind == "aligned_total":
                state = "A.2" if state in (None, "A.1") else state
            elif r.kind == "eligible_not_aligned_total":
                state = "B"
            continue
        if state == "B" and not (r.code_text or V.CODE.search(r.label)):
            r.kind = "not_eligible_total"
        elif state in ("A.1", "A.2"):
            r.group = state
        elif "EL" in r.sc.values():
            r.group = "A.2"
        elif "Y" in r.sc.values() and state is None:
            r.group = "A.1"


def activity_entry(r: TableRow, mult: float, doc: Document, findings: list, share_mult: float = 0.01,
                   glossary: bool = False) -> dict | None:
    """One activity row in the spec's shape; None when the row has no code.  ``glossary``: the table prints no
    code at all, so a code glossary elsewhere in the report may name the row's code (rule ``glossary_codes``)."""
    default = next((o for o in V.OBJECTIVES if r.sc.get(o) in ("Y", "EL")), None)
    code, also = V.parse_code(r.code_text or "", default)
    if code is None:
        code, also = V.parse_code(r.label, default)
    mark = label_mark(r.label) if code is None else None
    if mark is not None:  # no code column: the code stated in the footnote the name points to
        code, also = V.parse_code(footnote_codes([l.text for l in doc.page(r.page).lines]).get(mark, ""), default)
    if code is None:  # no code printed: the report's glossary page, else the delegated acts' names
        hit = glossary and glossary_code(doc, r.label, default) or match_code(r.label, default)
        if hit is None:
            return None
        code, also = f"{hit[0]}-{hit[1]}", []
    name = re.sub(rf"{V.CODE.pattern}|\b{V.OBJECTIVE_PATTERN}\b|[/*]", " ", r.label)
    name = re.sub(r"\s+\d\s*$", "", " ".join(name.replace("\xad", "").split())).strip(" ,;:–—")  # 'CCM 7.2 – Name'
    name = re.sub(r"(\w)- ([a-zäöü])", r"\1\2", name)
    if mark is not None:
        name = LABEL_MARK.sub("", name).strip(" ,;")
    entry = {"code": code, "name": name, "group": r.group,
             "amount": checked(r.amount, r.amount_token, r.amount_page or r.page, doc, findings, mult),
             "share": checked(r.share, r.share_token, r.page, doc, findings, share_mult),
             "substantial_contribution": {o: r.sc.get(o) for o in V.OBJECTIVES},
             "dnsh": {o: r.dnsh.get(o) for o in V.OBJECTIVES},
             "minimum_safeguards": r.minimum_safeguards,
             "category": r.category if r.group == "A.1" else None,
             "page": r.amount_page or r.page}
    if also:
        entry["also"] = also
    return entry


def checked(value, token, page, doc, findings, scale) -> float | None:
    """value × scale when its printed token occurs on the page; else None with a finding."""
    if value is None:
        return None
    if not number_on_page(token, doc.page(page).text):
        findings.append({"severity": "warning", "page": page, "message": f"value {token!r} not found on page; dropped"})
        return None
    return V.scaled(value, scale)


def kpi_block(table: KpiTable, doc: Document, findings: list) -> dict:
    """The spec's KPI block from one table."""
    out = empty_kpi()
    out["pages"] = sorted(set(table.pages))
    mult = table.multiplier or 1.0
    if table.multiplier is None:
        findings.append({"severity": "warning", "page": table.pages[0], "message": f"{table.kpi}: no amount unit printed; amounts taken as currency units"})
    table.rows = label_subtotals(table.rows, table.decimal)  # section label rows that carry subtotals
    assign_groups(table)
    share_mult = share_scale(table.rows)
    no_codes = prints_no_code(table.rows)
    for r in table.rows:
        for kind, key in TOTAL_KEYS:
            if r.kind == kind and out[key]["amount"] is None and out[key]["share"] is None:
                out[key] = {"amount": checked(r.amount, r.amount_token, r.amount_page or r.page, doc, findings, mult),
                            "share": checked(r.share, r.share_token, r.page, doc, findings, share_mult)}
        if r.kind == "total" and out["total"] is None:
            out["total"] = checked(r.amount, r.amount_token, r.amount_page or r.page, doc, findings, mult)
        if r.kind == "activity" and r.group in ("A.1", "A.2"):
            e = activity_entry(r, mult, doc, findings, share_mult, glossary=no_codes)
            if e is not None:
                out["activities"].append(e)
    return out


def list_block(rl: RoleList, doc: Document, findings: list) -> dict:
    """The spec's KPI block from a role-column activity list (:mod:`regc.reports.role_lists`): an entry per
    activity and role (A.1 from the aligned columns, A.2 from the eligible-not-aligned ones); the totals from
    its total row.  Every number verified on the page."""
    out = empty_kpi()
    out["pages"] = [rl.page]
    mult = page_multiplier(doc.page(rl.page)) or 1.0

    def value(cells, role, measure):
        got = cells.get((role, measure))
        if got is None:
            return None
        return checked(got[0], got[1], rl.page, doc, findings, mult if measure == "amount" else 0.01)

    for role, group in (("aligned", "A.1"), ("eligible_not_aligned", "A.2")):
        out[role] = {"amount": value(rl.total, role, "amount"), "share": value(rl.total, role, "share")}
        for label, cells in rl.rows:
            if not any(k[0] == role for k in cells):
                continue
            code, also = V.parse_code(label)
            if code is None:
                continue
            name = re.sub(rf"{V.CODE.pattern}|\b{V.OBJECTIVE_PATTERN}\b", " ", label)
            entry = {"code": code, "name": " ".join(name.split()).strip(" ,;()"), "group": group,
                     "amount": value(cells, role, "amount"), "share": value(cells, role, "share"),
                     "substantial_contribution": {o: None for o in V.OBJECTIVES},
                     "dnsh": {o: None for o in V.OBJECTIVES}, "minimum_safeguards": None, "category": None,
                     "page": rl.page}
            if also:
                entry["also"] = also
            out["activities"].append(entry)
    findings.append({"severity": "info", "page": rl.page,
                     "message": f"{rl.kpi}: read from an activity list with role columns (no Annex II template)"})
    return out


def stated_kpi(doc: Document, kpi: str, findings: list) -> dict:
    """A KPI without a template table: the figures stated in sentences (:mod:`regc.reports.narrative`), each
    token verified on its page; an empty block and an error finding when none is stated."""
    block = narrative_block(doc.page_texts(search_limit(doc)), kpi)
    tokens = block.pop("tokens")
    if not all(number_on_page(t, doc.page(p).text) and (s is None or number_on_page(s, doc.page(p).text))
               for p, t, s, _ in tokens) or not tokens:
        findings.append({"severity": "error", "page": None, "message": f"no KPI table found for {kpi}"})
        return empty_kpi()
    findings.append({"severity": "warning", "page": block["pages"][0],
                     "message": f"{kpi}: no template table; figures read from the text (no activity rows)"})
    return block


def lines_kpi(doc: Document, kpi: str, findings: list) -> dict | None:
    """A KPI without a template table whose figures stand in figure lines of their own (:mod:`figure_lines`: a
    three-line table 'Taxonomy-aligned CapEx (A.1) | not material', 'Total CapEx (EUR m) | 7,395.4'): the
    first page whose lines give a value, each token verified; None when no page does."""
    for pno, text in enumerate(doc.page_texts(search_limit(doc)), start=1):
        if kpi not in V.kpi_words(text) or not FIGURE_PAGE.search(text):
            continue
        block = empty_kpi()
        fill_lines_on(block, kpi, [pno], doc, findings)
        if block["pages"]:
            findings.append({"severity": "warning", "page": pno,
                             "message": f"{kpi}: no template table; figures read from figure lines (no activity rows)"})
            return block
    return None


FIXED_KEYS = (("total", None), ("aligned", "amount"), ("aligned", "share"),
              ("eligible_not_aligned", "amount"), ("eligible_not_aligned", "share"))


def fill_from_summary(block: dict, kpi: str, summary: tuple, doc: Document, findings: list) -> None:
    """Fixed keys the template left null, from the KPI summary table (:mod:`regc.reports.kpi_summary`), each
    token verified on its page; the page joins the KPI's ``pages`` when a value is taken."""
    pno, cells = summary
    mult = page_multiplier(doc.page(pno)) or 1.0
    taken = []
    for role, field_ in FIXED_KEYS:
        current = block[role] if field_ is None else block[role][field_]
        cell = cells.get(role, {}).get(field_ or "amount")
        if current is not None or cell is None:
            continue
        value, token = cell
        scale = 0.01 if field_ == "share" else mult
        got = checked(value * (100.0 if field_ == "share" else 1.0), token, pno, doc, findings, scale)
        if got is None:
            continue
        _set_fixed(block, role, field_, got)
        taken.append(f"{role}{'.' + field_ if field_ else ''}")
    if taken:
        block["pages"] = sorted(set(block["pages"]) | {pno})
        findings.append({"severity": "info", "page": pno,
                         "message": f"{kpi}: {', '.join(taken)} read from the KPI summary table"})


def fill_from_lines(block: dict, kpi: str, table: KpiTable, doc: Document, findings: list) -> None:
    """Values a template table left null (a 2021 template printing shares only), from the KPI's figure lines
    ('Taxonomy-aligned Turnover (A.1)   2,569.9   7.0%') on the table's pages or the page before
    (:mod:`regc.reports.figure_lines`), each token verified on its page; the page joins the KPI's ``pages``."""
    first = min(table.pages)
    fill_lines_on(block, kpi, sorted(set(table.pages) | ({first - 1} if first > 1 else set())), doc, findings)


def fill_lines_on(block: dict, kpi: str, pages: list[int], doc: Document, findings: list) -> None:
    """Fixed keys left null, from the KPI's figure lines on the given pages (:func:`fill_from_lines`)."""
    for pno in pages:
        found, mult = figure_lines(doc.page(pno), kpi)
        decimal = V.detect_decimal([t for pair in found.values() for t in pair if t])
        mult = mult or page_multiplier(doc.page(pno)) or 1.0
        taken = []
        for role, (amount, share) in found.items():
            for field_, tok, scale in ((None if role == "total" else "amount", amount, mult), ("share", share, 0.01)):
                if tok is None or role == "total" and field_ == "share" or _fixed(block, role, field_) is not None:
                    continue
                got = checked(V.parse_number(tok, decimal), tok, pno, doc, findings, scale)
                if got is not None:
                    _set_fixed(block, role, field_, got)
                    taken.append(f"{role}{'.' + field_ if field_ else ''}")
        if taken:
            block["pages"] = sorted(set(block["pages"]) | {pno})
            findings.append({"severity": "info", "page": pno, "message": f"{kpi}: {', '.join(taken)} read from figure lines"})


def fill_from_text(block: dict, kpi: str, doc: Document, findings: list) -> None:
    """Fixed keys a table left null (e.g. the total (A + B) stated only in the running text), from the
    sentences that state them (:mod:`regc.reports.narrative`), each token verified on its page; the page joins
    the KPI's ``pages`` when a value is taken."""
    if all(_fixed(block, role, field_) is not None for role, field_ in FIXED_KEYS):
        return
    stated = narrative_block(doc.page_texts(search_limit(doc)), kpi)
    taken = []
    for pno, tok, share_tok, role in stated["tokens"]:
        text = doc.page(pno).text
        if not number_on_page(tok, text) or share_tok is not None and not number_on_page(share_tok, text):
            continue
        fields = (None,) if role == "total" else ("amount", "share")
        for field_ in fields:
            value = stated[role] if field_ is None else stated[role][field_]
            if value is None or _fixed(block, role, field_) is not None or (role, field_) not in FIXED_KEYS:
                continue
            _set_fixed(block, role, field_, value)
            taken.append(f"{role}{'.' + field_ if field_ else ''}")
            block["pages"] = sorted(set(block["pages"]) | {pno})
    if taken:
        findings.append({"severity": "info", "page": block["pages"][0],
                         "message": f"{kpi}: {', '.join(taken)} read from the text"})


def _fixed(block: dict, role: str, field_: str | None):
    return block[role] if field_ is None else block[role][field_]


def _set_fixed(block: dict, role: str, field_: str | None, value) -> None:
    if field_ is None:
        block[role] = value
    else:
        block[role][field_] = value


def guess_company(doc: Document) -> str | None:
    """Company name from the PDF metadata title/author or the first page's first line with a legal suffix."""
    meta = doc._doc.metadata or {}
    for text in (meta.get("title") or "", meta.get("author") or "", *[l.text for l in doc.page(1).lines[:15]]):
        m = COMPANY_NAME.search(text)
        if m:
            return " ".join(m.group(1).split())
    return None


def guess_fiscal_year(doc: Document, pages: list[int]) -> int | None:
    """The most frequent 20xx year in the KPI pages' headers and the document title."""
    counts: dict[int, int] = {}
    texts = [doc.page(p).text for p in pages[:3]] + [doc.page(1).text, (doc._doc.metadata or {}).get("title") or ""]
    for t in texts:
        for y in re.findall(r"\b(20[1-3]\d)\b", t):
            counts[int(y)] = counts.get(int(y), 0) + 1
    return max(counts, key=lambda y: (counts[y], y)) if counts else None


def scan_findings(doc: Document, found: bool) -> list[dict]:
    """Why tables may be missing: a damaged file, pages beyond the scan limit, image-only pages read without OCR."""
    from regc.reports.kpi_tables import PAGE_LIMIT_FIND

    out = []
    if getattr(doc, "damaged", False):  # repaired on opening: pages or their content may be missing
        out.append({"severity": "warning", "page": None,
                    "message": "damaged PDF (truncated or corrupt, repaired on opening): tables may be incomplete"})
    if doc.page_count > PAGE_LIMIT_FIND:
        out.append({"severity": "warning", "page": None,
                    "message": f"{doc.page_count} pages: KPI tables searched in the first {PAGE_LIMIT_FIND} only"})
    if doc.unread_pages:
        out.append({"severity": "info", "page": doc.unread_pages[0],
                    "message": f"{len(doc.unread_pages)} image pages of prose (layout probe) not OCR'd for page finding"})
    if not found and doc.ocr_engine is None:
        blank = [i + 1 for i, t in enumerate(doc.page_texts(search_limit(doc))) if len(t.strip()) < 20]
        scanned = [n for n in blank[:50] if doc.page(n).modality == "scanned"]
        if scanned:
            out.append({"severity": "error", "page": scanned[0],
                        "message": f"{len(scanned)}{'+' if len(blank) > 50 else ''} image-only pages and no OCR: "
                                   "install tesseract-ocr (`make venv` does) or drop --no-ocr to read them"})
    return out


def report_currency(doc: Document, pages: list[int]) -> str | None:
    """The currency of the amount units on the KPI pages (first page naming one); else, for a unit printed with
    the krona sign alone ('millj. kr.'), the currency :func:`krona_units.krona_currency` reads from the page's ISO
    code or the tables' language, null when neither says; else of the first amount a sentence on them states
    ('SEK 1,234 million'); EUR when none is named."""
    for p in pages:
        cur = page_currency(doc.page(p))
        if cur:
            return cur
    krona = next((p for p in pages if krona_unit(doc.page(p))), None)
    if krona is not None:
        return krona_currency(doc.page(krona).text, table_language(" ".join(doc.page(p).text for p in pages)))
    return next((c for p in pages for c in [stated_currency(doc.page(p).text)] if c), "EUR")


def extract(doc: Document, tables: list[KpiTable] | None = None) -> dict:
    """The disclosure of a report (tables found here unless given).  Findings explain every null."""
    findings: list = []
    tables = {t.kpi: t for t in join_split_halves(doc, find_tables(doc) if tables is None else tables)}
    out = {"document": doc.name, "company": guess_company(doc), "fiscal_year": None, "currency": "EUR", "kpis": {}}
    if not tables and doc.unread_pages:
        doc.read_unread_pages()  # no template table: the figures may be stated in prose on a skipped page
    template_pages = {p for t in tables.values() for p in t.pages}
    tables.update(totals_only_tables(doc, [k for k in KPIS if k not in tables], template_pages, search_limit(doc)))
    template_pages = {p for t in tables.values() for p in t.pages}
    summaries = find_summaries(doc, doc.page_texts(search_limit(doc)), template_pages)
    lists = find_role_lists(doc, doc.page_texts(search_limit(doc)), template_pages) if len(tables) < 3 else {}
    for kpi in KPIS:
        if kpi in tables:
            out["kpis"][kpi] = kpi_block(tables[kpi], doc, findings)
        elif kpi in lists:
            out["kpis"][kpi] = list_block(lists[kpi], doc, findings)
        elif kpi in summaries:
            out["kpis"][kpi] = empty_kpi()
        else:
            out["kpis"][kpi] = lines_kpi(doc, kpi, findings) or stated_kpi(doc, kpi, findings)
        if kpi in summaries:
            fill_from_summary(out["kpis"][kpi], kpi, summaries[kpi], doc, findings)
        if kpi in tables:
            fill_from_lines(out["kpis"][kpi], kpi, tables[kpi], doc, findings)
        elif kpi in lists:  # the KPI summary printed under a role-column list ('Total turnover (A + B)  8,287.8')
            fill_lines_on(out["kpis"][kpi], kpi, [lists[kpi].page], doc, findings)
        if kpi in tables or kpi in summaries or kpi in lists:
            fill_from_text(out["kpis"][kpi], kpi, doc, findings)
        if kpi in tables and doc.ocr_engine is not None:
            repair_ocr_shares(out["kpis"][kpi], kpi, {p for p in tables[kpi].pages if doc.page(p).ocr}, findings)
        for key in ("total",):
            if out["kpis"][kpi][key] is None and kpi in tables:
                findings.append({"severity": "warning", "page": None, "message": f"{kpi}.{key} not printed/found"})
    findings += scan_findings(doc, bool(tables))
    all_pages = sorted({p for t in tables.values() for p in t.pages})
    if tables:  # (no table at all: scan_findings says it)
        missing = [k for k in KPIS if not out["kpis"][k]["pages"]]
        findings += image_page_findings(doc, search_limit(doc), all_pages, missing)
    out["currency"] = report_currency(doc, all_pages or sorted({p for k in out["kpis"].values() for p in k["pages"]}))
    out["fiscal_year"] = guess_fiscal_year(doc, all_pages) if all_pages else None
    out["findings"] = findings
    return out
