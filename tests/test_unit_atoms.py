"""The unit atom table is a generated constant (:mod:`regc.ir.unit_atoms`) with one source of truth, pint's
definitions in :mod:`regc.ir.units`: the checked-in module is exactly what ``python -m regc.ir.units`` writes, and
evaluating facts does not import pint."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from regc.ir import unit_atoms, units


def test_generated_table_is_what_pint_gives():
    table = units.pint_atom_table()
    assert list(unit_atoms.ATOMS.items()) == list(table.items())  # same atoms, factors, dimensions, order
    assert Path(unit_atoms.__file__).read_text(encoding="utf-8") == units.atom_module_source(table), \
        "regc/ir/unit_atoms.py is stale: run `python -m regc.ir.units`"
    assert units.atom_table()["kt"][0] == 1e6 and units.atom_table()["mK"][1] == (("[length]", 1),
                                                                                    ("[temperature]", 1))


def test_evaluating_facts_does_not_import_pint():
    code = """
import sys
from regc.ir.models import Activity, ActSource, Unit, CriterionNode, Threshold, QuantitativeThreshold, QuantItem
from regc.runtime.evaluator import CompiledActivity
q = Threshold(quantitative=QuantitativeThreshold(items=[QuantItem(metric="GHG", operator="<", value=100,
                                                                  unit="g CO2e/kWh")]))
act = Activity(activity_id="X-1", name="x", source=ActSource(celex="c", format="eurlex-xhtml"),
               units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", sub_criteria=[
                   CriterionNode(criterion_id="1", threshold=q)]))])
print(CompiledActivity(act).evaluate({"1": "0.05 kg CO2e/kWh"})["verdict"], "pint" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["PASS", "False"]
