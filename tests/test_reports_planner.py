"""Typed tools and planners: deterministic plan, LLM planner over the local HTTP double (scripted replies:
request formation, strict JSON, malformed-output recovery, loop guard, 15-call cap — not model quality),
`regc extract --trace/--ask`, and the portfolio CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest
from pydantic import ValidationError

from regc.cli import main
from regc.reports.pdftree import Document
from regc.reports.planner import MAX_CALLS, parse_step, run_plan
from regc.reports.tools import REGISTRY, ToolContext, call_tool
from tests.llm_double import OpenAIDouble
from tests.reports_helpers import report_pdf

NAME = "Vonovia_SE"


def scripted(replies):
    """A responder returning the given replies in order (the last one repeats)."""
    state = {"i": 0}

    def respond(system, user):
        r = replies[min(state["i"], len(replies) - 1)]
        state["i"] += 1
        return r

    return respond


def test_tools_validate_inputs():
    ctx = ToolContext(Document(report_pdf(NAME)))
    with pytest.raises(ValidationError):
        call_tool(ctx, "read_table", {"kpi": "ebitda"})
    with pytest.raises(ValidationError):
        call_tool(ctx, "get_text", {"page": 1, "extra": True})
    assert call_tool(ctx, "verify_value", {"token": "1,203", "page": 62}).found
    assert not call_tool(ctx, "verify_value", {"token": "9,999", "page": 62}).found
    assert {"detect_modality", "ocr_page", "find_kpi_tables", "read_table", "locate_section", "extract_key_values",
            "verify_value", "answer_question", "get_text"} == set(REGISTRY)


def test_deterministic_plan_trace_and_answer():
    res = run_plan(str(report_pdf(NAME)), ask="What share of CapEx was Taxonomy-aligned?")
    assert [s["tool"] for s in res.trace][:2] == ["find_kpi_tables", "detect_modality"]
    assert len(res.trace) <= MAX_CALLS and all(s["max_calls"] == MAX_CALLS for s in res.trace)
    assert res.answer["answer"] == pytest.approx(0.271) and res.answer["page"] == 62 and "27.1" in res.answer["quote"]


def test_parse_step_is_strict():
    with pytest.raises(ValueError):
        parse_step("I would read the table")
    with pytest.raises(ValueError):
        parse_step('{"tool": "rm_rf", "args": {}}')
    assert parse_step('{"tool": "finish"}') == {"tool": "finish", "args": {}}


def test_llm_planner_recovers_from_malformed_output_and_loops():
    replies = ["not json", '{"tool": "find_kpi_tables", "args": {}}', '{"tool": "read_table", "args": {"kpi": "capex"}}',
               '{"tool": "read_table", "args": {"kpi": "capex"}}']  # then a loop: the guard hands over
    with OpenAIDouble(scripted(replies)) as srv:
        res = run_plan(str(report_pdf(NAME)), lm="double", api_base=srv.base_url)
        sent = srv.requests
    assert sent[0]["body"]["messages"][0]["role"] == "system" and "read_table" in sent[0]["body"]["messages"][0]["content"]
    assert "Invalid" in sent[1]["body"]["messages"][-1]["content"]  # the malformed reply was answered with an error
    lm_steps = [s for s in res.trace if s["planner"] == "lm"]
    assert [s["tool"] for s in lm_steps] == ["find_kpi_tables", "read_table"]
    assert res.disclosure["kpis"]["capex"]["aligned"]["share"] == pytest.approx(0.271)  # rules, page-verified


def test_llm_planner_is_capped_at_max_calls():
    replies = [json.dumps({"tool": "get_text", "args": {"page": p}}) for p in range(1, 40)]
    with OpenAIDouble(scripted(replies)) as srv:
        res = run_plan(str(report_pdf(NAME)), lm="double", api_base=srv.base_url)
    assert len(res.trace) == MAX_CALLS
    assert res.disclosure["kpis"]["turnover"]["total"] == pytest.approx(6096e6)  # extracted even so


def test_cli_extract_writes_json_and_trace(tmp_path, capsys):
    out, trace = tmp_path / "d.json", tmp_path / "t.json"
    assert main(["extract", str(report_pdf(NAME)), "-o", str(out), "--trace", str(trace)]) == 0
    d = json.loads(out.read_text())
    assert d["kpis"]["opex"]["total"] == pytest.approx(412e6)
    assert json.loads(trace.read_text())[-1]["tool"] == "extract_key_values"
    (tmp_path / "zero.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    assert main(["extract", str(tmp_path / "zero.pdf"), "-o", str(tmp_path / "z.json")]) == 2
    assert "zero.pdf" in capsys.readouterr().err and not (tmp_path / "z.json").exists()


def test_portfolio_csv(tmp_path):
    folder = tmp_path / "reports"
    folder.mkdir()
    (folder / "a_report.pdf").symlink_to(report_pdf(NAME))
    (folder / "b_broken.pdf").write_bytes(b"junk")
    assert main(["portfolio", str(folder), "-o", str(tmp_path / "p.csv"), "-q"]) == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "p.csv").read_text())))
    assert [r["document"] for r in rows] == ["a_report.pdf", "b_broken.pdf"]
    assert float(rows[0]["capex.aligned.share"]) == pytest.approx(0.271) and rows[0]["error"] == ""
    assert "b_broken.pdf" in rows[1]["error"]
