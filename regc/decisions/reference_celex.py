"""Decision ``reference_celex``: the CELEX id of one cited source — from the act number in the text, else from
a footnote of the node or of its section that identifies the document (never outside knowledge).

A model's CELEX is grounded: well-formed, built from an act number written in the citation or the footnotes, and
not unknown to the registry.

>>> from regc.grammar.citations import find_citations
>>> c = find_citations("Emissions are calculated using Recommendation 2013/179/EU.")[0]
>>> REFERENCE_CELEX.rule(REFERENCE_CELEX.Inputs(c)).value
'32013H0179'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Sequence

from regc.decisions.base import Decision, Verdict
from regc.decisions.grounding import ground_celex
from regc.grammar.citations import Citation, find_citations
from regc.grammar.citations.lexicon import ACT_SCHEMES
from regc.grammar.prefilter import prefilter_namespace

_STOP = {"the", "of", "for", "and", "in", "on", "to", "a", "an", "best", "available", "techniques", "bat", "conclusions",
         "relevant", "latest", "most", "recent", "version", "eu", "european", "union", "this", "that", "under"}


# a scheme an EU act establishes, named with its scope ("EU Ecolabel for tourist accommodation")
_ACT_SCHEME = re.compile(r"(?:the\s+)?(?:%s)\b" % "|".join(re.escape(x) for x in ACT_SCHEMES))


# a sentence end inside a footnote ("… buildings. EU Construction …"), not a number's point ("p. 34", "2.2")
_SENTENCE_END = re.compile(r"[.;]\s+(?=[A-Z‘'“\"(])")


def _sentence_before(body: str, pos: int) -> str:
    """The part of ``body``'s sentence before ``pos``: an act follows a document's name in the same sentence ("Such
    as the EU Ecolabel for …, in accordance with Decision …"); a name in an earlier sentence of the note is another
    matter ("… EU Construction and Demolition Waste Management, May 2018: https://… . For this, each type of waste is
    tagged with … Decision 2000/532/EC").

    >>> _sentence_before("Guidelines for audits. EU C&D Protocol, May 2018. Tagged per Decision 2000/532/EC.", 61)
    'Tagged per '
    """
    cuts = [m.end() for m in _SENTENCE_END.finditer(body, 0, pos)]
    return body[(cuts[-1] if cuts else 0):pos]


def _content_words(s: str) -> set[str]:
    return set(_content_words_of(s))  # a fresh set: a caller may change its own


@lru_cache(maxsize=16384)  # a pure function of the text, asked per source and footnote
def _content_words_of(s: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z][a-z\-/]+", s.lower()) if w not in _STOP and len(w) > 2)


def decide_celex(cit: Citation, footnote_texts: Sequence[str], section_texts: Sequence[str] = ()) -> Verdict:
    """The CELEX of a source: from the act number in the text; for a named document without one, from a
    footnote of the node (``footnote_texts``) or of the same section (``section_texts``) whose cited act shares
    (most of) the document's distinctive words; for an act cited by name only ("the Habitats Directive"), from a
    footnote of the node itself whose main act is of that type and shares its words.  A scheme an act establishes
    (lexicon ``ACT_SCHEMES``: "EU Ecolabel for tourist accommodation") is matched like a named document.

    >>> c = find_citations("the BAT conclusions for the production of chlor-alkali;")[0]
    >>> decide_celex(c, ["Commission Implementing Decision 2013/732/EU of 9 December 2013 establishing the best "
    ...     "available techniques (BAT) conclusions, under Directive 2010/75/EU, for the production of chlor-alkali "
    ...     "(OJ L 332, 11.12.2013, p. 34)."]).value
    '32013D0732'
    >>> fn = ("Such as the EU Ecolabel for tourist accommodation, in accordance with Commission Decision (EU) "
    ...       "2017/175 of 25 January 2017 on establishing EU Ecolabel criteria for tourist accommodation.")
    >>> decide_celex(find_citations("was awarded an EU Ecolabel for tourist accommodation or an equivalent label.")[0],
    ...              [], [fn]).value
    '32017D0175'
    >>> decide_celex(find_citations("was awarded an EU Ecolabel for textile products or an equivalent label.")[0],
    ...              [], [fn]).value
    >>> decide_celex(find_citations("persistence criteria as defined in the EMA ERA guideline.")[0], ["Half-lives "
    ...     "acceptable to demonstrate sufficiently quick biodegradation apply according to the Regulation (EC) No 1907/2006, Annex XIII, which is also referenced in the EMA ERA "
    ...     "guideline, apply."]).value
    """
    if cit.celex:
        return Verdict(value=cit.celex, rule=cit.rule, confidence=cit.confidence)
    named_act = cit.kind == "eu_act" and cit.rule.startswith("pattern:named-act")
    scheme = cit.kind == "generic" and bool(_ACT_SCHEME.match(cit.text))
    if cit.kind != "named_document" and not named_act and not scheme:
        return Verdict(value=None, rule="no-act-number", confidence=0.9)
    words = _content_words(cit.text)
    if len(words) < 2:
        return Verdict(value=None, rule="too-generic-for-footnote-match", confidence=0.8)
    best: tuple[float, Optional[str]] = (0.0, None)
    for body in list(footnote_texts) + ([] if named_act else list(section_texts)):
        acts = [c for c in find_citations(body) if c.kind == "eu_act" and c.celex and not c.anaphor]
        if named_act:
            acts = [c for c in acts[:1] if c.start <= 40 and (c.act_type or "").split()[-1] == cit.act_type]
        if not acts:
            continue
        # the act names the document (it opens the note) or follows the document's name ("Such as the EU Ecolabel
        # for …, in accordance with Decision …"); a document named after the act only refers to it ("… Annex XIII,
        # which is also referenced in the EMA ERA guideline")
        named_in = body if acts[0].start <= 40 else _sentence_before(body, acts[0].start)
        cover = len(words & _content_words(named_in)) / len(words)
        if cover > best[0]:
            best = (cover, acts[0].celex)
    if best[0] >= 0.75:
        return Verdict(value=best[1], rule="footnote-identifies-document", confidence=round(0.6 + 0.3 * best[0], 2))
    return Verdict(value=None, rule="no-identifying-footnote", confidence=0.7)




def bare_footnote_act(body: str) -> Optional[str]:
    """The CELEX of a footnote that is nothing but an act ("Implementing Decision (EU) 2018/1147."), else None.

    >>> bare_footnote_act("Implementing Decision 2013/732/EU.")
    '32013D0732'
    >>> bare_footnote_act("Such as the EU Ecolabel for textile products, in accordance with Decision 2014/350/EU.")
    """
    acts = [c for c in find_citations(body) if c.kind == "eu_act" and c.celex and not c.anaphor]
    if len(acts) != 1:
        return None
    rest = body[:acts[0].start] + body[acts[0].end:]
    return acts[0].celex if len(re.findall(r"[A-Za-z]{3,}", rest)) <= 2 else None


def bare_footnotes_in_order(named: Sequence[str], bodies: Sequence[str]) -> list[Optional[str]]:
    """The CELEX each named document of a node takes from the node's own footnotes that are nothing but an act: one
    footnote per document, in the order their markers are printed ("the BAT conclusions for the production of
    chlor-alkali (9) and the BAT conclusions for common waste water … (10)", notes 9 and 10 each an Implementing
    Decision): document i takes note i.  Only when every footnote of the node is such a note, the notes name as many
    distinct acts as there are documents, and there are at least two (one document and one note: rule
    ``bare-footnote-act`` of the pass); else no pairing (all None).

    >>> bare_footnotes_in_order(["BAT conclusions for chlor-alkali", "BAT conclusions for waste water"],
    ...                         ["Implementing Decision 2013/732/EU.", "Implementing Decision (EU) 2016/902."])
    ['32013D0732', '32016D0902']
    >>> bare_footnotes_in_order(["BAT conclusions for chlor-alkali", "BAT conclusions for waste water"],
    ...                         ["Implementing Decision 2013/732/EU.", "See the BREF on waste water."])
    [None, None]
    """
    acts = [bare_footnote_act(b) for b in bodies]
    if len(named) < 2 or len(acts) != len(named) or None in acts or len(set(acts)) != len(acts):
        return [None] * len(named)
    return list(acts)


def same_document_celex(text: str, identified: dict) -> Optional[str]:
    """The CELEX an earlier node of the same unit resolved for the same named document (same distinctive words),
    e.g. "the BAT conclusions for common waste gas management … in the chemical sector" identified once by a bare
    footnote ("Implementing Decision (EU) 2022/2427.") and named again, without the footnote, further down.
    ``identified``: distinctive words of a resolved document -> its CELEX.  Needs at least three distinctive
    words and the same set, or (with at least five) a subset of one document's words: a document with other words
    (another sector's BAT conclusions) is another document.

    >>> k = frozenset(_content_words("the BAT conclusions for common waste gas treatment in the chemical sector"))
    >>> same_document_celex("BAT 23b of the BAT conclusions for common waste gas treatment in the chemical sector",
    ...                     {k: "32022D2427"})
    '32022D2427'
    >>> same_document_celex("the BAT conclusions for waste gas treatment in the refining sector", {k: "32022D2427"})
    >>> same_document_celex("the BAT conclusions for waste treatment", {frozenset({"waste"}): "32018D1147"})
    """
    words = frozenset(_content_words(text))
    if len(words) < 3:
        return None
    hits = {c for k, c in identified.items() if words == k or (len(words) >= 5 and words <= k)}
    return hits.pop() if len(hits) == 1 else None


class ReferenceCelex(Decision):
    name = "reference_celex"
    pass_name = "references"

    @dataclass(frozen=True)
    class Inputs:
        citation: Citation
        footnotes: tuple = ()
        section_footnotes: tuple = ()

    Output = Optional[str]
    Answer = Optional[str]
    answer_field = "celex_id"
    prompt_fields = ("reference", "footnotes")
    prompt_types = {"reference": str, "footnotes": list[str]}
    field_notes = {"reference": "the source as written", "footnotes": "footnotes of the node and its section"}
    instructions = ("The CELEX id (e.g. 32010L0075) of the cited act, built only from an act number written in "
                    "the reference or in the footnotes; null when none is written.")

    def prompt(self, x: "ReferenceCelex.Inputs") -> dict:
        return {"reference": x.citation.text, "footnotes": list(x.footnotes) + list(x.section_footnotes)}

    def rule(self, x: "ReferenceCelex.Inputs") -> Verdict[Optional[str]]:
        return decide_celex(x.citation, x.footnotes, x.section_footnotes)

    def ground(self, y: Optional[str], x: "ReferenceCelex.Inputs") -> list[str]:
        return ground_celex(y, " ".join([x.citation.text, *x.footnotes, *x.section_footnotes]))


REFERENCE_CELEX = ReferenceCelex()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
