"""Optimise one semantic module against gold: examples from gold units, train/dev split by activity, metrics
derived from :mod:`regc.eval.score`, DSPy optimisers, program + sidecar on disk.

    examples = gold_examples(load_gold("../shared/gold/dev"), "applicability")
    train, dev = split_by_activity(examples)
    prog, report = optimize_module("applicability", train, dev, optimizer="labeled")
    save_program(prog, "app.json", report)           # app.json + app.meta.json (model, date, scores)
    name, pred, meta = load_program("app.json")

The split is by activity (never two units of one activity on both sides), deterministic (hash of the id).
``labeled`` needs no LM; ``bootstrap``, ``mipro`` and ``gepa`` need one.

>>> [m for m in MODULES][:3]
['logic', 'applicability', 'tags']
"""

from __future__ import annotations

import datetime as _dt
import difflib
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from regc.io import atomic_path
from regc.eval.score import match_refs, quant_keys, temporal_keys
from regc.ir.models import ANCHORED_ID, Activity, CriterionNode, Threshold, load_activity
from regc.llm.signatures import (DECISIONS, AnchorAnswer, LogicAnswer, ReferenceTypeAnswer,
                                        RelationAnswer, make_predictor)

MODULES = ("logic", "applicability", "tags", "thresholds", "anchor_type", "pathways", "references",
           "dependencies", "rule_summary")
OPTIMIZERS = ("labeled", "bootstrap", "mipro", "gepa")
_GROUP = re.compile(r"\([a-z0-9]+-[a-z0-9]+\)$")


class OptimizeError(Exception):
    """Bad gold folder, unknown module, an optimiser that needs an LM without one, etc. (one line)."""


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


def _thr_json(t: Optional[Threshold]) -> Optional[dict]:
    if t is None or t.is_empty():
        return None
    return CriterionNode(criterion_id="x", threshold=t).to_json()["threshold"]


def _example(activity_id: str, inputs: dict, outputs: dict):
    import dspy

    ex = dspy.Example(**inputs, feedback="", **outputs, activity_id=activity_id)
    return ex.with_inputs(*inputs.keys(), "feedback")


def gold_examples(activities: Iterable[Activity], module: str) -> list:
    """``dspy.Example`` list for one decision from gold nodes (inputs as the pass hooks give them)."""
    if module not in DECISIONS:
        raise OptimizeError(f"unknown module {module!r}; choose from {', '.join(MODULES)}")
    spec = DECISIONS[module]
    out = []
    for act in activities:
        for unit in act.units:
            ids = [n.criterion_id for n in unit.root.walk()]
            for node, parent in unit.root.walk_with_parent():
                cid = node.criterion_id
                ptext = parent.verbatim_text if parent is not None else ""
                hook: Optional[dict] = None
                value: Any = None
                if module == "logic" and node.participating_children() and node.verbatim_text:
                    hook = {"text": node.verbatim_text,
                            "children": [c.verbatim_text for c in node.participating_children()]}
                    value = {"evaluation_logic": LogicAnswer(evaluation_logic=node.evaluation_logic,
                                                             n_required=node.n_required).model_dump()}
                elif module == "applicability" and parent is not None and node.verbatim_text:
                    hook = {"text": node.verbatim_text, "parent_text": ptext, "activity_name": act.name}
                    value = {"applicability": node.applicability}
                elif module == "tags" and parent is not None and node.verbatim_text:
                    hook = {"text": node.verbatim_text}
                    value = {"tags": list(node.tags)}
                elif module == "thresholds" and node.verbatim_text:
                    hook = {"text": node.verbatim_text, "parent_text": ptext}
                    value = {"threshold": _thr_json(node.threshold)}
                elif module == "anchor_type" and ANCHORED_ID.search(cid) and parent is not None:
                    hook = {"text": node.verbatim_text, "anchor_text": ptext, "candidates": [parent.criterion_id]}
                    value = {"anchor": AnchorAnswer(anchor_id=parent.criterion_id,
                                                    anchor_type=ANCHORED_ID.search(cid).group(1)).model_dump()}
                elif module == "pathways" and any(_GROUP.search(c.criterion_id) for c in node.sub_criteria):
                    items, groups = [], []
                    for c in node.sub_criteria:
                        if _GROUP.search(c.criterion_id):
                            groups.append([g.criterion_id for g in c.sub_criteria])
                            items += [{"id": g.criterion_id, "text": g.verbatim_text} for g in c.sub_criteria]
                        elif c.criterion_id.find(".") < 0:
                            items.append({"id": c.criterion_id, "text": c.verbatim_text})
                    hook = {"chapeau": node.verbatim_text, "items": items}
                    value = {"groups": groups}
                elif module == "references" and node.references is not None:
                    for s in node.references.sources:
                        h = {"text": node.verbatim_text, "reference": s.text}
                        v = {"answer": ReferenceTypeAnswer(type=s.type, celex_id=s.celex_id).model_dump()}
                        out.append(_example(act.activity_id, spec.to_inputs(h, None), v))
                    continue
                elif module == "dependencies":
                    for e in unit.edges:
                        if e.from_ == cid and e.type in ("DEPENDS_ON", "INHERITS_THRESHOLD"):
                            h = {"text": node.verbatim_text, "cited": e.to, "known_ids": ids}
                            v = {"relation": RelationAnswer(relation=e.type, target_id=e.to).model_dump()}
                            out.append(_example(act.activity_id, spec.to_inputs(h, None), v))
                    continue
                elif module == "rule_summary" and node.verbatim_text and node.rule_summary:
                    facts = f"logic {node.evaluation_logic}; children {[c.criterion_id for c in node.sub_criteria]}"
                    hook = {"text": node.verbatim_text, "facts": facts}
                    value = {"rule_summary": node.rule_summary}
                if hook is not None:
                    out.append(_example(act.activity_id, spec.to_inputs(hook, None), value))
    return out


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
# metrics (from regc.eval.score where the spec scores the field)


def _get(pred: Any, key: str) -> Any:
    v = pred.get(key) if isinstance(pred, dict) else getattr(pred, key, None)
    return v.model_dump(mode="json") if hasattr(v, "model_dump") else v


def _f1(tp: int, a: int, b: int) -> float:
    if a == 0 and b == 0:
        return 1.0
    return 2 * tp / (a + b) if (a + b) else 0.0


def _multiset_tp(a: list, b: list) -> int:
    from collections import Counter

    return sum((Counter(a) & Counter(b)).values())


def metric_value(module: str, gold: Any, pred: Any) -> float:
    """Score in [0, 1] of one prediction against one gold example."""
    try:
        if module == "logic":
            g, p = _get(gold, "evaluation_logic"), _get(pred, "evaluation_logic")
            return float(g["evaluation_logic"] == p["evaluation_logic"] and
                         (g.get("n_required") == p.get("n_required") or g["evaluation_logic"] != "N_OF_K"))
        if module == "applicability":
            return float(_get(gold, "applicability") == _get(pred, "applicability"))
        if module == "tags":
            g, p = set(_get(gold, "tags") or []), set(_get(pred, "tags") or [])
            return 1.0 if not g and not p else len(g & p) / len(g | p)
        if module == "thresholds":  # threshold + temporal F1 of spec §5 on this node
            g = {"threshold": _get(gold, "threshold")}
            pv = _get(pred, "threshold")
            p = {"threshold": _thr_json(Threshold.model_validate(pv)) if pv else None}
            gq, pq, gt, pt = quant_keys(g), quant_keys(p), temporal_keys(g), temporal_keys(p)
            return _f1(_multiset_tp(gq, pq) + _multiset_tp(gt, pt), len(gq) + len(gt), len(pq) + len(pt))
        if module == "anchor_type":
            return float(_get(gold, "anchor")["anchor_type"] == _get(pred, "anchor")["anchor_type"])
        if module == "pathways":
            g = sorted(map(tuple, _get(gold, "groups") or []))
            p = sorted(map(tuple, _get(pred, "groups") or []))
            return float(g == p)
        if module == "references":
            g, p = _get(gold, "answer"), _get(pred, "answer")
            gs = [{"text": "r", "type": g["type"], "celex_id": g.get("celex_id")}]
            ps = [{"text": "r", "type": p["type"], "celex_id": p.get("celex_id")}]
            return float(match_refs(ps, gs))
        if module == "dependencies":
            g, p = _get(gold, "relation"), _get(pred, "relation")
            return float(g["relation"] == p["relation"] and g.get("target_id") == p.get("target_id"))
        if module == "rule_summary":
            return difflib.SequenceMatcher(None, str(_get(gold, "rule_summary")),
                                           str(_get(pred, "rule_summary"))).ratio()
    except (TypeError, KeyError, ValueError, AttributeError):
        return 0.0
    raise OptimizeError(f"no metric for module {module!r}")


def make_metric(module: str) -> Callable:
    """DSPy metric ``(example, prediction, trace=None, *extra) -> float`` (GEPA's 5-argument form accepted)."""

    def metric(example, prediction, trace=None, *_extra):
        return metric_value(module, example, prediction)

    metric.__name__ = f"{module}_metric"
    return metric


# ---------------------------------------------------------------------------------------------------------------
# rule baseline on the same examples (what the passes decide without a model)


def rule_prediction(module: str, ex: Any) -> Optional[dict]:
    """The rule pass's answer for a gold example, in the signature's output form (None: no rule function)."""
    from regc.grammar.thresholds import decide as decide_threshold
    from regc.passes.classify import decide_applicability, decide_tags
    from regc.passes.structure import anchor_type

    if module == "applicability":
        return {"applicability": decide_applicability(ex.text, parent_text=ex.parent_text,
                                                      activity_name=ex.activity_name).value}
    if module == "tags":
        return {"tags": decide_tags(ex.text).value}
    if module == "thresholds":
        t = decide_threshold(ex.sentence, ex.chapeau or None).threshold
        return {"threshold": _thr_json(t)}
    if module == "anchor_type":
        return {"anchor": {"anchor_type": anchor_type(ex.text).tag, "anchor_id": None}}
    if module == "logic":
        from regc.grammar.logic import decide_logic

        items = list(ex["item_texts"])
        d = decide_logic(ex.chapeau, items, k=len(items))
        return {"evaluation_logic": {"evaluation_logic": d.logic, "n_required": d.n_required}}
    return None


def evaluate(module: str, examples: list, predict: Callable[[Any], Optional[dict]]) -> Optional[float]:
    """Mean metric of ``predict(example)`` over ``examples`` (a failed prediction scores 0)."""
    if not examples:
        return None
    try:
        if predict(examples[0]) is None:
            return None  # no predictor for this module (e.g. no rule function)
    except Exception:  # noqa: BLE001
        pass
    total = 0.0
    for ex in examples:
        try:
            p = predict(ex)
        except Exception:  # noqa: BLE001 — an unparseable model answer scores 0
            p = None
        total += metric_value(module, ex, p) if p is not None else 0.0
    return round(total / len(examples), 4)


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


def optimize_module(module: str, train: list, dev: list, *, optimizer: str = "labeled", lm: Any = None,
                    k: int = 8, seed: int = 0, gepa_budget: int = 60, threads: int = 1) -> tuple[Any, dict]:
    """Compile a predictor for ``module`` with ``optimizer``; returns (program, report with dev scores).

    ``lm`` (an ``LMClient`` or a ``dspy.LM``) is routed through the project's client (:func:`routed_lm`): the
    optimiser's calls are cached, counted and stopped by the client's budget (:class:`OptimizeError`)."""
    import dspy

    lm, client = routed_lm(lm)
    try:
        return _optimize_module(module, train, dev, optimizer=optimizer, lm=lm, k=k, seed=seed,
                                gepa_budget=gepa_budget, threads=threads, client=client)
    except OptimizeError:
        raise
    except Exception as e:  # noqa: BLE001 — DSPy wraps the client's BudgetExceeded in its own errors
        if client is not None and client.exhausted:
            raise OptimizeError(f"LM budget spent during {optimizer} optimisation ({client.usage.summary()}); "
                                f"no program written") from None
        raise


def _optimize_module(module: str, train: list, dev: list, *, optimizer: str, lm: Any, k: int, seed: int,
                     gepa_budget: int, threads: int, client: Any) -> tuple[Any, dict]:
    import dspy

    if optimizer not in OPTIMIZERS:
        raise OptimizeError(f"unknown optimizer {optimizer!r}; choose from {', '.join(OPTIMIZERS)}")
    if optimizer != "labeled" and lm is None:
        raise OptimizeError(f"--optimizer {optimizer} needs a model (--lm)")
    if not train:
        raise OptimizeError(f"no training examples for module {module!r} in the gold")
    metric = make_metric(module)
    student = make_predictor(module)
    ctx = dspy.context(lm=lm, adapter=dspy.ChatAdapter(use_json_adapter_fallback=False)) if lm is not None \
        else dspy.context()
    with ctx:
        if optimizer == "labeled":
            prog = dspy.LabeledFewShot(k=k).compile(student, trainset=train, sample=True)
        elif optimizer == "bootstrap":
            prog = dspy.BootstrapFewShot(metric=metric, max_bootstrapped_demos=min(4, k), max_labeled_demos=k,
                                         max_rounds=1).compile(student, trainset=train)
        elif optimizer == "mipro":
            tp = dspy.MIPROv2(metric=metric, auto="light", num_threads=threads, seed=seed, verbose=False)
            prog = tp.compile(student, trainset=train, valset=dev or None, max_bootstrapped_demos=min(4, k),
                              max_labeled_demos=k)
        else:  # gepa
            tp = dspy.GEPA(metric=metric, reflection_lm=lm, max_metric_calls=gepa_budget, num_threads=threads,
                           seed=seed)
            prog = tp.compile(student, trainset=train, valset=dev or train)
        report: dict[str, Any] = {"module": module, "optimizer": optimizer, "train": len(train), "dev": len(dev),
                                  "demos": len(getattr(prog, "demos", []) or [])}
        rules = evaluate(module, dev, lambda ex: rule_prediction(module, ex))
        report["scores"] = {"rules_dev": rules}
        if lm is not None:
            def run_prog(ex):
                out = prog(**ex.inputs())
                return {k2: out[k2] for k2 in DECISIONS[module].signature.output_fields}

            report["scores"]["program_dev"] = evaluate(module, dev, run_prog)
            if client is not None and client.exhausted:
                raise OptimizeError(f"LM budget spent during the dev evaluation ({client.usage.summary()})")
    if client is not None:
        report["lm_usage"] = client.usage.to_json().get("optimize", {})
    return prog, report


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
    """(module name, predictor with its demos/instructions, sidecar) for a saved program."""
    path = Path(path)
    side = sidecar_path(path)
    if not path.is_file():
        raise OptimizeError(f"{path}: program file not found")
    try:
        meta = json.loads(side.read_text(encoding="utf-8"))
        name = meta["module"]
    except (OSError, ValueError, KeyError) as e:
        raise OptimizeError(f"{side}: missing or bad program sidecar ({e})") from None
    if name not in DECISIONS:
        raise OptimizeError(f"{side}: unknown module {name!r}")
    pred = make_predictor(name)
    try:
        pred.load(str(path))
    except Exception as e:  # noqa: BLE001 — DSPy raises various errors on a bad file
        raise OptimizeError(f"{path}: cannot load program: {e}") from None
    return name, pred, meta


__all__ = ["MODULES", "OPTIMIZERS", "OptimizeError", "load_gold", "gold_examples", "split_by_activity",
           "metric_value", "make_metric", "rule_prediction", "evaluate", "optimize_module", "routed_lm", "save_program",
           "load_program", "sidecar_path"]
