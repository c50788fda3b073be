"""Analysis once per distinct text, for the passes: per-text memos of the grammar scans several passes repeat.
``decide`` is :func:`regc.decisions.decide` (its rule verdicts are memoised by the frozen inputs themselves).

>>> from regc.decisions import REFERENCE_SPLIT
>>> x = REFERENCE_SPLIT.Inputs("see ISO 14067:2018", ("ISO 14067:2018",), 1.0)
>>> decide(REFERENCE_SPLIT, x).value == decide(REFERENCE_SPLIT, REFERENCE_SPLIT.Inputs(*x.__dict__.values())).value
True
>>> regime_switches("two of the following until 2025 and all of the following after 2025:")
[('two', 'until 2025'), ('all', 'after 2025')]
"""

from __future__ import annotations

from regc.decisions import decide

MEMO_LIMIT = 200_000  # entries kept per memo before it starts over

_CITATIONS: dict[tuple, tuple] = {}
_REGIMES: dict[str, list] = {}


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
