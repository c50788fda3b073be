"""The literal prefilter of the rule regexes (regc.grammar.prefilter) is sound: it never skips a text a pattern
matches, in both of its uses --

1. the wrapped patterns of the rule modules (``prefilter_namespace(globals())``): every registered pattern;
2. the gates of the citation rules (``@rule(..., gates=(PATTERN, ...))``, :func:`~regc.grammar.prefilter.may_apply`):
   every gate's literals are required by it, and a rule finds nothing in a text where its gates cannot match (a rule
   added later with gates is checked as soon as it is in ``RULES``; a rule without gates always runs).

Checked over every distinct text of the compiled corpus acts, the strings the front-ends read from the corpus and
the citation rule fixtures, and on the case-folding corner cases of ``re.IGNORECASE``."""

from __future__ import annotations

import json
import re

import pytest

from regc.grammar import prefilter
from regc.grammar.citations.rules import RULES
from regc.grammar.prefilter import Prefiltered, folded, gate_literals, may_apply, prefiltered, required_literals
from tests.fixtures_util import FIXTURES

SOURCES = ("eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml", "eurlex-lex-corpus/works/32023r2486/2026-01-01/en.fmx4",
           "eurlex-lex-corpus/works/32022r1214/2022-03-09/en.xml", "taxonomy-compass-json/taxonomy-1.0.4.json")
GATED = [fn for fn in RULES if fn.gates]


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


def _front_end_strings(obj, out: set[str], seen: set[int]) -> None:
    """Every string held anywhere in a front-end document (dataclass or model attributes, lists, dicts)."""
    if isinstance(obj, str):
        if len(obj) > 3:
            out.add(obj)
        return
    if id(obj) in seen or isinstance(obj, (int, float, bool, type(None), bytes)):
        return
    seen.add(id(obj))
    if isinstance(obj, dict):
        items = list(obj.values())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        items = list(obj)
    else:
        items = list(getattr(obj, "__dict__", {}).values())
    for x in items:
        _front_end_strings(x, out, seen)


@pytest.fixture(scope="module")
def texts(corpus_builds, corpus) -> list[str]:
    """The corpus acts' compiled strings, the strings the front-ends read from them and two more sources, and every
    citation rule fixture text."""
    from regc.frontends import load_source

    out = set(corpus_texts(corpus_builds))
    for rel in SOURCES:
        if (corpus / rel).exists():
            _front_end_strings(load_source(corpus / rel), out, set())
    for path in (FIXTURES / "citations" / "rules").glob("*.in.json"):
        out.update(c["text"] for c in json.loads(path.read_text(encoding="utf-8"))["cases"])
    assert len(out) > 3000
    return sorted(out)


def test_prefilter_is_sound_on_the_corpus(texts):
    _all_rule_modules()
    assert len(prefilter.REGISTRY) >= 100, "the rule modules no longer opt in (prefilter_namespace(globals()))"
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


def test_start_strings_continue_past_an_optional_group_that_ends_a_group():
    """``(?:QUAL\\s+)*`` closing a branch or group: the match starts with a qualifier or with what follows the group
    (the generic-reference patterns); a zero-width group (``(?:(?<=or )|(?<=with ))``) is continued past too."""
    from re import _parser

    from regc.grammar.prefilter import match_prefixes

    def starts(p: str, flags: int = 0):
        return match_prefixes(_parser.parse(p, flags).data)

    assert starts(r"\b(?:(?:relevant\s+)+EU\s+|(?:applicable\s+)*)(?:national|Union)\s+law") == (
        "applicable", "national", "relevant", "union")
    assert starts(r"(?:(?<=\bor\s)|(?<=\bwith\s))(?:with\s+)?rules") == ("rules", "with")
    assert starts(r"(?:(?:a\s+)*)\w+") is None  # what follows has no start string: none at all
    assert starts(r"(?:x(?:y)*)z") == ("x",)


def test_a_pattern_without_a_factor_scans_only_where_a_match_can_start():
    """No literal every match needs (23 head nouns: too many to check), but start strings: ``search``/``finditer``
    are tried only at their places, with the same matches; the other scans are the pattern's own."""
    rx = re.compile(r"\b(?:(?:relevant|applicable)\s+)*(?:EU|Union|national|regional)\s+(?:" +
                    "|".join(c + "law" for c in "abcdefghijklmn") + r")\b|\bpermit")
    w = prefiltered(rx)
    assert w.need == () and w._prefixes == ("applicable", "eu", "national", "permit", "regional", "relevant", "union")
    assert w.findall.__self__ is rx  # bound to the pattern's own
    t = "the relevant national alaw, EU dlaw or nationalblaw, a permit, Union claw4 and applicable Union nlaw"
    for pos, endpos in ((0, len(t)), (5, len(t)), (12, 60), (-3, 1000)):
        assert [m.span() for m in w.finditer(t, pos, endpos)] == [m.span() for m in rx.finditer(t, pos, endpos)]
        a, b = w.search(t, pos, endpos), rx.search(t, pos, endpos)
        assert (a and a.span()) == (b and b.span())
    assert len(list(w.finditer(t))) == 4


def test_gate_literals_are_required_by_every_gate(texts):
    """Each gate pattern alone: where its literals are absent (in the text, or in the folded text), it cannot
    match."""
    gates = {g for fn in GATED for g in fn.gates}
    assert len(gates) > 15
    for g in gates:
        missed = [t for t in texts if not may_apply((g,), t) and g.search(t)]
        assert not missed, f"{g.pattern[:60]!r}: matches without its literals {gate_literals((g,))} in {missed[:2]}"


@pytest.mark.parametrize("fn", GATED, ids=lambda fn: fn.__name__)
def test_a_gated_rule_finds_nothing_where_its_gates_cannot_match(fn, texts):
    wrong = [t for t in texts if not may_apply(fn.gates, t) and fn(t)]
    assert not wrong, f"rule {fn.__name__} finds citations where its gates cannot match: {wrong[:2]}"
    fired = [t for t in texts if fn(t)]
    assert fired and all(any(g.search(t) for g in fn.gates) for t in fired), fn.__name__


def test_the_gates_skip_most_texts_for_the_costly_rules(texts):
    """The point of the gates: the generic-reference alternations run on a minority of texts."""
    for fn in GATED:
        if fn.__name__ in ("generic_reference", "generic_alternative", "levels_indicator", "treaty", "standard"):
            assert sum(may_apply(fn.gates, t) for t in texts) < len(texts) / 2, fn.__name__


@pytest.mark.parametrize("pattern, flags, text, expected", [
    (r"(?<=\bor\s)national\s+law", 0, "national law", True),  # a look-behind's content is required too ...
    (r"(?<=\bor\s)national\s+law", 0, "the rules", False),
    (r"ab(?!c)d", 0, "xabdx", True),  # ... a negative look-around is zero-width
    (r"(?:x)?Directive|Treaty", 0, "the Treaty", True),
    (r"[Nn]otice", 0, "the notice", True),
    (r"[Nn]otice", 0, "the NOTICE", False),  # a gate in its own case ...
    (r"[Nn]otice", re.I, "the NOTICE", True),  # ... or folded, when it ignores case
    (r"(?i:treaty)\s+of\s+Rome", 0, "TREATY of Rome", True),  # an ignore-case group: nothing exact from it
    (r"EN\s\d+", 0, "given 5", False), (r"\d+/\d+", 0, "2019/1009", True), (r"\d+/\d+", 0, "none", False),
    (r"(?P<a>A)?(?(a)B|C)x", 0, "Cx", True),  # a conditional: either arm
    (r"(?:ab){2}", 0, "abab", True), (r"(?:ab){2}", 0, "b a", False),
])
def test_gates_on_tricky_syntax(pattern, flags, text, expected):
    rx = re.compile(pattern, flags)
    assert may_apply((rx,), text) is expected
    assert not rx.search(text) or (may_apply((rx,), text) and prefiltered(rx).may_match(text))


def test_citation_and_reference_patterns_are_behind_the_prefilter():
    """The citation patterns and the reference decisions' patterns opt in, so the corpus soundness test above checks
    them too."""
    from regc.decisions import footnote_items, point_citations, reference_footnote, reference_type, relied_on
    from regc.grammar.citations import patterns, patterns_phrases

    for mod, name in ((patterns, "GENERIC_CAND"), (patterns, "BAT_CAND"), (patterns_phrases, "BARE_ARTICLE_BEFORE"),
                      (reference_type, None), (point_citations, "POINTS_SUBJECT"), (relied_on, "_RELIES"),
                      (footnote_items, None), (reference_footnote, "ACT_CLASS")):
        wrapped = [v for v in vars(mod).values() if isinstance(v, Prefiltered)]
        assert wrapped, mod.__name__
        assert name is None or isinstance(getattr(mod, name), Prefiltered), (mod.__name__, name)
        assert all(w in prefilter.REGISTRY for w in wrapped)


def test_citations_are_the_same_without_the_prefilter():
    """End to end over the citation rule fixtures: every wrapped pattern analysed and filtering, then every one
    scanning through its own methods only -- the same citations (a prefilter that dropped a text a pattern matches
    would change them)."""
    from regc.grammar.citations.assemble import _scan, find_citations

    texts = sorted({c["text"] for path in (FIXTURES / "citations" / "rules").glob("*.in.json")
                    for c in json.loads(path.read_text(encoding="utf-8"))["cases"]})
    assert len(texts) > 100
    _all_rule_modules()
    for w in prefilter.REGISTRY:
        w.need  # noqa: B018 - analysed: the filtered methods are bound
    _scan.cache_clear()
    filtered = [find_citations(t) for t in texts]
    bound = [(w, {n: getattr(w, n) for n in prefilter._SCANS}) for w in prefilter.REGISTRY]
    try:
        for w, _ in bound:
            for n in prefilter._SCANS:
                setattr(w, n, getattr(w.rx, n))
        _scan.cache_clear()
        plain = [find_citations(t) for t in texts]
    finally:
        for w, methods in bound:
            for n, m in methods.items():
                setattr(w, n, m)
        _scan.cache_clear()
    assert sum(map(len, plain)) > 100 and filtered == plain


def test_a_word_start_lead_keeps_the_leftmost_match(texts):
    """``(?<![\\w)])`` before a leading ``[\\w)]+`` (the applicability cue ``_TRAILING_GATE``): a whole-text search
    finds the same match as without the lead (a match inside a word starts one character earlier too), over every
    corpus text."""
    from regc.decisions import applicability_cues as cues

    lead = r"(?<![\w)])"
    w = cues._TRAILING_GATE
    assert w.pattern.startswith(lead + r"(?P<before>[\w)]+)")
    bare = re.compile(w.pattern[len(lead):], w.flags)
    found = 0
    for t in [*texts, "the operator reuses the heat, where available", "x)y, if any"]:
        a, b = w.search(t), bare.search(t)
        assert (a and (a.span(), a.groupdict())) == (b and (b.span(), b.groupdict())), t
        found += a is not None
    assert found > 20
