"""Text widths for the synthetic report renderers, each character's advance fetched from pymupdf once per font.

``pymupdf.Font.text_length`` encodes every character through several SWIG calls (~0.1 ms each); the generators
measure every candidate line of every wrapped cell, so those calls dominated generating a document.  The result
is the same float: pymupdf sums the glyph advances in order from 0 and multiplies by the size, and so does
:func:`text_length` with the advances it keeps (``text_length(c, fontsize=1)`` is one advance exactly).

>>> import pymupdf
>>> f = pymupdf.Font("helv")
>>> all(text_length(f, "helv", s, z) == f.text_length(s, fontsize=z) for s in ("", "Total (A+B) 1,234.5 €", "x")
...     for z in (6.5, 7, 11))
True
"""

from __future__ import annotations

_ADVANCES: dict[str, dict[str, float]] = {}


def text_length(font, key: str, s: str, fontsize: float) -> float:
    """``font.text_length(s, fontsize=fontsize)``; ``key`` names the font (its file or built-in name)."""
    adv = _ADVANCES.setdefault(key, {})
    rc = 0
    for ch in s:
        a = adv.get(ch)
        if a is None:
            a = adv[ch] = font.text_length(ch, fontsize=1)
        rc += a
    return rc * fontsize
