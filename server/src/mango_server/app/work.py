"""Work transitions that touch the Session: ``environments.work.fail`` and ``environments.work.stop``.

A worker that cannot prepare a Session's inputs (a Skill archive, a Memory Store) reports a
terminal failure. In the caller's one transaction the Work item is stopped with its ``error``,
the Session's active turn is closed (queued inputs are flushed, open tool calls cancelled), a
``session.error`` (``session_input_failed_error``, ``retry_status`` ``terminal``) and
``session.status_terminated`` are appended and the Session status becomes ``terminated``.

A Stop that leaves built-in calls unexecuted re-queues Work for them in the same transaction.
Lock order is the Session row, then the Work row (the same order as enqueueing from a turn).
Not responsible for: authentication or the transient failures a worker retries by itself.
"""

from __future__ import annotations

from typing import Any

from mango_server.app.turns import finish_turn
from mango_server.ids import new_id
from mango_server.store import actions, events, outbox, sessions, turns, work
from mango_server.store.events import NewEvent
from mango_server.store.sessions import SessionRow

INPUT_FAILED = "session_input_failed_error"


async def fail(
    conn: Any, workspace_id: str, environment_id: str, work_id: str, error: dict[str, Any]
) -> tuple[dict[str, Any], str | None]:
    """Stop the item with ``error`` and terminate its Session; returns the row and the Session id."""
    row = await work.get(conn, workspace_id, environment_id, work_id)
    session: SessionRow | None = None
    if row["session_id"] is not None:
        session = await sessions.lock_any(conn, row["session_id"])
    locked = await work.lock(conn, workspace_id, environment_id, work_id)
    stored = {"type": INPUT_FAILED, "message": error["message"]}
    updated = await work.stop_with_error(conn, locked, stored)
    if session is None or session.deleting_at is not None or session.status == "terminated":
        return updated, None
    await terminate_session(conn, session, error["message"])
    return updated, session.id


async def stop(conn: Any, workspace_id: str, environment_id: str, work_id: str, *, force: bool) -> dict[str, Any]:
    """Stop (or ask to stop) an item; a Session whose built-in calls still wait gets fresh Work.

    The Session row is locked first, so a turn creating calls and this stop serialize: calls are
    either seen here and re-queued, or see the stopped item and queue new Work themselves.
    """
    row = await work.get(conn, workspace_id, environment_id, work_id)
    session = None
    if row["session_id"] is not None:
        session = await sessions.lock_any(conn, row["session_id"])
    updated = await work.stop(conn, await work.lock(conn, workspace_id, environment_id, work_id), force=force)
    if updated["state"] == "stopped" and _open(session):
        assert session is not None
        await work.ensure_if_runnable(conn, session)
    return updated


def _open(session: SessionRow | None) -> bool:
    return (
        session is not None
        and session.status != "terminated"
        and session.archived_at is None
        and session.deleting_at is None
    )


async def terminate_session(conn: Any, session: SessionRow, message: str) -> None:
    """End the active turn and the Session for good, announcing it with its events."""
    sid, ws = session.id, session.workspace_id
    turn = await turns.active(conn, sid)
    if turn is not None:
        await finish_turn(conn, sid, turn.trigger_id, flush_queue=True)
    else:
        await events.mark_processed(conn, await events.queued_inputs(conn, sid))
    await actions.cancel_open(conn, sid)
    trigger = turn.trigger_id if turn is not None else None
    error = {"type": INPUT_FAILED, "message": message, "retry_status": {"type": "terminal"}}
    announced = [
        NewEvent(new_id("sevt"), "session.error", {"error": error}, trigger),
        NewEvent(new_id("sevt"), "session.status_terminated"),
    ]
    await events.append(conn, ws, sid, announced)
    await sessions.set_status(conn, session, "terminated", None)
    await outbox.wake(conn, ws, sid, "terminate")
