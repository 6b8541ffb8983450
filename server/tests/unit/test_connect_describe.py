"""``mango connect`` shows a tool result Mango answered ``ambiguous`` (its executor stopped mid-call) as such."""

from __future__ import annotations

from mango_server.connect import describe


def test_an_ambiguous_result_says_its_outcome_is_unknown() -> None:
    event = {
        "type": "agent.tool_result",
        "tool_use_id": "sevt_1",
        "content": [{"type": "text", "text": "The worker running this tool call stopped"}],
        "is_error": True,
        "outcome": "ambiguous",
    }
    prefix = "[agent.tool_result ambiguous: outcome unknown, not run again]"
    assert describe(event) == f"{prefix} The worker running this tool call stopped"


def test_an_ordinary_result_is_unchanged() -> None:
    event = {"type": "user.tool_result", "tool_use_id": "sevt_1", "content": [{"type": "text", "text": "ok"}]}
    assert describe(event) == "[user.tool_result] ok"
