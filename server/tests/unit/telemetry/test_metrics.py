"""Every exported metric is documented in docs/operations.md, and the HTTP edge records them."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from mango_server.api.observe import ObserveMiddleware
from mango_server.telemetry import metrics
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from prometheus_client import REGISTRY, Metric
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

OPERATIONS = Path(__file__).resolve().parents[4] / "docs" / "operations.md"


def _mango_metrics() -> list[Metric]:
    return [m for m in REGISTRY.collect() if m.name.startswith("mango_")]


def _exported_names(metric: Metric) -> set[str]:
    if metric.type == "counter":
        return {metric.name + "_total"}
    return {metric.name}


def test_operations_doc_lists_every_metric() -> None:
    documented = set(re.findall(r"`(mango_[a-z_]+)`", OPERATIONS.read_text()))
    exported = set().union(*(_exported_names(m) for m in _mango_metrics()))
    assert exported, "no mango_ metric is registered"
    assert exported <= documented, f"undocumented metrics: {sorted(exported - documented)}"


def _sample(name: str, labels: dict[str, str]) -> float:
    value = REGISTRY.get_sample_value(name, labels)
    return 0.0 if value is None else value


async def _ok(request: Request) -> Response:
    return JSONResponse({"id": request.path_params["thing_id"]})


async def _stream(request: Request) -> Response:
    async def body() -> object:
        yield b"data: {}\n\n"

    return StreamingResponse(body(), media_type="text/event-stream")  # type: ignore[arg-type]


def _app() -> Starlette:
    routes = [
        Route("/things/{thing_id}", _ok, name="things.get"),
        Route("/stream", _stream, name="things.stream"),
    ]
    return Starlette(routes=routes, middleware=[Middleware(ObserveMiddleware)])


@pytest.mark.asyncio
async def test_requests_are_counted_timed_and_traced_by_operation(spans: InMemorySpanExporter) -> None:
    before = _sample("mango_http_requests_total", {"operation": "things.get", "status": "200"})
    timed = _sample("mango_http_request_duration_seconds_count", {"operation": "things.get"})
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=_app()), base_url="http://t") as client:
        assert (await client.get("/things/th_1")).status_code == 200
        assert (await client.get("/nowhere")).status_code == 404
        assert (await client.get("/stream")).status_code == 200
    assert _sample("mango_http_requests_total", {"operation": "things.get", "status": "200"}) == before + 1
    assert _sample("mango_http_request_duration_seconds_count", {"operation": "things.get"}) == timed + 1
    assert _sample("mango_http_requests_total", {"operation": "unmatched", "status": "404"}) >= 1
    # A stream is counted as a connection while open, not as request latency.
    assert _sample("mango_http_request_duration_seconds_count", {"operation": "things.stream"}) == 0
    assert _sample("mango_sse_connections", {}) == 0
    names = [s.name for s in spans.get_finished_spans()]
    assert names == ["things.get", "unmatched", "things.stream"]
    first = spans.get_finished_spans()[0]
    assert first.attributes is not None
    assert first.attributes["http.response.status_code"] == 200


def test_metrics_endpoint_is_off_at_port_zero() -> None:
    metrics.serve_metrics(0, "127.0.0.1", "api")  # returns without binding anything
