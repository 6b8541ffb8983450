"""One in-memory span exporter for the process: OpenTelemetry allows one global tracer provider."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from mango_server.telemetry.traces import configure_tracing
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

_EXPORTER = InMemorySpanExporter()
configure_tracing("mango-test", "", processors=[SimpleSpanProcessor(_EXPORTER)])


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    _EXPORTER.clear()
    yield _EXPORTER
    _EXPORTER.clear()
