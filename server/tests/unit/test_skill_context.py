"""Model context: pinned Skills in the system prompt and File document snapshots as text sources."""

from __future__ import annotations

from mango_server.app.turn.request import build_request, user_blocks
from mango_server.domain.capabilities import CapabilitySnapshot

MANIFEST = [
    {"skill_id": "skill_1", "version": 2, "name": "pdf-tools", "description": "Fill PDF forms.", "directory": "pdf"}
]


def test_pinned_skills_are_announced_after_the_system_prompt() -> None:
    agent = {"model": {"id": "m"}, "system": "Be brief.", "tools": []}
    snapshot = CapabilitySnapshot.of(agent, skill_manifest=MANIFEST)
    request = build_request(snapshot, [], attempt=1, max_tokens=10)
    assert request.system is not None
    assert request.system.startswith("Be brief.\n\n## Skills")
    assert "- pdf-tools (skills/pdf/SKILL.md): Fill PDF forms." in request.system


def test_an_external_members_skills_are_announced_under_its_scope() -> None:
    entry = {**MANIFEST[0], "path": "skills/.agents/agent_spec-v7/pdf/SKILL.md"}
    snapshot = CapabilitySnapshot.of({"model": {"id": "m"}, "system": None, "tools": []}, skill_manifest=[entry])
    request = build_request(snapshot, [], attempt=1, max_tokens=10)
    assert request.system is not None
    assert "- pdf-tools (skills/.agents/agent_spec-v7/pdf/SKILL.md): Fill PDF forms." in request.system
    assert "(skills/pdf/SKILL.md)" not in request.system


def test_no_skills_leaves_the_system_prompt_alone() -> None:
    bare = CapabilitySnapshot.of({"model": {"id": "m"}, "system": None})
    assert build_request(bare, [], attempt=1, max_tokens=10).system is None
    prompted = CapabilitySnapshot.of({"model": {"id": "m"}, "system": "S"})
    assert build_request(prompted, [], attempt=1, max_tokens=10).system == "S"


def test_file_document_uses_the_admission_snapshot() -> None:
    content = [
        {"type": "text", "text": "read this"},
        {"type": "document", "source": {"type": "file", "file_id": "file_1"}, "title": "notes"},
    ]
    blocks = user_blocks(content, {1: "snapshot text"})
    assert blocks[1] == {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "snapshot text"},
        "title": "notes",
    }
