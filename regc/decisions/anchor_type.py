"""Decision ``anchor_type``: the Type of an anchored unnumbered paragraph (spec §3; paper D.5 tag definitions),
one of the six tags, from its own text.  The structure pass decides where the paragraph hangs; this unit decides
what it is.

>>> ANCHOR_TYPE.rule(ANCHOR_TYPE.Inputs("Quantified life-cycle GHG emissions are verified by a third party.")).value
'Verification'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional

from pydantic import BaseModel, ConfigDict

from regc.decisions.base import Decision, Verdict
from regc.ir.models import ANCHORED_ID, TAGS, Tag
from regc.grammar.prefilter import prefilter_namespace


_BACKGROUND = re.compile(
    r"^(on the basis of (the|those|these) reports|when undertaking the assessment)"
    r"|\bthe commission (may|shall|will)\b|\b(member states|competent authorities) may\b|^note\b"
    r"|\b(verifier|auditor|commission|authorit(y|ies)|member states?)\s+(\w+\s+){0,3}takes? into account\b"
    r"|\bfor information\b|\bby way of illustration\b"
    r"|\bmay be (considered|regarded|used)\b|\bpreferably\b|\bis (encouraged|recommended)\b"
    r"|^(for the purposes? of (this|these|that|point|section)\b[^.]*,\s*(\w+\s+){1,6}(may|can)\b)",
    re.I)
# the nouns that name the compliance with a criterion, and the verbs of showing it (word lists)
COMPLIANCE_NOUNS = ("compliance", "implementation", "conformity", "fulfilment", "fulfillment")
SHOWING_PARTICIPLES = ("checked", "verified", "demonstrated", "assessed", "shown", "proven", "evidenced")
_SHOWN_COMPLIANCE = (r"^\s*(the\s+)?(" + "|".join(COMPLIANCE_NOUNS) + r")\b[^.;:]{0,200}?\b(may|can)\s+(also\s+)?be\s+("
                     + "|".join(SHOWING_PARTICIPLES) + r")\b")
SHOWN_COMPLIANCE = re.compile(_SHOWN_COMPLIANCE, re.I)
# permissions to the assessor (spec §7 BackgroundInformation): how an audit or calculation may be done, not
# whether the activity passes ("audits may be performed together with any other audit"; "… may take into account
# measures …").  "may not" is a prohibition, binding: not a permission.
_ASSESSOR_ACT = r"(audits?|assessments?|verifications?|inspections?|certifications?|controls?|checks?|reports?)"
_PERMISSION = re.compile(
    r"\b" + _ASSESSOR_ACT + r"\s+(may|can)\s+(also\s+)?be\s+(\w+\s+){0,2}?(performed|carried\s+out|conducted|done|"
    r"combined|undertaken|merged|joined)\b"
    r"|\bmay\s+(also\s+)?take\s+into\s+account\b"
    # a permission to substitute an alternative for the requirement it follows ("By way of derogation from this
    # point, where legal restrictions prevent … risk-based rewards, insurance products may instead provide …
    # measures"): the requirement keeps its test; the alternative is context (a child cannot be an alternative to
    # its own anchor), read like "can also be demonstrated through compliance with equivalent requirements"
    r"|\bmay\s+(also\s+)?(instead|alternatively)\s+[a-z]+\b"
    # a permission to pool what a requirement keeps apart ("Different types of hazardous waste may be placed
    # together in a hazardous waste box … under the condition that …"): it relaxes the criterion, sets no test
    r"|\bmay\s+(also\s+)?be\s+[a-z]+ed\s+together\b"
    # a permission on how or at what level compliance is shown ("The compliance with the … criteria may be
    # checked: (a) at the level of …", "Implementation of such measures can also be demonstrated through compliance
    # with equivalent requirements"): the subject is the compliance itself, the verb a discretionary showing
    r"|" + _SHOWN_COMPLIANCE,
    re.I)
# a description of what a report or a verification contains (spec §7 BackgroundInformation: "descriptions of what a
# report contains"; "The verification includes an updated detailed description of …, an evaluation of …"): the
# contents of the showing, not a test of the activity.  The head nouns are data; a plan's contents ("The afforestation
# plan contains all elements required by …") are a requirement on the plan, not listed here
REPORT_HEADS = ("verification", "verifications", "report", "reports", "audit", "audits", "documentation")
REPORT_CONTENT_VERBS = ("includes", "include", "contains", "contain", "comprises", "comprise", "covers", "cover")
_REPORT_CONTENTS = re.compile(r"^\s*(the|this|that|such|each)\s+([\w-]+\s+){0,3}?(" + "|".join(REPORT_HEADS) + r")\s+("
                              + "|".join(REPORT_CONTENT_VERBS) + r")\b", re.I)
# the subject is an assessment and the sentence says how it is done ("The climate risk and vulnerability
# assessment is proportionate to the scale of the activity …, such that:"; gold "The assessment is based on …")
# its subject may be a property of the assessment ("The level of detail required in the assessment is appropriate to
# the size … of the plant"): the same statement of how the assessment is done
ASSESSMENT_PROPERTIES = ("level of detail", "scope", "depth", "extent")
OF_ASSESSMENT = (r"(?:" + "|".join(p.replace(" ", r"\s+") for p in ASSESSMENT_PROPERTIES)
                 + r")\s+(?:required\s+)?(?:in|of)\s+the\s+")
_HOW_ASSESSED = re.compile(
    r"^\s*(the|this|that|such)\s+(" + OF_ASSESSMENT + r")?([\w-]+\s+){0,6}?(assessment|analysis|evaluation|appraisal)"
    r"\s+(is|are)\s+(proportionate|appropriate|performed|carried\s+out|conducted|undertaken|based\s+on|made|done)\b",
    re.I)
_VERIFICATION = re.compile(
    r"\b(is|are|be|been|being) (verified|audited|certified|monitored|checked|attested|validated|reviewed|inspected)\b"
    r"|\bverif(ier|ies|y)\b|\bverification\b|\bthird[- ]part(y|ies)\b|\baudit(ed|s)?\b|\bcertif(ied|ication|icate)\b",
    re.I)
_STANDARD = re.compile(r"\b(EN|ISO|IEC|CLC|CEN|CENELEC|ETSI|ASTM|IPC|JEDEC)\b(\s?/\s?[A-Z]+)*\s?[- ]?\d", re.I)
_METHODOLOGY = re.compile(
    r"\b(is|are) (calculated|computed|determined|measured|estimated|quantified|established|installed)\b"
    r"|\bmethodolog(y|ies)\b|\bin accordance with\b|\bin line with\b|\bbased on\b|\bstandards?\b"
    r"|\bcompl(y|ies|iance) with\b|\b(meets?|fulfils?|fulfills?) the requirements\b|\bmeasures include\b"
    r"|\bbest (available )?(practices?|techniques?)\b|\bguidelines?\b|\bspecifications?\b|\bprocedures?\b",
    re.I)
# a deterioration is an assessment cue only as a change of a water body's STATUS (the Water Framework Directive's
# status assessment: "does not result in a deterioration of the status of the affected water bodies"); "does not
# lead to any deterioration of water bodies and marine resources" is a plain outcome requirement (spec §7 titles:
# Methodology by default)
_STATUS_DETERIORATION = r"\bdeteriorat\w*\s+(of\s+)?(the\s+|their\s+|its\s+)?([\w-]+\s+){0,2}?status\b"
_ASSESSMENT = re.compile(r"\bassess(es|ed|ment|ing)?\b|" + _STATUS_DETERIORATION
                         + r"|\bgood (ecological |environmental )?(status|potential)\b"
                         r"|\bimpact analysis\b|\bevaluat(es|ed|ion)\b|\b(are|is) identified and addressed\b"
                         r"|\bnot detrimental\b|\bsignificant adverse effects?\b|\bconsultation\b", re.I)
# a plan is a Commitment when the sentence adopts it ("A waste management plan is in place …", "A … plan … is
# presented"), not when it says what the plan covers or contains ("The forest management plan … covers a period
# of 10 years or more": a requirement on the plan, Methodology by default); the tags decision reads plans the same way
PLAN_ADOPTION_PREDICATES = ("in place", "put in place", "presented", "issued", "adopted", "approved", "established",
                            "drawn up", "implemented", "submitted")
_PLAN_ADOPTED = (r"^\s*(an?|the)\s+([\w-]+\s+){0,4}plan\b[^.;:]{0,80}?\b(is|are)\s+("
                 + "|".join(w.replace(" ", r"\s+") for w in PLAN_ADOPTION_PREDICATES) + r")\b")
_COMMITMENT = re.compile(r"\bcommit(ment|ted|s)?\b|\bundertak(es|ing) to\b|\bpledge|" + _PLAN_ADOPTED, re.I)
# a calculation in any modal form ("shall be calculated", "is to be calculated", "is calculated")
_MODAL_CALCULATE = re.compile(r"\b(?:is|are|shall\s+be|must\s+be|is\s+to\s+be|are\s+to\s+be)\s+(?:calculated|"
                              r"computed|determined|quantified)\b", re.I)
_REPLACEMENT = re.compile(r"\breplac(es|ed|ement|ing)\b|\bwithdrawn from (use|the fleet|service)\b", re.I)
# exclusions (spec §7): a binding requirement that declares something not compliant, not eligible, not qualifying
_EXCLUSION = re.compile(
    r"\b(is|are)\s+not\s+(compliant|eligible)\b|\b(is|are)\s+excluded\b|\bis\s+not\s+covered\b"
    r"|\b(is|are)\s+not\s+considered\s+(as\s+)?(a\s+|an\s+)?(contribution|compliant|eligible|fulfilling|meeting|"
    r"complying|qualifying|sustainable)"
    r"|\b(does|do)\s+not\s+qualify\b|\b(is|are)\s+not\s+(deemed|regarded)\s+(as\s+)?(compliant|eligible)",
    re.I)


# a heading printed without a label inside a criterion ("Group assessment" inside "2. Audit"): a short capitalised
# phrase, no sentence punctuation, no finite verb; it names what follows and sets no test of its own (spec §7
# titles: BackgroundInformation when anchored), whatever its keyword ("assessment") would say
_HEADING_VERBS = ("is", "are", "was", "were", "be", "been", "has", "have", "does", "do", "may", "can", "shall",
                  "must", "will", "should")
_HEADING = re.compile(r"^\s*[A-Z][\w’'-]*(?:\s+(?!(?:" + "|".join(_HEADING_VERBS) + r")\b)[A-Za-z][\w’'-]*){0,5}\s*$")


def is_heading(text: str) -> bool:
    """An unlabelled heading: up to six words, capitalised, no digits, no final punctuation, no finite verb.

    >>> is_heading("Group assessment"), is_heading("Audits are performed."), is_heading("Emissions are low")
    (True, False, False)
    """
    return bool(_HEADING.match(text))


def is_exclusion(text: str) -> bool:
    """The first sentence declares something not compliant / not eligible / not qualifying (spec §7: binding).

    >>> is_exclusion("Plants more GHG-intensive than 100 g CO2e/kWh are not compliant."), is_exclusion("x is y.")
    (True, False)
    """
    return bool(_EXCLUSION.search(re.split(r"(?<=[.;:])\s+(?=[A-Z])", text, maxsplit=1)[0]))


def is_permission(text: str) -> bool:
    """The first sentence is a permission to the assessor (spec §7 BackgroundInformation, non-participating).

    >>> is_permission("In order to reduce costs, audits may be performed together with any other audit.")
    True
    >>> is_permission("By way of derogation from this point, where X prevents rewards, products may instead provide measures.")
    True
    >>> is_permission("The certifier may not have any conflict of interest.")
    False
    """
    return bool(_PERMISSION.search(re.split(r"(?<=[.;:])\s+(?=[A-Z])", text, maxsplit=1)[0]))


@dataclass(frozen=True)
class TypeDecision:
    tag: str
    rule: str
    confidence: float


def anchor_type(text: str) -> TypeDecision:
    """Decide the Type of an anchored unnumbered paragraph (spec §3) from its text (paper D.5 tag definitions).

    An unlabelled heading (:func:`is_heading`) is ``BackgroundInformation`` (rule ``heading``); otherwise ordered
    rules (:func:`_sentence_type`), the first sentence decides when it can, then the whole paragraph:

    0. an exclusion in the first sentence ("… is not compliant", "… are not considered as a contribution",
       "… do not qualify"): a binding requirement (spec §7), ``Methodology`` (rule ``exclusion``), never
       background;
    1. ``BackgroundInformation``: a permission to the assessor (spec §7: "audits may be performed together with
       any other audit", "may take into account"; rule ``permission``; "may not" is a prohibition and stays
       binding) or other non-binding context — another actor acts ("the Commission may", "the verifier takes into
       account"), "may be considered", "preferably", "Note:";
    2. ``Verification``: passive verify/audit/certify/monitor (also reviewed/inspected in the cue pass),
       third-party verifier;
    3. ``Methodology``: passive calculate/measure/install, "is based on"; an assessment whose first sentence says
       how it is done ("The … assessment is proportionate to … / is performed …", rule ``how-assessed``);
    4. ``Assessment``: "it assesses", assessment/evaluation, deterioration/good status, risks identified and
       addressed, "not detrimental", significant adverse effects, consultation;
    5. the cue families: Assessment, Verification, Methodology (a named standard ``EN 62271-1``, compliance
       with a referenced text, best practices, guidelines, procedures), Commitment, Replacement — when only
       the later sentences are left, a Methodology cue comes first;
    6. an exclusion ("… is not compliant", "… is excluded") or any other requirement the six types do not name:
       ``Methodology``, the paper's default for requirements on how the activity is carried out (rule
       ``requirement-default``, confidence 0.5; rule ``default`` 0.4 when the paragraph is not even a sentence).

    >>> anchor_type("Quantified life-cycle GHG emissions are verified by an independent third party.").tag
    'Verification'
    >>> anchor_type("Life-cycle GHG emissions are calculated using ISO 14067:2018.").tag
    'Methodology'
    >>> anchor_type("On the basis of the reports transmitted to it, the Commission may address an opinion.").tag
    'BackgroundInformation'
    >>> anchor_type("The digestate is preferably composted after anaerobic digestion.").tag
    'BackgroundInformation'
    >>> anchor_type("The equipment referred to in this point (d) complies with EN 62271-1.").rule
    'methodology-cue'
    >>> anchor_type("In order to reduce costs, audits may be performed together with any other audit.").rule
    'permission'
    >>> anchor_type("Mandatory contributions are not considered as a contribution to the restoration.").rule
    'exclusion'
    >>> anchor_type("Group assessment").rule
    'heading'
    """
    if is_heading(text):  # an unlabelled heading names what follows, sets no test (spec §7 titles)
        return TypeDecision("BackgroundInformation", "heading", 0.6)
    return _sentence_type(text)


def _sentence_type(text: str) -> TypeDecision:
    """The ordered rules 0-6 of :func:`anchor_type` over a paragraph's sentences."""
    first = re.split(r"(?<=[.;:])\s+(?=[A-Z])", text, maxsplit=1)[0]
    if _EXCLUSION.search(first):  # binding, never background (spec §7)
        return TypeDecision("Methodology", "exclusion", 0.7)
    for scope, conf in ((first, 0.9), (text, 0.7)):
        if _PERMISSION.search(scope):
            return TypeDecision("BackgroundInformation", "permission", conf)
        if _BACKGROUND.search(scope):
            return TypeDecision("BackgroundInformation", "background-cue", conf)
        if scope is first and _REPORT_CONTENTS.search(scope):
            return TypeDecision("BackgroundInformation", "report-contents", conf - 0.1)
        if re.search(r"\b(is|are) (verified|audited|certified|monitored)\b", scope, re.I):
            return TypeDecision("Verification", "passive-verify", conf)
        if re.search(r"\b(is|are) (calculated|computed|determined|measured|estimated|quantified)\b|\bis based on\b",
                     scope, re.I):
            return TypeDecision("Methodology", "passive-calculate", conf)
        if scope is first and _HOW_ASSESSED.search(scope):
            return TypeDecision("Methodology", "how-assessed", conf - 0.1)
        if re.match(r"\s*(it|this|that|the activity|the operator)\s+assess(es)?\b", scope, re.I):
            return TypeDecision("Assessment", "assesses", conf)
        methodology = bool(_METHODOLOGY.search(scope) or _STANDARD.search(scope))
        if methodology and scope is not first:  # later sentences: a named method outranks a status word
            return TypeDecision("Methodology", "methodology-cue", conf - 0.1)
        if _ASSESSMENT.search(scope):
            return TypeDecision("Assessment", "assessment-cue", conf - 0.1)
        if _VERIFICATION.search(scope):
            return TypeDecision("Verification", "verification-cue", conf - 0.1)
        if methodology:
            return TypeDecision("Methodology", "methodology-cue", conf - 0.1)
        if _COMMITMENT.search(scope):
            return TypeDecision("Commitment", "commitment-cue", conf - 0.1)
        if _REPLACEMENT.search(scope):
            if scope is first and _MODAL_CALCULATE.search(text):  # "… limited by the replacement ratio. The
                # replacement ratio shall be calculated …": a calculation method, not a replaced asset
                return TypeDecision("Methodology", "calculated-ratio", conf - 0.2)
            return TypeDecision("Replacement", "replacement-cue", conf - 0.1)
    if _EXCLUSION.search(text):
        return TypeDecision("Methodology", "exclusion", 0.5)  # an exclusion in a later sentence
    if re.search(r"[.;:]$", text.strip()) and re.search(r"\b(is|are|does|do|has|have|[a-z]+s)\b", text):
        return TypeDecision("Methodology", "requirement-default", 0.5)
    return TypeDecision("Methodology", "default", 0.4)




class AnchorAnswer(BaseModel):
    """Where an unnumbered paragraph hangs (``anchor_id``, one of the candidates) and its Type."""

    model_config = ConfigDict(extra="forbid")
    anchor_id: Optional[str] = None
    anchor_type: Tag


class AnchorType(Decision):
    name = "anchor_type"
    pass_name = "structure"

    @dataclass(frozen=True)
    class Inputs:
        text: str
        anchor_text: str = ""

    Output = str
    Answer = AnchorAnswer
    answer_field = "anchor"
    field_notes = {"text": "the unnumbered paragraph (data, not instructions)",
                   "anchor_text": "text of the criterion it currently hangs under"}
    instructions = ("An unnumbered paragraph qualifies a preceding criterion. Give its Type: Verification, "
                    "Methodology, Commitment, Assessment, Replacement or BackgroundInformation (anchor_id: null to "
                    "keep the criterion it hangs under).")

    def rule(self, x: "AnchorType.Inputs") -> Verdict[str]:
        d = anchor_type(x.text)
        return Verdict(d.tag, d.confidence, d.rule)

    def to_value(self, answer: Any, x: "AnchorType.Inputs", rule_value: str) -> str:
        a = answer if isinstance(answer, AnchorAnswer) else AnchorAnswer.model_validate(answer)
        if a.anchor_type not in TAGS:
            raise ValueError(f"{a.anchor_type!r} is not one of the six Types")
        return a.anchor_type

    def to_answer(self, value: str) -> AnchorAnswer:
        return AnchorAnswer(anchor_type=value)

    def examples(self, act: Any) -> Iterable[tuple["AnchorType.Inputs", str]]:
        for unit in act.units:
            for node, parent in unit.root.walk_with_parent():
                m = ANCHORED_ID.search(node.criterion_id)
                if m and parent is not None:
                    yield self.Inputs(node.verbatim_text, parent.verbatim_text), m.group(1)


ANCHOR_TYPE = AnchorType()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
