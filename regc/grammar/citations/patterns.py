"""The regular expressions of the citation finder (candidate finders and context tests), in one module: verbose
patterns composed from named pieces (word lists from :mod:`~regc.grammar.citations.lexicon`).

>>> ACT_CORE.search("in accordance with Directive (EU) 2018/2001 and").group(0)
'Directive (EU) 2018/2001'
"""

from __future__ import annotations

import re

from regc.grammar.citations.lexicon import (
    ACT_TYPES,
    DOCUMENT_NOUNS,
    GENERIC_DOMAINS,
    GENERIC_JURISDICTIONS,
    GENERIC_LAW_HEADS, GENERIC_NORM_HEADS, GENERIC_PURPOSE_VERBS,
    GENERIC_LAW_PARTICIPLES,
    GENERIC_QUALIFIERS,
    GENERIC_OWN_QUALIFIERS,
    GENERIC_RULE_HEADS,
    GENERIC_RULE_KINDS,
    GENERIC_PROVISION_HEADS,
    GENERIC_FRAMEWORK_HEADS,
    TREATY_NAMES,
    GENERIC_STANDARD_QUALIFIERS,
    GENERIC_STANDARD_HEADS,
    NAME_TRIGGERS,
    NAMED_SCHEMES,
    TITLE_DASH,
    NOT_SCHEME_ACRONYMS,
    STANDARD_PREFIXES,
    CONVENTION_DOC_NOUNS,
    CONVENTION_PIN_NOUNS,
    EDITION_NOUNS,
    GENERIC_DEFINITION_HEADS,
    LAID_DOWN_HEADS,
    PRACTICE_QUALITIES,
    QUOTED_TITLE_DOC_NOUNS,
    REQUIREMENT_JURISDICTIONS,
    REQUIREMENT_VERSIONS,
    RULE_FIELDS,
    SUCCESSOR_NOUNS,
)
from regc.grammar.prefilter import prefilter_namespace


def words(ws: tuple[str, ...]) -> str:
    """An alternation of word forms (regex fragments), safe in verbose patterns."""
    return "|".join(w.replace(" ", r"\ ") for w in ws)


# named pieces
_ACT_TYPES = "(?:" + words(ACT_TYPES) + ")"
_STANDARD_PREFIXES = "(?:" + words(STANDARD_PREFIXES) + ")"
_DOCUMENT_NOUNS = "(?:" + words(DOCUMENT_NOUNS) + ")"
_NAME_TRIGGERS = "(?:" + words(NAME_TRIGGERS) + ")"
_TYPE = _ACT_TYPES + "s?"
_SERIES = r"(?:\((?:EU|EC|EEC|CE|Euratom|EU,\ Euratom|ECSC)\)|(?:EU|EC|EEC)(?=\s+\d))"  # "Regulation EU 2020/852" (typo)
_NUM = r"\d{1,4}/\d{1,4}(?:/(?:EU|EC|EEC|CE|Euratom|ECSC|CFSP|JHA))?(?![\d/])"
# a bare "n/m" with two short numbers and no series, "No" or suffix numbers no EU act: "Decision 14/8 of the UN
# Convention on Biological Diversity" (a conference of the parties); "Decision 2000/532/EC", "No 1143/2014" are acts
_NOT_EU_NUMBER = r"(?!\d{1,2}/\d{1,3}(?![\d/]))"
_ACTNUM = rf"(?:{_SERIES}\s*(?:No\.?\s+)?{_NUM}|No\.?\s+{_NUM}|{_NOT_EU_NUMBER}{_NUM})"  # "(EU)2017/848" (no space) too

ACT_CORE = re.compile(rf"""
    (?:(?:Commission|Council)\s+)*(?:(?:Delegated|Implementing|Framework)\s+)*\b{_TYPE}\s+{_ACTNUM}
      (?:(?:\s*,\s*|\s+and\s+|\s+or\s+){_ACTNUM})*
""", re.X)

ANAPHOR_CORE = re.compile(r"""
    \b(?:that|the)\s+(?:Directive|Regulation|Decision|Recommendation|Article)(?:(?![\w’'])|(?=[’']s\s+[A-Z][a-z]+\s+[IVX\d]))
""", re.X)

PIN_START = re.compile(r"""
    \b(?:Articles?|[Pp]aragraphs?|[Pp]oints?|Annex(?:es)?|the\ Annex|Table|[Pp]art|Appendix)\b
""", re.X)

# one article location of a coordination ("7(4)", "19a", "10(2)(b)") and the separators between them; "or" is no
# separator here: alternative articles stay one source, as alternative Sections do
_ARTICLE_LOC = r"\d+[a-z]?(?:\(\d+[a-z]?\))*(?:\([a-z]{1,3}\))*"
_ARTICLE_AND = r"(?:\s*,\s*and\s+|\s*,\s*|\s+and\s+)"
_ARTICLE_TO = r"(?:\s+to\s+|\s*[–—-]\s*)"
# a pinpoint that is only a coordination of articles ("Articles 11 and 12", "Articles 7(4), 17, 18 and 19",
# "Articles 10 to 15"): one source per article (spec §2: "Sections 5.11 and 5.12" is TWO)
ARTICLE_COORDINATION = re.compile(rf"""
    Articles\s+(?P<locs>{_ARTICLE_LOC}(?:(?:{_ARTICLE_AND}|{_ARTICLE_TO}){_ARTICLE_LOC})+)
""", re.X)
ARTICLE_MEMBER = re.compile(rf"""
    (?P<loc>{_ARTICLE_LOC})(?:{_ARTICLE_TO}(?P<to>{_ARTICLE_LOC}))?
""", re.X)

# noun heads that make one source of "<head> <act>" ("national measures implementing Directive 2010/31/EU")
HEAD_PREFIX = re.compile(r"""
    (?:(?:the\s+)?provisions\s+of|national\s+(?:measures|law|legislation|rules|regulations)\s+(?:implementing
        |transposing|that\s+transposes?))\s+$
""", re.X)

# "the European List of Waste established by" directly before an act: one source
NAMED_BY_PREFIX = re.compile(r"""
    (?:the\s+)?(?:(?:EU|European|Union)\s+)(?:[A-Z][\w\-]*\s+|(?:of|on|for|and)\s+){1,8}(?:established
        |set\ out|laid\ down|adopted)\s+(?:by|in|under)\s+$
""", re.X)

ELABORATION_GAP = re.compile(r"""
    ^\s*,?\s*(?:and\s+)?(?:,\s*)?(?:in\ particular|including|notably|especially)\b[^;.]{0,90}$
""", re.X)

# pieces of an internal Section reference: a Section number, a pinpoint inside one Section ("criteria 1 and 2 of
# Section 5.7"), the Annex scope written once for the whole coordination ("of this Annex", "in this Annex")
_SECNUM = r"\d+\.\d+(?:\.(?!\d))?"  # a printed label's full stop, not a deeper level ("1.1.2")
_SEC_PIN_WORD = r"(?:criteria|criterion|points?|paragraphs?)\s+"
_SEC_PIN_LOC = r"(?:\d+|\([a-z]{1,4}\))"
_SEC_PIN = (rf"{_SEC_PIN_WORD}{_SEC_PIN_LOC}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s+to\s+)(?:{_SEC_PIN_WORD})?{_SEC_PIN_LOC})*"
            r"\s+of\s+[Ss]ection\s+")
_SEC_JOIN = r"(?:\s*,\s*|\s+and\s+|\s+or\s+|\s+to\s+)"
_SEC_SCOPE = r"(?:\s+(?:of|in)\s+(?:this\ Annex|Annex\ [IVX]+(?:\s+to\s+this\ Regulation)?))"
# a pinpoint printed after one Section (spec §7 RF4 "pinpoints kept"): its subsection by quoted title and the points
# inside it ("Section 3.21., subsection ‘Substantial contribution to climate change mitigation’, points (b) or (c)")
_SUBSECTION_TITLE = r"subsection\s+[‘'“][^’'”;]{3,160}[’'”]"
_SUBSECTION_POINTS = rf"(?:,\s*points?\s+{_SEC_PIN_LOC}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+){_SEC_PIN_LOC})*)"
_SEC_AFTER_PIN = rf"(?:,\s*{_SUBSECTION_TITLE}{_SUBSECTION_POINTS}?)"

# the Annex an appendix belongs to (spec §7 RF4 pinpoints kept): this Annex, or an Annex of this Regulation
# ("Appendix E to Annex I to this Regulation"; "Appendix E" alone is a truncated span)
_APPENDIX_SCOPE = r"(?:\s+to\s+(?:this\s+Annex|Annex\s+[IVX]+\s+to\s+this\s+Regulation))"

INTERNAL_CAND = re.compile(rf"""
    \bthe\ (?:relevant|[a-z]+)\ Sections?\ of\ this\ Annex\b
  | \b[Ss]ection\s+{_SECNUM}{_SEC_AFTER_PIN}
  | (?:\b{_SEC_PIN}|\b[Ss]ections?\s+){_SECNUM}(?:{_SEC_JOIN}(?:{_SEC_PIN})?{_SECNUM})*(?:,\s*respectively,?)?
      {_SEC_SCOPE}?
  | \bAppendix\s+[A-Z](?![\w]){_APPENDIX_SCOPE}?
""", re.X)

# one item of a Section coordination: a Section, a range of Sections, or a pinpoint inside one Section
SECTION_ITEM = re.compile(rf"""
    (?P<pin>{_SEC_PIN})?(?P<num>\d+\.\d+)\.?(?:\s+to\s+(?P<to>\d+\.\d+))?
""", re.X)

SECTION_SCOPE_END = re.compile(rf"""
    {_SEC_SCOPE}$
""", re.X)

# what follows a Section number whose full stop ends the sentence, not the label: the end of the text, or a new
# sentence ("… set out in Section 3.21. The operator …"); elsewhere the printed label keeps its full stop ("Section
# 7.4. is excluded", "where not included in Section 8.2., advanced software")
SENTENCE_END_AFTER = re.compile(r"""
    \s*(?:$|[A-Z(‘“])
""", re.X)

# the criteria of other activities of this Annex named by their part (spec §7 RF1, generic internal references as whole
# noun phrases): "the respective criteria for substantial contribution to climate change adaptation", "the relevant
# criteria for doing no significant harm to other environmental objectives", "their technical screening criteria for
# substantial contribution"; a qualifier ("respective", "relevant") or "technical screening" makes them other
# activities' criteria ("the compliance with the criteria for substantial contribution … may be checked" is the
# unit's own); determiners are no part of the reference
_CRIT_PART = r"(?:substantial\s+contribution|doing\s+no\s+significant\s+harm|do\s+no\s+significant\s+harm|DNSH)"  # "DNSH": the abbreviation
_CRIT_OBJECTIVE = (r"(?:climate\s+change\s+(?:mitigation|adaptation)|(?:the\s+)?(?:other\s+)?environmental\s+objectives?"
                   r"|(?:the\s+)?(?:sustainable\s+use|transition|pollution|protection)\s+[a-z\s]{3,60}?(?=[,;.]|$))")
INTERNAL_CRITERIA = re.compile(rf"""
    (?:\b(?:the|their|its|those)\s+)?
    (?P<ref>(?:(?:respective|relevant)\s+(?:technical\s+screening\s+)?|technical\s+screening\s+)
      criteria\s+for\s+{_CRIT_PART}(?:\s+to\s+{_CRIT_OBJECTIVE})?(?:\s+set\s+out\s+in\s+this\s+Annex)?)\b
""", re.X)

STANDARD_CAND = re.compile(rf"""
    (?<![\w/-])ETSI\s(?:ES|EN|TS|TR|EG|GS)\s\d{{3}}\s\d{{3}}(?:-\d+)*(?![\d])
  | (?<![\w/-]){_STANDARD_PREFIXES}\s?\d[\d\-]*(?:\.\d+)*(?::\s?\d{{4}})?(?:\+A\d+(?::\d{{4}})?)?
""", re.X)

# the word that makes a standard number name its whole series ("standard EN 50708 series", "EN IEC 63044 series"):
# part of the standard's name as printed (matched at the standard's end)
# what a standard's code names beyond the standard: its series, or a document it defines ("IEC 62474 declarable
# substances list"; not "EN 45555 and the list …": function words do not qualify the document)
STANDARD_SERIES_AT = re.compile(r"""
    \s+series\b
  | (?:\s+(?!(?:and|or|the|of|in|on|to|for|with|as|a|an)\b)[a-z][a-z-]+){0,2}\s+(?:list|database|register|registry)\b
""", re.X)

QUOTED_TITLE = re.compile(r"""
    ^\s*[‘'“\"][^’'”\"]{3,200}[’'”\"]
""", re.X)
QUOTED_TITLE_AT = re.compile(r"""
    \s*[‘'“\"][^’'”\"]{3,200}[’'”\"]
""", re.X)  # QUOTED_TITLE matched at a position (pattern.match(text, pos))

BAT_CAND = re.compile(r"""
    (?:\bthe\s+)?(?:(?:latest|most\ recent)\s+)?(?:relevant\s+)?(?:best\ available\ techniques\ \(BAT\)
        |BAT|best\ available\ techniques)\s+conclusions(?:\s+for\s+(?:the\s+)?[^,;.:()]+?)?(?:\s+\([A-Z]{2,}\))?
      (?=\s+and\s+(?:the|in|other|a|an|equal|stricter|national|relevant|where|when|ensures?
        |that)\b|\s+to\s+apply|\s+or\s|\s+(?:in\ accordance|set\ out|adopted|apply|including)\b
        |\s+for\s+emissions\s+to\s+(?:air|water)\b  # the scope of the requirement, not of the title
        |[,;.:)]|$)
""", re.X)

GENERIC_CAND = re.compile(r"""
    \banother\s+(?:legal\s+)?instrument\b
  | \bother\s+(?:(?:commonly\s+accepted|equivalent|relevant|recognised),?\s+)*(?:(?:national\ or\ )?international\s+)?
      (?:industry\s+)?(?:standards?(?:\s+and\s+methodologies)?|sources|standardised\s+[^,;.]+?)
      (?:\s+for\s+[^,;.]+?)?(?=[,;.]|$|\s+(?:may|which|that|where|how|is|are|used)\b)
  | \bnational\s+regulatory\s+(?:standards|requirements)\b
  | \b(?:(?:an\s+)?(?:equivalent|equal\s+or\s+stricter)\s+)?national\s+law(?:\s+(?:used|applicable
        |in\ force)\b[^,;.]*)?
  | \b(?:equivalent|equal\s+or\s+stricter)\s+national\s+(?:legislation|provisions|rules|regulations?)\b
  | (?<=\bor\s)(?:with\s+)?(?:commonly\s+accepted\s+|recognised\s+|relevant\s+)?international\s+
      (?:industry\s+)?standards\b(?:\s+that\s+[a-z][^,;.]{1,60}?(?=[,;.]|$|\s+(?:to|and|or
        |in|for)\s+(?:the\s+)?[a-z]+\s+(?:of|to|caused)\b))?
  | (?<=\bor\s)(?:(?:as\s+required\s+by|with|to)\s+)?(?:(?:equivalent|equal\s+or\s+stricter
        |the\s+relevant)\s+)?national\s+(?:provisions|legislation|rules|regulations?|fertiliser\s+legislation)\b
      (?!\s+(?:implementing|transposing)\b)(?:\s+(?:on|stating|relating\s+to|for)\s+[^,;.()]{1,160}?
      (?=[,;.]|$|\s+(?:where|which|that|with|in\s+order|compared)\b))?
  | (?:(?<=\bor\s)|(?<=\bwith\s))(?:with\s+)?(?:regulatory\s+)?(?:requirements|rules|standards|methods?)\s+that\s+are\s+equivalent
      \b(?:\s+to\s+those\s+(?:set(?:\s+out)?|laid\s+down|specified)\s+in\s+[^,;.()\d]{2,100}?(?=[,;.]|$))?  # no numbered source
  | (?:\bthe\s+)?delegated(?:\s+and\s+implementing)?\s+acts\s+adopted\s+(?:under|pursuant\ to)\s+
      (?:that|this|the)\s+(?:Directive|Regulation)
  | (?:\bthe\s+)?implementing\s+(?:regulations|acts|measures)\s+(?:adopted\s+)?(?:under|pursuant\s+to)\s+
      (?:that|this|the)\s+(?:Directive|Regulation)
""", re.X)

# generic references as whole noun phrases (spec §7 RF1/RF3): "applicable Union and national law", "Union or national
# legislation", "national legislation that transposes …", "applicable requirements set by Union and national
# legislation", "equivalent recognised schemes", "harmonised standards"
_G_JUR = "(?:" + words(GENERIC_JURISDICTIONS) + ")"
_G_QUAL = "(?:" + words(GENERIC_QUALIFIERS) + ")"
_G_DOM = "(?:" + words(GENERIC_DOMAINS) + ")"
_G_PART = "(?:" + words(GENERIC_LAW_PARTICIPLES) + ")"  # "national implementing law"
_SCHEME_SCOPE = r"(?:product|sector|category)-specific"  # "product-specific EU Ecolabel criteria"
_G_JURS = rf"{_G_JUR}(?:\s*,\s*{_G_JUR})*(?:\s+(?:and|or)\s+{_G_JUR})?"
_G_LAW = rf"(?:(?:{words(GENERIC_NORM_HEADS)})\s+and\s+)?(?:{words(GENERIC_LAW_HEADS)})(?:\s+and\s+standards)?"
_G_STD = "(?:" + words(GENERIC_STANDARD_HEADS) + ")"
_G_SQUAL = "(?:" + words(GENERIC_STANDARD_QUALIFIERS) + ")"
# "national law on active ingredients": a subject after "on", not an adverbial ("on a case-by-case basis", "on site")
_G_ON_SUBJECT = r"(?!\s+(?:an?|its|their|request|site|demand|time)\b)"
_G_POST = r"""(?:\s+(?:(?:set|laid\ down|established|adopted)(?:\s+out)?\s+(?:by|in|under|on)|relat(?:ing|ed)\s+to
    |that\s+transposes?|meeting|to\s+(?:""" + words(GENERIC_PURPOSE_VERBS) + r""")|on(?:\s+the|""" + _G_ON_SUBJECT + r"""))\s+(?:(?!\d{1,4}/\d)[^,;.:]){2,160}?(?=[,;.:]|$|\s+(?:including|in\ particular|where|which
    |and\ (?:the|with))\b))?"""

# coordinated prepositional post-modifiers after a comma: ", of generic nature or with specific relevance to …"
_G_COORD_POST = r"(?:,\s+(?:of|with)\s+[^,;.:]{2,60}?\s+or\s+(?:of|with)\s+[^,;.:]{2,80}?(?=[,;.:]|$))?"
_G_RULES = "(?:" + words(GENERIC_RULE_HEADS) + ")"
# "the prevailing legal and regulatory provisions": a qualifier and a coordination of rule kinds before a provision head
_G_KIND = "(?:" + words(GENERIC_RULE_KINDS) + ")"
_G_KINDS = rf"{_G_KIND}\s+(?:and|or)\s+{_G_KIND}"
_G_PROV = "(?:" + words(GENERIC_PROVISION_HEADS) + ")"

# an operator's own documents are no generic reference ("internal standards and guidelines for maintenance")
_G_NOT_OWN = "".join(rf"(?<!\b{w}\s)" for w in GENERIC_OWN_QUALIFIERS)

GENERIC_LAW_CAND = re.compile(rf"""
    \b(?:(?:{_G_QUAL}\s+)+[A-Z]{{2,6}}\s+|(?:{_G_QUAL}\s+)*)(?:{_G_JURS}\s+)(?:{_G_PART}\s+)?(?:{_G_DOM}\s+)?{_G_LAW}\b{_G_POST}
  | \b(?:{_G_QUAL}\s+)+{_G_JURS}\s+{_G_RULES}\b{_G_POST}{_G_COORD_POST}
  | \b{_G_JUR}\s+(?:and|or)\s+{_G_JUR}\s+{_G_STD}\b(?:\s+in\s+force\b)?
  | {_G_NOT_OWN}\b(?:standards|guidelines|guidance)\s+and\s+(?:standards|guidelines|guidance)\s+(?:on|for)\s+[a-z][^,;.:()]{{2,100}}?(?=[,;.:]|$)
  | \b(?:{_G_QUAL}\s+)+(?:{_G_DOM}\s+)?{_G_LAW}\b{_G_POST}
  | \b(?:{_G_QUAL}\s+)+{_G_KINDS}\s+{_G_PROV}\b{_G_POST}
  | \b(?:{_G_QUAL}\s+)*{_G_JURS}\s+(?:{_G_KINDS}|{_G_KIND})\s+(?:{words(GENERIC_FRAMEWORK_HEADS)})\b{_G_POST}  # "the EU regulatory framework"
  | \blegislation\s+adopted\s+on\s+its\s+basis\b
  | \b(?:{_G_SQUAL}\s+)+(?:{_G_JURS}\s+)?(?:{_G_DOM}\s+)?{_G_STD}\b{_G_POST}
  | \b{_G_QUAL}\s+requirements\s+set\s+(?:out\s+)?by\s+{_G_JURS}\s+{_G_LAW}\b
  | \b(?:environmental|industry)\s+standards\b
  | \b(?:EU|Union)\s+requirements\b
  | \bend-of-waste\s+criteria\b
  | \bthe\s+do\s+no\s+significant\s+harm\s+(?:technical\s+screening\s+)?criteria\s+for\s+(?:that|this|the)\s+activity\b
  | (?:\bthe\s+)?(?:{_SCHEME_SCOPE}\s+)?(?:{words(NAMED_SCHEMES)})(?:\s+\([A-Z][\w\s]{{1,30}}\))?
      (?:\s+criteria(?:\s+applicable\s+to\s+[^,;.:]{{2,80}}?(?=[,;.:]|$))?)?  # the scheme's criteria, whole NP
""", re.X)

DOC_NOUN = re.compile(rf"""
    \b{_DOCUMENT_NOUNS}(?:(?<=’)|\b)  # "the FAO definition of ‘forest area …’" ends at its closing quote
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# whole noun phrases of spec §7 RF1/RF3 (rules ``convention_document``, ``generic_phrase``; ``edition_prefix`` of
# :func:`~regc.grammar.citations.phrases._extend_left`)

# a later edition written before a named document, with the edition year of the document itself: "the 2019
# Refinement to the 2006 " (before "IPCC Guidelines …"), "the 2006 " (before "IPCC Guidelines …")
EDITION_BEFORE = re.compile(rf"""
    \bthe\s+(?:(?:19|20)\d\d\s+(?:{words(EDITION_NOUNS)})\s+to\s+(?:the\s+)?)?(?:19|20)\d\d\s+$
""", re.X)

EDITION_CHARS = re.compile(r"""
    [\w\s]
""", re.X)

# a convention named with the possessive, then its bodies' documents with their lower-case title ("the Ramsar
# Convention’s guidelines for management planning for Ramsar sites and other wetlands"); the documents of a convention
# by "of" ("relevant resolutions of the Ramsar Convention"); a numbered resolution or decision ("resolution XIII/13")
_CONV_NAME = r"(?:[A-Z][\w-]+\s+){1,3}(?:Convention|Protocol|Agreement)"
_CONV_DOCS = rf"(?:{words(CONVENTION_DOC_NOUNS)})"
_CONV_TITLE = r"(?:\s+(?:on|for)\s+(?:[a-z][\w-]*|[A-Z][\w-]*)(?:\s+(?:[a-z][\w-]*|[A-Z][\w-]*)){0,14}?(?=\s*(?:[,;.:()]|$)))?"
CONVENTION_DOCUMENT = re.compile(rf"""
    (?:\bthe\s+)?(?P<ref>{_CONV_NAME}[’']s\s+(?:[a-z][\w-]*\s+){{0,2}}?{_CONV_DOCS}(?:\s+(?:and|or)\s+{_CONV_DOCS})?\b{_CONV_TITLE})
  | (?:\bthe\s+)?(?P<of>(?:(?:relevant|applicable)\s+)?{_CONV_DOCS}\s+of\s+the\s+{_CONV_NAME})\b
  | (?:\bthe\s+)?(?P<num>\b(?:[Rr]esolutions?|[Dd]ecisions?)\s+[IVXLC]{{1,6}}/\d{{1,3}})(?![\w/])
""", re.X)

# generic references whose head a generic jurisdiction's law qualifies or defines: "the terms and conditions laid
# down in national law", "the applicable national definition of sustainable forest management", "the applicable
# sustainability rules on the placing on the market of batteries in the Union, including restrictions on …",
# "successors of Regulation (EC) No 715/2007 and Regulation (EC) No 595/2009", "the European List of ship recycling
# facilities established under that Regulation" (a list an act establishes, named without its act number)
_GP_QUAL = "(?:" + words(GENERIC_QUALIFIERS) + ")"
_GP_JUR = "(?:" + words(GENERIC_JURISDICTIONS) + ")"
_GP_LAW = "(?:" + words(GENERIC_LAW_HEADS) + ")"
_GP_ACT = rf"(?:(?:Commission|Council)\s+)?(?:(?:Delegated|Implementing)\s+)?{_TYPE}\s+{_ACTNUM}"
_GP_INCLUDING = r"(?:,\s+including\s+[a-z][^,;.:()]{2,120}?(?=[,;.:]|$))?"
_GP_PRACTICES = rf"(?:{words(PRACTICE_QUALITIES)})\s+(?:[a-z][\w-]*\s+)?practices"
GENERIC_PHRASE = re.compile(rf"""
    \b(?:{words(LAID_DOWN_HEADS)}|{_GP_PRACTICES})\s+(?:laid\s+down|set\s+out|established|defined)\s+(?:in|by)\s+
      (?:{_GP_QUAL}\s+)?{_GP_JUR}(?:\s+(?:and|or)\s+{_GP_JUR})?\s+{_GP_LAW}\b
  | \b(?:(?:{_GP_QUAL}\s+)+{_GP_JUR}|national)\s+(?:{words(GENERIC_DEFINITION_HEADS)})\s+of\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,6}}?
      (?=\s*(?:[,;.:()]|$))
  | \b(?:{words(REQUIREMENT_VERSIONS)})\s+(?:{_GP_QUAL}\s+)*(?:[a-z][\w-]*\s+){{0,2}}?requirements\s+
      (?:{words(REQUIREMENT_JURISDICTIONS)})\b
  | \b(?:{_GP_QUAL}\s+)+(?:{words(RULE_FIELDS)})\s+rules\s+on\s+the\s+[a-z][^,;.:()]{{2,120}}?(?=[,;.:]|$){_GP_INCLUDING}
  | \b(?:{words(SUCCESSOR_NOUNS)})\s+of\s+{_GP_ACT}(?:\s+(?:and|or)\s+{_GP_ACT})*
  | \b(?:EU|European|Union)\s+List\s+of\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,5}}?\s+(?:established|set\s+up|adopted)\s+
      (?:under|by|pursuant\s+to)\s+(?:that|this)\s+(?:Regulation|Directive|Decision)\b
""", re.X)

# a document named by its quoted capitalised title (spec §7 RF1/RF3: the whole title, without the quotes): a document
# noun among the title's first three words, at least three capitalised words in all (not ‘expected practices’, not a
# subsection's title ‘Substantial contribution to …’); the title has no closing-quote character inside
_QT_WORD = r"[A-Z][\w-]*"
QUOTED_DOCUMENT = re.compile(rf"""
    [“‘](?P<title>(?:{_QT_WORD}\s+){{0,2}}(?:{words(QUOTED_TITLE_DOC_NOUNS)})\b[^”’;]{{0,200}}?)[”’]
""", re.X)

_SELF_REFERENCE = re.compile(r"""
    ^(?:(?:Technical|Screening|Criteria|Delegated|Act|Annex|Section|Appendix|Union|Taxonomy)\s*)+$
""", re.X)

_ACRONYM = re.compile(r"""
    ^[A-Z]{2,}$
""", re.X)

_CAP = re.compile(r"""
    ^(?:[A-Z][\w\-/’]*|[A-Z]{2,}[\w\-]*)$
""", re.X)

_NAME_TRIGGER = re.compile(rf"""
    ^{_NAME_TRIGGERS}$
""", re.X)

# rightward title of a named document: "on Data Centre Energy Efficiency", "(BREF) for the Large Volume Inorganic
# Chemicals – Solids and Others industry", "(EPREL)", "on … Planning in the Context of Climate Change"
RIGHT_TITLE = re.compile(rf"""
    (?:\s+\([A-Z]{{2,}}\)(?=\s+(?:on|for|of)\s+(?:the\s+)?[A-Z]))?(?:\s+(?:on|for|of|in(?=\s+the\s+[A-Z])|by(?=\s+[A-Z][a-z]))(?:\s+the
      (?=\s+[A-Z]))?(?:\s+(?:[A-Z][\w\-]*|and)|\s+{TITLE_DASH}(?=\s+[A-Z])|,(?=\s+[A-Z][\w\-]*(?:,\s+[A-Z][\w\-]*)*,?\s+and\s))+
      (?:\s+(?:industry|industries|sector|sectors)\b)?)*(?:\s+\([A-Z]{{2,}}\))?
""", re.X)

# the title after a document's bracketed acronym that starts lower-case and ends at the document's own acronym or
# runs capitalised to the end of the clause: "(BREF) for the production of speciality inorganic chemicals (SIC)",
# "(BREF) for the manufacture of Large Volume Inorganic Chemicals – Ammonia, Acids and Fertilisers;"; not "(BREF)
# for the sector concerned, …" (no title word) nor "(BREF) for the activity." (no closing acronym, no capital)
_LOWER_HEAD = r"\s+(?:for|on)\s+the(?:\s+[a-z][\w\-]*){1,8}?"
_CAPS_TAIL = rf"(?:\s+(?:[A-Z][\w\-]*|and|of)|\s+{TITLE_DASH}(?=\s+[A-Z])|,(?=\s+[A-Z]))*?\s+[A-Z][\w\-]*"
ACRONYM_TITLE = re.compile(rf"""
    (?:{_LOWER_HEAD}\s+\([A-Z]{{2,}}\)
      |{_LOWER_HEAD}{_CAPS_TAIL}(?=\s*(?:[;.]|$)))
""", re.X)

# a numbered part of a test-guideline series after its title: ", Test 301 (A-F), Ready Biodegradability"
GUIDELINE_PART = re.compile(r"""
    ,\s+Test\s+(?:No\.?\s+)?\d{2,4}[A-Z]?(?:\s+\([A-Z](?:-[A-Z])?\))?(?:,\s+[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*)?
""", re.X)

# a guideline's lower-case title closed by the guideline's own short name ("Guideline on the environmental risk
# assessment of medicinal products for human use (EMA ERA guideline)"); without the closing name it is no title
TITLE_TO_SHORT_NAME = re.compile(r"""
    \s+(?:on|for)\s+(?:the\s+)?[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,14}\s+\((?:[A-Z]{2,}\s+){1,3}[Gg]uidelines?\)
""", re.X)

# a guideline's code after its noun ("ICH guideline Q3C (R8)"), its short lower-case subject ("on impurities") and the
# subtitle after a colon that names it again ("…: guideline for residual solvents"): the title is not cut at its colon
GUIDELINE_CODE = re.compile(r"""
    \s+[A-Z]\d+[A-Z]?(?:\s+\(R\d+\))?(?:\s+on\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?(?=\s*(?:[,;.:()]|$|\s+(?:as|which|that|is|are)\b))
      (?::\s+(?:guideline|guidance)\s+(?:on|for)\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?  # ": guideline for residual solvents"
        (?=\s*(?:[,;.()]|$|\s+(?:as|which|that|is|are)\b)))?)?
""", re.X)

# a lower-case title after a lower-case document noun, running to the end of the clause
LOWER_TITLE = re.compile(r"""
    \s+(?:on|for)\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,10}(?=\s*(?:[,;.:()]|$))
""", re.X)

NAMED_ACT = re.compile(r"""
    (?:\bthe\s+)?\b(?!(?:The|This|That|Each|Any|Such|Council|Commission|European|Union|Implementing
        |Delegated)\b)((?:[A-Z][a-z]+\s+){1,4})(?:Framework\s+)?(?:Directive|Regulation)(?![\w’'])
      (?!\s+(?:\(|No\b|\d))
""", re.X)

# a convention, protocol or agreement named by its place or subject ("the Minamata Convention", "the Paris
# Agreement"), with an optional article pinpoint ("Article 11 of the Minamata Convention") or Annex pinpoint, a
# regulation of that Annex included (spec §7 RF4 pinpoints kept, as for EU acts: "Regulation 14 of Annex VI to the
# IMO MARPOL Convention", "Annex IV to the IMO MARPOL Convention"; after an Annex pinpoint the article may be
# missing: "Regulation 13 of Annex VI to IMO MARPOL Convention"; an annex numbered in figures, parts of it chained
# before it: "amendment 10 of Volume II (engine emissions), Chapters 2 and 4, of Annex 16 to the Chicago Convention");
# the EU Treaties: TREATY
_CONV_PART = (rf"(?:{words(CONVENTION_PIN_NOUNS)})\s+(?:\d+[a-z]?|[IVX]+)(?:\s+and\s+(?:\d+[a-z]?|[IVX]+))?"
              r"(?:\s+\([a-z][a-z\s-]{1,40}\))?(?:,?\s+of|,)\s+")
NAMED_CONVENTION = re.compile(rf"""
    (?:(?P<pin>\bArticles?\s+\d+[a-z]?(?:\(\d+[a-z]?\))*(?:\([a-z]{{1,3}}\))*\s+of\s+)
      |(?P<annex>\b(?:{_CONV_PART})*Annex\s+(?:[IVX]+|\d{{1,2}})\s+(?:to|of)\s+))?
    (?(annex)(?:the\s+)?|\bthe\s+)
      (?!(?:The|This|That|European|Union|Commission|Council|Implementing|Delegated)\b)(?:[A-Z][\w-]+\s+){{1,3}}
      (?P<noun>Convention|Protocol|Agreement)(?![\w’'])(?!\s+(?:concerning|on|for|of|relating)\b)
""", re.X)

# an EU Treaty with an optional pinpoint ("Article 41 of the Euratom Treaty", "Article 192 TFEU", "Annex II to the
# Euratom Treaty") and the short name the long name is given ("… Energy Community (‘Euratom Treaty’)"); a leading
# article is no part of the reference
_TREATY_PIN = r"(?:(?:Articles?\s+\d+[a-z]?(?:\(\d+[a-z]?\))*(?:\s+and\s+\d+[a-z]?(?:\(\d+[a-z]?\))*)?|Annex\s+[IVX]+)\s+(?:(?:of|to)\s+)?(?:the\s+)?)"
# "the provisions laid down in the Euratom Treaty": the provisions are the pinpoint, as "provisions of Directive …"
_TREATY_PROVISIONS = r"(?:provisions\s+(?:of|(?:laid\s+down|set\s+out)\s+in)\s+the\s+)"
TREATY = re.compile(rf"""
    (?:\b{_TREATY_PIN}|\b{_TREATY_PROVISIONS}|(?<=\bthe\s)|\b)(?:{words(TREATY_NAMES)})\b(?:\s+\([‘'][A-Z][\w\s]{{2,30}}[’']\))?
""", re.X)

# guidance of named bodies ("the latest international guidance from the IAEA and WENRA", "international guidance of
# the IAEA and WENRA relating to extreme natural hazards"): the bodies by acronym or capitalised name, with the
# acronym they are given, and a "relating to" post-modifier with its ", including …" (the whole noun phrase)
_BODY = r"(?:the\s+)?(?:[A-Z]{2,}\b|(?:[A-Z][\w’'\-]*\s+){1,6}[A-Z][\w’'\-]*(?:\s+\([‘'][A-Z]{2,}[’']\))?)"
BODY_GUIDANCE = re.compile(rf"""
    \b(?:(?:latest|most\s+recent)\s+)?(?:international\s+)?guidance\s+(?:from|of|through)\s+{_BODY}
      (?:\s+and\s+{_BODY})?(?:\s+relating\s+to\s+[^,;.:()]{{2,80}}?(?=[,;.:]|$){_GP_INCLUDING})?
""", re.X)

# a Commission notice, by its number and/or its title ("Commission Notice – Technical guidance on the climate proofing
# of infrastructure in the period 2021-2027 (2021/C 373/01)", "Commission notice C/2018/2619 ‘Guidance document on
# …’", "the European Commission notice C(2020) 7730 final “Guidance document on …”"); C-series: no CELEX
_NOTICE_NUMBER = r"C\s*(?:/\s*\d{4}\s*/\s*\d+|\(\d{4}\)\s*\d+(?:\s+final)?)"
_NOTICE_TITLE = r"""(?:\s+[‘“][^’”]{5,200}[’”]|\s+[–—]\s+[A-Z][^;()’”]{5,200}?(?:\s+\(\d{4}/C\s+\d+/\d+\)|(?=[,;.](?:\s|$)|$)))"""
COMMISSION_NOTICE = re.compile(rf"""
    \b(?:European\s+)?Commission\s+[Nn]otice(?:\s+{_NOTICE_NUMBER})?{_NOTICE_TITLE}
  | \b(?:European\s+)?Commission\s+[Nn]otice\s+{_NOTICE_NUMBER}
""", re.X)

# a standard of a named body, by its acronym ("the ICAO standard", "the International Civil Aviation Organization
# (ICAO) standard"); not a standard series with its number ("ISO standard 14067:2018": rule ``standard``)
BODY_STANDARD = re.compile(r"""
    (?:\b(?:[A-Z][\w\-]*\s+){1,6}\((?P<acr1>[A-Z]{2,})\)|\b(?P<acr2>[A-Z]{3,}))\s+standards?\b(?!\s*(?:No\.?\s*)?\d|\s+[A-Z]{2,}[\s–\-])
""", re.X)

# a Level(s) indicator, or a coordination of them ("Level(s) indicators 2.3 and 2.4": one source per indicator, as
# "Sections 5.11 and 5.12" is two), with a part of the indicator's material as pinpoint ("the Level 1 design concept
# checklist of the Level(s) indicator 2.2 checklist"); the leading article is no part of the reference
_LEVELS_PART = r"(?:Level\s+\d+\s+)?(?:[a-z][\w\-]*\s+){0,4}(?:checklist|reporting\s+format)"
LEVELS_INDICATOR = re.compile(rf"""
    (?:\b(?P<part>{_LEVELS_PART})\s+of\s+(?:the\s+)?)?
    \bLevel\(s\)\s+indicators?\s+(?P<nums>\d+\.\d+(?:\s*(?:,|and)\s*\d+\.\d+)*)
    (?(part)(?:\s+(?:checklist|reporting\s+format)\b)?)
""", re.X)

LEVELS_NUMBER = re.compile(r"""
    \d+\.\d+
""", re.X)

# an act cited by its author, type and title, without a number ("the Council recommendation on the limitation of
# exposure of the general public to electromagnetic fields (0 Hz to 300 GHz)"); a footnote that adds the number
# in brackets ("Council Recommendation of 12 July 1999 on … (1999/519/EC)") identifies it
TITLED_ACT = re.compile(r"""
    (?:\bthe\s+)?\b(?:Council|Commission|European\s+Parliament\s+and\s+(?:of\s+)?the\s+Council)\s+
      (?P<type>[Rr]ecommendation|[Dd]irective|[Rr]egulation|[Dd]ecision)\s+(?:of\s+\d{1,2}\s+[A-Z][a-z]+\s+\d{4}\s+)?on\s+
      (?:the\s+)?[a-z][\w-]*(?:\s+(?!and\s+(?:for|in|the|to|where|with|as)\b)(?:[a-z][\w-]*
        |\((?!(?:19|20)\d\d/|OJ\b)[^()]{1,40}\)|[A-Z]{2,}\w*|\d[\w.,]*)){0,24}
""", re.X)

# an act announced by its type and subject, without author or number, after an indefinite article ("SAF are defined in
# a regulation on ensuring a level playing field for sustainable air transport"): the whole noun phrase without the
# article (spec §7 RF1/RF3), a lower-case title of up to sixteen words to the clause's end
INDEFINITE_TITLED_ACT = re.compile(r"""
    \ban?\s+(?P<doc>(?:[Rr]egulation|[Dd]irective|[Dd]ecision)\s+on\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){2,15})
      (?=\s*(?:[,;.:()]|$))
""", re.X)

# a Commission communication cited by its quoted title ("the Communication from the Commission of 20 May 2020 on
# ‘EU Biodiversity Strategy for 2030’"; Formex prints the quotes as QUOT.START/QUOT.END); the leading article is
# not part of the reference (spec §7)
# the part of a communication a criterion takes ("the nature restoration and conservation targets specified in the
# Communication …"): kept as pinpoint, as "the provisions laid down in the Euratom Treaty"
_PART_WORD = r"(?!(?:and|or|the|an?|of|in|on|to|for)\s)[a-z][\w\-]*\s+(?:(?:and|or)\s+)?"
_COMMUNICATION_PART = (rf"(?:{_PART_WORD}){{0,4}}(?:targets|objectives|goals|principles)\s+"
                       r"(?:specified|set\s+out|laid\s+down|defined)\s+in\s+the\s+")
TITLED_COMMUNICATION = re.compile(rf"""
    (?:\bthe\s+)?(?P<doc>(?:\b{_COMMUNICATION_PART})?\bCommunication\s+from\s+the\s+Commission(?:\s+to\s+the\s+[^‘'“"():;]{{5,200}}?)?
      (?:\s+of\s+\d{{1,2}}\s+[A-Z][a-z]+\s+\d{{4}})?\s+on\s+[‘'“"][^’'”"]{{3,160}}[’'”"])
""", re.X)

_TITLED_NUMBER = re.compile(r"""
    \s*\((?P<y>(?:19|20)\d\d)/(?P<n>\d{1,4})/(?:EC|EU|EEC|Euratom|CFSP)\)
""", re.X)

# "Annex I, Section 5.1(c) of Directive 2010/75/EU": a section of another act is a pinpoint of that act, not a
# section of this Annex
SECTION_PIN_BEFORE = re.compile(r"""
    (?:\b(?:Annex|Part)\s+[IVX]+[a-z]?,?\s+)?\bSections?\s+\d+(?:\.\d+)*\.?(?:\([a-z0-9]{1,4}\))*,?\s+of\s+$
""", re.X)

OJ_REF = re.compile(r"""
    OJ\s+[LC]\s+\d+[A-Z]?,\s*\d{1,2}\.\d{1,2}\.\d{4},\s*p\.\s*\d+
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# used by acts

_SERIES_OR_NO_BEFORE = re.compile(r"""
    (?:\((?:EU|EC|EEC|Euratom)\)\s*|No\.?\s*)$
""", re.X)

_SERIES_OR_NO_CHARS = re.compile(r"""
    [()EUCuratomNo.\s]
""", re.X)

_SECTION_PIN_CHARS = re.compile(r"""
    [a-z0-9APSIVX.,()\s]
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# used by phrases

_TOKEN = re.compile(r"""
    [\w\-/’]+
""", re.X)

_THE_YEAR_BEFORE = re.compile(r"""
    \bthe\s+(?:\d{4}\s+)?$
""", re.X)

_THE_YEAR_CHARS = re.compile(r"""
    [the\d\s]
""", re.X)

_YEAR_BEFORE = re.compile(r"""
    \d{4}\s+$
""", re.X)

_YEAR_CHARS = re.compile(r"""
    [\d\s]
""", re.X)

_VERSION_BEFORE = re.compile(r"""
    (?:\bthe\s+)?(?:(?:most\ recent|latest|current)\s+(?:version\s+of\s+the\s+)?)?$
""", re.X)

_LOWER_CHARS = re.compile(r"""
    [a-z\s]
""", re.X)

_THE_BEFORE = re.compile(r"""
    \bthe\s+$
""", re.X)

_THE_CHARS = re.compile(r"""
    [the\s]
""", re.X)

# a part of a named document named by a part noun without a number ("the full checklist of the EU Construction and
# Demolition Waste Management Protocol"): the part is the pinpoint, as a numbered criterion or section is
_DOC_PART_NOUNS = r"(?:checklists?|annex(?:es)?|appendix|appendices)"
_DOC_PART_MODIFIERS = r"(?:full|complete|entire|whole|relevant)"
_LOCATED_BEFORE = re.compile(rf"""
    (?:(?:\bthe\s+)?(?:\b(?!(?:in|of|on|to|for|at|by|with|from|under)\s)[a-z]+\s+)?(?:criterion|indicator|chapter|section|[Tt]able)\s+[A-Z]?\d[\w.]*
      (?:\s+[‘'][^’']{{3,120}}[’'])?
    |(?:\bthe\s+)?\b{_DOC_PART_MODIFIERS}\s+{_DOC_PART_NOUNS}
    |\bTest\s+No\.?\s+\d{{2,4}}:\s+[A-Z][^()]{{3,120}}?\s+\([A-Z]{{2,}}\s+\d{{2,4}}\))  # "Test No 308: Aerobic … (OECD 308)"
    \s+of\s+(?:the\s+)?$
""", re.X)

_RIGHT_CAPS = re.compile(r"""
    (?:\s+(?:on|for|of)(?:\s+(?:[A-Z][\w\-]*|and)|,(?=\s+[A-Z]))+)*(?:\s+\([A-Z]{2,}\))?
""", re.X)


# ---------------------------------------------------------------------------------------------------------------
# used by rules

_GENERIC_LEAD = re.compile(r"""
    (?:as\s+required\s+by|with|to)\s+
""", re.X)


# ---------------------------------------------------------------------------------------------------------------
# the requirements of a scheme named by its acronym, with the version they were applicable at ("the EEDI
# requirements applicable on 1 April 2022"): the requirement text a limit is measured against (spec §7 RF2, a
# document identified by a footnote on the phrase; §2 must_be_fetched); the index itself ("an attained EEDI value")
# is a metric, not a source
_VERSION_DATE = r"\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4}\b"
_NOT_SCHEME = "|".join(NOT_SCHEME_ACRONYMS)
SCHEME_REQUIREMENTS = re.compile(rf"""
    \bthe\s+(?P<ref>(?!(?:{_NOT_SCHEME})\b)[A-Z]{{3,6}}\s+requirements
      (?:\s+(?:applicable|in\ force)\s+(?:on|from|as\ of)\s+{_VERSION_DATE})?)
""", re.X)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
