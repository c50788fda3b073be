"""One decision: the ISO code of an amount unit printed with the Nordic krona / krone sign alone ('(millj. kr.)',
'mio. kr.', 'tkr', 'mill. kroner'): Icelandic, Danish, Swedish and Norwegian reports all print 'kr.', so the sign
names no currency by itself (:data:`rows.KRONA_SIGN`).

Rules, in order; when neither decides, the currency is null (never guessed):

- ``iso_code_on_page``: the page prints exactly one of the krona ISO codes (ISK, DKK, SEK, NOK) as a word
  elsewhere ('All amounts in DKK'): that code.
- ``table_language``: the language of the KPI tables (:func:`table_language`) is one of
  :data:`annex_languages.KRONA_CURRENCY`'s ('is' -> ISK, 'da' -> DKK, 'sv' -> SEK, 'no' -> NOK): its currency.

>>> krona_currency("Beløb i mio. kr.", "da"), krona_currency("Belopp i tkr", "sv"), krona_currency("(mio. kr.)", None)
('DKK', 'SEK', None)
>>> krona_currency("Amounts in DKK; (mio. kr.)", None), krona_currency("(mio. kr.) DKK / NOK", None)
('DKK', None)

The table language is the Annex II language (:data:`annex_languages.LANGUAGES`) with the most distinct words of its
own -- words no other language lists, at least ``MIN_WORD_CHARS`` long -- on the KPI pages, and at least
``MIN_LANGUAGE_WORDS`` of them; a tie names none:

>>> table_language("Velta, fjárhæð (millj. kr.)  SAMTALS (A + B)"), table_language("Omsætning i alt (mio. kr.)")
('is', 'da')
>>> table_language("Nettoomsättning  Summa (A + B)"), table_language("Total turnover (A + B) sum"), table_language("")
('sv', None, None)
"""

from __future__ import annotations

import re
from collections import Counter

from regc.reports import annex_languages as L
from regc.reports import rows as V
from regc.reports.header_stacks import bracket_stacks
from regc.reports.kpi_header import header_lines
from regc.reports.pdftree import Page

MIN_WORD_CHARS = 3  # shorter words ('ja', 'ne', 'nu', 'le') are words of running text in other languages too
MIN_LANGUAGE_WORDS = 2  # distinct own words before a language counts as the table's
_KEYS = ("turnover", "capex", "opex", "yes", "no", "total", 1e3, 1e6, 1e9)
_KRONA = re.compile(V.KRONA_SIGN)
_KRONA_CODES = re.compile(rf"\b(?:{'|'.join(sorted(L.KRONA_CURRENCY.values()))})\b")  # upper case, whole words
_LETTER_BEFORE, _LETTER_AFTER = r"(?<![^\W\d_])", r"(?![^\W\d_])"


def _language_words() -> dict[str, tuple[str, ...]]:
    """Language -> the words only it lists (KPI names, answers, total, scale and currency words), lower case."""
    lists = {lang: {w for k in _KEYS for w in d.get(k, ())} | {w for ws in d["currency"].values() for w in ws}
             for lang, d in L.LANGUAGES.items()}
    seen = Counter(w for ws in lists.values() for w in ws)
    return {lang: tuple(sorted(w for w in ws if seen[w] == 1 and len(w) >= MIN_WORD_CHARS))
            for lang, ws in lists.items()}


def _word_pattern(words: tuple[str, ...]) -> re.Pattern:
    alt = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"{_LETTER_BEFORE}(?:{alt})(?!\w)" if alt else r"(?!)")


LANGUAGE_WORDS = {lang: _word_pattern(ws) for lang, ws in _language_words().items()}


def table_language(text: str) -> str | None:
    """The Annex II language of a table text (see the module doc), None when no language has enough own words."""
    low = text.lower()
    counts = Counter({lang: len(set(rx.findall(low))) for lang, rx in LANGUAGE_WORDS.items()})
    ranked = counts.most_common(2)
    if not ranked or ranked[0][1] < MIN_LANGUAGE_WORDS or len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
        return None
    return ranked[0][0]


def krona_currency(page_text: str, language: str | None) -> str | None:
    """The ISO code of a krona-sign unit: rule ``iso_code_on_page``, else ``table_language``; else None."""
    codes = set(_KRONA_CODES.findall(page_text))
    if len(codes) == 1:
        return codes.pop()
    return L.KRONA_CURRENCY.get(language) if language else None


def krona_unit(page: Page) -> bool:
    """The page's amount unit (header block, its bracketed stacks, else the page text, as
    :func:`kpi_tables.page_currency` reads them) is printed with the krona sign alone."""
    head = header_lines(page)
    for text in (" ".join(line.text for line in head), " ; ".join(bracket_stacks(head)), page.text):
        span = V.first_unit(text)
        if span:
            return bool(_KRONA.search(span)) and V.unit_currency(span) is None
    return False
