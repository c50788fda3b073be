"""Pass `thresholds`, issue 11 validation14 class: an anchored Methodology list of a limit's values takes the
operator of the criterion it elaborates ("… specific emissions of CO2 … are not higher than the fleet-wide CO2
emissions targets." + "The fleet-wide CO2 emissions target values to be considered are:" + "until 31 December
2024:" + "95 g CO2/km for vehicles of category M1 and 147 g CO2/km for vehicles of category N1" -> <= 95, <= 147;
spec §6/§7 TH1) -- the rule's output verifies clean, verify flags an output that loses the values, the ODR loop
repairs it, and lists that are not of that shape keep their own reading (near-misses)."""

from __future__ import annotations

from regc.compiler.passmanager import CompileOptions, run_with_odr
from regc.grammar.thresholds import anchored_limit_chapeau
from regc.ir.models import CriterionNode, Unit
from regc.passes import thresholds as P
from tests.test_pass_thresholds import ThresholdDropper, _ctx

_CRITERION = ("For vehicles of categories M1 and N1, specific emissions of CO2 defined in Article 3(1), point (h), of "
              "Regulation (EU) 2019/631 are not higher than the fleet-wide CO2 emissions targets.")
_NEDC = ("for NEDC values, the target values as specified in Article 1, paragraphs 2-3 of Regulation (EU) 2019/631: "
         "95 g CO2/km for vehicles of category M1 and 147 g CO2/km for vehicles of category N1;")
_WLTP = ("for WLTP values, the EU fleet-wide target 2021. Until it is published, a conversion factor of 1.21 and "
         "1.24 respectively applies, resulting in the corresponding WLTP values of 115 g CO2/km for vehicles of "
         "category M1 and 182 g CO2/km for vehicles of category N1;")


def _unit(criterion: str = _CRITERION, methodology: str = "The fleet-wide CO2 emissions target values to be "
          "considered are:") -> Unit:
    n = CriterionNode
    return Unit(unit_id="X-6.5/DNSH-CCM", root=n(criterion_id="ROOT", sub_criteria=[
        n(criterion_id="P1", verbatim_text=criterion, sub_criteria=[
            n(criterion_id="P1.Methodology", verbatim_text=methodology, sub_criteria=[
                n(criterion_id="P1.Methodology(a)", verbatim_text="until 31 December 2024:", sub_criteria=[
                    n(criterion_id="P1.Methodology(a)(i)", verbatim_text=_NEDC),
                    n(criterion_id="P1.Methodology(a)(ii)", verbatim_text=_WLTP)])])])]))


def _items(res: Unit, cid: str) -> list[tuple]:
    thr = res.root.find(cid).threshold
    return [(i.operator, i.value, i.unit) for i in thr.quantitative.items] if thr and thr.quantitative else []


def test_rule_output_verifies_clean():
    res = P.run(_unit(), None)
    assert _items(res, "P1.Methodology(a)(i)") == [("<=", 95, "g CO2/km"), ("<=", 147, "g CO2/km")]
    assert _items(res, "P1.Methodology(a)(ii)") == [("<=", 115, "g CO2/km"), ("<=", 182, "g CO2/km")]
    assert not [d for d in P.verify(res, None) if d.severity in ("error", "critical")]


def test_near_misses_keep_their_own_reading():
    # the criterion states no operator for the targets: nothing to inherit
    res = P.run(_unit(criterion="The operator reports the fleet-wide CO2 emissions targets."), None)
    assert _items(res, "P1.Methodology(a)(i)") == []
    # the Methodology chapeau does not list a limit's values
    res = P.run(_unit(methodology="The vehicles to be considered are:"), None)
    assert _items(res, "P1.Methodology(a)(i)") == []
    # the operator governs a number, not the named limit
    assert anchored_limit_chapeau(["The target values are:", "Emissions are lower than 50 g CO2/km."]) is None
    # a chapeau with its own operator is read as before
    assert anchored_limit_chapeau(["The target values are not higher than:", _CRITERION]) is None


def test_verify_flags_lost_values():
    res = P.run(_unit(), None)
    res.root.find("P1.Methodology(a)(i)").threshold = None
    got = {(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"}
    assert (P.LIMIT_NOT_READ, "P1.Methodology(a)(i)") in got


def test_odr_repairs_lost_values():
    dec = ThresholdDropper("P1.Methodology(a)(i)", "values-dropped")
    ctx = _ctx("X-6.5/DNSH-CCM", CompileOptions(decider=dec, stop_confidence=0.9))
    out, rec = run_with_odr(P, _unit(), ctx)
    assert dec.broke and rec.attempts >= 2 and not rec.flagged
    assert _items(out, "P1.Methodology(a)(i)") == [("<=", 95, "g CO2/km"), ("<=", 147, "g CO2/km")]
