"""Applicability cues about whom a node's scope covers (spec §6/§7), as named rules of a
:class:`regc.decisions.applicability_cues.Cue` (any object with ``text``, ``parent_text``, ``activity_name``) returning
a verdict or ``None``; the rule tuples of :mod:`regc.decisions.applicability_cues` run them.  Word lists:
:mod:`.applicability_lexicon`.

>>> cited_points_subject(_Cue("The aircraft referred to in points (b) to (c) complies with the following standards:")).value
'Conditional'
>>> definite_own_input(_Cue("For the cement used in this activity, the emissions are:")).value
'Mandatory'
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from regc.decisions import applicability_lexicon as lex
from regc.decisions.base import Verdict
from regc.grammar.prefilter import prefilter_namespace


class _Cue(NamedTuple):  # the fields the rules read (doctests; the decision passes its own Cue)
    text: str
    parent_text: str = ""
    activity_name: str = ""


def _alt(words) -> str:
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)) + ")"


# a points citation: "points (b) to (c)", "point 2", "points (b) and (e)" (not "this point (d)": the node's own point)
_POINTS = r"(?<!\bthis\s)(?<!\bthat\s)(?<!\bsame\s)\bpoints?\s+\(?[a-z0-9]{1,4}\)?(?:\s*(?:to|and|or|-|–)\s*\(?[a-z0-9]{1,4}\)?)?"
# the subject, a definite entity restricted by the points that name it ("The aircraft referred to in subsection
# ‘Substantial contribution …’, points (b) to (c), complies …", "The aircraft compliant with the technical screening
# criteria in points (b) to (e) of subsection ‘…’ complies …"); the restriction sits before the node's first verb
_CITED_POINTS_SUBJECT = re.compile(
    rf"^\s*(?:the|any|each|all)\s+(?:(?!{_alt(lex.SUBJECT_VERBS)}\b)[a-z][\w-]*\s+){{1,3}}?{_alt(lex.POINT_RESTRICTORS)}\s+(?:[^.;:]{{0,120}}?\s)?"
    rf"(?:in\s+)?{_POINTS}[^.;:]{{0,120}}?\s{_alt(lex.SUBJECT_VERBS)}\b", re.IGNORECASE)


def cited_points_subject(c) -> Optional[Verdict]:
    """The subject is restricted to the instances that other points of the activity's criteria name ("The aircraft
    referred to in … points (b) to (c) complies with …"): only those instances are bound (spec §6 a type qualifier on
    the entity).  "The aircraft complies with the requirements referred to in Article 9(2)" (no restriction on the
    subject) does not fire."""
    return Verdict("Conditional", 0.7, "cited-points-subject") if _CITED_POINTS_SUBJECT.match(c.text) else None


# "updated where the characteristics and operation of the activity change significantly": an obligation to revise
# that arises only where a change happens (not "updated regularly", "reviewed every five years")
_CHANGE_TRIGGER = re.compile(
    rf"\b{_alt(lex.REVISION_PARTICIPLES)}\s+(?:[\w-]+\s+){{0,3}}?(?:where|when|whenever|if|in\s+case)\s+[^.;]{{0,120}}?"
    rf"\b{_alt(lex.CHANGE_WORDS)}\b", re.IGNORECASE)


def change_trigger(c) -> Optional[Verdict]:
    """AP3/AP4: a revision due only when something changes ("(c) updated where the characteristics and operation of
    the activity change significantly"): the change decides whether the obligation applies (Conditional)."""
    return Verdict("Conditional", 0.65, "change-trigger") if _CHANGE_TRIGGER.search(c.text) else None


# "For the cement used in this activity, …": a definite description of what the activity itself uses presupposes
# that every instance uses it (§6 exception (iii)); not "For agricultural biomass used in the activity" (a kind)
_DEFINITE_OWN_INPUT = re.compile(rf"^\s*for\s+the\s+(?:[\w-]+\s+){{1,3}}?{_alt(lex.USE_PARTICIPLES)}\s+(?:in|by|for)\s+"
                                 rf"(?:this|the)\s+(?:economic\s+)?activity\s*,", re.IGNORECASE)


def definite_own_input(c) -> Optional[Verdict]:
    """Exception (iii): "For the cement used in this activity, …" restates what every instance has: Mandatory."""
    return Verdict("Mandatory", 0.6, "definite-own-input") if _DEFINITE_OWN_INPUT.match(c.text) else None


# one block, complementary scopes: "for aircraft other than freighter: …; for freighter aircraft: …"
_OTHER_THAN_LEAD = re.compile(r"^\s*for\s+(?:the\s+|all\s+)?(?P<cls>[\w\s-]{1,40}?)\s+other\s+than\s+(?P<other>[\w\s-]{1,40}?)"
                              r"\s*[:,]", re.IGNORECASE)
_FOR_LATER = re.compile(r"[;.]\s*for\s+(?:the\s+|all\s+)?(?P<scope>[\w\s-]{1,60}?)\s*[:,]", re.IGNORECASE)


def complementary_scopes(text: str) -> bool:
    """The node opens with "for <class> other than <kind>" and later scopes "for <kind> …": together they cover every
    instance of the class, so the block binds every instance.

    >>> complementary_scopes("for aircraft other than freighter: standard A; for freighter aircraft: standard B;")
    True
    >>> complementary_scopes("for aircraft other than freighter: standard A;")
    False
    """
    m = _OTHER_THAN_LEAD.match(text)
    if m is None:
        return False
    other = {w[:5] for w in m.group("other").lower().split()}
    return any(other <= {w[:5] for w in later.group("scope").lower().split()}
               for later in _FOR_LATER.finditer(text, m.end()))


prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
