"""Bearer authentication: one credential in, one Workspace-scoped principal out.

Three credential kinds (see docs/api.md): Workspace API keys, Environment keys (Poll, Ack and
Stats of one Environment) and per-Work session tokens (one Session's execution). The route
table says which kinds an operation accepts; anything else is 401 (unknown credential) or 403
(known credential, wrong operation). Bearer values are compared by SHA-256 digest only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from mango_server.domain.errors import AuthenticationError, PermissionDeniedError
from mango_server.store import credentials

PrincipalKind = Literal["WorkspaceKey", "EnvironmentKey", "SessionToken"]


@dataclass(frozen=True)
class Principal:
    """Who is calling: the Workspace scope, plus the narrower scope of non-Workspace credentials."""

    kind: PrincipalKind
    workspace_id: str
    key_id: str
    environment_id: str | None = None
    session_id: str | None = None
    work_id: str | None = None


def bearer_token(authorization: str | None) -> str:
    """The token of an ``Authorization: Bearer`` header."""
    if not authorization:
        raise AuthenticationError("missing Authorization header; send `Authorization: Bearer <key>`")
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AuthenticationError("the Authorization header must be `Bearer <key>`")
    return token.strip()


async def authenticate(
    conn: Any, authorization: str | None, accepted: tuple[str, ...], operation_id: str = ""
) -> Principal:
    """Resolve the bearer credential and check that this operation accepts its kind.

    A session token authenticates only while its Work lease holds (after Ack, until the TTL
    passes since the last heartbeat or Ack, or since a Stop request); a reclaim rotates it.
    """
    token = bearer_token(authorization)
    principal: Principal | None = None
    if token.startswith(credentials.ENVIRONMENT_KEY_PREFIX):
        row = await credentials.find_environment_key(conn, token)
        if row:
            principal = Principal(
                "EnvironmentKey", row["workspace_id"], row["id"], environment_id=row["environment_id"]
            )
    elif token.startswith(credentials.SESSION_TOKEN_PREFIX):
        row = await credentials.find_session_token(conn, token)
        # A lapsed lease still reaches the heartbeat, which answers 412 with the lease state.
        if row and (row["live"] or (row["state"] != "stopped" and operation_id == "environments.work.heartbeat")):
            principal = Principal(
                "SessionToken",
                row["workspace_id"],
                row["id"],
                environment_id=row["environment_id"],
                session_id=row["session_id"],
                work_id=row["id"],
            )
    else:
        row = await credentials.find_api_key(conn, token)
        if row:
            principal = Principal("WorkspaceKey", row["workspace_id"], row["id"])
    if principal is None:
        raise AuthenticationError("invalid or revoked credential")
    if principal.kind not in accepted:
        raise PermissionDeniedError(f"this operation does not accept a {principal.kind} credential")
    return principal
