"""Test doubles for the LLM stages: a local OpenAI-compatible HTTP server (stdlib, 127.0.0.1, bounded and
self-stopping) and scripted answer functions.  They exercise request formation, parsing, caching and grounding;
their answers say nothing about model quality.

    with OpenAIDouble(answer_by_field(ANSWERS)) as srv:
        srv.base_url  # "http://127.0.0.1:PORT/v1"
        srv.requests  # bodies received
"""

from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Optional

from regc.llm.lm import chat_reply

Responder = Callable[[str, str], Optional[str]]  # (system, user) -> reply text, or None for an HTTP 500

_FIRST_FIELD = re.compile(r"starting with the field `\[\[ ## (\w+) ## \]\]`")


def output_field(user: str) -> Optional[str]:
    """The first output field the ChatAdapter asks for in the last user message."""
    hits = _FIRST_FIELD.findall(user)
    return hits[-1] if hits else None


def input_value(user: str, name: str) -> str:
    """The text of input field ``name`` in the LAST user turn of a ChatAdapter prompt."""
    hits = re.findall(rf"\[\[ ## {name} ## \]\]\n(.*?)(?=\n\n\[\[ ## |\n\nRespond with|\Z)", user, re.DOTALL)
    return hits[-1] if hits else ""


def answer_by_field(answers: dict[str, Any]) -> Responder:
    """Reply with ``answers[field]`` for the requested output field; a callable value gets (user) first."""

    def respond(system: str, user: str) -> Optional[str]:
        f = output_field(user)
        if f is None or f not in answers:
            return "I cannot help with that."
        v = answers[f]
        v = v(user) if callable(v) else v
        return v if isinstance(v, str) and v.startswith("[[") else chat_reply({f: v})

    return respond


class _Handler(BaseHTTPRequestHandler):
    server: "_Server"

    def do_POST(self):  # noqa: N802 — http.server API
        n = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(n) or b"{}")
        srv = self.server
        with srv.lock:
            srv.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        msgs = body.get("messages") or []
        system = "\n".join(m.get("content", "") for m in msgs if m.get("role") == "system")
        user = msgs[-1].get("content", "") if msgs else ""
        text = srv.respond(system, user)
        if text is None:
            self.send_response(500)
            self.end_headers()
            return
        out = {"id": f"d{len(srv.requests)}", "object": "chat.completion", "created": 0, "model": body.get("model"),
               "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
               "usage": {"prompt_tokens": sum(len(m.get("content", "").split()) for m in msgs),
                         "completion_tokens": len(text.split()),
                         "total_tokens": sum(len(m.get("content", "").split()) for m in msgs) + len(text.split())}}
        data = json.dumps(out).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):  # quiet
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, respond: Responder, port: int = 0):
        super().__init__(("127.0.0.1", port), _Handler)
        self.respond = respond
        self.requests: list[dict] = []
        self.lock = threading.Lock()

    def handle_error(self, request, client_address):  # a client that timed out and hung up: not an error here
        import sys

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class OpenAIDouble:
    """A local ``/v1/chat/completions`` server; stops on exit, after ``ttl_s`` seconds, or after
    ``max_requests`` requests (whichever first)."""

    def __init__(self, respond: Responder, *, ttl_s: float = 60.0, max_requests: int = 5000, port: int = 0):
        self._srv = _Server(respond, port)
        self.ttl_s, self.max_requests = ttl_s, max_requests
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self):
        deadline = time.monotonic() + self.ttl_s
        self._srv.timeout = 0.2
        while time.monotonic() < deadline and len(self._srv.requests) < self.max_requests and not self._stop:
            self._srv.handle_request()
        self._srv.server_close()

    @property
    def port(self) -> int:
        return self._srv.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._srv.server_address[1]}/v1"

    @property
    def requests(self) -> list[dict]:
        return self._srv.requests

    def __enter__(self) -> "OpenAIDouble":
        self._stop = False
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop = True
        self._thread.join(timeout=5)
