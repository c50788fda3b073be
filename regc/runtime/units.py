"""Unit atoms for fact/threshold comparison: a re-export of :mod:`regc.ir.units`, which owns unit semantics for
every layer (evaluator, codegen, Z3 encoder, scorers).

>>> convert(0.25, "kg CO2e/kWh", "g CO2e/kWh")
250.0
"""

from __future__ import annotations

from regc.ir.units import UnitError, atom_table, compatible, convert, extra_atoms, parse

__all__ = ["UnitError", "atom_table", "compatible", "convert", "extra_atoms", "parse"]
