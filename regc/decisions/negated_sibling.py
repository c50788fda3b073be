"""Decision ``negated_sibling``: the earlier sibling an OR alternative applies only without (a Negation clause):
"where point (a) is not possible", "where that is not feasible", or a condition restating an earlier sibling
with the opposite polarity.  Shape, answer type and grounding: :mod:`regc.decisions.relations`.

>>> x = SiblingInputs("where the plant risks to deteriorate the specific water body, such deterioration is justified.",
...                   ("3.2(a)",), earlier=(("3.2(a)", "the plant does not entail any deterioration of the specific "
...                                                    "water body;"),))
>>> NEGATED_SIBLING.rule(x).value, NEGATED_SIBLING.to_answer("1(a)").relation
('3.2(a)', 'DEPENDS_ON')
>>> NEGATED_SIBLING.rule(SiblingInputs("Where the insurer is not yet sharing such data with a public authority, it has "
...     "declared the intention to make its data available.", ("4.1",), earlier=(("4.1", "a significant share of loss "
...     "data is made available to one or several public authorities."),))).rule
'not-met-topic-overlap'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

from regc.decisions.base import Verdict
from regc.decisions.point_citations import GATE, NEG, NOT_MET, find_citations, stems
from regc.decisions.relations import RelationDecision, RelationInputs
from regc.grammar.logic import gate_condition, negates_gate
from regc.grammar.prefilter import prefilter_namespace


# a fallback for instances that do not meet a sibling yet ("Where the reinsurer is not yet sharing such data …")
_NOT_YET = re.compile(r"""
    \bnot\s+yet\b
""", re.X | re.I)

# the verdicts that rest on an explicit not-met cue (they also hold under an AND parent: a fallback point)
EXPLICIT_RULES = ("explicit-not-met", "not-met-topic-overlap", "not-met-previous-sibling")


@dataclass(frozen=True)
class SiblingInputs(RelationInputs):
    earlier: tuple = ()  # (id, text) of the participating siblings before the node, in order


def negated_sibling_rule(text: str, earlier: Sequence[tuple[str, str]]) -> Verdict[Optional[str]]:
    """The earlier sibling whose failure is the condition of ``text`` (Negation), if any."""
    m = GATE.match(text)
    if not m:
        return Verdict(None, 1.0, "no-gate")
    cond = m.group("cond")
    # "where point (a) is not possible" / "where that is not possible"
    if NOT_MET.search(cond) or _NOT_YET.search(cond):
        for c in find_citations(cond):
            for sid, _ in earlier:
                if sid.endswith(c.written) or sid == c.written:
                    return Verdict(sid, 0.9, "explicit-not-met")
        if earlier:
            cs = stems(cond)
            scored = sorted(((len(cs & stems(st)), -i, sid) for i, (sid, st) in enumerate(earlier)), reverse=True)
            if scored and scored[0][0] >= 2:
                return Verdict(scored[0][2], 0.75, "not-met-topic-overlap")
            if len(earlier) == 1 or re.search(r"\b(?:this|that|it|the\s+above|the\s+former)\b", cond, re.IGNORECASE):
                return Verdict(earlier[-1][0], 0.6, "not-met-previous-sibling")
    # the condition restates an earlier sibling with the opposite polarity
    cs = stems(cond)
    best: tuple[float, str] | None = None
    for sid, st in earlier:
        ss = stems(st)
        if not cs or not ss:
            continue
        jac = len(cs & ss) / len(cs | ss)
        if bool(NEG.search(cond)) == bool(NEG.search(st)):
            continue
        if jac >= 0.3 and (best is None or jac > best[0]):
            best = (jac, sid)
    if best:
        return Verdict(best[1], min(0.9, 0.4 + best[0]), f"opposite-polarity-restatement:{best[0]:.2f}")
    # the condition negates an earlier sibling's own gate ("Where no product-specific EU Ecolabel criteria exist"
    # after "Where the activity manufactures equipment complying with all EU Ecolabel criteria …"): complementary
    # routes, the later one applies only where the earlier one does not
    for sid, st in reversed(earlier):
        other = gate_condition(st)
        if other is not None and negates_gate(cond, other):
            return Verdict(sid, 0.7, "negated-sibling-gate")
    return Verdict(None, 0.8, "no-negated-sibling")


class NegatedSibling(RelationDecision):
    name = "negated_sibling"
    Inputs = SiblingInputs
    rule_needs_pass = False  # the rule reads the node's text and its earlier siblings, all in the inputs

    def rule(self, x: SiblingInputs) -> Verdict[Optional[str]]:
        return negated_sibling_rule(x.text, x.earlier)

    def examples(self, act: Any) -> Iterable[tuple[SiblingInputs, Optional[str]]]:
        for unit in act.units:
            for node, parent in unit.root.walk_with_parent():
                deps = node.dependencies
                gold = [c.criterion_id for c in (deps.clauses if deps else []) if c.status == "Negation"]
                if parent is None or parent.evaluation_logic not in ("OR", "N_OF_K") or not node.verbatim_text:
                    continue
                sibs = parent.participating_children()
                idx = next((i for i, s in enumerate(sibs) if s is node), len(sibs))
                yield (SiblingInputs(node.verbatim_text, tuple(s.criterion_id for s in sibs if s is not node),
                                     earlier=tuple((s.criterion_id, s.verbatim_text) for s in sibs[:idx])),
                       gold[0] if gold else None)


NEGATED_SIBLING = NegatedSibling()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
