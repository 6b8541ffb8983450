"""Bearer authentication at the edge: the ``Authorization`` header in, a principal out.

Three credential kinds (see docs/api.md): Workspace API keys, Environment keys (Poll, Ack and
Stats of one Environment) and per-Work session tokens (one Session's execution). The route
table says which kinds an operation accepts; anything else is 401 (unknown credential) or 403
(known credential, wrong operation). Bearer values are compared by SHA-256 digest only.
"""

from __future__ import annotations

from mango_server.app import auth
from mango_server.domain.errors import AuthenticationError
from mango_server.domain.principal import Principal
from mango_server.store.db import Pool

X_API_KEY_HINT = "; the X-Api-Key header is not read (with the managed-agents clients, pass the key as `auth_token`)"


def bearer_token(authorization: str | None, *, x_api_key: bool = False) -> str:
    """The token of an ``Authorization: Bearer`` header (``x_api_key``: the request sent ``X-Api-Key``)."""
    if not authorization:
        hint = X_API_KEY_HINT if x_api_key else ""
        raise AuthenticationError(f"missing Authorization header; send `Authorization: Bearer <key>`{hint}")
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AuthenticationError("the Authorization header must be `Bearer <key>`")
    return token.strip()


async def authenticate(
    pool: Pool, authorization: str | None, accepted: tuple[str, ...], operation_id: str = "", *, x_api_key: bool = False
) -> Principal:
    """Resolve the bearer credential of a request (see :func:`mango_server.app.auth.authenticate`)."""
    return await auth.authenticate(pool, bearer_token(authorization, x_api_key=x_api_key), accepted, operation_id)
