"""What a question names, lifted into the ranking of :class:`~regc.retrieval.ask.Asker` (split from ``ask.py``,
which holds the search, fusion and closure): the provisions it cites, the annexes holding an activity it names by
code or title, the articles it names by heading or by their environmental objective, the definitions of its terms,
short section headings near its best provisions, the CFR sections holding a standard it names by its paragraph
heading (:mod:`regc.retrieval.standards`), the articles its cues point to ("from what date" -> the
application article) with the later acts' articles that amended them, and, when it asks in which table it presents
its figures, the template annex its best provisions require (with the article requiring it).

Each lift puts a provision at a fixed level (or a share of its act's best score) unless search scored it higher;
the levels are the ``Asker`` options documented in :mod:`regc.retrieval.ask`.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Optional

from regc.retrieval.activities import named_annexes
from regc.retrieval.anchor import Anchor
from regc.retrieval.cfr_divisions import tree_divisions
from regc.retrieval.citegraph import annex_introducers, part_of
from regc.retrieval.cues import CUES, asks_form, cued_articles, question_cues
from regc.retrieval.headings import (article_headings, named_by_heading, named_by_objective, named_near,
                                     objective_headings, section_headings)
from regc.retrieval.lexicon import heading_bridge
from regc.retrieval.standards import named_standards, standard_headings

TERM_LEVEL = 0.7  # the definitions article of a defined term used in the question (= ask.DECAY)
SECTION_LEVEL = 0.9  # an annex holding the activity code ("Section 7.7") the question names
CUE_ACTS = 5  # without a named act, a cue's articles are looked for in the acts of this many best provisions
# an article whose heading names the one environmental objective the question names ("count towards the circular
# economy objective" -> "Technical screening criteria related to the transition to a circular economy", and the
# empowering regulation's "Substantial contribution to the transition to a circular economy") joins at this level
# (origin "objective"; :func:`~regc.retrieval.headings.named_by_objective`); None: off.  H14m, every released set:
# Taxonomy fresh8 (in-sample) +.055 R@10 / +.167 FullCov@10, fresh6 +.022 / +.045, faq_eval +.004 R@10, no set
# loses R@10 or FullCov@10 (tests/fixtures/ask/README.md, round H14m)
OBJECTIVE_LEVEL: Optional[float] = 0.7
# an article the question names by its heading in practitioner words ("filters that let cement plants cut their
# dust" -> "Enabling activities": :data:`~regc.retrieval.lexicon.HEADING_BRIDGES`) joins like one named in the
# heading's own words (H14u; README, twenty-first round); False: off
HEADING_BRIDGES = True
# a section beside the best provisions whose short heading the lexicon's words name ("subject to the Department's
# investigations" -> "applicability" -> "§ 160.300 Applicability.") joins like one the question names, when it
# stands in the same CFR division as one of them (H14u; README, twenty-first round); False: off
SIBLING_BRIDGED = True
# a CFR section holding a standard whose paragraph heading the question names ("the minimum necessary rule" ->
# "(b) Standard: Minimum necessary" in § 164.502), or that the lexicon's words for its practitioner words name beside
# its best provisions ("see or hear" -> "reasonable safeguards" -> "(c)(1) Standard: Safeguards" in § 164.530), joins
# at this level, origin "heading" (:mod:`regc.retrieval.standards`; H14x, README, twenty-fourth round); None: off
STANDARD_LEVEL: Optional[float] = 0.7


# a question asking in which table / template / form it presents its figures (:func:`~regc.retrieval.cues.asks_form`)
# lifts the annex that one of the FORM_SEEDS best provisions, or an article of its own act introducing it, requires
# the information to be presented in (REQUIRES_FORM: "... by using the template set out in Annex IV"), with that
# introducing article, to this factor of that provision's score (origin "form"); None: off.  H14w, every released
# set: Taxonomy pooled +.003 R@10 / +.009 FullCov@10 (fresh6, fresh7, fresh11, fresh16 gain), no question loses;
# 0.7 / 0.9 / 5 seeds: the same or less; the annex alone: fresh16 loses the article (README, twenty-third round)
FORM_LEVEL: Optional[float] = 0.8
FORM_SEEDS = 3


class NamedLifts:
    """The lifts of :class:`~regc.retrieval.ask.Asker` (a mixin: ``self.s`` is the opened index; the levels are
    its attributes ``activity_level``, ``heading_level``, ``objective_level``, ``cue_level`` ...)."""

    objective_level: Optional[float] = OBJECTIVE_LEVEL
    heading_bridges: bool = HEADING_BRIDGES
    sibling_bridged: bool = SIBLING_BRIDGED
    form_level: Optional[float] = FORM_LEVEL
    standard_level: Optional[float] = STANDARD_LEVEL

    def _lift_named(self, anchor: Anchor, lift) -> None:
        """What the question names: cited provisions, annexes holding an activity it names by code or by title,
        articles it names by heading or by the one environmental objective their heading names, the definitions
        provisions of its terms."""
        for n in anchor.pinpoints:
            lift(n, 1.05, "pinpoint")
        for n in anchor.sections:
            lift(n, SECTION_LEVEL, "section")
        if self.activity_level:
            for n in named_annexes(anchor.question, self.s.activities):
                lift(n, self.activity_level, "activity")
        if self.heading_level:  # in the question's words, or in practitioner words for the heading
            for text in (anchor.question,) + (heading_bridge(anchor.question) if self.heading_bridges else ()):
                for n in named_by_heading(text, self._headings):
                    lift(n, self.heading_level, "heading")
        if self.objective_level:
            for n in named_by_objective(anchor.question, self._objective_headings):
                lift(n, self.objective_level, "objective")
        own = self.own_term_nodes(anchor)
        for n in anchor.term_nodes:  # the question's own words first: "term"; the lexicon's only: "bridged"
            lift(n, TERM_LEVEL, "term" if n in own else "bridged")

    def own_term_nodes(self, anchor: Anchor) -> set[str]:
        """The definitions provisions of the terms the question uses in its own words (not only through the
        lexicon's rule words for its practitioner words: :func:`~regc.retrieval.lexicon.bridge`)."""
        low = anchor.question.lower()
        out = set()
        for term in anchor.terms:
            if re.search(rf"(?<![\w-]){re.escape(term.lower())}(?![\w-])", low):
                for celex in self.s.acts():
                    loc = self.s.definitions(celex).get(term)
                    if loc is not None:
                        out.add(f"{celex}#{part_of(loc)}")
        return out

    @cached_property
    def _headings(self) -> dict[str, str]:
        return article_headings(self.s.trees.values())

    @cached_property
    def _objective_headings(self) -> dict[str, str]:
        return objective_headings(self._headings)

    _sections = cached_property(lambda self: section_headings(self.s.trees.values()))  # node -> short heading

    @cached_property
    def _divisions(self) -> dict[str, str]:
        """Section node -> the division its text stands in ("Part 160, Subpart C"; CFR sections only)."""
        return {f"{t.celex}#{loc}": division for t in self.s.trees.values()
                for loc, division in tree_divisions(t).items()}

    def _lift_siblings(self, anchor: Anchor, near: list[str], lift) -> None:
        """Sections with a short heading the question names, near its best provisions ``near``
        (:func:`~regc.retrieval.headings.named_near`); in the lexicon's words for its practitioner words
        ("are business associates subject to ..." -> "applicability") only within the division of one of ``near``
        ("§ 160.300 Applicability." beside § 160.310, not § 160.400's)."""
        found = named_near(anchor.question, self._sections, near)
        if self.sibling_bridged:
            own = {self._divisions.get(n) for n in near} - {None}
            found += [n for b in anchor.bridged for n in named_near(b, self._sections, near)
                      if self._divisions.get(n) in own]
        for n in dict.fromkeys(found):
            lift(n, self.sibling_level, "heading")

    @cached_property
    def _forms(self) -> dict[str, tuple[str, ...]]:
        """Provision -> the annexes it requires its information to be presented in (REQUIRES_FORM edges, rolled up)."""
        out: dict[str, set[str]] = {}
        for a, b, d in self.s.graph.edges(data=True):
            if d.get("type") == "REQUIRES_FORM" and "#" in a and "#" in b:
                out.setdefault(f"{a.split('#', 1)[0]}#{part_of(a.split('#', 1)[1])}", set()).add(
                    f"{b.split('#', 1)[0]}#{part_of(b.split('#', 1)[1])}")
        return {k: tuple(sorted(v)) for k, v in out.items()}

    def _lift_forms(self, anchor: Anchor, scores: dict, lift, order) -> None:
        """When the question asks in which table or template it presents its figures: the form annexes of the
        ``FORM_SEEDS`` best provisions and of the articles introducing them (with those articles), at
        ``form_level`` x that provision's score ("in what table do we publish" beside 2021/2178 Annex III, the
        asset managers' KPI: Article 3, which introduces it, and Annex IV, Article 3's template)."""
        if not self.form_level or not asks_form(anchor.question):
            return
        for n, (sc, _) in sorted(scores.items(), key=order)[:FORM_SEEDS]:
            for src in (n,) + self._introducers.get(n, ()):
                for annex in self._forms.get(src, ()):
                    lift(annex, self.form_level * sc, "form")
                    if src != n:  # the article introducing the best annex and requiring the form, with it
                        lift(src, self.form_level * sc, "form")

    @cached_property
    def _standards(self) -> dict[str, tuple[str, ...]]:
        """CFR section node -> the headings of the standards it holds (:mod:`regc.retrieval.standards`)."""
        return standard_headings({n: "\n".join(c.text for c in self.s.part_nodes()[n]) for n in self._divisions
                                  if n in self.s.part_nodes()})

    def _lift_standards(self, anchor: Anchor, near: list[str], lift) -> None:
        """Sections holding a standard the question names by its heading (two words or more), or that the
        lexicon's words for its practitioner words name (any length) in the division of one of ``near``."""
        found = named_standards(anchor.question, self._standards)
        own = {self._divisions.get(n) for n in near} - {None}
        found += [n for b in anchor.bridged for n in named_standards(b, self._standards, min_words=1)
                  if self._divisions.get(n) in own]
        for n in dict.fromkeys(found):
            lift(n, self.standard_level, "heading")

    @cached_property
    def _introducers(self) -> dict[str, tuple[str, ...]]:
        """Annex -> the articles of its own act that introduce it (:func:`~regc.retrieval.citegraph.annex_introducers`)."""
        return annex_introducers(self.s.graph)

    @cached_property
    def _empowering(self) -> dict[str, set[str]]:
        """Act -> the other acts whose provisions empower it (DELEGATES_TO edges: 2020/852 -> its delegated acts)."""
        out: dict[str, set[str]] = {}
        for a, b, d in self.s.graph.edges(data=True):
            if d.get("type") == "DELEGATES_TO":
                ca, cb = a.split("#", 1)[0], b.split("#", 1)[0]
                if ca != cb:
                    out.setdefault(cb, set()).add(ca)
        return out

    @cached_property
    def _cued(self) -> dict[str, tuple[str, ...]]:
        return {name: tuple(cued_articles(self.s.trees, name)) for name, _, _ in CUES}

    def _lift_cued(self, anchor: Anchor, scores: dict, lift, order) -> None:
        """The articles the question's cues point to, in the question's acts, at ``cue_level`` x the best score
        of their act (``order``: the ranking's sort key, for the best provisions' acts)."""
        cues = question_cues(anchor.question)
        if not cues:
            return
        best: dict[str, float] = {}
        for n, (sc, _) in scores.items():
            best[n.split("#", 1)[0]] = max(best.get(n.split("#", 1)[0], 0.0), sc)
        top = sorted(scores.items(), key=order)[:CUE_ACTS]
        acts = set(anchor.acts) or {n.split("#", 1)[0] for n, _ in top}
        if self.cue_parents:  # the legislative acts that empower those acts: their application dates govern too
            for a in sorted(acts):
                for p in self._empowering.get(a, ()):
                    best[p] = max(best.get(p, 0.0), best.get(a, 0.0))  # at the level of the act it empowers
                    acts.add(p)
        for name, _ in cues:
            for art in self._cued.get(name, ()):
                celex = art.split("#", 1)[0]
                if celex in acts:
                    lift(art, self.cue_level * best.get(celex, 0.0), "cue")
                    if self.cue_amenders:  # the provisions that amended it set the dates of what they added
                        for src in self._amenders.get(art, ()):
                            lift(src, self.cue_amenders * self.cue_level * best.get(celex, 0.0), "amender")

    @cached_property
    def _amenders(self) -> dict[str, tuple[str, ...]]:
        """Provision -> the provisions of other acts that amend it (AMENDS edges, paragraphs rolled up)."""
        out: dict[str, set[str]] = {}
        for a, b, d in self.s.graph.edges(data=True):
            if d.get("type") == "AMENDS" and "#" in a and "#" in b:
                (ca, la), (cb, lb) = a.split("#", 1), b.split("#", 1)
                if ca != cb:
                    out.setdefault(f"{cb}#{part_of(lb)}", set()).add(f"{ca}#{part_of(la)}")
        return {k: tuple(sorted(v)) for k, v in out.items()}


__all__ = ["NamedLifts", "CUE_ACTS", "OBJECTIVE_LEVEL", "SECTION_LEVEL", "TERM_LEVEL"]
