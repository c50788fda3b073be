"""`regc ask`, round H14v: the empowering act's article the best provision of another act cites joins the ranking
without the overlap test (:data:`regc.retrieval.closure.FRAMEWORK_CLOSURE`; written after reading the fresh15 misses,
so in-sample)."""

from __future__ import annotations

import pytest

from regc.retrieval.anchor import extract_anchor
from regc.retrieval.ask import Asker
from regc.retrieval.closure import FRAMEWORK_CLOSURE
from regc.retrieval.citegraph import EXPAND_TYPES, neighbours
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

pytestmark = pytest.mark.retrieval
TR, DDA = "32020R0852", "32021R2178"
SEED = f"{DDA}#Annex I"


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher.open(ask_index())


def _close(searcher, question, *, seeds=None, **attrs):
    a = Asker(searcher)
    a.__dict__.update(attrs)
    scores = dict(seeds or {SEED: (1.0, "search")})
    a._close(extract_anchor(question, searcher), scores, set(scores), lambda it: (-it[1][0], it[0]))
    return scores


def _joined(scores, level):
    return sorted(n for n, (sc, _) in scores.items() if n.startswith(TR) and abs(sc - level) < 1e-9)


def test_the_taxonomy_regulation_is_the_framework_act_of_the_index(searcher):
    assert Asker(searcher)._framework_acts == frozenset({TR})  # it delegates to 2021/2178; 2178 to nothing
    cited = neighbours(searcher.graph, SEED, EXPAND_TYPES)
    assert f"{TR}#Article 8" in cited and f"{TR}#Article 10" in cited


def test_one_framework_article_joins_unsearched_and_without_the_overlap_test(searcher):
    q = "Where does a non-financial undertaking have to disclose its turnover and capex figures?"
    on = _close(searcher, q)
    joined = _joined(on, FRAMEWORK_CLOSURE)
    assert joined == [f"{TR}#Article 8"], joined  # no objective named: the objective articles 10-15 stay out
    assert on[joined[0]][1] == "closure"
    assert _joined(_close(searcher, q, framework_closure=None), FRAMEWORK_CLOSURE) == []


def test_an_objective_article_joins_only_for_the_objective_the_question_names(searcher):
    q = "Which key performance indicators must we report for activities contributing to water and marine resources?"
    assert _joined(_close(searcher, q), FRAMEWORK_CLOSURE) == [f"{TR}#Article 12"]  # water: not Article 10 or 11
    q2 = "Which key performance indicators must we report for activities contributing to climate change mitigation?"
    assert _joined(_close(searcher, q2), FRAMEWORK_CLOSURE) == [f"{TR}#Article 10"]


def test_only_the_best_provision_of_another_act_brings_its_framework_article(searcher):
    q = "Where does a non-financial undertaking have to disclose its turnover and capex figures?"
    second = {f"{DDA}#Article 1": (1.0, "search"), SEED: (0.9, "search")}  # the annex is not the best
    assert _joined(_close(searcher, q, seeds=second), FRAMEWORK_CLOSURE * 0.9) == []
    own = {f"{TR}#Article 19": (1.0, "search")}  # a provision of the framework act itself
    assert _joined(_close(searcher, q, seeds=own), FRAMEWORK_CLOSURE) == []


def test_enabling_named_out_of_heading_order_bridges_to_the_enabling_article(searcher):
    """"does it count as enabling" names the heading "Enabling activities" with its key word out of order: the heading
    bridge lifts 2020/852 Article 16; "enabling climate adaptation" (Article 11's own criterion) does not."""
    from regc.retrieval.headings import named_by_heading
    from regc.retrieval.lexicon import heading_bridge

    heads = {f"{TR}#Article 16": "Enabling activities", f"{TR}#Article 11": "Substantial contribution to climate "
             "change adaptation"}
    own = "We install solar hot water panels. Which activity is that, does it count as enabling?"
    assert named_by_heading(own, heads) == []  # "activity ... enabling": out of the heading's order
    for q in (own, "Are they the kind that enables other activities?", "Is it enabling under the taxonomy?"):
        assert [n for b in heading_bridge(q) for n in named_by_heading(b, heads)] == [f"{TR}#Article 16"], q
    for q in ("Can our consulting revenue count as enabling climate adaptation?",
              "Can this broadcasting count as an activity that enables others to adapt to climate change?",
              "Does our product count as eligible?"):
        assert heading_bridge(q) == (), q
    hits = Asker(searcher).retrieve("We install solar hot water panels on roofs. Does it count as enabling?", 20)[1]
    assert f"{TR}#Article 16" in [h.node for h in hits[:10]]
