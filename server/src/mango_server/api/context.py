"""What a handler receives: the parsed request, its principal and the shared services."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar, cast

from starlette.datastructures import QueryParams
from starlette.requests import Request

from mango_server.api.auth import bearer_token
from mango_server.app.blobs import BlobWrites
from mango_server.app.services import Services
from mango_server.domain.errors import InvalidRequestError, NotFoundError
from mango_server.domain.json import JsonObject
from mango_server.domain.principal import Principal

__all__ = ["RequestContext", "Services"]

ParamsT = TypeVar("ParamsT")


@dataclass
class RequestContext:
    """One request: path params, query, validated JSON body and the caller.

    ``body`` is the JSON body as its wire model validated it (handed through to the use cases);
    ``body_schema`` names that model's schema, so ``params`` reads the body as its TypedDict.
    """

    request: Request
    services: Services
    principal: Principal
    request_id: str
    path: dict[str, str]
    query: QueryParams
    body: JsonObject = field(default_factory=dict)
    body_schema: str | None = None

    def params(self, schema: type[ParamsT]) -> ParamsT:
        """The validated body typed as ``schema``, the TypedDict of this operation's request schema
        (``domain._generated.wire``); a schema the body was not validated against is a bug."""
        if schema.__name__ != self.body_schema:
            raise TypeError(f"the body was validated as {self.body_schema}, not {schema.__name__}")
        return cast(ParamsT, self.body)

    @property
    def workspace_id(self) -> str:
        return self.principal.workspace_id

    @property
    def blobs(self) -> BlobWrites:
        """Object storage; 503 when this server runs without it."""
        return self.services.require_blobs()

    @property
    def session_token(self) -> str:
        """The presented session token, which its writes re-check against the Work lease (other keys: "")."""
        if self.principal.kind != "SessionToken":
            return ""
        return bearer_token(self.request.headers.get("authorization"))

    def require_session_scope(self, session_id: str) -> None:
        """A session token reaches only its own Session (others are simply not found)."""
        if self.principal.kind == "SessionToken" and self.principal.session_id != session_id:
            raise NotFoundError(f"session {session_id} not found")

    def int_param(self, name: str, default: int | None, low: int, high: int) -> int | None:
        raw = self.query.get(name)
        if raw is None or raw == "":
            return default
        try:
            value = int(raw)
        except ValueError:
            raise InvalidRequestError(f"{name} must be an integer") from None
        if not low <= value <= high:
            raise InvalidRequestError(f"{name} must be between {low} and {high}")
        return value

    def bool_param(self, name: str) -> bool:
        raw = (self.query.get(name) or "false").lower()
        if raw not in ("true", "false", "1", "0"):
            raise InvalidRequestError(f"{name} must be true or false")
        return raw in ("true", "1")

    def choice_param(self, name: str, choices: tuple[str, ...], default: str) -> str:
        value = self.query.get(name) or default
        if value not in choices:
            raise InvalidRequestError(f"{name} must be one of {', '.join(choices)}")
        return value

    def list_param(self, name: str, choices: tuple[str, ...] | None = None, max_items: int = 50) -> list[str]:
        values = self.query.getlist(f"{name}[]") + self.query.getlist(name)
        if len(values) > max_items:
            raise InvalidRequestError(f"{name}[] takes at most {max_items} values")
        if choices is not None:
            for value in values:
                if value not in choices:
                    raise InvalidRequestError(f"{name}[]: unknown value {value!r}")
        return values

    def time_param(self, name: str) -> datetime | None:
        raw = self.query.get(name)
        if not raw:
            return None
        try:
            value = datetime.fromisoformat(raw.replace("Z", "+00:00"))
        except ValueError:
            raise InvalidRequestError(f"{name} must be an RFC 3339 timestamp") from None
        if value.tzinfo is None:
            raise InvalidRequestError(f"{name} must include a time zone")
        return value
