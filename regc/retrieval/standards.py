"""The standards a CFR section holds, named by their paragraph headings: "(c)(1) Standard: Safeguards." in
§ 164.530, "(b) Standard: Minimum necessary —(1) ..." in § 164.502, "(d)(1) Standard: Device and media controls."
and its "(i) Disposal (Required)." in § 164.310 (H14x).  A section's own heading is general ("Administrative requirements."), so a question asking
about safeguarding a chart or the minimum necessary rule names none of its words; the standard heading says what the
section governs.

A standard names a section when the question names its heading with at least ``MIN_WORDS`` content words
(:func:`~regc.retrieval.headings.named_by_heading`: all its words in order), or when the lexicon's rule words for
the question's practitioner words (:func:`~regc.retrieval.lexicon.bridge`) name it in any length — "reasonable
safeguards" names "Safeguards" — the latter only beside the question's best provisions (same CFR division), as the
sibling lift does: a one-word heading is too common a word to name a section anywhere.

>>> heads = standard_headings({"d#§ 9": "(c)(1) Standard: Safeguards. A covered entity must ...",
...                            "d#§ 2": "(b) Standard: Minimum necessary —(1) Minimum necessary applies."})
>>> heads
{'d#§ 2': ('Minimum necessary',), 'd#§ 9': ('Safeguards',)}
>>> named_standards("Does the minimum necessary rule apply?", heads)
['d#§ 2']
>>> named_standards("Which safeguards apply?", heads)  # one word: only through the lexicon's words
[]
>>> named_standards("incidental use or disclosure reasonable safeguards", heads, min_words=1)
['d#§ 9']
"""

from __future__ import annotations

import re
from typing import Mapping

from regc.retrieval.headings import MIN_WORDS, named_by_heading

# "Standard: X." / "Implementation specification(s): X." up to the heading's end: a full stop, a dash opening the
# first paragraph ("—(1)"), or a paragraph number ("(1) Core elements")
_LABEL = r"(?:Standard|Implementation\s+specifications?)\s*:\s*"
_HEADING = r"(?P<heading>[A-Z][^.—(]{1,120}?)"
_END = r"\s*(?:\.|—|\()"
# ... and each implementation specification of a list, by its own label: "(A) Risk analysis (Required)."
_ITEM = r"\((?:[A-Z]|[ivx]+)\)\s+"
_SPEC = r"(?P<spec>[A-Z][^.—():]{1,80}?)"
_REQUIRED = r"\s*\((?:Required|Addressable)\)"
STANDARD_HEADING = re.compile(rf"{_LABEL}{_HEADING}{_END}|{_ITEM}{_SPEC}{_REQUIRED}")
MAX_HEADINGS = 4  # a heading several sections hold ("Documentation", "Policies and procedures") names none


def standard_headings(texts: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Section node -> the headings of the standards its text holds (sorted by node; each heading once, in text
    order); a heading held by more than ``MAX_HEADINGS`` sections is left out."""
    found: dict[str, tuple[str, ...]] = {}
    for node in sorted(texts):
        heads = [re.sub(r"\s+", " ", m.group("heading") or m.group("spec")).strip()
                 for m in STANDARD_HEADING.finditer(texts[node])]
        if heads:
            found[node] = tuple(dict.fromkeys(heads))
    holders: dict[str, int] = {}
    for heads in found.values():
        for h in heads:
            holders[h.lower()] = holders.get(h.lower(), 0) + 1
    out = {n: tuple(h for h in heads if holders[h.lower()] <= MAX_HEADINGS) for n, heads in found.items()}
    return {n: heads for n, heads in out.items() if heads}


_FLAT: dict[int, tuple[object, dict[str, str]]] = {}  # id(headings) -> (headings, {"node\x00i": heading})


def named_standards(text: str, headings: Mapping[str, tuple[str, ...]], min_words: int = MIN_WORDS) -> list[str]:
    """The sections of ``headings`` one of whose standard headings (``min_words`` content words or more) ``text``
    names, in node order."""
    hit = _FLAT.get(id(headings))
    if hit is None or hit[0] is not headings:  # one flat mapping per headings mapping (the per-question cost)
        _FLAT.clear()
        hit = _FLAT[id(headings)] = (headings, {f"{node}\x00{i}": h for node, heads in headings.items()
                                               for i, h in enumerate(heads)})
    flat = hit[1]
    hits = named_by_heading(text, flat, min_words)
    return list(dict.fromkeys(k.split("\x00", 1)[0] for k in hits))

