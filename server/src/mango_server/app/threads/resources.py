"""Thread use cases: list, get and archive a Session's Threads, read a Thread's ledger and stream cursor.

Each read checks the Session first (another Workspace's Session, or a Thread of another Session,
is not found). Archiving a child runs under the Session row lock and then the child's
(``app.threads.delegation.archive_child``). Not responsible for delegation (``app.threads.delegation``) or wire shapes
(``api.mappers.threads``).
"""

from __future__ import annotations

from mango_server.app.ledger import Tx
from mango_server.app.services import Services
from mango_server.app.threads import delegation as thread_rules
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.domain.principal import Principal
from mango_server.store import events, sessions, threads
from mango_server.store.db import transaction
from mango_server.store.events import EventRow
from mango_server.store.threads import ThreadRow

__all__ = ["ThreadRow", "archive", "execution_of", "get", "list_events", "list_page", "start_cursor"]


async def list_page(
    services: Services,
    principal: Principal,
    session_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    include_archived: bool,
) -> Page[ThreadRow]:
    """One page of the Session's Threads."""
    async with services.pool.acquire() as conn:
        await sessions.get_row(conn, principal.workspace_id, session_id)
        return await threads.list_page(
            conn,
            principal.workspace_id,
            session_id,
            limit=limit,
            cursor=cursor,
            order=order,
            include_archived=include_archived,
        )


async def get(services: Services, principal: Principal, session_id: str, thread_id: str) -> ThreadRow:
    """One Thread of the Session."""
    async with services.pool.acquire() as conn:
        await sessions.get_row(conn, principal.workspace_id, session_id)
        return await threads.get(conn, principal.workspace_id, session_id, thread_id)


async def archive(services: Services, principal: Principal, session_id: str, thread_id: str) -> ThreadRow:
    """Archive a child Thread (idempotent; the primary Thread answers 409)."""
    ws = principal.workspace_id
    async with transaction(services.pool) as conn:
        session = await sessions.get_row(conn, ws, session_id, lock=True)
        thread = await threads.get(conn, ws, session_id, thread_id)
        touched = await thread_rules.archive_child(Tx(conn), session, thread)
        thread = await threads.get(conn, ws, session_id, thread_id)
    for target in [session_id, *touched]:
        await services.notifier.committed(target)
    return thread


async def execution_of(services: Services, principal: Principal, session_id: str, thread_id: str) -> str:
    """The execution row whose ledger is the Thread's (the Session's own row for the primary)."""
    return (await get(services, principal, session_id, thread_id)).execution_id


async def list_events(
    services: Services,
    principal: Principal,
    session_id: str,
    thread_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    types: list[str],
) -> Page[EventRow]:
    """One page of the Thread's ledger."""
    execution_id = await execution_of(services, principal, session_id, thread_id)
    async with services.pool.acquire() as conn:
        return await events.list_page(
            conn,
            principal.workspace_id,
            execution_id,
            limit=limit,
            cursor=cursor,
            order=order,
            types=types,
            created={},
        )


async def start_cursor(
    services: Services, principal: Principal, session_id: str, thread_id: str, last_event_id: str | None
) -> tuple[str, int]:
    """The execution row a Thread stream follows and the sequence it starts after."""
    execution_id = await execution_of(services, principal, session_id, thread_id)
    async with services.pool.acquire() as conn:
        if not last_event_id:
            heads = await sessions.heads(conn, [execution_id])
            return execution_id, heads.get(execution_id, 1) - 1
        found = await events.find(conn, execution_id, last_event_id)
    if found is None:
        raise InvalidRequestError(f"Last-Event-ID {last_event_id!r} is not an event of thread {thread_id}")
    return execution_id, found.seq
