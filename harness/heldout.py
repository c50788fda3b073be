"""Score the semantic stages on held-out activities (not in the gold) against single-annotator fixtures.

The fixtures under ``tests/fixtures/heldout/<activity>.json`` hold, per unit and criterion id, the fields an
independent annotator judged from the source text (spec §2/§3/§6): evaluation logic (+ n_required),
applicability, category, tags, quantitative items (operator, value, unit, period; metric reported
separately), temporal items, references (text, type, celex) and dependency clauses, plus the unit's typed
edges. They are judgements, not gold: the figures are an honest generalisation estimate, nothing more.

Node fields are scored as accuracy over annotated nodes the compiler also produced (same id); items
(thresholds, temporal, references, dependencies, edges) as micro F1 over (node, item) keys; ``structure_f1`` is the
F1 of the unit's set of node ids (system vs annotated).

>>> # python -m harness.heldout            # compile from the corpus, print per-field figures + misses
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from regc.eval.score import EDGE_TYPES_SCORED, temporal_keys
from regc.eval.refscore import prf

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "heldout"
NODE_FIELDS = ("logic", "applicability", "category", "tags")
ITEM_FIELDS = ("quantitative", "temporal", "references", "dependencies", "edges")


def _num(v) -> float:
    return round(float(v), 6)


def _period(p) -> Optional[str]:
    if not p:
        return None
    if isinstance(p, str):
        return p
    return "lifetime" if p.get("type") == "lifetime" else f"{p.get('value')} {p.get('unit')}"


def _unit(u: str) -> str:
    return re.sub(r"\s+", " ", (u or "").strip())


def _ref_key(text: str, celex: Optional[str]) -> str:
    if celex:
        return celex
    t = re.sub(r"\s+", " ", text.lower()).strip()
    t = re.sub(r"^(the|an?) ", "", t)
    t = re.sub(r",? (of|in|to) this annex$", "", t)
    return t


def _temporal_key(t: dict) -> tuple:
    """One temporal item's key, as the project scorer matches it (:func:`regc.eval.score.temporal_keys`)."""
    return temporal_keys({"threshold": {"temporal": {"items": [t]}}})[0]


_STOP = {"the", "and", "for", "with", "that", "which", "from", "than", "this", "those", "these", "its", "their",
         "where", "only", "can", "are", "have", "has", "value"}


def _stems(s: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z0-9]{2,}", s.lower()) if w not in _STOP and (len(w) > 2 or w.isupper())}


def metric_similar(system: str, annotated: str) -> bool:
    """The system metric names the measured quantity: it shares two content words with the annotated metric,
    or all of them when one side has a single content word.

    >>> metric_similar("Share of input feedstock", "share of source segregated bio-waste in the input feedstock")
    True
    >>> metric_similar("Only where it can", "reduction of direct CO2 emissions below the reference value")
    False
    """
    a, b = _stems(system), _stems(annotated)
    common = a & b
    return len(common) >= 2 or (bool(common) and len(common) == min(len(a), len(b)))


@dataclass
class Tally:
    acc: dict[str, list[int]] = field(default_factory=dict)        # field -> [correct, total]
    prf: dict[str, list[int]] = field(default_factory=dict)        # field -> [tp, system, annotated]
    metric: list[int] = field(default_factory=lambda: [0, 0])      # metric similar / matched items
    missing_nodes: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, name: str, ok: bool, note: str) -> None:
        c = self.acc.setdefault(name, [0, 0])
        c[0] += int(ok)
        c[1] += 1
        if not ok:
            self.misses.append(f"{name}: {note}")

    def items(self, name: str, system: list, annotated: list, where: str) -> None:
        c = self.prf.setdefault(name, [0, 0, 0])
        rest = list(annotated)
        for s in system:
            if s in rest:
                rest.remove(s)
                c[0] += 1
            else:
                self.misses.append(f"{name}: {where} spurious {s}")
        for a in rest:
            self.misses.append(f"{name}: {where} missing {a}")
        c[1] += len(system)
        c[2] += len(annotated)

    def figures(self) -> dict[str, float]:
        out: dict[str, float] = {k: v[0] / v[1] for k, v in self.acc.items() if v[1]}
        for k, (tp, ns, na) in self.prf.items():
            out[f"{k}_f1"] = prf(tp, ns, na)[2]
        if self.metric[1]:
            out["metric_similar"] = self.metric[0] / self.metric[1]
        out["nodes"] = self.acc.get("category", [0, 0])[1]
        out["missing_nodes"] = self.missing_nodes
        return out


def _quant(node: dict) -> list[tuple]:
    q = ((node.get("threshold") or {}).get("quantitative") or {}).get("items") or []
    return [(i["operator"], _num(i["value"]), _unit(i["unit"]), _period(i.get("period")), i.get("metric") or "")
            for i in q]


def _refs(node: dict) -> list[tuple]:
    return [(_ref_key(s["text"], s.get("celex_id")), s["type"])
            for s in ((node.get("references") or {}).get("sources") or [])]


def _deps(node: dict) -> list[tuple]:
    return [(c["criterion_id"], c["status"]) for c in ((node.get("dependencies") or {}).get("clauses") or [])]


def compare_unit(system_unit: dict, annotated: dict, tally: Tally) -> None:
    """Add one unit's comparison (system JSON unit vs fixture unit) to ``tally``."""
    uid = system_unit["unit_id"]
    nodes: dict[str, dict] = {}

    def walk(n: dict) -> None:
        nodes[n["criterion_id"]] = n
        for c in n["sub_criteria"]:
            walk(c)

    walk(system_unit["root"])
    for cid, a in annotated["nodes"].items():
        s = nodes.get(cid)
        where = f"{uid} {cid}"
        if s is None:
            tally.missing_nodes += 1
            tally.misses.append(f"node: {where} not produced")
            continue
        txt = a.get("text", "")[:70]
        tally.add("logic", (s["evaluation_logic"], s["n_required"]) == (a["evaluation_logic"], a["n_required"]),
                  f"{where} {s['evaluation_logic']} vs {a['evaluation_logic']} :: {txt}")
        tally.add("applicability", s["applicability"] == a["applicability"],
                  f"{where} {s['applicability']} vs {a['applicability']} :: {txt}")
        tally.add("category", s["category"] == a["category"], f"{where} {s['category']} vs {a['category']}")
        tally.add("tags", sorted(s["tags"]) == sorted(a["tags"]), f"{where} {s['tags']} vs {a['tags']} :: {txt}")
        sq = _quant(s)
        aq = [(i[0], _num(i[1]), _unit(i[2]), _period(i[3]), i[4] if len(i) > 4 else "") for i in a["quantitative"]]
        tally.items("quantitative", [q[:4] for q in sq], [q[:4] for q in aq], where)
        for q in aq:  # metric: similar when matched on the key
            m = next((x for x in sq if x[:4] == q[:4]), None)
            if m is not None and q[4]:
                tally.metric[1] += 1
                ok = metric_similar(m[4], q[4])
                tally.metric[0] += int(ok)
                if not ok:
                    tally.misses.append(f"metric: {where} {m[4]!r} vs {q[4]!r}")
        tally.items("temporal", temporal_keys(s), [_temporal_key(t) for t in a["temporal"]], where)
        tally.items("references", _refs(s), [(_ref_key(t, c), ty) for t, ty, c in a["references"]], where)
        tally.items("dependencies", _deps(s), [tuple(d) for d in a["dependencies"]], where)
    c = tally.prf.setdefault("structure", [0, 0, 0])  # node-id sets of the unit (spec §3 ids)
    c[0] += len(set(nodes) & set(annotated["nodes"]))
    c[1] += len(nodes)
    c[2] += len(annotated["nodes"])
    se = [(e["type"], e["from"], e["to"]) for e in system_unit.get("edges", [])
          if e["type"] in EDGE_TYPES_SCORED]
    tally.items("edges", se, [tuple(e) for e in annotated.get("edges", [])], uid)


def fixture_from_activity(act: dict) -> dict:
    """A gold (or any) activity JSON in fixture form, so the gold and the held-out sets are scored by the same code.

    >>> n = {"criterion_id": "ROOT", "evaluation_logic": "LEAF", "n_required": None, "applicability": "Mandatory",
    ...      "category": "Qualitative", "tags": [], "threshold": None, "references": None, "dependencies": None,
    ...      "sub_criteria": [], "verbatim_text": ""}
    >>> fixture_from_activity({"activity_id": "X-1.1", "units": [{"unit_id": "X-1.1/SC", "root": n, "edges": []}]})[
    ...     "units"]["X-1.1/SC"]["nodes"]["ROOT"]["evaluation_logic"]
    'LEAF'
    """
    units = {}
    for u in act.get("units", []):
        nodes: dict[str, dict] = {}

        def walk(n: dict) -> None:
            th = n.get("threshold") or {}
            nodes[n["criterion_id"]] = {
                "evaluation_logic": n["evaluation_logic"], "n_required": n["n_required"],
                "applicability": n["applicability"], "category": n["category"], "tags": list(n["tags"]),
                "quantitative": [[i["operator"], i["value"], i["unit"], i.get("period"), i.get("metric") or ""]
                                 for i in ((th.get("quantitative") or {}).get("items") or [])],
                "temporal": list((th.get("temporal") or {}).get("items") or []),
                "references": [[s["text"], s["type"], s.get("celex_id")]
                               for s in ((n.get("references") or {}).get("sources") or [])],
                "dependencies": [[c["criterion_id"], c["status"]]
                                 for c in ((n.get("dependencies") or {}).get("clauses") or [])],
                "text": (n.get("verbatim_text") or "")[:100]}
            for c in n.get("sub_criteria", []):
                walk(c)

        walk(u["root"])
        units[u["unit_id"]] = {"nodes": nodes, "edges": [[e["type"], e["from"], e["to"]] for e in u.get("edges", [])
                                                         if e["type"] in EDGE_TYPES_SCORED]}
    return {"activity_id": act["activity_id"], "set": "dev", "notes": ["converted from an activity file"],
            "units": units}


def load_fixtures(folder: Path = FIXTURES) -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]


def compile_fixtures(fixtures: list[dict], corpus: Path) -> dict[str, dict]:
    """Compile the fixtures' activities from the corpus; activity id -> activity JSON."""
    from regc.compiler.driver import compile_act
    from regc.frontends import find_in_corpus, load_source
    from regc.compiler.passmanager import CompileOptions

    out: dict[str, dict] = {}
    by_act: dict[tuple[str, str], list[str]] = {}
    for f in fixtures:
        by_act.setdefault((f["celex"], f["version"]), []).append(f["activity_id"])
    for (celex, version), ids in sorted(by_act.items()):
        act = load_source(find_in_corpus(corpus, celex, version))
        res = compile_act(act, CompileOptions(), only=ids)
        for a in res.activities:
            out[a.activity_id] = a.to_json()
    return out


def unit_set(fixture: dict, unit_id: str) -> str:
    """The set a unit is measured in: its own ``set`` (a re-annotated unit, e.g. ``reannotated-§7``) or the file's.

    >>> unit_set({"set": "validation", "units": {"X-1.1/SC": {"set": "reannotated-§7"}, "X-1.1/DNSH-CE": {}}}, "X-1.1/DNSH-CE")
    'validation'
    """
    return fixture["units"][unit_id].get("set") or fixture.get("set", "tuning")


def select_units(fixtures: Iterable[dict], sets: Iterable[str]) -> list[dict]:
    """The fixtures restricted to the units measured in ``sets`` (files without such a unit are dropped)."""
    sets = set(sets)
    out = []
    for f in fixtures:
        units = {uid: u for uid, u in f["units"].items() if unit_set(f, uid) in sets}
        if units:
            out.append(dict(f, units=units))
    return out


def measure(corpus: Path, fixtures: Optional[Iterable[dict]] = None, by_set: bool = False):
    """Per-field figures over all fixtures and the list of misses; with ``by_set`` a dict set name -> figures
    (each unit counts in the set of :func:`unit_set`: ``tuning`` — used while fixing the rules —, a
    ``validation*`` set annotated after, or ``reannotated-§7`` for older units re-annotated to spec §7)."""
    fixtures = list(fixtures or load_fixtures())
    compiled = compile_fixtures(fixtures, corpus)
    tallies: dict[str, Tally] = {}
    for f in fixtures:
        _compare_activity(f, compiled.get(f["activity_id"]),
                          lambda uid, f=f: [tallies.setdefault(n, Tally()) for n in ("all", unit_set(f, uid))])
    figs = {k: t.figures() for k, t in tallies.items()}
    misses = tallies["all"].misses if "all" in tallies else []
    return (figs if by_set else figs.get("all", {})), misses


def _compare_activity(f: dict, act: Optional[dict], tallies_for) -> None:
    units = {u["unit_id"]: u for u in act["units"]} if act is not None else {}
    for uid, ann in f["units"].items():
        for tally in tallies_for(uid):
            if act is None:
                tally.misses.append(f"activity: {f['activity_id']} not compiled ({uid})")
                tally.missing_nodes += len(ann["nodes"])
            elif uid not in units:
                tally.misses.append(f"unit: {uid} not produced")
                tally.missing_nodes += len(ann["nodes"])
            else:
                compare_unit(units[uid], ann, tally)


if __name__ == "__main__":  # python -m harness.heldout [corpus]
    import sys

    from regc.retrieval.locate import corpus_root

    figs, misses = measure(Path(sys.argv[1]) if len(sys.argv) > 1 else corpus_root(), by_set=True)
    for m in misses:
        print("MISS |", m)
    keys = list(figs["all"])
    print(f"{'field':18}" + "".join(f"{k:>12}" for k in figs))
    for k in keys:
        print(f"{k:18}" + "".join(f"{figs[s].get(k, float('nan')):>12.3f}" if isinstance(figs[s].get(k), float)
                                  else f"{figs[s].get(k, '-'):>12}" for s in figs))
