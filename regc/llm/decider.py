"""Rules-vs-LLM arbitration, generic over the decision units: the object placed in ``CompileOptions.decider``.

:func:`regc.decisions.decide` hands every rule verdict of a unit with a model path (``llm = True``) to
``decider.decide(decision, inputs, rule, about=..., flags=...)``.  Modes:

- ``rules`` (``--lm none``, the default): no decider is installed at all;
- ``llm`` (``--lm MODEL``): the model answers every decision, the rule answer is the fallback;
- ``hybrid`` (``--lm MODEL --hybrid``): the rule decides; the model is consulted only when the rule's confidence
  is below ``consult_below`` or the pass's ODR check failed on that criterion (repair attempt).

Every model answer is parsed into the unit's answer type, turned into its IR value (``decision.to_value``) and
grounded (``decision.ground``); malformed or ungrounded answers get up to ``max_reprompts`` targeted re-prompts
carrying the diagnosis, then the rule answer stands and a diagnostic is queued (``drain_diagnostics(unit_id)``;
the driver writes them to diagnostics.jsonl).  The verdict that wins carries ``model=<model>`` when the model
decided, so ``FieldOrigin.model`` in the provenance says which source set each field.

>>> from regc.decisions import APPLICABILITY, Verdict
>>> from regc.llm.lm import LMClient, LMSettings, chat_reply, scripted_lm
>>> lm = scripted_lm(lambda system, user: chat_reply({"applicability": "Conditional"}))
>>> dec = LLMDecider(LMClient(LMSettings(model="local/scripted", cache_dir=""), lm=lm), "llm")
>>> v = dec.decide(APPLICABILITY, APPLICABILITY.Inputs("If X, Y."), Verdict("Mandatory", 0.9, "default"))
>>> v.value, v.model
('Conditional', 'local/scripted')
"""

from __future__ import annotations

import threading
from typing import Any, Iterable, Mapping, Optional

from regc.decisions import by_name
from regc.decisions.base import MODEL_CONFIDENCE, Decision, Verdict
from regc.decisions.grounding import strip_injection
from regc.ir.models import Diagnostic
from regc.llm.lm import BudgetExceeded, EndpointDown, LMCallError, LMClient, ParseFailure, PicklesWithoutLock
from regc.llm.signatures import make_predictor, model_decisions, prompt_inputs

MODES = ("llm", "hybrid")
# rule confidence below which hybrid mode consults the model, per decision (default for the rest)
CONSULT_BELOW = {"default": 0.7, "tags": 0.6, "anchor_type": 0.6}
UNAVAILABLE_AFTER = 3  # consecutive transport failures before the model is no longer asked


class LLMDecider(PicklesWithoutLock):
    """Arbitrates rule verdicts with a DSPy program per decision unit (``programs``, by decision name, override
    the zero-shot predictors, e.g. loaded from ``regc optimize`` output); ``kinds`` limits the decisions asked."""

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
        self.kinds = set(kinds) if kinds is not None else {d.name for d in model_decisions()}
        self._pending: list[Diagnostic] = []
        self._lock = threading.Lock()
        self._predictors: dict[str, Any] = {}
        self._fail_streak = 0
        self._budget_reported = False
        self.consulted = 0  # decisions for which the model was asked (cached or not)
        self.consulted_by: dict[str, int] = {}  # the same, per decision
        self.fell_back = 0  # decisions where the model was unavailable and the rule answer was kept

    def __getstate__(self):
        d = super().__getstate__()
        d["_predictors"] = {}
        return d

    @property
    def model(self) -> str:
        return self.client.model

    @property
    def unavailable(self) -> bool:
        """The endpoint failed (refused, timed out) often enough that the model is no longer asked."""
        return self._fail_streak >= UNAVAILABLE_AFTER

    # -- helpers -------------------------------------------------------------------------------------------------
    def predictor(self, decision: Decision):
        """The optimised program for ``decision``, else a zero-shot predictor."""
        if decision.name in self.programs:
            return self.programs[decision.name]
        if decision.name not in self._predictors:
            self._predictors[decision.name] = make_predictor(decision)
        return self._predictors[decision.name]

    def _diag(self, severity: str, code: str, message: str, about: Optional[str], decision: Decision) -> None:
        with self._lock:
            self._pending.append(Diagnostic(severity=severity, code=code, message=message, kind="Semantic",
                                            criterion_id=about, pass_name=decision.pass_name or None))

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

    def should_consult(self, decision: Decision, rule: Verdict, flags: Optional[Mapping[str, Any]] = None) -> bool:
        if decision.name not in self.kinds or not decision.llm:
            return False
        if self.mode == "llm" or (flags or {}).get("odr_failed"):
            return True  # llm mode; or the pass's Observe step failed on this node (repair attempt)
        return float(rule.confidence) < self.consult_below.get(decision.name, self.consult_below["default"])

    # -- the Decider protocol ------------------------------------------------------------------------------------
    def decide(self, decision: "Decision | str", inputs: Any, rule: Verdict, *, about: Optional[str] = None,
               flags: Optional[Mapping[str, Any]] = None) -> Optional[Verdict]:
        """The model's grounded answer as a Verdict (``model`` set), or None when the rule verdict stands (not
        consulted, budget spent, endpoint down, answer rejected)."""
        decision = by_name(decision) if isinstance(decision, str) else decision
        if not self.should_consult(decision, rule, flags):
            return None
        if self.client.exhausted or self.unavailable:
            self.fell_back += 1
            return None
        sig_inputs = prompt_inputs(decision, inputs)
        self._warn_injection(decision, sig_inputs, about)
        self.consulted += 1
        self.consulted_by[decision.name] = self.consulted_by.get(decision.name, 0) + 1
        notes = [str(n) for n in (flags or {}).get("odr_notes") or []]
        feedback = ("The compiler's consistency check flagged the previous answer for this node: " +
                    "; ".join(notes)[:400]) if notes else ""
        return self._ask(decision, inputs, rule, sig_inputs, feedback, about)

    def _warn_injection(self, decision: Decision, sig_inputs: dict, about: Optional[str]) -> None:
        text = next((v for v in sig_inputs.values() if isinstance(v, str) and v), "")
        _, injected = strip_injection(text)
        if injected:
            self._diag("warning", "LLM_INJECTION_TEXT", f"{decision.name}: instruction-like text in the source is "
                       f"treated as data and cannot ground values: {injected[0][:120]!r}", about, decision)

    def _ask(self, decision: Decision, inputs: Any, rule: Verdict, sig_inputs: dict, feedback: str,
             about: Optional[str]) -> Optional[Verdict]:
        problems: list[str] = []
        rejected: set[str] = set()  # replies already rejected: a model that repeats itself is not asked again
        tries = 0
        for attempt in range(1 + self.max_reprompts):
            try:
                outputs, raw = self.client.predict(self.predictor(decision), {**sig_inputs, "feedback": feedback},
                                                   pass_name=decision.pass_name)
                self._fail_streak = 0
            except BudgetExceeded as e:
                self._budget_spent(e, decision, about)
                return None
            except LMCallError as e:
                self._call_failed(e, decision, about)
                return None
            except ParseFailure as e:
                tries += 1
                problems, raw = [f"malformed reply ({e})"], e.raw
            else:
                tries += 1
                value, problems = self._check(decision, outputs, inputs, rule)
                if not problems:
                    return self._accept(decision, value, rule, attempt)
            feedback = self._feedback(problems, raw)
            if raw in rejected:
                break
            rejected.add(raw)
        code = "LLM_MALFORMED" if problems and problems[0].startswith("malformed") else "LLM_UNGROUNDED"
        self._diag("warning", code, f"{decision.name}: model answer rejected after {tries} tries "
                   f"({'; '.join(problems)[:300]}); rule answer kept", about, decision)
        return None

    @staticmethod
    def _check(decision: Decision, outputs: dict, inputs: Any, rule: Verdict) -> tuple[Any, list[str]]:
        try:
            value = decision.to_value(outputs[decision.answer_field], inputs, rule.value)
            return value, decision.ground(value, inputs)
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            return None, [f"answer does not fit the decision: {e}"]

    def _budget_spent(self, e: Exception, decision: Decision, about: Optional[str]) -> None:
        self.fell_back += 1
        if not self._budget_reported:
            self._budget_reported = True
            self._diag("warning", "LLM_BUDGET_EXCEEDED", f"{e}; rules decide from here on", about, decision)

    def _call_failed(self, e: LMCallError, decision: Decision, about: Optional[str]) -> None:
        """An endpoint that refuses connections (or times out) is down for the process: one diagnostic."""
        self.fell_back += 1
        down = isinstance(e, EndpointDown)
        self._fail_streak = UNAVAILABLE_AFTER if down else self._fail_streak + 1
        if self._fail_streak == 1 or down:
            self._diag("warning", "LLM_UNAVAILABLE", f"{decision.name}: {e}; rule answer kept", about, decision)
        elif self._fail_streak == UNAVAILABLE_AFTER:
            self._diag("warning", "LLM_UNAVAILABLE", f"{UNAVAILABLE_AFTER} failed requests in a row; the model is "
                       f"no longer asked, rules decide from here on", about, decision)

    @staticmethod
    def _feedback(problems: list[str], raw: str) -> str:
        return ("Your previous answer was rejected: " + "; ".join(problems) +
                ". Answer again using only values, dates and ids written in the inputs, in the required format.")

    def _accept(self, decision: Decision, value: Any, rule: Verdict, attempt: int) -> Verdict:
        tag = f"llm:{decision.name}" + (f":reprompt{attempt}" if attempt else "")
        if decision.same(value, rule.value):
            return Verdict(value, max(float(rule.confidence), MODEL_CONFIDENCE), f"{rule.rule}|{tag}-agrees",
                           self.model)
        return Verdict(value, MODEL_CONFIDENCE, f"{tag}(rule {rule.rule} overridden)", self.model)


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


__all__ = ["LLMDecider", "make_decider", "MODES", "CONSULT_BELOW"]
