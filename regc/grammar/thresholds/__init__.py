"""Threshold extraction (a package: one module per concern, the numeric-limit rules in
:data:`~regc.grammar.thresholds.rules.RULES`): candidate-span finder + lark LALR parsers -> ``QuantItem`` / ``TemporalItem``.

lark does not scan running text, so extraction runs in three steps:

1. *claims*: regexes mark what numbers in the text are NOT thresholds (act numbers ``2018/1999``, standards
   ``ISO 14067:2018``, ``Article 3(1)``, section numbers, footnote markers, dates of acts, OJ references);
2. *temporal*: a preposition + date (``by 31 December 2030``) or a recurrence (``every three years``) is cut
   out and parsed with ``temporal.lark``; periods (``over 20 years``, ``over the lifetime``) are claimed;
3. *quantities*: for every remaining number the unit after it is parsed with ``unit.lark`` and the operator
   phrase before it is located with regexes compiled from the terminals of ``threshold.lark``; the canonical
   span (``"do not exceed an average of 550 ⟦kg CO2e/kW⟧"``) is parsed with ``threshold.lark`` and transformed
   into an operator/value/unit.  Scope numbers ("plants with thermal input greater than 1 MW") become scope
   conditions, not thresholds.

:func:`decide` is the decision function (text [+ parent chapeau, + the node's footnote texts] -> typed items,
scope conditions, claimed/unclaimed numbers, confidence); it can be called on its own, so an LLM module can replace
or arbitrate it with the same output type (:class:`ThresholdDecision`).  Results are memoised per input.

>>> d = decide("direct GHG emissions of the activity are lower than 270g CO2e/kWh of the output energy, or "
...            "annual direct GHG emissions of the activity do not exceed an average of 550kgCO2e/kW of the "
...            "facility's capacity over 20 years;")
>>> [(i.operator, i.value, i.unit, i.period and i.period.value) for i in d.threshold.quantitative.items]
[('<', 270, 'g CO2e/kWh', None), ('<=', 550, 'kg CO2e/kW', 20)]
>>> d.threshold.quantitative.logic
'OR'
>>> decide("facilities for which the construction permit is granted by 31 December 2030").threshold.temporal.items[0].date
'2030-12-31'
"""

from __future__ import annotations

from regc.grammar.thresholds.chapeau import anchored_limit_chapeau, chapeau_metric, chapeau_operator, chapeau_subject, limit_operator
from regc.grammar.thresholds.claims import numbers_in_text
from regc.grammar.thresholds.decision import _decide_cached, decide, decide_shared, successive_regimes
from regc.grammar.thresholds.lexicon import MONTHS, WORD_NUMBERS
from regc.grammar.thresholds.parsers import parse_number, temporal_parser, threshold_parser, unit_parser
from regc.grammar.thresholds.patterns import NUMBER_RE, PERIOD_RE, RECUR_RE, TEMPORAL_RE
from regc.grammar.thresholds.phrase import parse_phrase
from regc.grammar.thresholds.quantities import find_quantities
from regc.grammar.thresholds.results import Claim, QuantHit, Strategy, TemporalHit, ThresholdDecision
from regc.grammar.thresholds.temporal import find_temporal, list_regime_switches, parse_temporal
from regc.grammar.thresholds.units import UnitParse, _parse_unit_words, parse_unit

__all__ = ["MONTHS", "NUMBER_RE", "PERIOD_RE", "RECUR_RE", "TEMPORAL_RE", "WORD_NUMBERS", "Claim", "QuantHit",
           "Strategy", "TemporalHit", "ThresholdDecision", "UnitParse", "anchored_limit_chapeau", "chapeau_metric", "chapeau_operator",
           "chapeau_subject", "decide", "decide_shared", "find_quantities", "find_temporal", "limit_operator", "list_regime_switches",
           "numbers_in_text", "parse_number", "parse_phrase", "parse_temporal", "parse_unit", "successive_regimes",
           "temporal_parser", "threshold_parser", "unit_parser", "_decide_cached", "_parse_unit_words"]
