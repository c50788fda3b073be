"""The memory re-ranker per citation network (issue 14, round 38): the harness's nested choice
(`harness/rerank_network.py`) and the package's naming of a question's network that it reads."""

from __future__ import annotations


import pytest

import harness.rerank_network as rn
from regc.retrieval.ask import Asker
from regc.retrieval.search import Searcher
from retrieval_helpers import ask_index

HIPAA_Q = "Do we need to train our staff on security and keep the documentation?"
TAXONOMY_Q = "disclosure of turnover capital expenditure key performance indicators"


def _set(v2, default, ngold, net):
    return {"v2": v2, "default": default, "ngold": ngold, "net": net}


def _toy() -> dict:
    """Network H: (2) better on every set but ``h_odd``; network E: (2) worse on its >= 3-gold question only."""
    return {"h1": _set([(1.0, 1.0)], [(0.5, 0.0)], [1], [["H"]]),
            "h2": _set([(1.0, 1.0)], [(0.0, 0.0)], [1], [["H"]]),
            "h_odd": _set([(0.0, 0.0)] * 2, [(1.0, 1.0)] * 2, [1, 1], [["H"], ["H"]]),
            "e1": _set([(1.0, 1.0), (0.0, 0.0)], [(0.5, 0.0), (0.34, 0.0)], [1, 3], [["E"], ["E"]]),
            "e2": _set([(1.0, 1.0)], [(0.0, 0.0)], [1], [["E"]]),
            "mix": _set([(1.0, 1.0), (1.0, 1.0)], [(0.0, 0.0), (0.0, 0.0)], [1, 1], [["E", "H"], []])}


def test_the_choice_reads_the_other_sets_of_the_network_only():
    tab = _toy()
    assert rn.choose(tab, None) == {"E": "default", "H": "default"}  # with h_odd, H's (2) reads .5 < .625
    assert rn.choose(tab, "h_odd") == {"E": "default", "H": "memory-rerank"}
    # E loses its >= 3-gold question (0 < .34) though its pooled R@10 and FullCov@10 are higher: the default
    assert rn.network_figures(tab, "E", "h1")["v2"][:2] > rn.network_figures(tab, "E", "h1")["default"][:2]
    assert rn.choose(tab, "e1")["E"] == "memory-rerank"  # without e1, E has no >= 3-gold question left to lose
    # a network without a question in the other sets keeps the default (E, with e1 held); H's one set favours (2)
    two = {k: v for k, v in tab.items() if k in ("h1", "e1")}
    assert rn.choose(two, "e1") == {"E": "default", "H": "memory-rerank"}


def test_nested_answers_each_question_by_its_network_and_never_by_the_held_sets_figures():
    per, choices = rn.nested(_toy())
    assert choices["h_odd"]["H"] == "memory-rerank" and per["h_odd"] == [(0.0, 0.0)] * 2  # the others' choice
    assert choices["h1"]["H"] == "default" and per["h1"] == [(0.5, 0.0)]
    # a question naming two networks or none is answered by the default unless every network it names chose (2)
    assert per["mix"] == [(0.0, 0.0), (0.0, 0.0)]
    assert rn.route(["E", "H"], {"E": "memory-rerank", "H": "memory-rerank"}) == "memory-rerank"
    assert rn.route([], {"E": "memory-rerank"}) == "default"


def test_the_summary_is_deterministic_and_reports_every_pool():
    tab = _toy()
    lines = rn.summary(tab)
    assert lines == rn.summary(dict(reversed(list(tab.items()))))
    assert lines[0].count("|") == len(rn.POOLS) + 2 and [x.split(" |")[0] for x in lines[1:4]] == [
        "| default", "| (2)", "| per-network"]
    assert lines[4] == "folds choosing (2): E 1/6, H 1/6"
    named = {"faq_a": _set([(1.0, 1.0)] * 2, [(1.0, 1.0)] * 2, [1, 1], [["E"], ["E"]]),
             "hipaa_b": _set([(1.0, 1.0)] * 3, [(1.0, 1.0)] * 3, [1, 1, 1], [["H"], ["E"], []])}
    assert rn.disagreements(named) == {"faq:E": 2, "hipaa:E": 1, "hipaa:H": 1, "hipaa:none": 1}


def test_the_files_must_hold_the_same_sets_and_questions():
    v2 = {"a": {"memory": [[1.0, 1.0]]}}
    default = {"a": {"learned": [[0.0, 0.0]], "ngold": [1]}}
    assert rn.table(v2, default, {"a": [["N"]]})["a"]["net"] == [["N"]]
    with pytest.raises(SystemExit):
        rn.table(v2, default, {"b": [["N"]]})
    with pytest.raises(SystemExit):
        rn.table(v2, default, {"a": [["N"], ["N"]]})


@pytest.mark.retrieval
def test_a_question_network_is_the_package_domain_named_by_its_smallest_act():
    asker = Asker(Searcher.open(ask_index()))
    names = rn.network_names(asker)
    assert sorted(names.values()) == sorted({min(a for a, d in asker._domain.items() if d == n) for n in names})
    got = {}
    for q in (HIPAA_Q, TAXONOMY_Q):
        trace: dict = {}
        asker.retrieve(q, 30, trace=trace)
        got[q] = sorted(names[d] for d in trace["domains"])
    assert got[HIPAA_Q] == ["doc:hipaa_combined"] and len(got[TAXONOMY_Q]) == 1 and got[TAXONOMY_Q] != got[HIPAA_Q]
    assert got[TAXONOMY_Q][0].startswith("3")  # an EU act's CELEX
