"""The handler table: operationId -> the coroutine that serves it, bound by explicit import.

``api.app`` serves every route of the generated table through ``HANDLERS``; start-up fails if an
operation has no entry here and is not listed in ``NOT_IMPLEMENTED``, whose operations answer
501 ``not_implemented`` (``docs/compatibility.md`` lists the same set; a test keeps them equal).
Adding an operation: write the handler in ``api/handlers/<resource>.py``, then add its line here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import NoReturn

from starlette.responses import Response

from mango_server.api.context import RequestContext
from mango_server.api.handlers import (
    agents,
    deployments,
    environments,
    events,
    files,
    memory_stores,
    models,
    sessions,
    skills,
    stream,
    system,
    threads,
    tool_calls,
    vaults,
    webhooks,
    work,
)
from mango_server.domain.errors import NotImplementedYetError

Handler = Callable[[RequestContext], Awaitable[Mapping[str, object] | Response]]
"""A handler answers with a JSON body (a wire TypedDict of ``domain._generated.wire``) or a response of its own."""

HANDLERS: dict[str, Handler] = {
    "agents_archive": agents.agents_archive,
    "agents_create": agents.agents_create,
    "agents_get": agents.agents_get,
    "agents_list": agents.agents_list,
    "agents_update": agents.agents_update,
    "agents_versions_list": agents.agents_versions_list,
    "deployment_runs_get": deployments.deployment_runs_get,
    "deployment_runs_list": deployments.deployment_runs_list,
    "deployments_archive": deployments.deployments_archive,
    "deployments_create": deployments.deployments_create,
    "deployments_get": deployments.deployments_get,
    "deployments_list": deployments.deployments_list,
    "deployments_pause": deployments.deployments_pause,
    "deployments_run": deployments.deployments_run,
    "deployments_unpause": deployments.deployments_unpause,
    "deployments_update": deployments.deployments_update,
    "environments_archive": environments.environments_archive,
    "environments_create": environments.environments_create,
    "environments_delete": environments.environments_delete,
    "environments_get": environments.environments_get,
    "environments_list": environments.environments_list,
    "environments_update": environments.environments_update,
    "sessions_events_list": events.sessions_events_list,
    "sessions_events_send": events.sessions_events_send,
    "files_content": files.files_content,
    "files_delete": files.files_delete,
    "files_get": files.files_get,
    "files_list": files.files_list,
    "files_upload": files.files_upload,
    "memory_stores_archive": memory_stores.memory_stores_archive,
    "memory_stores_create": memory_stores.memory_stores_create,
    "memory_stores_delete": memory_stores.memory_stores_delete,
    "memory_stores_get": memory_stores.memory_stores_get,
    "memory_stores_list": memory_stores.memory_stores_list,
    "memory_stores_memories_create": memory_stores.memory_stores_memories_create,
    "memory_stores_memories_delete": memory_stores.memory_stores_memories_delete,
    "memory_stores_memories_get": memory_stores.memory_stores_memories_get,
    "memory_stores_memories_list": memory_stores.memory_stores_memories_list,
    "memory_stores_memories_update": memory_stores.memory_stores_memories_update,
    "memory_stores_memory_versions_get": memory_stores.memory_stores_memory_versions_get,
    "memory_stores_memory_versions_list": memory_stores.memory_stores_memory_versions_list,
    "memory_stores_memory_versions_redact": memory_stores.memory_stores_memory_versions_redact,
    "memory_stores_update": memory_stores.memory_stores_update,
    "models_list": models.models_list,
    "sessions_archive": sessions.sessions_archive,
    "sessions_create": sessions.sessions_create,
    "sessions_delete": sessions.sessions_delete,
    "sessions_get": sessions.sessions_get,
    "sessions_list": sessions.sessions_list,
    "sessions_update": sessions.sessions_update,
    "skills_create": skills.skills_create,
    "skills_delete": skills.skills_delete,
    "skills_get": skills.skills_get,
    "skills_list": skills.skills_list,
    "skills_versions_content": skills.skills_versions_content,
    "skills_versions_create": skills.skills_versions_create,
    "skills_versions_delete": skills.skills_versions_delete,
    "skills_versions_get": skills.skills_versions_get,
    "skills_versions_list": skills.skills_versions_list,
    "sessions_events_stream": stream.sessions_events_stream,
    "sessions_threads_archive": threads.sessions_threads_archive,
    "sessions_threads_events_list": threads.sessions_threads_events_list,
    "sessions_threads_get": threads.sessions_threads_get,
    "sessions_threads_list": threads.sessions_threads_list,
    "sessions_threads_stream": stream.sessions_threads_stream,
    "sessions_tool_calls_start": tool_calls.sessions_tool_calls_start,
    "system_health": system.system_health,
    "system_readiness": system.system_readiness,
    "environments_work_ack": work.environments_work_ack,
    "environments_work_fail": work.environments_work_fail,
    "environments_work_get": work.environments_work_get,
    "environments_work_healthcheck_create": work.environments_work_healthcheck_create,
    "environments_work_healthcheck_result": work.environments_work_healthcheck_result,
    "environments_work_heartbeat": work.environments_work_heartbeat,
    "environments_work_list": work.environments_work_list,
    "environments_work_poll": work.environments_work_poll,
    "environments_work_secrets": work.environments_work_secrets,
    "environments_work_stats": work.environments_work_stats,
    "environments_work_stop": work.environments_work_stop,
    "webhooks_create": webhooks.webhooks_create,
    "webhooks_delete": webhooks.webhooks_delete,
    "webhooks_get": webhooks.webhooks_get,
    "webhooks_list": webhooks.webhooks_list,
    "webhooks_rotate_secret": webhooks.webhooks_rotate_secret,
    "webhooks_update": webhooks.webhooks_update,
    "vaults_archive": vaults.vaults_archive,
    "vaults_create": vaults.vaults_create,
    "vaults_credentials_create": vaults.vaults_credentials_create,
    "vaults_credentials_delete": vaults.vaults_credentials_delete,
    "vaults_credentials_get": vaults.vaults_credentials_get,
    "vaults_credentials_list": vaults.vaults_credentials_list,
    "vaults_credentials_update": vaults.vaults_credentials_update,
    "vaults_delete": vaults.vaults_delete,
    "vaults_get": vaults.vaults_get,
    "vaults_list": vaults.vaults_list,
    "vaults_update": vaults.vaults_update,
}

#: Operations of the contract this release does not serve yet (each answers 501).
NOT_IMPLEMENTED: frozenset[str] = frozenset()


async def not_implemented(ctx: RequestContext) -> NoReturn:
    """The answer of every operation in ``NOT_IMPLEMENTED``."""
    raise NotImplementedYetError(
        f"{ctx.request.method} {ctx.request.url.path} is part of the Mango contract but not implemented in this "
        "release; see docs/compatibility.md"
    )
