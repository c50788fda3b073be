"""Pass `thresholds`: sets `threshold` on every node, registers it in semantic memory, verifies grounding."""

from __future__ import annotations

import json

import pytest

from fixtures_util import assert_golden_json, fixture_pairs
from regc.compiler.passmanager import CompileOptions, PassContext, SemanticMemory, run_with_odr
from regc.ir.doc import ActDoc, ActivityDoc, UnitDoc
from regc.ir.models import CriterionNode, Threshold, Unit
from regc.grammar.thresholds import decide
from regc.passes import thresholds as P
from regc.decisions import Verdict as Decision


def _ctx(unit_id: str, options: CompileOptions | None = None) -> PassContext:
    act_id, part = unit_id.split("/", 1)
    obj, sec = act_id.split("-", 1)
    act = ActDoc(celex="32021R2139", version="2026-01-01", format="eurlex-xhtml", file="x.xml")
    adoc = ActivityDoc(activity_id=act_id, objective=obj, section=sec, name="test", units=[UnitDoc(part=part)])
    return PassContext(act=act, activity=adoc, unit_doc=adoc.units[0], memory=SemanticMemory(),
                       options=options or CompileOptions())


def _load(path) -> Unit:
    return Unit.from_json(json.loads(path.read_text(encoding="utf-8")))


GOOD = fixture_pairs("thresholds")
BAD = fixture_pairs("thresholds", bad=True)


def test_fixture_sets_present():
    assert len(GOOD) >= 4 and len(BAD) >= 4


@pytest.mark.parametrize("inp,out", GOOD, ids=[p.name for p, _ in GOOD])
def test_pass_golden(inp, out):
    unit = _load(inp)
    ctx = _ctx(unit.unit_id)
    res = P.run(unit.model_copy(deep=True), ctx)
    diags = P.verify(res, ctx)
    assert not [d for d in diags if d.severity in ("error", "critical")], diags
    got = {"unit": res.to_json(),
           "memory": sorted(k for k, v in ctx.memory.thresholds.items() if v is not None),
           "scope_conditions": ctx.memory.activity.get("scope_conditions", {}),
           "diagnostics": [d.to_json() for d in diags]}
    assert_golden_json(out, got)


@pytest.mark.parametrize("inp,out", BAD, ids=[p.name for p, _ in BAD])
def test_verify_bad_golden(inp, out):
    """The bad set carries wrong thresholds: verify must report them (expected output = the diagnostics)."""
    unit = _load(inp)
    diags = P.verify(unit, _ctx(unit.unit_id))
    assert diags, "a bad fixture must produce a diagnostic"
    assert_golden_json(out, [d.to_json() for d in diags])


def test_every_node_registered_and_provenance_recorded():
    unit = _load(GOOD[0][0])
    ctx = _ctx(unit.unit_id)
    res = P.run(unit, ctx)
    ids = {n.criterion_id for n in res.root.walk()}
    assert {k.split("#", 1)[1] for k in ctx.memory.thresholds} == ids
    for n in res.root.walk():
        origin = n.provenance.fields["threshold"]
        assert origin.pass_name == "thresholds" and origin.rule
        assert n.category == "Qualitative"  # category is the classification pass's job


def test_ccm_4_29_values():
    res = P.run(_load(next(p for p, _ in GOOD if "ccm-4.29-sc" in p.name)), _ctx("CCM-4.29/SC"))
    n = res.root.find("1(b)(i)")
    items = n.threshold.quantitative.items
    assert [(i.operator, i.value, i.unit) for i in items] == [("<", 270, "g CO2e/kWh"), ("<=", 550, "kg CO2e/kW")]
    assert items[1].period.value == 20 and n.threshold.quantitative.logic == "OR"
    assert res.root.find("1(b)").threshold.temporal.items[0].date == "2030-12-31"
    assert res.root.find("1(b)(vii)").threshold is None  # Regulation (EU) 2018/1999 is a citation
    assert res.root.find("ROOT").threshold is None


def test_scope_condition_not_a_threshold():
    res_ctx = _ctx("CCM-4.29/DNSH-PPC")
    res = P.run(_load(next(p for p, _ in GOOD if "dnsh-ppc" in p.name)), res_ctx)
    assert all(n.threshold is None for n in res.root.walk())
    scopes = res_ctx.memory.activity["scope_conditions"]
    assert any(s["value"] == 1 and s["unit"] == "MW" for v in scopes.values() for s in v)


def _unit_with(text: str, thr: Threshold | None = None) -> Unit:
    return Unit(unit_id="CCM-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
        CriterionNode(criterion_id="1", verbatim_text=text, threshold=thr)]))


def test_verify_codes():
    fabricated = Threshold.model_validate({"quantitative": {"logic": None, "items": [
        {"metric": "x", "operator": "<", "value": 999, "unit": "%", "period": None}]}, "temporal": None})
    codes = {d.code for d in P.verify(_unit_with("emissions are lower than 5 %", fabricated), None)}
    assert P.UNGROUNDED in codes
    diags = P.verify(_unit_with("The activity complies with BAT.", fabricated), None)
    assert [d.severity for d in diags] == ["critical"] and diags[0].kind == "Semantic"
    diags = P.verify(_unit_with("see the 30 % figure in the annual report"), None)
    assert [(d.code, d.severity, d.kind) for d in diags] == [(P.UNCLAIMED, "warning", "Completeness")]
    assert P.verify(P.run(_unit_with("emissions are lower than 5 %"), None), None) == []


class _FabricatingDecider:
    """A stand-in arbiter (the ``Decider`` protocol of :mod:`regc.decisions.base`) that invents a value on the first try, to
    exercise the repair path.  Not a model; its output is never reported as model quality."""

    def __init__(self):
        self.calls = []

    def decide(self, decision, inputs, rule_decision, *, about=None, flags=None):
        assert decision.name == "thresholds"
        self.calls.append(inputs.strategy)
        d = rule_decision.value
        if inputs.strategy == "default" and d.threshold is not None:
            d = decide(inputs.text, inputs.parent_text)
            d.threshold.quantitative.items[0].value = 12345
            return Decision(d, 0.9, "fabricate", model="fake")
        return None


def test_odr_repair_switches_strategy():
    dec = _FabricatingDecider()
    ctx = _ctx("CCM-9.9/SC", CompileOptions(decider=dec, stop_confidence=0.9))
    unit = _unit_with("the power density of the facility is above 5 W/m2;")
    out, rec = run_with_odr(P, unit, ctx)
    assert dec.calls[0] == "default" and "drop_ungrounded" in dec.calls
    assert rec.attempts >= 2 and not rec.flagged
    assert out.root.find("1").threshold.quantitative.items[0].value == 5
    assert "strategy=drop_ungrounded" in out.root.find("1").provenance.fields["threshold"].rule


def test_footnote_period_through_ctx():
    from regc.ir.doc import FootnoteBody
    ctx = _ctx("CCM-9.9/DNSH-PPC")
    ctx.activity.footnotes["12"] = FootnoteBody(
        marker="12", text="The emissions thresholds for carcinogenic volatile organic compounds relate to a 28-day "
                          "test period.")
    node = CriterionNode(criterion_id="P2", verbatim_text="components emit less than 0,001 mg of carcinogenic "
                                                          "volatile organic compounds per m3 of test chamber air.")
    node.provenance.markers = ["12"]
    unit = Unit(unit_id="CCM-9.9/DNSH-PPC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[node]))
    res = P.run(unit, ctx)
    assert res.root.find("P2").threshold.quantitative.items[0].period.value == 28
    assert P.verify(res, ctx) == []  # the period is grounded in the node's own footnote


def test_chapeau_operator_through_tree():
    unit = Unit(unit_id="CCM-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
        CriterionNode(criterion_id="1", verbatim_text="the intensity does not exceed the following limits:",
                      sub_criteria=[CriterionNode(criterion_id="1(a)",
                                                  verbatim_text="76,4 g CO2e/MJ from 1 January 2026 until 31 December 2029;")])]))
    res = P.run(unit, None)
    n = res.root.find("1(a)")
    assert n.threshold.quantitative.items[0].operator == "<="
    assert n.threshold.temporal.items[0].type == "window"
    assert res.root.find("1").threshold is None


# -- spec §7 classes: verify flags an output that lost them, the ODR loop repairs it ----------------------------

_CHAPEAU_39 = ("iron and steel where GHG emissions, reduced by the amount of emissions assigned to the production of "
               "waste gases in accordance with point 10.1.5(a) of Annex VII to Regulation (EU) 2019/331 do not exceed "
               "the following values applied to the different manufacturing process steps:")


def _chapeau_unit() -> Unit:
    return Unit(unit_id="CCM-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
        CriterionNode(criterion_id="P1", verbatim_text=_CHAPEAU_39, sub_criteria=[
            CriterionNode(criterion_id="P1(i)", verbatim_text="hot metal = 1,331 tCO2e/t product;"),
            CriterionNode(criterion_id="P1(ii)", verbatim_text="sintered ore = 0,163 tCO2e/t product;")]),
        CriterionNode(criterion_id="P2", verbatim_text="The agreement covers a minimum of five years."),
        CriterionNode(criterion_id="P3", verbatim_text="the net energy consumption is lower than 35 kWh per "
                                                       "population equivalent (p.e.) per annum;"),
        CriterionNode(criterion_id="P4", verbatim_text="For buildings built before 31 December 2020, the building "
                                                       "has an Energy Performance Certificate.")]))


def test_rule_output_of_the_spec7_classes_verifies_clean():
    res = P.run(_chapeau_unit(), None)
    assert [i.operator for i in res.root.find("P1(i)").threshold.quantitative.items] == ["<="]
    assert res.root.find("P2").threshold.quantitative.items[0].value == 5
    assert res.root.find("P3").threshold.quantitative.items[0].unit == "kWh/p.e./year"
    assert res.root.find("P4").threshold.temporal.items[0].to_json() == {"type": "deadline", "date": "2020-12-30"}
    assert not [d for d in P.verify(res, None) if d.severity in ("error", "critical")]


def test_verify_flags_each_broken_spec7_class():
    res = P.run(_chapeau_unit(), None)
    res.root.find("P1(i)").threshold.quantitative.items[0].operator = "="  # TH1: the printed "=" kept
    res.root.find("P2").threshold = None  # TH3: "a minimum of five years" dropped
    res.root.find("P3").threshold.quantitative.items[0].unit = "kWh/p.e."  # TH2: the time base dropped
    res.root.find("P4").threshold = None  # TM1: the build date taken as scope
    got = {(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"}
    assert got == {(P.CHAPEAU_OP, "P1(i)"), (P.WORD_NUMBER, "P2"), (P.RATE_BASE, "P3"), (P.DATED_SCOPE, "P4")}


_REGIMES_1A = ("use of circular feedstock: until 2028, at least 35 % of the packaging product by weight consists of "
               "recycled post-consumer material. From 2028, at least 65 % of the packaging product by weight consists "
               "of recycled post-consumer material.")


def _regime_unit() -> Unit:
    return Unit(unit_id="CE-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
        CriterionNode(criterion_id="1(a)", verbatim_text=_REGIMES_1A),
        CriterionNode(criterion_id="1(b)", verbatim_text="until 2028, at least 35 % of the product consists of "
                                                         "recycled material and at least 10 % of bio-based material.")]))


def test_successive_regimes_in_one_node_verify_clean_and_flag_a_lost_date():
    res = P.run(_regime_unit(), None)
    t = res.root.find("1(a)").threshold.temporal
    assert t.logic == "OR" and [i.to_json() for i in t.items] == [{"type": "effective_until", "date": "2028-12-31"},
                                                                 {"type": "effective_from", "date": "2028-01-01"}]
    assert not [d for d in P.verify(res, None) if d.severity in ("error", "critical")]
    res.root.find("1(a)").threshold.temporal.items.pop()  # a regime's bound dropped (the old rule)
    res.root.find("1(b)").threshold.temporal = None  # near-miss: one bound over all limits is no regime switch,
    # its loss is not this class's finding
    got = [(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"]
    assert got == [(P.DATED_SCOPE, "1(a)")]
    res = P.run(_regime_unit(), None)
    res.root.find("1(a)").threshold.temporal.logic = "AND"  # both bounds kept, but AND: the node never applies
    assert [(d.code, d.criterion_id) for d in P.verify(res, None) if d.severity == "error"] == [(P.DATED_SCOPE, "1(a)")]


class ThresholdDropper:
    """A stand-in arbiter whose first answer for criterion ``about`` drops its threshold (a model that misses a
    limit), then defers to the rule.  Not a model; its output is never reported as model quality."""

    def __init__(self, about: str, rule: str):
        self.about, self.rule, self.broke = about, rule, False

    def decide(self, decision, inputs, rule_decision, *, about=None, flags=None):
        d = rule_decision.value
        if not self.broke and about == self.about and d.threshold is not None:
            self.broke = True
            d.threshold = None
            return Decision(d, 0.9, self.rule, model="fake")
        return None


class _EqualsDecider:
    """A stand-in arbiter that answers with the printed "=" on its first answer (a model missing spec §7 TH1), then
    defers to the rule.  Not a model; its output is never reported as model quality."""

    def __init__(self):
        self.broke = False

    def decide(self, decision, inputs, rule_decision, *, about=None, flags=None):
        d = rule_decision.value
        if not self.broke and about == "P1(i)":
            self.broke = True
            d.threshold.quantitative.items[0].operator = "="
            return Decision(d, 0.9, "equals", model="fake")
        return None


def test_odr_repairs_an_ignored_chapeau_operator():
    dec = _EqualsDecider()
    ctx = _ctx("CCM-9.9/SC", CompileOptions(decider=dec, stop_confidence=0.9))
    out, rec = run_with_odr(P, _chapeau_unit(), ctx)
    assert dec.broke and rec.attempts >= 2 and not rec.flagged
    assert out.root.find("P1(i)").threshold.quantitative.items[0].operator == "<="
    assert not [d for d in rec.diagnostics if d.code == P.CHAPEAU_OP]


# -- ST3: an exclusion's number is the complement limit (spec §7 Exclusions) -----------------------------------

_EXCLUSION_49 = ("Infrastructure dedicated to creating a direct connection or expanding an existing direct connection "
                 "to a production plant that is more GHG intensive than 100 gCO2e/kWh, measured on a life cycle "
                 "basis, is not compliant.")


def _exclusion_unit() -> Unit:
    return Unit(unit_id="CCM-9.8/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
        CriterionNode(criterion_id="1", verbatim_text="The infrastructure is in a compliant system.", sub_criteria=[
            CriterionNode(criterion_id="1.Methodology", verbatim_text=_EXCLUSION_49)])]))


def test_exclusion_number_is_the_complement_and_verify_flags_its_loss():
    res = P.run(_exclusion_unit(), None)
    items = res.root.find("1.Methodology").threshold.quantitative.items
    assert [(i.operator, i.value, i.unit) for i in items] == [("<=", 100, "g CO2e/kWh")]
    assert not [d for d in P.verify(res, None) if d.code == P.EXCLUSION_OP]
    items[0].operator = ">"  # the excluded side kept as if it were the limit
    assert [d.criterion_id for d in P.verify(res, None) if d.code == P.EXCLUSION_OP] == ["1.Methodology"]
    res.root.find("1.Methodology").threshold = None  # the number taken as a scope condition (the old reading)
    assert [d.criterion_id for d in P.verify(res, None) if d.code == P.EXCLUSION_OP] == ["1.Methodology"]


class _ExcludedSideDecider:
    """A stand-in arbiter whose first answer keeps the excluded side ("> 100"), then defers to the rule.  Not a
    model; its output is never reported as model quality."""

    def __init__(self):
        self.broke = False

    def decide(self, decision, inputs, rule_decision, *, about=None, flags=None):
        d = rule_decision.value
        if not self.broke and about == "1.Methodology" and d.threshold is not None:
            self.broke = True
            d.threshold.quantitative.items[0].operator = ">"
            return Decision(d, 0.9, "excluded-side", model="fake")
        return None


def test_odr_repairs_an_uncomplemented_exclusion():
    dec = _ExcludedSideDecider()
    ctx = _ctx("CCM-9.8/SC", CompileOptions(decider=dec, stop_confidence=0.9))
    out, rec = run_with_odr(P, _exclusion_unit(), ctx)
    assert dec.broke and rec.attempts >= 2 and not rec.flagged
    assert out.root.find("1.Methodology").threshold.quantitative.items[0].operator == "<="
    assert not [d for d in rec.diagnostics if d.code == P.EXCLUSION_OP]


class _RegimeDropper:
    """A stand-in arbiter that drops the regime dates of 1(a) on its first answer (the pre-§7 reading), then defers
    to the rule.  Not a model; its output is never reported as model quality."""

    def __init__(self):
        self.broke = False

    def decide(self, decision, inputs, rule_decision, *, about=None, flags=None):
        d = rule_decision.value
        if not self.broke and about == "1(a)":
            self.broke = True
            d.threshold.temporal = None
            return Decision(d, 0.9, "regimes-dropped", model="fake")
        return None


def test_odr_repairs_dropped_regime_dates():
    dec = _RegimeDropper()
    ctx = _ctx("CE-9.9/SC", CompileOptions(decider=dec, stop_confidence=0.9))
    out, rec = run_with_odr(P, _regime_unit(), ctx)
    assert dec.broke and rec.attempts >= 2 and not rec.flagged
    assert len(out.root.find("1(a)").threshold.temporal.items) == 2
    assert not [d for d in rec.diagnostics if d.code == P.DATED_SCOPE]
