"""`regc compile --lm … --api-base …` against a local OpenAI-compatible double, and `regc optimize` end to end
(``labeled`` without a model, ``bootstrap`` with a scripted LM).  The double's answers are scripted: they test
the plumbing and the grounding, not model quality."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from llm_double import OpenAIDouble, answer_by_field, input_value  # noqa: E402

from regc.cli import main  # noqa: E402
from regc.ir.models import load_activity  # noqa: E402

HALLUCINATED = {"quantitative": {"logic": None, "items": [
    {"metric": "direct GHG emissions", "operator": "<", "value": 4242, "unit": "g CO2e/kWh", "period": None}]},
    "temporal": None}
# grounded for the tags/applicability fields; ungrounded (invented) thresholds; sane logic
ANSWERS = {
    "applicability": "Mandatory", "tags": [], "threshold": HALLUCINATED,
    "evaluation_logic": lambda u: {"evaluation_logic": "LEAF" if input_value(u, "items").strip() == "[]"
                                   else "AND", "n_required": None},
    "anchor": {"anchor_id": None, "anchor_type": "Verification"}, "groups": [],
}


@pytest.fixture(scope="module")
def climate_xhtml(eurlex) -> Path:
    return eurlex / "32021r2139" / "2026-01-01" / "en.xml"


def _diags(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "diagnostics.jsonl").read_text().splitlines() if line]


def test_compile_against_local_double_rejects_ungrounded_claims(tmp_path, climate_xhtml, capsys):
    out = tmp_path / "build"
    with OpenAIDouble(answer_by_field(ANSWERS), ttl_s=90) as srv:
        rc = main(["compile", str(climate_xhtml), "-o", str(out), "--only", "CCM-8.1", "--lm", "openai/test-double",
                   "--api-base", srv.base_url, "--lm-cache", str(tmp_path / "cache"), "--with-provenance"])
        n_first = len(srv.requests)
    assert rc == 0 and n_first > 0
    assert all(r["path"] == "/v1/chat/completions" and r["body"]["model"] == "test-double" for r in srv.requests)
    stdout = capsys.readouterr().out
    assert "lm: " in stdout and "decisions sent to openai/test-double (llm)" in stdout
    act = load_activity(out / "CCM-8.1.json")  # a valid build
    nodes = [n for u in act.units for n in u.root.walk()]
    assert not any(i.value == 4242 for n in nodes if n.threshold and n.threshold.quantitative
                   for i in n.threshold.quantitative.items)
    assert any(n.provenance.fields["applicability"].model == "openai/test-double" for n in nodes)
    rejected = [d for d in _diags(out) if d["code"] == "LLM_UNGROUNDED"]
    assert rejected and all("4242" in d["message"] and d["unit_id"].startswith("CCM-8.1/") for d in rejected)
    assert main(["check", str(out / "CCM-8.1.json")]) in (0, 1)  # readable by the checker (exit 2 = bad input)

    # second run over the same cache and endpoint: no request reaches it, same bytes
    out2 = tmp_path / "build2"
    with OpenAIDouble(answer_by_field(ANSWERS), ttl_s=60, port=srv.port) as srv2:
        assert main(["compile", str(climate_xhtml), "-o", str(out2), "--only", "CCM-8.1", "--lm",
                     "openai/test-double", "--api-base", srv2.base_url, "--lm-cache", str(tmp_path / "cache"),
                     "--with-provenance"]) == 0
    assert srv2.requests == []
    assert (out2 / "CCM-8.1.json").read_bytes() == (out / "CCM-8.1.json").read_bytes()


def test_compile_hybrid_with_budget_stops_cleanly(tmp_path, climate_xhtml):
    out = tmp_path / "b"
    with OpenAIDouble(answer_by_field(ANSWERS), ttl_s=60) as srv:
        rc = main(["compile", str(climate_xhtml), "-o", str(out), "--only", "CCM-4.29", "--lm", "openai/x",
                   "--api-base", srv.base_url, "--hybrid", "--budget", "1calls", "--lm-cache", "off", "-q"])
    assert rc == 0 and len(srv.requests) <= 1
    load_activity(out / "CCM-4.29.json")


@pytest.mark.parametrize("argv,msg", [
    (["--hybrid"], "--hybrid needs --lm"),
    (["--lm", "anthropic/x"], "use openai/<model>"),
    (["--lm", "openai/x", "--budget", "lots"], "bad budget"),
    (["--lm", "openai/x", "--program", "missing.json"], "program file not found"),
])
def test_compile_lm_bad_input(tmp_path, climate_xhtml, capsys, argv, msg):
    out = tmp_path / "o"
    assert main(["compile", str(climate_xhtml), "-o", str(out), "--only", "CCM-8.1", *argv]) == 2
    assert msg in capsys.readouterr().err
    assert not out.exists()


def test_optimize_labeled_cli_and_compile_with_program(tmp_path, gold_dir, climate_xhtml, capsys):
    prog = tmp_path / "progs" / "applicability.json"
    rc = main(["optimize", "--gold", str(gold_dir), "--decision", "applicability", "--optimizer", "labeled",
               "-o", str(prog), "--k", "4"])
    assert rc == 0
    meta = json.loads((tmp_path / "progs" / "applicability.meta.json").read_text())
    assert meta["module"] == "applicability" and meta["optimizer"] == "labeled" and meta["model"] is None
    assert meta["train"] > 0 and meta["dev"] > 0 and meta["demos"] == 4 and "date" in meta
    assert 0.0 <= meta["scores"]["rules_dev"] <= 1.0
    assert "optimized applicability with labeled" in capsys.readouterr().out
    saved = json.loads(prog.read_text())
    assert len(saved["demos"]) == 4

    # the program's demos reach the prompt of `regc compile --program`
    demo_text = saved["demos"][0]["text"]
    out = tmp_path / "b"
    with OpenAIDouble(answer_by_field(ANSWERS), ttl_s=60) as srv:
        assert main(["compile", str(climate_xhtml), "-o", str(out), "--only", "CCM-8.1", "--lm", "openai/x",
                     "--api-base", srv.base_url, "--program", str(prog), "--lm-cache", "off", "-q"]) == 0
    app_reqs = [r for r in srv.requests if "[[ ## applicability ## ]]" in r["body"]["messages"][-1]["content"]]
    assert app_reqs and all(any(demo_text in m["content"] for m in r["body"]["messages"]) for r in app_reqs)


def test_optimize_bad_input(tmp_path, capsys):
    assert main(["optimize", "--gold", str(tmp_path / "nope"), "--decision", "tags", "-o",
                 str(tmp_path / "p.json")]) == 2
    assert "no gold activity files" in capsys.readouterr().err


def test_bootstrap_with_scripted_lm_end_to_end(tmp_path, gold_dir):
    """BootstrapFewShot drives the scripted LM through DSPy; the metric comes from regc.eval.score."""
    from regc.llm.lm import chat_reply, scripted_lm
    from regc.llm.optimize import (gold_examples, load_gold, load_program, optimize_module, save_program,
                                          split_by_activity)

    def respond(system, user):  # a toy rule: conditional iff the text opens with where/if
        t = input_value(user, "text").strip().lower()
        return chat_reply({"applicability": "Conditional" if t.startswith(("where", "if")) else "Mandatory"})

    lm = scripted_lm(respond)
    train, dev = split_by_activity(gold_examples(load_gold(gold_dir), "applicability"))
    prog, report = optimize_module("applicability", train[:12], dev[:8], optimizer="bootstrap", lm=lm, k=4)
    assert lm._regc_engine.calls >= 8  # the optimiser and the dev evaluation really called the model
    assert 0 < report["demos"] <= 4
    assert 0.0 <= report["scores"]["program_dev"] <= 1.0
    path = save_program(prog, tmp_path / "boot.json", report, model="local/scripted")
    name, pred, meta = load_program(path)
    assert name == "applicability" and meta["model"] == "local/scripted" and len(pred.demos) == report["demos"]


@pytest.mark.parametrize("optimizer", ["mipro", "gepa"])
def test_mipro_and_gepa_plumbing_with_scripted_lm(optimizer, gold_dir):
    """MIPROv2 (prompt proposals + trials) and GEPA (reflection LM) run end to end on a scripted LM that answers
    every requested field; this checks the wiring (metric signature, budgets, valset), not optimisation quality."""
    import re

    from llm_double import output_field

    from regc.llm.lm import chat_reply, scripted_lm
    from regc.llm.optimize import gold_examples, load_gold, optimize_module, split_by_activity

    def respond(system, user):
        fields = re.findall(r"\[\[ ## (\w+) ## \]\]", user.split("Respond with")[-1]) or [output_field(user)]
        out = {}
        for f in dict.fromkeys(fields):
            if f == "applicability":
                t = input_value(user, "text").strip().lower()
                out[f] = "Conditional" if t.startswith(("where", "if")) else "Mandatory"
            elif f and f != "completed":
                out[f] = "Decide applicability from the node's own text."
        return chat_reply(out)

    lm = scripted_lm(respond)
    train, dev = split_by_activity(gold_examples(load_gold(gold_dir), "applicability"))
    prog, report = optimize_module("applicability", train[:8], dev[:4], optimizer=optimizer, lm=lm, k=2,
                                   gepa_budget=16)
    assert report["optimizer"] == optimizer and lm._regc_engine.calls > 4
    assert report["scores"]["program_dev"] is not None
    assert "applicability" in prog.signature.output_fields


def test_optimize_bootstrap_cli_against_local_double(tmp_path, gold_dir, capsys):
    def respond(system, user):
        t = input_value(user, "text").strip().lower()
        return answer_by_field({"applicability": "Conditional" if t.startswith(("where", "if")) else
                                "Mandatory"})(system, user)

    prog = tmp_path / "boot.json"
    with OpenAIDouble(respond, ttl_s=60) as srv:
        rc = main(["optimize", "--lm", "openai/double", "--api-base", srv.base_url, "--gold", str(gold_dir),
                   "--decision", "applicability", "--optimizer", "bootstrap", "--k", "2", "-o", str(prog)])
    assert rc == 0 and srv.requests
    meta = json.loads((tmp_path / "boot.meta.json").read_text())
    assert meta["model"] == "openai/double" and meta["optimizer"] == "bootstrap"
    assert meta["scores"]["program_dev"] is not None
    assert "program" in capsys.readouterr().out


def test_optimize_cli_uses_the_project_cache_and_budget(tmp_path, gold_dir, capsys):
    """`regc optimize` sends the optimiser's calls through the project's client: a second run with the same
    --lm-cache sends no request, and --budget stops the optimisation with a one-line error (exit 2)."""
    def respond(system, user):
        t = input_value(user, "text").strip().lower()
        return answer_by_field({"applicability": "Conditional" if t.startswith(("where", "if")) else
                                "Mandatory"})(system, user)

    base = ["optimize", "--lm", "openai/double", "--gold", str(gold_dir), "--decision", "applicability",
            "--optimizer", "bootstrap", "--k", "2", "--lm-cache", str(tmp_path / "cache")]
    with OpenAIDouble(respond, ttl_s=60) as srv:
        assert main(base + ["--api-base", srv.base_url, "-o", str(tmp_path / "a.json")]) == 0
        first = len(srv.requests)
        assert main(base + ["--api-base", srv.base_url, "-o", str(tmp_path / "b.json")]) == 0
        assert first > 0 and len(srv.requests) == first  # all from the cache
    out = capsys.readouterr().out
    assert "cache hits" in out and "optimize" in out
    with OpenAIDouble(respond, ttl_s=60) as srv:
        rc = main(["optimize", "--lm", "openai/double", "--api-base", srv.base_url, "--gold", str(gold_dir),
                   "--decision", "applicability", "--optimizer", "bootstrap", "--k", "2", "--lm-cache", "off",
                   "--budget", "2calls", "-o", str(tmp_path / "c.json")])
        assert rc == 2 and len(srv.requests) == 2
    assert "budget spent" in capsys.readouterr().err
    assert not (tmp_path / "c.json").exists()
