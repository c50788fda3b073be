"""The LALR parse of a candidate citation span (``citation.lark``) into pinpoints and act numbers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "citation.lark"  # the grammar stays in regc/grammar/


@lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=False, cache=True)


@dataclass
class _ActParse:
    pinrefs: list[tuple[int, int]]  # spans (relative) of each pinref, including its preposition
    acts: list[tuple[str, str, Optional[str], bool, tuple[int, int]]]  # (type words, number, series, has_no, span)
    anaphor_type: Optional[str]  # "Directive"/"Article"/... for anaphors
    pinpoint_text: Optional[str]


@lru_cache(maxsize=16384)  # an act is cited in many texts: one parse per distinct span (callers only read it)
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


_PIN_STARTS = frozenset({"ARTICLE", "PARAGRAPH", "POINT", "ANNEX", "TABLE", "PART", "APPENDIX"})


def _list_members(toks: list[Token]) -> list[tuple[int, int]]:
    """The members of a pinpoint path that is a list (spans; the last keeps the preposition): a new member starts at
    a pin after ", and", or after a comma when it is of the kind that opened the member ("Article 6(b), Article
    8b(1), point (a), and Article 8c(a) of" is three: an article is never a part of an article; "Annex III, Part B,
    to" is one path).

    >>> s = "Article 6(b), Article 8b(1), point (a), and Article 8c(a) of Directive 2009/71/Euratom"
    >>> [s[a:b] for a, b in parse_act_span(s).pinrefs]
    ['Article 6(b)', 'Article 8b(1), point (a)', 'Article 8c(a) of']
    >>> s = "Annex III, Part B, to Directive 2008/98/EC"
    >>> [s[a:b] for a, b in parse_act_span(s).pinrefs]
    ['Annex III, Part B, to']
    """
    out, start, kind = [], toks[0].start_pos, None
    for i, t in enumerate(toks):
        if t.type not in _PIN_STARTS:
            continue
        prev = [x.type for x in toks[max(0, i - 2):i]]
        if kind is not None and (prev == ["COMMA", "AND"] or (prev[-1:] == ["COMMA"] and t.type == kind)):
            sep = i - (2 if prev == ["COMMA", "AND"] else 1)
            out.append((start, toks[sep - 1].end_pos))
            start, kind = t.start_pos, None
        kind = kind or t.type
    out.append((start, toks[-1].end_pos))
    return out


def _act_parse_tree(tree: Tree, span: str) -> _ActParse:
    pinrefs: list[tuple[int, int]] = []
    acts: list = []
    anaphor_type = None
    pin_text = None
    for ch in tree.children:
        if isinstance(ch, Tree) and ch.data == "pinpoints":
            for pr in ch.children:
                if isinstance(pr, Tree) and pr.data in {"pinref", "bare_pin"}:
                    pinrefs += _list_members(list(pr.scan_values(lambda v: isinstance(v, Token))))
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
