"""Is anything answering at an LLM endpoint?  Classify a transport failure (refused, unknown host, timed out) and
probe an endpoint before any work, so the CLI can fail fast with one clear line.

>>> _connection_refused(RuntimeError("[Errno 111] Connection refused")), _timed_out(TimeoutError("x"))
(True, True)
"""

from __future__ import annotations

import re
from typing import Optional


def _connection_refused(e: BaseException) -> bool:
    """True when ``e`` (or an exception it wraps) is a refused connection or an unknown host, not a timeout."""
    import socket

    seen = 0
    x: Optional[BaseException] = e
    while x is not None and seen < 20:
        if isinstance(x, (ConnectionRefusedError, socket.gaierror)):
            return True
        if isinstance(x, (TimeoutError, socket.timeout)):
            return False
        x = x.__cause__ or x.__context__
        seen += 1
    text = str(e)
    if re.search(r"timed? ?out", text, re.I):
        return False
    return bool(re.search(r"Connection refused|\[Errno 111\]|WinError 10061|actively refused", text))


def _timed_out(e: BaseException) -> bool:
    """True when ``e`` (or an exception it wraps) is a request that got no answer in time."""
    import socket

    x: Optional[BaseException] = e
    for _ in range(20):
        if x is None:
            break
        if isinstance(x, (TimeoutError, socket.timeout)) or type(x).__name__ in ("Timeout", "ReadTimeout",
                                                                                 "APITimeoutError"):
            return True
        x = x.__cause__ or x.__context__
    return bool(re.search(r"timed? ?out", str(e), re.I))


def probe_endpoint(api_base: str, timeout_s: float = 10.0) -> None:
    """Fail fast before any work: :class:`EndpointDown` with one clear reason when nothing answers at
    ``api_base`` (connection refused, unknown host, or no answer within ``timeout_s``).  Any HTTP answer, even an
    error status, means something listens.

    >>> probe_endpoint("http://127.0.0.1:9/v1", 2.0)
    Traceback (most recent call last):
    ...
    regc.llm.lm.EndpointDown: http://127.0.0.1:9/v1: connection refused (is the model server running?)
    """
    import socket
    import urllib.error
    import urllib.request

    from regc.llm.lm import EndpointDown

    url = api_base.rstrip("/") + "/models"
    try:
        with urllib.request.urlopen(url, timeout=timeout_s):  # noqa: S310 — http(s) URL checked by the CLI
            return
    except urllib.error.HTTPError:
        return  # it answered
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        if isinstance(reason, (TimeoutError, socket.timeout)) or _timed_out(e):
            raise EndpointDown(f"{api_base}: no answer within {timeout_s:g} s (is the model server stuck?)") from None
        if isinstance(reason, ConnectionRefusedError) or _connection_refused(e):
            raise EndpointDown(f"{api_base}: connection refused (is the model server running?)") from None
        raise EndpointDown(f"{api_base}: cannot connect ({reason})") from None
