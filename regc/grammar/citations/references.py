"""Internal references (sections, appendices of this Annex), standards, and OJ references."""

from __future__ import annotations

import re

from lark import Token
from lark.exceptions import LarkError

from regc.grammar.citations.parse import parser
from regc.grammar.citations.patterns import INTERNAL_CAND, OJ_REF, QUOTED_TITLE_AT, STANDARD_CAND
from regc.grammar.citations.results import Citation


def _internal_citations(text: str) -> list[Citation]:
    out = []
    for m in INTERNAL_CAND.finditer(text):
        span = m.group(0)
        try:
            tree = parser().parse(span, start="start")
        except LarkError:
            continue
        if tree.data == "section_ref":
            locs = [t for t in tree.children if isinstance(t, Token) and t.type == "SECLOCS"][0].value
            scope_m = re.search(r"\s+of\s+(this Annex|Annex [IVX]+(?:\s+to\s+this Regulation)?)$", span)
            scope = f" of {scope_m.group(1)}" if scope_m else ""
            parts = re.split(r"\s*,\s*|\s+and\s+", locs)
            if len(parts) > 1 and " to " not in locs and " or " not in locs:
                for p in parts:
                    p = p.rstrip(".")
                    out.append(Citation(kind="internal", text=f"Section {p}{scope}", start=m.start(), end=m.end(),
                                        spans=((m.start(), m.end()),), rule="grammar:section-split",
                                        confidence=0.95))
                continue
            span = span.replace(", respectively,", "")
            if span.endswith(".") and not scope:
                span = span[:-1]
            out.append(Citation(kind="internal", text=span, start=m.start(),
                                end=m.end(), spans=((m.start(), m.end()),), rule="grammar:section", confidence=0.95))
        else:
            out.append(Citation(kind="internal", text=span, start=m.start(), end=m.end(),
                                spans=((m.start(), m.end()),), rule=f"grammar:{tree.data}", confidence=0.97))
    return out




def _standard_citations(text: str) -> list[Citation]:
    out = []
    for m in STANDARD_CAND.finditer(text):
        span = m.group(0).rstrip(".-")
        try:
            parser().parse(span, start="start")
        except LarkError:
            continue
        end = m.start() + len(span)
        q = QUOTED_TITLE_AT.match(text, end)
        if q and span.startswith(("CEN-CENELEC", "CLC")):
            end = q.end()
        out.append(Citation(kind="standard", text=text[m.start():end], start=m.start(), end=end,
                            spans=((m.start(), end),), rule="grammar:standard", confidence=0.95))
    return out


def find_oj(text: str) -> list[str]:
    """'(OJ L 332, 11.12.2013, p. 34)' -> ['OJ L 332, 11.12.2013, p. 34']."""
    return [m.group(0) for m in OJ_REF.finditer(text)]
