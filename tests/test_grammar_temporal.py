"""Temporal items: dates (spec §6 "Dates"), deadlines vs validity bounds, windows, recurrences."""

from __future__ import annotations

import pytest

from regc.grammar.thresholds import decide, parse_temporal


def _t(text, parent=None):
    d = decide(text, parent)
    return [i.to_json() for i in d.threshold.temporal.items] if d.threshold and d.threshold.temporal else []


@pytest.mark.parametrize("span,expected", [
    ("by 31 December 2030", {"type": "deadline", "date": "2030-12-31"}),
    ("no later than 30 June 2026", {"type": "deadline", "date": "2026-06-30"}),
    ("until 31 December 2025", {"type": "effective_until", "date": "2025-12-31"}),
    ("from 1 January 2026", {"type": "effective_from", "date": "2026-01-01"}),
    ("as of 1 January 2026", {"type": "effective_from", "date": "2026-01-01"}),
    ("after 30 June 2024", {"type": "effective_from", "date": "2024-07-01"}),
    ("not after 30 June 2024", {"type": "deadline", "date": "2024-06-30"}),
    ("before 1 January 2030", {"type": "deadline", "date": "2029-12-31"}),
    ("until 2028", {"type": "effective_until", "date": "2028-12-31"}),
    ("by 2028", {"type": "deadline", "date": "2028-12-31"}),
    ("from 2027", {"type": "effective_from", "date": "2027-01-01"}),
    ("after 2026", {"type": "effective_from", "date": "2027-01-01"}),
    ("before 2030", {"type": "deadline", "date": "2029-12-31"}),
    ("by June 2025", {"type": "deadline", "date": "2025-06-30"}),
    ("by February 2024", {"type": "deadline", "date": "2024-02-29"}),
    ("from 1 January 2026 until 31 December 2029", {"type": "window", "start": "2026-01-01", "end": "2029-12-31"}),
    ("between 2026 and 2030", {"type": "window", "start": "2026-01-01", "end": "2030-12-31"}),
    ("every three years", {"type": "recurring", "interval_value": 3, "interval_unit": "years"}),
    ("at least every 10 years", {"type": "recurring", "interval_value": 10, "interval_unit": "years"}),
    ("every year", {"type": "recurring", "interval_value": 1, "interval_unit": "years"}),
    ("annually", {"type": "recurring", "interval_value": 1, "interval_unit": "years"}),
    ("every 2 weeks", {"type": "recurring", "interval_value": 14, "interval_unit": "days"}),
])
def test_parse_temporal(span, expected):
    assert [i.to_json() for i in parse_temporal(span)] == [expected]


def test_after_crosses_year_boundary():
    assert _t("ships constructed after 31 December 2015") == [{"type": "effective_from", "date": "2016-01-01"}]


def test_deadline_in_a_qualifying_clause():
    assert _t("facilities for which the construction permit is granted by 31 December 2030 comply with all of "
              "the following:") == [{"type": "deadline", "date": "2030-12-31"}]


def test_successive_regimes():
    assert _t("until 31 December 2025, specific emissions are lower than 50 g CO2/km") == \
        [{"type": "effective_until", "date": "2025-12-31"}]
    assert _t("from 1 January 2026, specific emissions are zero.") == [{"type": "effective_from", "date": "2026-01-01"}]


@pytest.mark.parametrize("text", [
    "Regulation (EU) No 1907/2006 of the European Parliament and of the Council of 18 December 2006",
    "the EEDI requirements applicable on 1 April 2022",
    "emissions are verified at construction and during operation",  # a phase name is not temporal
    "(OJ L 334, 17.12.2010, p. 17)",
    "ISO 14067:2018 or ISO 14064-1:2018",
    "Directive 2010/31/EU of the European Parliament",
    "the planned annual direct GHG emissions for each year of the trajectory",
    "the version of 4.6.2021 of the guidance",
    "emissions are reduced by 55 % from 1990 levels",
])
def test_not_temporal(text):
    assert _t(text) == []


def test_relative_duration_is_quantitative_not_temporal():
    d = decide("permanently withdrawn from use within 6 months of delivery of the compliant aircraft")
    assert _t("permanently withdrawn from use within 6 months of delivery of the compliant aircraft") == []
    item = d.threshold.quantitative.items[0]
    assert (item.operator, item.value, item.unit) == ("<=", 6, "months")


def test_period_is_not_temporal():
    d = decide("annual emissions do not exceed an average of 550 kg CO2e/kW over 20 years")
    assert d.threshold.temporal is None
    assert d.threshold.quantitative.items[0].period.value == 20


def test_two_dates_and_recurrence():
    assert _t("The Commission shall review, as of 2025 and at least every 10 years, the parameters.") == [
        {"type": "effective_from", "date": "2025-01-01"},
        {"type": "recurring", "interval_value": 10, "interval_unit": "years"}]


def test_window_in_list_item_with_chapeau_operator():
    d = decide("61,1 g CO2e/MJ from 1 January 2030 until 31 December 2034",
               "the greenhouse gas intensity does not exceed the following limits:")
    assert [i.to_json() for i in d.threshold.temporal.items] == [
        {"type": "window", "start": "2030-01-01", "end": "2034-12-31"}]
    q = d.threshold.quantitative.items[0]
    assert (q.operator, q.value, q.unit) == ("<=", 61.1, "g CO2e/MJ")
