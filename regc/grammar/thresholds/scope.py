"""Scope conditions: numbers that say WHO a rule applies to, not a limit."""

from __future__ import annotations

import re
from functools import lru_cache

from regc.grammar.thresholds.patterns import (
    _CONDITION_CLAUSE,
    _CONDITION_START,
    _FINITE_VERB,
    _SCOPE_ENTITY,
    _SCOPE_PREP,
    _VERBAL_OP,
)
from regc.grammar.thresholds.lexicon import ADDITIONAL_REQUIREMENT_LEADS
from regc.grammar.thresholds.text import _sentence_start
from regc.grammar.prefilter import prefilter_namespace


@lru_cache(maxsize=256)
def _has_finite_verb(text: str) -> bool:
    """Has the text a finite verb anywhere (asked once per number: once per text)."""
    return bool(_FINITE_VERB.search(text))


def _in_leading_condition(text: str, pos: int) -> bool:
    """Is ``pos`` inside a sentence-initial "Where/If/When ..." clause (before its main clause starts)?"""
    s0 = _sentence_start(text, pos)
    head = text[s0:pos]
    if head.rstrip().endswith(","):
        return False  # ", at least 50 % of ...": the main clause starts with the limit
    if not _CONDITION_START.match(head):
        return False
    for seg in re.split(r",\s+", text[s0:pos + 12])[1:]:
        if seg.lower().startswith(ADDITIONAL_REQUIREMENT_LEADS):
            return False  # "…, in addition to an attained value … at least 10 percentage points": a requirement
        if re.match(r"(?:where|if|when|which|that|or|and|until|from|by|in|as|unless|provided|including|"
                    r"excluding|such)\b", seg, re.I):
            continue
        if _FINITE_VERB.search(seg):
            return False  # the main clause has started
    return True


def _scope(text: str, wstart: int, op_start: int, op_text: str = "") -> bool:
    """Does the number say WHO the rule applies to ("plants with thermal input greater than 1 MW")?"""
    rel = re.search(rf"\b{_SCOPE_ENTITY}\s+(?:where|whose|in\s+which)\b([^,;]{{0,80}})$", text[max(wstart - 60, 0):op_start],
                    re.I)
    if rel and not _FINITE_VERB.search(rel.group(1)) and not _in_leading_condition(text, op_start):
        return True  # "… a power production plant where the direct GHG emissions exceed 270 g": which plants
    if _VERBAL_OP.match(op_text or ""):
        # "is above", "does not exceed": a predicate, unless inside a leading "Where ..., " clause
        return bool(_CONDITION_CLAUSE.match(text[_sentence_start(text, op_start):op_start])) or \
            _in_leading_condition(text, op_start)
    if _in_leading_condition(text, op_start):
        return True
    left = text[max(wstart - 60, _sentence_start(text, op_start), 0):op_start]
    if re.search(rf"\b{_SCOPE_ENTITY}\s+(?:of\s+)?$", left, re.I):
        return True
    if re.search(r"\bin (?:a |the )?concentrations?\s+(?:of\s+)?$", left, re.I):
        return True
    if _CONDITION_CLAUSE.match(text[_sentence_start(text, op_start):op_start]):
        return True
    m = _SCOPE_PREP.search(left)
    if not m:
        return False
    if re.search(r"\b(?:and|or)\s*$", left):
        return False  # "… for non-contact packaging and at least 10 %": the for-phrase closed the previous item
    size_noun = re.search(r"\b(?:capacity|input|output|power|mass|weight|size|area|floor|length|tonnage|volume|"
                          r"load|rat(?:ed|ing)|lifespan|age|population|employees|turnover|surface|height|"
                          r"diameter|speed|distance|treating|serving)\b", left[m.start():], re.I)
    if not size_noun and not _has_finite_verb(text):
        return False  # a verbless list item ("windows with U-value lower or equal to 1,0 W/m2K") IS the requirement
    if _FINITE_VERB.search(left[m.start():]):
        return False
    before = left[:m.start()].split()
    if before and re.match(r"(?:compl(?:y|ies|iance)|line|accordance|combined|associated|consistent|compatible|"
                           r"together|along|equipped|provided)", before[-1], re.I):
        return False
    return True

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
