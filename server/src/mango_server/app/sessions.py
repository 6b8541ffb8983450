"""Session use cases: create (freezing the Agent snapshot), get, list, update, archive and delete.

Each write runs in one transaction under the Session row lock and announces itself with its
ledger event in that transaction (``app.ledger``); live readers are poked after the commit.
``create`` opens its transaction from ``services.transactions``: a Deployment Run hands it the
transaction that records the Run. Archive and delete
also wake the Session workflow (``terminate`` / ``delete``) and ask the Session's Work to stop;
delete only fences the Session, the outbox relay finishes the removal. Not responsible for the
wire shape (``api.mappers.sessions``) or event admission rules (``app.admission``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from mango_server.app import attachments, ledger, notifications, vaults
from mango_server.app.admission import Admission
from mango_server.app.events import read_documents
from mango_server.app.ledger import Tx
from mango_server.app.services import Services
from mango_server.app.threads import delegation
from mango_server.domain import prices, roster
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import (
    OMITTED,
    SessionDeletedEvent,
    SessionStatusTerminatedEvent,
    SessionUpdatedEvent,
)
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.domain.principal import Principal
from mango_server.ids import new_id
from mango_server.store import agents, environments, mcp, outbox, sessions, work
from mango_server.store import threads as thread_rows
from mango_server.store.agents import AgentRow
from mango_server.store.db import Connection, transaction
from mango_server.store.events import NewEvent
from mango_server.store.sessions import NewSession, SessionFilters, SessionRow

__all__ = [
    "STATUSES",
    "SessionFilters",
    "SessionRow",
    "archive",
    "create",
    "delete",
    "fence_for_delete",
    "get",
    "list_page",
    "stored_budget",
    "update",
]

STATUSES = ("idle", "running", "rescheduling", "terminated")
_SNAPSHOT_FIELDS = ("name", "description", "system", "model", "tools", "mcp_servers", "skills", "context_management")
MAX_METADATA_PAIRS = 16


def freeze_agent(agent_row: AgentRow) -> dict[str, object]:
    """The Agent snapshot a Session runs with for its whole life (one version, body fields only)."""
    body: Mapping[str, object] = agent_row.body
    snapshot: dict[str, object] = {"type": "agent", "id": agent_row.id, "version": agent_row.version}
    return {**snapshot, **{k: body.get(k) for k in _SNAPSHOT_FIELDS}}


async def create(services: Services, principal: Principal, params: wire.SessionCreateParams) -> SessionRow:
    """A new idle Session, admitting its ``initial_events`` in the same transaction."""
    ws = principal.workspace_id
    documents = await read_documents(services, principal, params.get("initial_events") or [])
    async with transaction(services.transactions) as conn:
        new = await _new_session(conn, ws, params)
        row = await sessions.create(conn, ws, new)
        await delegation.create_primary(conn, row)
        await notifications.publish(
            conn, workspace_id=ws, type="session.created", resource_type="session", resource_id=row.id, source_id=row.id
        )
        if budget := params.get("budget"):
            row = await sessions.set_budget(conn, row, stored_budget(budget))
        if initial_events := params.get("initial_events"):
            await Admission(Tx(conn), row, principal.kind, documents, models=services.catalogue).admit(initial_events)
        row = await sessions.get_row(conn, ws, row.id)
    await services.notifier.committed(row.id)
    return row


def stored_budget(raw: wire.SessionBudget | None) -> wire.SessionBudget | None:
    """The stored (and wire) form of a budget parameter: both limits present, null when unset."""
    if raw is None:
        return None
    return {"type": "limit", "max_list_cost": raw.get("max_list_cost"), "max_tokens": raw.get("max_tokens")}


async def _new_session(conn: Connection, ws: str, params: wire.SessionCreateParams) -> NewSession:
    """Resolve the Agent version and Environment (neither archived) and freeze the attachments."""
    ref = params["agent"]
    agent_id, version = (ref, None) if isinstance(ref, str) else (ref["id"], ref.get("version"))
    try:
        agent_row = await agents.get_body(conn, ws, agent_id, version)
    except NotFoundError:
        raise InvalidRequestError(f"agent: {agent_id} (version {version or 'current'}) not found") from None
    if agent_row.archived_at is not None:
        raise ConflictError(f"agent {agent_id} is archived; new Sessions cannot use it")
    try:
        environment = await environments.get(conn, ws, params["environment_id"])
    except NotFoundError:
        raise InvalidRequestError(f"environment_id: {params['environment_id']} not found") from None
    if environment.archived_at is not None:
        raise ConflictError(f"environment {environment.id} is archived; new Sessions cannot use it")
    resources = await attachments.freeze(conn, ws, params.get("resources") or [])
    vault_ids = await vaults.check_vaults(conn, ws, params.get("vault_ids") or [], who="new Sessions")
    snapshot = freeze_agent(agent_row)
    if agent_row.body.get("multiagent"):
        snapshot["multiagent"] = await _freeze_roster(conn, ws, agent_row, snapshot)
    return NewSession(
        title=params.get("title"),
        agent_id=agent_id,
        agent_version=agent_row.version,
        agent_snapshot=snapshot,
        environment_id=environment.id,
        metadata={k: v for k, v in (params.get("metadata") or {}).items() if v is not None},
        resources=resources,
        vault_ids=vault_ids,
    )


async def _freeze_roster(
    conn: Connection, ws: str, coordinator: AgentRow, snapshot: Mapping[str, object]
) -> dict[str, object]:
    """The roster a Session pins: one full snapshot per member, at the versions the Agent pinned."""
    members: list[Mapping[str, object]] = []
    for entry in coordinator.body["multiagent"]["agents"]:
        if entry["type"] == "self":
            members.append(dict(snapshot))
        elif entry["type"] == "advisor":
            members.append(roster.advisor_snapshot(entry))
        else:
            try:
                member = await agents.get_body(conn, ws, entry["id"], entry["version"])
            except NotFoundError:
                raise ConflictError(
                    f"roster member {entry['id']} version {entry['version']} no longer exists"
                ) from None
            members.append(freeze_agent(member))
    return {"type": "coordinator", "agents": members}


async def aggregate(conn: Connection, rows: list[SessionRow]) -> list[SessionRow]:
    """Sessions aggregate their Threads: ``running`` while a child Thread runs, usage summed over every Thread."""
    busy = await thread_rows.sessions_with_running_children(conn, [r.id for r in rows if r.status == "idle"])
    usage = await thread_rows.children_usage(conn, [r.id for r in rows])
    out: list[SessionRow] = []
    for row in rows:
        if row.id in busy:
            row = dataclasses.replace(row, status="running", stop_reason=None)
        if usage.get(row.id):
            row = dataclasses.replace(row, usage=prices.sum_totals([row.usage or {}, *usage[row.id]]))
        out.append(row)
    return out


async def get(services: Services, principal: Principal, session_id: str) -> SessionRow:
    """One Session of the Workspace."""
    async with services.pool.acquire() as conn:
        row = await sessions.get_row(conn, principal.workspace_id, session_id)
        return (await aggregate(conn, [row]))[0]


async def list_page(
    services: Services,
    principal: Principal,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    filters: SessionFilters,
) -> Page[SessionRow]:
    """One page of the Workspace's Sessions."""
    async with services.pool.acquire() as conn:
        page = await sessions.list_page(
            conn, principal.workspace_id, limit=limit, cursor=cursor, order=order, filters=filters
        )
        return dataclasses.replace(page, rows=await aggregate(conn, page.rows))


def merge_metadata(current: dict[str, str], changes: dict[str, str | None]) -> dict[str, str]:
    """``changes`` over ``current``; a null value deletes the key. At most 16 pairs remain."""
    merged = dict(current)
    for key, value in changes.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    if len(merged) > MAX_METADATA_PAIRS:
        raise InvalidRequestError(f"metadata: at most {MAX_METADATA_PAIRS} pairs")
    return merged


async def update(
    services: Services, principal: Principal, session_id: str, params: wire.SessionUpdateParams
) -> SessionRow:
    """Change title, metadata, budget and vaults; a real change is announced with ``session.updated``.

    Changing the budget of a Session stopped with ``budget_reached`` wakes it: its paused turn
    resumes if the next request now fits.
    """
    ws = principal.workspace_id
    async with transaction(services.pool) as conn:
        row = await sessions.get_row(conn, ws, session_id, lock=True)
        if row.archived_at is not None:
            raise ConflictError(f"session {session_id} is archived and read-only")
        title = params.get("title", row.title)
        metadata = merge_metadata(row.metadata, params.get("metadata") or {})
        if (title, metadata) != (row.title, row.metadata):
            await sessions.update_fields(conn, row, title, metadata)
        budget = stored_budget(params["budget"]) if "budget" in params else row.budget
        if budget != row.budget:
            await sessions.set_budget(conn, row, budget)
            for paused in await delegation.paused_for_budget(conn, row):
                await outbox.wake(conn, ws, paused)  # the paused turn re-checks the new budget
        vault_ids = row.vault_ids
        if "vault_ids" in params:
            vault_ids = await vaults.check_vaults(conn, ws, params["vault_ids"], who="a Session")
            if vault_ids != row.vault_ids:
                await sessions.set_vault_ids(conn, row, vault_ids)
        # Only what changed is announced (``row`` is the Session as it was).
        changed = SessionUpdatedEvent(
            title=title if title != row.title else OMITTED,
            metadata=metadata if metadata != row.metadata else None,
            budget=budget if budget != row.budget else OMITTED,
            vault_ids=vault_ids if vault_ids != row.vault_ids else None,
        )
        if changed.payload():
            await ledger.append(Tx(conn), ws, session_id, [NewEvent.of(new_id("sevt"), changed)])
        row = await sessions.get_row(conn, ws, session_id)
    await services.notifier.committed(session_id)
    return row


async def archive(services: Services, principal: Principal, session_id: str) -> SessionRow:
    """Archive (terminal, read-only): terminate the workflow and stop the Session's Work. Idempotent."""
    ws = principal.workspace_id
    async with transaction(services.pool) as conn:
        row = await sessions.get_row(conn, ws, session_id, lock=True)
        touched: list[str] = []
        if row.archived_at is None:
            tx = Tx(conn)
            touched = await delegation.archive_all(tx, row)
            await sessions.archive(conn, row)
            await notifications.publish(
                conn,
                workspace_id=ws,
                type="session.archived",
                resource_type="session",
                resource_id=session_id,
                source_id=session_id,
            )
            await ledger.append(tx, ws, session_id, [NewEvent.of(new_id("sevt"), SessionStatusTerminatedEvent())])
            await outbox.wake(conn, ws, session_id, "terminate")
            await work.stop_for_session(conn, session_id)
        row = await sessions.get_row(conn, ws, session_id)
    for target in [session_id, *touched]:
        await services.notifier.committed(target)
    return row


async def delete(services: Services, principal: Principal, session_id: str) -> str:
    """Fence the Session for deletion (``session.deleted`` ends its streams); the relay removes it."""
    async with transaction(services.pool) as conn:
        row = await sessions.get_row(conn, principal.workspace_id, session_id, lock=True)
        tx = Tx.poking(conn)
        touched = await fence_for_delete(tx, row)
    for target in touched:
        await services.notifier.committed(target, tx.news(target))
    return session_id


async def fence_for_delete(tx: Tx, row: SessionRow) -> list[str]:
    """The first step of the deletion saga, in the caller's transaction (which holds ``row``'s lock):
    fence the Session and its children, and arm the ``delete`` wakeup whose delivery finishes the
    removal (``orchestration.relay``). Answers the Sessions to notify once committed, each with its
    ``tx.news``: the poke carries ``session.deleted``, so a stream that is up to date sends it without
    reading PostgreSQL, where the relay may already have removed it. Also used by the retention pass
    (``app.retention``)."""
    conn, ws, session_id = tx.conn, row.workspace_id, row.id
    touched = await delegation.stop_all_for_delete(tx, row)  # children stop before the primary
    await ledger.append(tx, ws, session_id, [NewEvent.of(new_id("sevt"), SessionDeletedEvent())])
    await sessions.mark_deleting(conn, row)
    await mcp.settle_interrupted(conn, session_id)  # the journal says what became of in-flight calls
    await work.stop_for_session(conn, session_id)
    await outbox.wake(conn, ws, session_id, "delete")
    return [session_id, *touched]
