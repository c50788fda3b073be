"""What a chapeau (a parent text ending in ':') or a limit wording gives the items under it."""

from __future__ import annotations

import re
from typing import Optional

from regc.grammar.thresholds.lexicon import _FLIP, _OPS
from regc.grammar.thresholds.metric import _metric
from regc.grammar.thresholds.parsers import _op_regex
from regc.grammar.thresholds.patterns import _FINITE_VERB, _LIMIT_SEMANTICS
from regc.grammar.thresholds.phrase import _negated
from regc.grammar.thresholds.text import _clean


def limit_operator(text: Optional[str]) -> Optional[str]:
    """The operator a text gives the limits it refers to ("not … at or above the specified concentration limit" ->
    "<": the limit itself is not allowed; "not … exceeding the limit" -> "<=").

    >>> limit_operator("are not introduced to … component parts at or above the specified concentration limit.")
    '<'
    >>> limit_operator("emissions do not exceed the limits") is None, limit_operator("the limit values") is None
    (False, True)
    """
    m = _LIMIT_SEMANTICS.search(text or "")
    if not m:
        return None
    op = m.group("op").lower()
    return "<" if re.match(r"at\s+or|greater\s+than\s+or|equal", op) else "<="


def chapeau_subject(parent_text: Optional[str]) -> str:
    """The quantity a chapeau "<quantity> is/are:" introduces (its items give the values), else "".

    >>> chapeau_subject("Greenhouse gas emissions from the cement production processes are:")
    'Greenhouse gas emissions from the cement production processes'
    >>> chapeau_subject("steel in EAFs and where the steel scrap input relative to product output is:")
    'Steel scrap input relative to product output'
    """
    if not parent_text:
        return ""
    m = re.search(r"^(?P<head>.*?)\s+(?:is|are|shall\s+be|must\s+be|amounts?\s+to)\s*:\s*$", parent_text.strip(), re.I)
    if not m:
        return ""
    np_ = re.split(r",|;|\b(?:where|which|that|when|if|whose)\b", m.group("head"))[-1]
    np_ = _clean(np_)
    if not np_ or len(np_.split()) > 12 or _FINITE_VERB.search(np_):
        return ""
    return np_[:1].upper() + np_[1:]


def chapeau_operator(parent_text: Optional[str]) -> Optional[str]:
    """The operator a chapeau states for its items ("values not exceeding:" -> "<=").

    >>> chapeau_operator("the GHG intensity does not exceed the following limits:")
    '<='
    >>> chapeau_operator("The activity meets either of the following criteria:") is None
    True
    """
    if not parent_text or not parent_text.rstrip().endswith(":"):
        return None
    tail = parent_text.rstrip()[:-1]
    tail = tail[max(0, len(tail) - 80):]
    found = None
    for m in _op_regex().finditer(tail):
        if m.lastgroup != "EQ":
            found = m
    if not found:
        return None
    rest = tail[found.end():]
    if re.search(r"\d", rest) or len(rest.split()) > 5:
        return None
    if re.search(r"\b(?:one|two|three|four|five|all|each|any|either|both)\b(?:\s+\w+)?\s+of\b", rest, re.I):
        return None  # "at least one of the following:" counts criteria, it states no limit
    op = _OPS[found.lastgroup.lower()]
    neg = _negated(tail, 0, found.start())
    return _FLIP[op] if neg else op


def chapeau_metric(parent_text: Optional[str]) -> str:
    """What the chapeau says is measured ("the GHG intensity does not exceed the following limits:" -> "GHG
    intensity"); "" when it says nothing usable."""
    if not parent_text or chapeau_operator(parent_text) is None:
        return ""
    tail = parent_text.rstrip()[:-1]
    found = None
    for m in _op_regex().finditer(tail):
        if m.lastgroup != "EQ":
            found = m
    neg = _negated(tail, 0, found.start())
    pos = neg.start() + max(0, found.start() - 60) if neg else found.start()
    metric = _metric(tail, pos, "", None, False)
    return "" if metric == "Value" else metric
