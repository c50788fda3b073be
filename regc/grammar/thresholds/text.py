"""Sentence bounds, prefix tests and phrase clean-up shared by the threshold rules.

Everything here runs in time linear in the text over a whole walk: sentence starts come from one scan per text
(bisected), and the tests on "the text before a position" look back from the position instead of re-scanning
the prefix (a criterion of 2,000 clauses must not cost 2,000 prefix scans).

>>> t = "Emissions are low; plants of 5 MW. The rest | 3 %"
>>> _sentence_start(t, t.index("plants")), _sentence_start(t, t.index("The")), _sentence_start(t, t.index("3 %"))
(19, 19, 46)
>>> _sentence_end(t, 0), prefix_ends_with_word(t, t.index(" 5 MW"), "of")
(17, True)
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from regc.grammar.thresholds.patterns import _INLINE_ENUMERATION_BREAK, _SENTENCE_BREAK, _SENTENCE_END, _WORD_RUN


def _sentence_end(text: str, pos: int) -> int:
    m = _SENTENCE_END.search(text, pos)
    return m.start() if m else len(text)


def _enumeration_end(text: str, pos: int) -> int:
    """End of the sentence that holds ``pos``, read across the breaks of an inline enumeration ("X aimed at (i) …;
    (ii) … than 100 g …; or (iii) …; do not qualify."): the members share the sentence's predicate.

    >>> t = "Systems aimed at (i) A; (ii) B of plants above 5 MW; or (iii) C; do not qualify. Next."
    >>> t[_enumeration_end(t, t.index("5 MW")) - 14:_enumeration_end(t, t.index("5 MW"))]
    'do not qualify'
    >>> _enumeration_end("Plants of 5 MW; others.", 3)
    14
    """
    end = _sentence_end(text, pos)
    while end < len(text) and _INLINE_ENUMERATION_BREAK.match(text, end):
        end = _sentence_end(text, end + 1)
    return end


@lru_cache(maxsize=256)
def _breaks(text: str) -> tuple[list[int], frozenset[int]]:
    """Ends of the sentence breaks of ``text`` (one scan), and those of ". X" breaks (their look-ahead needs the
    character at the end, which a prefix ending there does not have)."""
    ends, dot_ends = [], set()
    for m in _SENTENCE_BREAK.finditer(text):
        ends.append(m.end())
        if m.group(0)[:1] == ".":
            dot_ends.add(m.end())
    return ends, frozenset(dot_ends)


def _sentence_start(text: str, pos: int) -> int:
    """Start of the sentence (clause after ``;``/``:``, table cell) that holds ``pos``: the end of the last break
    in ``text[:pos]``."""
    ends, dot_ends = _breaks(text)
    i = bisect.bisect_right(ends, pos) - 1
    while i >= 0 and ends[i] == pos and pos < len(text) and pos in dot_ends:
        i -= 1
    return ends[i] if i >= 0 else 0


def _ws_back(text: str, pos: int) -> int:
    """``pos`` moved back over the whitespace before it."""
    while pos > 0 and text[pos - 1].isspace():
        pos -= 1
    return pos


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def prefix_ends_with_word(text: str, pos: int, word: str) -> bool:
    """``re.search(rf"\\b{word}\\s*$", text[:pos])`` for a word of word characters, without the prefix scan."""
    q = _ws_back(text, pos)
    k = q - len(word)
    return k >= 0 and text[k:q] == word and (k == 0 or not _is_word_char(text[k - 1]))


def prefix_ends_with_char(text: str, pos: int, chars: str) -> bool:
    """``re.search(rf"[{chars}]\\s*$", text[:pos])``, without the prefix scan."""
    q = _ws_back(text, pos)
    return q > 0 and text[q - 1] in chars


def words_before(text: str, pos: int, most: int) -> int:
    """``len(text[:pos].split())``, counting no further than ``most + 1``."""
    n = 0
    for _ in _WORD_RUN.finditer(text, 0, pos):
        n += 1
        if n > most:
            break
    return n


def _clean(s: str) -> str:
    s = re.sub(r"^\W*(?:and|or|but|that|where|if|when)\b\s*", "", s.strip(), flags=re.I)
    s = re.sub(r"^(?:the|a|an|its|their)\s+", "", s, flags=re.I)
    return s.strip(" ,;:")
