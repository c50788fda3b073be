"""The regular expressions of the threshold finder, in one module: verbose patterns composed from named pieces
(word lists from :mod:`~regc.grammar.thresholds.lexicon`).

>>> bool(NUMBER_RE.fullmatch("10 000")), TEMPORAL_RE.search("by 31 December 2030").group("d1")
(True, '31 December 2030')
"""

from __future__ import annotations

import re

from regc.grammar.prefilter import prefilter_namespace
from regc.grammar.thresholds.lexicon import (CLAIM_KEYWORDS, DATED_THING_VERBS, EXCLUSION_PREDICATES, FINITE_VERBS, MONTHS,
                                             QUANTITY_NOUNS, SCOPE_ENTITIES, STANDARD_BODIES, TEMPORAL_PREPOSITIONS,
                                             UNIT_STOP_WORDS, WORD_NUMBERS)


def words(ws: tuple[str, ...]) -> str:
    """An alternation of word forms (regex fragments), safe in verbose patterns.

    >>> words(("a b", "c"))
    'a\\\\ b|c'
    """
    return "|".join(w.replace(" ", r"\ ") for w in ws)


# named pieces
_MONTH = "|".join(MONTHS)
_NUMWORD = "|".join(WORD_NUMBERS)
_DATE = (rf"(?:\d{{1,2}}\ (?:{_MONTH})\ \d{{4}}"  # 31 December 2030
         rf"|(?:{_MONTH})\ \d{{1,2}},\ \d{{4}}"  # December 31, 2030
         rf"|(?:{_MONTH})\ \d{{4}}"  # December 2030
         r"|(?:19|20)\d\d(?![/\d\-]|:\d))")  # 2030 (not 2018/1999, 2030-12, ISO 14067:2018)
_TPREP = words(TEMPORAL_PREPOSITIONS)
_SCOPE_ENTITY = "(?:" + words(SCOPE_ENTITIES) + ")"
_UNIT_STOP_WORDS = "(?:" + words(UNIT_STOP_WORDS) + ")"
_FINITE_VERBS = "(?:" + words(FINITE_VERBS) + ")"
_CLAIM_KEYWORDS = words(CLAIM_KEYWORDS)
_DATED_THING_VERBS = "(?:" + words(DATED_THING_VERBS) + ")"
_STANDARD_BODIES = words(STANDARD_BODIES)


_UNIT_STOP = re.compile(rf"""
    \s{_UNIT_STOP_WORDS}\b
""", re.X | re.I)

NUMBER_RE = re.compile(r"""
    (?<![\w.,/:\-–‑])(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d])(?:[.,]\d+)?|\d+(?:[.,]\d+)?)
""", re.X)

# a second number after "and"/"to": "between 75 kW and 200 kW", "from 50 to 100 MW", "10 to 30 years"
# a spelled-out number that counts time ("at least five years", "a minimum of eight months"; spec §7 TH3): read
# like a digit; other number words ("one of the following", "two establishments") are not quantities
WORD_NUMBER_RE = re.compile(rf"""
    (?<![\w-])(?i:{_NUMWORD})(?=\s+(?i:years?|months?|weeks?|days?|hours?)\b)
""", re.X)

_AND_NUMBER = re.compile(rf"""
    \s*(?:and|to|-|–)\s*({NUMBER_RE.pattern})
""", re.X)
_TO_NUMBER = re.compile(rf"""
    \s*(?:to|-|–)\s*({NUMBER_RE.pattern})
""", re.X)

_CITATIONS = [
    ('act', re.compile(r"""
        \b\d{1,4}/\d{1,4}(?:/[A-Z]{2,}\b)?
    """, re.X)),
    ('oj', re.compile(r"""
        \bOJ\s+[LC]\s*\d+[A-Z]?(?:\s*[IVX]*)?,\s*\d{1,2}\.\d{1,2}\.\d{4}(?:,\s*p\.\s*\d+)?
    """, re.X)),
    ('dotted-date', re.compile(r"""
        \b\d{1,2}\.\d{1,2}\.\d{4}\b
    """, re.X)),
    ('standard', re.compile(rf"""
        \b(?:(?:{_STANDARD_BODIES})(?:[/ ](?:CEN|CLC|ISO|IEC|EN|TR|TS|PAS|ES))*)\s*(?:No\.?\s*)?\d[\d.]*(?:\ \d{{3}}\b)?
          (?:[-‑–]\d+)*(?::\d{{4}})?(?:\+A\d+:\d{{4}})?
    """, re.X)),
    ('standard-year', re.compile(r"""
        \b\d+(?:[-‑]\d+)*:\d{4}\b
    """, re.X)),
    ('article-ref', re.compile(r"""
        \b\d+[a-z]?(?:\(\w{1,4}\))+
    """, re.X)),
    ('keyword', re.compile(rf"""
        \b(?i:{_CLAIM_KEYWORDS})(?:\s*\([A-Z]{{2,6}}\))?\s+
        (?:(?P<kpfx>[A-Z])?\d+(?:\.\d+)*[a-z]?(?:\(\w{{1,4}}\))*(?:\s*\([^()\d]{{1,40}}\))?  # "M1 and N1", not "M1 and 147 g"
          (?:(?:\s*(?:,|and|or|to|–|-)\s*|\s+)(?:(?(kpfx)[A-Z]|[A-Z]?)\d+(?:\.\d+)*[a-z]?(?:\(\w{{1,4}}\))*)(?![\w%])
          (?:\s*\([^()\d]{{1,40}}\))?)*)
    """, re.X)),
    ('title-year', re.compile(r"""
        (?<=\bthe\ )(?:19|20)\d\d(?=\s+[A-Z][a-z])
    """, re.X)),
    ('oj-notice', re.compile(r"""
        \b\d{4}/C\s*\d+/\d+
    """, re.X)),
    ('paren-date', re.compile(rf"""
        \(\d{{1,2}}\ (?:{_MONTH})\ \d{{4}}\)
    """, re.X)),
    ('threshold-ref', re.compile(r"""
        \b(?:the|a|an)\s+\d+(?:[.,]\d+)?\s*%\s+(?:threshold|target|limit|share)\b
    """, re.X)),
    ('count-list', re.compile(r"""
        \b\d+(?:,\d)?(?:\s*,\s*\d+)*,?\s+(?:or|and)\s+\d+\s+(?!(?:years|months|days|weeks|hours
            |minutes|seconds|litres|liters|tonnes|tons|hectares|times|grams|grammes|kilogrammes
            |percentage|metres|meters)\b)(?=[a-z]{3,}s\b)
    """, re.X)),
    ('formula', re.compile(r"""
        \b(?:multiplied|divided)\ by\ \d+(?:[.,]\d+)?
    """, re.X)),
    ('dotted-section', re.compile(r"""
        (?<![\d,.])\d+\.\d+\.(?:\d+\.?)*(?!\d)
    """, re.X)),
    ('footnote', re.compile(r"""
        \(\s?\d{1,3}\s?\)
    """, re.X)),
    ('url', re.compile(r"""
        \b(?:https?://|www\.)\S+
    """, re.X)),
    ('version-date', re.compile(rf"""
        \b(?:applicable|in\ force|published|adopted|amended|dated)\ (?:on|as\ of|of)\ (?P<c>\d{{1,2}}\ 
          (?:{_MONTH})\ \d{{4}})
    """, re.X)),
    ('compound', re.compile(r"""
        (?<![\w.,])\d+(?=-[A-Za-z])
    """, re.X)),
    ('act-date', re.compile(rf"""
        (?<=\bof\ )\d{{1,2}}\ (?:{_MONTH})\ \d{{4}}
    """, re.X)),
    ('label', re.compile(r"""
        ^\s*\(?\d{1,2}(?:\.\d+)*[.)]\s
    """, re.X)),
    ('word', re.compile(r"""
        \b[A-Za-z]+\d+[A-Za-z0-9]*\b
      | \b\d+[A-Za-z]\b(?![\s/])
    """, re.X)),
]

TEMPORAL_RE = re.compile(rf"""
    (?:\b(?P<neg>not|no|never)\s+(?:[\w-]+\s+){{0,4}}?)?\b(?P<prep>{_TPREP})\s+(?:the\s+(?:end|start)\ of\s+)?
      (?P<d1>{_DATE})(?:\s*(?P<conj>until|till|to|and|-|–)\s*(?P<d2>{_DATE}))?
""", re.X | re.I)

_NOT_AVERAGING = r"(?!\s+(?:average|mean|total)\b)"  # "the yearly average … intensity": no recurrence
RECUR_RE = re.compile(rf"""
    \b(?:at\ least\ |at\ most\ |once\ )?every\s+(?:(?:\d+|{_NUMWORD})\s+)?(?:years?|months?|days?
        |weeks?)\b
  | \b(?:at\ least\ )?(?:annually|yearly|each\ year|once\ a\ year|once\ per\ year|monthly
        |each\ month|once\ a\ month)\b{_NOT_AVERAGING}
  | \bon\ an?\ (?:annual|yearly|monthly)\ basis\b
""", re.X | re.I)

PERIOD_RE = re.compile(rf"""
    \b(?:averaged\ |on\ average\ |as\ an\ average\ )?over\s+(?:a\ period\ of\ |an?\ |the\ )?
      (?:(?:preceding|previous|last|following|next|first|rolling)\s+)?(?:(?P<n>\d+|{_NUMWORD})\s*
      (?:-\s*)?(?P<u>years?|months?|days?)?(?:[- ]period)?|(?:\w+\s+)?(?P<life>lifetime|life\ ?span
        |life\ time|service\ life)\b)
  | (?<=%\ )in\s+(?P<n2>\d+|{_NUMWORD})\s+(?P<u2>days?|hours?|months?|years?)\b
""", re.X | re.I)

# a date that switches a chapeau's list logic: "complies with two of the following criteria until 2025 and with
# all of the following criteria after 2025" (each regime's bound goes on the chapeau, spec §7 TM2)
_LIST_REGIME_LEFT = re.compile(r"""
    \b(?P<q>[\w-]+(?:\s+[\w-]+)?)\s+of\s+(?:the\s+)?(?:following|these|those)(?:\s+(?:criteria
        |requirements|conditions|points|items|measures|options))?\s*,?\s*$
""", re.X | re.I)

# a date that dates the thing the rule is about: "ships constructed after 2011", "the aircraft acquired before 11
# December 2023" (a build/acquisition date bounds the instances the rule applies to: a temporal item, spec §7 TM1)
_DATED_THING_LEFT = re.compile(rf"""
    \b{_DATED_THING_VERBS}(?:\s+(?:on\s+or|in\s+or))?\s+$
""", re.X | re.I)

_CLAUSE_BREAK = re.compile(r"""
    [;:|]
  | \.\s
  | \s(?:and|or|but|while|whereas|which|where)\s
  | ,\s(?:and|or)\s
  | \]
  | \[
""", re.X)

_FINITE_VERB = re.compile(rf"""
    (?<![\w-]){_FINITE_VERBS}\b
""", re.X | re.I)

_REDUCTION_LEFT = re.compile(r"""
    \b(?:requirements?|savings?|reduc(?:e[sd]?|ing|tions?)|improv(?:e[sd]?|ing|ements?)|decreas
      (?:e[sd]?|ing)|increas(?:e[sd]?|ing)|lower(?:s|ed|ing)?|cut(?:s|ting)?|gap)\b(?:\s+[\w()-]+){0,5}?\s+
      (?:of|by|in)\s+$
""", re.X | re.I)

_REFERENCE_LEFT = re.compile(r"""
    \b(?:comparator|relative\ to|compared\ (?:to|with)|reference\ value|baseline|benchmark
        |default\ value|e\.g\.|for\ example|such\ as)\b[^;]*$
""", re.X | re.I)

_LEAD_CLAUSE = re.compile(r"""
    ^\W*(?:(?:and|or|but)\s+)?(?:only\s+)?(?:until|from|for|where|when|if|after|before|by
        |in|as\ from|as\ of|as\ an\ alternative|alternatively)\b[^,]*,\s*
""", re.X | re.I)

_METRIC_TAIL = re.compile(r"""
    \s+(?:from|using|based\ on|calculated|measured|as\ defined|in\ accordance|during|by\ an?)\b.*$
""", re.X | re.I)

_NP_BEFORE_OP = re.compile(r"""
    ^\s*(?:an?|the)\s+((?:[\w()’'/-]+\s+){0,7}?[\w()’'/-]+)(?:\s+(?:of|in))?\s*$
  | (?:^|\s)(?:an?|the)\s+((?:[\w()’'/-]+\s+){0,5}?[\w()’'/-]+)\s+(?:of|in)\s*$
""", re.X | re.I)

_SHARE_AFTER = re.compile(r"""
    ^\s*(?:\([^)]*\)\s*)?of\s+([^()\[\],;.]{3,100}?)(?=\s*\(|\s+(?:is|are|come|comes|used
        |generated|must|shall|should|from|to|into)\b|[,;.]|$)
""", re.X | re.I)

_CONSISTS_SHARE = re.compile(r"""
    ^\s*of\s+(?P<whole>[^,;.]{3,60}?)\s+(?:(?:by|in)\s+(?:weight|mass|volume)\s+)?(?:consists?
        |comprises?|is\s+made\s+up|is\s+composed|is\s+made)\s+of\s+(?P<part>[^,;.]{3,80}?)
      (?:\s+for\s+(?P<cls>[^,;.]{3,60}?))?(?=\s+(?:and|or)\b|[,;.]|$)
""", re.X | re.I)

_CHANGE_BY = re.compile(r"""
    \b(?P<v>reduc(?:es?|ing|ed)|decreas(?:es?|ing|ed)|cut(?:s|ting)?|lower(?:s|ing|ed)|improv
      (?:es?|ing|ed)|increas(?:es?|ing|ed))\s+(?P<obj>(?:the\s+|its\s+|their\s+)?[^,;]{3,90}?)\s+by\s*$
""", re.X | re.I)

_VERBAL_OP = re.compile(r"""
    (?:is|are|be|do|does|did|equals?|exceeds?|amounts?)\b
""", re.X | re.I)

_SCOPE_PREP = re.compile(r"""
    \b(?:for|with|having)\s+(?:a\ |an\ |the\ |all\ |any\ |those\ |their\ )?(?:(?:[\w()'’/.-]+
        |\d[\d,]*)\s+){1,8}?$
""", re.X | re.I)

_CONDITION_CLAUSE = re.compile(r"""
    ^\W*(?:where|if|when|in\ case|for|in\ the\ case\ of)\b[^,;]*$
""", re.X | re.I)

_CONDITION_START = re.compile(r"""
    ^\W*(?:where|if|when|in\ case|in\ the\ case\ of)\b
""", re.X | re.I)

_TARGET_AFTER = re.compile(r"""
    \s*(?:(?:and|or|,)\s*\d+(?:[.,]\d+)?\s*%\s*)*targets?\b(?:\s+for\s+(?P<what>[^,;.]{3,60}?)
      (?=\s+(?:applying|apply|applies|as\s+of|from|until|by|and|or)\b|[,;.]|$))?
""", re.X | re.I)

_QUALIFIER_AFTER = re.compile(r"""
    \s*(?:(?:in|by)\s+(?:mass|weight|volume)\s+)?(?P<q>(?:for|in)\s+[^,;.\[\]]{3,60}?)(?=\s+
      (?:for|designated|where|which|that|and|or|as\s+well|relative|compared|in\s+analogy|calculated
        |measured|expressed|as\s+demonstrated|in\s+accordance|upon|within)\b|[,;.\[\]]|$)
""", re.X | re.I)

_LIMIT_SEMANTICS = re.compile(r"""
    \b(?:not|no|never)\b[^.;|]{0,120}?\b(?P<op>at\s+or\s+above|greater\s+than\s+or\s+equal\s+to
        |equal\s+to\s+or\s+(?:above|greater\s+than)|above|greater\s+than|exceed(?:ing|s)?
        |in\s+excess\s+of)\s+(?:the\s+)?(?:[\w-]+\s+){0,5}?limits?\b
""", re.X | re.I)

_FN_PERIOD = re.compile(rf"""
    \b(?P<n>\d+|{_NUMWORD})[- ](?P<u>day|month|year|hour)s?\s+(?:test|measurement|averaging|sampling)\s+period
  | \b(?:test|measurement|averaging|sampling)\s+period\s+of\s+(?P<n2>\d+|{_NUMWORD})\s+(?P<u2>day
        |month|year)s?\b
""", re.X | re.I)

_NOUN_PAIR = re.compile(r"""
    \b(?:of|per|in|for|from|by|with)\s+(?:(?:the|a|an)\s+)?(?:[a-z][\w-]*\s+)?[a-z][\w-]*\s+
      (?:or|and)\s+(?!(?:less|more|lower|higher|above|below|at|not|no|equal|up|over|under
        |the|a|an|where|if|when|for)\b)[a-z][\w-]*\b
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# used by chapeau

# a sentence break inside a chapeau ("… below 5 %. The activity implements the following:")
_CHAPEAU_SENTENCE_BREAK = re.compile(r"""
    [;]\s
  | \.\s+(?=[A-Z])
""", re.X)

# what may follow a chapeau's operator: the list's name ("the following values applied to the different
# manufacturing process steps", "the values set out below")
_LIST_NAME_AFTER = re.compile(r"""
    \s*(?:the\s+|these\s+)?(?:following|values|limits|thresholds|levels)\b
""", re.X | re.I)

# a word that opens a relative clause ("iron and steel where GHG emissions … do not exceed")
_RELATIVE_WORD = re.compile(r"""
    \b(?:where|which|that|whose)\b
""", re.X | re.I)

# an auxiliary left before the operator ("… product output is not lower than")
_TRAILING_AUXILIARY = re.compile(r"""
    \s+(?:is|are|does|do|shall\s+be|must\s+be)\s*$
""", re.X | re.I)

# "one of the following", "all of these": the chapeau counts criteria
_COUNTED_LIST = re.compile(r"""
    \b(?:one|two|three|four|five|all|each|any|either|both)\b(?:\s+\w+)?\s+of\b
""", re.X | re.I)

# ---------------------------------------------------------------------------------------------------------------
# used by metric

# a "where" clause inside a subject: what is measured follows it ("devices, where the direct CO2 emissions of the
# vehicles are zero" -> the emissions)
_WHERE_CLAUSE = re.compile(r"""
    \bwhere\b
""", re.X | re.I)

# a subject that names no quantity ("the activity", "the economic activity")
_GENERIC_SUBJECT = re.compile(r"""
    (?:economic\s+)?activit(?:y|ies)|(?:the\s+)?operator
""", re.X | re.I)

# a bare noun phrase + "of" between the verb and the operator ("achieves primary energy savings of at least 10 %")
_BARE_NP_OF_BEFORE_OP = re.compile(r"""
    ^\s*((?:[\w()’'/-]+\s+){1,5}?[\w()’'/-]+)\s+of\s*$
""", re.X | re.I)

_LEAD_FOR = re.compile(r"""
    \W*for\s+([^,;:]{3,90}?)\s*,
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# used by quantities

_OF_AFTER = re.compile(r"""
    \s*of\s
""", re.X)

_LIMIT_AT_TAIL = re.compile(r"""
    \s*(?:the\s+)?(.{3,120}?)(?=\s+(?:after|based\s+on|with|in\s+accordance|according)\b|[,;.]
        |$)
""", re.X)

_REDUCTION_NOUN_TAIL = re.compile(r"""
    \s*([^,;.]{3,90})
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# used by rules

_WITHIN = re.compile(rf"""
    \bwithin\s+(?:a\s+|the\s+)?(?:period\s+of\s+)?(?P<n>\d+|{_NUMWORD})[- ]?(?P<u>year|month|day)s?
      (?:\s+period)?\b
""", re.X | re.I)

# a reference the limit is compared to, right before an "averaged over" period ("compared to own baseline
# performance averaged over three years"): the period belongs to the reference
_AVERAGED_REFERENCE = re.compile(r"""
    \b(?:compared\ (?:to|with)|relative\ to|baseline|reference\ (?:value|level|period)|benchmark)\b[^;,%]*$
""", re.X | re.I)

_ENTITY_BEFORE = re.compile(rf"""
    \b{_SCOPE_ENTITY}\s+$
""", re.X | re.I)

_ANNUAL_AVERAGE = re.compile(r"""
    \b(?:as|on)\s+an?\s+annual\s+average(?:\s+basis)?\b
""", re.X | re.I)

_ZERO = re.compile(r"""
    \b(?:is|are|be|being|equals?|equal\ to|amounts?\ to)\s+zero\b(?!\s*[-‑]?(?:emission|direct))
  | \b(?:have|has|having)\s+zero(?=\s+(?:direct\s+)?(?:\(tailpipe\)\s+|tailpipe\s+)?(?:CO2\s+
        |GHG\s+|greenhouse\ gas\s+)?emissions?\b)
""", re.X | re.I)

_EMISSIONS_AFTER = re.compile(r"""
    \s*([^;,.]*?\bemissions?)\b
""", re.X)

_BETWEEN_BEFORE = re.compile(r"""
    \bbetween\s+$
""", re.X | re.I)

_FROM_BEFORE = re.compile(r"""
    \bfrom\s+$
""", re.X | re.I)

_REL_AFTER = re.compile(r"""
    \s*(?:lower\ than|less\ than|below|smaller\ than|better\ than)\b
""", re.X | re.I)

_OR_MORE_AFTER = re.compile(r"""
    \s*or\s+(?:more|higher|greater|above)\b
""", re.X | re.I)

_OR_LESS_AFTER = re.compile(r"""
    \s*or\s+(?:less|lower|below)\b
""", re.X | re.I)

_CELLS_AFTER = re.compile(r"""
    \s*(?:\|.*)?
""", re.X)

_REDUCTION_NOUN_AFTER = re.compile(r"""
    \s*(?:reduction|decrease|cut|saving)s?\s+(?:in\s+[^,;.]{1,60}?\s+)?(?:compared|relative
        |in\s+comparison|below|against)\b
""", re.X | re.I)

_TOLERANCE_BEFORE = re.compile(r"""
    \btolerances?\b(?:\s+(?:level|of|margin))?\s*(?:±|\+/-|plus\s+or\s+minus)\s*$
""", re.X | re.I)

_COMPARATIVE = re.compile(r"""
    [<>≤≥]=?
""", re.X)

_SUBJECT_VERB_AFTER = re.compile(r"""
    \s*(?:do|does|are|is|shall|must|have|has|contain|may|will)\b
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# used by temporal

_WORD_CHAR = re.compile(r"""
    \w
""", re.X)

_REFERENCE_YEAR_AFTER = re.compile(r"""
    \s+(?:levels?|baselines?|values?|emissions|reference|figures|data|prices)\b
""", re.X | re.I)

# ---------------------------------------------------------------------------------------------------------------
# used by text

_SENTENCE_BREAK = re.compile(r"""
    [;:]\s
  | \.\s(?=[A-Z(])
  | \s\|\s
  | ^
""", re.X)

_SENTENCE_END = re.compile(r"""
    [;:]\s
  | \.\s(?=[A-Z(])
  | \s\|\s
  | \.?$
""", re.X)

_WORD_RUN = re.compile(r"""
    \S+
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# used by units

# a rate's time base right after the unit, maybe after an abbreviation in brackets: "kWh per population
# equivalent (p.e.) per annum", "t a year" (spec §7 TH2); only at the unit's first clause (no comma before it)
_RATE_TIME_BASE = re.compile(r"""
    ^(?P<head>[^,;:()\[\]]*?)(?P<abbr>\s+\(\S{1,10}\))?(?:\s+per\s+(?:annum|year)
      |(?<!\bin)(?<!\bwithin)(?<!\bonce)(?<!\btimes)(?<!\bfor)\s+a\s+year)\b
""", re.X | re.I)

_UNIT_WORD_RUN = re.compile(r"""
    \S+
""", re.X)

# ---------------------------------------------------------------------------------------------------------------
# small tests of the rules and the metric (formerly inline)

# a lead that starts with "and"/"or"/"," (a coordinated value)
_LEADS_WITH_CONJUNCTION = re.compile(r"""
    ^\W*(?:and|or|,)\s
""", re.X)

# a lead that ends with "and"/"or"/","
_ENDS_WITH_CONJUNCTION = re.compile(r"""
    (?:\band|\bor|,)\s*$
""", re.X)

# "… a plant that is more GHG intensive than": a relative clause
_RELATIVE_COPULA_BEFORE = re.compile(r"""
    \b(?:that|which)\s+(?:is|are)\s+$
""", re.X)

# "… is not compliant/eligible": the sentence selects instances
_ELIGIBILITY_PREDICATE = re.compile(r"""
    \b(?:is|are)\s+(?:not\s+)?(?:compliant|eligible|excluded|covered|allowed|permitted)\b
""", re.X)

# "… a plant that": a relative pronoun just before a finite verb (the verb is the relative clause's own)
_RELATIVE_PRONOUN_BEFORE = re.compile(r"""
    \b(?:that|which|who)\s+$
""", re.X | re.I)

# "… is not compliant", "do not qualify": the sentence excludes what its subject names
_EXCLUSION_PREDICATE = re.compile(rf"""
    \b(?:{words(EXCLUSION_PREDICATES)})\b
""", re.X | re.I)

# an inline enumeration's next member ("…; (ii) remote monitoring …; or (iii) …") or the predicate that closes it
# ("…; do not qualify."): the clause break inside one sentence whose subject is the whole enumeration
_INLINE_ENUMERATION_BREAK = re.compile(rf"""
    ;\s+(?:(?:and|or)\s+)?\((?:[ivx]+|[a-z])\)\s
  | ;\s+(?=(?:{words(EXCLUSION_PREDICATES)})\b)
""", re.X | re.I)

# "75 % of microplastics > 5 μm": the comparison selects the noun
_SHARE_OF_NOUN_BEFORE = re.compile(r"""
    %\s+of\s+[\w-]+\s*$
""", re.X)

# "a leaching test with L/S = 10 l/kg": a test condition
_TEST_CONDITION_BEFORE = re.compile(r"""
    \bwith\s+[A-Z][\w/]*\s*$
""", re.X)

# only a conjunction between two scope bounds (one band)
_CONJUNCTION_ONLY = re.compile(r"""
    \s*(?:and|or|but)\s*
""", re.X)

# "limit(s)" in the sentence before a value
_LIMIT_WORD = re.compile(r"""
    \blimits?\b
""", re.X | re.I)

# a ";" or ". " a period does not reach across
_PERIOD_BREAK = re.compile(r"""
    ;
  | \.(?=\s)
""", re.X)

# "> 70 % in 7 days (> 80 % when …)": a bracketed variant
_BRACKETED_VARIANT_GAP = re.compile(r"""
    [^;.()]{0,40}\(\s*
""", re.X)

# "100 million inhabitants": a magnitude word
_MAGNITUDE_WORD_AFTER = re.compile(r"""
    \s*(?:million|billion|thousand)\b
""", re.X | re.I)

# "limit at 6 % the TOC …": the metric follows the value
_LIMIT_AT_BEFORE = re.compile(r"""
    \blimits?\s+(?:at|to)\s*$
""", re.X)

# "limit value for X" -> "X" (the limit value is the maximum of X)
_LIMIT_VALUE_OF = re.compile(r"""
    \s*\blimits?\b(?:\s+(?:value|values))?\s*(?:for|of)?\s+
""", re.X)

# "concentration limit for X" -> "concentration of X"
_MEASURE_LIMIT_OF = re.compile(r"""
    \b(concentration|emission|content)\s+limits?\s+(?:value\s+)?(?:for|of)\s+
""", re.X | re.I)

# nothing but a conjunction and punctuation before the value
_CONJUNCTION_GAP = re.compile(r"""
    [\W]*(?:and|or)?[\W]*
""", re.X)

# a metric that is only a prepositional phrase (it continues the previous one)
_PREPOSITION_LEAD = re.compile(r"""
    (?:In|Of|By|At|For|And|Or|With)\b
""", re.X)

# a metric that already names a change (reduction, saving, …)
_CHANGE_WORD = re.compile(r"""
    \b(?:reduc|sav|lower|decreas|improv)
""", re.X | re.I)

# "30 % lower than the reference value defined …": the reference
_RELATIVE_REFERENCE_AFTER = re.compile(r"""
    \s*(?:lower\ than|less\ than|below|smaller\ than|better\ than)\s+((?:the\s+)?[^,;.]{3,80}?)
      (?=\s+(?:defined|calculated|set|as|in\s+accordance|for|of\s+\d|which|that)\b|[,;.]|$)
""", re.X | re.I)

# a chapeau item lead's trailing colon and spaces
_TRAILING_COLON = re.compile(r"""
    [:\s]+\[?\s*$
""", re.X)

# an item lead that is only an opening bracket
_OPEN_BRACKET_ONLY = re.compile(r"""
    ^[(\[]?$
""", re.X)

# "within the top 15 % of the national … building stock expressed as operational PED": a rank in a population
_RANK_POPULATION = re.compile(r"""^\s*of\s+(?:the\s+)?(?P<pop>[^,;.()]+?)(?:\s+(?:expressed\s+as|measured\s+(?:as|by)
    |in\s+terms\s+of)\s+(?P<by>[^,;.()]+?))?(?=\s*\(|\s+and\b|\s+which\b|[,;.]|$)""", re.X | re.I)
# "… of detection and a leak threshold is lower than": a clause coordinated after the previous limit's tail
_AND_NEW_CLAUSE = re.compile(r"""\band\s+(?=(?:an?|the)\s+[^,;]{1,60}?\b(?:is|are)\s)""", re.X | re.I)
# a sub-clause naming what must happen within a duration ("…, or where the infrastructure will be fit for use …",
# "… which include detecting, repairing and maintaining leaks"); "the investment that makes … starts"
_SUBCLAUSE_OPEN = re.compile(r"""\b(?:where|which\s+includes?|which\s+comprises?|when|if)\b|[;:]""", re.X | re.I)
_STARTS = re.compile(r"""\b(?P<head>the\s+[\w-]+)\s+(?:that|which)\b[^;:]*?\s(?P<verb>starts?|begins?|commences?)$""",
                     re.X | re.I)

# the quantity a clause names before its limit ("comply with specific emissions limits of CO2, …, lower than 50 gCO2/km")
QUANTITY_OF = re.compile(rf"""(?<![\w()-])(?P<q>(?:(?!(?:with|of|the|an?|to|for|in|by|and|or)\s)[a-z][\w-]*\s+){{0,2}}?(?:{words(QUANTITY_NOUNS)}))(?:\s+(?:limits?
    |thresholds?|values?))?\s+of\s+(?:the\s+|an?\s+)?(?P<of>[A-Za-z][\w]*)\b""", re.X | re.I)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
