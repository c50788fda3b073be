"""Applicability cues of spec §7 as named rules (AP1 sub-type items, AP2 some-instances entities, AP3 trailing
gates, AP4 cue lexicon), each a function of a :class:`Cue` returning a verdict or ``None``.  Two ordered tuples:
:data:`EARLY_RULES` run before the lead-clause rules of :mod:`regc.decisions.applicability` (they settle cases a
lead rule would get wrong), :data:`LATE_RULES` before its default.  Word lists: :mod:`.applicability_lexicon`.

>>> first_match(LATE_RULES, Cue("The operator applies solvent segregation, where technically applicable.")).rule
'trailing-gate'
>>> first_match(LATE_RULES, Cue("Emissions are calculated, where available.")) is None
True
>>> first_match(EARLY_RULES, Cue("for construction site activities, activities follow the IFC guidelines.")).value
'Mandatory'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Optional

from regc.decisions import applicability_lexicon as lex
from regc.decisions.anchor_type import _EXCLUSION, SHOWN_COMPLIANCE
from regc.decisions.activity_names import activity_alternatives, names_one_part
from regc.decisions.applicability_scopes import (change_trigger, cited_points_subject, definite_own_input,
                                                 listed_kinds_subject, propelled_kind_subject, source_system_of_harm,
                                                 stage_of_own_kind, topic_works_lead)
from regc.decisions.activity_names import restates as _restates
from regc.decisions.base import Verdict
from regc.decisions.point_citations import POINTS_SUBJECT
from regc.decisions.traced import ReadTracedMemo
from regc.grammar.prefilter import prefilter_namespace


def _alt(words) -> str:
    """A regex alternation of a word list, longest first, spaces matching any whitespace."""
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)) + ")"


@dataclass(frozen=True)
class Cue:
    """What a cue rule reads: the node's first sentence, its parent's text and the activity's name."""

    text: str
    parent_text: str = ""
    activity_name: str = ""


CueRule = Callable[[Cue], Optional[Verdict]]

# ---------------------------------------------------------------------------------------------------------------
# named pieces

_UNIVERSAL = _alt(lex.UNIVERSAL_QUALIFIERS)
_GATE_PRED = _alt(lex.GATE_PREDICATES)
_LOCATIVE = _alt(lex.LOCATIVE_NOUNS)
_INTERVENTION = _alt(lex.INTERVENTION_NOUNS)
_FEEDSTOCK = _alt(lex.FEEDSTOCK_NOUNS)
_SUBTYPE = _alt(lex.SUBTYPE_NOUNS)
_MAKE_VERB = r"(?:" + "|".join(lex.MAKE_VERB_STEMS) + r")\w*"
_PERMISSION = _alt(lex.PERMISSION_PHRASES)
_CLAIM = _alt(lex.CLAIM_LEADS)
_STAGE = _alt(lex.PROCESS_STAGES)
_LOCATION = _alt(lex.LOCATION_SCOPES)
_VALUE = r"\d[\d\s.,]*(?:\s*%|\s*[a-zA-Z][\w/]*)?"          # "70 %", "1,331 tCO2e/t"
_FINITE_VERB = (r"(?:is|are|was|were|has|have|had|does|do|shall|must|can|may|will|compl(?:y|ies)|meets?|achieves?|"
                r"improves?|reduces?|ensures?|uses?|takes?|fulfils?|provides?|includes?|appl(?:y|ies)|demonstrates?|"
                r"results?|increases?|decreases?|emits?|remains?|exceeds?|relies|rely)")

# "outside of the Union, activities are …": a location scope at the head of the node
_LOCATION_HEAD = re.compile(rf"^\s*(?:for\s+activities\s+located\s+)?{_LOCATION}\s*[,:]", re.IGNORECASE)
# "for construction site activities, …": a process stage, not a class of instances
_STAGE_SCOPE = re.compile(rf"^\s*for\s+(?:the\s+)?{_STAGE}(?:\s+(?:site|phase|works))?\s+(?:activities|works|phase)\b",
                          re.IGNORECASE)
# "In order for an activity to be considered as an enabling activity …": a claim only some instances make
_CLAIM_HEAD = re.compile(rf"^\s*{_CLAIM}\b", re.IGNORECASE)
# a chapeau whose list completes the activity's verb of making ("The economic activity manufactures, repairs …
# components … for the following vehicles:"), the verb anywhere in the chapeau sentence
_OBJECT_CHAPEAU_ANYWHERE = re.compile(
    rf"\bactivity\s+(?:[\w-]+\s+){{0,2}}?{_MAKE_VERB}\b[^.;:]*?\b(?:for\s+)?(?:one\s+of\s+)?the\s+following"
    rf"(?:\s+(?!(?:criteria|requirements|conditions|values|thresholds|measures)\b)[a-z-]+)?\s*:\s*$", re.IGNORECASE)
_GATE_OR_SCOPE_LEAD = re.compile(r"^\s*(?:where|if|when|in\s+case|for|unless)\b", re.IGNORECASE)
# "… the following values applied to the different manufacturing process steps:"
_SUBTYPE_CHAPEAU = re.compile(rf"\b(?:applied\s+to|for)\s+(?:each\s+of\s+)?the\s+(?:different|various|individual|"
                              rf"following)\s+(?:[\w-]+\s+){{0,2}}?{_SUBTYPE}\s*:\s*$", re.IGNORECASE)
# an item binding a value to a named sub-type: "hot metal = 1,331 tCO2e/t product;", "sintered ore: 0,163 …"
_NAMED_VALUE_ITEM = re.compile(rf"^\s*[A-Za-z][^=:;]{{1,80}}?\s*[=:]\s*{_VALUE}", re.IGNORECASE)
# a value tier keyed on a product: "70 % for the production of high alloy steel;"
_PRODUCT_TIER_ITEM = re.compile(rf"^\s*(?:at\s+least\s+|up\s+to\s+)?{_VALUE}\s+(?:[\w-]+\s+){{0,4}}?for\s+(?:the\s+)?"
                                rf"(?:production|manufacture|manufacturing)\s+of\b", re.IGNORECASE)
# "The economic activity dismantling and depolluting WEEE complies …": the subject restricted by a participle
_PARTICIPIAL_SUBJECT = re.compile(rf"^\s*the\s+(?:economic\s+)?activit(?:y|ies)\s+(?P<what>(?:[a-z-]+ing\b)"
                                  rf"[^.;,]*?)\s+{_FINITE_VERB}\b", re.IGNORECASE)
# "Agricultural biomass used in the activity complies …": a kind of feedstock only some instances use
_FEEDSTOCK_SUBJECT = re.compile(rf"^\s*(?P<mod>[A-Z][\w-]*(?:\s+(?:and|or)\s+[\w-]+)?)\s+{_FEEDSTOCK}\s+used\s+"
                                rf"(?:in|for|by)\b")
# "Life-cycle GHG emissions of plastic manufactured from sustainable bio-waste feedstock are lower …": the subject is
# (a quantity of) a thing made from one kind of feedstock, a kind some instances use (AP2); the participle and its
# feedstock sit in the subject, before the node's finite verb
_MADE_FROM_FEEDSTOCK = re.compile(rf"^\s*[A-Z][\w-]*(?:\s+[\w()-]+){{0,7}}?\s+(?:{_alt(lex.MADE_FROM_PARTICIPLES)})\s+"
                                  rf"from\s+(?P<mod>(?:[\w-]+\s+){{0,3}}?){_FEEDSTOCK}\s+{_FINITE_VERB}\b")
# "The conversion, repurposing or retrofit does not …", "the refurbishment of the facility does not …"
_INTERVENTION_SUBJECT = re.compile(rf"^\s*(?:the|any)\s+(?P<what>{_INTERVENTION}(?:\s*(?:,|or|and|and/or)\s*"
                                   rf"{_INTERVENTION})*)\b(?:\s+(?:of|to)\s+[^.;,]{{1,60}}?)?\s+{_FINITE_VERB}\b",
                                   re.IGNORECASE)
# a trailing "…, where <subject> <gate predicate>" / ", if any" / ", where technically applicable"; the comma may be
# missing ("separates waste at source where separate collection is available", spec §7); "the point where …" is a place.
# The lead (?<![\w)]) tries "before" only from the start of a word: the same leftmost match (wherever a match starts
# inside a word, one starts a character earlier too), without the retries at every position inside every word
_TRAILING_GATE = re.compile(
    rf"(?<![\w)])(?P<before>[\w)]+)(?:\s*,\s*|\s+(?=where\b))(?:if\s+any|where\s+(?:technically\s+)?(?:applicable|relevant|appropriate|present)"
    rf"|where\s+(?!{_UNIVERSAL}\b)(?:[\w()‘’'-]+\s+){{1,8}}?{_GATE_PRED}\b[^,;]*)\s*[,;.]?\s*(?:and|or)?\s*$",
    re.IGNORECASE)
_LOCATIVE_WORD = re.compile(rf"^{_LOCATIVE}$", re.IGNORECASE)
# ", where either of these provisions is applicable, …": an applicability gate inside the sentence
_INNER_GATE = re.compile(r",\s*where\s+(?:either|any|one|each|both)\s+of\s+(?:these|those|the)\s+[\w\s]{1,40}?"
                         r"\s+(?:is|are)\s+applicable\s*,", re.IGNORECASE)
# an interjected ", where applicable, " after the item's head ("information on … stored on the device, where
# applicable, with the exception of …"); not the conjunct-picker ", and, where applicable, targets …" (the
# qualifier picks one object, the obligation binds every instance)
_INTERJECTED_GATE = re.compile(r"(?<!\band)(?<!\bor)\s*,\s*where\s+(?:technically\s+)?(?:applicable|relevant|"
                               r"appropriate|present)\s*,\s*(?!and\b|or\b)\w", re.IGNORECASE)
# "The activity may include …", "products may include …" (main clause, not "which may include")
_MAY_INCLUDE_MAIN = re.compile(r"^\s*(?:[\w,-]+\s+){0,12}?(?<!which\s)(?<!that\s)may\s+(?:also\s+)?include\b",
                               re.IGNORECASE)
_CLASS = _alt(lex.CLASS_NOUNS)
_EXEMPTED = _alt(lex.EXEMPTED_POINT_WORDS)
# "Points 1 and 2 do not apply to <class>": the exemption node applies where the class is met (spec §7)
_EXEMPTION = re.compile(rf"^\s*{_EXEMPTED}\s+[\w().,\s]{{1,40}}?\s+(?:do|does|shall)\s+not\s+apply\s+to\b",
                        re.IGNORECASE)
# "…; for the manufacturing activity under conditions not covered by the BATC mentioned above": a residual scope
_RESIDUAL_SCOPE = re.compile(r"[;,]?\s*for\s+(?:the\s+)?[\w\s-]{0,60}?\b(?:under|in)\s+(?:conditions|cases)\s+"
                             r"not\s+covered\s+by\b", re.IGNORECASE)
# "Plants within the BAT-AEL range(s) moving to the mid-point …", "Installations that have been granted a
# derogation …": a bare class restricted by a post-modifier, subject of the node
_QUALIFIED_CLASS_SUBJECT = re.compile(rf"^\s*{_CLASS}\s+(?P<what>(?:that|which|whose|within|with|where|under|"
                                      rf"[a-z]+ing)\b[^.;]*?)\s+{_FINITE_VERB}\b", re.IGNORECASE)
_PERMISSION_CUE = re.compile(rf"\b{_PERMISSION}\b|\bit\s+is\s+possible\s+for\s+[^,.;]{{1,60}}?\s+to\b", re.IGNORECASE)
# a leading adverbial before the main clause ("Depending on the demands and needs of …, products may include …")
_LEADING_ADVERBIAL = re.compile(r"^\s*(?:depending\s+on|in\s+addition|additionally|furthermore|moreover|"
                                r"in\s+particular)\b[^,;:]{0,160},\s*", re.IGNORECASE)
# "… where the demands and needs of policyholders require so": "so" stands for the obligation (with or without comma)
_SO_GATE = re.compile(rf"\bwhere\s+(?:[\w’'()-]+,?\s+){{1,14}}?{_alt(lex.SO_GATE_VERBS)}\b", re.IGNORECASE)
# a date lead before the subject ("from 1 January 2026, vessels that are able to run on … have …")
_DATE_LEAD = re.compile(r"^\s*(?:from|until|as\s+of|after|before|by)\s+(?:\d{1,2}\s+)?[A-Z]?[a-z]*\s*\d{4}\s*,\s*",
                        re.IGNORECASE)
_HAZARD_CLASS = _alt(lex.HAZARD_CLASS_MARKERS)
# "In the dedicated bio-waste treatment plants, the share of … is …": a leading place that is a qualified kind of the
# activity's installations (AP2), not "In these anaerobic digestion plants, …" (anaphora) nor a kind that restates
# the activity
_KIND_PLACE_LEAD = re.compile(rf"^\s*in\s+(?:the\s+)?(?!(?:these|those|this|that|such|its|their)\b)"
                              rf"(?P<what>(?:[\w-]+\s+){{1,4}}?){_CLASS}\s*,", re.IGNORECASE)
_SUBJECT_END = re.compile(rf"\s{_FINITE_VERB}\b", re.IGNORECASE)
# the activity's name coordinating two kinds of one head noun ("Collection and transport of non-hazardous and
# hazardous waste", "Manufacture of automotive and mobility components"): an instance may handle one kind only
_NAME_KINDS = re.compile(r"\bof\s+(?P<a>[\w-]+)\s+(?:and|or|and/or)\s+(?P<b>[\w-]+)\s+(?P<head>[\w-]+)\s*"
                         r"(?=$|\b(?:for|in|from|by|to|with|on)\b)")
# an option of an OR chapeau ("complies with one of the following criteria:") whose subject is a bare, pre-modified
# kind of the activity's entity ("until 31 December 2025, hybrid and dual fuel vessels derive at least 50 % …"): only
# instances of that kind can take the option (spec §7: sub-type options of an OR are Conditional); the word after the
# kind is its verb, not a participle of a listed object ("cooling and ventilation systems rated in …")
_OR_OPTIONS_CHAPEAU = re.compile(r"\b(?:either|one\s+of\s+the\s+following|one\s+or\s+more\s+of|at\s+least\s+one\s+of)\b",
                                 re.IGNORECASE)
# a modifier word: no determiner or quantifier, no verb or plural noun ending in -s ("enables the vessels to …")
_KIND_MODIFIER = rf"(?!{_alt(lex.DEFINITE_DETERMINERS)}\b|(?:an?|all|each|every|any|no|other|such)\b)[a-z][\w-]*(?<!s)"
_OPTION_KIND_SUBJECT = re.compile(rf"^\s*(?P<what>{_KIND_MODIFIER}(?:\s+(?:and|or)\s+{_KIND_MODIFIER})?"
                                  rf"(?:\s+{_KIND_MODIFIER}){{0,2}}?)\s+{_CLASS}\s+"
                                  rf"(?!(?:that|which|whose|with|of|in|for|and|or|to)\b|[a-z]+(?:ed|ing)\b)[a-z]+\b")
# a subject restricted to what an event causes ("emissions and removals that occur due to natural disturbances")
_EVENT_CAUSED = re.compile(rf"\b(?:that|which)\s+{_alt(lex.EVENT_VERBS)}\s+{_alt(lex.EVENT_CAUSE_LINKS)}\b",
                           re.IGNORECASE)
_DEFINITE_HEAD = re.compile(rf"^\s*{_alt(lex.DEFINITE_DETERMINERS)}\b", re.IGNORECASE)


# ---------------------------------------------------------------------------------------------------------------
# the rules


def stage_activities_scope(c: Cue) -> Optional[Verdict]:
    """"for construction site activities, …" is a process stage (§6 exception (v), §7): Mandatory."""
    return Verdict("Mandatory", 0.75, "process-stage-activities") if _STAGE_SCOPE.match(c.text) else None


# "where not included in Section 8.2., advanced software …": the option's boundary with another Section of the
# Annex (what counts as this option), not a situation of the instance
_OTHER_SECTION_BOUNDARY = re.compile(r"^\s*where\s+not\s+(?:already\s+)?(?:included|covered|listed)\s+(?:in|by|under)\s+"
                                     r"Sections?\s+\d[\d.]*", re.IGNORECASE)


def other_section_boundary(c: Cue) -> Optional[Verdict]:
    """"where not included in Section 8.2., <option>": the option stays what the activity makes or does, minus
    what another Section covers (spec §6 exception (i)): Mandatory."""
    return Verdict("Mandatory", 0.7, "other-section-boundary") if _OTHER_SECTION_BOUNDARY.match(c.text) else None


# "In areas designated by … for conservation or in habitats that are protected, …": a restricted kind of place
_PLACE_SCOPE_HEAD = re.compile(rf"^\s*(?:in|within)\s+{_alt(lex.PLACE_NOUNS)}\s+{_alt(lex.PLACE_RESTRICTORS)}\b"
                               r"[^.;:]{0,200}?[,:]", re.IGNORECASE)
# "After a climate risk event, …", "Following an accident, …": an indefinite event as the trigger
_EVENT_LEAD = re.compile(rf"^\s*(?:after|following|in\s+the\s+aftermath\s+of)\s+(?:an?|any)\s+(?:[\w-]+\s+){{0,3}}?"
                         rf"{_alt(lex.EVENT_NOUNS)}\b", re.IGNORECASE)


def location_scope(c: Cue) -> Optional[Verdict]:
    """"outside of the Union, …", "in the Union:", "In areas designated by the national competent authority for
    conservation …, …": a location scope in every spelling (§7): Conditional.  "In these areas, …" (anaphora) and a
    place without a restriction do not fire."""
    return Verdict("Conditional", 0.7, "location-scope") if _LOCATION_HEAD.match(c.text) or \
        _PLACE_SCOPE_HEAD.match(c.text) else None


def event_trigger(c: Cue) -> Optional[Verdict]:
    """AP4: "After a climate risk event, the insurer provides information …": the obligation arises only in the
    instances the event hits, like "in the event of" (Conditional); "after the works are completed" (a stage) and
    "after 31 December 2030" (a date) name no event."""
    return Verdict("Conditional", 0.75, "event-trigger") if _EVENT_LEAD.match(c.text) else None


def claim_gate(c: Cue) -> Optional[Verdict]:
    """"In order for an activity to be considered as an enabling activity …": only instances making the claim."""
    return Verdict("Conditional", 0.75, "claim-gate") if _CLAIM_HEAD.match(c.text) else None


def object_of_chapeau_anywhere(c: Cue) -> Optional[Verdict]:
    """Exception (i): an item that completes the activity's verb of making, the verb anywhere in the chapeau
    sentence ("The economic activity manufactures … components … for the following vehicles:")."""
    if c.parent_text and _OBJECT_CHAPEAU_ANYWHERE.search(c.parent_text) and not _GATE_OR_SCOPE_LEAD.match(c.text):
        return Verdict("Mandatory", 0.7, "object-of-chapeau-verb-anywhere")
    return None


def subtype_value_item(c: Cue) -> Optional[Verdict]:
    """AP1: an item binding a value to one sub-type named by the chapeau ("… values applied to the different
    manufacturing process steps: hot metal = 1,331 …"), or a value tier keyed on a product ("70 % for the
    production of high alloy steel"): only instances with that step/product are bound."""
    if c.parent_text and _SUBTYPE_CHAPEAU.search(c.parent_text) and _NAMED_VALUE_ITEM.match(c.text):
        return Verdict("Conditional", 0.7, "subtype-value-item")
    if _PRODUCT_TIER_ITEM.match(c.text):
        return Verdict("Conditional", 0.7, "product-tier-item")
    return None


def activity_part_subject(c: Cue) -> Optional[Verdict]:
    """AP1: a phrase that echoes the activity's head ("The renewal of a collection system …", "for the
    manufacture of biofuels …"), or an item continuing a chapeau that echoes it ("The retrofitting activity
    achieves …: reduces fuel consumption of the inland passenger vessel …"), names one of the alternatives
    coordinated in the activity's name ("Renewal of waste water collection and treatment")."""
    head, pairs = activity_alternatives(c.activity_name)
    if not pairs:
        return None
    # "The renewal of a collection system …" (one kind of instance: indefinite article), "for the manufacture of …"
    phrases = [m.group("what") for m in re.finditer(rf"(?:^\s*the\s+{head}\w*\s+of\s+(?=an?\s)|\bfor\s+the\s+{head}\w*"
                                                    rf"\s+of\s+)(?P<what>[^.;:]+)", c.text, re.IGNORECASE)]
    if re.search(rf"\b{head}", c.parent_text, re.IGNORECASE) and re.match(rf"^\s*{_FINITE_VERB}\b", c.text):
        phrases.append(re.split(r"\s+(?:by|as|to|through)\s+|,", c.text, maxsplit=1)[0])  # "reduces X of the Y vessel"
    if any(names_one_part(p, pairs) for p in phrases):
        return Verdict("Conditional", 0.6, "names-one-part-of-activity")
    return None


def participial_activity_subject(c: Cue) -> Optional[Verdict]:
    """AP1: "The economic activity dismantling and depolluting WEEE complies …": the participle restricts the
    activity to one kind of instance, unless it restates the activity."""
    m = _PARTICIPIAL_SUBJECT.match(c.text)
    if m and not _restates(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.65, "participial-activity-subject")
    return None


def feedstock_subject(c: Cue) -> Optional[Verdict]:
    """AP2: "Agricultural biomass used in the activity complies …": a kind of feedstock some instances use
    (Mandatory only when the kind restates the activity's own scope)."""
    m = _FEEDSTOCK_SUBJECT.match(c.text)
    if m and not _restates(m.group("mod"), c.activity_name):
        return Verdict("Conditional", 0.65, "feedstock-kind-subject")
    m = _MADE_FROM_FEEDSTOCK.match(c.text)
    if m and m.group("mod").strip() and not _restates(m.group("mod"), c.activity_name):
        return Verdict("Conditional", 0.65, "made-from-feedstock-subject")
    return None


def intervention_subject(c: Cue) -> Optional[Verdict]:
    """AP2: "The conversion, repurposing or retrofit does not increase …": an intervention only some instances
    undertake (Mandatory when the activity is that intervention)."""
    m = _INTERVENTION_SUBJECT.match(c.text)
    if m and not _restates(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.65, "intervention-subject")
    return None


def exemption(c: Cue) -> Optional[Verdict]:
    """ED2 (applicability side): "Points 1 and 2 do not apply to <class>" holds only where the class is met."""
    return Verdict("Conditional", 0.8, "exemption-of-points") if _EXEMPTION.match(c.text) else None


def qualified_class_subject(c: Cue) -> Optional[Verdict]:
    """AP2: a bare class restricted by a post-modifier ("Installations that have been granted a derogation …
    are not considered …"): it targets a kind of thing the activity may or may not include."""
    m = _QUALIFIED_CLASS_SUBJECT.match(_DATE_LEAD.sub("", c.text, count=1))  # "from 1 January 2026, vessels that …"
    if m and not _restates(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.6, "qualified-class-subject")
    return None


# "In order to limit thermal anomalies …, operators of inland nuclear power plants utilising once-through wet cooling
# … control:": the subject is the operator of a pre-modified kind of installation (after an optional purpose lead)
_OPERATOR_OF_KIND = re.compile(rf"^\s*(?:in\s+order\s+to\b[^,;:]{{0,160}},\s*)?(?:the\s+)?operators?\s+of\s+"
                               rf"(?P<what>(?:[\w-]+\s+){{1,4}}?){_CLASS}\b", re.IGNORECASE)


def operator_of_kind_subject(c: Cue) -> Optional[Verdict]:
    """AP2: "operators of inland nuclear power plants utilising once-through wet cooling … control: …": only the
    instances that run that kind of installation are bound (Conditional), unless the kind restates the activity
    ("operators of the plants" names no kind: a modifier word is required)."""
    m = _OPERATOR_OF_KIND.match(c.text)
    if m and not re.fullmatch(r"(?:the|these|those|such|its|their)\s+", m.group("what"), re.IGNORECASE) and \
            not _restates(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.6, "operator-of-kind-subject")
    return None


def option_kind_subject(c: Cue) -> Optional[Verdict]:
    """AP2: an option of an OR whose subject is a pre-modified kind of the activity's entity ("until 31 December
    2025, hybrid and dual fuel vessels derive at least 50 % of their energy …" under "complies with one of the
    following criteria:"): only instances of that kind can take it (Conditional); "the vessels have …" (definite, the
    activity's own entity) and a kind that restates the activity do not fire."""
    if not (c.parent_text and _OR_OPTIONS_CHAPEAU.search(c.parent_text)):
        return None
    m = _OPTION_KIND_SUBJECT.match(_DATE_LEAD.sub("", c.text, count=1))
    if m and not _restates(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.6, "option-kind-subject")
    return None


def kind_place_lead(c: Cue) -> Optional[Verdict]:
    """AP2: "In the dedicated bio-waste treatment plants, …": the node binds only instances that run that kind of
    installation (Conditional), unless the kind restates the activity."""
    m = _KIND_PLACE_LEAD.match(c.text)
    if m and not _restates(m.group("what"), c.activity_name):
        return Verdict("Conditional", 0.6, "kind-place-lead")
    return None


# a list of excluded kinds: "The following elements are not compliant:"
_EXCLUSION_CHAPEAU = re.compile(rf"\bthe\s+following\b[^.;:]*?(?:{_EXCLUSION.pattern})[^.;:]*:\s*$", re.IGNORECASE)


def excluded_kind(c: Cue) -> Optional[Verdict]:
    """ST3: an exclusion whose subject is a kind of thing the activity may or may not include ("Infrastructure
    dedicated to a direct connection to a plant more GHG intensive than … is not compliant", "Installation of
    metering infrastructure that does not meet … is not compliant"): Conditional (spec §7 Exclusions).  A subject
    with a definite determiner ("The plant is not eligible …") or one that restates the activity is the activity's
    own entity: no verdict here.  The items of a list of exclusions ("The following elements are not compliant:
    infrastructure dedicated to …") are excluded kinds in the same way."""
    m = _EXCLUSION.search(c.text)
    if m is None and c.parent_text and _EXCLUSION_CHAPEAU.search(c.parent_text):
        subject = c.text  # an item of "The following elements are not compliant:" is the excluded kind itself
    elif m is None:
        return None
    else:
        subject = c.text[:m.start()]
    if not subject.strip() or _DEFINITE_HEAD.match(subject) or re.search(r"[,;:]", subject.strip()[:1]) or \
            _restates(subject, c.activity_name):
        return None
    return Verdict("Conditional", 0.65, "excluded-kind")


def subject_of(text: str) -> str:
    """The node's subject: the words before its first finite verb (the whole text when there is none).

    >>> subject_of("The operator collecting hazardous waste complies with record-keeping obligations")
    'The operator collecting hazardous waste'
    """
    m = _SUBJECT_END.search(text)
    return text[:m.start()] if m else text


def name_kinds(activity_name: str) -> tuple[str, ...]:
    """The two kinds of one head noun that an activity's name coordinates, else ``()``.

    >>> name_kinds("Collection and transport of non-hazardous and hazardous waste")
    ('non-hazardous waste', 'hazardous waste')
    >>> name_kinds("Collection and transport of hazardous waste")
    ()
    """
    m = _NAME_KINDS.search(activity_name)
    if not m or m.group("a").lower() == m.group("b").lower():
        return ()
    return (f"{m.group('a')} {m.group('head')}", f"{m.group('b')} {m.group('head')}")


def _mentions(text: str, phrase: str) -> bool:
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.search(rf"(?<![\w-]){words}\b", text, re.IGNORECASE) is not None


def coordinated_kind_subject(c: Cue) -> Optional[Verdict]:
    """AP2: the activity's name coordinates two kinds of its object ("… of non-hazardous and hazardous waste") and
    the node's subject is one kind only: it opens with that kind ("Hazardous waste is collected separately from
    non-hazardous waste …") or is an agent handling it ("The operator collecting hazardous waste complies …").
    Instances that handle only the other kind are not bound.  A kind inside a list of the subject ("Source
    segregated waste consisting of (i) paper …; or (vii) any type of hazardous waste is …") or the object of the
    activity's verb ("The economic activity manufactures … mobility components …", exception (i)) does not fire.
    A harm of one kind the node prevents ("Proper collection and handling prevent leakage of hazardous waste …") makes
    it a requirement about that kind too."""
    kinds = name_kinds(c.activity_name)
    if not kinds:
        return None
    subject = subject_of(c.text)
    if re.search(rf"{re.escape(kinds[0].split()[0])}\s+(?:and|or|and/or)\s+{re.escape(kinds[1].split()[0])}", subject,
                 re.IGNORECASE):
        return None  # "Non-hazardous and hazardous waste is …": both kinds
    for mine, other in (kinds, kinds[::-1]):
        words = r"\s+".join(re.escape(w) for w in mine.split())
        head = rf"^\s*(?:(?:the|any|all)\s+)?(?:[\w-]+\s+){{0,2}}?(?<![\w-]){words}\b|^\s*the\s+[\w-]+\s+[a-z]+ing\s+{words}\b"
        if re.search(head, subject, re.IGNORECASE) and not _mentions(subject, other):
            return Verdict("Conditional", 0.6, "coordinated-kind-subject")
    for mine, other in (kinds, kinds[::-1]):  # "Proper collection and handling prevent leakage of hazardous waste …"
        words = r"\s+".join(re.escape(w) for w in mine.split())
        if re.search(rf"\b{_alt(lex.HARM_NOUNS)}\s+of\s+{words}\b", c.text, re.IGNORECASE) and \
                not _mentions(c.text, other):
            return Verdict("Conditional", 0.6, "coordinated-kind-object")
    return None


def hazard_class_subject(c: Cue) -> Optional[Verdict]:
    """AP2: the subject of the requirement is a material of a hazard class ("Diffuse emissions of substances or
    mixtures classified as CMR1A or 1B … do not exceed …"): only instances that handle it are bound.  A prohibition
    whose OBJECT is such a material ("… does not use substances classified as …") binds every instance."""
    subject = subject_of(c.text)
    if re.search(_HAZARD_CLASS, subject, re.IGNORECASE) and not re.search(_HAZARD_CLASS, c.activity_name, re.IGNORECASE):
        return Verdict("Conditional", 0.6, "hazard-class-subject")
    return None


# "during renovation, refurbishing or demolition activities implying the removal of foam panels …": works restricted
# by what they involve (not "during construction works, …": a process stage every instance has, §6 exception (v))
_WORKS_INVOLVING = re.compile(rf"\b(?:during|in|for)\s+(?:[\w,-]+\s+){{0,6}}?{_alt(lex.WORKS_NOUNS)}\s+"
                              rf"{_alt(lex.INVOLVING_PHRASES)}\s+(?:the\s+)?{_alt(lex.INVOLVED_OPERATIONS)}\s+of\b",
                              re.IGNORECASE)


def works_involving(c: Cue) -> Optional[Verdict]:
    """AP2: a requirement on works that involve a thing only some instances meet ("ensures that during demolition
    activities implying the removal of foam panels that contain F-gases, the emissions are avoided"): Conditional."""
    return Verdict("Conditional", 0.6, "works-involving") if _WORKS_INVOLVING.search(c.text) else None


def event_caused_subject(c: Cue) -> Optional[Verdict]:
    """AP2: the subject is what an event causes ("emissions and removals that occur due to natural disturbances,
    such as … forest fires, … do not result in non-compliance …"): only instances hit by the event are bound."""
    return Verdict("Conditional", 0.6, "event-caused-subject") if _EVENT_CAUSED.search(subject_of(c.text)) else None


# the subject named by other points of the list ("The lessor ensures that aircraft in point (b) or (c) is operated
# on …"): only the instances taking those points are bound (decision ``relied_on`` adds their DEPENDS_ON edges)
# the points named must be this list's, not another Section's ("points 1 and 2 of Section 4.1")
_POINTS_SUBJECT_OWN = re.compile(POINTS_SUBJECT.pattern + r"(?![^.;]{0,40}?\bof\s+(?:this\s+|that\s+)?(?:Section|"
                                 r"Annex|Article|Appendix|Regulation|Directive|Decision)\b)", re.IGNORECASE)


def points_subject(c: Cue) -> Optional[Verdict]:
    """The requirement's subject is what other points name: Conditional (spec §7 ED1 scopes)."""
    return Verdict("Conditional", 0.7, "other-points-subject") if _POINTS_SUBJECT_OWN.search(c.text) else None


def trailing_gate(c: Cue) -> Optional[Verdict]:
    """AP3: a trailing ", where <situation>" / ", if any" / ", where technically applicable" that decides
    WHETHER the obligation applies; ", where available/feasible" (how) and a locative ", where" stay out."""
    m = _TRAILING_GATE.search(c.text)
    if (m and not _LOCATIVE_WORD.match(m.group("before"))) or _INNER_GATE.search(c.text) or \
            _RESIDUAL_SCOPE.search(c.text) or _SO_GATE.search(c.text) or _INTERJECTED_GATE.search(c.text):
        return Verdict("Conditional", 0.7, "trailing-gate")
    return None


_PROVIDED_THAT = re.compile(r",\s*provided\s+that\b", re.IGNORECASE)


def provided_that_option(c: Cue) -> Optional[Verdict]:
    """AP3: an option of a permission on how compliance is shown ("The compliance … may be checked: … (b) at the
    level of a group of holdings …, provided that all those holdings have a durable relationship …") whose own text
    adds a condition: only the instances that meet it may use that option (Conditional).  An option naming what the
    activity is ("interconnectors …, provided that one of the systems is compliant") has no such parent."""
    if c.parent_text and SHOWN_COMPLIANCE.match(c.parent_text) and _PROVIDED_THAT.search(c.text):
        return Verdict("Conditional", 0.65, "provided-that-option")
    return None


# "Products incorporating portable batteries ensure …": a bare plural subject narrowed by a participle of content
_KIND_PARTICIPLE_SUBJECT = re.compile(
    rf"^\s*(?!(?:The|This|These|Those|Its|Their|All|Each|Every|Any|Such)\b)(?P<what>[A-Z][\w-]*s)\s+"
    rf"{_alt(lex.KIND_PARTICIPLES)}\s+\w")
# "… in the following case:", "Exemptions to … are limited to the following cases:"
_EXCEPTION_CHAPEAU = re.compile(rf"\b{_alt(lex.EXCEPTION_WORDS)}\b[^.;]*?\bthe\s+following\s+cases?\s*:\s*$",
                                re.IGNORECASE)
# "… in the specified sub-assemblies and component parts …" over table rows ("Group | scope | limit")
_SPECIFIED_PARTS_CHAPEAU = re.compile(rf"\bspecified\s+{_alt(lex.PART_NOUNS)}\b", re.IGNORECASE)
_TABLE_ROW = re.compile(r"\s\|\s")
# "Use of TBBPA is allowed as reactive component for Printed Circuit Boards only", "Compostable plastic materials in
# packaging applications are used only for very lightweight plastic carrier bags; …": a use restricted to one kind
_ALLOWED_ONLY = re.compile(r"\b(?:is|are)\s+(?:only\s+(?:allowed|used\s+(?:for|in|as))\b|used\s+only\s+(?:for|in|as)\b|"
                           r"allowed\b[^.;]{0,120}?\bonly\b)", re.IGNORECASE)


def kind_participle_subject(c: Cue) -> Optional[Verdict]:
    """AP2: a bare plural subject narrowed by a participle of content or equipment ("Products incorporating
    portable batteries ensure …"): only instances that make that kind of thing are bound, unless the kind restates
    the activity.  "The products do not contain …" (definite, no participle) does not fire."""
    m = _KIND_PARTICIPLE_SUBJECT.match(c.text)
    if m and not _restates(c.text[:m.end()], c.activity_name):
        return Verdict("Conditional", 0.6, "kind-participle-subject")
    return None


def exception_case_item(c: Cue) -> Optional[Verdict]:
    """AP1: an item of a closed list of exception / exemption cases ("… except when … in the following case: (a)
    appliances specifically designed …", "Exemptions to Restrictions of Hazardous Substances are limited to the
    following cases: (a) lead in … solders …"): each case names a kind of product or situation only some instances
    have (Conditional)."""
    if c.parent_text and _EXCEPTION_CHAPEAU.search(c.parent_text):
        return Verdict("Conditional", 0.65, "exception-case-item")
    return None


def restricted_part_row(c: Cue) -> Optional[Verdict]:
    """AP1: a row of a restriction table whose chapeau distributes the restriction over "the specified
    sub-assemblies and component parts": each row names the parts (and products) it binds (Conditional)."""
    if c.parent_text and _SPECIFIED_PARTS_CHAPEAU.search(c.parent_text) and _TABLE_ROW.search(c.text):
        return Verdict("Conditional", 0.6, "restricted-part-row")
    return None


def allowed_only(c: Cue) -> Optional[Verdict]:
    """AP4: "X is allowed … only" restricts a use to a kind of thing only some instances include (spec §7
    permissions and exclusions): Conditional.  "are allowed to be operated on …" (no "only") does not fire."""
    return Verdict("Conditional", 0.6, "allowed-only") if _ALLOWED_ONLY.search(c.text) else None


def permission(c: Cue) -> Optional[Verdict]:
    """AP4: "it is possible to", "can be deemed", "may also be deemed", and a main-clause "may include" (what a
    system or scope can contain) are discretionary permissions; so is a permission on how compliance is shown
    ("Implementation of such measures can also be demonstrated through …", ST5: the node is BackgroundInformation)."""
    if _PERMISSION_CUE.search(c.text) or _MAY_INCLUDE_MAIN.match(_LEADING_ADVERBIAL.sub("", c.text, count=1)) or \
            SHOWN_COMPLIANCE.match(c.text):
        return Verdict("Conditional", 0.7, "permission-cue")
    return None


EARLY_RULES: tuple[CueRule, ...] = (stage_activities_scope, stage_of_own_kind, location_scope, event_trigger, claim_gate, exemption,
                                    object_of_chapeau_anywhere, other_section_boundary, definite_own_input)
LATE_RULES: tuple[CueRule, ...] = (subtype_value_item, activity_part_subject, participial_activity_subject,
                                   feedstock_subject, intervention_subject, qualified_class_subject,
                                   operator_of_kind_subject,
                                   coordinated_kind_subject, hazard_class_subject, event_caused_subject, works_involving,
                                   option_kind_subject, kind_place_lead, excluded_kind, propelled_kind_subject,
                                   source_system_of_harm, topic_works_lead, listed_kinds_subject,
                                   points_subject, cited_points_subject, trailing_gate, change_trigger, provided_that_option, permission,
                                   kind_participle_subject, exception_case_item, restricted_part_row, allowed_only)


_RULE_MEMO = ReadTracedMemo()  # each rule's verdict keyed on the cue fields it read: once per text for most rules


@lru_cache(maxsize=65536)  # rules are pure functions of the (frozen) cue: once per cue, for the decision and verify
def first_match(rules: tuple[CueRule, ...], cue: Cue) -> Optional[Verdict]:
    """The verdict of the first rule of ``rules`` that fires, else None."""
    return _RULE_MEMO.first(rules, cue)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
