"""Optimise the model path of one decision unit against gold: examples and metric from the unit
(``decision.examples`` / ``decision.metric``), train/dev split by activity, DSPy optimisers, program + sidecar.

    examples = gold_examples(load_gold("../shared/gold/dev"), "applicability")
    train, dev = split_by_activity(examples)
    prog, report = optimize_module("applicability", train, dev, optimizer="labeled")
    save_program(prog, "app.json", report)           # app.json + app.meta.json (decision, model, date, scores)
    name, pred, meta = load_program("app.json")

The split is by activity (never two units of one activity on both sides), deterministic (hash of the id).
``labeled`` needs no LM; ``bootstrap``, ``mipro`` and ``gepa`` need one.  The choices are the units of
:data:`regc.decisions.DECISIONS` with a model path.

>>> MODULES[:3]
('pathways', 'anchor_type', 'thresholds')
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from regc.decisions import by_name
from regc.decisions.base import Decision
from regc.io import atomic_path
from regc.ir.models import Activity, load_activity
from regc.llm.signatures import make_predictor, model_decisions, prompt_inputs

MODULES = tuple(d.name for d in model_decisions())
OPTIMIZERS = ("labeled", "bootstrap", "mipro", "gepa")


class OptimizeError(Exception):
    """Bad gold folder, unknown decision, an optimiser that needs an LM without one, etc. (one line)."""


# ---------------------------------------------------------------------------------------------------------------
# gold -> examples


def load_gold(folder: str | Path) -> list[Activity]:
    p = Path(folder)
    files = sorted(p.glob("*.json")) if p.is_dir() else [p]
    if not files or not all(f.exists() for f in files):
        raise OptimizeError(f"{folder}: no gold activity files")
    out = []
    for f in files:
        try:
            out.append(load_activity(f))
        except Exception as e:  # noqa: BLE001 — IRLoadError and friends, named by file
            raise OptimizeError(str(e)) from None
    return out


@dataclass(frozen=True)
class GoldExample:
    """One gold example of a decision: typed inputs and the gold value."""

    activity_id: str
    inputs: Any
    gold: Any


def decision_of(name: "str | Decision") -> Decision:
    if isinstance(name, Decision):
        return name
    try:
        d = by_name(name)
    except KeyError:
        raise OptimizeError(f"unknown decision {name!r}; choose from {', '.join(MODULES)}") from None
    if not d.llm:
        raise OptimizeError(f"decision {name!r} has no model path (llm = False); choose from {', '.join(MODULES)}")
    return d


def gold_examples(activities: Iterable[Activity], module: "str | Decision") -> list[GoldExample]:
    """The unit's gold examples (``decision.examples``) from every activity, in order."""
    d = decision_of(module)
    return [GoldExample(act.activity_id, x, y) for act in activities for x, y in d.examples(act)]


def to_dspy(decision: Decision, ex: GoldExample):
    """A ``dspy.Example`` (inputs as the signature takes them, the gold answer as its output)."""
    import dspy

    inputs = prompt_inputs(decision, ex.inputs)
    answer = decision.to_answer(ex.gold)
    answer = answer.model_dump(mode="json") if hasattr(answer, "model_dump") else answer
    out = dspy.Example(**inputs, feedback="", **{decision.answer_field: answer}, activity_id=ex.activity_id)
    return out.with_inputs(*inputs.keys(), "feedback")


def _bucket(activity_id: str) -> int:
    return int(hashlib.sha1(activity_id.encode()).hexdigest(), 16) % 3


def split_by_activity(examples: list, dev_share: int = 1) -> tuple[list, list]:
    """Deterministic split by activity: activities whose hash bucket (mod 3) is < ``dev_share`` go to dev.
    Falls back to alternating activities when a side would be empty."""
    acts = sorted({ex.activity_id for ex in examples})
    dev_acts = {a for a in acts if _bucket(a) < dev_share}
    if not dev_acts or dev_acts == set(acts):
        dev_acts = set(acts[1::3]) or set(acts[:1])
    train = [ex for ex in examples if ex.activity_id not in dev_acts]
    dev = [ex for ex in examples if ex.activity_id in dev_acts]
    return train, dev


# ---------------------------------------------------------------------------------------------------------------
# metrics and baselines (from the unit)


def make_metric(module: "str | Decision", by_inputs: Optional[dict] = None) -> Callable:
    """DSPy metric ``(example, prediction, trace=None, *extra) -> float`` (GEPA's 5-argument form accepted):
    the unit's metric on the IR values of the gold answer and the predicted one."""
    d = decision_of(module)

    def value(ex_or_pred: Any) -> Any:
        ans = ex_or_pred.get(d.answer_field) if isinstance(ex_or_pred, dict) else \
            getattr(ex_or_pred, d.answer_field, None)
        return ans

    def metric(example, prediction, trace=None, *_extra):
        try:
            x = (by_inputs or {}).get(example)
            rule = d.rule(x).value if x is not None else None
            return float(d.metric(d.to_value(value(example), x, rule), d.to_value(value(prediction), x, rule)))
        except Exception:  # noqa: BLE001 — an answer that does not fit the decision scores 0
            return 0.0

    metric.__name__ = f"{d.name}_metric"
    return metric


def evaluate(module: "str | Decision", examples: list[GoldExample],
             predict: Callable[[GoldExample], Any]) -> Optional[float]:
    """Mean metric of ``predict(example)`` (an IR value) over ``examples`` (a failed prediction scores 0)."""
    d = decision_of(module)
    if not examples:
        return None
    total = 0.0
    for ex in examples:
        try:
            total += float(d.metric(ex.gold, predict(ex)))
        except Exception:  # noqa: BLE001 — an unparseable model answer scores 0
            pass
    return round(total / len(examples), 4)


def rule_prediction(module: "str | Decision", ex: GoldExample) -> Any:
    """The rule's value for a gold example (what the passes decide without a model)."""
    return decision_of(module).rule(ex.inputs).value


def rule_baseline(module: "str | Decision", examples: list[GoldExample]) -> Optional[float]:
    """Mean metric of the rule on ``examples`` (None when the unit's rule answer comes from the pass)."""
    d = decision_of(module)
    return None if d.rule_needs_pass else evaluate(d, examples, lambda ex: rule_prediction(d, ex))


# ---------------------------------------------------------------------------------------------------------------
# optimisation


def routed_lm(lm: Any) -> tuple[Any, Any]:
    """``(dspy LM, LMClient)`` for an optimiser: every call of the returned LM goes through the project's
    :class:`~regc.llm.lm.LMClient` (prompt cache, budget, retries, accounting under pass ``optimize``).
    ``lm`` may be an ``LMClient`` (as `regc optimize` builds it), an LM already routed, or a bare ``dspy.LM``
    (wrapped in a client with an in-memory cache and no budget)."""
    from regc.llm.lm import LMClient, LMSettings, client_lm

    if lm is None:
        return None, None
    if isinstance(lm, LMClient):
        return client_lm(lm), lm
    if getattr(lm, "_regc_client", None) is not None:
        return lm, lm._regc_client
    client = LMClient(LMSettings(model=str(getattr(lm, "model", "dspy-lm")), cache_dir=""), lm=lm)
    return client_lm(client), client


def optimize_module(module: "str | Decision", train: list[GoldExample], dev: list[GoldExample], *, optimizer: str = "labeled", lm: Any = None,
                    k: int = 8, seed: int = 0, gepa_budget: int = 60, threads: int = 1) -> tuple[Any, dict]:
    """Compile a predictor for ``module`` with ``optimizer``; returns (program, report with dev scores).

    ``lm`` (an ``LMClient`` or a ``dspy.LM``) is routed through the project's client (:func:`routed_lm`): the
    optimiser's calls are cached, counted and stopped by the client's budget (:class:`OptimizeError`)."""

    lm, client = routed_lm(lm)
    try:
        return _optimize_module(module, train, dev, optimizer=optimizer, lm=lm, k=k, seed=seed,
                                gepa_budget=gepa_budget, threads=threads, client=client)
    except OptimizeError:
        raise
    except Exception:  # noqa: BLE001 — DSPy wraps the client's BudgetExceeded in its own errors
        if client is not None and client.exhausted:
            raise OptimizeError(f"LM budget spent during {optimizer} optimisation ({client.usage.summary()}); "
                                f"no program written") from None
        raise


def _compile(optimizer: str, student: Any, train: list, dev: list, metric: Callable, *, lm: Any, k: int,
             seed: int, gepa_budget: int, threads: int) -> Any:
    import dspy

    if optimizer == "labeled":
        return dspy.LabeledFewShot(k=k).compile(student, trainset=train, sample=True)
    if optimizer == "bootstrap":
        return dspy.BootstrapFewShot(metric=metric, max_bootstrapped_demos=min(4, k), max_labeled_demos=k,
                                     max_rounds=1).compile(student, trainset=train)
    if optimizer == "mipro":
        tp = dspy.MIPROv2(metric=metric, auto="light", num_threads=threads, seed=seed, verbose=False)
        return tp.compile(student, trainset=train, valset=dev or None, max_bootstrapped_demos=min(4, k),
                          max_labeled_demos=k)
    tp = dspy.GEPA(metric=metric, reflection_lm=lm, max_metric_calls=gepa_budget, num_threads=threads, seed=seed)
    return tp.compile(student, trainset=train, valset=dev or train)


def _example_key(example: Any) -> str:
    return json.dumps({k: example[k] for k in example.inputs().keys() if k != "feedback"}, sort_keys=True,
                      default=str)


def _optimize_module(module: "str | Decision", train: list[GoldExample], dev: list[GoldExample], *, optimizer: str,
                     lm: Any, k: int, seed: int, gepa_budget: int, threads: int, client: Any) -> tuple[Any, dict]:
    import dspy

    if optimizer not in OPTIMIZERS:
        raise OptimizeError(f"unknown optimizer {optimizer!r}; choose from {', '.join(OPTIMIZERS)}")
    if optimizer != "labeled" and lm is None:
        raise OptimizeError(f"--optimizer {optimizer} needs a model (--lm)")
    d = decision_of(module)
    if not train:
        raise OptimizeError(f"no training examples for decision {d.name!r} in the gold")
    dtrain, ddev = [to_dspy(d, ex) for ex in train], [to_dspy(d, ex) for ex in dev]
    lookup = {_example_key(e): ex.inputs for e, ex in zip(dtrain + ddev, train + dev)}
    metric = make_metric(d, _Lookup(lookup))
    ctx = dspy.context(lm=lm, adapter=dspy.ChatAdapter(use_json_adapter_fallback=False)) if lm is not None \
        else dspy.context()
    with ctx:
        prog = _compile(optimizer, make_predictor(d), dtrain, ddev, metric, lm=lm, k=k, seed=seed,
                        gepa_budget=gepa_budget, threads=threads)
        report: dict[str, Any] = {"module": d.name, "optimizer": optimizer, "train": len(train), "dev": len(dev),
                                  "demos": len(getattr(prog, "demos", []) or [])}
        report["scores"] = {"rules_dev": rule_baseline(d, dev)}
        if lm is not None:
            def run_prog(ex: GoldExample) -> Any:
                out = prog(**prompt_inputs(d, ex.inputs), feedback="")
                return d.to_value(out[d.answer_field], ex.inputs, d.rule(ex.inputs).value)

            report["scores"]["program_dev"] = evaluate(d, dev, run_prog)
            if client is not None and client.exhausted:
                raise OptimizeError(f"LM budget spent during the dev evaluation ({client.usage.summary()})")
    if client is not None:
        report["lm_usage"] = client.usage.to_json().get("optimize", {})
    return prog, report


class _Lookup(dict):
    """Typed inputs by the example's input values (DSPy copies examples, so identity does not hold)."""

    def get(self, example: Any, default: Any = None) -> Any:  # type: ignore[override]
        try:
            return super().get(_example_key(example), default)
        except Exception:  # noqa: BLE001
            return default


def sidecar_path(program_path: str | Path) -> Path:
    p = Path(program_path)
    return p.with_name(p.stem + ".meta.json")


def save_program(prog: Any, path: str | Path, report: dict, *, model: Optional[str] = None) -> Path:
    """Write the program (DSPy JSON) and its sidecar ``<stem>.meta.json`` atomically."""
    path = Path(path)
    meta = {"regc_program": 1, "module": report["module"], "model": model,
            "date": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(), **report}
    # the program is renamed into place first, then its sidecar (the inner block ends first)
    with atomic_path(sidecar_path(path)) as stmp, atomic_path(path, suffix=".tmp.json") as tmp:
        prog.save(str(tmp))
        stmp.write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def load_program(path: str | Path) -> tuple[str, Any, dict]:
    """(decision name, predictor with its demos/instructions, sidecar) for a saved program."""
    path = Path(path)
    side = sidecar_path(path)
    if not path.is_file():
        raise OptimizeError(f"{path}: program file not found")
    try:
        meta = json.loads(side.read_text(encoding="utf-8"))
        name = meta["module"]
    except (OSError, ValueError, KeyError) as e:
        raise OptimizeError(f"{side}: missing or bad program sidecar ({e})") from None
    if name not in MODULES:
        raise OptimizeError(f"{side}: unknown decision {name!r}")
    pred = make_predictor(name)
    try:
        pred.load(str(path))
    except Exception as e:  # noqa: BLE001 — DSPy raises various errors on a bad file
        raise OptimizeError(f"{path}: cannot load program: {e}") from None
    return name, pred, meta


__all__ = ["MODULES", "OPTIMIZERS", "OptimizeError", "GoldExample", "load_gold", "gold_examples", "to_dspy",
           "split_by_activity", "decision_of", "make_metric", "rule_prediction", "rule_baseline", "evaluate", "optimize_module", "routed_lm", "save_program",
           "load_program", "sidecar_path"]
