"""A complete, correct facts file gets the verdict the compiled rules give (issue-10ai: the runtime read UNKNOWN or
FAIL where ``regc check``'s witnesses pass).  Two runtime causes, each on a minimal unit:

1. a criterion with a quantity and a date (2139 CCM-1.1 ``4.Verification``: at most 2 years, every 10 years):
   the date stated by criterion id, the quantity by metric name.  The id fact used to hide the metric fact
   entirely (the criterion stayed UNKNOWN, listed as missing); now what the id fact leaves unstated comes from
   the metric / tag / phrase facts, and what it states still wins.
2. two items of one dimension whose metrics are a word subset of one another (2486 PPC-2.3 ``2(i)``: control
   and monitoring plan >= 10 years, ... in case of environmental isolation of the landfill >= 30 years): the
   shorter metric's quantity used to answer the longer metric's item too (FAIL); a quantity naming the item's
   metric exactly is taken first.

The generated evaluator (``emit_python``) copies the same kernel: it must give the same results.
"""

from __future__ import annotations

import datetime as dt

import pytest

from regc.ir.models import (Activity, ActSource, CriterionNode, QuantItem, QuantitativeThreshold, TemporalItem,
                            TemporalThreshold, Threshold, Unit)
from regc.runtime.codegen import emit_python
from regc.runtime.evaluator import CompiledActivity

P, F, U = "PASS", "FAIL", "UNKNOWN"
AS_OF = dt.date(2026, 1, 1)
DELAY = "Time from the beginning of the activity until the compliance is verified"
PLAN = "Control and monitoring plan"
PLAN_ISOLATION = "Control and monitoring plan in case of environmental isolation of the landfill"


def _activity(node: CriterionNode) -> Activity:
    root = CriterionNode(criterion_id="ROOT", evaluation_logic="AND", sub_criteria=[node])
    return Activity(activity_id="X-1", name="crafted", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
                    units=[Unit(unit_id="X-1/SC", root=root)])


def _both(act: Activity):
    """(interpreter, generated evaluator) of one activity."""
    ns: dict = {}
    exec(compile(emit_python([act]), "<generated>", "exec"), ns)
    return CompiledActivity(act), ns["EVALUATORS"]["X-1"]


@pytest.fixture(scope="module")
def dated_quantity():
    """1: at most 2 years, and a deadline (a quantity and a date on one criterion)."""
    th = Threshold(quantitative=QuantitativeThreshold(items=[QuantItem(metric=DELAY, operator="<=", value=2,
                                                                       unit="years")]),
                   temporal=TemporalThreshold(items=[TemporalItem(type="deadline", date="2025-12-31")]))
    return _both(_activity(CriterionNode(criterion_id="1", category="Quantitative", threshold=th,
                                         verbatim_text="within 2 years, by 31 December 2025")))


@pytest.fixture(scope="module")
def nested_metrics():
    """1: two items in years, the first metric's words a subset of the second's."""
    items = [QuantItem(metric=PLAN, operator=">=", value=10, unit="years"),
             QuantItem(metric=PLAN_ISOLATION, operator=">=", value=30, unit="years")]
    th = Threshold(quantitative=QuantitativeThreshold(logic="AND", items=items))
    return _both(_activity(CriterionNode(criterion_id="1", category="Quantitative", threshold=th,
                                         verbatim_text="at least 10 years, 30 years in case of isolation")))


def _verdicts(pair, facts) -> str:
    ca, gen = pair
    r = ca.evaluate(facts, as_of=AS_OF)
    assert gen(facts, AS_OF) == r
    assert not r["errors"], r["errors"]
    return r["criteria"]["1"]


@pytest.mark.parametrize("value, date, want", [
    (1, "2025-06-01", P), (3, "2025-06-01", F), (1, "2026-06-01", F), (3, "2026-06-01", F)])
def test_date_by_id_quantity_by_metric(dated_quantity, value, date, want):
    facts = {"1": {"date": date}, DELAY: {"value": value, "unit": "years"}}
    assert _verdicts(dated_quantity, facts) == want
    # the same profile stated on the id alone gives the same verdict
    assert _verdicts(dated_quantity, {"1": {"date": date, "value": value, "unit": "years"}}) == want


def test_what_the_id_fact_states_still_wins(dated_quantity):
    # the id fact's own quantity, not the metric fact's
    assert _verdicts(dated_quantity, {"1": {"date": "2025-06-01", "value": 1, "unit": "years"},
                                      DELAY: {"value": 3, "unit": "years"}}) == P
    # true/false on a quantitative id is refused as before; the metric fact does not cover it
    ca, _ = dated_quantity
    r = ca.evaluate({"1": True, DELAY: {"value": 1, "unit": "years"}}, as_of=AS_OF)
    assert r["criteria"]["1"] == U and "give a quantity" in r["errors"][0]
    # a date alone, no quantity anywhere: still unknown
    r = ca.evaluate({"1": {"date": "2025-06-01"}}, as_of=AS_OF)
    assert r["criteria"]["1"] == U and r["missing"] == ["1"]


@pytest.mark.parametrize("plan, isolation, want", [(10, 30, P), (40, 29, F), (9, 30, F), (30, 10, F)])
def test_each_item_reads_its_own_metric(nested_metrics, plan, isolation, want):
    facts = {PLAN: {"value": plan, "unit": "years"}, PLAN_ISOLATION: {"value": isolation, "unit": "years"}}
    assert _verdicts(nested_metrics, facts) == want
    # the same quantities listed on the criterion id, in either order
    qs = [{"value": plan, "unit": "years", "metric": PLAN},
          {"value": isolation, "unit": "years", "metric": PLAN_ISOLATION}]
    for order in (qs, qs[::-1]):
        assert _verdicts(nested_metrics, {"1": {"quantities": order}}) == want


def test_a_word_subset_metric_still_answers_when_alone(nested_metrics):
    # "control and monitoring plan" alone answers both items (a word subset), as before
    assert _verdicts(nested_metrics, {PLAN: {"value": 30, "unit": "years"}}) == P
    assert _verdicts(nested_metrics, {PLAN: {"value": 20, "unit": "years"}}) == F
