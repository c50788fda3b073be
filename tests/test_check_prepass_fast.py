"""The concrete pre-pass's short cuts (:mod:`regc.verify.concrete`) give what the plain evaluation gives, on every
unit of the gold and of the compiled corpus acts: verdicts re-evaluated only where a profile differs from the one it
was made from (``verdicts_from``), the flip test on the nodes that read a criterion (``below``, kept per node), and
the all-pass profiles and candidate values kept per unit (which the callers must not change).  The node rules
themselves are compared with Z3 in ``tests/test_check_prepass.py``."""

from __future__ import annotations

import copy

from regc.ir.models import load_activity
from regc.runtime.evaluator import compile_plan
from regc.runtime.kernel import FAIL, PASS
from regc.verify.concrete import _all_pass, _candidates, _clamp, _copy, _sensitised, _want, live, passable, profiles
from regc.verify.findings import UnitModel
from tests.test_check_prepass import LO, _U, _units
from tests.test_units_corpus import load_plans


def _concrete_units(gold_dir, corpus_builds, step: int = 3):
    from regc.ir.models import CriterionNode, Unit

    plans = [compile_plan(load_activity(f)) for f in sorted(gold_dir.glob("*.json"))]
    plans += [p for build in corpus_builds.values() for p in load_plans(build)][::step]
    for plan, part in _units(plans):
        um = UnitModel(plan, _U(part, Unit(unit_id=f"{plan['activity']}/{part}", root=CriterionNode(
            criterion_id="ROOT"))))
        cu = um.concrete()
        if cu is not None:
            yield cu


def _forced_flip(cu, p, i) -> bool:
    """Whether forcing node ``i`` PASS / FAIL changes the root passing, every node evaluated."""
    return (cu.verdicts(p, {i: PASS})[cu.root] == PASS) != (cu.verdicts(p, {i: FAIL})[cu.root] == PASS)


def test_incremental_verdicts_and_flips_equal_full_evaluation(gold_dir, corpus_builds):
    compared = flipped = 0
    for cu in _concrete_units(gold_dir, corpus_builds):
        for as_of in _candidates(cu, LO)[1][:2]:
            base, base_v = _all_pass(cu, LO, as_of)
            assert base_v == cu.verdicts(base)
            for i in cu.ids:
                aimed = _copy(base)  # aimed at the criterion failing (another part of the tree changes)
                _want(cu, aimed, i, FAIL)
                for p in (_clamp(_sensitised(cu, base, i), LO), _clamp(aimed, LO)):
                    v = cu.verdicts_from(p, base, base_v)
                    assert v == cu.verdicts(p)
                    assert cu.flips(p, v, i) == _forced_flip(cu, p, i)
                    compared += 1
                    flipped += cu.flips(p, v, i)
        for p in profiles(cu, LO, 2, complete=True, seed=3):  # an unrelated base: every difference counted
            other = next(profiles(cu, LO, 1, complete=True, seed=4))
            assert cu.verdicts_from(p, other, cu.verdicts(other)) == cu.verdicts(p)
    assert compared > 2000 and 0 < flipped < compared


def test_kept_profiles_are_not_changed_by_their_users(gold_dir, corpus_builds):
    """``passable`` and ``live`` copy the kept all-pass profiles and candidates; asked twice, they answer the same."""
    for cu in list(_concrete_units(gold_dir, corpus_builds, step=11))[:150]:
        kept = {as_of: copy.deepcopy(_all_pass(cu, LO, as_of)) for as_of in _candidates(cu, LO)[1]}
        cands = copy.deepcopy(_candidates(cu, LO))
        first = (passable(cu, LO, cu.ids), live(cu, LO, [i for i in cu.ids if i != cu.root]))
        assert (passable(cu, LO, cu.ids), live(cu, LO, [i for i in cu.ids if i != cu.root])) == first
        assert {as_of: _all_pass(cu, LO, as_of) for as_of in kept} == kept
        assert _candidates(cu, LO) == cands
