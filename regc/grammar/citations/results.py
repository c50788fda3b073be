"""What the citation finder returns: :class:`Citation`, and the acts named earlier (:class:`ActContext`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Optional

CitationKind = Literal["eu_act", "internal", "standard", "named_document", "generic"]


@dataclass(frozen=True)
class Citation:
    """One independent reference found in a text.

    ``text`` is what a reference source records: a verbatim substring, or for a split coordination the pinpoint
    joined to its act ("Article 25(2) of Directive (EU) 2018/2001" from "Article 25(2) of and Annex V to …");
    ``spans`` are the source offsets of its pieces.  ``act`` is the act text it resolves to (for anaphors: the
    antecedent), ``celex`` the CELEX built from the act number in the text (never from outside knowledge).
    """

    kind: CitationKind
    text: str
    start: int
    end: int
    act_type: Optional[str] = None  # "Directive", "Implementing Decision"
    number: Optional[str] = None  # "2018/2001", "No 1893/2006"
    celex: Optional[str] = None
    pinpoint: Optional[str] = None  # "Article 29, paragraphs 2 to 5"
    anaphor: bool = False
    spans: tuple[tuple[int, int], ...] = ()
    rule: str = ""
    confidence: float = 1.0


@dataclass
class ActContext:
    """Acts named earlier (in preceding nodes of the same unit), for anaphors with no antecedent in the text."""

    acts: list[Citation] = field(default_factory=list)
