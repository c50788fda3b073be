"""Portfolio mode: a folder of report PDFs -> one CSV row per company (fixed keys + finding counts).

A report that cannot be read gets a row with its one-line error; the run never stops on one bad file.

>>> header()[:4]
['document', 'company', 'fiscal_year', 'error']
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

KPIS = ("turnover", "capex", "opex")
FIXED = (("total",), ("aligned", "amount"), ("aligned", "share"), ("eligible_not_aligned", "amount"),
         ("eligible_not_aligned", "share"), ("not_eligible", "amount"), ("not_eligible", "share"))


def header() -> list[str]:
    cols = ["document", "company", "fiscal_year", "error"]
    cols += [f"{k}.{'.'.join(p)}" for k in KPIS for p in FIXED]
    return cols + ["activity_rows", "extract_findings", "check_errors", "check_warnings"]


def row_for(disc: dict, check_findings: list[dict] | None) -> list:
    out = [disc.get("document"), disc.get("company"), disc.get("fiscal_year"), ""]
    for k in KPIS:
        block = disc["kpis"].get(k) or {}
        for p in FIXED:
            v = block
            for key in p:
                v = (v or {}).get(key)
            out.append("" if v is None else v)
    out.append(sum(len((disc["kpis"].get(k) or {}).get("activities", [])) for k in KPIS))
    out.append(len(disc.get("findings", [])))
    cf = check_findings or []
    out += [sum(f["severity"] == "error" for f in cf), sum(f["severity"] == "warning" for f in cf)]
    return out


def run_portfolio(folder: Path, builds: list[str], progress: bool = True) -> str:
    """CSV text for every ``*.pdf`` in ``folder`` (sorted), with a tqdm progress bar on stderr."""
    from tqdm import tqdm

    from regc.reports.check import check_disclosure, load_build
    from regc.reports.errors import ReportInputError
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document

    if not folder.is_dir():
        raise NotADirectoryError(f"{folder}: not a folder of reports")
    acts = load_build(builds) if builds else None
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header())
    for pdf in tqdm(sorted(folder.glob("*.pdf")), desc="reports", unit="report", disable=not progress):
        try:
            doc = Document(pdf)
            disc = extract(doc)
        except ReportInputError as e:
            w.writerow([pdf.name, "", "", str(e)] + [""] * (len(header()) - 4))
            continue
        w.writerow(row_for(disc, check_disclosure(disc, acts) if acts else None))
    return buf.getvalue()
