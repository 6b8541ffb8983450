"""The ASGI application: one Starlette route per operation of the generated route table.

Every request goes through ``dispatch``: request id, authentication against the operation's
accepted credentials, strict JSON body validation with the generated wire model, the
``Idempotency-Key`` of a mutation (``api.idempotency``), the handler, JSON encoding, and exception
mapping to the envelope. ``build_app`` proves at start-up that
every operation of the spec has a handler (or is listed as not implemented).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Sequence

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Match
from starlette.routing import Route as StarletteRoute
from starlette.types import ASGIApp, Scope

from mango_server.api import idempotency, omitted
from mango_server.api._generated.errors import ERROR_STATUS
from mango_server.api._generated.routes import ROUTES, Route
from mango_server.api.auth import authenticate
from mango_server.api.body import MAX_JSON_BODY, check_not_null, check_parameters, decode_object, read_limited
from mango_server.api.console import console_routes, with_cors
from mango_server.api.context import RequestContext, Services
from mango_server.api.encoding import dumps
from mango_server.api.errors import error_response, map_exception, validation_message
from mango_server.api.handlers import HANDLERS, NOT_IMPLEMENTED, Handler, not_implemented
from mango_server.api.observe import ObserveMiddleware
from mango_server.api.rate_limit import RateLimiter
from mango_server.domain.json import JsonObject
from mango_server.domain.principal import Principal
from mango_server.ids import new_request_id
from mango_server.telemetry import logs

log = logging.getLogger(__name__)
#: The order of the methods an ``Allow`` header lists.
_METHOD_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def contract_drift(route: Route, body: bytes, request_id: str) -> Response | None:
    """A 500 when a response body does not match the spec's response model (``MANGO_VALIDATE_RESPONSES``).

    Tests and development run with it on, so a mapper that drifts from the contract fails loudly;
    production leaves it off (it costs a full model validation per response).
    """
    if route.response_model is None:
        return None
    try:
        model = route.response_model.model_validate_json(body)
    except ValidationError as exc:
        problems = validation_message(exc)
    else:
        # Response models ignore undeclared fields; a field the spec does not declare is drift too.
        dumped = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
        undeclared = _undeclared(json.loads(body), dumped, "")
        if not undeclared:
            return None
        problems = "undeclared fields " + ", ".join(undeclared[:5])
    log.error(
        "response drifts from the contract operation=%s request_id=%s problems=%s",
        route.operation_id,
        request_id,
        problems,
        extra={"action": "api.contract_drift"},
    )
    return error_response(500, "api_error", "the response did not match the contract", request_id)


def _undeclared(sent: object, declared: object, path: str) -> list[str]:
    """Paths present in ``sent`` but dropped by the model (``declared`` is the model's own dump)."""
    if isinstance(sent, dict) and isinstance(declared, dict):
        out = [f"{path}.{key}".lstrip(".") for key in sent if key not in declared]
        for key in sent.keys() & declared.keys():
            out += _undeclared(sent[key], declared[key], f"{path}.{key}")
        return out
    if isinstance(sent, list) and isinstance(declared, list) and len(sent) == len(declared):
        return [p for index, item in enumerate(sent) for p in _undeclared(item, declared[index], f"{path}[{index}]")]
    return []


def allowed_methods(routes: Sequence[BaseRoute], scope: Scope) -> list[str]:
    """Every method the path of ``scope`` takes (the routes that match its path but not its method)."""
    methods: set[str] = set()
    for route in routes:
        match, _ = route.matches(scope)
        if match is Match.PARTIAL:
            methods |= set(getattr(route, "methods", None) or ())
    known = [method for method in _METHOD_ORDER if method in methods]
    return known + sorted(methods - set(known))


def check_handlers() -> None:
    """Fail start-up unless every operation has a handler or is declared not implemented."""
    missing = [r.operation_id for r in ROUTES if r.handler not in HANDLERS and r.operation_id not in NOT_IMPLEMENTED]
    extra = sorted(set(HANDLERS) - {r.handler for r in ROUTES})
    if missing or extra:
        raise RuntimeError(
            f"route table mismatch: operations without handler {missing}, handlers without route {extra}"
        )


async def _read_body(request: Request, route: Route) -> JsonObject:
    if route.request_model is None:
        return {}
    decoded = decode_object(await read_limited(request, MAX_JSON_BODY))
    model = route.request_model.model_validate(decoded)
    check_not_null(model)
    return model.model_dump(mode="json", exclude_unset=True, by_alias=True)


def _endpoint(route: Route, services: Services, limiter: RateLimiter) -> Callable[[Request], Awaitable[Response]]:
    handler: Handler = HANDLERS.get(route.handler, not_implemented)

    async def answer(ctx: RequestContext) -> Response:
        result = await handler(ctx)
        if isinstance(result, Response):
            result.headers["request-id"] = ctx.request_id
            return result
        body = dumps(result).encode()
        if ctx.services.settings.validate_responses and (drift := contract_drift(route, body, ctx.request_id)):
            return drift
        return Response(body, media_type="application/json", headers={"request-id": ctx.request_id})

    async def endpoint(request: Request) -> Response:
        request_id = new_request_id()
        logs.bind(request_id=request_id, session_id=request.path_params.get("session_id"))
        try:
            check_parameters(request.path_params, request.query_params.multi_items())
            principal = Principal("WorkspaceKey", "", "")
            if route.security:
                principal = await authenticate(
                    services.pool,
                    request.headers.get("authorization"),
                    route.security,
                    route.operation_id,
                    x_api_key="x-api-key" in request.headers,
                )
                # Before the body is read: a refused request costs no more than its authentication.
                limiter.check(principal)
                logs.bind(workspace_id=principal.workspace_id, session_id=principal.session_id)
            ctx = RequestContext(
                request=request,
                services=services,
                principal=principal,
                request_id=request_id,
                path=dict(request.path_params),
                query=request.query_params,
                body=await _read_body(request, route),
                body_schema=route.request_model.__name__ if route.request_model else None,
            )
            key = idempotency.key_of(route, ctx)
            return await (answer(ctx) if key is None else idempotency.respond(ctx, key, answer))
        except Exception as exc:  # every failure is mapped to the envelope
            return map_exception(exc, request_id)

    return endpoint


def build_app(services: Services) -> ASGIApp:
    """The api role's ASGI app: the operations, the web console at ``/console/``, CORS when configured."""
    check_handlers()
    limiter = RateLimiter(services.settings.rate_limit_per_second, services.settings.rate_limit_burst)
    # Starlette matches in order: a literal segment (``/work/poll``) must win over a parameter (``/work/{work_id}``).
    ordered = sorted(ROUTES, key=lambda r: [segment.startswith("{") for segment in r.path.split("/")])
    routes: list[BaseRoute] = [
        StarletteRoute(r.path, _endpoint(r, services, limiter), methods=[r.method.upper()], name=r.operation_id)
        for r in ordered
    ]
    routes += console_routes()

    async def not_found(request: Request, exc: Exception) -> JSONResponse:
        # A reference route Mango leaves out on purpose says so (whatever its method matched).
        if route := omitted.omitted(request.method, request.url.path):
            error_type = omitted.ERROR_TYPE
            return error_response(ERROR_STATUS[error_type], error_type, omitted.message(route), new_request_id())
        if getattr(exc, "status_code", 404) == 404:
            return error_response(404, "not_found_error", "no such route", new_request_id())
        # A known path with a method it does not take: 405, and every method it takes in Allow.
        allow = ", ".join(allowed_methods(routes, request.scope))
        message = f"method {request.method} is not allowed on {request.url.path} (allowed: {allow})"
        status = ERROR_STATUS["method_not_allowed"]
        return error_response(status, "method_not_allowed", message, new_request_id(), headers={"allow": allow})

    app = Starlette(
        routes=routes, exception_handlers={404: not_found, 405: not_found}, middleware=[Middleware(ObserveMiddleware)]
    )
    return with_cors(app, services.settings.cors_origins)
