"""The one in-memory span exporter of a test process.

OpenTelemetry accepts one global tracer provider per process, so every test module that reads
spans (the telemetry unit tests, the trace-chain integration test) shares this exporter instead
of installing its own provider.
"""

from __future__ import annotations

from mango_server.telemetry.traces import configure_tracing
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

EXPORTER = InMemorySpanExporter()
configure_tracing("mango-test", "", processors=[SimpleSpanProcessor(EXPORTER)])
