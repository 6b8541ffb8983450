"""Model context building: public content to provider blocks, tool declarations, transcript order."""

from __future__ import annotations

from mango_server.app.turn.request import build_request, tool_specs, user_blocks
from mango_server.domain.agents import build_agent_body
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.compaction import Entry


def test_user_blocks_convert_text_documents() -> None:
    blocks = user_blocks(
        [
            {"type": "text", "text": "hi"},
            {"type": "document", "source": {"type": "text", "data": "doc", "media_type": "text/plain"}, "title": "T"},
        ]
    )
    assert blocks == [
        {"type": "text", "text": "hi"},
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "doc"}, "title": "T"},
    ]


def test_tools_declared_by_kind() -> None:
    snapshot = build_agent_body(
        {
            "name": "a",
            "model": "m",
            "tools": [
                {
                    "type": "agent_toolset_20260401",
                    "default_config": {"enabled": False},
                    "configs": [{"name": "bash", "enabled": True}, {"name": "web_search", "enabled": True}],
                },
                {"type": "custom", "name": "lookup", "description": "d", "input_schema": {"type": "object"}},
            ],
        }
    )
    kinds = {(s.name, s.kind) for s in tool_specs(CapabilitySnapshot.of(snapshot))}
    assert kinds == {("bash", "builtin"), ("web_search", "provider_native"), ("lookup", "custom")}


def test_consecutive_rows_of_one_role_are_merged_and_blocks_kept_exactly() -> None:
    snapshot = build_agent_body({"name": "a", "model": "m", "system": "sys"})
    opaque = {"type": "server_tool_use", "id": "x", "unknown_field": {"keep": [1, 2]}}
    rows = [
        Entry("t1:0", "user", [{"type": "text", "text": "one"}]),
        Entry("t1:1", "assistant", [opaque]),
        Entry("t1:2", "user", [{"type": "text", "text": "two"}]),
        Entry("t2:0", "user", [{"type": "text", "text": "three"}]),
    ]
    request = build_request(CapabilitySnapshot.of(snapshot), rows, attempt=1, max_tokens=100)
    assert request.system == "sys"
    assert [m["role"] for m in request.messages] == ["user", "assistant", "user"]
    assert request.messages[1]["content"][0] is opaque
    assert [b["text"] for b in request.messages[2]["content"]] == ["two", "three"]
    # a message of one entry is the entry's own, so the requests of a Session's rounds share it
    assert request.messages[1] is rows[1].message
