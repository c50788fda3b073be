"""Fast serialisation of the IR: the build-file JSON through a C encoder, and model unpickling without validation.

Both are pure speed-ups that keep bytes and values identical (tests/test_ir_models.py checks ``dumps_json``
against the stdlib encoder).
"""

from __future__ import annotations

import json
import re
from typing import Any


def restore_model(cls: type, values: dict, fields_set: set) -> Any:
    """Unpickle a model without re-validating it (see :meth:`_Model.__reduce_ex__`)."""
    obj = cls.__new__(cls)
    _object_setattr(obj, "__dict__", values)
    _object_setattr(obj, "__pydantic_fields_set__", fields_set)
    _object_setattr(obj, "__pydantic_extra__", None)
    _object_setattr(obj, "__pydantic_private__", None)
    return obj


_object_setattr = object.__setattr__

# orjson's spelling of a float below 1e-4: a one-digit negative exponent, or positional with four zeros.  Each
# pattern opens with its literal ("e-", "0.0000") and checks the byte before it by a lookbehind after it, so re
# scans for the literal (a whole act in ~0.2 ms) instead of trying every position (~5 ms)
_SMALL_FLOAT = (
    re.compile(rb"e-(?<=\de-)\d(?!\d)"),  # 1e-9, 2.5e-7   (Python: 1e-09, 2.5e-07)
    re.compile(rb"0\.0000(?<![\d.]0\.0000)"),  # 0.00001 not after a digit or point (Python: 1e-05)
)


def _small_float(raw: bytes) -> bool:
    """Whether orjson's output holds a float spelt unlike Python's.

    >>> [_small_float(b) for b in (b"[1e-9]", b"[2.5e-7]", b"[1e-09]", b"[0.00001]", b"[10.00001]", b"pre-2020")]
    [True, True, False, True, False, False]
    """
    return any(rx.search(raw) is not None for rx in _SMALL_FLOAT)


def dumps_json(obj: Any) -> str:
    """The one JSON serialisation regc writes: deterministic, UTF-8, 1-space indent, trailing newline.

    Byte-identical to ``json.dumps(obj, ensure_ascii=False, indent=1) + "\\n"``, but through orjson's C encoder
    when it is installed (``indent`` forces the stdlib onto its pure-Python encoder: ~4x slower on a whole act).
    orjson indents by two spaces; every line's indentation is halved (strings never hold a raw newline).  The
    one difference, on purpose: a NaN or infinity is written ``null`` (the stdlib writes ``NaN``, which is not
    JSON); the IR's numbers are finite (validated), so builds are unaffected.  orjson writes floats below 1e-4
    its own way ("1e-9", "0.00001" where Python writes "1e-09", "1e-05"): when its output holds such a token
    (``_SMALL_FLOAT``; a string that merely looks like one costs only speed) the stdlib writes the file.

    >>> dumps_json({"a": [1, 2.5, None], "b": {}, "c": "é"})
    '{\\n "a": [\\n  1,\\n  2.5,\\n  null\\n ],\\n "b": {},\\n "c": "é"\\n}\\n'
    """
    if _orjson is not None:
        try:
            raw = _orjson.dumps(obj, option=_orjson.OPT_INDENT_2)
        except (TypeError, _orjson.JSONEncodeError):  # an int over 64 bits, a non-str key...: the stdlib's answer
            pass
        else:
            if _small_float(raw):
                return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"
            lines = raw.split(b"\n")
            return b"\n".join([ln[(len(ln) - len(ln.lstrip(b" "))) // 2:] for ln in lines]).decode() + "\n"
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


try:
    import orjson as _orjson
except ImportError:  # optional: the stdlib encoder writes the same bytes, slower
    _orjson = None  # type: ignore[assignment]
