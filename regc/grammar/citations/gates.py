"""A sound literal prefilter for regexes: the words a text must contain for a pattern to match anywhere in it.

:func:`required_literals` reads a compiled pattern's syntax tree (the standard library's own parser) and returns a
set of literal strings at least one of which occurs in every text the pattern can :meth:`~re.Pattern.search`
successfully, or None when it knows no such set (an ignore-case pattern, a pattern that can match the empty
string, ...).  The set is derived from the pattern, so it stays right when the pattern changes: a rule that only
emits what its pattern matches may skip a text none of whose literals occur in it (one ``in`` test per literal
instead of a regex scan at every position), and its output cannot change.

The derivation follows the usual prefilter construction (as in RE2): every node is either *exact* (the finite set
of strings it can match: a literal, a small character class, an alternation of those, their concatenation) or
*required* (a set of strings one of which must occur); a sequence keeps its most selective requirement, an
alternation needs every branch to require something, a repetition requires what its item does only if it must
occur at least once; positive look-arounds require their content (it must be in the text too), negative ones
nothing.

>>> import re
>>> sorted(required_literals(re.compile(r"\\bnational\\s+(?:law|legislation)\\b")))
['national']
>>> sorted(required_literals(re.compile(r"(?:EU|Union)\\s+requirements|other\\s+standards")))
['requirements', 'standards']
>>> required_literals(re.compile(r"\\d+(?:\\.\\d+)?")) is None, required_literals(re.compile("law", re.I)) is None
(True, True)
>>> may_match(re.compile(r"best\\ available\\ techniques|BAT"), "the BAT conclusions")
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from re import _constants as C  # noqa: N812 - the standard library's own opcode names
from re import _parser

EXACT_LIMIT = 64  # largest exact set kept (a concatenation beyond it becomes a requirement)
CLASS_LIMIT = 10  # largest character class taken as a set of one-character strings
Info = tuple  # (exact: frozenset[str] | None, required: frozenset[str] | None)
_ANY: Info = (None, None)
_EMPTY: Info = (frozenset({""}), None)


def _required(info: Info) -> frozenset[str] | None:
    """What a node requires: its exact set when none of it is empty, else its requirement."""
    exact, req = info
    if exact is not None:
        return None if "" in exact else exact
    return req


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more selective of two requirements: longer shortest literal, then fewer literals."""
    if a is None or b is None:
        return a if b is None else b
    key = (lambda s: (min(map(len, s)), -len(s)))
    return a if key(a) >= key(b) else b


def _sequence(items: list) -> Info:
    """A concatenation: exact while every item is exact and the product stays small, else its best requirement."""
    cur: frozenset[str] = frozenset({""})
    best: frozenset[str] | None = None
    exact = True
    for item in items:
        e, r = _node(item)
        if e is not None and len(cur) * len(e) <= EXACT_LIMIT:
            cur = frozenset(a + b for a in cur for b in e)
            continue
        exact = False
        best = _better(best, _required((cur, None)))
        if e is not None:
            cur = e
        else:
            best, cur = _better(best, r), frozenset({""})
    if exact:
        return cur, None
    return None, _better(best, _required((cur, None)))


def _branch(branches: list) -> Info:
    """An alternation: the union of exact sets, or of requirements (None when one branch requires nothing)."""
    infos = [_sequence(list(b)) for b in branches]
    if all(e is not None for e, _ in infos):
        union = frozenset().union(*(e for e, _ in infos))
        if len(union) <= EXACT_LIMIT:
            return union, None
    reqs = [_required(i) for i in infos]
    if any(r is None for r in reqs):
        return _ANY
    return None, frozenset().union(*reqs)


def _charset(items: list) -> Info:
    """A small character class of plain characters is the set of those characters; anything else is any char."""
    chars = set()
    for op, av in items:
        if op is C.LITERAL:
            chars.add(chr(av))
        elif op is C.RANGE and av[1] - av[0] < CLASS_LIMIT:
            chars.update(map(chr, range(av[0], av[1] + 1)))
        else:
            return _ANY
    return (frozenset(chars), None) if 0 < len(chars) <= CLASS_LIMIT else _ANY


def _repeat(lo: int, hi: int, item: list) -> Info:
    info = _sequence(list(item))
    if lo == 0:
        return _EMPTY if info == _EMPTY else _ANY
    if lo == hi and info[0] is not None and len(info[0]) ** lo <= EXACT_LIMIT:
        return _sequence([(C.SUBPATTERN, (None, 0, 0, item))] * lo)
    return None, _required(info)


def _node(node: tuple) -> Info:  # noqa: C901 - one case per opcode of the standard library's parser
    op, av = node
    if op is C.LITERAL:
        return frozenset({chr(av)}), None
    if op is C.IN:
        return _charset(av)
    if op is C.AT or op is C.ASSERT_NOT:
        return _EMPTY
    if op is C.SUBPATTERN:
        _, add_flags, _, sub = av
        return _ANY if add_flags & re.IGNORECASE else _sequence(list(sub))
    if op is C.ATOMIC_GROUP:
        return _sequence(list(av))
    if op is C.BRANCH:
        return _branch(av[1])
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return _repeat(*av)
    if op is C.ASSERT:  # a positive look-around: its content is in the text, though not in the match
        return None, _required(_sequence(list(av[1])))
    if op is C.GROUPREF_EXISTS:
        _, yes, no = av
        return _branch([yes, no if no is not None else []])
    return _ANY  # ANY, NOT_LITERAL, CATEGORY, GROUPREF, ...


@lru_cache(maxsize=None)
def required_literals(pattern: re.Pattern) -> frozenset[str] | None:
    """Literal strings one of which occurs in every text ``pattern`` finds a match in; None when unknown."""
    if pattern.flags & re.IGNORECASE or not isinstance(pattern.pattern, str):
        return None
    tree = _parser.parse(pattern.pattern, pattern.flags)
    if tree.state.flags & re.IGNORECASE:
        return None
    return _required(_sequence(list(tree)))


def may_match(pattern: re.Pattern, text: str) -> bool:
    """False only when ``pattern`` cannot match anywhere in ``text`` (none of its required literals occurs)."""
    lits = required_literals(pattern)
    return lits is None or any(lit in text for lit in lits)


def may_apply(gates: tuple[re.Pattern, ...], text: str) -> bool:
    """Whether a rule gated by ``gates`` (patterns one of which matches wherever the rule finds something) can find
    anything in ``text``; a rule without gates always applies.

    >>> may_apply((), "x"), may_apply((re.compile("Directive"), re.compile("Treaty")), "the Regulation")
    (True, False)
    """
    if not gates:
        return True
    lits = _gate_literals(gates)
    if lits is None:
        return True
    for lit in lits:  # a plain loop: this runs for every rule on every distinct text
        if lit in text:
            return True
    return False


@lru_cache(maxsize=None)
def _gate_literals(gates: tuple[re.Pattern, ...]) -> tuple[str, ...] | None:
    """The required literals of any of ``gates``, without those that contain another one (the shorter occurs
    wherever the longer does): ``("national", "international")`` -> ``("national",)``.

    >>> _gate_literals((re.compile(r"international\\s+law"), re.compile(r"national\\s+rules|Directive")))
    ('Directive', 'national')
    """
    sets = [required_literals(g) for g in gates]
    if any(s is None for s in sets):
        return None
    lits = sorted(frozenset().union(*sets))
    return tuple(a for a in lits if not any(b != a and b in a for b in lits))
