"""A sound literal prefilter for rule regexes: skip a search on a text that cannot match.

Most rule patterns need some literal word somewhere in a match (``\\bverifi(?:ed|cation)\\b`` needs "verifi"), but
CPython's ``re`` tries the whole pattern at every position of every text.  :func:`required_literals` reads the
parsed pattern and derives, by construction, up to two *factors* -- sets of strings of which at least one occurs in
any text the pattern can match (case-folded exactly as ``re.IGNORECASE`` folds) -- and :class:`Prefiltered` answers
``search``/``finditer``/``findall``/``sub``/``split`` without running the regex when a factor is absent from the
text.  Results are the regex's own, so output is unchanged.  ``search``/``finditer`` of a pattern whose every match
starts with one of a few strings (:func:`match_prefixes`) are tried only where one occurs, with or without a factor;
a pattern with neither, or anchored at the start, scans through its own methods.  The analysis (a parse of the
pattern) runs on a pattern's first scans.

A rule module opts in with one line at its end, ``prefilter_namespace(globals())``: every compiled pattern at
module level (also inside module-level tuples, lists and dicts) is wrapped, so a rule added later is covered too,
and every wrapper is registered in :data:`REGISTRY` for the corpus soundness test.

>>> rx = prefiltered(re.compile(r"\\bcommit(?:ment|ted|s)?\\b|\\bpledge", re.I))
>>> rx.need
(('commit', 'pledge'),)
>>> rx.search("It COMMITS to x").group(0), rx.search("no such word"), rx.pattern == r"\\bcommit(?:ment|ted|s)?\\b|\\bpledge"
('COMMITS', None, True)
>>> required_literals(re.compile(r"(?<=\\bthe )(?:19|20)\\d\\d"))  # a lookbehind's text is in the string too
(('the ',), ('00',))
>>> prefiltered(re.compile(r"^\\s*where\\b")).need  # anchored: tried once per text anyway, nothing to check
()
"""

from __future__ import annotations

import functools
import re
import sys
from typing import Any, Iterator, Optional

from regc.grammar.prefilter_store import has_stored, pattern_key, stored

try:  # the parser ``re`` itself uses (a private module: any surprise means "no prefilter", never a wrong one)
    import _sre
    from re import _casefix, _constants as C, _parser
except ImportError:  # pragma: no cover - another Python: patterns run unfiltered
    _parser = None

Factor = tuple[str, ...]

# ---------------------------------------------------------------------------------------------------------------
# folding: one character -> its class under re.IGNORECASE (lower-cased, then the extra equivalences re knows:
# 's'/'ſ', 'k'/'K', 'i'/'ı', 'µ'/'μ' ...), represented by the smallest member; every decimal digit -> "0"


def _fold_code(cp: int) -> str:
    """The folded form of one character: a decimal digit (what ``\\d`` matches) is "0", so "needs a digit" is a
    literal too."""
    if chr(cp).isdecimal():
        return "0"
    lo = _sre.unicode_tolower(cp)
    extra = _casefix._EXTRA_CASES.get(lo, ())
    return chr(min((lo, *extra)))


class _FoldTable(dict):
    """``str.translate`` table for non-ASCII texts, filled on first sight of a character."""

    def __missing__(self, cp: int) -> str:
        v = self[cp] = _fold_code(cp)
        return v


_TABLE = _FoldTable()
_FOLDED: dict[str, str] = {}
FOLD_CACHE = 4096  # texts kept (a rule module scans the same text with dozens of patterns)


_ASCII = bytes.maketrans(bytes(range(65, 91)) + b"123456789", bytes(range(97, 123)) + b"000000000")


def folded(text: str) -> str:
    """``text`` with every character folded as ``re.IGNORECASE`` compares it (and digits as "0"): a literal run a
    pattern matches (in any case) occurs folded in the folded text.

    >>> folded("Verified ſ K İ 2030"), folded("ABC 19")
    ('verified s k i 0000', 'abc 00')
    """
    f = _FOLDED.get(text)
    if f is None:
        if len(_FOLDED) >= FOLD_CACHE:
            _FOLDED.clear()
        if text.isascii():
            f = text.encode("ascii").translate(_ASCII).decode("ascii")
        else:
            f = text.translate(_TABLE)
        _FOLDED[text] = f
    return f


# ---------------------------------------------------------------------------------------------------------------
# the analysis: factors of a parsed (sub)pattern


MAX_ALTERNATIVES = 12  # a factor with more strings costs about what the regex costs


def _score(f: Factor) -> tuple[int, int]:
    """Better factors first: longer shortest string (rarer), then fewer strings (cheaper); a lone "0" (a digit)
    ranks like a two-letter word: cheap, and half the texts have none."""
    return (max(2, min(len(s) for s in f)) if f == ("0",) else min(len(s) for s in f), -len(f))


def _minimal(strings) -> Factor:
    """Alternatives without those that contain another (if "ab" must occur, "xaby" adds nothing)."""
    out: list[str] = []
    for s in sorted(set(strings), key=len):
        if not any(o in s for o in out):
            out.append(s)
    return tuple(sorted(out))


CLASS_LIMIT = 10  # a character class of at most this many characters is a set of one-character strings


def _chars(av, fold: bool) -> Optional[list[str]]:
    """The (folded) characters a class of plain characters matches (``[Ss]``, ``[0-9]``; ``\\d`` when folding
    digits), or None (a category, a negation, a large class)."""
    if fold and _digits_only(av):  # \\d, [0-9]: the folded text has a "0" there
        return ["0"]
    codes: set[int] = set()
    for op, a in av:
        if op is C.LITERAL:
            codes.add(a)
        elif op is C.RANGE and a[1] - a[0] < CLASS_LIMIT:
            codes.update(range(a[0], a[1] + 1))
        else:
            return None
    chars = sorted({_fold_code(c) if fold else chr(c) for c in codes})
    return chars if len(chars) <= CLASS_LIMIT else None


def _factors(items, fold: bool = True) -> list[Factor]:
    """Every factor a sequence of parsed items guarantees (each: one of its strings occurs in the text).

    ``fold``: strings of the folded text (:func:`folded`); else strings of the text itself (the pattern's own
    case, no digit folding: an ignore-case group guarantees nothing)."""
    out: list[Factor] = []
    run: list[str] = [""]  # the strings a run of literals and small classes can be (a product, kept small)

    def flush() -> None:
        if run != [""]:
            out.append(_minimal(run))
            run[:] = [""]

    for op, av in items:
        chars = [_fold_code(av) if fold else chr(av)] if op is C.LITERAL else _chars(av, fold) if op is C.IN \
            else None
        if chars is not None:
            if len(run) * len(chars) > MAX_ALTERNATIVES:
                flush()
            run[:] = [r + c for r in run for c in chars]
            continue
        flush()
        if op is C.SUBPATTERN:
            if fold or not av[1] & re.IGNORECASE:
                out += _factors(av[3], fold)
        elif op is C.ATOMIC_GROUP:
            out += _factors(av, fold)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            if av[0] >= 1:
                out += _factors(av[2], fold)
        elif op is C.ASSERT:  # a positive lookaround: its text is in the string too
            out += _factors(av[1], fold)
        elif op is C.BRANCH:
            per = [_factors(b, fold) for b in av[1]]
            best = [_best(f) for f in per]
            if all(b is not None for b in best):
                out.append(_minimal(s for b in best for s in b))
            if fold and all(any(all("0" in x for x in f) for f in fs) for fs in per):  # each needs a digit
                out.append(("0",))  # (dates: "31 May 2030" | "May 2030" | "2030")
        # ANY, NOT_LITERAL, AT, ASSERT_NOT, GROUPREF, GROUPREF_EXISTS, CATEGORY: no literal is guaranteed
    flush()
    return out


def _digits_only(items) -> bool:
    """A character set of digits only (``\\d``, ``[0-9]``, ``[13579]``)."""
    def digit(op, av) -> bool:
        if op is C.CATEGORY:
            return av in (C.CATEGORY_DIGIT, C.CATEGORY_UNI_DIGIT)
        if op is C.RANGE:
            return 48 <= av[0] <= av[1] <= 57
        return op is C.LITERAL and 48 <= av <= 57
    return bool(items) and all(digit(op, av) for op, av in items)


def _best(factors: list[Factor]) -> Optional[Factor]:
    return max(factors, key=lambda f: (_score(f), f)) if factors else None


MIN_LITERAL = 2  # a factor whose shortest string is shorter is too common to pay for its check


def _parse(rx: re.Pattern):
    """The parsed items of ``rx``, or None when it cannot be analysed (bytes or locale patterns, a surprise)."""
    if _parser is None or not isinstance(rx.pattern, str) or rx.flags & re.LOCALE:
        return None
    try:
        return _parser.parse(rx.pattern, rx.flags).data
    except Exception:  # noqa: BLE001 - no prefilter (always sound)
        return None


def required_literals(rx: re.Pattern, items=None) -> Optional[tuple[Factor, ...]]:
    """Up to two factors every match of ``rx`` needs in the (folded) text, best first; None when there is none
    worth checking (or the pattern cannot be analysed).

    >>> required_literals(re.compile(r"\\b(?:is|are)\\s+monitored\\b", re.I))
    (('monitored',), ('are', 'is'))
    >>> required_literals(re.compile(r"\\d+\\s*%")), required_literals(re.compile(r"[a-z]+\\s*%")) is None
    ((('0',),), True)
    """
    items = _parse(rx) if items is None else items
    fs = _ranked(items, True, MAX_ALTERNATIVES)[:2]
    return tuple(fs) or None


def _ranked(items, fold: bool, limit: int) -> list[Factor]:
    """The factors of parsed ``items`` worth checking (shortest string at least :data:`MIN_LITERAL`, at most
    ``limit`` strings), best first."""
    if items is None:
        return []
    try:
        fs = [f for f in _factors(items, fold) if _score(f)[0] >= MIN_LITERAL and len(f) <= limit]
    except Exception:  # noqa: BLE001 - an unexpected parse tree: no prefilter (always sound)
        return []
    return sorted(set(fs), key=lambda f: (_score(f), f), reverse=True)  # ties: a fixed order


def _anchored(rx: re.Pattern, items) -> bool:
    """The pattern can only match at the start (``^`` or ``\\A`` first, not MULTILINE): one attempt per text."""
    first = items[0] if len(items) else (None, None)
    return first[0] is C.AT and (first[1] is C.AT_BEGINNING_STRING or
                                 (first[1] is C.AT_BEGINNING and not rx.flags & re.MULTILINE))


def _prefix_minimal(strings) -> Factor:
    """Prefixes without those another one starts (every place "ab" starts, "a" starts too)."""
    out: list[str] = []
    for s in sorted(set(strings), key=len):
        if not any(s.startswith(o) for o in out):
            out.append(s)
    return tuple(sorted(out))


def match_prefixes(items, tail=()) -> Optional[Factor]:
    """(Folded) strings one of which every match of the parsed ``items`` starts with, or None.

    ``tail``: the item sequences that follow ``items`` in the enclosing pattern (innermost first), where a match goes
    on when ``items`` can end before consuming anything (an optional group that ends a group or a branch).

    >>> match_prefixes(_parser.parse(r"(?<!x)\\b(?:Article|Annex(?:es)?)\\s+\\d", re.I).data)
    ('annex', 'article')
    >>> match_prefixes(_parser.parse(r"\\s*where").data) is None, match_prefixes(_parser.parse(r"(?:not )?by\\b").data)
    (True, ('by', 'not '))
    >>> match_prefixes(_parser.parse(r"(?:(?:the )*|an )(?:EU|Union) law").data)  # the optional group ends its branch
    ('an ', 'eu', 'the ', 'union')
    """
    run: list[str] = []
    for i, (op, av) in enumerate(items):
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):  # zero width: the match starts after it
            if run:
                break
            continue
        if op is C.LITERAL:
            run.append(_fold_code(av))
            continue
        if op is C.IN and _digits_only(av):
            run.append("0")
            continue
        rest = (items[i + 1:], *tail)  # what follows this item
        if run:  # a run, then a group or alternatives ("A" + "rticle|nnex", as the parser factors them)
            more = match_prefixes([(op, av)], rest) if op in (C.SUBPATTERN, C.BRANCH) else None
            head = "".join(run)
            return _prefix_minimal(head + m for m in more) if more else (head,)
        if op is C.SUBPATTERN:
            return match_prefixes(av[3], rest)
        if op is C.ATOMIC_GROUP:
            return match_prefixes(av, rest)
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            body = match_prefixes(av[2])  # (after the body: the body again or what follows; not continued)
            if av[0] >= 1 or body is None:
                return body
            after = match_prefixes(rest[0], rest[1:])  # an optional lead ("(?:not\\s+)?by"): it, or what follows
            return None if after is None else _prefix_minimal(body + after)
        if op is C.BRANCH:
            ps = [match_prefixes(b, rest) for b in av[1]]
            return None if any(p is None for p in ps) else _prefix_minimal(s for p in ps for s in p)
        return None
    if run:
        return ("".join(run),)
    return match_prefixes(tail[0], tail[1:]) if tail else None  # nothing consumed yet: the match starts after


MAX_PREFIXES = 64  # more start strings than this: the regex's own scan is as cheap


def own_first_char_scan(rx: re.Pattern, items) -> bool:
    """``re`` itself skips to the places a match can start: the pattern opens with a character it can look for (a
    literal not folded by IGNORECASE, a character class, alternatives that each open with such a literal), which
    it scans for faster than :meth:`Prefiltered._start_positions` finds the (folded) start strings.

    >>> own_first_char_scan(re.compile(r"(?:In|Of|By)\\b"), _parser.parse(r"(?:In|Of|By)\\b").data)
    True
    >>> own_first_char_scan(re.compile(r"\\bof\\b"), _parser.parse(r"\\bof\\b").data)
    False
    """
    while items and items[0][0] is C.SUBPATTERN and not (items[0][1][1] or items[0][1][2]):  # a plain group
        items = items[0][1][3]
    if not items:
        return False
    op, av = items[0]

    def plain(op, av) -> bool:
        return op is C.LITERAL and not (rx.flags & re.IGNORECASE and chr(av).lower() != chr(av).upper())

    if op is C.IN:
        return not rx.flags & re.IGNORECASE  # (under IGNORECASE re scans for a class of uncased characters only)
    if op is C.BRANCH:
        return all(len(b) and plain(*b[0]) for b in av[1])
    return plain(op, av)


def _starts(rx: re.Pattern, items) -> Optional[Factor]:
    try:
        if own_first_char_scan(rx, items):
            return None
        ps = match_prefixes(items)
    except Exception:  # noqa: BLE001
        return None
    return ps if ps and len(ps) <= MAX_PREFIXES and min(map(len, ps)) >= MIN_LITERAL else None


def analyse(rx: re.Pattern, items=None) -> tuple[Factor, ...]:
    """The factors the prefilter of ``rx`` checks: ``()`` when none would pay (no factor; anchored at the start,
    so tried once per text anyway; opening with punctuation re scans for itself; not analysable).

    >>> analyse(re.compile(r"^\\s*where\\b")), analyse(re.compile(r"\\bwhere\\b"))
    ((), (('where',),))
    """
    items = _parse(rx) if items is None else items
    if items is None or _anchored(rx, items) or _opens_with_punctuation(items):
        return ()
    return required_literals(rx, items) or ()


def _opens_with_punctuation(items) -> bool:
    """The pattern opens with a punctuation character (``\\(``, ``,``, ``%``): re skips from one occurrence to the
    next by its own literal-prefix scan and fails most attempts at once, cheaper than checking factors in the folded
    text (``\\(\\d{1,2} (?:January|…)`` ~1.3 us a text raw, ~6 us behind a 12-string factor).

    >>> _opens_with_punctuation(_parser.parse(r",\\s*provided\\s+that\\b").data)
    True
    >>> _opens_with_punctuation(_parser.parse(r"(?:\\bthat)").data), _opens_with_punctuation(_parser.parse(r" by").data)
    (False, False)
    """
    while items and items[0][0] is C.SUBPATTERN and not (items[0][1][1] or items[0][1][2]):  # a plain group
        items = items[0][1][3]
    if not items or items[0][0] is not C.LITERAL:
        return False
    ch = chr(items[0][1])
    return not ch.isalnum() and not ch.isspace()


# ---------------------------------------------------------------------------------------------------------------
# rule gates: a rule that finds something only where one of its gate patterns matches skips a text none can match

GATE_ALTERNATIVES = 64  # a gate is checked once per rule and text: a longer list of strings still pays


@functools.lru_cache(maxsize=None)
def gate_literals(gates: tuple) -> Optional[tuple[Factor, Factor]]:
    """``(exact, folded)``: strings one of which occurs -- in the text itself (exact), or in its :func:`folded`
    form -- wherever one of ``gates`` (compiled or wrapped patterns) matches; None when some gate has no factor.

    A gate's best factor in its own case when it has one (more selective: "EN" but not "en"), else folded.

    >>> gate_literals((re.compile(r"[Ss]ections?\\s+\\d"), re.compile(r"\\bENV\\b|\\bEN\\s"), re.compile("annex", re.I)))
    (('EN', 'Section', 'section'), ('annex',))
    >>> gate_literals((re.compile(r"\\d+/\\d+"),)), gate_literals((re.compile(r"\\w+"),))  # a digit: folded text
    (((), ('0',)), None)
    """
    key = "gates:" + "|".join(pattern_key(g.rx if isinstance(g, Prefiltered) else g) for g in gates)
    return stored(key, lambda: _gate_literals(gates))


def _gate_literals(gates: tuple) -> Optional[tuple[Factor, Factor]]:
    exact: list[str] = []
    fold: list[str] = []
    for g in gates:
        rx = g.rx if isinstance(g, Prefiltered) else g
        items = _parse(rx)
        fs = [] if rx.flags & re.IGNORECASE else _ranked(items, False, GATE_ALTERNATIVES)
        into = exact if fs else fold
        fs = fs or _ranked(items, True, GATE_ALTERNATIVES)
        if not fs:
            return None
        into += fs[0]
    return _minimal(exact), _minimal(fold)


_GATE_LITERALS: dict[int, tuple] = {}  # id(gates) -> (gates, their literals)


def may_apply(gates: tuple, text: str) -> bool:
    """Whether a rule gated by ``gates`` (patterns one of which matches wherever the rule finds something) can find
    anything in ``text``; a rule without gates always applies.

    >>> may_apply((), "x"), may_apply((re.compile("Directive"), re.compile("Treaty")), "the Regulation")
    (True, False)
    """
    if not gates:
        return True
    hit = _GATE_LITERALS.get(id(gates))  # by identity: an lru_cache lookup hashes every pattern's compiled code
    if hit is None or hit[0] is not gates:  # (the entry holds the tuple, so its id is not reused while kept)
        hit = _GATE_LITERALS[id(gates)] = (gates, gate_literals(gates))
    lits = hit[1]
    if lits is None:
        return True
    exact, fold = lits
    for s in exact:  # a plain loop: this runs for every rule on every distinct text
        if s in text:
            return True
    if fold:
        f = folded(text)
        for s in fold:
            if s in f:
                return True
    return False


# ---------------------------------------------------------------------------------------------------------------
# the wrapper

_SCANS = ("search", "finditer", "findall", "sub", "subn", "split")
WARM_UP = 24  # scans of a pattern before it is analysed (its parse costs about as much as 20-50 scans save)


class Prefiltered:
    """A compiled pattern behind its literal prefilter; the ``re.Pattern`` methods a rule uses, same results.

    The first :data:`WARM_UP` scans go straight to the pattern (a rule used a few times in a run, e.g. under
    ``--only``, never pays for the analysis, a parse of the pattern) unless the stored table holds the analysis; then
    the pattern is analysed and each scan method bound once: to the filtered one, or to the pattern's own when there
    is nothing to check or no start strings for ``search``/``finditer`` (no overhead from then on).
    ``match``/``fullmatch`` make one attempt and are always the pattern's own.
    """

    __slots__ = ("rx", "_need", "_prefixes", "_calls", "_seen", "pattern", "flags", "groups", "groupindex", "match",
                 "fullmatch", *_SCANS)

    def __init__(self, rx: re.Pattern):
        self.rx, self._need, self._prefixes, self._calls = rx, None, None, 0
        self._seen: tuple[str | None, bool] = (None, True)  # the last text asked about and the answer
        self.pattern, self.flags, self.groups, self.groupindex = rx.pattern, rx.flags, rx.groups, rx.groupindex
        self.match, self.fullmatch = rx.match, rx.fullmatch
        for name in _SCANS:
            setattr(self, name, functools.partial(self._warm_up, name))

    def _warm_up(self, name: str, *args, **kwargs):
        self._calls += 1
        if self._calls > WARM_UP or self._calls == 1 and has_stored(f"need:{pattern_key(self.rx)}"):
            self.need  # noqa: B018 - analyse and bind (at once when the table holds the analysis: no parse)
        return getattr(self if self._need is not None else self.rx, name)(*args, **kwargs)

    @property
    def need(self) -> tuple[Factor, ...]:
        """The factors checked (analysed on first use)."""
        if self._need is None:
            self._need, self._prefixes = stored(f"need:{pattern_key(self.rx)}", self._analyse)
            for name in _SCANS:
                filtered = self._need or self._prefixes and name in ("search", "finditer")
                setattr(self, name, getattr(self, f"_{name}") if filtered else getattr(self.rx, name))
        return self._need

    def _analyse(self) -> tuple[tuple[Factor, ...], Optional[Factor]]:
        items = _parse(self.rx)
        need = analyse(self.rx, items)
        scan = need or (items is not None and not _anchored(self.rx, items) and not _opens_with_punctuation(items))
        return need, (_starts(self.rx, items) if scan else None)  # start strings pay without a factor too

    def _start_positions(self, string: str, pos: int, endpos: int) -> list[int]:
        """Where a match can start: the places one of the start strings occurs (folded), in order."""
        f, out = folded(string), set()
        for s in self._prefixes:
            i = f.find(s, pos, endpos)
            while i >= 0:
                out.add(i)
                i = f.find(s, i + 1, endpos)
        return sorted(out)

    def _anchored_scan(self, string: str, pos: int, endpos: int) -> Iterator[re.Match]:
        """``finditer`` tried only where a match can start: the leftmost match from ``pos`` is the first start
        position where the pattern matches (``match`` at a position sees the text before it, as ``search`` does),
        and every match is non-empty (it starts with a start string), so the next one is searched from its end."""
        pos, endpos, match = max(pos, 0), max(0, min(endpos, len(string))), self.rx.match  # as re clamps them
        for p in self._start_positions(string, pos, endpos):
            if p >= pos:
                m = match(string, p, endpos)
                if m:
                    yield m
                    pos = m.end()

    def may_match(self, text: str) -> bool:
        """False only when no match is possible (a factor has none of its strings in the text)."""
        seen, answer = self._seen
        if text is seen:  # windowed scans ask again about the same text: answer once per text, not per window
            return answer
        need = self._need if self._need is not None else self.need
        answer = True
        if need:
            f = _FOLDED.get(text) or folded(text)
            for factor in need:  # plain loops: this runs for every wrapped pattern on every distinct text
                for s in factor:
                    if s in f:
                        break
                else:
                    answer = False
                    break
        self._seen = (text, answer)
        return answer

    def _search(self, string: str, pos: int = 0, endpos: int = sys.maxsize):
        if not self.may_match(string):
            return None
        if self._prefixes is None:
            return self.rx.search(string, pos, endpos)
        return next(self._anchored_scan(string, pos, endpos), None)

    def _finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match]:
        if not self.may_match(string):
            return iter(())
        if self._prefixes is None:
            return self.rx.finditer(string, pos, endpos)
        return self._anchored_scan(string, pos, endpos)

    def _findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list:
        return self.rx.findall(string, pos, endpos) if self.may_match(string) else []

    def _sub(self, repl, string: str, count: int = 0):
        return self.rx.sub(repl, string, count) if self.may_match(string) else string

    def _subn(self, repl, string: str, count: int = 0):
        return self.rx.subn(repl, string, count) if self.may_match(string) else (string, 0)

    def _split(self, string: str, maxsplit: int = 0) -> list:
        return self.rx.split(string, maxsplit) if self.may_match(string) else [string]

    def __repr__(self) -> str:
        return f"Prefiltered({self.rx!r})"


REGISTRY: list[Prefiltered] = []  # every wrapper made (the soundness test checks each over the corpus texts)


def prefiltered(rx: re.Pattern) -> Any:
    """``rx`` behind its (lazily analysed) prefilter; a bytes or locale pattern is returned as it is."""
    if isinstance(rx, Prefiltered) or not isinstance(rx.pattern, str) or rx.flags & re.LOCALE:
        return rx
    w = Prefiltered(rx)
    REGISTRY.append(w)
    return w


def _wrap(value: Any, depth: int = 0) -> Any:
    if isinstance(value, re.Pattern):
        return prefiltered(value)
    if depth >= 3:
        return value
    if type(value) is tuple:
        return tuple(_wrap(v, depth + 1) for v in value)
    if type(value) is list:
        value[:] = [_wrap(v, depth + 1) for v in value]
    elif type(value) is dict:
        for k, v in value.items():
            value[k] = _wrap(v, depth + 1)
    return value


def prefilter_namespace(ns: dict) -> None:
    """Put every compiled pattern of a module namespace (``globals()``; also in its tuples, lists, dicts) behind
    its prefilter.  Call it last in a rule module.

    >>> ns = {"A": re.compile(r"\\bassess(?:es|ed|ment)?\\b", re.I), "RULES": (("x", re.compile("certified")),)}
    >>> prefilter_namespace(ns); type(ns["A"]).__name__, ns["RULES"][0][1].need
    ('Prefiltered', (('certified',),))
    """
    for name, value in list(ns.items()):
        if not name.startswith("__"):
            ns[name] = _wrap(value)


__all__ = ["Prefiltered", "REGISTRY", "folded", "gate_literals", "may_apply", "prefilter_namespace", "prefiltered",
           "required_literals"]
