"""The wire shape of the health and readiness answers."""

from __future__ import annotations

from mango_server.domain.json import JsonObject


def health() -> JsonObject:
    """The process is alive."""
    return {"status": "ok"}


def readiness() -> JsonObject:
    """The process can serve requests."""
    return {"status": "ready", "checks": {"database": "ok"}}
