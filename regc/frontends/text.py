"""Text normalisation shared by all front-ends.

>>> split_label("1.  The activity meets either of the following criteria:")
('1.', 'The activity meets either of the following criteria:')
>>> split_label("(iv)  the newly installed capacity")
('(iv)', 'the newly installed capacity')
>>> normalise_ws("CO 2 e\\u00a0per  kWh ")
'CO 2 e per kWh'
>>> strip_amendment_markers("▼M2 text ►M3 more ◄")
'text more'
"""

from __future__ import annotations

import re

_WS = re.compile(r"[\s\u00a0\u2007\u202f\u2009\u200b\ufeff]+")
_AMEND = re.compile(r"(?:[▼►]\s?(?:[MBACR]\d*|B)\b|◄)")
_LABEL = re.compile(
    r"^\s*(?P<label>"
    r"\d+(?:\.\d+)*\.(?=\s)"  # 1.  2.1.
    r"|\((?:[a-z]{1,2}|[ivxlc]+|\d{1,2})\)(?=\s)"  # (a) (iv) (1)
    r"|[a-z]\)(?=\s)"  # a)
    r"|[—–\-•▪·](?=\s)"  # dash / bullet items
    r")\s+"
)


def normalise_ws(s: str) -> str:
    """Collapse all whitespace (incl. non-breaking/thin spaces) to single spaces and trim."""
    return _WS.sub(" ", s).strip()


def strip_amendment_markers(s: str) -> str:
    """Drop consolidation markers (▼M2, ►M2, ◄) that EUR-Lex consolidated texts print inline."""
    return normalise_ws(_AMEND.sub(" ", s))


def split_label(text: str) -> tuple[str | None, str]:
    """Split a printed label ("1.", "(a)", "(iv)", "—") off the start of a paragraph."""
    m = _LABEL.match(text)
    if not m:
        return None, normalise_ws(text)
    return m.group("label"), normalise_ws(text[m.end():])


def remove_marker_space(text: str) -> str:
    """Footnote markers are removed together with the whitespace before them; call after replacing each marker
    by the sentinel ``\\x00``: "ISO 14067:2018 \\x00, ISO" -> "ISO 14067:2018, ISO"."""
    return normalise_ws(re.sub(r"\s*\x00", "", text))


_NA = re.compile(r"^\(?n\s*/\s*a\)?\.?$|^not applicable\.?$", re.I)


def is_not_applicable(text: str) -> bool:
    """A criteria cell that only says "N/A" (the unit is kept, with no criteria).

    >>> is_not_applicable("N/A"), is_not_applicable("n/a."), is_not_applicable("N/A for vessels")
    (True, True, False)
    """
    return bool(_NA.match(normalise_ws(text)))


def strip_closing_amendment_quote(text: str) -> str:
    """Drop the closing quote of an amending act's inserted text ("… technology.’;" -> "… technology.") when the
    block has more closing than opening quotes; balanced quotes are the act's own and stay.

    >>> strip_closing_amendment_quote("are equipped with plug-in power technology.’;")
    'are equipped with plug-in power technology.'
    >>> strip_closing_amendment_quote("the activity ‘Flood risk prevention’ (see Section 14.2.)")
    'the activity ‘Flood risk prevention’ (see Section 14.2.)'
    """
    for opening, closing in (("‘", "’"), ("“", "”")):
        if text.count(closing) > text.count(opening) and re.search(closing + r"[;.,]?$", text):
            return re.sub(closing + r"[;.,]?$", "", text).rstrip()
    return text
