"""Query vectors through ONNX Runtime: the same sentence encoder, about twice as fast per short query on one
thread as the PyTorch forward pass (measured 43 -> 20 ms per question on the loaded 2-core machine), with the
same vectors (cosine >= 0.99999 to the PyTorch ones, checked on every start).  The session runs on ``THREADS``
intra-op threads, which give the same vectors bit for bit as one; ``REGC_ONNX_THREADS`` overrides it, and a value
that is not a whole number >= 1 is an input error (exit 2), not a silent fall-back to PyTorch.

The ONNX graph is exported ONCE from the local encoder weights (no download) into the embedding cache folder,
keyed by the model files and the torch/transformers versions; a graph that cannot be exported or loaded, or whose
vectors differ from PyTorch's, leaves query encoding to PyTorch (:func:`regc.retrieval.index.encode`).  Only
mean pooling (+ normalisation) models are exported.  ``REGC_ONNX=0`` turns it off.  Document vectors (index
builds) stay on PyTorch.

>>> # encode_onnx(["Do we report CapEx for eligible-only activities?"]).shape  -> (1, 384), or None
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path
from typing import Mapping, Optional

from regc.errors import InputError

OPSET = 17
AGREEMENT = 0.99999  # least cosine between the ONNX and the PyTorch vector of each probe text
PROBES = ("a short probe", "a longer probe sentence, so that the batch is padded and the attention mask is used")
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
# intra-op threads of the query session (``REGC_ONNX_THREADS`` overrides): 2 gives the same vectors bit for bit as 1
# (every third released question's 3-text batch, 391 of 391 `np.array_equal`) at 1.65x the speed on the 2-core
# machine, 42.5 -> 25.7 ms per batch; a long practitioner question spends most of its retrieval time here
THREADS = 2

THREADS_VAR = "REGC_ONNX_THREADS"

_STATE: dict = {}  # "session": (InferenceSession, tokenizer, max_length, input names) or None once decided


def _mean_pooling_model(model) -> bool:
    """The encoder is Transformer -> mean Pooling (-> Normalize): what :func:`_pool` reproduces."""
    names = [type(m).__name__ for m in model]
    pooling = model[1] if len(model) > 1 else None
    mode = getattr(pooling, "pooling_mode", None)  # sentence-transformers >= 6: "mean" | "cls" | ...
    mean = mode == "mean" if isinstance(mode, str) else getattr(pooling, "pooling_mode_mean_tokens", False) and \
        not any(getattr(pooling, f"pooling_mode_{m}", False) for m in ("cls_token", "max_tokens", "mean_sqrt_len_tokens"))
    return names[:2] == ["Transformer", "Pooling"] and set(names[2:]) <= {"Normalize"} and bool(mean)


def _graph_path(model) -> Path:
    """Where the exported graph lives: keyed by the model files (name, size, mtime), its configuration and the
    torch / transformers versions that traced it."""
    import torch
    import transformers

    from regc.retrieval.index import MODEL_NAME, cache_dir

    h = hashlib.sha256(f"{torch.__version__} {transformers.__version__} {OPSET}".encode())
    h.update(model[0].auto_model.config.to_json_string().encode())
    folder = Path(str(model[0].auto_model.name_or_path))
    for f in sorted(folder.rglob("*")) if folder.is_dir() else []:
        if f.is_file():
            st = f.stat()
            h.update(f"{f.relative_to(folder)} {st.st_size} {int(st.st_mtime)}".encode())
    return cache_dir() / "onnx" / f"{MODEL_NAME}-{h.hexdigest()[:16]}.onnx"


def _export(model, path: Path) -> None:
    """Trace the transformer (padded example batch, so that the mask path is traced) into ``path``."""
    import torch

    class _LastHidden(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.m(input_ids=input_ids, attention_mask=attention_mask,
                          token_type_ids=token_type_ids).last_hidden_state

    example = model.tokenizer(list(PROBES), return_tensors="pt", padding=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(_LastHidden(model[0].auto_model.eval()), tuple(example[k] for k in INPUTS), str(tmp),
                          input_names=list(INPUTS), output_names=["last_hidden_state"],
                          dynamic_axes={k: {0: "batch", 1: "tokens"} for k in INPUTS + ("last_hidden_state",)},
                          opset_version=OPSET, dynamo=False)
    os.replace(tmp, path)


def _pool(hidden, mask):
    import numpy as np

    m = mask[..., None].astype(np.float32)
    v = (hidden * m).sum(1) / np.clip(m.sum(1), 1e-9, None)
    return (v / np.clip(np.linalg.norm(v, axis=1, keepdims=True), 1e-12, None)).astype("float32")


class EncoderSettingError(InputError):
    """A query-encoder setting in the environment that cannot be used (exit 2 at the command line)."""


def session_threads(environ: Mapping[str, str] = os.environ) -> int:
    """The ONNX session's intra-op threads: ``THREADS_VAR`` when set (a whole number >= 1), else ``THREADS``.

    >>> session_threads({}), session_threads({"REGC_ONNX_THREADS": "1"})
    (2, 1)
    >>> session_threads({"REGC_ONNX_THREADS": "two"})
    Traceback (most recent call last):
    ...
    regc.retrieval.query_encoder.EncoderSettingError: REGC_ONNX_THREADS='two': not a whole number of threads >= 1
    """
    raw = environ.get(THREADS_VAR)
    if raw is None:
        return THREADS
    if not raw.strip().isdigit() or int(raw) < 1:
        raise EncoderSettingError(f"{THREADS_VAR}={raw!r}: not a whole number of threads >= 1")
    return int(raw)


def _open():
    """The checked ONNX session, or None (PyTorch stays in charge); a bad ``THREADS_VAR`` raises first."""
    if os.environ.get("REGC_ONNX", "1") == "0":
        return None
    threads = session_threads()
    try:
        import onnxruntime as ort

        from regc.retrieval.index import encode, encoder

        model = encoder()
        if not _mean_pooling_model(model):
            return None
        path = _graph_path(model)
        if not path.is_file():
            _export(model, path)
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
        state = (session, model.tokenizer, model.get_max_seq_length() or 256, {i.name for i in session.get_inputs()})
        got, want = _run(state, list(PROBES)), encode(list(PROBES))
        if float((got * want).sum(1).min()) < AGREEMENT:
            return None
        return state
    except Exception:  # no onnx/onnxruntime, an export or load failure: the PyTorch path is always correct
        return None


def _run(state, texts: list[str]):
    session, tokenizer, max_length, names = state
    batch = tokenizer(texts, padding=True, truncation=True, max_length=max_length, return_tensors="np")
    feeds = {k: batch[k].astype("int64") for k in INPUTS if k in names and k in batch}
    hidden = session.run(None, feeds)[0]
    return _pool(hidden, batch["attention_mask"])


def encode_onnx(texts: list[str]) -> Optional["object"]:
    """Normalised vectors of ``texts`` (float32, one row each) through ONNX Runtime, or None when the ONNX path
    is unavailable (then encode with PyTorch)."""
    if "session" not in _STATE:
        _STATE["session"] = _open()
    state = _STATE["session"]
    return _run(state, texts) if state is not None and texts else None


__all__ = ["EncoderSettingError", "THREADS", "THREADS_VAR", "encode_onnx", "session_threads"]
