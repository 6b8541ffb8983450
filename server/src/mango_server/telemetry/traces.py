"""OpenTelemetry tracing: the tracer provider of a role and the trace context carried by the outbox.

``configure_tracing`` installs an SDK tracer provider exporting over OTLP/HTTP when
``MANGO_OTLP_ENDPOINT`` is set and does nothing otherwise (the API's no-op tracer stays, so an
unconfigured role pays no export cost). One trace follows a message: the HTTP request span is
current when the use case arms the outbox, ``store.outbox`` saves its W3C ``traceparent`` in the
row, the relay delivers under a child of it, the Session workflow hands it to ``run_step`` and the
turn's span and the model call hang under it. Temporal's own client/workflow/activity spans come
from temporalio's ``TracingInterceptor`` (``interceptors``). Not responsible for naming the work
being traced (callers name their spans).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.trace import Span, SpanKind
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
from temporalio.client import Interceptor

__all__ = [
    "configure_tracing",
    "current_trace_id",
    "current_traceparent",
    "interceptors",
    "span_under",
    "tracer",
]

_PROPAGATOR = TraceContextTextMapPropagator()


def configure_tracing(
    service_name: str, otlp_endpoint: str, *, processors: Sequence[SpanProcessor] = ()
) -> TracerProvider | None:
    """Install the role's tracer provider; ``None`` (nothing installed) when no exporter is configured.

    ``processors`` lets a test attach an in-memory exporter instead of (or besides) OTLP.
    """
    if not otlp_endpoint and not processors:
        return None
    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    if otlp_endpoint:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=otlp_endpoint)))
    for processor in processors:
        provider.add_span_processor(processor)
    trace.set_tracer_provider(provider)
    return provider


def tracer() -> trace.Tracer:
    """Mango's tracer (a proxy until a provider is installed)."""
    return trace.get_tracer("mango_server")


def interceptors() -> list[Interceptor]:
    """Temporal client interceptors: spans for start/signal, workflow runs and activities."""
    from temporalio.contrib.opentelemetry import TracingInterceptor

    return [TracingInterceptor()]


def current_traceparent() -> str | None:
    """The W3C ``traceparent`` of the current span, or ``None`` outside a recorded trace."""
    carrier: dict[str, str] = {}
    _PROPAGATOR.inject(carrier)
    return carrier.get("traceparent")


def current_trace_id() -> str | None:
    """The current trace id as 32 hex digits (for log correlation), or ``None``."""
    span_context = trace.get_current_span().get_span_context()
    return format(span_context.trace_id, "032x") if span_context.is_valid else None


@contextlib.contextmanager
def span_under(name: str, traceparent: str | None, *, kind: SpanKind = SpanKind.INTERNAL) -> Iterator[Span]:
    """A current span named ``name`` whose parent is ``traceparent`` (the current context when empty)."""
    parent = _PROPAGATOR.extract({"traceparent": traceparent}) if traceparent else None
    with tracer().start_as_current_span(name, context=parent, kind=kind) as span:
        yield span
