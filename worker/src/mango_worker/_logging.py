"""Structured log output for the supervisor: one line per record, ``text`` or ``json``.

Records carry a stable ``action`` (``extra={"action": ...}``) plus ids such as ``work_id`` and
``session_id``; both formats print them as fields so operators can filter on them. Not
responsible for choosing what to log (the modules do) or for secrets (they are never logged).
"""

from __future__ import annotations

import logging
import sys

from pythonjsonlogger.json import JsonFormatter

__all__ = ["configure_logging"]


class _TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        action = f" action={record.action}" if hasattr(record, "action") else ""
        line = f"{self.formatTime(record)} {record.levelname} {record.name}{action} {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def _json_formatter() -> logging.Formatter:
    # The same JSON shape as the control plane's roles (mango_server.telemetry.logs): time, level,
    # logger, message, then every structured field of the record.
    return JsonFormatter(
        "%(asctime)s %(levelname)s %(name)s %(message)s",
        rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
    )


def configure_logging(level: str = "INFO", fmt: str = "text") -> None:
    """Send every record to stderr in ``fmt`` (``text`` or ``json``) at ``level``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_json_formatter() if fmt == "json" else _TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # httpx logs every request line (including the long-poll ones) at INFO.
    logging.getLogger("httpx").setLevel(logging.WARNING)
