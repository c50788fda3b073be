"""The decision unit: one semantic decision of the compiler, typed, with its rule, its model contract and its
gold, and :func:`decide`, the only door through which a pass obtains a verdict.

A unit (a subclass of :class:`Decision`) names the decision, types its inputs (a frozen dataclass) and its
output (an IR type), states the instructions a model would get, and holds the rule that decides without a
model, the grounding check of a model answer, the gold-example extractor and the metric.  A pass builds the
inputs and calls ``decide(UNIT, UNIT.Inputs(...), ctx)``; the verdict carries the value and its provenance
(rule id or model).

Verdicts are pure functions of the typed inputs, so :func:`decide` memoises the rule verdict in memory by
(decision name, the frozen inputs — or their canonical JSON when unhashable) and through the optional :class:`VerdictStore` of the pass
context (``ctx.store``, keyed with ``regc.__version__``).  A configured :class:`Decider` (``ctx.options.decider``,
the LLM layer) may then replace the rule verdict, for units with ``llm = True`` only; a unit with
``llm = False`` has no model path and says so.

>>> from dataclasses import dataclass
>>> class Shout(Decision):
...     name = "shout"
...     @dataclass(frozen=True)
...     class Inputs:
...         text: str
...     Output = str
...     instructions = "Upper-case the text."
...     llm = False
...     def rule(self, x):
...         return Verdict(x.text.upper(), 1.0, "upper")
>>> decide(Shout(), Shout.Inputs("a"), None)
Verdict(value='A', confidence=1.0, rule='upper', model=None, grounding=())
>>> canonical(Shout.Inputs("a"))
'{"text":"a"}'
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
from typing import Any, ClassVar, Generic, Iterable, Mapping, Optional, Protocol, TypeVar, runtime_checkable

I = TypeVar("I")
O = TypeVar("O")
T = TypeVar("T")



@dataclasses.dataclass(frozen=True)
class Verdict(Generic[T]):
    """What a decision returns: the value, a confidence in [0, 1], the rule id that produced it, the model when
    a model decided (``None`` for rules), and the grounding problems a model answer was checked for (empty when
    grounded or when a rule decided).  Picklable (the on-disk store keeps verdicts)."""

    value: T
    confidence: float
    rule: str
    model: Optional[str] = None
    grounding: tuple[str, ...] = ()


class Decision(Generic[I, O]):
    """One semantic decision.  Subclasses set the class attributes and implement :meth:`rule`; the rest has
    defaults a unit overrides when it has something to say.

    - ``name``: provenance and CLI name (``regc optimize --decision NAME``);
    - ``Inputs``: a frozen dataclass of everything the rule reads (the memo key is its canonical JSON);
    - ``Output``: the IR type of the value; ``Answer`` the typed answer a model gives (default ``Output``),
      ``answer_field`` its name in the model's signature;
    - ``instructions``: what a model is told; ``prompt_fields``: the inputs a model sees (default all),
      ``prompt_types`` their types where :meth:`prompt` reshapes them, ``field_notes``: a description per field;
    - ``llm``: False when the decision has no model path (rules only, stated);
    - ``pass_name``: the pass that calls it; ``rule_needs_pass``: the rule's answer is computed by the pass (tree
      walks) and handed in, so gold examples have no rule baseline.
    """

    name: ClassVar[str]
    Inputs: ClassVar[type]
    Output: ClassVar[Any]
    Answer: ClassVar[Any] = None
    answer_field: ClassVar[str] = "answer"
    instructions: ClassVar[str] = ""
    prompt_fields: ClassVar[tuple[str, ...]] = ()
    prompt_types: ClassVar[Mapping[str, Any]] = {}
    field_notes: ClassVar[Mapping[str, str]] = {}
    llm: ClassVar[bool] = True
    pass_name: ClassVar[str] = ""
    rule_needs_pass: ClassVar[bool] = False  # the rule's answer is an input the pass computes (no gold baseline)

    def rule(self, x: I) -> Verdict[O]:
        raise NotImplementedError

    # -- the model contract (used by regc.llm; never imports dspy here) ------------------------------------------
    def prompt(self, x: I) -> dict[str, Any]:
        """The signature inputs a model gets for ``x`` (without ``feedback``)."""
        names = self.prompt_fields or tuple(f.name for f in dataclasses.fields(x))  # type: ignore[arg-type]
        return {n: getattr(x, n) for n in names}

    def to_value(self, answer: Any, x: I, rule_value: O) -> O:
        """The IR value of a model ``answer`` (ValueError/TypeError when it does not fit the decision)."""
        return answer

    def to_answer(self, value: O) -> Any:
        """The model-answer form of a value (for demos from gold and rule answers)."""
        return value

    def same(self, a: O, b: O) -> bool:
        """Whether a model value agrees with the rule value."""
        if hasattr(a, "model_dump") and hasattr(b, "model_dump"):
            return a.model_dump(mode="json") == b.model_dump(mode="json")
        return a == b

    def ground(self, y: O, x: I) -> list[str]:
        """Problems with a model value ``y`` for inputs ``x`` (empty = grounded)."""
        return []

    # -- gold --------------------------------------------------------------------------------------------------
    def examples(self, act: Any) -> Iterable[tuple[I, O]]:
        """(inputs, gold value) pairs from one gold activity (none by default)."""
        return ()

    def metric(self, gold: O, pred: O) -> float:
        """Score in [0, 1] of ``pred`` against ``gold`` (exact match by default)."""
        return float(self.same(gold, pred))

    def fresh(self, value: O) -> O:
        """A copy of a memoised value the caller may keep and edit (immutable values are returned as they are)."""
        return value if _immutable(value) else copy.deepcopy(value)

    def __repr__(self) -> str:
        return f"<decision {self.name}>"


@runtime_checkable
class Decider(Protocol):
    """What may arbitrate a rule verdict (the LLM layer's decider): a replacement verdict, or None to keep the
    rule.  ``flags`` carries ``odr_failed``/``odr_notes`` on an ODR repair attempt; ``about`` the criterion id."""

    def decide(self, decision: Decision, inputs: Any, rule: Verdict, *, about: Optional[str] = None,
               flags: Optional[Mapping[str, Any]] = None) -> Optional[Verdict]: ...


class VerdictStore(Protocol):
    """A persistent memo of rule verdicts (on disk: :mod:`regc.compiler`); keys come from :func:`store_key`."""

    def get(self, key: str) -> "Verdict | None": ...

    def put(self, key: str, verdict: "Verdict") -> None: ...


def _immutable(v: Any) -> bool:
    if v is None or isinstance(v, (str, int, float, bool)):
        return True
    if isinstance(v, (tuple, frozenset)):
        return all(_immutable(x) for x in v)
    return False


def _plain(v: Any) -> Any:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if hasattr(v, "model_dump"):
        return v.model_dump(mode="json")
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted(_plain(x) for x in v)
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def canonical(inputs: Any) -> str:
    """Canonical JSON of typed inputs (the memo key)."""
    return json.dumps(_plain(inputs), sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def store_key(decision: Decision, inputs: Any) -> str:
    """``<regc version>/<decision>/<sha256 of the canonical inputs>``."""
    from regc import __version__

    digest = hashlib.sha256(canonical(inputs).encode("utf-8")).hexdigest()
    return f"{__version__}/{decision.name}/{digest}"


MODEL_CONFIDENCE = 0.75  # confidence recorded for a grounded model answer

_MEMO: dict[tuple, tuple[Verdict, bool]] = {}  # key -> (verdict, its value is immutable: shared as is)
MEMO_LIMIT = 200_000  # verdicts kept in memory before the memo starts over


def memo_key(decision: Decision, inputs: Any) -> tuple:
    """The in-memory memo key: the frozen inputs themselves (a hash of cached string hashes, no serialisation on a
    hit), or their canonical JSON when they hold something unhashable.

    >>> from regc.decisions import REFERENCE_SPLIT as D
    >>> x = D.Inputs("see ISO 14067:2018", ("ISO 14067:2018",), 1.0)
    >>> memo_key(D, x) == memo_key(D, D.Inputs(*x.__dict__.values()))
    True
    """
    try:
        hash(inputs)
    except TypeError:
        return (decision.name, canonical(inputs))
    return (decision.name, type(inputs), inputs)


def rule_verdict(decision: Decision[I, O], inputs: I, store: Optional[VerdictStore] = None) -> Verdict[O]:
    """The rule's verdict for ``inputs``, memoised in memory and through ``store``."""
    key = (decision.name, type(inputs), inputs)  # memo_key's hashable case, hashed once (by the lookup itself)
    try:
        hit = _MEMO.get(key)
    except TypeError:  # unhashable inputs: memo_key's canonical-JSON key
        key = memo_key(decision, inputs)
        hit = _MEMO.get(key)
    if hit is None:
        v = store.get(store_key(decision, inputs)) if store is not None else None
        if v is None:
            v = decision.rule(inputs)
            if store is not None:
                store.put(store_key(decision, inputs), v)
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        hit = _MEMO[key] = (v, _immutable(v.value))
    v, shared = hit
    # the constructor, not dataclasses.replace (~2.5x its cost; every field of a Verdict is an init field)
    return v if shared else Verdict(decision.fresh(v.value), v.confidence, v.rule, v.model, v.grounding)


def odr_flags(ctx: Any, about: Optional[str]) -> dict[str, Any]:
    """On a repair attempt: whether the previous attempt's diagnostics name criterion ``about``, and their
    messages (``{}`` on a first attempt)."""
    if ctx is None or not getattr(ctx, "attempt", 0) or not about:
        return {}
    notes = [g.message for g in (getattr(ctx, "guidance", None) or []) if g.criterion_id == about]
    return {"odr_failed": bool(notes), "odr_notes": notes}


def decider_of(ctx: Any) -> Optional[Decider]:
    return getattr(getattr(ctx, "options", None), "decider", None) if ctx is not None else None


def decide(decision: Decision[I, O], inputs: I, ctx: Any = None, *, about: Optional[str] = None,
           rule: Optional[Verdict[O]] = None) -> Verdict[O]:
    """The verdict of ``decision`` on ``inputs``: the (memoised) rule verdict, which the context's decider may
    replace when the unit has a model path.  ``about`` names the criterion (ODR flags, diagnostics); ``rule``
    overrides the rule verdict (a pass that post-processes it, e.g. keeping a model origin)."""
    verdict = rule if rule is not None else rule_verdict(decision, inputs, getattr(ctx, "store", None))
    decider = decider_of(ctx)
    if decider is None or not decision.llm:
        return verdict
    try:
        out = decider.decide(decision, inputs, verdict, about=about, flags=odr_flags(ctx, about))
    except Exception:  # noqa: BLE001 — a failing model never breaks the rules path
        return verdict
    return out if isinstance(out, Verdict) else verdict


__all__ = ["Decision", "Verdict", "Decider", "VerdictStore", "decide", "rule_verdict", "canonical", "store_key",
           "odr_flags"]
