"""Workspaces and their bearer credentials (API keys, Environment keys, per-Work session tokens),
stored as SHA-256 digests.

The plaintext key is returned once, at creation, and never stored or logged.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from mango_server.ids import new_id
from mango_server.store.sql_loader import Queries

Q = Queries("workspaces")
WORK_Q = Queries("work")

API_KEY_PREFIX = "mango_sk_"
ENVIRONMENT_KEY_PREFIX = "mango_ek_"
SESSION_TOKEN_PREFIX = "mango_st_"


def digest(secret: str) -> bytes:
    """SHA-256 of a bearer value: the only form in which credentials are stored."""
    return hashlib.sha256(secret.encode("utf-8")).digest()


def _new_secret(prefix: str) -> str:
    return prefix + secrets.token_urlsafe(32)


@dataclass(frozen=True)
class IssuedKey:
    """A freshly created key: ``secret`` is shown once and never stored."""

    id: str
    workspace_id: str
    secret: str
    hint: str


async def create_workspace(conn: Any, name: str) -> dict[str, Any]:
    """Insert a Workspace."""
    row = await conn.fetchrow(Q.insert_workspace, new_id("wksp"), name)
    return dict(row)


async def create_api_key(conn: Any, workspace_id: str, name: str) -> IssuedKey:
    """Issue a Workspace API key."""
    secret = _new_secret(API_KEY_PREFIX)
    hint = secret[-4:]
    row = await conn.fetchrow(Q.insert_api_key, new_id("key"), workspace_id, name, digest(secret), hint)
    return IssuedKey(id=row["id"], workspace_id=workspace_id, secret=secret, hint=hint)


async def list_api_keys(conn: Any, workspace_id: str) -> list[dict[str, Any]]:
    """Every key of a Workspace (metadata only)."""
    return [dict(r) for r in await conn.fetch(Q.list_api_keys, workspace_id)]


async def revoke_api_key(conn: Any, key_id: str) -> dict[str, Any] | None:
    """Revoke a key; it stops working at once. ``None`` when no such key exists."""
    row = await conn.fetchrow(Q.revoke_api_key, key_id)
    return dict(row) if row else None


async def create_environment_key(conn: Any, workspace_id: str, environment_id: str) -> IssuedKey:
    """Issue a key that may only Poll, Ack and read Stats for one Environment."""
    secret = _new_secret(ENVIRONMENT_KEY_PREFIX)
    hint = secret[-4:]
    row = await conn.fetchrow(
        Q.insert_environment_key, new_id("envkey"), workspace_id, environment_id, digest(secret), hint
    )
    return IssuedKey(id=row["id"], workspace_id=workspace_id, secret=secret, hint=hint)


async def list_environment_keys(conn: Any, workspace_id: str, environment_id: str) -> list[dict[str, Any]]:
    """Every key of one Environment (metadata only)."""
    return [dict(r) for r in await conn.fetch(Q.list_environment_keys, workspace_id, environment_id)]


async def revoke_environment_key(conn: Any, key_id: str) -> dict[str, Any] | None:
    """Revoke an Environment key: new Polls and Acks with it fail at once; acknowledged Work keeps
    its own per-Work lease. ``None`` when no such key exists."""
    row = await conn.fetchrow(Q.revoke_environment_key, key_id)
    return dict(row) if row else None


async def find_api_key(conn: Any, secret: str) -> dict[str, Any] | None:
    """The live API key matching a bearer value, if any."""
    row = await conn.fetchrow(Q.find_api_key, digest(secret))
    return dict(row) if row else None


async def find_environment_key(conn: Any, secret: str) -> dict[str, Any] | None:
    """The live Environment key matching a bearer value, if any."""
    row = await conn.fetchrow(Q.find_environment_key, digest(secret))
    return dict(row) if row else None


async def find_session_token(conn: Any, secret: str) -> dict[str, Any] | None:
    """The Work a per-Work session token belongs to (any state); ``live`` says whether its lease holds."""
    row = await conn.fetchrow(WORK_Q.find_by_token, digest(secret))
    return dict(row) if row else None
