"""Workspace-scoped object keys; every write attempt gets its own key, so a late write from an
abandoned attempt can never overwrite published bytes."""

from __future__ import annotations

import secrets


def _attempt() -> str:
    return secrets.token_hex(8)


def file_key(workspace_id: str, file_id: str) -> str:
    """``ws/<workspace_id>/files/<file_id>/<attempt>``."""
    return f"ws/{workspace_id}/files/{file_id}/{_attempt()}"


def skill_key(workspace_id: str, skill_id: str) -> str:
    """``ws/<workspace_id>/skills/<skill_id>/<attempt>`` (one per uploaded version archive)."""
    return f"ws/{workspace_id}/skills/{skill_id}/{_attempt()}"
