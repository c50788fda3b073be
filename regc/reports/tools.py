"""Typed tools over one report, in one registry: pydantic input and output models per tool.

Tools share a ``ToolContext`` (the open Document, tables read so far, the disclosure).  A planner calls them by
name with a JSON argument object; ``call_tool`` validates input and output and returns the output model.

>>> sorted(REGISTRY)[:3]
['answer_question', 'detect_modality', 'extract_key_values']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from pydantic import BaseModel, ConfigDict, Field

from regc.reports.pdftree import Document


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


@dataclass
class ToolContext:
    doc: Document
    tables: dict = field(default_factory=dict)
    disclosure: Optional[dict] = None


class PagesIn(_In):
    pages: list[int] = Field(default_factory=list, description="1-based pages; empty = the KPI table pages")


class ModalityOut(BaseModel):
    modality: dict[int, str]


class PageIn(_In):
    page: int


class TextOut(BaseModel):
    page: int
    text: str
    source: str  # text-layer | ocr


class SectionIn(_In):
    query: str


class SectionOut(BaseModel):
    hits: list[dict]


class NoIn(_In):
    pass


class TablesOut(BaseModel):
    tables: list[dict]  # {"kpi", "pages", "rows"}


class KpiIn(_In):
    kpi: str = Field(pattern="^(turnover|capex|opex)$")


class RowsOut(BaseModel):
    kpi: str
    rows: list[dict]


class DisclosureOut(BaseModel):
    disclosure: dict


class VerifyIn(_In):
    token: str
    page: int


class VerifyOut(BaseModel):
    found: bool


class AskIn(_In):
    question: str


class AnswerOut(BaseModel):
    answer: Optional[float]
    key: Optional[str]
    page: Optional[int]
    quote: Optional[str]


def t_detect_modality(ctx: ToolContext, a: PagesIn) -> ModalityOut:
    pages = a.pages or sorted({p for t in ctx.tables.values() for p in t.pages}) or [1]
    return ModalityOut(modality={p: ctx.doc.page(p).modality for p in pages if 1 <= p <= ctx.doc.page_count})


def t_get_text(ctx: ToolContext, a: PageIn) -> TextOut:
    pg = ctx.doc.page(a.page)
    return TextOut(page=a.page, text=pg.text, source="ocr" if pg.ocr else "text-layer")


def t_ocr_page(ctx: ToolContext, a: PageIn) -> TextOut:
    from regc.reports.ocr import TesseractOCR

    words = TesseractOCR().words(ctx.doc.raw_page(a.page))
    return TextOut(page=a.page, text=" ".join(w.text for w in words), source="ocr")


def t_locate_section(ctx: ToolContext, a: SectionIn) -> SectionOut:
    q = a.query.lower()
    hits = [{"title": s.title, "page": s.page, "level": s.level, "source": s.source}
            for s in ctx.doc.outline() if q in s.title.lower()]
    return SectionOut(hits=hits[:10])


def t_find_kpi_tables(ctx: ToolContext, a: NoIn) -> TablesOut:
    from regc.reports.kpi_tables import find_tables

    ctx.tables = {t.kpi: t for t in find_tables(ctx.doc)}
    return TablesOut(tables=[{"kpi": t.kpi, "pages": t.pages, "rows": len(t.rows)} for t in ctx.tables.values()])


def t_read_table(ctx: ToolContext, a: KpiIn) -> RowsOut:
    t = ctx.tables.get(a.kpi)
    rows = [{"kind": r.kind, "label": r.label[:80], "code": r.code_text, "amount": r.amount_token,
             "share": r.share_token, "page": r.page} for r in (t.rows if t else []) if r.kind != "section"]
    return RowsOut(kpi=a.kpi, rows=rows)


def t_extract_key_values(ctx: ToolContext, a: NoIn) -> DisclosureOut:
    from regc.reports.extract import extract

    ctx.disclosure = extract(ctx.doc, tables=list(ctx.tables.values()) if ctx.tables else None)
    return DisclosureOut(disclosure=ctx.disclosure)


def t_verify_value(ctx: ToolContext, a: VerifyIn) -> VerifyOut:
    from regc.reports.verify import number_on_page

    ok = 1 <= a.page <= ctx.doc.page_count and number_on_page(a.token, ctx.doc.page(a.page).text)
    return VerifyOut(found=ok)


QUESTION_KEYS = (
    ("aligned", re.compile(r"\baligned\b|\bsustainable\b|\bA\.1\b", re.I)),
    ("eligible_not_aligned", re.compile(r"eligible\s+but\s+not|not\s+aligned|\bA\.2\b", re.I)),
    ("not_eligible", re.compile(r"not\s+eligible|non[- ]eligible|\bB\b", re.I)),
    ("total", re.compile(r"\btotal\b", re.I)),
)


def t_answer_question(ctx: ToolContext, a: AskIn) -> AnswerOut:
    from regc.reports import rows as V

    disc = ctx.disclosure or t_extract_key_values(ctx, NoIn()).disclosure
    kpis = V.kpi_words(a.question) or ["turnover"]
    kpi = kpis[0]
    key = next((k for k, rx in QUESTION_KEYS if rx.search(a.question)), "aligned")
    want_share = bool(re.search(r"share|proportion|percent|%|what part", a.question, re.I))
    block = disc["kpis"][kpi]
    value = block["total"] if key == "total" else block[key]["share" if want_share else "amount"]
    table = ctx.tables.get(kpi)
    kind = {"aligned": "aligned_total", "eligible_not_aligned": "eligible_not_aligned_total",
            "not_eligible": "not_eligible_total", "total": "total"}[key]
    row = next((r for r in (table.rows if table else []) if r.kind == kind), None)
    if value is None or row is None:
        return AnswerOut(answer=None, key=f"{kpi}.{key}", page=None, quote=None)
    quote = f"{row.label} {row.amount_token or ''} {row.share_token or ''}".strip()
    return AnswerOut(answer=value, key=f"{kpi}.{key}{'.share' if want_share and key != 'total' else ''}", page=row.page, quote=quote)


REGISTRY: dict[str, tuple[type[BaseModel], type[BaseModel], Callable[..., BaseModel], str]] = {
    "detect_modality": (PagesIn, ModalityOut, t_detect_modality, "modality (digital/scanned/mixed) per page"),
    "get_text": (PageIn, TextOut, t_get_text, "text of one page"),
    "ocr_page": (PageIn, TextOut, t_ocr_page, "OCR one page (tesseract)"),
    "locate_section": (SectionIn, SectionOut, t_locate_section, "outline sections whose title contains a query"),
    "find_kpi_tables": (NoIn, TablesOut, t_find_kpi_tables, "find the turnover/CapEx/OpEx KPI tables"),
    "read_table": (KpiIn, RowsOut, t_read_table, "rows of one KPI table"),
    "extract_key_values": (NoIn, DisclosureOut, t_extract_key_values, "the disclosure JSON from the tables"),
    "verify_value": (VerifyIn, VerifyOut, t_verify_value, "does a printed number occur on a page"),
    "answer_question": (AskIn, AnswerOut, t_answer_question, "answer a KPI question with page and quote"),
}


def call_tool(ctx: ToolContext, name: str, args: dict[str, Any]) -> BaseModel:
    """Validate ``args`` against the tool's input model, run it, validate the output.  KeyError: no such tool;
    pydantic.ValidationError: bad arguments."""
    in_model, out_model, fn, _doc = REGISTRY[name]
    out = fn(ctx, in_model.model_validate(args))
    return out_model.model_validate(out.model_dump())


def tool_catalogue() -> list[dict]:
    """Name, description and JSON schema of every tool's input (what an LLM planner is shown)."""
    return [{"name": n, "description": d, "input": i.model_json_schema()} for n, (i, _o, _f, d) in REGISTRY.items()]
