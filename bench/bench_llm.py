"""LLM-stage benchmark: what hybrid arbitration costs per unit, and how many model calls it needs.

Compiles the dev-gold activities (ids from ``../shared/gold/dev``) three ways: rules only, ``--hybrid`` and
LLM-first (then every activity of both acts in hybrid mode), the model runs with a zero-latency scripted LM (valid, neutral answers: no network, no weights).  The
figures are plumbing overhead (prompt formatting, parsing, grounding, cache) and call counts; they say nothing
about model quality.  Target: hybrid < 2 model calls per unit on average.  "consulted per kind" counts the
decisions offered to the model per hook (including rule summaries, reference typing, dependency decisions).

>>> # python -m bench.run llm
"""

from __future__ import annotations

import os
import re
import time

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

SOURCES = ("eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml",
           "eurlex-lex-corpus/works/32023r2486/2026-01-01/en.fmx4")


def neutral_answer(system: str, user: str) -> str:
    """A scripted reply for whatever field the prompt asks for (grounded, type-valid, uninformative)."""
    from regc.llm.lm import chat_reply

    m = re.findall(r"starting with the field `\[\[ ## (\w+) ## \]\]`", user)
    field = m[-1] if m else ""
    items = re.findall(r"\[\[ ## item_texts ## \]\]\n(.*?)\n\n", user, re.DOTALL)
    texts = re.findall(r"\[\[ ## text ## \]\]\n(.*?)(?=\n\n\[\[ ## |\Z)", user, re.DOTALL)
    value = {"applicability": "Mandatory", "tags": [], "threshold": None, "groups": [],
             "anchor": {"anchor_id": None, "anchor_type": "Methodology"},
             "evaluation_logic": {"evaluation_logic": "LEAF" if items and items[-1].strip() == "[]" else "AND",
                                  "n_required": None},
             "answer": {"type": "must_be_fetched", "celex_id": None},
             "relation": {"relation": "NONE", "target_id": None, "clause": None},
             "rule_summary": (texts[-1].strip() if texts else "") or "The criterion applies.",
             "enrichment": {"summary": "The passages set the obligations cited.", "key_facts": [],
                            "thresholds": []}}.get(field, "")
    return chat_reply({field: value})


def _compile(acts, only, decider):
    from regc.cli.compile import compile_sources
    from regc.compiler.passmanager import CompileOptions

    t0 = time.perf_counter()
    activities, _, _ = compile_sources(acts, CompileOptions(decider=decider), only)
    return time.perf_counter() - t0, sum(len(a.units) for a in activities)


def run() -> list[tuple[str, str]]:
    from regc.frontends import load_source
    from regc.retrieval.locate import corpus_root, gold_root
    from regc.llm.decider import LLMDecider
    from regc.llm.lm import LMClient, LMSettings, scripted_lm

    root, gold = corpus_root(), gold_root()
    if root is None or gold is None:
        return [("corpus/gold", "not found (set REGC_CORPUS)")]
    only = sorted(p.stem for p in gold.glob("*.json"))
    acts = [load_source(root / s) for s in SOURCES]
    rows: list[tuple[str, str]] = []
    _compile(acts, only, None)  # warm-up: lazy imports, grammar tables
    t_rules, units = min(_compile(acts, only, None) for _ in range(2))
    rows.append(("dev activities / units", f"{len(only)} / {units}"))
    rows.append(("rules only", f"{t_rules:.2f} s ({1000 * t_rules / units:.1f} ms/unit)"))
    for mode in ("hybrid", "llm"):
        lm = scripted_lm(neutral_answer)
        client = LMClient(LMSettings(model="local/scripted", cache_dir=""), lm=lm)  # in-memory cache only
        dec = LLMDecider(client, mode)
        t, _ = _compile(acts, only, dec)
        tot = client.usage.total()
        per = ", ".join(f"{k} {v.calls}" for k, v in sorted(client.usage.by_pass.items()))
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(dec.consulted_by.items()))
        rows.append((f"{mode}: time, overhead", f"{t:.2f} s, +{1000 * (t - t_rules) / units:.1f} ms/unit "
                                                f"(zero-latency scripted LM)"))
        rows.append((f"{mode}: model calls/unit", f"{tot.calls / units:.2f} ({tot.calls} calls, "
                                                  f"{dec.consulted} consultations; {per or 'none'})"
                                                  + ("  target < 2" if mode == "hybrid" else "")))
        rows.append((f"{mode}: consulted per kind", kinds or "none"))
    # generalisation of the call rate: every activity of both acts (mostly never seen in gold)
    client = LMClient(LMSettings(model="local/scripted", cache_dir=""), lm=scripted_lm(neutral_answer))
    dec = LLMDecider(client, "hybrid")
    t, all_units = _compile(acts, None, dec)
    rows.append(("hybrid, all activities", f"{client.usage.total().calls / all_units:.2f} calls/unit over "
                                           f"{all_units} units, {t:.1f} s"))
    return rows


if __name__ == "__main__":
    for label, fig in run():
        print(f"{label:<28} {fig}")
