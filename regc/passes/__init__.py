"""The compiler passes, one module each, in pipeline order (RegReAct's seven stages).

Each module exposes ``NAME``, ``run(unit, ctx) -> unit`` and ``verify(unit, ctx) -> list[Diagnostic]``
(see :mod:`regc.compiler.passmanager`).
"""

from regc.passes import assembly, classify, dependencies, footnotes, references, structure, thresholds

PIPELINE = (structure, thresholds, classify, references, dependencies, footnotes, assembly)

PASS_NAMES = tuple(p.NAME for p in PIPELINE)
