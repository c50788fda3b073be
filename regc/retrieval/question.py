"""Checks on a compliance question before it is answered: text, length, language.

>>> check_question("  Do we report CapEx for eligible-only activities?  ")
'Do we report CapEx for eligible-only activities?'
>>> try:
...     check_question("Quelles sont les obligations de publication pour les entreprises?")
... except QuestionError as e:
...     print(e)
the question does not look like English (les, pour, quelles); ask it in English: the indexed texts are English
"""

from __future__ import annotations

import re
import unicodedata

MAX_QUESTION_CHARS = 2000
# frequent function words of other EU languages that are not English words (data, compared case-insensitively)
FOREIGN_WORDS = frozenset("""
    le la les des du une est sont pour dans avec sur qui pas nous vous leur ces cette aux au où quelles quels
    der das und ist nicht mit für ein eine einer eines von dem zum zur wir sie sind werden wie welche müssen
    el los las una por para con del que y está están son cómo cuál qué debe deben nuestra nuestro
    della di che per sono gli nel nella alla delle come quale dobbiamo
    het een niet voor met zijn wij welke moeten
    não são uma como dos das para pelo pela
    jest nie się oraz jak czy dla
""".split())
ENGLISH_WORDS = frozenset("""
    the of and to in is are for on with that this be by as or not we our do does can should must what which
    how when who whether a an it if under from at have has will would may shall""".split())


class QuestionError(ValueError):
    """A question that cannot be answered (empty, too long, not text, not English)."""


def check_question(q: str) -> str:
    """The question, stripped; :class:`QuestionError` with a one-line reason otherwise."""
    from regc.retrieval.search import QueryError, check_query

    if not isinstance(q, str) or not q.strip():
        raise QuestionError("empty question: ask something")
    q = q.strip()
    if len(q) > MAX_QUESTION_CHARS:
        raise QuestionError(f"the question has {len(q):,} characters; at most {MAX_QUESTION_CHARS:,}: ask one "
                            "question, not a document")
    try:
        check_query(q)
    except QueryError as e:
        raise QuestionError(str(e).replace("query", "question")) from None
    letters = [ch for ch in q if ch.isalpha()]
    latin = sum(1 for ch in letters if "LATIN" in unicodedata.name(ch, ""))
    if letters and latin < 0.5 * len(letters):
        raise QuestionError("the question is not in Latin script; ask it in English: the indexed texts are English")
    words = re.findall(r"[^\W\d_]+", q.lower())
    foreign = sorted({w for w in words if w in FOREIGN_WORDS})
    english = sum(1 for w in words if w in ENGLISH_WORDS)
    if len(foreign) >= 2 and sum(1 for w in words if w in FOREIGN_WORDS) > english:
        raise QuestionError(f"the question does not look like English ({', '.join(foreign[:3])}); ask it in "
                            "English: the indexed texts are English")
    return q
