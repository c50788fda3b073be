"""The IR models: exact 13-key serialisation, byte-identical round trips, validation of bad values."""

import json

import pytest

from regc.ir.models import CRITERION_KEYS, Activity, CriterionNode, QuantItem, TemporalItem, load_activity


def test_gold_files_round_trip_exactly(gold_dir):
    files = sorted(gold_dir.glob("*.json"))
    assert len(files) >= 12
    for f in files:
        raw = json.loads(f.read_text(encoding="utf-8"))
        raw.pop("annotator_notes", None)
        act = load_activity(f)
        assert json.loads(act.dumps()) == raw, f.name
        assert Activity.from_json(json.loads(act.dumps())).dumps() == act.dumps(), f.name


def test_every_node_has_exactly_the_13_keys_in_spec_order(gold_dir):
    act = load_activity(gold_dir / "CCM-4.29.json")
    for unit in act.to_json()["units"]:
        stack = [unit["root"]]
        while stack:
            node = stack.pop()
            assert tuple(node) == CRITERION_KEYS
            stack.extend(node["sub_criteria"])


def test_provenance_round_trips_and_is_left_out_by_default(eurlex):
    from regc.compiler.driver import compile_act
    from regc.frontends import load_source

    act = load_source(eurlex / "32021r2139/2026-01-01/en.xml")
    built = compile_act(act, only=["CCM-4.29"]).activities[0]
    with_prov = built.dumps(with_provenance=True)
    assert "_provenance" in with_prov and "_provenance" not in built.dumps()
    again = Activity.from_json(json.loads(with_prov))
    assert again.dumps(with_provenance=True) == with_prov
    assert again.dumps() == built.dumps()
    node = again.unit("SC").root.find("1(a)")
    assert node.provenance.span is not None and node.provenance.fields["verbatim_text"].pass_name == "structure"


@pytest.mark.parametrize("bad", [
    lambda: CriterionNode(criterion_id="1", evaluation_logic="XOR"),
    lambda: QuantItem(metric="m", operator="<", value=float("nan"), unit="%"),
    lambda: QuantItem(metric="m", operator="~", value=1, unit="%"),
    lambda: TemporalItem(type="deadline", date="31/12/2030"),
    lambda: TemporalItem(type="window", start="2030-01-01"),
    lambda: CriterionNode.from_json({"criterion_id": "1"}),
])
def test_invalid_values_are_rejected(bad):
    with pytest.raises(ValueError):
        bad()


def test_integral_floats_serialise_as_ints():
    assert QuantItem(metric="m", operator="<", value=100.0, unit="g CO2e/kWh").model_dump()["value"] == 100
    assert isinstance(QuantItem(metric="m", operator="<", value=2.45, unit="MWh/t").value, float)


def test_dumps_json_writes_the_bytes_of_the_stdlib_encoder(gold_dir):
    import json as _json

    from regc.ir.models import dumps_json

    samples = [_json.loads(p.read_text(encoding="utf-8")) for p in sorted(gold_dir.glob("*.json"))[:20]]
    samples += [{"x": 1e-05, "y": 1.5e300, "z": -0.0, "s": "\x01\u2028\t\"\\/ é 日本", "big": 2 ** 70, "e": [],
                 "d": {}, "n": [[1, [2]], {"a": None, "b": True}]}, "text", 3, None, {1: 2}]
    # floats below 1e-4 on their own (orjson spells them "1e-9" / "0.00001"), and strings that only look like them
    samples += [{"x": 1e-05}, [1e-9, 2.5e-7, -3e-5, 0.000012, 0.0001, 5e-324, 1e16, 0.1], {"s": "1e-9 0.00001"}]
    for obj in samples:
        assert dumps_json(obj) == _json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def test_dumps_json_spots_every_float_orjson_spells_its_own_way():
    import json as _json
    import random

    from regc.ir.models import dumps_json

    rnd = random.Random(10)
    floats = [rnd.choice((1, -1)) * round(10 ** rnd.uniform(-12, 4), rnd.randint(0, 17)) for _ in range(3000)]
    floats += [d * 10.0 ** -e for d in (1, 2.5, 9.75) for e in range(1, 12)] + [10.00001, 0.00001, 100.0001]
    for x in floats:
        for obj in ([x], {"v": x, "s": "pre-2020 1e-"}, [1, x, "0.0000"]):
            assert dumps_json(obj) == _json.dumps(obj, ensure_ascii=False, indent=1) + "\n", x
