"""Regular expressions of the citation finder, continued (:mod:`regc.grammar.citations.patterns` is full): phrase
references as whole noun phrases (spec §7 RF1/RF3/RF6), treaties named by subject with their pinpoint, date and short
name, and the Sections of another act's Annex (§7 RF4).

>>> GENERIC_NOUN_PHRASE.search("in accordance with national and local provisions, including").group(0)
'national and local provisions'
>>> PUBLISHED_DOCUMENT.search("taking into account the results of the information exchange which are published by").group("ref")
'results of the information exchange'
>>> [m.group("code") for m in CODE_AFTER_STANDARD.finditer(" or JS709C), consumables (x and IPC J-STD-004B).")]
['JS709C', 'IPC J-STD-004B']
"""

from __future__ import annotations

import re

from regc.grammar.citations.lexicon import (
    CONTRACT_AGREEMENT_WORDS,
    GENERIC_ALTERNATIVE_HEADS,
    GENERIC_DOMAINS,
    GENERIC_JURISDICTIONS,
    GENERIC_LAW_HEADS,
    GENERIC_QUALIFIERS,
    LAW_NOUNS,
    LEGAL_ORDER_VERBS,
    LEGAL_SETTING_PHRASES,
    LAW_PRINCIPLE_HEADS,
    PUBLISHED_RESULT_HEADS,
    STANDARD_CODE_BODIES,
    REQUIREMENT_LEVELS,
    STANDARD_SUBJECT_PREPOSITIONS,
)
from regc.grammar.citations.patterns import _ARTICLE_AND, _ARTICLE_LOC, _ARTICLE_TO, _SEC_JOIN, _SECNUM, words
from regc.grammar.prefilter import prefilter_namespace

# ---------------------------------------------------------------------------------------------------------------
# Sections of another act's Annex written before the Annex pinpoint of that act ("Sections 3.10 to 3.16 of " before
# "Annex II to Delegated Regulation (EU) 2021/2139"; "Sections 3.18 to 3.21, Sections 6.18 to 6.20 of Annex I to …"):
# one source per Section (spec §7 RF4, ranges included)
SECTIONS_OF_ANNEX_BEFORE = re.compile(rf"""
    \b[Ss]ections?\s+(?P<locs>{_SECNUM}(?:{_SEC_JOIN}(?:[Ss]ections?\s+)?{_SECNUM})*)\s*,?\s+of\s+$
""", re.X)

_SECTIONS_CHARS = re.compile(r"""
    [Sectionsandtor0-9.,\s]
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# a treaty named by its subject, the title capitalised ("the Montreal Protocol on Substances that Deplete the Ozone
# Layer") or, for a convention or protocol named by its place, lower-case to the end of the list item ("the Rotterdam
# Convention on the prior informed consent procedure …"); with the pinpoint before it, the date it was signed and the
# short name it is given in brackets, one source (spec §7 pinpoints kept, as "Annex II to the Euratom Treaty"):
# "Annex V to the International Convention for the Prevention of Pollution from Ships of 2 November 1973 (the IMO
# MARPOL Convention)"; the date may follow the participle of its adoption or signature ("… on Ships adopted on 5
# October 2001"); a lower-case title may open with a capital, as printed ("the Rotterdam Convention on the Prior prior
# informed consent procedure …")
_TREATY_NOUN = r"(?:Agreement|Convention|Protocol)"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_AGREEMENT_PIN = r"(?:\b(?:Annex(?:es)?\s+[IVX]+|Articles?\s+\d+[a-z]?(?:\(\d+[a-z]?\))*)\s+(?:to|of)\s+)"
_SIGNED_ON = rf"(?:,?\s+(?:of|(?:adopted|signed|done)(?:\s+(?:at|in)\s+[A-Z][\w-]+)?\s+on)\s+\d{{1,2}}\s+{_MONTH}\s+\d{{4}})"
# a capitalised word of an agreement's title, a possessive kept when the title goes on after it ("Ships' Ballast Water
# and Sediments", "Ships’ Ballast"); an apostrophe that closes a quotation ("… on Biological Diversity’.") ends the title
_TITLE_WORD = r"[A-Z][\w-]*(?:['’]s?(?=\s+[A-Z]))?"
_SHORT_NAME = rf"(?:\s+\((?:the\s+)?(?:[A-Z][\w-]*\s+){{1,4}}{_TREATY_NOUN}\))"
NAMED_AGREEMENT = re.compile(rf"""
    \bthe\s+[A-Z][\w-]+\s+(?:Convention|Protocol)\s+on\s+the\s+(?:[A-Z][a-z-]*\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){{1,15}}
      (?=\s*[,;.])  # the lower-case title first: a capital opening it does not end it
  | {_AGREEMENT_PIN}?(?:\bthe\s+)?(?:(?:[A-Z][\w-]*|of|on|for|and)\s+){{0,4}}?{_TREATY_NOUN}\s+(?:concerning
        |on|for|of|relating\s+to)\s+(?:the\s+)?{_TITLE_WORD}(?:\s+(?:of|by|and|for|on|the|from|that|in)\s+{_TITLE_WORD}
        |\s+{_TITLE_WORD})*(?:\s+\([A-Z]{{2,}}\))?{_SIGNED_ON}?{_SHORT_NAME}?
""", re.X)

# an agreement named as a kind of contract ("the Grant Agreement", "the Power Purchase Agreement"): no treaty, unlike
# one named by its place ("the Paris Agreement"; rule ``named_convention``)
CONTRACT_AGREEMENT = re.compile(rf"""
    \b(?:{"|".join(CONTRACT_AGREEMENT_WORDS)})\s+(?:[A-Z][\w-]+\s+)*Agreement\b
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# generic references as whole noun phrases (spec §7 RF1/RF3), each a head and its modifiers:
# - provisions of coordinated jurisdictions ("national and local provisions"; "national provisions" alone is the
#   generic alternative of GENERIC_CAND after "or");
# - the level of requirements generic law sets ("minimum requirements in Union law", "the minimum information
#   requirements in existing Union law"): the requirements, not the law alone;
# - a jurisdiction's law named by its principles ("EU waste regulation principles");
# - relevant standards illustrated by examples ("relevant standards, such as Recommendation …") or named by their
#   subject ("relevant standards regarding data modelling, interoperability, data privacy and data security");
#   "relevant standards" alone is a description, not a reference;
# - qualified law with a subject that is a coordination running to the end of the sentence ("applicable law related to
#   the conservation of habitats, species and the management of invasive alien species": the comma belongs to the list)
_JUR = "(?:" + words(GENERIC_JURISDICTIONS) + ")"
_QUAL = "(?:" + words(GENERIC_QUALIFIERS) + ")"
_LAW = "(?:" + words(GENERIC_LAW_HEADS) + ")"
_DOM = "(?:" + words(GENERIC_DOMAINS) + ")"
_LOWER_WORDS = r"[a-z][\w-]*(?:\s+(?!and\b|or\b)[a-z][\w-]*){0,3}"
_SUBJECT_LIST = rf"{_LOWER_WORDS}(?:,\s+{_LOWER_WORDS})*(?:,?\s+(?:and|or)\s+{_LOWER_WORDS})?"
_NP = r"(?:the\s+)?[a-z][\w-]*(?:\s+(?!and\b|or\b)[a-z][\w-]*){0,6}"
_NP_LIST = rf"{_NP}(?:,\s+{_NP})*,?\s+(?:and|or)\s+{_NP}(?=\s*(?:[;.]|$))"
# - an unnamed treaty given by who is bound by it ("an international convention to which the country is signatory")
# - a class of standards given by the standard they rely on ("any product-specific EN standard relying on EN
#   45555:2019"; not "EN standards" alone, not "a standard such as EN 1")
_PARTY_TREATY = (r"\b(?:international\s+)?(?:conventions?|agreements?|treat(?:y|ies)|protocols?)\s+to\s+which\s+"
                 r"(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:is|are|has\s+become)\s+(?:an?\s+)?"
                 r"(?:signator(?:y|ies)|part(?:y|ies))\b")
_STANDARD_RELYING = (r"\b[a-z][\w]*-specific\s+(?:EN|ISO|IEC)\s+standards?\s+(?:relying|based)\s+on\s+"
                     r"(?:EN|ISO|IEC)(?:\s+(?:ISO|IEC))?\s+\d+(?:-\d+)*(?::\d{4})?")
GENERIC_NOUN_PHRASE = re.compile(rf"""
    \b(?:{_QUAL}\s+)*{_JUR}\s+(?:and|or)\s+{_JUR}\s+provisions\b
  | \b(?:{words(REQUIREMENT_LEVELS)})\s+(?:[a-z][\w-]*\s+)?requirements\s+(?:in|of|under)\s+(?:{_QUAL}\s+)*
      {_JUR}(?:\s+(?:and|or)\s+{_JUR})?\s+{_LAW}\b
  | \b(?:EU|Union)\s+(?:{_DOM}\s+)?(?:{words(LAW_NOUNS)})\s+(?:{words(LAW_PRINCIPLE_HEADS)})\b
  | \brelevant\s+standards(?=,?\s+such\s+as\b)
  | \brelevant\s+standards\s+(?:{words(STANDARD_SUBJECT_PREPOSITIONS)})\s+(?!(?:the|its|their|this|that)\b){_SUBJECT_LIST}
      (?=\s*(?:[;.]|$))
  | \b(?:{_QUAL}\s+)+(?:{_JUR}\s+)?{_LAW}\s+relat(?:ing|ed)\s+to\s+{_NP_LIST}
  | {_PARTY_TREATY}
  | {_STANDARD_RELYING}
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# spec §7 RF6: the thing to take into account that a body publishes ("the results of the information exchange which
# are published by the Commission …") is a source (must_be_fetched, no CELEX); the act under which it is published is
# context (decision ``reference_type``); the leading article is no part of the reference, a comma may close the noun
# phrase ("results of the information exchange, which are published …")
PUBLISHED_DOCUMENT = re.compile(rf"""
    \b(?P<ref>(?:{words(PUBLISHED_RESULT_HEADS)})\s+of\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,4}}?)
      \s*,?\s+(?:which|that)\s+(?:are|is|were|was|have\s+been|has\s+been)\s+published\b
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# a standard named by a code shape the EN/ISO/IEC grammar does not know, coordinated with a standard it does ("(EN IEC
# 61249-2-21 or JS709C)", "(EN IEC 61249-2-21 and IPC J-STD-004B)"): the coordination says the code is a standard
# too (spec §2: a standard is a source, one per code).  Named pieces: an optional issuing body from the lexicon, then
# a code: two to four capitals run into three or more digits ("JS709C"), or hyphenated capital groups before the
# number ("J-STD-004B"); an optional revision letter.  Not a refrigerant, pollutant or formula beside a standard
# ("EN 378 and R744", "and PM10", "and CO2": one capital, or fewer than three digits)
_CODE_BODY = "(?:" + words(STANDARD_CODE_BODIES) + r")\s+"
_STANDARD_CODE = (r"(?:" + _CODE_BODY + r")?(?:[A-Z]{2,4}\d{3,}|[A-Z]{1,4}(?:-[A-Z]{1,4})+-\d{2,})[A-Z]?"
                  r"(?:-\d+[A-Z]?)*")
CODE_AFTER_STANDARD = re.compile(rf"""
    \s+(?:or|and)\s+(?P<code>{_STANDARD_CODE})(?=\s*[),;.]|\s*$)
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# the legal order an act brings another text into ("Regulation (EU) No 528/2012, which implements in Union law the
# International Convention …", "transposed into national law"): "Union law" there says where, it is no generic
# reference of its own (spec §7 RF1 generic references are texts a criterion relies on); not "laid down in national
# law", "in accordance with Union law"; so is a legal order named as the setting of something ("applied … in the context
# of the national or local regulatory framework")
LEGAL_ORDER_BEFORE = re.compile(rf"""
    (?:\b(?:{words(LEGAL_ORDER_VERBS)})\s+(?:in|into)|\b(?:{words(LEGAL_SETTING_PHRASES)}))\s+(?:the\s+)?$
""", re.X)

# a generic alternative to what an act classifies or defines ("… set out in Article 6 of Directive 2000/60/EC or other
# equivalent national or international classifications or definitions", "…/definitions"): spec §6 generic
# alternatives; "equivalent" makes it one ("other definitions" alone is no reference)
_ALT_HEAD = "(?:" + words(GENERIC_ALTERNATIVE_HEADS) + ")"
EQUIVALENT_ALTERNATIVE = re.compile(rf"""
    \bother\s+equivalent\s+(?:{_JUR}\s+(?:or\s+{_JUR}\s+)?)?{_ALT_HEAD}(?:(?:\s*/\s*|\s+or\s+){_ALT_HEAD})*\b
""", re.X)

# one pinpoint of a split coordination that lists several articles before a finer pinpoint of the last ("Article 6(b),
# 8b(1), point (a), of" before "Directive 2009/71/Euratom"): one source per article (spec §2), the finer pinpoint
# kept with its article
ARTICLE_LIST_PIN = re.compile(rf"""
    Articles?\s+(?P<locs>{_ARTICLE_LOC}(?:(?:{_ARTICLE_AND}|{_ARTICLE_TO}){_ARTICLE_LOC})+)(?P<rest>,?\s+.*)$
""", re.X)


# a pinpoint of an act named by a possessive anaphor ("that Directive’s Descriptors 1 (biodiversity), 2 (non-indigenous
# species), … and 11 (Noise/Energy)", "that Regulation’s Annex II"): the anaphor's act at that pinpoint, one source as
# "Annex V to that Directive" is (spec §2 pinpoints); a capitalised part noun, then numbered members, each with an
# optional name in brackets, coordinated by commas, "and" or "or"
_POS_LOC = r"(?:[IVX]+|\d+[a-z]?)(?:\s*\([^()]{1,40}\))?"
POSSESSIVE_PINPOINT = re.compile(rf"""
    [’']s\s+(?P<pin>[A-Z][a-z]+\s+{_POS_LOC}(?:(?:\s*,\s*(?:and\s+)?|\s+(?:and|or)\s+){_POS_LOC})*)
""", re.X)
# what a possessive pinpoint names, located by a pinpoint right after it ("that Directive’s Descriptors 1 … and 6 …,
# laid down in Annex I to that Directive"): that pinpoint is the source, the possessive is none of its own
POSSESSIVE_LOCATED_AFTER = re.compile(r"""
    ,?\s+(?:as\s+)?(?:laid\s+down|set\s+out|defined|listed|specified)\s+in\s+(?:Annex|Articles?|Part|Table|Section)\b
""", re.X)

# an Article written without its act, coordinated by "and" and a participle of its use with an Article of a named act
# ("the criteria laid down in Article 57 and identified in accordance with Article 59(1) of Regulation (EC) No
# 1907/2006"): that act's Article too, one source of its own (spec §2: two pinpoints, two sources); matched at the end
# of the text before the named act's Article
BARE_ARTICLE_BEFORE = re.compile(rf"""
    \bArticle\s+(?P<loc>{_ARTICLE_LOC})\s+and\s+(?:[a-z]+ed\s+)?(?:in\s+accordance\s+with|pursuant\s+to|under|in|by)\s+$
""", re.X)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
