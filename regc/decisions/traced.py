"""A memo keyed on exactly the fields a rule reads: :class:`ReadTracedMemo`.

A rule of one frozen dataclass argument (an applicability :class:`~regc.decisions.applicability_cues.Cue`: the
node's text, its parent's text, the activity's name) often reads only part of it: most cue rules look at the text
and read the activity's name only when their pattern matched.  A memo keyed on the whole argument then misses for
every repeat of a text under another parent or activity; a memo keyed on the text alone would be wrong for the
rules that read more.  This memo keys each rule on what that rule actually read, by construction:

- the rule runs on a *read log*, a stand-in for the argument that hands out its fields and records, in order, the
  name of each field read (anything but a field of the dataclass raises: the rule cannot see the argument in
  another way);
- the answer is stored in a per-rule trie along that path of reads: a branch names the field read next and
  has one child per value seen; a leaf is the answer itself;
- a lookup walks the trie reading the same fields of the new argument; a pure rule given the same values for the
  fields it read takes the same path and returns the same answer, so a leaf reached is the rule's own answer.  A
  value not seen yet is a miss: the rule runs (on a read log) and its path is added.

A rule whose next read differs from the trie's after the same values is not a pure function of the argument: it
raises :class:`ImpureRule` rather than answer from the memo.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pair:
...     text: str
...     name: str = ""
>>> calls = []
>>> def shout(p):  # reads ``name`` only when the text asks for it
...     calls.append(p.text)
...     return p.text.upper() + (p.name if p.text.startswith("!") else "")
>>> memo = ReadTracedMemo()
>>> memo(shout, Pair("a", "x")), memo(shout, Pair("a", "y")), memo(shout, Pair("!b", "x")), memo(shout, Pair("!b", "y"))
('A', 'A', '!Bx', '!By')
>>> calls  # "a" ran once (its answer never read ``name``); "!b" once per name
['a', '!b', '!b']
>>> memo(shout, Pair("!b", "y")), len(calls)
('!By', 3)
>>> memo.first((lambda p: None, shout, lambda p: 1 / 0), Pair("a", "z"))  # the first answer that is not None
'A'
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Hashable

_MISSING = object()  # no child for this value yet (an answer may be None)


class _Branch:
    """A trie node that reads ``field`` next; ``kids`` maps each value seen to the next node or to the answer
    itself (a leaf is the answer: no object per answer, None included)."""

    __slots__ = ("field", "kids")

    def __init__(self, field: str):
        self.field, self.kids = field, {}


class ImpureRule(RuntimeError):
    """A rule read another field than it read before after the same values: not a pure function of its input."""


class _ReadLog:
    """The argument as a traced rule sees it: its fields, each read recorded once, in order.

    A field is a property of the argument type's own subclass (:func:`_log_type`), so a read finds it at once;
    ``__getattr__`` is reached only for a name that is not a field.  (A ``__getattr__`` that served the fields
    themselves ran after a failed ordinary look-up, which builds an AttributeError and its message on every read.)"""

    __slots__ = ("_arg", "reads")

    def __init__(self, arg: Any):
        self._arg, self.reads = arg, []

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"a traced rule may read only the fields of its argument, not {name!r}")


def _field(name: str) -> property:
    def read(log: _ReadLog) -> Any:
        reads = log.reads
        if name not in reads:
            reads.append(name)
        return getattr(log._arg, name)

    return property(read)


def _log_type(cls: type) -> type:
    """The read log of arguments of dataclass ``cls``: one recording property per field."""
    fields = {f.name: _field(f.name) for f in dataclasses.fields(cls)}
    return type(f"_ReadLog[{cls.__name__}]", (_ReadLog,), {"__slots__": (), **fields})


class ReadTracedMemo:
    """Per-rule tries of answers keyed on the values of the fields each rule read (see the module doc).

    ``limit``: answers kept in all before the memo starts over (a long-running process stays bounded)."""

    def __init__(self, limit: int = 200_000):
        self.limit = limit
        self.size = 0
        self._tries: dict[Callable, list] = {}
        self._logs: dict[type, type] = {}  # argument type -> its read-log type

    def __call__(self, rule: Callable[[Any], Any], arg: Any) -> Any:
        node = self._tries.get(rule, _MISSING)
        while type(node) is _Branch:
            node = node.kids.get(getattr(arg, node.field), _MISSING)
        return self.run(rule, arg) if node is _MISSING else node

    def first(self, rules: tuple[Callable[[Any], Any], ...], arg: Any) -> Any:
        """The first answer of ``rules`` that is not None (each rule through the memo), else None."""
        tries = self._tries
        for rule in rules:
            node = tries.get(rule, _MISSING)  # the walk of __call__, inlined: this runs for every rule and argument
            while type(node) is _Branch:
                node = node.kids.get(getattr(arg, node.field), _MISSING)
            answer = self.run(rule, arg) if node is _MISSING else node
            if answer is not None:
                return answer
        return None

    def run(self, rule: Callable[[Any], Any], arg: Any) -> Any:
        """A miss: the rule's answer on a read log of ``arg``, added to the trie along the fields it read."""
        log_type = self._logs.get(type(arg))
        if log_type is None:
            log_type = self._logs[type(arg)] = _log_type(type(arg))
        log = log_type(arg)
        answer = rule(log)
        self._insert(rule, arg, log.reads, answer)
        return answer

    def _insert(self, rule: Callable, arg: Any, reads: list[str], answer: Any) -> None:
        if self.size >= self.limit:
            self._tries.clear()
            self.size = 0
        self.size += 1
        node = self._tries.get(rule, _MISSING)
        if node is _MISSING:
            self._tries[rule] = _path(arg, reads, answer)
            return
        for i, name in enumerate(reads):
            if type(node) is not _Branch or node.field != name:
                raise ImpureRule(f"{getattr(rule, '__name__', rule)} read {name!r} where it did not before")
            value: Hashable = getattr(arg, name)
            child = node.kids.get(value, _MISSING)
            if child is _MISSING:
                node.kids[value] = _path(arg, reads[i + 1:], answer)
                return
            node = child
        raise ImpureRule(f"{getattr(rule, '__name__', rule)} stopped reading where it read {node.field!r} before")


def _path(arg: Any, reads: list[str], answer: Any) -> Any:
    """A chain of branches, one per read field (with the argument's value), ending in the answer."""
    node = answer
    for name in reversed(reads):
        branch = _Branch(name)
        branch.kids[getattr(arg, name)] = node
        node = branch
    return node
