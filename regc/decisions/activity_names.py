"""Does a phrase name one part of the activity, or restate it?  The activity-name reading shared by the
applicability cue rules (spec §7 AP2: a subject that restates the activity binds every instance; one that names
one coordinated part binds only the instances that have it).

>>> restates("The renewal of waste water collection", "Renewal of waste water collection and treatment")
True
"""

from __future__ import annotations

import re


_STOP = {"the", "of", "and", "or", "for", "a", "an", "in", "on", "to", "with", "use", "from", "by", "its"}


def _stem(w: str) -> str:
    return w.lower()[:6]


_NAME_HEAD_OF = re.compile(r"^\s*(?P<head>[A-Za-z-]+)\s+of\s+(?P<np>.+?)(?=\s+(?:for|from|in|by|to|with|through|on)\b|$)")


def activity_alternatives(activity_name: str) -> tuple[str, list[tuple[str, str]]]:
    """The head of an activity named "<Head> of <object>" and the pairs of words coordinated inside that object
    (the parts an instance may have one of); ``("", [])`` for other names ("Collection and transport of …"
    coordinates the steps every instance performs).

    >>> activity_alternatives("Renewal of waste water collection and treatment")
    ('renewa', [('collec', 'treatm')])
    >>> activity_alternatives("Collection and transport of hazardous waste")
    ('', [])
    """
    m = _NAME_HEAD_OF.match(activity_name)
    if not m:
        return "", []
    np, out = m.group("np"), []
    for c in re.finditer(r"\b(?:and|or)\b", np):
        left = [w for w in re.findall(r"[A-Za-z][\w-]*", np[:c.start()]) if w.lower() not in _STOP]
        right = [w for w in re.findall(r"[A-Za-z][\w-]*", np[c.end():]) if w.lower() not in _STOP]
        if left and right and _stem(left[-1]) != _stem(right[0]):
            out.append((_stem(left[-1]), _stem(right[0])))
    return (_stem(m.group("head")), out) if out else ("", [])


def names_one_part(phrase: str, pairs: list[tuple[str, str]]) -> bool:
    """Whether ``phrase`` names one alternative of a coordinated pair but not the other.

    >>> names_one_part("The renewal of a collection system", [("collec", "treatm")])
    True
    >>> names_one_part("The collection and treatment system", [("collec", "treatm")])
    False
    """
    words = re.findall(r"[A-Za-z][\w-]*|\b(?:and|or)\b", phrase)
    stems = [_stem(w) for w in words]
    for a, b in pairs:
        if (a in stems) == (b in stems):
            continue
        i = stems.index(a if a in stems else b)
        if {"and", "or"} & set(stems[max(0, i - 2):i + 2]):
            continue  # "electricity and heat/cool": the phrase coordinates parts of its own, it names no sub-type
        return True
    return False


def restates(phrase: str, activity_name: str) -> bool:
    """Every content word of ``phrase`` is a word of the activity name (same six-letter stem)."""
    words = {_stem(w) for w in re.findall(r"[a-z][\w-]{2,}", phrase.lower()) if w not in _STOP}
    return bool(words) and words <= {_stem(w) for w in re.findall(r"[a-z][\w-]{2,}", activity_name.lower())}
