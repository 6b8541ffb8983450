"""``load_skill``: the platform tool that gives the model a pinned Skill's ``SKILL.md`` on demand.

The model sees each pinned Skill's name and description in its system prompt; when it wants the
instructions it calls ``load_skill {"name": ...}``. The orchestrator answers from the CANONICAL
archive in object storage (size and SHA-256 checked against the immutable version record), never
from a worker's filesystem, so a tampered workspace cannot change what the model is told. The call
and its result are public events (``agent.tool_use`` / ``agent.tool_result``) and the turn goes on
without waiting for anyone. Not responsible for: materialising Skills for tools (workers do).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Sequence

from mango_server.blob import BlobStore
from mango_server.domain.skills import ManifestEntry
from mango_server.model import ToolSpec

LOAD_SKILL = "load_skill"
MAX_INSTRUCTIONS_CHARS = 100_000


def load_skill_spec(manifest: Sequence[ManifestEntry]) -> ToolSpec:
    """The tool declaration, listing the Skill names the model may ask for."""
    names = sorted({entry["name"] for entry in manifest})
    return ToolSpec(
        name=LOAD_SKILL,
        description="Load the full instructions (SKILL.md) of one of your Skills before using it.",
        input_schema={
            "type": "object",
            "properties": {"name": {"type": "string", "enum": names, "description": "The Skill's name."}},
            "required": ["name"],
        },
    )


async def load_instructions(
    blobs: BlobStore | None, manifest: Sequence[ManifestEntry], tool_input: object
) -> tuple[str, bool]:
    """``(text, is_error)`` for one ``load_skill`` call."""
    name = tool_input.get("name") if isinstance(tool_input, dict) else None
    entry = next((e for e in manifest if e["name"] == name), None)
    if entry is None:
        known = ", ".join(sorted(e["name"] for e in manifest)) or "none"
        return f"No Skill named {name!r} is available (available: {known}).", True
    if blobs is None:
        return "Skill instructions are unavailable: object storage is not configured.", True
    archive = bytearray()
    async for chunk in blobs.get_stream(entry["object_key"]):
        archive += chunk
        if len(archive) > entry["archive_size_bytes"]:
            break
    if len(archive) != entry["archive_size_bytes"] or hashlib.sha256(archive).hexdigest() != entry["archive_sha256"]:
        return f"The archive of Skill {name!r} failed its integrity check; its instructions were not loaded.", True
    with zipfile.ZipFile(io.BytesIO(bytes(archive))) as bundle:
        text = bundle.read(f"{entry['directory']}/SKILL.md").decode("utf-8", errors="replace")
    if len(text) > MAX_INSTRUCTIONS_CHARS:
        text = text[:MAX_INSTRUCTIONS_CHARS] + "\n[SKILL.md truncated]"
    return text, False
