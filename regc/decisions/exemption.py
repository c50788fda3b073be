"""Decision ``exemption``: the points an exemption paragraph switches off (spec §7 "Exemptions"): "Points 1 and 2
do not apply to <class>" is a Conditional node (the class is its condition); each exempted point gets a
``Negation`` dependency clause and a ``DEPENDS_ON`` edge to the exemption node (the pass resolves the written
ids and writes them).

Only a paragraph whose subject is the cited points themselves is an exemption; a requirement that merely
mentions a point ("the requirements of point 2 do not apply to the storage …" is one, "Installations referred
to in point 1 do not exceed …" is not), and a point of another act ("Article 3 does not apply") is none.

>>> EXEMPTION.rule(ExemptionInputs("Points 1 and 2 do not apply to cogeneration installations with a total rated "
...                                "thermal input below 2 MW and using gaseous biomass fuels.")).value
('1', '2')
>>> EXEMPTION.rule(ExemptionInputs("Installations referred to in point 1 do not use peat.")).value
()

An anaphoric subject ("For repair or refurbishment activities, those requirements do not apply to the original
components …") exempts the point just before the paragraph: the answer is :data:`PREVIOUS`, which the pass resolves
to the preceding participating sibling.

>>> EXEMPTION.rule(ExemptionInputs("For repair activities, those requirements do not apply to the original "
...                                "components that have been retained in the product.")).value
('<previous>',)

A class released from a requirement named by its content ("Forest holdings under 13ha are not required to perform a
climate benefit analysis.") exempts the points that require that thing: the answer is a :func:`requires` marker,
which the pass resolves to the participating siblings whose subtree names it (spec §7 Exemptions, the points named
by what they require, not by id).

>>> EXEMPTION.rule(ExemptionInputs("Forest holdings under 13ha are not required to perform a climate benefit "
...                                "analysis.")).value
('<requires:climate benefit analysis>',)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from regc.decisions.base import Decision, Verdict
from regc.decisions.point_citations import citation_lists
from regc.grammar.prefilter import prefilter_namespace

# the exempting predicate right after the cited points ("… do not apply to", "shall not apply where")
_EXEMPTS = re.compile(r"""
    ^\s*(?:of\s+this\s+(?:Section|subsection)\s+)?(?:do|does|shall|will)\s+not\s+apply\b
""", re.X | re.I)

# what may stand before the cited points: nothing, or "The requirements/criteria (set out) in"
_SUBJECT = re.compile(r"""
    ^\s*(?:the\s+(?:requirements|criteria|conditions|thresholds)\s+(?:(?:set\s+out|laid\s+down|specified)\s+)?
        (?:in|of)\s+)?$
""", re.X | re.I)


# the written id that stands for "the point just before" (an anaphoric exemption)
PREVIOUS = "<previous>"

# an anaphoric exemption: an optional scope ("For repair or refurbishment activities,"), then "those/these/the above
# requirements" and the exempting predicate
_ANAPHORIC = re.compile(r"""
    ^\s*(?:(?:for|in\s+the\s+case\s+of)\s+[^,;:]{3,100},\s*)?
    (?:those|these|the\s+above|such|the\s+preceding)\s+(?:requirements|criteria|conditions|thresholds)\s+
    (?:do|shall|will)\s+not\s+apply\b
""", re.X | re.I)


# a class released from a requirement it would otherwise meet, named by content: "<class> are not required to
# <verb> <the required thing>." — the whole block one sentence, the class its subject (no clause before it)
RELEASING_VERBS = ("perform", "carry out", "conduct", "undertake", "prepare", "draw up", "submit", "provide",
                   "develop", "establish", "have")
_NOT_REQUIRED = re.compile(r"""
    ^\s*(?P<cls>[A-Z][^,;:.]{2,80}?)\s+(?:is|are)\s+not\s+(?:required|obliged)\s+to\s+
    (?:""" + "|".join(v.replace(" ", r"\s+") for v in RELEASING_VERBS) + r""")\s+
    (?:an?\s+|the\s+|any\s+)?(?P<what>[^,;:.]{3,80}?)\s*\.?\s*$
""", re.X)

_REQUIRES = "<requires:"


def requires(what: str) -> str:
    """The marker for the points that require ``what``.

    >>> requires("climate benefit analysis"), required_content(requires("climate benefit analysis"))
    ('<requires:climate benefit analysis>', 'climate benefit analysis')
    """
    return f"{_REQUIRES}{what}>"


def required_content(written: str) -> str:
    """The thing a :func:`requires` marker names, or ``""`` for a written id."""
    return written[len(_REQUIRES):-1] if written.startswith(_REQUIRES) and written.endswith(">") else ""


@dataclass(frozen=True)
class ExemptionInputs:
    text: str


def exemption_rule(text: str) -> Verdict[tuple]:
    """The written ids of the points ``text`` exempts (empty when it is no exemption)."""
    for cits, _ in citation_lists(text):
        first, last = cits[0], cits[-1]
        if _SUBJECT.match(text[:first.start]) and _EXEMPTS.match(text[last.end:]):
            return Verdict(tuple(c.written for c in cits), 0.9, "points-do-not-apply")
    if _ANAPHORIC.match(text):
        return Verdict((PREVIOUS,), 0.75, "anaphor-do-not-apply")
    m = _NOT_REQUIRED.match(text)
    if m:
        return Verdict((requires(m.group("what")),), 0.7, "class-not-required")
    return Verdict((), 0.9, "no-exemption")


class Exemption(Decision):
    name = "exemption"
    pass_name = "dependencies"
    Inputs = ExemptionInputs
    Output = tuple
    llm = False

    def rule(self, x: ExemptionInputs) -> Verdict[tuple]:
        return exemption_rule(x.text)

    def examples(self, act: Any) -> Iterable[tuple[ExemptionInputs, tuple]]:
        for unit in act.units:
            nodes = {n.criterion_id: n for n in unit.root.walk()}
            exempted: dict[str, list[str]] = {}
            for e in unit.edges:  # gold: a DEPENDS_ON edge whose source holds a Negation clause on its target
                deps = nodes[e.from_].dependencies if e.from_ in nodes else None
                if e.type == "DEPENDS_ON" and deps and any(c.criterion_id == e.to and c.status == "Negation"
                                                            for c in deps.clauses):
                    exempted.setdefault(e.to, []).append(e.from_)
            for node in nodes.values():
                if node.verbatim_text:
                    yield ExemptionInputs(node.verbatim_text), tuple(exempted.get(node.criterion_id, ()))


EXEMPTION = Exemption()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
