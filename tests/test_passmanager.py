"""The Observe–Diagnose–Repair loop of the pass manager, on a small scripted pass."""


from regc.compiler.passmanager import CompileOptions, PassContext, SemanticMemory, confidence_of, run_with_odr
from regc.ir.doc import ActDoc, ActivityDoc, Block, UnitDoc
from regc.verify.invariants import check_unit
from regc.ir.models import CriterionNode, Diagnostic, Unit


def _ctx(**opts) -> PassContext:
    udoc = UnitDoc(part="SC", blocks=[Block(label="1.", text="Emissions are lower than 100 g CO2e/kWh.")])
    adoc = ActivityDoc(activity_id="CCM-9.9", objective="CCM", section="9.9", name="Test", units=[udoc])
    act = ActDoc(celex="32021R2139", format="eurlex-xhtml", file="x.xml", activities=[adoc])
    return PassContext(act=act, activity=adoc, unit_doc=udoc, memory=SemanticMemory(), options=CompileOptions(**opts))


def _unit() -> Unit:
    return Unit(unit_id="CCM-9.9/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
        CriterionNode(criterion_id="1", verbatim_text="Emissions are lower than 100 g CO2e/kWh.")]))


class ExtractValue:
    """Writes a value into rule_summary; the first strategy hallucinates 270, the repair reads the text."""

    NAME = "scripted"

    def __init__(self, repairs_work: bool = True):
        self.repairs_work = repairs_work
        self.calls = 0

    def run(self, unit, ctx):
        self.calls += 1
        node = unit.root.find("1")
        value = "100" if (ctx.attempt > 0 and self.repairs_work and ctx.guidance) else "270"
        node.set_field("rule_summary", f"limit {value}", pass_name=self.NAME, rule=f"attempt-{ctx.attempt}")
        return unit

    def verify(self, unit, ctx):
        node = unit.root.find("1")
        value = node.rule_summary.split()[-1]
        if value not in node.verbatim_text:
            return [Diagnostic(severity="critical", code="UNGROUNDED_VALUE", kind="Semantic",
                               message=f"value {value} not in source", criterion_id="1")]
        return []


def test_wrong_extraction_is_detected_and_repaired():
    p = ExtractValue()
    out, rec = run_with_odr(p, _unit(), _ctx(), invariant_check=check_unit)
    assert out.root.find("1").rule_summary == "limit 100"
    assert rec.attempts == 2 and rec.confidence == 1.0 and not rec.flagged
    assert out.root.find("1").provenance.fields["rule_summary"].rule == "attempt-1"
    assert out.review == []


def test_unrepairable_extraction_is_flagged_and_stops_on_repeated_issue_set():
    p = ExtractValue(repairs_work=False)
    out, rec = run_with_odr(p, _unit(), _ctx())
    assert rec.flagged and rec.attempts == 2  # second attempt repeats the same issue set -> stop
    assert any(d.code == "ODR_FLAGGED" for d in rec.diagnostics)
    assert any("needs human review" in r for r in out.review)


def test_ablating_odr_runs_each_pass_once():
    p = ExtractValue()
    out, rec = run_with_odr(p, _unit(), _ctx(ablate=frozenset({"odr"})))
    assert p.calls == 1 and rec.attempts == 1 and rec.flagged
    assert out.root.find("1").rule_summary == "limit 270"


class AppendTag(ExtractValue):
    """Appends to a list on every run: a repair must start from the pre-pass state, not the failed output."""

    def run(self, unit, ctx):
        unit = super().run(unit, ctx)
        unit.root.find("1").tags.append("Verification")
        return unit


def test_repair_starts_from_the_pre_pass_state():
    out, rec = run_with_odr(AppendTag(), _unit(), _ctx())
    assert rec.attempts == 2
    assert out.root.find("1").tags == ["Verification"]


def test_confidence_is_clamped_weighted_penalty():
    d = lambda s: Diagnostic(severity=s, code="X", message="m")
    assert confidence_of([d("warning")]) == 0.9
    assert confidence_of([d("error"), d("warning")]) == 0.65
    assert confidence_of([d("critical")] * 3) == 0.0


class BuildFromDoc:
    """A structure-like first pass: builds node 1 from the unit doc and tags it (counts its runs)."""

    NAME = "build"

    def __init__(self):
        self.calls = 0

    def run(self, unit, ctx):
        self.calls += 1
        block = ctx.unit_doc.blocks[0]
        unit.root.sub_criteria.append(CriterionNode(criterion_id="1", verbatim_text=block.text))
        unit.root.find("1").tags.append("Verification")
        return unit

    def verify(self, unit, ctx):
        return []


class ScribbleThenExtract(ExtractValue):
    """Leaves a mark on the unit on every run (a repair must not see the failed attempt's mark)."""

    def run(self, unit, ctx):
        unit = super().run(unit, ctx)
        unit.root.find("1").tags.append("Methodology")
        return unit


def test_pipeline_repair_replays_earlier_passes_instead_of_snapshotting(monkeypatch):
    import pickle

    from regc.compiler import driver, passmanager

    dumps, real_dumps = [], pickle.dumps
    monkeypatch.setattr(passmanager.pickle, "dumps", lambda *a, **k: dumps.append(1) or real_dumps(*a, **k))
    build, extract = BuildFromDoc(), ScribbleThenExtract()
    clean = driver.run_pipeline((build,), _ctx())
    assert dumps == []  # no repair, no copy
    records = []
    out = driver.run_pipeline((build, extract), _ctx(), records=records)
    node = out.root.find("1")
    assert node.rule_summary == "limit 100" and node.tags == ["Verification", "Methodology"]
    assert build.calls == 3 and extract.calls == 2  # the repair replayed the first pass once
    assert [r.attempts for r in records] == [1, 2] and len(dumps) == 1
    assert clean.root.sub_criteria[0].tags == ["Verification"]


def test_a_bad_value_written_in_the_pipeline_is_caught_at_its_exit():
    import pytest

    from regc.compiler.driver import compile_activity

    class WritesBogus(BuildFromDoc):
        def run(self, unit, ctx):
            unit = super().run(unit, ctx)
            unit.root.find("1").set_field("applicability", "Sometimes", pass_name="bogus", rule="r")
            return unit

    ctx = _ctx()
    with pytest.raises(ValueError, match="CCM-9.9/SC criterion 1: invalid field value: applicability"):
        compile_activity(ctx.act, ctx.activity, CompileOptions(ablate=frozenset({"graph"})), (WritesBogus(),))
