"""The lark LALR parsers (threshold.lark, temporal.lark, unit.lark), number text and the operator regexes built from the grammar's terminals."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark

from regc.grammar.thresholds.lexicon import WORD_NUMBERS

GRAMMAR_DIR = Path(__file__).resolve().parent.parent  # the .lark files live in regc/grammar/


@lru_cache(maxsize=None)
def _parser(name: str, start: str = "start") -> Lark:
    # cache=True (here and for the citation and logic grammars): lark keeps the analysed LALR tables in a temp file
    # keyed by the grammar text, options and lark version; a process loads them in ~2 ms instead of ~15-50 ms
    return Lark((GRAMMAR_DIR / name).read_text(encoding="utf-8"), parser="lalr", lexer="contextual", start=start,
                maybe_placeholders=False, cache=True)


def threshold_parser() -> Lark:
    return _parser("threshold.lark")


def temporal_parser() -> Lark:
    return _parser("temporal.lark")


def unit_parser() -> Lark:
    return _parser("unit.lark")


def parse_number(s: str) -> int | float:
    """European number text -> number: ``"2,45"`` -> 2.45, ``"5 000"`` -> 5000, ``"1,5"`` -> 1.5.

    >>> parse_number("2,45"), parse_number("5 000"), parse_number("2.0"), parse_number("three")
    (2.45, 5000, 2.0, 3)
    """
    s = s.strip()
    if s.lower() in WORD_NUMBERS:
        return WORD_NUMBERS[s.lower()]
    s = re.sub(r"[ \u00a0\u202f]", "", s).replace(",", ".")
    return float(s) if "." in s else int(s)


def _terminal_regex(name: str) -> str:
    return threshold_parser().get_terminal(name).pattern.to_regexp()


@lru_cache(maxsize=None)
def _op_regex() -> re.Pattern:
    alts = [f"(?P<{n}>{_terminal_regex(n)})" for n in ("LE", "GE", "LT", "GT", "EQ")]
    return re.compile(r"(?<![\w-])(?:" + "|".join(alts) + r")(?![\w-])")


@lru_cache(maxsize=None)
def _neg_regex() -> re.Pattern:
    return re.compile(r"(?<![\w-])" + _terminal_regex("NEG") + r"(?![\w-])")
