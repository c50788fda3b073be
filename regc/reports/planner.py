"""Planners over the typed tools: deterministic by default; an LLM planner with ``--lm`` (strict JSON).

Every call is recorded in the trace (step, tool, args, ok, summary).  At most ``MAX_CALLS`` tool calls per
document; the trace says so.  The LLM planner is asked for one JSON object ``{"tool": NAME, "args": {...}}`` or
``{"tool": "finish"}`` per step; malformed output gets one re-ask naming the error, then the deterministic plan
takes over; a repeated identical call (loop) also hands over.  Whatever the model does, the disclosure comes from
``extract_key_values`` (rules, page-verified), which the planner runs if the model did not.

>>> DETERMINISTIC_PLAN[0]
('find_kpi_tables', {})
"""

from __future__ import annotations

import json
import re
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Optional

from pydantic import ValidationError

from regc.reports.pdftree import Document
from regc.reports.tools import REGISTRY, ToolContext, call_tool, tool_catalogue

MAX_CALLS = 15
DETERMINISTIC_PLAN = (
    ("find_kpi_tables", {}),
    ("detect_modality", {"pages": []}),
    ("read_table", {"kpi": "turnover"}),
    ("read_table", {"kpi": "capex"}),
    ("read_table", {"kpi": "opex"}),
    ("extract_key_values", {}),
)


@dataclass
class PlanResult:
    disclosure: dict
    trace: list[dict] = field(default_factory=list)
    answer: Optional[dict] = None


def _summary(out) -> str:
    d = out.model_dump()
    if "disclosure" in d:
        k = d["disclosure"]["kpis"]
        return f"{sum(len(k[x]['activities']) for x in k)} activity rows, {len(d['disclosure'].get('findings', []))} findings"
    text = json.dumps(d, ensure_ascii=False, default=str)
    return text[:200]


class Runner:
    """Runs tool calls with the call budget and records the trace."""

    def __init__(self, ctx: ToolContext, planner: str):
        self.ctx = ctx
        self.trace: list[dict] = []
        self.planner = planner

    @property
    def budget_left(self) -> int:
        return MAX_CALLS - len(self.trace)

    def call(self, tool: str, args: dict):
        if self.budget_left <= 0:
            return None
        step = {"step": len(self.trace) + 1, "planner": self.planner, "tool": tool, "args": args, "max_calls": MAX_CALLS}
        try:
            out = call_tool(self.ctx, tool, args)
        except (KeyError, ValidationError) as e:
            step.update(ok=False, error=f"{type(e).__name__}: {str(e).splitlines()[0]}")
            self.trace.append(step)
            return None
        step.update(ok=True, summary=_summary(out))
        self.trace.append(step)
        return out


def deterministic(runner: Runner, ask: Optional[str]) -> None:
    """The fixed plan (skipping steps already done by an LLM planner), then the question if any."""
    done = {(s["tool"], json.dumps(s["args"], sort_keys=True)) for s in runner.trace if s.get("ok")}
    for tool, args in DETERMINISTIC_PLAN:
        if (tool, json.dumps(args, sort_keys=True)) not in done:
            runner.call(tool, args)
    if ask and not any(s["tool"] == "answer_question" and s.get("ok") for s in runner.trace):
        runner.call("answer_question", {"question": ask})


def parse_step(text: str) -> dict:
    """The model's step: one JSON object with "tool" (and "args"); ValueError otherwise.

    >>> parse_step('```json\\n{"tool": "read_table", "args": {"kpi": "capex"}}\\n```')
    {'tool': 'read_table', 'args': {'kpi': 'capex'}}
    """
    m = re.search(r"\{.*\}", text or "", re.S)
    if not m:
        raise ValueError("no JSON object in the reply")
    obj = json.loads(m.group(0))
    if not isinstance(obj, dict) or not isinstance(obj.get("tool"), str):
        raise ValueError('the object needs a string "tool"')
    if obj["tool"] != "finish" and obj["tool"] not in REGISTRY:
        raise ValueError(f"unknown tool {obj['tool']!r}")
    args = obj.get("args", {})
    if not isinstance(args, dict):
        raise ValueError('"args" must be an object')
    return {"tool": obj["tool"], "args": args}


def http_chat(model: str, api_base: str) -> Callable[[list[dict]], str]:
    """An OpenAI-compatible chat function (stdlib HTTP; temperature 0)."""
    import os

    def chat(messages: list[dict]) -> str:
        body = json.dumps({"model": model, "messages": messages, "temperature": 0}).encode()
        req = urllib.request.Request(api_base.rstrip("/") + "/chat/completions", data=body, headers={
            "Content-Type": "application/json", "Authorization": f"Bearer {os.environ.get('OPENAI_API_KEY', 'unused')}"})
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read())["choices"][0]["message"]["content"]

    return chat


SYSTEM = ("You plan tool calls to extract the EU Taxonomy Article 8 KPI disclosure from a company report. "
          "Reply with exactly one JSON object: {\"tool\": NAME, \"args\": {...}} or {\"tool\": \"finish\"}. Tools: ")


def llm_plan(runner: Runner, chat: Callable[[list[dict]], str], ask: Optional[str]) -> None:
    """Let the model choose tools until it finishes, errs twice in a row, loops, or the budget runs out."""
    messages = [{"role": "system", "content": SYSTEM + json.dumps(tool_catalogue())},
                {"role": "user", "content": f"Document: {runner.ctx.doc.name}, {runner.ctx.doc.page_count} pages."
                                            + (f" Question: {ask}" if ask else "")}]
    seen: set[str] = set()
    strikes = 0
    while runner.budget_left > 1:  # keep one call for extract_key_values
        try:
            reply = chat(messages)
        except OSError as e:
            runner.trace.append({"step": len(runner.trace) + 1, "planner": "lm", "tool": None, "ok": False,
                                 "error": f"LM endpoint: {e}", "max_calls": MAX_CALLS})
            return
        try:
            step = parse_step(reply)
        except ValueError as e:
            strikes += 1
            if strikes >= 2:
                runner.trace.append({"step": len(runner.trace) + 1, "planner": "lm", "tool": None, "ok": False,
                                     "error": f"malformed planner output twice ({e}); deterministic plan takes over",
                                     "max_calls": MAX_CALLS})
                return
            messages += [{"role": "assistant", "content": reply or ""},
                         {"role": "user", "content": f"Invalid: {e}. Reply with one JSON object only."}]
            continue
        strikes = 0
        key = json.dumps(step, sort_keys=True)
        if step["tool"] == "finish" or key in seen:
            return
        seen.add(key)
        out = runner.call(step["tool"], step["args"])
        result = runner.trace[-1].get("summary") if out is not None else runner.trace[-1].get("error")
        messages += [{"role": "assistant", "content": reply}, {"role": "user", "content": f"Result: {result}"}]


def hybrid_fill(runner: Runner, model: Callable[[list[dict]], str]) -> None:
    """Fixed keys the rules left null: ask the model with the page text, keep only page-verified values
    (``lm_fill``); each model call is one traced step within the call budget."""
    from regc.reports.lm_fill import fill_unsure

    steps: list[dict] = []
    mults = {k: t.multiplier for k, t in runner.ctx.tables.items()}
    fill_unsure(runner.ctx.doc, runner.ctx.disclosure, _guarded(model), mults, steps, max_calls=runner.budget_left)
    for st in steps:
        runner.trace.append({"step": len(runner.trace) + 1, "planner": "lm", "tool": "lm_fill",
                             "args": {"kpi": st["kpi"], "pages": st["pages"]}, "ok": "error" not in st,
                             "summary": f"accepted {st['accepted']} rejected {st['rejected']}",
                             **({"error": st["error"]} if "error" in st else {}), "max_calls": MAX_CALLS})


def _guarded(model: Callable[[list[dict]], str]) -> Callable[[list[dict]], str]:
    """The chat function with endpoint failures turned into OSError (urllib raises several kinds)."""
    def chat(messages: list[dict]) -> str:
        try:
            return model(messages)
        except (OSError, KeyError, ValueError) as e:
            raise OSError(f"LM endpoint: {e}") from None
    return chat


def run_plan(path: str, ask: Optional[str] = None, lm: Optional[str] = None, api_base: Optional[str] = None,
             ocr: Optional[bool] = None, chat: Optional[Callable] = None) -> PlanResult:
    """Open the report, plan, and return the disclosure, trace and answer (ReportInputError for bad files).

    ``ocr``: True requires the OCR engine (an error if it is not installed), False never OCRs, None (the default)
    OCRs the pages found scanned when the engine is installed; digital pages are never OCR'd."""
    engine = None
    if ocr is not False:
        from regc.reports.errors import ReportInputError
        from regc.reports.ocr import OCRUnavailable, TesseractOCR
        try:
            engine = TesseractOCR()
        except OCRUnavailable as e:
            if ocr:
                raise ReportInputError(path, f"--ocr: {e}") from None
    doc = Document(path, ocr_engine=engine)
    runner = Runner(ToolContext(doc), "lm" if (lm or chat) else "deterministic")
    model = (chat or http_chat(lm, api_base or "http://127.0.0.1:8000/v1")) if (lm or chat) else None
    if model is not None:
        llm_plan(runner, model, ask)
        runner.planner = "deterministic"
    deterministic(runner, ask)
    if runner.ctx.disclosure is None:  # budget spent by the model: rules still produce the disclosure
        from regc.reports.tools import NoIn, t_extract_key_values
        t_extract_key_values(runner.ctx, NoIn())
    if model is not None and runner.budget_left > 0:  # hybrid: the model only where the rules are unsure
        hybrid_fill(runner, model)
    ans = next((s for s in reversed(runner.trace) if s["tool"] == "answer_question" and s.get("ok")), None)
    answer = None
    if ans is not None:
        answer = call_tool(runner.ctx, "answer_question", ans["args"]).model_dump()
    return PlanResult(runner.ctx.disclosure, runner.trace, answer)
