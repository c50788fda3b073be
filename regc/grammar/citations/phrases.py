"""Phrase references without formal syntax: named acts and documents, conventions, BAT conclusions, generic alternatives."""

from __future__ import annotations

import re

from regc.grammar.citations.lexicon import _CAPITAL_FUNCTION_WORDS, _CONNECT, _LOWER_DOC_NOUNS
from regc.grammar.citations.patterns import (
    _ACRONYM,
    _CAP,
    _NAME_TRIGGER,
    _SELF_REFERENCE,
    _TITLED_NUMBER,
    BAT_CAND,
    DOC_NOUN,
    GENERIC_CAND,
    LEVELS_INDICATOR,
    LOWER_TITLE,
    NAMED_ACT,
    NAMED_AGREEMENT,
    NAMED_CONVENTION,
    RIGHT_TITLE,
    TITLED_ACT,
)
from regc.grammar.citations.results import Citation


def _named_documents(text: str) -> list[Citation]:
    out = []
    for m in DOC_NOUN.finditer(text):
        # walk left over capitalised words and connectors
        left = text[:m.start()].rstrip()
        toks = list(re.finditer(r"[\w\-/’]+", left))
        i = len(toks) - 1
        start = m.start()
        capitals = 0
        trigger = False
        while i >= 0:
            w = toks[i].group(0)
            gap = left[toks[i].end():start if start < len(left) else len(left)]
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
            else:
                break
            i -= 1
        right = re.match(r"(?:\s+(?:on|for|of)(?:\s+(?:[A-Z][\w\-]*|and)|,(?=\s+[A-Z]))+)*(?:\s+\([A-Z]{2,}\))?",
                         text[m.end():])
        right_caps = len(re.findall(r"\b[A-Z][\w\-]*", right.group(0))) if right else 0
        if not capitals and right_caps >= 3 and re.search(r"\bthe\s+(?:\d{4}\s+)?$", text[:start]):
            capitals, trigger = right_caps, True  # "the 1998 Guidelines of International Commission on … (ICNIRP)"
            start = m.start()
            yr = re.search(r"\d{4}\s+$", text[:start])
            if yr:
                start = yr.start()
        if not capitals or not (trigger or capitals >= 3):
            continue
        if m.group(0) in _LOWER_DOC_NOUNS and not (capitals >= 3 or _ACRONYM.match(text[start:m.start()].split()[-1])):
            continue  # a lower-case noun ("guidelines", "reports") needs a body's acronym or a full name before it
        if _SELF_REFERENCE.match(text[start:m.end()]):
            continue
        if start == 0 or re.search(r"[.:;]\s*$", text[:start]):
            if capitals < 2:
                continue  # sentence-initial capital alone is no name
        end = m.end()
        # rightward: "on Data Centre Energy Efficiency", "for Road Design, Construction and Maintenance", "(EPREL)"
        r = RIGHT_TITLE.match(text[end:])
        if r:
            end += len(r.group(0).rstrip(", "))
        if m.group(0) in _LOWER_DOC_NOUNS:  # "the WHO handbook on safe management of wastes from healthcare activities"
            low = LOWER_TITLE.match(text[end:])
            if low:
                end += len(low.group(0))
        pre = re.search(r"(?:\bthe\s+)?(?:(?:most recent|latest|current)\s+(?:version\s+of\s+the\s+)?)?$", text[:start])
        the = re.search(r"\bthe\s+$", text[:start])
        if pre and pre.group(0).strip() and re.search(r"most recent|latest|current", pre.group(0)):
            start = pre.start()
        elif the:
            start = the.start()
        # "the comprehensive criterion B7 ‘…’ of the EU Green …": a located part of a named document
        loc = re.search(r"(?:\bthe\s+)?(?:[a-z]+\s+)?(?:criterion|indicator|chapter|section|table)\s+[A-Z]?\d[\w.]*"
                        r"(?:\s+[‘'][^’']{3,120}[’'])?\s+of\s+(?:the\s+)?$", text[:start])
        if loc:
            start = loc.start()
        out.append(Citation(kind="named_document", text=text[start:end], start=start, end=end,
                            spans=((start, end),), rule="pattern:named-document", confidence=0.7))
    return out


def _named_acts(text: str) -> list[Citation]:
    """Acts cited by name only ("the Waste Framework Directive", "the Habitats Directive"): no number, no CELEX."""
    out = []
    for m in NAMED_ACT.finditer(text):
        if re.search(r"[.:;]\s*$|^\s*$", text[:m.start(1)]) and len(m.group(1).split()) < 2:
            continue  # a sentence-initial capital alone is no name
        out.append(Citation(kind="eu_act", text=m.group(0), start=m.start(), end=m.end(), act_type=m.group(0).split()[-1],
                            spans=((m.start(), m.end()),), rule="pattern:named-act", confidence=0.6))
    return out


def _titled_acts(text: str) -> list[Citation]:
    """Acts cited by author, type and title ("the Council recommendation on …"), with the CELEX when a bracketed
    number follows the title (as footnotes print it).

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
        num = _TITLED_NUMBER.match(text[end:])
        act_type = m.group("type").capitalize()
        celex = None
        if num:
            letter = type_letter(act_type)
            celex = make_celex(num.group("y"), letter, num.group("n")) if letter else None
        out.append(Citation(kind="eu_act" if celex else "named_document", text=t, start=m.start(), end=end,
                            act_type=act_type, number=f"{num.group('y')}/{num.group('n')}" if num else None,
                            celex=celex, spans=((m.start(), end),), rule="pattern:titled-act",
                            confidence=0.75 if celex else 0.65))
    return out


def _phrase_citations(text: str) -> list[Citation]:
    out = _named_acts(text) + _titled_acts(text)
    for m in LEVELS_INDICATOR.finditer(text):  # the EU Level(s) framework for sustainable buildings
        out.append(Citation(kind="named_document", text=m.group(0), start=m.start(), end=m.end(),
                            spans=((m.start(), m.end()),), rule="pattern:levels-indicator", confidence=0.75))
    for m in NAMED_CONVENTION.finditer(text):
        if m.group("noun") == "Agreement" and not m.group("pin"):
            continue  # "the Grant Agreement": a capitalised agreement alone is no named treaty
        out.append(Citation(kind="named_document", text=m.group(0), start=m.start(), end=m.end(),
                            spans=((m.start(), m.end()),), rule="pattern:named-convention", confidence=0.7))
    for m in NAMED_AGREEMENT.finditer(text):
        t = m.group(0)
        out.append(Citation(kind="named_document", text=t, start=m.start(), end=m.end(), spans=((m.start(), m.end()),),
                            rule="pattern:named-agreement", confidence=0.7))
    for m in BAT_CAND.finditer(text):
        t = m.group(0).rstrip()
        out.append(Citation(kind="named_document", text=t, start=m.start(), end=m.start() + len(t),
                            spans=((m.start(), m.start() + len(t)),), rule="pattern:bat-conclusions",
                            confidence=0.8))
    for m in GENERIC_CAND.finditer(text):
        t = m.group(0).rstrip()
        lead = re.match(r"(?:as\s+required\s+by|with|to)\s+", t)  # "or as required by national provisions …"
        s0 = m.start() + (lead.end() if lead else 0)
        t = t[lead.end():] if lead else t
        out.append(Citation(kind="generic", text=t, start=s0, end=s0 + len(t),
                            spans=((s0, s0 + len(t)),), rule="pattern:generic-alternative",
                            confidence=0.7))
    out += _named_documents(text)
    return out
