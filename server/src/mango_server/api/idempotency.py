"""The ``Idempotency-Key`` edge: which requests carry a key, what their fingerprint is, and the replayed answer.

Every mutating operation (any method but ``GET``) of an authenticated route accepts the header.
The fingerprint is the operation, the path, the query and the validated JSON body in canonical
form. A multipart upload's bytes are streamed to object storage and never buffered, so its
fingerprint is known only once the body has been read: the key is claimed under the request's
shape (operation, path, query) and, when the answer is stored, its fingerprint becomes that
shape plus the digest of every part (``api.multipart``). A request that finds the key already
answered reads its own body through the same digest (and forgets the bytes) before it is
compared: the same upload replays, different bytes are 409. The rules (atomic or leased, what
is stored, who waits) are ``app.idempotency``'s. Not responsible for the rows.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import signal
from collections.abc import Awaitable, Callable
from dataclasses import replace

from starlette.responses import Response

from mango_server.api._generated.routes import Route
from mango_server.api.context import RequestContext
from mango_server.api.multipart import MAX_HEADER_BYTES, reader_for
from mango_server.app import idempotency
from mango_server.app.services import Services
from mango_server.domain.errors import InvalidRequestError
from mango_server.live import DeferredNotifier

__all__ = ["REPLAYED_HEADER", "key_of", "respond"]

log = logging.getLogger(__name__)
HEADER = "idempotency-key"
REPLAYED_HEADER = "Idempotent-Replayed"
_VALID = re.compile(r"[\x21-\x7e]{1,255}")
_READS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Operations whose body is a streamed multipart form (their handlers read it through ``reader_for``).
STREAMED_OPERATIONS = frozenset({"files.upload", "skills.create", "skills.versions.create"})


def key_of(route: Route, ctx: RequestContext) -> idempotency.Key | None:
    """The request's key, or ``None`` when it sent none or the operation is not a mutation."""
    raw = ctx.request.headers.get(HEADER)
    if raw is None or route.method.upper() in _READS or not route.security:
        return None
    if not _VALID.fullmatch(raw):
        raise InvalidRequestError("Idempotency-Key must be 1 to 255 printable ASCII characters without spaces")
    fingerprint = _fingerprint(route, ctx)
    resolve = _streamed_fingerprint(ctx, fingerprint) if route.operation_id in STREAMED_OPERATIONS else None
    return idempotency.Key(ctx.workspace_id, raw, fingerprint, route.operation_id, resolve=resolve)


def _fingerprint(route: Route, ctx: RequestContext) -> bytes:
    query = sorted(ctx.query.multi_items())
    if route.operation_id in STREAMED_OPERATIONS:
        body = "multipart"  # the parts' digest joins once they are read (_streamed_fingerprint)
    elif route.request_model is not None:
        body = json.dumps(ctx.body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    else:
        body = ""
    parts = [route.operation_id, ctx.request.url.path, json.dumps(query), body]
    return hashlib.sha256("\n".join(parts).encode()).digest()


def _streamed_fingerprint(ctx: RequestContext, shape: bytes) -> Callable[[], Awaitable[bytes]]:
    settings = ctx.services.settings
    # No upload is larger than its operation allows; text fields and headers are small.
    bound = max(settings.files_max_bytes, settings.skills_max_archive_bytes) + 16 * MAX_HEADER_BYTES
    resolved: list[bytes] = []

    async def resolve() -> bytes:
        if not resolved:
            reader = reader_for(ctx.request)
            await reader.drain(bound)
            resolved.append(hashlib.sha256(shape + reader.digest()).digest())
        return resolved[0]

    return resolve


async def respond(
    ctx: RequestContext, key: idempotency.Key, answer_of: Callable[[RequestContext], Awaitable[Response]]
) -> Response:
    """Run the request under its key (or replay the stored answer) and answer it."""
    deferred: DeferredNotifier | None = None
    if key.operation_id in idempotency.ATOMIC_OPERATIONS:
        # The use case's transaction commits after it returns: hold its live pokes until then.
        deferred = DeferredNotifier(ctx.services.notifier)
        ctx = replace(ctx, services=replace(ctx.services, notifier=deferred))
    executed: list[Response] = []
    sealed = key.operation_id in idempotency.SECRET_ANSWERS

    async def execute(services: Services) -> idempotency.Answer:
        # An atomic request's services join its transaction: the use case's writes commit with the key.
        response = await answer_of(replace(ctx, services=services))
        executed.append(response)
        body = getattr(response, "body", None)  # a streaming response has none and is not stored
        media = response.media_type or "application/json"
        if not isinstance(body, bytes):
            return idempotency.Answer(response.status_code, media, b"", store=False)
        if sealed:
            # A secret shown once is never stored in the clear, not even for its replay.
            body = idempotency.seal(ctx.services.require_keyring(), key, body)
        return idempotency.Answer(response.status_code, media, body)

    answer = await idempotency.run(ctx.services, key, execute)
    if deferred is not None:
        await deferred.flush()
    if not answer.replayed:
        _fault_after_commit(ctx, key)
        return executed[0]
    headers = {"request-id": ctx.request_id, REPLAYED_HEADER: "true"}
    body = idempotency.unseal(ctx.services.require_keyring(), key, answer.body) if sealed else answer.body
    return Response(body, status_code=answer.status, media_type=answer.content_type, headers=headers)


def _fault_after_commit(ctx: RequestContext, key: idempotency.Key) -> None:
    """Test-only crash point: die after the commit, before the answer (``MANGO_TEST_KILL_AFTER_COMMIT_KEY``)."""
    if ctx.services.settings.test_kill_after_commit_key and key.key == ctx.services.settings.test_kill_after_commit_key:
        log.warning("test fault: killing the api after commit", extra={"action": "api.test_fault"})
        os.kill(os.getpid(), signal.SIGKILL)
