"""Round 41's harness (`harness/rerank_agreement.py`): memory-retrieval agreement features for the memory re-ranker,
judged in nested LOSO against the default and variant (2)."""

from __future__ import annotations

import numpy as np
import pytest

import harness.rerank_agreement as ra
from harness.rerank_memory import add_memory
from harness.train_rerank import fit_trees, score_set
from regc.retrieval.memory import Memory
from regc.retrieval.memory_features import MEMORY_FEATURES


def _unit(v):
    v = np.asarray(v, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_each_agreement_figure_reads_what_its_name_says():
    nodes = [f"n{j}" for j in range(30)]
    # the memory votes for n0, n1 (candidates' top 10), n15 (deeper in the pool) and two outside the pool
    ranking = ["n0", "x1", "n15", "n1", "x2"]
    a1, a2, a3, a4 = ra.agreement_features(ranking, [["n0", "x1"], ["n0", "x1"], ["n15"]], nodes)
    assert (a1, a2, a3) == (0.2, 0.6, 0.2)  # 2 of the top 10 voted; 3 of the memory's 5 in the pool; n0, n1 shared
    assert a4 == round((1.0 + 0.0 + 0.0) / 3, 9)  # the two first voters agree, the third agrees with neither
    assert ra.agreement_features([], [], nodes) == [0.0, 0.0, 0.0, 0.0]  # the memory read nothing
    assert ra.agreement_features(ranking, [["a"]], [])[:1] == [0.0]  # no candidates
    assert [name for name, _ in ra.AGREEMENT] == ["agr_cand_voted", "agr_mem_in_pool", "agr_top_overlap",
                                                  "agr_voter_jaccard"]


def test_only_the_first_top_voters_and_provisions_count():
    nodes = ["a", "b", "c"]
    assert ra.agreement_features(["z", "a"], [["a"], ["a"], ["b"]], nodes, top=1) == [1.0, 0.0, 0.0, 0.0]  # "a": voted at all
    assert ra.agreement_features(["a", "z"], [["a"], ["a"], ["b"]], nodes, top=2) == [0.5, 0.5, 0.5, 1.0]


def test_variant_b_adds_the_interaction_per_candidate_and_a_the_question_columns_only():
    m = np.zeros((3, len(MEMORY_FEATURES)))
    m[:, ra.SHARE] = [0.5, 0.25, 0.0]
    agr = [0.4, 0.9, 0.3, 0.1]
    a, b = ra.agreement_columns(m, agr, False), ra.agreement_columns(m, agr, True)
    assert a.shape == (3, 4) and (a == np.array(agr)).all()
    assert (b[:, :4] == a).all() and b[:, 4].tolist() == [0.2, 0.1, 0.0]


def _qs(sets, vectors, gold, nodes):
    V = np.vstack([_unit(v) for v in vectors])
    qs = [{"set": s, "i": k, "gold": g, "nodes": n, "X": np.zeros((len(n), 2))}
          for k, (s, g, n) in enumerate(zip(sets, gold, nodes))]
    return qs, V


def test_the_agreement_of_a_training_question_never_reads_its_own_set_nor_the_outer_held_set():
    # three sets; s2's question's nearest neighbour is s1's (gold "a"), then s3's (gold "b")
    qs, V = _qs(["s1", "s2", "s3"], [[1, 0], [0.95, 0.05], [0.7, 0.3]], [["a"], ["a"], ["b"]], [["a", "b"]] * 3)
    full = add_memory(qs, V, [q["gold"] for q in qs], 2, None, ra._with_variants)
    held = add_memory(qs, V, [q["gold"] for q in qs], 2, "s1", ra._with_variants)
    agr = len(ra.AGREEMENT)
    n = 2 + len(MEMORY_FEATURES)
    assert full[1]["XA"].shape == (2, n + agr) and full[1]["XB"].shape == (2, n + agr + 1)
    assert full[1]["XA"][0, n + 3] == 0.0  # voters s1 ("a") and s3 ("b") disagree
    # without s1, s2's only voter is s3 ("b"): one voter, no pair; and the memory's top reads "b" alone
    assert held[1]["XA"][0, n + 3] == 0.0 and held[1]["XA"][0, n + 1] == 1.0
    assert held[1]["XA"][0, n] == 0.5  # of the candidates "a", "b", only "b" is voted
    # the held question itself (s1) reads s2 and s3; its own copy never votes
    m = Memory(V[[1, 2]], (("a",), ("b",)), 2, skip_copies=True)
    assert held[0]["XA"][0, n:].tolist() == ra.question_agreement(m, V[0], ["a", "b"])


def test_every_column_is_fitted_without_the_held_set_and_dumps_of_other_questions_are_refused():
    rng = np.random.default_rng(0)
    fused, V, gold = [], [], []
    for s in ("s1", "s2", "s3"):
        for i in range(12):  # one gold among 10 candidates; round 28's single feature marks it half the time
            nodes = [f"{s}-{i}-{j}" for j in range(10)]
            g = int(rng.integers(0, 10))
            X = rng.normal(size=(10, 1))
            X[g, 0] += 3.0 * (i % 2)
            fused.append({"set": s, "i": i, "gold": [nodes[g]], "nodes": nodes, "X": X,
                          "y": np.array([float(j == g) for j in range(10)])})
            V.append(_unit(rng.normal(size=4)))
            gold.append([nodes[g]])
    cands = [dict(q) for q in fused]
    res = ra.loso(fused, cands, lambda held: add_memory(fused, np.vstack(V), gold, 3, held, ra._with_variants),
                  (1, 5))
    assert sorted(res) == ["s1", "s2", "s3"] and list(res["s1"]) == list(ra.columns()) + ["ngold"]
    train = [q for q in cands if q["set"] != "s2"]
    assert res["s2"]["default"] == score_set([q for q in cands if q["set"] == "s2"], fit_trees(train, 1, 5))
    with pytest.raises(SystemExit):
        ra.loso(fused, cands[::-1], lambda held: fused, (1, 5))


def _res(spread_v2: float, spread_a: float) -> dict:
    def col(r):
        return [(r, 0.0)] * 2

    tab = {"faq_eval": {"default": col(0.6), "v2": col(spread_v2), "A": col(spread_a), "B": col(0.6),
                        "ngold": [3, 4]},
           "hipaa_hhsfaq": {"default": col(0.5), "v2": col(0.6), "A": col(0.6), "B": col(0.5), "ngold": [1, 1]}}
    return tab


def test_the_bar_names_each_clause_missed_and_the_summary_is_deterministic():
    res = _res(0.5, 0.6)
    assert ra.bar(res, "A") == []
    v2 = ra.bar(res, "v2")
    assert any(m.startswith("faq_eval R@10") for m in v2) and any("3-gold" in m for m in v2)
    assert any(m.startswith("practitioner") for m in ra.bar(res, "B"))
    lines = ra.summary(res)
    assert lines == ra.summary(dict(reversed(list(res.items()))))
    assert lines[-2] == "A: bar met" and lines[1].startswith("| default |")
