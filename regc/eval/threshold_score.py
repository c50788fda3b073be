"""Score the threshold extractor against gold activities (spec §5 "Threshold F1").

For every gold node, :func:`regc.grammar.thresholds.decide` runs on its ``verbatim_text`` (with the parent's
text as chapeau context and the texts of the node's own footnotes, which may fix a test period); quantitative items are matched on (operator, value, normalised unit, period),
temporal items on (type, dates).  Items the gold node carries because of an ``INHERITS_THRESHOLD`` edge are
copied by the dependency stage, not extracted from the node's own text; they are scored separately
(``inherited``) and left out of the stage-2 figures unless ``include_inherited``.

>>> key = quant_key({"operator": "<", "value": 270, "unit": "g CO2e/kWh", "period": None})
>>> key[:2], key == quant_key({"operator": "<", "value": 270, "unit": "kg CO2e / MWh", "period": None})
(('<', 270.0), True)
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from regc.eval.score import quant_keys, temporal_keys
from regc.grammar.thresholds import decide
from regc.eval.refscore import prf


def quant_key(i: dict) -> tuple:
    """One quantitative item's key as the project scorer matches it (:func:`regc.eval.score.quant_keys`)."""
    return quant_keys({"threshold": {"quantitative": {"items": [i]}}})[0]


def temporal_key(i: dict) -> tuple:
    """One temporal item's key as the project scorer matches it (:func:`regc.eval.score.temporal_keys`)."""
    return temporal_keys({"threshold": {"temporal": {"items": [i]}}})[0]


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    misses: list[tuple] = field(default_factory=list)
    extras: list[tuple] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return prf(self.tp, self.tp + self.fp, self.tp + self.fn)[0]

    @property
    def recall(self) -> float:
        return prf(self.tp, self.tp + self.fp, self.tp + self.fn)[1]

    @property
    def f1(self) -> float:
        return prf(self.tp, self.tp + self.fp, self.tp + self.fn)[2]

    def add(self, gold: list, sys: list, where: str) -> None:
        g, s = Counter(gold), Counter(sys)
        tp = sum((g & s).values())
        self.tp += tp
        self.fp += sum((s - g).values())
        self.fn += sum((g - s).values())
        self.misses += [(where, k) for k in (g - s).elements()]
        self.extras += [(where, k) for k in (s - g).elements()]

    def row(self) -> str:
        return f"P={self.precision:.3f} R={self.recall:.3f} F1={self.f1:.3f} (tp={self.tp} fp={self.fp} fn={self.fn})"


def _walk(n: dict, parent: Optional[dict] = None):
    yield n, parent
    for c in n.get("sub_criteria") or []:
        yield from _walk(c, n)


def score_gold(files: Iterable[Path], parts: Optional[set[str]] = None, include_inherited: bool = False) -> dict:
    """Scores keyed ``quantitative``, ``temporal``, ``all`` (each a :class:`Score`)."""
    out = {"quantitative": Score(), "temporal": Score(), "all": Score()}
    for f in files:
        d = json.loads(Path(f).read_text(encoding="utf-8"))
        for u in d["units"]:
            part = u["unit_id"].split("/", 1)[1]
            if parts is not None and not any(part == p or part.startswith(p) for p in parts):
                continue
            inherits = {e["from"] for e in u.get("edges", []) if e["type"] == "INHERITS_THRESHOLD"}
            for n, parent in _walk(u["root"]):
                if n["criterion_id"] in inherits and not include_inherited:
                    continue
                where = f"{u['unit_id']}#{n['criterion_id']}"
                t = n.get("threshold") or {}
                gq = [quant_key(i) for i in ((t.get("quantitative") or {}).get("items") or [])]
                gt = [temporal_key(i) for i in ((t.get("temporal") or {}).get("items") or [])]
                fns = tuple(x for f in n.get("footnotes") or []
                            for x in [*(i.get("title") or "" for i in f.get("items") or []),
                                      *(str(t) for t in f.get("notes") or [])] if x)
                dec = decide(n["verbatim_text"], parent["verbatim_text"] if parent else None, footnotes=fns)
                sq, stt = [], []
                if dec.threshold is not None:
                    if dec.threshold.quantitative:
                        sq = [quant_key(i.model_dump(mode="json")) for i in dec.threshold.quantitative.items]
                    if dec.threshold.temporal:
                        stt = [temporal_key(i.to_json()) for i in dec.threshold.temporal.items]
                out["quantitative"].add(gq, sq, where)
                out["temporal"].add(gt, stt, where)
                out["all"].add([("q",) + k for k in gq] + [("t",) + k for k in gt],
                               [("q",) + k for k in sq] + [("t",) + k for k in stt], where)
    return out


if __name__ == "__main__":  # python -m regc.eval.threshold_score [gold_dir]
    import sys

    from regc.retrieval.locate import gold_root

    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    gd = Path(args[0]) if args else gold_root()
    files = sorted(Path(gd).glob("*.json"))
    for label, parts in (("SC", {"SC"}), ("DNSH", {"DNSH"}), ("all units", None)):
        res = score_gold(files, parts)
        print(f"{label:10s} quant {res['quantitative'].row()}  temporal {res['temporal'].row()}  "
              f"all {res['all'].row()}")
        if "-v" in sys.argv:
            for w, k in res["all"].misses:
                print("   MISS ", w, k)
            for w, k in res["all"].extras:
                print("   EXTRA", w, k)
    res = score_gold(files, None, include_inherited=True)
    print(f"{'incl. inherited':10s} all {res['all'].row()}")
