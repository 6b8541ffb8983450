"""Pure parts of Thread routing and reporting: cross-post ids, stop reasons and snapshot positions."""

from __future__ import annotations

from datetime import UTC, datetime

from mango_server.app.threads import delegation, routing
from mango_server.model import ModelResponse, Usage
from mango_server.store.sessions import SessionRow

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _child(stop: dict[str, object] | None) -> SessionRow:
    return SessionRow(
        "wksp_1", "sthr_c", None, "idle", stop, "agent_a", 1, {"name": "a"}, "env_1", {}, [], {}, None, 1,
        T0, T0, None, None, 0.0, None, "sesn_1", None,
    )  # fmt: skip


def test_a_cross_post_id_routes_back_to_the_child_event() -> None:
    child = _child({"type": "requires_action", "event_ids": ["sevt_a", "sevt_b"]})
    assert routing._owed_id(child, delegation.crosspost_id("sevt_b")) == "sevt_b"
    assert routing._owed_id(child, "sevt_a") == "sevt_a"
    assert routing._owed_id(child, "sevt_other") == "sevt_other"
    assert delegation.crosspost_id("sevt_a") != delegation.crosspost_id("sevt_b")


def test_the_primary_ledger_names_cross_posts_in_a_childs_requires_action() -> None:
    stop = {"type": "requires_action", "event_ids": ["sevt_a"]}
    assert delegation._primary_stop(stop) == {
        "type": "requires_action",
        "event_ids": [delegation.crosspost_id("sevt_a")],
    }
    assert delegation._primary_stop({"type": "end_turn"}) == {"type": "end_turn"}


def test_a_report_is_the_final_reply_or_says_why_there_is_none() -> None:
    reply = ModelResponse(
        content=[{"type": "text", "text": "all green"}], stop_reason="end_turn", usage=Usage(1, 1), request_id="r",
        message_id="m", model="x",
    )  # fmt: skip
    assert delegation._report_text(reply, "end_turn") == "all green"
    assert "model errors" in delegation._report_text(None, "retries_exhausted")
    assert "context no longer fits" in delegation._report_text(None, "context_overflow")
    assert "without a report" in delegation._report_text(None, "end_turn")


def test_document_snapshots_follow_their_events_into_a_batch() -> None:
    documents = {(0, 0): ("a", "x"), (2, 1): ("b", "y"), (3, 0): ("c", "z")}
    assert routing._at(documents, [0, 2]) == {(0, 0): ("a", "x"), (1, 1): ("b", "y")}
