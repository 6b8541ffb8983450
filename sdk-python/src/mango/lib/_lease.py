"""``WorkLease``: the conditional heartbeat that makes an item runner the owner of its Work.

- ``acquire()``: the first heartbeat, with ``expected_last_heartbeat=NO_HEARTBEAT``. No tool may
  run before it succeeds. Transient failures are retried, but only for a bounded time.
- ``keep()``: renews every ``min(ttl / 2, 30 s)`` (at least 1 s), echoing the previous
  ``last_heartbeat``; after a transient failure it retries sooner.
- The lease is lost on 401/403/404/412, on ``lease_extended: false``, on state ``stopping`` or
  ``stopped``, and when no heartbeat succeeded for longer than the TTL (avoid split brain).
  ``acquire`` and ``keep`` then raise ``LeaseLost`` and ``lost_reason`` says why.

Lifecycle: one lease per handled item, driven by ``EnvironmentWorker``. Not responsible for
cancelling execution or deciding about Stop (the worker does both).
"""

from __future__ import annotations

import logging
import time

import anyio

from mango._client import AsyncMango
from mango._exceptions import APIStatusError, MangoError
from mango._retry import RetryPolicy

from ._exceptions import LeaseLost

__all__ = ["HEARTBEAT_CEILING", "HEARTBEAT_FLOOR", "NO_HEARTBEAT", "WorkLease"]

log = logging.getLogger(__name__)

NO_HEARTBEAT = "NO_HEARTBEAT"
HEARTBEAT_FLOOR = 1.0
HEARTBEAT_CEILING = 30.0
_TRANSIENT = frozenset({408, 429})
_STOPPED_STATES = frozenset({"stopping", "stopped"})


class WorkLease:
    """The lease on one Work item, renewed with the item's session token."""

    def __init__(
        self,
        client: AsyncMango,
        environment_id: str,
        work_id: str,
        *,
        desired_ttl_seconds: int = 90,
        backoff: RetryPolicy,
    ) -> None:
        self.client = client
        self.environment_id = environment_id
        self.work_id = work_id
        self.desired_ttl_seconds = desired_ttl_seconds
        self.backoff = backoff
        self.last_heartbeat = NO_HEARTBEAT
        self.ttl = float(desired_ttl_seconds)
        self.last_success: float | None = None
        self.lost_reason: str | None = None
        self.heartbeats = 0

    @property
    def lost(self) -> bool:
        return self.lost_reason is not None

    def lose(self, reason: str) -> LeaseLost:
        """Mark the lease lost (first reason wins) and return the error to raise."""
        if self.lost_reason is None:
            self.lost_reason = reason
            log.warning("lease lost work_id=%s reason=%s", self.work_id, reason, extra={"action": "work.lease_lost"})
        return LeaseLost(reason)

    def interval(self) -> float:
        """Seconds between renewals: half the TTL, at most 30 s, at least 1 s."""
        return max(HEARTBEAT_FLOOR, min(self.ttl / 2, HEARTBEAT_CEILING))

    async def beat(self) -> None:
        """One conditional heartbeat. Raises ``LeaseLost`` or a transient ``MangoError``."""
        if self.lost:
            raise LeaseLost(self.lost_reason or "lease lost")
        try:
            answer = await self.client.environments.work.heartbeat(
                self.environment_id,
                self.work_id,
                expected_last_heartbeat=self.last_heartbeat,
                desired_ttl_seconds=self.desired_ttl_seconds,
                timeout=max(1.0, min(10.0, self.ttl / 2)),
            )
        except APIStatusError as exc:
            if exc.status_code < 500 and exc.status_code not in _TRANSIENT:
                raise self.lose(f"heartbeat refused with {exc.status_code} {exc.error_type or ''}".strip()) from None
            raise
        if not answer.lease_extended or answer.state in _STOPPED_STATES:
            raise self.lose(f"heartbeat answered state={answer.state} lease_extended={answer.lease_extended}")
        self.last_heartbeat = answer.last_heartbeat
        self.ttl = float(max(1, answer.ttl_seconds))
        self.last_success = time.monotonic()
        self.heartbeats += 1
        log.debug("heartbeat work_id=%s ttl=%s", self.work_id, answer.ttl_seconds)

    async def acquire(self, within: float | None = None) -> None:
        """The first heartbeat; transient failures are retried for at most ``within`` seconds (default: the TTL)."""
        deadline = time.monotonic() + (self.ttl if within is None else within)
        failures = 0
        while True:
            try:
                await self.beat()
                log.info(
                    "lease acquired work_id=%s ttl=%s", self.work_id, self.ttl, extra={"action": "work.lease_acquired"}
                )
                return
            except LeaseLost:
                raise
            except MangoError as exc:
                delay = self.backoff.delay(failures)
                failures += 1
                if time.monotonic() + delay > deadline:
                    raise self.lose(f"no successful first heartbeat: {exc}") from None
                log.warning("first heartbeat failed work_id=%s retry_in=%.1fs error=%s", self.work_id, delay, exc)
                await anyio.sleep(delay)

    async def keep(self) -> None:
        """Renew until cancelled; raises ``LeaseLost`` once the lease is gone."""
        failures = 0
        while True:
            wait = self.interval() if failures == 0 else min(self.interval(), self.backoff.delay(failures - 1))
            await anyio.sleep(wait)
            try:
                await self.beat()
                failures = 0
            except LeaseLost:
                raise
            except MangoError as exc:
                failures += 1
                silent = time.monotonic() - (self.last_success or 0.0)
                if silent > self.ttl:
                    raise self.lose(f"no successful heartbeat for {silent:.1f}s (ttl {self.ttl:.0f}s)") from None
                log.warning("heartbeat failed work_id=%s error=%s", self.work_id, exc)
