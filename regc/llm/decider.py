"""Rules-vs-LLM arbitration: the object placed in ``CompileOptions.decider``.

The rule passes call ``decider.decide(kind, inputs, rule_decision)`` at each semantic decision (see
:mod:`regc.passes.decisions`; kinds ``logic``, ``applicability``, ``tags`` in classify, ``thresholds`` in
thresholds, ``anchor_type`` and ``pathways`` in structure, ``rule_summary`` after classify's templates,
``reference_type`` in references, ``xref_correction``/``pathway_dependency``/``negated_sibling``/``inheritance`` in
dependencies, ``passage_summary`` in enrichment; see :mod:`regc.llm.hooks`).  Modes:

- ``rules`` (``--lm none``, the default): no decider is installed at all;
- ``llm`` (``--lm MODEL``): the model answers every decision, the rule answer is the fallback;
- ``hybrid`` (``--lm MODEL --hybrid``): the rule decides; the model is consulted only when the rule's confidence
  is below ``consult_below`` or the pass's ODR check failed on that criterion (repair attempt).

Every model answer is parsed into the IR type and grounded (:mod:`regc.llm.grounding`); malformed or
ungrounded answers get up to ``max_reprompts`` targeted re-prompts carrying the diagnosis, then the rule answer
stands and a diagnostic is queued (``drain_diagnostics(unit_id)``; the driver writes them to diagnostics.jsonl).
The decision that wins carries ``model=<model>`` when the model decided, so ``FieldOrigin.model`` in the
provenance says which source set each field.

:func:`decide` is the one-call helper for pass code: it returns the rule output unchanged with no decider.

>>> from regc.passes.decisions import Decision
>>> decide(None, "applicability", Decision("Mandatory", 0.9, "default"), {"text": "x"}).value
'Mandatory'
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any, Iterable, Optional

from regc.ir.models import Diagnostic
from regc.llm.grounding import ground, strip_injection
from regc.llm.lm import BudgetExceeded, EndpointDown, LMCallError, LMClient, ParseFailure, PicklesWithoutLock
from regc.llm.signatures import DECISIONS, make_predictor, module_of
from regc.passes.decisions import Decision

MODES = ("llm", "hybrid")
# rule confidence below which hybrid mode consults the model, per decision (default for the rest)
CONSULT_BELOW = {"default": 0.7, "tags": 0.6, "anchor_type": 0.6}
MODEL_CONFIDENCE = 0.75  # confidence recorded for a grounded model answer
UNAVAILABLE_AFTER = 3  # consecutive transport failures before the model is no longer asked


def _same(a: Any, b: Any) -> bool:
    if hasattr(a, "model_dump") and hasattr(b, "model_dump"):
        return a.model_dump(mode="json") == b.model_dump(mode="json")
    return a == b


class LLMDecider(PicklesWithoutLock):
    """Arbitrates rule decisions with a DSPy program per decision kind (``programs`` override the default
    zero-shot predictors, e.g. loaded from ``regc optimize`` output)."""

    def __init__(self, client: LMClient, mode: str = "hybrid", *, programs: Optional[dict[str, Any]] = None,
                 consult_below: Optional[dict[str, float]] = None, max_reprompts: int = 3,
                 kinds: Optional[Iterable[str]] = None):
        if mode not in MODES:
            raise ValueError(f"decider mode must be one of {MODES}, got {mode!r}")
        self.client = client
        self.mode = mode
        self.programs = dict(programs or {})
        self.consult_below = {**CONSULT_BELOW, **(consult_below or {})}
        self.max_reprompts = max_reprompts
        self.kinds = set(kinds) if kinds is not None else set(DECISIONS)
        self._pending: list[Diagnostic] = []
        self._lock = threading.Lock()
        self._predictors: dict[str, Any] = {}
        self._fail_streak = 0
        self._budget_reported = False
        self.consulted = 0  # decisions for which the model was asked (cached or not)
        self.consulted_by: dict[str, int] = {}  # the same, per decision kind

    def __getstate__(self):
        d = super().__getstate__()
        d["_predictors"] = {}
        return d

    @property
    def model(self) -> str:
        return self.client.model

    # -- helpers -------------------------------------------------------------------------------------------------
    def predictor(self, kind: str):
        """The optimised program for ``kind`` (or for the module whose signature it uses), else zero-shot."""
        for name in (kind, module_of(kind)):
            if name in self.programs:
                return self.programs[name]
        if kind not in self._predictors:
            self._predictors[kind] = make_predictor(kind)
        return self._predictors[kind]

    def _diag(self, severity: str, code: str, message: str, inputs: dict, kind: str) -> None:
        spec = DECISIONS.get(kind)
        with self._lock:
            self._pending.append(Diagnostic(severity=severity, code=code, message=message, kind="Semantic",
                                            criterion_id=inputs.get("criterion_id"),
                                            pass_name=spec.pass_name if spec else None))

    def drain_diagnostics(self, unit_id: Optional[str] = None) -> list[Diagnostic]:
        """Diagnostics queued since the last drain (deduplicated: ODR re-runs repeat decisions), tagged with
        ``unit_id``."""
        with self._lock:
            pending, self._pending = self._pending, []
        out, seen = [], set()
        for d in pending:
            key = (d.code, d.criterion_id, d.message)
            if key in seen:
                continue
            seen.add(key)
            out.append(d.model_copy(update={"unit_id": d.unit_id or unit_id}))
        return out

    def should_consult(self, kind: str, inputs: dict, rule: Decision) -> bool:
        if kind not in self.kinds or kind not in DECISIONS:
            return False
        if self.mode == "llm":
            return True
        if inputs.get("odr_failed"):
            return True  # the pass's Observe step failed on this node: ask the model on the repair attempt
        # a repair attempt (``strategy`` other than default) does not by itself send every node of the unit to the
        # model: only the flagged ones (above); the others follow the confidence rule
        return float(rule.confidence) < self.consult_below.get(kind, self.consult_below["default"])

    # -- the hook ------------------------------------------------------------------------------------------------
    def decide(self, kind: str, inputs: dict, rule: Decision) -> Optional[Decision]:
        """The model's grounded answer as a Decision (``model`` set), or None when the rule answer stands (not
        consulted, budget spent, endpoint down, answer rejected) — every pass hook reads None as "keep the rule"
        and records no model in the provenance."""
        if not self.should_consult(kind, inputs, rule):
            return None
        if self.client.exhausted or self._fail_streak >= UNAVAILABLE_AFTER:
            return None
        spec = DECISIONS[kind]
        rule_value = rule.value
        sig_inputs = spec.to_inputs(inputs, rule_value)
        _, injected = strip_injection(str(inputs.get("text") or inputs.get("chapeau") or ""))
        if injected:
            self._diag("warning", "LLM_INJECTION_TEXT", f"{kind}: instruction-like text in the source is treated "
                       f"as data and cannot ground values: {injected[0][:120]!r}", inputs, kind)
        self.consulted += 1
        self.consulted_by[kind] = self.consulted_by.get(kind, 0) + 1
        notes = [str(n) for n in inputs.get("odr_notes") or []]
        feedback = ("The compiler's consistency check flagged the previous answer for this node: " +
                    "; ".join(notes)[:400]) if notes else ""
        problems: list[str] = []
        rejected: set[str] = set()  # replies already rejected: a model that repeats itself is not asked again
        tries = 0
        for attempt in range(1 + self.max_reprompts):
            try:
                outputs, raw = self.client.predict(self.predictor(kind), {**sig_inputs, "feedback": feedback},
                                                   pass_name=spec.pass_name)
                self._fail_streak = 0
            except BudgetExceeded as e:
                if not self._budget_reported:
                    self._budget_reported = True
                    self._diag("warning", "LLM_BUDGET_EXCEEDED", f"{e}; rules decide from here on", inputs, kind)
                return None
            except LMCallError as e:
                # an endpoint that refuses connections is down for the process: one diagnostic, no more asking
                self._fail_streak = UNAVAILABLE_AFTER if isinstance(e, EndpointDown) else self._fail_streak + 1
                if self._fail_streak == 1 or isinstance(e, EndpointDown):
                    self._diag("warning", "LLM_UNAVAILABLE", f"{kind}: {e}; rule answer kept", inputs, kind)
                elif self._fail_streak == UNAVAILABLE_AFTER:
                    self._diag("warning", "LLM_UNAVAILABLE", f"{UNAVAILABLE_AFTER} failed requests in a row; the "
                               f"model is no longer asked, rules decide from here on", inputs, kind)
                return None
            except ParseFailure as e:
                tries += 1
                problems = [f"malformed reply ({e})"]
                feedback = self._feedback(problems, e.raw)
                if e.raw in rejected:
                    break
                rejected.add(e.raw)
                continue
            tries += 1
            try:
                value = spec.to_value(outputs, inputs, rule_value)
                problems = ground(kind, value, inputs)
            except (ValueError, TypeError, KeyError, AttributeError) as e:
                problems = [f"answer does not fit the decision: {e}"]
                value = None
            if not problems:
                return self._accept(kind, value, rule, attempt)
            feedback = self._feedback(problems, raw)
            if raw in rejected:
                break
            rejected.add(raw)
        code = "LLM_MALFORMED" if problems and problems[0].startswith("malformed") else "LLM_UNGROUNDED"
        self._diag("warning", code, f"{kind}: model answer rejected after {tries} tries "
                   f"({'; '.join(problems)[:300]}); rule answer kept", inputs, kind)
        return None

    @staticmethod
    def _feedback(problems: list[str], raw: str) -> str:
        return ("Your previous answer was rejected: " + "; ".join(problems) +
                ". Answer again using only values, dates and ids written in the inputs, in the required format.")

    def _accept(self, kind: str, value: Any, rule: Decision, attempt: int) -> Decision:
        tag = f"llm:{kind}" + (f":reprompt{attempt}" if attempt else "")
        if kind == "thresholds":  # the pass expects a ThresholdDecision (same typed output as the rule)
            td = rule.value
            agrees = _same(value, td.threshold)
            value = dataclasses.replace(td, threshold=value, confidence=max(td.confidence, MODEL_CONFIDENCE)
                                        if agrees else MODEL_CONFIDENCE)
        else:
            agrees = _same(value, rule.value)
        if agrees:
            return Decision(value, max(float(rule.confidence), MODEL_CONFIDENCE), f"{rule.rule}|{tag}-agrees",
                            self.model)
        return Decision(value, MODEL_CONFIDENCE, f"{tag}(rule {rule.rule} overridden)", self.model)


def decide(ctx: Any, kind: str, rule_output: Decision, inputs: dict) -> Decision:
    """The one helper pass code calls: the decider's answer, or ``rule_output`` unchanged with no decider."""
    decider = getattr(getattr(ctx, "options", None), "decider", None)
    if decider is None or not hasattr(decider, "decide"):
        return rule_output
    try:
        out = decider.decide(kind, inputs, rule_output)
    except Exception:  # noqa: BLE001 — a failing model never breaks the rules path
        return rule_output
    return out if isinstance(out, Decision) else rule_output


def make_decider(model: Optional[str], *, api_base: Optional[str] = None, hybrid: bool = False,
                 budget: Optional[str] = None, programs: Iterable[str] = (), cache_dir: Optional[str] = None,
                 timeout_s: float = 60.0, retries: int = 3, max_concurrency: int = 4, lm: Any = None
                 ) -> Optional[LLMDecider]:
    """Build the decider from CLI-style settings; ``model`` None/"none" -> None (rules only)."""
    from regc.llm.lm import LMSettings, parse_budget
    from regc.llm.optimize import load_program

    if model in (None, "", "none"):
        return None
    settings = LMSettings(model=model, api_base=api_base, budget=parse_budget(budget), cache_dir=cache_dir,
                          timeout_s=timeout_s, retries=retries, max_concurrency=max_concurrency)
    client = LMClient(settings, lm=lm)
    progs: dict[str, Any] = {}
    for p in programs:
        name, pred, _meta = load_program(p)
        progs[name] = pred
    return LLMDecider(client, "hybrid" if hybrid else "llm", programs=progs)


__all__ = ["LLMDecider", "decide", "make_decider", "MODES", "CONSULT_BELOW"]
