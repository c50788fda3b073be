"""Source document tree: what every front-end produces and the structure pass consumes.

act -> activity -> unit (criteria section: ``SC`` or ``DNSH-<OBJ>``) -> flat list of blocks.

A :class:`Block` is one paragraph (``<p>``, a ``<br/>``-separated segment, a Formex ``<P>``/``<ITEM>``, a
Compass ``<li>``) with its printed label split off (``"1."``, ``"(a)"``, ``"(iv)"``, ``"—"``), its text
whitespace-normalised with footnote markers removed, the markers it held, a nesting depth hint as seen in the
markup (0 = top), and its span.  Hierarchy is *not* decided by front-ends: the structure pass rebuilds it from
labels, because markup nesting is unreliable (Compass puts pathways in one ``<ol>``).

>>> b = Block(label="(a)", text="the life-cycle GHG emissions ... are lower than 100 g CO2e/kWh.")
>>> b.label_kind
'letter'
"""

from __future__ import annotations

import re
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from regc.ir.models import Diagnostic, SourceFormat, SourceSpan, restore_model


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")

    def __reduce_ex__(self, protocol):  # fast unpickling (the cached source document): see regc.ir.models
        return restore_model, (type(self), self.__dict__, self.__pydantic_fields_set__)


_ROMAN = re.compile(r"^\((?=[ivxlc]+\))(c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})\)$")


def label_kind(label: Optional[str]) -> Optional[str]:
    """Classify a printed label: number ("1.", "2.1."), letter ("(a)"), roman ("(iv)"), dash ("—", "-", "•"),
    paren_number ("(1)").  Ambiguous "(i)", "(v)", "(x)" are reported as "roman"; the structure pass decides
    from context (after "(h)" an "(i)" is a letter)."""
    if label is None:
        return None
    s = label.strip()
    if re.fullmatch(r"\d+(\.\d+)*\.?", s):
        return "number"
    if _ROMAN.match(s):
        return "roman"
    if re.fullmatch(r"\([a-z]{1,2}\)", s) or re.fullmatch(r"[a-z]\)", s):
        return "letter"
    if re.fullmatch(r"\(\d+\)", s):
        return "paren_number"
    if s in {"—", "–", "-", "•", "·", "*", "o", "▪"}:
        return "dash"
    return "other"


class Block(_Model):
    label: Optional[str] = None
    text: str
    markers: list[str] = Field(default_factory=list)  # footnote markers in order of appearance
    depth: int = 0  # nesting depth hint from markup (list nesting / table column), 0 = top
    span: Optional[SourceSpan] = None
    style: Optional[str] = None  # source class/element, e.g. "norm", "tbl-norm", "li", "P", "ITEM"

    @property
    def label_kind(self) -> Optional[str]:
        return label_kind(self.label)


class FootnoteBody(_Model):
    marker: str  # as printed in the fragment ("1", "12"); Formex: the running number
    text: str
    span: Optional[SourceSpan] = None


class UnitDoc(_Model):
    part: str  # "SC" or "DNSH-<OBJ>"
    heading: str = ""  # the row heading as printed ("Substantial contribution to climate change mitigation")
    blocks: list[Block] = Field(default_factory=list)
    span: Optional[SourceSpan] = None
    not_applicable: bool = False  # the source says "N/A"


class ActivityDoc(_Model):
    activity_id: str  # "CCM-4.29"
    objective: str  # "CCM"
    section: str  # "4.29"
    name: str
    description: list[Block] = Field(default_factory=list)
    units: list[UnitDoc] = Field(default_factory=list)
    footnotes: dict[str, FootnoteBody] = Field(default_factory=dict)
    span: Optional[SourceSpan] = None
    # Notes cited by the description, by marker.  In EUR-Lex XHTML the description's markers can reuse the
    # numbers of the criteria table's own notes (CCM-1.1: description "(1)" is an act-level note, criteria "(1)"
    # a table note); ``footnotes`` keeps the criteria's, this keeps the description's.  May be empty.
    description_footnotes: dict[str, FootnoteBody] = Field(default_factory=dict)
    # Front-end findings about this activity's source (a source error flagged or repaired, e.g. a DNSH row heading
    # naming the activity's own objective); the driver carries them into the compile diagnostics.
    diagnostics: list[Diagnostic] = Field(default_factory=list)


class ActDoc(_Model):
    celex: str  # "32021R2139"
    version: Optional[str] = None  # consolidation date "2026-01-01"
    format: SourceFormat
    file: str
    title: str = ""
    activities: list[ActivityDoc] = Field(default_factory=list)
    # Annex appendices the criteria cite ("Appendix A to this Annex"), keyed "<annex objective>/<letter>":
    # "CCM/A" is Appendix A of the CCM annex.  Filled where the front-end can (EUR-Lex XHTML); may be empty.
    appendices: dict[str, list[Block]] = Field(default_factory=dict)

    def activity(self, activity_id: str) -> Optional[ActivityDoc]:
        for a in self.activities:
            if a.activity_id == activity_id:
                return a
        return None


class FrontEndError(Exception):
    """Bad input: the message names the file and the location; the CLI exits 2."""

    def __init__(self, file: str, message: str, location: str | None = None):
        self.file = file
        self.location = location
        loc = f":{location}" if location else ""
        super().__init__(f"{file}{loc}: {message}")


BlockKind = Literal["number", "letter", "roman", "dash", "paren_number", "other"]
