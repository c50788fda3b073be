"""Pass `thresholds`, issue 11 validation12 classes: the composition an option requires ("conversion … to 100 %
hydrogen", "certified to operate on 100 % blend") and an exclusion whose predicate closes an inline enumeration
("IT/OT systems aimed at (i) …; (ii) … plants more GHG intensive than 100 g CO2e/kWh; or (iii) …; do not qualify.")
-- the rule's output verifies clean, verify flags each class when an output (a model's answer, a hand edit) loses
it, and the ODR loop repairs a lost composition."""

from __future__ import annotations

from regc.compiler.passmanager import CompileOptions, run_with_odr
from regc.ir.models import CriterionNode, Unit
from regc.passes import thresholds as P
from tests.test_pass_thresholds import ThresholdDropper, _ctx

_ENUMERATED_EXCLUSION = ("IT/OT systems aimed at (i) monitoring for the replacement of consumables, such as printer "
                         "ink; (ii) remote monitoring and remote maintenance of power generation plants that are more "
                         "greenhouse gas intensive than 100 gCO2e/kWh; or (iii) monitoring and remote management of "
                         "any type of fossil fuel engine; do not qualify.")


def _unit() -> Unit:
    n = CriterionNode
    return Unit(unit_id="CCM-4.14/SC", root=n(criterion_id="ROOT", sub_criteria=[
        n(criterion_id="1", verbatim_text="The activity is one of the following:", sub_criteria=[
            n(criterion_id="1(a)", verbatim_text="construction of new transmission networks dedicated to hydrogen;"),
            n(criterion_id="1(b)", verbatim_text="conversion/repurposing of existing natural gas networks to 100 % "
                                                 "hydrogen;"),
            n(criterion_id="1(c)", verbatim_text="the aircraft that is certified to operate on 100 % blend of "
                                                 "sustainable aviation fuels.")]),
        n(criterion_id="2", verbatim_text="For remote monitoring systems, at least two of the following capabilities "
                                          "are met:", sub_criteria=[
            n(criterion_id="2.Methodology", verbatim_text=_ENUMERATED_EXCLUSION)]),
        n(criterion_id="3", verbatim_text="Where the recycled content is not available, it is counted as comprising "
                                          "100 % primary raw material.")]))


def _items(res: Unit, cid: str) -> list[tuple]:
    thr = res.root.find(cid).threshold
    return [(i.operator, i.value, i.unit) for i in thr.quantitative.items] if thr and thr.quantitative else []


def test_rule_output_of_the_classes_verifies_clean():
    res = P.run(_unit(), None)
    assert _items(res, "1(b)") == [("=", 100, "%")]
    assert _items(res, "1(c)") == [("=", 100, "%")]
    assert _items(res, "2.Methodology") == [("<=", 100, "g CO2e/kWh")]  # the complement (spec §7 Exclusions)
    assert _items(res, "3") == []  # a counting convention, no limit
    assert not [d for d in P.verify(res, None) if d.severity in ("error", "critical")]


def test_verify_flags_each_broken_class():
    res = P.run(_unit(), None)
    res.root.find("1(b)").threshold = None  # the composition not read
    res.root.find("2.Methodology").threshold.quantitative.items[0].operator = ">"  # the excluded side kept
    got = {(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"}
    assert got == {(P.LIMIT_NOT_READ, "1(b)"), (P.EXCLUSION_OP, "2.Methodology")}


def test_odr_repairs_a_lost_composition():
    dec = ThresholdDropper("1(b)", "composition-dropped")
    ctx = _ctx("CCM-4.14/SC", CompileOptions(decider=dec, stop_confidence=0.9))
    out, rec = run_with_odr(P, _unit(), ctx)
    assert dec.broke and rec.attempts >= 2 and not rec.flagged
    assert _items(out, "1(b)") == [("=", 100, "%")]
    assert not [d for d in rec.diagnostics if d.code == P.LIMIT_NOT_READ]
