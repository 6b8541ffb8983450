"""The wire shape of the health and readiness answers."""

from __future__ import annotations

from mango_server.domain._generated.wire import Health, Readiness


def health() -> Health:
    """The process is alive."""
    return {"status": "ok"}


def readiness() -> Readiness:
    """The process can serve requests."""
    return {"status": "ready", "checks": {"database": "ok"}}
