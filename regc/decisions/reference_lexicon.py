"""Word lists of the reference decisions (``reference_footnote``, ``reference_type``), as data."""

from __future__ import annotations

# participles that open a footnote explaining how a value or metric of the node is derived: such a note only
# mentions the acts it names (spec §7 References: not a document the node names)
DERIVATION_OPENERS = ("Calculated", "Computed", "Reflecting", "Combined", "Derived", "Determined", "Estimated",
                      "Measured", "Expressed")

# nouns that name a class of acts adopted under another act ("the implementing regulations under Directive
# 2009/125/EC (1)"): a footnote listing acts by title identifies the members of the class, even though the node
# cites the parent act
ACT_CLASS_NOUNS = ("implementing regulations", "implementing acts", "implementing measures", "implementing decisions",
                   "delegated acts", "delegated regulations")
