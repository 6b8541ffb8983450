"""Handler registry: operationId (dots as underscores) -> coroutine, discovered from this package.

Every public coroutine named after an operation (``sessions_events_send``) in a module of this
package is that operation's handler. Operations without one answer 501 ``not_implemented``;
``NOT_IMPLEMENTED`` is that set, and ``docs/compatibility.md`` must list exactly the same
operations (a test keeps them equal).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Awaitable, Callable
from typing import Any

from mango_server.api._generated.routes import ROUTES
from mango_server.api.context import RequestContext
from mango_server.domain.errors import NotImplementedYetError

Handler = Callable[[RequestContext], Awaitable[Any]]


def _discover() -> dict[str, Handler]:
    wanted = {route.handler for route in ROUTES}
    found: dict[str, Handler] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name, value in vars(module).items():
            if name in wanted and inspect.iscoroutinefunction(value) and value.__module__ == module.__name__:
                if name in found:
                    raise RuntimeError(f"two handlers for {name}")
                found[name] = value
    return found


HANDLERS: dict[str, Handler] = _discover()
NOT_IMPLEMENTED: frozenset[str] = frozenset(r.operation_id for r in ROUTES if r.handler not in HANDLERS)


async def not_implemented(ctx: RequestContext) -> Any:
    """The answer of every operation in ``NOT_IMPLEMENTED``."""
    raise NotImplementedYetError(
        f"{ctx.request.method} {ctx.request.url.path} is part of the Mango contract but not implemented in this "
        "release; see docs/compatibility.md"
    )
