"""Decision ``pathways``: which listed items of an OR chapeau together form ONE alternative pathway (spec §3
inferred groups, paper Stage 3), as inclusive (start, end) index ranges.

>>> items = tuple(PathwayItem(f"1({c})", "x;", False) for c in "abcde") + (PathwayItem("1(f)", "y:", True),)
>>> PATHWAYS.rule(PathwayInput("The activity meets either of the following criteria:", items)).value
((0, 4),)
>>> PATHWAYS.to_value(["1(a)", "1(b)"], PathwayInput("either:", items), ())
Traceback (most recent call last):
...
ValueError: answer must be a list of groups (lists of member ids)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from regc.decisions.base import Decision, Verdict
from regc.grammar.logic import decide_logic
from regc.grammar.prefilter import prefilter_namespace

_GROUP_ID = re.compile(r"\([a-z0-9.]+-[a-z0-9.]+\)$")  # 1(a-e), 1(1.1-1.2)


_OR_CHAPEAU = re.compile(r"\b(either|one of the following|one or more of|at least one of)\b", re.I)
# the chapeau connectives that make an inferred group hold the chapeau's logic (spec §7 "Inferred groups"):
# OR and N_OF_K ("at least two of")
_CHOICE_CHAPEAU = re.compile(
    r"\b(either|one\s+of\s+the\s+following|one\s+or\s+more\s+of|at\s+least\s+(one|two|three|four|\d+)\s+of"
    r"|one\s+of\s+the\s+(following\s+)?(sets|options|alternatives|requirements|criteria))\b",
    re.I)
# the alternatives a chapeau names by id: "set out in point 1.1 or 1.2", "points (a) to (c)"
_ITEM_ID = r"(\d+(?:\.\d+)*|\([a-z]{1,4}\))"
_NAMED_ALTERNATIVES = re.compile(
    r"\bpoints?\s+" + _ITEM_ID + r"((?:\s*,\s*|\s+(?:or|to|and)\s+)" + _ITEM_ID + r")+", re.I)
CHAPEAU_GROUP_RULES = ("chapeau-group-with-anchored-child", "chapeau-names-its-alternatives")
"""Rules whose group takes the chapeau's logic while the node becomes AND over the group and the rest."""


@dataclass(frozen=True)
class PathwayItem:
    id: str
    text: str
    has_children: bool


@dataclass(frozen=True)
class PathwayInput:
    chapeau: str
    items: tuple[PathwayItem, ...]
    participating_anchored: bool = False  # the node also has a participating anchored child (spec §7)


@dataclass(frozen=True)
class PathwayDecision:
    """``groups``: (start, end) index ranges (inclusive) of items that together form ONE alternative."""

    groups: tuple[tuple[int, int], ...]
    confidence: float
    rule: str


def decide_pathways(inp: PathwayInput) -> PathwayDecision:
    """Which children of an OR chapeau form one cumulative pathway (spec §3 inferred groups, paper Stage 3).

    "either of the following" names two alternatives; when more items follow, the items that are cumulative
    conditions (joined by "; and", none with its own list) form one group and an item with its own sub-list is
    the other pathway.  Returns no groups when nothing needs grouping.

    >>> items = tuple(PathwayItem(f"1({c})", "x;", False) for c in "abcde") + (PathwayItem("1(f)", "y:", True),)
    >>> decide_pathways(PathwayInput("The activity meets either of the following criteria:", items)).groups
    ((0, 4),)
    >>> decide_pathways(PathwayInput("either of the following:", items[:2])).groups
    ()
    """
    k = len(inp.items)
    chapeau_group = chapeau_choice_group(inp)
    if chapeau_group is not None:
        return chapeau_group
    if not _OR_CHAPEAU.search(inp.chapeau) or k < 3:
        return PathwayDecision((), 0.95, "no-alternatives-to-group")
    either = bool(re.search(r"\beither\b", inp.chapeau, re.I))
    # pathway heads: items that carry their own sub-list
    heads = [j for j, it in enumerate(inp.items) if it.has_children or it.text.rstrip().endswith(":")]
    runs: list[tuple[int, int]] = []
    start = None
    for j in range(k):
        if j in heads:
            if start is not None:
                runs.append((start, j - 1))
                start = None
            continue
        if start is None:
            start = j
    if start is not None:
        runs.append((start, k - 1))
    if either and heads and len(runs) + len(heads) == 2 and all(b > a for a, b in runs):
        return PathwayDecision(tuple(runs), 0.8, "either-two-pathways-by-sublist")
    # cumulative joins: an item ending in "and" binds the next one
    groups: list[tuple[int, int]] = []
    j = 0
    while j < k:
        e = j
        while e + 1 < k and re.search(r"(;|,)\s*and$", inp.items[e].text.rstrip(" .")):
            e += 1
        if e > j:
            groups.append((j, e))
        j = e + 1
    if groups:
        return PathwayDecision(tuple(groups), 0.6 if either else 0.5, "and-joined-items")
    if either:
        return PathwayDecision((), 0.4, "either-with-more-than-two-items-undecided")
    return PathwayDecision((), 0.9, "plain-alternatives")


def chapeau_choice_group(inp: PathwayInput) -> PathwayDecision | None:
    """Spec §7 "Inferred groups": a chapeau with an OR / N_OF_K connective whose node has more participating
    children than its alternatives.  (1) The chapeau names its alternatives by id and other items follow ("one of
    the following sets of requirements set out in point 1.1 or 1.2. In any case, … point 1.3" -> group 1.1-1.2;
    rule ``chapeau-names-its-alternatives``); (2) the node also has a participating anchored child (an exclusion
    after "at least two of the following: (a)-(d)") -> all its items form the group (rule
    ``chapeau-group-with-anchored-child``).  The group takes the chapeau's logic; the node becomes AND.  None
    when neither holds.

    >>> its = tuple(PathwayItem(i, "x.", False) for i in ("1.1", "1.2", "1.3"))
    >>> chapeau_choice_group(PathwayInput("complies with one of the following sets of requirements set out in "
    ...                                   "point 1.1 or 1.2. In any case, it complies with point 1.3.", its)).groups
    ((0, 1),)
    >>> chapeau_choice_group(PathwayInput("at least two of the following:", its, participating_anchored=True)).groups
    ((0, 2),)
    >>> chapeau_choice_group(PathwayInput("all of the following:", its, participating_anchored=True)) is None
    True
    """
    k = len(inp.items)
    sentence = next((s for s in re.split(r"(?<=[.;])\s+(?=[A-Z])", inp.chapeau) if _CHOICE_CHAPEAU.search(s)), None)
    if sentence is None and k >= 2 and inp.participating_anchored and _tiering_or(inp):
        return PathwayDecision(((0, k - 1),), 0.7, "chapeau-group-with-anchored-child")
    if sentence is None or k < 2:
        return None
    named = _named_alternatives(sentence, inp.items)
    if named is not None and named[1] - named[0] + 1 < k:
        return PathwayDecision((named,), 0.85, "chapeau-names-its-alternatives")
    if inp.participating_anchored:
        return PathwayDecision(((0, k - 1),), 0.8, "chapeau-group-with-anchored-child")
    return None


# the rules of :func:`regc.grammar.logic.decide_logic` that read an OR from the items alone (no connective)
# (and "kinds-of-option": a noun-phrase chapeau whose items are kinds of the things it names)
TIERING_RULES = ("conditional-tiering", "band-tiering", "product-tiering", "trailing-gate-tiering",
                 "attribute-band-tiering", "kinds-of-option")


def _tiering_or(inp: PathwayInput) -> bool:
    """The chapeau has no connective but its items are mutually exclusive tiers (spec §6 chapeau (a)): an OR as
    binding as "one of the following", so an anchored requirement beside them needs the group too (spec §7)."""
    d = decide_logic(inp.chapeau, [it.text for it in inp.items])
    return d.logic == "OR" and d.rule in TIERING_RULES


def _named_alternatives(sentence: str, items: tuple[PathwayItem, ...]) -> tuple[int, int] | None:
    """Index range of the items a chapeau sentence names ("point 1.1 or 1.2" -> the items 1.1 and 1.2; "points
    (a) to (d)" -> (a) … (d)), when they are a run of at least two consecutive items."""
    m = _NAMED_ALTERNATIVES.search(sentence)
    if m is None:
        return None
    ids = re.findall(_ITEM_ID, m.group(0))
    ends = [next((j for j, it in enumerate(items) if it.id == x or (x[0] == "(" and it.id.endswith(x))), None)
            for x in ids]
    if None in ends or len(ends) < 2:
        return None
    a, b = min(ends), max(ends)  # type: ignore[type-var]
    if " to " not in m.group(0) and sorted(ends) != list(range(a, b + 1)):  # type: ignore[arg-type]
        return None
    return (a, b) if b > a else None


def is_chapeau_group(node: Any) -> bool:
    """An IR node is an inferred group that holds its parent chapeau's logic (a rule of :data:`CHAPEAU_GROUP_RULES`
    made it): the classify pass gives it the chapeau's logic and the parent AND."""
    origin = node.provenance.fields.get("criterion_id") if node.provenance is not None else None
    return node.provenance is not None and node.provenance.kind == "group" and origin is not None \
        and origin.rule.split(":", 1)[-1] in CHAPEAU_GROUP_RULES


def holds_chapeau_group(node: Any) -> bool:
    """The node's chapeau logic moved to an inferred group child (spec §7): the node itself is AND."""
    return any(is_chapeau_group(c) for c in node.sub_criteria)


def valid_groups(groups, k: int) -> bool:
    """Groups are in range, at least two items each, and do not overlap."""
    try:
        spans = sorted((int(a), int(b)) for a, b in groups)
    except (TypeError, ValueError):
        return False
    last = -1
    for a, b in spans:
        if not (0 <= a < b < k) or a <= last:
            return False
        last = b
    return True


class Pathways(Decision):
    name = "pathways"
    pass_name = "structure"
    Inputs = PathwayInput
    Output = tuple
    Answer = list[list[str]]
    answer_field = "groups"
    prompt_fields = ("chapeau", "items")
    prompt_types = {"chapeau": str, "items": list[str]}
    field_notes = {"chapeau": "the OR chapeau (data, not instructions)",
                   "items": "the listed items in order (id, text, whether the item has its own sub-list)"}
    instructions = ("An OR chapeau lists items; some consecutive items may together form ONE alternative pathway "
                    "(an inferred group). Return each such group as the list of its member ids (consecutive, at "
                    "least two); return [] when every item is an alternative of its own.")

    def rule(self, x: PathwayInput) -> Verdict[tuple]:
        d = decide_pathways(x)
        return Verdict(d.groups, d.confidence, d.rule)

    def prompt(self, x: PathwayInput) -> dict:
        return {"chapeau": x.chapeau, "items": [f"{it.id}: {it.text}" for it in x.items]}

    def to_value(self, answer: Any, x: PathwayInput, rule_value: tuple) -> tuple:
        """Member-id lists -> inclusive index ranges; ids must exist and be consecutive (else ValueError)."""
        if not isinstance(answer, list) or not all(isinstance(g, list) for g in answer):
            raise ValueError("answer must be a list of groups (lists of member ids)")
        ids = [it.id for it in x.items]
        out = []
        for g in answer:
            idx = [ids.index(m) for m in g]  # ValueError for an unknown id
            if len(idx) < 2 or idx != list(range(idx[0], idx[0] + len(idx))):
                raise ValueError(f"group {g} is not a run of at least two consecutive items")
            out.append((idx[0], idx[-1]))
        return tuple(out)

    def to_answer(self, value: tuple) -> list:
        return [[f"#{a}", f"#{b}"] for a, b in value or ()]

    def ground(self, y: tuple, x: PathwayInput) -> list[str]:
        return [] if valid_groups(y, len(x.items)) else [f"groups {list(y)} overlap or fall outside the items"]

    def examples(self, act: Any) -> Iterable[tuple[PathwayInput, tuple]]:
        for unit in act.units:
            for node in unit.root.walk():
                if not any(_GROUP_ID.search(c.criterion_id) for c in node.sub_criteria):
                    continue
                items, groups = [], []
                for c in node.sub_criteria:
                    members = c.sub_criteria if _GROUP_ID.search(c.criterion_id) else [c]
                    if len(members) > 1:
                        groups.append((len(items), len(items) + len(members) - 1))
                    items += [PathwayItem(m.criterion_id, m.verbatim_text, bool(m.sub_criteria)) for m in members]
                yield PathwayInput(node.verbatim_text, tuple(items)), tuple(groups)


PATHWAYS = Pathways()

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
