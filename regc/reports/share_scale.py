"""One decision: is a KPI table's share column printed in per cent ('14.0 %', '14,0') or as a fraction of 1
('0.140', total '1.000')?  Decided per table from its own printed evidence, never from a document name.

Rule ``fraction_of_one``: no share token carries '%', the total row (A+B) prints a share of exactly 1 (within
the printed precision), and every share is at most 1.  Anything else (a total printed '100.0', a '%' anywhere,
no total share) is read as per cent, the templates' default.

>>> from types import SimpleNamespace as R
>>> rows = [R(kind="activity", share=0.14, share_token="0.140"), R(kind="total", share=1.0, share_token="1.000")]
>>> share_scale(rows)
1.0
>>> share_scale([R(kind="activity", share=0.5, share_token="0.5"), R(kind="total", share=100.0, share_token="100.0")])
0.01
"""

from __future__ import annotations

PERCENT = 0.01   # per cent -> fraction
FRACTION = 1.0   # already a fraction of 1
_TOTAL_KINDS = ("total",)
_TOLERANCE = 0.0015  # '1.000' printed after rounding: 0.999 .. 1.001


def _fraction_of_one(rows) -> bool:
    shares = [r for r in rows if getattr(r, "share", None) is not None and getattr(r, "share_token", None)]
    if not shares or any("%" in r.share_token for r in shares):
        return False
    totals = [r.share for r in shares if r.kind in _TOTAL_KINDS]
    if not totals or abs(totals[0] - 1.0) > _TOLERANCE:
        return False
    return all(abs(r.share) <= 1.0 + _TOLERANCE for r in shares)


SHARE_SCALE_RULES = (("fraction_of_one", _fraction_of_one, FRACTION),)


def share_scale(rows) -> float:
    """The factor turning the table's printed shares into fractions: 1.0 or 0.01 (see the module rules)."""
    for _name, rule, scale in SHARE_SCALE_RULES:
        if rule(rows):
            return scale
    return PERCENT
