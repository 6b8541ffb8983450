"""The one seam through which the server records a webhook notification.

:func:`publish` queues a notification for every enabled endpoint of the Workspace subscribed to
its type, in the caller's transaction, so a notification commits exactly when the state change
it announces commits (and is lost with it on a rollback). The Session status notifications are
queued by the ledger's write path when their status event is appended (``app.ledger.append``);
callers use :func:`publish` for facts without a status event: ``session.created``,
``session.archived`` and, from scheduled Deployment Runs, ``deployment_run.completed`` /
``deployment_run.failed``. Not responsible for delivery (``orchestration.webhooks``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.webhooks import NOTIFICATION_TYPES, Notification
from mango_server.ids import derived_id
from mango_server.store import webhooks
from mango_server.store.db import Connection


async def publish(
    conn: Connection,
    *,
    workspace_id: str,
    type: str,
    resource_type: str,
    resource_id: str,
    data: Mapping[str, object] | None = None,
    source_id: str | None = None,
) -> int:
    """Queue one notification in the caller's transaction; returns how many endpoints get it.

    ``data`` adds thin fields next to ``type``, ``id`` and ``workspace_id`` (never a whole
    resource). ``source_id`` (for example the id of the run or event that is announced) makes the
    notification id deterministic, so a retried transaction queues nothing twice.
    ``resource_type`` names the kind of ``resource_id`` (``session``, ``deployment_run``).
    """
    if type not in NOTIFICATION_TYPES:
        raise InvalidRequestError(f"unknown notification type {type}")
    notification_id = (
        derived_id("wevt", resource_type, source_id, type) if source_id else webhooks.new_notification_id()
    )
    notification = Notification(type, resource_id, dict(data or {}))
    return await webhooks.enqueue(conn, workspace_id, notification_id, datetime.now(UTC), notification)
