"""Handler registry: operationId (dots as underscores) -> coroutine.

Operations whose implementation has not landed are listed in ``NOT_IMPLEMENTED`` and answer
501 ``not_implemented``; ``docs/compatibility.md`` lists the same set (a test keeps them equal).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from mango_server.api.context import RequestContext
from mango_server.api.handlers import agents, environments, events, sessions, stream, system
from mango_server.domain.errors import NotImplementedYetError

Handler = Callable[[RequestContext], Awaitable[Any]]

HANDLERS: dict[str, Handler] = {
    name: getattr(module, name)
    for module in (system, agents, environments, sessions, events, stream)
    for name in dir(module)
    if name.split("_")[0] in ("system", "agents", "environments", "sessions")
    and callable(getattr(module, name))
    and getattr(getattr(module, name), "__module__", "") == module.__name__
}

NOT_IMPLEMENTED: frozenset[str] = frozenset(
    {
        "environments.work.list",
        "environments.work.poll",
        "environments.work.stats",
        "environments.work.healthcheck.create",
        "environments.work.get",
        "environments.work.ack",
        "environments.work.heartbeat",
        "environments.work.stop",
        "environments.work.fail",
        "environments.work.healthcheck.result",
        "files.upload",
        "files.list",
        "files.get",
        "files.delete",
        "files.content",
        "skills.create",
        "skills.list",
        "skills.get",
        "skills.delete",
        "skills.versions.create",
        "skills.versions.list",
        "skills.versions.get",
        "skills.versions.delete",
        "skills.versions.content",
        "memory_stores.create",
        "memory_stores.list",
        "memory_stores.get",
        "memory_stores.update",
        "memory_stores.delete",
        "memory_stores.archive",
        "memory_stores.memories.create",
        "memory_stores.memories.list",
        "memory_stores.memories.get",
        "memory_stores.memories.update",
        "memory_stores.memories.delete",
        "memory_stores.memory_versions.list",
        "memory_stores.memory_versions.get",
        "memory_stores.memory_versions.redact",
    }
)


async def not_implemented(ctx: RequestContext) -> Any:
    """The answer of every operation in ``NOT_IMPLEMENTED``."""
    raise NotImplementedYetError(
        f"{ctx.request.method} {ctx.request.url.path} is part of the Mango contract but not implemented in this "
        "release; see docs/compatibility.md"
    )
