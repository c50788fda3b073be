"""Issue 10 (branch issue-10aa): cheaper stand-ins for scans the compile path ran per node, each checked against
the scan it replaced.

- :mod:`regc.grammar.spaces` (``str.split``/``join``) against ``re.sub(r"\\s+", …)``;
- the number words of :func:`regc.grammar.thresholds.claims.numbers_in_text` (one scan) against a search per word;
- :func:`regc.frontends.text.continues_sentence` (last word by hand) against ``re.findall(r"[A-Za-z]+$", …)``;
- the references pass's section markers (once per unit) against the per-node gathering;
- a prefiltered pattern whose analysis the table holds filters from its first scan, with the same results.
"""

from __future__ import annotations

import random
import re
import sys
from types import SimpleNamespace

import pytest

from regc.frontends.text import SENTENCE_CANNOT_END_WITH, continues_sentence
from regc.grammar import prefilter
from regc.grammar.spaces import collapse, squash, unspaced
from regc.grammar.thresholds import claims
from regc.grammar.thresholds.lexicon import WORD_NUMBERS
from regc.grammar.thresholds.patterns_numbers import WORD_NUMBER, WORD_NUMBER_VALUES
from regc.passes import references

WHITESPACE = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]


def _texts(alphabet: list[str], n: int, longest: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, longest))) for _ in range(n)]


def test_str_split_splits_where_backslash_s_matches():
    assert len(WHITESPACE) > 20
    assert all(re.fullmatch(r"\s", c) for c in WHITESPACE)
    # the zero-width space and the BOM are no whitespace to either
    assert re.fullmatch(r"\s", "\u200b") is None and not "\u200b".isspace()


def test_spaces_equal_the_substitutions_they_replace():
    alphabet = WHITESPACE + ["a", "b", "é", "\u200b", "\ufeff", ",", "x"]
    for t in _texts(alphabet, 10_000, 12, 1) + ["", " ", "a", " a ", "\n\n", "a\u2009b"]:
        assert squash(t) == re.sub(r"\s+", " ", t), repr(t)
        assert collapse(t) == re.sub(r"\s+", " ", t).strip(), repr(t)
        assert unspaced(t) == re.sub(r"\s+", "", t), repr(t)


def test_squash_keeps_the_edges():  # what tells squash from collapse: a test that fails if one stands for the other
    assert squash("  a  b ") == " a b " != collapse("  a  b ")
    assert squash("\t") == " " and collapse("\t") == ""


def _word_numbers_by_search(text: str) -> set[float]:
    return {float(v) for w, v in WORD_NUMBERS.items() if re.search(rf"\b{w}\b", text, re.I)}


def test_number_words_by_one_scan_equal_a_search_per_word():
    words = list(WORD_NUMBERS)
    tokens = words + [w.upper() for w in words] + [w.title() for w in words] + [
        "ſix", "fıve", "fifteenth", "one-off", "twoſ", "x", "2", "_", "é", "-", " ", "none", "tone"]
    rnd = random.Random(3)
    for _ in range(5_000):
        t = "".join(rnd.choice(tokens) + rnd.choice(["", " ", "-", "é", ",", "_"]) for _ in range(rnd.randint(0, 6)))
        assert {v for v in claims.numbers_in_text(t) if v in set(map(float, WORD_NUMBERS.values()))} >= \
            _word_numbers_by_search(t), t
        found = {WORD_NUMBER_VALUES[m.lastindex - 1] for m in WORD_NUMBER.finditer(t)}
        assert found == _word_numbers_by_search(t), t
    assert claims.numbers_in_text("within three years or FIFTY days") >= {3.0, 50.0}
    assert 1.0 not in claims.numbers_in_text("a tone or none")  # whole words only


def _continues_by_regex(before: str, after: str) -> bool:
    words = re.findall(r"[A-Za-z]+$", before.rstrip())
    return bool(words) and words[0].lower() in SENTENCE_CANNOT_END_WITH and after[:1].islower()


def test_continues_sentence_equals_the_regex_it_replaced():
    ends = sorted(SENTENCE_CANNOT_END_WITH) + ["", "x", "And", "AND", "éand", "1and"]
    rnd = random.Random(2)
    for _ in range(5_000):
        before = "".join(rnd.choice("aZ .,\n\t1é(") for _ in range(rnd.randint(0, 6))) + rnd.choice(ends) + \
            "".join(rnd.choice(" \n\t.é") for _ in range(rnd.randint(0, 2)))
        after = rnd.choice(["its", "Its", "", " x", "é"])
        assert continues_sentence(before, after) == _continues_by_regex(before, after), (before, after)
    assert continues_sentence("the scale of the activity and", "its lifespan")


def _rest_per_node(node, ctx) -> list[str]:  # the pass's gathering before issue-10aa, per node
    bodies = ctx.activity.footnotes
    section = []
    for b in ctx.unit_doc.blocks:
        section += [m for m in b.markers if m not in node.provenance.markers]
    return [bodies[m].text for m in dict.fromkeys(section) if m in bodies]


def test_section_markers_once_per_unit_equal_the_per_node_gathering():
    rnd = random.Random(4)
    marks = ["1", "2", "3", "4", "5", "*"]
    for _ in range(2_000):
        blocks = [SimpleNamespace(markers=rnd.sample(marks, rnd.randint(0, 3))) for _ in range(rnd.randint(0, 6))]
        ctx = SimpleNamespace(unit_doc=SimpleNamespace(blocks=blocks), activity=SimpleNamespace(
            footnotes={m: SimpleNamespace(text=f"note {m}") for m in marks if rnd.random() < 0.8}))
        for _ in range(3):
            node = SimpleNamespace(provenance=SimpleNamespace(markers=rnd.sample(marks, rnd.randint(0, 2))))
            own, rest = references._unit_footnote_texts(node, ctx)
            assert rest == _rest_per_node(node, ctx)
            assert own == [ctx.activity.footnotes[m].text for m in node.provenance.markers if m in ctx.activity.footnotes]
    # a unit whose blocks were replaced is gathered afresh (the memo checks the list it read)
    ctx.unit_doc.blocks = [SimpleNamespace(markers=["9"])]
    ctx.activity.footnotes["9"] = SimpleNamespace(text="note 9")
    assert references._unit_footnote_texts(SimpleNamespace(provenance=SimpleNamespace(markers=[])), ctx)[1] == ["note 9"]


@pytest.mark.parametrize("stored", [True, False])
def test_a_stored_analysis_filters_from_the_first_scan(monkeypatch, stored):
    monkeypatch.setattr(prefilter, "has_stored", lambda key: stored)
    rx = re.compile(r"\bcertified\s+by\b")
    w = prefilter.Prefiltered(rx)
    texts = ["is certified by a body", "no match here", "certified  by", "CERTIFIED BY"]
    assert [bool(w.search(t)) for t in texts] == [bool(rx.search(t)) for t in texts]
    # analysed (its scan methods bound) after one scan only when the table holds the analysis
    assert (w._need is not None) is stored
