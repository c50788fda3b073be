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
    assert _t("the rule applies after 31 December 2015") == [{"type": "effective_from", "date": "2016-01-01"}]


@pytest.mark.parametrize("text, expected", [
    # spec §7 TM1 (reverses the old "build dates are scope" rule): dates that bound the things a rule applies to
    # are temporal items of the node; before D -> deadline D-1, after D -> effective_from D+1
    ("For buildings built before 31 December 2020, the building has at least an Energy Performance Certificate "
     "(EPC) class A.", [{"type": "deadline", "date": "2020-12-30"}]),
    ("For buildings built after 31 December 2020, the building meets the criteria specified in Section 7.1 of this "
     "Annex that are relevant at the time of the acquisition.", [{"type": "effective_from", "date": "2021-01-01"}]),
    ("the aircraft delivered before 11 December 2023, complying with the technical screening criteria specified in "
     "Section 3.21.", [{"type": "deadline", "date": "2023-12-10"}]),
    ("Tier II NOx requirement applies to ships constructed after 2011.", [{"type": "effective_from",
                                                                           "date": "2012-01-01"}]),
])
def test_dates_of_the_thing_are_temporal_items(text, expected):
    d = decide(text)
    assert _t(text) == expected
    assert "temporal:dated-scope" in d.rules
    assert not d.unclaimed


@pytest.mark.parametrize("text", [
    # near-misses: no participle that dates a thing -> the plain preposition rule, or no date at all
    "The building is renovated before 31 December 2030.",
    "buildings built with timber from certified forests",
])
def test_dated_scope_rule_needs_a_dated_thing(text):
    assert "temporal:dated-scope" not in decide(text).rules


@pytest.mark.parametrize("text, expected", [
    # an upper bound on when the event happens stays a deadline (spec §6: "granted by D")
    ("facilities constructed by 31 December 2030 comply with all of the following:",
     [{"type": "deadline", "date": "2030-12-31"}]),
    # a predicate about the activity's own event, not a noun's attribute
    ("the building is constructed after 2025", [{"type": "effective_from", "date": "2026-01-01"}]),
])
def test_event_dates_that_stay_temporal(text, expected):
    assert _t(text) == expected


def test_acquisition_date_and_the_rules_own_limit_are_both_temporal():
    # CCM-6.19 SC P1(c): "until 31 December 2029" limits the rule; "acquired after 11 December 2023" bounds which
    # aircraft (spec §7 TM1): both are temporal items of the node
    text = ("until 31 December 2029, the aircraft acquired after 11 December 2023, complying with the technical "
            "screening criteria specified in Section 3.21., subsection ‘Substantial contribution to climate change "
            "mitigation’, points (b) or (c), and with the commitment that another non-compliant aircraft in the fleet "
            "is either:")
    assert _t(text) == [{"type": "effective_until", "date": "2029-12-31"},
                        {"type": "effective_from", "date": "2023-12-12"}]


def test_parenthesised_date_of_a_scope_is_a_temporal_item_of_the_node():
    # CCM-6.10 DNSH-PPC P1: "(as of 2025)" dates the Mediterranean emission control area, a scope of the 0,1 % limit
    # that starts at a date -> effective_from on the node (spec §6 Dates "a rule or scope that starts at a date", §7
    # TM1 "dates that bound the things a rule applies to"); the limits themselves are unchanged
    text = ("Sulphur in fuel content does not exceed 0,5 % in mass (the global sulphur limit) and 0,1 % in mass in "
            "emission control area (ECA) for sulphur oxides designated in the North and Baltic Seas as well as in the "
            "Mediterranean Sea (as of 2025) by the IMO.")
    d = decide(text)
    assert _t(text) == [{"type": "effective_from", "date": "2025-01-01"}] and d.rules[-1] == "temporal:dated-scope"
    items = d.threshold.quantitative.items
    assert [(i.operator, i.value, i.unit) for i in items] == [("<=", 0.5, "%"), ("<=", 0.1, "%")]
    assert d.threshold.quantitative.logic == "AND"
    assert items[1].metric.startswith("Sulphur in fuel content") and "ECA" in items[1].metric
    assert "mass (the global" not in items[1].metric
    # near-miss: a parenthesised date that identifies a version of another instrument is no temporal item
    assert _t("vessels comply with the IMO guidelines (edition as of 2025).") == []


def test_list_logic_regime_switch_dates_each_regime():
    # CCM-3.8 SC P1(a) / CCA-3.8 DNSH-CCM P1(a), spec §7 TM2: each regime's effective_until / effective_from goes on
    # the chapeau (the regimes partition time: temporal OR); the node keeps the later regime's logic (review note)
    from regc.grammar.thresholds import list_regime_switches
    text = ("primary aluminium where the economic activity complies with two of the following criteria until 2025 "
            "and with all of the following criteria after 2025:")
    assert _t(text) == [{"type": "effective_until", "date": "2025-12-31"},
                        {"type": "effective_from", "date": "2026-01-01"}]
    d = decide(text)
    assert d.threshold.temporal.logic == "OR" and d.rules == ["temporal:list-regime"]
    assert list_regime_switches(text) == [("two", "until 2025"), ("all", "after 2025")]
    # near-misses: one date before a list is a plain bound, not a regime switch
    assert list_regime_switches("until 2025, the activity complies with all of the following:") == []
    assert decide("until 2025, the activity complies with all of the following:").rules == ["temporal:until"]


def test_successive_regimes_in_one_node_keep_all_limits():
    # CE-1.1 SC 1(a): four limits, two regimes; each regime's bound is on the node, temporal logic OR (spec §7 TM2:
    # the regimes partition time, so the node never gets a contradictory AND of effective periods)
    text = ("use of circular feedstock: until 2028, at least 35 % of the packaging product by weight consists of "
            "recycled post-consumer material for non-contact sensitive packaging and at least 10 % for contact sensitive "
            "packaging. From 2028, at least 65 % of the packaging product by weight consists of recycled post-consumer "
            "material for non-contact sensitive packaging and at least 50 % for contact sensitive packaging;")
    d = decide(text)
    assert _t(text) == [{"type": "effective_until", "date": "2028-12-31"},
                        {"type": "effective_from", "date": "2028-01-01"}]
    assert d.threshold.temporal.logic == "OR" and "temporal:successive-regimes" in d.rules
    assert d.regimes == ["until 2028", "From 2028"]
    items = d.threshold.quantitative.items
    assert [(i.operator, i.value) for i in items] == [(">=", 35), (">=", 10), (">=", 65), (">=", 50)]
    assert len({i.metric for i in items}) == 4
    assert "non-contact" in items[0].metric and "(until 2028)" in items[0].metric
    assert "non-contact" not in items[1].metric and "contact sensitive" in items[1].metric
    assert "(from 2028)" in items[3].metric


def test_successive_target_regimes_trailing_dates():
    # CE-1.1 SC 1(b): "35 % and 10 % targets … applying as of 2028 and 65 % and 50 % targets applying as of 2032"
    text = ("design for reuse: the packaging product has been designed to be reusable within a reuse system and fulfils "
            "the requirements for the use of circular feedstock, as set in point 1(a) with 35 % and 10 % targets for "
            "recycled feedstock applying as of 2028 and 65 % and 50 % targets applying as of 2032.")
    d = decide(text)
    assert _t(text) == [{"type": "effective_from", "date": "2028-01-01"},
                        {"type": "effective_from", "date": "2032-01-01"}]
    assert d.threshold.temporal.logic == "OR"
    items = d.threshold.quantitative.items
    assert [(i.operator, i.value) for i in items] == [(">=", 35), (">=", 10), (">=", 65), (">=", 50)]
    assert all("recycled feedstock" in i.metric for i in items)
    assert items[0].metric.endswith("(as of 2028)") and items[2].metric.endswith("(as of 2032)")


def test_one_bound_over_all_limits_is_no_regime_switch():
    # near-miss: a single date bounding every limit keeps its plain rule and AND-less temporal logic
    d = decide("until 2028, at least 35 % of the product consists of recycled material and at least 10 % of "
               "bio-based material.")
    assert d.regimes == [] and "temporal:successive-regimes" not in d.rules
    assert _t("until 2028, at least 35 % of the product consists of recycled material and at least 10 % of "
              "bio-based material.") == [{"type": "effective_until", "date": "2028-12-31"}]


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


@pytest.mark.parametrize("text, expected", [
    ("the decrease is demonstrated on an annual basis.", [{"type": "recurring", "interval_value": 1,
                                                           "interval_unit": "years"}]),
    ("monitoring results are reported on a monthly basis", [{"type": "recurring", "interval_value": 1,
                                                             "interval_unit": "months"}]),
    ("emissions are calculated as an annual average basis", []),  # near-miss: an averaging period, not a recurrence
    ("the yearly average greenhouse gas intensity of the energy used on-board by a ship does not exceed the limits",
     []),  # near-miss: the averaging period of a value (CCM-6.7 … CCM-6.11 SC)
    ("the data are reported yearly to the competent authority", [{"type": "recurring", "interval_value": 1,
                                                                  "interval_unit": "years"}]),
])
def test_on_an_annual_basis_is_a_recurrence(text, expected):
    assert _t(text) == expected
