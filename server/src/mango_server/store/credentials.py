"""Bearer credentials: Workspace API keys, Environment keys and per-Work session tokens.

Stored only as SHA-256 digests; a plaintext key is returned once, at creation, and never stored
or logged. Session tokens live on their Work row (``store.work`` issues them at each claim);
here they are only looked up. Not responsible for deciding what a credential may do (``app.auth``).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

from mango_server.ids import new_id
from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="credentials"):
    insert_api_key: str
    list_api_keys: str
    revoke_api_key: str
    find_api_key: str
    insert_environment_key: str
    find_environment_key: str
    list_environment_keys: str
    revoke_environment_key: str
    hold_environment_key: str
    find_session_token: str
    live_session_tokens: str


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


@dataclass(frozen=True, slots=True)
class ApiKeyRow:
    """A Workspace API key's metadata."""

    id: str
    workspace_id: str
    name: str
    hint: str
    created_at: datetime
    revoked_at: datetime | None


@dataclass(frozen=True, slots=True)
class EnvironmentKeyRow:
    """An Environment key's metadata."""

    id: str
    workspace_id: str
    environment_id: str
    hint: str
    created_at: datetime
    revoked_at: datetime | None


@dataclass(frozen=True, slots=True)
class ApiKeyMatch:
    """The live API key a bearer value matched."""

    id: str
    workspace_id: str


@dataclass(frozen=True, slots=True)
class EnvironmentKeyMatch:
    """The live Environment key a bearer value matched."""

    id: str
    workspace_id: str
    environment_id: str


@dataclass(frozen=True, slots=True)
class SessionTokenMatch:
    """The Work item a session token belongs to; ``live`` says whether its lease holds now."""

    workspace_id: str
    id: str
    environment_id: str
    session_id: str | None
    kind: str
    state: str
    live: bool


async def create_api_key(conn: Connection, workspace_id: str, name: str) -> IssuedKey:
    """Issue a Workspace API key."""
    secret = _new_secret(API_KEY_PREFIX)
    hint = secret[-4:]
    key_id = await conn.fetchval(Q.insert_api_key, new_id("key"), workspace_id, name, digest(secret), hint)
    return IssuedKey(id=str(key_id), workspace_id=workspace_id, secret=secret, hint=hint)


async def list_api_keys(conn: Connection, workspace_id: str) -> list[ApiKeyRow]:
    """Every key of a Workspace (metadata only), oldest first."""
    return [from_record(ApiKeyRow, r) for r in await conn.fetch(Q.list_api_keys, workspace_id)]


async def revoke_api_key(conn: Connection, key_id: str) -> ApiKeyRow | None:
    """Revoke a key; it stops working at once. ``None`` when no such key exists."""
    record = await conn.fetchrow(Q.revoke_api_key, key_id)
    return from_record(ApiKeyRow, record) if record is not None else None


async def create_environment_key(conn: Connection, workspace_id: str, environment_id: str) -> IssuedKey:
    """Issue a key that may only Poll, Ack and read Stats for one Environment."""
    secret = _new_secret(ENVIRONMENT_KEY_PREFIX)
    hint = secret[-4:]
    key_id = await conn.fetchval(
        Q.insert_environment_key, new_id("envkey"), workspace_id, environment_id, digest(secret), hint
    )
    return IssuedKey(id=str(key_id), workspace_id=workspace_id, secret=secret, hint=hint)


async def list_environment_keys(conn: Connection, workspace_id: str, environment_id: str) -> list[EnvironmentKeyRow]:
    """Every key of one Environment (metadata only), oldest first."""
    records = await conn.fetch(Q.list_environment_keys, workspace_id, environment_id)
    return [from_record(EnvironmentKeyRow, r) for r in records]


async def revoke_environment_key(conn: Connection, key_id: str) -> EnvironmentKeyRow | None:
    """Revoke an Environment key: new Polls and Acks with it fail at once; acknowledged Work keeps
    its own per-Work lease. ``None`` when no such key exists.

    The UPDATE takes the key's row lock, so it waits for every Poll or Ack holding the key
    (:func:`hold_environment_key`) to commit; once it returns, none with this key succeeds."""
    record = await conn.fetchrow(Q.revoke_environment_key, key_id)
    return from_record(EnvironmentKeyRow, record) if record is not None else None


async def hold_environment_key(conn: Connection, key_id: str) -> bool:
    """Share-lock an Environment key for the caller's transaction; False when it is revoked (or gone).

    A Poll or Ack holds its key while it claims or acknowledges, so a revocation is ordered
    against it: either it commits first, or the revocation waits for it.
    """
    return await conn.fetchval(Q.hold_environment_key, key_id) is not None


async def find_api_key(conn: Connection, secret: str) -> ApiKeyMatch | None:
    """The live API key matching a bearer value, if any."""
    record = await conn.fetchrow(Q.find_api_key, digest(secret))
    return from_record(ApiKeyMatch, record) if record is not None else None


async def find_environment_key(conn: Connection, secret: str) -> EnvironmentKeyMatch | None:
    """The live Environment key matching a bearer value, if any."""
    record = await conn.fetchrow(Q.find_environment_key, digest(secret))
    return from_record(EnvironmentKeyMatch, record) if record is not None else None


async def find_session_token(conn: Connection, secret: str) -> SessionTokenMatch | None:
    """The Work a per-Work session token belongs to (any state); ``live`` says whether its lease holds."""
    record = await conn.fetchrow(Q.find_session_token, digest(secret))
    return from_record(SessionTokenMatch, record) if record is not None else None


async def live_token_digests(conn: Connection, digests: list[bytes]) -> set[bytes]:
    """The subset of session-token ``digests`` whose Work lease still holds."""
    return {bytes(r["token_digest"]) for r in await conn.fetch(Q.live_session_tokens, digests)}
