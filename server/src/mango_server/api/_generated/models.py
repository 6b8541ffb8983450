# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Pydantic v2 wire models, one per ``components/schemas`` entry of openapi/mango.yaml."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, RootModel, StringConstraints
from typing_extensions import TypeAliasType


class ErrorBody(BaseModel):
    type: Annotated[
        str,
        Field(
            description="Stable error type, one of `x-mango-error-catalogue` (which gives each its status and\nmeaning): `invalid_request_error` (400), `authentication_error` (401),\n`permission_error` (403), `not_found_error` (404), `not_supported` (404),\n`method_not_allowed` (405), `conflict_error` (409), `memory_path_conflict_error` (409), `memory_precondition_failed_error` (409),\n`precondition_failed` (412), `request_too_large` (413), `rate_limit_error` (429),\n`api_error` (500), `not_implemented` (501), `overloaded` (503). Clients must accept\ntypes they do not know.\n",
            max_length=64,
        ),
    ]
    message: Annotated[str, Field(description="A human-readable explanation; never contains secrets.", max_length=4096)]
    details: Annotated[
        dict[str, Any] | None,
        Field(
            description="Structured details for some errors (for example `current_state` on 412, `conflicting_memory_id` on a path conflict).",
            max_length=32,
        ),
    ] = None


MetadataAdditionalProperty = TypeAliasType("MetadataAdditionalProperty", Annotated[str, Field(max_length=512)])


class Metadata(
    RootModel[dict[Annotated[str, StringConstraints(min_length=1, max_length=64)], MetadataAdditionalProperty]]
):
    root: Annotated[
        dict[Annotated[str, StringConstraints(min_length=1, max_length=64)], MetadataAdditionalProperty],
        Field(description="Up to 16 string pairs; keys up to 64 characters, values up to 512.", max_length=16),
    ]


MetadataPatchAdditionalProperty = TypeAliasType(
    "MetadataPatchAdditionalProperty", Annotated[str | None, Field(max_length=512)]
)


class MetadataPatch(
    RootModel[dict[Annotated[str, StringConstraints(min_length=1, max_length=64)], MetadataPatchAdditionalProperty]]
):
    root: Annotated[
        dict[Annotated[str, StringConstraints(min_length=1, max_length=64)], MetadataPatchAdditionalProperty],
        Field(
            description="Metadata changes merged into the current pairs; a null value deletes the key.", max_length=16
        ),
    ]


class Health(BaseModel):
    status: Annotated[Literal["ok"], Field(description="Always `ok`.")]


ChecksAdditionalProperty = TypeAliasType("ChecksAdditionalProperty", Annotated[str, Field(max_length=64)])


class Readiness(BaseModel):
    status: Annotated[Literal["ready"], Field(description="Always `ready` (not ready answers 503).")]
    checks: Annotated[
        dict[str, ChecksAdditionalProperty], Field(description="Each dependency checked and its state.", max_length=16)
    ]


class ModelConfig(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    id: Annotated[
        str,
        Field(
            description="The model id (an open string, resolved by the server's model adapter).",
            max_length=256,
            min_length=1,
        ),
    ]
    speed: Annotated[
        Literal["standard", "fast"],
        Field(
            description="Requested inference speed; `fast` only on a model whose capabilities offer `fast_mode` (400 otherwise)."
        ),
    ] = "standard"
    max_tokens: Annotated[
        int | None,
        Field(
            description="The most output tokens one model request may produce; at most the model's `max_output_tokens` (400 otherwise). Omitted: the deployment's default, within that limit.",
            ge=1,
            le=1000000,
        ),
    ] = None


class ModelParam1(RootModel[str]):
    root: Annotated[
        str,
        Field(
            description="A bare model id, or a ModelConfig. Responses always carry a ModelConfig.",
            max_length=256,
            min_length=1,
        ),
    ]


class ModelParam(RootModel[ModelParam1 | ModelConfig]):
    root: Annotated[
        ModelParam1 | ModelConfig,
        Field(description="A bare model id, or a ModelConfig. Responses always carry a ModelConfig."),
    ]


class ModelCapabilities(BaseModel):
    web_search: Annotated[
        bool, Field(description="Native web search: an Agent on this model may enable `web_search` (400 otherwise).")
    ]
    web_fetch: Annotated[
        bool,
        Field(description="Native web fetch; without it an enabled `web_fetch` runs on the platform-managed executor."),
    ]
    citations: Annotated[bool, Field(description="The endpoint returns citations with web and document results.")]
    thinking: Annotated[bool, Field(description="Extended thinking.")]
    image_input: Annotated[bool, Field(description="Image input.")]
    pdf_input: Annotated[bool, Field(description="PDF document input.")]
    parallel_tool_calls: Annotated[bool, Field(description="Several tool calls in one response.")]
    prompt_caching: Annotated[bool, Field(description="Prompt caching.")]
    fast_mode: Annotated[bool, Field(description="`speed: fast` is offered.")]


class Alias(RootModel[str]):
    root: Annotated[str, Field(max_length=256, min_length=1)]


class Model(BaseModel):
    type: Annotated[Literal["model"], Field(description="Always `model`.")]
    id: Annotated[str, Field(description="The id an Agent's `model` names.", max_length=256, min_length=1)]
    aliases: Annotated[list[Alias], Field(description="Other ids an Agent may name for the same model.", max_length=64)]
    context_window: Annotated[
        int, Field(description="Context window in tokens (input plus output).", ge=1, le=100000000)
    ]
    max_output_tokens: Annotated[
        int, Field(description="The largest `max_tokens` an Agent may ask of this model.", ge=1, le=100000000)
    ]
    capabilities: Annotated[ModelCapabilities, Field(description="What the model's endpoint can do.")]
    display_name: Annotated[
        str,
        Field(
            description="A human-readable name: the catalogue entry's display name, else its id.",
            max_length=256,
            min_length=1,
        ),
    ]
    created_at: Annotated[
        AwareDatetime,
        Field(description="When the model was released; the epoch (`1970-01-01T00:00:00Z`) when unknown."),
    ]
    lifecycle: Annotated[
        Literal["active"], Field(description="Always `active`: an offered model is available for use.")
    ]
    max_input_tokens: Annotated[
        int, Field(description="Maximum input context window in tokens (the context window).", ge=1, le=100000000)
    ]
    max_tokens: Annotated[
        int,
        Field(
            description="The largest `max_tokens` an Agent may ask of this model (equal to `max_output_tokens`).",
            ge=1,
            le=100000000,
        ),
    ]


class ModelList(BaseModel):
    data: Annotated[list[Model], Field(description="The offered models, in catalogue order.", max_length=1000)]
    has_more: Annotated[bool, Field(description="Always false: every offered model is on the one page.")]
    first_id: Annotated[
        str | None, Field(description="The id of the first model listed; null when none is offered.", max_length=256)
    ]
    last_id: Annotated[
        str | None, Field(description="The id of the last model listed; null when none is offered.", max_length=256)
    ]


class AlwaysAllowPolicy(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["always_allow"], Field(description="Always `always_allow`.")]


class AlwaysAskPolicy(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["always_ask"], Field(description="Always `always_ask`.")]


class AutoPolicy(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["auto"], Field(description="Always `auto`.")]


class PermissionPolicy(RootModel[AlwaysAllowPolicy | AlwaysAskPolicy | AutoPolicy]):
    root: Annotated[
        AlwaysAllowPolicy | AlwaysAskPolicy | AutoPolicy,
        Field(description="How a tool call is permitted.", discriminator="type"),
    ]


class ToolDefaultConfig(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    enabled: Annotated[bool, Field(description="Whether the tools are offered to the model.")] = True
    permission_policy: Annotated[PermissionPolicy | None, Field(description="The default permission policy.")] = None


class ToolConfig(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[
        str,
        Field(
            description="The tool name (for the built-in toolset one of bash, read, write, edit, glob, grep, web_fetch, web_search).",
            max_length=128,
            min_length=1,
        ),
    ]
    type: Annotated[
        str | None,
        Field(
            description="The built-in toolset's configs repeat the tool name here (responses always do; the managed-agents clients read it to tell the configs apart). Optional on input, where it must equal `name`.",
            max_length=128,
            min_length=1,
        ),
    ] = None
    enabled: Annotated[
        bool | None, Field(description="Whether the tool is offered; inherits the default when absent.")
    ] = None
    permission_policy: Annotated[
        PermissionPolicy | None, Field(description="The tool's permission policy; inherits the default when absent.")
    ] = None


class AgentToolset(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["agent_toolset_20260401"], Field(description="Always `agent_toolset_20260401`.")]
    default_config: Annotated[
        ToolDefaultConfig | None,
        Field(description="Defaults for every tool (responses always materialize it; policy default `always_allow`)."),
    ] = None
    configs: Annotated[
        list[ToolConfig] | None, Field(description="Per-tool overrides, unique by name.", max_length=16)
    ] = None


class McpToolset(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["mcp_toolset"], Field(description="Always `mcp_toolset`.")]
    mcp_server_name: Annotated[
        str, Field(description="The `name` of an entry of the Agent's `mcp_servers`.", max_length=128, min_length=1)
    ]
    default_config: Annotated[
        ToolDefaultConfig | None, Field(description="Defaults for the server's tools (policy default `always_ask`).")
    ] = None
    configs: Annotated[
        list[ToolConfig] | None, Field(description="Per-tool overrides, unique by name.", max_length=128)
    ] = None


class CustomTool(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["custom"], Field(description="Always `custom`.")]
    name: Annotated[
        str,
        Field(
            description="The tool name, unique within the Agent.",
            max_length=128,
            min_length=1,
            pattern="^[a-zA-Z0-9_-]+$",
        ),
    ]
    description: Annotated[
        str | None, Field(description="What the tool does, shown to the model.", max_length=4096)
    ] = None
    input_schema: Annotated[
        dict[str, Any], Field(description="A JSON Schema object (`type` object) for the tool input.", max_length=64)
    ]


class AgentTool(RootModel[AgentToolset | McpToolset | CustomTool]):
    root: Annotated[
        AgentToolset | McpToolset | CustomTool,
        Field(description="One entry of an Agent's `tools`.", discriminator="type"),
    ]


class McpServer(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["url"], Field(description="Always `url`.")]
    name: Annotated[
        str,
        Field(description="A name unique within the Agent, referenced by `mcp_toolset`.", max_length=128, min_length=1),
    ]
    url: Annotated[
        str,
        Field(
            description="The server's streamable HTTP endpoint. A URL carrying a credential (`user:pass@`, or a query parameter such as `token`, `access_token`, `api_key`, `apikey`, `key`, `secret`, `password` or `auth`) answers 400: put the credential in a vault.",
            max_length=2048,
        ),
    ]


class CompactionConfig(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Annotated[Literal["extractive", "summary"], Field(description="`extractive` or `summary`.")]
    max_summary_tokens: Annotated[
        int | None,
        Field(
            description="The most output tokens the summary call may use (default 1024; also capped by the room compaction leaves the summary).",
            ge=64,
            le=8192,
        ),
    ] = None


class SkillRef(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["custom"], Field(description="Always `custom`.")]
    skill_id: Annotated[str, Field(description="The Skill id.", max_length=64)]
    version: Annotated[
        str | None, Field(description="A concrete version, or `latest` (requests only; the default).", max_length=32)
    ] = None


class RosterMemberParam(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["agent", "self", "advisor"], Field(description="The kind of member.")]
    id: Annotated[
        str | None, Field(description="The Agent id (`agent` members only).", max_length=64, min_length=1)
    ] = None
    version: Annotated[
        int | None,
        Field(description="The Agent version (`agent` members only); the latest when absent.", ge=1, le=2147483647),
    ] = None
    model: Annotated[ModelParam | None, Field(description="The Advisor's model (`advisor` members only).")] = None


class RosterEntryParam1(RootModel[str]):
    root: Annotated[
        str,
        Field(description="A roster member; a bare Agent id means its latest version.", max_length=64, min_length=1),
    ]


class RosterEntryParam(RootModel[RosterEntryParam1 | RosterMemberParam]):
    root: Annotated[
        RosterEntryParam1 | RosterMemberParam,
        Field(description="A roster member; a bare Agent id means its latest version."),
    ]


class MultiagentParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["coordinator"], Field(description="Always `coordinator`.")]
    agents: Annotated[
        list[RosterEntryParam],
        Field(
            description="The roster (1-20 members; at most one Advisor; members may not be coordinators themselves).",
            max_length=20,
            min_length=1,
        ),
    ]


class RosterAgent(BaseModel):
    type: Annotated[Literal["agent"], Field(description="Always `agent`.")]
    id: Annotated[str, Field(description="The Agent id.", max_length=64)]
    version: Annotated[int, Field(description="The pinned version.", ge=1, le=2147483647)]


class RosterAdvisor(BaseModel):
    type: Annotated[Literal["advisor"], Field(description="Always `advisor`.")]
    model: Annotated[ModelConfig, Field(description="The Advisor's model.")]


class RosterEntry(RootModel[RosterAgent | RosterAdvisor]):
    root: Annotated[
        RosterAgent | RosterAdvisor, Field(description="A roster member as responses show it.", discriminator="type")
    ]


class Multiagent(BaseModel):
    type: Annotated[Literal["coordinator"], Field(description="Always `coordinator`.")]
    agents: Annotated[list[RosterEntry], Field(description="The roster.", max_length=20, min_length=1)]


class AgentWarning(BaseModel):
    type: Annotated[Literal["tool_disabled"], Field(description="Always `tool_disabled`.")]
    tool_name: Annotated[str, Field(description="The built-in tool concerned.", max_length=64)]
    message: Annotated[str, Field(description="What was applied and why.", max_length=1024)]


class SelfHostedConfig(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["self_hosted"], Field(description="Always `self_hosted`.")]


class EnvironmentConfig(RootModel[SelfHostedConfig]):
    root: Annotated[
        SelfHostedConfig, Field(description="Where tools run. Only `self_hosted` exists.", discriminator="type")
    ]


class EnvironmentCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(description="A name unique in the Workspace.", max_length=256, min_length=1)]
    description: Annotated[str | None, Field(description="What the Environment is for.", max_length=2048)] = None
    config: Annotated[EnvironmentConfig | None, Field(description='Defaults to `{"type":"self_hosted"}`.')] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs.")] = None


class EnvironmentUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str | None, Field(description="A name unique in the Workspace.", max_length=256, min_length=1)] = (
        None
    )
    description: Annotated[str | None, Field(description="What the Environment is for.", max_length=2048)] = None
    config: Annotated[EnvironmentConfig | None, Field(description="The configuration.")] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs (full replacement).")] = None


class Environment(BaseModel):
    type: Annotated[Literal["environment"], Field(description="Always `environment`.")]
    id: Annotated[str, Field(description="The Environment id (`env_...`).", max_length=64)]
    name: Annotated[str, Field(description="The name, unique in the Workspace.", max_length=256)]
    description: Annotated[str | None, Field(description="What the Environment is for.", max_length=2048)]
    config: Annotated[EnvironmentConfig, Field(description="The configuration.")]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When it was archived.")]


class EnvironmentList(BaseModel):
    data: Annotated[list[Environment], Field(description="The Environments.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class EnvironmentDeleted(BaseModel):
    type: Annotated[Literal["environment_deleted"], Field(description="Always `environment_deleted`.")]
    id: Annotated[str, Field(description="The deleted Environment id.", max_length=64)]


class WorkState(RootModel[Literal["queued", "starting", "active", "stopping", "stopped"]]):
    root: Annotated[
        Literal["queued", "starting", "active", "stopping", "stopped"],
        Field(
            description="Work lifecycle: `queued` -> `starting` (acknowledged) -> `active` (heartbeating) -> `stopping` -> `stopped`."
        ),
    ]


class SessionWorkData(BaseModel):
    type: Annotated[Literal["session"], Field(description="Always `session`.")]
    id: Annotated[str, Field(description="The Session id.", max_length=64)]


class SessionTeardownWorkData(BaseModel):
    type: Annotated[Literal["session_teardown"], Field(description="Always `session_teardown`.")]
    id: Annotated[str, Field(description="The deleted Session's id.", max_length=64)]


class HealthcheckResult(BaseModel):
    status: Annotated[Literal["healthy", "unhealthy"], Field(description="The worker's verdict.")]
    message: Annotated[str | None, Field(description="A short explanation.", max_length=2048)]
    worker_id: Annotated[str | None, Field(description="The reporting worker's id.", max_length=128)]
    worker_version: Annotated[str | None, Field(description="The reporting worker's version.", max_length=64)] = None
    reported_at: Annotated[AwareDatetime, Field(description="When the result was recorded.")]


class HealthcheckCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    metadata: Annotated[Metadata | None, Field(description="Pairs copied to the Work item.")] = None


class HealthcheckResultParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    status: Annotated[Literal["healthy", "unhealthy"], Field(description="The worker's verdict.")]
    message: Annotated[str | None, Field(description="A short explanation.", max_length=2048)] = None
    worker_id: Annotated[str | None, Field(description="The reporting worker's id.", max_length=128)] = None
    worker_version: Annotated[str | None, Field(description="The reporting worker's version.", max_length=64)] = None


class WorkError(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["session_input_failed_error"], Field(description="The failure type.")]
    message: Annotated[
        str,
        Field(
            description="What could not be prepared; shown in the `session.error` event. No secrets.",
            max_length=2048,
            min_length=1,
        ),
    ]


class WorkStopParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    force: Annotated[bool, Field(description="Stop at once (`stopped`) instead of asking (`stopping`).")] = False


class WorkFailParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    error: Annotated[WorkError, Field(description="The terminal input failure.")]


class AllowedHost(RootModel[str]):
    root: Annotated[str, Field(max_length=253)]


class HeartbeatResponse(BaseModel):
    type: Annotated[Literal["work_heartbeat"], Field(description="Always `work_heartbeat`.")]
    last_heartbeat: Annotated[
        str, Field(description="Opaque token to pass as `expected_last_heartbeat` next time.", max_length=64)
    ]
    lease_extended: Annotated[bool, Field(description="Whether the lease was renewed; false means stop executing.")]
    state: Annotated[WorkState, Field(description="The item's state; `stopping` or `stopped` means stop executing.")]
    ttl_seconds: Annotated[int, Field(description="Seconds the lease lasts from now.", ge=0, le=300)]


class ToolCallState(RootModel[Literal["started", "completed", "ambiguous"]]):
    root: Annotated[
        Literal["started", "completed", "ambiguous"],
        Field(
            description="Where a worker-run tool call stands in the operation journal: `started` (recorded before it runs), then `completed` (its `user.tool_result` was recorded) or `ambiguous` (the worker that started it stopped before a result: it may or may not have taken effect and is never run again)."
        ),
    ]


class ToolCall(BaseModel):
    type: Annotated[Literal["tool_call"], Field(description="Always `tool_call`.")]
    id: Annotated[str, Field(description="The `agent.tool_use` event id, as the request named it.", max_length=64)]
    session_thread_id: Annotated[
        str | None,
        Field(description="The child Thread whose call it is; null for the primary Thread's.", max_length=64),
    ]
    name: Annotated[str, Field(description="The tool name.", max_length=128)]
    state: Annotated[
        ToolCallState,
        Field(description="`started`: this request started it, run it now. Anything else: do not run it."),
    ]
    work_id: Annotated[
        str | None,
        Field(description="The Work item whose lease started it; null when a Workspace key started it.", max_length=64),
    ]
    started_at: Annotated[AwareDatetime, Field(description="When it was started.")]
    finished_at: Annotated[
        AwareDatetime | None, Field(description="When it became `completed` or `ambiguous`; null while `started`.")
    ]


class ToolCallStartParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The originating Thread's id, when not the primary Thread (as on `user.tool_result`).",
            max_length=64,
        ),
    ] = None


class QueueStats(BaseModel):
    type: Annotated[Literal["work_queue_stats"], Field(description="Always `work_queue_stats`.")]
    depth: Annotated[int, Field(description="Items queued and not claimed.", ge=0, le=2147483647)]
    pending: Annotated[int, Field(description="Items claimed by Poll but not acknowledged.", ge=0, le=2147483647)]
    oldest_queued_at: Annotated[AwareDatetime | None, Field(description="Enqueue time of the oldest queued item.")]
    workers_polling: Annotated[
        int, Field(description="Distinct workers seen polling in the last 30 seconds.", ge=0, le=2147483647)
    ]


class SessionStatus(RootModel[Literal["idle", "running", "rescheduling", "terminated"]]):
    root: Annotated[
        Literal["idle", "running", "rescheduling", "terminated"],
        Field(
            description="`idle` (waiting for input), `running`, `rescheduling` (transient retry) or `terminated` (unrecoverable or archived)."
        ),
    ]


class AgentRef(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["agent"], Field(description="Always `agent`.")]
    id: Annotated[str, Field(description="The Agent id.", max_length=64)]
    version: Annotated[
        int | None, Field(description="The Agent version; the latest when absent.", ge=1, le=2147483647)
    ] = None


class AgentRefParam1(RootModel[str]):
    root: Annotated[
        str, Field(description="An Agent id (latest version), or an AgentRef.", max_length=64, min_length=1)
    ]


class AgentRefParam(RootModel[AgentRefParam1 | AgentRef]):
    root: Annotated[AgentRefParam1 | AgentRef, Field(description="An Agent id (latest version), or an AgentRef.")]


class MemoryStoreResourceParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["memory_store"], Field(description="Always `memory_store`.")]
    memory_store_id: Annotated[str, Field(description="The Memory Store id.", max_length=64)]
    access: Annotated[Literal["read_only", "read_write"], Field(description="Whether the Session may write memories.")]
    mount_path: Annotated[
        str | None,
        Field(
            description="Absolute path in the worker's workspace where the store is mirrored; a default under the workspace when null.",
            max_length=1024,
        ),
    ] = None
    instructions: Annotated[
        str | None, Field(description="Guidance for the agent about this store.", max_length=4096)
    ] = None


class SessionResource(BaseModel):
    type: Annotated[Literal["memory_store"], Field(description="Always `memory_store`.")]
    memory_store_id: Annotated[str, Field(description="The Memory Store id.", max_length=64)]
    access: Annotated[Literal["read_only", "read_write"], Field(description="Whether the Session may write memories.")]
    mount_path: Annotated[str | None, Field(description="Where workers mirror the store.", max_length=1024)]
    instructions: Annotated[str | None, Field(description="Guidance for the agent about this store.", max_length=4096)]
    name: Annotated[str, Field(description="The store's name at attachment time.", max_length=256)]
    description: Annotated[
        str | None, Field(description="The store's description at attachment time.", max_length=2048)
    ]


class VaultId(RootModel[str]):
    root: Annotated[str, Field(max_length=64)]


class ModelUsage(BaseModel):
    input_tokens: Annotated[int, Field(description="Uncached input tokens.", ge=0, le=9007199254740991)]
    output_tokens: Annotated[int, Field(description="Output tokens.", ge=0, le=9007199254740991)]
    cache_creation_input_tokens: Annotated[
        int, Field(description="Input tokens written to the prompt cache.", ge=0, le=9007199254740991)
    ]
    cache_read_input_tokens: Annotated[
        int, Field(description="Input tokens read from the prompt cache.", ge=0, le=9007199254740991)
    ]


class Money(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    amount: Annotated[
        str,
        Field(
            description="A decimal amount in US dollars, for example `1.25`.",
            max_length=32,
            pattern="^[0-9]{1,12}(\\.[0-9]{1,6})?$",
        ),
    ]
    currency: Annotated[Literal["USD"], Field(description="Always `USD`.")]


class SessionBudget(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["limit"], Field(description="Always `limit`.")]
    max_list_cost: Annotated[
        Money | None, Field(description="The most the Session may cost at list prices; null for no cost limit.")
    ] = None
    max_tokens: Annotated[
        int | None,
        Field(
            description="The most input plus output tokens the Session may use; null for no token limit.",
            ge=1,
            le=9007199254740991,
        ),
    ] = None


class ServerToolUsage(BaseModel):
    web_search_requests: Annotated[
        int, Field(description="Web searches run by the provider.", ge=0, le=9007199254740991)
    ]
    web_fetch_requests: Annotated[int, Field(description="Web fetches run by the provider.", ge=0, le=9007199254740991)]


class SessionUsage(BaseModel):
    input_tokens: Annotated[int, Field(description="Uncached input tokens.", ge=0, le=9007199254740991)]
    output_tokens: Annotated[int, Field(description="Output tokens.", ge=0, le=9007199254740991)]
    cache_creation_input_tokens: Annotated[
        int, Field(description="Input tokens written to the prompt cache.", ge=0, le=9007199254740991)
    ]
    cache_read_input_tokens: Annotated[
        int, Field(description="Input tokens read from the prompt cache.", ge=0, le=9007199254740991)
    ]
    server_tool_use: Annotated[ServerToolUsage, Field(description="Provider-executed tool calls.")]
    list_cost: Annotated[
        Money | None,
        Field(
            description="The cost at the embedded list prices; null when a request used a model without a list price."
        ),
    ]


class SessionStats(BaseModel):
    active_seconds: Annotated[float, Field(description="Seconds spent running.", ge=0.0, le=1000000000000.0)]
    duration_seconds: Annotated[
        float, Field(description="Seconds since creation (until termination).", ge=0.0, le=1000000000000.0)
    ]


class EndTurnStopReason(BaseModel):
    type: Annotated[Literal["end_turn"], Field(description="Always `end_turn`.")]


class EventId(RootModel[str]):
    root: Annotated[str, Field(max_length=64)]


class RequiresActionStopReason(BaseModel):
    type: Annotated[Literal["requires_action"], Field(description="Always `requires_action`.")]
    event_ids: Annotated[
        list[EventId],
        Field(
            description="Ids of the unresolved `agent.tool_use`, `agent.mcp_tool_use` and `agent.custom_tool_use` events.",
            max_length=256,
            min_length=1,
        ),
    ]


class RetriesExhaustedStopReason(BaseModel):
    type: Annotated[Literal["retries_exhausted"], Field(description="Always `retries_exhausted`.")]


class MaxTokensStopReason(BaseModel):
    type: Annotated[Literal["max_tokens"], Field(description="Always `max_tokens`.")]


class BudgetReachedStopReason(BaseModel):
    type: Annotated[Literal["budget_reached"], Field(description="Always `budget_reached`.")]


class ContextOverflowStopReason(BaseModel):
    type: Annotated[Literal["context_overflow"], Field(description="Always `context_overflow`.")]
    input_tokens: Annotated[
        int, Field(description="The estimated input tokens of the last refused request.", ge=0, le=9007199254740991)
    ]


class CredentialFailedStopReason(BaseModel):
    type: Annotated[Literal["credential_failed"], Field(description="Always `credential_failed`.")]
    mcp_server_name: Annotated[
        str, Field(description="The Agent's MCP server whose credential failed.", max_length=256)
    ]
    vault_id: Annotated[
        str | None,
        Field(
            description="The vault holding the credential; null when no vault of the Session holds one for the server.",
            max_length=64,
        ),
    ]
    credential_id: Annotated[
        str | None,
        Field(
            description="The failed credential; null when no vault of the Session holds one for the server.",
            max_length=64,
        ),
    ]
    message: Annotated[str, Field(description="Why the credential failed.", max_length=1000)]


class WorkerFailedStopReason(BaseModel):
    type: Annotated[Literal["worker_failed"], Field(description="Always `worker_failed`.")]
    work_id: Annotated[str, Field(description="The failed Work item.", max_length=64)]
    environment_id: Annotated[str, Field(description="Its Environment.", max_length=64)]
    message: Annotated[str, Field(description="The worker's error message.", max_length=1000)]


class StopReason(
    RootModel[
        EndTurnStopReason
        | RequiresActionStopReason
        | RetriesExhaustedStopReason
        | MaxTokensStopReason
        | BudgetReachedStopReason
        | ContextOverflowStopReason
        | CredentialFailedStopReason
        | WorkerFailedStopReason
    ]
):
    root: Annotated[
        EndTurnStopReason | RequiresActionStopReason | RetriesExhaustedStopReason | MaxTokensStopReason | BudgetReachedStopReason | ContextOverflowStopReason | CredentialFailedStopReason | WorkerFailedStopReason,
        Field(
            description="Why a Session went idle (or, for `worker_failed`, why it was terminated).",
            discriminator="type",
        ),
    ]


class WorkId(RootModel[str]):
    root: Annotated[str, Field(max_length=64)]


class WorkerUnavailableStall(BaseModel):
    type: Annotated[Literal["worker_unavailable"], Field(description="Always `worker_unavailable`.")]
    environment_id: Annotated[str, Field(description="The Environment without a live worker.", max_length=64)]
    work_ids: Annotated[
        list[WorkId], Field(description="The queued Work items nobody claimed.", max_length=256, min_length=1)
    ]
    since: Annotated[AwareDatetime, Field(description="When the oldest of them was queued.")]


class ThreadBlockedStall(BaseModel):
    type: Annotated[Literal["thread_blocked"], Field(description="Always `thread_blocked`.")]
    session_thread_id: Annotated[str, Field(description="The blocked child Thread.", max_length=64)]
    stop_reason: Annotated[StopReason, Field(description="The child Thread's own stop reason.")]


class SessionStall(RootModel[WorkerUnavailableStall | ThreadBlockedStall]):
    root: Annotated[
        WorkerUnavailableStall | ThreadBlockedStall,
        Field(
            description="Something the Session waits on while it is not idle on its own account.", discriminator="type"
        ),
    ]


class McpServerError(BaseModel):
    message: Annotated[str, Field(description="What failed (never a credential's secret).", max_length=4096)]
    at: Annotated[AwareDatetime, Field(description="When it happened.")]


class SessionDeleted(BaseModel):
    type: Annotated[Literal["session_deleted"], Field(description="Always `session_deleted`.")]
    id: Annotated[str, Field(description="The deleted Session id.", max_length=64)]


class TextBlock(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["text"], Field(description="Always `text`.")]
    text: Annotated[str, Field(description="The text.", max_length=1000000)]


class TextDocumentSource(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["text"], Field(description="Always `text`.")]
    media_type: Annotated[Literal["text/plain"], Field(description="Always `text/plain`.")]
    data: Annotated[str, Field(description="The text.", max_length=1000000)]


class Base64DocumentSource(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["base64"], Field(description="Always `base64`.")]
    media_type: Annotated[
        Literal["application/pdf", "text/plain"],
        Field(description="The document's media type; a PDF's bytes must begin with `%PDF-`."),
    ]
    data: Annotated[
        str,
        Field(
            description="Standard base64 of the bytes (at most 32 MiB decoded; the server's PDF limit may be lower).",
            max_length=44739244,
        ),
    ]


class FileDocumentSource(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["file"], Field(description="Always `file`.")]
    file_id: Annotated[str, Field(description="The File id.", max_length=64)]


class DocumentSource(RootModel[TextDocumentSource | Base64DocumentSource | FileDocumentSource]):
    root: Annotated[
        TextDocumentSource | Base64DocumentSource | FileDocumentSource,
        Field(description="Where a document's bytes come from.", discriminator="type"),
    ]


class DocumentBlock(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["document"], Field(description="Always `document`.")]
    source: Annotated[DocumentSource, Field(description="The document's bytes.")]
    title: Annotated[str | None, Field(description="A title shown to the model.", max_length=512)] = None
    context: Annotated[
        str | None, Field(description="Context about the document shown to the model.", max_length=10000)
    ] = None


class Base64ImageSource(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["base64"], Field(description="Always `base64`.")]
    media_type: Annotated[
        Literal["image/png", "image/jpeg", "image/gif", "image/webp"],
        Field(description="The image's media type, checked against its bytes."),
    ]
    data: Annotated[
        str,
        Field(
            description="Standard base64 of the bytes (the server's image limit applies, 5 MiB by default).",
            max_length=44739244,
        ),
    ]


class ImageSource(RootModel[Base64ImageSource | FileDocumentSource]):
    root: Annotated[
        Base64ImageSource | FileDocumentSource,
        Field(description="Where an image's bytes come from.", discriminator="type"),
    ]


class ImageBlock(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["image"], Field(description="Always `image`.")]
    source: Annotated[ImageSource, Field(description="The image's bytes.")]


class UserContentBlock(RootModel[TextBlock | ImageBlock | DocumentBlock]):
    root: Annotated[
        TextBlock | ImageBlock | DocumentBlock,
        Field(description="A block of a `user.message` or a custom tool result.", discriminator="type"),
    ]


class UserMessageEvent(BaseModel):
    type: Annotated[Literal["user.message"], Field(description="Always `user.message`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[
        AwareDatetime | None, Field(description="When the agent consumed the event; null while queued.")
    ]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events).", max_length=64
        ),
    ] = None
    content: Annotated[
        list[UserContentBlock], Field(description="Text, image and document blocks.", max_length=100, min_length=1)
    ]


class UserInterruptEvent(BaseModel):
    type: Annotated[Literal["user.interrupt"], Field(description="Always `user.interrupt`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[
        AwareDatetime | None, Field(description="When the interrupt took effect; null while queued.")
    ]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None, Field(description="The thread to interrupt; absent interrupts every thread.", max_length=64)
    ] = None


class UserToolConfirmationEvent(BaseModel):
    type: Annotated[Literal["user.tool_confirmation"], Field(description="Always `user.tool_confirmation`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[
        AwareDatetime | None, Field(description="When the confirmation was consumed; null while queued.")
    ]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None, Field(description="The Thread the event belongs to: the originating Thread, echoed.", max_length=64)
    ] = None
    tool_use_id: Annotated[
        str, Field(description="The id of the `agent.tool_use` or `agent.mcp_tool_use` event.", max_length=64)
    ]
    result: Annotated[Literal["allow", "deny"], Field(description="The decision.")]
    deny_message: Annotated[str | None, Field(description="Shown to the model when denied.", max_length=4096)] = None


class UserToolResultEvent(BaseModel):
    type: Annotated[Literal["user.tool_result"], Field(description="Always `user.tool_result`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the result was consumed; null while queued.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None, Field(description="The Thread the event belongs to: the originating Thread, echoed.", max_length=64)
    ] = None
    tool_use_id: Annotated[str, Field(description="The id of the `agent.tool_use` event answered.", max_length=64)]
    content: Annotated[list[TextBlock], Field(description="The tool output.", max_length=100)]
    is_error: Annotated[bool, Field(description="Whether the tool failed.")]


class UserCustomToolResultEvent(BaseModel):
    type: Annotated[Literal["user.custom_tool_result"], Field(description="Always `user.custom_tool_result`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the result was consumed; null while queued.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None, Field(description="The Thread the event belongs to: the originating Thread, echoed.", max_length=64)
    ] = None
    custom_tool_use_id: Annotated[
        str, Field(description="The id of the `agent.custom_tool_use` event answered.", max_length=64)
    ]
    content: Annotated[list[UserContentBlock], Field(description="The tool output.", max_length=100)]
    is_error: Annotated[bool, Field(description="Whether the tool failed.")]


class AgentMessageEvent(BaseModel):
    type: Annotated[Literal["agent.message"], Field(description="Always `agent.message`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    content: Annotated[list[TextBlock], Field(description="Text blocks.", max_length=100)]


class AgentThinkingEvent(BaseModel):
    type: Annotated[Literal["agent.thinking"], Field(description="Always `agent.thinking`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None


class AgentToolResultEvent(BaseModel):
    type: Annotated[Literal["agent.tool_result"], Field(description="Always `agent.tool_result`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    tool_use_id: Annotated[str, Field(description="The `agent.tool_use` event answered.", max_length=64)]
    content: Annotated[list[TextBlock], Field(description="The tool output.", max_length=100)]
    is_error: Annotated[bool, Field(description="Whether the tool failed.")]
    outcome: Annotated[
        Literal["completed", "ambiguous"] | None,
        Field(
            description="`ambiguous`: the call was started (`web_fetch` by Mango, a built-in by a worker) but its executor stopped before a result was recorded, so it may or may not have taken effect; it was not run again and the model got an error result saying so. Absent (or `completed`) when the executor reported this result."
        ),
    ] = None


class PermissionEvaluation(BaseModel):
    decision: Annotated[
        Literal["allow", "ask", "deny"],
        Field(
            description="`allow` runs the call, `ask` waits for a `user.tool_confirmation`, `deny` gives the model an error result without running it."
        ),
    ]
    reason_type: Annotated[
        str,
        Field(
            description="`routine`, `uncertain`, `high_risk` or `indeterminate` (the evaluator failed); clients must accept unknown types.",
            max_length=64,
        ),
    ]
    reason: Annotated[str, Field(description="The evaluator's explanation.", max_length=1000)]


class AgentMcpToolUseEvent(BaseModel):
    type: Annotated[Literal["agent.mcp_tool_use"], Field(description="Always `agent.mcp_tool_use`.")]
    id: Annotated[
        str, Field(description="The event id (`sevt_...`), used as `tool_use_id` in a confirmation.", max_length=64)
    ]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    mcp_server_name: Annotated[str, Field(description="The MCP server's name.", max_length=128)]
    name: Annotated[str, Field(description="The tool name.", max_length=128)]
    input: Annotated[dict[str, Any], Field(description="The tool input.", max_length=64)]
    evaluated_permission: Annotated[
        Literal["allow", "ask", "deny"], Field(description="The permission decision for this call.")
    ]
    evaluation: Annotated[
        PermissionEvaluation | None,
        Field(description="How the `auto` evaluator decided; absent for `always_allow` and `always_ask`."),
    ] = None
    source_event_id: Annotated[
        str | None, Field(description="For a relayed child action, the id of the originating event.", max_length=64)
    ] = None


class AgentMcpToolResultEvent(BaseModel):
    type: Annotated[Literal["agent.mcp_tool_result"], Field(description="Always `agent.mcp_tool_result`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    mcp_tool_use_id: Annotated[str, Field(description="The `agent.mcp_tool_use` event answered.", max_length=64)]
    content: Annotated[list[TextBlock], Field(description="The tool output (or its preview).", max_length=100)]
    is_error: Annotated[bool, Field(description="Whether the tool failed.")]
    outcome: Annotated[
        Literal["completed", "ambiguous"] | None,
        Field(
            description="`ambiguous`: the call was sent (or may have been) but its answer was lost (the connection broke, or the orchestrator stopped mid-call), so it may or may not have taken effect; it was not sent again and the model got an error result saying so. Absent (or `completed`) when the MCP server answered."
        ),
    ] = None
    file_id: Annotated[
        str | None,
        Field(description="The File holding the full result when it was too large for the event.", max_length=64),
    ] = None
    file_size_bytes: Annotated[
        int | None,
        Field(
            description="With `file_id`: the File's size, so a worker can verify its download.",
            ge=0,
            le=9007199254740991,
        ),
    ] = None
    file_sha256: Annotated[
        str | None,
        Field(
            description="With `file_id`: the SHA-256 of the File's bytes (lowercase hex), so a worker can verify its download.",
            max_length=64,
            pattern="^[0-9a-f]{64}$",
        ),
    ] = None


class AgentCustomToolUseEvent(BaseModel):
    type: Annotated[Literal["agent.custom_tool_use"], Field(description="Always `agent.custom_tool_use`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`), used as `custom_tool_use_id`.", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    name: Annotated[str, Field(description="The custom tool name.", max_length=128)]
    input: Annotated[dict[str, Any], Field(description="The tool input.", max_length=64)]
    source_event_id: Annotated[
        str | None, Field(description="For a relayed child action, the id of the originating event.", max_length=64)
    ] = None


class AgentThreadContextCompactedEvent(BaseModel):
    type: Annotated[
        Literal["agent.thread_context_compacted"], Field(description="Always `agent.thread_context_compacted`.")
    ]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    pre_tokens: Annotated[
        int | None,
        Field(description="The measured input tokens of the request before compaction.", ge=0, le=9007199254740991),
    ] = None
    post_tokens: Annotated[
        int | None, Field(description="The estimated input tokens of the compacted request.", ge=0, le=9007199254740991)
    ] = None
    mode: Annotated[
        str | None,
        Field(
            description="How the context was compacted: `extractive`, `summary` (a model-written summary, when the Agent asks for it), or `extractive_aggressive` after a provider refusal. Clients must accept unknown modes.",
            max_length=64,
        ),
    ] = None
    summary_fallback: Annotated[
        str | None,
        Field(
            description="Present when the Agent asked for a model-written summary and the summary call failed: why the extractive summary was used instead.",
            max_length=1024,
        ),
    ] = None


class SessionStatusRunningEvent(BaseModel):
    type: Annotated[Literal["session.status_running"], Field(description="Always `session.status_running`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None


class SessionStatusIdleEvent(BaseModel):
    type: Annotated[Literal["session.status_idle"], Field(description="Always `session.status_idle`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    stop_reason: Annotated[StopReason, Field(description="Why the Session went idle.")]


class SessionStatusRescheduledEvent(BaseModel):
    type: Annotated[Literal["session.status_rescheduled"], Field(description="Always `session.status_rescheduled`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None


class SessionStatusTerminatedEvent(BaseModel):
    type: Annotated[Literal["session.status_terminated"], Field(description="Always `session.status_terminated`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    stop_reason: Annotated[
        WorkerFailedStopReason | None,
        Field(
            description="Present when a worker's permanent failure ended the Session: the failed Work item and its error."
        ),
    ] = None


class RetryStatus(BaseModel):
    type: Annotated[
        Literal["retrying", "exhausted", "terminal"],
        Field(
            description="`retrying`: the server retries; `exhausted`: the turn is dead and the Session idles; `terminal`: the Session is terminated."
        ),
    ]


class SessionError(BaseModel):
    type: Annotated[
        str,
        Field(
            description="Error type, for example `model_overloaded_error`, `model_rate_limited_error`, `model_request_failed_error`, `mcp_connection_failed_error`, `session_input_failed_error`, `unknown_error`. Clients must accept unknown types.",
            max_length=64,
        ),
    ]
    message: Annotated[str, Field(description="A human-readable explanation.", max_length=4096)]
    retry_status: Annotated[RetryStatus, Field(description="What happens next.")]
    mcp_server_name: Annotated[
        str | None, Field(description="The MCP server concerned, for MCP errors.", max_length=128)
    ] = None


class SessionErrorEvent(BaseModel):
    type: Annotated[Literal["session.error"], Field(description="Always `session.error`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    error: Annotated[SessionError, Field(description="The error.")]


class SessionUpdatedEvent(BaseModel):
    type: Annotated[Literal["session.updated"], Field(description="Always `session.updated`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    title: Annotated[str | None, Field(description="The new title, when it changed.", max_length=512)] = None
    metadata: Annotated[Metadata | None, Field(description="The new metadata, when it changed.")] = None
    budget: Annotated[
        SessionBudget | None, Field(description="The new budget, when it changed (null when removed).")
    ] = None
    vault_ids: Annotated[
        list[VaultId] | None, Field(description="The new vault ids, when they changed.", max_length=8)
    ] = None


class SessionUsageEvent(BaseModel):
    type: Annotated[Literal["session.usage"], Field(description="Always `session.usage`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    usage: Annotated[SessionUsage, Field(description="Cumulative usage.")]
    budget: Annotated[SessionBudget | None, Field(description="The Session's budget; null when it has none.")]


class SessionDeletedEvent(BaseModel):
    type: Annotated[Literal["session.deleted"], Field(description="Always `session.deleted`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the deletion was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None


class SpanModelRequestStartEvent(BaseModel):
    type: Annotated[Literal["span.model_request_start"], Field(description="Always `span.model_request_start`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None


class SpanModelRequestEndEvent(BaseModel):
    type: Annotated[Literal["span.model_request_end"], Field(description="Always `span.model_request_end`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    model_request_start_id: Annotated[
        str, Field(description="The matching `span.model_request_start` event id.", max_length=64)
    ]
    is_error: Annotated[bool, Field(description="Whether the request failed.")]
    model_usage: Annotated[ModelUsage, Field(description="Tokens used by this request.")]


class AgentThreadMessageSentEvent(BaseModel):
    type: Annotated[Literal["agent.thread_message_sent"], Field(description="Always `agent.thread_message_sent`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[str | None, Field(description="The Thread the event is about.", max_length=64)] = None
    to_session_thread_id: Annotated[str, Field(description="The receiving Thread.", max_length=64)]
    to_agent_name: Annotated[str | None, Field(description="The receiving Thread's Agent name.", max_length=256)] = None
    content: Annotated[list[TextBlock], Field(description="The message text.", max_length=100)]


class AgentThreadMessageReceivedEvent(BaseModel):
    type: Annotated[
        Literal["agent.thread_message_received"], Field(description="Always `agent.thread_message_received`.")
    ]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[str | None, Field(description="The Thread the event is about.", max_length=64)] = None
    from_session_thread_id: Annotated[str, Field(description="The sending Thread.", max_length=64)]
    from_agent_name: Annotated[str | None, Field(description="The sending Thread's Agent name.", max_length=256)] = None
    content: Annotated[list[TextBlock], Field(description="The message text.", max_length=100)]


class SessionThreadCreatedEvent(BaseModel):
    type: Annotated[Literal["session.thread_created"], Field(description="Always `session.thread_created`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[str | None, Field(description="The Thread the event is about.", max_length=64)] = None
    agent_name: Annotated[str, Field(description="The Thread's Agent name.", max_length=256)]


class SessionThreadStatusRunningEvent(BaseModel):
    type: Annotated[
        Literal["session.thread_status_running"], Field(description="Always `session.thread_status_running`.")
    ]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[str | None, Field(description="The Thread the event is about.", max_length=64)] = None
    agent_name: Annotated[str, Field(description="The Thread's Agent name.", max_length=256)]


class SessionThreadStatusRescheduledEvent(BaseModel):
    type: Annotated[
        Literal["session.thread_status_rescheduled"], Field(description="Always `session.thread_status_rescheduled`.")
    ]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[str | None, Field(description="The Thread the event is about.", max_length=64)] = None
    agent_name: Annotated[str, Field(description="The Thread's Agent name.", max_length=256)]


class SessionThreadStatusIdleEvent(BaseModel):
    type: Annotated[Literal["session.thread_status_idle"], Field(description="Always `session.thread_status_idle`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[str | None, Field(description="The Thread the event is about.", max_length=64)] = None
    agent_name: Annotated[str, Field(description="The Thread's Agent name.", max_length=256)]
    stop_reason: Annotated[StopReason, Field(description="Why the Thread is idle.")]


class SessionThreadStatusTerminatedEvent(BaseModel):
    type: Annotated[
        Literal["session.thread_status_terminated"], Field(description="Always `session.thread_status_terminated`.")
    ]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[str | None, Field(description="The Thread the event is about.", max_length=64)] = None
    agent_name: Annotated[str, Field(description="The Thread's Agent name.", max_length=256)]


class UserMessageEventParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["user.message"], Field(description="Always `user.message`.")]
    content: Annotated[
        list[UserContentBlock], Field(description="Text, image and document blocks.", max_length=100, min_length=1)
    ]


class UserInterruptEventParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["user.interrupt"], Field(description="Always `user.interrupt`.")]
    session_thread_id: Annotated[
        str | None, Field(description="The thread to interrupt; absent interrupts every thread.", max_length=64)
    ] = None


class UserToolConfirmationEventParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["user.tool_confirmation"], Field(description="Always `user.tool_confirmation`.")]
    tool_use_id: Annotated[
        str, Field(description="The id of the `agent.tool_use` or `agent.mcp_tool_use` event.", max_length=64)
    ]
    result: Annotated[Literal["allow", "deny"], Field(description="The decision.")]
    deny_message: Annotated[str | None, Field(description="Shown to the model when denied.", max_length=4096)] = None
    session_thread_id: Annotated[
        str | None, Field(description="The originating thread's id, when not the primary thread.", max_length=64)
    ] = None


class UserToolResultEventParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["user.tool_result"], Field(description="Always `user.tool_result`.")]
    tool_use_id: Annotated[
        str,
        Field(
            description="The id of the `agent.tool_use` event answered; a second result for it answers 409.",
            max_length=64,
        ),
    ]
    content: Annotated[list[TextBlock] | None, Field(description="The tool output.", max_length=100)] = None
    is_error: Annotated[bool, Field(description="Whether the tool failed.")] = False
    session_thread_id: Annotated[
        str | None, Field(description="The originating thread's id, when not the primary thread.", max_length=64)
    ] = None


class UserCustomToolResultEventParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["user.custom_tool_result"], Field(description="Always `user.custom_tool_result`.")]
    custom_tool_use_id: Annotated[
        str,
        Field(
            description="The id of the `agent.custom_tool_use` event answered; a second result for it answers 409.",
            max_length=64,
        ),
    ]
    content: Annotated[list[UserContentBlock] | None, Field(description="The tool output.", max_length=100)] = None
    is_error: Annotated[bool, Field(description="Whether the tool failed.")] = False
    session_thread_id: Annotated[
        str | None, Field(description="The originating thread's id, when not the primary thread.", max_length=64)
    ] = None


class PreviewEventRef(BaseModel):
    type: Annotated[
        Literal["agent.message", "agent.thinking"], Field(description="The type of the event being previewed.")
    ]
    id: Annotated[str, Field(description="The id the persisted event will carry.", max_length=64)]


class PingEvent(BaseModel):
    type: Annotated[Literal["ping"], Field(description="Always `ping`.")]


class EventStartEvent(BaseModel):
    type: Annotated[Literal["event_start"], Field(description="Always `event_start`.")]
    event: Annotated[PreviewEventRef, Field(description="The event being previewed.")]


class ContentDelta(BaseModel):
    type: Annotated[Literal["content_delta"], Field(description="Always `content_delta`.")]
    index: Annotated[int, Field(description="The content block index the text belongs to.", ge=0, le=1000)]
    content: Annotated[TextBlock, Field(description="The appended text.")]


class EventDeltaEvent(BaseModel):
    type: Annotated[Literal["event_delta"], Field(description="Always `event_delta`.")]
    event_id: Annotated[str, Field(description="The id of the event being previewed.", max_length=64)]
    delta: Annotated[ContentDelta, Field(description="The appended content.")]


class FileUploadParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    file: Annotated[bytes, Field(description="The bytes; the part's filename and content type are recorded.")]


class File(BaseModel):
    type: Annotated[Literal["file"], Field(description="Always `file`.")]
    id: Annotated[str, Field(description="The File id (`file_...`).", max_length=64)]
    filename: Annotated[str, Field(description="The uploaded file name.", max_length=255)]
    mime_type: Annotated[
        str, Field(description="The media type given at upload (`application/octet-stream` when none).", max_length=255)
    ]
    size_bytes: Annotated[int, Field(description="Size in bytes.", ge=0, le=9007199254740991)]
    sha256: Annotated[str, Field(description="SHA-256 of the bytes, lower-case hex.", max_length=64, min_length=64)]
    created_at: Annotated[AwareDatetime, Field(description="Upload time.")]


class FileList(BaseModel):
    data: Annotated[list[File], Field(description="The Files.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]
    prev_page: Annotated[
        str | None, Field(description="Cursor for the previous page; null at the start.", max_length=512)
    ]


class FileDeleted(BaseModel):
    type: Annotated[Literal["file_deleted"], Field(description="Always `file_deleted`.")]
    id: Annotated[str, Field(description="The deleted File id.", max_length=64)]


class SkillCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    file: Annotated[bytes, Field(description="A zip archive with exactly one top-level folder holding `SKILL.md`.")]
    display_title: Annotated[
        str | None, Field(description="A human title; the SKILL.md name when absent.", max_length=256)
    ] = None


class SkillVersionCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    file: Annotated[bytes, Field(description="A zip archive with exactly one top-level folder holding `SKILL.md`.")]


class Skill(BaseModel):
    type: Annotated[Literal["skill"], Field(description="Always `skill`.")]
    id: Annotated[str, Field(description="The Skill id (`skill_...`).", max_length=64)]
    display_title: Annotated[str | None, Field(description="A human title.", max_length=256)]
    latest_version: Annotated[str, Field(description="The newest version (always concrete).", max_length=32)]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="When the last version was added or removed.")]


class SkillList(BaseModel):
    data: Annotated[list[Skill], Field(description="The Skills.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class SkillDeleted(BaseModel):
    type: Annotated[Literal["skill_deleted"], Field(description="Always `skill_deleted`.")]
    id: Annotated[str, Field(description="The deleted Skill id.", max_length=64)]


class SkillVersion(BaseModel):
    type: Annotated[Literal["skill_version"], Field(description="Always `skill_version`.")]
    id: Annotated[str, Field(description="The version's id.", max_length=64)]
    skill_id: Annotated[str, Field(description="The Skill id.", max_length=64)]
    version: Annotated[str, Field(description="The version (a decimal string, increasing).", max_length=32)]
    name: Annotated[str, Field(description="The name from SKILL.md.", max_length=256)]
    description: Annotated[str, Field(description="The description from SKILL.md.", max_length=4096)]
    directory: Annotated[str, Field(description="The archive's top-level folder name.", max_length=256)]
    archive_size_bytes: Annotated[int, Field(description="Size of the stored archive.", ge=0, le=9007199254740991)]
    archive_sha256: Annotated[
        str, Field(description="SHA-256 of the stored archive, lower-case hex.", max_length=64, min_length=64)
    ]
    expanded_size_bytes: Annotated[
        int, Field(description="Total size of the extracted members.", ge=0, le=9007199254740991)
    ]
    member_count: Annotated[int, Field(description="Number of regular files in the archive.", ge=1, le=100000)]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]


class SkillVersionList(BaseModel):
    data: Annotated[list[SkillVersion], Field(description="The versions.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class SkillVersionDeleted(BaseModel):
    type: Annotated[Literal["skill_version_deleted"], Field(description="Always `skill_version_deleted`.")]
    id: Annotated[str, Field(description="The deleted version's id.", max_length=64)]


class MemoryStoreCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(description="A human name.", max_length=256, min_length=1)]
    description: Annotated[
        str | None, Field(description="Shown to agents of Sessions that attach the store.", max_length=2048)
    ] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs.")] = None


class MemoryStoreUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str | None, Field(description="A human name.", max_length=256, min_length=1)] = None
    description: Annotated[
        str | None, Field(description="Shown to agents of Sessions that attach the store.", max_length=2048)
    ] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs (full replacement).")] = None


class MemoryStore(BaseModel):
    type: Annotated[Literal["memory_store"], Field(description="Always `memory_store`.")]
    id: Annotated[str, Field(description="The Memory Store id (`memstore_...`).", max_length=64)]
    name: Annotated[str, Field(description="A human name.", max_length=256)]
    description: Annotated[str | None, Field(description="Shown to agents.", max_length=2048)]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When it was archived.")]


class MemoryStoreList(BaseModel):
    data: Annotated[list[MemoryStore], Field(description="The Memory Stores.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class MemoryStoreDeleted(BaseModel):
    type: Annotated[Literal["memory_store_deleted"], Field(description="Always `memory_store_deleted`.")]
    id: Annotated[str, Field(description="The deleted Memory Store id.", max_length=64)]


class MemoryCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    path: Annotated[
        str,
        Field(
            description="A relative slash-separated path such as `notes/todo.md` (no `..`), unique in the store; one leading slash (`/notes/todo.md`, as the managed-agents clients write it) names the same path.",
            max_length=1024,
            min_length=1,
        ),
    ]
    content: Annotated[str, Field(description="UTF-8 text (at most 100 KiB).", max_length=102400)]


class MemoryPrecondition(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["content_sha256"], Field(description="Always `content_sha256`.")]
    content_sha256: Annotated[
        str,
        Field(
            description="The expected SHA-256, lower-case hex.", max_length=64, min_length=64, pattern="^[0-9a-f]{64}$"
        ),
    ]


class MemoryUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    path: Annotated[str | None, Field(description="A new path (rename).", max_length=1024, min_length=1)] = None
    content: Annotated[str | None, Field(description="New UTF-8 content (at most 100 KiB).", max_length=102400)] = None
    precondition: Annotated[
        MemoryPrecondition | None,
        Field(description="Optimistic concurrency check (409 `memory_precondition_failed_error` on mismatch)."),
    ] = None


class Memory(BaseModel):
    type: Annotated[Literal["memory"], Field(description="Always `memory`.")]
    id: Annotated[str, Field(description="The memory id (`mem_...`).", max_length=64)]
    memory_store_id: Annotated[str, Field(description="The Memory Store id.", max_length=64)]
    path: Annotated[str, Field(description="The path in the store.", max_length=1024)]
    content: Annotated[
        str | None, Field(description="The content with view `full`; null with view `basic`.", max_length=102400)
    ]
    content_sha256: Annotated[
        str, Field(description="SHA-256 of the content, lower-case hex.", max_length=64, min_length=64)
    ]
    content_size_bytes: Annotated[int, Field(description="Size of the content in bytes.", ge=0, le=102400)]
    memory_version_id: Annotated[
        str, Field(description="The memory version holding the current content.", max_length=64)
    ]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]


class MemoryPrefix(BaseModel):
    type: Annotated[Literal["memory_prefix"], Field(description="Always `memory_prefix`.")]
    path: Annotated[str, Field(description="The prefix, ending with `/`.", max_length=1024)]


class MemoryListItem(RootModel[Memory | MemoryPrefix]):
    root: Annotated[Memory | MemoryPrefix, Field(description="An item of a memory listing.", discriminator="type")]


class MemoryList(BaseModel):
    data: Annotated[list[MemoryListItem], Field(description="The items, ordered by path.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class MemoryDeleted(BaseModel):
    type: Annotated[Literal["memory_deleted"], Field(description="Always `memory_deleted`.")]
    id: Annotated[str, Field(description="The deleted memory id.", max_length=64)]


class SessionActor(BaseModel):
    type: Annotated[Literal["session_actor"], Field(description="Always `session_actor`.")]
    session_id: Annotated[str, Field(description="The Session id.", max_length=64)]


class ApiActor(BaseModel):
    type: Annotated[Literal["api_actor"], Field(description="Always `api_actor`.")]
    api_key_id: Annotated[str, Field(description="The API key's public id (never the key).", max_length=64)]


class MemoryActor(RootModel[SessionActor | ApiActor]):
    root: Annotated[SessionActor | ApiActor, Field(description="Who made a memory change.", discriminator="type")]


class MemoryVersion(BaseModel):
    type: Annotated[Literal["memory_version"], Field(description="Always `memory_version`.")]
    id: Annotated[str, Field(description="The memory version id (`memver_...`).", max_length=64)]
    memory_id: Annotated[str, Field(description="The memory id.", max_length=64)]
    memory_store_id: Annotated[str, Field(description="The Memory Store id.", max_length=64)]
    operation: Annotated[Literal["created", "modified", "deleted"], Field(description="What the change did.")]
    path: Annotated[str | None, Field(description="The path after the change; null when redacted.", max_length=1024)]
    content: Annotated[
        str | None, Field(description="The content after the change; null when deleted or redacted.", max_length=102400)
    ]
    content_sha256: Annotated[
        str | None, Field(description="SHA-256 of the content; null when deleted or redacted.", max_length=64)
    ]
    content_size_bytes: Annotated[
        int | None, Field(description="Size of the content; null when deleted or redacted.", ge=0, le=102400)
    ]
    created_by: Annotated[MemoryActor | None, Field(description="Who made the change.")]
    redacted_at: Annotated[AwareDatetime | None, Field(description="When the version was redacted.")]
    created_at: Annotated[AwareDatetime, Field(description="When the change was made.")]


class MemoryVersionList(BaseModel):
    data: Annotated[list[MemoryVersion], Field(description="The versions, newest first.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class WebhookEventType(
    RootModel[Literal["session.created", "session.status_run_started", "session.status_idled", "session.requires_action", "session.status_rescheduled", "session.status_terminated", "session.archived", "session.deleted", "session.budget_reached", "session.credential_failed", "session.worker_unavailable", "deployment_run.completed", "deployment_run.failed"]]
):
    root: Annotated[
        Literal["session.created", "session.status_run_started", "session.status_idled", "session.requires_action", "session.status_rescheduled", "session.status_terminated", "session.archived", "session.deleted", "session.budget_reached", "session.credential_failed", "session.worker_unavailable", "deployment_run.completed", "deployment_run.failed"],
        Field(
            description="A notification type an endpoint can subscribe to, named as the hosted API names them.\n`session.status_idled` carries the `stop_reason`; `session.requires_action`,\n`session.budget_reached` and `session.credential_failed` are sent next to it when the stop\nreason is of that type. `session.status_terminated` carries the `worker_failed` stop reason\nof a Session a worker's permanent failure terminated. `session.worker_unavailable` is sent\nonce per waiting stretch when a Session shows the `worker_unavailable` stall, with the stall.\n`deployment_run.completed` / `deployment_run.failed` are sent for scheduled Deployment\nRuns only.\n"
        ),
    ]


class WebhookCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    url: Annotated[
        str, Field(description="The http(s) URL notifications are POSTed to.", max_length=2048, min_length=1)
    ]
    event_types: Annotated[
        list[WebhookEventType], Field(description="The notification types to receive.", max_length=32, min_length=1)
    ]
    enabled: Annotated[bool | None, Field(description="Whether notifications are delivered (default true).")] = None
    description: Annotated[str | None, Field(description="What the endpoint is for.", max_length=2048)] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs.")] = None


class WebhookUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    url: Annotated[
        str | None, Field(description="The http(s) URL notifications are POSTed to.", max_length=2048, min_length=1)
    ] = None
    event_types: Annotated[
        list[WebhookEventType] | None,
        Field(description="The notification types to receive.", max_length=32, min_length=1),
    ] = None
    enabled: Annotated[
        bool | None, Field(description="Whether notifications are delivered; true clears `disabled_reason`.")
    ] = None
    description: Annotated[str | None, Field(description="What the endpoint is for.", max_length=2048)] = None
    metadata: Annotated[MetadataPatch | None, Field(description="Metadata changes; a null value deletes the key.")] = (
        None
    )


class WebhookDisabledReason(BaseModel):
    type: Annotated[
        Literal["private_address", "redirect", "egress_refused"],
        Field(
            description="`private_address`: the host resolved to an address the egress guard refuses; `redirect`: the endpoint answered 3xx (redirects are never followed); `egress_refused`: another egress refusal."
        ),
    ]
    message: Annotated[str, Field(description="A human-readable explanation.", max_length=1024)]
    disabled_at: Annotated[AwareDatetime, Field(description="When the server disabled the endpoint.")]


class Webhook(BaseModel):
    type: Annotated[Literal["webhook"], Field(description="Always `webhook`.")]
    id: Annotated[str, Field(description="The endpoint id (`whk_...`).", max_length=64)]
    url: Annotated[str, Field(description="The http(s) URL notifications are POSTed to.", max_length=2048)]
    event_types: Annotated[
        list[WebhookEventType], Field(description="The subscribed notification types.", max_length=32)
    ]
    enabled: Annotated[bool, Field(description="Whether notifications are delivered.")]
    description: Annotated[str | None, Field(description="What the endpoint is for.", max_length=2048)]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    disabled_reason: Annotated[
        WebhookDisabledReason | None, Field(description="Why the server disabled the endpoint; null unless it did.")
    ]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]


class WebhookWithSecret(BaseModel):
    type: Annotated[Literal["webhook"], Field(description="Always `webhook`.")]
    id: Annotated[str, Field(description="The endpoint id (`whk_...`).", max_length=64)]
    url: Annotated[str, Field(description="The http(s) URL notifications are POSTed to.", max_length=2048)]
    event_types: Annotated[
        list[WebhookEventType], Field(description="The subscribed notification types.", max_length=32)
    ]
    enabled: Annotated[bool, Field(description="Whether notifications are delivered.")]
    description: Annotated[str | None, Field(description="What the endpoint is for.", max_length=2048)]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    disabled_reason: Annotated[
        WebhookDisabledReason | None, Field(description="Why the server disabled the endpoint; null unless it did.")
    ]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    secret: Annotated[
        str,
        Field(description="The `whsec_` Standard Webhooks signing secret; shown only in this answer.", max_length=128),
    ]


class WebhookList(BaseModel):
    data: Annotated[list[Webhook], Field(description="The endpoints.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class WebhookDeleted(BaseModel):
    type: Annotated[Literal["webhook_deleted"], Field(description="Always `webhook_deleted`.")]
    id: Annotated[str, Field(description="The deleted endpoint id.", max_length=64)]


class WebhookNotificationData(BaseModel):
    type: Annotated[WebhookEventType, Field(description="The notification type.")]
    id: Annotated[str, Field(description="The resource id (`sesn_...`, or the Deployment Run id).", max_length=64)]
    workspace_id: Annotated[str, Field(description="The Workspace id.", max_length=64)]
    stop_reason: Annotated[
        dict[str, Any] | None,
        Field(
            description="On `session.status_idled`, `session.requires_action`, `session.budget_reached` and `session.credential_failed`, and on a `session.status_terminated` caused by a worker's failure: the Session's stop reason.",
            max_length=16,
        ),
    ] = None
    stall: Annotated[
        WorkerUnavailableStall | None,
        Field(description="On `session.worker_unavailable`: the Environment and the Work items no worker claims."),
    ] = None
    deployment_id: Annotated[
        str | None, Field(description="On `deployment_run.*`: the Deployment the Run belongs to.", max_length=64)
    ] = None
    session_id: Annotated[
        str | None,
        Field(
            description="On `deployment_run.*`: the Session the Run created, null when it created none.", max_length=64
        ),
    ] = None


class VaultCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    display_name: Annotated[str, Field(description="A human name.", max_length=255, min_length=1)]
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs.")] = None


class VaultUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    display_name: Annotated[str | None, Field(description="A new human name.", max_length=255, min_length=1)] = None
    metadata: Annotated[
        MetadataPatch | None, Field(description="Pairs merged into the metadata; a null value deletes the key.")
    ] = None


class Vault(BaseModel):
    type: Annotated[Literal["vault"], Field(description="Always `vault`.")]
    id: Annotated[str, Field(description="The vault id (`vlt_...`).", max_length=64)]
    display_name: Annotated[str, Field(description="A human name.", max_length=255)]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When it was archived.")]


class VaultList(BaseModel):
    data: Annotated[list[Vault], Field(description="The vaults, newest first.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class VaultDeleted(BaseModel):
    type: Annotated[Literal["vault_deleted"], Field(description="Always `vault_deleted`.")]
    id: Annotated[str, Field(description="The deleted vault id.", max_length=64)]


class AllowedHost1(RootModel[str]):
    root: Annotated[str, Field(max_length=253, min_length=1)]


class CredentialNetworking(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["limited"], Field(description="Always `limited` (Mango has no unrestricted secrets).")]
    allowed_hosts: Annotated[
        list[AllowedHost1],
        Field(
            description="Bare host names (`api.example.com`), IPv4 addresses or `*.` wildcards (`*.example.com`); no schemes, ports, paths or IPv6.",
            max_length=16,
            min_length=1,
        ),
    ]


class InjectionLocationParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    header: Annotated[bool | None, Field(description="Substitute it in request header values.")] = None
    body: Annotated[bool | None, Field(description="Substitute it in request bodies.")] = None


class InjectionLocation(BaseModel):
    header: Annotated[bool, Field(description="Substituted in request header values.")]
    body: Annotated[bool, Field(description="Substituted in request bodies.")]


class TokenEndpointAuthNone(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["none"], Field(description="Always `none`.")]


class TokenEndpointAuthBasicParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["client_secret_basic"], Field(description="Always `client_secret_basic`.")]
    client_secret: Annotated[
        str, Field(description="The OAuth client secret (write-only).", max_length=1024, min_length=1)
    ]


class TokenEndpointAuthPostParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["client_secret_post"], Field(description="Always `client_secret_post`.")]
    client_secret: Annotated[
        str, Field(description="The OAuth client secret (write-only).", max_length=1024, min_length=1)
    ]


class TokenEndpointAuthParams(
    RootModel[TokenEndpointAuthNone | TokenEndpointAuthBasicParams | TokenEndpointAuthPostParams]
):
    root: Annotated[
        TokenEndpointAuthNone | TokenEndpointAuthBasicParams | TokenEndpointAuthPostParams,
        Field(description="How the client authenticates to the token endpoint.", discriminator="type"),
    ]


class TokenEndpointAuthBasic(BaseModel):
    type: Annotated[Literal["client_secret_basic"], Field(description="Always `client_secret_basic`.")]
    client_secret_set: Annotated[
        bool, Field(description="Whether a client secret is stored (its value is never returned).")
    ]


class TokenEndpointAuthPost(BaseModel):
    type: Annotated[Literal["client_secret_post"], Field(description="Always `client_secret_post`.")]
    client_secret_set: Annotated[
        bool, Field(description="Whether a client secret is stored (its value is never returned).")
    ]


class TokenEndpointAuth(RootModel[TokenEndpointAuthNone | TokenEndpointAuthBasic | TokenEndpointAuthPost]):
    root: Annotated[
        TokenEndpointAuthNone | TokenEndpointAuthBasic | TokenEndpointAuthPost,
        Field(description="How the client authenticates to the token endpoint.", discriminator="type"),
    ]


class McpOAuthRefreshParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    client_id: Annotated[str, Field(description="The OAuth client id.", max_length=1024, min_length=1)]
    refresh_token: Annotated[
        str, Field(description="The OAuth refresh token (write-only).", max_length=16384, min_length=1)
    ]
    token_endpoint: Annotated[
        str,
        Field(
            description="The authorization server's token endpoint (an absolute http or https URL).", max_length=2048
        ),
    ]
    token_endpoint_auth: Annotated[
        TokenEndpointAuthParams, Field(description="How the client authenticates to the token endpoint.")
    ]
    scope: Annotated[str | None, Field(description="The scope to ask for when refreshing.", max_length=2048)] = None
    resource: Annotated[
        str | None, Field(description="The resource indicator (RFC 8707) to send when refreshing.", max_length=2048)
    ] = None


class McpOAuthRefreshUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    client_id: Annotated[str | None, Field(description="A new OAuth client id.", max_length=1024, min_length=1)] = None
    refresh_token: Annotated[
        str | None, Field(description="A new refresh token (write-only).", max_length=16384, min_length=1)
    ] = None
    token_endpoint: Annotated[str | None, Field(description="A new token endpoint.", max_length=2048)] = None
    token_endpoint_auth: Annotated[
        TokenEndpointAuthParams | None, Field(description="A new token endpoint authentication, with its secret.")
    ] = None
    scope: Annotated[str | None, Field(description="A new scope; null clears it.", max_length=2048)] = None
    resource: Annotated[str | None, Field(description="A new resource indicator; null clears it.", max_length=2048)] = (
        None
    )


class McpOAuthRefresh(BaseModel):
    client_id: Annotated[str, Field(description="The OAuth client id.", max_length=1024)]
    token_endpoint: Annotated[str, Field(description="The token endpoint.", max_length=2048)]
    token_endpoint_auth: Annotated[
        TokenEndpointAuth, Field(description="How the client authenticates to the token endpoint.")
    ]
    scope: Annotated[str | None, Field(description="The scope asked for when refreshing.", max_length=2048)]
    resource: Annotated[str | None, Field(description="The resource indicator sent when refreshing.", max_length=2048)]
    refresh_token_set: Annotated[
        bool, Field(description="Whether a refresh token is stored (its value is never returned).")
    ]


class StaticBearerAuthParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["static_bearer"], Field(description="Always `static_bearer`.")]
    mcp_server_url: Annotated[
        str,
        Field(
            description="The MCP server's URL (matched by scheme, host, port and path); without credentials in it.",
            max_length=2048,
        ),
    ]
    token: Annotated[
        str,
        Field(description="The token, sent as `Authorization: Bearer` (write-only).", max_length=16384, min_length=1),
    ]


class McpOAuthAuthParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["mcp_oauth"], Field(description="Always `mcp_oauth`.")]
    mcp_server_url: Annotated[
        str,
        Field(
            description="The MCP server's URL (matched by scheme, host, port and path); without credentials in it.",
            max_length=2048,
        ),
    ]
    access_token: Annotated[str, Field(description="The access token (write-only).", max_length=16384, min_length=1)]
    expires_at: Annotated[
        AwareDatetime | None, Field(description="When the access token expires (in the future); null when unknown.")
    ] = None
    refresh: Annotated[
        McpOAuthRefreshParams | None,
        Field(description="How to refresh the access token; null or absent when it cannot be refreshed."),
    ] = None


class EnvironmentVariableAuthParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["environment_variable"], Field(description="Always `environment_variable`.")]
    secret_name: Annotated[
        str,
        Field(
            description="The variable's name, unique in the vault.",
            max_length=256,
            min_length=1,
            pattern="^[A-Za-z_][A-Za-z0-9_]*$",
        ),
    ]
    secret_value: Annotated[str, Field(description="The secret (write-only).", max_length=16384, min_length=1)]
    networking: Annotated[CredentialNetworking, Field(description="The hosts the secret may be sent to.")]
    injection_location: Annotated[
        InjectionLocationParams | None,
        Field(description="Where it may be substituted (header values by default; bodies only when asked)."),
    ] = None


class CredentialAuthParams(RootModel[StaticBearerAuthParams | McpOAuthAuthParams | EnvironmentVariableAuthParams]):
    root: Annotated[
        StaticBearerAuthParams | McpOAuthAuthParams | EnvironmentVariableAuthParams,
        Field(description="What a new credential authenticates with.", discriminator="type"),
    ]


class StaticBearerAuthUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["static_bearer"], Field(description="Always `static_bearer` (the credential's type).")]
    token: Annotated[str | None, Field(description="A new token (write-only).", max_length=16384, min_length=1)] = None


class McpOAuthAuthUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["mcp_oauth"], Field(description="Always `mcp_oauth` (the credential's type).")]
    access_token: Annotated[
        str | None,
        Field(
            description="A new access token (write-only); send its `expires_at` too or the old expiry is kept.",
            max_length=16384,
            min_length=1,
        ),
    ] = None
    expires_at: Annotated[
        AwareDatetime | None, Field(description="A new expiry (in the future); null when unknown.")
    ] = None
    refresh: Annotated[
        McpOAuthRefreshUpdateParams | None, Field(description="Changes to the refresh settings; null removes them.")
    ] = None


class EnvironmentVariableAuthUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[
        Literal["environment_variable"], Field(description="Always `environment_variable` (the credential's type).")
    ]
    secret_value: Annotated[
        str | None, Field(description="A new secret (write-only).", max_length=16384, min_length=1)
    ] = None
    networking: Annotated[
        CredentialNetworking | None, Field(description="New allowed hosts (replacing the old ones).")
    ] = None
    injection_location: Annotated[
        InjectionLocationParams | None,
        Field(description="Where it may be substituted (present fields replace the stored ones)."),
    ] = None


class CredentialAuthUpdateParams(
    RootModel[StaticBearerAuthUpdateParams | McpOAuthAuthUpdateParams | EnvironmentVariableAuthUpdateParams]
):
    root: Annotated[
        StaticBearerAuthUpdateParams | McpOAuthAuthUpdateParams | EnvironmentVariableAuthUpdateParams,
        Field(
            description="Changes to a credential's authentication; `type` must be the credential's type.",
            discriminator="type",
        ),
    ]


class StaticBearerAuth(BaseModel):
    type: Annotated[Literal["static_bearer"], Field(description="Always `static_bearer`.")]
    mcp_server_url: Annotated[str, Field(description="The MCP server's URL.", max_length=2048)]
    token_set: Annotated[bool, Field(description="Whether a token is stored (false once its vault is archived).")]


class McpOAuthAuth(BaseModel):
    type: Annotated[Literal["mcp_oauth"], Field(description="Always `mcp_oauth`.")]
    mcp_server_url: Annotated[str, Field(description="The MCP server's URL.", max_length=2048)]
    expires_at: Annotated[AwareDatetime | None, Field(description="When the access token expires; null when unknown.")]
    refresh: Annotated[
        McpOAuthRefresh | None, Field(description="How the access token is refreshed; null when it cannot be.")
    ]
    access_token_set: Annotated[
        bool, Field(description="Whether an access token is stored (false once its vault is archived).")
    ]


class EnvironmentVariableAuth(BaseModel):
    type: Annotated[Literal["environment_variable"], Field(description="Always `environment_variable`.")]
    secret_name: Annotated[str, Field(description="The variable's name.", max_length=256)]
    networking: Annotated[CredentialNetworking, Field(description="The hosts the secret may be sent to.")]
    injection_location: Annotated[InjectionLocation, Field(description="Where it may be substituted.")]
    secret_value_set: Annotated[
        bool, Field(description="Whether a value is stored (false once its vault is archived).")
    ]


class CredentialAuth(RootModel[StaticBearerAuth | McpOAuthAuth | EnvironmentVariableAuth]):
    root: Annotated[
        StaticBearerAuth | McpOAuthAuth | EnvironmentVariableAuth,
        Field(
            description="What a credential authenticates with; secret fields appear only as `*_set` flags.",
            discriminator="type",
        ),
    ]


class VaultCredentialCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    display_name: Annotated[str | None, Field(description="A human name.", max_length=255)] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs.")] = None
    auth: Annotated[CredentialAuthParams, Field(description="What the credential authenticates with.")]


class VaultCredentialUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    display_name: Annotated[str | None, Field(description="A new human name; null clears it.", max_length=255)] = None
    metadata: Annotated[
        MetadataPatch | None, Field(description="Pairs merged into the metadata; a null value deletes the key.")
    ] = None
    auth: Annotated[
        CredentialAuthUpdateParams | None, Field(description="Changes to what the credential authenticates with.")
    ] = None


class VaultCredential(BaseModel):
    type: Annotated[Literal["vault_credential"], Field(description="Always `vault_credential`.")]
    id: Annotated[str, Field(description="The credential id (`vcrd_...`).", max_length=64)]
    vault_id: Annotated[str, Field(description="The vault.", max_length=64)]
    display_name: Annotated[str | None, Field(description="A human name.", max_length=255)]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    auth: Annotated[CredentialAuth, Field(description="What the credential authenticates with.")]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When it was archived (with its vault).")]


class VaultCredentialList(BaseModel):
    data: Annotated[list[VaultCredential], Field(description="The credentials, newest first.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class VaultCredentialDeleted(BaseModel):
    type: Annotated[Literal["vault_credential_deleted"], Field(description="Always `vault_credential_deleted`.")]
    id: Annotated[str, Field(description="The deleted credential id.", max_length=64)]


class DeploymentStatus(RootModel[Literal["active", "paused"]]):
    root: Annotated[
        Literal["active", "paused"], Field(description="`active` (the schedule fires) or `paused` (only manual Runs).")
    ]


class OverlapPolicy(RootModel[Literal["skip", "allow"]]):
    root: Annotated[
        Literal["skip", "allow"],
        Field(
            description="What a scheduled Run does while the previous Run's Session is still running: `skip` it (recorded as a skipped Run) or `allow` it (a second Session runs alongside)."
        ),
    ]


class CronScheduleParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["cron"], Field(description="Always `cron`.")]
    expression: Annotated[str, Field(description="The cron expression.", max_length=256, min_length=9)]
    timezone: Annotated[
        str, Field(description="The IANA time zone the expression is read in.", max_length=64, min_length=1)
    ] = "UTC"


class DeploymentSchedule(BaseModel):
    type: Annotated[Literal["cron"], Field(description="Always `cron`.")]
    expression: Annotated[str, Field(description="The cron expression.", max_length=256)]
    timezone: Annotated[str, Field(description="The IANA time zone.", max_length=64)]
    last_run_at: Annotated[
        AwareDatetime | None,
        Field(description="The time of the latest Run (its scheduled time, or its creation for a manual Run)."),
    ]
    upcoming_runs_at: Annotated[
        list[AwareDatetime],
        Field(
            description="The next fire times the Schedule reported (empty while paused, archived or not yet synced).",
            max_length=5,
        ),
    ]


class DeploymentAgent(BaseModel):
    type: Annotated[Literal["agent"], Field(description="Always `agent`.")]
    id: Annotated[str, Field(description="The Agent id.", max_length=64)]
    version: Annotated[
        int | None,
        Field(description="The pinned version; null runs the latest version at each Run.", ge=1, le=2147483647),
    ]


class ManualPausedReason(BaseModel):
    type: Annotated[Literal["manual"], Field(description="Always `manual`.")]


class DeploymentPauseError(BaseModel):
    type: Annotated[
        str,
        Field(
            description="The Run error type (`agent_archived_error`, `environment_not_found_error`, ...).",
            max_length=64,
        ),
    ]


class ErrorPausedReason(BaseModel):
    type: Annotated[Literal["error"], Field(description="Always `error`.")]
    error: Annotated[DeploymentPauseError, Field(description="The error.")]


class PausedReason(RootModel[ManualPausedReason | ErrorPausedReason]):
    root: Annotated[
        ManualPausedReason | ErrorPausedReason, Field(description="Why a Deployment is paused.", discriminator="type")
    ]


class DeploymentRunError(BaseModel):
    type: Annotated[
        str,
        Field(
            description="`agent_not_found_error`, `agent_archived_error`, `environment_not_found_error`, `environment_archived_error`, `vault_not_found_error`, `vault_archived_error`, `session_creation_rejected_error` or `unavailable_error`.",
            max_length=64,
        ),
    ]
    message: Annotated[str, Field(description="One sentence.", max_length=1000)]
    category: Annotated[
        Literal["missing_resource", "rejected", "transient"],
        Field(
            description="`missing_resource` (the Deployment paused: later Runs would fail the same way), `rejected` (the Session's creation was refused) or `transient` (the platform was unavailable through every retry)."
        ),
    ]


class ScheduleTriggerContext(BaseModel):
    type: Annotated[Literal["schedule"], Field(description="Always `schedule`.")]
    scheduled_at: Annotated[
        AwareDatetime, Field(description="The scheduled (nominal) time; one Run per scheduled time.")
    ]


class ManualTriggerContext(BaseModel):
    type: Annotated[Literal["manual"], Field(description="Always `manual`.")]


class TriggerContext(RootModel[ScheduleTriggerContext | ManualTriggerContext]):
    root: Annotated[
        ScheduleTriggerContext | ManualTriggerContext, Field(description="What started a Run.", discriminator="type")
    ]


class DeploymentRun(BaseModel):
    type: Annotated[Literal["deployment_run"], Field(description="Always `deployment_run`.")]
    id: Annotated[str, Field(description="The Run id (`drun_...`).", max_length=64)]
    deployment_id: Annotated[str, Field(description="The Deployment.", max_length=64)]
    agent: Annotated[DeploymentAgent, Field(description="The Agent as the Deployment named it at the Run.")]
    session_id: Annotated[
        str | None, Field(description="The Session the Run created; null when it created none.", max_length=64)
    ]
    outcome: Annotated[
        Literal["session_created", "skipped", "failed"],
        Field(
            description="`session_created`, `skipped` (the previous Run's Session was still running under the `skip` policy) or `failed` (see `error`)."
        ),
    ]
    error: Annotated[DeploymentRunError | None, Field(description="Why no Session was created; null otherwise.")]
    trigger_context: Annotated[TriggerContext, Field(description="What started the Run.")]
    created_at: Annotated[AwareDatetime, Field(description="When the Run was recorded.")]


class DeploymentRunList(BaseModel):
    data: Annotated[list[DeploymentRun], Field(description="The Runs, newest first.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class TextRubric(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["text"], Field(description="Always `text`.")]
    content: Annotated[
        str, Field(description="The criteria the work is graded against.", max_length=100000, min_length=1)
    ]


class FileRubric(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["file"], Field(description="Always `file`.")]
    file_id: Annotated[str, Field(description="The File id.", max_length=64)]


class Rubric(RootModel[TextRubric | FileRubric]):
    root: Annotated[
        TextRubric | FileRubric, Field(description="The rubric an outcome is graded against.", discriminator="type")
    ]


class UserDefineOutcomeEventParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    type: Annotated[Literal["user.define_outcome"], Field(description="Always `user.define_outcome`.")]
    description: Annotated[
        str, Field(description="The task: what the agent should produce.", max_length=4096, min_length=1)
    ]
    rubric: Annotated[Rubric, Field(description="The criteria the grader checks.")]
    max_iterations: Annotated[
        int,
        Field(
            description="How many evaluations at most; the last one that is not met ends the outcome with `max_iterations_reached`.",
            ge=1,
            le=20,
        ),
    ] = 3


class UserDefineOutcomeEvent(BaseModel):
    type: Annotated[Literal["user.define_outcome"], Field(description="Always `user.define_outcome`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the agent took it up; null while queued.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None, Field(description="The thread; null or absent for the primary thread.", max_length=64)
    ] = None
    outcome_id: Annotated[str, Field(description="The outcome id (`outc_...`).", max_length=64)]
    description: Annotated[str, Field(description="The task.", max_length=4096)]
    rubric: Annotated[Rubric, Field(description="The rubric as sent (a File rubric keeps its `file_id`).")]
    max_iterations: Annotated[int, Field(description="How many evaluations at most.", ge=1, le=20)]


class OutcomeEvaluationResult(
    RootModel[Literal["satisfied", "needs_revision", "max_iterations_reached", "failed", "interrupted"]]
):
    root: Annotated[
        Literal["satisfied", "needs_revision", "max_iterations_reached", "failed", "interrupted"],
        Field(
            description="`satisfied`, `needs_revision` (feedback goes back to the agent), `max_iterations_reached` (not met at the last allowed evaluation), `failed` (the grader gave no valid verdict) or `interrupted` (a `user.interrupt` or a newer outcome ended it)."
        ),
    ]


class SpanOutcomeEvaluationStartEvent(BaseModel):
    type: Annotated[
        Literal["span.outcome_evaluation_start"], Field(description="Always `span.outcome_evaluation_start`.")
    ]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None, Field(description="The thread; null or absent for the primary thread.", max_length=64)
    ] = None
    outcome_id: Annotated[str, Field(description="The outcome.", max_length=64)]
    iteration: Annotated[int, Field(description="The iteration (0-based).", ge=0, le=20)]


class SpanOutcomeEvaluationEndEvent(BaseModel):
    type: Annotated[Literal["span.outcome_evaluation_end"], Field(description="Always `span.outcome_evaluation_end`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`).", max_length=64)]
    processed_at: Annotated[
        AwareDatetime | None,
        Field(description="When the event was processed (for feedback: when the agent took it up)."),
    ]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None, Field(description="The thread; null or absent for the primary thread.", max_length=64)
    ] = None
    outcome_evaluation_start_id: Annotated[
        str | None,
        Field(
            description="The matching `span.outcome_evaluation_start`; null when the outcome was interrupted before grading started.",
            max_length=64,
        ),
    ]
    outcome_id: Annotated[str, Field(description="The outcome.", max_length=64)]
    iteration: Annotated[int, Field(description="The iteration (0-based).", ge=0, le=20)]
    result: Annotated[OutcomeEvaluationResult, Field(description="The verdict.")]
    explanation: Annotated[str, Field(description="The grader's reasons (or why the loop ended).", max_length=4000)]


class OutcomeEvaluation(BaseModel):
    type: Annotated[Literal["outcome_evaluation"], Field(description="Always `outcome_evaluation`.")]
    outcome_id: Annotated[str, Field(description="The outcome.", max_length=64)]
    iteration: Annotated[int, Field(description="The iteration (0-based).", ge=0, le=20)]
    result: Annotated[OutcomeEvaluationResult, Field(description="The verdict.")]
    description: Annotated[str, Field(description="The outcome's description.", max_length=4096)]
    explanation: Annotated[str, Field(description="The grader's reasons.", max_length=4000)]
    completed_at: Annotated[AwareDatetime, Field(description="When the evaluation completed.")]


class SessionInitialEvent(RootModel[UserMessageEventParams | UserDefineOutcomeEventParams]):
    root: Annotated[
        UserMessageEventParams | UserDefineOutcomeEventParams,
        Field(description="An event a Session is created with.", discriminator="type"),
    ]


class ErrorEnvelope(BaseModel):
    type: Annotated[Literal["error"], Field(description="Always `error`.")]
    error: Annotated[ErrorBody, Field(description="What went wrong.")]
    request_id: Annotated[str, Field(description="The request id (also the `request-id` header).", max_length=64)]


class ContextManagement(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    compaction: Annotated[CompactionConfig | None, Field(description="How the context is compacted.")] = None


class AgentCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(description="A human name.", max_length=256, min_length=1)]
    description: Annotated[str | None, Field(description="What the Agent is for.", max_length=2048)] = None
    system: Annotated[str | None, Field(description="The system prompt.", max_length=100000)] = None
    model: Annotated[ModelParam, Field(description="A model id or a ModelConfig.")]
    tools: Annotated[list[AgentTool] | None, Field(description="Toolsets and custom tools.", max_length=128)] = None
    mcp_servers: Annotated[list[McpServer] | None, Field(description="MCP servers, unique by name.", max_length=20)] = (
        None
    )
    skills: Annotated[
        list[SkillRef] | None, Field(description="Skills to load (they need the `read` tool).", max_length=20)
    ] = None
    context_management: Annotated[
        ContextManagement | None,
        Field(
            description="How Sessions of this Agent manage a context that outgrows the model's window; null or absent for the defaults (extractive compaction)."
        ),
    ] = None
    multiagent: Annotated[
        MultiagentParams | None, Field(description="A coordinator roster; null (the default) for a single Agent.")
    ] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs.")] = None


class AgentUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    version: Annotated[
        int | None,
        Field(
            description="Optimistic concurrency check; must equal the current version (409 otherwise).",
            ge=1,
            le=2147483647,
        ),
    ] = None
    name: Annotated[str | None, Field(description="A human name.", max_length=256, min_length=1)] = None
    description: Annotated[str | None, Field(description="What the Agent is for.", max_length=2048)] = None
    system: Annotated[str | None, Field(description="The system prompt.", max_length=100000)] = None
    model: Annotated[ModelParam | None, Field(description="A model id or a ModelConfig.")] = None
    tools: Annotated[
        list[AgentTool] | None, Field(description="Toolsets and custom tools (full replacement).", max_length=128)
    ] = None
    mcp_servers: Annotated[
        list[McpServer] | None, Field(description="MCP servers (full replacement).", max_length=20)
    ] = None
    skills: Annotated[list[SkillRef] | None, Field(description="Skills (full replacement).", max_length=20)] = None
    context_management: Annotated[
        ContextManagement | None,
        Field(description="Context management (full replacement; null resets to the defaults)."),
    ] = None
    multiagent: Annotated[
        MultiagentParams | None, Field(description="A coordinator roster; null (the default) for a single Agent.")
    ] = None
    metadata: Annotated[
        MetadataPatch | None, Field(description="Pairs merged into the metadata; a null value deletes the key.")
    ] = None


class Agent(BaseModel):
    type: Annotated[Literal["agent"], Field(description="Always `agent`.")]
    id: Annotated[str, Field(description="The Agent id (`agent_...`), shared by all versions.", max_length=64)]
    name: Annotated[str, Field(description="A human name.", max_length=256)]
    description: Annotated[str | None, Field(description="What the Agent is for.", max_length=2048)]
    system: Annotated[str | None, Field(description="The system prompt.", max_length=100000)]
    model: Annotated[ModelConfig, Field(description="The model.")]
    tools: Annotated[
        list[AgentTool], Field(description="Toolsets (with materialized defaults) and custom tools.", max_length=128)
    ]
    mcp_servers: Annotated[list[McpServer], Field(description="MCP servers.", max_length=20)]
    skills: Annotated[list[SkillRef], Field(description="Skills, each with a concrete version.", max_length=20)]
    context_management: Annotated[
        ContextManagement | None,
        Field(description="Context management; null for the defaults (extractive compaction)."),
    ]
    multiagent: Annotated[
        Multiagent | None, Field(description="The coordinator roster with pinned versions; null for a single Agent.")
    ] = None
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    warnings: Annotated[
        list[AgentWarning] | None,
        Field(
            description="Parts of this version's request applied differently than written (empty when none).",
            max_length=8,
        ),
    ] = None
    version: Annotated[int, Field(description="This version's number (1 at creation).", ge=1, le=2147483647)]
    created_at: Annotated[AwareDatetime, Field(description="When the Agent (version 1) was created.")]
    updated_at: Annotated[AwareDatetime, Field(description="When this version was created.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When the Agent was archived.")]


class AgentList(BaseModel):
    data: Annotated[list[Agent], Field(description="The Agents.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class HealthcheckWorkData(BaseModel):
    type: Annotated[Literal["healthcheck"], Field(description="Always `healthcheck`.")]
    result: Annotated[
        HealthcheckResult | None, Field(description="The reported result (immutable once set); null until reported.")
    ]


class WorkData(RootModel[SessionWorkData | HealthcheckWorkData | SessionTeardownWorkData]):
    root: Annotated[
        SessionWorkData | HealthcheckWorkData | SessionTeardownWorkData,
        Field(description="What a Work item is for.", discriminator="type"),
    ]


class Work(BaseModel):
    type: Annotated[Literal["work"], Field(description="Always `work`.")]
    id: Annotated[str, Field(description="The Work id (`work_...`).", max_length=64)]
    environment_id: Annotated[str, Field(description="The Environment id.", max_length=64)]
    data: Annotated[WorkData, Field(description="What the item is for.")]
    state: Annotated[WorkState, Field(description="The lifecycle state.")]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    secret: Annotated[
        str | None,
        Field(
            description="Only on Poll: base64url JSON `{sessions_token, api_base_url}`. Null everywhere else. Sensitive: the SDKs never print it.",
            max_length=4096,
        ),
    ]
    error: Annotated[WorkError | None, Field(description="The failure reported with `environments.work.fail`, if any.")]
    created_at: Annotated[AwareDatetime, Field(description="When the item was enqueued.")]
    acknowledged_at: Annotated[AwareDatetime | None, Field(description="When it was acknowledged.")]
    started_at: Annotated[AwareDatetime | None, Field(description="When its first heartbeat arrived.")]
    latest_heartbeat_at: Annotated[AwareDatetime | None, Field(description="When its last heartbeat arrived.")]
    stop_requested_at: Annotated[AwareDatetime | None, Field(description="When a stop was requested.")]
    stopped_at: Annotated[AwareDatetime | None, Field(description="When it stopped.")]


class WorkList(BaseModel):
    data: Annotated[list[Work], Field(description="The Work items.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class WorkSecret(BaseModel):
    vault_id: Annotated[str, Field(description="The vault holding the credential.", max_length=64)]
    credential_id: Annotated[str, Field(description="The credential.", max_length=64)]
    secret_name: Annotated[str, Field(description="The environment variable name tool code sees.", max_length=256)]
    secret_value: Annotated[
        str, Field(description="The secret; substituted only into requests to `allowed_hosts`.", max_length=16384)
    ]
    allowed_hosts: Annotated[
        list[AllowedHost],
        Field(
            description="Bare host names, IPv4 addresses or `*.` wildcards the secret may be sent to.", max_length=16
        ),
    ]
    injection_location: Annotated[InjectionLocation, Field(description="Where the secret may be substituted.")]


class SessionCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    agent: Annotated[AgentRefParam, Field(description="The Agent to snapshot.")]
    environment_id: Annotated[str, Field(description="A self-hosted Environment where tools run.", max_length=64)]
    title: Annotated[str | None, Field(description="A human title.", max_length=512)] = None
    metadata: Annotated[Metadata | None, Field(description="Free-form string pairs.")] = None
    budget: Annotated[
        SessionBudget | None, Field(description="An optional spending limit; null or absent for none.")
    ] = None
    resources: Annotated[
        list[MemoryStoreResourceParams] | None,
        Field(description="Memory Store attachments (fixed for the Session's life).", max_length=8),
    ] = None
    vault_ids: Annotated[
        list[VaultId] | None,
        Field(
            description="Vaults whose credentials the Session's MCP connections use, in order (the first vault with a credential for a server's URL supplies it). Each must exist in the Workspace (400) and not be archived (409).",
            max_length=8,
        ),
    ] = None
    initial_events: Annotated[
        list[SessionInitialEvent] | None,
        Field(
            description="`user.message` and `user.define_outcome` events accepted atomically with the creation.",
            max_length=20,
        ),
    ] = None


class SessionUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    title: Annotated[str | None, Field(description="A new title; null clears it.", max_length=512)] = None
    metadata: Annotated[
        MetadataPatch | None, Field(description="Pairs merged into the metadata; a null value deletes the key.")
    ] = None
    budget: Annotated[
        SessionBudget | None,
        Field(
            description="A new budget (replacing the old one) or null to remove it; raising or removing it resumes a Session stopped with `budget_reached`."
        ),
    ] = None
    vault_ids: Annotated[
        list[VaultId] | None,
        Field(
            description="New vaults (replacing the old list; MCP connections opened from then on use them). Each must exist in the Workspace (400) and not be archived (409).",
            max_length=8,
        ),
    ] = None


class SessionThreadAgent(BaseModel):
    type: Annotated[Literal["agent"], Field(description="Always `agent`.")]
    id: Annotated[str, Field(description="The Agent id.", max_length=64)]
    version: Annotated[int, Field(description="The Agent version snapshotted.", ge=1, le=2147483647)]
    name: Annotated[str, Field(description="The Agent name.", max_length=256)]
    description: Annotated[str | None, Field(description="What the Agent is for.", max_length=2048)]
    system: Annotated[str | None, Field(description="The system prompt.", max_length=100000)]
    model: Annotated[ModelConfig, Field(description="The model.")]
    tools: Annotated[list[AgentTool], Field(description="The tools.", max_length=128)]
    mcp_servers: Annotated[list[McpServer], Field(description="The MCP servers.", max_length=20)]
    skills: Annotated[
        list[SkillRef], Field(description="The Skills, each pinned to a concrete version.", max_length=20)
    ]
    context_management: Annotated[
        ContextManagement | None,
        Field(description="The Agent version's context management; null or absent for the defaults."),
    ] = None


class ThreadAgent(RootModel[SessionThreadAgent | RosterAdvisor]):
    root: Annotated[
        SessionThreadAgent | RosterAdvisor,
        Field(description="What a Thread runs, an Agent snapshot or the Advisor.", discriminator="type"),
    ]


class SessionRoster(BaseModel):
    type: Annotated[Literal["coordinator"], Field(description="Always `coordinator`.")]
    agents: Annotated[
        list[ThreadAgent], Field(description="One snapshot per roster member.", max_length=20, min_length=1)
    ]


class McpServerHealth(BaseModel):
    mcp_server_name: Annotated[str, Field(description="The Agent's name for the server.", max_length=128)]
    last_discovered_at: Annotated[
        AwareDatetime | None,
        Field(
            description="When the Thread's last successful discovery (`initialize` + `tools/list`) of the server was; null when none succeeded."
        ),
    ]
    last_error: Annotated[
        McpServerError | None,
        Field(
            description="The last failure with the server (a failed discovery, a credential that could not be refreshed, a call whose connection failed); null when none. It stays after a later success; compare `at` with `last_discovered_at`."
        ),
    ]


class AgentToolUseEvent(BaseModel):
    type: Annotated[Literal["agent.tool_use"], Field(description="Always `agent.tool_use`.")]
    id: Annotated[str, Field(description="The event id (`sevt_...`), used as `tool_use_id`.", max_length=64)]
    processed_at: Annotated[AwareDatetime | None, Field(description="When the event was processed.")]
    created_at: Annotated[AwareDatetime, Field(description="When the event was committed.")]
    session_thread_id: Annotated[
        str | None,
        Field(
            description="The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child).",
            max_length=64,
        ),
    ] = None
    name: Annotated[str, Field(description="The tool name.", max_length=128)]
    input: Annotated[dict[str, Any], Field(description="The tool input.", max_length=64)]
    evaluated_permission: Annotated[
        Literal["allow", "ask", "deny"], Field(description="The permission decision for this call.")
    ]
    evaluation: Annotated[
        PermissionEvaluation | None,
        Field(description="How the `auto` evaluator decided; absent for `always_allow` and `always_ask`."),
    ] = None
    source_event_id: Annotated[
        str | None, Field(description="For a relayed child action, the id of the originating event.", max_length=64)
    ] = None


class SessionEvent(
    RootModel[
        UserMessageEvent
        | UserInterruptEvent
        | UserToolConfirmationEvent
        | UserToolResultEvent
        | UserCustomToolResultEvent
        | AgentMessageEvent
        | AgentThinkingEvent
        | AgentToolUseEvent
        | AgentToolResultEvent
        | AgentMcpToolUseEvent
        | AgentMcpToolResultEvent
        | AgentCustomToolUseEvent
        | AgentThreadContextCompactedEvent
        | SessionStatusRunningEvent
        | SessionStatusIdleEvent
        | SessionStatusRescheduledEvent
        | SessionStatusTerminatedEvent
        | SessionErrorEvent
        | SessionUpdatedEvent
        | SessionUsageEvent
        | SessionDeletedEvent
        | SpanModelRequestStartEvent
        | SpanModelRequestEndEvent
        | UserDefineOutcomeEvent
        | SpanOutcomeEvaluationStartEvent
        | SpanOutcomeEvaluationEndEvent
        | AgentThreadMessageSentEvent
        | AgentThreadMessageReceivedEvent
        | SessionThreadCreatedEvent
        | SessionThreadStatusRunningEvent
        | SessionThreadStatusRescheduledEvent
        | SessionThreadStatusIdleEvent
        | SessionThreadStatusTerminatedEvent
    ]
):
    root: Annotated[
        UserMessageEvent | UserInterruptEvent | UserToolConfirmationEvent | UserToolResultEvent | UserCustomToolResultEvent | AgentMessageEvent | AgentThinkingEvent | AgentToolUseEvent | AgentToolResultEvent | AgentMcpToolUseEvent | AgentMcpToolResultEvent | AgentCustomToolUseEvent | AgentThreadContextCompactedEvent | SessionStatusRunningEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusTerminatedEvent | SessionErrorEvent | SessionUpdatedEvent | SessionUsageEvent | SessionDeletedEvent | SpanModelRequestStartEvent | SpanModelRequestEndEvent | UserDefineOutcomeEvent | SpanOutcomeEvaluationStartEvent | SpanOutcomeEvaluationEndEvent | AgentThreadMessageSentEvent | AgentThreadMessageReceivedEvent | SessionThreadCreatedEvent | SessionThreadStatusRunningEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusIdleEvent | SessionThreadStatusTerminatedEvent,
        Field(
            description="Every persisted Session event (client and server). Decoders must pass unknown types through.",
            discriminator="type",
        ),
    ]


class SessionEventList(BaseModel):
    data: Annotated[list[SessionEvent], Field(description="The events.", max_length=1000)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]


class SessionEventInput(
    RootModel[
        UserMessageEventParams
        | UserInterruptEventParams
        | UserToolConfirmationEventParams
        | UserToolResultEventParams
        | UserCustomToolResultEventParams
        | UserDefineOutcomeEventParams
    ]
):
    root: Annotated[
        UserMessageEventParams | UserInterruptEventParams | UserToolConfirmationEventParams | UserToolResultEventParams | UserCustomToolResultEventParams | UserDefineOutcomeEventParams,
        Field(description="A client event to send.", discriminator="type"),
    ]


class SessionEventSendParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    events: Annotated[
        list[SessionEventInput], Field(description="Events appended atomically, in order.", max_length=50, min_length=1)
    ]


class SessionEventSendResult(BaseModel):
    data: Annotated[
        list[SessionEvent],
        Field(description="The events as persisted, with ids and `processed_at` null.", max_length=50),
    ]


class SessionStreamEvent(
    RootModel[
        UserMessageEvent
        | UserInterruptEvent
        | UserToolConfirmationEvent
        | UserToolResultEvent
        | UserCustomToolResultEvent
        | AgentMessageEvent
        | AgentThinkingEvent
        | AgentToolUseEvent
        | AgentToolResultEvent
        | AgentMcpToolUseEvent
        | AgentMcpToolResultEvent
        | AgentCustomToolUseEvent
        | AgentThreadContextCompactedEvent
        | SessionStatusRunningEvent
        | SessionStatusIdleEvent
        | SessionStatusRescheduledEvent
        | SessionStatusTerminatedEvent
        | SessionErrorEvent
        | SessionUpdatedEvent
        | SessionUsageEvent
        | SessionDeletedEvent
        | SpanModelRequestStartEvent
        | SpanModelRequestEndEvent
        | UserDefineOutcomeEvent
        | SpanOutcomeEvaluationStartEvent
        | SpanOutcomeEvaluationEndEvent
        | AgentThreadMessageSentEvent
        | AgentThreadMessageReceivedEvent
        | SessionThreadCreatedEvent
        | SessionThreadStatusRunningEvent
        | SessionThreadStatusRescheduledEvent
        | SessionThreadStatusIdleEvent
        | SessionThreadStatusTerminatedEvent
        | EventStartEvent
        | EventDeltaEvent
        | PingEvent
        | ErrorEnvelope
    ]
):
    root: Annotated[
        UserMessageEvent | UserInterruptEvent | UserToolConfirmationEvent | UserToolResultEvent | UserCustomToolResultEvent | AgentMessageEvent | AgentThinkingEvent | AgentToolUseEvent | AgentToolResultEvent | AgentMcpToolUseEvent | AgentMcpToolResultEvent | AgentCustomToolUseEvent | AgentThreadContextCompactedEvent | SessionStatusRunningEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusTerminatedEvent | SessionErrorEvent | SessionUpdatedEvent | SessionUsageEvent | SessionDeletedEvent | SpanModelRequestStartEvent | SpanModelRequestEndEvent | UserDefineOutcomeEvent | SpanOutcomeEvaluationStartEvent | SpanOutcomeEvaluationEndEvent | AgentThreadMessageSentEvent | AgentThreadMessageReceivedEvent | SessionThreadCreatedEvent | SessionThreadStatusRunningEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusIdleEvent | SessionThreadStatusTerminatedEvent | EventStartEvent | EventDeltaEvent | PingEvent | ErrorEnvelope,
        Field(
            description="What one SSE `data:` line decodes to: every SessionEvent, the stream-only previews, the `ping` keep-alive and the `error` envelope that ends a stream.",
            discriminator="type",
        ),
    ]


class WebhookNotification(BaseModel):
    type: Annotated[Literal["event"], Field(description="Always `event`.")]
    id: Annotated[
        str, Field(description="The notification id (`wevt_...`); receivers deduplicate on it.", max_length=64)
    ]
    created_at: Annotated[AwareDatetime, Field(description="When the announced change committed.")]
    data: Annotated[WebhookNotificationData, Field(description="What changed.")]


class DeploymentInitialEvent(RootModel[UserMessageEventParams | UserDefineOutcomeEventParams]):
    root: Annotated[
        UserMessageEventParams | UserDefineOutcomeEventParams,
        Field(description="An event a Deployment's Runs create their Sessions with.", discriminator="type"),
    ]


class WorkSecrets(BaseModel):
    type: Annotated[Literal["work_secrets"], Field(description="Always `work_secrets`.")]
    data: Annotated[
        list[WorkSecret],
        Field(
            description="One entry per distinct `secret_name`, in the order of the Session's `vault_ids`.",
            max_length=160,
        ),
    ]


class SessionAgent(BaseModel):
    type: Annotated[Literal["agent"], Field(description="Always `agent`.")]
    id: Annotated[str, Field(description="The Agent id.", max_length=64)]
    version: Annotated[int, Field(description="The Agent version snapshotted.", ge=1, le=2147483647)]
    name: Annotated[str, Field(description="The Agent name.", max_length=256)]
    description: Annotated[str | None, Field(description="What the Agent is for.", max_length=2048)]
    system: Annotated[str | None, Field(description="The system prompt.", max_length=100000)]
    model: Annotated[ModelConfig, Field(description="The model.")]
    tools: Annotated[list[AgentTool], Field(description="The tools.", max_length=128)]
    mcp_servers: Annotated[list[McpServer], Field(description="The MCP servers.", max_length=20)]
    skills: Annotated[
        list[SkillRef], Field(description="The Skills, each pinned to a concrete version.", max_length=20)
    ]
    context_management: Annotated[
        ContextManagement | None,
        Field(description="The Agent version's context management; null or absent for the defaults."),
    ] = None
    multiagent: Annotated[
        SessionRoster | None,
        Field(description="The roster resolved at Session creation (full snapshots); null for a single Agent."),
    ] = None


class Session(BaseModel):
    type: Annotated[Literal["session"], Field(description="Always `session`.")]
    id: Annotated[str, Field(description="The Session id (`sesn_...`).", max_length=64)]
    title: Annotated[str | None, Field(description="A human title.", max_length=512)]
    status: Annotated[SessionStatus, Field(description="The current status.")]
    stop_reason: Annotated[
        StopReason | None,
        Field(
            description="The reason of the last `session.status_idle` (or of a `worker_failed` termination); null before the first idle."
        ),
    ]
    stalls: Annotated[
        list[SessionStall] | None,
        Field(
            description="What the Session waits on besides its own stop reason (a queued Work item no worker takes, a blocked child Thread); empty when nothing (always present in this server's answers; optional so that older answers still decode).",
            max_length=64,
        ),
    ] = None
    agent: Annotated[SessionAgent, Field(description="The Agent snapshot.")]
    environment_id: Annotated[str, Field(description="The Environment where tools run.", max_length=64)]
    resources: Annotated[list[SessionResource], Field(description="Attached Memory Stores.", max_length=8)]
    vault_ids: Annotated[
        list[VaultId] | None,
        Field(
            description="The vaults whose credentials the Session's MCP connections use, in order (always present in this server's answers; optional so that older answers still decode).",
            max_length=8,
        ),
    ] = None
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    usage: Annotated[SessionUsage, Field(description="Cumulative usage and list cost.")]
    budget: Annotated[SessionBudget | None, Field(description="The Session's budget; null when it has none.")]
    stats: Annotated[SessionStats, Field(description="Timing statistics.")]
    outcome_evaluations: Annotated[
        list[OutcomeEvaluation] | None,
        Field(
            description="Completed evaluations of the Session's outcomes, oldest first (always present in this server's answers; optional so that older answers still decode).",
            max_length=2000,
        ),
    ] = None
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When it was archived.")]


class SessionThread(BaseModel):
    type: Annotated[Literal["session_thread"], Field(description="Always `session_thread`.")]
    id: Annotated[str, Field(description="The Thread id (`sthr_...`).", max_length=64)]
    session_id: Annotated[str, Field(description="The Session.", max_length=64)]
    parent_thread_id: Annotated[
        str | None, Field(description="The delegating Thread; null for the primary Thread.", max_length=64)
    ]
    agent_name: Annotated[
        str, Field(description="The name the coordinator addresses the Thread's Agent by.", max_length=256)
    ]
    status: Annotated[SessionStatus, Field(description="The Thread's own status.")]
    stop_reason: Annotated[
        StopReason | None, Field(description="The reason of the Thread's last idle; null before it.")
    ]
    agent: Annotated[ThreadAgent, Field(description="What the Thread runs.")]
    usage: Annotated[SessionUsage, Field(description="The Thread's own usage.")]
    stats: Annotated[SessionStats, Field(description="The Thread's timing.")]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When it was archived.")]
    mcp_servers: Annotated[
        list[McpServerHealth] | None,
        Field(
            description="The health of each MCP server the Thread has contacted (by server name); empty before its first discovery. Mango sends it on every Thread.",
            max_length=64,
        ),
    ] = None


class SessionThreadList(BaseModel):
    data: Annotated[list[SessionThread], Field(description="The Threads.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]
    prev_page: Annotated[
        str | None, Field(description="Cursor for the previous page; null at the start.", max_length=512)
    ]


class SessionList(BaseModel):
    data: Annotated[list[Session], Field(description="The Sessions.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]
    prev_page: Annotated[
        str | None, Field(description="Cursor for the previous page; null at the start.", max_length=512)
    ]


class DeploymentCreateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(description="A name (also each Run's Session title).", max_length=256, min_length=1)]
    description: Annotated[str | None, Field(description="A description.", max_length=2048)] = None
    agent: Annotated[AgentRefParam, Field(description="The Agent (an id runs its latest version at each Run).")]
    environment_id: Annotated[
        str, Field(description="A self-hosted Environment where the Sessions' tools run.", max_length=64)
    ]
    initial_events: Annotated[
        list[DeploymentInitialEvent],
        Field(description="The events each Run's Session is created with.", max_length=20, min_length=1),
    ]
    metadata: Annotated[
        Metadata | None, Field(description="Free-form string pairs (also given to each Run's Session).")
    ] = None
    vault_ids: Annotated[
        list[VaultId] | None,
        Field(
            description="Vaults whose credentials the Runs' Sessions' MCP connections use, in order (the first vault with a credential for a server's URL supplies it). Each must exist in the Workspace (400) and not be archived (409).",
            max_length=8,
        ),
    ] = None
    budget: Annotated[
        SessionBudget | None,
        Field(description="The spending limit each Run's Session is created with; null or absent for none."),
    ] = None
    schedule: Annotated[
        CronScheduleParams | None, Field(description="When scheduled Runs happen; null or absent for manual Runs only.")
    ] = None
    overlap_policy: Annotated[
        OverlapPolicy | None, Field(description="What an overlapping scheduled Run does (`skip` by default).")
    ] = None


class DeploymentUpdateParams(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str | None, Field(description="A new name.", max_length=256, min_length=1)] = None
    description: Annotated[str | None, Field(description="A new description.", max_length=2048)] = None
    agent: Annotated[AgentRefParam | None, Field(description="A new Agent.")] = None
    environment_id: Annotated[str | None, Field(description="A new Environment.", max_length=64)] = None
    initial_events: Annotated[
        list[DeploymentInitialEvent] | None,
        Field(description="New initial events (replacing the old ones).", max_length=20, min_length=1),
    ] = None
    metadata: Annotated[
        MetadataPatch | None, Field(description="Pairs merged into the metadata; a null value deletes the key.")
    ] = None
    vault_ids: Annotated[
        list[VaultId] | None,
        Field(
            description="New vaults for later Runs' Sessions (replacing the old list). Each must exist in the Workspace (400) and not be archived (409).",
            max_length=8,
        ),
    ] = None
    budget: Annotated[
        SessionBudget | None,
        Field(
            description="A new budget for later Runs' Sessions (replacing the old one), or null to remove it; Sessions already created keep theirs."
        ),
    ] = None
    schedule: Annotated[CronScheduleParams | None, Field(description="A new schedule, or null to remove it.")] = None
    overlap_policy: Annotated[OverlapPolicy | None, Field(description="A new overlap policy.")] = None


class Deployment(BaseModel):
    type: Annotated[Literal["deployment"], Field(description="Always `deployment`.")]
    id: Annotated[str, Field(description="The Deployment id (`depl_...`).", max_length=64)]
    name: Annotated[str, Field(description="The name.", max_length=256)]
    description: Annotated[str | None, Field(description="The description.", max_length=2048)]
    agent: Annotated[DeploymentAgent, Field(description="The Agent each Run uses.")]
    environment_id: Annotated[str, Field(description="The Environment.", max_length=64)]
    initial_events: Annotated[
        list[DeploymentInitialEvent], Field(description="The events each Run's Session is created with.", max_length=20)
    ]
    metadata: Annotated[Metadata, Field(description="Free-form string pairs.")]
    vault_ids: Annotated[
        list[VaultId] | None,
        Field(
            description="The vaults each Run's Session names (always present in this server's answers; optional so that older answers still decode).",
            max_length=8,
        ),
    ] = None
    budget: Annotated[
        SessionBudget | None,
        Field(
            description="The budget each Run's Session is created with; null when it has none (always present in this server's answers; optional so that older answers still decode)."
        ),
    ] = None
    schedule: Annotated[DeploymentSchedule | None, Field(description="The schedule; null for manual Runs only.")]
    overlap_policy: Annotated[OverlapPolicy, Field(description="What an overlapping scheduled Run does.")]
    status: Annotated[DeploymentStatus, Field(description="Whether the schedule fires.")]
    paused_reason: Annotated[PausedReason | None, Field(description="Why it is paused; null while active.")]
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]
    updated_at: Annotated[AwareDatetime, Field(description="Last update time.")]
    archived_at: Annotated[AwareDatetime | None, Field(description="When it was archived.")]


class DeploymentList(BaseModel):
    data: Annotated[list[Deployment], Field(description="The Deployments, newest first.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page; null at the end.", max_length=512)]
