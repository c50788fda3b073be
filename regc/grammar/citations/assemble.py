"""Assembly: overlap resolution, de-duplication, merging of elaborations and anaphor resolution."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional, Sequence

from regc.grammar.citations.acts import _act_citations, _with_section_pinpoint
from regc.grammar.citations.patterns import ELABORATION_GAP
from regc.grammar.citations.phrases import _phrase_citations
from regc.grammar.citations.references import _internal_citations, _standard_citations
from regc.grammar.citations.results import ActContext, Citation


def _overlaps(a: Citation, b: Citation) -> bool:
    return a.start < b.end and b.start < a.end


def _siblings(a: Citation, b: Citation) -> bool:
    """Pieces of one split coordination share their span end (and rule family)."""
    return a.end == b.end and a.kind == b.kind and ("split" in a.rule) and ("split" in b.rule) and a.text != b.text


def _antecedent(c: Citation, before: Sequence[Citation]) -> Optional[Citation]:
    want = c.act_type
    for p in reversed(before):
        if p.kind != "eu_act" or (p.celex is None and not p.rule.startswith("pattern:named-act")):
            continue
        if want == "Article" or want == "Annex":
            if p.pinpoint:
                return p
            continue
        if p.act_type and p.act_type.split()[-1] == want:
            return p
    return None


def find_citations(text: str, context: Optional[ActContext] = None) -> list[Citation]:
    """All independent references in ``text``, in source order (internal criterion references excluded).

    >>> [c.text for c in find_citations("the CO2 is transported and stored underground, in accordance with the "
    ...     "technical screening criteria set out in Sections 5.11 and 5.12, respectively, of this Annex.")]
    ['Section 5.11 of this Annex', 'Section 5.12 of this Annex']
    """
    acts = [_with_section_pinpoint(a, text) for a in _act_citations(text)]
    others = _internal_citations(text) + _standard_citations(text) + _phrase_citations(text)
    cands = acts + others
    # longest span wins; acts win ties
    cands.sort(key=lambda c: (-(c.end - c.start), 0 if c.kind == "eu_act" else 1, c.start))
    chosen: list[Citation] = []
    for c in cands:
        if c.kind == "generic" and "delegated" in c.text and any(a.anaphor and _overlaps(a, c) for a in acts):
            chosen = [x for x in chosen if not (x.anaphor and _overlaps(x, c))]
        if any(_overlaps(c, x) and not _siblings(c, x) for x in chosen):
            continue
        chosen.append(c)
    chosen.sort(key=lambda c: (c.start, c.text))
    seen_named: set[str] = set()
    deduped = []
    for c in chosen:  # the same document named twice in one text is one source
        key = c.text.lower().removeprefix("the ")
        if c.kind in {"named_document", "generic", "standard"} and key in seen_named:
            continue
        seen_named.add(key)
        deduped.append(c)
    merged: list[Citation] = []
    for c in deduped:
        prev = merged[-1] if merged else None
        if prev is not None and prev.kind == "internal" and prev.text.startswith("Appendix") and c.kind == "eu_act" \
                and c.celex and re.fullmatch(r"\s+to\s+", text[prev.end:c.start]) and c.text.startswith("Annex"):
            merged[-1] = replace(c, text=text[prev.start:c.end], start=prev.start, spans=prev.spans + c.spans,
                                 pinpoint=text[prev.start:c.start].strip() + " " + (c.pinpoint or ""),
                                 rule=c.rule + ";appendix-of-annex")
            continue
        merged.append(c)
    deduped = merged
    chosen = [c for c in deduped if not (c.kind == "standard" and ":" not in c.text and any(
        x.kind == "standard" and x is not c and x.text.startswith(c.text + ":") for x in deduped))]
    # resolve anaphors, then merge "X and in particular Article n of that X" elaborations into one source
    resolved: list[Citation] = []
    earlier = list(context.acts) if context else []
    for c in chosen:
        if c.kind == "eu_act" and c.anaphor:
            ante = _antecedent(c, [x for x in resolved if x.kind == "eu_act"])
            conf = c.confidence
            if ante is None:
                ante = _antecedent(c, earlier)
                conf = min(conf, 0.6)
            if ante is None:
                if c.pinpoint:  # "Annex II to that Directive": still a reference, CELEX unknown
                    resolved.append(replace(c, rule=c.rule + ";unresolved", confidence=0.3))
                continue
            if not c.pinpoint and any(x.kind == "eu_act" and x.celex == ante.celex for x in resolved):
                continue  # "… of Regulation X and, from the entry into force of amendments to that Regulation, …"
            prev = resolved[-1] if resolved else None
            if prev is not None and prev.celex == ante.celex and prev.kind == "eu_act" \
                    and ELABORATION_GAP.match(text[prev.end:c.start]):
                resolved[-1] = replace(prev, text=text[prev.start:c.end], end=c.end,
                                       spans=prev.spans + c.spans, rule=prev.rule + ";merged-elaboration")
                continue
            resolved.append(replace(c, celex=ante.celex, number=ante.number,
                                    act_type=ante.act_type if c.act_type in {"Article", "Annex"} else c.act_type,
                                    rule=c.rule + ";resolved", confidence=conf))
        elif c.kind == "eu_act" and c.celex and not c.pinpoint and any(
                x.kind == "eu_act" and x.celex == c.celex and not x.pinpoint for x in resolved):
            continue  # the same act named twice without a pinpoint ("… compared to those of Regulation 2019/1009")
        else:
            resolved.append(c)
    return resolved


def act_context(citations: Sequence[Citation]) -> list[Citation]:
    """The named (non-anaphoric) acts among ``citations``, for :class:`ActContext`."""
    return [c for c in citations if c.kind == "eu_act" and not c.anaphor and c.celex]
