"""Decision ``reference_footnote``: the documents a node cites through a footnote on one of its phrases (spec §7
References: "Euro V standards (n)", note n "in accordance with Regulation (EU) 2018/858" -> a node reference
with that CELEX).  The answer is the acts the node's own footnotes identify, as (act text, CELEX) pairs.

A footnote identifies an act when it introduces it with an identifying cue ("In accordance with", "according to",
"set by", "pursuant to", "as defined in") or is nothing but the act ("Implementing Decision (EU) 2022/2427.");
acts further inside a title ("… amending Directive 2007/46/EC", "… under Regulation (EC) No 1221/2009") are only
mentioned.  It does not fire (§6 "acts named only in a footnote" still holds) when

- a footnote that only prints an act's title sits on a node that cites a numbered act itself (it elaborates
  that act: its amending acts, its full title) or names a document without a number (it identifies that
  document: decision ``reference_celex``) -- unless the node names a class of acts adopted under another act
  (lexicon ``ACT_CLASS_NOUNS``: "the implementing regulations under Directive 2009/125/EC (1)", n 1 lists
  Regulations No 206/2012, No 813/2013 and 2016/2281 by title): the titles are the members of that class;
- the footnote only mentions the act: an example ("Such as …"), a pointer ("See Directive …"), a definition
  ("‘Recyclable waste’ is …") or where a requirement is set out ("reusable … to a minimum of 95 % by weight (n)",
  n "As set out in Annex I of Directive 2005/64/EC": the value is in the node), or where a term of the node is
  defined ("categories M2 and M3 (n)", n "As referred to in Article 4(1), point (a), of Regulation (EU)
  2018/858"; "category L (n)", n "As defined in Article 4 of Regulation (EU) No 168/2013"): a term is not a
  document, the footnote is a ``Definition`` item (spec §2 footnote kinds, §6 "acts named only in a footnote");
  §7 turns a footnote into a node reference only when it identifies a DOCUMENT the node names ("Euro V
  standards (n)", "the applicable requirements for major renovations (n)").
- the footnote says how a value or metric of the node is derived (a note on the number, not on a document the
  node names): it opens with a participle of derivation (lexicon ``DERIVATION_OPENERS``: "Calculated in accordance
  with Regulation (EU) 2019/331", "Reflecting the average value … as set out in … Implementing Regulation (EU)
  2021/447", "Combined to a single threshold …");
- the act sits inside the title of an earlier act of the same note, before that act's OJ reference
  ("Regulation (EU) 2019/331 … determining transitional … rules … pursuant to Article 10a of Directive
  2003/87/EC (OJ …)": the cue "pursuant to" belongs to the title).

>>> REFERENCE_FOOTNOTE.rule(FootnoteInputs("prevention of introduction of invasive alien species;", (
...     "The introduction of invasive alien species is prevented in accordance with Regulation (EU) No 1143/2014 of "
...     "the European Parliament and of the Council (OJ L 317, 4.11.2014, p. 35).",))).value
(('Regulation (EU) No 1143/2014', '32014R1143'),)
>>> REFERENCE_FOOTNOTE.rule(FootnoteInputs("reusable or recoverable to a minimum of 95 % by weight.", (
...     "As set out in Annex I of Directive 2005/64/EC.",))).value
()
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from regc.decisions.base import Decision, Verdict
from regc.decisions.reference_lexicon import ACT_CLASS_NOUNS, DERIVATION_OPENERS
from regc.grammar.citations import find_citations
from regc.grammar.prefilter import prefilter_namespace

# the words right before an act that make the footnote identify it
_CUE = re.compile(r"""
    (?:\b(?:in\ accordance\ with|according\ to|pursuant\ to|as\ (?:defined|referred\ to)\ in|set\ (?:out\ )?(?:for\ [\w\s\-]{1,40}?\ )?(?:by|in)
        |(?:established|laid\ down)\ (?:by|in))
      \s+(?:the\s+)?(?:relevant\s+)?(?:provisions\s+of\s+(?:the\s+)?)?)$
""", re.X | re.I)

# footnotes that only mention an act: an example ("Such as the EU Ecolabel …, in accordance with …"), a pointer
# ("See Directive 2004/35/CE, Annex II"), a definition ("‘Recyclable waste’ is waste that …", "As defined in …",
# "As referred to in Article 4(1) of Regulation (EU) 2018/858": where a term of the node is defined),
# where something is set out ("As set out in Annex I of Directive 2005/64/EC")
_MENTION_ONLY = re.compile(r"""
    ^\s*(?:such\ as|for\ example|e\.g\.|see\b|as\ (?:set\ out|laid\ down|defined|referred\ to)\ in|[‘'"“][^’'"”]{2,80}[’'"”]\s+
        (?:is|are|means)\b)
""", re.X | re.I)

# a note on how a value of the node is derived ("Calculated in accordance with …", "Reflecting the median value …")
_DERIVATION = re.compile(r"^\s*(?:" + "|".join(DERIVATION_OPENERS) + r")\b", re.I)

# a class of acts adopted under another act, named in the node ("the implementing regulations under Directive …")
ACT_CLASS = re.compile(r"\b(?:" + "|".join(n.replace(" ", r"\s+") for n in ACT_CLASS_NOUNS) + r")\b", re.I)

# the end of an act's title: its OJ reference or the end of a sentence
_TITLE_END = re.compile(r"\(OJ\b|\.\s|;")

# an act coordinated with an identified one after its OJ reference ("… (OJ L 61, 3.3.1997, p. 1) and Commission
# Regulation (EC) No 865/2006")
_COORDINATED = re.compile(r"""
    (?:\(OJ\ [^()]{4,60}\)\s*(?:,|;|and)\s*|;\s*|\band\s+(?:for\s+[\w\s\-]{1,40}?\s+)?(?:by|in)\s+)$
""", re.X)


@dataclass(frozen=True)
class FootnoteInputs:
    text: str
    footnotes: tuple = ()  # bodies of the footnotes whose markers the node's text holds
    cites_act: bool = False  # the node's text cites a numbered act itself
    names_document: bool = False  # the node's text names a document without an act number ("the BAT conclusions")
    names_act_class: bool = False  # the node's text names a class of acts ("the implementing regulations under …")


def identified_acts(body: str, cites_act: bool = False) -> list[tuple[str, str]]:
    """(act text, CELEX) of the acts footnote ``body`` identifies (see the module docstring); ``cites_act``: a
    footnote that is only an act's title elaborates an act the node cites (or identifies a document it names)."""
    if _MENTION_ONLY.match(body) or _DERIVATION.match(body):
        return []
    acts = [c for c in find_citations(body) if c.kind == "eu_act" and c.celex and not c.anaphor]
    out: list[tuple[str, str]] = []
    for i, c in enumerate(acts):
        before = body[:c.start]
        bare = i == 0 and len(re.findall(r"[A-Za-z]{3,}", before)) == 0
        in_title = i > 0 and not _TITLE_END.search(body[acts[i - 1].end:c.start])
        cued = bool(_CUE.search(before[-120:])) and not in_title
        chained = bool(out) and bool(_COORDINATED.search(before[-80:]))
        if (bare and not cites_act) or cued or chained:
            if c.celex not in {x for _, x in out}:
                out.append((c.text, c.celex))
    return out


def footnote_rule(x: FootnoteInputs) -> Verdict[tuple]:
    found: list[tuple[str, str]] = []
    for body in x.footnotes:
        elaborates = (x.cites_act or x.names_document) and not x.names_act_class
        found += [a for a in identified_acts(body, elaborates) if a[1] not in {c for _, c in found}]
    return Verdict(tuple(found), 0.75, "footnote-identifies-act" if found else "no-identifying-footnote")


class ReferenceFootnote(Decision):
    name = "reference_footnote"
    pass_name = "references"
    Inputs = FootnoteInputs
    Output = tuple
    llm = False

    def rule(self, x: FootnoteInputs) -> Verdict[tuple]:
        return footnote_rule(x)

    def examples(self, act: Any) -> Iterable[tuple[FootnoteInputs, tuple]]:
        return ()


REFERENCE_FOOTNOTE = ReferenceFootnote()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
