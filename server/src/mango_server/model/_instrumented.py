"""A ``ModelClient`` decorator that measures and traces every provider round.

Wraps whichever adapter ``build_model_client`` chose: a ``model.request`` span (child of the
turn's span), the request latency by outcome and the token counts the provider reports. What the
engine reads of a client (capabilities, recipe profile, list prices) is the wrapped adapter's.
Not responsible for retries or errors (the adapter and the turn engine own them); nothing from the
request or the response is recorded beyond the model name and token counts.
"""

from __future__ import annotations

import time

from mango_server.domain.prices import Price
from mango_server.telemetry import metrics, traces

from ._errors import ModelError
from ._types import AdapterProfile, ModelCapabilities, ModelClient, ModelRequest, ModelResponse, TextDeltaCallback

__all__ = ["InstrumentedModel"]


class InstrumentedModel:
    """Measures ``inner`` under the label ``provider``."""

    def __init__(self, inner: ModelClient, provider: str) -> None:
        self._inner = inner
        self._provider = provider
        # Request recipes record the wrapped adapter's profile, not this wrapper's.
        self.profile: AdapterProfile = inner.profile
        self.capabilities: ModelCapabilities = inner.capabilities

    def price(self, model_id: str) -> Price | None:
        """The wrapped adapter's list price of ``model_id``."""
        return self._inner.price(model_id)

    async def aclose(self) -> None:
        """Close the wrapped adapter's connections, if it holds any."""
        close = getattr(self._inner, "aclose", None)
        if close is not None:
            await close()

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        started = time.monotonic()
        outcome = "error"
        with traces.span_under("model.request", None) as span:
            span.set_attribute("mango.model.provider", self._provider)
            span.set_attribute("mango.model.name", request.model)
            try:
                response = await self._inner.create(request, on_text_delta)
                outcome = "ok"
            except ModelError as exc:
                span.set_attribute("mango.model.retryable", exc.retryable)
                raise
            finally:
                metrics.MODEL_DURATION.labels(self._provider, outcome).observe(time.monotonic() - started)
            usage = response.usage
            for kind, count in (("input", usage.input_tokens), ("output", usage.output_tokens)):
                metrics.MODEL_TOKENS.labels(self._provider, kind).inc(count)
                span.set_attribute(f"mango.model.{kind}_tokens", count)
            return response
