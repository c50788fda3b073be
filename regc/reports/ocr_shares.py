"""Shares read by OCR that lost their decimal mark ('7,6 %' read as '76%'): on an OCR'd page, a share ten or a
hundred times the printed amount over the printed KPI total, while the same digits with the mark restored agree
with it, is read with the mark restored (the digits are the printed ones; a finding says so).  A share that
agrees in neither reading is left as read and flagged: the amount may be the misread one.  Digital pages are
never touched.

>>> restored(0.76, 15805.0, 209301.0)
0.076
>>> restored(0.088, 18352.0, 209301.0) is None
True
"""

from __future__ import annotations

TOLERANCE = 0.0015  # a printed share (one decimal of a per cent) within rounding of amount / total
SCALES = (10.0, 100.0)  # one or two decimal digits whose mark OCR dropped


def restored(share: float, amount: float, total: float) -> float | None:
    """The share with its decimal mark restored when only that reading agrees with amount / total; None
    when the share as read agrees already, or no reading does."""
    if not total or amount is None or share is None:
        return None
    ratio = amount / total
    if abs(share - ratio) <= TOLERANCE:
        return None
    return next((round(share / s, 6) for s in SCALES if abs(share / s - ratio) <= TOLERANCE), None)


def repair_ocr_shares(block: dict, kpi: str, ocr_pages: set[int], findings: list) -> None:
    """Restore lost decimal marks in the OCR'd pages' shares of one KPI block (totals and activity rows)."""
    total = block.get("total")
    read = sorted(set(block["pages"]) & ocr_pages)
    if not read or not total:
        return
    slots = [(block[role], role, None) for role in ("aligned", "eligible_not_aligned", "not_eligible")]
    slots += [(a, a["code"], a["page"]) for a in block["activities"]]
    for slot, what, page in slots:
        if page is not None and page not in ocr_pages:
            continue
        fixed = restored(slot.get("share"), slot.get("amount"), total)
        if fixed is not None:
            findings.append({"severity": "warning", "page": page or read[0],
                             "message": f"{kpi} {what}: OCR share {slot['share']:g} read as {fixed:g} (decimal mark "
                                        "lost in OCR; the digits agree with amount / total)"})
            slot["share"] = fixed
