"""Assembly: overlap resolution, de-duplication, merging of elaborations and anaphor resolution."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Optional, Sequence

from regc.grammar.citations.patterns import ELABORATION_GAP
from regc.grammar.citations.results import ActContext, Citation
from regc.grammar.prefilter import may_apply


def _overlaps(a: Citation, b: Citation) -> bool:
    return a.start < b.end and b.start < a.end


def _siblings(a: Citation, b: Citation) -> bool:
    """Pieces of one split coordination share their span end (and rule family)."""
    return a.end == b.end and a.kind == b.kind and ("split" in a.rule) and ("split" in b.rule) and a.text != b.text


def _eligible(p: Citation) -> bool:
    """Can ``p`` be an anaphor's antecedent (an act with a CELEX, or one named by name)?"""
    return p.kind == "eu_act" and not (p.celex is None and not p.rule.startswith("pattern:named-act"))


class _Antecedents:
    """The latest possible antecedent per anaphor type, over a growing list of sources (indices into it, so a
    source replaced in place is seen as replaced)."""

    def __init__(self, items: list[Citation]):
        self.items = items
        self.with_pinpoint: int | None = None
        self.by_type: dict[str, int] = {}
        for i, p in enumerate(items):
            self.add(i)

    def add(self, i: int) -> None:
        p = self.items[i]
        if not _eligible(p):
            return
        if p.pinpoint:
            self.with_pinpoint = i
        if p.act_type:
            self.by_type[p.act_type.split()[-1]] = i

    def find(self, c: Citation) -> Optional[Citation]:
        """The antecedent of anaphor ``c``: the latest act of its type ("that Directive"), or the latest act with a
        pinpoint for "that Article"/"that Annex"."""
        i = self.with_pinpoint if c.act_type in ("Article", "Annex") else self.by_type.get(c.act_type or "")
        return self.items[i] if i is not None else None


class _Chosen:
    """The citations kept so far, with a bucket index over their spans for "does c overlap a kept one?"."""

    _BUCKET = 64

    def __init__(self, items: list[Citation] = ()):
        self.items: list[Citation] = []
        self.buckets: dict[int, list[Citation]] = {}
        for c in items:
            self.add(c)

    def _keys(self, c: Citation) -> range:
        return range(c.start // self._BUCKET, (c.end - 1) // self._BUCKET + 1) if c.end > c.start else range(0)

    def add(self, c: Citation) -> None:
        self.items.append(c)
        for k in self._keys(c):
            self.buckets.setdefault(k, []).append(c)

    def blocks(self, c: Citation) -> bool:
        """Does ``c`` overlap a kept citation that is not a piece of the same split coordination?"""
        return any(_overlaps(c, x) and not _siblings(c, x) for k in self._keys(c) for x in self.buckets.get(k, ()))


def _select(cands: list[Citation], acts: list[Citation]) -> list[Citation]:
    """The longest of overlapping candidates (acts win ties), in source order."""
    cands.sort(key=lambda c: (-(c.end - c.start), 0 if c.kind == "eu_act" else 1, c.start))
    anaphors = [a for a in acts if a.anaphor]
    chosen = _Chosen()
    for c in cands:
        if c.kind == "generic" and "delegated" in c.text and any(_overlaps(a, c) for a in anaphors):
            # "the delegated acts adopted under that Directive": the generic phrase, not the anaphor inside it
            chosen = _Chosen([x for x in chosen.items if not (x.anaphor and _overlaps(x, c))])
        if not chosen.blocks(c):
            chosen.add(c)
    return sorted(chosen.items, key=lambda c: (c.start, _natural(c.text)))


def _natural(text: str) -> tuple:
    """Sort key reading numbers as numbers, so a split range keeps its order ("Section 3.9" before "Section 3.10").

    >>> sorted(["Section 3.10 of this Annex", "Section 3.9 of this Annex"], key=_natural)[0]
    'Section 3.9 of this Annex'
    """
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", text) if p)


def _restates_generic_law(c: Citation, kept: list[Citation], text: str) -> bool:
    """Whether generic law named alone ("national law") is the law a generic phrase kept earlier in the same sentence
    ends with ("the best afforestation practices laid down in national law, or, where no such … practices have been
    laid down in national law, …"): the phrase is the source (spec §7 RF3), the repetition names no other text.

    >>> p = Citation(kind="generic", text="practices laid down in national law", start=0, end=35, spans=((0, 35),))
    >>> c = Citation(kind="generic", text="national law", start=60, end=72, spans=((60, 72),))
    >>> _restates_generic_law(c, [p], "practices laid down in national law, or where none is laid down in national law")
    True
    >>> _restates_generic_law(c, [p], "practices laid down in national law. A permit is issued under national law")
    False
    """
    key = c.text.lower()
    return any(p.kind == "generic" and p.end <= c.start and p.text.lower().endswith(" " + key)
               and not re.search(r"[.;]\s", text[p.end:c.start]) for p in kept)


def _dedupe_and_merge(chosen: list[Citation], text: str) -> list[Citation]:
    """The same document (or the same Section of this Annex) named twice is one source; "Appendix A to Annex II to Directive X" is one source; a
    dated standard replaces the same standard without its year."""
    seen_named: set[str] = set()
    merged: list[Citation] = []
    for c in chosen:  # the same document named twice in one text is one source
        key = c.text.lower().removeprefix("the ")
        if (c.kind in {"named_document", "generic", "standard", "internal"}
                or c.kind == "eu_act" and c.pinpoint and not c.anaphor) and key in seen_named:
            continue  # also the same article of an act, named alone and in a split coordination
        if c.kind == "generic" and _restates_generic_law(c, merged, text):
            continue
        seen_named.add(key)
        prev = merged[-1] if merged else None
        if prev is not None and prev.kind == "internal" and prev.text.startswith("Appendix") and c.kind == "eu_act" \
                and c.celex and re.fullmatch(r"\s+to\s+", text[prev.end:c.start]) and c.text.startswith("Annex"):
            merged[-1] = replace(c, text=text[prev.start:c.end], start=prev.start, spans=prev.spans + c.spans,
                                 pinpoint=text[prev.start:c.start].strip() + " " + (c.pinpoint or ""),
                                 rule=c.rule + ";appendix-of-annex")
            continue
        merged.append(c)
    dated = {x.text.split(":", 1)[0] for x in merged if x.kind == "standard" and ":" in x.text}
    return [c for c in merged if not (c.kind == "standard" and ":" not in c.text and c.text in dated)]


def _resolve(chosen: list[Citation], text: str, context: Optional[ActContext]) -> list[Citation]:
    """Resolve anaphors (to an act earlier in the text, else to one of ``context``), merge "X and in particular
    Article n of that X" elaborations into one source, and drop repeats of an act named without a pinpoint."""
    resolved: list[Citation] = []
    here = _Antecedents(resolved)
    earlier = _Antecedents(list(context.acts) if context else [])
    celexes: set = set()  # CELEX of every act kept (None included)
    bare_celexes: set = set()  # ... of those without a pinpoint

    def keep(c: Citation) -> None:
        resolved.append(c)
        here.add(len(resolved) - 1)
        if c.kind == "eu_act":
            celexes.add(c.celex)
            if not c.pinpoint:
                bare_celexes.add(c.celex)

    for c in chosen:
        if c.kind == "eu_act" and c.anaphor:
            ante, conf = here.find(c), c.confidence
            if ante is None:
                ante, conf = earlier.find(c), min(conf, 0.6)
            if ante is None:
                if c.pinpoint:  # "Annex II to that Directive": still a reference, CELEX unknown
                    keep(replace(c, rule=c.rule + ";unresolved", confidence=0.3))
                continue
            if not c.pinpoint and ante.celex in celexes:
                continue  # "… of Regulation X and, from the entry into force of amendments to that Regulation, …"
            prev = resolved[-1] if resolved else None
            if prev is not None and prev.celex == ante.celex and prev.kind == "eu_act" \
                    and ELABORATION_GAP.match(text[prev.end:c.start]):
                resolved[-1] = replace(prev, text=text[prev.start:c.end], end=c.end,
                                       spans=prev.spans + c.spans, rule=prev.rule + ";merged-elaboration")
                continue
            keep(replace(c, celex=ante.celex, number=ante.number,
                         act_type=ante.act_type if c.act_type in {"Article", "Annex"} else c.act_type,
                         rule=c.rule + ";resolved", confidence=conf))
        elif c.kind == "eu_act" and c.celex and not c.pinpoint and c.celex in bare_celexes:
            continue  # the same act named twice without a pinpoint ("… compared to those of Regulation 2019/1009")
        elif c.kind == "generic" and any(r.kind == "generic" and r.text.lower().startswith(c.text.lower() + " ")
                                         for r in resolved):
            continue  # a shorter repeat of a generic noun phrase named in full before ("all EU Ecolabel criteria
            # applicable to that specific product category … foreseen by the EU Ecolabel criteria")
        else:
            keep(c)
    return resolved


def find_citations(text: str, context: Optional[ActContext] = None) -> list[Citation]:
    """All independent references in ``text``, in source order (internal criterion references excluded).

    The candidates of every rule of :data:`~regc.grammar.citations.rules.RULES`, the longest of overlapping ones
    kept, de-duplicated, anaphors resolved (to ``context`` acts when the text names none).

    >>> [c.text for c in find_citations("the CO2 is transported and stored underground, in accordance with the "
    ...     "technical screening criteria set out in Sections 5.11 and 5.12, respectively, of this Annex.")]
    ['Section 5.11 of this Annex', 'Section 5.12 of this Annex']
    """
    return _resolve(list(_scan(text)), text, context)


@lru_cache(maxsize=16384)
def _scan(text: str) -> tuple[Citation, ...]:
    """The context-free part of :func:`find_citations`, once per distinct text (citations are frozen): every
    rule's candidates, the longest of overlapping ones, de-duplicated and merged (anaphors still unresolved)."""
    from regc.grammar.citations.rules import RULES, act

    found = {fn: fn(text) if may_apply(fn.gates, text) else [] for fn in RULES}
    cands = [c for fn in RULES for c in found[fn]]
    chosen = _select(cands, found[act])
    return tuple(_dedupe_and_merge(chosen, text))


def act_context(citations: Sequence[Citation]) -> list[Citation]:
    """The named (non-anaphoric) acts among ``citations``, for :class:`ActContext`."""
    return [c for c in citations if c.kind == "eu_act" and not c.anaphor and c.celex]
