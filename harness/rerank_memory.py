"""The memory's vote as features of the learned re-ranker (issue 14, round 35), judged leave-one-set-out.

    python -m harness.rerank_dump IDX /tmp/h14rm/cands30.jsonl --sets ALL   # candidates + features, once
    python -m harness.rerank_memory loso /tmp/h14rm/cands30.jsonl OUT.json [3x100]  # both columns, LOSO
    python -m harness.rerank_memory summary OUT.json                       # the pools
    python -m harness.rerank_memory dump-fused IDX FUSED.jsonl   # variant: candidates of hand-set + memory fusion
    python -m harness.rerank_memory fit FUSED.jsonl regc/retrieval/rerank_memory_weights.json  # variant (2)'s weights
    python -m harness.rerank_memory regen IDX regc/retrieval/rerank_memory_weights.json        # dump-fused + fit

For each held set the memory is the shipped one (:mod:`regc.retrieval.memory`, every released question) without the
held set's rows and without copies of its questions (``skip_copies``: a past question at cosine >= .9999 to the
asked one does not vote); the asked question's vector is its own memory row (the question view, float16), so no
question ever votes for itself.  In the outer fold of held set A, a training question of set B reads the memory
without A and without B.  ``MEMORY_FEATURES`` are appended to round 28's rows; the candidates stay the dump's top 30
(the memory only re-orders what retrieval found): the hand-set order's (``harness.rerank_dump``) or, the second
variant, the hand-set + memory fusion's (``dump-fused``: ``regc ask --memory``'s fusion, each set asked with the
memory without its own set -- so a training set's candidates were found with the outer held set's questions in
the memory, a 1/55 leak the features do not have).  Both columns -- round 28's features and round 28's + the
memory's -- are fitted in the same folds with the same learner at ``CONFIG`` (the fixed setting: depth 2 x 200
trees, the inner folds' choice for 36 of round 28's 46 held sets and for the shipped weights; no inner folds).
The features are :mod:`regc.retrieval.memory_features`' (the package's own definition, imported, not copied).

``fit`` / ``regen`` write the weights of `regc ask --memory --rerank` (variant (2), H14rmi): the trees at ``CONFIG``
fitted on every question of the dump, each set's memory features read from the memory without its own set; beside
the weights, ``rerank_memory_trained.json`` holds the trained questions' keys (as ``rerank_trained.json`` does for
the default's weights), so that their figures can be called in-sample.

>>> memory_features([("a", 2.0), ("b", 1.0)], {"a": (0.9, 3), "b": (0.5, 2)}, 0.9, ["b", "c"], 20)[0]
[0.333333333, 0.5, 0.5, 1.0, 0.5, 0.1, 0.9, 0.666666667]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import numpy as np

from harness.rerank_eval import pools, print_summary, released_practitioner_sets
from harness.train_rerank import _mean, fit_trees, load, rerank_order, score_set
from regc.retrieval.memory_features import MEMORY_FEATURES, memory_features, question_memory_features

CONFIG = (2, 200)  # trees: depth, count (fixed; see the module docstring)
PRACTITIONER = released_practitioner_sets()
POOLS = pools(PRACTITIONER)


def add_memory(qs: list[dict], vectors: np.ndarray, gold: list[list[str]], neighbours: int,
               out: str | None = None, extra=None) -> list[dict]:
    """Copies of the questions, each with ``Xm``: its rows with the ``MEMORY_FEATURES`` of the memory without its
    own set's rows and without set ``out``'s (the outer held set: no training row's votes read its gold).  The
    dump's questions must be the memory's rows in the same order (checked by their gold).  ``extra(mem, v, q)``:
    more keys of the copy of question ``q`` (vector ``v``, its ``Xm`` set) read from that same memory ``mem``
    (round 41's agreement features)."""
    from regc.retrieval.memory import Memory

    if len(qs) != len(gold) or any(sorted(q["gold"]) != sorted(g) for q, g in zip(qs, gold)):
        raise SystemExit("the dump's questions are not the memory's rows (regenerate one of them)")
    full = Memory(vectors, tuple(tuple(g) for g in gold), neighbours, skip_copies=True)
    sets = [q["set"] for q in qs]
    res = list(qs)
    for own in sorted(set(sets)):
        mem = full.without([s not in (own, out) for s in sets])
        for i in (i for i, s in enumerate(sets) if s == own):
            cols = np.array(question_memory_features(mem, vectors[i], qs[i]["nodes"]), dtype=float)
            res[i] = dict(qs[i], Xm=np.hstack([qs[i]["X"], cols.reshape(len(qs[i]["nodes"]), -1)]))
            if extra is not None:
                res[i].update(extra(mem, vectors[i], res[i]))
    return res


def loso(qs: list[dict], with_memory=None, config: tuple[int, int] = CONFIG) -> dict:
    """Per held set, per question: (R@10, FullCov@10) of the hand-set order, of round 28's features and of round
    28's + the memory's, both fitted on the other sets at ``CONFIG``.  ``with_memory(held)``: the questions with
    ``Xm`` computed without the held set in any memory (None: the questions' own ``Xm``)."""
    out = {}
    for held in sorted({q["set"] for q in qs}):
        qm = with_memory(held) if with_memory else qs
        train, test = [q for q in qs if q["set"] != held], [q for q in qs if q["set"] == held]
        base = fit_trees(train, *config)
        with_mem = fit_trees([dict(q, X=q["Xm"]) for q in qm if q["set"] != held], *config)
        test_m = [dict(q, X=q["Xm"]) for q in qm if q["set"] == held]
        out[held] = {"current": score_set(test, None), "learned": score_set(test, base),
                     "memory": score_set(test_m, with_mem),
                     "moved": [rerank_order(a, with_mem)[:10] != rerank_order(b, base)[:10]
                               for a, b in zip(test_m, test)]}
        print(held, " ".join(f"{_mean(out[held][k], 0):.3f}" for k in ("current", "learned", "memory")),
              file=sys.stderr, flush=True)
    return out


def summary(res: dict) -> list[str]:
    """Pooled R@10 / FullCov@10 per column, then the practitioner sets."""
    lines = []
    for label, pred in POOLS + tuple((s, lambda x, s=s: x == s) for s in PRACTITIONER):
        rows = {k: [r for s in sorted(res) if pred(s) for r in res[s][k]] for k in ("current", "learned", "memory")}
        lines.append(f"{label} (n={len(rows['current'])}): " + "  ".join(
            f"{k} {_mean(v, 0):.3f} / {_mean(v, 1):.3f}" for k, v in rows.items()))
    return lines


def dump_fused(index: Path, out: Path) -> None:
    """The second variant's candidates: every released question's top 30 and features from the hand-set order
    fused with its held set's memory (``regc ask --memory``'s "list" at weight 1; copies skipped), sets in the
    memory's row order (the same lines as ``harness.rerank_dump``'s, from another asker)."""
    from harness.rerank_dump import dump_question
    from regc.retrieval.answer import warm_up
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.rerank import CANDIDATES
    from regc.retrieval.search import Searcher
    from regc.eval.retrieval import load_qa
    from harness.qa_adapter import released_sets
    from harness.rerank_dump import FIXTURES

    full = load_memory().leaving_out_copies()
    asker = Asker(Searcher.open(index))
    warm_up(asker)
    names = released_sets()
    sets = [name for name in names for _ in load_qa(FIXTURES / f"{name}.jsonl")]
    with open(out, "w", encoding="utf-8") as f:
        for name in names:
            asker.memory = full.without([s != name for s in sets])
            for i, it in enumerate(load_qa(FIXTURES / f"{name}.jsonl")):
                rec = {"set": name, "i": i, "gold": it["gold"], **dump_question(asker, it["question"], CANDIDATES)}
                f.write(json.dumps(rec, sort_keys=True) + "\n")
            print(name, file=sys.stderr, flush=True)


def fit_memory_weights(qs: list[dict], V: np.ndarray, gold: list[list[str]], neighbours: int,
                       out: str | None = None, config: tuple[int, int] = CONFIG) -> dict:
    """The trees at ``config`` on round 28's + the memory's features of ``qs`` (each set's memory without its own
    set and without set ``out``: the weights of a fold that holds ``out`` out; None for the shipped weights)."""
    from regc.retrieval.rerank_features import FEATURES

    qm = [dict(q, X=q["Xm"]) for q in add_memory(qs, V, gold, neighbours, out) if q["set"] != out]
    return dict(fit_trees(qm, *config), features=list(FEATURES) + list(MEMORY_FEATURES))


def trained_text(qs: list[dict]) -> str:
    """The trained-question file of the memory weights fitted on ``qs`` (keys of the fixtures' questions)."""
    from harness.rerank_dump import FIXTURES
    from harness.rerank_trained import trained_file
    from regc.eval.retrieval import load_qa

    names = sorted({q["set"] for q in qs})
    text = {n: [it["question"] for it in load_qa(FIXTURES / f"{n}.jsonl")] for n in names}
    return trained_file([text[q["set"]][q["i"]] for q in qs], "memory re-ranker (rerank_memory_weights.json)",
                        "tests/fixtures/ask/*.jsonl (harness.rerank_memory fit)", len(names))


def write_fit(dump: Path, out: Path) -> None:
    """``fit``: the shipped memory weights from ``dump`` to ``out``, the trained questions beside it."""
    from harness.train_rerank import dumps_weights
    from regc.retrieval.memory import GOLD, VECTORS

    g = json.loads(GOLD.read_text(encoding="utf-8"))
    qs, V = load(dump), np.load(VECTORS).astype(np.float32)
    out.write_text(dumps_weights(fit_memory_weights(qs, V, g["gold"], int(g["neighbours"]))), encoding="utf-8")
    out.with_name(out.name.replace("weights", "trained")).write_text(trained_text(qs), encoding="utf-8")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[0] == "dump-fused":
        dump_fused(Path(argv[1]), Path(argv[2]))
        return 0
    if argv[0] == "fit":
        write_fit(Path(argv[1]), Path(argv[2]))
        return 0
    if argv[0] == "regen":
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            dump_fused(Path(argv[1]), Path(tmp) / "fused.jsonl")
            write_fit(Path(tmp) / "fused.jsonl", Path(argv[2]))
        return 0
    if argv[0] == "summary":
        return print_summary(summary, argv[1])
    config = tuple(int(x) for x in argv[3].split("x")) if len(argv) > 3 else CONFIG  # e.g. 3x100
    run_loso(Path(argv[1]), Path(argv[2]), config)
    return 0


def memory_option(args: list[str]) -> tuple[list[str], Optional[Path]]:
    """``args`` without ``--memory DIR`` and that DIR (None when absent): the memory's two files for ``run_loso``.

    >>> memory_option(["a", "--memory", "/m", "b"])
    (['a', 'b'], PosixPath('/m'))
    """
    args = list(args)
    if "--memory" not in args:
        return args, None
    at = args.index("--memory")
    return args[:at] + args[at + 2:], Path(args[at + 1])


def run_loso(dump: Path, out: Path, config: tuple = CONFIG, folds=None, memory_dir: Optional[Path] = None) -> None:
    """Nested leave-one-set-out over ``dump``'s questions with their memory features, written to ``out`` as JSON.

    The memory is the shipped one, or the two files of ``memory_dir`` (a memory of the dump's own rows when the
    shipped one has grown since); ``folds``: the fold loop, ``folds(qs, with_memory, config)`` (default
    :func:`loso`; round 39's weighted fits pass theirs)."""
    from regc.retrieval.memory import GOLD, VECTORS

    gold_p, vec_p = (memory_dir / GOLD.name, memory_dir / VECTORS.name) if memory_dir else (GOLD, VECTORS)
    g = json.loads(gold_p.read_text(encoding="utf-8"))
    qs, V, m = load(dump), np.load(vec_p).astype(np.float32), int(g["neighbours"])
    res = (folds or loso)(qs, lambda held: add_memory(qs, V, g["gold"], m, held), config)
    out.write_text(json.dumps(res, sort_keys=True), encoding="utf-8")


__all__ = ["CONFIG", "memory_option", "MEMORY_FEATURES", "add_memory", "dump_fused", "fit_memory_weights", "loso", "memory_features",
           "run_loso", "summary", "trained_text"]


if __name__ == "__main__":
    sys.exit(main())
