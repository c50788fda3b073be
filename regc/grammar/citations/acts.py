"""EU acts: numbered acts with their pinpoints, coordinations split into one source each, anaphors."""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from regc.grammar.citations.lookback import tail_search
from regc.grammar.citations.parse import _singular, parse_act_span
from regc.grammar.citations.patterns import (
    _SECTION_PIN_CHARS,
    _SERIES_OR_NO_BEFORE,
    _SERIES_OR_NO_CHARS,
    ACT_CORE,
    ANAPHOR_CORE,
    ARTICLE_COORDINATION,
    ARTICLE_MEMBER,
    HEAD_PREFIX,
    NAMED_BY_PREFIX,
    PIN_START,
    SECTION_ITEM,
    SECTION_PIN_BEFORE,
)
from regc.grammar.citations.patterns_phrases import (
    _SECTIONS_CHARS,
    ARTICLE_LIST_PIN,
    BARE_ARTICLE_BEFORE,
    POSSESSIVE_LOCATED_AFTER,
    POSSESSIVE_PINPOINT,
    SECTIONS_OF_ANNEX_BEFORE,
)
from regc.grammar.citations.results import Citation
from regc.ir.celex import celex_from_parts


def _act_cores(text: str) -> list[tuple[int, int, bool]]:
    """Spans of act cores ("Directive (EU) 2018/2001") and of anaphors ("that Directive") that overlap no core."""
    acts = [(m.start(), m.end(), False) for m in ACT_CORE.finditer(text)]
    starts = [s for s, _, _ in acts]  # cores do not overlap: ends ascend with starts
    cores = list(acts)
    for m in ANAPHOR_CORE.finditer(text):
        k = bisect.bisect_left(starts, m.end())  # cores before k start before the anaphor ends
        if not (k and acts[k - 1][1] > m.start()):
            cores.append((m.start(), m.end(), True))
    cores.sort()
    return cores


def _parse_core(text: str, cs: int, ce: int, prev_end: int):
    """The longest parse of the core ``[cs, ce)`` with a pinpoint before it in the same clause: (parse, start)."""
    window_start = max(prev_end, cs - 120)
    clause = text[window_start:cs]
    cut = max(clause.rfind(";"), clause.rfind(". "), clause.rfind(":"))
    if cut >= 0:
        window_start += cut + 1
    starts = [m.start() for m in PIN_START.finditer(text, window_start, cs)]
    for st in starts + [cs]:
        p = parse_act_span(text[st:ce])
        if p is not None and (p.acts or p.anaphor_type) and (st == cs or p.pinrefs):
            return p, st
    return None, cs


def _anaphor(text: str, parsed, span_start: int, span_end: int) -> Citation:
    return Citation(kind="eu_act", text=text[span_start:span_end], start=span_start, end=span_end,
                    act_type=parsed.anaphor_type, pinpoint=parsed.pinpoint_text, anaphor=True,
                    spans=((span_start, span_end),), rule="grammar:anaphor", confidence=0.85)


def _split_pinpoints(text: str, parsed, span_start: int, span_end: int) -> list[Citation]:
    """"Article 25(2) of and Annex V to Directive X" -> one source per pinpoint."""
    out = []
    tw, num, series, has_no, (as_, ae) = parsed.acts[0]
    act_text = text[span_start + as_:span_end]
    for ps, pe in parsed.pinrefs:
        pin = text[span_start + ps:span_start + pe]
        pin = re.sub(r"\s+and\s*$", "", pin).strip()
        if not re.search(r"\s(?:of|to)$", pin):  # a bare pinpoint shares the act's preposition (after the comma
            comma = "," in pin and text.startswith(",", span_start + pe)  # that closes a path: "point (a), of")
            pin += "," * comma + (" to" if pin.startswith(("Annex", "Appendix")) else " of")
        d = celex_from_parts(tw, num, series=series, has_no=has_no)
        out += [Citation(
            kind="eu_act", text=f"{p} {act_text}", start=span_start + ps, end=span_end,
            act_type=_singular(tw), number=num, celex=d.celex,
            pinpoint=re.sub(r",?\s*(?:of|to)$", "", p).strip(),
            spans=((span_start + ps, span_start + pe), (span_start + as_, span_end)),
            rule=f"grammar:split-pinpoints;{d.rule}", confidence=min(0.9, d.confidence)) for p in _article_pins(pin)]
    return out


def _article_pins(pin: str) -> list[str]:
    """A pinpoint listing several articles before a finer pinpoint of the last, one per article (spec §2).

    >>> _article_pins("Article 6(b), 8b(1), point (a), of"), _article_pins("Articles 7(2) – 7(4) of")
    (['Article 6(b) of', 'Article 8b(1), point (a), of'], ['Articles 7(2) – 7(4) of'])
    """
    m = ARTICLE_LIST_PIN.match(pin)
    members = _article_members(m.group("locs")) if m else None
    if not members or len(members) < 2:
        return [pin]
    prep = pin.rsplit(None, 1)[-1]
    return [f"Article {loc} {prep}" for loc in members[:-1]] + [f"Article {members[-1]}{m.group('rest')}"]


def _split_acts(text: str, parsed, span_start: int, span_end: int) -> list[Citation]:
    """"Directives 2004/107/EC and 2008/50/EC" -> one source per act number."""
    out = []
    acts = parsed.acts
    for i, (tw, num, series, has_no, (as_, ae)) in enumerate(acts):
        d = celex_from_parts(tw, num, series=series, has_no=has_no)
        if i == 0:
            s0, e0 = span_start, span_start + ae
            t = re.sub(rf"^(.*?){re.escape(tw)}", lambda m: m.group(1) + _singular(tw), text[s0:e0], count=1)
        else:
            s0 = text.rfind(num, span_start, span_start + ae + 1)
            while s0 > 0 and text[s0 - 1] in " (":
                m = tail_search(_SERIES_OR_NO_BEFORE, text, s0, _SERIES_OR_NO_CHARS)
                if not m:
                    break
                s0 = m.start()
            e0 = span_start + ae
            t = f"{_singular(tw)} {text[s0:e0]}"
        if i == len(acts) - 1 and e0 < span_end:
            t += text[e0:span_end]
            e0 = span_end
        out.append(Citation(
            kind="eu_act", text=t, start=s0, end=e0, act_type=_singular(tw), number=num, celex=d.celex,
            spans=((s0, e0),), rule=f"grammar:split-acts;{d.rule}", confidence=d.confidence))
    return out


def _single_act(text: str, parsed, span_start: int, span_end: int) -> Citation:
    """One act, with its pinpoint or with a head noun before it ("national measures implementing Directive X")."""
    tw, num, series, has_no, _ = parsed.acts[0]
    d = celex_from_parts(tw, num, series=series, has_no=has_no)
    s0 = span_start
    head = HEAD_PREFIX.search(text[max(0, s0 - 60):s0]) if not parsed.pinrefs else None
    named = NAMED_BY_PREFIX.search(text[max(0, s0 - 120):s0]) if not parsed.pinrefs else None
    if head:
        s0 = s0 - (len(text[max(0, s0 - 60):s0]) - head.start())
    elif named:
        s0 = s0 - (len(text[max(0, s0 - 120):s0]) - named.start())
    elif re.match(r"the\s+Annex\s+[IVX]+\b", text[s0:span_end]):
        s0 += len(re.match(r"the\s+", text[s0:]).group(0))  # "the Annex I, part A, of …": the article is no part of it
    return Citation(kind="eu_act", text=text[s0:span_end], start=s0, end=span_end, act_type=_singular(tw),
                    number=num, celex=d.celex, pinpoint=parsed.pinpoint_text, spans=((s0, span_end),),
                    rule=f"grammar:act;{d.rule}", confidence=d.confidence)


def _article_number(loc: str) -> str:
    """The article of a location: "7(4)" -> "7"."""
    return re.match(r"\d+[a-z]?", loc).group(0)


def _article_members(locs: str) -> list[str] | None:
    """The locations of a coordination of articles, one per article ("11 and 12" -> 11, 12; "10 to 12" -> 10, 11,
    12; "7(2) – 7(4)" is one article); None when it is not one distinct article per member.

    >>> _article_members("7(4), 17, 18 and 19"), _article_members("10 to 12"), _article_members("7(2) – 7(4)")
    (['7(4)', '17', '18', '19'], ['10', '11', '12'], ['7(2) – 7(4)'])
    """
    out: list[str] = []
    for m in ARTICLE_MEMBER.finditer(locs):
        a, b = m.group("loc"), m.group("to")
        if b is None:
            out.append(a)
        elif _article_number(a) == _article_number(b):
            out.append(m.group(0))  # a range of paragraphs of one article
        elif a.isdigit() and b.isdigit() and int(a) < int(b) <= int(a) + 20:
            out += [str(n) for n in range(int(a), int(b) + 1)]  # a range of whole articles, as "Sections 3.7 to 3.9"
        else:
            return None
    numbers = [_article_number(x) for x in out]
    return out if len(set(numbers)) == len(numbers) else None


def _split_articles(c: Citation) -> list[Citation]:
    """One source per article of a coordinated pinpoint (spec §2: "Sections 5.11 and 5.12" is TWO, so "Articles 11
    and 12 of Directive 2011/70/Euratom" is two); a range of paragraphs of one article and alternatives ("Articles
    19a or 29a") stay one.

    >>> [x.text for x in _act_citations("Articles 11 and 12 of Directive 2011/70/Euratom")]
    ['Article 11 of Directive 2011/70/Euratom', 'Article 12 of Directive 2011/70/Euratom']
    """
    m = ARTICLE_COORDINATION.fullmatch(c.pinpoint or "")
    members = _article_members(m.group("locs")) if m else None
    if not members or len(members) < 2 or not c.text.startswith(c.pinpoint):
        return [c]
    rest = c.text[len(c.pinpoint):]
    tail = c.rule.split(";", 1)[1:]
    return [replace(c, text=f"Article {loc}{rest}", pinpoint=f"Article {loc}",
                    rule=";".join(["grammar:split-articles", *tail])) for loc in members]


def _shared_act_articles(text: str, cits: list[Citation]) -> list[Citation]:
    """``cits`` with, before each Article of a named act, a bare Article coordinated with it that shares the act.

    >>> t = "criteria laid down in Article 57 and identified in accordance with Article 59(1) of Directive 2006/66/EC"
    >>> [c.text for c in _shared_act_articles(t, _act_citations(t))]
    ['Article 57 of Directive 2006/66/EC', 'Article 59(1) of Directive 2006/66/EC']
    """
    out: list[Citation] = []
    for c in cits:
        m = (BARE_ARTICLE_BEFORE.search(text, max(0, c.start - 100), c.start)
             if c.kind == "eu_act" and (c.pinpoint or "").startswith("Article ") and c.text.startswith(c.pinpoint)
             else None)
        if m and not any(x.start <= m.start() < x.end for x in cits):
            pin, rule = f"Article {m.group('loc')}", ";".join(["grammar:split-shared-act", *c.rule.split(";")[1:]])
            out.append(replace(c, text=pin + c.text[len(c.pinpoint):], start=m.start(), pinpoint=pin,
                               spans=((m.start(), m.start() + len(pin)),) + c.spans[-1:], rule=rule))
            c = replace(c, rule=rule)  # both pieces of one split coordination
        out.append(c)
    return out


def _act_citations(text: str) -> list[Citation]:
    """Named EU acts (with their pinpoints) and anaphors ("of that Directive"), unresolved.

    >>> [(c.rule.split(";")[0], c.text) for c in _act_citations("Directives 2004/107/EC and 2008/50/EC")]
    [('grammar:split-acts', 'Directive 2004/107/EC'), ('grammar:split-acts', 'Directive 2008/50/EC')]
    """
    out: list[Citation] = []
    prev_end = 0
    for cs, ce, is_anaphor in _act_cores(text):
        parsed, span_start = _parse_core(text, cs, ce, prev_end)
        if parsed is None or (is_anaphor and parsed.anaphor_type is None):
            continue
        pos = POSSESSIVE_PINPOINT.match(text, ce) if is_anaphor and not parsed.pinrefs else None
        if pos and POSSESSIVE_LOCATED_AFTER.match(text, pos.end()):
            continue  # "… Descriptors 1 (…) and 6 (…), laid down in Annex I to that Directive": the Annex is the source
        if pos and parsed.anaphor_type != "Article":  # "that Directive’s Descriptors 1 (…), … 11 (…)"
            out.append(replace(_anaphor(text, parsed, cs, pos.end()), pinpoint=pos.group("pin"),
                               rule="grammar:anaphor;possessive-pinpoint"))
        elif is_anaphor:
            if not parsed.pinrefs and (parsed.anaphor_type == "Article" or text[cs:ce].startswith("the ")):
                continue  # "that Article" / "the Regulation" alone: no citation
            out.append(_anaphor(text, parsed, span_start, ce))
        elif len(parsed.pinrefs) > 1 and len(parsed.acts) == 1:
            out += _split_pinpoints(text, parsed, span_start, ce)
        elif len(parsed.acts) > 1:
            out += _split_acts(text, parsed, span_start, ce)
        elif parsed.acts:
            out += _split_articles(_single_act(text, parsed, span_start, ce))
        prev_end = ce
    return out


def _with_section_pinpoint(c: Citation, text: str) -> Citation:
    """Extend an act citation leftwards over a section pinpoint ("Section 5.1(c) of Directive X").

    >>> _with_section_pinpoint(_act_citations("as set out in Annex I, Section 5.1(c) of Directive 2010/75/EU")[0],
    ...     "as set out in Annex I, Section 5.1(c) of Directive 2010/75/EU").text
    'Annex I, Section 5.1(c) of Directive 2010/75/EU'
    """
    if c.kind != "eu_act" or c.anaphor or c.pinpoint:
        return c
    m = tail_search(SECTION_PIN_BEFORE, text, c.start, _SECTION_PIN_CHARS)
    if not m:
        return c
    pin = text[m.start():c.start]
    pin = re.sub(r",?\s+of\s+$", "", pin)
    return replace(c, text=text[m.start():c.end], start=m.start(), pinpoint=pin,
                   spans=((m.start(), c.end),), rule=c.rule + ";section-pinpoint")


def _section_range(a: str, b: str) -> list[str]:
    """The Sections of a range "3.10 to 3.16" within one chapter, else its two ends."""
    (ca, na), (cb, nb) = a.split("."), b.split(".")
    if ca == cb and int(na) < int(nb) <= int(na) + 20:
        return [f"{ca}.{n}" for n in range(int(na), int(nb) + 1)]
    return [a, b]


def with_annex_sections(c: Citation, text: str) -> list[Citation]:
    """An Annex of another act extended leftwards over the Sections written before it, one source per Section (spec
    §7 RF4: "Sections 3.7 to 3.9" is one source per Section; pinpoints kept); alternatives ("Sections 3.1 or 3.2")
    stay one source.

    >>> t = "substances listed in Sections 3.10 to 3.12 of Annex II to Delegated Regulation (EU) 2021/2139, the"
    >>> [x.text for x in with_annex_sections(_act_citations(t)[0], t)]  # doctest: +NORMALIZE_WHITESPACE
    ['Section 3.10 of Annex II to Delegated Regulation (EU) 2021/2139',
     'Section 3.11 of Annex II to Delegated Regulation (EU) 2021/2139',
     'Section 3.12 of Annex II to Delegated Regulation (EU) 2021/2139']
    """
    if c.kind != "eu_act" or not (c.pinpoint or "").startswith("Annex") or not c.text.startswith("Annex"):
        return [c]
    m = tail_search(SECTIONS_OF_ANNEX_BEFORE, text, c.start, _SECTIONS_CHARS)
    if not m:
        return [c]
    locs = m.group("locs")
    if re.search(r"\d\s+or\s+\d", locs):
        nums = [locs]
    else:
        nums = []
        for it in SECTION_ITEM.finditer(locs):
            nums += _section_range(it.group("num"), it.group("to")) if it.group("to") else [it.group("num")]
    rid = "grammar:split-sections" if len(nums) > 1 else c.rule.split(";")[0]
    tail = ";".join(c.rule.split(";")[1:] + ["annex-sections"])
    return [replace(c, text=f"Section{'s' if ' or ' in n else ''} {n} of {c.text}", start=m.start(),
                    pinpoint=f"Section {n} of {c.pinpoint}", spans=((m.start(), c.end),), rule=f"{rid};{tail}")
            for n in nums]
