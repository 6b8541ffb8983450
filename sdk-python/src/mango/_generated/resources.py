# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Synchronous resource namespaces of the Mango API, one class per operationId prefix.

``client.notes.events.stream(note_id)`` is operation ``notes.events.stream``. Path parameters
are positional (parent first); query parameters and JSON body fields are keyword arguments
(nested objects as attrs models or plain mappings). Every method delegates to the transport
in ``mango._base_client``; nothing here sends requests itself.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from typing import Any

from mango._base_client import (
    NOT_GIVEN,
    FileInput,
    NotGiven,
    SyncAPIClient,
    SyncAPIResource,
    SyncPager,
    SyncStream,
    Timeout,
    optional,
    raw_bytes,
)

from . import unions as _unions
from .models import (
    Agent,
    AgentRef,
    ContextManagement,
    CronScheduleParams,
    Deployment,
    DeploymentRun,
    Environment,
    EnvironmentDeleted,
    File,
    FileDeleted,
    Health,
    HeartbeatResponse,
    McpServer,
    Memory,
    MemoryDeleted,
    MemoryPrecondition,
    MemoryStore,
    MemoryStoreDeleted,
    MemoryStoreResourceParams,
    MemoryVersion,
    Metadata,
    MetadataPatch,
    ModelConfig,
    ModelList,
    MultiagentParams,
    QueueStats,
    Readiness,
    Session,
    SessionBudget,
    SessionDeleted,
    SessionEventSendResult,
    SessionThread,
    Skill,
    SkillDeleted,
    SkillRef,
    SkillVersion,
    SkillVersionDeleted,
    ToolCall,
    Vault,
    VaultCredential,
    VaultCredentialDeleted,
    VaultDeleted,
    Webhook,
    WebhookDeleted,
    WebhookWithSecret,
    Work,
    WorkError,
    WorkSecrets,
)

__all__ = [
    "AgentsResource",
    "AgentsVersionsResource",
    "DeploymentRunsResource",
    "DeploymentsResource",
    "EnvironmentsResource",
    "EnvironmentsWorkHealthcheckResource",
    "EnvironmentsWorkResource",
    "FilesResource",
    "MangoResources",
    "MemoryStoresMemoriesResource",
    "MemoryStoresMemoryVersionsResource",
    "MemoryStoresResource",
    "ModelsResource",
    "SessionsEventsResource",
    "SessionsResource",
    "SessionsThreadsEventsResource",
    "SessionsThreadsResource",
    "SessionsToolCallsResource",
    "SkillsResource",
    "SkillsVersionsResource",
    "SystemResource",
    "VaultsCredentialsResource",
    "VaultsResource",
    "WebhooksResource",
]


class AgentsResource(SyncAPIResource):
    """Operations under ``agents``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.versions = AgentsVersionsResource(client)

    def archive(
        self,
        agent_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Agent:
        """Archive an Agent.

        ``POST /v1/agents/{agent_id}/archive`` (operation ``agents.archive``).
        """
        return self._client._request(
            "POST",
            "/v1/agents/{agent_id}/archive",
            cast=Agent.from_dict,
            path_params={
                "agent_id": agent_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def create(
        self,
        *,
        name: str,
        model: str | ModelConfig | Mapping[str, Any],
        description: str | None | NotGiven = NOT_GIVEN,
        system: str | None | NotGiven = NOT_GIVEN,
        tools: Sequence[_unions.AgentTool | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        mcp_servers: Sequence[McpServer | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        skills: Sequence[SkillRef | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        context_management: ContextManagement | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        multiagent: MultiagentParams | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Agent:
        """Create an Agent.

        ``POST /v1/agents`` (operation ``agents.create``).
        """
        return self._client._request(
            "POST",
            "/v1/agents",
            cast=Agent.from_dict,
            body={
                "name": name,
                "model": model,
                "description": description,
                "system": system,
                "tools": tools,
                "mcp_servers": mcp_servers,
                "skills": skills,
                "context_management": context_management,
                "multiagent": multiagent,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        agent_id: str,
        *,
        version: int | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Agent:
        """Get an Agent.

        ``GET /v1/agents/{agent_id}`` (operation ``agents.get``).
        """
        return self._client._request(
            "GET",
            "/v1/agents/{agent_id}",
            cast=Agent.from_dict,
            path_params={
                "agent_id": agent_id,
            },
            query={
                "version": version,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        created_at_gte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        include_archived: bool | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Agent]:
        """List Agents.

        ``GET /v1/agents`` (operation ``agents.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/agents",
            item=Agent.from_dict,
            query={
                "limit": limit,
                "page": page,
                "created_at[gte]": created_at_gte,
                "created_at[lte]": created_at_lte,
                "include_archived": include_archived,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        agent_id: str,
        *,
        version: int | NotGiven = NOT_GIVEN,
        name: str | NotGiven = NOT_GIVEN,
        description: str | None | NotGiven = NOT_GIVEN,
        system: str | None | NotGiven = NOT_GIVEN,
        model: str | ModelConfig | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        tools: Sequence[_unions.AgentTool | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        mcp_servers: Sequence[McpServer | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        skills: Sequence[SkillRef | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        context_management: ContextManagement | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        multiagent: MultiagentParams | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        metadata: MetadataPatch | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Agent:
        """Update an Agent.

        ``POST /v1/agents/{agent_id}`` (operation ``agents.update``).
        """
        return self._client._request(
            "POST",
            "/v1/agents/{agent_id}",
            cast=Agent.from_dict,
            path_params={
                "agent_id": agent_id,
            },
            body={
                "version": version,
                "name": name,
                "description": description,
                "system": system,
                "model": model,
                "tools": tools,
                "mcp_servers": mcp_servers,
                "skills": skills,
                "context_management": context_management,
                "multiagent": multiagent,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class AgentsVersionsResource(SyncAPIResource):
    """Operations under ``agents.versions``."""

    def list(
        self,
        agent_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Agent]:
        """List an Agent's versions.

        ``GET /v1/agents/{agent_id}/versions`` (operation ``agents.versions.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/agents/{agent_id}/versions",
            item=Agent.from_dict,
            path_params={
                "agent_id": agent_id,
            },
            query={
                "limit": limit,
                "page": page,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class DeploymentRunsResource(SyncAPIResource):
    """Operations under ``deployment_runs``."""

    def get(
        self,
        deployment_run_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> DeploymentRun:
        """Get a Deployment Run.

        ``GET /v1/deployment_runs/{deployment_run_id}`` (operation ``deployment_runs.get``).
        """
        return self._client._request(
            "GET",
            "/v1/deployment_runs/{deployment_run_id}",
            cast=DeploymentRun.from_dict,
            path_params={
                "deployment_run_id": deployment_run_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        deployment_id: str | NotGiven = NOT_GIVEN,
        trigger_type: str | NotGiven = NOT_GIVEN,
        has_error: bool | NotGiven = NOT_GIVEN,
        created_at_gt: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_gte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lt: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[DeploymentRun]:
        """List Deployment Runs.

        ``GET /v1/deployment_runs`` (operation ``deployment_runs.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/deployment_runs",
            item=DeploymentRun.from_dict,
            query={
                "limit": limit,
                "page": page,
                "deployment_id": deployment_id,
                "trigger_type": trigger_type,
                "has_error": has_error,
                "created_at[gt]": created_at_gt,
                "created_at[gte]": created_at_gte,
                "created_at[lt]": created_at_lt,
                "created_at[lte]": created_at_lte,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class DeploymentsResource(SyncAPIResource):
    """Operations under ``deployments``."""

    def archive(
        self,
        deployment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Deployment:
        """Archive a Deployment.

        ``POST /v1/deployments/{deployment_id}/archive`` (operation ``deployments.archive``).
        """
        return self._client._request(
            "POST",
            "/v1/deployments/{deployment_id}/archive",
            cast=Deployment.from_dict,
            path_params={
                "deployment_id": deployment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def create(
        self,
        *,
        name: str,
        agent: str | AgentRef | Mapping[str, Any],
        environment_id: str,
        initial_events: Sequence[_unions.DeploymentInitialEvent | Mapping[str, Any]],
        description: str | None | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        vault_ids: Sequence[str] | NotGiven = NOT_GIVEN,
        budget: SessionBudget | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        schedule: CronScheduleParams | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        overlap_policy: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Deployment:
        """Create a Deployment.

        ``POST /v1/deployments`` (operation ``deployments.create``).
        """
        return self._client._request(
            "POST",
            "/v1/deployments",
            cast=Deployment.from_dict,
            body={
                "name": name,
                "agent": agent,
                "environment_id": environment_id,
                "initial_events": initial_events,
                "description": description,
                "metadata": metadata,
                "vault_ids": vault_ids,
                "budget": budget,
                "schedule": schedule,
                "overlap_policy": overlap_policy,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        deployment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Deployment:
        """Get a Deployment.

        ``GET /v1/deployments/{deployment_id}`` (operation ``deployments.get``).
        """
        return self._client._request(
            "GET",
            "/v1/deployments/{deployment_id}",
            cast=Deployment.from_dict,
            path_params={
                "deployment_id": deployment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        agent_id: str | NotGiven = NOT_GIVEN,
        status: str | NotGiven = NOT_GIVEN,
        include_archived: bool | NotGiven = NOT_GIVEN,
        created_at_gte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Deployment]:
        """List Deployments.

        ``GET /v1/deployments`` (operation ``deployments.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/deployments",
            item=Deployment.from_dict,
            query={
                "limit": limit,
                "page": page,
                "agent_id": agent_id,
                "status": status,
                "include_archived": include_archived,
                "created_at[gte]": created_at_gte,
                "created_at[lte]": created_at_lte,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def pause(
        self,
        deployment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Deployment:
        """Pause a Deployment.

        ``POST /v1/deployments/{deployment_id}/pause`` (operation ``deployments.pause``).
        """
        return self._client._request(
            "POST",
            "/v1/deployments/{deployment_id}/pause",
            cast=Deployment.from_dict,
            path_params={
                "deployment_id": deployment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def run(
        self,
        deployment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> DeploymentRun:
        """Run a Deployment now.

        ``POST /v1/deployments/{deployment_id}/run`` (operation ``deployments.run``).
        """
        return self._client._request(
            "POST",
            "/v1/deployments/{deployment_id}/run",
            cast=DeploymentRun.from_dict,
            path_params={
                "deployment_id": deployment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def unpause(
        self,
        deployment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Deployment:
        """Unpause a Deployment.

        ``POST /v1/deployments/{deployment_id}/unpause`` (operation ``deployments.unpause``).
        """
        return self._client._request(
            "POST",
            "/v1/deployments/{deployment_id}/unpause",
            cast=Deployment.from_dict,
            path_params={
                "deployment_id": deployment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        deployment_id: str,
        *,
        name: str | NotGiven = NOT_GIVEN,
        description: str | None | NotGiven = NOT_GIVEN,
        agent: str | AgentRef | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        environment_id: str | NotGiven = NOT_GIVEN,
        initial_events: Sequence[_unions.DeploymentInitialEvent | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        metadata: MetadataPatch | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        vault_ids: Sequence[str] | NotGiven = NOT_GIVEN,
        budget: SessionBudget | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        schedule: CronScheduleParams | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        overlap_policy: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Deployment:
        """Update a Deployment.

        ``POST /v1/deployments/{deployment_id}`` (operation ``deployments.update``).
        """
        return self._client._request(
            "POST",
            "/v1/deployments/{deployment_id}",
            cast=Deployment.from_dict,
            path_params={
                "deployment_id": deployment_id,
            },
            body={
                "name": name,
                "description": description,
                "agent": agent,
                "environment_id": environment_id,
                "initial_events": initial_events,
                "metadata": metadata,
                "vault_ids": vault_ids,
                "budget": budget,
                "schedule": schedule,
                "overlap_policy": overlap_policy,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class EnvironmentsResource(SyncAPIResource):
    """Operations under ``environments``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.work = EnvironmentsWorkResource(client)

    def archive(
        self,
        environment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Environment:
        """Archive an Environment.

        ``POST /v1/environments/{environment_id}/archive`` (operation ``environments.archive``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}/archive",
            cast=Environment.from_dict,
            path_params={
                "environment_id": environment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def create(
        self,
        *,
        name: str,
        description: str | None | NotGiven = NOT_GIVEN,
        config: _unions.EnvironmentConfig | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Environment:
        """Create an Environment.

        ``POST /v1/environments`` (operation ``environments.create``).
        """
        return self._client._request(
            "POST",
            "/v1/environments",
            cast=Environment.from_dict,
            body={
                "name": name,
                "description": description,
                "config": config,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        environment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> EnvironmentDeleted:
        """Delete an Environment.

        ``DELETE /v1/environments/{environment_id}`` (operation ``environments.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/environments/{environment_id}",
            cast=EnvironmentDeleted.from_dict,
            path_params={
                "environment_id": environment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        environment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Environment:
        """Get an Environment.

        ``GET /v1/environments/{environment_id}`` (operation ``environments.get``).
        """
        return self._client._request(
            "GET",
            "/v1/environments/{environment_id}",
            cast=Environment.from_dict,
            path_params={
                "environment_id": environment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        include_archived: bool | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Environment]:
        """List Environments.

        ``GET /v1/environments`` (operation ``environments.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/environments",
            item=Environment.from_dict,
            query={
                "limit": limit,
                "page": page,
                "include_archived": include_archived,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        environment_id: str,
        *,
        name: str | NotGiven = NOT_GIVEN,
        description: str | None | NotGiven = NOT_GIVEN,
        config: _unions.EnvironmentConfig | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Environment:
        """Update an Environment.

        ``POST /v1/environments/{environment_id}`` (operation ``environments.update``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}",
            cast=Environment.from_dict,
            path_params={
                "environment_id": environment_id,
            },
            body={
                "name": name,
                "description": description,
                "config": config,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class EnvironmentsWorkResource(SyncAPIResource):
    """Operations under ``environments.work``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.healthcheck = EnvironmentsWorkHealthcheckResource(client)

    def ack(
        self,
        environment_id: str,
        work_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Work:
        """Acknowledge a claimed Work item.

        ``POST /v1/environments/{environment_id}/work/{work_id}/ack`` (operation ``environments.work.ack``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}/work/{work_id}/ack",
            cast=Work.from_dict,
            path_params={
                "environment_id": environment_id,
                "work_id": work_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def fail(
        self,
        environment_id: str,
        work_id: str,
        *,
        error: WorkError | Mapping[str, Any],
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Work:
        """Fail a Work item (Mango).

        ``POST /v1/environments/{environment_id}/work/{work_id}/fail`` (operation ``environments.work.fail``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}/work/{work_id}/fail",
            cast=Work.from_dict,
            path_params={
                "environment_id": environment_id,
                "work_id": work_id,
            },
            body={
                "error": error,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        environment_id: str,
        work_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Work:
        """Get a Work item.

        ``GET /v1/environments/{environment_id}/work/{work_id}`` (operation ``environments.work.get``).
        """
        return self._client._request(
            "GET",
            "/v1/environments/{environment_id}/work/{work_id}",
            cast=Work.from_dict,
            path_params={
                "environment_id": environment_id,
                "work_id": work_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def heartbeat(
        self,
        environment_id: str,
        work_id: str,
        *,
        expected_last_heartbeat: str,
        desired_ttl_seconds: int | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> HeartbeatResponse:
        """Renew a Work lease.

        ``POST /v1/environments/{environment_id}/work/{work_id}/heartbeat`` (operation ``environments.work.heartbeat``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}/work/{work_id}/heartbeat",
            cast=HeartbeatResponse.from_dict,
            path_params={
                "environment_id": environment_id,
                "work_id": work_id,
            },
            query={
                "expected_last_heartbeat": expected_last_heartbeat,
                "desired_ttl_seconds": desired_ttl_seconds,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        environment_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        states: Sequence[str] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Work]:
        """List Work items.

        ``GET /v1/environments/{environment_id}/work`` (operation ``environments.work.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/environments/{environment_id}/work",
            item=Work.from_dict,
            path_params={
                "environment_id": environment_id,
            },
            query={
                "limit": limit,
                "page": page,
                "states[]": states,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def poll(
        self,
        environment_id: str,
        *,
        block_ms: int | NotGiven = NOT_GIVEN,
        reclaim_older_than_ms: int | NotGiven = NOT_GIVEN,
        worker_id: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Work | None:
        """Poll for Work.

        ``GET /v1/environments/{environment_id}/work/poll`` (operation ``environments.work.poll``).
        """
        return self._client._request(
            "GET",
            "/v1/environments/{environment_id}/work/poll",
            cast=optional(Work.from_dict),
            path_params={
                "environment_id": environment_id,
            },
            query={
                "block_ms": block_ms,
                "reclaim_older_than_ms": reclaim_older_than_ms,
                "worker_id": worker_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def secrets(
        self,
        environment_id: str,
        work_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> WorkSecrets:
        """Read the environment_variable secrets of a leased Session Work item (Mango).

        ``GET /v1/environments/{environment_id}/work/{work_id}/secrets`` (operation ``environments.work.secrets``).
        """
        return self._client._request(
            "GET",
            "/v1/environments/{environment_id}/work/{work_id}/secrets",
            cast=WorkSecrets.from_dict,
            path_params={
                "environment_id": environment_id,
                "work_id": work_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def stats(
        self,
        environment_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> QueueStats:
        """Work queue statistics.

        ``GET /v1/environments/{environment_id}/work/stats`` (operation ``environments.work.stats``).
        """
        return self._client._request(
            "GET",
            "/v1/environments/{environment_id}/work/stats",
            cast=QueueStats.from_dict,
            path_params={
                "environment_id": environment_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def stop(
        self,
        environment_id: str,
        work_id: str,
        *,
        force: bool | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Work:
        """Stop a Work item.

        ``POST /v1/environments/{environment_id}/work/{work_id}/stop`` (operation ``environments.work.stop``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}/work/{work_id}/stop",
            cast=Work.from_dict,
            path_params={
                "environment_id": environment_id,
                "work_id": work_id,
            },
            body={
                "force": force,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class EnvironmentsWorkHealthcheckResource(SyncAPIResource):
    """Operations under ``environments.work.healthcheck``."""

    def create(
        self,
        environment_id: str,
        *,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Work:
        """Enqueue a healthcheck Work item.

        ``POST /v1/environments/{environment_id}/work/healthcheck`` (operation ``environments.work.healthcheck.create``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}/work/healthcheck",
            cast=Work.from_dict,
            path_params={
                "environment_id": environment_id,
            },
            body={
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def result(
        self,
        environment_id: str,
        work_id: str,
        *,
        status: str,
        message: str | None | NotGiven = NOT_GIVEN,
        worker_id: str | None | NotGiven = NOT_GIVEN,
        worker_version: str | None | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Work:
        """Report a healthcheck result.

        ``POST /v1/environments/{environment_id}/work/{work_id}/healthcheck_result`` (operation ``environments.work.healthcheck.result``).
        """
        return self._client._request(
            "POST",
            "/v1/environments/{environment_id}/work/{work_id}/healthcheck_result",
            cast=Work.from_dict,
            path_params={
                "environment_id": environment_id,
                "work_id": work_id,
            },
            body={
                "status": status,
                "message": message,
                "worker_id": worker_id,
                "worker_version": worker_version,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class FilesResource(SyncAPIResource):
    """Operations under ``files``."""

    def content(
        self,
        file_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> bytes:
        """Download a File's bytes.

        ``GET /v1/files/{file_id}/content`` (operation ``files.content``).
        """
        return self._client._request(
            "GET",
            "/v1/files/{file_id}/content",
            cast=raw_bytes,
            binary=True,
            path_params={
                "file_id": file_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        file_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> FileDeleted:
        """Delete a File.

        ``DELETE /v1/files/{file_id}`` (operation ``files.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/files/{file_id}",
            cast=FileDeleted.from_dict,
            path_params={
                "file_id": file_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        file_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> File:
        """Get a File's metadata.

        ``GET /v1/files/{file_id}`` (operation ``files.get``).
        """
        return self._client._request(
            "GET",
            "/v1/files/{file_id}",
            cast=File.from_dict,
            path_params={
                "file_id": file_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[File]:
        """List Files.

        ``GET /v1/files`` (operation ``files.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/files",
            item=File.from_dict,
            query={
                "limit": limit,
                "page": page,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def upload(
        self,
        *,
        file: FileInput,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> File:
        """Upload a File.

        ``POST /v1/files`` (operation ``files.upload``).
        """
        return self._client._request(
            "POST",
            "/v1/files",
            cast=File.from_dict,
            files={
                "file": file,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class MemoryStoresResource(SyncAPIResource):
    """Operations under ``memory_stores``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.memories = MemoryStoresMemoriesResource(client)
        self.memory_versions = MemoryStoresMemoryVersionsResource(client)

    def archive(
        self,
        memory_store_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryStore:
        """Archive a Memory Store.

        ``POST /v1/memory_stores/{memory_store_id}/archive`` (operation ``memory_stores.archive``).
        """
        return self._client._request(
            "POST",
            "/v1/memory_stores/{memory_store_id}/archive",
            cast=MemoryStore.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def create(
        self,
        *,
        name: str,
        description: str | None | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryStore:
        """Create a Memory Store.

        ``POST /v1/memory_stores`` (operation ``memory_stores.create``).
        """
        return self._client._request(
            "POST",
            "/v1/memory_stores",
            cast=MemoryStore.from_dict,
            body={
                "name": name,
                "description": description,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        memory_store_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryStoreDeleted:
        """Delete a Memory Store.

        ``DELETE /v1/memory_stores/{memory_store_id}`` (operation ``memory_stores.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/memory_stores/{memory_store_id}",
            cast=MemoryStoreDeleted.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        memory_store_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryStore:
        """Get a Memory Store.

        ``GET /v1/memory_stores/{memory_store_id}`` (operation ``memory_stores.get``).
        """
        return self._client._request(
            "GET",
            "/v1/memory_stores/{memory_store_id}",
            cast=MemoryStore.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        include_archived: bool | NotGiven = NOT_GIVEN,
        created_at_gte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[MemoryStore]:
        """List Memory Stores.

        ``GET /v1/memory_stores`` (operation ``memory_stores.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/memory_stores",
            item=MemoryStore.from_dict,
            query={
                "limit": limit,
                "page": page,
                "include_archived": include_archived,
                "created_at[gte]": created_at_gte,
                "created_at[lte]": created_at_lte,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        memory_store_id: str,
        *,
        name: str | NotGiven = NOT_GIVEN,
        description: str | None | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryStore:
        """Update a Memory Store.

        ``POST /v1/memory_stores/{memory_store_id}`` (operation ``memory_stores.update``).
        """
        return self._client._request(
            "POST",
            "/v1/memory_stores/{memory_store_id}",
            cast=MemoryStore.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
            },
            body={
                "name": name,
                "description": description,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class MemoryStoresMemoriesResource(SyncAPIResource):
    """Operations under ``memory_stores.memories``."""

    def create(
        self,
        memory_store_id: str,
        *,
        path: str,
        content: str,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Memory:
        """Create a memory.

        ``POST /v1/memory_stores/{memory_store_id}/memories`` (operation ``memory_stores.memories.create``).
        """
        return self._client._request(
            "POST",
            "/v1/memory_stores/{memory_store_id}/memories",
            cast=Memory.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
            },
            body={
                "path": path,
                "content": content,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        memory_store_id: str,
        memory_id: str,
        *,
        expected_content_sha256: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryDeleted:
        """Delete a memory.

        ``DELETE /v1/memory_stores/{memory_store_id}/memories/{memory_id}`` (operation ``memory_stores.memories.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/memory_stores/{memory_store_id}/memories/{memory_id}",
            cast=MemoryDeleted.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
                "memory_id": memory_id,
            },
            query={
                "expected_content_sha256": expected_content_sha256,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        memory_store_id: str,
        memory_id: str,
        *,
        view: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Memory:
        """Get a memory.

        ``GET /v1/memory_stores/{memory_store_id}/memories/{memory_id}`` (operation ``memory_stores.memories.get``).
        """
        return self._client._request(
            "GET",
            "/v1/memory_stores/{memory_store_id}/memories/{memory_id}",
            cast=Memory.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
                "memory_id": memory_id,
            },
            query={
                "view": view,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        memory_store_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        path_prefix: str | NotGiven = NOT_GIVEN,
        depth: int | NotGiven = NOT_GIVEN,
        view: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[_unions.MemoryListItem | dict[str, Any]]:
        """List memories.

        ``GET /v1/memory_stores/{memory_store_id}/memories`` (operation ``memory_stores.memories.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/memory_stores/{memory_store_id}/memories",
            item=_unions.decode_memory_list_item,
            path_params={
                "memory_store_id": memory_store_id,
            },
            query={
                "limit": limit,
                "page": page,
                "path_prefix": path_prefix,
                "depth": depth,
                "view": view,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        memory_store_id: str,
        memory_id: str,
        *,
        path: str | NotGiven = NOT_GIVEN,
        content: str | NotGiven = NOT_GIVEN,
        precondition: MemoryPrecondition | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Memory:
        """Update a memory.

        ``POST /v1/memory_stores/{memory_store_id}/memories/{memory_id}`` (operation ``memory_stores.memories.update``).
        """
        return self._client._request(
            "POST",
            "/v1/memory_stores/{memory_store_id}/memories/{memory_id}",
            cast=Memory.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
                "memory_id": memory_id,
            },
            body={
                "path": path,
                "content": content,
                "precondition": precondition,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class MemoryStoresMemoryVersionsResource(SyncAPIResource):
    """Operations under ``memory_stores.memory_versions``."""

    def get(
        self,
        memory_store_id: str,
        memory_version_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryVersion:
        """Get a memory version.

        ``GET /v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}`` (operation ``memory_stores.memory_versions.get``).
        """
        return self._client._request(
            "GET",
            "/v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}",
            cast=MemoryVersion.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
                "memory_version_id": memory_version_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        memory_store_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        memory_id: str | NotGiven = NOT_GIVEN,
        operation: str | NotGiven = NOT_GIVEN,
        session_id: str | NotGiven = NOT_GIVEN,
        created_at_gte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[MemoryVersion]:
        """List memory versions.

        ``GET /v1/memory_stores/{memory_store_id}/memory_versions`` (operation ``memory_stores.memory_versions.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/memory_stores/{memory_store_id}/memory_versions",
            item=MemoryVersion.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
            },
            query={
                "limit": limit,
                "page": page,
                "memory_id": memory_id,
                "operation": operation,
                "session_id": session_id,
                "created_at[gte]": created_at_gte,
                "created_at[lte]": created_at_lte,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def redact(
        self,
        memory_store_id: str,
        memory_version_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> MemoryVersion:
        """Redact a memory version.

        ``POST /v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}/redact`` (operation ``memory_stores.memory_versions.redact``).
        """
        return self._client._request(
            "POST",
            "/v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}/redact",
            cast=MemoryVersion.from_dict,
            path_params={
                "memory_store_id": memory_store_id,
                "memory_version_id": memory_version_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class ModelsResource(SyncAPIResource):
    """Operations under ``models``."""

    def list(
        self,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> ModelList:
        """List the offered models.

        ``GET /v1/models`` (operation ``models.list``).
        """
        return self._client._request(
            "GET",
            "/v1/models",
            cast=ModelList.from_dict,
            headers=extra_headers,
            timeout=timeout,
        )


class SessionsResource(SyncAPIResource):
    """Operations under ``sessions``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.events = SessionsEventsResource(client)
        self.threads = SessionsThreadsResource(client)
        self.tool_calls = SessionsToolCallsResource(client)

    def archive(
        self,
        session_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Session:
        """Archive a Session.

        ``POST /v1/sessions/{session_id}/archive`` (operation ``sessions.archive``).
        """
        return self._client._request(
            "POST",
            "/v1/sessions/{session_id}/archive",
            cast=Session.from_dict,
            path_params={
                "session_id": session_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def create(
        self,
        *,
        agent: str | AgentRef | Mapping[str, Any],
        environment_id: str,
        title: str | None | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        budget: SessionBudget | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        resources: Sequence[MemoryStoreResourceParams | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        vault_ids: Sequence[str] | NotGiven = NOT_GIVEN,
        initial_events: Sequence[_unions.SessionInitialEvent | Mapping[str, Any]] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Session:
        """Create a Session.

        ``POST /v1/sessions`` (operation ``sessions.create``).
        """
        return self._client._request(
            "POST",
            "/v1/sessions",
            cast=Session.from_dict,
            body={
                "agent": agent,
                "environment_id": environment_id,
                "title": title,
                "metadata": metadata,
                "budget": budget,
                "resources": resources,
                "vault_ids": vault_ids,
                "initial_events": initial_events,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        session_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SessionDeleted:
        """Delete a Session.

        ``DELETE /v1/sessions/{session_id}`` (operation ``sessions.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/sessions/{session_id}",
            cast=SessionDeleted.from_dict,
            path_params={
                "session_id": session_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        session_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Session:
        """Get a Session.

        ``GET /v1/sessions/{session_id}`` (operation ``sessions.get``).
        """
        return self._client._request(
            "GET",
            "/v1/sessions/{session_id}",
            cast=Session.from_dict,
            path_params={
                "session_id": session_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        order: str | NotGiven = NOT_GIVEN,
        agent_id: str | NotGiven = NOT_GIVEN,
        agent_version: int | NotGiven = NOT_GIVEN,
        statuses: Sequence[str] | NotGiven = NOT_GIVEN,
        include_archived: bool | NotGiven = NOT_GIVEN,
        created_at_gt: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_gte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lt: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        memory_store_id: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Session]:
        """List Sessions.

        ``GET /v1/sessions`` (operation ``sessions.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/sessions",
            item=Session.from_dict,
            query={
                "limit": limit,
                "page": page,
                "order": order,
                "agent_id": agent_id,
                "agent_version": agent_version,
                "statuses[]": statuses,
                "include_archived": include_archived,
                "created_at[gt]": created_at_gt,
                "created_at[gte]": created_at_gte,
                "created_at[lt]": created_at_lt,
                "created_at[lte]": created_at_lte,
                "memory_store_id": memory_store_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        session_id: str,
        *,
        title: str | None | NotGiven = NOT_GIVEN,
        metadata: MetadataPatch | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        budget: SessionBudget | Mapping[str, Any] | Any | None | NotGiven = NOT_GIVEN,
        vault_ids: Sequence[str] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Session:
        """Update a Session.

        ``POST /v1/sessions/{session_id}`` (operation ``sessions.update``).
        """
        return self._client._request(
            "POST",
            "/v1/sessions/{session_id}",
            cast=Session.from_dict,
            path_params={
                "session_id": session_id,
            },
            body={
                "title": title,
                "metadata": metadata,
                "budget": budget,
                "vault_ids": vault_ids,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class SessionsEventsResource(SyncAPIResource):
    """Operations under ``sessions.events``."""

    def list(
        self,
        session_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        order: str | NotGiven = NOT_GIVEN,
        types: Sequence[str] | NotGiven = NOT_GIVEN,
        created_at_gt: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_gte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lt: _dt.datetime | str | NotGiven = NOT_GIVEN,
        created_at_lte: _dt.datetime | str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[_unions.SessionEvent | dict[str, Any]]:
        """List a Session's events.

        ``GET /v1/sessions/{session_id}/events`` (operation ``sessions.events.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/sessions/{session_id}/events",
            item=_unions.decode_session_event,
            path_params={
                "session_id": session_id,
            },
            query={
                "limit": limit,
                "page": page,
                "order": order,
                "types[]": types,
                "created_at[gt]": created_at_gt,
                "created_at[gte]": created_at_gte,
                "created_at[lt]": created_at_lt,
                "created_at[lte]": created_at_lte,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def send(
        self,
        session_id: str,
        *,
        events: Sequence[_unions.SessionEventInput | Mapping[str, Any]],
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SessionEventSendResult:
        """Send events to a Session.

        ``POST /v1/sessions/{session_id}/events`` (operation ``sessions.events.send``).
        """
        return self._client._request(
            "POST",
            "/v1/sessions/{session_id}/events",
            cast=SessionEventSendResult.from_dict,
            path_params={
                "session_id": session_id,
            },
            body={
                "events": events,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def stream(
        self,
        session_id: str,
        *,
        event_deltas: Sequence[str] | NotGiven = NOT_GIVEN,
        last_event_id: str | None = None,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncStream[_unions.SessionStreamEvent | dict[str, Any]]:
        """Stream a Session's events (SSE).

        ``GET /v1/sessions/{session_id}/events/stream`` (operation ``sessions.events.stream``).
        """
        return self._client._stream(
            "GET",
            "/v1/sessions/{session_id}/events/stream",
            event=_unions.decode_session_stream_event,
            path_params={
                "session_id": session_id,
            },
            query={
                "event_deltas[]": event_deltas,
            },
            last_event_id=last_event_id,
            headers=extra_headers,
            timeout=timeout,
        )


class SessionsThreadsResource(SyncAPIResource):
    """Operations under ``sessions.threads``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.events = SessionsThreadsEventsResource(client)

    def archive(
        self,
        session_id: str,
        thread_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SessionThread:
        """Archive a child Thread.

        ``POST /v1/sessions/{session_id}/threads/{thread_id}/archive`` (operation ``sessions.threads.archive``).
        """
        return self._client._request(
            "POST",
            "/v1/sessions/{session_id}/threads/{thread_id}/archive",
            cast=SessionThread.from_dict,
            path_params={
                "session_id": session_id,
                "thread_id": thread_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        session_id: str,
        thread_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SessionThread:
        """Get a Thread.

        ``GET /v1/sessions/{session_id}/threads/{thread_id}`` (operation ``sessions.threads.get``).
        """
        return self._client._request(
            "GET",
            "/v1/sessions/{session_id}/threads/{thread_id}",
            cast=SessionThread.from_dict,
            path_params={
                "session_id": session_id,
                "thread_id": thread_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        session_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        order: str | NotGiven = NOT_GIVEN,
        include_archived: bool | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[SessionThread]:
        """List a Session's Threads.

        ``GET /v1/sessions/{session_id}/threads`` (operation ``sessions.threads.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/sessions/{session_id}/threads",
            item=SessionThread.from_dict,
            path_params={
                "session_id": session_id,
            },
            query={
                "limit": limit,
                "page": page,
                "order": order,
                "include_archived": include_archived,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def stream(
        self,
        session_id: str,
        thread_id: str,
        *,
        last_event_id: str | None = None,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncStream[_unions.SessionStreamEvent | dict[str, Any]]:
        """Stream a Thread's events (SSE).

        ``GET /v1/sessions/{session_id}/threads/{thread_id}/stream`` (operation ``sessions.threads.stream``).
        """
        return self._client._stream(
            "GET",
            "/v1/sessions/{session_id}/threads/{thread_id}/stream",
            event=_unions.decode_session_stream_event,
            path_params={
                "session_id": session_id,
                "thread_id": thread_id,
            },
            last_event_id=last_event_id,
            headers=extra_headers,
            timeout=timeout,
        )


class SessionsThreadsEventsResource(SyncAPIResource):
    """Operations under ``sessions.threads.events``."""

    def list(
        self,
        session_id: str,
        thread_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        order: str | NotGiven = NOT_GIVEN,
        types: Sequence[str] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[_unions.SessionEvent | dict[str, Any]]:
        """List a Thread's events.

        ``GET /v1/sessions/{session_id}/threads/{thread_id}/events`` (operation ``sessions.threads.events.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/sessions/{session_id}/threads/{thread_id}/events",
            item=_unions.decode_session_event,
            path_params={
                "session_id": session_id,
                "thread_id": thread_id,
            },
            query={
                "limit": limit,
                "page": page,
                "order": order,
                "types[]": types,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class SessionsToolCallsResource(SyncAPIResource):
    """Operations under ``sessions.tool_calls``."""

    def start(
        self,
        session_id: str,
        tool_use_id: str,
        *,
        session_thread_id: str | None | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> ToolCall:
        """Record that a worker starts a tool call.

        ``POST /v1/sessions/{session_id}/tool_calls/{tool_use_id}/start`` (operation ``sessions.tool_calls.start``).
        """
        return self._client._request(
            "POST",
            "/v1/sessions/{session_id}/tool_calls/{tool_use_id}/start",
            cast=ToolCall.from_dict,
            path_params={
                "session_id": session_id,
                "tool_use_id": tool_use_id,
            },
            body={
                "session_thread_id": session_thread_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class SkillsResource(SyncAPIResource):
    """Operations under ``skills``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.versions = SkillsVersionsResource(client)

    def create(
        self,
        *,
        file: FileInput,
        display_title: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Skill:
        """Create a Skill.

        ``POST /v1/skills`` (operation ``skills.create``).
        """
        return self._client._request(
            "POST",
            "/v1/skills",
            cast=Skill.from_dict,
            files={
                "file": file,
            },
            form={
                "display_title": display_title,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        skill_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SkillDeleted:
        """Delete a Skill.

        ``DELETE /v1/skills/{skill_id}`` (operation ``skills.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/skills/{skill_id}",
            cast=SkillDeleted.from_dict,
            path_params={
                "skill_id": skill_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        skill_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Skill:
        """Get a Skill.

        ``GET /v1/skills/{skill_id}`` (operation ``skills.get``).
        """
        return self._client._request(
            "GET",
            "/v1/skills/{skill_id}",
            cast=Skill.from_dict,
            path_params={
                "skill_id": skill_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Skill]:
        """List Skills.

        ``GET /v1/skills`` (operation ``skills.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/skills",
            item=Skill.from_dict,
            query={
                "limit": limit,
                "page": page,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class SkillsVersionsResource(SyncAPIResource):
    """Operations under ``skills.versions``."""

    def content(
        self,
        skill_id: str,
        version: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> bytes:
        """Download a Skill version's archive.

        ``GET /v1/skills/{skill_id}/versions/{version}/content`` (operation ``skills.versions.content``).
        """
        return self._client._request(
            "GET",
            "/v1/skills/{skill_id}/versions/{version}/content",
            cast=raw_bytes,
            binary=True,
            path_params={
                "skill_id": skill_id,
                "version": version,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def create(
        self,
        skill_id: str,
        *,
        file: FileInput,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SkillVersion:
        """Create a Skill version.

        ``POST /v1/skills/{skill_id}/versions`` (operation ``skills.versions.create``).
        """
        return self._client._request(
            "POST",
            "/v1/skills/{skill_id}/versions",
            cast=SkillVersion.from_dict,
            path_params={
                "skill_id": skill_id,
            },
            files={
                "file": file,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        skill_id: str,
        version: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SkillVersionDeleted:
        """Delete a Skill version.

        ``DELETE /v1/skills/{skill_id}/versions/{version}`` (operation ``skills.versions.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/skills/{skill_id}/versions/{version}",
            cast=SkillVersionDeleted.from_dict,
            path_params={
                "skill_id": skill_id,
                "version": version,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        skill_id: str,
        version: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SkillVersion:
        """Get a Skill version.

        ``GET /v1/skills/{skill_id}/versions/{version}`` (operation ``skills.versions.get``).
        """
        return self._client._request(
            "GET",
            "/v1/skills/{skill_id}/versions/{version}",
            cast=SkillVersion.from_dict,
            path_params={
                "skill_id": skill_id,
                "version": version,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        skill_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[SkillVersion]:
        """List a Skill's versions.

        ``GET /v1/skills/{skill_id}/versions`` (operation ``skills.versions.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/skills/{skill_id}/versions",
            item=SkillVersion.from_dict,
            path_params={
                "skill_id": skill_id,
            },
            query={
                "limit": limit,
                "page": page,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class SystemResource(SyncAPIResource):
    """Operations under ``system``."""

    def health(
        self,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Health:
        """Liveness.

        ``GET /v1/health`` (operation ``system.health``).
        """
        return self._client._request(
            "GET",
            "/v1/health",
            cast=Health.from_dict,
            headers=extra_headers,
            timeout=timeout,
        )

    def readiness(
        self,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Readiness:
        """Readiness.

        ``GET /v1/readiness`` (operation ``system.readiness``).
        """
        return self._client._request(
            "GET",
            "/v1/readiness",
            cast=Readiness.from_dict,
            headers=extra_headers,
            timeout=timeout,
        )


class VaultsResource(SyncAPIResource):
    """Operations under ``vaults``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.credentials = VaultsCredentialsResource(client)

    def archive(
        self,
        vault_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Vault:
        """Archive a vault.

        ``POST /v1/vaults/{vault_id}/archive`` (operation ``vaults.archive``).
        """
        return self._client._request(
            "POST",
            "/v1/vaults/{vault_id}/archive",
            cast=Vault.from_dict,
            path_params={
                "vault_id": vault_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def create(
        self,
        *,
        display_name: str,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Vault:
        """Create a vault.

        ``POST /v1/vaults`` (operation ``vaults.create``).
        """
        return self._client._request(
            "POST",
            "/v1/vaults",
            cast=Vault.from_dict,
            body={
                "display_name": display_name,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        vault_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> VaultDeleted:
        """Delete a vault.

        ``DELETE /v1/vaults/{vault_id}`` (operation ``vaults.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/vaults/{vault_id}",
            cast=VaultDeleted.from_dict,
            path_params={
                "vault_id": vault_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        vault_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Vault:
        """Get a vault.

        ``GET /v1/vaults/{vault_id}`` (operation ``vaults.get``).
        """
        return self._client._request(
            "GET",
            "/v1/vaults/{vault_id}",
            cast=Vault.from_dict,
            path_params={
                "vault_id": vault_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        include_archived: bool | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Vault]:
        """List vaults.

        ``GET /v1/vaults`` (operation ``vaults.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/vaults",
            item=Vault.from_dict,
            query={
                "limit": limit,
                "page": page,
                "include_archived": include_archived,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        vault_id: str,
        *,
        display_name: str | NotGiven = NOT_GIVEN,
        metadata: MetadataPatch | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Vault:
        """Update a vault.

        ``POST /v1/vaults/{vault_id}`` (operation ``vaults.update``).
        """
        return self._client._request(
            "POST",
            "/v1/vaults/{vault_id}",
            cast=Vault.from_dict,
            path_params={
                "vault_id": vault_id,
            },
            body={
                "display_name": display_name,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class VaultsCredentialsResource(SyncAPIResource):
    """Operations under ``vaults.credentials``."""

    def create(
        self,
        vault_id: str,
        *,
        auth: _unions.CredentialAuthParams | Mapping[str, Any],
        display_name: str | None | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> VaultCredential:
        """Create a vault credential.

        ``POST /v1/vaults/{vault_id}/credentials`` (operation ``vaults.credentials.create``).
        """
        return self._client._request(
            "POST",
            "/v1/vaults/{vault_id}/credentials",
            cast=VaultCredential.from_dict,
            path_params={
                "vault_id": vault_id,
            },
            body={
                "auth": auth,
                "display_name": display_name,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        vault_id: str,
        credential_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> VaultCredentialDeleted:
        """Delete a vault credential.

        ``DELETE /v1/vaults/{vault_id}/credentials/{credential_id}`` (operation ``vaults.credentials.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/vaults/{vault_id}/credentials/{credential_id}",
            cast=VaultCredentialDeleted.from_dict,
            path_params={
                "vault_id": vault_id,
                "credential_id": credential_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        vault_id: str,
        credential_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> VaultCredential:
        """Get a vault credential.

        ``GET /v1/vaults/{vault_id}/credentials/{credential_id}`` (operation ``vaults.credentials.get``).
        """
        return self._client._request(
            "GET",
            "/v1/vaults/{vault_id}/credentials/{credential_id}",
            cast=VaultCredential.from_dict,
            path_params={
                "vault_id": vault_id,
                "credential_id": credential_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        vault_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[VaultCredential]:
        """List a vault's credentials.

        ``GET /v1/vaults/{vault_id}/credentials`` (operation ``vaults.credentials.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/vaults/{vault_id}/credentials",
            item=VaultCredential.from_dict,
            path_params={
                "vault_id": vault_id,
            },
            query={
                "limit": limit,
                "page": page,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        vault_id: str,
        credential_id: str,
        *,
        display_name: str | None | NotGiven = NOT_GIVEN,
        metadata: MetadataPatch | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        auth: _unions.CredentialAuthUpdateParams | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> VaultCredential:
        """Update a vault credential.

        ``POST /v1/vaults/{vault_id}/credentials/{credential_id}`` (operation ``vaults.credentials.update``).
        """
        return self._client._request(
            "POST",
            "/v1/vaults/{vault_id}/credentials/{credential_id}",
            cast=VaultCredential.from_dict,
            path_params={
                "vault_id": vault_id,
                "credential_id": credential_id,
            },
            body={
                "display_name": display_name,
                "metadata": metadata,
                "auth": auth,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class WebhooksResource(SyncAPIResource):
    """Operations under ``webhooks``."""

    def create(
        self,
        *,
        url: str,
        event_types: Sequence[str],
        enabled: bool | NotGiven = NOT_GIVEN,
        description: str | None | NotGiven = NOT_GIVEN,
        metadata: Metadata | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> WebhookWithSecret:
        """Create a webhook endpoint.

        ``POST /v1/webhooks`` (operation ``webhooks.create``).
        """
        return self._client._request(
            "POST",
            "/v1/webhooks",
            cast=WebhookWithSecret.from_dict,
            body={
                "url": url,
                "event_types": event_types,
                "enabled": enabled,
                "description": description,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        webhook_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> WebhookDeleted:
        """Delete a webhook endpoint.

        ``DELETE /v1/webhooks/{webhook_id}`` (operation ``webhooks.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/webhooks/{webhook_id}",
            cast=WebhookDeleted.from_dict,
            path_params={
                "webhook_id": webhook_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        webhook_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Webhook:
        """Get a webhook endpoint.

        ``GET /v1/webhooks/{webhook_id}`` (operation ``webhooks.get``).
        """
        return self._client._request(
            "GET",
            "/v1/webhooks/{webhook_id}",
            cast=Webhook.from_dict,
            path_params={
                "webhook_id": webhook_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Webhook]:
        """List webhook endpoints.

        ``GET /v1/webhooks`` (operation ``webhooks.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/webhooks",
            item=Webhook.from_dict,
            query={
                "limit": limit,
                "page": page,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def rotate_secret(
        self,
        webhook_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> WebhookWithSecret:
        """Rotate a webhook endpoint's secret.

        ``POST /v1/webhooks/{webhook_id}/rotate_secret`` (operation ``webhooks.rotate_secret``).
        """
        return self._client._request(
            "POST",
            "/v1/webhooks/{webhook_id}/rotate_secret",
            cast=WebhookWithSecret.from_dict,
            path_params={
                "webhook_id": webhook_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def update(
        self,
        webhook_id: str,
        *,
        url: str | NotGiven = NOT_GIVEN,
        event_types: Sequence[str] | NotGiven = NOT_GIVEN,
        enabled: bool | NotGiven = NOT_GIVEN,
        description: str | None | NotGiven = NOT_GIVEN,
        metadata: MetadataPatch | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Webhook:
        """Update a webhook endpoint.

        ``POST /v1/webhooks/{webhook_id}`` (operation ``webhooks.update``).
        """
        return self._client._request(
            "POST",
            "/v1/webhooks/{webhook_id}",
            cast=Webhook.from_dict,
            path_params={
                "webhook_id": webhook_id,
            },
            body={
                "url": url,
                "event_types": event_types,
                "enabled": enabled,
                "description": description,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class MangoResources:
    """The top-level namespaces of ``mango.Mango``."""

    def __init__(self, client: SyncAPIClient) -> None:
        self.agents = AgentsResource(client)
        self.deployment_runs = DeploymentRunsResource(client)
        self.deployments = DeploymentsResource(client)
        self.environments = EnvironmentsResource(client)
        self.files = FilesResource(client)
        self.memory_stores = MemoryStoresResource(client)
        self.models = ModelsResource(client)
        self.sessions = SessionsResource(client)
        self.skills = SkillsResource(client)
        self.system = SystemResource(client)
        self.vaults = VaultsResource(client)
        self.webhooks = WebhooksResource(client)
