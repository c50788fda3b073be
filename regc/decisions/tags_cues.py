"""Tag cues added for spec §6/§7 "Tags" as named, verbose patterns composed of named pieces (word lists as data):
Methodology for compliance with requirements in a referenced text (a Treaty, national or Union legislation,
Sections of the Annex, a formula or methodology set out in an act, a named technology or tool), Commitment for
an adopted plan, Verification for a label award or proof wording, Assessment for an analysis performed; and
the cue that keeps a point of the same section from counting as a referenced text.

>>> [name for name, _tag, rx in EXTRA_RULES if rx.search("The activity complies with national legislation.")]
['complies-with-legislation']
>>> bool(INTERNAL_POINT_TARGET.search("complies with the following requirements set out in points 1.1.1 and 1.1.2:"))
True
"""

from __future__ import annotations

import re

from regc.grammar.prefilter import prefilter_namespace

# documents whose requirements a node can be made to comply with (beyond the acts, standards and Sections that
# regc.decisions.tags already names)
LEGISLATION_WORDS = ("national legislation", "national law", "Union and national legislation",
                     "Union or national legislation", "Union and national law", "applicable law", "Treaty",
                     "industry specifications", "harmonised standards", "end-of-waste criteria")
COMPLY_VERBS = ("complies with", "comply with", "complying with", "compliance with", "meets", "meet", "meeting",
                "fulfils", "fulfil", "fulfilling")
TECHNOLOGY_NOUNS = ("technology", "technologies")
TOOL_NOUNS = ("tools and equipment", "tools", "sludge treatment")
PLAN_VERBS = ("developed", "implemented", "adopted", "develops", "implements", "adopts")
# words that end the modifiers of an adopted plan ("has adopted the measures in line with the plan": no plan adopted)
PLAN_GAP_STOPS = ("in", "with", "under", "by", "of", "to", "for", "from", "as", "at", "on", "through", "into")
# what identifying assesses ("identifies key harmful environmental impacts of their assets …")
IDENTIFIED_THINGS = ("impacts", "impact", "risks", "risk", "hazards", "hazard", "effects", "pressures", "threats")
# equipment a node prescribes by having it applied or installed ("a gas-tight cover on the digestate storage is applied")
EQUIPMENT_NOUNS = ("cover", "covers", "lid", "lids", "liner", "liners", "filter", "filters", "scrubber", "scrubbers",
                   "enclosure", "enclosures")
# topics of the requirements of a text ("requirements on water intended for human consumption of Directive …")
TOPIC_LINKS = ("on", "for", "regarding", "concerning", "relating to", "related to")
LABELS = ("EU Ecolabel", "Ecolabel", "ecolabel", "certificate", "certification")
ANALYSIS_VERBS = ("performs", "carries out", "conducts", "undertakes")
# verbs by which a node makes the activity have a (management) system
SYSTEM_ADOPTION_VERBS = ("has", "have", "sets up", "set up", "establishes", "establish", "implements", "implement",
                         "maintains", "maintain", "operates", "operate")
# what a monitoring obligation is built into ("a clear framework for the continuous monitoring of …")
MONITORING_FRAMES = ("framework", "frameworks", "system", "systems", "programme", "programmes", "procedure",
                     "procedures", "plan", "plans")


def _alt(words) -> str:
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)) + ")"


# qualifiers set off by commas between a verb of compliance and its "with" ("comply, where relevant, with …"): they
# restrict when the compliance applies, not what is complied with
INTERJECTED_QUALIFIERS = ("where relevant", "where applicable", "where appropriate", "where necessary",
                          "where possible", "as relevant", "as applicable", "as appropriate", "if applicable",
                          "if relevant", "when applicable", "when relevant")
INTERJECTION = rf"(?:\s*,\s*{_alt(INTERJECTED_QUALIFIERS)}\s*,)"


_COMPLY = _alt(COMPLY_VERBS)
_LEGISLATION = _alt(LEGISLATION_WORDS)
_SETS_OUT = r"(?:set\s+out|laid\s+down|set|specified|established|provided|referred\s+to)\s+(?:in|by)"
_WORDS = r"(?:[\w,‘’'()/-]+\s+)"

# "complies with national legislation …", "comply with the applicable industry specifications, harmonised standards"
COMPLIES_WITH_LEGISLATION = re.compile(rf"\b{_COMPLY}\s+(?:the\s+)?{_WORDS}{{0,4}}?{_LEGISLATION}\b", re.IGNORECASE)
# "fulfils the requirements of Directive 2009/71/Euratom", "meets the criteria in Sections 5.6 …"
# "operated in compliance with requirements on water intended for human consumption of Directive 2000/60/EC" (the
# requirements' topic between them and the act)
REQUIREMENTS_OF_TEXT = re.compile(rf"\b{_COMPLY}\s+(?:all\s+)?(?:the\s+)?(?:applicable\s+|relevant\s+)?(?:requirements|"
                                  rf"criteria)\s+(?:{_alt(TOPIC_LINKS)}\s+[^.;:]{{1,80}}?\s+)?(?:of|in)\s+(?:the\s+)?"
                                  rf"(?:Council\s+)?(?:Directive|Regulation|Decision|Sections?|Annex|Appendix|Article)\b",
                                  re.IGNORECASE)
# "collection points meeting the applicable requirements set by Union and national legislation"; record-keeping
# obligations "… set out by applicable Union and national legislation"
OBLIGATIONS_SET_BY = re.compile(rf"\b{_COMPLY}\s+(?:the\s+)?{_WORDS}{{0,4}}?(?:requirements|obligations)\b[^.;]{{0,160}}?"
                                rf"\b{_SETS_OUT}\s+(?:the\s+|applicable\s+|relevant\s+)*{_LEGISLATION}", re.IGNORECASE)
# a performance the referenced text sets as a limit for the product ("complies with the GWP performance laid down in
# Regulation (EU) No 517/2014"): a limit whose values sit in the text (spec §6 Tags: no tag), not performance
# requirements or standards ("comply with the minimum energy performance requirements laid down in …": requirements)
PERFORMANCE_LIMIT = r"performance(?!\s+(?:requirements?|standards?|criteria|certificates?|rules|obligations))"

# a second complement of a verb of compliance, coordinated after the first ("comply, where relevant, with the top
# class requirements of the energy label, and with implementing regulations under that Directive"): the second
# complement is a referenced text the node makes the subject comply with (spec §6 Tags: Methodology), even where the
# first is only a limit; not a second limit or value ("comply with the noise limits, and with the emission limits of
# Regulation X": limits whose values sit in the text, no method); the first complement may be gone where a class-rank
# limit was taken out of the sentence (CLASS_RANK_LIMIT)
REFERENCED_TEXT_HEADS = ("Directive", "Regulation", "Decision", "implementing regulations", "implementing acts",
                         "delegated acts", "Annex", "Appendix", "Section", "Sections", "Article")
_LIMIT_WORDS = r"(?:thresholds?|limits?|values?|levels?|classes|class)"
COORDINATED_COMPLIANCE = re.compile(rf"\b(?:compl(?:y|ies|ying|iance|iant)){INTERJECTION}?(?:\s+with\s+[^.;:]{{1,160}}?)?"
                                    rf"\s*,?\s+and\s+(?:otherwise\s+)?with\s+(?:the\s+)?"
                                    rf"(?!(?:[\w-]+\s+){{0,3}}?{_LIMIT_WORDS}\b)(?:[\w‘’'()/-]+\s+){{0,4}}?"
                                    rf"(?-i:{_alt(REFERENCED_TEXT_HEADS)})\b", re.IGNORECASE)
# "calculated on the basis of formula provided in Directive …", "the GHG saving methodology … set out in Annex VI"
METHOD_SET_OUT_IN = re.compile(rf"\b(?:calculated\s+on\s+the\s+basis\s+of|(?:saving\s+)?methodolog(?:y|ies)\b[^.;]{{0,80}}?"
                               rf"\b{_SETS_OUT})\s+", re.IGNORECASE)
# "applies highly efficient CHP (combined heat and power) technology" (not "apply best industry practices and
# technology": generic good practice), "uses the tools and equipment suited for …", "uses a sludge treatment"
# (not the noun "without requiring the use of specialised tools": no tool is prescribed;
# not "uses electronic tools to describe the characteristics of the building as built": tools that record what is
# built, information the node asks for, no method of complying)
DOCUMENTING_VERBS = ("describe", "document", "record", "report", "store")
APPLIES_TECHNIQUE = re.compile(rf"\bappl(?:y|ies)\s+(?:the\s+|a\s+|an\s+)?(?:(?!practices?\b)[\w()-]+\s+){{0,8}}?"
                               rf"{_alt(TECHNOLOGY_NOUNS)}\b|(?<!\bthe\s)\buses?\s+(?!of\b)(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){{0,2}}?"
                               rf"{_alt(TOOL_NOUNS)}\b(?!\s+to\s+{_alt(DOCUMENTING_VERBS)}\b)", re.IGNORECASE)
# "has developed and implemented an action plan", "… a climate change mitigation and environmental protection plan
# that:" (up to six modifier words, none a preposition: not "has adopted the measures in line with the plan")
ADOPTED_PLAN = re.compile(rf"\b(?:has|have)\s+{_alt(PLAN_VERBS)}(?:\s+and\s+{_alt(PLAN_VERBS)})?\s+(?:an?|the)\s+"
                          rf"(?:(?!{_alt(PLAN_GAP_STOPS)}\b)[\w-]+\s+){{0,6}}?plan\b", re.IGNORECASE)
# "was awarded with an EU Ecolabel": a label award certifies compliance (Verification).  An authorisation state alone
# ("The project has been authorised by the competent authority, …") sets a condition, not how it is proven: no tag,
# as the dev gold's "construction permit is granted" (CCM-4.29 SC 1(b)); its proof wording, when the block has one
# ("This may be proven by its inclusion in a … plan"), is PROOF_OF_COMPLIANCE
LABEL_AWARDED = re.compile(rf"\bawarded\s+(?:with\s+)?(?:an?\s+|the\s+)?{_alt(LABELS)}", re.IGNORECASE)
PROOF_WORDS = ("may be proven by", "can be proven by", "is proven by", "are proven by", "may be proved by",
               "can be proved by")
PROOF_OF_COMPLIANCE = re.compile(rf"\b{_alt(PROOF_WORDS)}\b", re.IGNORECASE)
# "The manufacturer performs an analysis that …"
ANALYSIS_PERFORMED = re.compile(rf"\b{_alt(ANALYSIS_VERBS)}\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){{0,2}}?analysis\b",
                                re.IGNORECASE)

# "energy efficiency requirements laid down in the implementing regulations under Directive 2009/125/EC are met":
# compliance with requirements set out in a referenced text, in the passive (not "capabilities specified in points")
REQUIREMENTS_ARE_MET = re.compile(rf"\b(?:requirements|criteria|obligations|provisions)\s+{_SETS_OUT}\s+(?!points?\b)"
                                  rf"[^.;]{{1,120}}?\s+(?:are|is)\s+(?:met|fulfilled|complied\s+with|respected)\b",
                                  re.IGNORECASE)
# "The activity uses a methodology and data that: …": a prescribed method (singular or plural)
USES_A_METHOD = re.compile(r"\buses?\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:method|methodology)\b", re.IGNORECASE)
# "a clear framework for the continuous monitoring and measuring of the effectiveness …": a monitoring framework
MONITORING_FRAMEWORK = re.compile(rf"\b{_alt(MONITORING_FRAMES)}\s+for\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}?monitoring\b",
                                  re.IGNORECASE)

# "the establishment has an environmental management system (EMS) …", "A management system is set up by the
# operator to manage … risks": a system the node prescribes to comply (not "within publicly organised waste
# management systems", nor the BAT conclusions "for … treatment/management systems")
MANAGEMENT_SYSTEM = re.compile(
    rf"\b(?:{_alt(SYSTEM_ADOPTION_VERBS)})\s+(?:an?|the|its|their)\s+(?:[\w()-]+\s+){{0,3}}?management\s+system\b"
    rf"|\b(?:an?|the)\s+(?:[\w()-]+\s+){{0,3}}?management\s+system\s+(?:is|are)\s+(?:set\s+up|in\s+place|implemented|"
    rf"established|maintained)\b", re.IGNORECASE)
# "it has declared the intention to make its data available …": a declared intention binds the operator
DECLARED_INTENTION = re.compile(r"\b(?:has|have)\s+declared\s+(?:the|its|their|an)\s+intention\s+to\b|"
                                r"\bdeclares?\s+(?:its|their|the)\s+intention\s+to\b", re.IGNORECASE)

# --- validation10 cues (spec §6 Tags) -------------------------------------------------------------------------
# generic law or rules qualified as applicable/relevant, as the object of compliance (spec §6: compliance with
# requirements set out in a referenced text, here a generic one, spec §7 RF1): "comply with the applicable relevant
# legislation, such as …", "comply with all relevant EU rules on …", "comply with the applicable sustainability rules
# on …" (not "comply with the applicable emission limits": a limit, no rules)
GENERIC_LAW_QUALIFIERS = ("applicable", "relevant")
GENERIC_LAW_NOUNS = ("legislation", "law", "rules", "regulations")
COMPLIES_WITH_GENERIC_LAW = re.compile(
    rf"\b{_COMPLY}\s+(?:all\s+)?(?:the\s+)?{_alt(GENERIC_LAW_QUALIFIERS)}\s+(?:[\w-]+\s+){{0,2}}?"
    rf"{_alt(GENERIC_LAW_NOUNS)}\b", re.IGNORECASE)
# a definition or guidelines of a referenced text the node's subject must match or be consistent with: "the forest
# management matches the applicable national definition of …", "is consistent with the Ramsar Convention’s principles
# and guidelines on …", "is consistent with the 2019 Refinement to the 2006 IPCC Guidelines …" (not "consistent with
# the objectives of the plan")
MATCH_VERBS = ("matches", "match", "corresponds to", "correspond to")
REFERENCED_GUIDES = ("guidelines", "guideline", "principles", "resolutions", "methodology", "methodologies")
MATCHES_A_DEFINITION = re.compile(
    rf"\b{_alt(MATCH_VERBS)}\s+the\s+(?:[\w‘’'()-]+\s+){{0,4}}?definitions?\s+of\b"
    rf"|\bconsistent\s+with\s+the\s+(?:[\w‘’'()-]+\s+){{0,9}}?{_alt(REFERENCED_GUIDES)}\b", re.IGNORECASE)
# a strategy the activity develops or adopts ("The activity develops a strategy to account for and reduce …"): a
# commitment, as an adopted plan (not "in line with the EU Biodiversity Strategy": a named document)
STRATEGY_VERBS = ("develops", "develop", "adopts", "adopt", "has developed", "has adopted", "have developed",
                  "have adopted")
DEVELOPS_A_STRATEGY = re.compile(rf"\b{_alt(STRATEGY_VERBS)}\s+(?:an?|its|their)\s+(?:[\w-]+\s+){{0,3}}?"
                                 rf"(?:strategy|strategies|roadmap)\b", re.IGNORECASE)
# a plan or instrument that provides for monitoring ("The forest management plan … provides for monitoring which
# ensures the correctness of the information …"); a proof that demonstrates compliance ("long-term climate benefits
# are considered demonstrated by proof of alignment with Article 29(7) …"): verification
PROVIDES_MONITORING = re.compile(r"\bprovides?\s+for\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?monitoring\b"
                                 r"|\bdemonstrated\s+by\s+(?:a\s+|the\s+)?proof\s+of\b", re.IGNORECASE)
# an analysis whose result the node requires ("the climate benefit analysis demonstrates that the net balance …")
ANALYSIS_NOUNS = ("analysis", "analyses", "study", "studies")
ANALYSIS_DEMONSTRATES = re.compile(rf"\b{_alt(ANALYSIS_NOUNS)}\s+(?:demonstrates?|shows?|proves?)\s+that\b",
                                   re.IGNORECASE)

# --- validation11 cues (spec §6 Tags: Methodology = a named standard, compliance with a referenced text) --------------
# classification by or compliance with a named standard ("classified according to the EN IEC TS 60034-30-2", "an
# efficiency class IE 4 or higher according to draft standard IEC 60034-30-3", "where the equipment is compliant
# with EN IEC 62962:2019"): the standard says how the class or compliance is established
STANDARD_BODIES = ("EN", "ISO", "IEC", "CEN", "CLC", "ETSI")
_STD_CODE = rf"(?:{_alt(STANDARD_BODIES)})(?:\s+(?:{_alt(STANDARD_BODIES)}|TS|TR))*\s?\d"
# "product information on substances is available publicly, following IEC62474": "following" a standard code too
BY_A_STANDARD = re.compile(rf"\b(?:according\s+to|compliant\s+with|(?<!\bthe\s)following|"
                           rf"classified\s+(?:according\s+to|under))\s+"
                           rf"(?:the\s+)?(?:draft\s+)?(?:standards?\s+)?{_STD_CODE}")
# the criteria of another Section (or of points of another Section) that the node's subject must comply with or be
# consistent with ("complying with the technical screening criteria referred to in Section 3.21., …", "operated on
# SAF consistently with the criteria specified in point (d) and paragraph 2 of Section 6.19 of this Annex"), or a
# rule it applies as another Section sets it out ("limited by the replacement ratio as set out in Section 3.21")
SECTION_CRITERIA = re.compile(
    rf"\b(?:{_COMPLY}|consistent(?:ly)?\s+with)\s+(?:the\s+)?(?:[\w-]+\s+){{0,3}}?(?:criteria|requirements)\s+"
    rf"{_SETS_OUT}\s+(?:[^.;]{{0,60}}?\bof\s+)?Sections?\s+\d+\.\d+"
    rf"|\bas\s+(?:set\s+out|defined|specified|laid\s+down)\s+in\s+Sections?\s+\d+\.\d+", re.IGNORECASE)
# practices or guidelines the activity follows ("follows the best afforestation practices laid down in national law",
# "follows the “Pan-European Guidelines for Afforestation and Reforestation …”")
FOLLOWED_DOCS = ("practices", "guidelines", "Guidelines", "principles", "methodology", "procedures", "requirements")
FOLLOWS_A_DOCUMENT = re.compile(rf"\bfollows?\s+the\s+[“‘\"]?(?:[\w-]+\s+){{0,3}}?{_alt(FOLLOWED_DOCS)}\b")
# methodologies the node names by the body of knowledge they are in line with ("… and related methodologies in line
# with the most recent Intergovernmental Panel on Climate Change reports"; the printed "methodologies line with" too):
# how the work is done (spec §6 Tags: Methodology)
METHODOLOGIES_IN_LINE = re.compile(r"\bmethodolog(?:y|ies)\s+(?:in\s+)?(?:line|accordance|compliance)\s+with\b",
                                   re.IGNORECASE)
# a result demonstrated by a calculation, model test or simulation ("as demonstrated by a comparative calculation for
# the representative navigation areas … or by means of the results of model tests or simulations"): how the value is
# established (Methodology); its "comparative" names the calculation, no assessment of its own
PROOF_METHODS = ("calculation", "calculations", "simulation", "simulations", "model tests", "modelling", "measurement",
                 "measurements")
DEMONSTRATED_BY_METHOD = re.compile(rf"\bdemonstrated\s+by\s+(?:means\s+of\s+)?(?:an?\s+|the\s+)?(?:[\w-]+\s+){{0,2}}?"
                                    rf"{_alt(PROOF_METHODS)}\b", re.IGNORECASE)
# a chapeau whose head is an analysis the node requires ("The forest management plan …: includes an analysis of:"):
# its items are the analysis's topics; the chapeau is the Assessment (as "performing a … assessment with the following
# steps:")
ANALYSIS_CHAPEAU = re.compile(rf"\b(?:includes?|contains?|comprises?|provides?)\s+(?:an?|the)\s+(?:[\w-]+\s+){{0,2}}?"
                              rf"{_alt(ANALYSIS_NOUNS + ('assessment', 'evaluation'))}\s+of\s*:\s*$", re.IGNORECASE)
# a chapeau asking for points of information ("Information is provided on the following points that are not already
# documented …:"): its items name what the information covers ("assessment of forest related risks, …"), they set no
# assessment to perform (settled on CCM-1.3, validation10)
INFORMATION_CHAPEAU = re.compile(r"\binformation\s+(?:is|are|shall\s+be)\s+(?:provided|given|documented)\s+on\s+the\s+"
                                 r"following\b", re.IGNORECASE)
NOMINAL_ANALYSIS_ITEM = re.compile(rf"^\W*(?:an?\s+)?(?:{_alt(ANALYSIS_NOUNS + ('assessment', 'evaluation'))})\s+of\b",
                                   re.IGNORECASE)
# a unit withdrawn from use for the one the activity delivers ("permanently withdrawn from the fleet within six months
# of delivery of the compliant aircraft"): a replacement; the "replacement ratio" alone names a quantity, no
# replacement (see regc.decisions.tags)
WITHDRAWN_UNIT = re.compile(r"\bpermanently\s+withdrawn\s+from\s+(?:use|service|operation|the\s+fleet)\b", re.IGNORECASE)

# --- validation12 cues (spec §6 Tags: Methodology = a named method, test, standard or technique, or compliance with a
# referenced text, here also a generic one; no tag for what a product does) ------------------------------------------
# a standard the node's subject works to, as a manner phrase ("software-implemented methods and algorithms according
# to relevant standards such as …"): the standard says how (not "the state of the art")
STANDARD_WORDS = ("standards", "standard", "norms", "norm")
ACCORDING_TO_STANDARDS = re.compile(rf"\baccording\s+to\s+(?:the\s+)?(?:(?:relevant|applicable|harmonised|international)"
                                    rf"\s+)*{_alt(STANDARD_WORDS)}\b", re.IGNORECASE)
# guidelines the node's value or subject is in line with ("in line with the European Medicines Agency Guideline on …
# (EMA ERA guideline)", "In line with the EMA ERA guidelines, the PEC/PNEC ratio … is below 1")
GUIDE_WORDS = ("guidelines", "guideline", "guidance")
IN_LINE_WITH_GUIDELINES = re.compile(rf"\bin\s+(?:line|accordance|compliance)\s+with\s+(?:the\s+)?(?:[\w‘’'()/-]+\s+){{0,8}}?"
                                     rf"{_alt(GUIDE_WORDS)}\b", re.IGNORECASE)
# a named test the node's result is established by ("classified as readily biodegradable based on at least one of the
# test methods from the OECD Guidelines …", "mineralised based on a specific Test No 308 …")
TEST_WORDS = ("test methods", "test method", "tests", "test", "testing")
BASED_ON_A_TEST = re.compile(rf"\bbased\s+on\s+(?:(?:at\s+least\s+)?(?:one|any)\s+of\s+)?(?:the\s+|an?\s+)?(?:[\w-]+\s+){{0,2}}?"
                             rf"{_alt(TEST_WORDS)}\b", re.IGNORECASE)
# compliance with a generic law qualified as applicable/relevant in an "in accordance with" phrase ("activities are
# conducted in accordance with applicable law related to …", "treated … in accordance with the waste hierarchy, EU
# waste regulation principles and applicable regulations"), as COMPLIES_WITH_GENERIC_LAW for "comply with"
IN_ACCORDANCE_WITH_GENERIC_LAW = re.compile(
    rf"\bin\s+(?:accordance|compliance|line)\s+with\s+(?:the\s+)?(?:[\w,‘’'()-]+\s+){{0,8}}?"
    rf"{_alt(GENERIC_LAW_QUALIFIERS)}\s+(?:[\w-]+\s+){{0,2}}?{_alt(GENERIC_LAW_NOUNS)}\b", re.IGNORECASE)
# the conditions a referenced text sets, met by the node's subject ("Recycling processes meet the conditions set out in
# Article 12 of Directive 2006/66/EC"; not "comply with individual licence conditions": no text that sets them)
CONDITIONS_OF_A_TEXT = re.compile(rf"\b{_COMPLY}\s+(?:all\s+|one\s+of\s+)?(?:the\s+)?(?:[\w-]+\s+){{0,2}}?conditions\s+"
                                  rf"(?:set\s+out|laid\s+down|specified|established)\s+in\s+(?!points?\b)", re.IGNORECASE)
# a named leak detection technique the activity applies or includes ("includes leak detection and repair of existing
# gas pipelines", "Appropriate leak detection systems are applied"; gold CCM-4.29 SC 2(a) "a leak detection and repair
# programme is introduced": Methodology)
LEAK_DETECTION = re.compile(r"\bleak(?:age)?\s+detection\b", re.IGNORECASE)
# a technique the operator (or the activity, the installation) applies ("The operator applies solvent waste segregation
# for solvent recovery", "the operator applies Continuous Emission Monitoring Systems"); not what other things apply
# ("waste management systems that apply deposit and refund systems"), not generic good practice ("apply best industry
# practices"), not "applies to …" (a scope)
APPLYING_ACTORS = ("operator", "activity", "project", "installation", "plant", "facility", "manufacturer")
ACTOR_APPLIES_A_TECHNIQUE = re.compile(
    rf"\b{_alt(APPLYING_ACTORS)}\s+(?:[a-z]+ly\s+)?appl(?:y|ies)\s+(?!(?:to|for|only|in|at|where|as|from|until|under|also|"
    rf"equally)\b)(?!(?:the\s+)?best\s+(?:industry\s+)?practices?\b)(?:the\s+|an?\s+)?[\w-]+", re.IGNORECASE)

# measures the node requires as a referenced text sets them out ("… requiring that the appropriate measures are taken
# to prevent or mitigate impacts in relation to that Directive’s Descriptor 11 …, laid down in Annex I to that
# Directive, and as set out in Decision (EU) 2017/848 in relation to the relevant criteria and methodological
# standards …"): compliance with requirements set out in referenced texts (not "Measures are taken to reduce noise
# and dust": a generic outcome, spec §6)
# "Measures are in place to minimise toxicity of anti-fouling paint and biocides as laid down in Regulation (EU) No
# 528/2012": the measures the act lays down; not a limit the text sets ("… to keep emissions within the limit values laid
# down in Directive X": a performance limit, spec §6)
MEASURES_SET_OUT_IN_A_TEXT = re.compile(r"\bmeasures\s+are\s+(?:taken|in\s+place|implemented|applied)\b"
                                        r"(?:(?!\b(?:limits?|values?|levels?|thresholds?)\b)[^.;]){0,240}?"
                                        r"\b(?:set\s+out|laid\s+down)\s+in\s+"
                                        r"(?:Commission\s+)?(?:Annex|Article|Directive|Regulation|Decision)\b",
                                        re.IGNORECASE)
# "identifies key harmful environmental impacts of their assets and operations": identifying impacts or risks is
# their assessment (not "minimise the identified harmful impacts": impacts identified elsewhere)
IDENTIFIES_IMPACTS = re.compile(rf"\bidentif(?:y|ies|ying)\s+(?:the\s+|any\s+|all\s+|which\s+)?(?:[\w-]+\s+){{0,4}}?"
                                rf"{_alt(IDENTIFIED_THINGS)}\b", re.IGNORECASE)
# "a gas-tight cover on the digestate storage is applied": named equipment the node prescribes (spec §6 Methodology);
# the noun is followed by its verb or a prepositional phrase (not "cover crops are used")
EQUIPMENT_APPLIED = re.compile(rf"\b{_alt(EQUIPMENT_NOUNS)}(?:\s+(?:on|over|of|for|at|in)\s+[^.;:]{{1,60}}?)?\s+(?:is|are)\s+"
                               rf"(?:applied|installed|fitted|used|in\s+place)\b", re.IGNORECASE)

# a sentence of the node that says how compliance is demonstrated ("Compliance with this requirement is demonstrated
# by reporting on the Level(s) indicators 2.3 and 2.4", "The operator of the activity demonstrates compliance with the
# 90 % threshold by reporting on …"): its role is Verification (spec §6: extra sentences of a block record their role
# in its tags); an inspection by an approved inspector too ("inspected regularly by a nationally approved inspector")
COMPLIANCE_DEMONSTRATED = re.compile(r"\bdemonstrates?\s+compliance\b[^.;]{0,80}?\s(?:by|through)\s|"
                                     r"\bcompliance\b[^.;]{0,80}?\b(?:is|are)\s+demonstrated\s+(?:by|through)\s|"
                                     r"\binspected\s+(?:[a-z]+ly\s+)?by\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?"
                                     r"(?:inspectors?|bod(?:y|ies)|authorit(?:y|ies))\b", re.IGNORECASE)

# (name, tag, pattern) in order; each adds its tag when it matches (spec §6 Tags)
# documentation the operator draws up or keeps as evidence for an assessor ("the operator draws up documentation
# providing evidence for the infeasibility of the recovery …, made available, on demand"): proof to be checked,
# Verification (not "information on … is provided": content the node asks for; not "evidence of climate change")
EVIDENCE_DOCS = ("documentation", "documents", "records", "a record", "a report", "reports")
EVIDENCE_DOCUMENTATION = re.compile(rf"\b{_alt(EVIDENCE_DOCS)}\s+(?:providing|giving|that\s+provides?|which\s+provides?)"
                                    rf"\s+(?:the\s+)?evidence\b", re.IGNORECASE)

EXTRA_RULES: tuple[tuple[str, str, re.Pattern], ...] = (
    ("label-awarded", "Verification", LABEL_AWARDED),
    ("proof-of-compliance", "Verification", PROOF_OF_COMPLIANCE),
    ("provides-for-monitoring", "Verification", PROVIDES_MONITORING),
    ("monitoring-framework", "Verification", MONITORING_FRAMEWORK),
    ("compliance-demonstrated", "Verification", COMPLIANCE_DEMONSTRATED),
    ("evidence-documentation", "Verification", EVIDENCE_DOCUMENTATION),
    ("complies-with-legislation", "Methodology", COMPLIES_WITH_LEGISLATION),
    ("requirements-of-a-text", "Methodology", REQUIREMENTS_OF_TEXT),
    ("coordinated-compliance", "Methodology", COORDINATED_COMPLIANCE),
    ("obligations-set-by-legislation", "Methodology", OBLIGATIONS_SET_BY),
    ("method-set-out-in-a-text", "Methodology", METHOD_SET_OUT_IN),
    ("applies-a-technique", "Methodology", APPLIES_TECHNIQUE),
    ("requirements-are-met", "Methodology", REQUIREMENTS_ARE_MET),
    ("uses-a-method", "Methodology", USES_A_METHOD),
    ("management-system", "Methodology", MANAGEMENT_SYSTEM),
    ("complies-with-generic-law", "Methodology", COMPLIES_WITH_GENERIC_LAW),
    ("matches-a-definition", "Methodology", MATCHES_A_DEFINITION),
    ("by-a-standard", "Methodology", BY_A_STANDARD),
    ("criteria-of-a-section", "Methodology", SECTION_CRITERIA),
    ("follows-a-document", "Methodology", FOLLOWS_A_DOCUMENT),
    ("methodologies-in-line-with", "Methodology", METHODOLOGIES_IN_LINE),
    ("demonstrated-by-a-method", "Methodology", DEMONSTRATED_BY_METHOD),
    ("according-to-standards", "Methodology", ACCORDING_TO_STANDARDS),
    ("in-line-with-guidelines", "Methodology", IN_LINE_WITH_GUIDELINES),
    ("based-on-a-test", "Methodology", BASED_ON_A_TEST),
    ("in-accordance-with-generic-law", "Methodology", IN_ACCORDANCE_WITH_GENERIC_LAW),
    ("conditions-of-a-text", "Methodology", CONDITIONS_OF_A_TEXT),
    ("leak-detection", "Methodology", LEAK_DETECTION),
    ("actor-applies-a-technique", "Methodology", ACTOR_APPLIES_A_TECHNIQUE),
    ("measures-set-out-in-a-text", "Methodology", MEASURES_SET_OUT_IN_A_TEXT),
    ("equipment-applied", "Methodology", EQUIPMENT_APPLIED),
    ("adopted-plan", "Commitment", ADOPTED_PLAN),
    ("declared-intention", "Commitment", DECLARED_INTENTION),
    ("develops-a-strategy", "Commitment", DEVELOPS_A_STRATEGY),
    ("analysis-performed", "Assessment", ANALYSIS_PERFORMED),
    ("identifies-impacts", "Assessment", IDENTIFIES_IMPACTS),
    ("analysis-demonstrates", "Assessment", ANALYSIS_DEMONSTRATES),
    ("withdrawn-unit", "Replacement", WITHDRAWN_UNIT),
)

# the target of "requirements set out in / specified in" is a point of the same section, not a referenced text; also
# with the requirements' subject between them ("fulfils the requirements for the use of circular feedstock, as set in
# point 1(a)")
INTERNAL_POINT_TARGET = re.compile(r"\b(?:requirements|criteria|provisions)\s+(?:for\s+[^.;:]{1,60}?,?\s+as\s+)?"
                                   r"(?:set\s+out|laid\s+down|set|specified|described|referred\s+to)\s+in\s+"
                                   r"(?:points?|paragraphs?)\s+(?:\(?[\d.]+|\([a-z]+\))"
                                   r"(?![^.;]{0,60}\bof\s+Section\s+\d)", re.IGNORECASE)  # not another Section's points

# a rank in a classification scheme as the limit ("rated in the highest two populated classes of energy efficiency in
# accordance with Regulation (EU) 2017/1369", "tyres … in the highest populated class", "the top class requirements
# of the energy label laid down in …"): a performance limit whose values sit in the referenced text (spec §6 Tags: no
# tag), up to the end of its clause or sentence; what else the node says may still prescribe a method
# ranked by an ordinal from below ("does not score lower than the third significantly populated class of energy
# efficiency in accordance with Regulation (EU) 2017/1369") the same
CLASS_RANKS = ("highest", "top", "best", "first", "second", "third", "fourth", "fifth")
RANK_COMPARISONS = ("lower than", "higher than", "worse than", "better than", "below", "above")
CLASS_RANK_LIMIT = re.compile(rf"\b(?:in|into|within|with|{_alt(RANK_COMPARISONS)})\s+the\s+{_alt(CLASS_RANKS)}\s+"
                              rf"(?:(?:two|three|\d)\s+)?(?:significantly\s+)?"
                              rf"(?:populated\s+)?(?:energy\s+efficiency\s+)?class(?:es)?\b(?:(?!\.\s)[^;:,])*", re.IGNORECASE)

# things a list names by the hazard criteria they meet ("substances meeting the criteria for classification as
# carcinogenic … in accordance with Regulation (EC) No 1272/2008"): the referenced act classifies the thing the node
# excludes or limits; it prescribes no method for the activity (spec §6 Tags: no tag for limits whose content sits
# in a referenced text). Not "compost complying with Regulation X" (a product requirement), not "the activity meets
# the criteria laid down in …" (the activity complies).
CLASSIFIED_THINGS = ("substances", "substance", "mixtures", "mixture", "chemicals", "chemical")
CLASSIFICATION_CUES = ("criteria for classification as", "criteria for the classification as",
                       "criteria for classification in", "identified in accordance with",
                       "criteria for substances of very high concern", "criteria for substance of very high concern")
CLASSIFIED_THING = re.compile(rf"^\W*(?:[\w()-]+\s+){{0,3}}?{_alt(CLASSIFIED_THINGS)}\s+(?:that\s+|which\s+)?"
                              rf"(?:meeting|meets?|fulfilling|fulfils?)\s+the\s+(?=criteria\b)[^.;]{{0,100}}?"
                              rf"{_alt(CLASSIFICATION_CUES)}", re.IGNORECASE)
# a value the agreement defines ("the contribution defined in the contractual agreement", "where the contractual
# agreement includes …"): the agreement is the instances' context, not a commitment the node asks for; an agreement
# that is one example of the means ("Measures are in place to manage … waste, including through decommissioning
# contractual agreements with recycling service providers, reflection in financial projections …"): an example
CONTRACT_AS_CONTEXT = re.compile(r"\b(?:defined|set|specified|stated)\s+in\s+the\s+contractual\s+agreement\b|"
                                 r"\bwhere\s+the\s+contractual\s+agreement\b|"
                                 r"\bincluding\s+(?:through|by|via)\s+(?:[\w-]+\s+){0,2}?contractual\s+agreements?\b",
                                 re.IGNORECASE)

# --- what a product does (spec §6 Tags: the node's obligation, not the functions of the thing the activity makes) ---
# an item that names a capability of the product by its gerund ("supporting the life cycle assessment of products …",
# "alerting the user to abnormal sensor values, and assessing the status of …", "supporting the exchange with suppliers
# of data required to verify …"): the assessment, verification or compliance it names is done with the product by its
# users, the node sets none; a standard the capability works to still prescribes how (Methodology)
CAPABILITY_VERBS = ("supporting", "providing", "provisioning", "alerting", "enabling", "allowing", "facilitating",
                    "helping", "offering")
CAPABILITY_ITEM = re.compile(rf"^\W*{_alt(CAPABILITY_VERBS)}\b", re.IGNORECASE)
CAPABILITY_KEEPS = ("according-to-standards", "in-line-with-guidelines", "by-a-standard")
# a manner phrase naming the standard the capability works to ("… in compliance with relevant standards regarding
# data modelling …"), as against a compliance it tracks ("tracking suppliers’ compliance with standards")
MANNER_STANDARD = re.compile(rf"\b(?:according\s+to|in\s+(?:accordance|compliance|line)\s+with)\s+(?:the\s+)?"
                             rf"(?:(?:relevant|applicable|harmonised|international)\s+)*{_alt(STANDARD_WORDS)}\b",
                             re.IGNORECASE)
# a tag noun that names the kind of product ("For lifecycle assessment software, at least one of …"): no assessment
PRODUCT_NOUNS = ("software", "tool", "tools", "solution", "solutions", "platform", "platforms", "application",
                 "applications")
ACTIVITY_NAMES_A_PRODUCT = re.compile(rf"\b(?:assessment|verification|evaluation)\s+{_alt(PRODUCT_NOUNS)}\b",
                                      re.IGNORECASE)
# the tag word sits in the name of a document ("in line with the European Medicines Agency Guideline on the
# environmental risk assessment of medicinal products …"), or the assessment only yields the value the node limits
# ("the PEC/PNEC ratio … obtained in the Environmental Risk Assessment is below 1"): no assessment to perform
DOCUMENT_HEADS = ("guideline", "guidelines", "guidance", "recommendation", "handbook", "manual", "protocol")
IN_A_DOCUMENT_TITLE = re.compile(rf"\b{_alt(DOCUMENT_HEADS)}\s+(?:on|for)\s+(?:the\s+)?(?:[\w-]+\s+){{0,4}}?"
                                 rf"(?:assessment|evaluation|verification)\b", re.IGNORECASE)
# assessments as things the activity uses or develops, coordinated with other inputs or products ("uses state-of-art
# climate projections and assessment of impacts", "develops climate models and projections, services and assessment
# of impacts"): data or products, no assessment the node asks it to perform (not "develops a plan and carries out an
# assessment of impacts": a performed assessment)
ASSESSMENT_AS_INPUT = re.compile(r"\b(?:uses?|using|develops?|developing)\s+(?:[\w-]+,?\s+){1,8}?and\s+"
                                 r"assessments?\s+of\s+[\w-]+", re.IGNORECASE)
VALUE_FROM_AN_ASSESSMENT = re.compile(r"\b(?:obtained|derived|resulting|determined)\s+(?:in|from|by)\s+(?:the|an?)\s+"
                                      r"(?:[\w-]+\s+){0,3}?assessments?\b", re.IGNORECASE)
# an exception the operator may invoke ("… does not involve the use of substances … except where it is assessed and
# documented by the operator that no other suitable alternative … are available"): the assessment opens the
# exception, the node's obligation is the prohibition
EXCEPTION_CLAUSE = re.compile(r"\b(?:except\s+(?:where|when|if)|unless)\b[^.;]*", re.IGNORECASE)
# substances named by the criteria they meet ("substances, whether on their own or in mixtures, that meet the
# criteria set out in Article 57 of Regulation (EC) No 1907/2006"): the act classifies what the node excludes (as
# CLASSIFIED_THING, here as a relative clause inside the sentence)
CRITERIA_OF_CLASSIFIED_THINGS = re.compile(rf"\b{_alt(CLASSIFIED_THINGS)}\b(?:,[^,;.]{{1,60}},)?\s+(?:that|which)\s+"
                                           rf"(?:meet|fulfil|satisfy)\s+the\s+criteria\b[^.;]{{0,120}}?"
                                           rf"(?:Regulation|Directive|Decision)\s+\(?[A-Z]*\)?\s*(?:No\s+)?\d+/\d+",
                                           re.IGNORECASE)

# a step of an administrative procedure taken "in accordance with" / "under" a provision ("the project has been
# notified to the Commission in accordance with Article 41 of the Euratom Treaty", "the Commission has given its
# opinion on it in accordance with Article 43 …"): the provision governs the procedure, it prescribes no method of
# complying (spec §6 Tags: Methodology is how to comply), up to the end of its clause or a coordinated "and"
PROCEDURE_STEPS = ("notified to", "given its opinion")
PROCEDURE_STEP = re.compile(rf"\b{_alt(PROCEDURE_STEPS)}\b(?:(?!\band\b)[^,;:])*", re.IGNORECASE)


# a scope that opens the node and names the instances it binds by what they comply with ("For areas that comply with
# the requirements at forest sourcing area level … in accordance with Article 29(7) … the activity complies with the
# following criteria:"): the compliance is the condition, not a method the node prescribes; the tags are read from
# the main clause (its subject starts it)
SCOPE_SUBJECTS = ("the activity", "the operator", "the facility", "the installation", "it")
SCOPE_OPENING = re.compile(rf"^\W*For\s+(?:[\w-]+\s+){{1,3}}?(?:that|which|where)\s+[^:;]{{10,400}}?[\s,]"
                           rf"(?={_alt(SCOPE_SUBJECTS)}\s+(?:complies|meets|fulfils|satisfies|is|does)\b)", re.IGNORECASE)
# a leading gate whose condition is a thing set up under a referenced text ("Where a product-specific repair scoring
# system is established in accordance with the Union Law, the operator …"): the text decides WHETHER the node applies,
# it prescribes no method; the tags are read from the main clause
GATE_OPENING = re.compile(rf"^\W*Where\s+[^,;:]{{5,200}}?\b(?:established|adopted|set\s+up|laid\s+down|defined)\s+"
                          rf"(?:in\s+accordance\s+with|under|by)\s+[^,;:]{{1,120}},\s*"
                          rf"(?={_alt(SCOPE_SUBJECTS)}\b)", re.IGNORECASE)
# a chapeau whose subject is a calculation ("The calculation of climate benefit complies with all of the following
# criteria:"): its items are criteria of the calculation, each prescribing how it is done (Methodology); the
# items' own items are not
CALCULATION_NOUNS = ("calculation", "computation", "quantification", "estimation")
# a chapeau whose items name the standards or rules to comply with ("… complies with the following standards: (a) amendment
# 13 of Volume I …", "… are carried out in accordance with the following rules: (a) general requirements set out in
# Annex I to Directive 1999/31/EC"): each item prescribes how (Methodology); the chapeau only introduces them
COMPLIANCE_LIST_NOUNS = ("standards", "rules", "norms", "technical specifications", "specifications")
STANDARDS_CHAPEAU = re.compile(rf"\b(?:compl(?:y|ies)\s+with|in\s+accordance\s+with|conforms?\s+(?:to|with))\s+"
                               rf"(?:all\s+of\s+)?the\s+following\s+{_alt(COMPLIANCE_LIST_NOUNS)}\s*:\s*$", re.IGNORECASE)
CALCULATION_CHAPEAU = re.compile(rf"^\W*(?:the\s+)?{_alt(CALCULATION_NOUNS)}\s+of\s+[^:;.]{{2,80}}?\s+"
                                 rf"(?:compl(?:y|ies)\s+with|meets?|fulfils?)\s+(?:all\s+of\s+)?the\s+following\b[^:;.]*:\s*$",
                                 re.IGNORECASE)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
