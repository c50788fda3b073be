"""LM backends for the semantic stages: OpenAI-compatible endpoints or in-process scripted engines, behind one
client that adds a persistent prompt-keyed cache, retries with backoff, a concurrency limit, token/cost
accounting per pass and a budget that stops model use cleanly.

    settings = LMSettings(model="openai/qwen2.5-7b-instruct", api_base="http://127.0.0.1:8000/v1",
                          budget=parse_budget("200000"))
    client = LMClient(settings)
    outputs, raw = client.predict(predictor, {"chapeau": ..., "items": [...], "feedback": ""}, pass_name="classify")

The API key is read from ``$REGC_LM_API_KEY`` (then ``$OPENAI_API_KEY``; a local server needs none).  The cache
lives in ``--lm-cache DIR`` / ``$REGC_LM_CACHE`` / ``~/.cache/regc/lm``: one JSON file per prompt, keyed by the
SHA-256 of (model, endpoint, messages, sampling settings), so a second identical run sends no request.  DSPy's own cache
is switched off for these LMs (ours is inspectable and keyed by the exact prompt).

Circuit breaker: a refused connection (nothing listens at ``--lm``) or a request that gets no answer within the
timeout marks the endpoint down for the rest of the process after the first failure: no retries, no backoff,
every later request fails at once with :class:`EndpointDown`, and the rules decide (a 5xx is retried).
:func:`probe_endpoint` lets the CLI fail fast, before any work, when nothing answers at all.

>>> parse_budget("50calls").max_calls, parse_budget("20000").max_tokens, parse_budget("$0.5").max_usd
(50, 20000, 0.5)
"""

from __future__ import annotations

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import hashlib  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from dataclasses import asdict, dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable, Literal, Optional, get_origin  # noqa: E402

from regc.io import atomic_write_text  # noqa: E402

API_KEY_ENVS = ("REGC_LM_API_KEY", "OPENAI_API_KEY")
CACHE_ENV = "REGC_LM_CACHE"


class BudgetExceeded(RuntimeError):
    """The configured token/call/cost budget is spent; callers fall back to the rules."""


class LMCallError(RuntimeError):
    """The model could not be reached or refused the request after the retries."""


class EndpointDown(LMCallError):
    """The endpoint refused a connection earlier in this process; it is not asked again."""


# endpoint (api_base) -> reason, for endpoints that refused a connection in this process
_DOWN_ENDPOINTS: dict[str, str] = {}


def forget_down_endpoints() -> int:
    """Forget every endpoint marked down in this process (a fresh server may listen there now); returns how many.

    >>> _DOWN_ENDPOINTS["http://127.0.0.1:9/v1"] = "refused"; forget_down_endpoints()
    1
    """
    n = len(_DOWN_ENDPOINTS)
    _DOWN_ENDPOINTS.clear()
    return n

from regc.llm.endpoint import _connection_refused, _timed_out, probe_endpoint  # noqa: E402,F401


class ParseFailure(ValueError):
    """The model's reply could not be parsed into the signature's typed outputs (``raw`` keeps the reply)."""

    def __init__(self, message: str, raw: str):
        super().__init__(message)
        self.raw = raw


# ---------------------------------------------------------------------------------------------------------------
# budget and accounting


@dataclass(frozen=True)
class Budget:
    max_tokens: Optional[int] = None
    max_calls: Optional[int] = None
    max_usd: Optional[float] = None

    def describe(self) -> str:
        parts = [f"{self.max_tokens} tokens" if self.max_tokens is not None else "",
                 f"{self.max_calls} calls" if self.max_calls is not None else "",
                 f"${self.max_usd}" if self.max_usd is not None else ""]
        return ", ".join(p for p in parts if p) or "unlimited"


def parse_budget(text: Optional[str]) -> Optional[Budget]:
    """``"20000"``/``"20000tokens"`` -> tokens, ``"50calls"`` -> requests, ``"$1.5"``/``"1.5usd"`` -> dollars
    (needs a model whose cost the backend reports).  Several, comma-separated.  ``None``/``""`` -> no budget."""
    if not text:
        return None
    kw: dict[str, Any] = {}
    for part in str(text).split(","):
        p = part.strip().lower().replace("_", "")
        if m := re.fullmatch(r"(\d+)\s*(?:tokens?|tok)?", p):
            kw["max_tokens"] = int(m.group(1))
        elif m := re.fullmatch(r"(\d+)\s*(?:calls?|requests?)", p):
            kw["max_calls"] = int(m.group(1))
        elif m := re.fullmatch(r"\$\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*usd", p):
            kw["max_usd"] = float(m.group(1) or m.group(2))
        else:
            raise ValueError(f"bad budget {part!r}: use e.g. 20000 (tokens), 50calls or $1.5")
    return Budget(**kw)


@dataclass
class PassUsage:
    calls: int = 0  # requests sent to the model
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    failures: int = 0  # requests that failed after the retries

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass
class Accounting:
    by_pass: dict[str, PassUsage] = field(default_factory=dict)

    def of(self, pass_name: str) -> PassUsage:
        return self.by_pass.setdefault(pass_name, PassUsage())

    def total(self) -> PassUsage:
        t = PassUsage()
        for u in self.by_pass.values():
            for k in ("calls", "cache_hits", "prompt_tokens", "completion_tokens", "cost_usd", "failures"):
                setattr(t, k, getattr(t, k) + getattr(u, k))
        return t

    def to_json(self) -> dict:
        return {k: asdict(v) | {"tokens": v.tokens} for k, v in sorted(self.by_pass.items())}

    def summary(self) -> str:
        t = self.total()
        per = "; ".join(f"{k} {v.calls} calls/{v.cache_hits} cached/{v.tokens} tok"
                        for k, v in sorted(self.by_pass.items()))
        cost = f", ${t.cost_usd:.4f}" if t.cost_usd else ""
        return f"lm: {t.calls} calls, {t.cache_hits} cache hits, {t.tokens} tokens{cost} ({per or 'no use'})"


# ---------------------------------------------------------------------------------------------------------------
# cache


class PromptCache:
    """Prompt-keyed persistent cache: ``DIR/<k[:2]>/<k>.json`` holding the request and the reply text.

    >>> import tempfile; c = PromptCache(tempfile.mkdtemp()); k = c.key({"m": 1})
    >>> c.get(k) is None
    True
    >>> c.put(k, {"m": 1}, "reply"); c.get(k)
    'reply'
    """

    def __init__(self, folder: Optional[str | Path]):
        self.folder = Path(folder) if folder else None
        self._mem: dict[str, str] = {}
        self._lock = threading.Lock()

    @staticmethod
    def key(request: dict) -> str:
        return hashlib.sha256(json.dumps(request, sort_keys=True, ensure_ascii=False).encode()).hexdigest()

    def _path(self, k: str) -> Optional[Path]:
        return None if self.folder is None else self.folder / k[:2] / f"{k}.json"

    def get(self, k: str) -> Optional[str]:
        with self._lock:
            if k in self._mem:
                return self._mem[k]
        p = self._path(k)
        if p is None or not p.exists():
            return None
        try:
            text = json.loads(p.read_text(encoding="utf-8"))["text"]
        except (OSError, ValueError, KeyError):
            return None  # a damaged entry is a miss
        with self._lock:
            self._mem[k] = text
        return text

    def put(self, k: str, request: dict, text: str) -> None:
        with self._lock:
            self._mem[k] = text
        p = self._path(k)
        if p is None:
            return
        # atomic: concurrent writers of one key write the same content
        atomic_write_text(p, json.dumps({"request": request, "text": text}, ensure_ascii=False, indent=1))


def default_cache_dir() -> Path:
    return Path(os.environ.get(CACHE_ENV) or Path.home() / ".cache" / "regc" / "lm")


# ---------------------------------------------------------------------------------------------------------------
# settings and backends


@dataclass
class LMSettings:
    model: str  # "openai/<model>" for an OpenAI-compatible endpoint
    api_base: Optional[str] = None
    timeout_s: float = 60.0
    retries: int = 3
    backoff_s: float = 1.0  # first wait; doubles per retry
    max_concurrency: int = 4
    cache_dir: Optional[str] = None  # None: default_cache_dir(); "" or "off": no disk cache
    budget: Optional[Budget] = None
    temperature: float = 0.0
    max_tokens: int = 1024

    def resolved_cache_dir(self) -> Optional[Path]:
        if self.cache_dir in ("", "off", "none"):
            return None
        return Path(self.cache_dir) if self.cache_dir else default_cache_dir()


def api_key_from_env() -> str:
    for name in API_KEY_ENVS:
        if os.environ.get(name):
            return os.environ[name]
    return "EMPTY"  # local OpenAI-compatible servers accept any key


def build_dspy_lm(settings: LMSettings, engine: Any = None):
    """``dspy.LM`` for the settings: an OpenAI-compatible endpoint, or (``engine``) an in-process engine.

    DSPy's own cache and retries are off: :class:`LMClient` does both (so they can be inspected and tested)."""
    import dspy

    if engine is not None:
        return dspy.LM(settings.model, engine=engine, cache=False, num_retries=0,
                       temperature=settings.temperature, max_tokens=settings.max_tokens)
    if not settings.model.startswith("openai/"):
        raise ValueError(f"--lm {settings.model!r}: use openai/<model> for an OpenAI-compatible endpoint")
    return dspy.LM(settings.model, api_base=settings.api_base, api_key=api_key_from_env(), cache=False,
                   num_retries=0, timeout=settings.timeout_s, temperature=settings.temperature,
                   max_tokens=settings.max_tokens)


def _non_retryable(e: BaseException) -> bool:
    try:
        from dspy.clients import errors as E
    except ImportError:  # pragma: no cover
        return False
    fatal = tuple(getattr(E, n) for n in ("AuthError", "BillingError", "InvalidRequestError", "ConfigurationError",
                                          "CapabilityError") if hasattr(E, n))
    return isinstance(e, fatal) or isinstance(e, (ValueError, TypeError))


class LMClient:
    """One model, with cache, retries, concurrency limit, accounting and budget.

    ``lm`` may be given (a ``dspy.LM`` over a scripted engine, in tests and benchmarks); otherwise it is built
    lazily from the settings.  The client is picklable (the LM and locks are rebuilt in the worker process);
    accounting and budget are per process.
    """

    def __init__(self, settings: LMSettings, lm: Any = None, *, sleep: Callable[[float], None] = time.sleep):
        self.settings = settings
        self._lm = lm
        self.cache = PromptCache(settings.resolved_cache_dir())
        self.usage = Accounting()
        self.sleep = sleep
        self._sem = threading.BoundedSemaphore(max(1, settings.max_concurrency))
        self._lock = threading.Lock()
        self.exhausted = False

    def __getstate__(self):
        d = dict(self.__dict__)
        for k in ("_sem", "_lock", "cache"):
            d.pop(k, None)
        if self._lm is not None and getattr(self._lm, "_regc_engine", None) is None:
            d["_lm"] = None  # endpoint LMs are rebuilt; scripted ones travel
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self.cache = PromptCache(self.settings.resolved_cache_dir())
        self._sem = threading.BoundedSemaphore(max(1, self.settings.max_concurrency))
        self._lock = threading.Lock()

    @property
    def model(self) -> str:
        return self.settings.model

    @property
    def lm(self):
        if self._lm is None:
            self._lm = build_dspy_lm(self.settings)
        return self._lm

    # -- budget --------------------------------------------------------------------------------------------------
    def over_budget(self) -> bool:
        b = self.settings.budget
        if b is None:
            return False
        t = self.usage.total()
        return ((b.max_tokens is not None and t.tokens >= b.max_tokens)
                or (b.max_calls is not None and t.calls >= b.max_calls)
                or (b.max_usd is not None and t.cost_usd >= b.max_usd))

    # -- one completion ------------------------------------------------------------------------------------------
    def request_of(self, messages: list[dict], params: Optional[dict] = None) -> dict:
        s = self.settings
        return {"model": s.model, "api_base": s.api_base, "messages": messages, "temperature": s.temperature,
                "max_tokens": s.max_tokens, **(params or {})}

    def complete(self, messages: list[dict], *, pass_name: str = "other", params: Optional[dict] = None) -> str:
        """Reply text for ``messages``: from the cache, else one request (with retries), recorded and cached.
        ``params`` (``temperature``, ``max_tokens``) override the settings for this request and are part of the
        cache key (an optimiser sampling at temperature 1 does not get the temperature-0 reply)."""
        params = {k: v for k, v in (params or {}).items() if v is not None}
        req = self.request_of(messages, params)
        k = self.cache.key(req)
        hit = self.cache.get(k)
        acct = self.usage.of(pass_name)
        if hit is not None:
            with self._lock:
                acct.cache_hits += 1
            return hit
        with self._lock:
            if self.exhausted or self.over_budget():
                self.exhausted = True
                raise BudgetExceeded(f"LM budget spent ({self.settings.budget.describe()}); "  # type: ignore
                                     f"{self.usage.summary()}")
        down = _DOWN_ENDPOINTS.get(self._endpoint())
        if down is not None:
            with self._lock:
                acct.failures += 1
            raise EndpointDown(down)
        with self._sem:
            text, usage = self._call_with_retries(messages, acct, params)
        with self._lock:
            acct.calls += 1
            acct.prompt_tokens += int(usage.get("prompt_tokens") or 0)
            acct.completion_tokens += int(usage.get("completion_tokens") or 0)
            acct.cost_usd += float(usage.get("cost") or 0.0)
        self.cache.put(k, req, text)
        return text

    def _call_with_retries(self, messages: list[dict], acct: PassUsage, params: Optional[dict] = None
                           ) -> tuple[str, dict]:
        s = self.settings
        last: Optional[BaseException] = None
        for attempt in range(s.retries + 1):
            try:
                lm = self.lm
                n_hist = len(lm.history)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    out = lm(messages=messages, **(params or {}))
                entry = lm.history[-1] if len(lm.history) > n_hist else {}
                usage = dict(entry.get("usage") or {})
                usage["cost"] = entry.get("cost") or 0.0
                first = out[0] if out else ""
                text = first.get("text", "") if isinstance(first, dict) else str(first)
                return text, usage
            except Exception as e:  # noqa: BLE001 — classified below
                last = e
                if s.api_base and _connection_refused(e):
                    reason = (f"{s.model} at {s.api_base}: connection refused ({type(e).__name__}: {e}); "
                              "the endpoint is not asked again in this process")
                    _DOWN_ENDPOINTS[self._endpoint()] = reason
                    with self._lock:
                        acct.failures += 1
                    raise EndpointDown(reason) from None
                if s.api_base and _timed_out(e):  # an endpoint that accepts and never answers: no retries
                    reason = (f"{s.model} at {s.api_base}: request timed out (no answer within {s.timeout_s:g} s); "
                              "the endpoint is not asked again in this process")
                    _DOWN_ENDPOINTS[self._endpoint()] = reason
                    with self._lock:
                        acct.failures += 1
                    raise EndpointDown(reason) from None
                if _non_retryable(e) or attempt == s.retries:
                    break
                self.sleep(s.backoff_s * (2 ** attempt))
        with self._lock:
            acct.failures += 1
        raise LMCallError(f"{s.model} at {s.api_base or 'in-process engine'}: {type(last).__name__}: {last}")

    def _endpoint(self) -> str:
        return self.settings.api_base or ""

    # -- one typed prediction ------------------------------------------------------------------------------------
    def predict(self, predictor: Any, inputs: dict, *, pass_name: str = "other", adapter: Any = None
                ) -> tuple[dict, str]:
        """Format ``predictor`` (signature + demos) with DSPy's ChatAdapter, complete, parse to typed outputs.

        Returns ``(outputs, raw_reply)``; raises :class:`ParseFailure` (with the raw reply) when the reply does not
        parse, :class:`BudgetExceeded`, or :class:`LMCallError`."""
        import dspy

        adapter = adapter or dspy.ChatAdapter(use_json_adapter_fallback=False)
        sig = predictor.signature
        demos = list(getattr(predictor, "demos", []) or [])
        messages = adapter.format(sig, demos=demos, inputs=inputs)
        raw = self.complete(messages, pass_name=pass_name)
        try:
            out = adapter.parse(sig, raw)
        except Exception as e:  # noqa: BLE001 — DSPy raises AdapterParseError and pydantic errors
            msg = str(e).strip().splitlines()
            raise ParseFailure(" ".join(msg)[:600] or type(e).__name__, raw) from None
        strict_json_check(sig, raw)
        return out, raw


def strict_json_check(signature: Any, raw: str) -> None:
    """DSPy repairs broken JSON leniently (a reply cut off after ``{"items": [`` parses as an empty list, which
    would silently drop a threshold).  Structured output fields must be strict JSON: else :class:`ParseFailure`."""
    for name, f in signature.output_fields.items():
        ann = f.annotation
        if ann is str or get_origin(ann) is Literal or \
                (isinstance(ann, type) and issubclass(ann, (str, int, float, bool))):
            continue
        m = re.search(rf"\[\[ ## {re.escape(name)} ## \]\]\s*\n?(.*?)(?=\n\s*\[\[ ## |\Z)", raw, re.DOTALL)
        if m is None:
            continue  # the adapter already required the field
        text = m.group(1).strip()
        text = re.sub(r"^```(?:json)?\s*|\s*```$", "", text)
        try:
            json.loads(text)
        except ValueError as e:
            raise ParseFailure(f"field {name} is not valid JSON ({e})", raw) from None


# ---------------------------------------------------------------------------------------------------------------
# scripted engines (tests, benchmarks, dry runs): no network, no weights


class PicklesWithoutLock:
    """Mixin: the object pickles without its ``_lock`` (a ``threading.Lock`` cannot be pickled) and gets a new one
    when unpickled."""

    def __getstate__(self):
        d = dict(self.__dict__)
        d.pop("_lock", None)
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self._lock = threading.Lock()


class ScriptedEngine(PicklesWithoutLock):
    """An in-process engine answering with ``respond(system, user_text) -> str`` (a DSPy ``Engine``).

    Counts its requests in ``calls``.  Usage is reported as whitespace-token counts, so accounting and budgets
    work; it says nothing about model quality.
    """

    def __init__(self, respond: Callable[[str, str], str]):
        self.respond = respond
        self.calls = 0
        self._lock = threading.Lock()

    def complete(self, request):
        from dspy.lm15 import Message, Response, TextPart, Usage

        system = request.system if isinstance(request.system, str) else \
            "".join(getattr(p, "text", "") for p in (request.system or ()))
        user = "\n".join(m.text or "" for m in request.messages)
        with self._lock:
            self.calls += 1
        text = self.respond(system, user)
        n_in, n_out = len((system + user).split()), len(text.split())
        return Response(id=None, model="scripted", message=Message.assistant([TextPart(text)]),
                        finish_reason="stop", usage=Usage(input_tokens=n_in, output_tokens=n_out,
                                                          total_tokens=n_in + n_out))

    def stream(self, request):
        from dspy.lm15 import response_to_events

        return response_to_events(self.complete(request))

    def close(self):
        pass


def scripted_lm(respond: Callable[[str, str], str], model: str = "local/scripted"):
    """A ``dspy.LM`` over a :class:`ScriptedEngine` (``lm._regc_engine`` is the engine)."""
    settings = LMSettings(model=model)
    engine = ScriptedEngine(respond)
    lm = build_dspy_lm(settings, engine=engine)
    lm._regc_engine = engine
    return lm


class ClientEngine:
    """A DSPy engine that sends every request through an :class:`LMClient`, so DSPy code that calls an LM itself
    (the optimisers: BootstrapFewShot, MIPROv2, GEPA, and the programs they evaluate) uses the project's prompt
    cache, budget, retries, concurrency limit and per-pass accounting (``pass_name``, default ``optimize``).

    A :class:`BudgetExceeded` from the client propagates out of the DSPy call.  Copies of the LM (DSPy copies
    LMs to change sampling settings) share this engine and hence one client, one budget.
    """

    def __init__(self, client: "LMClient", pass_name: str = "optimize"):
        self.client = client
        self.pass_name = pass_name

    def __deepcopy__(self, memo):
        return self

    @staticmethod
    def messages_of(request) -> list[dict]:
        system = request.system if isinstance(request.system, str) else \
            "".join(getattr(p, "text", "") for p in (request.system or ()))
        out = [{"role": "system", "content": system}] if system else []
        for m in request.messages:
            text = "".join(getattr(p, "text", "") or "" for p in m.parts)
            out.append({"role": m.role, "content": text})
        return out

    def complete(self, request):
        from dspy.lm15 import Message, Response, TextPart, Usage

        cfg = request.config
        params = {"temperature": getattr(cfg, "temperature", None), "max_tokens": getattr(cfg, "max_tokens", None)}
        s = self.client.settings
        params = {k: v for k, v in params.items() if v is not None and v != getattr(s, k)}
        text = self.client.complete(self.messages_of(request), pass_name=self.pass_name, params=params)
        return Response(id=None, model=self.client.model, message=Message.assistant([TextPart(text)]),
                        finish_reason="stop", usage=Usage(input_tokens=0, output_tokens=0, total_tokens=0))

    def stream(self, request):
        from dspy.lm15 import response_to_events

        return response_to_events(self.complete(request))

    def close(self):
        pass


def client_lm(client: "LMClient", pass_name: str = "optimize"):
    """A ``dspy.LM`` whose every call goes through ``client`` (see :class:`ClientEngine`); DSPy's own cache is
    off (the client's cache answers repeated prompts)."""
    import dspy

    s = client.settings
    lm = dspy.LM(f"local/{s.model.split('/', 1)[-1]}", engine=ClientEngine(client, pass_name), cache=False,
                 num_retries=0, temperature=s.temperature, max_tokens=s.max_tokens)
    lm._regc_client = client
    return lm


def chat_reply(fields: dict[str, Any]) -> str:
    """Format output fields the way DSPy's ChatAdapter expects a reply (for scripted engines).

    >>> chat_reply({"applicability": "Mandatory"}).splitlines()[0]
    '[[ ## applicability ## ]]'
    """
    parts = []
    for k, v in fields.items():
        if hasattr(v, "model_dump"):
            v = json.dumps(v.model_dump(mode="json"))
        elif isinstance(v, (dict, list)) or v is None:
            v = json.dumps(v, default=lambda o: o.model_dump(mode="json"))
        parts.append(f"[[ ## {k} ## ]]\n{v}")
    return "\n\n".join(parts) + "\n\n[[ ## completed ## ]]"


__all__ = ["LMSettings", "LMClient", "Budget", "parse_budget", "BudgetExceeded", "LMCallError", "ParseFailure",
           "PromptCache", "Accounting", "ScriptedEngine", "scripted_lm", "chat_reply", "build_dspy_lm",
           "ClientEngine", "client_lm"]
