"""Held-out generalisation check: compile activities NOT in the gold and compare with single-annotator fixtures.

The fixtures (tests/fixtures/heldout/*.json, one annotator following spec §2/§3/§6, judgement calls in each
file's ``notes``) are not gold; the floors below sit slightly under what the rules reach, so a change that
makes the semantic passes generalise worse fails here. Run ``python -m harness.heldout`` for the misses.
"""

from __future__ import annotations

import pytest

from harness.heldout import compare_unit, load_fixtures, measure, select_units, Tally, unit_set

FLOORS = {  # over the sets in FLOORED_SETS together; the code reaches about 0.01-0.03 above each
    "logic": 0.98, "applicability": 0.98, "category": 0.98, "tags": 0.95,
    "quantitative_f1": 0.95, "temporal_f1": 0.97, "references_f1": 0.96,
    "dependencies_f1": 0.97, "edges_f1": 0.97, "metric_similar": 0.90,
}


def test_fixtures_are_well_formed():
    fixtures = load_fixtures()
    assert len(fixtures) >= 12
    for f in fixtures:
        assert f["notes"], f["activity_id"]
        for uid, u in f["units"].items():
            assert uid.startswith(f["activity_id"] + "/")
            for cid, n in u["nodes"].items():
                assert n["evaluation_logic"] in ("AND", "OR", "N_OF_K", "LEAF"), (uid, cid)
                assert n["applicability"] in ("Mandatory", "Conditional"), (uid, cid)
                assert (n["category"] == "Quantitative") == bool(n["quantitative"]), (uid, cid)


def test_compare_unit_counts_a_wrong_logic():
    f = load_fixtures()[0]
    uid, ann = next(iter(f["units"].items()))
    root = {"criterion_id": "ROOT", "evaluation_logic": "N_OF_K", "n_required": 9, "applicability": "Mandatory",
            "category": "Qualitative", "tags": [], "threshold": None, "references": None, "dependencies": None,
            "sub_criteria": []}
    tally = Tally()
    compare_unit({"unit_id": uid, "root": root, "edges": []}, ann, tally)
    assert tally.acc["logic"] == [0, 1]
    assert tally.missing_nodes == len(ann["nodes"]) - 1


# Sets annotated before spec §7 (2026-12-01): the floors hold over their units together, as before.
FLOORED_SETS = ("tuning", "validation", "validation2", "validation3", "validation4")
# validation5 was annotated per §7 before any rule was changed for it; validation6 (H11-V) likewise, and no rule may
# be tuned on it (the honest post-fix estimate); their first contact is recorded in tests/fixtures/heldout/README.md.
# reannotated-§7: units of the older sets re-annotated where §7 reversed a convention (each unit keeps its old set in
# ``set_before``; the file's notes list every change). They leave the floored sets because the rules are being fixed
# for §7 in parallel; once the §7 rules have merged and these units reach the floors, move the name to FLOORED_SETS.
# validation7 (H11-Q): sealed like validation6 (annotated before any rule change for it, never used to fix rules);
# first contact recorded in tests/fixtures/heldout/README.md.
# validation8 (H11-Q2): sealed the same way; first contact recorded in the README.
# validation9 (issue 11, parts A, B, ...): sealed the same way; first contact recorded in the README.
# validation10 (issue 11, parts A, B, ...): sealed until the coordinator measures it after the validation9 fixes.
# validation11 (issue 11, parts ...): sealed; first contact measured by the coordinator.
# validation12 (issue 11, parts A, B, ...): sealed; first contact measured by the coordinator.
# validation13 (issue 11, parts A, B, ...): sealed; first contact measured by the coordinator.
# validation14 (issue 11, parts A, B, ...): sealed; first contact measured by the coordinator.
# validation15 (issue 11, parts A, B, ...): sealed; first contact measured by the coordinator.
# validation16 (issue 11, parts A, B, ...): sealed; first contact measured by the coordinator.
# validation17 (issue 11, parts A, B, ...): sealed; first contact measured by the coordinator.
# validation18 (issue 11, parts A, B, ...): sealed; first contact measured by the coordinator.
UNFLOORED_SETS = ("validation5", "validation6", "reannotated-§7", "validation7", "validation8", "validation9",
                  "validation10", "validation11", "validation12", "validation13", "validation14", "validation15",
                  "validation16", "validation17", "validation18")


@pytest.mark.slow
def test_heldout_accuracy(corpus):
    fixtures = load_fixtures()
    floored = select_units(fixtures, FLOORED_SETS)
    figs, misses = measure(corpus, floored)
    print("\nheld-out (single annotator):", {k: round(v, 3) for k, v in figs.items()})
    assert figs["missing_nodes"] <= 2
    low = {k: round(figs[k], 3) for k, floor in FLOORS.items() if figs.get(k, 1.0) < floor}
    assert not low, (low, misses[:40])


@pytest.mark.slow
def test_unfloored_sets_are_measured(corpus):
    """validation5, validation6, reannotated-§7, validation7, validation8: compiled and scored (every annotated unit is produced), printed per
    set, no floor."""
    rest = select_units(load_fixtures(), UNFLOORED_SETS)
    if not rest:
        pytest.skip("no unfloored held-out set")
    figs, misses = measure(corpus, rest, by_set=True)
    for name in UNFLOORED_SETS:
        if name in figs:
            print(f"\nheld-out {name} (no floor):", {k: round(v, 3) for k, v in figs[name].items()})
    assert not [m for m in misses if m.startswith(("activity:", "unit:"))], misses[:10]
    assert figs["all"]["nodes"] > 0


def test_every_fixture_set_is_floored_or_listed():
    sets = {unit_set(f, uid) for f in load_fixtures() for uid in f["units"]}
    assert sets <= set(FLOORED_SETS) | set(UNFLOORED_SETS), sets


def test_reannotated_units_say_where_they_came_from():
    """A unit moved to reannotated-§7 names its old set (a floored set, validation5, validation8 or validation9,
    released for development after its first contact was recorded; never the honest validation6), and its file's
    notes say what changed."""
    moved = [(f, uid) for f in load_fixtures() for uid in f["units"] if unit_set(f, uid) == "reannotated-§7"]
    assert moved
    for f, uid in moved:
        assert f["units"][uid]["set_before"] in FLOORED_SETS + ("validation5", "validation8", "validation9"), uid
        assert any(uid in n and "§7" in n for n in f["notes"]), uid


def test_select_units_keeps_only_the_units_of_the_sets():
    fx = [{"activity_id": "X-1.1", "set": "validation", "units": {"X-1.1/SC": {"set": "reannotated-§7", "nodes": {}},
                                                                   "X-1.1/DNSH-CE": {"nodes": {}}}}]
    assert list(select_units(fx, ["validation"])[0]["units"]) == ["X-1.1/DNSH-CE"]
    assert list(select_units(fx, ["reannotated-§7"])[0]["units"]) == ["X-1.1/SC"]
    assert select_units(fx, ["tuning"]) == []


def test_gold_in_fixture_form_scores_one_against_itself(gold_dir):
    """fixture_from_activity (used by bench_generalisation for the dev column) records what compare_unit reads:
    every gold unit compared with its own fixture form scores 1 on every field."""
    from harness.heldout import fixture_from_activity
    from regc.eval.score import load_dir

    tally = Tally()
    for act in load_dir(gold_dir).values():
        fx = fixture_from_activity(act)
        for u in act["units"]:
            compare_unit(u, fx["units"][u["unit_id"]], tally)
    figs = tally.figures()
    assert figs["nodes"] > 100 and figs["missing_nodes"] == 0
    assert all(v == 1.0 for k, v in figs.items() if k not in ("nodes", "missing_nodes")), figs
