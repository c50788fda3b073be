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

# Block.style of the first block of a criteria row that continues a unit already holding criteria (the
# "Additional criteria pertaining to substantial contribution …" row after the general criteria of CCM-4.26-4.28):
# the structure pass starts a new top-level paragraph there instead of anchoring it under the last criterion
ROW_START = "row-start"

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
    """Collapse all whitespace (incl. non-breaking/thin spaces) to single spaces and trim: what ``_WS.sub(" ",
    s).strip()`` gives (``str.split`` splits where ``\\s`` matches; the zero-width space and the BOM, which are not
    whitespace to Python, are turned into spaces first), five times faster."""
    if "\u200b" in s or "\ufeff" in s:
        s = s.replace("\u200b", " ").replace("\ufeff", " ")
    return " ".join(s.split())


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
    return normalise_ws(drop_marker_sentinels(text))


def drop_marker_sentinels(text: str) -> str:
    """Each sentinel ``\\x00`` removed with the whitespace before it: what ``re.sub(r"\\s*\\x00", "", text)`` gives
    (``str.rstrip()`` strips the characters ``\\s`` matches), without that pattern's try at every position of the
    text's whitespace runs (a front-end's raw text, before whitespace is normalised, is mostly such runs).

    >>> drop_marker_sentinels("ISO 14067:2018 \\x00, ISO \\x00\\x00"), drop_marker_sentinels("none")
    ('ISO 14067:2018, ISO', 'none')
    """
    if "\x00" not in text:  # most texts have no marker
        return text
    pieces = text.split("\x00")
    return "".join([p.rstrip() for p in pieces[:-1]]) + pieces[-1]


def has_amendment_chars(text: str) -> bool:
    """Whether ``text`` holds a consolidation arrow (▼ ► ◄): ``re.search("[▼►◄]", text)`` as three substring
    scans, each a C loop over the text.

    >>> has_amendment_chars("▼M2 text"), has_amendment_chars("text ◄"), has_amendment_chars("plain")
    (True, True, False)
    """
    return "▼" in text or "►" in text or "◄" in text


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


# words a sentence cannot end with: a paragraph that ends with one was broken by the typesetting ("… proportionate
# to the scale of the activity and" / "its expected lifespan, so that:"; OJ 2023/2485 CCA-14.1)
SENTENCE_CANNOT_END_WITH = frozenset({
    "and", "or", "nor", "but", "of", "the", "a", "an", "to", "with", "for", "in", "on", "by", "from", "that",
    "which", "whose", "as", "at", "into", "than", "its", "their", "such",
})


_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def continues_sentence(before: str, after: str) -> bool:
    """Whether paragraph ``after`` is the rest of the sentence ``before`` started: ``before`` ends with a word a
    sentence cannot end with (:data:`SENTENCE_CANNOT_END_WITH`) and ``after`` starts in lower case.

    >>> continues_sentence("is proportionate to the scale of the activity and", "its expected lifespan, so that:")
    True
    >>> continues_sentence("The assessment is proportionate.", "its expected lifespan")
    False
    """
    end = before.rstrip()
    i = len(end)
    while i and end[i - 1] in _ASCII_LETTERS:  # the last word: ``[A-Za-z]+$``, which re retries inside every word
        i -= 1
    return i < len(end) and end[i:].lower() in SENTENCE_CANNOT_END_WITH and after[:1].islower()


def join_broken_sentences(blocks: list) -> list:
    """Join an unlabelled paragraph that only continues the sentence of the paragraph before it
    (:func:`continues_sentence`) to that paragraph: one sentence is one block (spec §6 segmentation), even where
    the typesetting printed it as two ``<p>``.  Labels, depth and style stay the first paragraph's; markers and
    the span cover both.

    >>> from regc.ir.doc import Block
    >>> [b.text for b in join_broken_sentences([Block(text="The assessment is proportionate to the scale and"),
    ...                                         Block(text="its lifespan, so that:"), Block(label="(a)", text="x;")])]
    ['The assessment is proportionate to the scale and its lifespan, so that:', 'x;']
    """
    out: list = []
    for b in blocks:
        prev = out[-1] if out else None
        if prev is not None and b.label is None and prev.text and continues_sentence(prev.text, b.text):
            span = prev.span
            if span is not None and b.span is not None and span.file == b.span.file:
                span = span.model_copy(update={"end": b.span.end if b.span.end is not None else span.end})
            out[-1] = prev.model_copy(update={"text": f"{prev.text} {b.text}", "markers": prev.markers + b.markers,
                                              "span": span})
            continue
        out.append(b)
    return out
