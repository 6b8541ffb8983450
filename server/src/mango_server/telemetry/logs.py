"""Log formatting for every role: one JSON object per line, or plain text for ``mango dev``.

Each record carries ``action`` (``extra={"action": ...}``) and the ids of the work in hand:
``request_id``, ``session_id`` and ``workspace_id`` come from context variables that the HTTP
edge binds per request (``bind``), so a use case deep in the stack logs them without passing
them around; an explicit ``extra`` wins. Not responsible for what is logged or for secrets (the
modules never log them; ``server/tests/integration/test_secrets_in_logs.py`` scans for them).
"""

from __future__ import annotations

import contextvars
import logging
import sys
from typing import Literal

from pythonjsonlogger.json import JsonFormatter

__all__ = ["CONTEXT_FIELDS", "FIELDS", "bind", "configure_logging", "json_formatter"]

CONTEXT_FIELDS = ("request_id", "session_id", "workspace_id")
#: Every structured field a record may carry, in output order after time, level, logger, message.
FIELDS = ("action", *CONTEXT_FIELDS, "trace_id")

_context: dict[str, contextvars.ContextVar[str | None]] = {
    name: contextvars.ContextVar(f"mango_log_{name}", default=None) for name in CONTEXT_FIELDS
}


def bind(**values: str | None) -> None:
    """Set context fields (``request_id``, ``session_id``, ``workspace_id``) for the current task."""
    for name, value in values.items():
        if value:
            _context[name].set(value)


class _ContextFilter(logging.Filter):
    """Copies the bound context fields and the current trace id onto every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, var in _context.items():
            value = var.get()
            if value is not None and not hasattr(record, name):
                setattr(record, name, value)
        if not hasattr(record, "trace_id"):
            from mango_server.telemetry.traces import current_trace_id

            trace_id = current_trace_id()
            if trace_id:
                record.trace_id = trace_id
        return True


class _TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        action = f" action={record.action}" if hasattr(record, "action") else ""
        line = f"{self.formatTime(record)} {record.levelname} {record.name}{action} {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def json_formatter() -> logging.Formatter:
    """The one JSON formatter: ``time level logger message`` plus the structured fields present."""
    return JsonFormatter(
        "%(asctime)s %(levelname)s %(name)s %(message)s",
        rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        timestamp=False,
    )


def configure_logging(level: str = "INFO", fmt: Literal["json", "text"] | str = "json") -> None:
    """Send every record to stderr as ``fmt`` (``json`` or ``text``) at ``level``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(json_formatter() if fmt == "json" else _TextFormatter())
    handler.addFilter(_ContextFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # httpx logs every request line at INFO, and the Temporal SDK's worker chatter is not ours.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    # yoyo logs every step of every migration at INFO; ``store.migrate`` logs each applied migration.
    logging.getLogger("yoyo").setLevel(logging.WARNING)
