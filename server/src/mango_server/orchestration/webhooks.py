"""The webhook dispatcher: sends queued notifications, signed, to their endpoints (orchestrator role).

Every pass claims due attempts from PostgreSQL (``store.webhooks.claim_due``: ``FOR UPDATE SKIP
LOCKED`` plus a lease longer than one attempt), so several orchestrators share the queue and
never send the same attempt twice, and a dispatcher killed mid-attempt only delays the
notification until its lease ends. Each attempt

1. signs the stored body (the exact bytes written with the state change) with the endpoint's
   secret, a fresh ``webhook-timestamp`` and the notification's stable ``webhook-id``, and stores
   the timestamp and signature before sending (``store.webhooks.record_attempt``, fenced by the
   lease: a dispatcher that lost its lease sends nothing);
2. POSTs through the egress guard (the host is resolved and checked at connect time, the
   connection pinned to the checked address), never following a redirect;
3. records the outcome, fenced by attempt number and lease owner: any 2xx acknowledges; a 3xx
   or a refused (private) address disables the endpoint with a recorded reason; anything else
   is retried after a jittered delay bounded to [5 s, 120 s] until three attempts have failed.

Terminal deliveries are removed after the retention period. Not responsible for what is
queued (``app.notifications``), the signature and payload rules (``domain.webhooks``) or the
SQL (``store.webhooks``).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import httpx2

from mango_server.domain import backoff
from mango_server.domain.json import JsonObject
from mango_server.domain.webhooks import is_ack, retry_delay, sign
from mango_server.keyring import Keyring, KeyringError
from mango_server.store import webhooks
from mango_server.store.db import Pool
from mango_server.store.webhooks import ClaimedAttempt, secret_aad
from mango_server.telemetry.metrics import WEBHOOK_ATTEMPT_DURATION, WEBHOOK_ATTEMPTS
from mango_server.tools.egress import EgressPolicy, EgressRefused, guarded_client

log = logging.getLogger(__name__)
_BATCH = 50
_CLEANUP_SECONDS = 300.0


@dataclass(frozen=True)
class DispatchPolicy:
    """Attempt bounds (defaults are the contract; tests shorten them)."""

    max_attempts: int = 3
    retry_min_seconds: float = 5.0
    retry_max_seconds: float = 120.0
    timeout_seconds: float = 10.0
    lease_seconds: float = 60.0
    retention_hours: float = 72.0
    scan_seconds: float = 0.5

    @property
    def lease(self) -> float:
        # The lease must outlast one attempt, or a slow attempt could be claimed again meanwhile.
        return max(self.lease_seconds, self.timeout_seconds + 1.0)


@dataclass(frozen=True)
class _Outcome:
    state: str  # delivered | pending | failed
    status: int | None
    error: str | None
    disable: JsonObject | None = None
    retry_in: float = 0.0


def _metric_result(outcome: _Outcome) -> str:
    if outcome.disable is not None:
        return "disabled"
    return {"delivered": "delivered", "pending": "retry"}.get(outcome.state, "failed")


class WebhookDispatcher:
    """Runs until cancelled."""

    def __init__(
        self,
        pool: Pool,
        keyring: Keyring,
        egress: EgressPolicy,
        policy: DispatchPolicy,
        *,
        owner: str | None = None,
        rand: Callable[[], float] = random.random,
    ) -> None:
        self._pool = pool
        self._keyring = keyring
        self._egress = egress
        self._policy = policy
        self._owner = owner or f"dispatcher-{secrets.token_hex(6)}"
        self._rand = rand
        self._failures = 0
        self._last_cleanup = 0.0

    async def run(self) -> None:
        """Serve until cancelled, starting over after a database failure."""
        async with guarded_client(self._egress) as client:
            while True:
                try:
                    while await self.drain_once(client) == _BATCH:
                        pass
                    await self._cleanup()
                    self._failures = 0
                except Exception as exc:
                    pause = backoff.delay(self._failures, rand=self._rand)
                    self._failures += 1
                    log.warning(
                        "webhook dispatcher failed; retrying error=%s retry_in=%.2fs",
                        type(exc).__name__,
                        pause,
                        extra={"action": "webhooks.dispatcher_failed"},
                    )
                    await asyncio.sleep(pause)
                    continue
                await asyncio.sleep(self._policy.scan_seconds)

    async def drain_once(self, client: httpx2.AsyncClient) -> int:
        """Claim due attempts and send each once; returns how many were claimed."""
        async with self._pool.acquire() as conn:
            claims = await webhooks.claim_due(conn, self._owner, _BATCH, self._policy.lease)
        await asyncio.gather(*(self._attempt(client, claim) for claim in claims))
        return len(claims)

    async def _attempt(self, client: httpx2.AsyncClient, claim: ClaimedAttempt) -> None:
        try:
            secret = self._keyring.decrypt(
                claim.secret_key_id, claim.secret_ciphertext, secret_aad(claim.workspace_id, claim.webhook_id)
            ).decode()
        except KeyringError as exc:
            # An operator problem (a retired key): keep the notification for a later attempt.
            await self._finish(claim, self._failed(claim, None, str(exc)))
            return
        timestamp = int(time.time())
        signature = sign(secret, claim.notification_id, timestamp, claim.body)
        async with self._pool.acquire() as conn:
            if not await webhooks.record_attempt(conn, claim, self._owner, timestamp, signature):
                return  # the lease ended; another dispatcher owns the notification now
        began = time.monotonic()
        outcome = await self._send(client, claim, timestamp, signature)
        result = _metric_result(outcome)
        WEBHOOK_ATTEMPT_DURATION.labels(result).observe(time.monotonic() - began)
        WEBHOOK_ATTEMPTS.labels(result).inc()
        await self._finish(claim, outcome)

    async def _send(
        self, client: httpx2.AsyncClient, claim: ClaimedAttempt, timestamp: int, signature: str
    ) -> _Outcome:
        headers = {
            "content-type": "application/json",
            "user-agent": "Mango-Webhooks/1",
            "webhook-id": claim.notification_id,
            "webhook-timestamp": str(timestamp),
            "webhook-signature": signature,
        }
        try:
            async with (
                asyncio.timeout(self._policy.timeout_seconds),
                client.stream("POST", claim.url, content=claim.body, headers=headers) as response,
            ):
                status = response.status_code
        except EgressRefused as exc:
            message = str(exc)
            if "did not resolve" in message:
                return self._failed(claim, None, message)  # DNS trouble is transient, not a private target
            kind = "private_address" if "resolves to a" in message else "egress_refused"
            return _Outcome("failed", None, message, disable={"type": kind, "message": message})
        except TimeoutError:
            return self._failed(claim, None, f"no answer within {self._policy.timeout_seconds:g} s")
        except httpx2.HTTPError as exc:
            return self._failed(claim, None, f"connection failed: {type(exc).__name__}")
        if is_ack(status):
            return _Outcome("delivered", status, None)
        if 300 <= status < 400:
            message = f"the endpoint answered {status}; redirects are never followed"
            return _Outcome("failed", status, message, disable={"type": "redirect", "message": message})
        return self._failed(claim, status, f"the endpoint answered {status}")

    def _failed(self, claim: ClaimedAttempt, status: int | None, error: str) -> _Outcome:
        if claim.attempts >= self._policy.max_attempts:
            return _Outcome("failed", status, error)
        delay = retry_delay(
            claim.attempts,
            rand=self._rand,
            min_seconds=self._policy.retry_min_seconds,
            max_seconds=self._policy.retry_max_seconds,
        )
        return _Outcome("pending", status, error, retry_in=delay)

    async def _finish(self, claim: ClaimedAttempt, outcome: _Outcome) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            recorded = await webhooks.finish(
                conn,
                claim,
                self._owner,
                state=outcome.state,
                status=outcome.status,
                error=outcome.error,
                retry_in=outcome.retry_in,
            )
            if recorded and outcome.disable is not None:
                await webhooks.disable(conn, claim.webhook_id, outcome.disable)
        log.info(
            "webhook attempt webhook_id=%s notification_id=%s attempt=%d state=%s status=%s",
            claim.webhook_id,
            claim.notification_id,
            claim.attempts,
            outcome.state,
            outcome.status,
            extra={"action": "webhooks.attempt"},
        )
        if outcome.disable is not None and recorded:
            log.warning(
                "webhook endpoint disabled webhook_id=%s reason=%s",
                claim.webhook_id,
                outcome.disable["type"],
                extra={"action": "webhooks.disabled"},
            )

    async def _cleanup(self) -> None:
        now = time.monotonic()
        if now - self._last_cleanup < _CLEANUP_SECONDS:
            return
        self._last_cleanup = now
        before = datetime.now(UTC) - timedelta(hours=self._policy.retention_hours)
        async with self._pool.acquire() as conn:
            await webhooks.delete_finished(conn, before)
