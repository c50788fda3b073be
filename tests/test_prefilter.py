"""The literal prefilter of the rule regexes (regc.grammar.prefilter) is sound: it never skips a text a pattern
matches.  Checked for every registered pattern over every distinct text of the compiled corpus acts, and on the
case-folding corner cases of ``re.IGNORECASE``."""

from __future__ import annotations

import json
import re

import pytest

from regc.grammar import prefilter
from regc.grammar.prefilter import Prefiltered, folded, prefiltered, required_literals


def _all_rule_modules() -> None:
    import regc.passes  # noqa: F401  (imports every pass, decision and grammar module that opts in)
    from regc.passes import PIPELINE  # noqa: F401


def _strings(value, out: set[str]) -> None:
    if isinstance(value, str):
        if len(value) > 2:
            out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)


def corpus_texts(builds: dict) -> list[str]:
    """Every distinct string of the compiled acts (node texts, footnotes, summaries, ...), also whitespace-
    normalised and cut at its first sentence, as the rules see them."""
    out: set[str] = set()
    for folder in builds.values():
        for f in sorted(folder.rglob("*.json")):
            _strings(json.loads(f.read_text(encoding="utf-8")), out)
    more = set()
    for t in out:
        n = re.sub(r"\s+", " ", t).strip()
        more.add(n)
        more.add(n.split(". ", 1)[0])
    return sorted(out | more)


def test_prefilter_is_sound_on_the_corpus(corpus_builds):
    _all_rule_modules()
    assert len(prefilter.REGISTRY) >= 100, "the rule modules no longer opt in (prefilter_namespace(globals()))"
    texts = corpus_texts(corpus_builds)
    assert len(texts) > 3000
    skipped = scanned = 0
    for w in prefilter.REGISTRY:
        for t in texts:
            if not w.may_match(t):
                skipped += 1
                assert w.rx.search(t) is None, f"prefilter {w.need} skips a text {w.pattern!r} matches: {t[:120]!r}"
            elif w._prefixes is not None:  # matches tried only where one may start: the same matches
                scanned += 1
                assert [m.span() for m in w.finditer(t)] == [m.span() for m in w.rx.finditer(t)], (w.pattern, t)
    assert skipped > len(texts) * len(prefilter.REGISTRY) // 4  # it does skip most (pattern, text) pairs
    assert scanned > 1000


FOLD_CASES = [
    (r"\bassessment\b", re.I, "the aſſeſſment"),  # long s folds to s under IGNORECASE
    (r"\bkey\s+risks\b", re.I, "\u212aey risks"),  # Kelvin sign folds to k
    (r"\bit\s+is\b", re.I, "\u0130t is"),  # dotted capital I lowers to i (simple case mapping)
    (r"\bdiesel\b", re.I, "DIESEL"),
    (r"\bıt\b", re.I, "it"),  # dotless i in the pattern, plain i in the text
    (r"\d{4}\s+tonnes", 0, "\u0661\u0662\u0663\u0664 tonnes"),  # \d matches any decimal digit
    (r"(?i:treaty)\s+of", 0, "TREATY of"),
    (r"\bμg\b", re.I, "10 µg"),  # micro sign and Greek mu
]


@pytest.mark.parametrize("pattern,flags,text", FOLD_CASES)
def test_prefilter_keeps_every_case_folded_match(pattern, flags, text):
    rx = re.compile(pattern, flags)
    assert rx.search(text), "the case itself must match"
    w = prefiltered(rx)
    assert isinstance(w, Prefiltered) and w.need, required_literals(rx)
    assert w.may_match(text) and w.search(text).group(0) == rx.search(text).group(0)


def test_prefiltered_answers_like_the_pattern():
    rx = re.compile(r"\b(?P<w>verif(?:y|ies|ied))\b", re.I)
    w = prefiltered(rx)
    for t in ("It verifies x; VERIFIED y.", "nothing here", ""):
        assert [m.span() for m in w.finditer(t)] == [m.span() for m in rx.finditer(t)]
        assert w.findall(t) == rx.findall(t) and w.sub("#", t) == rx.sub("#", t) and w.split(t) == rx.split(t)
        assert w.subn("#", t) == rx.subn("#", t) and bool(w.search(t, 3)) == bool(rx.search(t, 3))
    assert w.groupindex == rx.groupindex and w.pattern == rx.pattern and w.flags == rx.flags
    assert folded("ÉCO 2030") == "éco 0000"


def test_start_positions_scan_finds_the_same_matches():
    rx = re.compile(r"(?<![\w-])\b(?:Article|Annex(?:es)?)\s+(?P<n>\d+)|\bno\s+\d", re.I)
    w = prefiltered(rx)
    assert w.need and w._prefixes == ("annex", "article", "no")
    t = "see ARTICLE 10 and annexes 2, not article x, no 5; sub-Article 3; Annex 12"
    for pos, endpos in ((0, len(t)), (5, len(t)), (12, 40), (-3, 1000), (3, -2), (50, 10)):
        assert [m.span() for m in w.finditer(t, pos, endpos)] == [m.span() for m in rx.finditer(t, pos, endpos)]
        assert (w.search(t, pos, endpos) or re.match("", "")).span() == (rx.search(t, pos, endpos) or
                                                                     re.match("", "")).span()
