"""The citation round's harness (H14ck): its pure pieces, without an index."""

from harness.cite_eval import feasible, pooled, rescored
from harness.cite_learn import policy
from regc.retrieval.ask import Retrieved


def test_rescored_weights_scores_by_rank_and_keeps_the_order_and_ids():
    hits = [Retrieved("a#1", 1.0), Retrieved("a#2", 0.9, "closure"), Retrieved("a#3", 0.9)]
    out = rescored(hits, 0.5, 0.0)
    assert [h.node for h in out] == ["a#1", "a#2", "a#3"] and out[1].origin == "closure"
    assert [round(h.score, 6) for h in out] == [1.0, 0.45, 0.225]
    assert [round(h.score, 6) for h in rescored(hits, 1.0, 1.0)] == [1.0, 0.45, 0.3]


def test_the_policy_cites_the_best_supported_first_and_the_rest_by_floor_or_probability():
    cands = [(Retrieved("a#1", 1.0), 0.5, ["c1"], []), (Retrieved("a#2", 0.9), 1.0, ["c2"], []),
             (Retrieved("a#3", 0.8), 0.2, ["c3"], []), (Retrieved("a#4", 0.7), 0.1, ["c4"], [])]
    probs = [0.05, 0.1, 0.2, 0.6]
    nodes = lambda chosen: [h.node for h, _, _ in chosen]
    assert nodes(policy(cands, probs, 0.45, 0.0, 9)) == ["a#1", "a#2"]  # the floor alone (key a#2 at support 1.0)
    assert nodes(policy(cands, probs, 0.45, 0.1, 9)) == ["a#2"]  # a#1 reaches the floor, not lo
    assert nodes(policy(cands, probs, 0.45, 0.1, 0.5)) == ["a#2", "a#4"]  # a#4 by its probability alone
    assert policy([], [], 0.45, 0.0, 9) == []


def test_a_variant_is_feasible_only_within_the_slack_in_every_pool():
    rows = [{"set": s, "cit_key": 1.0, "cit_precision": 0.5, "cit_recall": 0.5} for s in ("faq_x", "hipaa_webfaq")]
    worse = [dict(r, cit_precision=0.49) if r["set"] == "faq_x" else r for r in rows]
    assert feasible(pooled(rows), pooled(worse), 0.02) and not feasible(pooled(rows), pooled(worse), 0.005)


def test_an_order_swaps_the_hits_and_anchor_every_policy_reads(tmp_path):
    import pickle

    from harness.cite_eval import load, ordered

    recs = [{"set": s, "hits": [Retrieved("a#1", 1.0)], "anchor": "learned", "route": [Retrieved("b#1", 1.0)],
             "route_anchor": "routed"} for s in ("faq_x", "hipaa_y")]
    got = ordered(recs, "route")
    assert [h.node for h in got[0]["hits"]] == ["b#1"] and got[0]["anchor"] == "routed"
    assert recs[0]["hits"][0].node == "a#1"  # the dump's records are not changed
    assert ordered(recs, "learned")[1]["anchor"] == "learned"
    path = tmp_path / "d.pkl"
    path.write_bytes(pickle.dumps(recs))
    assert [r["set"] for r in load(str(path), "route", "hipaa_y")] == ["hipaa_y"]


def test_the_key_rank_classes():
    from harness.cite_eval import key_rank

    hits = [Retrieved(f"a#{i}", 1.0) for i in range(10)]
    assert [key_rank({"gold": [g], "hits": hits}) for g in ("a#0", "a#5", "a#6", "b#1")] == ["0", "1-5", "6-9",
                                                                                            "out"]


def test_the_vote_shares_leave_the_sets_out_as_memory_without_does():
    import numpy as np

    from harness.cite_memory import shares
    from regc.retrieval.memory import Memory
    from regc.retrieval.memory_features import question_memory_features

    rng = np.random.default_rng(0)
    V = rng.normal(size=(12, 4)).astype(np.float32)
    V /= np.linalg.norm(V, axis=1, keepdims=True)
    gold = tuple((f"a#{i % 4}",) + ((f"a#{i % 3}",) if i % 2 else ()) for i in range(12))
    sets = np.array(["s1", "s2", "s3"] * 4)
    m = Memory(V, gold, 3)
    q, nodes = V[0].astype(np.float64), ["a#0", "a#1", "a#2", "a#3"]
    sims = np.asarray(V, dtype=np.float64) @ q
    for out in (("s1",), ("s1", "s2"), ("s3",)):
        ref = question_memory_features(m.without([s not in out for s in sets]).leaving_out_copies(), q, nodes)
        assert [shares(m, sims, sets, out, nodes)[n] for n in nodes] == [r[0] for r in ref]
    assert shares(m, sims, sets, ("s2",), nodes) != shares(m, sims, sets, ("s3",), nodes)  # the sets left out count


def test_the_dense_gate_lets_a_candidate_below_the_support_floor_through():
    from harness.cite_dense import choose, gated

    found = [(Retrieved("a#1", 1.0), 0.5, ["c1"]), (Retrieved("a#2", 0.9), 1.0, ["c2"]),
             (Retrieved("a#3", 0.8), 0.2, ["c3"])]
    nodes = lambda chosen: [h.node for h, _, _ in chosen]
    assert nodes(choose(found, 0.45)) == ["a#2", "a#1"]  # the key first, then a#1 by the floor; a#3 under it
    gate = gated({"a#1": 0.5, "a#2": 0.55, "a#3": 0.6}, 0.95)
    assert gate == {"a#3"} and nodes(choose(found, 0.45, gate)) == ["a#2", "a#1", "a#3"]
    assert choose([], 0.45) == [] and gated({}, 0.9) == frozenset()


def test_the_node_cosine_is_the_best_of_the_provisions_chunks():
    import numpy as np

    from harness.cite_dense import Dense

    d = object.__new__(Dense)
    d.chunks = np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0]])
    d.rows = {"a#1": [0, 1], "a#2": [2], "a#3": []}
    d.q = np.array([[0.0, 1.0]])
    assert [d.node_cos(0, n) for n in ("a#1", "a#2", "a#3", "b#9")] == [0.8, 1.0, 0.0, 0.0]


def test_the_key_vote_is_each_neighbours_similarity_given_to_its_first_gold_provision_only():
    import numpy as np

    from harness.cite_memory import key_memory, shares
    from regc.retrieval.memory import Memory

    rng = np.random.default_rng(1)
    V = rng.random(size=(10, 4)).astype(np.float32)  # positive: every similarity is a positive vote
    V /= np.linalg.norm(V, axis=1, keepdims=True)
    gold = tuple((f"a#{i % 3}", f"a#{(i + 1) % 3}") for i in range(10))  # every provision is some row's second
    sets = np.array(["s1", "s2"] * 5)
    m = Memory(V, gold, 4)
    q = np.array([0.5, 0.5, 0.5, 0.5])  # no row's copy
    sims, nodes = np.asarray(V, dtype=np.float64) @ q, ["a#0", "a#1", "a#2"]
    keep = [j for j in np.argsort(-sims, kind="stable") if sets[j] != "s2"][:4]
    want = {n: sum(sims[j] for j in keep if gold[j][0] == n) / sum(sims[j] for j in keep) for n in nodes}
    got = shares(key_memory(m), sims, sets, ("s2",), nodes)
    assert [round(got[n], 9) for n in nodes] == [round(want[n], 9) for n in nodes]
    assert got != shares(m, sims, sets, ("s2",), nodes)  # the vote over every gold provision differs
