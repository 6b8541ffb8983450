"""Session event use cases: history, admission of client events, and the reads behind the SSE stream.

``send`` reads File documents before its transaction, admits the events under the Session row
lock (``app.admission``) in a transaction whose ``app.ledger.Tx`` collects the rows it appends,
and pokes live readers after the commit, handing them those rows. Its transaction is opened from
``services.transactions``: the request's own when the edge handed it one to join (an
idempotent request). The stream helpers read committed rows by sequence, or take those a poke
carried (``live.pokes``).
Not responsible for the SSE framing, the fan-out or the wire shapes (``api.handlers.stream``,
``live.fanout``, ``api.mappers``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from mango_server.app.admission import SESSION_TOKEN_TYPES
from mango_server.app.auth import assert_live_lease
from mango_server.app.documents import Snapshots, snapshot_file_documents
from mango_server.app.ledger import Tx
from mango_server.app.services import Services
from mango_server.app.threads import routing
from mango_server.domain._generated import wire
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.media import MediaLimits
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.domain.principal import Principal
from mango_server.live import pokes
from mango_server.settings import Settings
from mango_server.store import events, sessions, turns
from mango_server.store.db import transaction
from mango_server.store.events import EventRow

__all__ = [
    "EventRow",
    "Fetched",
    "fetch_after",
    "from_news",
    "list_page",
    "read_documents",
    "send",
    "start_cursor",
]


async def list_page(
    services: Services,
    principal: Principal,
    session_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    types: list[str],
    created: dict[str, datetime | None],
) -> Page[EventRow]:
    """One page of a Session's history (``sessions.events.list``)."""
    async with services.pool.acquire() as conn:
        await sessions.get_row(conn, principal.workspace_id, session_id)
        return await events.list_page(
            conn,
            principal.workspace_id,
            session_id,
            limit=limit,
            cursor=cursor,
            order=order,
            types=types,
            created=created,
        )


async def read_documents(
    services: Services, principal: Principal, client_events: Sequence[wire.SessionEventInput]
) -> Snapshots:
    """Check the events' images and PDFs and snapshot the Files their content references (before the admission
    transaction)."""
    if principal.kind == "SessionToken" and any(e["type"] not in SESSION_TOKEN_TYPES for e in client_events):
        return {}  # admission refuses the request (403): nothing to read for it
    store = services.blobs.blobs if services.blobs is not None else None
    return await snapshot_file_documents(
        services.pool, store, principal.workspace_id, client_events, media_limits(services.settings)
    )


def media_limits(settings: Settings) -> MediaLimits:
    """The operator's bounds on the images and PDFs of one request (``MANGO_MEDIA_*``)."""
    return MediaLimits(
        image_max_bytes=settings.media_image_max_bytes,
        pdf_max_bytes=settings.media_pdf_max_bytes,
        pdf_max_pages=settings.media_pdf_max_pages,
        max_blocks=settings.media_max_blocks,
        request_max_bytes=settings.media_request_max_bytes,
    )


async def send(
    services: Services,
    principal: Principal,
    session_id: str,
    client_events: Sequence[wire.SessionEventInput],
    token: str = "",
) -> list[EventRow]:
    """Admit ``client_events``; returns the admitted client events (not the server events appended with them).

    ``client_events``: the events of a validated ``sessions.events.send`` body, as its wire TypedDicts.

    A session token's results are fenced by its Work lease inside the admission transaction
    (``token`` is the presented session token; other credentials pass ``""``).
    """
    documents = await read_documents(services, principal, client_events)
    async with transaction(services.transactions) as conn:
        row, at_lock = await turns.lock_session_with_active(conn, principal.workspace_id, session_id)
        await assert_live_lease(conn, principal, token)
        tx = Tx.poking(conn)
        routed = await routing.admit(tx, row, principal.kind, documents, client_events, at_lock, services.catalogue)
        accepted = routed.accepted
    for target in dict.fromkeys([session_id, *routed.touched]):
        await services.notifier.committed(target, tx.news(target))
    # The echo is the client's events only; server events appended with them (status_running) are streamed.
    return [event for event in accepted if event.type.startswith("user.")]


async def start_cursor(services: Services, principal: Principal, session_id: str, last_event_id: str | None) -> int:
    """The sequence a stream starts after: ``Last-Event-ID``'s, or the current end of history."""
    async with services.pool.acquire() as conn:
        row = await sessions.get_row(conn, principal.workspace_id, session_id)
        if not last_event_id:
            return row.next_seq - 1
        found = await events.find(conn, session_id, last_event_id)
    if found is None:
        raise InvalidRequestError(f"Last-Event-ID {last_event_id!r} is not an event of session {session_id}")
    return found.seq


@dataclass(frozen=True)
class Fetched:
    """Rows committed after a stream's cursor, and whether the stream must end after them."""

    rows: list[EventRow]
    ended: bool


async def fetch_after(services: Services, session_id: str, cursor: int) -> Fetched:
    """The next committed rows; the stream ends after ``session.deleted`` or once the Session is gone."""
    async with services.pool.acquire() as conn:
        rows = await events.rows_after(conn, session_id, cursor)
        gone = not rows and not await sessions.exists_any(conn, session_id)
    return Fetched(rows, gone or any(r.type == "session.deleted" for r in rows))


def from_news(rows: Sequence[pokes.CarriedRow]) -> Fetched:
    """The rows a writer's poke carried (committed, in sequence order), as a read would return them."""
    fetched = pokes.rows(rows, EventRow)
    return Fetched(fetched, any(r.type == "session.deleted" for r in fetched))
