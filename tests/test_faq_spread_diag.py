"""Round 40's diagnosis helpers (harness.faq_spread_diag): the loss classes and the memory's own recall."""

import numpy as np

from harness.faq_spread_diag import classify_all, classify_loss, memory_recall


def _facts(**kw):
    base = {"in_pool": True, "gold_vote": 0.0, "displacers": [("x", 0.2)], "neigh_overlap": 0, "hub": False}
    return dict(base, **kw)


def test_classes_first_rule_wins():
    assert classify_loss(_facts(in_pool=False, hub=True)) == "dropped from the fused pool"
    assert classify_loss(_facts(hub=True)) == "displaced by a recurring memory-voted provision"
    assert classify_loss(_facts(gold_vote=0.1, displacers=[("x", 0.3)])) == "gold voted, out-voted by non-gold"
    assert classify_loss(_facts(gold_vote=0.1, displacers=[("x", 0.05)])) == "re-ordered without a memory reason"
    assert classify_loss(_facts(displacers=[("x", 0.0)])) == "re-ordered without a memory reason"


def _rec(displacers):
    lost = {"gold": "g", "in_pool": True, "gold_vote": 0.0, "displacers": displacers}
    return {"lost": [lost, dict(lost)], "neigh_gold_overlap": 0}


def test_hub_counts_questions_not_losses():
    # "h" displaces two gold of one question only: not a hub; once it shows up in a second question it is
    one = [_rec([("h", 0.1, 1)])]
    assert classify_all(one) == {"gold unvoted, non-gold voted in": 2}
    two = [_rec([("h", 0.1, 1)]), _rec([("h", 0.1, 1)])]
    assert classify_all(two) == {"displaced by a recurring memory-voted provision": 4}
    assert two[0]["lost"][0]["class"] == "displaced by a recurring memory-voted provision"


def test_memory_recall_leaves_own_set_out():
    V = np.array([[1.0, 0.0], [0.99, 0.141], [0.0, 1.0]], dtype=np.float32)
    gold = [["a", "b"], ["a", "b"], ["c", "d"]]
    # s and t share a question: s's copy in t is read (other set); t leaves its own rows out
    res = memory_recall(V, gold, ["s", "t", "u"], 1, 2)
    assert res["s"][1] == 1.0 and res["u"][1] == 0.0
    assert res["t"][1] == 1.0
