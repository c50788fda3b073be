"""Synth-f table builders: the Annex II templates (2023: Y/N/EL answers; 2021: SC as shares) and a compact
summary table, as ``TableSpec`` objects for the layout, in a ``Style`` (language, number format, answer words).

>>> st = Style()
>>> st.amount(123456, 0), st.share(123)
('123,456', '12.3 %')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from tests.reports_synth_f_layout import BodyRow, Col, TableSpec, fmt_number
from tests.reports_synth_f_words import LABELS, OBJECTIVES, OBJECTIVE_NAMES


def code_plain(row) -> str:
    """'CCM 7.3' (and '/ CCA 7.3' for a two-objective row)."""
    return " / ".join(c.replace("-", " ") for c in [row.activity.code] + list(row.also))


@dataclass
class Style:
    lang: str = "en"
    dec: str = "."
    thou: str = ","
    yes: str = "Y"
    no: str = "N"
    el: tuple = ("EL", "N/EL")
    zero: str | None = None  # what an amount / share of zero prints ("–"); None: the number
    neg: str = "minus"
    pct_sep: str = " "
    pct_in_cells: bool = True
    unit: str = ""  # appended to the amount header, e.g. "(€ m)"
    template: str = "2023"
    header_depth: int = 2
    ruled: bool = False
    prev_col: bool = True
    sc_pct_totals: bool = False
    total_first: bool = False
    of_which: bool = True
    size: float = 6.0
    header_size: float = 5.3
    code_fmt: Callable = code_plain
    widths: dict = field(default_factory=lambda: {"name": 150, "code": 44, "amount": 50, "share": 36, "sc": 24,
                                                  "dnsh": 20, "ms": 36, "prev": 46, "cat": 38})
    na: str = "n/a"

    def amount(self, units, decimals: int) -> str:
        if units is None:
            return self.na
        return fmt_number(units / 10 ** decimals, decimals, self.dec, self.thou, self.neg, self.zero)

    def share(self, pct10, decimals: int = 1) -> str:
        if pct10 is None:
            return self.na
        v = pct10 / 10 if decimals == 1 else round(pct10 / 10)
        return fmt_number(v, decimals, self.dec, self.thou, self.neg, self.zero, self.pct_in_cells, self.pct_sep)

    def answer(self, a: str | None) -> str:
        return {"Y": self.yes, "N": self.no, "EL": self.el[0], "N/EL": self.el[1]}.get(a, "") if a else ""


def _labels(st: Style, key: str) -> dict:
    lab = LABELS[st.lang]
    k, K = lab["kpi_lower"][key], lab["kpi"][key]
    return {name: (v.format(k=k, K=K, y="{y}") if isinstance(v, str) else v) for name, v in lab.items()}


def template_columns(st: Style) -> list[str]:
    cols = ["name", "code", "amount", "share"] + [f"sc_{o}" for o in OBJECTIVES] + [f"dnsh_{o}" for o in OBJECTIVES]
    cols += ["ms"] + (["year_n"] if st.template == "2021" else []) + (["prev"] if st.prev_col else []) + ["E", "T"]
    return cols


def _width(st: Style, c: str) -> float:
    w = st.widths
    return w[c.split("_")[0]] if c.split("_")[0] in w else (w["prev"] if c == "year_n" else w["cat"])


def _header_rows(st: Style, cols: list[str], lab: dict) -> list:
    objn = OBJECTIVE_NAMES[st.lang]
    top = {"name": lab["activity"], "code": lab["codes"], "amount": (lab["absolute"] + " " + st.unit).strip(),
           "share": lab["proportion"], "ms": lab["ms"], "prev": lab["prev"], "E": lab["enabling"],
           "T": lab["transitional"],
           "year_n": "Taxonomy-aligned proportion, year N" if st.lang == "en" else "Taxonomiekonformer Anteil, Jahr N"}
    align = {"name": "l", "code": "l"}
    if st.header_depth == 1:
        row = []
        for c in cols:
            if c.startswith("sc_"):
                row.append((f"SC {c[3:]}", 1, "c"))
            elif c.startswith("dnsh_"):
                row.append((f"DNSH {c[5:]}", 1, "c"))
            else:
                row.append((top[c], 1, align.get(c, "r")))
        return [row]
    first, second = [], []
    for c in cols:
        if c == "sc_CCM":
            first.append((lab["sc"], len(OBJECTIVES), "c"))
        elif c == "dnsh_CCM":
            first.append((lab["dnsh"], len(OBJECTIVES), "c"))
        elif not c.startswith(("sc_", "dnsh_")):
            first.append((top[c], 1, align.get(c, "r")))
        second.append((objn[c.split("_")[1]] if "_" in c and c != "year_n" else "", 1, "c"))
    rows = [first, second]
    if st.header_depth >= 3:
        rows.append([(f"({i + 1})" if i else "(1)", 1, "c") for i in range(len(cols))])
    return rows


def _activity_cells(st: Style, kpi, r, cols: list[str], rng) -> dict:
    v = {"name": getattr(r, "name", r.activity.en), "code": st.code_fmt(r),
         "amount": st.amount(r.units, kpi.decimals), "share": st.share(r.pct10) if r.share_printed else st.na,
         "ms": st.answer(r.ms), "E": "E" if r.category == "E" and r.group == "A.1" else "",
         "T": "T" if r.category == "T" and r.group == "A.1" else ""}
    if st.prev_col:
        v["prev"] = st.share(rng.randint(0, 300))
    objs = {r.activity.objective} | {c.split("-")[0] for c in r.also}
    for o in OBJECTIVES:
        if st.template == "2021":
            v[f"sc_{o}"] = (st.share(1000 if o in objs else 0) if r.group == "A.1" else "")
        else:
            v[f"sc_{o}"] = st.answer(r.sc.get(o))
        v[f"dnsh_{o}"] = st.answer(r.dnsh.get(o))
    if st.template == "2021":
        v["year_n"] = st.share(r.pct10) if r.group == "A.1" else ""
    return {i: v.get(c, "") for i, c in enumerate(cols)}


def _total_cells(st: Style, kpi, cols, label, units, sc_split=None, extra=None) -> dict:
    v = {"name": label, "amount": st.amount(units, kpi.decimals), "share": st.share(kpi.pct10(units))}
    if sc_split and st.sc_pct_totals:
        for o in OBJECTIVES:
            v[f"sc_{o}"] = st.share(kpi.pct10(sc_split.get(o, 0)))
    v.update(extra or {})
    return {i: v.get(c, "") for i, c in enumerate(cols)}


def template_table(st: Style, kpi, rng, y: int, x0: float = 40.0, **spec_kw) -> TableSpec:
    """The full Annex II template for one KPI."""
    cols = template_columns(st)
    lab = _labels(st, kpi.key)
    by_obj = {g: {} for g in ("A.1", "A.2")}
    for r in kpi.rows:
        by_obj[r.group][r.activity.objective] = by_obj[r.group].get(r.activity.objective, 0) + (r.units or 0)
    span = lambda text: BodyRow({0: text}, bold=True, span_label=True)  # noqa: E731
    total = BodyRow(_total_cells(st, kpi, cols, lab["total"], kpi.total,
                                 extra={"share": st.share(1000)}), bold=True, rule_above=True)
    body = [total] if st.total_first else []
    body += [span(lab["A"]), span(lab["A1"])]
    body += [BodyRow(_activity_cells(st, kpi, r, cols, rng), ref=r) for r in kpi.rows if r.group == "A.1"]
    body.append(BodyRow(_total_cells(st, kpi, cols, lab["A1_total"], kpi.a1, by_obj["A.1"]), bold=True,
                        rule_above=True))
    if st.of_which:
        for cat, key in (("E", "of_e"), ("T", "of_t")):
            u = sum(r.units or 0 for r in kpi.rows if r.group == "A.1" and r.category == cat)
            body.append(BodyRow(_total_cells(st, kpi, cols, lab[key], u, extra={cat: cat})))
    body.append(span(lab["A2"]))
    body += [BodyRow(_activity_cells(st, kpi, r, cols, rng), ref=r) for r in kpi.rows if r.group == "A.2"]
    body.append(BodyRow(_total_cells(st, kpi, cols, lab["A2_total"], kpi.a2, by_obj["A.2"]), bold=True,
                        rule_above=True))
    body.append(BodyRow(_total_cells(st, kpi, cols, lab["A_total"], kpi.a1 + kpi.a2), bold=True))
    body += [span(lab["B"]), BodyRow(_total_cells(st, kpi, cols, lab["B_total"], kpi.b), bold=True)]
    if not st.total_first:
        body.append(total)
    spec = TableSpec([Col(_width(st, c), "l" if c in ("name", "code") else ("r" if c in ("amount", "share", "prev",
                                                                                              "year_n") else "c"))
                      for c in cols], _header_rows(st, cols, lab), body, size=st.size, header_size=st.header_size,
                     ruled=st.ruled, x0=x0)
    for k, v in spec_kw.items():
        setattr(spec, k, v)
    return spec


def title(st: Style, key: str, year: int) -> str:
    return _labels(st, key)["title"].replace("{y}", str(year))


def compact_table(st: Style, kpi, x0: float, answers: bool, share_decimals: int = 1, amount_fn=None,
                  widths=(96, 34, 40, 30, 16, 16, 16), refs: bool = True) -> TableSpec:
    """A short KPI table: name, code, amount, share (and SC CCM / SC CCA / MS answers)."""
    lab = _labels(st, kpi.key)
    amount_fn = amount_fn or (lambda u: st.amount(u, kpi.decimals))
    heads = [(lab["activity"], 1, "l"), (lab["codes"], 1, "l"), (f"{lab['kpi'][kpi.key]} {st.unit}".strip(), 1, "r"),
             ("%", 1, "r")]
    if answers:
        heads += [("SC CCM", 1, "c"), ("SC CCA", 1, "c"), ("MS", 1, "c")]
    ncol = len(heads)

    def arow(r):
        c = {0: getattr(r, "name", r.activity.en), 1: st.code_fmt(r), 2: amount_fn(r.units),
             3: st.share(r.pct10, share_decimals)}
        if answers:
            c.update({4: st.answer(r.sc.get("CCM")), 5: st.answer(r.sc.get("CCA")), 6: st.answer(r.ms)})
        return c

    def trow(label, units, pct10=None):
        return BodyRow({0: label, 2: amount_fn(units), 3: st.share(kpi.pct10(units) if pct10 is None else pct10,
                                                                    share_decimals)}, bold=True, rule_above=True)

    body = [BodyRow({0: lab["A1"]}, bold=True, span_label=True)]
    body += [BodyRow(arow(r), ref=r if refs else None) for r in kpi.rows if r.group == "A.1"]
    body += [trow("Total A.1" if st.lang == "en" else "Summe A.1", kpi.a1),
             BodyRow({0: lab["A2"]}, bold=True, span_label=True)]
    body += [BodyRow(arow(r), ref=r if refs else None) for r in kpi.rows if r.group == "A.2"]
    body += [trow("Total A.2" if st.lang == "en" else "Summe A.2", kpi.a2), trow(lab["B"], kpi.b),
             trow(lab["total"], kpi.total, 1000)]
    return TableSpec([Col(w, "l" if i < 2 else ("r" if i < 4 else "c")) for i, w in enumerate(widths[:ncol])],
                     [heads], body, size=6.0, header_size=5.5, x0=x0)
