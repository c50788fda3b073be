"""Whitespace normalisation of the front-ends: the fast form gives what the regular expression it replaced gives,
for every whitespace character Python knows and those it does not (zero-width space, BOM).  The same for the
footnote-marker and amendment-arrow steps of ``inline_segments`` (issue 10y): each equals the ``re`` call it
replaced, on every whitespace character and on random texts built from the characters the patterns look at."""

from __future__ import annotations

import random
import re

from regc.frontends._html import paren_marks
from regc.frontends.text import _WS, drop_marker_sentinels, has_amendment_chars, normalise_ws

_ODD = [chr(c) for c in range(0x110000) if chr(c).isspace()] + ["\u200b", "\ufeff", "\u00ad", "\u2028", "x"]
_ALL_CHARS = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
# the patterns the front-end used before, kept here as the reference
_PAREN_RX = re.compile(r"\s*\(\s*\x00\s*\)")
_SPACE_RX = re.compile(r"\s*\x00")
_AMEND_RX = re.compile(r"[▼►◄]")
_ALPHABET = ["\x00", "(", ")", " ", "\n", "\u00a0", "\u2009", "\u200b", "a", "7", "▼", "►", "◄", "M", ","]


def test_normalise_ws_equals_the_regular_expression_for_every_space_character():
    for ch in _ODD:
        for s in (f"a{ch}b", ch, f" {ch} x {ch}", f"a{ch}{ch}b\u00a0", f"{ch}CO 2{ch}\u200b{ch}e "):
            assert normalise_ws(s) == _WS.sub(" ", s).strip(), repr(s)


def test_normalise_ws_keeps_words_and_trims():
    assert normalise_ws("\ufeff CO 2 e\u00a0per\u200b kWh \n") == "CO 2 e per kWh"
    assert not re.search(r"\s{2}", normalise_ws("a \t\n b\u2009\u2009c"))


def test_str_isspace_is_what_backslash_s_matches():
    """``drop_marker_sentinels`` (``str.rstrip``) and ``paren_marks`` (``str.isspace``) rely on it."""
    assert re.findall(r"\s", _ALL_CHARS) == [c for c in _ALL_CHARS if c.isspace()]
    assert "".join(c for c in _ALL_CHARS if c.isspace()).rstrip() == ""


def test_marker_steps_equal_the_patterns_they_replaced():
    rnd = random.Random(10)
    texts = [f"a{ch}(\x00{ch}){ch}\x00b{ch}" for ch in _ODD]
    texts += ["".join(rnd.choice(_ALPHABET) for _ in range(rnd.randint(0, 40))) for _ in range(20000)]
    hits = 0
    for s in texts:
        assert paren_marks(s) == _PAREN_RX.sub("\x00", s), repr(s)
        assert drop_marker_sentinels(s) == _SPACE_RX.sub("", s), repr(s)
        assert has_amendment_chars(s) == bool(_AMEND_RX.search(s)), repr(s)
        hits += paren_marks(s) != s
    assert hits > 100  # the random texts do hold parenthesised markers


def test_paren_marks_never_takes_whitespace_from_the_previous_replacement():
    assert paren_marks("x (\x00) (\x00)") == _PAREN_RX.sub("\x00", "x (\x00) (\x00)") == "x\x00\x00"
    assert paren_marks("( \x00 )  \t(\x00)") == "\x00\x00"
