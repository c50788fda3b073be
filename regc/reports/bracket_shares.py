"""Amount and share printed in one cell, the share in brackets after the amount: '1,234.5 (12.3 %)' under one
header ('Turnover (€ m) (proportion)').  Brackets round a number usually mean a negative amount; round a
percentage set right after an unbracketed amount in the same cell they only set the share apart.

Rule (``share_in_brackets``): the share cell opens a bracket, the bracket closes on a percentage ('(12.3 %)',
'(12.3%)', or '(12.3' followed by '%)'), and it stands less than a cell gap (``CELL_GAP``) right of the row's
amount, which is not bracketed itself: the share is read as positive.

>>> from regc.reports.pdftree import Word
>>> amount, share, pct = Word(273, 0, 285, 6, "53.9"), Word(287, 0, 297, 6, "(3.0"), Word(299, 0, 306, 6, "%)")
>>> share_in_brackets([amount, share, pct], amount, share)
True
>>> share_in_brackets([amount, Word(330, 0, 345, 6, "(3.0)"), pct], amount, Word(330, 0, 345, 6, "(3.0)"))
False
"""

from __future__ import annotations

from regc.reports.pdftree import Word

CELL_GAP = 6.0  # points: closer than this, two numbers share one cell


def _closes_on_percent(values: list[Word], share: Word) -> bool:
    text = share.text.replace(" ", "")
    if text.endswith("%)"):
        return True
    nxt = next((v for v in values if v.x0 >= share.x1 - 0.5 and v is not share and abs(v.y1 - share.y1) < 3), None)
    return not text.endswith(")") and nxt is not None and nxt.text.replace(" ", "") == "%)" \
        and nxt.x0 - share.x1 < CELL_GAP


def share_in_brackets(values: list[Word], amount: Word | None, share: Word | None) -> bool:
    """The share cell is '(12.3 %)' set in the amount's cell (see the module docstring)."""
    if amount is None or share is None or not share.text.startswith("(") or amount.text.startswith("("):
        return False
    if not 0 <= share.x0 - amount.x1 < CELL_GAP or abs(share.y1 - amount.y1) >= 3:
        return False
    return _closes_on_percent(values, share)
