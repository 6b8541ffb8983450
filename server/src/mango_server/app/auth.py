"""Credential resolution: a bearer value in, one Workspace-scoped principal out.

Three credential kinds (see docs/api.md): Workspace API keys, Environment keys (Poll, Ack and
Stats of one Environment) and per-Work session tokens (one Session's execution). The route
table says which kinds an operation accepts; anything else is 401 (unknown credential) or 403
(known credential, wrong operation). Bearer values are compared by SHA-256 digest only.
A session token's writes also re-check its lease inside their own transaction
(:func:`assert_live_lease`), because a reclaim may commit between authentication and the write.
Not responsible for parsing the HTTP header (``api.auth``).
"""

from __future__ import annotations

from mango_server.domain.errors import AuthenticationError, PermissionDeniedError
from mango_server.domain.principal import Principal
from mango_server.store import credentials, work
from mango_server.store.db import Connection, Pool


async def authenticate(pool: Pool, token: str, accepted: tuple[str, ...], operation_id: str = "") -> Principal:
    """Resolve a bearer value and check that this operation accepts its kind.

    A session token authenticates only while its Work lease holds (after Ack, until the TTL
    passes since the last heartbeat or Ack, or since a Stop request); a reclaim rotates it.
    """
    async with pool.acquire() as conn:
        principal = await _resolve(conn, token, operation_id)
    if principal is None:
        raise AuthenticationError("invalid or revoked credential")
    if principal.kind not in accepted:
        raise PermissionDeniedError(f"this operation does not accept a {principal.kind} credential")
    return principal


async def _resolve(conn: Connection, token: str, operation_id: str) -> Principal | None:
    if token.startswith(credentials.ENVIRONMENT_KEY_PREFIX):
        key = await credentials.find_environment_key(conn, token)
        if key is None:
            return None
        return Principal("EnvironmentKey", key.workspace_id, key.id, environment_id=key.environment_id)
    if token.startswith(credentials.SESSION_TOKEN_PREFIX):
        work = await credentials.find_session_token(conn, token)
        # A lapsed lease still reaches the heartbeat, which answers 412 with the lease state.
        if work is None or not (
            work.live or (work.state != "stopped" and operation_id == "environments.work.heartbeat")
        ):
            return None
        return Principal(
            "SessionToken",
            work.workspace_id,
            work.id,
            environment_id=work.environment_id,
            session_id=work.session_id,
            work_id=work.id,
        )
    api_key = await credentials.find_api_key(conn, token)
    return Principal("WorkspaceKey", api_key.workspace_id, api_key.id) if api_key else None


async def assert_live_lease(conn: Connection, principal: Principal, token: str) -> None:
    """Fence a session-token write: its Work item must still hold a live lease under this token.

    Runs inside the write's transaction and share-locks the Work row, so a reclaim (which rotates
    the token digest) either committed before, and the write is refused, or waits for the write.
    Other credential kinds pass.
    """
    if principal.kind != "SessionToken":
        return
    if (
        not principal.work_id
        or not principal.session_id
        or not await work.lease_is_live(
            conn, principal.workspace_id, principal.work_id, principal.session_id, credentials.digest(token)
        )
    ):
        raise AuthenticationError("the Work lease of this session token is no longer live")
