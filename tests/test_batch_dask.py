"""Distributed batch: `regc eval BUILD portfolio --engine dask` equals the single-process run row for row, on a
2-worker LocalCluster, for CSV (with malformed rows) and Parquet."""

from __future__ import annotations

import csv
import random
import shutil

import pytest

from regc.cli import main
from regc.ir.models import load_activity
from regc.runtime.batch import run_csv
from regc.runtime.evaluator import CompiledActivity, compile_plan

pytest.importorskip("dask.distributed")
ACTS = ("CCM-4.1", "CCM-3.13", "CCM-4.29")
CELLS = ["yes", "no", "", "n/a", "2.6 MWh/t", "2.4", "80 g CO2e/kWh", "250 g CO2e/kWh", "3 furlongs", "maybe",
         "2026-01-01", "1e400", "=HYPERLINK(1)"]


def write_portfolio(path, n: int, seed: int = 7) -> None:
    """Random rows over three activities; every ~40th row is malformed (extra fields, unknown activity,
    missing activity)."""
    rnd = random.Random(seed)
    cols = ["P1", "P2 [g CO2e/kWh]", "1(a)", "1(b)(ii)", "DNSH-CCA/P1", "DNSH-CE/P1", "DNSH-BIO/P1"]
    with open(path, "w", newline="", encoding="utf-8") as f:
        f.write("\ufeff")  # Excel's "CSV UTF-8"
        w = csv.writer(f)
        w.writerow(["company", "activity", *cols])
        for i in range(n):
            act = rnd.choice(ACTS)
            row = [f"Co {i}", act, *[rnd.choice(CELLS) for _ in cols]]
            k = i % 40
            if k == 13:
                row += ["surplus", "fields"]
            elif k == 17:
                row[1] = "CCM-0.0"
            elif k == 29:
                row[1] = ""
            w.writerow(row)


@pytest.fixture(scope="module")
def build(tmp_path_factory, gold_dir):
    b = tmp_path_factory.mktemp("dask") / "build"
    b.mkdir()
    for a in ACTS:
        shutil.copy(gold_dir / f"{a}.json", b / f"{a}.json")
    return b


def test_dask_equals_single_process_row_for_row(build, tmp_path):
    from regc.runtime.distributed import run_dask

    acts = {a: load_activity(build / f"{a}.json") for a in ACTS}
    src = tmp_path / "p.csv"
    write_portfolio(src, 3000)
    one, many = tmp_path / "one.csv", tmp_path / "many.csv"
    s1 = run_csv({a: CompiledActivity(x) for a, x in acts.items()}, src, one)
    seen = []
    s2 = run_dask({a: compile_plan(x) for a, x in acts.items()}, src, many, workers=2, partition_rows=250,
                  progress=seen.append)
    assert one.read_bytes() == many.read_bytes()
    assert s1 == {**s2, "output": s1["output"]}
    assert s1["rows"] == 3000 and s1["rows_with_errors"] > 75  # malformed rows are errors, in both
    assert seen == sorted(seen) and seen[-1] == 3000 and len(seen) == 12  # progress after every partition


def test_cli_engine_dask_csv_and_parquet(build, tmp_path, capsys):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    src = tmp_path / "p.csv"
    write_portfolio(src, 400, seed=3)
    lines = src.read_text(encoding="utf-8-sig").splitlines()
    rows = [r for r in csv.reader(lines[1:]) if len(r) == len(next(csv.reader(lines[:1])))]
    header = next(csv.reader(lines[:1]))
    pq.write_table(pa.table({h: [r[i] for r in rows] for i, h in enumerate(header)}), tmp_path / "p.parquet")
    for name in ("p.csv", "p.parquet"):
        a, b = tmp_path / f"{name}.one.csv", tmp_path / f"{name}.dask.csv"
        assert main(["eval", str(build), str(tmp_path / name), "-o", str(a)]) == 0
        assert main(["eval", str(build), str(tmp_path / name), "-o", str(b), "--engine", "dask",
                     "--workers", "2"]) == 0
        assert a.read_bytes() == b.read_bytes()
    err = capsys.readouterr().err
    assert "rows evaluated" in err
