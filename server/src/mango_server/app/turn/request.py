"""Model context: from a round's capability snapshot and lossless transcript to a ModelRequest.

Responsible for: turning public user content into provider blocks once (when a turn starts,
stored in the transcript thereafter) and declaring the tools of the round's
``domain.capabilities.CapabilitySnapshot``. Not responsible for loading rows, building the snapshot
(``app.turn.prepare``) or calling the model. Public events are never used to rebuild context.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mango_server.app.documents import stored_source
from mango_server.app.turn.skill_loader import load_skill_spec
from mango_server.domain._generated import wire
from mango_server.domain.agents import PROVIDER_NATIVE_TOOLS, custom_tools, enabled_builtins
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.compaction import Entry
from mango_server.domain.json import JsonObject
from mango_server.domain.roster import coordinator_tool_specs
from mango_server.domain.skills import ManifestEntry
from mango_server.model import ModelRequest, ToolSpec

BUILTIN_SCHEMAS: dict[str, dict[str, object]] = {
    "bash": {
        "type": "object",
        "properties": {
            "command": {"type": "string"},
            "restart": {"type": "boolean"},
            "timeout_ms": {"type": "integer"},
        },
    },
    "read": {
        "type": "object",
        "properties": {"file_path": {"type": "string"}, "view_range": {"type": "array", "items": {"type": "integer"}}},
        "required": ["file_path"],
    },
    "write": {
        "type": "object",
        "properties": {"file_path": {"type": "string"}, "content": {"type": "string"}},
        "required": ["file_path", "content"],
    },
    "edit": {
        "type": "object",
        "properties": {
            "file_path": {"type": "string"},
            "old_string": {"type": "string"},
            "new_string": {"type": "string"},
            "replace_all": {"type": "boolean"},
        },
        "required": ["file_path", "old_string", "new_string"],
    },
    "glob": {
        "type": "object",
        "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}},
        "required": ["pattern"],
    },
    "grep": {
        "type": "object",
        "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}},
        "required": ["pattern"],
    },
}
# The platform-managed web_fetch (``tools.web_fetch``), declared when the Session pinned it.
WEB_FETCH_SCHEMA: dict[str, object] = {
    "type": "object",
    "properties": {"url": {"type": "string", "description": "The http or https URL to fetch."}},
    "required": ["url"],
}
WEB_FETCH_DESCRIPTION = "Fetch a public web page or text document by URL; HTML is returned as Markdown-like text."
BUILTIN_DESCRIPTIONS = {
    "bash": "Run a command in a persistent bash shell in the Session workspace.",
    "read": "Read a text file; view_range is 1-based and inclusive.",
    "write": "Write a file, creating parent folders.",
    "edit": "Replace old_string (unique unless replace_all) with new_string in a file.",
    "glob": "List files matching a glob pattern, newest first.",
    "grep": "Search file contents with a regular expression.",
}


def user_blocks(
    content: Sequence[wire.UserContentBlock], snapshots: Mapping[int, str] | None = None
) -> list[dict[str, object]]:
    """Provider blocks for the public content of a ``user.message`` or a custom tool result (text, images,
    text and PDF documents).

    A File source becomes the snapshot taken at admission (``snapshots``, by block index; read back by
    ``app.documents.stored_source``).
    """
    blocks: list[dict[str, object]] = []
    for index, block in enumerate(content):
        if block["type"] == "text":
            blocks.append({"type": "text", "text": block["text"]})
        elif block["type"] == "image":
            image = block["source"]
            if image["type"] == "file":
                blocks.append({"type": "image", "source": stored_source("image", (snapshots or {}).get(index, ""))})
            else:
                blocks.append({"type": "image", "source": dict(image)})
        elif block["type"] == "document":
            source = block["source"]
            doc: dict[str, object]
            if source["type"] == "file":
                doc = {"type": "document", "source": stored_source("document", (snapshots or {}).get(index, ""))}
            elif source["type"] == "text":
                doc = {
                    "type": "document",
                    "source": {"type": "text", "media_type": "text/plain", "data": source["data"]},
                }
            else:
                doc = {"type": "document", "source": dict(source)}
            title, context = block.get("title"), block.get("context")
            if title:
                doc["title"] = title
            if context:
                doc["context"] = context
            blocks.append(doc)
    return blocks


def tool_specs(snapshot: CapabilitySnapshot) -> list[ToolSpec]:
    """The tools declared to the model for this round."""
    specs: list[ToolSpec] = []
    for config in enabled_builtins(snapshot.tools):
        name = config["name"]
        if name == "web_fetch" and snapshot.web_fetch_mode == "managed":
            specs.append(ToolSpec(name=name, description=WEB_FETCH_DESCRIPTION, input_schema=WEB_FETCH_SCHEMA))
        elif name in PROVIDER_NATIVE_TOOLS:
            # The version the Session's endpoint pinned (the adapter's default when none is pinned).
            version = snapshot.endpoint.provider_tool_versions.get(name) if snapshot.endpoint else None
            specs.append(ToolSpec(name=name, kind="provider_native", provider_type=version))
        else:
            specs.append(
                ToolSpec(
                    name=name,
                    description=BUILTIN_DESCRIPTIONS[name],
                    input_schema=BUILTIN_SCHEMAS[name],
                    kind="builtin",
                )
            )
    for custom in custom_tools(snapshot.tools):
        specs.append(
            ToolSpec(
                name=custom["name"], description=custom.get("description") or "", input_schema=custom["input_schema"]
            )
        )
    taken = {spec.name for spec in specs}
    for mcp_tool in snapshot.mcp_tools:
        if mcp_tool["name"] in taken:
            continue  # an MCP tool never shadows a built-in, custom or earlier server's tool
        taken.add(mcp_tool["name"])
        description = mcp_tool.get("description") or f"A tool of the MCP server {mcp_tool['mcp_server_name']}."
        specs.append(ToolSpec(name=mcp_tool["name"], description=description, input_schema=mcp_tool["input_schema"]))
    if snapshot.skill_manifest:
        specs.append(load_skill_spec(snapshot.skill_manifest))
    for coordinator in coordinator_tool_specs(snapshot.roster):
        if coordinator["name"] not in taken:
            specs.append(
                ToolSpec(
                    name=coordinator["name"],
                    description=coordinator["description"],
                    input_schema=coordinator["input_schema"],
                )
            )
    return specs


def skills_prompt(manifest: Sequence[ManifestEntry]) -> str:
    """The system prompt section announcing the Session's pinned Skills (name and description only).

    The model loads a Skill's instructions on demand with the ``load_skill`` platform tool (answered
    from the canonical archive); workers also materialise each pinned version in the Session
    workspace so tools can use its supporting files: at the entry's ``path`` (an external roster
    Agent's Thread: ``skills/.agents/<scope>/<directory>/``), else ``skills/<directory>/``.
    """
    if not manifest:
        return ""
    lines = [
        "## Skills",
        "These Skills are available. Before using one, call load_skill with its name to read its instructions "
        "(SKILL.md); its supporting files are in your working directory under the path shown.",
    ]
    for skill in manifest:
        path = skill.get("path") or f"skills/{skill['directory']}/SKILL.md"
        lines.append(f"- {skill['name']} ({path}): {skill['description']}")
    return "\n".join(lines)


def merge_messages(transcript: Sequence[Entry]) -> list[JsonObject]:
    """Provider messages from ordered transcript entries: consecutive entries of one role form one message
    with the entries' own blocks; a message of one entry is the entry's own (``Entry.message``)."""
    messages: list[JsonObject] = []
    for entry in transcript:
        if messages and messages[-1]["role"] == entry.role:
            messages[-1] = {"role": entry.role, "content": [*messages[-1]["content"], *entry.blocks]}
        else:
            messages.append(entry.message)
    return messages


def build_request(
    snapshot: CapabilitySnapshot, transcript: Sequence[Entry], *, attempt: int, max_tokens: int
) -> ModelRequest:
    """One provider round from the snapshot and the ordered transcript entries.

    The Agent's ``speed`` is sent only when it asks for ``fast`` and the endpoint offers it (Agent validation
    refuses ``fast`` on an endpoint without it); ``standard`` is the endpoint's default and never sent.
    """
    messages = merge_messages(transcript)
    parts = (snapshot.system, skills_prompt(snapshot.skill_manifest))
    offers_fast = snapshot.endpoint is not None and snapshot.endpoint.fast_mode
    fast = snapshot.model_options.get("speed") == "fast" and offers_fast
    return ModelRequest(
        model=snapshot.model_id,
        system="\n\n".join(p for p in parts if p) or None,
        messages=messages,
        tools=tool_specs(snapshot),
        max_tokens=max_tokens,
        attempt=attempt,
        extra={"speed": "fast"} if fast else {},
    )
