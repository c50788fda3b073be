"""The regular expressions of the citation finder (candidate finders and context tests), in one module."""

from __future__ import annotations

import re

_TYPE = r"(?:Regulation|Directive|Decision|Recommendation)s?"
_SERIES = r"(?:\((?:EU|EC|EEC|CE|Euratom|EU, Euratom|ECSC)\)|(?:EU|EC|EEC)(?=\s+\d))"  # "Regulation EU 2020/852" (typo)
_NUM = r"\d{1,4}/\d{1,4}(?:/(?:EU|EC|EEC|CE|Euratom|ECSC|CFSP|JHA))?(?![\d/])"
_ACTNUM = rf"(?:{_SERIES}\s+)?(?:No\.?\s+)?{_NUM}"
ACT_CORE = re.compile(
    rf"(?:(?:Commission|Council)\s+)*(?:(?:Delegated|Implementing|Framework)\s+)*\b{_TYPE}\s+{_ACTNUM}"
    rf"(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)(?:{_SERIES}\s+)?(?:No\.?\s+)?{_NUM})*"
)
ANAPHOR_CORE = re.compile(r"\b(?:that|the)\s+(?:Directive|Regulation|Decision|Recommendation|Article)(?![\w’'])")
PIN_START = re.compile(r"\b(?:Articles?|[Pp]aragraphs?|[Pp]oints?|Annex(?:es)?|the Annex|Table|[Pp]art|Appendix)\b")
# noun heads that make one source of "<head> <act>" ("national measures implementing Directive 2010/31/EU")
HEAD_PREFIX = re.compile(
    r"(?:(?:the\s+)?provisions\s+of|national\s+(?:measures|law|legislation|rules)\s+(?:implementing|transposing))\s+$"
)
# "the European List of Waste established by" directly before an act: one source
NAMED_BY_PREFIX = re.compile(
    r"(?:the\s+)?(?:(?:EU|European|Union)\s+)(?:[A-Z][\w\-]*\s+|(?:of|on|for|and)\s+){1,8}"
    r"(?:established|set out|laid down|adopted)\s+(?:by|in|under)\s+$"
)
ELABORATION_GAP = re.compile(
    r"^\s*,?\s*(?:and\s+)?(?:,\s*)?(?:in particular|including|notably|especially)\b[^;.]{0,90}$"
)


INTERNAL_CAND = re.compile(
    r"\bthe (?:relevant|[a-z]+) Section of this Annex\b"
    r"|\b[Ss]ections?\s+\d+\.\d+\.?(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s+to\s+)\d+\.\d+\.?)*"
    r"(?:,\s*respectively,)?(?:\s+of\s+(?:this Annex|Annex [IVX]+(?:\s+to\s+this Regulation)?))?"
    r"|\bAppendix\s+[A-Z](?![\w])(?:\s+to\s+this\s+Annex)?"
)
STANDARD_CAND = re.compile(
    r"(?<![\w/-])ETSI\s(?:ES|EN|TS|TR|EG|GS)\s\d{3}\s\d{3}(?:-\d+)*(?![\d])"
    r"|(?<![\w/-])(?:EN ISO|EN IEC|ISO/IEC|CEN/EN|CLC/EN|CEN/TS|CEN/TR|CEN-CENELEC document CLC TR|CLC/TS|CLC TR|IEC TS|IEC TR|"
    r"ISO/TS|ISO/TR|ISO|EN|IEC|CEN|ASTM)\s?\d[\d\-]*(?:\.\d+)*(?::\s?\d{4})?(?:\+A\d+(?::\d{4})?)?"
)
QUOTED_TITLE = re.compile(r"^\s*[‘'“\"][^’'”\"]{3,200}[’'”\"]")


BAT_CAND = re.compile(
    r"(?:\bthe\s+)?(?:(?:latest|most recent)\s+)?(?:relevant\s+)?"
    r"(?:best available techniques \(BAT\)|BAT|best available techniques)\s+conclusions"
    r"(?:\s+for\s+(?:the\s+)?[^,;.:()]+?)?"
    r"(?=\s+and\s+(?:the|in|other|a|an|equal|stricter|national|relevant|where|when|ensures?|that)\b|\s+to\s+apply|\s+or\s"
    r"|\s+(?:in accordance|set out|adopted|apply|including)\b|[,;.:)]|$)"
)
GENERIC_CAND = re.compile(
    r"\banother\s+(?:legal\s+)?instrument\b"
    r"|\bother\s+(?:(?:commonly\s+accepted|equivalent|relevant|recognised),?\s+)*(?:(?:national or )?international\s+)?"
    r"(?:industry\s+)?(?:standards?(?:\s+and\s+methodologies)?|sources|standardised\s+[^,;.]+?)(?:\s+for\s+[^,;.]+?)?"
    r"(?=[,;.]|$|\s+(?:may|which|that|where|how|is|are|used)\b)"
    r"|\bnational\s+regulatory\s+(?:standards|requirements)\b"
    r"|\b(?:(?:an\s+)?(?:equivalent|equal\s+or\s+stricter)\s+)?national\s+law(?:\s+(?:used|applicable|in force)\b[^,;.]*)?"
    r"|\b(?:equivalent|equal\s+or\s+stricter)\s+national\s+(?:legislation|provisions|rules|regulations?)\b"
    r"|(?<=\bor\s)(?:with\s+)?(?:commonly\s+accepted\s+|recognised\s+|relevant\s+)?international\s+(?:industry\s+)?standards\b"
    r"(?:\s+that\s+[a-z][^,;.]{1,60}?(?=[,;.]|$|\s+(?:to|and|or|in|for)\s+(?:the\s+)?[a-z]+\s+(?:of|to|caused)\b))?"
    r"|(?<=\bor\s)(?:(?:as\s+required\s+by|with|to)\s+)?(?:(?:equivalent|equal\s+or\s+stricter|the\s+relevant)\s+)?"
    r"national\s+(?:provisions|legislation|rules|regulations?|fertiliser\s+legislation)\b(?!\s+(?:implementing|transposing)\b)"
    r"(?:\s+(?:on|stating|relating\s+to|for)\s+[^,;.()]{1,90}?(?=[,;.]|$|\s+(?:where|which|that|with|in\s+order|"
    r"compared)\b))?"
    r"|(?<=\bor\s)(?:with\s+)?(?:regulatory\s+)?(?:requirements|rules|standards|methods?)\s+that\s+are\s+equivalent\b"
    r"|(?:\bthe\s+)?delegated(?:\s+and\s+implementing)?\s+acts\s+adopted\s+(?:under|pursuant to)\s+(?:that|this|the)\s+"
    r"(?:Directive|Regulation)"
    r"|(?:\bthe\s+)?implementing\s+(?:regulations|acts|measures)\s+(?:adopted\s+)?(?:under|pursuant\s+to)\s+(?:that|this|the)\s+"
    r"(?:Directive|Regulation)"
)
DOC_NOUN = re.compile(
    r"\b(?:Protocol|Standards|Code of Conduct|Red List|Registry|[Ss]urvey|Criteria|List of Waste|Guidelines|Handbook|"
    r"Reference Document|handbook|guidelines|guidance|manual|reports?|"
    r"Manual|[Tt]ool|[Dd]atabase|[Dd]efinition of [a-z\-]+(?: (?!(?:as|in|is|are|and|or|of|for|to|the|a|an|that|which|by|with|where|when)\b)[a-z\-]+){0,2})\b"
)
_SELF_REFERENCE = re.compile(r"^(?:(?:Technical|Screening|Criteria|Delegated|Act|Annex|Section|Appendix|Union|Taxonomy)\s*)+$")


_ACRONYM = re.compile(r"^[A-Z]{2,}$")
_CAP = re.compile(r"^(?:[A-Z][\w\-/’]*|[A-Z]{2,}[\w\-]*)$")


_NAME_TRIGGER = re.compile(r"^(?:EU|European|Europe|Union|IUCN|FAO|UN|UNECE|IPCC|OECD|JRC|IEA|[A-Z]{2,}[\w\-]*|[A-Z][\w]*-[a-z]+)$")


# rightward title of a named document: "on Data Centre Energy Efficiency", "(BREF) for the Large Volume Inorganic
# Chemicals – Solids and Others industry", "(EPREL)"
RIGHT_TITLE = re.compile(
    r"(?:\s+\([A-Z]{2,}\)(?=\s+(?:on|for|of)\s+(?:the\s+)?[A-Z]))?"
    r"(?:\s+(?:on|for|of)(?:\s+the(?=\s+[A-Z]))?(?:\s+(?:[A-Z][\w\-]*|and)|\s+[–—](?=\s+[A-Z])"
    r"|,(?=\s+[A-Z][\w\-]*(?:,\s+[A-Z][\w\-]*)*,?\s+and\s))+"
    r"(?:\s+(?:industry|industries|sector|sectors)\b)?)*(?:\s+\([A-Z]{2,}\))?")
# a lower-case title after a lower-case document noun, running to the end of the clause
LOWER_TITLE = re.compile(r"\s+(?:on|for)\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,10}(?=\s*(?:[,;.:()]|$))")


NAMED_ACT = re.compile(
    r"(?:\bthe\s+)?\b(?!(?:The|This|That|Each|Any|Such|Council|Commission|European|Union|Implementing|Delegated)\b)"
    r"((?:[A-Z][a-z]+\s+){1,4})(?:Framework\s+)?(?:Directive|Regulation)(?![\w’'])(?!\s+(?:\(|No\b|\d))"
)


NAMED_AGREEMENT = re.compile(
    r"(?:\bthe\s+)?(?:(?:[A-Z][\w-]*|of|on|for|and)\s+){0,4}?(?:Agreement|Convention)\s+(?:concerning|on|for|of|relating\s+to)"
    r"\s+(?:the\s+)?[A-Z][\w-]*(?:\s+(?:of|by|and|for|on|the|from)\s+[A-Z][\w-]*|\s+[A-Z][\w-]*)*(?:\s+\([A-Z]{2,}\))?")


# a convention, protocol or agreement named by its place or subject ("the Minamata Convention", "the Paris
# Agreement"), with an optional article pinpoint ("Article 11 of the Minamata Convention")
NAMED_CONVENTION = re.compile(
    r"(?P<pin>\bArticles?\s+\d+[a-z]?(?:\(\d+[a-z]?\))*(?:\([a-z]{1,3}\))*\s+of\s+)?\bthe\s+"
    r"(?!(?:The|This|That|European|Union|Commission|Council|Implementing|Delegated)\b)(?:[A-Z][\w-]+\s+){1,3}"
    r"(?P<noun>Convention|Protocol|Agreement)(?![\w’'])(?!\s+(?:concerning|on|for|of|relating)\b)")


LEVELS_INDICATOR = re.compile(r"\bLevel\(s\)\s+indicators?\s+\d+\.\d+(?:\s*(?:,|and)\s*\d+\.\d+)*")


# an act cited by its author, type and title, without a number ("the Council recommendation on the limitation of
# exposure of the general public to electromagnetic fields (0 Hz to 300 GHz)"); a footnote that adds the number
# in brackets ("Council Recommendation of 12 July 1999 on … (1999/519/EC)") identifies it
TITLED_ACT = re.compile(
    r"(?:\bthe\s+)?\b(?:Council|Commission|European\s+Parliament\s+and\s+(?:of\s+)?the\s+Council)\s+"
    r"(?P<type>[Rr]ecommendation|[Dd]irective|[Rr]egulation|[Dd]ecision)\s+(?:of\s+\d{1,2}\s+[A-Z][a-z]+\s+\d{4}\s+)?"
    r"on\s+(?:the\s+)?[a-z][\w-]*(?:\s+(?!and\s+(?:for|in|the|to|where|with|as)\b)(?:[a-z][\w-]*|\((?!(?:19|20)\d\d/|OJ\b)[^()]{1,40}\)|"
    r"[A-Z]{2,}\w*|\d[\w.,]*)){0,24}")
_TITLED_NUMBER = re.compile(r"\s*\((?P<y>(?:19|20)\d\d)/(?P<n>\d{1,4})/(?:EC|EU|EEC|Euratom|CFSP)\)")


# "Annex I, Section 5.1(c) of Directive 2010/75/EU": a section of another act is a pinpoint of that act, not a
# section of this Annex
SECTION_PIN_BEFORE = re.compile(
    r"(?:\b(?:Annex|Part)\s+[IVX]+[a-z]?,?\s+)?\bSections?\s+\d+(?:\.\d+)*\.?(?:\([a-z0-9]{1,4}\))*,?\s+of\s+$")


OJ_REF = re.compile(r"OJ\s+[LC]\s+\d+[A-Z]?,\s*\d{1,2}\.\d{1,2}\.\d{4},\s*p\.\s*\d+")
