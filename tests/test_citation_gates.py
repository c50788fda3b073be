"""The literal prefilter that lets a citation rule skip a text (:mod:`regc.grammar.citations.gates`) never changes output.

Two claims, checked over every distinct text the front-ends read from the corpus acts and every fixture text:

1. a pattern's required literals are sound: wherever the pattern matches, one of them occurs in the text (this holds
   by construction; the test guards the derivation over every citation pattern, and the doctests of tricky syntax);
2. a rule's declared ``gates`` are right: wherever the rule finds a citation, one of its gates matches.  A new rule
   is checked as soon as it is in ``RULES`` with gates; a rule without gates always runs.
"""

from __future__ import annotations

import json
import re

import pytest

from regc.grammar.citations import patterns
from regc.grammar.citations.rules import RULES
from regc.grammar.citations.gates import may_apply, may_match, required_literals
from tests.fixtures_util import FIXTURES

SOURCES = ("eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml", "eurlex-lex-corpus/works/32023r2486/2026-01-01/en.fmx4",
           "eurlex-lex-corpus/works/32022r1214/2022-03-09/en.xml", "taxonomy-compass-json/taxonomy-1.0.4.json")


def _strings(obj, out: set[str], seen: set[int]) -> None:
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
        _strings(x, out, seen)


@pytest.fixture(scope="module")
def texts(corpus) -> list[str]:
    from regc.frontends import load_source

    out: set[str] = set()
    for rel in SOURCES:
        if (corpus / rel).exists():
            _strings(load_source(corpus / rel), out, set())
    for path in (FIXTURES / "citations" / "rules").glob("*.in.json"):
        out.update(c["text"] for c in json.loads(path.read_text(encoding="utf-8"))["cases"])
    assert len(out) > 3000
    return sorted(out)


def test_required_literals_are_sound_for_every_citation_pattern(texts):
    pats = [v for v in vars(patterns).values() if isinstance(v, re.Pattern)]
    assert len(pats) > 30
    for rx in pats:
        missed = [t for t in texts if rx.search(t) and not may_match(rx, t)]
        assert not missed, f"{rx.pattern[:60]!r}: matches without its literals {required_literals(rx)} in {missed[:2]}"


@pytest.mark.parametrize("fn", [fn for fn in RULES if fn.gates], ids=lambda fn: fn.__name__)
def test_a_gated_rule_finds_nothing_where_its_gates_cannot_match(fn, texts):
    wrong = [t for t in texts if not may_apply(fn.gates, t) and fn(t)]
    assert not wrong, f"rule {fn.__name__} finds citations where its gates cannot match: {wrong[:2]}"
    fired = [t for t in texts if fn(t)]
    assert fired and all(any(g.search(t) for g in fn.gates) for t in fired), fn.__name__


def test_the_prefilter_skips_most_texts_for_the_costly_rules(texts):
    """The point of the gates: the generic-reference alternations run on a minority of texts."""
    for fn in RULES:
        if fn.__name__ in ("generic_reference", "generic_alternative", "levels_indicator", "treaty"):
            assert sum(may_apply(fn.gates, t) for t in texts) < len(texts) / 2, fn.__name__


@pytest.mark.parametrize("pattern, text, expected", [
    (r"(?<=\bor\s)national\s+law", "national law", True),      # a look-behind's content is required too ...
    (r"(?<=\bor\s)national\s+law", "the rules", False),
    (r"ab(?!c)d", "xabdx", True),                               # ... a negative look-around is zero-width
    (r"(?:x)?Directive|Treaty", "the Treaty", True),
    (r"[Nn]otice", "the notice", True),
    (r"[Nn]otice", "the NOTICE", False),
    (r"(?P<a>A)?(?(a)B|C)x", "Cx", True),                       # a conditional: either arm
    (r"(?:ab){2}", "abab", True), (r"(?:ab){2}", "ab", False),
])
def test_may_match_on_tricky_syntax(pattern, text, expected):
    rx = re.compile(pattern)
    assert may_match(rx, text) is expected
    assert not rx.search(text) or may_match(rx, text)
