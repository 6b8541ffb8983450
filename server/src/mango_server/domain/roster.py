"""Coordinator rosters (``multiagent``): validation, normalisation and the runtime-owned delegation tools.

A roster names 1-20 members: an Agent at a version, the coordinator itself (``self``) or a
tool-free Advisor on a model. Members never delegate (one delegation level), so a member that
is itself a coordinator is refused. The coordinator addresses members by name: an Agent's name,
or ``advisor``. Pure: no I/O; resolving ids to versions is ``app.agents``' job and freezing
snapshots ``app.sessions``'. Not responsible for running Threads (``app.threads.delegation``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

from mango_server.domain.agents import normalize_model
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.json import JsonObject

MAX_MEMBERS = 20
#: Concurrently running child Threads per Session.
MAX_LIVE_THREADS = 25
ADVISOR_NAME = "advisor"
DELEGATE_TOOL = "delegate"
SEND_TOOL = "send_to_agent"
COORDINATOR_TOOLS = frozenset({DELEGATE_TOOL, SEND_TOOL})
ADVISOR_SYSTEM = (
    "You are the Advisor of a coordinator agent. Answer the coordinator's question with your best, "
    "concise judgement. You have no tools."
)


def parse_entries(raw: object) -> list[JsonObject]:
    """The request's roster entries as objects.

    Entries: ``{type: agent, id, version?}``, ``{type: self}``, ``{type: advisor, model}``.
    """
    if raw is None:
        return []
    if not isinstance(raw, Mapping) or raw.get("type") != "coordinator":
        raise InvalidRequestError("multiagent.type: must be coordinator")
    agents = raw.get("agents") or []
    if not isinstance(agents, list) or not 1 <= len(agents) <= MAX_MEMBERS:
        raise InvalidRequestError(f"multiagent.agents: between 1 and {MAX_MEMBERS} members")
    out: list[JsonObject] = []
    advisors = 0
    for index, entry in enumerate(agents):
        where = f"multiagent.agents[{index}]"
        if isinstance(entry, str):
            out.append({"type": "agent", "id": entry})
            continue
        kind = entry.get("type")
        extra = set(entry) - {"type", *{"agent": ("id", "version"), "self": (), "advisor": ("model",)}.get(kind, ())}
        if extra:
            raise InvalidRequestError(f"{where}: {sorted(extra)[0]} is not allowed on a {kind} member")
        if kind == "agent":
            if not entry.get("id"):
                raise InvalidRequestError(f"{where}.id: is required for an agent member")
            out.append(
                {"type": "agent", "id": entry["id"], **({"version": entry["version"]} if entry.get("version") else {})}
            )
        elif kind == "self":
            out.append({"type": "self"})
        else:
            if entry.get("model") is None:
                raise InvalidRequestError(f"{where}.model: is required for an advisor member")
            advisors += 1
            if advisors > 1:
                raise InvalidRequestError(f"{where}: a roster has at most one advisor")
            out.append({"type": "advisor", "model": normalize_model(entry["model"])})
    return out


def check_member(where: str, member_id: str, member_body: Mapping[str, object], names: set[str]) -> str:
    """A resolved Agent member is not a coordinator and its name is unique in the roster; returns the name."""
    if member_body.get("multiagent"):
        raise InvalidRequestError(f"{where}: agent {member_id} is a coordinator; rosters allow one delegation level")
    name = str(member_body.get("name") or member_id)
    if name in names or name == ADVISOR_NAME:
        raise InvalidRequestError(f"{where}: two roster members are named {name!r}; member names must be unique")
    names.add(name)
    return name


def advisor_snapshot(entry: Mapping[str, object]) -> JsonObject:
    """What an Advisor Thread runs: its model, a fixed system prompt, no tools."""
    return {"type": "advisor", "model": entry["model"]}


def runnable(agent: Mapping[str, object]) -> JsonObject:
    """The execution snapshot of a Thread's agent (an Advisor becomes a tool-free Agent snapshot)."""
    if agent.get("type") == "advisor":
        return {
            "type": "advisor",
            "name": ADVISOR_NAME,
            "description": None,
            "system": ADVISOR_SYSTEM,
            "model": agent["model"],
            "tools": [],
            "mcp_servers": [],
            "skills": [],
        }
    return {k: v for k, v in agent.items() if k != "multiagent"}


def member_name(agent: Mapping[str, object]) -> str:
    """How the coordinator addresses a roster snapshot."""
    return ADVISOR_NAME if agent.get("type") == "advisor" else str(agent.get("name") or agent.get("id"))


def roster_of(snapshot: Mapping[str, object]) -> list[JsonObject]:
    """The pinned member snapshots of a Session's (or Thread's) Agent snapshot; empty when it is no coordinator."""
    multiagent = snapshot.get("multiagent")
    agents = multiagent.get("agents") if isinstance(multiagent, Mapping) else None
    return list(agents) if isinstance(agents, list) else []


class CoordinatorTool(TypedDict):
    """A runtime-owned delegation tool as the coordinator's model is offered it."""

    name: str
    description: str
    input_schema: dict[str, object]


def coordinator_tool_specs(roster: Sequence[Mapping[str, object]]) -> list[CoordinatorTool]:
    """The runtime-owned tools a coordinator's model is offered for its ``roster`` (none for an empty roster)."""
    if not roster:
        return []
    names = [member_name(a) for a in roster]
    return [
        {
            "name": DELEGATE_TOOL,
            "description": (
                "Start a new Thread in which a roster member works on a task. The member's report arrives "
                "later as a message from its Thread; you can keep working meanwhile. Members: " + ", ".join(names)
            ),
            "input_schema": {
                "type": "object",
                "properties": {
                    "agent": {"type": "string", "enum": names, "description": "The roster member's name."},
                    "message": {"type": "string", "description": "The task, with everything the member needs."},
                },
                "required": ["agent", "message"],
            },
        },
        {
            "name": SEND_TOOL,
            "description": "Send a follow-up message to an existing Thread (by its session_thread_id).",
            "input_schema": {
                "type": "object",
                "properties": {
                    "session_thread_id": {"type": "string", "description": "The Thread to message."},
                    "message": {"type": "string", "description": "The follow-up."},
                },
                "required": ["session_thread_id", "message"],
            },
        },
    ]


def delegation_input(name: str, tool_input: Mapping[str, object]) -> tuple[str, str] | str:
    """``(target, message)`` of a coordinator tool call, or the error text the model gets back."""
    target_key = "agent" if name == DELEGATE_TOOL else "session_thread_id"
    target, message = tool_input.get(target_key), tool_input.get("message")
    if not isinstance(target, str) or not target:
        return f"{name}: {target_key} is required"
    if not isinstance(message, str) or not message.strip():
        return f"{name}: message is required"
    return target, message
