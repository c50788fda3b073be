"""Pass `classify` (stage 3) — category, applicability, tags, evaluation logic and a template rule summary.

Each decision is a function with typed inputs returning a :class:`~regc.passes.decisions.Decision` (value,
confidence, rule), so a learned module can replace or arbitrate it (``ctx.options.decider``):

- :func:`decide_category` — ``Quantitative`` iff the node carries quantitative threshold items (deterministic);
- :func:`decide_applicability` — spec §6 "Applicability" (gates, scopes, qualifiers, "may") and its exceptions;
- :func:`decide_tags` — spec §6 "Tags" and paper D.5; anchored nodes keep their type, their items inherit it;
- :func:`decide_node_logic` — spec §6 "Evaluation logic of a chapeau" via :mod:`regc.grammar.logic`.

>>> from regc.ir.models import CriterionNode
>>> decide_applicability("Where facilities incorporate any form of abatement, X complies with Y.").value
'Conditional'
>>> decide_applicability("Life-cycle GHG emissions are calculated based on project-specific data, where available.").value
'Mandatory'
>>> decide_tags("Quantified life-cycle GHG emissions are verified by an independent third party.").value
['Verification']
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from regc.grammar.logic import LogicDecision, decide_logic
from regc.ir.models import ANCHORED_ID, TAGS, CriterionNode, Diagnostic, Threshold, Unit
from regc.passes.decisions import Decision, arbitrate
from regc.llm.hooks import keep_model_origin, summarise_with_model
from regc.passes.summaries import chapeau_summary, leaf_summary, root_summary

NAME = "classify"


def anchored_type(node: CriterionNode) -> Optional[str]:
    """The Type of an anchored node (``1(b).Verification.2`` -> ``Verification``), else None."""
    m = ANCHORED_ID.search(node.criterion_id)
    if m:
        return m.group(1)
    if node.provenance.kind == "anchored":
        for t in node.tags:
            return t
    return None


# ---------------------------------------------------------------------------------------------------------------
# category


def decide_category(threshold: Optional[Threshold]) -> Decision[str]:
    """
    >>> decide_category(None).value
    'Qualitative'
    """
    q = bool(threshold and threshold.quantitative and threshold.quantitative.items)
    return Decision("Quantitative" if q else "Qualitative", 1.0, "quantitative-items" if q else "no-quantitative-items")


# ---------------------------------------------------------------------------------------------------------------
# applicability

_FIRST_SENTENCE = re.compile(r"^(.*?[a-z0-9)\]’'%])\.(?:\s+(?=[A-Z])|\s*$)", re.DOTALL)
_GATE_LEAD = re.compile(r"^\s*(?:where|if|when|whenever|unless|in\s+(?:the\s+)?case(?:\s+of|\s+that)?|"
                        r"provided\s+that|insofar\s+as|to\s+the\s+extent\s+that)\b", re.IGNORECASE)
_PROCESS_STAGE = re.compile(r"^\s*(?:when|while|where)\s+\w+ing\b", re.IGNORECASE)  # "When undertaking the assessment"
_UNIVERSAL_LEAD = re.compile(r"^\s*where\s+(?:available|feasible|possible|practicable)\b", re.IGNORECASE)
_GATING_QUALIFIER_LEAD = re.compile(r"^\s*(?:where|when|if)\s+(?:applicable|relevant|appropriate|necessary|"
                                    r"required)\b", re.IGNORECASE)
_WHERE_RELEVANT = re.compile(r"\bwhere\s+(?:relevant|appropriate)\b", re.IGNORECASE)
_FOR_SCOPE = re.compile(r"^\s*for\s+(?!example\b|instance\b|all\b(?!\s+other\b)|every\b|the\s+purposes?\s+of\b|this\s+purpose\b|that\s+purpose\b|"
                        r"each\s+year\b|the\s+(?:first|second)\b)", re.IGNORECASE)
_CATEGORY_SCOPE = re.compile(r"^\s*[A-Za-z][\w\s-]{0,40}?\bof\s+(?:category|categories|type|types|class|classes)\s+"
                             r"[A-Z0-9]", re.IGNORECASE)
_MAY = re.compile(r"\b(?<!that\s)(?<!which\s)(?<!who\s)may\s+(?!not\b)(?!be\s+(?:required|needed)\b)\w+",
                  re.IGNORECASE)
# a bare noun-phrase heading over items ("Overground high voltage lines:"): it names a class of instances
_NOUN_PHRASE_HEADING = re.compile(r"^\s*(?!(?:The|This|These|Those|Its|Their|All|Each|Every|Any|Both|Either|One)\b)"
                                  r"[A-Z][\w-]*(?:\s+[\w-]+){0,4}?\s+(?:lines|cables|pipelines|plants|installations|"
                                  r"facilities|vessels|ships|vehicles|buildings|stations|units|sites|networks)\s*:\s*$")
_VERBISH = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|do|does|shall|must|may|can|compl(?:y|ies)|meets?|"
                      r"fulfils?|include[sd]?|following|criteria|requirements|conditions|apply|applies|"
                      r"\w{3,}ed)\b", re.IGNORECASE)
# an entity qualifier on the subject, without an article ("Plastics recycling facilities have …", "Activities in
# architectural design take into account …"): the requirement covers only that kind of instance
_QUALIFIED_SUBJECT = re.compile(
    r"^\s*(?!(?:The|This|These|Those|Its|Their|All|Each|Every|Any|Both|Either|One|Where|When|If|For|In|At|On|By|"
    r"No|Measures?|Emissions?)\b)"
    r"(?:(?P<mod>[A-Z][\w-]*(?:\s+(?!(?:in|of|for|on|with|at|by|to|from)\b)[\w-]+){0,2}?)\s+(?P<head>facilities|plants|installations|vessels|ships|lines|"
    r"activities)|(?P<head2>Activities|Facilities|Installations|Plants|Vessels|Ships)\s+(?P<pp>(?:in|for|of)\s+"
    r"[\w\s-]{3,50}?))\s+(?:have|has|are|is|do|does|comply|complies|meet|meets|use|uses|take|takes|ensure|ensures)\b")
_LOCATION_LEAD = re.compile(r"^\s*(?:for\s+activities\s+located\s+)?(?:in|within|outside)\s+(?:the\s+(?:Union|EU)|third\s+"
                            r"countries|(?:a\s+|the\s+)?Member\s+States?)\s*[,:]", re.IGNORECASE)
_DATE_WORDS = re.compile(r"\b(?:by|before|until|after|from|no later than)\s+(?:\d{1,2}\s+)?(?:January|February|March|"
                         r"April|May|June|July|August|September|October|November|December)?\s*\d{4}\b")
# a chapeau whose items are the things the activity makes/is/installs (exception (i) of spec §6 Applicability)
_OBJECT_CHAPEAU = re.compile(r"\b(?:manufactur|produc|generat|install|provid|suppl|repair|maintain|retrofit|repurpos|"
                             r"upgrad|renovat|construct|develop|rent|leas|sell|distribut|deploy)\w*\b"
                             r"(?:(?!\b(?:where|when|if|criteria|requirements|apply)\b)[^:.;]){0,60}:\s*$",
                             re.IGNORECASE)
_STOP = {"the", "of", "and", "or", "for", "a", "an", "in", "on", "to", "with", "which", "that", "including", "as",
         "by", "its", "their", "where", "when", "if"}


def first_sentence(text: str) -> str:
    m = _FIRST_SENTENCE.match(text.strip())
    return m.group(1) if m else text.strip()


def _lead_clause(text: str) -> str:
    return re.split(r"[,:;]", text, maxsplit=1)[0]


def _words(s: str) -> set[str]:
    return {w[:6] for w in re.findall(r"[a-z]+", s.lower()) if w not in _STOP and len(w) > 2}


def restates_activity_scope(scope: str, activity_name: str) -> bool:
    """Exception (iii): the scope every instance meets because it restates the activity itself.

    >>> restates_activity_scope("For construction of new buildings", "Construction of new buildings")
    True
    >>> restates_activity_scope("For road vehicles of categories M and N", "Transport by motorbikes, passenger cars")
    False
    """
    if not activity_name:
        return False
    sw, aw = _words(scope), _words(activity_name)
    if not (sw and sw <= aw):
        return False
    # "Recovery of bio-waste by anaerobic digestion or composting": a scope naming one alternative of the
    # activity ("For anaerobic digestion") is not met by every instance
    alts = re.split(r"\s+or\s+|\s+and/or\s+", activity_name)
    if len(alts) > 1:
        distinct = [_words(a) - set.union(*(_words(b) for b in alts if b is not a)) for a in alts]
        if any(d and not (d & sw) for d in distinct) and any(d & sw for d in distinct):
            return False
    return True


_ONLY_WHERE = re.compile(r"\bonly\s+(?:where|if|when|in\s+(?:the\s+)?case)\b", re.IGNORECASE)
_MID_IF = re.compile(r"(?<!\beven)(?<!\bas)\s+if\s+(?:the|it|they|such|this|that|these)\b(?![^,;]*\bnot\s+available\b)",
                     re.IGNORECASE)


_CATEGORY_CODES = re.compile(r"\bcategor(?:y|ies)\s+((?:[LMNOT]\d?\b(?:\s*(?:,|and|or)\s*)?)+)")


def _category_codes(text: str) -> set[str]:
    out: set[str] = set()
    for m in _CATEGORY_CODES.finditer(text):
        out |= set(re.findall(r"\b[A-Z]\d?\b", m.group(1)))
    return out


def covers_activity_categories(scope: str, activity_scope: str) -> bool:
    """Exception (iii) for vehicle categories: the scope names categories that include every category the
    activity itself covers (its description's first sentence), so every instance meets it.

    >>> covers_activity_categories("For road vehicles of categories M and N", "vehicles designated as category N1, N2 or N3")
    True
    >>> covers_activity_categories("For road vehicles of categories M and N", "vehicles of category M1, N1, both X, or L (2-wheel)")
    False
    """
    at = re.search(r"\bcategor(?:y|ies)\b", activity_scope)
    # the activity's categories: every code after "category" in its description ("M1, N1, both …, or L (…)")
    theirs = set(re.findall(r"\b[LMNOT]\d?\b", activity_scope[at.end():])) if at else set()  # EU vehicle categories
    mine = _category_codes(scope)
    return bool(mine and theirs) and all(any(c == m or c.startswith(m) and len(m) == 1 for m in mine) for c in theirs)


def decide_applicability(text: str, *, is_root: bool = False, activity_name: str = "", parent_text: str = "",
                         parent_logic: str = "", scope_conditions: Sequence[dict] = (),
                         siblings_scoped: bool = False, activity_scope: str = "") -> Decision[str]:
    """Mandatory unless the node's own (first-sentence) text restricts which instances it applies to.

    >>> decide_applicability("vehicles of category L with tailpipe CO2 emissions equal to 0 g CO2e/km;",
    ...                      parent_text="The economic activity manufactures, repairs or upgrades:").value
    'Mandatory'
    """
    if is_root:
        return Decision("Mandatory", 1.0, "root")
    t = first_sentence(text)
    lead = _lead_clause(t)
    if _UNIVERSAL_LEAD.match(t):
        return Decision("Mandatory", 0.8, "universal-qualifier-lead")
    if _GATING_QUALIFIER_LEAD.match(t):
        return Decision("Conditional", 0.85, "where-applicable-gate")
    if _GATE_LEAD.match(t):
        if _PROCESS_STAGE.match(t):
            return Decision("Mandatory", 0.75, "process-stage")
        return Decision("Conditional", 0.9, "situation-gate")
    if _LOCATION_LEAD.match(t):
        return Decision("Conditional", 0.7, "location-scope")  # "in the Union, in relation with Natura 2000 sites:"
    if activity_scope and covers_activity_categories(t, activity_scope):
        return Decision("Mandatory", 0.6, "categories-restate-activity")
    if _FOR_SCOPE.match(t):
        if restates_activity_scope(lead, activity_name):
            return Decision("Mandatory", 0.6, "scope-restates-activity")
        if parent_logic in ("OR", "N_OF_K") and _DATE_WORDS.search(lead) and not re.search(r"\b(?:larger|smaller|greater|below|above|more|less|over|"
                                                      r"under|categor|type|class)", lead, re.IGNORECASE):
            return Decision("Mandatory", 0.6, "date-qualifier")
        return Decision("Conditional", 0.85, "scope-for-class")
    if _NOUN_PHRASE_HEADING.match(t) and not _VERBISH.search(t) and not restates_activity_scope(t, activity_name):
        return Decision("Conditional", 0.65, "noun-phrase-scope-heading")
    q = _QUALIFIED_SUBJECT.match(t)
    if q and not restates_activity_scope(q.group("mod") or q.group("pp"), activity_name) \
            and not _words(q.group("mod") or q.group("pp")) <= _words(activity_name) \
            and not (parent_text and _OBJECT_CHAPEAU.search(parent_text)):
        return Decision("Conditional", 0.65, "qualified-subject")
    if _CATEGORY_SCOPE.match(t) and not restates_activity_scope(lead, activity_name):
        if parent_text and _OBJECT_CHAPEAU.search(parent_text):
            return Decision("Mandatory", 0.7, "object-of-chapeau-verb")
        return Decision("Conditional", 0.75, "category-qualifier")
    if _WHERE_RELEVANT.search(t):
        return Decision("Conditional", 0.75, "where-relevant")
    if _ONLY_WHERE.search(t[:100]) or _MID_IF.search(t):
        return Decision("Conditional", 0.7, "embedded-gate")
    if any(sc.get("rule") == "scope:subject-size" for sc in scope_conditions) and \
            not restates_activity_scope(lead, activity_name):
        # "Plastic parts > 25 g do not contain chlorinated polymers": a size qualifier on the entity the
        # requirement is about (spec §6 Applicability)
        return Decision("Conditional", 0.7, "size-qualifier-on-subject")
    if scope_conditions and siblings_scoped:
        # band tiers: every item carries a number saying which instances it covers ("… for plant capacity below
        # 10 000 p.e.; … between 10 000 and 100 000 p.e."); options that name what the activity makes stay
        # Mandatory (exception (i))
        if parent_text and _OBJECT_CHAPEAU.search(parent_text):
            return Decision("Mandatory", 0.6, "object-of-chapeau-verb-with-size")
        if not restates_activity_scope(lead, activity_name):
            return Decision("Conditional", 0.7, "scope-condition")
    m = _MAY.search(t)
    if m and re.search(r"\b(?:which|that|who|whether|what|where|if)\b[^,;]*$", t[:m.start()], re.IGNORECASE):
        m = None  # "which physical climate risks … may affect": a subordinate may, not a discretion
    if m:
        soft = re.search(r"\bmay\s+(?:also\s+)?(?:take\s+into\s+account|include|be\s+used)\b", t, re.IGNORECASE)
        # a permissive "may take into account / include / be used" sentence that only adjusts a requirement the
        # node states before it stays Mandatory (CCM-5.1 P1(a)); a node that IS that sentence (an anchored
        # "Net energy consumption … may take into account …") only applies where the option is used
        if not soft or (not re.search(r"[.;]\s", t[:soft.start()]) and not re.match(r"may\s+(?:also\s+)?include",
                                                                                   soft.group(0), re.IGNORECASE)):
            # ("transmission systems may include …" describes what a term covers: no discretion)
            return Decision("Conditional", 0.7, "discretionary-may")
    return Decision("Mandatory", 0.85, "default-mandatory")


# ---------------------------------------------------------------------------------------------------------------
# tags

_REF = (r"(?:Directive|Regulation|Decision|Recommendation|Annex|Appendix|Section|Sections|Article|ISO|EN\s?\d|CEN|"
        r"CLC|standard|standards|Protocol|Code\s+of\s+Conduct|methodology|method|test|criteri(?:on|a)\s+B?\d|"
        r"comprehensive\s+criteri|technical\s+(?:screening\s+)?(?:criteria|specifications)|(?:BAT|best\s+available\s+techniques(?:\s+\(BAT\))?)\s+"
        r"conclusions|Union\s+(?:\w+\s+)?(?:rules|law|legislation)|Level\(s\)\s+indicators?)")
_TAG_RULES: dict[str, list[re.Pattern]] = {
    "Verification": [
        re.compile(r"\bverifi(?:ed|cation)\b(?!\s+from)|\bverif(?:y|ies)\b(?!\s+from)", re.IGNORECASE),
        re.compile(r"\b(?:certified|attested|audited)\b", re.IGNORECASE),
        re.compile(r"\bis\s+monitored\b|\bare\s+monitored\b", re.IGNORECASE),
        re.compile(r"(?<!\bto\s)\bmonitors?\s+(?:the|its|their)\b", re.IGNORECASE),
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
        re.compile(rf"(?<!^)\bin\s+accordance\s+with\s+(?:the\s+)?(?:[\w‘’'()/-]+\s+){{0,6}}?{_REF}", re.IGNORECASE),
        re.compile(rf"\bcompl(?:y|ies|iance)\s+with\s+(?:the\s+)?(?!(?:[\w-]+\s+){{0,3}}?(?:thresholds?|limits?|"
                   rf"values?|levels?)\b)(?:[\w‘’'()-]+\s+){{0,6}}?(?:{_REF}|(?:criteria|requirements|provisions)\s+"
                   rf"(?:set\s+out|laid\s+down|specified|referred\s+to)\s+in)", re.IGNORECASE),
        re.compile(r"\bmeets?\s+the\s+requirements\s+(?:laid\s+down|set\s+out)\s+in\b", re.IGNORECASE),
        re.compile(r"\bfollow(?:s|ing)?\s+the\s+(?:principles|guidelines|methodology|requirements|procedures?)\s+(?:of|in|set)\b",
                   re.IGNORECASE),
        re.compile(rf"\b(?:outlined|described)\s+in\s+(?:the\s+)?{_REF}", re.IGNORECASE),
        # "complies with the relevant, size-specific requirements for discharges … set out in Directive X",
        # "complies with record-keeping obligations … set out by applicable Union and national legislation"
        re.compile(r"\b(?:compl(?:y|ies|ying|iance)\s+with|(?<!\bto\s)(?:meets?|fulfils?))\s+(?:the\s+|all\s+)?(?:[\w,‘’'()/-]+\s+){0,14}?"
                   r"(?:requirements|obligations|criteria|provisions|rules|definition)\b[^.;]{0,120}?\b(?:set\s+out|laid\s+down|set|specified|established)\s+(?:in|by)\b",
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
        re.compile(r"\b(?:are|is)\s+identified\s+and\s+(?:addressed|assessed)\b|\b(?:are|is)\s+evaluated\b|\bevaluat(?:es|ion\s+of)\b|^\s*screening\s+of\b", re.IGNORECASE),
    ],
    "Replacement": [
        re.compile(r"\breplaces\b|\breplaced\s+(?:facility|installation|plant|equipment|unit|capacity)\b|"
                   r"(?<!repair\sor\s)\breplacements?\b(?!\s+leads)(?!\s+of\s+the\s+goods)", re.IGNORECASE),
    ],
}
_CHAPEAU_INTRO = re.compile(r"\b(?:compl(?:y|ies)\s+with|meets?|fulfils?|satisf(?:y|ies)|is|are|include|includes)?\s*"
                            r"(?:all|both|either|any|one|one\s+or\s+more|at\s+least\s+\w+)?\s*(?:of\s+)?the\s+following"
                            r"(?:\s+(?:criteria|requirements|conditions|pathways|options))?\s*:?\s*$", re.IGNORECASE)
_EXAMPLE_BEFORE = re.compile(r"\b(?:for\s+example|such\s+as|e\.g\.)", re.IGNORECASE)
# a chapeau whose last clause says its items are the content of an assessment/verification/plan
_ITEMS_ARE_CONTENT = re.compile(r"\b(assessment|verification|plan)\b[^,;:]*\b(?:demonstrating|showing|proving|"
                                r"establishing|covering)\b[^,;]*:\s*$", re.IGNORECASE)
_CONTENT_TAG = {"assessment": "Assessment", "verification": "Verification", "plan": "Commitment"}
_ON_THE_BASIS = re.compile(r"^\s*on\s+the\s+basis\s+of\s+[^,]*,\s*", re.IGNORECASE)
_NON_BINDING = re.compile(r"\b(?:the\s+)?(?:Commission|verifier|competent\s+authorit(?:y|ies))\s+(?:may|shall|will|"
                          r"takes?)\b", re.IGNORECASE)
_BY_OPERATOR_VERB = re.compile(r"^\s*(?:when\s+\w+ing[^,]*,\s*)?(?:the\s+)?(?:independent\s+third[- ]party\s+)?"
                               r"verifier\s+takes\s+into\s+account\b", re.IGNORECASE)


def decide_tags(text: str, *, is_chapeau: bool = False, anchored: Optional[str] = None,
                inherited: Optional[str] = None) -> Decision[list[str]]:
    """Tags of one node.  Anchored nodes keep their type; items of an anchored node inherit it; a chapeau that
    only introduces its children gets ``[]``; otherwise keyword rules of spec §6 / paper D.5 in TAGS order.

    >>> decide_tags("The activity meets either of the following criteria:", is_chapeau=True).value
    []
    >>> decide_tags("Vehicles comply with the emission thresholds set out in Table 2 of Directive 2009/33/EC.").value
    []
    >>> decide_tags("The activity complies with the criteria set out in Appendix A to this Annex.").value
    ['Methodology']
    """
    if anchored:
        return Decision([anchored], 1.0, "anchored-type")
    if inherited:
        return Decision([inherited], 0.8, "items-of-anchored-node")
    t = re.sub(r"\s+", " ", text).strip()
    t = _ON_THE_BASIS.sub("", t)
    if is_chapeau:
        t = _CHAPEAU_INTRO.sub("", t).strip()
        if len(re.findall(r"[A-Za-z]{3,}", t)) <= 3:
            return Decision([], 0.9, "chapeau-only-introduces")
    if _NON_BINDING.search(first_sentence(t)) and not re.search(r"\bverified\s+by\b", t, re.IGNORECASE):
        return Decision(["BackgroundInformation"], 0.6, "non-binding-actor")
    if _BY_OPERATOR_VERB.match(t):
        return Decision(["BackgroundInformation"], 0.6, "verifier-takes-into-account")
    tags: list[str] = []
    rules: list[str] = []
    for tag in TAGS:
        for rx in _TAG_RULES.get(tag, []):
            m = rx.search(t)
            if m and tag == "Methodology" and _EXAMPLE_BEFORE.search(t[max(0, m.start() - 30):m.start() + 12]):
                continue  # "for example using standard ISO 18400": an aid, not a prescribed method
            if m and tag == "Methodology" and (re.search(r"\b(?:considered|classified|qualif\w*|defined)\s+as\s+[^,;.]{0,60}$",
                                                         t[max(0, m.start() - 80):m.start()], re.IGNORECASE)
                                               or re.search(r"\bin\s+order\s+to\s+$", t[max(0, m.start() - 20):m.start()],
                                                            re.IGNORECASE)):
                continue  # "activities considered as enabling in accordance with Article 10(1)": a classification
            if m:
                tags.append(tag)
                rules.append(f"{tag}:{rx.pattern[:24]}")
                break
    if "Assessment" in tags and "Methodology" in tags and rules[tags.index("Methodology")].startswith(
            "Methodology:(?<!^)\\bin\\s+accordance"):
        tags.remove("Methodology")  # "risks are identified and addressed …, in accordance with Directive X": the
        # Directive frames the assessment; it prescribes no method of its own
    meth = rules[tags.index("Methodology")] if "Methodology" in tags else ""
    if "Verification" in tags and meth.startswith("Methodology:(?<!^)\\bin\\s+accordance") and \
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
    if "Verification" in tags and re.search(r"\bverifiable\s+plan\b", t, re.IGNORECASE) and \
            not re.search(r"\bverified\b", t, re.IGNORECASE):
        tags.remove("Verification")
    if "Assessment" in tags and re.search(r"\bwhen\s+undertaking\s+the\s+assessment\b", t, re.IGNORECASE):
        tags.remove("Assessment")
    if len(tags) > 3:  # paper D.5: 0-3 tags; keep the first three in TAGS order
        tags = tags[:3]
    return Decision(tags, 0.6 if tags else 0.7, ",".join(rules) or "no-tag-keyword")


# ---------------------------------------------------------------------------------------------------------------
# evaluation logic


def decide_node_logic(node: CriterionNode, participating: Sequence[CriterionNode], *, is_root: bool = False,
                      connective_only: bool = False) -> Decision[tuple[str, Optional[int]]]:
    """Logic and n_required from the node's own text and its participating children (BackgroundInformation
    children do not participate).  ``connective_only`` (repair strategy) ignores the children patterns."""
    k = len(participating)
    # patterns look at the labelled items; anchored paragraphs qualify the node, they are not list items
    items = [c.verbatim_text for c in participating if not ANCHORED_ID.search(c.criterion_id)] or \
        [c.verbatim_text for c in participating]
    if connective_only and items:
        d: LogicDecision = decide_logic(node.verbatim_text, ["x"] * len(items), is_root=is_root, k=k)
    else:
        d = decide_logic(node.verbatim_text, items, is_root=is_root, k=k)
    return Decision((d.logic, d.n_required), d.confidence, d.rule)


# ---------------------------------------------------------------------------------------------------------------
# the pass


_SAME = object()


def _set(node: CriterionNode, field: str, d: Decision, value=_SAME) -> None:
    node.set_field(field, d.value if value is _SAME else value, pass_name=NAME, rule=d.rule, model=d.model,
                   confidence=d.confidence)


def _guided_ids(ctx, codes: set[str]) -> set[str]:
    return {g.criterion_id for g in (getattr(ctx, "guidance", None) or []) if g.code in codes and g.criterion_id}


def run(unit: Unit, ctx) -> Unit:
    """Classify every node of the unit (children before parents, so that logic sees the children's tags)."""
    memory = getattr(ctx, "memory", None)
    meta = memory.activity if memory is not None else {}
    activity_name = meta.get("name", "") or ""
    objective = meta.get("objective") or unit.activity_id.split("-", 1)[0]
    retry_logic = _guided_ids(ctx, {"LOGIC_CONNECTIVE_MISMATCH"}) if getattr(ctx, "attempt", 0) else set()

    def visit(node: CriterionNode, parent: Optional[CriterionNode], anchor_type: Optional[str]) -> None:
        is_root = parent is None
        own_anchor = None if is_root else anchored_type(node)
        inherited = anchor_type if own_anchor is None else None
        content = _ITEMS_ARE_CONTENT.search(node.verbatim_text) if not is_root else None
        child_inherit = own_anchor or anchor_type or (_CONTENT_TAG[content.group(1).lower()] if content else None)
        for c in node.sub_criteria:
            visit(c, node, child_inherit)
        # tags
        if is_root:
            _set(node, "tags", Decision([], 1.0, "root"))
        else:
            has_children = bool(node.sub_criteria)
            is_chapeau = has_children and node.verbatim_text.rstrip().endswith(":")
            d = decide_tags(node.verbatim_text, is_chapeau=is_chapeau, anchored=own_anchor, inherited=inherited)
            d = arbitrate("tags", {"text": node.verbatim_text, "criterion_id": node.criterion_id}, d, ctx)
            d = keep_model_origin(node, "tags", d)  # an anchored Type the model chose in structure stays its
            _set(node, "tags", d, list(d.value))
        # category
        _set(node, "category", decide_category(node.threshold))
        # logic
        part = node.participating_children()
        d = decide_node_logic(node, part, is_root=is_root, connective_only=node.criterion_id in retry_logic)
        d = arbitrate("logic", {"text": node.verbatim_text, "children": [c.verbatim_text for c in part],
                                "criterion_id": node.criterion_id}, d, ctx)
        logic, n = d.value
        _set(node, "evaluation_logic", d, logic)
        _set(node, "n_required", d, n)

    visit(unit.root, None, None)
    # applicability top-down: it reads the parent's chapeau and logic
    scopes = (meta.get("scope_conditions") or {}) if isinstance(meta, dict) else {}
    adoc = getattr(ctx, "activity", None)
    description = getattr(adoc, "description", None) or []
    activity_scope = description[0].text if description else ""

    def scoped(n: CriterionNode) -> bool:
        return bool(scopes.get(f"{unit.unit_id}#{n.criterion_id}"))

    for node, parent in unit.root.walk_with_parent():
        sibs = [c for c in parent.participating_children() if not ANCHORED_ID.search(c.criterion_id)] \
            if parent is not None else []
        d = decide_applicability(node.verbatim_text, is_root=parent is None, activity_name=activity_name,
                                 parent_text=parent.verbatim_text if parent is not None else "",
                                 parent_logic=parent.evaluation_logic if parent is not None else "",
                                 scope_conditions=scopes.get(f"{unit.unit_id}#{node.criterion_id}") or (),
                                 siblings_scoped=len(sibs) >= 2 and all(scoped(c) for c in sibs),
                                 activity_scope=activity_scope)
        d = arbitrate("applicability", {"text": node.verbatim_text, "criterion_id": node.criterion_id,
                                        "parent_text": parent.verbatim_text if parent is not None else "",
                                        "activity_name": activity_name}, d, ctx)
        _set(node, "applicability", d)
    refresh_summaries(unit, objective)
    summarise_with_model(unit, ctx, NAME)  # no-op without a decider
    return unit


def summarize_node(node: CriterionNode, *, parent: Optional[CriterionNode], part: str, objective: str) -> str:
    ids = [c.criterion_id for c in node.participating_children()]
    if parent is None:
        return root_summary(node, ids, part, objective)
    if ids:
        return chapeau_summary(node, ids)
    return leaf_summary(node, parent)


def refresh_summaries(unit: Unit, objective: str, *, only_templates: bool = False, pass_name: str = NAME) -> None:
    """(Re)write template summaries; with ``only_templates`` keep summaries another source (model, human) set."""
    for node, parent in unit.root.walk_with_parent():
        origin = node.provenance.fields.get("rule_summary")
        if only_templates and node.rule_summary and (origin is None or not origin.rule.startswith("template")):
            continue
        s = summarize_node(node, parent=parent, part=unit.part, objective=objective)
        node.set_field("rule_summary", s, pass_name=pass_name, rule="template-summary", confidence=0.5)


# ---------------------------------------------------------------------------------------------------------------
# verify


def _diag(code: str, msg: str, cid: str, severity: str = "warning", kind: str = "Consistency") -> Diagnostic:
    return Diagnostic(severity=severity, code=code, message=msg, kind=kind, criterion_id=cid, pass_name=NAME)


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Observe: logic against children and chapeau connective, category against thresholds, gates on Mandatory."""
    from regc.grammar.logic import find_connective

    out: list[Diagnostic] = []
    for node, parent in unit.root.walk_with_parent():
        cid = node.criterion_id
        k = len(node.participating_children())
        if k == 0 and node.evaluation_logic != "LEAF":
            out.append(_diag("LOGIC_WITHOUT_CHILDREN", f"{node.evaluation_logic} on a node with no participating "
                                                       "children", cid, "error"))
        if k > 0 and node.evaluation_logic == "LEAF":
            out.append(_diag("LEAF_WITH_CHILDREN", f"LEAF on a node with {k} participating children", cid, "error"))
        if node.evaluation_logic == "N_OF_K" and not (node.n_required and 1 <= node.n_required <= k):
            out.append(_diag("N_OF_K_RANGE", f"N_OF_K needs 1 <= n <= {k}, got {node.n_required}", cid, "error"))
        con = find_connective(node.verbatim_text) if parent is not None or node.verbatim_text else None
        if con is not None and k == 0 and node.verbatim_text.rstrip().endswith(":"):
            out.append(_diag("CHAPEAU_WITHOUT_ITEMS", f"chapeau {con.text!r} introduces a list but the node has no "
                                                      "items", cid, "warning", "Completeness"))
        if con is not None and k and con.kind in ("at_least", "exactly") and (con.n or 1) > k:
            out.append(_diag("N_EXCEEDS_ITEMS", f"chapeau asks for {con.text!r} but only {k} participating items "
                                                "exist", cid, "error", "Structural"))
        if con is not None and k and not con.negated:
            want = {"all": "AND", "any": "OR"}.get(con.kind)
            if want and node.evaluation_logic != want:
                out.append(_diag("LOGIC_CONNECTIVE_MISMATCH", f"chapeau says {con.text!r} but logic is "
                                                              f"{node.evaluation_logic}", cid, "error", "Semantic"))
        quant = bool(node.threshold and node.threshold.quantitative and node.threshold.quantitative.items)
        if (node.category == "Quantitative") != quant:
            out.append(_diag("CATEGORY_THRESHOLD_MISMATCH", f"category {node.category} but quantitative items: "
                                                            f"{quant}", cid, "error"))
        if parent is not None and node.applicability == "Mandatory" and _GATE_LEAD.match(node.verbatim_text) and \
                not _PROCESS_STAGE.match(node.verbatim_text):
            out.append(_diag("GATE_ON_MANDATORY", "text opens with a condition but the node is Mandatory", cid,
                             "info", "Semantic"))
        if not node.rule_summary:
            out.append(_diag("EMPTY_SUMMARY", "no rule_summary", cid, "warning", "Completeness"))
    return out
