"""Golden fixtures for rules-plus-LLM arbitration (``tests/fixtures/llm/``): each ``X.in.json`` gives a decision
unit's name, its inputs (as JSON; :func:`typed_inputs` builds the unit's typed inputs) and the scripted model replies in order; ``X.out.json`` records who decided, the
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

from regc.decisions import by_name, decide  # noqa: E402
from regc.decisions.base import Verdict  # noqa: E402
from regc.decisions.pathways import PathwayInput, PathwayItem  # noqa: E402
from regc.grammar.citations import Citation, find_citations  # noqa: E402
from regc.ir.models import CriterionNode  # noqa: E402
from regc.llm.decider import LLMDecider  # noqa: E402
from regc.llm.lm import LMClient, LMSettings, chat_reply, scripted_lm  # noqa: E402

GOOD = fixture_pairs("llm")
BAD = fixture_pairs("llm", bad=True)


def _citation(text: str, written: str) -> Citation:
    found = [c for c in find_citations(text) if c.text == written]
    if found:
        return found[0]
    i = text.index(written)
    return Citation(kind="named_document", text=written, start=i, end=i + len(written))


def typed_inputs(kind: str, i: dict):
    """The unit's typed inputs for a fixture's inputs (as a pass would build them)."""
    d = by_name(kind)
    if kind == "logic":
        return d.Inputs(i["text"], tuple(i["children"]), k=len(i["children"]))
    if kind == "pathways":
        return PathwayInput(i["chapeau"], tuple(PathwayItem(t["id"], t["text"], t["has_children"])
                                                for t in i["items"]))
    if kind == "reference_type":
        return d.Inputs(i["text"], _citation(i["text"], i["citation"]))
    if kind == "xref_correction":
        return d.Inputs(i["context"], tuple(i["known_ids"]), cited=i["written"])
    if kind in ("negated_sibling", "pathway_dependency", "inheritance"):
        return d.Inputs(i["text"], tuple(i["known_ids"]), cited=i.get("cited", ""))
    if kind == "passage_summary":
        return d.Inputs(i["criterion"], tuple(i["passages"]))
    fields = set(d.Inputs.__dataclass_fields__)
    return d.Inputs(**{k: tuple(v) if isinstance(v, list) else v for k, v in i.items() if k in fields})


def rule_decision(kind: str, inputs: dict, given: dict | None = None) -> Verdict:
    """What the rule decides for these inputs (the fallback); kinds whose rule needs more context than the inputs
    (summaries, reference typing, dependency decisions) give it in the fixture's ``rule``."""
    if given is not None:
        return Verdict(given["value"], given.get("confidence", 0.8), given.get("rule", "fixture-rule"))
    return by_name(kind).rule(typed_inputs(kind, inputs))


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

    out = decide(by_name(spec["kind"]), typed_inputs(spec["kind"], spec["inputs"]), Ctx,
                 about=spec["inputs"].get("criterion_id"), rule=rule)
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
