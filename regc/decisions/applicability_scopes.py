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


# "Engines for the propulsion of railway locomotives (RLL) and engines for the propulsion of railcars (RLR) comply …":
# the power units of a named kind of vehicle (not "Engines in vessels comply …": the activity's own vessels)
_PROPELLED_KIND_SUBJECT = re.compile(rf"""
    ^\s*(?:the\s+)?(?:[\w-]+\s+)?{_alt(lex.PROPULSION_UNIT_NOUNS)}\s+(?:used\s+)?for\s+the\s+propulsion\s+of\s+
    (?P<what>[\w\s()-]{{3,60}}?)(?=\s*,|\s+(?:and|or)\b|\s+(?:comply|complies|meet|meets|are|is|have|has)\b)
""", re.X | re.I)


def propelled_kind_subject(c) -> Optional[Verdict]:
    """AP2: "Engines for the propulsion of railway locomotives (RLL) … comply with …": only instances whose stock
    includes that kind of engine-propelled vehicle are bound (spec §7 some-instances entity; the activity also
    covers zero-direct-emission stock), unless the kind restates the activity.

    >>> propelled_kind_subject(_Cue("Engines for the propulsion of railcars (RLR) comply with limits.", "",
    ...                             "Freight rail transport")).value
    'Conditional'
    >>> propelled_kind_subject(_Cue("Engines in vessels comply with limits.", "", "Inland freight water transport"))
    """
    m = _PROPELLED_KIND_SUBJECT.match(c.text)
    if m and not _restates_words(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.6, "propelled-kind-subject")
    return None


# "… measures are implemented to avoid and mitigate harmful stormwater overflows from the combined wastewater
# collection system, …": a harm at its source system
_SOURCE_SYSTEM = re.compile(rf"""
    \b{_alt(lex.MITIGATION_VERB_STEMS)}\w*\b[^.;:]{{0,100}}?\bfrom\s+the\s+
    (?P<what>(?:[\w-]+\s+){{1,4}}?){_alt(lex.SOURCE_SYSTEM_HEADS)}\b
""", re.X | re.I)


def _open_words(phrase: str) -> set[str]:
    """Content words (five-letter stems), closed compounds opened ("wastewater" -> waste, water)."""
    low = phrase.lower()
    for closed, opened in lex.OPEN_COMPOUNDS.items():
        low = low.replace(closed, opened)
    return {w[:5] for w in re.findall(r"[a-z][\w-]{2,}", low)} - {"the", "and", "from", "with", "for"}


def _restates_words(phrase: str, activity_name: str) -> bool:
    """Some content word of ``phrase`` names the activity (closed and open compounds alike)."""
    return bool(_open_words(phrase) & _open_words(activity_name))


def source_system_of_harm(c) -> Optional[Verdict]:
    """AP2: a harm to mitigate from a system the activity does not name ("… stormwater overflows from the combined
    wastewater collection system" in flood protection infrastructure): only instances that have such a system are
    bound (spec §7 some-instances entity); Mandatory where the activity names the system (waste water collection
    and treatment activities: no verdict here).

    >>> source_system_of_harm(_Cue("Measures mitigate overflows from the combined wastewater collection system.", "",
    ...                            "Flood risk prevention and protection infrastructure")).value
    'Conditional'
    >>> source_system_of_harm(_Cue("Measures mitigate overflows from the waste water collection system.", "",
    ...                            "Renewal of waste water collection and treatment"))
    """
    m = _SOURCE_SYSTEM.search(c.text)
    if m and not _restates_words(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.55, "source-system-of-harm")
    return None


# "With regard to de-icing activities, …": a topic lead naming a kind of operation (not "As regards nitrogen oxides
# (NOx) emissions, …": no operation; not "With regard to construction activities, …": a process stage, §7)
_TOPIC_WORKS_LEAD = re.compile(rf"""
    ^\s*{_alt(lex.TOPIC_LEADS)}\s+(?:the\s+)?(?P<what>(?:[\w-]+\s+){{1,3}}?){_alt(lex.WORKS_NOUNS)}\s*,
""", re.X | re.I)


def topic_works_lead(c) -> Optional[Verdict]:
    """AP2: "With regard to de-icing activities, measures are in place …": the requirement binds only instances that
    carry out that kind of operation (as "for <class>", spec §6), unless it is a process stage every instance has
    ("for construction site activities", §7) or the activity itself.

    >>> topic_works_lead(_Cue("With regard to de-icing activities, measures are in place.", "", "Airport")).value
    'Conditional'
    >>> topic_works_lead(_Cue("With regard to construction activities, measures are in place.", "", "Airport"))
    """
    m = _TOPIC_WORKS_LEAD.match(c.text)
    what = m.group("what").strip().lower() if m else ""
    if not m or re.sub(r"\s+site$", "", what) in lex.PROCESS_STAGES or _restates_words(what, c.activity_name):
        return None
    return Verdict("Conditional", 0.6, "topic-works-lead")


# "For operation of underground geological CO2 storage sites, including closure …": a process stage of the activity's
# own kind of thing
_STAGE_OF_KIND_LEAD = re.compile(rf"""
    ^\s*for\s+(?:the\s+)?{_alt(lex.PROCESS_STAGES)}(?:\s+and\s+{_alt(lex.PROCESS_STAGES)})?\s+of\s+(?:the\s+)?
    (?P<what>[^,:;]{{3,100}}?)\s*(?:[,:;]|$)
""", re.X | re.I)


_NAMED_STAGE = re.compile(rf"\b{_alt(lex.PROCESS_STAGES)}\b", re.I)  # "Construction, extension and operation of …"


def _stems6(phrase: str) -> set[str]:
    return {w[:6] for w in re.findall(r"[a-z][a-z0-9-]{2,}", phrase.lower())}


def stage_of_own_kind(c) -> Optional[Verdict]:
    """§6 exceptions (iii) + (v): "For operation of underground geological CO2 storage sites, …" in "Underground
    permanent geological storage of CO2" is a process stage of what every instance is: Mandatory.  Not when the
    activity's name itself lists stages ("Construction, extension and operation of …": a stage is then one
    alternative of the activity) or the kind adds a qualifier the name lacks ("existing hydropower plants").

    >>> stage_of_own_kind(_Cue("For operation of underground CO2 storage sites:", "", "Underground storage of CO2")).value
    'Mandatory'
    >>> stage_of_own_kind(_Cue("For operation of existing hydropower plants:", "", "Electricity generation from hydropower"))
    """
    m = _STAGE_OF_KIND_LEAD.match(c.text)
    if m is None or not c.activity_name or _NAMED_STAGE.search(c.activity_name):
        return None
    kind = _stems6(m.group("what")) - _stems6(" ".join(lex.SITE_NOUNS)) - {"the", "and", "for", "with"}
    if kind and kind <= _stems6(c.activity_name):
        return Verdict("Mandatory", 0.6, "stage-of-own-kind")
    return None


# "Bridges, tunnels, dikes and sluices are inspected regularly …": a subject that lists three or more bare plural
# kinds (no determiner), closed by its verb
_LISTED_KINDS_SUBJECT = re.compile(r"""
    ^\s*(?P<what>[A-Z][a-z-]+s,\s+(?:[a-z-]+s,\s+)*[a-z-]+s\s+(?:and|or)\s+[a-z-]+s)
    \s+(?:are|is|have|has|do|does|comply|meet)\b
""", re.X)


def listed_kinds_subject(c) -> Optional[Verdict]:
    """AP1/AP2: "Bridges, tunnels, dikes and sluices are inspected regularly …": the subject lists kinds of thing
    the activity may build or use, so only instances with one of them are bound (spec §7), unless a kind restates
    the activity.

    >>> listed_kinds_subject(_Cue("Bridges, tunnels, dikes and sluices are inspected.", "", "Use of concrete")).value
    'Conditional'
    >>> listed_kinds_subject(_Cue("Bridges and tunnels are inspected.", "", "Use of concrete"))
    """
    m = _LISTED_KINDS_SUBJECT.match(c.text)
    if m is None or _restates_words(m.group("what"), c.activity_name):
        return None
    return Verdict("Conditional", 0.55, "listed-kinds-subject")


prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
