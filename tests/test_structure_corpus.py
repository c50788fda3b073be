"""Structure pass on real, non-gold corpus text (generalisation sweep): tables inside criteria, OR chapeaux,
anchored-paragraph types, Compass label repairs.  Each case names the activity and the source it comes from."""

from __future__ import annotations

from pathlib import Path

import pytest

from regc.compiler.passmanager import CompileOptions
from regc.ir.models import Activity
from regc.passes import structure

ENV_FMX = "32023r2486/2026-01-01/en.fmx4"
CLIMATE_XHTML = "32021r2139/2026-01-01/en.xml"


@pytest.fixture(scope="module")
def env_act(eurlex):
    from regc.compiler.frontends import load_source

    return load_source(eurlex / ENV_FMX)


def _structure_only(act, activity_id: str) -> Activity:
    from regc.compiler.driver import compile_activity

    adoc = act.activity(activity_id)
    assert adoc is not None, activity_id
    built, _diags, _r = compile_activity(act, adoc, CompileOptions(), pipeline=(structure,))
    return built


def _children(node) -> list[str]:
    return [c.criterion_id for c in node.sub_criteria]


def test_table_rows_are_items_of_the_criterion_that_introduces_the_table(env_act):
    """CE-1.2 SC 2.6.4 (Formex): header row -> 2.6.4.BackgroundInformation; rows (i)-(vi) -> 2.6.4(i) …, with
    "(v)" read as a roman numeral although the act skips "(iv)"."""
    sc = _structure_only(env_act, "CE-1.2").unit("SC")
    n = sc.root.find("2.6.4")
    assert _children(n) == ["2.6.4.BackgroundInformation", "2.6.4(i)", "2.6.4(ii)", "2.6.4(iii)", "2.6.4(v)",
                            "2.6.4(vi)"]
    assert n.find("2.6.4.BackgroundInformation").tags == ["BackgroundInformation"]
    assert n.find("2.6.4(v)").verbatim_text.endswith("| 0,0050 % w/w")
    assert all(not c.sub_criteria for c in n.sub_criteria)
    assert _children(sc.root.find("2.6"))[-3:] == ["2.6.5", "2.6.6", "2.6.7"]
