"""Section letters set in another script: the Greek template prints its sections and totals with Greek capitals
("Α.1.", "Β.", "ΣΥΝΟΛΟ (Α+Β)", U+0391 / U+0392) that look like the Latin "A" / "B" every section, total and
code rule of the reader matches.

Rule ``latin_section_letters``: a Greek (or Cyrillic) capital that has a Latin look-alike and stands alone as a
letter -- no letter before or after it ("Α.1.", "(Α+Β)", "Β.") -- is read as that Latin letter.  Inside a word
("ΑΝΑΛΟΓΙΑ", "Αναλογία", "ВЪЗ") nothing changes, so names and headers stay as printed.

>>> latin_section_letters("Α.1. Περιβαλλοντικά βιώσιμες"), latin_section_letters("ΣΥΝΟΛΟ (Α+Β)")
('A.1. Περιβαλλοντικά βιώσιμες', 'ΣΥΝΟΛΟ (A+B)')
>>> latin_section_letters("Αναλογία"), latin_section_letters("A.2 Latin")
('Αναλογία', 'A.2 Latin')
"""

from __future__ import annotations

import re

from regc.frontends.pdf import Page, Word

# Greek and Cyrillic capitals of a section or category letter's Latin look-alike (data)
LOOK_ALIKES = {"Α": "A", "Β": "B", "Ε": "E", "Τ": "T",  # Greek Alpha, Beta, Epsilon, Tau
               "А": "A", "В": "B", "Е": "E", "Т": "T"}  # Cyrillic A, Ve, Ie, Te
_ALONE = re.compile(rf"(?<![^\W\d_])[{''.join(LOOK_ALIKES)}](?![^\W\d_])")


def latin_section_letters(text: str) -> str:
    """The text with every lone look-alike capital read as its Latin letter (rule ``latin_section_letters``)."""
    return _ALONE.sub(lambda m: LOOK_ALIKES[m.group(0)], text) if _ALONE.search(text) else text


def latin_page(page: Page) -> Page:
    """The page with its words' lone look-alike capitals read as Latin (the same words and boxes otherwise)."""
    if not _ALONE.search(page.text):
        return page
    words = [Word(w.x0, w.y0, w.x1, w.y1, latin_section_letters(w.text)) for w in page.words]
    return Page(page.number, page.width, page.height, words, " ".join(w.text for w in words), page.modality,
                ocr=page.ocr)

