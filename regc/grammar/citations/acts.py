"""EU acts: numbered acts with their pinpoints, coordinations split into one source each, anaphors."""

from __future__ import annotations

import re
from dataclasses import replace

from regc.grammar.citations.parse import _singular, parse_act_span
from regc.grammar.citations.patterns import (
    ACT_CORE,
    ANAPHOR_CORE,
    HEAD_PREFIX,
    NAMED_BY_PREFIX,
    PIN_START,
    SECTION_PIN_BEFORE,
)
from regc.grammar.citations.results import Citation
from regc.ir.celex import celex_from_parts


def _act_citations(text: str) -> list[Citation]:
    """Named EU acts (with their pinpoints) and anaphors ("of that Directive"), unresolved."""
    out: list[Citation] = []
    cores: list[tuple[int, int, bool]] = [(m.start(), m.end(), False) for m in ACT_CORE.finditer(text)]
    cores += [(m.start(), m.end(), True) for m in ANAPHOR_CORE.finditer(text)
              if not any(m.start() < e and s < m.end() for s, e, _ in cores)]
    cores.sort()
    prev_end = 0
    for cs, ce, is_anaphor in cores:
        # leftward pinpoint extension: try the farthest pinpoint keyword start first (same clause only)
        window_start = max(prev_end, cs - 120)
        clause = text[window_start:cs]
        cut = max(clause.rfind(";"), clause.rfind(". "), clause.rfind(":"))
        if cut >= 0:
            window_start += cut + 1
        starts = [m.start() for m in PIN_START.finditer(text, window_start, cs)]
        parsed = None
        span_start = cs
        for st in starts + [cs]:
            p = parse_act_span(text[st:ce])
            if p is not None and (p.acts or p.anaphor_type) and (st == cs or p.pinrefs):
                parsed, span_start = p, st
                break
        if parsed is None or (is_anaphor and parsed.anaphor_type is None):
            continue
        span_end = ce
        if is_anaphor:
            if not parsed.pinrefs and (parsed.anaphor_type == "Article" or text[cs:ce].startswith("the ")):
                continue  # "that Article" / "the Regulation" alone: no citation
            out.append(Citation(
                kind="eu_act", text=text[span_start:span_end], start=span_start, end=span_end,
                act_type=parsed.anaphor_type, pinpoint=parsed.pinpoint_text, anaphor=True,
                spans=((span_start, span_end),), rule="grammar:anaphor", confidence=0.85))
            prev_end = span_end
            continue
        acts = parsed.acts
        if len(parsed.pinrefs) > 1 and len(acts) == 1:
            # "Article 25(2) of and Annex V to Directive X" -> one source per pinpoint
            tw, num, series, has_no, (as_, ae) = acts[0]
            act_text = text[span_start + as_:span_end]
            for ps, pe in parsed.pinrefs:
                pin = text[span_start + ps:span_start + pe]
                pin = re.sub(r"\s+and\s*$", "", pin).strip()
                if not re.search(r"\s(?:of|to)$", pin):  # a bare pinpoint shares the act's preposition
                    pin += " to" if pin.startswith(("Annex", "Appendix")) else " of"
                d = celex_from_parts(tw, num, series=series, has_no=has_no)
                out.append(Citation(
                    kind="eu_act", text=f"{pin} {act_text}", start=span_start + ps, end=span_end,
                    act_type=_singular(tw), number=num, celex=d.celex,
                    pinpoint=re.sub(r",?\s*(?:of|to)$", "", pin).strip(),
                    spans=((span_start + ps, span_start + pe), (span_start + as_, span_end)),
                    rule=f"grammar:split-pinpoints;{d.rule}", confidence=min(0.9, d.confidence)))
        elif len(acts) > 1:
            # "Directives 2004/107/EC and 2008/50/EC" -> one source per act number
            for i, (tw, num, series, has_no, (as_, ae)) in enumerate(acts):
                d = celex_from_parts(tw, num, series=series, has_no=has_no)
                if i == 0:
                    s0, e0 = span_start, span_start + ae
                    t = re.sub(rf"^(.*?){re.escape(tw)}", lambda m: m.group(1) + _singular(tw), text[s0:e0], count=1)
                else:
                    num_start = text.rfind(num, span_start, span_start + ae + 1)
                    s0 = num_start
                    while s0 > 0 and text[s0 - 1] in " (" and re.search(r"(?:\((?:EU|EC|EEC|Euratom)\)\s*|No\.?\s*)$", text[:s0]):
                        m = re.search(r"(?:\((?:EU|EC|EEC|Euratom)\)\s*|No\.?\s*)$", text[:s0])
                        s0 = m.start()
                    e0 = span_start + ae
                    t = f"{_singular(tw)} {text[s0:e0]}"
                if i == len(acts) - 1 and e0 < span_end:
                    t += text[e0:span_end]
                    e0 = span_end
                out.append(Citation(
                    kind="eu_act", text=t, start=s0, end=e0, act_type=_singular(tw), number=num, celex=d.celex,
                    spans=((s0, e0),), rule=f"grammar:split-acts;{d.rule}", confidence=d.confidence))
        elif acts:
            tw, num, series, has_no, _ = acts[0]
            d = celex_from_parts(tw, num, series=series, has_no=has_no)
            s0 = span_start
            head = HEAD_PREFIX.search(text[max(0, s0 - 60):s0]) if not parsed.pinrefs else None
            named = NAMED_BY_PREFIX.search(text[max(0, s0 - 120):s0]) if not parsed.pinrefs else None
            if head:
                s0 = s0 - (len(text[max(0, s0 - 60):s0]) - head.start())
            elif named:
                s0 = s0 - (len(text[max(0, s0 - 120):s0]) - named.start())
            out.append(Citation(
                kind="eu_act", text=text[s0:span_end], start=s0, end=span_end, act_type=_singular(tw),
                number=num, celex=d.celex, pinpoint=parsed.pinpoint_text, spans=((s0, span_end),),
                rule=f"grammar:act;{d.rule}", confidence=d.confidence))
        prev_end = span_end
    return out


def _with_section_pinpoint(c: Citation, text: str) -> Citation:
    """Extend an act citation leftwards over a section pinpoint ("Section 5.1(c) of Directive X").

    >>> _with_section_pinpoint(_act_citations("as set out in Annex I, Section 5.1(c) of Directive 2010/75/EU")[0],
    ...     "as set out in Annex I, Section 5.1(c) of Directive 2010/75/EU").text
    'Annex I, Section 5.1(c) of Directive 2010/75/EU'
    """
    if c.kind != "eu_act" or c.anaphor or c.pinpoint:
        return c
    m = SECTION_PIN_BEFORE.search(text[:c.start])
    if not m:
        return c
    pin = text[m.start():c.start]
    pin = re.sub(r",?\s+of\s+$", "", pin)
    return replace(c, text=text[m.start():c.end], start=m.start(), pinpoint=pin,
                   spans=((m.start(), c.end),), rule=c.rule + ";section-pinpoint")
