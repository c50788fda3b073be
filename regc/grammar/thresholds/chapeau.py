"""What a chapeau (a parent text ending in ':') or a limit wording gives the items under it."""

from __future__ import annotations

import re
from typing import Optional

from regc.grammar.thresholds.lexicon import _FLIP, _OPS
from regc.grammar.thresholds.metric import _metric
from regc.grammar.thresholds.parsers import _op_regex
from regc.grammar.thresholds.patterns import (
    _CHAPEAU_SENTENCE_BREAK,
    _COUNTED_LIST,
    _FINITE_VERB,
    _LIMIT_SEMANTICS,
    _LIST_NAME_AFTER,
    _RELATIVE_WORD,
    _TRAILING_AUXILIARY,
)
from regc.grammar.thresholds.patterns_limits import _LIMIT_VALUES_CHAPEAU, _NUMBER_IN_LEAD, _REGIME_LEAD
from regc.grammar.thresholds.phrase import _negated
from regc.grammar.thresholds.text import _clean
from regc.grammar.prefilter import prefilter_namespace


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


def _chapeau_sentence(parent_text: Optional[str]) -> str:
    """The sentence of a chapeau that introduces its list: the text after the last sentence break, without the
    final ':' ("" when the parent text does not end with ':')."""
    if not parent_text or not parent_text.rstrip().endswith(":"):
        return ""
    tail = parent_text.rstrip()[:-1]
    breaks = list(_CHAPEAU_SENTENCE_BREAK.finditer(tail))
    return tail[breaks[-1].end():] if breaks else tail


def _chapeau_op_match(sentence: str) -> Optional[re.Match]:
    """The operator phrase that states the items' operator: the last non-'=' operator of the chapeau sentence
    after which only the list's name follows ("values not exceeding:"; "do not exceed the following values applied
    to the different manufacturing process steps:"; spec §7 TH1), else None."""
    found = None
    for m in _op_regex().finditer(sentence):
        if m.lastgroup != "EQ":
            found = m
    if not found:
        return None
    rest = sentence[found.end():]
    if re.search(r"\d", rest) or (len(rest.split()) > 5 and not _LIST_NAME_AFTER.match(rest)):
        return None
    if _COUNTED_LIST.search(rest):
        return None  # "at least one of the following:" counts criteria, it states no limit
    return found


def chapeau_operator(parent_text: Optional[str]) -> Optional[str]:
    """The operator a chapeau states for its items ("values not exceeding:" -> "<="), found anywhere in the
    chapeau sentence when the list's name follows it ("… do not exceed the following values applied to the
    different manufacturing process steps:" -> "<=").

    >>> chapeau_operator("the GHG intensity does not exceed the following limits:")
    '<='
    >>> chapeau_operator("iron and steel where GHG emissions, reduced by the amount of emissions assigned to the "
    ...                  "production of waste gases, do not exceed the following values applied to the different "
    ...                  "manufacturing process steps:")
    '<='
    >>> chapeau_operator("The activity meets either of the following criteria:") is None
    True
    >>> chapeau_operator("emissions are below 5 %. The activity implements the following measures for its plants:") is None
    True
    """
    sentence = _chapeau_sentence(parent_text)
    found = _chapeau_op_match(sentence) if sentence else None
    if found is None:
        return None
    op = _OPS[found.lastgroup.lower()]
    neg = _negated(sentence, 0, found.start())
    return _FLIP[op] if neg else op


def anchored_limit_chapeau(parents: list[str]) -> Optional[str]:
    """The chapeau an anchored Methodology list takes from the criterion it elaborates, when the list gives the
    values of a limit the criterion states with an operator ("… are not higher than the fleet-wide CO2 emissions
    targets." + "The fleet-wide CO2 emissions target values to be considered are:" -> "… are not higher than the
    following values:"); ``parents`` runs from the item's parent up: regime leads, the Methodology chapeau, the
    criterion.  None when the chain is not of that shape or the criterion states no operator for that noun.

    >>> anchored_limit_chapeau(["until 31 December 2024:", "The fleet-wide CO2 emissions target values to be "
    ...     "considered are:", "For vehicles of categories M1 and N1, specific emissions of CO2 are not higher than "
    ...     "the fleet-wide CO2 emissions targets."])
    'For vehicles of categories M1 and N1, specific emissions of CO2 are not higher than the following values:'
    >>> anchored_limit_chapeau(["The target values to be considered are:", "The activity reports its targets."]) is None
    True
    """
    i = 0
    while i < len(parents) and _REGIME_LEAD.match(parents[i] or ""):
        i += 1
    if i + 1 >= len(parents) or chapeau_operator(parents[i]) is not None:
        return None
    m = _LIMIT_VALUES_CHAPEAU.search(parents[i] or "")
    if not m:
        return None
    sentence = (parents[i + 1] or "").strip().rstrip(".;")
    breaks = list(_CHAPEAU_SENTENCE_BREAK.finditer(sentence))
    sentence = sentence[breaks[-1].end():] if breaks else sentence
    noun = re.compile(rf"^\s*(?:the\s+)?[\w\s-]{{0,60}}?\b{m.group('noun')}s?\s*$", re.I)
    for op in _op_regex().finditer(sentence):
        rest = sentence[op.end():]
        if op.lastgroup != "EQ" and noun.match(rest) and not _NUMBER_IN_LEAD.search(rest):
            return sentence[:op.end()] + " the following values:"
    return None


def chapeau_metric(parent_text: Optional[str]) -> str:
    """What the chapeau says is measured ("the GHG intensity does not exceed the following limits:" -> "GHG
    intensity"); "" when it says nothing usable."""
    sentence = _chapeau_sentence(parent_text)
    found = _chapeau_op_match(sentence) if sentence else None
    if found is None:
        return ""
    neg = _negated(sentence, 0, found.start())
    pos = neg.start() + max(0, found.start() - 60) if neg else found.start()
    metric = _relative_clause_quantity(sentence[:pos]) or _metric(sentence, pos, "", None, False)
    return "" if metric == "Value" else metric


def _relative_clause_quantity(head: str) -> str:
    """The quantity of a chapeau whose limit sits in a relative clause ("iron and steel where GHG emissions, reduced
    by …, do not exceed the following values:" -> "GHG emissions"; "steel … where the steel scrap input relative to
    product output is not lower than:" -> "Steel scrap input relative to product output"), else "".

    >>> _relative_clause_quantity("iron and steel where GHG emissions, reduced by the amount assigned to waste gases ")
    'GHG emissions'
    """
    parts = _RELATIVE_WORD.split(head)
    if len(parts) < 2:
        return ""
    np_ = _TRAILING_AUXILIARY.sub("", parts[-1].split(",")[0])
    np_ = _clean(np_)
    if not np_ or len(np_.split()) > 12 or _FINITE_VERB.search(np_):
        return ""
    return np_[:1].upper() + np_[1:]

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
