"""Measure stages 3/5/7 (classify, dependencies, assembly) against gold units with the gold structure given.

Each gold unit is copied, the fields those passes own are reset to defaults (anchored nodes keep their type tag,
as the structure pass sets it; GROUP_MEMBER edges stay, they are the structure pass's; inherited threshold items
are removed, they are the dependencies pass's), the passes are run and the result is compared with the gold:
category / applicability / logic / tags accuracy over nodes, and edge P/R/F1 on (type, from, to) for
INHERITS_THRESHOLD, DEPENDS_ON, CORRECTS and GROUP_MEMBER.

>>> # report = measure(Path("../shared/gold/dev")); report["SC"]["logic"]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from regc.compiler.passmanager import CompileOptions, PassContext, SemanticMemory
from regc.eval.score import EDGE_TYPES_SCORED
from regc.ir.doc import ActDoc, ActivityDoc, UnitDoc
from regc.ir.models import Activity, CriterionNode, Unit, load_activity
from regc.eval.refscore import prf

SCORED_EDGES = EDGE_TYPES_SCORED
OWNED_EDGES = ("INHERITS_THRESHOLD", "DEPENDS_ON", "CORRECTS")


def make_context(activity: Activity, unit: Unit, memory: Optional[SemanticMemory] = None) -> PassContext:
    """A pass context for running passes on an already-built unit (no source document needed)."""
    obj, _, section = activity.activity_id.partition("-")
    adoc = ActivityDoc(activity_id=activity.activity_id, objective=obj, section=section, name=activity.name,
                       units=[UnitDoc(part=u.part) for u in activity.units])
    act = ActDoc(celex=activity.source.celex, version=activity.source.version, format=activity.source.format,
                 file=f"<gold {activity.activity_id}>", activities=[adoc])
    memory = memory or SemanticMemory(activity={"activity_id": activity.activity_id, "name": activity.name,
                                                "objective": obj, "section": section,
                                                "celex": activity.source.celex})
    udoc = next(u for u in adoc.units if u.part == unit.part)
    return PassContext(act=act, activity=adoc, unit_doc=udoc, memory=memory, options=CompileOptions())


def reset_owned_fields(unit: Unit) -> Unit:
    """A copy of ``unit`` with the fields of classify/dependencies/assembly set back to their defaults."""
    from regc.ir.models import ANCHORED_ID

    u = unit.model_copy(deep=True)
    inheritors = {e.from_ for e in u.edges if e.type == "INHERITS_THRESHOLD"}
    for n in u.root.walk():
        m = ANCHORED_ID.search(n.criterion_id)
        n.tags = [m.group(1)] if m else []
        n.category = "Qualitative"
        n.applicability = "Mandatory"
        n.evaluation_logic = "LEAF"
        n.n_required = None
        n.rule_summary = ""
        n.dependencies = None
        if n.criterion_id in inheritors:
            n.threshold = None
        n.provenance.fields.clear()
    u.edges = [e for e in u.edges if e.type not in OWNED_EDGES]
    return u


def run_stages(activity: Activity, unit: Unit, memory: Optional[SemanticMemory] = None,
               stages: Iterable = None) -> Unit:
    from regc.passes import assembly, classify, dependencies

    ctx = make_context(activity, unit, memory)
    for n in unit.root.walk():  # what the thresholds pass would have registered
        if n.threshold is not None:
            ctx.memory.thresholds[f"{unit.unit_id}#{n.criterion_id}"] = n.threshold
    out = unit
    for p in (stages or (classify, dependencies, assembly)):
        out = p.run(out.model_copy(deep=True), ctx)
    return out


@dataclass
class Tally:
    counts: dict[str, list[int]] = field(default_factory=dict)  # field -> [correct, total]
    edges: list[int] = field(default_factory=lambda: [0, 0, 0])  # tp, system, gold
    misses: list[str] = field(default_factory=list)

    def add(self, name: str, ok: bool, note: str = "") -> None:
        c = self.counts.setdefault(name, [0, 0])
        c[0] += int(ok)
        c[1] += 1
        if not ok and note:
            self.misses.append(f"{name}: {note}")

    def figures(self) -> dict[str, float]:
        out = {k: (v[0] / v[1] if v[1] else 1.0) for k, v in self.counts.items()}
        out["edge_precision"], out["edge_recall"], out["edge_f1"] = prf(*self.edges)
        out["nodes"] = self.counts.get("category", [0, 0])[1]
        return out


def compare(system: Unit, gold: Unit, tally: Tally) -> None:
    sys_nodes = {n.criterion_id: n for n in system.root.walk()}
    for g in gold.root.walk():
        s: Optional[CriterionNode] = sys_nodes.get(g.criterion_id)
        if s is None:
            continue
        where = f"{gold.unit_id} {g.criterion_id}"
        tally.add("category", s.category == g.category, f"{where} {s.category} vs gold {g.category}")
        tally.add("applicability", s.applicability == g.applicability,
                  f"{where} {s.applicability} vs gold {g.applicability} :: {g.verbatim_text[:90]}")
        tally.add("logic", (s.evaluation_logic, s.n_required) == (g.evaluation_logic, g.n_required),
                  f"{where} {s.evaluation_logic} vs gold {g.evaluation_logic} :: {g.verbatim_text[:90]}")
        tally.add("tags", sorted(s.tags) == sorted(g.tags), f"{where} {s.tags} vs gold {g.tags} :: "
                                                            f"{g.verbatim_text[:90]}")
        tally.add("threshold", s.to_json()["threshold"] == g.to_json()["threshold"],
                  f"{where} {s.to_json()['threshold']} vs gold {g.to_json()['threshold']}")
        gd = [(c.criterion_id, c.status) for c in g.dependencies.clauses] if g.dependencies else []
        sd = [(c.criterion_id, c.status) for c in s.dependencies.clauses] if s.dependencies else []
        tally.add("dependencies", sd == gd, f"{where} {sd} vs gold {gd}")
    ge = {(e.type, e.from_, e.to) for e in gold.edges if e.type in SCORED_EDGES}
    se = {(e.type, e.from_, e.to) for e in system.edges if e.type in SCORED_EDGES}
    tally.edges[0] += len(ge & se)
    tally.edges[1] += len(se)
    tally.edges[2] += len(ge)
    for e in sorted(se - ge):
        tally.misses.append(f"edge: {gold.unit_id} spurious {e}")
    for e in sorted(ge - se):
        tally.misses.append(f"edge: {gold.unit_id} missing {e}")


def measure(gold_dir: Path, files: Optional[Iterable[Path]] = None) -> dict[str, dict]:
    """Figures per part kind ("SC", "DNSH") plus the list of misses under "misses"."""
    tallies = {"SC": Tally(), "DNSH": Tally()}
    for f in (files or sorted(Path(gold_dir).glob("*.json"))):
        act = load_activity(f)
        memory = None
        for gu in act.units:
            start = reset_owned_fields(gu)
            memory = memory or make_context(act, start).memory
            out = run_stages(act, start, memory)
            compare(out, gu, tallies["SC" if gu.part == "SC" else "DNSH"])
    report: dict[str, dict] = {k: t.figures() for k, t in tallies.items()}
    report["misses"] = {k: t.misses for k, t in tallies.items()}
    return report


if __name__ == "__main__":  # python -m harness.goldcheck [gold_dir]
    import json
    import sys

    from regc.retrieval.locate import gold_root

    rep = measure(Path(sys.argv[1]) if len(sys.argv) > 1 else gold_root())
    misses = rep.pop("misses")
    print(json.dumps(rep, indent=1))
    for part, ms in misses.items():
        for m in ms:
            print(part, "|", m)
