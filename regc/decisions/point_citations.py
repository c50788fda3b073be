"""Citations of criterion ids inside a unit ("point 1(b)(i)", "points (a) and (b)", "criterion 3"), and the
gate/negation vocabulary the relation decisions read.  External pinpoints ("Article 3(1), point (h), of
Regulation …") are not criterion citations.

>>> [c.written for c in find_citations("the level of emissions referred to in point 1(b)(i);")]
['1(b)(i)']
>>> sorted(stems("the plant does not entail deterioration"))
['deteri', 'does', 'entail', 'not', 'plant']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from regc.grammar.textmemo import once_per_text
from regc.grammar.prefilter import prefilter_namespace

_ID = r"(?:P?\d+(?:\.\d+)*\.?)?(?:\s?\([a-z]{1,4}\))*"
_CITE = re.compile(rf"\b(?:points?|criteri(?:on|a)|paragraphs?|sub-?points?)\s+(?P<id>{_ID})(?=[\s,.;:)]|$)",
                   re.IGNORECASE)
_EXTERNAL_AFTER = re.compile(r"^\s*(?:(?:and|or)\s+(?:points?|paragraphs?)?\s*[\w().]+\s*)?,?\s*(?:of|to|in)\s+(?:the\s+)?"
                             r"(?:Regulation|Directive|Decision|Annex|Article|Appendix|Section|Part|that|this\s+"
                             r"(?:Regulation|Directive|Decision)|the\s+Annex)", re.IGNORECASE)
_EXTERNAL_BEFORE = re.compile(r"\b(?:Section|Sections|Article|Annex|Appendix|Part)\s+[\w.()]+(?:\s*,\s*(?:sub-?section|"
                              r"paragraph|part|section)?\s*(?:‘[^’]*’|'[^']*'|[\w.()]+))*\s*,?\s*(?:in\s+)?$",
                              re.IGNORECASE)


@dataclass(frozen=True)
class Citation:
    written: str  # as printed, spaces removed: "1(b)(i)", "(c)"
    start: int
    end: int


@once_per_text  # the dependencies pass, its verify step and three decisions scan the same texts
def find_citations(text: str) -> list[Citation]:
    """Internal criterion citations in ``text`` (external "Article 3(1), point (h), of Regulation …" skipped).

    >>> find_citations("as defined in Article 3(1), point (h), of Regulation (EU) 2019/631")
    []
    >>> find_citations("referred to in Section 3.21., subsection ‘Substantial contribution’, points (b) or (c);")
    []
    """
    out: list[Citation] = []
    for m in _CITE.finditer(text):
        wid = re.sub(r"\.(?=\()", "", re.sub(r"\s+", "", m.group("id"))).rstrip(".")
        if not wid or not re.search(r"[\da-z]", wid):
            continue
        if _EXTERNAL_AFTER.match(text[m.end():]) or _EXTERNAL_BEFORE.search(text[max(0, m.start() - 160):m.start()]):
            continue
        out.append(Citation(wid, m.start(), m.end()))
    return out



# "points 5 and 6", "points (b) or (c)": the further ids of a coordination after the first cited id
_MORE_IDS = re.compile(rf"(?P<sep>\s*,\s*|\s+and\s+|\s+or\s+|\s*,\s*(?:and|or)\s+)(?P<id>{_ID})(?=[\s,.;:)]|$)")


def citation_lists(text: str) -> list[tuple[tuple[Citation, ...], str]]:
    """Coordinated internal citations ("points 5 and 6") as (citations, connective: "and" | "or" | "").

    >>> [([c.written for c in cs], conj) for cs, conj in citation_lists("the requirements specified in points 5 and 6")]
    [(['5', '6'], 'and')]
    >>> [([c.written for c in cs], conj) for cs, conj in citation_lists("criteria specified in points (b) or (c) above")]
    [(['(b)', '(c)'], 'or')]
    """
    out = []
    for c in find_citations(text):
        group, conj, pos = [c], "", c.end
        while True:
            m = _MORE_IDS.match(text, pos)
            wid = re.sub(r"\s+", "", m.group("id")).rstrip(".") if m else ""
            if not m or not re.search(r"[\da-z]", wid) or (group[0].written.startswith("(") != wid.startswith("(")):
                break
            conj = conj or ("or" if "or" in m.group("sep") else "and" if "and" in m.group("sep") else "")
            group.append(Citation(wid, m.start("id"), m.end()))
            pos = m.end()
        out.append((tuple(group), conj))
    return out


_STOP = {"the", "of", "and", "or", "to", "in", "a", "an", "is", "are", "on", "with", "for", "by", "that", "which",
         "this", "be", "as", "its", "whether", "point", "points", "referred", "criteria", "comply", "activity"}


def stems(s: str) -> set[str]:
    return {w[:6] for w in re.findall(r"[a-z]{3,}", s.lower()) if w not in _STOP}


GATE = re.compile(r"^\s*(?:where|if|when|in\s+(?:the\s+)?case)\b(?P<cond>[^,;:]*)", re.IGNORECASE)
NEG = re.compile(r"\b(?:not|no|nor|never|cannot|neither|without)\b", re.IGNORECASE)
NOT_MET = re.compile(r"\b(?:not|no\s+longer)\s+(?:\w+\s+){0,3}?(?:met|possible|feasible|viable|fulfilled|complied\s+with|"
                     r"achieved|available|practicable|applicable)\b|\bcannot\s+(?:\w+\s+){0,2}?(?:met|achieved|"
                     r"fulfilled|complied|be\s+generated)\b|\b(?:infeasible|impossible|unavailable)\b", re.IGNORECASE)

# the subject of a requirement named by other points ("The lessor ensures that aircraft in point (b) or (c) is
# operated on …", "heat pumps in point (a) are …"): up to three words at the start of the sentence or of its
# that-clause, right before "in point(s)"; a participle or a requirement noun there cites a limit or a criterion
# instead ("the level referred to in point 1", "comply with the criterion in point (a)")
_NOT_SUBJECT_WORD = (r"(?:criteri|requirement|condition|limit|value|level|threshold|referred|set|specified|described|"
                     r"listed|laid|mentioned|detailed|documented|determined|as|with|to|and|or|of|is|are)\w*\b")
POINTS_SUBJECT = re.compile(rf"(?:^|\bthat\s+)\s*(?:the\s+|any\s+|each\s+|all\s+)?(?:(?!{_NOT_SUBJECT_WORD})"
                            rf"[a-z][\w-]*\s+){{1,3}}in\s+points?\s+(?=\(\w{{1,4}}\)|\d)", re.IGNORECASE)

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
