"""The retry loop every provider adapter shares: one provider round, tried again after transient failures.

Responsible for the loop, its delays (the provider's ``retry-after`` when it is sane, else capped
exponential backoff with jitter) and its log records (``model.retry``, ``model.failed``,
``model.completed``). Not responsible for deciding what is transient (each adapter's errors say so
through ``ModelError.retryable`` and ``retry_after``) or for building and sending the request.
"""

from __future__ import annotations

import email.utils
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from ._errors import ModelError
from ._types import ModelResponse

__all__ = ["RetryPolicy", "retry_after_seconds", "with_retries"]


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often and how long an adapter retries a transient failure."""

    max_retries: int = 4
    backoff_base: float = 0.5
    backoff_max: float = 8.0
    max_retry_after: float = 60.0  # a longer ``retry-after`` is not waited for: backoff applies instead

    def delay(self, attempt: int, retry_after: float | None) -> float:
        """Seconds to wait after failed ``attempt`` (1-based)."""
        if retry_after is not None and 0 <= retry_after <= self.max_retry_after:
            return retry_after
        ceiling = min(self.backoff_max, self.backoff_base * float(2 ** (attempt - 1)))
        return ceiling * (0.5 + random.random() / 2)


async def with_retries(
    attempt_once: Callable[[], Awaitable[ModelResponse]],
    policy: RetryPolicy,
    sleep: Callable[[float], Awaitable[None]],
    log: logging.Logger,
) -> ModelResponse:
    """Run ``attempt_once`` until it answers, a failure is permanent, or the retries are spent; ``log`` is
    the adapter's logger.

    Raises:
        ModelError: a permanent failure, or a transient one after the last retry.
    """
    attempt = 0
    while True:
        attempt += 1
        started = time.monotonic()
        try:
            response = await attempt_once()
        except ModelError as exc:
            if not exc.retryable or attempt > max(0, policy.max_retries):
                log.warning(
                    "model call failed attempt=%d error_type=%s status=%s request_id=%s",
                    attempt,
                    exc.error_type,
                    exc.status_code,
                    exc.request_id,
                    extra={"action": "model.failed"},
                )
                raise
            delay = policy.delay(attempt, exc.retry_after)
            log.warning(
                "model call retry attempt=%d error_type=%s status=%s delay=%.2f",
                attempt,
                exc.error_type,
                exc.status_code,
                delay,
                extra={"action": "model.retry"},
            )
            await sleep(delay)
            continue
        log.info(
            "model call completed attempt=%d request_id=%s stop_reason=%s elapsed=%.3f",
            attempt,
            response.request_id,
            response.stop_reason,
            time.monotonic() - started,
            extra={"action": "model.completed"},
        )
        return response


def retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    """The wait a provider asks for: ``retry-after-ms``, else ``retry-after`` in seconds or as an HTTP date."""
    raw_ms = headers.get("retry-after-ms")
    if raw_ms:
        try:
            return float(raw_ms) / 1000
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    try:
        return float(raw)
    except ValueError:
        pass
    try:
        parsed = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    return max(0.0, parsed.timestamp() - time.time())
