"""Whitespace normalisation of the front-ends: the fast form gives what the regular expression it replaced gives,
for every whitespace character Python knows and those it does not (zero-width space, BOM)."""

from __future__ import annotations

import re

from regc.frontends.text import _WS, normalise_ws

_ODD = [chr(c) for c in range(0x110000) if chr(c).isspace()] + ["\u200b", "\ufeff", "\u00ad", "\u2028", "x"]


def test_normalise_ws_equals_the_regular_expression_for_every_space_character():
    for ch in _ODD:
        for s in (f"a{ch}b", ch, f" {ch} x {ch}", f"a{ch}{ch}b\u00a0", f"{ch}CO 2{ch}\u200b{ch}e "):
            assert normalise_ws(s) == _WS.sub(" ", s).strip(), repr(s)


def test_normalise_ws_keeps_words_and_trims():
    assert normalise_ws("\ufeff CO 2 e\u00a0per\u200b kWh \n") == "CO 2 e per kWh"
    assert not re.search(r"\s{2}", normalise_ws("a \t\n b\u2009\u2009c"))
