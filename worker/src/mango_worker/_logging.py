"""Structured log output for the supervisor: one line per record, ``text`` or ``json``.

Records carry a stable ``action`` (``extra={"action": ...}``) plus ids such as ``work_id`` and
``session_id``; both formats print them as fields so operators can filter on them. Not
responsible for choosing what to log (the modules do) or for secrets (they are never logged).
"""

from __future__ import annotations

import json
import logging
import sys

__all__ = ["configure_logging"]

_FIELDS = ("action", "work_id", "session_id", "exit_code", "outcome")


class _TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        action = f" action={record.action}" if hasattr(record, "action") else ""
        line = f"{self.formatTime(record)} {record.levelname} {record.name}{action} {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class _JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        body: dict[str, object] = {
            "time": self.formatTime(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        body.update({name: getattr(record, name) for name in _FIELDS if hasattr(record, name)})
        if record.exc_info:
            body["exception"] = self.formatException(record.exc_info)
        return json.dumps(body, default=str)


def configure_logging(level: str = "INFO", fmt: str = "text") -> None:
    """Send every record to stderr in ``fmt`` (``text`` or ``json``) at ``level``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_JsonFormatter() if fmt == "json" else _TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # httpx logs every request line (including the long-poll ones) at INFO.
    logging.getLogger("httpx").setLevel(logging.WARNING)
