"""Practitioner vocabulary -> the words the rules use (data, not logic), so that a question asked in everyday
words reaches provisions written in regulatory terms: "vendor" -> "business associate", "patient's records" ->
"protected health information", "bank" -> "credit institution".  Entries are general (one concept each, not one
question each); the bridged words join the anchor and title views, never replace the question.

>>> bridge("Our cloud vendor lost a laptop with patient records. Must we tell the police?")
('business associate', 'workstation', 'individual', 'protected health information', 'notification', 'law enforcement official')
"""

from __future__ import annotations

import re

# (practitioner words: a verbose-free regex matched on word boundaries, case-insensitive; regulatory words)
BRIDGES: tuple[tuple[str, str], ...] = (
    # US health privacy (HIPAA) vocabulary
    (r"vendors?|contractors?|suppliers?|outsourc\w*|service providers?", "business associate"),
    (r"shared (?:log-?ins?|accounts?|passwords?)|same (?:log-?in|password)", "unique user identification"),
    (r"log-?ins?|log(?:ged)? (?:in|on)|passwords?", "access control authentication"),
    (r"laptops?|workstations?|computers?|desktops?|terminals?", "workstation"),
    (r"patients?", "individual"),
    (r"(?:medical |health |patient(?:'s|s')? )?(?:records?|charts?)", "protected health information"),
    (r"staff|employees?|personnel", "workforce"),
    (r"police|law enforcement", "law enforcement official"),
    (r"tell|telling|inform|notify|notifying", "notification"),
    (r"press|newspapers?|reporters?|journalists?|television", "media"),
    (r"HHS|the Department", "Secretary"),
    (r"permission|consent|sign-off", "authorization"),
    (r"fines?|fined", "civil money penalty"),
    (r"stolen|theft|hacked|leak(?:ed)?", "breach"),
    (r"relatives?|family|daughter|son|spouse|wife|husband", "family member"),
    (r"override|overrides|pre-?empts?", "preemption contrary"),
    (r"stricter|more protective", "more stringent"),
    # EU sustainable-finance vocabulary
    (r"banks?|lenders?", "credit institution"),
    (r"fund managers?|asset managers?|investment managers?", "asset manager"),
    (r"revenues?|sales", "turnover"),
    (r"capital spending|capital expenditure", "CapEx"),
    (r"operating expenditure|operating costs?", "OpEx"),
    (r"goals?|aims", "environmental objectives"),
    (r"harm|damage", "significant harm"),
)
_COMPILED = tuple((re.compile(rf"(?<![\w-])(?:{pat})(?![\w-])", re.I), words) for pat, words in BRIDGES)


def bridge(question: str) -> tuple[str, ...]:
    """The regulatory words of the practitioner words in ``question``, in order of first mention, each once;
    words the question already uses are not repeated."""
    low = question.lower()
    hits = []
    for rx, words in _COMPILED:
        m = rx.search(question)
        if m and words.lower() not in low:
            hits.append((m.start(), words))
    return tuple(dict.fromkeys(w for _, w in sorted(hits, key=lambda x: x[0])))
