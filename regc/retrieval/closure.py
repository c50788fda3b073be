"""Step 5 of :class:`~regc.retrieval.ask.Asker` (split from ``ask.py``): the 1-hop citation closure of the best
provisions merged into the ranking, and the companions (neighbours the best provisions of several other acts cite).

A neighbour scores ``decay`` x its best seed (max, not sum), ``unsearched_closure`` x that when no view's search
pool holds it; it joins only when it shares ``min_overlap`` content words with the question's focus, unless the
seed names it by its title or it is a companion.  The levels are the ``Asker`` options documented in
:mod:`regc.retrieval.ask`.  (Round H14p tried, and dropped, a neighbour citing its seed back joining without the
overlap test, and a searched neighbour scoring the stronger of its two signals plus a share of the weaker:
tests/fixtures/ask/README.md.)
"""

from __future__ import annotations

from functools import cached_property
from typing import Optional

from regc.retrieval.activities import question_objectives
from regc.retrieval.anchor import Anchor
from regc.retrieval.cfr_divisions import division_members
from regc.retrieval.citegraph import EXPAND_TYPES, citing_parts, lineage_neighbours, neighbours, title_named

# after the closure, a section that cites one of the best provisions (the reverse of a closure edge: "use the code
# sets described in § 162.1002" in § 162.1000) joins at this factor of that provision's score when it stands in the
# same CFR division (part and subpart: the ``chapter`` the PDF front-end records), some view's search pool holds
# it and it passes the overlap test; None: off.  H14u, every released set: HIPAA dev4 +.018 R@10 / +.036
# FullCov@10, no set loses (0.5: no change; 0.6 without the overlap test: hipaa_eval -.023 / -.045; the same join
# in any act, with the overlap test: Taxonomy faq_eval -.006, fresh12 -.014; README, twenty-first round)
CITING_CLOSURE: Optional[float] = 0.6
# an article of an empowering act (one that delegates to another act of the index: the Taxonomy Regulation) that the
# best provision cites when it stands in another act (2021/2139 Annex I -> 2020/852 Article 10, SFDR Article 9 ->
# 2020/852 Article 5) joins at this factor of that provision's score, searched or not and without the overlap test:
# the framework's short, abstract articles share few words with a question about a delegated act's criteria, yet
# define what those criteria implement.  Only one joins (the one not yet ranked at that level sharing the most
# focus words), and not one whose heading names an environmental objective other than the question's, else than
# that of the seed's activities (2021/2139 Annex II, adaptation, cites Article 10, mitigation).  H14v, every
# released set: Taxonomy pooled +.006 R@10 / +.007 FullCov@10, HIPAA unchanged, no set loses more than one
# question, key cited unchanged (x 0.65, or two articles, or no objective test: fresh2 loses the key of g09);
# None: off (README, twenty-second round)
FRAMEWORK_CLOSURE: Optional[float] = 0.6


class Closure:
    """The closure of :class:`~regc.retrieval.ask.Asker` (a mixin: ``self.s`` is the opened index; ``decay``,
    ``max_seeds``, ``unsearched_closure``, ``named_closure``, ``companion_seeds`` ... are its attributes)."""

    citing_closure: Optional[float] = CITING_CLOSURE
    framework_closure: Optional[float] = FRAMEWORK_CLOSURE

    @cached_property
    def _framework_acts(self) -> frozenset[str]:
        """The acts that empower another act of the index (the source of a DELEGATES_TO edge across acts)."""
        return frozenset(a.split("#", 1)[0] for a, b, d in self.s.graph.edges(data=True)
                         if d.get("type") == "DELEGATES_TO" and a.split("#", 1)[0] != b.split("#", 1)[0])

    def _framework_join(self, anchor: Anchor, focus: set, seed: str, near, sc: float, scores: dict) -> dict:
        """The best provision's framework article that joins -> its level (or nothing): of those ``scores`` does not
        yet hold at that level, the one sharing the most words with the focus, ties in citation order."""
        levels = {v: lv for v in near for lv in [self._framework_level(anchor, seed, v, sc)]
                  if lv and scores.get(v, (0.0, ""))[0] < lv}
        best = sorted(levels, key=lambda v: -len(focus & self._words(v)))
        return {v: levels[v] for v in best[:1]}

    def _framework_level(self, anchor: Anchor, seed: str, v: str, sc: float) -> float:
        """The level at which the empowering act's article ``v`` that the best provision ``seed`` cites joins (0.0:
        none of its framework articles, or one whose heading names an environmental objective other than the
        question's, else than that of the seed's activities)."""
        act = v.split("#", 1)[0]
        if not self.framework_closure or act == seed.split("#", 1)[0] \
                or act not in self._framework_acts or "#Article" not in v or v in self._glossaries:
            return 0.0
        objective = self._objective_headings.get(v)
        if objective is not None:
            named = question_objectives(anchor.question) or {a.split("-", 1)[0] for a, _ in
                                                             self.s.activities.get(seed, ())}
            if objective not in named:
                return 0.0
        return self.framework_closure * sc

    @cached_property
    def _citing(self) -> dict[str, tuple[str, ...]]:
        return citing_parts(self.s.graph, EXPAND_TYPES)

    def _close_citing(self, anchor: Anchor, scores: dict, searched: set, order) -> None:
        """The sections of the same CFR division that cite one of the ``max_seeds`` best provisions, searched
        and sharing ``min_overlap`` words with the focus, at ``citing_closure`` x its score (in place)."""
        focus = self._focus_words(anchor)
        for n, (sc, _) in sorted(scores.items(), key=order)[: self.max_seeds]:
            citers = self._citing.get(n, ())
            division = self._divisions.get(n) if citers else None
            if division is None or n in self._glossaries:
                continue
            for v in citers:
                lv = self.citing_closure * sc
                if v in searched and self._divisions.get(v) == division and scores.get(v, (0.0, ""))[0] < lv \
                        and len(focus & self._words(v)) >= min(self.min_overlap, len(focus)):
                    scores[v] = (lv, "closure")

    def _division_near(self, seed: str, near: list[str]) -> list[str]:
        """The sections of the CFR divisions among ``near`` (the subpart / part nodes the seed names: "this
        subpart", "subpart C of part 160"; :mod:`regc.retrieval.cfr_divisions`), less the seed."""
        out = {m for v in near for m in division_members(self.s.graph, v)}
        out.discard(seed)
        return sorted(out)

    def _close(self, anchor: Anchor, scores: dict, searched: set, order) -> None:
        """The 1-hop closure of the ``max_seeds`` best provisions merged into ``scores`` (in place); a neighbour
        the seeds of at least ``companion_seeds`` other acts cite (a companion) joins without the overlap test."""
        focus = self._focus_words(anchor)
        seeds = sorted(scores.items(), key=order)[: self.max_seeds]
        cited = {n: neighbours(self.s.graph, n, EXPAND_TYPES) for n, _ in seeds}
        citing: dict[str, set] = {}  # neighbour -> the other acts whose seeds cite it
        for n, _ in seeds:
            for v in cited[n]:
                if n.split("#", 1)[0] != v.split("#", 1)[0]:
                    citing.setdefault(v, set()).add(n.split("#", 1)[0])
        agreed = self._companions(anchor, citing, [n for n, _ in seeds])
        for rank, (n, (sc, _)) in enumerate(seeds):
            framework = self._framework_join(anchor, focus, n, cited[n], sc, scores) if rank == 0 else {}
            level = self.decay * sc
            near = cited[n]
            if self.lineage_closure:
                near = sorted(set(near) | set(lineage_neighbours(self.s.graph, n, self.lineage_closure)))
            named = title_named(self.s.graph, n) if self.named_closure is not None else ()
            divided = set(self._division_near(n, near)) - set(near) if self.division_closure else set()
            for v in near + sorted(divided):
                lv = level if v in searched else level * self.unsearched_closure
                if v in divided:
                    lv *= self.division_closure
                if v in named:
                    lv = max(lv, self.named_closure * sc)
                companion = v in agreed
                if companion:
                    lv = max(lv, self.companion_level * level)  # (no unsearched factor)
                if self.glossary_closure and v in self._glossaries and v not in anchor.term_nodes:
                    lv *= self.glossary_factor
                lv = max(lv, framework.get(v, 0.0))
                if v in self.s.part_nodes() and scores.get(v, (0.0, ""))[0] < lv and (v in named or companion
                        or v in framework or len(focus & self._words(v)) >= min(self.min_overlap, len(focus))):
                    scores[v] = (lv, "companion" if companion and v not in named else "closure")
        if self.citing_closure:
            self._close_citing(anchor, scores, searched, order)

    def _companions(self, anchor: Anchor, citing: dict[str, set], seeds: list[str]) -> set[str]:
        """The closure neighbours that seeds of at least ``companion_seeds`` other acts cite, less the general
        glossaries (every provision cites them) and the articles of an environmental objective other than the one(s)
        the question names, else than that of the best criteria annex among the seeds
        (:func:`~regc.retrieval.headings.objective_headings`)."""
        if not self.companion_seeds:
            return set()
        from regc.retrieval.activities import question_objectives

        named = question_objectives(anchor.question) or next(  # else the objective of the best criteria annex
            ({a.split("-", 1)[0] for a, _ in self.s.activities[n]} for n in seeds if self.s.activities.get(n)), set())
        return {v for v, acts in citing.items() if len(acts) >= self.companion_seeds and v not in self._glossaries
                and not (named and self._objective_headings.get(v, next(iter(named))) not in named)}
