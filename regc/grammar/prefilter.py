"""A sound literal prefilter for rule regexes: skip a search on a text that cannot match.

Most rule patterns need some literal word somewhere in a match (``\\bverifi(?:ed|cation)\\b`` needs "verifi"), but
CPython's ``re`` tries the whole pattern at every position of every text.  :func:`required_literals` reads the
parsed pattern and derives, by construction, up to two *factors* -- sets of strings of which at least one occurs in
any text the pattern can match (case-folded exactly as ``re.IGNORECASE`` folds) -- and :class:`Prefiltered` answers
``search``/``finditer``/``findall``/``sub``/``split`` without running the regex when a factor is absent from the
text.  Results are the regex's own, so output is unchanged; a pattern with no usable factor, or anchored at the
start, is left as it is.

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
>>> prefiltered(re.compile(r"^\\s*where\\b")).__class__.__name__  # anchored: tried once per text anyway
'Pattern'
"""

from __future__ import annotations

import re
import sys
from typing import Any, Iterator, Optional

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


def _factors(items) -> list[Factor]:
    """Every factor a sequence of parsed items guarantees (each: one of its strings occurs in the text)."""
    out: list[Factor] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            out.append(("".join(run),))
            run.clear()

    for op, av in items:
        if op is C.LITERAL:
            run.append(_fold_code(av))
            continue
        if op is C.IN and _digits_only(av):  # \\d, [0-9]: the folded text has a "0" there
            run.append("0")
            continue
        flush()
        if op is C.SUBPATTERN:
            out += _factors(av[3])
        elif op is C.ATOMIC_GROUP:
            out += _factors(av)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            if av[0] >= 1:
                out += _factors(av[2])
        elif op is C.ASSERT:  # a positive lookaround: its text is in the string too
            out += _factors(av[1])
        elif op is C.BRANCH:
            best = [_best(_factors(b)) for b in av[1]]
            if all(b is not None for b in best):
                out.append(_minimal(s for b in best for s in b))
        # ANY, IN, NOT_LITERAL, AT, ASSERT_NOT, GROUPREF, GROUPREF_EXISTS, CATEGORY: no literal is guaranteed
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
    return max(factors, key=_score) if factors else None


MIN_LITERAL = 2  # a factor whose shortest string is shorter is too common to pay for its check


def required_literals(rx: re.Pattern) -> Optional[tuple[Factor, ...]]:
    """Up to two factors every match of ``rx`` needs in the (folded) text, best first; None when there is none
    worth checking (or the pattern cannot be analysed: locale or bytes patterns, a parser surprise).

    >>> required_literals(re.compile(r"\\b(?:is|are)\\s+monitored\\b", re.I))
    (('monitored',), ('are', 'is'))
    >>> required_literals(re.compile(r"\\d+\\s*%")), required_literals(re.compile(r"[a-z]+\\s*%")) is None
    ((('0',),), True)
    """
    if _parser is None or not isinstance(rx.pattern, str) or rx.flags & re.LOCALE:
        return None
    try:
        parsed = _parser.parse(rx.pattern, rx.flags)
        fs = [f for f in _factors(parsed.data) if _score(f)[0] >= MIN_LITERAL and len(f) <= MAX_ALTERNATIVES]
    except Exception:  # noqa: BLE001 - an unexpected parse tree: no prefilter (always sound)
        return None
    fs = sorted(set(fs), key=_score, reverse=True)[:2]
    return tuple(fs) or None


def _anchored(rx: re.Pattern) -> bool:
    """The pattern can only match at the start (``^`` or ``\\A`` first, not MULTILINE): one attempt per text."""
    try:
        first = _parser.parse(rx.pattern, rx.flags).data[0]
    except Exception:  # noqa: BLE001
        return False
    return first[0] is C.AT and (first[1] is C.AT_BEGINNING_STRING or
                                 (first[1] is C.AT_BEGINNING and not rx.flags & re.MULTILINE))


# ---------------------------------------------------------------------------------------------------------------
# the wrapper


class Prefiltered:
    """A compiled pattern behind its literal prefilter; the ``re.Pattern`` methods a rule uses, same results."""

    __slots__ = ("rx", "need", "pattern", "flags", "groups", "groupindex")

    def __init__(self, rx: re.Pattern, need: tuple[Factor, ...]):
        self.rx, self.need = rx, need
        self.pattern, self.flags, self.groups, self.groupindex = rx.pattern, rx.flags, rx.groups, rx.groupindex

    def may_match(self, text: str) -> bool:
        """False only when no match is possible (a factor has none of its strings in the text)."""
        f = folded(text)
        for factor in self.need:
            for s in factor:
                if s in f:
                    break
            else:
                return False
        return True

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize):
        return self.rx.search(string, pos, endpos) if self.may_match(string) else None

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize):
        return self.rx.match(string, pos, endpos)  # one attempt: no prefilter needed

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize):
        return self.rx.fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match]:
        return self.rx.finditer(string, pos, endpos) if self.may_match(string) else iter(())

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list:
        return self.rx.findall(string, pos, endpos) if self.may_match(string) else []

    def sub(self, repl, string: str, count: int = 0):
        return self.rx.sub(repl, string, count) if self.may_match(string) else string

    def subn(self, repl, string: str, count: int = 0):
        return self.rx.subn(repl, string, count) if self.may_match(string) else (string, 0)

    def split(self, string: str, maxsplit: int = 0) -> list:
        return self.rx.split(string, maxsplit) if self.may_match(string) else [string]

    def __repr__(self) -> str:
        return f"Prefiltered({self.rx!r}, need={self.need!r})"


REGISTRY: list[Prefiltered] = []  # every wrapper made (the soundness test checks each over the corpus texts)


def prefiltered(rx: re.Pattern) -> Any:
    """``rx`` behind its prefilter, or ``rx`` itself when the prefilter would not pay (no factor, anchored)."""
    if isinstance(rx, Prefiltered):
        return rx
    need = required_literals(rx)
    if need is None or _anchored(rx):
        return rx
    w = Prefiltered(rx, need)
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


__all__ = ["Prefiltered", "REGISTRY", "folded", "prefilter_namespace", "prefiltered", "required_literals"]
