"""The HTTP side: OpenAI-style /v1/chat/completions with latency, a concurrency cap, faults and counters.

Endpoints: POST /v1/chat/completions, GET /v1/models, GET /_counters, POST /_reset (zero counters),
POST /_config (update ServerConfig fields), POST /_script (queue canned answers or faults, served first).
Faults: "429", "500", "timeout" (sleeps past the client's timeout), "malformed" (truncated JSON),
"wrong_schema" (valid JSON of another shape). Requests over the concurrency cap get a 429.
"""
from __future__ import annotations

import json
import random
import threading
import time
import uuid
from collections import Counter, deque
from dataclasses import asdict, dataclass, field, fields
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from llmserver import responders
from llmserver.tokens import count_text, prompt_tokens

FAULTS = ("429", "500", "timeout", "malformed", "wrong_schema")


@dataclass
class ServerConfig:
    """How the scripted model behaves; every field can be changed at run time through POST /_config."""

    mode: str = "echo"  # echo | oracle (LoCoMo observations) ; scripted answers are queued via /_script
    locomo_path: str | None = None
    latency: float = 0.0  # seconds per successful call
    max_concurrency: int = 0  # 0 = no cap
    fault_rate: float = 0.0
    faults: tuple[str, ...] = FAULTS
    timeout_sleep: float = 30.0  # how long a "timeout" fault holds the connection
    retry_after_ms: int = 200
    seed: int = 0
    model: str = "scripted-1"


@dataclass
class Counters:
    requests: int = 0
    ok: int = 0
    over_cap: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    in_flight: int = 0
    max_in_flight: int = 0
    faults: Counter = field(default_factory=Counter)
    steps: Counter = field(default_factory=Counter)

    def snapshot(self) -> dict[str, Any]:
        d = asdict(self)
        d["faults"], d["steps"] = dict(self.faults), dict(self.steps)
        d["fault_total"] = sum(self.faults.values())
        return d


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # the default backlog of 5 drops connection bursts from a 16-wide client


class LLMServer:
    """A ThreadingHTTPServer on loopback; `start()` runs it in a daemon thread and returns self."""

    def __init__(self, config: ServerConfig | None = None, host: str = "127.0.0.1", port: int = 0) -> None:
        self.config = config or ServerConfig()
        self.counters = Counters()
        self.script: deque[dict[str, Any]] = deque()
        self.lock = threading.Lock()
        self.rng = random.Random(self.config.seed)
        self.oracle: responders.Oracle | None = None
        self._load_oracle()
        self.httpd = _HTTPServer((host, port), _handler_for(self))
        self.thread: threading.Thread | None = None

    def _load_oracle(self) -> None:
        if self.config.mode == "oracle":
            if not self.config.locomo_path:
                raise ValueError("oracle mode needs locomo_path")
            self.oracle = responders.Oracle(self.config.locomo_path)

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "LLMServer":
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="llmserver", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def reset(self) -> None:
        with self.lock:
            in_flight = self.counters.in_flight
            self.counters = Counters(in_flight=in_flight)

    def configure(self, **changes: Any) -> None:
        names = {f.name for f in fields(ServerConfig)}
        for k, v in changes.items():
            if k not in names:
                raise KeyError(k)
            setattr(self.config, k, tuple(v) if k == "faults" else v)
        if "seed" in changes:
            self.rng = random.Random(self.config.seed)
        if changes.get("mode") == "oracle" or "locomo_path" in changes:
            self._load_oracle()

    # -- one chat completion --------------------------------------------------------------------
    def _pick(self) -> dict[str, Any] | None:
        """The scripted item for this request, a random fault, or None for a normal answer."""
        with self.lock:
            if self.script:
                return self.script.popleft()
            if self.config.fault_rate > 0 and self.rng.random() < self.config.fault_rate:
                return {"fault": self.rng.choice(list(self.config.faults))}
        return None

    def complete(self, body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        """(status, JSON body, extra headers) for one request; sleeps for latency and timeouts."""
        step = responders.step_of(body)
        with self.lock:
            c = self.counters
            c.requests += 1
            c.steps[step or "other"] += 1
            cap = self.config.max_concurrency
            if cap and c.in_flight >= cap:
                c.over_cap += 1
                return 429, _error("over concurrency cap", "rate_limit_exceeded"), self._retry_after()
            c.in_flight += 1
            c.max_in_flight = max(c.max_in_flight, c.in_flight)
        try:
            item = self._pick()
            fault = (item or {}).get("fault")
            if fault == "timeout":
                with self.lock:  # a dropped request stops counting against the cap, as at a provider
                    self.counters.in_flight -= 1
                    self.counters.faults["timeout"] += 1
                time.sleep(self.config.timeout_sleep)
                with self.lock:
                    self.counters.in_flight += 1
                return 504, _error("timed out", "timeout"), {}
            if self.config.latency > 0:
                time.sleep(self.config.latency)
            if fault in ("429", "500"):
                with self.lock:
                    self.counters.faults[fault] += 1
                if fault == "429":
                    return 429, _error("rate limited (injected)", "rate_limit_exceeded"), self._retry_after()
                return 500, _error("internal error (injected)", "server_error"), {}
            if item and "content" in item:
                payload = str(item["content"])
            else:
                obj = item["json"] if item and "json" in item else responders.answer(step, body, self.oracle)
                payload = json.dumps(obj, ensure_ascii=False)
            if fault == "malformed":
                payload = payload[: max(1, len(payload) // 2)]
            elif fault == "wrong_schema":
                payload = json.dumps({"result": "ok", "items": 3})
            if fault:
                with self.lock:
                    self.counters.faults[fault] += 1
            out = self._completion(body, payload)
            with self.lock:
                self.counters.ok += 1
                self.counters.prompt_tokens += out["usage"]["prompt_tokens"]
                self.counters.completion_tokens += out["usage"]["completion_tokens"]
            return 200, out, {}
        finally:
            with self.lock:
                self.counters.in_flight -= 1

    def _retry_after(self) -> dict[str, str]:
        return {"retry-after-ms": str(self.config.retry_after_ms)}

    def _completion(self, body: dict[str, Any], payload: str) -> dict[str, Any]:
        """Wrap PAYLOAD the way the request asked: a tool call (TOOLS), plain JSON, or a ```json block (MD_JSON)."""
        message: dict[str, Any] = {"role": "assistant", "content": None}
        finish = "stop"
        if body.get("tools"):
            name = body["tools"][0].get("function", {}).get("name", "answer")
            message["tool_calls"] = [{"id": f"call_{uuid.uuid4().hex[:12]}", "type": "function",
                                      "function": {"name": name, "arguments": payload}}]
            finish = "tool_calls"
        elif body.get("response_format"):
            message["content"] = payload
        else:
            message["content"] = f"```json\n{payload}\n```"
        completion_text = message["content"] or payload
        return {"id": f"chatcmpl-{uuid.uuid4().hex[:16]}", "object": "chat.completion", "created": int(time.time()),
                "model": body.get("model") or self.config.model,
                "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                "usage": {"prompt_tokens": prompt_tokens(body), "completion_tokens": count_text(completion_text),
                          "total_tokens": prompt_tokens(body) + count_text(completion_text)}}


def _error(message: str, code: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": code, "code": code}}


def _handler_for(server: LLMServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: the client reuses connections as it would at a provider

        def log_message(self, format: str, *args: Any) -> None:  # quiet by default
            return

        def _send(self, status: int, obj: Any, headers: dict[str, str] | None = None) -> None:
            data = json.dumps(obj).encode()
            try:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout fault); nothing to tell it

        def _body(self) -> Any:
            n = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(n) if n else b""
            return json.loads(raw) if raw else {}

        def do_GET(self) -> None:  # noqa: N802
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, {"object": "list", "data": [{"id": server.config.model, "object": "model"}]})
            elif self.path.startswith("/_counters"):
                with server.lock:
                    self._send(200, server.counters.snapshot())
            else:
                self._send(404, _error("not found", "not_found"))

        def do_POST(self) -> None:  # noqa: N802
            try:
                body = self._body()
            except json.JSONDecodeError:
                self._send(400, _error("request body is not JSON", "invalid_request"))
                return
            if self.path.rstrip("/").endswith("/chat/completions"):
                status, out, headers = server.complete(body)
                self._send(status, out, headers)
            elif self.path.startswith("/_reset"):
                server.reset()
                self._send(200, {"ok": True})
            elif self.path.startswith("/_config"):
                try:
                    server.configure(**body)
                except (KeyError, ValueError) as exc:
                    self._send(400, _error(f"bad config: {exc}", "invalid_request"))
                    return
                self._send(200, asdict(server.config))
            elif self.path.startswith("/_script"):
                with server.lock:
                    server.script.extend(body if isinstance(body, list) else [body])
                self._send(200, {"queued": len(server.script)})
            else:
                self._send(404, _error("not found", "not_found"))

    return Handler
