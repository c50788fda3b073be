"""Golden fixtures for rules-plus-LLM arbitration (``tests/fixtures/llm/``): each ``X.in.json`` gives a decision
kind, the pass hook's inputs and the scripted model replies in order; ``X.out.json`` records who decided, the
final value, the number of model calls and the diagnostics.  ``bad/`` holds replies that grounding must reject
(hallucinated values and dates, malformed JSON, injection, nonexistent ids, wrong enum): their expected output
is the rule answer plus the diagnostic.  Regenerate with ``REGC_RESET_FIXTURES=1``.  Scripted replies test the
plumbing only, never model quality."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from fixtures_util import assert_golden_json, fixture_pairs  # noqa: E402

from regc.ir.models import CriterionNode  # noqa: E402
from regc.llm.decider import LLMDecider, decide  # noqa: E402
from regc.llm.lm import LMClient, LMSettings, chat_reply, scripted_lm  # noqa: E402
from regc.passes.decisions import Decision  # noqa: E402

GOOD = fixture_pairs("llm")
BAD = fixture_pairs("llm", bad=True)


def rule_decision(kind: str, inputs: dict, given: dict | None = None) -> Decision:
    """What the rule pass decides for these hook inputs (the fallback); kinds whose rule needs more context than
    the hook inputs (summaries, reference typing, dependency decisions) give it in the fixture's ``rule``."""
    if given is not None:
        return Decision(given["value"], given.get("confidence", 0.8), given.get("rule", "fixture-rule"))
    if kind == "thresholds":
        from regc.grammar.thresholds import decide as decide_threshold

        d = decide_threshold(inputs["text"])
        return Decision(d, d.confidence, ",".join(d.rules) or "none")
    if kind == "logic":
        from regc.grammar.logic import decide_logic

        d = decide_logic(inputs["text"], inputs["children"])
        return Decision((d.logic, d.n_required), d.confidence, d.rule)
    if kind == "applicability":
        from regc.passes.classify import decide_applicability

        return decide_applicability(inputs["text"])
    if kind == "anchor_type":
        from regc.passes.structure import anchor_type

        d = anchor_type(inputs["text"])
        return Decision(d.tag, d.confidence, d.rule)
    if kind == "pathways":
        from regc.passes.structure import PathwayInput, PathwayItem, decide_pathways

        d = decide_pathways(PathwayInput(inputs["chapeau"], tuple(PathwayItem(i["id"], i["text"], i["has_children"])
                                                                 for i in inputs["items"])))
        return Decision(d.groups, d.confidence, d.rule)
    raise AssertionError(kind)


def _plain(kind: str, value):
    if kind == "thresholds":
        return CriterionNode(criterion_id="x", threshold=value.threshold).to_json()["threshold"]
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return json.loads(json.dumps(value))


def run_fixture(spec: dict) -> dict:
    replies = [r if isinstance(r, str) else chat_reply(r) for r in spec["replies"]]
    state = {"i": 0}

    def respond(system, user):
        r = replies[min(state["i"], len(replies) - 1)]
        state["i"] += 1
        return r

    lm = scripted_lm(respond)
    dec = LLMDecider(LMClient(LMSettings(model="local/scripted", cache_dir=""), lm=lm), "llm")
    rule = rule_decision(spec["kind"], spec["inputs"], spec.get("rule"))

    class Ctx:
        class options:
            decider = dec

    out = decide(Ctx, spec["kind"], rule, spec["inputs"])
    return {"decided_by": "model" if out.model else "rules", "value": _plain(spec["kind"], out.value),
            "rule": out.rule, "model_calls": lm._regc_engine.calls,
            "diagnostics": [{"severity": d.severity, "code": d.code, "criterion_id": d.criterion_id,
                             "pass_name": d.pass_name, "message": d.message} for d in dec.drain_diagnostics()]}


def test_fixture_sets_exist():
    assert len(GOOD) >= 5 and len(BAD) >= 5


@pytest.mark.parametrize("src,expected", GOOD, ids=[p.name for p, _ in GOOD])
def test_grounded_answers(src, expected):
    got = run_fixture(json.loads(src.read_text()))
    assert got["decided_by"] == "model"
    assert_golden_json(expected, got)


@pytest.mark.parametrize("src,expected", BAD, ids=[p.name for p, _ in BAD])
def test_rejected_answers_fall_back_to_rules(src, expected):
    spec = json.loads(src.read_text())
    got = run_fixture(spec)
    assert got["decided_by"] == "rules"
    assert got["value"] == _plain(spec["kind"], rule_decision(spec["kind"], spec["inputs"], spec.get("rule")).value)
    assert any(d["code"] in ("LLM_UNGROUNDED", "LLM_MALFORMED") for d in got["diagnostics"])
    assert 1 <= got["model_calls"] <= 4
    assert_golden_json(expected, got)
