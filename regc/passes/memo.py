"""Analysis once per distinct input, for the passes: a hashed verdict memo in front of
:func:`regc.decisions.decide`, and per-text memos of the grammar scans several passes repeat.

The decisions are pure functions of their typed (frozen) inputs, so a verdict can be reused for equal inputs.
:func:`regc.decisions.base.rule_verdict` keys its own memo by the canonical JSON of the inputs, which costs a
serialisation per call even on a hit (47k calls for 2021/2139, ~2k distinct per decision); here the frozen
inputs themselves are the key (a hash of cached string hashes).  Inputs that are not hashable (they hold a
pydantic model) go through :func:`regc.decisions.decide` unchanged.  A configured decider still sees every call
(the memoised rule verdict is handed to :func:`~regc.decisions.decide` as ``rule=``), and the on-disk verdict
store is read and written on a miss exactly as ``rule_verdict`` does.

>>> from regc.decisions import REFERENCE_SPLIT
>>> x = REFERENCE_SPLIT.Inputs("see ISO 14067:2018", ("ISO 14067:2018",), 1.0)
>>> decide(REFERENCE_SPLIT, x).value == decide(REFERENCE_SPLIT, REFERENCE_SPLIT.Inputs(*x.__dict__.values())).value
True
>>> regime_switches("two of the following until 2025 and all of the following after 2025:")
[('two', 'until 2025'), ('all', 'after 2025')]
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

from regc.decisions import decide as _decide
from regc.decisions.base import _immutable, store_key

MEMO_LIMIT = 200_000  # entries kept per memo before it starts over

_VERDICTS: dict[tuple[str, Any], Any] = {}
_CITATIONS: dict[tuple, tuple] = {}
_REGIMES: dict[str, list] = {}


def _rule_verdict(decision, inputs, store):
    """The rule verdict for hashable ``inputs`` (KeyError/TypeError propagate to the caller's fallback)."""
    key = (decision.name, inputs)
    v = _VERDICTS.get(key)
    if v is None:
        if store is not None:
            v = store.get(store_key(decision, inputs))
        if v is None:
            v = decision.rule(inputs)
            if store is not None:
                store.put(store_key(decision, inputs), v)
        if len(_VERDICTS) >= MEMO_LIMIT:
            _VERDICTS.clear()
        _VERDICTS[key] = v
    return v if _immutable(v.value) else dataclasses.replace(v, value=decision.fresh(v.value))


def decide(decision, inputs, ctx: Any = None, *, about: Optional[str] = None, rule=None):
    """:func:`regc.decisions.decide` with the rule verdict memoised by the (hashable) inputs themselves."""
    if rule is not None:
        return _decide(decision, inputs, ctx, about=about, rule=rule)
    try:
        hash(inputs)
    except TypeError:
        return _decide(decision, inputs, ctx, about=about)
    rule = _rule_verdict(decision, inputs, getattr(ctx, "store", None) if ctx is not None else None)
    return _decide(decision, inputs, ctx, about=about, rule=rule)


def find_citations(text: str, context=None) -> list:
    """:func:`regc.grammar.citations.find_citations`, memoised by text and the context's acts (citations are
    frozen, so a fresh list of the same items is a safe copy)."""
    from regc.grammar.citations import find_citations as _find

    key = (text, tuple(context.acts) if context is not None else None)
    hit = _CITATIONS.get(key)
    if hit is None:
        hit = tuple(_find(text, context))
        if len(_CITATIONS) >= MEMO_LIMIT:
            _CITATIONS.clear()
        _CITATIONS[key] = hit
    return list(hit)


def regime_switches(text: str) -> list[tuple[str, str]]:
    """:func:`regc.grammar.thresholds.list_regime_switches`, memoised per text."""
    hit = _REGIMES.get(text)
    if hit is None:
        from regc.grammar.thresholds import list_regime_switches

        hit = list_regime_switches(text)
        if len(_REGIMES) >= MEMO_LIMIT:
            _REGIMES.clear()
        _REGIMES[text] = hit
    return list(hit)


__all__ = ["decide", "find_citations", "regime_switches"]
