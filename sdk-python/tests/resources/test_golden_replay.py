"""Replay every golden HTTP exchange in ``conformance/golden/`` through the generated namespaces.

A local server answers the listed exchanges in order and records any request that differs;
the operation ``a.b.c`` is called as ``client.a.b.c(*path_params, **query_and_body)`` and its
result (``call``), items (``iterate``) or events (``stream``) must equal ``expect``.
"""

from __future__ import annotations

import base64
import datetime as dt
import inspect
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mango
import pytest
from mango import Mango, Page, RetryPolicy, SyncPager
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

GOLDEN = Path(__file__).resolve().parents[3] / "conformance" / "golden"
CASES = sorted(GOLDEN.glob("*.json"))


@pytest.fixture(scope="module")
def server() -> Iterator[HTTPServer]:
    # threaded: werkzeug then speaks HTTP/1.1 with chunked bodies, so a dropped body is visible
    srv = HTTPServer(threaded=True)
    srv.start()
    yield srv
    srv.clear()
    if srv.is_running():
        srv.stop()


class _Replayer:
    """Answers the exchanges in order; collects every mismatch instead of raising in the server."""

    def __init__(self, exchanges: list[dict[str, Any]]) -> None:
        self.pending = list(exchanges)
        self.problems: list[str] = []
        self.wildcards: dict[str, str] = {}

    def __call__(self, request: Request) -> Response:
        if not self.pending:
            self.problems.append(f"unexpected request {request.method} {request.full_path}")
            return Response("no more exchanges", status=418)
        exchange = self.pending.pop(0)
        self._compare(exchange["request"], request)
        return self._answer(exchange["response"])

    def _compare(self, want: dict[str, Any], got: Request) -> None:
        where = f"{want['method']} {want['path']}"
        if (got.method, got.path) != (want["method"], want["path"]):
            self.problems.append(f"{where}: got {got.method} {got.path}")
        query = got.args.to_dict(flat=False)
        if query != want.get("query", {}):
            self.problems.append(f"{where}: query {query} != {want.get('query', {})}")
        for name, value in (want.get("headers") or {}).items():
            if value == "*" and got.headers.get(name):  # any value, but the same one in every exchange
                value = self.wildcards.setdefault(name, got.headers[name])
            if got.headers.get(name) != value:
                self.problems.append(f"{where}: header {name}={got.headers.get(name)!r} != {value!r}")
        raw = got.get_data()
        expected = want.get("body")
        if expected is None:
            if raw:
                self.problems.append(f"{where}: unexpected body {raw[:200]!r}")
        elif isinstance(expected, str) and not raw.startswith((b"{", b"[")):
            if expected not in raw.decode("utf-8", "replace"):
                self.problems.append(f"{where}: body does not contain {expected!r}")
        elif not raw or json.loads(raw) != expected:
            self.problems.append(f"{where}: body {raw[:500]!r} != {expected!r}")

    @staticmethod
    def _answer(spec: dict[str, Any]) -> Response:
        text = spec.get("body_text")
        data = (text if text is not None else json.dumps(spec["body"]) if spec.get("body") is not None else "").encode()
        if not spec.get("close_after"):
            return Response(data, status=spec["status"], headers=spec.get("headers", {}))

        def dropped() -> Iterator[bytes]:
            yield data
            raise ConnectionAbortedError("golden exchange drops the connection here")

        return Response(dropped(), status=spec["status"], headers=spec.get("headers", {}))


def _kwarg(name: str) -> str:
    """The SDK keyword for a wire name: ``tags[]`` -> ``tags``, ``created_at[gte]`` -> ``created_at_gte``."""
    name = re.sub(r"\[\]$", "", name)
    return re.sub(r"[^0-9a-zA-Z_]+", "_", name).strip("_").lower()


def _jsonable(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, bytes):
        return {"base64": base64.b64encode(value).decode("ascii")}
    if isinstance(value, Page):
        page = {"data": _jsonable(value.data), "next_page": value.next_page}
        return {**page, "prev_page": value.prev_page} if value.bidirectional else page
    if isinstance(value, list):
        return [_jsonable(item) for item in value]
    return value


def _same(got: Any, want: Any) -> bool:
    """JSON equality where two spellings of one instant (``Z`` vs ``+00:00``) are equal."""
    if isinstance(got, dict) and isinstance(want, dict):
        return got.keys() == want.keys() and all(_same(got[k], want[k]) for k in got)
    if isinstance(got, list) and isinstance(want, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want, strict=True))
    if isinstance(got, str) and isinstance(want, str) and got != want:
        try:
            return dt.datetime.fromisoformat(got) == dt.datetime.fromisoformat(want)
        except ValueError:
            return False
    return bool(got == want) and type(got) is type(want)


def _invoke(client: Mango, call: dict[str, Any]) -> Any:
    target: Any = client
    for part in call["operation"].split("."):
        target = getattr(target, part)
    path = call.get("path") or {}
    positional = [path[name] for name in inspect.signature(target).parameters if name in path]
    kwargs = {_kwarg(k): v for k, v in {**(call.get("query") or {}), **(call.get("body") or {})}.items()}
    headers = {k.lower(): v for k, v in (call.get("headers") or {}).items()}
    if "last-event-id" in headers and call.get("mode") == "stream":
        kwargs["last_event_id"] = headers.pop("last-event-id")
    if headers:
        kwargs["extra_headers"] = headers
    result = target(*positional, **kwargs)
    if isinstance(result, SyncPager) and call.get("mode") != "iterate":
        result = result.first_page()
    if call.get("mode") in ("iterate", "stream"):
        return [_jsonable(item) for item in result]
    return _jsonable(result)


@pytest.mark.skipif(not CASES, reason="no golden exchanges in conformance/golden/ yet")
@pytest.mark.parametrize("case_path", CASES, ids=[p.stem for p in CASES])
def test_golden_exchange(case_path: Path, server: HTTPServer) -> None:
    case = json.loads(case_path.read_text(encoding="utf-8"))
    replayer = _Replayer(case["exchanges"])
    server.clear()
    server.expect_request(re.compile(".*")).respond_with_handler(replayer)
    options = case.get("client") or {}
    policy = RetryPolicy(max_retries=options.get("max_retries", 2), base_delay=0, max_delay=0, max_retry_after=0)
    client = Mango(base_url=server.url_for("").rstrip("/"), api_key=options.get("api_key"), retry_policy=policy)
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(mango.APIStatusError) as caught:
            _invoke(client, case["call"])
        error = caught.value
        got = {"status": error.status_code, "type": error.error_type, "request_id": error.request_id}
        assert {k: got[k] for k in expect["error"]} == expect["error"]
    else:
        result = _invoke(client, case["call"])
        assert _same(result, expect["result"]), f"{result!r} != {expect['result']!r}"
    assert replayer.problems == []
    assert replayer.pending == [], f"{len(replayer.pending)} exchange(s) never requested"
