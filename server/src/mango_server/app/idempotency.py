"""Idempotent mutations: run a request once per (Workspace, Idempotency-Key) and replay its answer.

``run`` claims the key, runs the request (``execute``, which produces the answer) and stores a
successful answer for 24 hours. Two modes:

- **atomic** (operations that are one transaction, ``ATOMIC_OPERATIONS``): the claim, the
  use case's writes and the answer commit together: ``execute`` is handed services that join the
  request's transaction (``Services.joining``), whose first ``transaction(services.transactions)``
  opens it and claims the key first. A crash after that commit replays the
  answer; a crash before it leaves no trace. A concurrent duplicate blocks on the key's row
  until the first commits, then replays. No pooled connection is held before the use case's
  transaction opens (its reads before it use their own).
- **leased** (every other mutation: several transactions, object storage, Temporal calls): the
  claim commits first as ``running`` with a lease, the request runs, then the answer is stored.
  A concurrent duplicate answers 409 while the first runs. A request that fails releases its key;
  a crash mid-request leaves the key ``running`` until the lease lapses, after which a retry runs
  the operation again (at-least-once for those operations).

Not responsible for HTTP (headers, fingerprints of bodies: ``api.idempotency``) or for the rows
(``store.idempotency``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from mango_server.app.services import Services
from mango_server.domain.errors import ConflictError
from mango_server.keyring import Keyring
from mango_server.store import idempotency
from mango_server.store.db import Connection, Pool, request_transaction, transaction

__all__ = ["ATOMIC_OPERATIONS", "SECRET_ANSWERS", "Answer", "Key", "purge_expired", "run", "seal", "unseal"]

log = logging.getLogger(__name__)

#: Operations whose use case is one transaction with no other connection or external call inside it.
ATOMIC_OPERATIONS = frozenset({"sessions.events.send", "sessions.tool_calls.start"})
#: Operations whose answer carries a secret shown once: their stored answer is encrypted with the keyring.
SECRET_ANSWERS = frozenset({"webhooks.create", "webhooks.rotate_secret"})
TTL_SECONDS = 24 * 3600.0
LEASE_SECONDS = 120.0


@dataclass(frozen=True)
class Key:
    """One request's key and the fingerprint of what it asks.

    ``resolve``, when set, gives the complete fingerprint of a request whose body is only known
    once read (a streamed upload): ``fingerprint`` is then its shape alone, the key is claimed
    under it, and the stored answer is kept under the resolved one (leased operations only).
    """

    workspace_id: str
    key: str
    fingerprint: bytes
    operation_id: str
    resolve: Callable[[], Awaitable[bytes]] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Answer:
    """An answer as stored and replayed; ``replayed`` is true for a stored one."""

    status: int
    content_type: str
    body: bytes
    replayed: bool = False
    store: bool = True

    @property
    def storable(self) -> bool:
        """Only successful, complete answers are stored (a failed request leaves no key behind)."""
        return self.store and 200 <= self.status < 300


#: Runs the request with the services it is handed (atomic requests get ones that join their transaction).
Execute = Callable[[Services], Awaitable[Answer]]


async def run(services: Services, key: Key, execute: Execute) -> Answer:
    """The answer of the request holding ``key``: executed now, or replayed."""
    if key.operation_id in ATOMIC_OPERATIONS:
        if key.resolve is not None:
            raise ValueError(f"{key.operation_id} is atomic: its fingerprint must be known before it runs")
        return await _atomic(services, key, execute)
    return await _leased(services, key, execute)


class _Unstored(Exception):
    """An unsuccessful answer of an atomic request: its transaction rolls back, the answer still goes out."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(answer.status)
        self.answer = answer


class _Held(Exception):
    """The key is held by an earlier request: abandon this one (raised where its transaction opens)."""

    def __init__(self, row: idempotency.KeyRow) -> None:
        super().__init__(row.key)
        self.row = row


async def _atomic(services: Services, key: Key, execute: Execute) -> Answer:
    async def claim_or_abandon(conn: Connection) -> None:
        held = await _claim(conn, key)
        if held is not None:
            raise _Held(held)

    try:
        async with request_transaction(services.pool, claim_or_abandon) as request:
            answer = await execute(services.joining(request))
            if not answer.storable:
                raise _Unstored(answer)
            conn = await request.connection()
            await idempotency.complete(
                conn, *_ids(key), answer.status, answer.content_type, answer.body, key.fingerprint
            )
    except _Unstored as unstored:
        return unstored.answer
    except _Held as held:
        return _replay(held.row, key)
    return answer


async def _leased(services: Services, key: Key, execute: Execute) -> Answer:
    pool = services.pool
    async with transaction(pool) as conn:
        held = await _claim(conn, key)
    if held is not None:
        if key.resolve is not None and held.state == "done":
            # A stored answer is kept under the complete fingerprint: compare this request's.
            key = replace(key, fingerprint=await key.resolve())
        return _replay(held, key)
    try:
        answer = await execute(services)
        final = key.fingerprint if key.resolve is None or not answer.storable else await key.resolve()
    except BaseException:
        await _release(pool, key)
        raise
    if not answer.storable:
        await _release(pool, key)
        return answer
    async with transaction(pool) as conn:
        await idempotency.complete(conn, *_ids(key), answer.status, answer.content_type, answer.body, final)
    return answer


async def _claim(conn: Connection, key: Key) -> idempotency.KeyRow | None:
    return await idempotency.claim(
        conn,
        key.workspace_id,
        key.key,
        key.fingerprint,
        key.operation_id,
        lease_seconds=LEASE_SECONDS,
        ttl_seconds=TTL_SECONDS,
    )


async def _release(pool: Pool, key: Key) -> None:
    async with transaction(pool) as conn:
        await idempotency.release(conn, *_ids(key))


def _ids(key: Key) -> tuple[str, str, bytes]:
    return key.workspace_id, key.key, key.fingerprint


def _replay(held: idempotency.KeyRow, key: Key) -> Answer:
    if held.fingerprint != key.fingerprint:
        raise ConflictError("this Idempotency-Key was already used with a different request")
    if held.state != "done" or held.status_code is None or held.body is None:
        raise ConflictError("a request with this Idempotency-Key is still running; retry later")
    log.info(
        "idempotent replay operation=%s workspace_id=%s",
        key.operation_id,
        key.workspace_id,
        extra={"action": "api.idempotent_replay"},
    )
    return Answer(held.status_code, held.content_type or "application/json", held.body, replayed=True)


async def purge_expired(pool: Pool) -> int:
    """Delete expired keys (a bounded batch); returns how many."""
    async with transaction(pool) as conn:
        return await idempotency.purge_expired(conn)


def _aad(key: Key) -> bytes:
    return f"idempotent-answer\x1f{key.workspace_id}\x1f{key.key}".encode()


def seal(keyring: Keyring, key: Key, body: bytes) -> bytes:
    """A secret-bearing answer as stored: ``key id NUL AES-GCM blob``, bound to the Workspace and key."""
    key_id, blob = keyring.encrypt(body, _aad(key))
    return key_id.encode() + b"\x00" + blob


def unseal(keyring: Keyring, key: Key, stored: bytes) -> bytes:
    """The answer :func:`seal` stored."""
    key_id, _, blob = stored.partition(b"\x00")
    return keyring.decrypt(key_id.decode(), blob, _aad(key))
