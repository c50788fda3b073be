"""One decision: DNSH sub-headers printed as single letters ('A' .. 'F') under a merged DNSH header, a legend
under the table saying which letter is which objective.

Rule ``letters_in_template_order``: a header line whose only single-capital-letter words are 'A', 'B', ... in
that order left to right, all right of the substantial-contribution objective columns, under a header that names
the DNSH group: the letters are the DNSH columns of the same objectives in the same order as the SC columns
(the template mirrors them); with no SC columns of that count, six letters are the template's objective order
(Annex II of Delegated Regulation 2021/2178 as amended by 2023/2486: CCM, CCA, WTR, PPC, CE, BIO).  Any other
letter sequence maps nothing.

>>> from regc.reports.pdftree import Line, Word
>>> line = Line([Word(x, 0, x + 6, 8, t) for x, t in ((100, "CCM"), (120, "CCA"), (200, "A"), (220, "B"))])
>>> letter_columns([line], {"CCM": [103.0], "CCA": [123.0]}, dnsh_named=True)
[('CCM', 203.0), ('CCA', 223.0)]
>>> letter_columns([line], {"CCM": [103.0], "CCA": [123.0]}, dnsh_named=False)
[]
"""

from __future__ import annotations

import re

from regc.reports.pdftree import Line

TEMPLATE_ORDER = ("CCM", "CCA", "WTR", "PPC", "CE", "BIO")
LETTERS = "ABCDEF"
DNSH_NAMED = re.compile(r"\bdnsh\b|significant(?:ly)?\s+harm", re.I)


def letter_columns(lines: list[Line], found: dict[str, list[float]], dnsh_named: bool) -> list[tuple[str, float]]:
    """(objective, x-centre) of single-letter DNSH sub-headers (rule ``letters_in_template_order``); ``found``:
    the objective columns read from the header so far (objective -> x-centres)."""
    if not dnsh_named:
        return []
    sc = sorted((xs[0], role) for role, xs in found.items() if len(xs) == 1 and role != "MS")
    for line in lines:
        letters = sorted((w for w in line.words if len(w.text) == 1 and w.text.isupper()), key=lambda w: w.xc)
        if len(letters) < 2 or "".join(w.text for w in letters) != LETTERS[:len(letters)]:
            continue
        if sc and letters[0].xc <= sc[-1][0]:
            continue
        order = [role for _, role in sc] if len(sc) == len(letters) else \
            list(TEMPLATE_ORDER) if len(letters) == len(TEMPLATE_ORDER) else None
        return list(zip(order, [w.xc for w in letters])) if order else []
    return []
