"""A scripted, threaded emulation of the Mango work and events endpoints for the worker-kit tests.

``FakeMango`` serves real HTTP on 127.0.0.1 (so the SDK's transport, retries and SSE decoding
are exercised as in production): Poll/Ack/Heartbeat/Stop/Fail/healthcheck of Work,
list/send/stream of Session events with ``Last-Event-ID`` resume, ``sessions.tool_calls.start`` (the
journal: a second start is a 409, ``ambiguous`` lists calls an earlier worker started), ``sessions.get`` (Skill pins and
Memory Store attachments from ``sessions``), Skill version records and archives
(``add_skill``), and the memories routes of Memory Stores (``add_memory``, with path conflicts and
``content_sha256`` preconditions). ``script(route, *actions)``
overrides the next answers of a route: ``None`` (default behaviour), an ``int`` status (error
envelope), ``"drop"`` (close without answering), ``"commit_then_drop"`` (apply, then drop), a
``dict`` (200 JSON) or a callable ``(request) -> (status, body)``. Every request is recorded. Like the
server, a successful mutation's answer is kept by its ``Idempotency-Key`` and replayed to a retry.
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import anyio
import pytest
from mango import RetryPolicy

NOW = "2026-09-01T00:00:00+00:00"


def make_secret(token: str = "tok-session", base_url: str | None = None) -> str:
    payload: dict[str, Any] = {"sessions_token": token}
    if base_url is not None:
        payload["api_base_url"] = base_url
    return base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")


def work_body(work_id: str, env: str = "env_1", session: str = "sesn_1", **over: Any) -> dict[str, Any]:
    body = {
        "type": "work",
        "id": work_id,
        "environment_id": env,
        "data": {"type": "session", "id": session},
        "state": "queued",
        "metadata": {},
        "secret": None,
        "error": None,
        "created_at": NOW,
        "acknowledged_at": None,
        "started_at": None,
        "latest_heartbeat_at": None,
        "stop_requested_at": None,
        "stopped_at": None,
    }
    body.update(over)
    return body


@dataclass
class Recorded:
    method: str
    route: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: Any
    at: float = field(default_factory=time.monotonic)


class FakeMango:
    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.requests: list[Recorded] = []
        self.answered: dict[str, tuple[int, Any]] = {}
        self.marks: list[tuple[str, float]] = []
        self.events: dict[str, list[dict[str, Any]]] = {}
        self.queue: list[dict[str, Any]] = []
        self.polled: dict[str, dict[str, Any]] = {}
        self.scripts: dict[str, list[Any]] = {}
        self.ttl = 90
        self.heartbeat_token = "NO_HEARTBEAT"
        self.heartbeat_count = 0
        self.stream_delay = 0.0
        self.auto_idle = False
        self.on_stream_connect: Callable[[], None] | None = None
        self.closed = False
        self.closers: list[Callable[[], None]] = []
        self.stream_generation = 0
        self.sessions: dict[str, dict[str, Any]] = {}
        self.skill_versions: dict[tuple[str, str], tuple[dict[str, Any], bytes]] = {}
        self.memories: dict[str, dict[str, dict[str, Any]]] = {}
        self.memory_counter = 0
        self.files: dict[str, bytes] = {}
        self.started: dict[str, str] = {}  # tool_use_id -> journal state
        self.ambiguous: set[str] = set()  # calls an earlier lease started: answered ambiguous on start
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    # ---------------------------------------------------------------- test API
    def script(self, route: str, *actions: Any) -> None:
        with self.cond:
            self.scripts.setdefault(route, []).extend(actions)

    def enqueue(self, work_id: str, secret: str | None = None, **over: Any) -> None:
        with self.cond:
            self.queue.append(work_body(work_id, secret=secret or make_secret(), **over))

    def emit(self, session: str, event: dict[str, Any]) -> dict[str, Any]:
        with self.cond:
            log = self.events.setdefault(session, [])
            full = {"id": f"sevt_{len(log) + 1:04d}", "processed_at": NOW, "created_at": NOW, **event}
            log.append(full)
            self.cond.notify_all()
            return full

    def tool_use(self, session: str, name: str, input: dict[str, Any], permission: str = "allow", **extra: Any) -> str:
        event = {"type": "agent.tool_use", "name": name, "input": input, "evaluated_permission": permission, **extra}
        return str(self.emit(session, event)["id"])

    def idle(self, session: str, reason: str = "end_turn") -> None:
        stop: dict[str, Any] = {"type": reason}
        if reason == "requires_action":
            stop["event_ids"] = ["sevt_x"]
        self.emit(session, {"type": "session.status_idle", "stop_reason": stop})

    def drop_streams(self) -> None:
        with self.cond:
            self.stream_generation += 1
            self.cond.notify_all()

    def session(
        self, session: str = "sesn_1", *, skills: list[dict[str, Any]] | None = None, resources: list[Any] | None = None
    ) -> dict[str, Any]:
        with self.cond:
            body = session_body(session, skills or [], resources or [])
            self.sessions[session] = body
            return body

    def add_skill(self, skill_id: str, version: str, archive: bytes, directory: str, **over: Any) -> dict[str, Any]:
        meta = {
            "type": "skill_version",
            "id": f"skillver_{skill_id}_{version}",
            "skill_id": skill_id,
            "version": version,
            "name": directory,
            "description": "a skill",
            "directory": directory,
            "archive_size_bytes": len(archive),
            "archive_sha256": hashlib.sha256(archive).hexdigest(),
            "expanded_size_bytes": 1 << 20,
            "member_count": 10,
            "created_at": NOW,
            **over,
        }
        with self.cond:
            self.skill_versions[(skill_id, version)] = (meta, archive)
        return meta

    def add_memory(self, store: str, path: str, content: str) -> str:
        with self.cond:
            self.memory_counter += 1
            memory_id = f"mem_{self.memory_counter:04d}"
            self.memories.setdefault(store, {})[memory_id] = _memory(store, memory_id, path, content)
            return memory_id

    def set_memory(self, store: str, memory_id: str, content: str) -> None:
        with self.cond:
            old = self.memories[store][memory_id]
            self.memories[store][memory_id] = _memory(store, memory_id, old["path"], content)

    def memory_at(self, store: str, path: str) -> dict[str, Any] | None:
        with self.cond:
            return next((m for m in self.memories.get(store, {}).values() if m["path"] == path), None)

    def of(self, route: str) -> list[Recorded]:
        return [r for r in self.requests if r.route == route]

    def starts(self) -> list[str]:
        """The tool_use_ids of ``sessions.tool_calls.start`` requests, in order."""
        return [r.path.split("/")[5] for r in self.of("tool_calls.start")]

    def results(self, session: str = "sesn_1") -> list[dict[str, Any]]:
        return [e for e in self.events.get(session, []) if e["type"] == "user.tool_result"]

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            assert time.monotonic() < deadline, "condition not reached in time"
            time.sleep(0.01)

    async def until(self, predicate: Callable[[], bool], within: float = 5.0) -> None:
        # The server threads change the state, so poll it rather than wait on an event loop primitive.
        with anyio.fail_after(within):
            while not predicate():  # noqa: ASYNC110
                await anyio.sleep(0.01)

    def close(self) -> None:
        for closer in self.closers:
            closer()
        with self.cond:
            self.closed = True
            self.cond.notify_all()
        self.server.shutdown()
        self.server.server_close()

    # ---------------------------------------------------------------- behaviour
    def next_action(self, route: str) -> Any:
        with self.cond:
            pending = self.scripts.get(route)
            return pending.pop(0) if pending else None

    def default(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        handler = getattr(self, "_" + req.route.replace(".", "_"))
        return handler(req, parts)  # type: ignore[no-any-return]

    def _poll(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            if not self.queue:
                return 204, None
            item = self.queue.pop(0)
            self.polled[item["id"]] = item
            return 200, item

    def _ack(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        data = self.polled.get(parts[5], {}).get("data", {"type": "session", "id": "sesn_1"})
        return 200, work_body(parts[5], env=parts[3], data=data, state="starting", acknowledged_at=NOW)

    def _heartbeat(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            expected = req.query.get("expected_last_heartbeat", [""])[0]
            if expected != self.heartbeat_token:
                return 412, _envelope("precondition_failed")
            self.heartbeat_count += 1
            self.heartbeat_token = f"hb-{self.heartbeat_count}"
            body = {"type": "work_heartbeat", "last_heartbeat": self.heartbeat_token, "lease_extended": True}
            return 200, {**body, "state": "active", "ttl_seconds": self.ttl}

    def _stop(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        return 200, work_body(parts[5], env=parts[3], state="stopped", stopped_at=NOW)

    def _fail(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        return 200, work_body(parts[5], env=parts[3], state="stopped", error=req.body["error"])

    def _healthcheck(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        return 200, work_body(parts[5], env=parts[3], state="stopped")

    def _events_list(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            items = list(self.events.get(parts[3], []))
        types = req.query.get("types[]")
        if types:
            items = [e for e in items if e["type"] in types]
        start = int(req.query.get("page", ["0"])[0])
        limit = int(req.query.get("limit", ["20"])[0])
        page = items[start : start + limit]
        nxt = str(start + limit) if start + limit < len(items) else None
        return 200, {"data": page, "next_page": nxt}

    def _events_send(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        out = []
        for event in req.body["events"]:
            tool_use_id = event.get("tool_use_id")
            done = {e.get("tool_use_id") for e in self.results(parts[3])}
            if event["type"] == "user.tool_result" and tool_use_id in done:
                return 409, _envelope("conflict_error")
            out.append(self.emit(parts[3], {**event, "processed_at": None}))
        if self.auto_idle:
            self.idle(parts[3])
        return 200, {"data": out}

    def _tool_calls_start(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        session, tool_use_id = parts[3], parts[5]
        with self.cond:
            done = {e.get("tool_use_id") for e in self.results(session)}
            if tool_use_id in self.started or tool_use_id in done:
                return 409, _envelope("conflict_error")
            state = "ambiguous" if tool_use_id in self.ambiguous else "started"
            self.started[tool_use_id] = state
            if state == "ambiguous":
                answer = {"type": "agent.tool_result", "tool_use_id": tool_use_id, "is_error": True}
                self.emit(session, {**answer, "content": [{"type": "text", "text": "unknown"}], "outcome": "ambiguous"})
        thread = (req.body or {}).get("session_thread_id")
        body = {"type": "tool_call", "id": tool_use_id, "session_thread_id": thread, "name": "bash", "state": state}
        return 200, {**body, "work_id": "work_1", "started_at": NOW, "finished_at": None}

    # ---------------------------------------------------------------- sessions, skills, memories
    def _sessions_get(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            return 200, self.sessions.get(parts[3]) or session_body(parts[3], [], [])

    def _skills_versions_get(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        found = self.skill_versions.get((parts[3], parts[5]))
        return (200, found[0]) if found else (404, _envelope("not_found_error"))

    def _skills_versions_content(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        found = self.skill_versions.get((parts[3], parts[5]))
        return (200, found[1]) if found else (404, _envelope("not_found_error"))

    def _files_content(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        found = self.files.get(parts[3])
        return (200, found) if found is not None else (404, _envelope("not_found_error"))

    def _memories_list(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            items = sorted(self.memories.get(parts[3], {}).values(), key=lambda m: m["path"].encode())
        full = req.query.get("view", ["basic"])[0] == "full"
        items = [m if full else {**m, "content": None} for m in items]
        start = int(req.query.get("page", ["0"])[0])
        limit = int(req.query.get("limit", ["20"])[0])
        nxt = str(start + limit) if start + limit < len(items) else None
        return 200, {"data": items[start : start + limit], "next_page": nxt}

    def _memories_get(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            found = self.memories.get(parts[3], {}).get(parts[5])
        return (200, found) if found else (404, _envelope("not_found_error"))

    def _memories_create(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            taken = self.memory_at(parts[3], req.body["path"])
            if taken is not None:
                details = {"conflicting_memory_id": taken["id"], "conflicting_path": taken["path"]}
                return 409, _envelope("memory_path_conflict_error", details)
            memory_id = self.add_memory(parts[3], req.body["path"], req.body["content"])
            return 200, self.memories[parts[3]][memory_id]

    def _memories_update(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            found = self.memories.get(parts[3], {}).get(parts[5])
            if found is None:
                return 404, _envelope("not_found_error")
            expected = (req.body.get("precondition") or {}).get("content_sha256")
            if expected is not None and expected != found["content_sha256"]:
                return 409, _envelope("memory_precondition_failed_error")
            self.set_memory(parts[3], parts[5], req.body.get("content", found["content"]))
            return 200, self.memories[parts[3]][parts[5]]

    def _memories_delete(self, req: Recorded, parts: list[str]) -> tuple[int, Any]:
        with self.cond:
            found = self.memories.get(parts[3], {}).get(parts[5])
            if found is None:
                return 404, _envelope("not_found_error")
            expected = req.query.get("expected_content_sha256", [None])[0]
            if expected is not None and expected != found["content_sha256"]:
                return 409, _envelope("memory_precondition_failed_error")
            del self.memories[parts[3]][parts[5]]
            return 200, {"type": "memory_deleted", "id": parts[5]}


def agent_body(agent_id: str, version: Any, skills: list[dict[str, Any]], name: str | None = None) -> dict[str, Any]:
    """An Agent snapshot as a Session shows it (named after its id unless ``name`` is given)."""
    return {
        "type": "agent",
        "id": agent_id,
        "version": version,
        "name": name or agent_id,
        "description": None,
        "system": None,
        "model": {"id": "mango-offline-1"},
        "tools": [],
        "mcp_servers": [],
        "skills": skills,
    }


def session_body(session: str, skills: list[dict[str, Any]], resources: list[Any]) -> dict[str, Any]:
    agent = agent_body("agent_1", 1, skills, name="agent")
    return {
        "type": "session",
        "id": session,
        "title": None,
        "status": "running",
        "stop_reason": None,
        "agent": agent,
        "environment_id": "env_1",
        "resources": resources,
        "metadata": {},
        "usage": {
            **dict.fromkeys(
                ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"), 0
            ),
            "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
            "list_cost": {"amount": "0", "currency": "USD"},
        },
        "budget": None,
        "stats": {"active_seconds": 0, "duration_seconds": 0},
        "created_at": NOW,
        "updated_at": NOW,
        "archived_at": None,
    }


def store_resource(store: str, name: str, access: str = "read_write", mount_path: str | None = None) -> dict[str, Any]:
    return {
        "type": "memory_store",
        "memory_store_id": store,
        "access": access,
        "mount_path": mount_path or f"/mnt/memory/{name}",
        "instructions": None,
        "name": name,
        "description": None,
    }


def _memory(store: str, memory_id: str, path: str, content: str) -> dict[str, Any]:
    data = content.encode()
    return {
        "type": "memory",
        "id": memory_id,
        "memory_store_id": store,
        "path": path,
        "content": content,
        "content_sha256": hashlib.sha256(data).hexdigest(),
        "content_size_bytes": len(data),
        "memory_version_id": f"memver_{memory_id}_{hashlib.sha256(data).hexdigest()[:8]}",
        "created_at": NOW,
        "updated_at": NOW,
    }


def _envelope(kind: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"type": kind, "message": kind}
    if details is not None:
        error["details"] = details
    return {"type": "error", "error": error, "request_id": "req_fake"}


def _route(method: str, parts: list[str]) -> str:
    if parts[1:3] == ["v1", "environments"] and len(parts) >= 6:
        if parts[5] == "poll":
            return "poll"
        if len(parts) == 7:
            return {"healthcheck_result": "healthcheck"}.get(parts[6], parts[6])
    if parts[1:3] == ["v1", "sessions"] and len(parts) == 4:
        return "sessions.get"
    if parts[1:3] == ["v1", "skills"] and len(parts) in (6, 7) and parts[4] == "versions":
        return "skills.versions.content" if len(parts) == 7 else "skills.versions.get"
    if parts[1:3] == ["v1", "files"] and len(parts) == 5 and parts[4] == "content":
        return "files.content"
    if parts[1:3] == ["v1", "memory_stores"] and len(parts) in (5, 6) and parts[4] == "memories":
        if len(parts) == 5:
            return "memories.list" if method == "GET" else "memories.create"
        return {"GET": "memories.get", "POST": "memories.update", "DELETE": "memories.delete"}[method]
    if parts[1:3] == ["v1", "sessions"] and len(parts) == 7 and parts[4] == "tool_calls":
        return "tool_calls.start"
    if parts[1:3] == ["v1", "sessions"] and len(parts) >= 5:
        if len(parts) == 6 and parts[5] == "stream":
            return "events.stream"
        return "events.list" if method == "GET" else "events.send"
    return "unknown"


def _handler(fake: FakeMango) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            self._handle("GET")

        def do_POST(self) -> None:
            self._handle("POST")

        def do_DELETE(self) -> None:
            self._handle("DELETE")

        def _handle(self, method: str) -> None:
            url = urlsplit(self.path)
            parts = url.path.split("/")
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            body = json.loads(raw) if raw else None
            req = Recorded(method, _route(method, parts), url.path, parse_qs(url.query), dict(self.headers), body)
            with fake.cond:
                fake.requests.append(req)
            if req.route == "events.stream":
                return self._stream(parts[3], self.headers.get("last-event-id"))
            key = self.headers.get("idempotency-key") if method != "GET" else None
            if key is not None and key in fake.answered:
                return self._json(*fake.answered[key])  # a retry of an applied mutation replays, like the server
            action = fake.next_action(req.route)
            if action == "drop":
                self.close_connection = True
                return
            if isinstance(action, int):
                return self._json(
                    action, _envelope({409: "conflict_error", 412: "precondition_failed"}.get(action, "x"))
                )
            if isinstance(action, dict):
                return self._json(200, action)
            status, answer = action(req) if callable(action) else fake.default(req, parts)
            if key is not None and 200 <= status < 300:
                fake.answered[key] = (status, answer)
            if action == "commit_then_drop":
                self.close_connection = True
                return
            self._json(status, answer)

        def _json(self, status: int, body: Any) -> None:
            raw = isinstance(body, bytes)
            data = body if isinstance(body, bytes) else b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("request-id", "req_fake")
            if data:
                self.send_header("content-type", "application/octet-stream" if raw else "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _stream(self, session: str, last_id: str | None) -> None:
            action = fake.next_action("events.stream")
            if isinstance(action, int):
                return self._json(action, _envelope("authentication_error" if action == 401 else "x"))
            time.sleep(fake.stream_delay)
            with fake.cond:
                log = fake.events.setdefault(session, [])
                ids = [e["id"] for e in log]
                cursor = ids.index(last_id) + 1 if last_id in ids else len(log)
                generation = fake.stream_generation
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("transfer-encoding", "chunked")
            self.end_headers()
            with fake.cond:
                fake.marks.append(("stream-open", time.monotonic()))
            if fake.on_stream_connect is not None:
                fake.on_stream_connect()
            deleted = False
            try:
                while not deleted:
                    with fake.cond:
                        if fake.closed or generation != fake.stream_generation:
                            break
                        fresh = fake.events.get(session, [])[cursor:]
                        if not fresh:
                            fake.cond.wait(0.05)
                            continue
                        cursor += len(fresh)
                    for event in fresh:
                        self._chunk(f"id: {event['id']}\nevent: {event['type']}\ndata: {json.dumps(event)}\n\n")
                        deleted = deleted or event["type"] == "session.deleted"
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True

        def _chunk(self, text: str) -> None:
            data = text.encode()
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

    return Handler


@pytest.fixture
def fake() -> Iterator[FakeMango]:
    server = FakeMango()
    yield server
    server.close()


@pytest.fixture
def zero_backoff() -> RetryPolicy:
    return RetryPolicy(max_retries=0, base_delay=0, max_delay=0, max_retry_after=0, rand=lambda: 0.0)
