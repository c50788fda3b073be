"""Verify that a printed number occurs on its page (formatting-insensitive: spaces, %, thin spaces).

>>> number_on_page("661,938", "CCM 3.1 661,938 34.8%")
True
>>> number_on_page("34.8%", "CCM 3.1 661,938 34.8 %")
True
>>> number_on_page("1,234", "12,34")
False
"""

from __future__ import annotations

import re


def _norm(s: str) -> str:
    return re.sub(r"[\s  ]+", " ", s.replace("−", "-"))


def number_on_page(token: str | None, page_text: str) -> bool:
    """True when the token (without a trailing %) stands on the page as a whole number string."""
    if token is None:
        return False
    core = _norm(token).strip().rstrip("%").strip("()").strip()
    if not core:
        return False
    rx = rf"(?<![\d.,]){re.escape(core)}(?![\d]|[.,]\d)"
    return re.search(rx, _norm(page_text)) is not None


def value_on_page(value: float, page_text: str, scale: float = 1.0) -> bool:
    """True when a value (in currency units or a fraction) is printed on the page in some common format.

    >>> value_on_page(31061000.0, "CCM 3.1 31,061 32.7%", 1e3)
    True
    """
    v = value / scale
    cands = set()
    for decimals in (0, 1, 2, 3):
        s = f"{v:,.{decimals}f}"
        cands |= {s, s.replace(",", "X").replace(".", ",").replace("X", "."), s.replace(",", "")}
    return any(number_on_page(c, page_text) for c in cands)
