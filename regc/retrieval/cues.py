"""Question cues -> the kind of provision that governs them (data, not logic): a question about when rules
apply is governed by an act's "Entry into force and application" article, one about who enforces them by its
"Competent authorities" / "Measures and penalties" articles, one about later changes by the amending articles.
Such provisions are short and written in words the question does not use, so that search alone ranks the long
annexes of the same acts above them.

A cue fires when its question pattern matches; the provisions it points to are the articles of the question's
acts whose heading (or, for an article without one, its opening words) matches the provision pattern.

>>> [name for name, _ in question_cues("From what date do the new criteria apply?")]
['application']
>>> provision_matches("application", "Entry into force and application", "")
True
"""

from __future__ import annotations

import re

# (name, question pattern, provision pattern on "heading | opening words"); case-insensitive, word-bounded
CUES: tuple[tuple[str, str, str], ...] = (
    ("application",
     r"(?:from|since|as\ of|by|in)\s+(?:what|which)\s+(?:date|year)"
     r"|\b(?:start|begin|appl(?:y|ied|ies))\w*\b[^?]{0,60}?\b(?:(?:at\ )?the\ same\ (?:time|date|day|year)|simultaneously)\b"
     r"|\bwhen\s+(?:do|does|will|did|must|should)\b[^?]{0,80}?"
     r"\b(?:apply|applies|take\ effect|enter\ into\ force|start|begin)\b|\b(?:start|begin)s?\ to\ apply\b"
     r"|\bapply\ from\b|\bentry\ into\ force\b|\bin\ force\b|\btimeline\b|\btransitional\b(?!\W+(?:economic\W+)?activit)",
     r"\bentry\ into\ force\b|\bshall\ enter\ into\ force\b|\btransitional\ provisions?\b"),
    ("enforcement",
     r"\b(?:who|which\s+(?:authorit(?:y|ies)|bod(?:y|ies)|regulators?|supervisors?))\s+"
     r"(?:checks|supervises|monitors|enforces|polices)\s+(?:that|whether|if|compliance)\b|\bsupervis\w*|\benforc\w*|\bpenalt\w*"
     r"|\bsanction\w*|\bwhat\s+happens\s+if\b[^?]{0,60}?\b(?:not|fail\w*)\b",
     r"\bcompetent\ authorit\w+|\bpenalt\w+|\binfringement\w*"),
    ("review",
     r"\breview\w*|\bhow\s+often\b[^?]{0,60}?\breport\w*|\breport\w*\s+on\s+(?:the\s+)?(?:application|how)\b"
     r"|\bevaluat\w*\s+(?:of\s+)?(?:the\s+)?(?:regulation|rules|act)\b",
     r"^\s*(?:review|report|evaluation)\b"),
    # who and what an act covers (H14j, written after reading the fresh5 misses): "does the regulation apply to
    # us?", "which organisations does it apply to?" -> "Subject matter and scope", "Exemptions"; an accounting
    # "scope" ("in scope of eligibility reporting") is no cue
    ("scope",
     r"\b(?:does|do|would|will)\b[^?]{0,80}?\b(?:regulation|directive|act|rules?|taxonomy|SFDR)\s+"
     r"(?:actually\s+|even\s+|still\s+|also\s+)?apply\s+to\b"
     r"|\bappl(?:y|ies)\s+to\s+(?:us|me|our\s+(?:firm|company|organi[sz]ation|business|group))\b"
     r"|\b(?:which|what)\s+(?:organi[sz]ations|companies|firms|undertakings|entities|persons)\b[^?]{0,80}?\bappl(?:y|ies)\s+to\b"
     r"|\bwho\s+(?:does|do)\b[^?]{0,60}?\bapply\s+to\b",
     r"\bscope\b|^\s*subject\ matter\b|^\s*exemptions?\b"),
    ("amendment",
     r"\b(?:changed|amended|amending|amendments?|modified|revised|replaced)\b",
     r"^\s*amendments?\s+to\b|\bis\ amended\ as\ follows\b"),
)
# a question asking WHERE rules are written ("where are the criteria for ...?", "where are those changes
# written?"): the article that introduces an annex ("... are set out in Annex IV") governs with the annex, even
# when the question's words do not find the article (H14j)
LOCATION = (r"\bwhere\b[^?.]{0,60}?\b(?:criteria|requirements|written|set\s+out|laid\s+down|changes?)\b"
            r"|\bwhich\s+(?:article|annex|provision)\b[^?.]{0,40}?\b(?:sets?\s+out|lays?\s+down|contains?)\b")
_LOCATION = re.compile(LOCATION, re.I | re.X)
# a question asking in which table / template / form its figures are presented ("in which table do we publish the
# result?", "which template do we file?"): the annex an article requires its information to be presented in (a
# REQUIRES_FORM edge: "presented in tabular form by using the template set out in Annex IV") governs with the
# article (H14w: written after reading the fresh16 misses, so in-sample)
FORM = (r"\b(?:what|which)\s+(?:tables?|templates?|formats?|tabular\s+form)\b"
        r"|\bin\s+(?:what|which)\s+form\b|\bin\s+tabular\s+form\b")
_FORM = re.compile(FORM, re.I | re.X)
# a question asking what a term means ("how does the regulation define 'circular economy'?"): the definitions
# provision of the term the question names governs (H14j)
DEFINITION = r"\bdefin(?:e|es|ed|ition|itions)\b|\bwhat\s+is\s+meant\s+by\b|\bmeaning\s+of\b"
_DEFINITION = re.compile(DEFINITION, re.I | re.X)
# a question asking whether something IS what a term names ("Are those files protected health information ...?",
# "Is that a breach we must report?", "Does our clinic count as a covered entity?"): "is/are" + a subject opened by
# a determiner or pronoun (at most three words), or "count/qualify/be treated as"; then the term as the whole
# complement: not a modifier of a longer noun ("a circular economy activity"), nor after "contributing to" (H14o)
COPULA = r"\b(?:is|are|was|were)\s+(?:this|that|these|those|it|they|we|our|their|its|his|her|the|such)\b(?:\s+[\w'-]+){0,2}?"
AS = r"\b(?:counts?|qualif(?:y|ies)|(?:be\s+)?(?:considered|treated|regarded))\s+as"
COMPLEMENT_END = (r"(?=\s*(?:[?.,;:!]|$)|\s+(?:under|for|in|within|or|and|as|if|when|that|which|who|we|they|you|it"
                  r"|according)\b)")
_QUESTION = tuple((name, re.compile(q, re.I | re.X)) for name, q, _ in CUES)
_PROVISION = {name: re.compile(p, re.I | re.X) for name, _, p in CUES}
OPENING = 160  # characters of an article's text read when it has no heading


def question_cues(question: str) -> list[tuple[str, str]]:
    """(cue name, matched words) of every cue ``question`` carries, in table order."""
    out = []
    for name, rx in _QUESTION:
        m = rx.search(question)
        if m:
            out.append((name, m.group(0)))
    return out


def asks_location(question: str) -> bool:
    """Whether ``question`` asks where its rules are written.

    >>> asks_location("Where are the criteria for hotels?"), asks_location("Where is our solar park's turnover?")
    (True, False)
    """
    return bool(_LOCATION.search(question))


def asks_form(question: str) -> bool:
    """Whether ``question`` asks in which table, template or form its information is presented.

    >>> asks_form("Which figures feed the numerator, and in what table do we publish the result?")
    True
    >>> asks_form("Does the table of contents of our report matter?"), asks_form("What form of energy is it?")
    (False, False)
    """
    return bool(_FORM.search(question))


def asks_definition(question: str) -> bool:
    """Whether ``question`` asks what a term means.

    >>> asks_definition("How does the Taxonomy Regulation define a 'circular economy'?")
    True
    """
    return bool(_DEFINITION.search(question))


def asks_classification(question: str, term: str) -> bool:
    """Whether ``question`` asks whether something is what ``term`` (a defined term) names.

    >>> asks_classification("Are those files protected health information?", "protected health information")
    True
    >>> asks_classification("How long must protected health information be kept?", "protected health information")
    False
    >>> asks_classification("Is that a circular economy activity?", "circular economy")
    False
    """
    rx = rf"(?:{COPULA}|{AS})\s+(?:an?\s+|the\s+)?{re.escape(term)}s?{COMPLEMENT_END}"
    return bool(re.search(rx, question, re.I))


def provision_matches(cue: str, heading: str, opening: str) -> bool:
    """Whether an article with ``heading`` (and ``opening``, its first words, read when the heading is empty) is
    the kind of provision ``cue`` points to."""
    rx = _PROVISION[cue]
    return bool(rx.search(heading)) if heading.strip() else bool(rx.search(opening[:OPENING]))


def cued_articles(trees, cue: str) -> list[str]:
    """Article nodes ("CELEX#Article N") of the act trees ``trees`` that ``cue`` points to, in act order."""
    from regc.retrieval.citegraph import part_node

    out = []
    for celex, tree in sorted(trees.items()):
        for p in tree.parts:
            if p.kind == "article":
                opening = next((n.text for n in p.walk() if n.text), "")
                if provision_matches(cue, p.heading or "", opening):
                    out.append(part_node(celex, p.locator))
    return out


__all__ = ["CUES", "DEFINITION", "FORM", "LOCATION", "asks_classification", "asks_definition", "asks_form", "asks_location", "question_cues", "provision_matches", "cued_articles"]
