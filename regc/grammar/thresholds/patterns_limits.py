"""Verbose patterns of the limit-reading rules for ranks, rates of change, named bounds and zero-emission subjects
(spec §6/§7 thresholds), composed from the word lists of :mod:`~regc.grammar.thresholds.lexicon`.

>>> bool(_CLASS_RANK.search("and an efficiency class of IE3 or higher;"))
True
>>> bool(_ZERO_SUBJECT.match("the aircraft with zero direct (tailpipe) CO2 emissions;"))
True
>>> bool(_ZERO_SUBJECT.match("the infrastructure is dedicated to the operation of aircraft with zero tailpipe CO2"))
False
"""

from __future__ import annotations

import re

from regc.grammar.prefilter import prefilter_namespace
from regc.grammar.thresholds.lexicon import (AGE_COMPARATIVES, ANNUAL_WORDS, BOUND_NOUNS, CHANGE_VERBS, COMPOSITION_NOUNS,
                                             DEDICATION_PARTICIPLES, RANK_CODES,
                                             RANK_NOUNS, RANK_UPWARD, RETENTION_VERBS,
                                             ZERO_EMISSION_SUBJECTS)
from regc.grammar.thresholds.patterns import words

# named pieces
_EMISSIONS_NP = r"(?:direct\s+)?(?:\(tailpipe\)\s+|tailpipe\s+)?(?:CO2\s+|GHG\s+|greenhouse\ gas\s+)?emissions?\b"
_ANNUAL = "(?:" + words(ANNUAL_WORDS) + ")"

# "an efficiency class of IE3 or higher", "efficiency class IE 4", "Technology Readiness of Level 9": a rank
_CLASS_RANK = re.compile(rf"""
    \b(?P<noun>{words(RANK_NOUNS)})\s+(?P<code>{words(RANK_CODES)})\s?(?P<n>\d{{1,2}})\b
    (?P<up>\s+or\s+(?:{words(RANK_UPWARD)})\b)?
""", re.X | re.I)

# "the aircraft with zero direct (tailpipe) CO2 emissions": the item's own subject (a short noun phrase at the start
# of the text, no verb) has zero emissions; "infrastructure dedicated to … vehicles with zero …" does not match
_ZERO_SUBJECT = re.compile(rf"""
    \A\W*(?P<subject>(?:the\s+|all\s+)?(?:[\w-]+\s+){{0,2}}?(?:{words(ZERO_EMISSION_SUBJECTS)}))
    \s+with\s+zero(?=\s+{_EMISSIONS_NP})
""", re.X | re.I)

# "increased by ", "increasing by ": the amount that follows is a change
_CHANGE_BY_BEFORE = re.compile(rf"""
    \b(?P<verb>{words(CHANGE_VERBS)})\s+by\s+$
""", re.X | re.I)

# "annually", "per year" right after a change's amount and unit: its time base
_ANNUAL_AFTER = re.compile(rf"""
    \s*{_ANNUAL}\b
""", re.X | re.I)

# "increased by 2 percentage points annually": a recurrence word that is the time base of a rate, not a recurrence
_RATE_BEFORE_RECURRENCE = re.compile(rf"""
    \b(?:{words(CHANGE_VERBS)})\s+by\s+\d[\d.,]*\s*(?:%|percentage\ points?|per\ ?cent|[\w/.]+(?:\s+[\w/.]+)?)\s*$
""", re.X | re.I)

# "a minimum share of sustainable aviation fuels (SAF), corresponding to ": the noun's bound names the value given
# in apposition
_NAMED_BOUND_BEFORE = re.compile(rf"""
    \b(?P<bound>minimum|maximum)\s+(?P<what>(?:{words(BOUND_NOUNS)})\b[^;.:]{{0,100}}?),?\s+(?:corresponding|equal
      |amounting)
    \s+to\s+$
""", re.X | re.I)

# "of ethylene oxide/glycol": a product name with a slash after "of" (the slash joins names, it is no denominator)
_PRODUCT_NAME_SLASH = re.compile(r"""
    \bof\s+(?:[a-z][a-z-]*\s+){0,3}[a-z][a-z-]{2,}(?=/[a-z]{3,}\b)
""", re.X)

# "converted to 100 % hydrogen", "operate on 100 % blend": the preposition that says what a thing becomes or runs
# on, right before a bare share (not "comprising 100 % primary raw material", not "100 % of the …")
_COMPOSITION_BEFORE = re.compile(r"""
    (?:\bto|\bon)\s+$
""", re.X | re.I)
_COMPOSITION_AFTER = re.compile(rf"""
    \s*(?:(?!of\b)[a-z][\w-]*\s+){{0,2}}?(?:{words(COMPOSITION_NOUNS)})\b
""", re.X | re.I)
# "… 100 % blend of sustainable aviation fuels": what the blend is of
_BLEND_OF_AFTER = re.compile(r"""
    \s+of\s+(?P<what>(?:[\w-]+\s+){0,3}?[\w-]+)(?=\s*[,;.]|\s+(?:and|or|in|for|by|from|with)\b|\s*$)
""", re.X | re.I)

# "is retained for ", "kept for a period of ", "stored for at least ": a record kept for a time (the time is a minimum;
# not "operated for", "valid for": no keeping of a record)
_RETENTION_BEFORE = re.compile(rf"""
    \b(?:{words(RETENTION_VERBS)})\s+for\s+(?:a\s+(?:period|duration)\s+of\s+)?$
""", re.X | re.I)

# "The Nitrogen content (with tolerance level ±25 %) of the digestate", "its nitrogen content (with tolerance …)":
# the quantity a tolerance is stated for, and what it is the quantity of
_TOLERANCE_OF = re.compile(r"""
    (?:\b(?:the|its|their)\s+)?(?P<what>(?:[\w-]+\s+){0,2}?[\w-]+)\s*\(\s*with\s+(?:a\s+)?tolerances?\b[^()]*\)
    (?:\s+(?P<of>of\s+(?:the\s+)?[\w-]+))?
""", re.X | re.I)

# "resulting in the corresponding WLTP values of ": a value named as one of the values a chapeau lists (its operator is
# the chapeau's; not "a conversion factor of ", "a share of ")
_LIST_VALUE_OF = re.compile(r"""
    \b(?:values?|limits?|targets?|thresholds?)\s+of\s+$
""", re.X | re.I)

# a value written as a number in a lead, not a digit inside a name ("for vehicles of category M1 and ")
_NUMBER_IN_LEAD = re.compile(r"""
    (?<![\w.])\d
""", re.X)

# a Methodology chapeau that lists the values of a limit its criterion names ("The fleet-wide CO2 emissions target
# values to be considered are:"): the noun of the limit
_LIMIT_VALUES_CHAPEAU = re.compile(r"""
    \b(?P<noun>target|limit|threshold|benchmark)s?(?:\s+values?)?\b[^:.;]*?\b(?:are|is)\s*:\s*$
""", re.X | re.I)
# a regime lead between that chapeau and the items ("until 31 December 2024:", "from 1 January 2025:")
_REGIME_LEAD = re.compile(r"""
    ^\s*(?:until|from|as\s+from|after|before|by)\b[^:]{0,40}:\s*$
""", re.X | re.I)

# "The infrastructure is not dedicated to creating a direct connection … to a power production plant where the direct
# greenhouse gas emissions ": a negated purpose whose object (the excluded use) is qualified by a clause that ends, a
# few words on, at the comparison; the number separates excluded uses from compliant ones (spec §7 Exclusions). Not
# "is not dedicated to X, and emissions exceed …" (a second main clause: no qualifying word before the comparison)
_NEGATED_DEDICATION_OBJECT = re.compile(rf"""
    \b(?:is|are)\s+not\s+(?:{words(DEDICATION_PARTICIPLES)})\s+(?:to|for)\b   # the negated purpose
    (?P<use>[^.;:]*?)\b(?:where|whose|that|which)\s+                          # the object's qualifying clause
    (?P<measure>(?:[\w()-]+\s+){{0,10}})$                                      # its words up to the comparison
""", re.X | re.I)
# the last noun phrase of an excluded use ("… expanding an existing direct connection to a power production plant"):
# what the qualifying clause measures
_LAST_OBJECT_NP = re.compile(r"""
    \b(?:to|of|for|from|with|between)\s+(?:an?\s+|the\s+)?(?P<np>[\w-]+(?:\s+[\w-]+){0,3})\s*$
""", re.X | re.I)

# "the first use of a patent not older than ": an age comparative right after the noun whose age it limits
_AGE_OF_BEFORE = re.compile(rf"""
    \b(?!(?:is|are|was|were|be|been|being|not|no)\b)(?P<np>[a-z][\w-]*)\s+(?:not\s+|no\s+)?
    (?:{words(AGE_COMPARATIVES)})\s+than\s+$
""", re.X | re.I)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
