"""Typed seams of the pass pipeline: :class:`CompileOptions` (what the user asked for), :class:`SemanticMemory`
(registries shared by the units of one activity) and :class:`PassContext` (what a pass sees).

The compiler driver builds them (:mod:`regc.compiler`); passes read them.  ``options.decider`` is the
:class:`~regc.decisions.base.Decider` that may arbitrate rule verdicts (None: rules only); ``store`` the optional
:class:`~regc.decisions.base.VerdictStore` that keeps rule verdicts between runs.

>>> CompileOptions().decider is None, CompileOptions().max_repairs
(True, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from regc.ir.doc import ActDoc, ActivityDoc, UnitDoc
from regc.ir.models import Diagnostic

if TYPE_CHECKING:  # annotations only: the compiler imports these seams without loading every decision unit
    from regc.decisions.base import Decider, VerdictStore


@dataclass
class SemanticMemory:
    """Shared across the units of one activity (paper §3.2): registries that later passes read.

    - ``thresholds``: ``"<unit_id>#<criterion_id>" -> Threshold`` as extracted;
    - ``ids``: ``unit_id -> set of criterion ids`` (for cross-reference checks and corrections);
    - ``activity``: metadata (activity id, name, objective, act celex, version, format, description text).
    """

    thresholds: dict[str, Any] = field(default_factory=dict)
    ids: dict[str, set[str]] = field(default_factory=dict)
    activity: dict[str, Any] = field(default_factory=dict)


@dataclass
class CompileOptions:
    ablate: frozenset[str] = frozenset()  # {"odr", "graph"}
    max_repairs: int = 3
    stop_confidence: float = 0.7
    with_provenance: bool = False
    decider: Optional[Decider] = None  # rules-vs-LLM arbitration (regc.llm), None = rules only
    extra: dict[str, Any] = field(default_factory=dict)
    # on-disk store (``regc.compiler.cache.DiskVerdictStore``): parsed sources and compiled activities; None = off
    store: Optional[VerdictStore] = None


@dataclass
class PassContext:
    act: ActDoc
    activity: ActivityDoc
    unit_doc: UnitDoc
    memory: SemanticMemory
    options: CompileOptions
    attempt: int = 0
    guidance: list[Diagnostic] = field(default_factory=list)
    store: Optional[VerdictStore] = None

    @property
    def unit_id(self) -> str:
        return f"{self.activity.activity_id}/{self.unit_doc.part}"


__all__ = ["CompileOptions", "PassContext", "SemanticMemory"]
