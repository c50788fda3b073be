"""The dense views' query adapter of `regc ask` (issue 14, round 30): a question's vector ``q`` is searched as
``normalise(q W)``, ``W`` learned from the released questions and their gold provisions (ridge regression pulled to
the identity, ``python -m harness.qa_adapter``), so that a practitioner's wording ("shared login") lands nearer the
chunks of the provisions that govern it ("unique user identification").  The chunk vectors and the index are
unchanged.

No adapter is shipped: leave-one-set-out it lost HIPAA and Taxonomy recall (tests/fixtures/ask/README.md, round
30); ``Asker(searcher, adapter=load_adapter(path))`` runs one a harness wrote.  :func:`dense_hook` is also how the
past questions' memory (:mod:`regc.retrieval.memory`) reads the question's own vector.

>>> import numpy as np
>>> W = np.array([[0.0, 1.0], [1.0, 0.0]], dtype=np.float32)   # swaps the two coordinates
>>> adapt_rows(np.array([[3.0, 0.0], [1.0, 0.0]], dtype=np.float32), W, [True, False]).tolist()
[[0.0, 1.0], [1.0, 0.0]]
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

class AdapterError(ValueError):
    """An adapter file of another shape than the index's vectors."""


@lru_cache(maxsize=4)
def load_adapter(path: Path):
    """The adapter matrix at ``path`` (square, float32), read once."""
    import numpy as np

    W = np.load(Path(path), allow_pickle=False)
    if W.ndim != 2 or W.shape[0] != W.shape[1] or W.dtype != np.float32:
        raise AdapterError(f"{path}: not a square float32 matrix ({W.dtype}, {W.shape}); fit one with "
                           f"python -m harness.qa_adapter fit")
    W.setflags(write=False)
    return W


def adapt_rows(vectors, W, mask: Sequence[bool]):
    """``vectors`` with each row where ``mask`` is true replaced by ``normalise(row W)`` (float64 arithmetic,
    float32 out); the other rows unchanged."""
    import numpy as np

    V = np.array(vectors, dtype=np.float32)
    if W.shape[0] != V.shape[1]:
        raise AdapterError(f"adapter of dimension {W.shape[0]} for vectors of dimension {V.shape[1]}")
    rows = [i for i, m in enumerate(mask) if m]
    if rows:
        A = V[rows].astype(np.float64) @ W.astype(np.float64)
        A /= np.maximum(np.linalg.norm(A, axis=1, keepdims=True), 1e-12)
        V[rows] = A.astype(np.float32)
    return V


def dense_hook(W, mask: Sequence[bool], seen: dict, keep: Optional[int]):
    """The function :meth:`~regc.retrieval.search.Searcher.dense_many` applies to its batch of query vectors:
    it stores row ``keep`` as it was encoded in ``seen["raw"]`` (the question's own vector, which the past
    questions' memory reads: :mod:`regc.retrieval.memory`) and adapts the ``mask`` rows by ``W`` (none when
    ``W`` is None)."""

    def hook(vectors):
        if keep is not None:
            seen["raw"] = vectors[keep]
        return vectors if W is None else adapt_rows(vectors, W, mask)

    return hook


__all__ = ["AdapterError", "adapt_rows", "dense_hook", "load_adapter"]
