"""Decision ``relied_on``: the other criteria whose requirements a node relies on (spec §7 "Edges"): "enables …
to meet the requirements specified in points 5 and 6", "the aircraft meeting the technical screening criteria set
out in point (b)" -> one ``DEPENDS_ON`` edge (and dependency clause) per cited point.  The clause is
``Affirmation``; inside a negated "where …" gate ("where the plan does not contain all the elements specified in
point 3.1") it is ``Negation``.

Not relied-on: verifying or describing compliance ("Compliance with the criteria referred to in point 1(b) is
verified"), reusing a limit ("the level referred to in point 1", decision ``inheritance``), and pinpoints of
another act or Section.

>>> RELIED_ON.rule(ReliedOnInputs("the system enables the operator to meet the requirements specified in points 5 "
...                               "and 6.")).value
(('5', 'Affirmation'), ('6', 'Affirmation'))
>>> RELIED_ON.rule(ReliedOnInputs("a substitute to another product that does not comply with the requirements "
...                               "described in point 1.1.1.")).value
()
>>> RELIED_ON.rule(ReliedOnInputs("Compliance with the criteria referred to in point 1(b) is verified.")).value
()
>>> RELIED_ON.rule(ReliedOnInputs("The lessor ensures that aircraft in point (b) or (c) is operated on SAF.")).value
(('(b)', 'Affirmation'), ('(c)', 'Affirmation'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from regc.decisions.base import Decision, Verdict
from regc.decisions.point_citations import GATE, NEG, POINTS_SUBJECT, citation_lists
from regc.grammar.prefilter import prefilter_namespace

# the verb of reliance and the requirement noun right before the cited points
_RELIES = re.compile(r"""
    \b(?:meet|meets|meeting|fulfil|fulfils|fulfilling|satisfy|satisfies|satisfying|complies\s+with|comply\s+with
        |complying\s+with|consistently\s+with|in\s+line\s+with|contain|contains)
    \s+(?:all\s+)?(?:the\s+)?(?:technical\s+screening\s+)?(?:requirements|criteria|conditions|elements)
    \s+(?:(?:specified|set\s+out|laid\s+down|referred\s+to|listed|described)\s+)?in\s+$
""", re.X | re.I)

# a relative clause describing another entity ("another product that does not comply with the requirements
# described in point 1.1.1"): not the node's own reliance
_RELATIVE_BEFORE = re.compile(r"""
    \b(?:that|which|who)\s+(?:(?:does|do|did)\s+not\s+)?$
""", re.X | re.I)

# a pinpoint of a Section of this Annex after the points ("point (d) and paragraph 2 of Section 6.19")
_OTHER_SECTION = re.compile(r"""
    ^[^.;]{0,40}?\bof\s+Section\s+\d
""", re.X)


@dataclass(frozen=True)
class ReliedOnInputs:
    text: str


def relied_on_rule(text: str) -> Verdict[tuple]:
    """(written id, clause status) of each point ``text`` relies on."""
    gate = GATE.match(text)
    out: list[tuple[str, str]] = []
    for cits, _ in citation_lists(text):
        first, last = cits[0], cits[-1]
        window = max(0, first.start - 120)
        rel = _RELIES.search(text[window:first.start])
        subject = POINTS_SUBJECT.search(text[:first.end])  # "aircraft in point (b) or (c) is operated …"
        if rel is None and subject is not None and subject.end() > first.start:
            rel, window = subject, 0
        if not rel or _OTHER_SECTION.match(text[last.end:]):
            continue
        if _RELATIVE_BEFORE.search(text[:window + rel.start()]):
            continue
        negated = bool(gate and first.start < gate.end() and NEG.search(text[gate.start():first.start]))
        status = "Negation" if negated else "Affirmation"
        out += [(c.written, status) for c in cits if (c.written, status) not in out]
    return Verdict(tuple(out), 0.8, "relies-on-points" if out else "no-reliance")


class ReliedOn(Decision):
    name = "relied_on"
    pass_name = "dependencies"
    Inputs = ReliedOnInputs
    Output = tuple
    llm = False

    def rule(self, x: ReliedOnInputs) -> Verdict[tuple]:
        return relied_on_rule(x.text)

    def examples(self, act: Any) -> Iterable[tuple[ReliedOnInputs, tuple]]:
        for unit in act.units:
            for node in unit.root.walk():
                if node.verbatim_text and relied_on_rule(node.verbatim_text).value:
                    deps = node.dependencies
                    yield ReliedOnInputs(node.verbatim_text), tuple(
                        (c.criterion_id, c.status) for c in (deps.clauses if deps else []))


RELIED_ON = ReliedOn()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
