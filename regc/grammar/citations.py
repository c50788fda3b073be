"""Citations in running text: regex candidate finder + LALR parse (``citation.lark``) + typed result.

lark does not scan running text, so each family has a candidate finder (regular expressions) and the candidate
span is then parsed with the grammar; what does not parse is dropped (or, for pinpoint prefixes, shortened).
Phrase references that have no formal syntax (named documents, BAT conclusions, generic alternatives) are found
by patterns only.  Every decision carries a ``rule`` and a ``confidence`` so a learned arbiter can override it.

>>> [c.celex for c in find_citations("in accordance with Directive 2010/75/EU and Regulation (EC) No 1893/2006")]
['32010L0075', '32006R1893']
>>> [(c.text, c.celex) for c in find_citations(
...     "agricultural biomass complies with Article 29, paragraphs 2 to 5, of Directive (EU) 2018/2001 while forest "
...     "biomass complies with Article 29, paragraphs 6 and 7, of that Directive.")]
[('Article 29, paragraphs 2 to 5, of Directive (EU) 2018/2001', '32018L2001'), ('Article 29, paragraphs 6 and 7, of that Directive', '32018L2001')]
>>> [c.text for c in find_citations("set out in Sections 5.11 and 5.12 of this Annex")]
['Section 5.11 of this Annex', 'Section 5.12 of this Annex']
>>> find_citations("the criteria referred to in point 1(b) are met")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Literal, Optional, Sequence

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from regc.ir.celex import celex_from_parts

CitationKind = Literal["eu_act", "internal", "standard", "named_document", "generic"]

GRAMMAR_PATH = Path(__file__).with_name("citation.lark")


@lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=False)


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


# ---------------------------------------------------------------------------------------------------------------
# EU acts

_TYPE = r"(?:Regulation|Directive|Decision|Recommendation)s?"
_SERIES = r"(?:\((?:EU|EC|EEC|CE|Euratom|EU, Euratom|ECSC)\)|(?:EU|EC|EEC)(?=\s+\d))"  # "Regulation EU 2020/852" (typo)
_NUM = r"\d{1,4}/\d{1,4}(?:/(?:EU|EC|EEC|CE|Euratom|ECSC|CFSP|JHA))?(?![\d/])"
_ACTNUM = rf"(?:{_SERIES}\s+)?(?:No\.?\s+)?{_NUM}"
ACT_CORE = re.compile(
    rf"(?:(?:Commission|Council)\s+)*(?:(?:Delegated|Implementing|Framework)\s+)*\b{_TYPE}\s+{_ACTNUM}"
    rf"(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)(?:{_SERIES}\s+)?(?:No\.?\s+)?{_NUM})*"
)
ANAPHOR_CORE = re.compile(r"\b(?:that|the)\s+(?:Directive|Regulation|Decision|Recommendation|Article)(?![\w’'])")
PIN_START = re.compile(r"\b(?:Articles?|[Pp]aragraphs?|[Pp]oints?|Annex(?:es)?|the Annex|Table|[Pp]art|Appendix)\b")
# noun heads that make one source of "<head> <act>" ("national measures implementing Directive 2010/31/EU")
HEAD_PREFIX = re.compile(
    r"(?:(?:the\s+)?provisions\s+of|national\s+(?:measures|law|legislation|rules)\s+(?:implementing|transposing))\s+$"
)
# "the European List of Waste established by" directly before an act: one source
NAMED_BY_PREFIX = re.compile(
    r"(?:the\s+)?(?:(?:EU|European|Union)\s+)(?:[A-Z][\w\-]*\s+|(?:of|on|for|and)\s+){1,8}"
    r"(?:established|set out|laid down|adopted)\s+(?:by|in|under)\s+$"
)
ELABORATION_GAP = re.compile(
    r"^\s*,?\s*(?:and\s+)?(?:,\s*)?(?:in particular|including|notably|especially)\b[^;.]{0,90}$"
)


@dataclass
class _ActParse:
    pinrefs: list[tuple[int, int]]  # spans (relative) of each pinref, including its preposition
    acts: list[tuple[str, str, Optional[str], bool, tuple[int, int]]]  # (type words, number, series, has_no, span)
    anaphor_type: Optional[str]  # "Directive"/"Article"/... for anaphors
    pinpoint_text: Optional[str]


def parse_act_span(span: str) -> Optional[_ActParse]:
    """Parse one candidate act-citation span with the LALR grammar; None if it is not a citation.

    >>> p = parse_act_span("Article 25(2) of and Annex V to Directive (EU) 2018/2001")
    >>> len(p.pinrefs), p.acts[0][1]
    (2, '2018/2001')
    """
    try:
        tree = parser().parse(span, start="start")
    except LarkError:
        return None
    if tree.data == "the_anaphor_citation":
        types = [t for t in tree.children if isinstance(t, Token) and t.type == "ACT_TYPE"]
        pin_end = [t for t in tree.children if isinstance(t, Token) and t.type == "OF_THE"][0].start_pos
        return _ActParse([(0, pin_end + len("of the"))], [], types[0].value, span[:pin_end].rstrip(" ,"))
    if tree.data == "the_named_citation":  # "Article 9(2) of the Regulation (EU) 2018/1139"
        of_the = [t for t in tree.children if isinstance(t, Token) and t.type == "OF_THE"][0]
        named = [t for t in tree.children if isinstance(t, Tree) and t.data == "named_act"][0]
        tree = Tree("act_citation", [Tree("pinpoints", [Tree("pinref", [Token("OF", "of", start_pos=0, end_pos=of_the.end_pos)])]),
                                     Tree("act_ref", [named])])
        p = _act_parse_tree(tree, span)
        p.pinrefs = [(0, of_the.end_pos)]
        p.pinpoint_text = span[:of_the.start_pos].rstrip(" ,")
        return p
    if tree.data != "act_citation":
        return None
    return _act_parse_tree(tree, span)


def _act_parse_tree(tree: Tree, span: str) -> _ActParse:
    pinrefs: list[tuple[int, int]] = []
    acts: list = []
    anaphor_type = None
    pin_text = None
    for ch in tree.children:
        if isinstance(ch, Tree) and ch.data == "pinpoints":
            for pr in ch.children:
                if isinstance(pr, Tree) and pr.data in {"pinref", "bare_pin"}:
                    toks = list(pr.scan_values(lambda v: isinstance(v, Token)))
                    pinrefs.append((toks[0].start_pos, toks[-1].end_pos))
            if pinrefs:
                last_prep = list(ch.scan_values(lambda v: isinstance(v, Token) and v.type in {"OF", "TO"}))[-1]
                pin_text = span[pinrefs[0][0]:last_prep.start_pos].rstrip(" ,")
        elif isinstance(ch, Tree) and ch.data == "act_ref":
            inner = ch.children[0]
            if inner.data == "anaphor":
                toks = [t for t in inner.children if isinstance(t, Token)]
                anaphor_type = "Annex" if toks[0].type == "ANNEX_ANAPHOR" else toks[-1].value
            else:
                head = [t for t in inner.children if isinstance(t, Token) and t.type in {"ISSUER", "FORM", "ACT_TYPE"}]
                type_words = " ".join(t.value for t in head)
                type_start = head[0].start_pos
                for an in inner.children:
                    if isinstance(an, Tree) and an.data == "actnum":
                        ts = [t for t in an.children if isinstance(t, Token)]
                        num = [t for t in ts if t.type == "ACTNUM"][0]
                        series = next((t.value.strip("()") for t in ts if t.type == "SERIES"), None)
                        has_no = any(t.type == "NO" for t in ts)
                        acts.append((type_words, num.value, series, has_no, (type_start, num.end_pos)))
    return _ActParse(pinrefs, acts, anaphor_type, pin_text)


def _singular(type_words: str) -> str:
    w = type_words.split()
    w[-1] = re.sub(r"s$", "", w[-1])
    return " ".join(w)


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


# ---------------------------------------------------------------------------------------------------------------
# internal references, standards

INTERNAL_CAND = re.compile(
    r"\bthe (?:relevant|[a-z]+) Section of this Annex\b"
    r"|\b[Ss]ections?\s+\d+\.\d+\.?(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s+to\s+)\d+\.\d+\.?)*"
    r"(?:,\s*respectively,)?(?:\s+of\s+(?:this Annex|Annex [IVX]+(?:\s+to\s+this Regulation)?))?"
    r"|\bAppendix\s+[A-Z](?![\w])(?:\s+to\s+this\s+Annex)?"
)
STANDARD_CAND = re.compile(
    r"(?<![\w/-])ETSI\s(?:ES|EN|TS|TR|EG|GS)\s\d{3}\s\d{3}(?:-\d+)*(?![\d])"
    r"|(?<![\w/-])(?:EN ISO|EN IEC|ISO/IEC|CEN/EN|CLC/EN|CEN/TS|CEN/TR|CEN-CENELEC document CLC TR|CLC/TS|CLC TR|IEC TS|IEC TR|"
    r"ISO/TS|ISO/TR|ISO|EN|IEC|CEN|ASTM)\s?\d[\d\-]*(?:\.\d+)*(?::\s?\d{4})?(?:\+A\d+(?::\d{4})?)?"
)
QUOTED_TITLE = re.compile(r"^\s*[‘'“\"][^’'”\"]{3,200}[’'”\"]")


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
        q = QUOTED_TITLE.match(text[end:])
        if q and span.startswith(("CEN-CENELEC", "CLC")):
            end += q.end()
        out.append(Citation(kind="standard", text=text[m.start():end], start=m.start(), end=end,
                            spans=((m.start(), end),), rule="grammar:standard", confidence=0.95))
    return out


# ---------------------------------------------------------------------------------------------------------------
# phrase references: BAT conclusions, named documents, generic alternatives

BAT_CAND = re.compile(
    r"(?:\bthe\s+)?(?:(?:latest|most recent)\s+)?(?:relevant\s+)?"
    r"(?:best available techniques \(BAT\)|BAT|best available techniques)\s+conclusions"
    r"(?:\s+for\s+(?:the\s+)?[^,;.:()]+?)?"
    r"(?=\s+and\s+(?:the|in|other|a|an|equal|stricter|national|relevant|where|when|ensures?|that)\b|\s+to\s+apply|\s+or\s"
    r"|\s+(?:in accordance|set out|adopted|apply|including)\b|[,;.:)]|$)"
)
GENERIC_CAND = re.compile(
    r"\banother\s+(?:legal\s+)?instrument\b"
    r"|\bother\s+(?:(?:commonly\s+accepted|equivalent|relevant|recognised),?\s+)*(?:(?:national or )?international\s+)?"
    r"(?:industry\s+)?(?:standards?(?:\s+and\s+methodologies)?|sources|standardised\s+[^,;.]+?)(?:\s+for\s+[^,;.]+?)?"
    r"(?=[,;.]|$|\s+(?:may|which|that|where|how|is|are|used)\b)"
    r"|\bnational\s+regulatory\s+(?:standards|requirements)\b"
    r"|\b(?:(?:an\s+)?(?:equivalent|equal\s+or\s+stricter)\s+)?national\s+law(?:\s+(?:used|applicable|in force)\b[^,;.]*)?"
    r"|\b(?:equivalent|equal\s+or\s+stricter)\s+national\s+(?:legislation|provisions|rules|regulations?)\b"
    r"|(?<=\bor\s)(?:with\s+)?(?:commonly\s+accepted\s+|recognised\s+|relevant\s+)?international\s+(?:industry\s+)?standards\b"
    r"(?:\s+that\s+[a-z][^,;.]{1,60}?(?=[,;.]|$|\s+(?:to|and|or|in|for)\s+(?:the\s+)?[a-z]+\s+(?:of|to|caused)\b))?"
    r"|(?<=\bor\s)(?:(?:as\s+required\s+by|with|to)\s+)?(?:(?:equivalent|equal\s+or\s+stricter|the\s+relevant)\s+)?"
    r"national\s+(?:provisions|legislation|rules|regulations?|fertiliser\s+legislation)\b(?!\s+(?:implementing|transposing)\b)"
    r"(?:\s+(?:on|stating|relating\s+to|for)\s+[^,;.()]{1,90}?(?=[,;.]|$|\s+(?:where|which|that|with|in\s+order|"
    r"compared)\b))?"
    r"|(?<=\bor\s)(?:with\s+)?(?:regulatory\s+)?(?:requirements|rules|standards|methods?)\s+that\s+are\s+equivalent\b"
    r"|(?:\bthe\s+)?delegated(?:\s+and\s+implementing)?\s+acts\s+adopted\s+(?:under|pursuant to)\s+(?:that|this|the)\s+"
    r"(?:Directive|Regulation)"
    r"|(?:\bthe\s+)?implementing\s+(?:regulations|acts|measures)\s+(?:adopted\s+)?(?:under|pursuant\s+to)\s+(?:that|this|the)\s+"
    r"(?:Directive|Regulation)"
)
DOC_NOUN = re.compile(
    r"\b(?:Protocol|Standards|Code of Conduct|Red List|Registry|[Ss]urvey|Criteria|List of Waste|Guidelines|Handbook|"
    r"Reference Document|handbook|guidelines|guidance|manual|reports?|"
    r"Manual|[Tt]ool|[Dd]atabase|[Dd]efinition of [a-z\-]+(?: (?!(?:as|in|is|are|and|or|of|for|to|the|a|an|that|which|by|with|where|when)\b)[a-z\-]+){0,2})\b"
)
_SELF_REFERENCE = re.compile(r"^(?:(?:Technical|Screening|Criteria|Delegated|Act|Annex|Section|Appendix|Union|Taxonomy)\s*)+$")
_CAPITAL_FUNCTION_WORDS = {"The", "See", "For", "In", "Where", "When", "If", "As", "Under", "With", "By", "According"}
_LOWER_DOC_NOUNS = {"handbook", "guidelines", "guidance", "manual", "report", "reports"}
_ACRONYM = re.compile(r"^[A-Z]{2,}$")
_CAP = re.compile(r"^(?:[A-Z][\w\-/’]*|[A-Z]{2,}[\w\-]*)$")
_CONNECT = {"of", "on", "for", "and", "the"}
_NAME_TRIGGER = re.compile(r"^(?:EU|European|Europe|Union|IUCN|FAO|UN|UNECE|IPCC|OECD|JRC|IEA|[A-Z]{2,}[\w\-]*|[A-Z][\w]*-[a-z]+)$")


# rightward title of a named document: "on Data Centre Energy Efficiency", "(BREF) for the Large Volume Inorganic
# Chemicals – Solids and Others industry", "(EPREL)"
RIGHT_TITLE = re.compile(
    r"(?:\s+\([A-Z]{2,}\)(?=\s+(?:on|for|of)\s+(?:the\s+)?[A-Z]))?"
    r"(?:\s+(?:on|for|of)(?:\s+the(?=\s+[A-Z]))?(?:\s+(?:[A-Z][\w\-]*|and)|\s+[–—](?=\s+[A-Z])"
    r"|,(?=\s+[A-Z][\w\-]*(?:,\s+[A-Z][\w\-]*)*,?\s+and\s))+"
    r"(?:\s+(?:industry|industries|sector|sectors)\b)?)*(?:\s+\([A-Z]{2,}\))?")
# a lower-case title after a lower-case document noun, running to the end of the clause
LOWER_TITLE = re.compile(r"\s+(?:on|for)\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,10}(?=\s*(?:[,;.:()]|$))")


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


NAMED_ACT = re.compile(
    r"(?:\bthe\s+)?\b(?!(?:The|This|That|Each|Any|Such|Council|Commission|European|Union|Implementing|Delegated)\b)"
    r"((?:[A-Z][a-z]+\s+){1,4})(?:Framework\s+)?(?:Directive|Regulation)(?![\w’'])(?!\s+(?:\(|No\b|\d))"
)


def _named_acts(text: str) -> list[Citation]:
    """Acts cited by name only ("the Waste Framework Directive", "the Habitats Directive"): no number, no CELEX."""
    out = []
    for m in NAMED_ACT.finditer(text):
        if re.search(r"[.:;]\s*$|^\s*$", text[:m.start(1)]) and len(m.group(1).split()) < 2:
            continue  # a sentence-initial capital alone is no name
        out.append(Citation(kind="eu_act", text=m.group(0), start=m.start(), end=m.end(), act_type=m.group(0).split()[-1],
                            spans=((m.start(), m.end()),), rule="pattern:named-act", confidence=0.6))
    return out


NAMED_AGREEMENT = re.compile(
    r"(?:\bthe\s+)?(?:(?:[A-Z][\w-]*|of|on|for|and)\s+){0,4}?(?:Agreement|Convention)\s+(?:concerning|on|for|of|relating\s+to)"
    r"\s+(?:the\s+)?[A-Z][\w-]*(?:\s+(?:of|by|and|for|on|the|from)\s+[A-Z][\w-]*|\s+[A-Z][\w-]*)*(?:\s+\([A-Z]{2,}\))?")


# a convention, protocol or agreement named by its place or subject ("the Minamata Convention", "the Paris
# Agreement"), with an optional article pinpoint ("Article 11 of the Minamata Convention")
NAMED_CONVENTION = re.compile(
    r"(?P<pin>\bArticles?\s+\d+[a-z]?(?:\(\d+[a-z]?\))*(?:\([a-z]{1,3}\))*\s+of\s+)?\bthe\s+"
    r"(?!(?:The|This|That|European|Union|Commission|Council|Implementing|Delegated)\b)(?:[A-Z][\w-]+\s+){1,3}"
    r"(?P<noun>Convention|Protocol|Agreement)(?![\w’'])(?!\s+(?:concerning|on|for|of|relating)\b)")


LEVELS_INDICATOR = re.compile(r"\bLevel\(s\)\s+indicators?\s+\d+\.\d+(?:\s*(?:,|and)\s*\d+\.\d+)*")


# an act cited by its author, type and title, without a number ("the Council recommendation on the limitation of
# exposure of the general public to electromagnetic fields (0 Hz to 300 GHz)"); a footnote that adds the number
# in brackets ("Council Recommendation of 12 July 1999 on … (1999/519/EC)") identifies it
TITLED_ACT = re.compile(
    r"(?:\bthe\s+)?\b(?:Council|Commission|European\s+Parliament\s+and\s+(?:of\s+)?the\s+Council)\s+"
    r"(?P<type>[Rr]ecommendation|[Dd]irective|[Rr]egulation|[Dd]ecision)\s+(?:of\s+\d{1,2}\s+[A-Z][a-z]+\s+\d{4}\s+)?"
    r"on\s+(?:the\s+)?[a-z][\w-]*(?:\s+(?!and\s+(?:for|in|the|to|where|with|as)\b)(?:[a-z][\w-]*|\((?!(?:19|20)\d\d/|OJ\b)[^()]{1,40}\)|"
    r"[A-Z]{2,}\w*|\d[\w.,]*)){0,24}")
_TITLED_NUMBER = re.compile(r"\s*\((?P<y>(?:19|20)\d\d)/(?P<n>\d{1,4})/(?:EC|EU|EEC|Euratom|CFSP)\)")


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


# ---------------------------------------------------------------------------------------------------------------
# assembly: overlap resolution, merging of elaborations, anaphor resolution


def _overlaps(a: Citation, b: Citation) -> bool:
    return a.start < b.end and b.start < a.end


def _siblings(a: Citation, b: Citation) -> bool:
    """Pieces of one split coordination share their span end (and rule family)."""
    return a.end == b.end and a.kind == b.kind and ("split" in a.rule) and ("split" in b.rule) and a.text != b.text


@dataclass
class ActContext:
    """Acts named earlier (in preceding nodes of the same unit), for anaphors with no antecedent in the text."""

    acts: list[Citation] = field(default_factory=list)


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


# "Annex I, Section 5.1(c) of Directive 2010/75/EU": a section of another act is a pinpoint of that act, not a
# section of this Annex
SECTION_PIN_BEFORE = re.compile(
    r"(?:\b(?:Annex|Part)\s+[IVX]+[a-z]?,?\s+)?\bSections?\s+\d+(?:\.\d+)*\.?(?:\([a-z0-9]{1,4}\))*,?\s+of\s+$")


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


# ---------------------------------------------------------------------------------------------------------------
# OJ references (footnotes)

OJ_REF = re.compile(r"OJ\s+[LC]\s+\d+[A-Z]?,\s*\d{1,2}\.\d{1,2}\.\d{4},\s*p\.\s*\d+")


def find_oj(text: str) -> list[str]:
    """'(OJ L 332, 11.12.2013, p. 34)' -> ['OJ L 332, 11.12.2013, p. 34']."""
    return [m.group(0) for m in OJ_REF.finditer(text)]
