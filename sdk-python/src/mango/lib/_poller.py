"""``WorkPoller``: Poll and Ack an Environment's work queue, yielding acknowledged Work.

Protocol (see ``docs/worker-kit.md``):

- Poll ``environments.work.poll`` with the Environment key as Bearer, ``block_ms`` (default 999),
  optional ``reclaim_older_than_ms`` and ``worker_id``. A 204 is an empty queue: drain mode
  returns, otherwise the poller waits a short jittered pause and polls again.
- Ack before yield. Ack's answer redacts ``secret``; the poller copies the Poll payload's secret
  onto the acknowledged item. An Ack whose outcome is unknown (connection error, 5xx) is retried:
  Ack is idempotent while the item is ``starting``. A 409 means another poller reclaimed the
  claim, so the item is skipped. The poller never posts Stop, in particular not after an
  ambiguous Ack.
- Errors back off with jitter (1 s doubling to 60 s by default, ``mango.RetryPolicy``).
  A 4xx other than 408/409/429 (a bad key, an unknown Environment) is fatal: the iteration
  raises it.

Iterate with ``for work in poller`` (sync) or ``async for work in poller`` (async twin; same
rules). Lifecycle: one poller per supervisor loop, best used as a (async) context manager;
``stop()`` ends the iteration before the next Poll; ``close()``/``aclose()`` release the clients
it created. Not responsible for heartbeats, running items
or Stop (``EnvironmentWorker``).
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

from mango._client import AsyncMango, Mango
from mango._encoding import NOT_GIVEN, NotGiven
from mango._exceptions import APIStatusError, ConflictError, MangoError
from mango._generated.models import Work
from mango._retry import RetryPolicy

__all__ = ["DEFAULT_POLL_BACKOFF", "WorkPoller", "default_worker_id"]

log = logging.getLogger(__name__)

DEFAULT_POLL_BACKOFF = RetryPolicy(max_retries=0, base_delay=1.0, max_delay=60.0, max_retry_after=60.0)
_TRANSIENT_4XX = frozenset({408, 409, 429})


def default_worker_id() -> str:
    """``<hostname>-<random>``: stable for one process, distinct between processes."""
    return f"{socket.gethostname()}-{uuid.uuid4().hex[:12]}"


def _is_fatal(exc: MangoError) -> bool:
    return isinstance(exc, APIStatusError) and 400 <= exc.status_code < 500 and exc.status_code not in _TRANSIENT_4XX


class WorkPoller:
    """Yields acknowledged Work items of one Environment (sync ``for`` or async ``async for``).

    Example::

        poller = WorkPoller(base_url="http://127.0.0.1:8000", environment_id="env_...", environment_key=key)
        async for work in poller:
            await worker.handle_item(work_id=work.id, environment_id=work.environment_id,
                                     session_id=work.data.id, secret=work.secret)
    """

    def __init__(
        self,
        *,
        environment_id: str,
        environment_key: str | None = None,
        base_url: str | None = None,
        worker_id: str | None = None,
        block_ms: int = 999,
        reclaim_older_than_ms: int | None = None,
        drain: bool = False,
        backoff: RetryPolicy = DEFAULT_POLL_BACKOFF,
        idle_delay: float = 1.0,
        client: Mango | None = None,
        async_client: AsyncMango | None = None,
    ) -> None:
        """Args:
        environment_id: the Environment whose queue is polled.
        environment_key: the Bearer credential for Poll and Ack (default ``MANGO_ENVIRONMENT_KEY``).
        base_url: the API (default ``MANGO_BASE_URL``).
        worker_id: reported on Poll (default ``<hostname>-<random>``).
        block_ms: how long the server may hold an empty Poll (0..999).
        reclaim_older_than_ms: also claim items polled but not acknowledged for this long.
        drain: return once the queue is empty instead of polling forever.
        backoff: the jittered backoff between failed calls (shared ``RetryPolicy`` rules).
        idle_delay: the ceiling of the jittered pause after an empty Poll.
        client / async_client: preconfigured clients (they must carry the Environment key).
        """
        if not environment_id:
            raise ValueError("environment_id is required")
        if not 0 <= block_ms <= 999:
            raise ValueError("block_ms must be between 0 and 999")
        self.environment_id = environment_id
        self.worker_id = worker_id or default_worker_id()
        self.block_ms = block_ms
        self.reclaim_older_than_ms = reclaim_older_than_ms
        self.drain = drain
        self.backoff = backoff
        self.idle_delay = idle_delay
        self._key = environment_key if environment_key is not None else os.environ.get("MANGO_ENVIRONMENT_KEY")
        if not self._key and client is None and async_client is None:
            raise ValueError("an Environment key is required: pass environment_key or set MANGO_ENVIRONMENT_KEY")
        self._base_url = base_url
        self._client = client
        self._async_client = async_client
        self._owned: list[Mango | AsyncMango] = []
        self._stopped = False

    def stop(self) -> None:
        """End the iteration before the next Poll (an Ack in progress is abandoned, never Stopped)."""
        self._stopped = True

    def _policy(self) -> RetryPolicy:
        return replace(self.backoff, max_retries=0)

    def _sync(self) -> Mango:
        if self._client is None:
            self._client = Mango(base_url=self._base_url, api_key=self._key, retry_policy=self._policy())
            self._owned.append(self._client)
        return self._client

    def _async(self) -> AsyncMango:
        if self._async_client is None:
            self._async_client = AsyncMango(base_url=self._base_url, api_key=self._key, retry_policy=self._policy())
            self._owned.append(self._async_client)
        return self._async_client

    def _reclaim(self) -> int | NotGiven:
        return NOT_GIVEN if self.reclaim_older_than_ms is None else self.reclaim_older_than_ms

    def _delay_after(self, exc: MangoError, failures: int, action: str) -> float:
        """The backoff before the next attempt, or raise a fatal error."""
        if _is_fatal(exc):
            log.error("work %s refused environment_id=%s error=%s", action, self.environment_id, exc)
            raise exc
        headers = exc.response.headers if isinstance(exc, APIStatusError) and exc.response is not None else None
        delay = self.backoff.delay(failures, headers)
        log.warning("work %s failed environment_id=%s retry_in=%.1fs error=%s", action, self.environment_id, delay, exc)
        return delay

    def _idle_pause(self) -> float:
        return self.idle_delay * (0.5 + self.backoff.rand() / 2)

    def _accept(self, polled: Work) -> bool:
        if polled.environment_id != self.environment_id or not polled.id:
            log.error("poll answered a foreign item work_id=%s environment_id=%s", polled.id, polled.environment_id)
            return False
        return True

    def _acked(self, acked: Work, polled: Work) -> Work:
        acked.secret = polled.secret
        log.info(
            "claimed work work_id=%s environment_id=%s",
            acked.id,
            acked.environment_id,
            extra={"action": "work.claimed"},
        )
        return acked

    def __iter__(self) -> Iterator[Work]:
        client = self._sync()
        failures = 0
        while not self._stopped:
            try:
                polled = client.environments.work.poll(
                    self.environment_id,
                    block_ms=self.block_ms,
                    reclaim_older_than_ms=self._reclaim(),
                    worker_id=self.worker_id,
                )
            except MangoError as exc:
                self.backoff.sleep(self._delay_after(exc, failures, "poll"))
                failures += 1
                continue
            failures = 0
            if polled is None:
                if self.drain:
                    return
                self.backoff.sleep(self._idle_pause())
            elif self._accept(polled):
                acked = self._ack_sync(client, polled)
                if acked is not None:
                    yield acked

    def _ack_sync(self, client: Mango, polled: Work) -> Work | None:
        failures = 0
        while not self._stopped:
            try:
                return self._acked(client.environments.work.ack(self.environment_id, polled.id), polled)
            except ConflictError:
                log.info("claim reclaimed by another poller work_id=%s", polled.id)
                return None
            except MangoError as exc:
                self.backoff.sleep(self._delay_after(exc, failures, "ack"))
                failures += 1
        return None

    async def __aiter__(self) -> AsyncIterator[Work]:
        client = self._async()
        failures = 0
        while not self._stopped:
            try:
                polled = await client.environments.work.poll(
                    self.environment_id,
                    block_ms=self.block_ms,
                    reclaim_older_than_ms=self._reclaim(),
                    worker_id=self.worker_id,
                )
            except MangoError as exc:
                await self.backoff.asleep(self._delay_after(exc, failures, "poll"))
                failures += 1
                continue
            failures = 0
            if polled is None:
                if self.drain:
                    return
                await self.backoff.asleep(self._idle_pause())
            elif self._accept(polled):
                acked = await self._ack_async(client, polled)
                if acked is not None:
                    yield acked

    async def _ack_async(self, client: AsyncMango, polled: Work) -> Work | None:
        failures = 0
        while not self._stopped:
            try:
                return self._acked(await client.environments.work.ack(self.environment_id, polled.id), polled)
            except ConflictError:
                log.info("claim reclaimed by another poller work_id=%s", polled.id)
                return None
            except MangoError as exc:
                await self.backoff.asleep(self._delay_after(exc, failures, "ack"))
                failures += 1
        return None

    def __enter__(self) -> WorkPoller:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    async def __aenter__(self) -> WorkPoller:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def close(self) -> None:
        """Close the sync client this poller created (async clients: ``aclose``)."""
        for client in self._owned:
            if isinstance(client, Mango):
                client.close()

    async def aclose(self) -> None:
        """Close every client this poller created."""
        for client in self._owned:
            if isinstance(client, AsyncMango):
                await client.close()
            else:
                client.close()
