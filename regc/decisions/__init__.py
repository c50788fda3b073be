"""The semantic decisions of the compiler, one module each, registered in pipeline order.

A pass asks ``decide(UNIT, UNIT.Inputs(...), ctx)`` (:mod:`regc.decisions.base`); the LLM layer
(:mod:`regc.llm`) and ``regc optimize --decision NAME`` take their choices from :data:`DECISIONS`.

>>> [d.name for d in DECISIONS][:3]
['pathways', 'anchor_type', 'thresholds']
>>> by_name("tags") is TAGS_DECISION
True
"""

from __future__ import annotations

from regc.decisions.anchor_type import ANCHOR_TYPE
from regc.decisions.applicability import APPLICABILITY
from regc.decisions.base import Decider, Decision, Verdict, VerdictStore, decide
from regc.decisions.category import CATEGORY
from regc.decisions.exemption import EXEMPTION
from regc.decisions.footnote_items import FOOTNOTE_ITEMS
from regc.decisions.inheritance import INHERITANCE
from regc.decisions.logic import LOGIC
from regc.decisions.negated_sibling import NEGATED_SIBLING
from regc.decisions.pathway_dependency import PATHWAY_DEPENDENCY
from regc.decisions.passage_summary import PASSAGE_SUMMARY
from regc.decisions.pathways import PATHWAYS
from regc.decisions.reference_celex import REFERENCE_CELEX
from regc.decisions.reference_footnote import REFERENCE_FOOTNOTE
from regc.decisions.reference_logic import REFERENCE_LOGIC
from regc.decisions.reference_split import REFERENCE_SPLIT
from regc.decisions.reference_type import REFERENCE_TYPE
from regc.decisions.relied_on import RELIED_ON
from regc.decisions.rule_summary import RULE_SUMMARY
from regc.decisions.tags import TAGS_DECISION
from regc.decisions.thresholds import THRESHOLDS
from regc.decisions.xref_correction import XREF_CORRECTION

DECISIONS: tuple[Decision, ...] = (
    PATHWAYS,
    ANCHOR_TYPE,
    THRESHOLDS,
    LOGIC,
    APPLICABILITY,
    TAGS_DECISION,
    CATEGORY,
    RULE_SUMMARY,
    REFERENCE_SPLIT,
    REFERENCE_TYPE,
    REFERENCE_CELEX,
    REFERENCE_FOOTNOTE,
    REFERENCE_LOGIC,
    XREF_CORRECTION,
    PATHWAY_DEPENDENCY,
    NEGATED_SIBLING,
    INHERITANCE,
    EXEMPTION,
    RELIED_ON,
    FOOTNOTE_ITEMS,
    PASSAGE_SUMMARY,
)


def by_name(name: str) -> Decision:
    """The registered unit called ``name`` (KeyError naming the choices otherwise)."""
    for d in DECISIONS:
        if d.name == name:
            return d
    raise KeyError(f"unknown decision {name!r}; choose from {', '.join(d.name for d in DECISIONS)}")


__all__ = ["DECISIONS", "by_name", "decide", "Decision", "Verdict", "Decider", "VerdictStore",
           "ANCHOR_TYPE", "APPLICABILITY", "CATEGORY", "EXEMPTION", "FOOTNOTE_ITEMS", "INHERITANCE", "LOGIC", "NEGATED_SIBLING",
           "PASSAGE_SUMMARY", "PATHWAYS", "PATHWAY_DEPENDENCY", "REFERENCE_CELEX", "REFERENCE_FOOTNOTE", "REFERENCE_LOGIC",
           "REFERENCE_SPLIT", "REFERENCE_TYPE", "RELIED_ON", "RULE_SUMMARY", "TAGS_DECISION", "THRESHOLDS", "XREF_CORRECTION"]
