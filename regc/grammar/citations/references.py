"""Internal references (sections, appendices of this Annex), standards, and OJ references."""

from __future__ import annotations

import re
from functools import lru_cache

from lark.exceptions import LarkError

from regc.grammar.citations.parse import parser
from regc.grammar.citations.patterns import (
    INTERNAL_CAND,
    OJ_REF,
    QUOTED_TITLE_AT,
    SECTION_ITEM,
    SECTION_SCOPE_END,
    SENTENCE_END_AFTER,
    STANDARD_CAND,
    STANDARD_SERIES_AT,
)
from regc.grammar.citations.results import Citation


def _section_range(a: str, b: str) -> list[str]:
    """The Sections of a range "3.7 to 3.9" (one chapter), else its two ends."""
    (ca, na), (cb, nb) = a.split("."), b.split(".")
    if ca == cb and int(na) < int(nb) <= int(na) + 20:
        return [f"{ca}.{n}" for n in range(int(na), int(nb) + 1)]
    return [a, b]


def _section_sources(span: str) -> list[str]:
    """One source per Section of a coordination, the Annex scope distributed and pinpoints kept.

    >>> _section_sources("Sections 5.6 and criteria 1 and 2 of Section 5.7 of this Annex")
    ['Section 5.6 of this Annex', 'criteria 1 and 2 of Section 5.7 of this Annex']
    >>> _section_sources("Sections 3.7 to 3.9 in this Annex")
    ['Section 3.7 in this Annex', 'Section 3.8 in this Annex', 'Section 3.9 in this Annex']
    """
    scope_m = SECTION_SCOPE_END.search(span)
    scope = scope_m.group(0) if scope_m else ""
    body = span[:scope_m.start()] if scope_m else span
    out = []
    for m in SECTION_ITEM.finditer(re.sub(r",\s*respectively,?", "", body)):
        pin = re.sub(r"\s+", " ", m.group("pin") or "")
        nums = _section_range(m.group("num"), m.group("to")) if m.group("to") else [m.group("num")]
        out += [f"{pin or 'Section '}{n}{scope}" for n in nums]
    return out


def _internal_citations(text: str) -> list[Citation]:
    """Sections ("Sections 5.11 and 5.12 of this Annex": one source each), appendices, "the relevant Section(s)"."""
    out = []
    for m in INTERNAL_CAND.finditer(text):
        span = m.group(0)
        if re.match(r"the ", span) or span.startswith("Appendix"):
            kind = "relevant_section_ref" if span.startswith("the ") else "appendix_ref"
            out.append(Citation(kind="internal", text=span, start=m.start(), end=m.end(),
                                spans=((m.start(), m.end()),), rule=f"grammar:{kind}", confidence=0.97))
            continue
        parts = _section_sources(span)
        if len(parts) > 1 and not re.search(r"\d\s+or\s+\d", span):
            out += [Citation(kind="internal", text=p, start=m.start(), end=m.end(), spans=((m.start(), m.end()),),
                             rule="grammar:section-split", confidence=0.95) for p in parts]
            continue
        span = re.sub(r",\s*respectively,?", "", span)
        if span.endswith(".") and SENTENCE_END_AFTER.match(text, m.end()):
            span = span[:-1]  # the sentence's full stop; a label's full stop mid-sentence is printed text (spec §6)
        out.append(Citation(kind="internal", text=span, start=m.start(), end=m.end(), spans=((m.start(), m.end()),),
                            rule="grammar:section", confidence=0.95))
    return out


@lru_cache(maxsize=4096)  # the same standard is cited in many texts: each distinct span parsed once
def _is_standard(span: str) -> bool:
    """Whether the citation grammar reads ``span`` as a standard."""
    try:
        parser().parse(span, start="start")
    except LarkError:
        return False
    return True


def _standard_citations(text: str) -> list[Citation]:
    out = []
    for m in STANDARD_CAND.finditer(text):
        span = m.group(0).rstrip(".-")
        if not _is_standard(span):
            continue
        end = m.start() + len(span)
        series = STANDARD_SERIES_AT.match(text, end)
        end = series.end() if series else end
        q = QUOTED_TITLE_AT.match(text, end)
        if q and span.startswith(("CEN-CENELEC", "CLC")):
            end = q.end()
        out.append(Citation(kind="standard", text=text[m.start():end], start=m.start(), end=end,
                            spans=((m.start(), end),), rule="grammar:standard", confidence=0.95))
    return out


def find_oj(text: str) -> list[str]:
    """'(OJ L 332, 11.12.2013, p. 34)' -> ['OJ L 332, 11.12.2013, p. 34']."""
    return [m.group(0) for m in OJ_REF.finditer(text)]
