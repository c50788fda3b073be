"""Phrase references without formal syntax: named acts and documents, conventions, BAT conclusions, generic alternatives."""

from __future__ import annotations

import re

from regc.grammar.citations.lexicon import (
    SERVICE_DOCUMENT_NOUNS,
    _CAPITAL_FUNCTION_WORDS,
    _CONNECT,
    _LOWER_DOC_NOUNS,
    _TITLE_PARTICIPLE_ENDINGS,
)
from regc.grammar.citations.lookback import tail_search, ws_back
from regc.grammar.citations.patterns import (
    _ACRONYM,
    ACRONYM_TITLE,
    GUIDELINE_CODE,
    GUIDELINE_PART,
    TITLE_TO_SHORT_NAME,
    _CAP,
    _LOCATED_BEFORE,
    _LOWER_CHARS,
    _NAME_TRIGGER,
    _RIGHT_CAPS,
    _SELF_REFERENCE,
    _THE_BEFORE,
    _THE_CHARS,
    _THE_YEAR_BEFORE,
    _THE_YEAR_CHARS,
    _TITLED_NUMBER,
    _TOKEN,
    _VERSION_BEFORE,
    _YEAR_BEFORE,
    _YEAR_CHARS,
    DOC_NOUN,
    EDITION_BEFORE,
    EDITION_CHARS,
    LOWER_TITLE,
    NAMED_ACT,
    RIGHT_TITLE,
    TITLED_ACT,
    TITLED_COMMUNICATION,
    INDEFINITE_TITLED_ACT,
)
from regc.grammar.citations.results import Citation

LOCATED_REACH = 1000
_TITLED_NOUNS = ("Standard", "Guidance", "Framework")  # capitalised nouns that may take a lower-case title  # a located part ("criterion B7 ‘…’ of the") is looked for this far back


def _walk_left(text: str, pos: int, lo: int):
    """(start, capitals, trigger) of the capitalised name ending at ``pos``, walking left over capitalised words and
    connectors of ``text[lo:pos]``; None when the walk reaches the window's first word (it may go on before)."""
    left = text[lo:pos].rstrip()
    toks = list(_TOKEN.finditer(left))
    i, start, capitals, trigger = len(toks) - 1, pos - lo, 0, False
    while i >= 0:
        if lo > 0 and i <= 1:
            return None  # the window's first word may be cut, and the walk looks one word further
        w = toks[i].group(0)
        gap = left[toks[i].end():start if start < len(left) else len(left)]
        if _bracketed_short_name(left, toks, i, gap) and capitals:
            trigger, start = True, toks[i - 1].end()  # "International Finance Corporation (IFC) General … Guidelines":
            i -= 1  # the body's short name in brackets after its full name is part of the document's name
            continue
        if gap.strip() and not (gap.strip() == "," and _CAP.match(w) and capitals):
            break  # punctuation between words ends the name ("Environmental, Health, and Safety" continues)
        if w in _CAPITAL_FUNCTION_WORDS:
            break
        if _CAP.match(w):
            capitals += 1
            trigger |= bool(_NAME_TRIGGER.match(w))
            start = toks[i].start()
        elif w in _CONNECT and i > 0 and _CAP.match(toks[i - 1].group(0)) and w != "the":
            start = toks[i].start()
        elif (w.islower() and w.endswith(_TITLE_PARTICIPLE_ENDINGS) and i > 0
              and _ACRONYM.match(toks[i - 1].group(0))):
            start = toks[i].start()  # "the WHO recommended Classification of …"
        else:
            break
        i -= 1
    if i < 0 and lo > 0:
        return None
    return start + lo, capitals, trigger


def _bracketed_short_name(left: str, toks: list, i: int, gap: str) -> bool:
    """Token ``i`` is an acronym in brackets ("(IFC)") right after a capitalised word: the short name of a body the
    capitalised words before it name in full, inside a document's name."""
    return (gap.strip() == ")" and bool(_ACRONYM.match(toks[i].group(0))) and i > 0
            and left[toks[i - 1].end():toks[i].start()].strip() == "(" and bool(_CAP.match(toks[i - 1].group(0))))


def _name_before(text: str, pos: int):
    """:func:`_walk_left` over a window, over the whole prefix when the window is too short."""
    return _walk_left(text, pos, max(0, pos - 300)) or _walk_left(text, pos, 0)


def _extend_right(text: str, m: re.Match) -> int:
    """End of the document name: its title to the right ("on Data Centre Energy Efficiency", "(EPREL)")."""
    end = m.end()
    r = RIGHT_TITLE.match(text, end)
    if r:
        end += len(r.group(0).rstrip(", "))
    if re.search(r"\([A-Z]{2,}\)$", text[:end]):  # "(BREF) for the production of … chemicals (SIC)"
        t = ACRONYM_TITLE.match(text, end)
        if t:
            end = t.end()
    part = GUIDELINE_PART.match(text, end)
    if part and re.match(r"Guidelines?\b", m.group(0)):  # "OECD Guidelines for the Testing of Chemicals, Test 301 …"
        end = part.end()
    if re.match(r"[Gg]uidelines?$", m.group(0)):  # "… (EMA ERA guideline)", "ICH guideline Q3C (R8) on impurities"
        t = TITLE_TO_SHORT_NAME.match(text, end) or GUIDELINE_CODE.match(text, end)
        if t:
            return t.end()
    if m.group(0) in _LOWER_DOC_NOUNS or (m.group(0) in _TITLED_NOUNS and end == m.end()):
        # "the WHO handbook on safe management of wastes …", "the IUCN Global Standard for nature-based solutions"
        low = LOWER_TITLE.match(text, end)
        if low and not (m.group(0) in _TITLED_NOUNS and re.match(r"\s+\w+\s+(?:the|this|that|its|each|any)\b",
                                                                  low.group(0))):
            end += len(low.group(0))  # a capitalised noun's title names a subject, not "for the activity"
    return end


def _extend_left(text: str, start: int) -> int:
    """Start of the document citation: "the (most recent version of the)", a located part ("criterion B7 of the")."""
    pre = tail_search(_VERSION_BEFORE, text, start, _LOWER_CHARS)
    the = tail_search(_THE_BEFORE, text, start, _THE_CHARS)
    edition = tail_search(EDITION_BEFORE, text, start, EDITION_CHARS)
    if edition:  # "the 2019 Refinement to the 2006 IPCC Guidelines …": the edition and its year name the document
        return edition.start()
    if pre and pre.group(0).strip() and re.search(r"most recent|latest|current", pre.group(0)):
        start = pre.start()
    elif the:
        start = the.start()
    # "the comprehensive criterion B7 ‘…’ of the EU Green …": a located part of a named document
    q = ws_back(text, start)
    if text[max(0, q - 3):q].endswith(("of", "the")):  # the located part ends "… of (the)"
        loc = _LOCATED_BEFORE.search(text, max(0, start - LOCATED_REACH), start)
        if loc:
            start = loc.start()
    return start


def _named_document(text: str, m: re.Match):
    """The named document whose noun ``m`` is ("the IUCN Red List", "the WHO handbook on …"), or None."""
    start, capitals, trigger = _name_before(text, m.start())
    right = _RIGHT_CAPS.match(text, m.end())
    right_caps = len(re.findall(r"\b[A-Z][\w\-]*", right.group(0))) if right else 0
    if not capitals and right_caps >= 3 and tail_search(_THE_YEAR_BEFORE, text, start, _THE_YEAR_CHARS):
        capitals, trigger = right_caps, True  # "the 1998 Guidelines of International Commission on … (ICNIRP)"
        start = m.start()
        yr = tail_search(_YEAR_BEFORE, text, start, _YEAR_CHARS)
        if yr:
            start = yr.start()
    own_caps = len(re.findall(r"\b[A-Z]", m.group(0)))
    if own_caps >= 3:  # a title in the noun itself: "the Codes of Good … Practices", "… Strategies and Action Plans"
        trigger = True
        if not capitals and tail_search(_THE_BEFORE, text, m.start(), _THE_CHARS):  # not a sentence's first words
            capitals, start = own_caps, m.start()
    if (capitals and not trigger and capitals < 3 and m.group(0)[0].isupper() and capitals + right_caps >= 3
            and not text[:start].rstrip().endswith(("‘", "“", '"', "'"))):
        trigger = True  # a capitalised title on both sides: "the Sendai Framework for Disaster Risk Reduction"
    if capitals >= 2 and m.group(0) in SERVICE_DOCUMENT_NOUNS:
        trigger = True  # "Information for Recyclers Platform": the noun itself is the third capital of the title
    if not capitals or not (trigger or capitals >= 3):
        return None
    if m.group(0) in _LOWER_DOC_NOUNS and not (capitals >= 3 or _ACRONYM.match(text[start:m.start()].split()[-1])):
        return None  # a lower-case noun ("guidelines", "reports") needs a body's acronym or a full name before it
    if _SELF_REFERENCE.match(text[start:m.end()]):
        return None
    if (start == 0 or ws_back(text, start) > 0 and text[ws_back(text, start) - 1] in ".:;") and capitals < 2:
        return None  # sentence-initial capital alone is no name
    end = _extend_right(text, m)
    start = _extend_left(text, start)
    if not text[:start].strip() and not text[end:].strip() and not text.startswith(("the ", "The ")):
        return None  # the whole block is a title ("3. Sustainable Supply Chain and Environmental Management System")
    return Citation(kind="named_document", text=text[start:end], start=start, end=end,
                    spans=((start, end),), rule="pattern:named-document", confidence=0.7)


def _named_documents(text: str) -> list[Citation]:
    """Documents named by a capitalised title before a document noun ("the IUCN Red List of Threatened Species")."""
    return [c for c in (_named_document(text, m) for m in DOC_NOUN.finditer(text)) if c is not None]


def _named_acts(text: str) -> list[Citation]:
    """Acts cited by name only ("the Waste Framework Directive", "the Habitats Directive"): no number, no CELEX."""
    out = []
    for m in NAMED_ACT.finditer(text):
        q = ws_back(text, m.start(1))
        if (q == 0 or text[q - 1] in ".:;") and len(m.group(1).split()) < 2:
            continue  # a sentence-initial capital alone is no name
        out.append(Citation(kind="eu_act", text=m.group(0), start=m.start(), end=m.end(), act_type=m.group(0).split()[-1],
                            spans=((m.start(), m.end()),), rule="pattern:named-act", confidence=0.6))
    return out


def _titled_acts(text: str) -> list[Citation]:
    """Acts cited by author, type and title ("the Council recommendation on …"), with the CELEX when a bracketed
    number follows the title (as footnotes print it); Commission communications by their quoted title.

    >>> [(c.text[-24:], c.celex) for c in _titled_acts("Council Recommendation of 12 July 1999 on the limitation "
    ...     "of exposure of the general public to electromagnetic fields (0 Hz to 300 GHz) (1999/519/EC) (OJ L 199)")]
    [('fields (0 Hz to 300 GHz)', '31999H0519')]
    """
    from regc.ir.celex import make_celex, type_letter

    out = []
    for m in TITLED_ACT.finditer(text):
        t = m.group(0)
        t = re.sub(r"\s+\((?:19|20)\d\d/\d{1,4}/[A-Za-z]+\)$", "", t)  # a number caught as the last title word
        end = m.start() + len(t)
        num = _TITLED_NUMBER.match(text, end)
        act_type = m.group("type").capitalize()
        celex = None
        if num:
            letter = type_letter(act_type)
            celex = make_celex(num.group("y"), letter, num.group("n")) if letter else None
        out.append(Citation(kind="eu_act" if celex else "named_document", text=t, start=m.start(), end=end,
                            act_type=act_type, number=f"{num.group('y')}/{num.group('n')}" if num else None,
                            celex=celex, spans=((m.start(), end),), rule="pattern:titled-act",
                            confidence=0.75 if celex else 0.65))
    for m in INDEFINITE_TITLED_ACT.finditer(text):  # "a regulation on …": announced by its subject, no CELEX
        s0, e0 = m.span("doc")
        out.append(Citation(kind="named_document", text=text[s0:e0], start=s0, end=e0, spans=((s0, e0),),
                            rule="pattern:titled-act", confidence=0.6))
    for m in TITLED_COMMUNICATION.finditer(text):  # a communication: no act number, no CELEX
        s0, e0 = m.span("doc")
        out.append(Citation(kind="named_document", text=text[s0:e0], start=s0, end=e0, spans=((s0, e0),),
                            rule="pattern:titled-act", confidence=0.65))
    return out
