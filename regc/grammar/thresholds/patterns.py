"""The regular expressions of the threshold finder, in one module."""

from __future__ import annotations

import re

from regc.grammar.thresholds.lexicon import MONTHS, WORD_NUMBERS

_UNIT_STOP = re.compile(r"\s(?:over|than|lower|below|above|higher|less|more|until|from|by|which|where|that|if|when|"
                        r"or|but|calculated|measured|expressed|compared|relative|upon|in accordance|including|"
                        r"excluding|averaged|during|within|after|before)\b", re.I)


_MONTH = "|".join(MONTHS)
NUMBER_RE = re.compile(r"(?<![\w.,/:\-–‑])(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d])(?:[.,]\d+)?|\d+(?:[.,]\d+)?)")


_CITATIONS = [
    ("act", re.compile(r"\b\d{1,4}/\d{1,4}(?:/[A-Z]{2,}\b)?")),
    ("oj", re.compile(r"\bOJ\s+[LC]\s*\d+[A-Z]?(?:\s*[IVX]*)?,\s*\d{1,2}\.\d{1,2}\.\d{4}(?:,\s*p\.\s*\d+)?")),
    ("dotted-date", re.compile(r"\b\d{1,2}\.\d{1,2}\.\d{4}\b")),
    ("standard", re.compile(r"\b(?:(?:CEN|CENELEC|CLC|ISO|IEC|EN|ETSI|ASTM|DIN|BS|ANSI|ASHRAE|IPCC|TR|TS|HD|ES)"
                            r"(?:[/ ](?:CEN|CLC|ISO|IEC|EN|TR|TS|PAS|ES))*)\s*(?:No\.?\s*)?\d[\d.]*(?: \d{3}\b)?(?:[-‑–]\d+)*"
                            r"(?::\d{4})?(?:\+A\d+:\d{4})?")),
    ("standard-year", re.compile(r"\b\d+(?:[-‑]\d+)*:\d{4}\b")),
    ("article-ref", re.compile(r"\b\d+[a-z]?(?:\(\w{1,4}\))+")),
    ("keyword", re.compile(
        r"\b(?i:Articles?|Art\.|Annex(?:es)?|Sections?|points?|paragraphs?|subparagraphs?|Tables?|Appendix|"
        r"Appendices|Chapters?|Parts?|part|Titles?|categor(?:y|ies)|Class(?:es)?|Tiers?|Stages?|Euro|Phases?|"
        r"Figures?|Recitals?|No\.?|Nos\.?|Level|Step|Criterion|Activity|activities|Scope|row|column|codes?|"
        r"NACE|Group|Division|Type|Category|Zone|version|Directive|Regulation|Decision|SDG|Goal|IE|Tier|"
        r"Categories|CMC|Descriptors?|Natura|criteria|amendments?|Volumes?|TRL|subgroups?|Chapters?|"
        r"Annex(?:es)?|Objectives?|Priority|Measures?|Levels?|indicators?|Test|OECD|BAT|IPMS)"
        r"(?:\s*\([A-Z]{2,6}\))?\s+(?:[A-Z]?\d+(?:\.\d+)*[a-z]?(?:\(\w{1,4}\))*(?:\s*\([^()\d]{1,40}\))?"
        r"(?:(?:\s*(?:,|and|or|to|–|-)\s*|\s+)(?:[A-Z]?\d+(?:\.\d+)*[a-z]?(?:\(\w{1,4}\))*)(?![\w%])"
        r"(?:\s*\([^()\d]{1,40}\))?)*)")),
    ("title-year", re.compile(r"(?<=\bthe )(?:19|20)\d\d(?=\s+[A-Z][a-z])")),
    ("oj-notice", re.compile(r"\b\d{4}/C\s*\d+/\d+")),
    ("paren-date", re.compile(r"\(\d{1,2} (?:" + _MONTH + r") \d{4}\)")),
    ("threshold-ref", re.compile(r"\b(?:the|a|an)\s+\d+(?:[.,]\d+)?\s*%\s+(?:threshold|target|limit|share)\b")),
    ("count-list", re.compile(r"\b\d+(?:,\d)?(?:\s*,\s*\d+)*,?\s+(?:or|and)\s+\d+\s+"
                              r"(?!(?:years|months|days|weeks|hours|minutes|seconds|litres|liters|tonnes|tons|hectares|"
                              r"times|grams|grammes|kilogrammes|percentage|metres|meters)\b)(?=[a-z]{3,}s\b)")),
    ("formula", re.compile(r"\b(?:multiplied|divided) by \d+(?:[.,]\d+)?")),
    ("dotted-section", re.compile(r"(?<![\d,.])\d+\.\d+\.(?:\d+\.?)*(?!\d)")),
    ("footnote", re.compile(r"\(\s?\d{1,3}\s?\)")),
    ("url", re.compile(r"\b(?:https?://|www\.)\S+")),
    ("version-date", re.compile(r"\b(?:applicable|in force|published|adopted|amended|dated) (?:on|as of|of) "
                                r"(?P<c>\d{1,2} (?:" + _MONTH + r") \d{4})")),
    ("compound", re.compile(r"(?<![\w.,])\d+(?=-[A-Za-z])")),
    ("act-date", re.compile(r"(?<=\bof )\d{1,2} (?:" + _MONTH + r") \d{4}")),
    ("label", re.compile(r"^\s*\(?\d{1,2}(?:\.\d+)*[.)]\s")),
    ("word", re.compile(r"\b[A-Za-z]+\d+[A-Za-z0-9]*\b|\b\d+[A-Za-z]\b(?![\s/])")),
]


_DATE = rf"(?:\d{{1,2}} (?:{_MONTH}) \d{{4}}|(?:{_MONTH}) \d{{1,2}}, \d{{4}}|(?:{_MONTH}) \d{{4}}|(?:19|20)\d\d(?![/\d\-]|:\d))"
_TPREP = (r"no later than|not later than|at the latest by|at the latest on|on or before|on or after|by|until|till|"
          r"up to and including|up to|as from|as of|starting from|starting on|with effect from|beginning on|from|"
          r"since|after|before|prior to|between")
TEMPORAL_RE = re.compile(
    rf"(?:\b(?P<neg>not|no|never)\s+(?:[\w-]+\s+){{0,4}}?)?\b(?P<prep>{_TPREP})\s+(?:the\s+(?:end|start) of\s+)?"
    rf"(?P<d1>{_DATE})(?:\s*(?P<conj>until|till|to|and|-|–)\s*(?P<d2>{_DATE}))?", re.I)
_NUMWORD = "|".join(WORD_NUMBERS)
RECUR_RE = re.compile(
    rf"\b(?:at least |at most |once )?every\s+(?:(?:\d+|{_NUMWORD})\s+)?(?:years?|months?|days?|weeks?)\b"
    rf"|\b(?:at least )?(?:annually|yearly|each year|once a year|once per year|monthly|each month|once a month)\b",
    re.I)
PERIOD_RE = re.compile(
    rf"\b(?:averaged |on average |as an average )?over\s+(?:a period of |an? |the )?(?:(?:preceding|previous|last|"
    rf"following|next|first|rolling)\s+)?(?:(?P<n>\d+|{_NUMWORD})"
    rf"\s*(?:-\s*)?(?P<u>years?|months?|days?)?(?:[- ]period)?|(?:\w+\s+)?(?P<life>lifetime|life ?span|"
    r"life time|service life)\b)"
    r"|(?<=% )in\s+(?P<n2>\d+|" + _NUMWORD + r")\s+(?P<u2>days?|hours?|months?|years?)\b", re.I)


# a date that switches a chapeau's list logic: "complies with two of the following criteria until 2025 and with
# all of the following criteria after 2025" (the quantifier's regime, not a time limit on the node)
_LIST_REGIME_LEFT = re.compile(r"\b(?P<q>[\w-]+(?:\s+[\w-]+)?)\s+of\s+(?:the\s+)?(?:following|these|those)"
                               r"(?:\s+(?:criteria|requirements|conditions|points|items|measures|options))?\s*,?\s*$",
                               re.I)
# a date that dates the thing the rule is about, not the rule: "ships constructed after 2011", "the aircraft
# acquired before 11 December 2023" (a build/acquisition date selects instances: a scope condition)
_DATED_THING_LEFT = re.compile(r"\b(?:constructed|built|acquired|manufactured|registered|commissioned|delivered|"
                               r"purchased|ordered|produced|installed|laid\s+down|put\s+into\s+(?:service|operation)|"
                               r"placed\s+on\s+the\s+market|(?:first\s+)?registered|bought|leased|keel\s+laid)"
                               r"(?:\s+(?:on\s+or|in\s+or))?\s+$", re.I)


_CLAUSE_BREAK = re.compile(r"[;:|]|\.\s|\s(?:and|or|but|while|whereas|which|where)\s|,\s(?:and|or)\s|\]|\[")
_SCOPE_ENTITY = (r"(?:installations?|plants?|facilit(?:y|ies)|buildings?|vehicles?|vessels?|ships?|units?|motors?|"
                 r"engines?|boilers?|systems?|projects?|sites?|turbines?|pumps?|products?|equipment|devices?|"
                 r"appliances?|machines?|generators?|heat pumps?|dams?|reservoirs?|aircraft|trucks?|buses|"
                 r"land|areas?|forests?|holdings?|companies|undertakings|enterprises|establishments|"
                 r"apartments?|dwellings?|houses?|roads?|networks?|lines?|cables?|capacity|substances?|mixtures?)")
_SCOPE_LEFT = re.compile(
    rf"(?:\b(?:for|with|having|where|of|in|on|to)\s+(?:a |an |the |all |any |those |their )?(?:[\w()'’-]+\s+){{0,6}}?"
    rf"|\b{_SCOPE_ENTITY}\s+(?:of\s+)?)$", re.I)
_FINITE_VERB = re.compile(r"(?<![\w-])(?:is|are|was|were|be|been|has|have|had|do|does|did|shall|must|will|emits?|uses?|"
                          r"leads?|reduces?|consumes?|achieves?|meets?|complies|comply|closes?|derives?|reaches?|"
                          r"ensures?|amounts?|represents?|falls?|remains?|stays?|keeps?|demonstrates?|"
                          r"corresponds?)\b", re.I)
_REDUCTION_LEFT = re.compile(r"\b(?:requirements?|savings?|reduc(?:e[sd]?|ing|tions?)|improv(?:e[sd]?|ing|ements?)|"
                             r"decreas(?:e[sd]?|ing)|increas(?:e[sd]?|ing)|lower(?:s|ed|ing)?|cut(?:s|ting)?|gap)\b"
                             r"(?:\s+[\w()-]+){0,5}?\s+(?:of|by|in)\s+$", re.I)
_REFERENCE_LEFT = re.compile(r"\b(?:comparator|relative to|compared (?:to|with)|reference value|baseline|"
                             r"benchmark|default value|e\.g\.|for example|such as)\b[^;]*$", re.I)


_LEAD_CLAUSE = re.compile(r"^\W*(?:(?:and|or|but)\s+)?(?:only\s+)?(?:until|from|for|where|when|if|after|before|by|in|"
                          r"as from|as of)\b[^,]*,\s*", re.I)
_METRIC_TAIL = re.compile(r"\s+(?:from|using|based on|calculated|measured|as defined|in accordance|during|"
                          r"by an?)\b.*$", re.I)
_NP_BEFORE_OP = re.compile(r"^\s*(?:an?|the)\s+((?:[\w()’'/-]+\s+){0,7}?[\w()’'/-]+)(?:\s+(?:of|in))?\s*$"
                           r"|(?:^|\s)(?:an?|the)\s+((?:[\w()’'/-]+\s+){0,5}?[\w()’'/-]+)\s+(?:of|in)\s*$", re.I)
_SHARE_AFTER = re.compile(r"^\s*(?:\([^)]*\)\s*)?of\s+([^()\[\],;.]{3,100}?)(?=\s*\(|\s+(?:is|are|come|comes|used|"
                          r"generated|must|shall|should|from|to|into)\b|[,;.]|$)", re.I)


_CONSISTS_SHARE = re.compile(r"^\s*of\s+(?P<whole>[^,;.]{3,60}?)\s+(?:(?:by|in)\s+(?:weight|mass|volume)\s+)?"
                             r"(?:consists?|comprises?|is\s+made\s+up|is\s+composed|is\s+made)\s+of\s+"
                             r"(?P<part>[^,;.]{3,80}?)(?:\s+for\s+(?P<cls>[^,;.]{3,60}?))?"
                             r"(?=\s+(?:and|or)\b|[,;.]|$)", re.I)


_CHANGE_BY = re.compile(r"\b(?P<v>reduc(?:es?|ing|ed)|decreas(?:es?|ing|ed)|cut(?:s|ting)?|lower(?:s|ing|ed)|"
                        r"improv(?:es?|ing|ed)|increas(?:es?|ing|ed))\s+(?P<obj>(?:the\s+|its\s+|their\s+)?[^,;]{3,90}?)"
                        r"\s+by\s*$", re.I)


_VERBAL_OP = re.compile(r"(?:is|are|be|do|does|did|equals?|exceeds?|amounts?)\b", re.I)
_SCOPE_PREP = re.compile(r"\b(?:for|with|having)\s+(?:a |an |the |all |any |those |their )?(?:(?:[\w()'’/.-]+|\d[\d,]*)\s+){1,8}?$",
                         re.I)
_CONDITION_CLAUSE = re.compile(r"^\W*(?:where|if|when|in case|for|in the case of)\b[^,;]*$", re.I)
_CONDITION_START = re.compile(r"^\W*(?:where|if|when|in case|in the case of)\b", re.I)


_TARGET_AFTER = re.compile(r"\s*(?:(?:and|or|,)\s*\d+(?:[.,]\d+)?\s*%\s*)*targets?\b"
                           r"(?:\s+for\s+(?P<what>[^,;.]{3,60}?)(?=\s+(?:applying|apply|applies|as\s+of|from|until|by|"
                           r"and|or)\b|[,;.]|$))?", re.I)
_QUALIFIER_AFTER = re.compile(r"\s*(?:(?:in|by)\s+(?:mass|weight|volume)\s+)?(?P<q>(?:for|in)\s+[^,;.\[\]]{3,60}?)"
                              r"(?=\s+(?:for|designated|where|which|that|and|or|as\s+well|relative|compared|in\s+analogy|"
                              r"calculated|measured|expressed|as\s+demonstrated|in\s+accordance|upon|within)\b|[,;.\[\]]|$)",
                              re.I)


_LIMIT_SEMANTICS = re.compile(
    r"\b(?:not|no|never)\b[^.;|]{0,120}?\b(?P<op>at\s+or\s+above|greater\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+"
    r"(?:above|greater\s+than)|above|greater\s+than|exceed(?:ing|s)?|in\s+excess\s+of)\s+(?:the\s+)?(?:[\w-]+\s+){0,5}?"
    r"limits?\b", re.I)


_FN_PERIOD = re.compile(rf"\b(?P<n>\d+|{_NUMWORD})[- ](?P<u>day|month|year|hour)s?\s+(?:test|measurement|averaging|"
                        rf"sampling)\s+period|\b(?:test|measurement|averaging|sampling)\s+period\s+of\s+"
                        rf"(?P<n2>\d+|{_NUMWORD})\s+(?P<u2>day|month|year)s?\b", re.I)


_NOUN_PAIR = re.compile(r"\b(?:of|per|in|for|from|by|with)\s+(?:(?:the|a|an)\s+)?(?:[a-z][\w-]*\s+)?[a-z][\w-]*\s+(?:or|and)\s+"
                        r"(?!(?:less|more|lower|higher|above|below|at|not|no|equal|up|over|under|the|a|an|where|if|"
                        r"when|for)\b)[a-z][\w-]*\b")
