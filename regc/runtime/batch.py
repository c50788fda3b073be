"""Portfolio batch evaluation: many (company, activity) rows -> one result row each, streamed.

The core is a pure function, :func:`evaluate_rows`, from an iterable of row mappings to an iterator of result
mappings.  Rules are compiled once per activity (:class:`regc.runtime.evaluator.CompiledActivity`), rows are
read, evaluated and written one at a time, so memory stays flat whatever the portfolio size.

Running on partitions: nothing here keeps state between rows, so the same function runs unchanged per
partition; :mod:`regc.runtime.distributed` runs it on a Dask cluster (``regc eval ... --engine dask``).

Row format (CSV header): ``company`` (optional), ``activity`` (or ``activity_id``), then fact columns as in
:mod:`regc.runtime.facts`; ``1(a) [g CO2e/kWh]`` gives the unit for bare numbers in that column.  Result
columns: :data:`RESULT_COLUMNS` (``missing``/``errors`` are ``;``-separated).  Values are checked by the same
code as a JSON/YAML facts file (:func:`regc.runtime.kernel.result`): ``2`` for a true/false criterion or ``3``
for a dated one is an error in the row's ``errors`` column, never a silent UNKNOWN; so is a row with more fields
than the header.

CSV formula injection: every text cell :func:`run_csv` writes that starts with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return (a company named ``=HYPERLINK(...)``) is prefixed with ``'`` (the OWASP rule), so
spreadsheets show it as text instead of running it (:func:`csv_safe`).

>>> from regc.runtime.evaluator import CompiledActivity
>>> from regc.ir.models import Activity, ActSource, Unit, CriterionNode
>>> act = Activity(activity_id="X-1", name="x", source=ActSource(celex="32021R2139", format="eurlex-xhtml"),
...     units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT", evaluation_logic="AND",
...            sub_criteria=[CriterionNode(criterion_id="P1")]))])
>>> [r["verdict"] for r in evaluate_rows({"X-1": CompiledActivity(act)},
...     [{"company": "A", "activity": "X-1", "P1": "yes"}, {"company": "B", "activity": "X-1", "P1": ""}])]
['PASS', 'UNKNOWN']
"""

from __future__ import annotations

import csv
import datetime as dt
import re
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Optional

from regc.io import atomic_open
from regc.runtime import kernel
from regc.runtime.evaluator import CompiledActivity

RESULT_COLUMNS = ("row", "company", "activity", "verdict", "missing", "n_pass", "n_fail", "n_unknown",
                  "n_not_applicable", "errors")
_RESULT_KEYS = frozenset(RESULT_COLUMNS)
_UNIT_HEADER = re.compile(r"^(.*?)\s*\[([^\[\]]*)\]\s*$")
_ID_COLUMNS = ("company", "activity", "activity_id")
_BARE_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")  # a cell the column's [unit] applies to


def parse_header(fieldnames: Iterable[str]) -> list[tuple[str, str, Optional[str]]]:
    """Fact columns -> (column, fact key, unit for bare numbers or None)."""
    out = []
    seen = set()
    for col in fieldnames:
        if col is None:
            continue
        c = col.strip()
        if c.lower() in _ID_COLUMNS or c == "":
            continue
        m = _UNIT_HEADER.match(c)
        key, unit = (m.group(1).strip(), m.group(2).strip()) if m else (c, None)
        if key in seen:
            raise ValueError(f"duplicate fact column {key!r}")
        seen.add(key)
        out.append((col, key, unit))
    return out


def row_facts(row: Mapping[str, object], columns: list[tuple[str, str, Optional[str]]]) -> dict:
    """One CSV row -> a raw facts mapping (empty cells are unknown)."""
    raw: dict = {}
    get = row.get
    for col, key, unit in columns:
        cell = get(col)
        if type(cell) is str:  # the CSV case, most cells empty: decided here without the general path below
            if cell:
                cell = cell.strip()
                if cell:
                    raw[key] = f"{cell} {unit}" if unit is not None and _BARE_NUMBER.match(cell) else cell
            continue
        if cell is None:
            continue
        if not isinstance(cell, str):  # rows from pandas/arrow may carry typed values
            if isinstance(cell, float) and cell != cell:
                continue
            raw[key] = cell if unit is None else {"value": cell, "unit": unit}
            continue
        cell = cell.strip()
        if not cell:
            continue
        if unit is not None and _BARE_NUMBER.match(cell):
            raw[key] = f"{cell} {unit}"
        else:
            raw[key] = cell
    return raw


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value: object) -> object:
    """Neutralise a spreadsheet formula in a text cell (OWASP): ``'=1+1`` for ``=1+1``; numbers pass.

    >>> csv_safe("=1+1"), csv_safe("-2+3"), csv_safe("ACME"), csv_safe(-3)
    ("'=1+1", "'-2+3", 'ACME', -3)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def summary_row(ca: CompiledActivity, facts: dict, issues: list, as_of: Optional[dt.date], row: int,
                company: str) -> dict:
    """One result row; errors are those of the JSON result (:func:`regc.runtime.kernel.result`)."""
    res = kernel.result(ca.plan, ca.verdicts(facts, as_of), facts, issues, as_of)
    counts = {v: 0 for v in kernel.VERDICTS}
    for v in res["criteria"].values():
        counts[v] += 1
    return {"row": row, "company": company, "activity": ca.activity_id, "verdict": res["verdict"],
            "missing": ";".join(res["missing"]), "n_pass": counts[kernel.PASS], "n_fail": counts[kernel.FAIL],
            "n_unknown": counts[kernel.UNKNOWN], "n_not_applicable": counts[kernel.NA],
            "errors": ";".join(res["errors"])}


def _activity_of(row: Mapping[str, object]) -> str:
    for k in ("activity", "activity_id", "Activity", "ACTIVITY"):
        v = row.get(k)
        if v:
            return str(v).strip()
    return ""


def evaluate_rows(compiled: Mapping[str, CompiledActivity], rows: Iterable[Mapping[str, object]],
                  as_of: Optional[dt.date] = None, columns: Optional[list] = None,
                  start: int = 1) -> Iterator[dict]:
    """Pure, streaming: rows in, one result mapping per row out (columns :data:`RESULT_COLUMNS`)."""
    header_cache: dict = {}
    for n, row in enumerate(rows, start):
        cols = columns
        if cols is None:  # mappings without a shared header: parse each distinct key set once
            keys = tuple(row.keys())
            cols = header_cache.get(keys)
            if cols is None:
                cols = header_cache[keys] = parse_header(keys)
        aid = _activity_of(row)
        company = str(row.get("company") or "")
        ca = compiled.get(aid)
        if ca is None:
            yield {"row": n, "company": company, "activity": aid, "verdict": kernel.UNKNOWN, "missing": "",
                   "n_pass": 0, "n_fail": 0, "n_unknown": 0, "n_not_applicable": 0,
                   "errors": f"row {n}: activity {aid!r} is not in the build"}
            continue
        facts, issues = ca.read_facts(row_facts(row, cols), f"row {n}")
        extra = row.get(None)  # csv.DictReader's restkey: fields beyond the header
        if extra:
            issues = [("error", f"row {n}: {len(extra)} more field(s) than the header "
                                f"({sum(1 for k in row if k is not None)} columns)")] + issues
        yield summary_row(ca, facts, issues, as_of, n, company)


def open_portfolio(src: str | Path):
    """A portfolio file -> (fact columns, row iterator, number of the first row), as a context manager.

    CSV (UTF-8, a BOM is skipped): rows are ``csv.DictReader`` mappings of strings, numbered by their line
    (the header is line 1); fields beyond the header land under the key None and make the row an error.  Parquet
    (via pyarrow, read batch by batch): rows are mappings of typed values, numbered from 1."""
    import contextlib

    src = Path(src)

    @contextlib.contextmanager
    def opened():
        if src.suffix.lower() in (".parquet", ".pq"):
            import pyarrow.parquet as pq

            try:
                pf = pq.ParquetFile(src)
            except Exception as e:  # noqa: BLE001 - pyarrow raises several types for a broken file
                raise ValueError(f"{src}: not a readable Parquet file: {str(e).splitlines()[0]}") from e
            names = list(pf.schema_arrow.names)
            yield _checked_columns(src, names), (r for b in pf.iter_batches(batch_size=4096)
                                                 for r in b.to_pylist()), 1
            return
        with open(src, newline="", encoding="utf-8-sig") as fin:  # Excel "CSV UTF-8" starts with a BOM
            reader = csv.DictReader(fin)
            if reader.fieldnames is None:
                raise ValueError(f"{src}: empty portfolio (no header)")
            yield _checked_columns(src, reader.fieldnames), reader, 2

    return opened()


def _checked_columns(src: Path, names: list[str]) -> list:
    if not any(str(c).strip().lower() in ("activity", "activity_id") for c in names):
        raise ValueError(f"{src}: header has no 'activity' column")
    try:
        return parse_header(names)
    except ValueError as e:
        raise ValueError(f"{src}: header: {e}") from e


def write_results(results: Iterable[dict], dst: str | Path) -> dict:
    """Result rows -> ``dst`` (CSV, written atomically, formula-safe).  Returns counts per verdict, the number
    of rows and of rows with errors."""
    dst = Path(dst)
    counts = {v: 0 for v in kernel.VERDICTS}
    rows = criteria = with_errors = 0
    with atomic_open(dst, newline="") as fout:
        writer = csv.writer(fout, lineterminator="\n")
        writer.writerow(RESULT_COLUMNS)
        for res in results:
            if res.keys() != _RESULT_KEYS:
                raise ValueError(f"result row with fields {sorted(res)}, expected {list(RESULT_COLUMNS)}")
            writer.writerow([csv_safe(res[k]) for k in RESULT_COLUMNS])
            counts[res["verdict"]] += 1
            rows += 1
            with_errors += bool(res["errors"])
            criteria += res["n_pass"] + res["n_fail"] + res["n_unknown"] + res["n_not_applicable"]
    return {"rows": rows, "criteria": criteria, "counts": counts, "output": str(dst), "rows_with_errors": with_errors}


def run_csv(compiled: Mapping[str, CompiledActivity], src: str | Path, dst: str | Path,
            as_of: Optional[dt.date] = None) -> dict:
    """Stream ``src`` (portfolio CSV or Parquet) through :func:`evaluate_rows` into ``dst`` (written
    atomically).  Returns counts per verdict, the number of rows and of rows with errors."""
    with open_portfolio(src) as (cols, rows, start):
        return write_results(evaluate_rows(compiled, rows, as_of, cols, start=start), dst)
