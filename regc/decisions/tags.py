"""Decision ``tags`` (spec §6 "Tags", paper D.5): the Types a criterion carries.  Anchored nodes keep their
type; items of an anchored node inherit it; a chapeau that only introduces its children gets ``[]``; otherwise
keyword rules in TAGS order (at most three).

>>> decide_tags("Quantified life-cycle GHG emissions are verified by an independent third party.").value
['Verification']
>>> TAGS_DECISION.rule(TAGS_DECISION.Inputs("The activity meets either of the following criteria:", is_chapeau=True)).value
()
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Optional

from regc.decisions.applicability import first_sentence
from regc.decisions.base import Decision, Verdict
from regc.decisions.tags_cues import (ACTIVITY_NAMES_A_PRODUCT, ANALYSIS_CHAPEAU, ASSESSMENT_AS_INPUT, CALCULATION_CHAPEAU, CAPABILITY_ITEM,
                                     CAPABILITY_KEEPS, CLASS_RANK_LIMIT, CLASSIFIED_THING, CONTRACT_AS_CONTEXT,
                                     CRITERIA_OF_CLASSIFIED_THINGS, DEMONSTRATED_BY_METHOD, EXCEPTION_CLAUSE, EXTRA_RULES,
                                     GATE_OPENING, IN_A_DOCUMENT_TITLE, INTERJECTION, INTERNAL_POINT_TARGET, PERFORMANCE_LIMIT, MANNER_STANDARD,
                                     NOMINAL_ANALYSIS_ITEM, PROCEDURE_STEP, SCOPE_OPENING, STANDARDS_CHAPEAU,
                                     VALUE_FROM_AN_ASSESSMENT)
from regc.ir.models import TAGS, Tag
from regc.grammar.prefilter import prefilter_namespace
from regc.grammar.spaces import collapse, squash

# (a convention is a referenced text when named with its capital, "the International Convention for …"; "in line with
# national convention" is a custom)
_REF = (r"(?:Directive|Regulation|Decision|Recommendation|Annex|Appendix|Section|Sections|Article|ISO|EN\s?\d|CEN|"
        r"CLC|standard|standards|Protocol|(?-i:Convention)|Code\s+of\s+Conduct|methodology|method|test|criteri(?:on|a)\s+B?\d|"
        r"comprehensive\s+criteri|technical\s+(?:screening\s+)?(?:criteria|specifications)|(?:BAT|best\s+available\s+techniques(?:\s+\(BAT\))?)\s+"
        r"conclusions|Union\s+(?:\w+\s+)?(?:rules|law|legislation)|Level\(s\)\s+indicators?)")
# a word of a reference, or a dotted pinpoint ("point 10.1.5(a) of Annex VII to Regulation (EU) 2019/331")
_WORD_OR_PINPOINT = r"(?:[\w‘’'()/-]+|\d+(?:\.\d+)+(?:\([a-z0-9]{1,4}\))*)"
_TAG_RULES: dict[str, list[re.Pattern]] = {
    "Verification": [
        re.compile(r"\bverifi(?:ed|cation)\b(?!\s+from)|\bverif(?:y|ies)\b(?!\s+from)", re.IGNORECASE),
        # not a certified property ("a certified metric value of CO2 emissions", "certified to operate on 100 % …"):
        # a value or capability the type certificate states, no verification the node asks for
        # nor a qualification of the people who do the work ("access to independent certified professional
        # repairers")
        re.compile(r"(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)\b(?:certified|attested|audited)\b"
                   r"(?!\s+to\s+(?!the\b|an?\b)[a-z]+\b)(?!\s+(?:[\w-]+\s+){0,2}?(?:repairers?|professionals?|"
                   r"installers?|technicians?|personnel|staff|workers?)\b)", re.IGNORECASE),
        re.compile(r"\bis\s+monitored\b|\bare\s+monitored\b", re.IGNORECASE),
        # an item naming the monitoring to be done ("a monitoring scheme with specific and relevant indicators", "a
        # monitoring plan of the injection facilities"); not "a monitoring plan is in place" mid-sentence (a plan:
        # Commitment), nor "monitoring systems/equipment" (the means: Methodology)
        re.compile(r"^\s*an?\s+monitoring\s+(?:schemes?|programmes?|programs?|plans?)\b(?!\s+(?:is|are)\s+in\s+place)",
                   re.IGNORECASE),
        # "monitors the …", "monitors and documents the implementation of the identified measures" (not "to monitor")
        re.compile(r"(?<!\bto\s)\bmonitors?\s+(?:and\s+[a-z]+\s+)?(?:the|its|their)\b", re.IGNORECASE),
        # "operated through energy performance monitoring and assessment"; "control, monitoring or maintenance
        # activities are carried out"
        re.compile(r"\bthrough\s+(?:[\w-]+\s+){0,3}?monitoring\b(?!\s+(?:systems?|equipment|devices?))|\bmonitoring\s+(?:or|and)\s+[\w-]+\s+activities\s+"
                   r"(?:are|is)\s+(?:carried\s+out|performed|in\s+place)", re.IGNORECASE),  # "installations … monitor the fate"
    ],
    "Methodology": [
        re.compile(r"\bcalculated\s+(?:using|based|in\s+accordance|according|by|for|with)\b", re.IGNORECASE),
        re.compile(r"\bhas\s+been\s+calculated\b|\bis\s+calculated\b", re.IGNORECASE),
        re.compile(r"\b(?:using|with\s+reference\s+to)\s+(?:the\s+)?(?:[\w()-]+\s+){0,6}?(?:ISO|EN\s?\d|rating\s+method|"
                   r"methodology|method|tool|[Mm]odule\s+[A-Z]\d?)\b", re.IGNORECASE),
        re.compile(rf"(?<!^)\bin\s+accordance\s+with\s+(?:the\s+)?(?:{_WORD_OR_PINPOINT}\s+){{0,6}}?{_REF}", re.IGNORECASE),
        re.compile(rf"\bcompl(?:y|ies|iance|iant){INTERJECTION}?\s+with\s+(?:the\s+)?(?!(?:[\w-]+\s+){{0,3}}?(?:thresholds?|limits?|"
                   rf"values?|levels?|{PERFORMANCE_LIMIT})\b)(?:[\w‘’'()/-]+\s+){{0,6}}?(?:{_REF}|(?:criteria|requirements|provisions|activity|"
                   rf"activities)\s+"
                   rf"(?:set\s+out|laid\s+down|specified|referred\s+to)\s+in)", re.IGNORECASE),
        re.compile(r"\bmeets?\s+the\s+requirements\s+(?:laid\s+down|set\s+out)\s+in\b", re.IGNORECASE),
        re.compile(r"\bfollow(?:s|ing)?\s+the\s+(?:principles|guidelines|methodology|requirements|procedures?)\s+(?:of|in|set)\b",
                   re.IGNORECASE),
        re.compile(rf"\b(?:outlined|described)\s+in\s+(?:the\s+)?{_REF}", re.IGNORECASE),
        # "complies with the relevant, size-specific requirements for discharges … set out in Directive X",
        # "complies with record-keeping obligations … set out by applicable Union and national legislation"
        re.compile(r"\b(?:compl(?:y|ies|ying|iance)\s+with|(?<!\bto\s)(?:meets?|fulfils?))\s+(?:the\s+|all\s+)?(?:[\w,‘’'()/-]+\s+){0,14}?"
                   r"(?:requirements|obligations|criteria|provisions|rules|definition)\b[^.;]{0,120}?\b(?:set\s+out|laid\s+down|set|specified|established)\s+(?:for\s+[^.;:]{1,60}?\s+)?(?:in|by)\b",
                   re.IGNORECASE),
        # "compost or digestate complying with Regulation X" (an item), not "Compost complying with X is not landfilled"
        re.compile(r"\bcomplying\s+with\s+(?:the\s+)?(?:Regulation|Directive|Decision)\b(?![^.;]*\b(?:is|are)\s+(?:not\s+)?"
                   r"[a-z]+ed\b)", re.IGNORECASE),
        re.compile(r"\bconform(?:s|ing)?\s+(?:to|with)\s+(?:at\s+least\s+)?(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:standards?|"
                   r"norms?|specifications?)\b", re.IGNORECASE),
        re.compile(r"\b(?:standard|certification)\s+(?:EN|ISO|CEN|CLC)[\s/]?(?:ISO\s?)?\d", re.IGNORECASE),
        re.compile(r"\b(?:practices|measures|techniques)\s+(?:listed|set\s+out|described)\b", re.IGNORECASE),
        re.compile(r"\b(?:undergoes|subject\s+to)\s+(?:[\w-]+\s+){0,2}?test", re.IGNORECASE),
        re.compile(r"\btesting\s+(?:for|in\s+accordance)\b", re.IGNORECASE),
        re.compile(r"\b(?:measurement|monitoring|metering)\s+(?:equipment|devices?|systems?)\b|\bmetering\s+at\b|"
                   r"\binclude\s+metering\b|\bphysical\s+measurement", re.IGNORECASE),
        re.compile(r"^measures\s+(?:to|for)\b", re.IGNORECASE),
        # "has implemented Best Available Techniques", "implement the traceability system set out in Article 14"
        re.compile(r"\bimplement(?:s|ed)?\s+(?:the\s+|all\s+)?(?:relevant\s+)?(?:best\s+available\s+techniques|"
                   r"best\s+practices)\b", re.IGNORECASE),
        re.compile(r"\b(?:systems?|procedures?|best\s+practices|(?<!available\s)techniques(?!\s+\())\s+[^.;:]{0,80}?(?:as\s+)?(?:set\s+out|"
                   r"laid\s+down|described)\s+in\b", re.IGNORECASE),
        re.compile(rf"(?<!values\s)(?<!value\s)(?<!limits\s)\bin\s+line\s+with\s+(?:the\s+)?(?:[\w‘’'()/-]+\s+){{0,6}}?{_REF}", re.IGNORECASE),
        re.compile(r"\brespects?\s+(?:the\s+)?(?:applicable|relevant)\s+(?:norms|standards|regulations|rules)\b",
                   re.IGNORECASE),
        # "equipment … compliant with the Technical Screening Criteria set out in Section 3.10"
        re.compile(r"\bcompliant\s+with\s+(?:the\s+)?(?:[\w‘’'()-]+\s+){0,4}?(?:criteria|requirements|provisions)\s+"
                   r"(?:set\s+out|laid\s+down|specified)\s+in\b", re.IGNORECASE),
        # "uses state-of-the-art modelling techniques", "take into account climate proofing guidelines"
        re.compile(r"\buses?\s+(?:[\w-]+\s+){0,3}?(?:techniques|methods|methodologies)\b", re.IGNORECASE),
        re.compile(r"\btakes?\s+into\s+account\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:guidelines|guidance|standards)\b",
                   re.IGNORECASE),
        # "… are based on best practice and available guidance"
        re.compile(r"\b(?:is|are)\s+based\s+on\s+(?:the\s+)?(?:best\s+practices?|(?:available\s+)?guidance|guidelines|"
                   r"standards?|methodolog)", re.IGNORECASE),
        re.compile(r"\bconsistent\s+with\s+(?:the\s+)?(?:relevant\s+)?(?:standards?|norms?)\b|"
                   r"\b(?:standard\s+operating|sampling|analytical)\s+procedures?\b", re.IGNORECASE),
        # "marks the product with the symbol … as set out in Annex IX to Directive 2012/19/EU": done the way an annex
        # of an act specifies (not "as defined in Annex II": a definition of a term)
        re.compile(r"\bas\s+(?:set\s+out|laid\s+down|specified|described)\s+in\s+(?:Annex|Appendix)\s+[IVXLC\d]+\s+"
                   r"(?:to|of)\s+(?:the\s+)?(?:Regulation|Directive|Decision)\b", re.IGNORECASE),
        # an exclusion from the quantity defined by a referenced act: how the share is counted
        re.compile(r"\bexclud(?:es|ing)\s+[^.;]{0,60}?\b(?:defined|referred\s+to|listed)\s+in\s+[^.;]{0,80}?"
                   r"\b(?:Decision|Directive|Regulation)\b", re.IGNORECASE),
    ],
    "Commitment": [
        re.compile(r"\bcommit(?:ment|ted|s)?\b", re.IGNORECASE),
        re.compile(r"\bimplements?\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}?plan\b", re.IGNORECASE),
        re.compile(r"\bcontractual\s+(?:obligations?|commitments?|agreements?)\b", re.IGNORECASE),
        re.compile(r"\b(?:plan|programme)\b(?:[^.;]{0,80})\b(?:is|are)\s+(?:in\s+place|presented|issued|adopted|"
                   r"approved|established|drawn\s+up|implemented)", re.IGNORECASE),
        re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,4}plan\s+with\b", re.IGNORECASE),
        re.compile(r"\b(?:are|is)\s+included\s+in\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}?plan\b", re.IGNORECASE),
    ],
    "Assessment": [
        re.compile(r"(?<!for\s)\bassess(?:es|ed|ment|ing)?\b", re.IGNORECASE),
        re.compile(r"\binvestigations?\b|\bsurveys?\s+(?:is|are|has|have|was|were)\b|\bcost-benefit\b|\bcomparative\b", re.IGNORECASE),
        re.compile(r"\ban\s+explanation\s+of\s+why\b", re.IGNORECASE),
        re.compile(r"\b(?:is|are)\s+judged\b", re.IGNORECASE),
        re.compile(r"\b(?:are|is)\s+identified\s+and\s+(?:addressed|assessed)\b|\b(?:are|is)\s+evaluated\b(?!\s+as\b)|\bevaluat(?:es|ion\s+of)\b|^\s*screening\s+of\b", re.IGNORECASE),
    ],
    "Replacement": [
        re.compile(r"\breplaces\b|\breplaced\s+(?:facility|installation|plant|equipment|unit|capacity)\b|"
                   r"(?<!repair\sor\s)(?<!battery\s)(?<!part\s)(?<!component\s)\breplacements?\b(?!\s+leads)"
                   r"(?!\s+of\s+the\s+goods)(?!\s+ratio)"
                   # a product's part a user replaces ("replacement of a portable battery"): repairability, no asset
                   r"(?!\s+of\s+(?:an?|the|its)\s+(?:[\w-]+\s+)?(?:batter(?:y|ies)|parts?|components?)\b)", re.IGNORECASE),
    ],
}
_CHAPEAU_INTRO = re.compile(r"\b(?P<verb>compl(?:y|ies)\s+with|meets?|fulfils?|satisf(?:y|ies)|is|are|include|includes)?\s*"
                            r"(?:all|both|either|any|one|one\s+or\s+more|at\s+least\s+\w+)?\s*(?:of\s+)?the\s+following"
                            r"(?:\s+(?:criteria|requirements|conditions|pathways|options|standards|rules))?\s*:?\s*$",
                            re.IGNORECASE)
_EXAMPLE_BEFORE = re.compile(r"\b(?:for\s+example|such\s+as|e\.g\.)", re.IGNORECASE)
# a chapeau whose last clause says its items are the content of an assessment/verification/plan
_ITEMS_ARE_CONTENT = re.compile(r"\b(assessment|verification|plan)\b[^,;:]*\b(?:demonstrating|showing|proving|"
                                r"establishing|covering)\b[^,;]*:\s*$", re.IGNORECASE)
_CONTENT_TAG = {"assessment": "Assessment", "verification": "Verification", "plan": "Commitment"}
# a chapeau whose items are the bodies that carry out a verification ("The verification in accordance with points
# 4.1 and 4.2 is carried out by either of the following:"): each item names a verifier -> Verification
_ITEMS_ARE_VERIFIERS = re.compile(r"\b(?:verification|audit|certification)s?\b[^;:]*?\b(?:is|are|shall\s+be|may\s+be)\s+"
                                  r"(?:carried\s+out|performed|conducted|undertaken|done)\s+by\b[^;]*:\s*$",
                                  re.IGNORECASE)


@lru_cache(maxsize=16384)  # a pure function of the text, asked per node by the pass and by verify
def verifier_items_tag(text: str) -> Optional[str]:
    """Verification for the items of a chapeau that lists who carries out a verification or audit.

    >>> verifier_items_tag("The verification is carried out by either of the following:")
    'Verification'
    >>> verifier_items_tag("The verification is carried out in accordance with the following:") is None
    True
    """
    return "Verification" if _ITEMS_ARE_VERIFIERS.search(squash(text)) else None
_ON_THE_BASIS = re.compile(r"^\s*on\s+the\s+basis\s+of\s+[^,]*,\s*", re.IGNORECASE)
# who may carry out the activity ("The activity may be carried out by any type of operator irrespective of …"): a
# permission that states no requirement (not "The activity is carried out by a certified operator")
_ANY_OPERATOR_MAY = re.compile(r"^\s*(?:the\s+)?(?:economic\s+)?activit(?:y|ies)\s+(?:may|can)\s+be\s+(?:carried\s+out|"
                               r"performed|undertaken|implemented)\s+by\s+(?:any|all)\b", re.IGNORECASE)
# what an actor other than the operator may/shall do, or who may carry out the activity: no requirement
_NON_BINDING = re.compile(r"\b(?:the\s+)?(?:Commission|verifier|competent\s+authorit(?:y|ies))\s+(?:may|shall|will|"
                          r"takes?)\b|" + _ANY_OPERATOR_MAY.pattern, re.IGNORECASE)
_BY_OPERATOR_VERB = re.compile(r"^\s*(?:when\s+\w+ing[^,]*,\s*)?(?:the\s+)?(?:independent\s+third[- ]party\s+)?"
                               r"verifier\s+takes\s+into\s+account\b", re.IGNORECASE)


# the rules whose Methodology is an "in accordance with <a text>" phrase, which frames an assessment or attestation
_FRAMING = ("Methodology:(?<!^)\\bin\\s+accordance", "Methodology:in-accordance-with-generic-law")


def example_governs(t: str, start: int) -> bool:
    """Whether an example marker ("for example", "such as") right around ``start`` governs the phrase there; an
    example closed by its parenthesis before it ("the medium of storage (such as hydrogen or ammonia) complies
    with …") does not.

    >>> example_governs("for example using standard ISO 18400", 12)
    True
    >>> example_governs("the medium (such as hydrogen or ammonia) complies with the criteria", 41)
    False
    """
    lo = max(0, start - 30)
    m = _EXAMPLE_BEFORE.search(t[lo:start + 12])
    return bool(m) and ")" not in t[lo + m.end():start]


_STANDARD_CODE = re.compile(r"\b(?:EN|ISO|IEC|CEN|CLC)\b[\s/]?(?:ISO\s?)?\d", re.IGNORECASE)


def in_example_titles(t: str, start: int) -> bool:
    """Whether the word at ``start`` sits in a list of example documents: an example marker earlier in its
    sentence, and a standard code between them ("… including for example EN ISO 14090:2019 …, as well as ISO
    14091:2021 on climate vulnerability, impacts and risk assessment"): the word names a document, no assessment
    is performed.

    >>> in_example_titles("consistent with guidelines, for example ISO 14091:2021 on risk assessment", 66)
    True
    >>> in_example_titles("The operator carries out a risk assessment, for example using ISO 14091.", 35)
    False
    """
    s0 = max(t.rfind(". ", 0, start), t.rfind("; ", 0, start)) + 1
    m = _EXAMPLE_BEFORE.search(t, s0, start)
    return bool(m) and bool(_STANDARD_CODE.search(t, m.end(), start))


@lru_cache(maxsize=16384)  # a pure function of the text, asked per node
def items_tag(text: str) -> Optional[str]:
    """The tag a chapeau gives its own items (not their items): Methodology for the criteria of a calculation and
    for the standards or rules the items name.

    >>> items_tag("The calculation of climate benefit complies with all of the following criteria:")
    'Methodology'
    >>> items_tag("The aircraft referred to in points (b) to (c) complies with the following standards:")
    'Methodology'
    >>> items_tag("The activity complies with all of the following criteria:") is None
    True
    """
    t = squash(text)
    return "Methodology" if CALCULATION_CHAPEAU.search(t) or STANDARDS_CHAPEAU.search(t) else None


_AUXILIARY = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|does|do|did|shall|must|may|can|will)\b", re.IGNORECASE)


def _chapeau_subject(t: str) -> tuple[str, bool]:
    """A chapeau less its introduction of the items ("… complies with the following standards:"), and whether it
    only introduces them: three words or fewer are left, or the introduction held the main verb and what is left is
    its subject ("The aircraft compliant with the technical screening criteria in points (b) to (e)": a restriction
    of whom the items bind, no requirement of its own).

    >>> _chapeau_subject("The aircraft compliant with the criteria in points (b) to (e) complies with the following standards:")[1]
    True
    >>> _chapeau_subject("Works are carried out in accordance with the following rules:")[1]
    False
    >>> _chapeau_subject("The activity monitors the waste collected to comply with all of the following criteria:")[1]
    False
    """
    m = _CHAPEAU_INTRO.search(t)
    rest = _CHAPEAU_INTRO.sub("", t).strip()
    subject_only = bool(m and m.group("verb")) and not re.search(r"\bto\s*$", t[:m.start()]) and \
        not _AUXILIARY.search(rest)  # not "… monitors … to comply with all of the following criteria:" (a purpose)
    return rest, len(re.findall(r"[A-Za-z]{3,}", rest)) <= 3 or subject_only


def decide_tags(text: str, *, is_chapeau: bool = False, anchored: Optional[str] = None,
                inherited: Optional[str] = None, information_item: bool = False) -> Verdict[list[str]]:
    """Tags of one node.  Anchored nodes keep their type; items of an anchored node inherit it; a chapeau that
    only introduces its children gets ``[]``; otherwise keyword rules of spec §6 / paper D.5 in TAGS order.

    >>> decide_tags("The activity meets either of the following criteria:", is_chapeau=True).value
    []
    >>> decide_tags("Vehicles comply with the emission thresholds set out in Table 2 of Directive 2009/33/EC.").value
    []
    >>> decide_tags("The activity complies with the criteria set out in Appendix A to this Annex.").value
    ['Methodology']
    >>> decide_tags("assessment of impact on food security;", information_item=True).value
    []
    """
    if anchored:
        return Verdict([anchored], 1.0, "anchored-type")
    if inherited:
        return Verdict([inherited], 0.8, "items-of-anchored-node")
    t = collapse(text)
    t = GATE_OPENING.sub("", SCOPE_OPENING.sub("", _ON_THE_BASIS.sub("", t)))  # conditions ("For areas that …,")
    if is_chapeau and CALCULATION_CHAPEAU.search(t):  # "The calculation of … complies with all of the following:"
        return Verdict(["Methodology"], 0.7, "calculation-chapeau")
    if is_chapeau and ANALYSIS_CHAPEAU.search(t):  # "includes an analysis of:": the analysis is required
        return Verdict(["Assessment"], 0.7, "analysis-chapeau")
    if is_chapeau:
        t, only_introduces = _chapeau_subject(t)
        if only_introduces:
            return Verdict([], 0.9, "chapeau-only-introduces")
    if _NON_BINDING.search(first_sentence(t)) and not re.search(r"\bverified\s+by\b", t, re.IGNORECASE):
        return Verdict(["BackgroundInformation"], 0.6, "non-binding-actor")
    if _BY_OPERATOR_VERB.match(t):
        return Verdict(["BackgroundInformation"], 0.6, "verifier-takes-into-account")
    tags: list[str] = []
    rules: list[str] = []
    for tag in TAGS:
        for rx in _TAG_RULES.get(tag, []):
            m = rx.search(t)
            if m and tag == "Methodology" and example_governs(t, m.start()):
                continue  # "for example using standard ISO 18400": an aid, not a prescribed method
            if m and tag == "Assessment" and in_example_titles(t, m.start()):
                continue  # "including for example … ISO 14091:2021 on … risk assessment": a document's title
            if m and tag == "Methodology" and (re.search(r"\b(?:considered|classified|qualif\w*|defined)\s+as\s+[^,;.]{0,60}$",
                                                         t[max(0, m.start() - 80):m.start()], re.IGNORECASE)
                                               or re.search(r"\bin\s+order\s+to\s+$", t[max(0, m.start() - 20):m.start()],
                                                            re.IGNORECASE)):
                continue  # "activities considered as enabling in accordance with Article 10(1)": a classification
            if m:
                tags.append(tag)
                rules.append(f"{tag}:{rx.pattern[:24]}")
                break
    tags, rules = _apply_cues(t, tags, rules)
    if _framing_methodology(t, tags, rules):
        tags.remove("Methodology")  # "risks are identified and addressed …, in accordance with Directive X": the
        # Directive frames the assessment; it prescribes no method of its own
    meth = rules[tags.index("Methodology")] if "Methodology" in tags else ""
    if "Verification" in tags and meth.startswith(_FRAMING) and \
            re.search(r"\b(?:attested|certified)\s+by\b", t, re.IGNORECASE):
        tags.remove("Methodology")  # "attested by product datasheets …, in accordance with the technical
        # specifications laid down in Appendix E": the specifications frame the attestation
    if "Commitment" in tags and "Methodology" in tags:
        pm = re.search(r"\b(?:plan|programme)\s+(?:with|for|to)\b", t, re.IGNORECASE)
        mm = next((rx.search(t) for rx in _TAG_RULES["Methodology"] if rx.search(t)), None)
        if pm and mm and mm.start() > pm.start() and not re.search(r"[.;]|\b(?:is|are)\b", t[pm.start():mm.start()]):
            tags.remove("Methodology")  # "a plan with goals … for implementing metering": the plan's content
    if "Commitment" in tags and meth.startswith("Methodology:^measures") and \
            re.search(r"\bincluded\s+in\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}?plan\b", t, re.IGNORECASE):
        tags.remove("Methodology")  # "Measures to reduce … are included in the remediation plan": planned measures
    if "Commitment" in tags and "Methodology" in tags and re.search(
            r"\b(?:underpinned|backed|supported)\s+by\s+(?:a\s+)?contractual\b", t, re.IGNORECASE) and \
            meth.startswith("Methodology:\\b(?:compl"):
        tags.remove("Methodology")  # "… meet the definition … laid down in Directive X starts within three years as
        # underpinned by a contractual obligation": the definition is the target of the commitment
    if "Assessment" in tags and "Methodology" in tags and re.search(
            r"\bassessment\b[^.;]{0,60}\b(?:is|are)\s+based\s+on\b", t, re.IGNORECASE):
        tags.remove("Assessment")  # "the assessment of impacts are based on best practice": how it is done
    _drop_unperformed(t, tags, information_item)
    _drop_product_functions(t, tags)
    if len(tags) > 3:  # paper D.5: 0-3 tags; keep the first three in TAGS order
        tags = tags[:3]
    return Verdict(tags, 0.6 if tags else 0.7, ",".join(rules) or "no-tag-keyword")



def _drop_unperformed(t: str, tags: list[str], information_item: bool) -> None:
    """Drop (in place) a Verification or Assessment the node does not ask to perform: a "verifiable plan" (not
    verified), "when undertaking the assessment" (a stage), a point of information ("assessment of forest related
    risks"), a "comparative calculation" that demonstrates a value (the calculation is the method).

    >>> tags = ["Assessment"]; _drop_unperformed("assessment of impact on food security;", tags, True); tags
    []
    """
    if "Verification" in tags and re.search(r"\bverifiable\s+plan\b", t, re.IGNORECASE) and \
            not re.search(r"\bverified\b", t, re.IGNORECASE):
        tags.remove("Verification")
    if "Assessment" in tags and re.search(r"\bwhen\s+undertaking\s+the\s+assessment\b", t, re.IGNORECASE):
        tags.remove("Assessment")
    if "Assessment" in tags and (information_item and NOMINAL_ANALYSIS_ITEM.match(t) or DEMONSTRATED_BY_METHOD.search(t)
                                 and not _assessment_match(DEMONSTRATED_BY_METHOD.sub(" ", t))):
        tags.remove("Assessment")
    for rx in (IN_A_DOCUMENT_TITLE, VALUE_FROM_AN_ASSESSMENT, EXCEPTION_CLAUSE, ACTIVITY_NAMES_A_PRODUCT,
               ASSESSMENT_AS_INPUT):
        # a guideline's title, a value an assessment yields, an exception's condition, the name of a kind of product,
        # an assessment the activity uses or develops
        if "Assessment" in tags and rx.search(t) and not _assessment_match(rx.sub(" ", t)):
            tags.remove("Assessment")
    if "Verification" in tags and EXCEPTION_CLAUSE.search(t) and not _verification_match(EXCEPTION_CLAUSE.sub(" ", t)):
        tags.remove("Verification")


def _drop_product_functions(t: str, tags: list[str]) -> None:
    """Drop (in place) the tags an item reads from the functions of a product it names by their gerund ("supporting
    the life cycle assessment of products …", "supporting the management and tracking suppliers’ compliance with
    standards …", "supporting the exchange with suppliers of data required to verify …"): the product's users assess,
    verify or track; the node sets no assessment, verification or method of its own.  A standard the capability works
    to ("… with software-implemented methods and algorithms according to relevant standards") still says how.

    >>> tags = ["Assessment"]; _drop_product_functions("supporting the impact assessment of such measures;", tags); tags
    []
    """
    if not CAPABILITY_ITEM.match(t):
        return
    for tag in ("Assessment", "Verification"):
        if tag in tags:
            tags.remove(tag)
    if "Methodology" in tags and not MANNER_STANDARD.search(t) and \
            not any(rx.search(t) for name, _tag, rx in EXTRA_RULES if name in CAPABILITY_KEEPS):
        tags.remove("Methodology")


def _commitment_match(t: str) -> bool:
    return any(rx.search(t) for rx in _TAG_RULES["Commitment"]) or \
        any(rx.search(t) for _n, tag, rx in EXTRA_RULES if tag == "Commitment")


def _verification_match(t: str) -> bool:
    return any(rx.search(t) for rx in _TAG_RULES["Verification"]) or \
        any(rx.search(t) for _n, tag, rx in EXTRA_RULES if tag == "Verification")


def _assessment_match(t: str) -> bool:
    return any(rx.search(t) for rx in _TAG_RULES["Assessment"]) or \
        any(rx.search(t) for _n, tag, rx in EXTRA_RULES if tag == "Assessment")


def _methodology_match(t: str) -> bool:
    return any(rx.search(t) for rx in _TAG_RULES["Methodology"]) or \
        any(rx.search(t) for _n, tag, rx in EXTRA_RULES if tag == "Methodology")


def _framing_methodology(t: str, tags: list[str], rules: list[str]) -> bool:
    """The block's Methodology only frames its Assessment ("assessed in accordance with Directive X")."""
    return "Assessment" in tags and "Methodology" in tags and \
        rules[tags.index("Methodology")].startswith(_FRAMING) and not _methodology_sentence(t)


def _methodology_sentence(t: str) -> bool:
    """A sentence of its own that prescribes compliance with a referenced text and assesses nothing: its
    Methodology is a role of the block, not the frame of the block's assessment (spec §6: tags record each
    sentence's role).

    >>> _methodology_sentence("The activity complies with Directive 2000/60/EC. An impact assessment is carried out.")
    True
    >>> _methodology_sentence("Risks are assessed in accordance with Directive 2000/60/EC.")
    False
    >>> _methodology_sentence("Works are registered, in accordance with Directive 2000/60/EC. Risks are assessed.")
    False
    """
    sentences = _SENTENCE_SPLIT.split(t)
    return len(sentences) > 1 and any(_own_methodology(s) and not _assessment_match(s) for s in sentences)


def _own_methodology(s: str) -> bool:
    """A Methodology rule other than a framing "in accordance with …" matches ``s`` ("Those abstractions are
    included in the register …, in accordance with Directive 2000/60/EC": the Directive frames, no method)."""
    rules = [("Methodology:" + rx.pattern[:24], rx) for rx in _TAG_RULES["Methodology"]] + \
        [("Methodology:" + name, rx) for name, tag, rx in EXTRA_RULES if tag == "Methodology"]
    return any(not rule.startswith(_FRAMING) and rx.search(s) for rule, rx in rules)


_SENTENCE_SPLIT = re.compile(r"(?<=[A-Za-z0-9)][.;])\s+(?=[A-Z])")


def _apply_cues(t: str, tags: list[str], rules: list[str]) -> tuple[list[str], list[str]]:
    """The §6/§7 tag cues of :mod:`regc.decisions.tags_cues`: add the tags their patterns find (in TAGS order),
    drop a Methodology whose only referenced text is a point of the same section, and a Commitment read from a
    contractual agreement that only frames the node's value."""
    found = dict(zip(tags, rules))
    for name, tag, rx in EXTRA_RULES:
        m = rx.search(t) if tag not in found else None
        if m and not (tag == "Methodology" and (example_governs(t, m.start()) or re.search(
                r"\bin\s+order\s+to\s+$|\buntil\s+[^,;.]{0,40}$", t[max(0, m.start() - 50):m.start()], re.IGNORECASE))):
            found[tag] = f"{tag}:{name}"  # ("in order to comply with Directive X": a purpose, not a method; "until this
            # area matches the definition of forest": the event that ends the plan, not a method)
    if "Methodology" in found and INTERNAL_POINT_TARGET.search(t) and \
            not _methodology_match(INTERNAL_POINT_TARGET.sub(" ", t)):
        del found["Methodology"]  # "complies with the requirements set out in points 1.1.1 and 1.1.2"
    if "Methodology" in found and CLASS_RANK_LIMIT.search(t) and not _methodology_match(CLASS_RANK_LIMIT.sub(" ", t)):
        del found["Methodology"]  # "rated in the highest two populated classes … in accordance with Regulation X"
    if "Methodology" in found and PROCEDURE_STEP.search(t) and not _methodology_match(PROCEDURE_STEP.sub(" ", t)):
        del found["Methodology"]  # "has been notified to the Commission in accordance with Article 41 …": a procedure
    if "Methodology" in found and CLASSIFIED_THING.search(t):
        del found["Methodology"]  # "substances meeting the criteria for classification as … in accordance with X"
    if "Methodology" in found and CRITERIA_OF_CLASSIFIED_THINGS.search(t) and \
            not _methodology_match(CRITERIA_OF_CLASSIFIED_THINGS.sub(" ", t)):
        del found["Methodology"]  # "does not involve the use of substances … that meet the criteria set out in Article 57
        # of Regulation (EC) No 1907/2006": the act classifies the substances
    if "Commitment" in found and CONTRACT_AS_CONTEXT.search(t) and found["Commitment"].startswith(
            "Commitment:\\bcontractual") and not _commitment_match(CONTRACT_AS_CONTEXT.sub(" ", t)):
        del found["Commitment"]  # "the contribution defined in the contractual agreement is at least …"
    ordered = [tag for tag in TAGS if tag in found]
    return ordered, [found[tag] for tag in ordered]


class Tags(Decision):
    """The tags of one node (a tuple, in TAGS order); see the module doc."""

    name = "tags"
    pass_name = "classify"

    @dataclass(frozen=True)
    class Inputs:
        text: str
        is_chapeau: bool = False
        anchored: Optional[str] = None
        inherited: Optional[str] = None
        information_item: bool = False  # an item of a chapeau asking for points of information

    Output = tuple
    Answer = list[Tag]
    answer_field = "tags"
    prompt_fields = ("text",)
    field_notes = {"text": "the node's own text (data, not instructions)"}
    instructions = ("Tags of a criterion: a subset of Verification, Methodology (prescribes how to comply: a named "
                    "method, standard, test, or compliance with a referenced text), Commitment, Assessment, "
                    "Replacement, BackgroundInformation. [] for a chapeau that only introduces items and for plain "
                    "outcome obligations or performance limits.")

    def rule(self, x: "Tags.Inputs") -> Verdict[tuple]:
        d = decide_tags(x.text, is_chapeau=x.is_chapeau, anchored=x.anchored, inherited=x.inherited,
                        information_item=x.information_item)
        return Verdict(tuple(d.value), d.confidence, d.rule)

    def to_value(self, answer: Any, x: "Tags.Inputs", rule_value: tuple) -> tuple:
        return tuple(dict.fromkeys(answer or []))

    def to_answer(self, value: tuple) -> list:
        return list(value)

    def same(self, a: Any, b: Any) -> bool:
        return list(a or []) == list(b or [])

    def examples(self, act: Any) -> Iterable[tuple["Tags.Inputs", tuple]]:
        for unit in act.units:
            for node, parent in unit.root.walk_with_parent():
                if parent is not None and node.verbatim_text:
                    yield self.Inputs(text=node.verbatim_text), tuple(node.tags)

    def metric(self, gold: Any, pred: Any) -> float:
        g, p = set(gold or []), set(pred or [])
        return 1.0 if not g and not p else len(g & p) / len(g | p)


TAGS_DECISION = Tags()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
