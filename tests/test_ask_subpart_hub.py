"""`regc ask`, round H14zc: a CFR subpart's hub (the section most of its other sections cite) joins when the best
provisions stand in that subpart (:mod:`regc.retrieval.subpart_hub`; written after reading the practitioner sets'
misses, so in-sample)."""

from __future__ import annotations

import pytest

from regc.retrieval.ask import Asker
from regc.retrieval.search import Searcher
from regc.retrieval.subpart_hub import HUB_LEVEL, hubs_of
from retrieval_helpers import ask_index

pytestmark = pytest.mark.retrieval
H = "doc:hipaa_combined#"


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(ask_index())


def _join(searcher, seeds, **attrs):
    a = Asker(searcher)
    a.__dict__.update(attrs)
    scores = {H + s: (sc, "search") for s, sc in seeds}
    a._join_hubs(scores, lambda it: (-it[1][0], it[0]))
    return {n.split("#", 1)[1]: v for n, v in scores.items()}


def test_a_hub_is_cited_by_half_the_other_sections_of_its_subpart():
    members = {"P": ["a", "b", "c", "d", "e"]}
    cites = {"b": ["a", "c"], "c": ["a"], "d": ["a", "a"], "e": ["c"]}  # a: 3 of 4, c: 2 of 4 (d counted once)
    assert hubs_of(members, cites) == {"P": ("a", "c")}
    assert hubs_of(members, cites, share=0.6) == {"P": ("a",)}
    assert hubs_of({"P": ["a", "b"]}, {"b": ["a"]}) == {}  # too small a subpart to have a framework section
    assert hubs_of({"P": ["a", "b", "c"]}, {"b": ["x"], "c": ["x"]}) == {}  # a citation outside the subpart


def test_the_privacy_rules_general_rules_are_the_hub_of_its_subpart(searcher):
    hubs = Asker(searcher)._hubs
    assert hubs[H + "Part 164, Subpart E"][0] == H + "§ 164.502"
    assert hubs[H + "Part 164, Subpart C"][0] == H + "§ 164.308"


def test_the_hub_of_the_best_provisions_subpart_joins_at_the_closure_level(searcher):
    on = _join(searcher, [("§ 164.512", 0.9), ("§ 160.103", 0.8), ("§ 162.920", 0.7)])
    assert on["§ 164.502"] == (pytest.approx(HUB_LEVEL * 0.9), "closure")
    assert "§ 164.308" not in on  # only the best provision's subpart
    security = _join(searcher, [("§ 164.312", 1.0), ("§ 164.512", 0.9)])
    assert security["§ 164.308"] == (pytest.approx(HUB_LEVEL), "closure") and "§ 164.502" not in security
    other = _join(searcher, [("§ 160.103", 1.0), ("§ 164.512", 0.9), ("§ 164.524", 0.8)])
    assert "§ 164.502" not in other  # the best provision stands in part 160, subpart A (no hub)
    off = _join(searcher, [("§ 164.512", 1.0)], hub_level=None)
    assert "§ 164.502" not in off
    ranked = _join(searcher, [("§ 164.512", 1.0), ("§ 164.502", 0.8)])
    assert ranked["§ 164.502"] == (0.8, "search")  # already above the level: unchanged
