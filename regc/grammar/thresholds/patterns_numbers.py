"""The number-word scan of :func:`regc.grammar.thresholds.claims.numbers_in_text`: one pattern with a group per
number word of :data:`~regc.grammar.thresholds.lexicon.WORD_NUMBERS` (the group that matched tells which word, in
any case), so a text is scanned once rather than once per word.

>>> m = WORD_NUMBER.search("at least Three years")
>>> m.group(0), WORD_NUMBER_VALUES[m.lastindex - 1]
('Three', 3.0)
>>> WORD_NUMBER.search("threefold") is None
True
"""

from __future__ import annotations

import re

from regc.grammar.thresholds.lexicon import WORD_NUMBERS

# ``\b(?:(one)|(two)|…)\b``: a group per number word
WORD_NUMBER = re.compile(r"\b(?:%s)\b" % "|".join(f"({re.escape(w)})" for w in WORD_NUMBERS), re.I)
WORD_NUMBER_VALUES = tuple(float(v) for v in WORD_NUMBERS.values())
