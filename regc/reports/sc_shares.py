"""Substantial-contribution *shares* (the 2021 template prints, per objective, the share of the activity's
amount that contributes substantially to it: '100,0 %' / '0,0 %') read as the row's answers: a non-zero share
is "Y", a printed zero "N" (the dev gold reads TAKKT's '0%' SC cells the same way).  A code printed without
its objective then takes the objective of the first non-zero share column (the spec: "the objective the row
reports substantial contribution to").

Only numbers right of the row's amount and proportion cells count, each within half the pitch of the SC
columns from one of them (a number between two columns, or nearer an unknown column, is no answer).

>>> from regc.reports.kpi_tables import Column
>>> from regc.reports.pdftree import Word
>>> cols = [Column("CCM", "sc", 100.0), Column("CCA", "sc", 130.0), Column("CCM", "dnsh", 200.0)]
>>> cells = [Word(95, 0, 105, 8, "0,0"), Word(125, 0, 135, 8, "100,0"), Word(195, 0, 205, 8, "12,0")]
>>> from regc.reports.kpi_tables import TableRow
>>> row = TableRow(kind="activity", label="x", page=1, y=0.0); read_sc_shares(row, cells, cols, ","); row.sc
{'CCM': 'N', 'CCA': 'Y'}
"""

from __future__ import annotations

from regc.reports import rows as V


def read_sc_shares(row, cells, cols, decimal: str) -> None:
    """Set an activity row's ``sc[objective]`` from the number cells (pdftree words, None skipped) standing in SC
    columns right of its amount and proportion; answers already read win (setdefault)."""
    xs = sorted(c.xc for c in cols if c.group == "sc")
    if len(xs) < 2 or row.kind != "activity":
        return
    sc = row.sc
    cells = [w for w in cells if w is not None and w.text != row.share_token]
    reach = min(b - a for a, b in zip(xs, xs[1:])) / 2
    for w in cells:
        value = V.parse_number(w.text, decimal)
        if value is None or V.DASH_CELL.match(w.text):
            continue
        near = min((c for c in cols if c.role not in ("code", "MS")), key=lambda c: abs(c.xc - w.xc))
        if near.group == "sc" and abs(near.xc - w.xc) <= reach:
            sc.setdefault(near.role, "Y" if value else "N")
