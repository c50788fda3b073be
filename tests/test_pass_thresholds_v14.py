"""Pass `thresholds`, issue 11 validation14 classes: a list item's value in an editorial bracket after its colon
("for vinyl chloride: [0,268 tCO2e/t of vinyl chloride;", the chapeau's operator applies) and the period a record is
kept ("Such documentation is retained for five years" -> >= 5 years) -- the rule's output verifies clean, verify
flags each class when an output (a model's answer, a hand edit) loses it, and the ODR loop repairs it."""

from __future__ import annotations

from regc.compiler.passmanager import CompileOptions, run_with_odr
from regc.ir.models import CriterionNode, Unit
from regc.passes import thresholds as P
from tests.test_pass_thresholds import ThresholdDropper, _ctx


def _unit() -> Unit:
    n = CriterionNode
    return Unit(unit_id="CCA-3.14/DNSH-CCM", root=n(criterion_id="ROOT", sub_criteria=[
        n(criterion_id="1", verbatim_text="GHG emissions from the organic chemicals production processes are lower "
                                          "than:", sub_criteria=[
            n(criterion_id="1(a)", verbatim_text="for HVC: [0,851] tCO2e/t of HVC;"),
            n(criterion_id="1(b)", verbatim_text="for vinyl chloride: [0,268 tCO2e/t of vinyl chloride;")]),
        n(criterion_id="2", verbatim_text="Where recovery of these foams is not technically feasible, the operator "
                                          "draws up documentation providing evidence for the infeasibility of the "
                                          "recovery in the specific case. Such documentation is retained for 5 years "
                                          "and is made available, on demand."),
        n(criterion_id="3", verbatim_text="The equipment is operated for five years before it is replaced.")]))


def _items(res: Unit, cid: str) -> list[tuple]:
    thr = res.root.find(cid).threshold
    return [(i.operator, i.value, i.unit) for i in thr.quantitative.items] if thr and thr.quantitative else []


def test_rule_output_of_the_classes_verifies_clean():
    res = P.run(_unit(), None)
    assert _items(res, "1(a)") == [("<", 0.851, "t CO2e/t")]
    assert _items(res, "1(b)") == [("<", 0.268, "t CO2e/t")]
    assert _items(res, "2") == [(">=", 5, "years")]
    assert _items(res, "3") == []  # how long a thing runs is no retention period
    assert res.root.find("2").threshold.quantitative.items[0].metric.startswith("Retention period")
    assert not [d for d in P.verify(res, None) if d.severity in ("error", "critical")]


def test_verify_flags_each_broken_class():
    res = P.run(_unit(), None)
    res.root.find("1(b)").threshold = None  # the bracketed value not read
    res.root.find("2").threshold = None  # the retention period not read
    got = {(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"}
    assert got == {(P.LIMIT_NOT_READ, "1(b)"), (P.LIMIT_NOT_READ, "2")}


def test_odr_repairs_a_lost_retention_period():
    dec = ThresholdDropper("2", "retention-dropped")
    ctx = _ctx("CE-3.3/DNSH-CCM", CompileOptions(decider=dec, stop_confidence=0.9))
    out, rec = run_with_odr(P, _unit(), ctx)
    assert dec.broke and rec.attempts >= 2 and not rec.flagged
    assert _items(out, "2") == [(">=", 5, "years")]
    assert not [d for d in rec.diagnostics if d.code == P.LIMIT_NOT_READ]
