"""Portfolio batch on a Dask cluster: the same pure function, :func:`regc.runtime.batch.evaluate_rows`, on
partitions of the portfolio.

The driver reads the portfolio once, in order, with the single-process reader (:func:`batch.open_portfolio`:
the same CSV dialect, BOM handling and malformed-row detection), cuts it into partitions of ``partition_rows``
rows, and submits each partition with its first row number to the cluster; workers compile the plans once
(shipped once per worker with ``scatter(broadcast=True)``, compiled plans cached per worker) and return result
rows; the driver writes them in partition order.  At most ``2 × workers`` partitions are in flight, so memory
stays flat whatever the portfolio size, and the output equals the single-process run row for row.

Without a scheduler address a ``LocalCluster`` (processes, one thread each) is started for the run and closed
after it.

>>> from regc.runtime.batch import RESULT_COLUMNS
>>> evaluate_partition({}, "t", [{"activity": "X-9"}], None, None, 7)[0]["errors"]
"row 7: activity 'X-9' is not in the build"
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections import deque
from pathlib import Path
from typing import Callable, Iterator, Optional

from regc.runtime.batch import evaluate_rows, open_portfolio, write_results

_COMPILED: dict[str, dict] = {}  # per worker process: plans token -> compiled activities


def evaluate_partition(plans: dict, token: str, rows: list[dict], as_of: Optional[dt.date], columns: Optional[list],
                       start: int) -> list[dict]:
    """Worker side: one partition of rows -> its result rows (pure; compiled plans are cached per process)."""
    from regc.runtime.evaluator import CompiledActivity

    compiled = _COMPILED.get(token)
    if compiled is None:
        compiled = {aid: CompiledActivity(p) for aid, p in plans.items()}
        _COMPILED.clear()
        _COMPILED[token] = compiled
    return list(evaluate_rows(compiled, rows, as_of, columns, start=start))


def _partitions(rows, size: int, start: int) -> Iterator[tuple[int, list[dict]]]:
    it = iter(rows)
    n = start
    while True:
        chunk = [dict(r) for r in itertools.islice(it, size)]  # plain dicts pickle (DictReader rows are dicts)
        if not chunk:
            return
        yield n, chunk
        n += len(chunk)


def run_dask(plans: dict, src: str | Path, dst: str | Path, as_of: Optional[dt.date] = None,
             scheduler: Optional[str] = None, workers: int = 2, partition_rows: int = 5000,
             progress: Optional[Callable[[int], None]] = None) -> dict:
    """Evaluate the portfolio ``src`` (CSV or Parquet) on Dask into ``dst``; same summary as
    :func:`regc.runtime.batch.run_csv`.  ``plans``: activity id -> :func:`compile_plan` output.
    ``progress(rows_done)`` is called after every partition."""
    import hashlib
    import pickle
    import tempfile

    from dask.distributed import Client, LocalCluster

    token = hashlib.sha1(pickle.dumps(plans)).hexdigest()[:16]  # which plans a worker has compiled
    cluster = None
    with tempfile.TemporaryDirectory(prefix="regc-dask-") as scratch:
        if scheduler is None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                                   local_directory=scratch, silence_logs=40)
            client = Client(cluster)
        else:
            client = Client(scheduler)
        try:
            with open_portfolio(src) as (cols, rows, start):
                remote_plans = client.scatter(plans, broadcast=True)
                n_workers = max(1, len(client.scheduler_info().get("workers", {})) or workers)

                def results() -> Iterator[dict]:
                    window: deque = deque()
                    done = 0
                    for first, chunk in _partitions(rows, partition_rows, start):
                        window.append(client.submit(evaluate_partition, remote_plans, token, chunk, as_of, cols,
                                                    first, pure=False))
                        if len(window) >= 2 * n_workers:
                            out = window.popleft().result()
                            done += len(out)
                            if progress:
                                progress(done)
                            yield from out
                    while window:
                        out = window.popleft().result()
                        done += len(out)
                        if progress:
                            progress(done)
                        yield from out

                return write_results(results(), dst)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
