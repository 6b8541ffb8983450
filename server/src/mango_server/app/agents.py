"""Agent use cases: create, read, list, update (a new immutable version) and archive.

Each use case owns its transaction. An update is decided under the Agent's row lock: the
expected-version check and the archived check (``domain.agents.next_version``) see the
version a concurrent update just wrote. The deployment must offer the Agent's model and honour what the
Agent asks of it (``check_models``, against the operator's catalogue). Not responsible for the body rules
(``domain.agents``), SQL (``store.agents``) or the wire shape (``api.mappers.agents``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from mango_server.app.services import Services
from mango_server.domain import roster
from mango_server.domain._generated import wire
from mango_server.domain.agents import build_agent_body, enabled_builtins, next_version
from mango_server.domain.errors import InvalidRequestError, NotFoundError
from mango_server.domain.model_catalogue import ModelCatalogue, check_agent_model
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.store import agents, skills
from mango_server.store.agents import AgentRow
from mango_server.store.db import Connection, transaction


@dataclass(frozen=True)
class AgentFilter:
    """What ``agents.list`` narrows by."""

    include_archived: bool = False
    created_gte: datetime | None = None
    created_lte: datetime | None = None


async def create(services: Services, principal: Principal, params: wire.AgentCreateParams) -> AgentRow:
    """A new Agent at version 1, its Skill references pinned to concrete versions."""
    body = build_agent_body(params)
    check_models(services.catalogue, body)
    async with transaction(services.pool) as conn:
        body["skills"] = await skills.resolve_refs(conn, principal.workspace_id, body["skills"])
        if resolved := await _resolve_roster(conn, principal.workspace_id, body):
            body["multiagent"] = resolved
        return await agents.create(conn, principal.workspace_id, body)


def check_models(catalogue: ModelCatalogue | None, body: Mapping[str, object]) -> None:
    """The deployment offers the Agent's model (and its Advisor's) and honours what the Agent asks of it:
    native web search for an enabled ``web_search``, its ``max_tokens`` and ``speed`` (400 otherwise).
    ``None``: a process without a catalogue checks nothing."""
    if catalogue is None:
        return
    tools = body.get("tools")
    enabled = [str(c["name"]) for c in enabled_builtins(tools if isinstance(tools, list) else [])]
    model = body.get("model")
    check_agent_model(catalogue, model if isinstance(model, Mapping) else {"id": model}, enabled=enabled)
    for index, entry in enumerate(roster.parse_entries(body.get("multiagent"))):
        if entry["type"] == "advisor":
            check_agent_model(catalogue, entry["model"], where=f"multiagent.agents[{index}].model")


async def _resolve_roster(conn: Connection, workspace_id: str, body: Mapping[str, object]) -> dict[str, object] | None:
    """The stored roster: every Agent member pinned to a concrete version, names unique, one level only."""
    entries = roster.parse_entries(body.get("multiagent"))
    if not entries:
        return None
    names: set[str] = set()
    out: list[Mapping[str, object]] = []
    for index, entry in enumerate(entries):
        where = f"multiagent.agents[{index}]"
        if entry["type"] == "agent":
            try:
                member = await agents.get_body(conn, workspace_id, entry["id"], entry.get("version"))
            except NotFoundError:
                raise InvalidRequestError(
                    f"{where}: agent {entry['id']} (version {entry.get('version') or 'current'}) not found"
                ) from None
            if member.archived_at is not None:
                raise InvalidRequestError(f"{where}: agent {member.id} is archived")
            roster.check_member(where, member.id, member.body, names)
            out.append({"type": "agent", "id": member.id, "version": member.version})
        elif entry["type"] == "self":
            roster.check_member(where, "self", {"name": body.get("name")}, names)
            out.append(entry)
        else:
            out.append(entry)
    return {"type": "coordinator", "agents": out}


async def get(services: Services, principal: Principal, agent_id: str, version: int | None) -> AgentRow:
    """One Agent at its current (or a given) version."""
    async with services.pool.acquire() as conn:
        return await agents.get(conn, principal.workspace_id, agent_id, version)


async def list_page(
    services: Services, principal: Principal, *, limit: int, cursor: Cursor | None, where: AgentFilter
) -> Page[AgentRow]:
    """One page of Agents, newest first."""
    async with services.pool.acquire() as conn:
        return await agents.list_page(
            conn,
            principal.workspace_id,
            limit=limit,
            cursor=cursor,
            include_archived=where.include_archived,
            created_gte=where.created_gte,
            created_lte=where.created_lte,
        )


async def update(services: Services, principal: Principal, agent_id: str, params: wire.AgentUpdateParams) -> AgentRow:
    """Write the next version from ``params`` over the current body; an update that changes
    nothing (and names no other expected version) returns the current version unchanged."""
    expected = params.get("version")
    changes: dict[str, object] = {k: v for k, v in params.items() if k != "version"}
    workspace_id = principal.workspace_id
    async with transaction(services.pool) as conn:
        current = await agents.get_body(conn, workspace_id, agent_id)
        body = build_agent_body(changes, base=current.body)
        if changes.keys() & {"model", "tools", "multiagent"}:  # other edits keep working if the model went away
            check_models(services.catalogue, body)
        if "skills" in changes:  # unrelated updates keep the existing pins
            body["skills"] = await skills.resolve_refs(conn, workspace_id, body["skills"])
        if changes.get("multiagent"):  # as for Skills: a re-resolution only when the roster is given
            body["multiagent"] = await _resolve_roster(conn, workspace_id, body)
        if body == current.body and expected in (None, current.current_version):
            return await agents.get(conn, workspace_id, agent_id)
        locked = await agents.lock(conn, workspace_id, agent_id)
        version = next_version(agent_id, locked.current_version, locked.archived_at is not None, expected)
        await agents.insert_version(conn, workspace_id, agent_id, version, body)
        return await agents.get(conn, workspace_id, agent_id)


async def archive(services: Services, principal: Principal, agent_id: str) -> AgentRow:
    """Archive (terminal, read-only); archiving twice is harmless."""
    async with transaction(services.pool) as conn:
        await agents.lock(conn, principal.workspace_id, agent_id)
        await agents.archive(conn, principal.workspace_id, agent_id)
        return await agents.get(conn, principal.workspace_id, agent_id)


async def list_versions(
    services: Services, principal: Principal, agent_id: str, *, limit: int, cursor: Cursor | None
) -> Page[AgentRow]:
    """Every version of one Agent, newest first."""
    async with services.pool.acquire() as conn:
        return await agents.list_versions(conn, principal.workspace_id, agent_id, limit=limit, cursor=cursor)
