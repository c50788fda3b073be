"""Provisions a question names by their heading: "is this an enabling activity?" names the Taxonomy Regulation's
article headed "Enabling activities", "what are the minimum safeguards?" the one headed "Minimum safeguards" (H14k).
Short articles like these are written in words the long annexes also use, so that search alone ranks the annexes
first; the heading says what the article governs.

A heading names a provision when it has at least ``MIN_WORDS`` content words and all of them occur in the question
in the heading's order, with at most ``GAP`` other words between them (function words ``STOP`` are skipped on both
sides); words are compared on plural-less stems that share their first ``PREFIX`` letters and of which one begins
the other ("activity" meets "activities", "applicant" does not meet "applicability"), a long word's "-ing" cut
first ("enabling" meets "enables").

>>> heads = {"X#Article 16": "Enabling activities", "X#Article 9": "Environmental objectives"}
>>> named_by_heading("Is our wind-turbine factory an enabling activity?", heads)
['X#Article 16']
>>> named_by_heading("Which activities are enabling?", heads)  # order matters
[]
>>> named_by_heading("Is it the kind that enables other activities?", heads)  # "-ing" and "-es" forms meet (H14t)
['X#Article 16']
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

MIN_WORDS = 2  # a one-word heading ("Definitions", "Review") names nothing on its own
GAP = 1  # other words allowed between two heading words in the question
PREFIX = 7  # letters of a stem compared
STOP = frozenset("the of and or to in a an for on by with from as at its their this that which".split())
SIBLING_WINDOW = 12  # sections, in document order, around one of the question's best provisions (named_near)
SIBLING_MAX_WORDS = 2  # content words of a section heading that a question may name among the neighbours
MAX_OBJECTIVES = 2  # a question naming more environmental objectives names none in particular (named_by_objective)
# two words also need one stem to begin the other, not only the same first PREFIX letters: "applicant" does not meet
# "Applicability." ("applicant" / "applicab..."), "activity" still meets "activities" ("activit"), "enables"
# "enabling" ("enabl").  H14zb, all 41 released sets: hipaa_hhsfaq4 (in-sample) .750 / .667 -> .833 / .750 (b01:
# four "Applicability." sections no longer lifted by "applicant" above § 164.508), every other row identical;
# False: the PREFIX letters alone (README, twenty-sixth round, b)
WHOLE_STEM = True
_WORD = re.compile(r"[a-z][a-z0-9]+")


def _key(w: str) -> str:
    if len(w) > 6 and w.endswith("ing"):
        w = w[:-3]
    for end in ("ies", "es", "s"):
        if len(w) > 4 and w.endswith(end):
            w = w[: -len(end)]
            break
    return w


def _keys(text: str) -> list[str]:
    """The plural-less stems of ``text``'s content words (compared by :func:`_meet`)."""
    return [_key(w) for w in _WORD.findall(text.lower()) if w not in STOP]


def _meet(a: str, b: str) -> bool:
    """Two stems name the same word: the same first ``PREFIX`` letters and (``WHOLE_STEM``) one begins the other.

    >>> _meet("activity", "activit"), _meet("applicant", "applicab"), _meet("enabl", "enabl")
    (True, False, True)
    """
    return a[:PREFIX] == b[:PREFIX] and (not WHOLE_STEM or a.startswith(b) or b.startswith(a))


def _in_order(question: list[str], heading: list[str]) -> bool:
    """All ``heading`` stems occur in ``question`` in order, at most ``GAP`` other words between neighbours."""
    for i, w in enumerate(question):
        if not _meet(w, heading[0]):
            continue
        j, k = i + 1, 1
        while k < len(heading) and j < len(question) and j - i <= (k * (GAP + 1)):
            if _meet(question[j], heading[k]):
                k += 1
            j += 1
        if k == len(heading):
            return True
    return False


_PREPARED: dict[tuple[int, int], tuple[object, list]] = {}  # (id(headings), min_words) -> (headings, [(node, keys)])


def named_by_heading(question: str, headings: Mapping[str, str], min_words: int = MIN_WORDS) -> list[str]:
    """The provisions of ``headings`` (node -> heading) whose heading (of ``min_words`` content words or more) the
    question names, all its words in order, in mapping order."""
    key = (id(headings), min_words)
    hit = _PREPARED.get(key)
    if hit is None or hit[0] is not headings:  # the headings' keys, once per mapping
        rows = [(node, h) for node, heading in headings.items() for h in [_keys(heading)] if h and len(h) >= min_words]
        if len(_PREPARED) > 8:
            _PREPARED.clear()
        hit = _PREPARED[key] = (headings, rows)
    q = _keys(question)
    qs = {w[:PREFIX] for w in q}
    return [node for node, h in hit[1] if h[0][:PREFIX] in qs and _in_order(q, h)]


def article_headings(trees: Iterable) -> dict[str, str]:
    """Article node -> its heading, for every headed article of the act trees ``trees`` (the sections of a CFR
    text are not articles: their long titles are the title view's, :mod:`regc.retrieval.titles`)."""
    out = {}
    for tree in trees:
        for p in tree.parts:
            if p.kind == "article" and (p.heading or "").strip():
                out[f"{tree.celex}#{p.locator}"] = p.heading.strip()
    return out


def section_headings(trees: Iterable) -> dict[str, str]:
    """Section node -> its heading, in document order, for the headed parts of the act trees ``trees`` that are
    not articles (the sections of a CFR text: "§ 160.538" -> "Witnesses."); a heading that only repeats the
    part's label ("ANNEX I") is none.

    >>> from types import SimpleNamespace as N
    >>> t = N(celex="doc:x", parts=[N(kind="annex", locator="§ 1.2", heading="Witnesses."),
    ...                             N(kind="annex", locator="Annex I", heading="ANNEX I"),
    ...                             N(kind="article", locator="Article 1", heading="Scope")])
    >>> section_headings([t])
    {'doc:x#§ 1.2': 'Witnesses.'}
    """
    return {f"{tree.celex}#{p.locator}": p.heading.strip() for tree in trees for p in tree.parts
            if p.kind != "article" and not set(_keys(p.heading or "")) <= set(_keys(p.locator))}


def named_near(question: str, headings: Mapping[str, str], near: Iterable[str], window: int = SIBLING_WINDOW,
               max_words: int = SIBLING_MAX_WORDS) -> list[str]:
    """The sections of ``headings`` (node -> heading, document order) whose short heading (1 to ``max_words``
    content words) the question names, and that lie within ``window`` sections, in document order, of one of
    the provisions ``near`` (the question's best).  A one-word heading ("Witnesses.", "Settlement.") is too common
    a word to name a section anywhere; among the neighbours of the sections the question is about, it does.

    >>> heads = {"d#§ 1": "The hearing.", "d#§ 2": "Witnesses.", "d#§ 9": "Fees."}
    >>> named_near("May we question the witnesses at the hearing?", heads, ["d#§ 1"], window=1)
    ['d#§ 1', 'd#§ 2']
    >>> named_near("Who pays the fees at the hearing?", heads, ["d#§ 1"], window=1)  # § 9 is too far
    ['d#§ 1']
    """
    order = {n: i for i, n in enumerate(headings)}
    at = [order[n] for n in near if n in order]
    if not at:
        return []
    q = _keys(question)
    qs = {w[:PREFIX] for w in q}
    out = []
    for node, heading in headings.items():
        h = _keys(heading)
        if 1 <= len(h) <= max_words and h[0][:PREFIX] in qs and _in_order(q, h) and \
                any(abs(order[node] - i) <= window for i in at):
            out.append(node)
    return out


def objective_headings(headings: Mapping[str, str]) -> dict[str, str]:
    """Article node -> the environmental objective its heading names, for the headings of ``headings`` that name
    exactly one (:data:`~regc.retrieval.activities.OBJECTIVE_WORDS`: "Substantial contribution to the transition to a
    circular economy" -> CE); a heading naming none or several ("Environmental objectives") is left out."""
    from regc.retrieval.activities import question_objectives

    return {node: next(iter(objs)) for node, h in headings.items() for objs in [question_objectives(h)]
            if len(objs) == 1}


def named_by_objective(question: str, objectives: Mapping[str, str], max_objectives: int = MAX_OBJECTIVES
                       ) -> list[str]:
    """The articles of ``objectives`` (node -> the one objective its heading names, :func:`objective_headings`)
    whose objective is the one the question names; none when the question names none or more than
    ``max_objectives`` ("the criteria for water, circular economy, pollution and biodiversity" names no objective
    in particular).  A question asking whether an activity "counts towards the circular economy objective" is
    governed by the article setting that objective's criteria and by the empowering article defining a
    substantial contribution to it, which search ranks below the long criteria annexes sharing every word.

    >>> objs = objective_headings({"R#Article 13": "Substantial contribution to the transition to a circular economy",
    ...                            "D#Article 2": "Technical screening criteria related to the transition to a circular economy",
    ...                            "R#Article 9": "Environmental objectives", "R#Article 14": "Pollution prevention"})
    >>> named_by_objective("Does our repair shop count towards the circular economy objective?", objs)
    ['R#Article 13', 'D#Article 2']
    >>> named_by_objective("Which years do we report for water, circular economy, pollution and biodiversity?", objs)
    []
    """
    from regc.retrieval.activities import question_objectives

    named = question_objectives(question)
    if not named or len(named) > max_objectives:
        return []
    return [node for node, o in objectives.items() if o in named]


__all__ = ["article_headings", "named_by_heading", "named_by_objective", "named_near", "objective_headings",
           "section_headings", "MIN_WORDS", "GAP"]
