"""The compiler passes, one module each, in pipeline order (RegReAct's seven stages).

Each module exposes ``NAME``, ``run(unit, ctx) -> unit`` and ``verify(unit, ctx) -> list[Diagnostic]``
(see :mod:`regc.compiler.passmanager`).

The pass modules (and the decisions and grammars under them) are imported on first use of :data:`PIPELINE`,
:data:`PASS_NAMES` or a pass module: importing :mod:`regc.passes.context` (the compiler's typed seams) does not
load them, so a compile whose activities all come from the cache never does.

>>> from regc.passes import PASS_NAMES
>>> PASS_NAMES
('structure', 'thresholds', 'classify', 'references', 'dependencies', 'footnotes', 'assembly')
"""

from __future__ import annotations

import importlib

PASS_MODULES = ("structure", "thresholds", "classify", "references", "dependencies", "footnotes", "assembly")


def __getattr__(name: str):
    """``PIPELINE`` (the pass modules in order), ``PASS_NAMES`` and the pass modules, imported on first use."""
    if name == "PIPELINE":
        value = tuple(importlib.import_module(f"{__name__}.{m}") for m in PASS_MODULES)
    elif name == "PASS_NAMES":
        value = tuple(p.NAME for p in __getattr__("PIPELINE"))
    elif name in PASS_MODULES:
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = ["PASS_MODULES", "PIPELINE", "PASS_NAMES", *PASS_MODULES]
