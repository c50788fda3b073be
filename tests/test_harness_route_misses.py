"""Round 49's harness (harness/route_misses.py): a held-out miss is classed, placed and explained."""

import numpy as np

from harness import route_misses as R


def _stump(feature: int) -> dict:
    """One tree scoring 1 when ``feature`` > .5, else 0."""
    return {"kind": "gbm", "base": 0.0, "trees": [{"feature": [feature, 0, 0], "threshold": [0.5, 0.0, 0.0],
                                                  "left": [1, 0, 0], "right": [2, 0, 0], "leaf": [0, 1, 1],
                                                  "value": [0.0, 0.0, 1.0]}]}


def test_misses_are_classed_with_their_place_and_the_feature_that_holds_them_back():
    names = R.feature_names()
    f, share = names.index("score"), names.index("mem_share")
    X = np.zeros((12, len(names)))
    X[[0, 1, 2, 3, 4, 5, 6, 7, 8, 10], f] = 1.0  # the top 10 pass the stump, candidates 9 and 11 do not
    X[11, share] = 0.05
    q = {"set": "hipaa_webfaq", "i": 3, "nodes": [f"doc:h#§ 164.{500 + j}" for j in range(12)],
         "origins": ["search"] * 12, "X": X,
         "gold": ["doc:h#§ 164.500", "doc:h#§ 164.511", "doc:h#§ 160.103"]}
    order = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 9, 11]  # the re-ranked order: candidate 11 at rank 12
    rows = R.miss_rows(q, order, _stump(f), np.ones(len(names)), names)
    assert [(r["gold"], r["cls"], r["which"]) for r in rows] == [
        ("doc:h#§ 164.511", "b", "later"), ("doc:h#§ 160.103", "a", "later")]
    b = rows[0]
    assert (b["rank"], b["fused"], b["mem_share"], b["group"]) == (12, 12, 0.05, "other")
    assert (b["differs"], b["holds"], b["gain"]) == ("score", "score", 1.0)  # vs the 10th hit (candidate 10)
    assert rows[1]["group"] == "definitions" and R.group_of("doc:h#§ 164.504(e)") == "structure"
