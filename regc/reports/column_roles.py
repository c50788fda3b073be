"""One decision: which number cell of a table row is its amount and which its share, from the column headers
and the cells' units, position only as the fallback.

The template prints the absolute amount left of the proportion; some reports print '% | EUR'.  Rules, in order
(``ROLE_RULES``):

- ``share_left_of_amount``: the header names the proportion column (:func:`kpi_header.share_column_x`) left of
  the column whose header carries the amount unit (a currency or a scale, :func:`kpi_header.amount_column_x`):
  the amount is the number under the unit, the share the number under the proportion header (each header word
  within ``NEAR`` points of its number: a title over the label column names no column).
- ``percent_cell``: a number printed with '%' (glued, or a lone '%' word set close right of it) is a share,
  never an amount: a row that starts with one prints no amount (a proportions-only table).
- ``position``: the first number is the amount, the next one (or the one nearest the proportion header) the share.

>>> from regc.reports.pdftree import Word
>>> row = [Word(249, 0, 257, 8, "7.9"), Word(259, 0, 265, 8, "%"), Word(292, 0, 320, 8, "128,165")]
>>> a, s = roles([w for w in row if w.text != "%"], row, share_x=250.0, amount_x=300.0)
>>> a.text, s.text
('128,165', '7.9')
>>> a, s = roles([row[0]], row, share_x=250.0, amount_x=None)
>>> a, s.text
(None, '7.9')
"""

from __future__ import annotations

from regc.reports import rows as V
from regc.reports.pdftree import Word

PERCENT_GAP = 8.0  # points: a lone '%' this close right of a number is that number's unit
NEAR = 40.0  # points a column's header word may stand from the centre of its numbers


def percent_cell(values: list[Word], w: Word) -> bool:
    """The number cell ``w`` is a percentage: '%' glued to it or a lone '%' word set just right of it."""
    if V.is_percent(w.text):
        return True
    nxt = next((v for v in values if v.x0 >= w.x1 - 0.5 and v is not w and abs(v.y1 - w.y1) < 3), None)
    return nxt is not None and nxt.text == "%" and nxt.x0 - w.x1 < PERCENT_GAP


def _share_left_of_amount(nums, values, share_x, amount_x):
    real = [w for w in nums if w is not None]
    if share_x is None or amount_x is None or share_x >= amount_x or len(real) < 2:
        return None
    share = min(real, key=lambda w: abs(w.xc - share_x))
    right = [w for w in real if w.xc > share.xc]  # the unit's header spans its cell: the column right of the share
    amount = min(right, key=lambda w: abs(w.xc - amount_x)) if right else None
    if amount is None or abs(share.xc - share_x) > NEAR or abs(amount.xc - amount_x) > NEAR:
        return None  # a header word far from every number (a title above the label column) names no column
    return amount, share


def _percent_first(nums, values, share_x, amount_x):
    if nums and nums[0] is not None and percent_cell(values, nums[0]):
        return None, nums[0] if share_x is None else min(nums, key=lambda w: abs(w.xc - share_x))
    return None


def _position(nums, values, share_x, amount_x):
    amount = nums[0] if nums else None
    rest = nums[1:]
    if not rest:
        return amount, None
    return amount, rest[0] if share_x is None else min(rest, key=lambda w: abs(w.xc - share_x))


ROLE_RULES = (("share_left_of_amount", _share_left_of_amount), ("percent_cell", _percent_first),
              ("position", _position))


def roles(nums: list[Word], values: list[Word], share_x: float | None = None,
          amount_x: float | None = None) -> tuple[Word | None, Word | None]:
    """(amount cell, share cell) of a row's number cells ``nums`` (left to right; ``values``: all its value
    words, '%' signs included), by the first rule of ``ROLE_RULES`` that decides."""
    for _, rule in ROLE_RULES:
        got = rule(nums, values, share_x, amount_x)
        if got is not None:
            return got
    return None, None
