"""Live updates over NATS Core: best-effort wakeups and text previews, never data.

Subjects: ``mango.session.<id>`` carries "something committed" pokes (with the committed rows
when small enough; their format is ``live.pokes``); ``mango.delta.<id>`` carries ephemeral
``event_start`` / ``event_delta`` previews. Readers always reconcile from
PostgreSQL by cursor, so a lost message costs latency, never correctness.
"""

from mango_server.live.notifier import DeferredNotifier, NatsNotifier, Notifier, NullNotifier

__all__ = ["DeferredNotifier", "NatsNotifier", "Notifier", "NullNotifier"]
