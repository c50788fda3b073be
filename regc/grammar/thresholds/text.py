"""Sentence bounds and phrase clean-up shared by the threshold rules."""

from __future__ import annotations

import re


def _sentence_end(text: str, pos: int) -> int:
    m = re.search(r"[;:]\s|\.\s(?=[A-Z(])|\s\|\s|\.?$", text[pos:])  # " | " joins table cells
    return pos + (m.start() if m else len(text) - pos)


def _sentence_start(text: str, pos: int) -> int:
    s = 0
    for m in re.finditer(r"[;:]\s|\.\s(?=[A-Z(])|\s\|\s|^", text[:pos]):  # " | " joins table cells
        s = m.end()
    return s


def _clean(s: str) -> str:
    s = re.sub(r"^\W*(?:and|or|but|that|where|if|when)\b\s*", "", s.strip(), flags=re.I)
    s = re.sub(r"^(?:the|a|an|its|their)\s+", "", s, flags=re.I)
    return s.strip(" ,;:")
