"""Build the past questions' memory of `regc ask` (issue 14, round 30: :mod:`regc.retrieval.memory`) from the
released questions, and choose how many neighbours vote, leave-one-set-out.

    python -m harness.qa_adapter collect IDX /tmp/h14qa/qa.npz       # the questions' vectors (shared step)
    python -m harness.qa_memory loso /tmp/h14qa/qa.npz OUT.json       # per held set, the neighbours chosen
    python -m harness.qa_memory fit /tmp/h14qa/qa.npz regc/retrieval/  # memory_vectors.npy + memory_gold.json
    python -m harness.qa_memory regen IDX regc/retrieval/             # collect + fit in one command

A memory row is a released question's own vector (its question view, as `regc ask` encodes it; float16) with its
gold provisions.  The number of voting neighbours is chosen from ``NEIGHBOURS`` by ``INNER_FOLDS`` inner folds over
the training sets (criterion: gold provisions in the memory ranking's top 10, the inner held-out questions
answered from the other inner folds' memory); never from the held set, whose questions are never in its memory.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from harness.qa_adapter import inner_folds, load, loso_train, released_sets

NEIGHBOURS = (5, 10, 20, 40)
K = 10


def memory_of(data: dict, sets: list[str], neighbours: int):
    """The memory of the questions of ``sets`` (rows in collection order, vectors rounded to float16)."""
    from regc.retrieval.memory import Memory

    keep = [r["set"] in sets for r in data["rows"]]
    full = Memory(data["Q"][:, 0].astype(np.float16).astype(np.float32),
                  tuple(tuple(r["gold"]) for r in data["rows"]), neighbours)
    return full.without(keep)


def recall(data: dict, picks: list[int], memory) -> list[float]:
    """Per picked question, the share of its gold in the memory ranking's top ``K``."""
    out = []
    for i in picks:
        gold = set(data["rows"][i]["gold"])
        out.append(len(gold & set(memory.ranking(data["Q"][i, 0].astype(np.float32))[:K])) / len(gold))
    return out


def choose_neighbours(data: dict, train_sets: list[str]) -> int:
    """The ``NEIGHBOURS`` value whose memory of two inner folds ranks the third's gold best (ties: the smaller)."""
    best = None
    for m in NEIGHBOURS:
        score = 0.0
        for fold in inner_folds(train_sets):
            mem = memory_of(data, [s for s in train_sets if s not in fold], m)
            score += sum(recall(data, [i for i, r in enumerate(data["rows"]) if r["set"] in fold], mem))
        if best is None or score > best[0] + 1e-9:
            best = (score, m)
    return best[1]


def write(data: dict, folder: Path, neighbours: int) -> None:
    """``memory_vectors.npy`` and ``memory_gold.json`` of every released question into ``folder``."""
    from regc.retrieval.memory import GOLD, VECTORS

    np.save(folder / VECTORS.name, data["Q"][:, 0].astype(np.float16))
    gold = {"neighbours": neighbours, "gold": [r["gold"] for r in data["rows"]]}
    (folder / GOLD.name).write_text(json.dumps(gold, sort_keys=True) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cmd, rest = argv[0], argv[1:]
    sets = released_sets()
    if cmd == "loso":
        data = load(Path(rest[0]))
        out = {held: choose_neighbours(data, loso_train(sets, held)) for held in sets}
        Path(rest[1]).write_text(json.dumps(out, sort_keys=True), encoding="utf-8")
        print(json.dumps(out), file=sys.stderr)
    elif cmd in ("fit", "regen"):
        from harness.qa_adapter import collect

        if cmd == "regen":
            tmp = Path(rest[1]) / "memory.collect.npz"
            collect(Path(rest[0]), tmp, sets)
            data = load(tmp)
            tmp.unlink()
        else:
            data = load(Path(rest[0]))
        m = choose_neighbours(data, sets)
        print(f"neighbours {m}", file=sys.stderr)
        write(data, Path(rest[1]), m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
