"""Pass `thresholds`, issue 11 validation11 classes: zero-emission subjects, class ranks, named bounds and annual
rates, exclusions under an exclusion chapeau -- the rule's output verifies clean, and verify flags each class when
an output (a model's answer, a hand edit) loses it; the ODR loop repairs a lost class rank."""

from __future__ import annotations

from regc.compiler.passmanager import CompileOptions, run_with_odr
from regc.ir.models import CriterionNode, Unit
from regc.passes import thresholds as P
from tests.test_pass_thresholds import ThresholdDropper, _ctx

_MOTORS = ("low-voltage electrical motors with an energy efficiency class (according to EN 60034-30-1) exceeding the "
           "requirements set by Commission Regulation (EU) 2019/1781, specifically:")
_SAF = ("the aircraft operated with a minimum share of sustainable aviation fuels (SAF), corresponding to 5 % SAF in "
        "2022, with the percentage of SAF increasing by 2 percentage points annually thereafter.")
_GRID = ("infrastructure dedicated to creating a direct connection between a substation or network and a power "
         "production plant that is more greenhouse gas intensive than 100 g CO2e/kWh measured on a life cycle basis. "
         "That exclusion only applies to equipment that is directly used to connect a power production plant that "
         "is more greenhouse gas intensive than 100 g CO2e/kWh measured on a life cycle basis;")


def _unit() -> Unit:
    n = CriterionNode
    return Unit(unit_id="CCM-9.7/SC", root=n(criterion_id="ROOT", sub_criteria=[
        n(criterion_id="1", verbatim_text="The activity is performed using one of the following:", sub_criteria=[
            n(criterion_id="1(a)", verbatim_text="the aircraft with zero direct (tailpipe) CO2 emissions;"),
            n(criterion_id="1(b)", verbatim_text=_SAF),
            n(criterion_id="1(c)", verbatim_text=_MOTORS, sub_criteria=[
                n(criterion_id="1(c)(i)", verbatim_text="single-phase motors with a rated output of 0,12 kW or higher "
                                                        "and an efficiency class of IE3 or higher;")])]),
        n(criterion_id="2", verbatim_text="The following elements are not compliant:", sub_criteria=[
            n(criterion_id="2(a)", verbatim_text=_GRID)])]))


def _items(res: Unit, cid: str) -> list[tuple]:
    return [(i.operator, i.value, i.unit) for i in res.root.find(cid).threshold.quantitative.items]


def test_rule_output_of_the_classes_verifies_clean():
    res = P.run(_unit(), None)
    assert _items(res, "1(a)") == [("=", 0, "")]
    assert _items(res, "1(b)") == [(">=", 5, "%"), ("=", 2, "percentage points/year")]
    assert res.root.find("1(b)").threshold.temporal is None  # "annually" is the rate's time base, no recurrence
    assert _items(res, "1(c)(i)") == [(">=", 3, "")]
    assert _items(res, "2(a)") == [("<=", 100, "g CO2e/kWh")]  # once, the complement (spec §7 Exclusions)
    assert not [d for d in P.verify(res, None) if d.severity in ("error", "critical")]


def test_verify_flags_each_broken_class():
    res = P.run(_unit(), None)
    res.root.find("1(a)").threshold = None  # the zero of the item's subject not read
    res.root.find("1(b)").threshold.quantitative.items[1].unit = "percentage points"  # the rate's time base lost
    res.root.find("1(c)(i)").threshold = None  # the class rank not read
    res.root.find("2(a)").threshold.quantitative.items[0].operator = ">"  # the excluded side kept
    got = {(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"}
    assert got == {(P.LIMIT_NOT_READ, "1(a)"), (P.RATE_BASE, "1(b)"), (P.LIMIT_NOT_READ, "1(c)(i)"),
                   (P.EXCLUSION_OP, "2(a)")}


def test_verify_flags_a_wrong_class_rank_value():
    res = P.run(_unit(), None)
    res.root.find("1(c)(i)").threshold.quantitative.items[0].value = 4  # "IE3" read as 4: not in the text
    got = {(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"}
    assert (P.UNGROUNDED, "1(c)(i)") in got and (P.LIMIT_NOT_READ, "1(c)(i)") in got


def test_odr_repairs_a_lost_class_rank():
    dec = ThresholdDropper("1(c)(i)", "rank-dropped")
    ctx = _ctx("CCM-9.7/SC", CompileOptions(decider=dec, stop_confidence=0.9))
    out, rec = run_with_odr(P, _unit(), ctx)
    assert dec.broke and rec.attempts >= 2 and not rec.flagged
    assert _items(out, "1(c)(i)") == [(">=", 3, "")]
    assert not [d for d in rec.diagnostics if d.code == P.LIMIT_NOT_READ]
