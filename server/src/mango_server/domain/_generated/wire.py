# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""The JSON shapes of openapi/mango.yaml as TypedDicts: one per ``components/schemas`` entry.

A required property is a plain key, an optional one ``NotRequired``; ``None`` appears only where
the spec allows null. A ``date-time`` is its RFC 3339 text (``str``), as on the wire. A schema
closed to extra properties (every request body) is ``closed=True``. The api's mappers return these
shapes and its handlers read validated request bodies through them, so mypy checks both against
the contract; stored JSON of a spec shape may be typed with them too. Change the spec and run
``make generate``.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias

from typing_extensions import TypedDict


class ErrorBody(TypedDict):
    """A stable error type and a human message."""

    type: str
    message: str
    details: NotRequired[dict[str, Any]]


Metadata: TypeAlias = dict[str, str]


MetadataPatch: TypeAlias = dict[str, str | None]


class Health(TypedDict):
    """Liveness answer."""

    status: Literal["ok"]


class Readiness(TypedDict):
    """Readiness answer."""

    status: Literal["ready"]
    checks: dict[str, str]


class ModelConfig(TypedDict, closed=True):
    """The model an Agent runs on."""

    id: str
    speed: NotRequired[Literal["standard", "fast"]]
    max_tokens: NotRequired[int]


ModelParam: TypeAlias = str | ModelConfig


class ModelCapabilities(TypedDict):
    """What a model's endpoint can do, as the operator's catalogue declares it; anything undeclared is false."""

    web_search: bool
    web_fetch: bool
    citations: bool
    thinking: bool
    image_input: bool
    pdf_input: bool
    parallel_tool_calls: bool
    prompt_caching: bool
    fast_mode: bool


Alias: TypeAlias = str


class Model(TypedDict):
    """A model this deployment offers (an entry of the operator's model catalogue); never its endpoint URL or credential."""

    type: Literal["model"]
    id: str
    aliases: list[Alias]
    context_window: int
    max_output_tokens: int
    capabilities: ModelCapabilities
    display_name: str
    created_at: str
    lifecycle: Literal["active"]
    max_input_tokens: int
    max_tokens: int


class ModelList(TypedDict):
    """Every model this deployment offers, on one page (`has_more` is always false)."""

    data: list[Model]
    has_more: bool
    first_id: str | None
    last_id: str | None


class AlwaysAllowPolicy(TypedDict, closed=True):
    """Run the tool without asking."""

    type: Literal["always_allow"]


class AlwaysAskPolicy(TypedDict, closed=True):
    """Park the call until a `user.tool_confirmation` allows or denies it."""

    type: Literal["always_ask"]


class AutoPolicy(TypedDict, closed=True):
    """A bounded evaluator decides allow, ask or deny per call, failing safe to ask."""

    type: Literal["auto"]


PermissionPolicy: TypeAlias = AlwaysAllowPolicy | AlwaysAskPolicy | AutoPolicy


class ToolDefaultConfig(TypedDict, closed=True):
    """Settings applied to every tool of a toolset unless a per-tool config overrides them."""

    enabled: NotRequired[bool]
    permission_policy: NotRequired[PermissionPolicy]


class ToolConfig(TypedDict, closed=True):
    """Settings for one tool of a toolset."""

    name: str
    type: NotRequired[str]
    enabled: NotRequired[bool]
    permission_policy: NotRequired[PermissionPolicy]


class AgentToolset(TypedDict, closed=True):
    """The built-in toolset. bash, read, write, edit, glob and grep run in the Environment worker; web_search runs at the model provider and accepts only `always_allow`. web_fetch runs at the model provider when its endpoint fetches natively and the policy is `always_allow`; otherwise (an endpoint without native web tools, such as the offline model, or an `always_ask` / `auto` policy) Mango's platform-managed, interceptable executor answers it. The choice is pinned per Session at its first model request."""

    type: Literal["agent_toolset_20260401"]
    default_config: NotRequired[ToolDefaultConfig]
    configs: NotRequired[list[ToolConfig]]


class McpToolset(TypedDict, closed=True):
    """The tools of one declared MCP server, called by the control plane."""

    type: Literal["mcp_toolset"]
    mcp_server_name: str
    default_config: NotRequired[ToolDefaultConfig]
    configs: NotRequired[list[ToolConfig]]


class CustomTool(TypedDict, closed=True):
    """An application-defined tool. A call emits `agent.custom_tool_use`, the Session goes idle with `requires_action`, and the application answers with `user.custom_tool_result`."""

    type: Literal["custom"]
    name: str
    description: NotRequired[str]
    input_schema: dict[str, Any]


AgentTool: TypeAlias = AgentToolset | McpToolset | CustomTool


class McpServer(TypedDict, closed=True):
    """A remote MCP server reached over streamable HTTP. Its credentials come from the Session's vaults (matched by URL), never from the URL itself."""

    type: Literal["url"]
    name: str
    url: str


class CompactionConfig(TypedDict, closed=True):
    """How the context is compacted when a request would not fit: `extractive` (the default) keeps the head, the recent turns and an extractive summary entry; `summary` replaces that entry with a summary written by the Session's model in one bounded, tool-free call through the same adapter, falling back to `extractive` when the call fails. The aggressive compaction after a provider refusal is always extractive."""

    mode: Literal["extractive", "summary"]
    max_summary_tokens: NotRequired[int]


class SkillRef(TypedDict, closed=True):
    """A Skill the Agent loads. Requests may pin `latest` or omit `version`; responses always carry a concrete version."""

    type: Literal["custom"]
    skill_id: str
    version: NotRequired[str]


class RosterMemberParam(TypedDict, closed=True):
    """A roster member: `{type: agent, id, version?}` (the latest version when `version` is absent), `{type: self}` (a copy of the coordinator itself, without the roster) or `{type: advisor, model}` (a tool-free Advisor that answers the coordinator only)."""

    type: Literal["agent", "self", "advisor"]
    id: NotRequired[str]
    version: NotRequired[int]
    model: NotRequired[ModelParam]


RosterEntryParam: TypeAlias = str | RosterMemberParam


class MultiagentParams(TypedDict, closed=True):
    """Make the Agent a coordinator that can delegate to the roster's members (one delegation level)."""

    type: Literal["coordinator"]
    agents: list[RosterEntryParam]


class RosterAgent(TypedDict):
    """An Agent roster member at a concrete version."""

    type: Literal["agent"]
    id: str
    version: int


class RosterAdvisor(TypedDict):
    """The Advisor roster member."""

    type: Literal["advisor"]
    model: ModelConfig


RosterEntry: TypeAlias = RosterAgent | RosterAdvisor


class Multiagent(TypedDict):
    """The coordinator roster, every member pinned to a concrete version (`self` shows as this Agent's id and version)."""

    type: Literal["coordinator"]
    agents: list[RosterEntry]


class AgentWarning(TypedDict):
    """
    An exception to the requested configuration. `tool_disabled`: a built-in tool that cannot
    pause for confirmation (`web_search` runs inside the model provider's call and has no
    platform-managed executor) under a toolset-wide `always_ask` or `auto` policy is disabled
    rather than silently allowed; enable it with its own `configs` entry and `always_allow`.

    """

    type: Literal["tool_disabled"]
    tool_name: str
    message: str


class SelfHostedConfig(TypedDict, closed=True):
    """Tools run in operator-owned workers that poll the Environment's work queue."""

    type: Literal["self_hosted"]


EnvironmentConfig: TypeAlias = SelfHostedConfig


class EnvironmentCreateParams(TypedDict, closed=True):
    """The body of `environments.create`."""

    name: str
    description: NotRequired[str | None]
    config: NotRequired[EnvironmentConfig]
    metadata: NotRequired[Metadata]


class EnvironmentUpdateParams(TypedDict, closed=True):
    """The body of `environments.update`; present fields replace the current values."""

    name: NotRequired[str]
    description: NotRequired[str | None]
    config: NotRequired[EnvironmentConfig]
    metadata: NotRequired[Metadata]


class Environment(TypedDict):
    """A place where tools run."""

    type: Literal["environment"]
    id: str
    name: str
    description: str | None
    config: EnvironmentConfig
    metadata: Metadata
    created_at: str
    updated_at: str
    archived_at: str | None


class EnvironmentList(TypedDict):
    """One page of Environments."""

    data: list[Environment]
    next_page: str | None


class EnvironmentDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["environment_deleted"]
    id: str


WorkState: TypeAlias = Literal["queued", "starting", "active", "stopping", "stopped"]


class SessionWorkData(TypedDict):
    """Work that serves one Session's tool calls."""

    type: Literal["session"]
    id: str


class SessionTeardownWorkData(TypedDict):
    """
    The teardown of a deleted Session's sandbox (Mango). Queued when a Session whose Work a
    worker ever claimed is deleted; the Session no longer exists. The worker removes the
    Session's workspace (and anything else it kept for it) and then stops the item with
    `force`, using the item's session token. A worker that cannot remove it yet leaves the
    item unstopped: it is reclaimed when its lease expires and tried again.

    """

    type: Literal["session_teardown"]
    id: str


class HealthcheckResult(TypedDict):
    """A healthcheck result as recorded."""

    status: Literal["healthy", "unhealthy"]
    message: str | None
    worker_id: str | None
    worker_version: NotRequired[str | None]
    reported_at: str


class HealthcheckCreateParams(TypedDict, closed=True):
    """The optional body of `environments.work.healthcheck.create`."""

    metadata: NotRequired[Metadata]


class HealthcheckResultParams(TypedDict, closed=True):
    """The body of `environments.work.healthcheck.result`."""

    status: Literal["healthy", "unhealthy"]
    message: NotRequired[str | None]
    worker_id: NotRequired[str | None]
    worker_version: NotRequired[str | None]


class WorkError(TypedDict, closed=True):
    """The terminal failure reported with `environments.work.fail`."""

    type: Literal["session_input_failed_error"]
    message: str


class WorkStopParams(TypedDict, closed=True):
    """The optional body of `environments.work.stop`."""

    force: NotRequired[bool]


class WorkFailParams(TypedDict, closed=True):
    """The body of `environments.work.fail`."""

    error: WorkError


AllowedHost: TypeAlias = str


class HeartbeatResponse(TypedDict):
    """The lease after a heartbeat."""

    type: Literal["work_heartbeat"]
    last_heartbeat: str
    lease_extended: bool
    state: WorkState
    ttl_seconds: int


ToolCallState: TypeAlias = Literal["started", "completed", "ambiguous"]


class ToolCall(TypedDict):
    """One worker-run built-in tool call in the operation journal, as `sessions.tool_calls.start` answers it."""

    type: Literal["tool_call"]
    id: str
    session_thread_id: str | None
    name: str
    state: ToolCallState
    work_id: str | None
    started_at: str
    finished_at: str | None


class ToolCallStartParams(TypedDict, closed=True):
    """The optional body of `sessions.tool_calls.start`."""

    session_thread_id: NotRequired[str | None]


class QueueStats(TypedDict):
    """An Environment's work queue statistics."""

    type: Literal["work_queue_stats"]
    depth: int
    pending: int
    oldest_queued_at: str | None
    workers_polling: int


SessionStatus: TypeAlias = Literal["idle", "running", "rescheduling", "terminated"]


class AgentRef(TypedDict, closed=True):
    """An Agent at a version; the latest version when `version` is absent."""

    type: Literal["agent"]
    id: str
    version: NotRequired[int]


AgentRefParam: TypeAlias = str | AgentRef


class MemoryStoreResourceParams(TypedDict, closed=True):
    """Attach a Memory Store to the Session."""

    type: Literal["memory_store"]
    memory_store_id: str
    access: Literal["read_only", "read_write"]
    mount_path: NotRequired[str | None]
    instructions: NotRequired[str | None]


class SessionResource(TypedDict):
    """A Memory Store attached to the Session."""

    type: Literal["memory_store"]
    memory_store_id: str
    access: Literal["read_only", "read_write"]
    mount_path: str | None
    instructions: str | None
    name: str
    description: str | None


VaultId: TypeAlias = str


class ModelUsage(TypedDict):
    """Token counts."""

    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int


class Money(TypedDict, closed=True):
    """An amount of money."""

    amount: str
    currency: Literal["USD"]


class SessionBudget(TypedDict, closed=True):
    """Limits a Session's model spending. Before every model request Mango projects the Session's usage with that request (its estimated input plus its maximum output) and stops the Session with `budget_reached` instead of sending it when a limit would be exceeded."""

    type: Literal["limit"]
    max_list_cost: NotRequired[Money | None]
    max_tokens: NotRequired[int | None]


class ServerToolUsage(TypedDict):
    """Provider-executed tool calls."""

    web_search_requests: int
    web_fetch_requests: int


class SessionUsage(TypedDict):
    """A Session's cumulative model usage and its list cost."""

    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int
    server_tool_use: ServerToolUsage
    list_cost: Money | None


class SessionStats(TypedDict):
    """Timing statistics."""

    active_seconds: float
    duration_seconds: float


class EndTurnStopReason(TypedDict):
    """The turn finished normally."""

    type: Literal["end_turn"]


EventId: TypeAlias = str


class RequiresActionStopReason(TypedDict):
    """The turn is blocked on the listed tool-use events (the barrier). Each needs a result or confirmation; resolving only some re-emits idle with the rest. An idle Session with this reason is not finished."""

    type: Literal["requires_action"]
    event_ids: list[EventId]


class RetriesExhaustedStopReason(TypedDict):
    """Repeated errors ended the turn; queued input was flushed."""

    type: Literal["retries_exhausted"]


class MaxTokensStopReason(TypedDict):
    """The model's answer was cut off at the requested maximum output tokens; the turn ended with what it had produced."""

    type: Literal["max_tokens"]


class BudgetReachedStopReason(TypedDict):
    """The next model request would have exceeded the Session's budget (or its model has no list price while the budget limits cost), so it was not sent. The turn resumes when the budget is raised or removed (`sessions.update`)."""

    type: Literal["budget_reached"]


class ContextOverflowStopReason(TypedDict):
    """The model refused the request as larger than its context window even after the most aggressive compaction, so the turn ended (queued input was flushed). The Session keeps its compacted context; the next `user.message` starts a turn from it."""

    type: Literal["context_overflow"]
    input_tokens: int


class CredentialFailedStopReason(TypedDict):
    """An MCP server's credential failed (its refresh was refused or it has expired) and the turn cannot continue without it. The turn is paused, not ended; updating the credential in its vault (`vaults.credentials.update`) resumes it."""

    type: Literal["credential_failed"]
    mcp_server_name: str
    vault_id: str | None
    credential_id: str | None
    message: str


class WorkerFailedStopReason(TypedDict):
    """A worker reported a permanent failure of the Session's Work (it could not prepare the Session's inputs, such as a Skill archive or a Memory Store). Set on the terminated Session; nothing of a partially prepared workspace runs."""

    type: Literal["worker_failed"]
    work_id: str
    environment_id: str
    message: str


StopReason: TypeAlias = EndTurnStopReason | RequiresActionStopReason | RetriesExhaustedStopReason | MaxTokensStopReason | BudgetReachedStopReason | ContextOverflowStopReason | CredentialFailedStopReason | WorkerFailedStopReason


WorkId: TypeAlias = str


class WorkerUnavailableStall(TypedDict):
    """The Session's Work has been queued longer than the server's bound (`MANGO_WORKER_STALL_SECONDS`) and no worker of its Environment has polled in that time. The Session is not ended; the stall clears as soon as a worker of the Environment polls."""

    type: Literal["worker_unavailable"]
    environment_id: str
    work_ids: list[WorkId]
    since: str


class ThreadBlockedStall(TypedDict):
    """A child Thread is idle on a stop reason that waits for someone (`requires_action`, `budget_reached`, `credential_failed`), so it will not report to its coordinator until that is resolved."""

    type: Literal["thread_blocked"]
    session_thread_id: str
    stop_reason: StopReason


SessionStall: TypeAlias = WorkerUnavailableStall | ThreadBlockedStall


class McpServerError(TypedDict):
    """One failure with an MCP server."""

    message: str
    at: str


class SessionDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["session_deleted"]
    id: str


class TextBlock(TypedDict, closed=True):
    """A text block."""

    type: Literal["text"]
    text: str


class TextDocumentSource(TypedDict, closed=True):
    """Inline plain text."""

    type: Literal["text"]
    media_type: Literal["text/plain"]
    data: str


class Base64DocumentSource(TypedDict, closed=True):
    """Inline base64 bytes."""

    type: Literal["base64"]
    media_type: Literal["application/pdf", "text/plain"]
    data: str


class FileDocumentSource(TypedDict, closed=True):
    """A Workspace File, snapshotted when the event is admitted. A document's File is a PDF (its bytes begin with `%PDF-`) or UTF-8 text; an image's File is a PNG, JPEG, GIF or WebP image, judged by its bytes, never by its name or declared type."""

    type: Literal["file"]
    file_id: str


DocumentSource: TypeAlias = TextDocumentSource | Base64DocumentSource | FileDocumentSource


class DocumentBlock(TypedDict, closed=True):
    """A document given to the model."""

    type: Literal["document"]
    source: DocumentSource
    title: NotRequired[str | None]
    context: NotRequired[str | None]


class Base64ImageSource(TypedDict, closed=True):
    """Inline base64 image bytes; the bytes must be of the declared type."""

    type: Literal["base64"]
    media_type: Literal["image/png", "image/jpeg", "image/gif", "image/webp"]
    data: str


ImageSource: TypeAlias = Base64ImageSource | FileDocumentSource


class ImageBlock(TypedDict, closed=True):
    """An image given to the model (PNG, JPEG, GIF or WebP); refused with 400 when the Session's model does not accept images."""

    type: Literal["image"]
    source: ImageSource


UserContentBlock: TypeAlias = TextBlock | ImageBlock | DocumentBlock


class UserMessageEvent(TypedDict):
    """A user turn (queued FIFO; may be sent while running)."""

    type: Literal["user.message"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    content: list[UserContentBlock]


class UserInterruptEvent(TypedDict):
    """Interrupt the running turn; jumps the queue and forces idle."""

    type: Literal["user.interrupt"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]


class UserToolConfirmationEvent(TypedDict):
    """Allow or deny a tool call whose `evaluated_permission` was `ask`."""

    type: Literal["user.tool_confirmation"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    tool_use_id: str
    result: Literal["allow", "deny"]
    deny_message: NotRequired[str | None]


class UserToolResultEvent(TypedDict):
    """The result of a built-in tool executed by the Environment worker."""

    type: Literal["user.tool_result"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    tool_use_id: str
    content: list[TextBlock]
    is_error: bool


class UserCustomToolResultEvent(TypedDict):
    """The result of an application-defined tool."""

    type: Literal["user.custom_tool_result"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    custom_tool_use_id: str
    content: list[UserContentBlock]
    is_error: bool


class AgentMessageEvent(TypedDict):
    """Text the agent produced."""

    type: Literal["agent.message"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    content: list[TextBlock]


class AgentThinkingEvent(TypedDict):
    """A progress signal that the agent is thinking (the model produced a thinking block, kept exactly in the private transcript); carries no thinking text."""

    type: Literal["agent.thinking"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]


class AgentToolResultEvent(TypedDict):
    """The result of a tool executed by the platform or the model provider (for example web_search), or Mango's `ambiguous` answer to a worker-run call whose worker stopped after starting it."""

    type: Literal["agent.tool_result"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    tool_use_id: str
    content: list[TextBlock]
    is_error: bool
    outcome: NotRequired[Literal["completed", "ambiguous"]]


class PermissionEvaluation(TypedDict):
    """The decision of the `auto` permission evaluator for one call. Any failure, timeout or unparsable answer of the evaluator asks (`reason_type` `indeterminate`)."""

    decision: Literal["allow", "ask", "deny"]
    reason_type: str
    reason: str


class AgentMcpToolUseEvent(TypedDict):
    """A call to an MCP server tool, made by the control plane."""

    type: Literal["agent.mcp_tool_use"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    mcp_server_name: str
    name: str
    input: dict[str, Any]
    evaluated_permission: Literal["allow", "ask", "deny"]
    evaluation: NotRequired[PermissionEvaluation]
    source_event_id: NotRequired[str | None]


class AgentMcpToolResultEvent(TypedDict):
    """The result of an MCP tool call. A large textual result is retained as a File (`file_id`) and the event carries a 2,000-character preview."""

    type: Literal["agent.mcp_tool_result"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    mcp_tool_use_id: str
    content: list[TextBlock]
    is_error: bool
    outcome: NotRequired[Literal["completed", "ambiguous"]]
    file_id: NotRequired[str | None]
    file_size_bytes: NotRequired[int]
    file_sha256: NotRequired[str]


class AgentCustomToolUseEvent(TypedDict):
    """A call to an application-defined tool; the Session goes idle with `requires_action` until a `user.custom_tool_result` answers it."""

    type: Literal["agent.custom_tool_use"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    name: str
    input: dict[str, Any]
    source_event_id: NotRequired[str | None]


class AgentThreadContextCompactedEvent(TypedDict):
    """The thread's model context was compacted before a model request, because the request would not have fit the model's context window (or the provider refused it as too large). The transcript itself is unchanged; later requests start from the compacted projection (see docs/sessions.md)."""

    type: Literal["agent.thread_context_compacted"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    pre_tokens: NotRequired[int]
    post_tokens: NotRequired[int]
    mode: NotRequired[str]
    summary_fallback: NotRequired[str]


class SessionStatusRunningEvent(TypedDict):
    """The Session started running a turn."""

    type: Literal["session.status_running"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]


class SessionStatusIdleEvent(TypedDict):
    """The Session went idle. Drain rule for clients; stop on `session.status_terminated`, or on idle whose `stop_reason` is not `requires_action`."""

    type: Literal["session.status_idle"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    stop_reason: StopReason


class SessionStatusRescheduledEvent(TypedDict):
    """The Session is retrying after a transient failure (status `rescheduling`)."""

    type: Literal["session.status_rescheduled"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]


class SessionStatusTerminatedEvent(TypedDict):
    """The Session ended for good (unrecoverable error or archive)."""

    type: Literal["session.status_terminated"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    stop_reason: NotRequired[WorkerFailedStopReason]


class RetryStatus(TypedDict):
    """What happens after a Session error."""

    type: Literal["retrying", "exhausted", "terminal"]


class SessionError(TypedDict):
    """A Session error."""

    type: str
    message: str
    retry_status: RetryStatus
    mcp_server_name: NotRequired[str | None]


class SessionErrorEvent(TypedDict):
    """An error during the Session; errors are events, not a status."""

    type: Literal["session.error"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    error: SessionError


class SessionUpdatedEvent(TypedDict):
    """The Session's title, metadata, budget or vaults changed; only changed fields are present."""

    type: Literal["session.updated"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    title: NotRequired[str | None]
    metadata: NotRequired[Metadata]
    budget: NotRequired[SessionBudget | None]
    vault_ids: NotRequired[list[VaultId]]


class SessionUsageEvent(TypedDict):
    """The Session's cumulative usage after a model request, with its budget. Emitted after each model request of a Session that has a budget."""

    type: Literal["session.usage"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    usage: SessionUsage
    budget: SessionBudget | None


class SessionDeletedEvent(TypedDict):
    """The Session was deleted; ends the stream. Seen only on live streams."""

    type: Literal["session.deleted"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]


class SpanModelRequestStartEvent(TypedDict):
    """A model request started."""

    type: Literal["span.model_request_start"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]


class SpanModelRequestEndEvent(TypedDict):
    """A model request ended; closes any open previews."""

    type: Literal["span.model_request_end"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    model_request_start_id: str
    is_error: bool
    model_usage: ModelUsage


class AgentThreadMessageSentEvent(TypedDict):
    """A message this Thread sent to another Thread (a delegation, a follow-up or a report)."""

    type: Literal["agent.thread_message_sent"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    to_session_thread_id: str
    to_agent_name: NotRequired[str | None]
    content: list[TextBlock]


class AgentThreadMessageReceivedEvent(TypedDict):
    """A message this Thread received from another Thread; it starts a turn of the receiver, like a `user.message`."""

    type: Literal["agent.thread_message_received"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    from_session_thread_id: str
    from_agent_name: NotRequired[str | None]
    content: list[TextBlock]


class SessionThreadCreatedEvent(TypedDict):
    """A child Thread was created (`session_thread_id` names it)."""

    type: Literal["session.thread_created"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    agent_name: str


class SessionThreadStatusRunningEvent(TypedDict):
    """A child Thread started running."""

    type: Literal["session.thread_status_running"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    agent_name: str


class SessionThreadStatusRescheduledEvent(TypedDict):
    """A child Thread's model call failed with a retryable error; the Thread retries it after a delay (its own ledger shows `session.status_rescheduled` and the `session.error`)."""

    type: Literal["session.thread_status_rescheduled"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    agent_name: str


class SessionThreadStatusIdleEvent(TypedDict):
    """A child Thread went idle."""

    type: Literal["session.thread_status_idle"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    agent_name: str
    stop_reason: StopReason


class SessionThreadStatusTerminatedEvent(TypedDict):
    """A child Thread was archived or stopped for good."""

    type: Literal["session.thread_status_terminated"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    agent_name: str


class UserMessageEventParams(TypedDict, closed=True):
    """Send a user turn."""

    type: Literal["user.message"]
    content: list[UserContentBlock]


class UserInterruptEventParams(TypedDict, closed=True):
    """Interrupt the running turn."""

    type: Literal["user.interrupt"]
    session_thread_id: NotRequired[str | None]


class UserToolConfirmationEventParams(TypedDict, closed=True):
    """Allow or deny a tool call whose `evaluated_permission` was `ask`."""

    type: Literal["user.tool_confirmation"]
    tool_use_id: str
    result: Literal["allow", "deny"]
    deny_message: NotRequired[str | None]
    session_thread_id: NotRequired[str | None]


class UserToolResultEventParams(TypedDict, closed=True):
    """Return a built-in tool's result (Environment workers)."""

    type: Literal["user.tool_result"]
    tool_use_id: str
    content: NotRequired[list[TextBlock]]
    is_error: NotRequired[bool]
    session_thread_id: NotRequired[str | None]


class UserCustomToolResultEventParams(TypedDict, closed=True):
    """Return an application-defined tool's result."""

    type: Literal["user.custom_tool_result"]
    custom_tool_use_id: str
    content: NotRequired[list[UserContentBlock]]
    is_error: NotRequired[bool]
    session_thread_id: NotRequired[str | None]


class PreviewEventRef(TypedDict):
    """The in-progress event a preview belongs to."""

    type: Literal["agent.message", "agent.thinking"]
    id: str


class PingEvent(TypedDict):
    """Stream-only keep-alive (`event: ping`, no `id:`), sent when a stream has been quiet for the ping interval (15 seconds by default); clients ignore it."""

    type: Literal["ping"]


class EventStartEvent(TypedDict):
    """Stream-only preview; an `agent.message` or `agent.thinking` event has started. Never persisted or replayed."""

    type: Literal["event_start"]
    event: PreviewEventRef


class ContentDelta(TypedDict):
    """Text appended to one content block of a previewed event."""

    type: Literal["content_delta"]
    index: int
    content: TextBlock


class EventDeltaEvent(TypedDict):
    """Stream-only preview; text for an in-progress `agent.message` (thinking gets a start only). Fold by `(event_id, index)`; the persisted event supersedes it. Never persisted or replayed."""

    type: Literal["event_delta"]
    event_id: str
    delta: ContentDelta


class FileUploadParams(TypedDict, closed=True):
    """The multipart body of `files.upload`."""

    file: bytes


class File(TypedDict):
    """An immutable Workspace File."""

    type: Literal["file"]
    id: str
    filename: str
    mime_type: str
    size_bytes: int
    sha256: str
    created_at: str


class FileList(TypedDict):
    """One page of Files (bidirectional cursor)."""

    data: list[File]
    next_page: str | None
    prev_page: str | None


class FileDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["file_deleted"]
    id: str


class SkillCreateParams(TypedDict, closed=True):
    """The multipart body of `skills.create`."""

    file: bytes
    display_title: NotRequired[str]


class SkillVersionCreateParams(TypedDict, closed=True):
    """The multipart body of `skills.versions.create`."""

    file: bytes


class Skill(TypedDict):
    """A Skill; its content lives in immutable versions."""

    type: Literal["skill"]
    id: str
    display_title: str | None
    latest_version: str
    created_at: str
    updated_at: str


class SkillList(TypedDict):
    """One page of Skills."""

    data: list[Skill]
    next_page: str | None


class SkillDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["skill_deleted"]
    id: str


class SkillVersion(TypedDict):
    """One immutable version of a Skill."""

    type: Literal["skill_version"]
    id: str
    skill_id: str
    version: str
    name: str
    description: str
    directory: str
    archive_size_bytes: int
    archive_sha256: str
    expanded_size_bytes: int
    member_count: int
    created_at: str


class SkillVersionList(TypedDict):
    """One page of Skill versions."""

    data: list[SkillVersion]
    next_page: str | None


class SkillVersionDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["skill_version_deleted"]
    id: str


class MemoryStoreCreateParams(TypedDict, closed=True):
    """The body of `memory_stores.create`."""

    name: str
    description: NotRequired[str | None]
    metadata: NotRequired[Metadata]


class MemoryStoreUpdateParams(TypedDict, closed=True):
    """The body of `memory_stores.update`; present fields replace the current values."""

    name: NotRequired[str]
    description: NotRequired[str | None]
    metadata: NotRequired[Metadata]


class MemoryStore(TypedDict):
    """A store of text memories addressed by path."""

    type: Literal["memory_store"]
    id: str
    name: str
    description: str | None
    metadata: Metadata
    created_at: str
    updated_at: str
    archived_at: str | None


class MemoryStoreList(TypedDict):
    """One page of Memory Stores."""

    data: list[MemoryStore]
    next_page: str | None


class MemoryStoreDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["memory_store_deleted"]
    id: str


class MemoryCreateParams(TypedDict, closed=True):
    """The body of `memory_stores.memories.create`."""

    path: str
    content: str


class MemoryPrecondition(TypedDict, closed=True):
    """Apply the update only if the current content has this SHA-256."""

    type: Literal["content_sha256"]
    content_sha256: str


class MemoryUpdateParams(TypedDict, closed=True):
    """The body of `memory_stores.memories.update`; at least one of `path` or `content`."""

    path: NotRequired[str]
    content: NotRequired[str]
    precondition: NotRequired[MemoryPrecondition]


class Memory(TypedDict):
    """One memory."""

    type: Literal["memory"]
    id: str
    memory_store_id: str
    path: str
    content: str | None
    content_sha256: str
    content_size_bytes: int
    memory_version_id: str
    created_at: str
    updated_at: str


class MemoryPrefix(TypedDict):
    """A folded path prefix in a depth-limited listing."""

    type: Literal["memory_prefix"]
    path: str


MemoryListItem: TypeAlias = Memory | MemoryPrefix


class MemoryList(TypedDict):
    """One page of memories and prefixes."""

    data: list[MemoryListItem]
    next_page: str | None


class MemoryDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["memory_deleted"]
    id: str


class SessionActor(TypedDict):
    """A change made by a Session (its worker, with the session token)."""

    type: Literal["session_actor"]
    session_id: str


class ApiActor(TypedDict):
    """A change made with a Workspace API key."""

    type: Literal["api_actor"]
    api_key_id: str


MemoryActor: TypeAlias = SessionActor | ApiActor


class MemoryVersion(TypedDict):
    """An immutable record of one memory change."""

    type: Literal["memory_version"]
    id: str
    memory_id: str
    memory_store_id: str
    operation: Literal["created", "modified", "deleted"]
    path: str | None
    content: str | None
    content_sha256: str | None
    content_size_bytes: int | None
    created_by: MemoryActor | None
    redacted_at: str | None
    created_at: str


class MemoryVersionList(TypedDict):
    """One page of memory versions."""

    data: list[MemoryVersion]
    next_page: str | None


WebhookEventType: TypeAlias = Literal["session.created", "session.status_run_started", "session.status_idled", "session.requires_action", "session.status_rescheduled", "session.status_terminated", "session.archived", "session.deleted", "session.budget_reached", "session.credential_failed", "session.worker_unavailable", "deployment_run.completed", "deployment_run.failed"]


class WebhookCreateParams(TypedDict, closed=True):
    """The body of `webhooks.create`."""

    url: str
    event_types: list[WebhookEventType]
    enabled: NotRequired[bool]
    description: NotRequired[str | None]
    metadata: NotRequired[Metadata]


class WebhookUpdateParams(TypedDict, closed=True):
    """The body of `webhooks.update`; present fields replace the current values."""

    url: NotRequired[str]
    event_types: NotRequired[list[WebhookEventType]]
    enabled: NotRequired[bool]
    description: NotRequired[str | None]
    metadata: NotRequired[MetadataPatch]


class WebhookDisabledReason(TypedDict):
    """Why the server disabled an endpoint."""

    type: Literal["private_address", "redirect", "egress_refused"]
    message: str
    disabled_at: str


class Webhook(TypedDict):
    """A webhook endpoint. Its secret is never part of this shape."""

    type: Literal["webhook"]
    id: str
    url: str
    event_types: list[WebhookEventType]
    enabled: bool
    description: str | None
    metadata: Metadata
    disabled_reason: WebhookDisabledReason | None
    created_at: str
    updated_at: str


class WebhookWithSecret(TypedDict):
    """A webhook endpoint and its signing secret (only in the create and rotate answers)."""

    type: Literal["webhook"]
    id: str
    url: str
    event_types: list[WebhookEventType]
    enabled: bool
    description: str | None
    metadata: Metadata
    disabled_reason: WebhookDisabledReason | None
    created_at: str
    updated_at: str
    secret: str


class WebhookList(TypedDict):
    """One page of webhook endpoints."""

    data: list[Webhook]
    next_page: str | None


class WebhookDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["webhook_deleted"]
    id: str


class WebhookNotificationData(TypedDict):
    """The thin description of what changed."""

    type: WebhookEventType
    id: str
    workspace_id: str
    stop_reason: NotRequired[dict[str, Any]]
    stall: NotRequired[WorkerUnavailableStall]
    deployment_id: NotRequired[str]
    session_id: NotRequired[str | None]


class VaultCreateParams(TypedDict, closed=True):
    """The body of `vaults.create`."""

    display_name: str
    metadata: NotRequired[Metadata]


class VaultUpdateParams(TypedDict, closed=True):
    """The body of `vaults.update`; present fields replace the current values."""

    display_name: NotRequired[str]
    metadata: NotRequired[MetadataPatch]


class Vault(TypedDict):
    """A named set of credentials that Sessions and Deployments name in `vault_ids`."""

    type: Literal["vault"]
    id: str
    display_name: str
    metadata: Metadata
    created_at: str
    updated_at: str
    archived_at: str | None


class VaultList(TypedDict):
    """One page of vaults."""

    data: list[Vault]
    next_page: str | None


class VaultDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["vault_deleted"]
    id: str


class CredentialNetworking(TypedDict, closed=True):
    """The hosts an `environment_variable` secret may be sent to: requests to any other host never carry it."""

    type: Literal["limited"]
    allowed_hosts: list[AllowedHost]


class InjectionLocationParams(TypedDict, closed=True):
    """Where in an outbound request the secret may be substituted (absent fields keep their value; at creation `header` defaults to true and `body` to false)."""

    header: NotRequired[bool]
    body: NotRequired[bool]


class InjectionLocation(TypedDict):
    """Where in an outbound request the secret may be substituted."""

    header: bool
    body: bool


class TokenEndpointAuthNone(TypedDict, closed=True):
    """The token endpoint takes no client authentication (a public client)."""

    type: Literal["none"]


class TokenEndpointAuthBasicParams(TypedDict, closed=True):
    """The client authenticates to the token endpoint with HTTP Basic."""

    type: Literal["client_secret_basic"]
    client_secret: str


class TokenEndpointAuthPostParams(TypedDict, closed=True):
    """The client sends its secret in the token request's body."""

    type: Literal["client_secret_post"]
    client_secret: str


TokenEndpointAuthParams: TypeAlias = TokenEndpointAuthNone | TokenEndpointAuthBasicParams | TokenEndpointAuthPostParams


class TokenEndpointAuthBasic(TypedDict):
    """The client authenticates to the token endpoint with HTTP Basic."""

    type: Literal["client_secret_basic"]
    client_secret_set: bool


class TokenEndpointAuthPost(TypedDict):
    """The client sends its secret in the token request's body."""

    type: Literal["client_secret_post"]
    client_secret_set: bool


TokenEndpointAuth: TypeAlias = TokenEndpointAuthNone | TokenEndpointAuthBasic | TokenEndpointAuthPost


class McpOAuthRefreshParams(TypedDict, closed=True):
    """How the access token is refreshed at the authorization server."""

    client_id: str
    refresh_token: str
    token_endpoint: str
    token_endpoint_auth: TokenEndpointAuthParams
    scope: NotRequired[str | None]
    resource: NotRequired[str | None]


class McpOAuthRefreshUpdateParams(TypedDict, closed=True):
    """Changes to the refresh settings; present fields replace the stored ones (settings added to a credential without them must be complete)."""

    client_id: NotRequired[str]
    refresh_token: NotRequired[str]
    token_endpoint: NotRequired[str]
    token_endpoint_auth: NotRequired[TokenEndpointAuthParams]
    scope: NotRequired[str | None]
    resource: NotRequired[str | None]


class McpOAuthRefresh(TypedDict):
    """How the access token is refreshed (its secrets are never returned)."""

    client_id: str
    token_endpoint: str
    token_endpoint_auth: TokenEndpointAuth
    scope: str | None
    resource: str | None
    refresh_token_set: bool


class StaticBearerAuthParams(TypedDict, closed=True):
    """A bearer token sent to one MCP server."""

    type: Literal["static_bearer"]
    mcp_server_url: str
    token: str


class McpOAuthAuthParams(TypedDict, closed=True):
    """An OAuth access token for one MCP server, with its expiry and optionally how to refresh it."""

    type: Literal["mcp_oauth"]
    mcp_server_url: str
    access_token: str
    expires_at: NotRequired[str | None]
    refresh: NotRequired[McpOAuthRefreshParams | None]


class EnvironmentVariableAuthParams(TypedDict, closed=True):
    """A named secret and the hosts it may be sent to."""

    type: Literal["environment_variable"]
    secret_name: str
    secret_value: str
    networking: CredentialNetworking
    injection_location: NotRequired[InjectionLocationParams]


CredentialAuthParams: TypeAlias = StaticBearerAuthParams | McpOAuthAuthParams | EnvironmentVariableAuthParams


class StaticBearerAuthUpdateParams(TypedDict, closed=True):
    """Changes to a `static_bearer` credential."""

    type: Literal["static_bearer"]
    token: NotRequired[str]


class McpOAuthAuthUpdateParams(TypedDict, closed=True):
    """Changes to an `mcp_oauth` credential."""

    type: Literal["mcp_oauth"]
    access_token: NotRequired[str]
    expires_at: NotRequired[str | None]
    refresh: NotRequired[McpOAuthRefreshUpdateParams | None]


class EnvironmentVariableAuthUpdateParams(TypedDict, closed=True):
    """Changes to an `environment_variable` credential."""

    type: Literal["environment_variable"]
    secret_value: NotRequired[str]
    networking: NotRequired[CredentialNetworking]
    injection_location: NotRequired[InjectionLocationParams]


CredentialAuthUpdateParams: TypeAlias = StaticBearerAuthUpdateParams | McpOAuthAuthUpdateParams | EnvironmentVariableAuthUpdateParams


class StaticBearerAuth(TypedDict):
    """A bearer token sent to one MCP server (never returned)."""

    type: Literal["static_bearer"]
    mcp_server_url: str
    token_set: bool


class McpOAuthAuth(TypedDict):
    """An OAuth access token for one MCP server (its secrets are never returned)."""

    type: Literal["mcp_oauth"]
    mcp_server_url: str
    expires_at: str | None
    refresh: McpOAuthRefresh | None
    access_token_set: bool


class EnvironmentVariableAuth(TypedDict):
    """A named secret and the hosts it may be sent to (its value is never returned)."""

    type: Literal["environment_variable"]
    secret_name: str
    networking: CredentialNetworking
    injection_location: InjectionLocation
    secret_value_set: bool


CredentialAuth: TypeAlias = StaticBearerAuth | McpOAuthAuth | EnvironmentVariableAuth


class VaultCredentialCreateParams(TypedDict, closed=True):
    """The body of `vaults.credentials.create`."""

    display_name: NotRequired[str | None]
    metadata: NotRequired[Metadata]
    auth: CredentialAuthParams


class VaultCredentialUpdateParams(TypedDict, closed=True):
    """The body of `vaults.credentials.update`; present fields replace the current values."""

    display_name: NotRequired[str | None]
    metadata: NotRequired[MetadataPatch]
    auth: NotRequired[CredentialAuthUpdateParams]


class VaultCredential(TypedDict):
    """A credential of a vault. Secret fields are write-only; responses say only whether each is set."""

    type: Literal["vault_credential"]
    id: str
    vault_id: str
    display_name: str | None
    metadata: Metadata
    auth: CredentialAuth
    created_at: str
    updated_at: str
    archived_at: str | None


class VaultCredentialList(TypedDict):
    """One page of a vault's credentials."""

    data: list[VaultCredential]
    next_page: str | None


class VaultCredentialDeleted(TypedDict):
    """Deletion marker."""

    type: Literal["vault_credential_deleted"]
    id: str


DeploymentStatus: TypeAlias = Literal["active", "paused"]


OverlapPolicy: TypeAlias = Literal["skip", "allow"]


class CronScheduleParams(TypedDict, closed=True):
    """A cron schedule. `expression` is POSIX cron with five fields (minute hour day-of-month month day-of-week; names such as `mon` and `jan` accepted), or six with a leading seconds field; `timezone` is an IANA name (`UTC` by default). Nonexistent local times are skipped and repeated ones fire twice."""

    type: Literal["cron"]
    expression: str
    timezone: NotRequired[str]


class DeploymentSchedule(TypedDict):
    """A Deployment's cron schedule and where it stands."""

    type: Literal["cron"]
    expression: str
    timezone: str
    last_run_at: str | None
    upcoming_runs_at: list[str]


class DeploymentAgent(TypedDict):
    """The Agent a Deployment runs."""

    type: Literal["agent"]
    id: str
    version: int | None


class ManualPausedReason(TypedDict):
    """Paused by `deployments.pause`."""

    type: Literal["manual"]


class DeploymentPauseError(TypedDict):
    """The Run error that paused the Deployment."""

    type: str


class ErrorPausedReason(TypedDict):
    """Paused because a Run found its Agent or Environment missing or archived; later Runs would fail the same way."""

    type: Literal["error"]
    error: DeploymentPauseError


PausedReason: TypeAlias = ManualPausedReason | ErrorPausedReason


class DeploymentRunError(TypedDict):
    """Why a Run created no Session."""

    type: str
    message: str
    category: Literal["missing_resource", "rejected", "transient"]


class ScheduleTriggerContext(TypedDict):
    """A Run started by the schedule."""

    type: Literal["schedule"]
    scheduled_at: str


class ManualTriggerContext(TypedDict):
    """A Run started by `deployments.run`."""

    type: Literal["manual"]


TriggerContext: TypeAlias = ScheduleTriggerContext | ManualTriggerContext


class DeploymentRun(TypedDict):
    """The immutable record of one Run of a Deployment."""

    type: Literal["deployment_run"]
    id: str
    deployment_id: str
    agent: DeploymentAgent
    session_id: str | None
    outcome: Literal["session_created", "skipped", "failed"]
    error: DeploymentRunError | None
    trigger_context: TriggerContext
    created_at: str


class DeploymentRunList(TypedDict):
    """One page of Deployment Runs."""

    data: list[DeploymentRun]
    next_page: str | None


class TextRubric(TypedDict, closed=True):
    """A rubric given as text."""

    type: Literal["text"]
    content: str


class FileRubric(TypedDict, closed=True):
    """A rubric in a UTF-8 text File, snapshotted when the event is admitted (later changes to the File change nothing)."""

    type: Literal["file"]
    file_id: str


Rubric: TypeAlias = TextRubric | FileRubric


class UserDefineOutcomeEventParams(TypedDict, closed=True):
    """Give the agent a task with a rubric. The event is a turn of its own; after each turn a grader (one bounded, tool-free model call) evaluates the agent's answer against the rubric and, while it is not met, sends its feedback back as a new turn, up to `max_iterations` evaluations. A newer outcome supersedes the active one."""

    type: Literal["user.define_outcome"]
    description: str
    rubric: Rubric
    max_iterations: NotRequired[int]


class UserDefineOutcomeEvent(TypedDict):
    """An outcome was defined (queued as a turn trigger like a message)."""

    type: Literal["user.define_outcome"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    outcome_id: str
    description: str
    rubric: Rubric
    max_iterations: int


OutcomeEvaluationResult: TypeAlias = Literal["satisfied", "needs_revision", "max_iterations_reached", "failed", "interrupted"]


class SpanOutcomeEvaluationStartEvent(TypedDict):
    """The grader started evaluating one iteration of an outcome."""

    type: Literal["span.outcome_evaluation_start"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    outcome_id: str
    iteration: int


class SpanOutcomeEvaluationEndEvent(TypedDict):
    """An evaluation ended. With `needs_revision` the event is the agent's next turn (it receives the explanation as feedback), so its `processed_at` is null until that turn starts."""

    type: Literal["span.outcome_evaluation_end"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    outcome_evaluation_start_id: str | None
    outcome_id: str
    iteration: int
    result: OutcomeEvaluationResult
    explanation: str


class OutcomeEvaluation(TypedDict):
    """One completed evaluation of an outcome."""

    type: Literal["outcome_evaluation"]
    outcome_id: str
    iteration: int
    result: OutcomeEvaluationResult
    description: str
    explanation: str
    completed_at: str


SessionInitialEvent: TypeAlias = UserMessageEventParams | UserDefineOutcomeEventParams


class ErrorEnvelope(TypedDict):
    """The one error body of every 4xx/5xx answer and of the SSE `error` event."""

    type: Literal["error"]
    error: ErrorBody
    request_id: str


class ContextManagement(TypedDict, closed=True):
    """How a Session manages a model context that outgrows the model's window (see docs/sessions.md)."""

    compaction: NotRequired[CompactionConfig]


class AgentCreateParams(TypedDict, closed=True):
    """The body of `agents.create`."""

    name: str
    description: NotRequired[str | None]
    system: NotRequired[str | None]
    model: ModelParam
    tools: NotRequired[list[AgentTool]]
    mcp_servers: NotRequired[list[McpServer]]
    skills: NotRequired[list[SkillRef]]
    context_management: NotRequired[ContextManagement | None]
    multiagent: NotRequired[MultiagentParams | None]
    metadata: NotRequired[Metadata]


class AgentUpdateParams(TypedDict, closed=True):
    """The body of `agents.update`; present fields replace the current values."""

    version: NotRequired[int]
    name: NotRequired[str]
    description: NotRequired[str | None]
    system: NotRequired[str | None]
    model: NotRequired[ModelParam]
    tools: NotRequired[list[AgentTool]]
    mcp_servers: NotRequired[list[McpServer]]
    skills: NotRequired[list[SkillRef]]
    context_management: NotRequired[ContextManagement | None]
    multiagent: NotRequired[MultiagentParams | None]
    metadata: NotRequired[MetadataPatch]


class Agent(TypedDict):
    """One immutable version of an Agent."""

    type: Literal["agent"]
    id: str
    name: str
    description: str | None
    system: str | None
    model: ModelConfig
    tools: list[AgentTool]
    mcp_servers: list[McpServer]
    skills: list[SkillRef]
    context_management: ContextManagement | None
    multiagent: NotRequired[Multiagent | None]
    metadata: Metadata
    warnings: NotRequired[list[AgentWarning]]
    version: int
    created_at: str
    updated_at: str
    archived_at: str | None


class AgentList(TypedDict):
    """One page of Agents."""

    data: list[Agent]
    next_page: str | None


class HealthcheckWorkData(TypedDict):
    """A healthcheck item; the worker reports a bounded result and stops it."""

    type: Literal["healthcheck"]
    result: HealthcheckResult | None


WorkData: TypeAlias = SessionWorkData | HealthcheckWorkData | SessionTeardownWorkData


class Work(TypedDict):
    """One item of an Environment's work queue."""

    type: Literal["work"]
    id: str
    environment_id: str
    data: WorkData
    state: WorkState
    metadata: Metadata
    secret: str | None
    error: WorkError | None
    created_at: str
    acknowledged_at: str | None
    started_at: str | None
    latest_heartbeat_at: str | None
    stop_requested_at: str | None
    stopped_at: str | None


class WorkList(TypedDict):
    """One page of Work items."""

    data: list[Work]
    next_page: str | None


class WorkSecret(TypedDict):
    """One environment_variable credential with its secret value."""

    vault_id: str
    credential_id: str
    secret_name: str
    secret_value: str
    allowed_hosts: list[AllowedHost]
    injection_location: InjectionLocation


class SessionCreateParams(TypedDict, closed=True):
    """The body of `sessions.create`."""

    agent: AgentRefParam
    environment_id: str
    title: NotRequired[str | None]
    metadata: NotRequired[Metadata]
    budget: NotRequired[SessionBudget | None]
    resources: NotRequired[list[MemoryStoreResourceParams]]
    vault_ids: NotRequired[list[VaultId]]
    initial_events: NotRequired[list[SessionInitialEvent]]


class SessionUpdateParams(TypedDict, closed=True):
    """The body of `sessions.update`."""

    title: NotRequired[str | None]
    metadata: NotRequired[MetadataPatch]
    budget: NotRequired[SessionBudget | None]
    vault_ids: NotRequired[list[VaultId]]


class SessionThreadAgent(TypedDict):
    """The Agent snapshot a Thread runs (a roster member, taken at Session creation)."""

    type: Literal["agent"]
    id: str
    version: int
    name: str
    description: str | None
    system: str | None
    model: ModelConfig
    tools: list[AgentTool]
    mcp_servers: list[McpServer]
    skills: list[SkillRef]
    context_management: NotRequired[ContextManagement | None]


ThreadAgent: TypeAlias = SessionThreadAgent | RosterAdvisor


class SessionRoster(TypedDict):
    """The coordinator roster a Session pinned at creation."""

    type: Literal["coordinator"]
    agents: list[ThreadAgent]


class McpServerHealth(TypedDict):
    """What a Thread's contacts with one MCP server showed."""

    mcp_server_name: str
    last_discovered_at: str | None
    last_error: McpServerError | None


class AgentToolUseEvent(TypedDict):
    """A built-in tool call. Worker-run tools (bash, read, write, edit, glob, grep) are answered with `user.tool_result`; with `evaluated_permission` `ask` the worker waits for a `user.tool_confirmation` allow first. A worker records `started` (`sessions.tool_calls.start`) before it runs a call that can change anything; when that worker stops before a result, Mango answers the call with `agent.tool_result` `outcome: ambiguous` instead. The platform-managed `web_fetch` is answered by Mango itself with `agent.tool_result` (after the confirmation, when it asks)."""

    type: Literal["agent.tool_use"]
    id: str
    processed_at: str | None
    created_at: str
    session_thread_id: NotRequired[str | None]
    name: str
    input: dict[str, Any]
    evaluated_permission: Literal["allow", "ask", "deny"]
    evaluation: NotRequired[PermissionEvaluation]
    source_event_id: NotRequired[str | None]


SessionEvent: TypeAlias = UserMessageEvent | UserInterruptEvent | UserToolConfirmationEvent | UserToolResultEvent | UserCustomToolResultEvent | AgentMessageEvent | AgentThinkingEvent | AgentToolUseEvent | AgentToolResultEvent | AgentMcpToolUseEvent | AgentMcpToolResultEvent | AgentCustomToolUseEvent | AgentThreadContextCompactedEvent | SessionStatusRunningEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusTerminatedEvent | SessionErrorEvent | SessionUpdatedEvent | SessionUsageEvent | SessionDeletedEvent | SpanModelRequestStartEvent | SpanModelRequestEndEvent | UserDefineOutcomeEvent | SpanOutcomeEvaluationStartEvent | SpanOutcomeEvaluationEndEvent | AgentThreadMessageSentEvent | AgentThreadMessageReceivedEvent | SessionThreadCreatedEvent | SessionThreadStatusRunningEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusIdleEvent | SessionThreadStatusTerminatedEvent


class SessionEventList(TypedDict):
    """One page of Session events."""

    data: list[SessionEvent]
    next_page: str | None


SessionEventInput: TypeAlias = UserMessageEventParams | UserInterruptEventParams | UserToolConfirmationEventParams | UserToolResultEventParams | UserCustomToolResultEventParams | UserDefineOutcomeEventParams


class SessionEventSendParams(TypedDict, closed=True):
    """The body of `sessions.events.send`."""

    events: list[SessionEventInput]


class SessionEventSendResult(TypedDict):
    """The appended events."""

    data: list[SessionEvent]


SessionStreamEvent: TypeAlias = UserMessageEvent | UserInterruptEvent | UserToolConfirmationEvent | UserToolResultEvent | UserCustomToolResultEvent | AgentMessageEvent | AgentThinkingEvent | AgentToolUseEvent | AgentToolResultEvent | AgentMcpToolUseEvent | AgentMcpToolResultEvent | AgentCustomToolUseEvent | AgentThreadContextCompactedEvent | SessionStatusRunningEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusTerminatedEvent | SessionErrorEvent | SessionUpdatedEvent | SessionUsageEvent | SessionDeletedEvent | SpanModelRequestStartEvent | SpanModelRequestEndEvent | UserDefineOutcomeEvent | SpanOutcomeEvaluationStartEvent | SpanOutcomeEvaluationEndEvent | AgentThreadMessageSentEvent | AgentThreadMessageReceivedEvent | SessionThreadCreatedEvent | SessionThreadStatusRunningEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusIdleEvent | SessionThreadStatusTerminatedEvent | EventStartEvent | EventDeltaEvent | PingEvent | ErrorEnvelope


class WebhookNotification(TypedDict):
    """
    The body of every delivery (a thin payload: fetch the resource by `data.id`). Sent as
    `POST` with the Standard Webhooks headers `webhook-id` (= `id`, the same on every
    attempt), `webhook-timestamp` (fresh per attempt) and `webhook-signature`
    (`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the
    secret's bytes). Any 2xx acknowledges; there is no ordering promise (sort by `created_at`).

    """

    type: Literal["event"]
    id: str
    created_at: str
    data: WebhookNotificationData


DeploymentInitialEvent: TypeAlias = UserMessageEventParams | UserDefineOutcomeEventParams


class WorkSecrets(TypedDict):
    """The environment_variable secrets a leased Session Work item's tools may use through the egress proxy."""

    type: Literal["work_secrets"]
    data: list[WorkSecret]


class SessionAgent(TypedDict):
    """The Agent snapshot a Session runs, taken at creation."""

    type: Literal["agent"]
    id: str
    version: int
    name: str
    description: str | None
    system: str | None
    model: ModelConfig
    tools: list[AgentTool]
    mcp_servers: list[McpServer]
    skills: list[SkillRef]
    context_management: NotRequired[ContextManagement | None]
    multiagent: NotRequired[SessionRoster | None]


class Session(TypedDict):
    """A stateful conversation between an application and an Agent snapshot."""

    type: Literal["session"]
    id: str
    title: str | None
    status: SessionStatus
    stop_reason: StopReason | None
    stalls: NotRequired[list[SessionStall]]
    agent: SessionAgent
    environment_id: str
    resources: list[SessionResource]
    vault_ids: NotRequired[list[VaultId]]
    metadata: Metadata
    usage: SessionUsage
    budget: SessionBudget | None
    stats: SessionStats
    outcome_evaluations: NotRequired[list[OutcomeEvaluation]]
    created_at: str
    updated_at: str
    archived_at: str | None


class SessionThread(TypedDict):
    """One Thread of a Session; the primary Thread has no parent."""

    type: Literal["session_thread"]
    id: str
    session_id: str
    parent_thread_id: str | None
    agent_name: str
    status: SessionStatus
    stop_reason: StopReason | None
    agent: ThreadAgent
    usage: SessionUsage
    stats: SessionStats
    created_at: str
    updated_at: str
    archived_at: str | None
    mcp_servers: NotRequired[list[McpServerHealth]]


class SessionThreadList(TypedDict):
    """One page of Threads."""

    data: list[SessionThread]
    next_page: str | None
    prev_page: str | None


class SessionList(TypedDict):
    """One page of Sessions (bidirectional cursor)."""

    data: list[Session]
    next_page: str | None
    prev_page: str | None


class DeploymentCreateParams(TypedDict, closed=True):
    """The body of `deployments.create`."""

    name: str
    description: NotRequired[str | None]
    agent: AgentRefParam
    environment_id: str
    initial_events: list[DeploymentInitialEvent]
    metadata: NotRequired[Metadata]
    vault_ids: NotRequired[list[VaultId]]
    budget: NotRequired[SessionBudget | None]
    schedule: NotRequired[CronScheduleParams | None]
    overlap_policy: NotRequired[OverlapPolicy]


class DeploymentUpdateParams(TypedDict, closed=True):
    """The body of `deployments.update`."""

    name: NotRequired[str]
    description: NotRequired[str | None]
    agent: NotRequired[AgentRefParam]
    environment_id: NotRequired[str]
    initial_events: NotRequired[list[DeploymentInitialEvent]]
    metadata: NotRequired[MetadataPatch]
    vault_ids: NotRequired[list[VaultId]]
    budget: NotRequired[SessionBudget | None]
    schedule: NotRequired[CronScheduleParams | None]
    overlap_policy: NotRequired[OverlapPolicy]


class Deployment(TypedDict):
    """An Agent run unattended on a schedule (and on demand); every Run creates a Session."""

    type: Literal["deployment"]
    id: str
    name: str
    description: str | None
    agent: DeploymentAgent
    environment_id: str
    initial_events: list[DeploymentInitialEvent]
    metadata: Metadata
    vault_ids: NotRequired[list[VaultId]]
    budget: NotRequired[SessionBudget | None]
    schedule: DeploymentSchedule | None
    overlap_policy: OverlapPolicy
    status: DeploymentStatus
    paused_reason: PausedReason | None
    created_at: str
    updated_at: str
    archived_at: str | None


class DeploymentList(TypedDict):
    """One page of Deployments."""

    data: list[Deployment]
    next_page: str | None
