// This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.

// Wire types of the Mango API.

import type { Uploadable } from "../core.js";

/** The one error body of every 4xx/5xx answer and of the SSE `error` event. */
export interface ErrorEnvelope {
  /** Always `error`. */
  type: "error";
  /** What went wrong. */
  error: ErrorBody;
  /** The request id (also the `request-id` header). */
  request_id: string;
}

/** A stable error type and a human message. */
export interface ErrorBody {
  /**
   * Stable error type, one of `x-mango-error-catalogue` (which gives each its status and
   * meaning): `invalid_request_error` (400), `authentication_error` (401),
   * `permission_error` (403), `not_found_error` (404), `not_supported` (404),
   * `method_not_allowed` (405), `conflict_error` (409), `memory_path_conflict_error` (409), `memory_precondition_failed_error` (409),
   * `precondition_failed` (412), `request_too_large` (413), `rate_limit_error` (429),
   * `api_error` (500), `not_implemented` (501), `overloaded` (503). Clients must accept
   * types they do not know.
   */
  type: string;
  /** A human-readable explanation; never contains secrets. */
  message: string;
  /** Structured details for some errors (for example `current_state` on 412, `conflicting_memory_id` on a path conflict). */
  details?: Record<string, unknown>;
}

/** Up to 16 string pairs; keys up to 64 characters, values up to 512. */
export type Metadata = Record<string, string>;

/** Metadata changes merged into the current pairs; a null value deletes the key. */
export type MetadataPatch = Record<string, string | null>;

/** Liveness answer. */
export interface Health {
  /** Always `ok`. */
  status: "ok";
}

/** Readiness answer. */
export interface Readiness {
  /** Always `ready` (not ready answers 503). */
  status: "ready";
  /** Each dependency checked and its state. */
  checks: Record<string, string>;
}

/** The model an Agent runs on. */
export interface ModelConfig {
  /** The model id (an open string, resolved by the server's model adapter). */
  id: string;
  /** Requested inference speed; `fast` only on a model whose capabilities offer `fast_mode` (400 otherwise). */
  speed?: "standard" | "fast";
  /** The most output tokens one model request may produce; at most the model's `max_output_tokens` (400 otherwise). Omitted: the deployment's default, within that limit. */
  max_tokens?: number;
}

/** A bare model id, or a ModelConfig. Responses always carry a ModelConfig. */
export type ModelParam = string | ModelConfig;

/** What a model's endpoint can do, as the operator's catalogue declares it; anything undeclared is false. */
export interface ModelCapabilities {
  /** Native web search: an Agent on this model may enable `web_search` (400 otherwise). */
  web_search: boolean;
  /** Native web fetch; without it an enabled `web_fetch` runs on the platform-managed executor. */
  web_fetch: boolean;
  /** The endpoint returns citations with web and document results. */
  citations: boolean;
  /** Extended thinking. */
  thinking: boolean;
  /** Image input. */
  image_input: boolean;
  /** PDF document input. */
  pdf_input: boolean;
  /** Several tool calls in one response. */
  parallel_tool_calls: boolean;
  /** Prompt caching. */
  prompt_caching: boolean;
  /** `speed: fast` is offered. */
  fast_mode: boolean;
}

/** A model this deployment offers (an entry of the operator's model catalogue); never its endpoint URL or credential. */
export interface Model {
  /** Always `model`. */
  type: "model";
  /** The id an Agent's `model` names. */
  id: string;
  /** Other ids an Agent may name for the same model. */
  aliases: Array<string>;
  /** Context window in tokens (input plus output). */
  context_window: number;
  /** The largest `max_tokens` an Agent may ask of this model. */
  max_output_tokens: number;
  /** What the model's endpoint can do. */
  capabilities: ModelCapabilities;
  /** A human-readable name: the catalogue entry's display name, else its id. */
  display_name: string;
  /** When the model was released; the epoch (`1970-01-01T00:00:00Z`) when unknown. */
  created_at: string;
  /** Always `active`: an offered model is available for use. */
  lifecycle: "active";
  /** Maximum input context window in tokens (the context window). */
  max_input_tokens: number;
  /** The largest `max_tokens` an Agent may ask of this model (equal to `max_output_tokens`). */
  max_tokens: number;
}

/** Every model this deployment offers, on one page (`has_more` is always false). */
export interface ModelList {
  /** The offered models, in catalogue order. */
  data: Array<Model>;
  /** Always false: every offered model is on the one page. */
  has_more: boolean;
  /** The id of the first model listed; null when none is offered. */
  first_id: string | null;
  /** The id of the last model listed; null when none is offered. */
  last_id: string | null;
}

/** Run the tool without asking. */
export interface AlwaysAllowPolicy {
  /** Always `always_allow`. */
  type: "always_allow";
}

/** Park the call until a `user.tool_confirmation` allows or denies it. */
export interface AlwaysAskPolicy {
  /** Always `always_ask`. */
  type: "always_ask";
}

/** A bounded evaluator decides allow, ask or deny per call, failing safe to ask. */
export interface AutoPolicy {
  /** Always `auto`. */
  type: "auto";
}

/** How a tool call is permitted. */
export type PermissionPolicy = AlwaysAllowPolicy | AlwaysAskPolicy | AutoPolicy;

/** Settings applied to every tool of a toolset unless a per-tool config overrides them. */
export interface ToolDefaultConfig {
  /** Whether the tools are offered to the model. */
  enabled?: boolean;
  /** The default permission policy. */
  permission_policy?: PermissionPolicy;
}

/** Settings for one tool of a toolset. */
export interface ToolConfig {
  /** The tool name (for the built-in toolset one of bash, read, write, edit, glob, grep, web_fetch, web_search). */
  name: string;
  /** The built-in toolset's configs repeat the tool name here (responses always do; the managed-agents clients read it to tell the configs apart). Optional on input, where it must equal `name`. */
  type?: string;
  /** Whether the tool is offered; inherits the default when absent. */
  enabled?: boolean;
  /** The tool's permission policy; inherits the default when absent. */
  permission_policy?: PermissionPolicy;
}

/** The built-in toolset. bash, read, write, edit, glob and grep run in the Environment worker; web_search runs at the model provider and accepts only `always_allow`. web_fetch runs at the model provider when its endpoint fetches natively and the policy is `always_allow`; otherwise (an endpoint without native web tools, such as the offline model, or an `always_ask` / `auto` policy) Mango's platform-managed, interceptable executor answers it. The choice is pinned per Session at its first model request. */
export interface AgentToolset {
  /** Always `agent_toolset_20260401`. */
  type: "agent_toolset_20260401";
  /** Defaults for every tool (responses always materialize it; policy default `always_allow`). */
  default_config?: ToolDefaultConfig;
  /** Per-tool overrides, unique by name. */
  configs?: Array<ToolConfig>;
}

/** The tools of one declared MCP server, called by the control plane. */
export interface McpToolset {
  /** Always `mcp_toolset`. */
  type: "mcp_toolset";
  /** The `name` of an entry of the Agent's `mcp_servers`. */
  mcp_server_name: string;
  /** Defaults for the server's tools (policy default `always_ask`). */
  default_config?: ToolDefaultConfig;
  /** Per-tool overrides, unique by name. */
  configs?: Array<ToolConfig>;
}

/** An application-defined tool. A call emits `agent.custom_tool_use`, the Session goes idle with `requires_action`, and the application answers with `user.custom_tool_result`. */
export interface CustomTool {
  /** Always `custom`. */
  type: "custom";
  /** The tool name, unique within the Agent. */
  name: string;
  /** What the tool does, shown to the model. */
  description?: string;
  /** A JSON Schema object (`type` object) for the tool input. */
  input_schema: Record<string, unknown>;
}

/** One entry of an Agent's `tools`. */
export type AgentTool = AgentToolset | McpToolset | CustomTool;

/** A remote MCP server reached over streamable HTTP. Its credentials come from the Session's vaults (matched by URL), never from the URL itself. */
export interface McpServer {
  /** Always `url`. */
  type: "url";
  /** A name unique within the Agent, referenced by `mcp_toolset`. */
  name: string;
  /** The server's streamable HTTP endpoint. A URL carrying a credential (`user:pass@`, or a query parameter such as `token`, `access_token`, `api_key`, `apikey`, `key`, `secret`, `password` or `auth`) answers 400: put the credential in a vault. */
  url: string;
}

/** How a Session manages a model context that outgrows the model's window (see docs/sessions.md). */
export interface ContextManagement {
  /** How the context is compacted. */
  compaction?: CompactionConfig;
}

/** How the context is compacted when a request would not fit: `extractive` (the default) keeps the head, the recent turns and an extractive summary entry; `summary` replaces that entry with a summary written by the Session's model in one bounded, tool-free call through the same adapter, falling back to `extractive` when the call fails. The aggressive compaction after a provider refusal is always extractive. */
export interface CompactionConfig {
  /** `extractive` or `summary`. */
  mode: "extractive" | "summary";
  /** The most output tokens the summary call may use (default 1024; also capped by the room compaction leaves the summary). */
  max_summary_tokens?: number;
}

/** A Skill the Agent loads. Requests may pin `latest` or omit `version`; responses always carry a concrete version. */
export interface SkillRef {
  /** Always `custom`. */
  type: "custom";
  /** The Skill id. */
  skill_id: string;
  /** A concrete version, or `latest` (requests only; the default). */
  version?: string;
}

/** A roster member: `{type: agent, id, version?}` (the latest version when `version` is absent), `{type: self}` (a copy of the coordinator itself, without the roster) or `{type: advisor, model}` (a tool-free Advisor that answers the coordinator only). */
export interface RosterMemberParam {
  /** The kind of member. */
  type: "agent" | "self" | "advisor";
  /** The Agent id (`agent` members only). */
  id?: string;
  /** The Agent version (`agent` members only); the latest when absent. */
  version?: number;
  /** The Advisor's model (`advisor` members only). */
  model?: ModelParam;
}

/** A roster member; a bare Agent id means its latest version. */
export type RosterEntryParam = string | RosterMemberParam;

/** Make the Agent a coordinator that can delegate to the roster's members (one delegation level). */
export interface MultiagentParams {
  /** Always `coordinator`. */
  type: "coordinator";
  /** The roster (1-20 members; at most one Advisor; members may not be coordinators themselves). */
  agents: Array<RosterEntryParam>;
}

/** An Agent roster member at a concrete version. */
export interface RosterAgent {
  /** Always `agent`. */
  type: "agent";
  /** The Agent id. */
  id: string;
  /** The pinned version. */
  version: number;
}

/** The Advisor roster member. */
export interface RosterAdvisor {
  /** Always `advisor`. */
  type: "advisor";
  /** The Advisor's model. */
  model: ModelConfig;
}

/** A roster member as responses show it. */
export type RosterEntry = RosterAgent | RosterAdvisor;

/** The coordinator roster, every member pinned to a concrete version (`self` shows as this Agent's id and version). */
export interface Multiagent {
  /** Always `coordinator`. */
  type: "coordinator";
  /** The roster. */
  agents: Array<RosterEntry>;
}

/** The body of `agents.create`. */
export interface AgentCreateParams {
  /** A human name. */
  name: string;
  /** What the Agent is for. */
  description?: string | null;
  /** The system prompt. */
  system?: string | null;
  /** A model id or a ModelConfig. */
  model: ModelParam;
  /** Toolsets and custom tools. */
  tools?: Array<AgentTool>;
  /** MCP servers, unique by name. */
  mcp_servers?: Array<McpServer>;
  /** Skills to load (they need the `read` tool). */
  skills?: Array<SkillRef>;
  /** How Sessions of this Agent manage a context that outgrows the model's window; null or absent for the defaults (extractive compaction). */
  context_management?: ContextManagement | null;
  /** A coordinator roster; null (the default) for a single Agent. */
  multiagent?: MultiagentParams | null;
  /** Free-form string pairs. */
  metadata?: Metadata;
}

/** The body of `agents.update`; present fields replace the current values. */
export interface AgentUpdateParams {
  /** Optimistic concurrency check; must equal the current version (409 otherwise). */
  version?: number;
  /** A human name. */
  name?: string;
  /** What the Agent is for. */
  description?: string | null;
  /** The system prompt. */
  system?: string | null;
  /** A model id or a ModelConfig. */
  model?: ModelParam;
  /** Toolsets and custom tools (full replacement). */
  tools?: Array<AgentTool>;
  /** MCP servers (full replacement). */
  mcp_servers?: Array<McpServer>;
  /** Skills (full replacement). */
  skills?: Array<SkillRef>;
  /** Context management (full replacement; null resets to the defaults). */
  context_management?: ContextManagement | null;
  /** A coordinator roster; null (the default) for a single Agent. */
  multiagent?: MultiagentParams | null;
  /** Pairs merged into the metadata; a null value deletes the key. */
  metadata?: MetadataPatch;
}

/** One immutable version of an Agent. */
export interface Agent {
  /** Always `agent`. */
  type: "agent";
  /** The Agent id (`agent_...`), shared by all versions. */
  id: string;
  /** A human name. */
  name: string;
  /** What the Agent is for. */
  description: string | null;
  /** The system prompt. */
  system: string | null;
  /** The model. */
  model: ModelConfig;
  /** Toolsets (with materialized defaults) and custom tools. */
  tools: Array<AgentTool>;
  /** MCP servers. */
  mcp_servers: Array<McpServer>;
  /** Skills, each with a concrete version. */
  skills: Array<SkillRef>;
  /** Context management; null for the defaults (extractive compaction). */
  context_management: ContextManagement | null;
  /** The coordinator roster with pinned versions; null for a single Agent. */
  multiagent?: Multiagent | null;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Parts of this version's request applied differently than written (empty when none). */
  warnings?: Array<AgentWarning>;
  /** This version's number (1 at creation). */
  version: number;
  /** When the Agent (version 1) was created. */
  created_at: string;
  /** When this version was created. */
  updated_at: string;
  /** When the Agent was archived. */
  archived_at: string | null;
}

/**
 * An exception to the requested configuration. `tool_disabled`: a built-in tool that cannot
 * pause for confirmation (`web_search` runs inside the model provider's call and has no
 * platform-managed executor) under a toolset-wide `always_ask` or `auto` policy is disabled
 * rather than silently allowed; enable it with its own `configs` entry and `always_allow`.
 */
export interface AgentWarning {
  /** Always `tool_disabled`. */
  type: "tool_disabled";
  /** The built-in tool concerned. */
  tool_name: string;
  /** What was applied and why. */
  message: string;
}

/** One page of Agents. */
export interface AgentList {
  /** The Agents. */
  data: Array<Agent>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Tools run in operator-owned workers that poll the Environment's work queue. */
export interface SelfHostedConfig {
  /** Always `self_hosted`. */
  type: "self_hosted";
}

/** Where tools run. Only `self_hosted` exists. */
export type EnvironmentConfig = SelfHostedConfig;

/** The body of `environments.create`. */
export interface EnvironmentCreateParams {
  /** A name unique in the Workspace. */
  name: string;
  /** What the Environment is for. */
  description?: string | null;
  /** Defaults to `{"type":"self_hosted"}`. */
  config?: EnvironmentConfig;
  /** Free-form string pairs. */
  metadata?: Metadata;
}

/** The body of `environments.update`; present fields replace the current values. */
export interface EnvironmentUpdateParams {
  /** A name unique in the Workspace. */
  name?: string;
  /** What the Environment is for. */
  description?: string | null;
  /** The configuration. */
  config?: EnvironmentConfig;
  /** Free-form string pairs (full replacement). */
  metadata?: Metadata;
}

/** A place where tools run. */
export interface Environment {
  /** Always `environment`. */
  type: "environment";
  /** The Environment id (`env_...`). */
  id: string;
  /** The name, unique in the Workspace. */
  name: string;
  /** What the Environment is for. */
  description: string | null;
  /** The configuration. */
  config: EnvironmentConfig;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** When it was archived. */
  archived_at: string | null;
}

/** One page of Environments. */
export interface EnvironmentList {
  /** The Environments. */
  data: Array<Environment>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface EnvironmentDeleted {
  /** Always `environment_deleted`. */
  type: "environment_deleted";
  /** The deleted Environment id. */
  id: string;
}

/** Work lifecycle: `queued` -> `starting` (acknowledged) -> `active` (heartbeating) -> `stopping` -> `stopped`. */
export type WorkState = "queued" | "starting" | "active" | "stopping" | "stopped";

/** Work that serves one Session's tool calls. */
export interface SessionWorkData {
  /** Always `session`. */
  type: "session";
  /** The Session id. */
  id: string;
}

/**
 * The teardown of a deleted Session's sandbox (Mango). Queued when a Session whose Work a
 * worker ever claimed is deleted; the Session no longer exists. The worker removes the
 * Session's workspace (and anything else it kept for it) and then stops the item with
 * `force`, using the item's session token. A worker that cannot remove it yet leaves the
 * item unstopped: it is reclaimed when its lease expires and tried again.
 */
export interface SessionTeardownWorkData {
  /** Always `session_teardown`. */
  type: "session_teardown";
  /** The deleted Session's id. */
  id: string;
}

/** A healthcheck item; the worker reports a bounded result and stops it. */
export interface HealthcheckWorkData {
  /** Always `healthcheck`. */
  type: "healthcheck";
  /** The reported result (immutable once set); null until reported. */
  result: HealthcheckResult | null;
}

/** What a Work item is for. */
export type WorkData = SessionWorkData | HealthcheckWorkData | SessionTeardownWorkData;

/** A healthcheck result as recorded. */
export interface HealthcheckResult {
  /** The worker's verdict. */
  status: "healthy" | "unhealthy";
  /** A short explanation. */
  message: string | null;
  /** The reporting worker's id. */
  worker_id: string | null;
  /** The reporting worker's version. */
  worker_version?: string | null;
  /** When the result was recorded. */
  reported_at: string;
}

/** The optional body of `environments.work.healthcheck.create`. */
export interface HealthcheckCreateParams {
  /** Pairs copied to the Work item. */
  metadata?: Metadata;
}

/** The body of `environments.work.healthcheck.result`. */
export interface HealthcheckResultParams {
  /** The worker's verdict. */
  status: "healthy" | "unhealthy";
  /** A short explanation. */
  message?: string | null;
  /** The reporting worker's id. */
  worker_id?: string | null;
  /** The reporting worker's version. */
  worker_version?: string | null;
}

/** The terminal failure reported with `environments.work.fail`. */
export interface WorkError {
  /** The failure type. */
  type: "session_input_failed_error";
  /** What could not be prepared; shown in the `session.error` event. No secrets. */
  message: string;
}

/** One item of an Environment's work queue. */
export interface Work {
  /** Always `work`. */
  type: "work";
  /** The Work id (`work_...`). */
  id: string;
  /** The Environment id. */
  environment_id: string;
  /** What the item is for. */
  data: WorkData;
  /** The lifecycle state. */
  state: WorkState;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Only on Poll: base64url JSON `{sessions_token, api_base_url}`. Null everywhere else. Sensitive: the SDKs never print it. */
  secret: string | null;
  /** The failure reported with `environments.work.fail`, if any. */
  error: WorkError | null;
  /** When the item was enqueued. */
  created_at: string;
  /** When it was acknowledged. */
  acknowledged_at: string | null;
  /** When its first heartbeat arrived. */
  started_at: string | null;
  /** When its last heartbeat arrived. */
  latest_heartbeat_at: string | null;
  /** When a stop was requested. */
  stop_requested_at: string | null;
  /** When it stopped. */
  stopped_at: string | null;
}

/** One page of Work items. */
export interface WorkList {
  /** The Work items. */
  data: Array<Work>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** The optional body of `environments.work.stop`. */
export interface WorkStopParams {
  /** Stop at once (`stopped`) instead of asking (`stopping`). */
  force?: boolean;
}

/** The body of `environments.work.fail`. */
export interface WorkFailParams {
  /** The terminal input failure. */
  error: WorkError;
}

/** The environment_variable secrets a leased Session Work item's tools may use through the egress proxy. */
export interface WorkSecrets {
  /** Always `work_secrets`. */
  type: "work_secrets";
  /** One entry per distinct `secret_name`, in the order of the Session's `vault_ids`. */
  data: Array<WorkSecret>;
}

/** One environment_variable credential with its secret value. */
export interface WorkSecret {
  /** The vault holding the credential. */
  vault_id: string;
  /** The credential. */
  credential_id: string;
  /** The environment variable name tool code sees. */
  secret_name: string;
  /** The secret; substituted only into requests to `allowed_hosts`. */
  secret_value: string;
  /** Bare host names, IPv4 addresses or `*.` wildcards the secret may be sent to. */
  allowed_hosts: Array<string>;
  /** Where the secret may be substituted. */
  injection_location: InjectionLocation;
}

/** The lease after a heartbeat. */
export interface HeartbeatResponse {
  /** Always `work_heartbeat`. */
  type: "work_heartbeat";
  /** Opaque token to pass as `expected_last_heartbeat` next time. */
  last_heartbeat: string;
  /** Whether the lease was renewed; false means stop executing. */
  lease_extended: boolean;
  /** The item's state; `stopping` or `stopped` means stop executing. */
  state: WorkState;
  /** Seconds the lease lasts from now. */
  ttl_seconds: number;
}

/** Where a worker-run tool call stands in the operation journal: `started` (recorded before it runs), then `completed` (its `user.tool_result` was recorded) or `ambiguous` (the worker that started it stopped before a result: it may or may not have taken effect and is never run again). */
export type ToolCallState = "started" | "completed" | "ambiguous";

/** One worker-run built-in tool call in the operation journal, as `sessions.tool_calls.start` answers it. */
export interface ToolCall {
  /** Always `tool_call`. */
  type: "tool_call";
  /** The `agent.tool_use` event id, as the request named it. */
  id: string;
  /** The child Thread whose call it is; null for the primary Thread's. */
  session_thread_id: string | null;
  /** The tool name. */
  name: string;
  /** `started`: this request started it, run it now. Anything else: do not run it. */
  state: ToolCallState;
  /** The Work item whose lease started it; null when a Workspace key started it. */
  work_id: string | null;
  /** When it was started. */
  started_at: string;
  /** When it became `completed` or `ambiguous`; null while `started`. */
  finished_at: string | null;
}

/** The optional body of `sessions.tool_calls.start`. */
export interface ToolCallStartParams {
  /** The originating Thread's id, when not the primary Thread (as on `user.tool_result`). */
  session_thread_id?: string | null;
}

/** An Environment's work queue statistics. */
export interface QueueStats {
  /** Always `work_queue_stats`. */
  type: "work_queue_stats";
  /** Items queued and not claimed. */
  depth: number;
  /** Items claimed by Poll but not acknowledged. */
  pending: number;
  /** Enqueue time of the oldest queued item. */
  oldest_queued_at: string | null;
  /** Distinct workers seen polling in the last 30 seconds. */
  workers_polling: number;
}

/** `idle` (waiting for input), `running`, `rescheduling` (transient retry) or `terminated` (unrecoverable or archived). */
export type SessionStatus = "idle" | "running" | "rescheduling" | "terminated";

/** An Agent at a version; the latest version when `version` is absent. */
export interface AgentRef {
  /** Always `agent`. */
  type: "agent";
  /** The Agent id. */
  id: string;
  /** The Agent version; the latest when absent. */
  version?: number;
}

/** An Agent id (latest version), or an AgentRef. */
export type AgentRefParam = string | AgentRef;

/** Attach a Memory Store to the Session. */
export interface MemoryStoreResourceParams {
  /** Always `memory_store`. */
  type: "memory_store";
  /** The Memory Store id. */
  memory_store_id: string;
  /** Whether the Session may write memories. */
  access: "read_only" | "read_write";
  /** Absolute path in the worker's workspace where the store is mirrored; a default under the workspace when null. */
  mount_path?: string | null;
  /** Guidance for the agent about this store. */
  instructions?: string | null;
}

/** A Memory Store attached to the Session. */
export interface SessionResource {
  /** Always `memory_store`. */
  type: "memory_store";
  /** The Memory Store id. */
  memory_store_id: string;
  /** Whether the Session may write memories. */
  access: "read_only" | "read_write";
  /** Where workers mirror the store. */
  mount_path: string | null;
  /** Guidance for the agent about this store. */
  instructions: string | null;
  /** The store's name at attachment time. */
  name: string;
  /** The store's description at attachment time. */
  description: string | null;
}

/** The body of `sessions.create`. */
export interface SessionCreateParams {
  /** The Agent to snapshot. */
  agent: AgentRefParam;
  /** A self-hosted Environment where tools run. */
  environment_id: string;
  /** A human title. */
  title?: string | null;
  /** Free-form string pairs. */
  metadata?: Metadata;
  /** An optional spending limit; null or absent for none. */
  budget?: SessionBudget | null;
  /** Memory Store attachments (fixed for the Session's life). */
  resources?: Array<MemoryStoreResourceParams>;
  /** Vaults whose credentials the Session's MCP connections use, in order (the first vault with a credential for a server's URL supplies it). Each must exist in the Workspace (400) and not be archived (409). */
  vault_ids?: Array<string>;
  /** `user.message` and `user.define_outcome` events accepted atomically with the creation. */
  initial_events?: Array<SessionInitialEvent>;
}

/** The body of `sessions.update`. */
export interface SessionUpdateParams {
  /** A new title; null clears it. */
  title?: string | null;
  /** Pairs merged into the metadata; a null value deletes the key. */
  metadata?: MetadataPatch;
  /** A new budget (replacing the old one) or null to remove it; raising or removing it resumes a Session stopped with `budget_reached`. */
  budget?: SessionBudget | null;
  /** New vaults (replacing the old list; MCP connections opened from then on use them). Each must exist in the Workspace (400) and not be archived (409). */
  vault_ids?: Array<string>;
}

/** The Agent snapshot a Session runs, taken at creation. */
export interface SessionAgent {
  /** Always `agent`. */
  type: "agent";
  /** The Agent id. */
  id: string;
  /** The Agent version snapshotted. */
  version: number;
  /** The Agent name. */
  name: string;
  /** What the Agent is for. */
  description: string | null;
  /** The system prompt. */
  system: string | null;
  /** The model. */
  model: ModelConfig;
  /** The tools. */
  tools: Array<AgentTool>;
  /** The MCP servers. */
  mcp_servers: Array<McpServer>;
  /** The Skills, each pinned to a concrete version. */
  skills: Array<SkillRef>;
  /** The Agent version's context management; null or absent for the defaults. */
  context_management?: ContextManagement | null;
  /** The roster resolved at Session creation (full snapshots); null for a single Agent. */
  multiagent?: SessionRoster | null;
}

/** The Agent snapshot a Thread runs (a roster member, taken at Session creation). */
export interface SessionThreadAgent {
  /** Always `agent`. */
  type: "agent";
  /** The Agent id. */
  id: string;
  /** The Agent version snapshotted. */
  version: number;
  /** The Agent name. */
  name: string;
  /** What the Agent is for. */
  description: string | null;
  /** The system prompt. */
  system: string | null;
  /** The model. */
  model: ModelConfig;
  /** The tools. */
  tools: Array<AgentTool>;
  /** The MCP servers. */
  mcp_servers: Array<McpServer>;
  /** The Skills, each pinned to a concrete version. */
  skills: Array<SkillRef>;
  /** The Agent version's context management; null or absent for the defaults. */
  context_management?: ContextManagement | null;
}

/** What a Thread runs, an Agent snapshot or the Advisor. */
export type ThreadAgent = SessionThreadAgent | RosterAdvisor;

/** The coordinator roster a Session pinned at creation. */
export interface SessionRoster {
  /** Always `coordinator`. */
  type: "coordinator";
  /** One snapshot per roster member. */
  agents: Array<ThreadAgent>;
}

/** Token counts. */
export interface ModelUsage {
  /** Uncached input tokens. */
  input_tokens: number;
  /** Output tokens. */
  output_tokens: number;
  /** Input tokens written to the prompt cache. */
  cache_creation_input_tokens: number;
  /** Input tokens read from the prompt cache. */
  cache_read_input_tokens: number;
}

/** An amount of money. */
export interface Money {
  /** A decimal amount in US dollars, for example `1.25`. */
  amount: string;
  /** Always `USD`. */
  currency: "USD";
}

/** Limits a Session's model spending. Before every model request Mango projects the Session's usage with that request (its estimated input plus its maximum output) and stops the Session with `budget_reached` instead of sending it when a limit would be exceeded. */
export interface SessionBudget {
  /** Always `limit`. */
  type: "limit";
  /** The most the Session may cost at list prices; null for no cost limit. */
  max_list_cost?: Money | null;
  /** The most input plus output tokens the Session may use; null for no token limit. */
  max_tokens?: number | null;
}

/** Provider-executed tool calls. */
export interface ServerToolUsage {
  /** Web searches run by the provider. */
  web_search_requests: number;
  /** Web fetches run by the provider. */
  web_fetch_requests: number;
}

/** A Session's cumulative model usage and its list cost. */
export interface SessionUsage {
  /** Uncached input tokens. */
  input_tokens: number;
  /** Output tokens. */
  output_tokens: number;
  /** Input tokens written to the prompt cache. */
  cache_creation_input_tokens: number;
  /** Input tokens read from the prompt cache. */
  cache_read_input_tokens: number;
  /** Provider-executed tool calls. */
  server_tool_use: ServerToolUsage;
  /** The cost at the embedded list prices; null when a request used a model without a list price. */
  list_cost: Money | null;
}

/** Timing statistics. */
export interface SessionStats {
  /** Seconds spent running. */
  active_seconds: number;
  /** Seconds since creation (until termination). */
  duration_seconds: number;
}

/** The turn finished normally. */
export interface EndTurnStopReason {
  /** Always `end_turn`. */
  type: "end_turn";
}

/** The turn is blocked on the listed tool-use events (the barrier). Each needs a result or confirmation; resolving only some re-emits idle with the rest. An idle Session with this reason is not finished. */
export interface RequiresActionStopReason {
  /** Always `requires_action`. */
  type: "requires_action";
  /** Ids of the unresolved `agent.tool_use`, `agent.mcp_tool_use` and `agent.custom_tool_use` events. */
  event_ids: Array<string>;
}

/** Repeated errors ended the turn; queued input was flushed. */
export interface RetriesExhaustedStopReason {
  /** Always `retries_exhausted`. */
  type: "retries_exhausted";
}

/** The model's answer was cut off at the requested maximum output tokens; the turn ended with what it had produced. */
export interface MaxTokensStopReason {
  /** Always `max_tokens`. */
  type: "max_tokens";
}

/** The next model request would have exceeded the Session's budget (or its model has no list price while the budget limits cost), so it was not sent. The turn resumes when the budget is raised or removed (`sessions.update`). */
export interface BudgetReachedStopReason {
  /** Always `budget_reached`. */
  type: "budget_reached";
}

/** The model refused the request as larger than its context window even after the most aggressive compaction, so the turn ended (queued input was flushed). The Session keeps its compacted context; the next `user.message` starts a turn from it. */
export interface ContextOverflowStopReason {
  /** Always `context_overflow`. */
  type: "context_overflow";
  /** The estimated input tokens of the last refused request. */
  input_tokens: number;
}

/** An MCP server's credential failed (its refresh was refused or it has expired) and the turn cannot continue without it. The turn is paused, not ended; updating the credential in its vault (`vaults.credentials.update`) resumes it. */
export interface CredentialFailedStopReason {
  /** Always `credential_failed`. */
  type: "credential_failed";
  /** The Agent's MCP server whose credential failed. */
  mcp_server_name: string;
  /** The vault holding the credential; null when no vault of the Session holds one for the server. */
  vault_id: string | null;
  /** The failed credential; null when no vault of the Session holds one for the server. */
  credential_id: string | null;
  /** Why the credential failed. */
  message: string;
}

/** A worker reported a permanent failure of the Session's Work (it could not prepare the Session's inputs, such as a Skill archive or a Memory Store). Set on the terminated Session; nothing of a partially prepared workspace runs. */
export interface WorkerFailedStopReason {
  /** Always `worker_failed`. */
  type: "worker_failed";
  /** The failed Work item. */
  work_id: string;
  /** Its Environment. */
  environment_id: string;
  /** The worker's error message. */
  message: string;
}

/** Why a Session went idle (or, for `worker_failed`, why it was terminated). */
export type StopReason = EndTurnStopReason | RequiresActionStopReason | RetriesExhaustedStopReason | MaxTokensStopReason | BudgetReachedStopReason | ContextOverflowStopReason | CredentialFailedStopReason | WorkerFailedStopReason;

/** The Session's Work has been queued longer than the server's bound (`MANGO_WORKER_STALL_SECONDS`) and no worker of its Environment has polled in that time. The Session is not ended; the stall clears as soon as a worker of the Environment polls. */
export interface WorkerUnavailableStall {
  /** Always `worker_unavailable`. */
  type: "worker_unavailable";
  /** The Environment without a live worker. */
  environment_id: string;
  /** The queued Work items nobody claimed. */
  work_ids: Array<string>;
  /** When the oldest of them was queued. */
  since: string;
}

/** A child Thread is idle on a stop reason that waits for someone (`requires_action`, `budget_reached`, `credential_failed`), so it will not report to its coordinator until that is resolved. */
export interface ThreadBlockedStall {
  /** Always `thread_blocked`. */
  type: "thread_blocked";
  /** The blocked child Thread. */
  session_thread_id: string;
  /** The child Thread's own stop reason. */
  stop_reason: StopReason;
}

/** Something the Session waits on while it is not idle on its own account. */
export type SessionStall = WorkerUnavailableStall | ThreadBlockedStall;

/** A stateful conversation between an application and an Agent snapshot. */
export interface Session {
  /** Always `session`. */
  type: "session";
  /** The Session id (`sesn_...`). */
  id: string;
  /** A human title. */
  title: string | null;
  /** The current status. */
  status: SessionStatus;
  /** The reason of the last `session.status_idle` (or of a `worker_failed` termination); null before the first idle. */
  stop_reason: StopReason | null;
  /** What the Session waits on besides its own stop reason (a queued Work item no worker takes, a blocked child Thread); empty when nothing (always present in this server's answers; optional so that older answers still decode). */
  stalls?: Array<SessionStall>;
  /** The Agent snapshot. */
  agent: SessionAgent;
  /** The Environment where tools run. */
  environment_id: string;
  /** Attached Memory Stores. */
  resources: Array<SessionResource>;
  /** The vaults whose credentials the Session's MCP connections use, in order (always present in this server's answers; optional so that older answers still decode). */
  vault_ids?: Array<string>;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Cumulative usage and list cost. */
  usage: SessionUsage;
  /** The Session's budget; null when it has none. */
  budget: SessionBudget | null;
  /** Timing statistics. */
  stats: SessionStats;
  /** Completed evaluations of the Session's outcomes, oldest first (always present in this server's answers; optional so that older answers still decode). */
  outcome_evaluations?: Array<OutcomeEvaluation>;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** When it was archived. */
  archived_at: string | null;
}

/** One Thread of a Session; the primary Thread has no parent. */
export interface SessionThread {
  /** Always `session_thread`. */
  type: "session_thread";
  /** The Thread id (`sthr_...`). */
  id: string;
  /** The Session. */
  session_id: string;
  /** The delegating Thread; null for the primary Thread. */
  parent_thread_id: string | null;
  /** The name the coordinator addresses the Thread's Agent by. */
  agent_name: string;
  /** The Thread's own status. */
  status: SessionStatus;
  /** The reason of the Thread's last idle; null before it. */
  stop_reason: StopReason | null;
  /** What the Thread runs. */
  agent: ThreadAgent;
  /** The Thread's own usage. */
  usage: SessionUsage;
  /** The Thread's timing. */
  stats: SessionStats;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** When it was archived. */
  archived_at: string | null;
  /** The health of each MCP server the Thread has contacted (by server name); empty before its first discovery. Mango sends it on every Thread. */
  mcp_servers?: Array<McpServerHealth>;
}

/** What a Thread's contacts with one MCP server showed. */
export interface McpServerHealth {
  /** The Agent's name for the server. */
  mcp_server_name: string;
  /** When the Thread's last successful discovery (`initialize` + `tools/list`) of the server was; null when none succeeded. */
  last_discovered_at: string | null;
  /** The last failure with the server (a failed discovery, a credential that could not be refreshed, a call whose connection failed); null when none. It stays after a later success; compare `at` with `last_discovered_at`. */
  last_error: McpServerError | null;
}

/** One failure with an MCP server. */
export interface McpServerError {
  /** What failed (never a credential's secret). */
  message: string;
  /** When it happened. */
  at: string;
}

/** One page of Threads. */
export interface SessionThreadList {
  /** The Threads. */
  data: Array<SessionThread>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
  /** Cursor for the previous page; null at the start. */
  prev_page: string | null;
}

/** One page of Sessions (bidirectional cursor). */
export interface SessionList {
  /** The Sessions. */
  data: Array<Session>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
  /** Cursor for the previous page; null at the start. */
  prev_page: string | null;
}

/** Deletion marker. */
export interface SessionDeleted {
  /** Always `session_deleted`. */
  type: "session_deleted";
  /** The deleted Session id. */
  id: string;
}

/** A text block. */
export interface TextBlock {
  /** Always `text`. */
  type: "text";
  /** The text. */
  text: string;
}

/** Inline plain text. */
export interface TextDocumentSource {
  /** Always `text`. */
  type: "text";
  /** Always `text/plain`. */
  media_type: "text/plain";
  /** The text. */
  data: string;
}

/** Inline base64 bytes. */
export interface Base64DocumentSource {
  /** Always `base64`. */
  type: "base64";
  /** The document's media type; a PDF's bytes must begin with `%PDF-`. */
  media_type: "application/pdf" | "text/plain";
  /** Standard base64 of the bytes (at most 32 MiB decoded; the server's PDF limit may be lower). */
  data: string;
}

/** A Workspace File, snapshotted when the event is admitted. A document's File is a PDF (its bytes begin with `%PDF-`) or UTF-8 text; an image's File is a PNG, JPEG, GIF or WebP image, judged by its bytes, never by its name or declared type. */
export interface FileDocumentSource {
  /** Always `file`. */
  type: "file";
  /** The File id. */
  file_id: string;
}

/** Where a document's bytes come from. */
export type DocumentSource = TextDocumentSource | Base64DocumentSource | FileDocumentSource;

/** A document given to the model. */
export interface DocumentBlock {
  /** Always `document`. */
  type: "document";
  /** The document's bytes. */
  source: DocumentSource;
  /** A title shown to the model. */
  title?: string | null;
  /** Context about the document shown to the model. */
  context?: string | null;
}

/** Inline base64 image bytes; the bytes must be of the declared type. */
export interface Base64ImageSource {
  /** Always `base64`. */
  type: "base64";
  /** The image's media type, checked against its bytes. */
  media_type: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  /** Standard base64 of the bytes (the server's image limit applies, 5 MiB by default). */
  data: string;
}

/** Where an image's bytes come from. */
export type ImageSource = Base64ImageSource | FileDocumentSource;

/** An image given to the model (PNG, JPEG, GIF or WebP); refused with 400 when the Session's model does not accept images. */
export interface ImageBlock {
  /** Always `image`. */
  type: "image";
  /** The image's bytes. */
  source: ImageSource;
}

/** A block of a `user.message` or a custom tool result. */
export type UserContentBlock = TextBlock | ImageBlock | DocumentBlock;

/** A user turn (queued FIFO; may be sent while running). */
export interface UserMessageEvent {
  /** Always `user.message`. */
  type: "user.message";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the agent consumed the event; null while queued. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events). */
  session_thread_id?: string | null;
  /** Text, image and document blocks. */
  content: Array<UserContentBlock>;
}

/** Interrupt the running turn; jumps the queue and forces idle. */
export interface UserInterruptEvent {
  /** Always `user.interrupt`. */
  type: "user.interrupt";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the interrupt took effect; null while queued. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The thread to interrupt; absent interrupts every thread. */
  session_thread_id?: string | null;
}

/** Allow or deny a tool call whose `evaluated_permission` was `ask`. */
export interface UserToolConfirmationEvent {
  /** Always `user.tool_confirmation`. */
  type: "user.tool_confirmation";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the confirmation was consumed; null while queued. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to: the originating Thread, echoed. */
  session_thread_id?: string | null;
  /** The id of the `agent.tool_use` or `agent.mcp_tool_use` event. */
  tool_use_id: string;
  /** The decision. */
  result: "allow" | "deny";
  /** Shown to the model when denied. */
  deny_message?: string | null;
}

/** The result of a built-in tool executed by the Environment worker. */
export interface UserToolResultEvent {
  /** Always `user.tool_result`. */
  type: "user.tool_result";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the result was consumed; null while queued. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to: the originating Thread, echoed. */
  session_thread_id?: string | null;
  /** The id of the `agent.tool_use` event answered. */
  tool_use_id: string;
  /** The tool output. */
  content: Array<TextBlock>;
  /** Whether the tool failed. */
  is_error: boolean;
}

/** The result of an application-defined tool. */
export interface UserCustomToolResultEvent {
  /** Always `user.custom_tool_result`. */
  type: "user.custom_tool_result";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the result was consumed; null while queued. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to: the originating Thread, echoed. */
  session_thread_id?: string | null;
  /** The id of the `agent.custom_tool_use` event answered. */
  custom_tool_use_id: string;
  /** The tool output. */
  content: Array<UserContentBlock>;
  /** Whether the tool failed. */
  is_error: boolean;
}

/** Text the agent produced. */
export interface AgentMessageEvent {
  /** Always `agent.message`. */
  type: "agent.message";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** Text blocks. */
  content: Array<TextBlock>;
}

/** A progress signal that the agent is thinking (the model produced a thinking block, kept exactly in the private transcript); carries no thinking text. */
export interface AgentThinkingEvent {
  /** Always `agent.thinking`. */
  type: "agent.thinking";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
}

/** A built-in tool call. Worker-run tools (bash, read, write, edit, glob, grep) are answered with `user.tool_result`; with `evaluated_permission` `ask` the worker waits for a `user.tool_confirmation` allow first. A worker records `started` (`sessions.tool_calls.start`) before it runs a call that can change anything; when that worker stops before a result, Mango answers the call with `agent.tool_result` `outcome: ambiguous` instead. The platform-managed `web_fetch` is answered by Mango itself with `agent.tool_result` (after the confirmation, when it asks). */
export interface AgentToolUseEvent {
  /** Always `agent.tool_use`. */
  type: "agent.tool_use";
  /** The event id (`sevt_...`), used as `tool_use_id`. */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The tool name. */
  name: string;
  /** The tool input. */
  input: Record<string, unknown>;
  /** The permission decision for this call. */
  evaluated_permission: "allow" | "ask" | "deny";
  /** How the `auto` evaluator decided; absent for `always_allow` and `always_ask`. */
  evaluation?: PermissionEvaluation;
  /** For a relayed child action, the id of the originating event. */
  source_event_id?: string | null;
}

/** The result of a tool executed by the platform or the model provider (for example web_search), or Mango's `ambiguous` answer to a worker-run call whose worker stopped after starting it. */
export interface AgentToolResultEvent {
  /** Always `agent.tool_result`. */
  type: "agent.tool_result";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The `agent.tool_use` event answered. */
  tool_use_id: string;
  /** The tool output. */
  content: Array<TextBlock>;
  /** Whether the tool failed. */
  is_error: boolean;
  /** `ambiguous`: the call was started (`web_fetch` by Mango, a built-in by a worker) but its executor stopped before a result was recorded, so it may or may not have taken effect; it was not run again and the model got an error result saying so. Absent (or `completed`) when the executor reported this result. */
  outcome?: "completed" | "ambiguous";
}

/** The decision of the `auto` permission evaluator for one call. Any failure, timeout or unparsable answer of the evaluator asks (`reason_type` `indeterminate`). */
export interface PermissionEvaluation {
  /** `allow` runs the call, `ask` waits for a `user.tool_confirmation`, `deny` gives the model an error result without running it. */
  decision: "allow" | "ask" | "deny";
  /** `routine`, `uncertain`, `high_risk` or `indeterminate` (the evaluator failed); clients must accept unknown types. */
  reason_type: string;
  /** The evaluator's explanation. */
  reason: string;
}

/** A call to an MCP server tool, made by the control plane. */
export interface AgentMcpToolUseEvent {
  /** Always `agent.mcp_tool_use`. */
  type: "agent.mcp_tool_use";
  /** The event id (`sevt_...`), used as `tool_use_id` in a confirmation. */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The MCP server's name. */
  mcp_server_name: string;
  /** The tool name. */
  name: string;
  /** The tool input. */
  input: Record<string, unknown>;
  /** The permission decision for this call. */
  evaluated_permission: "allow" | "ask" | "deny";
  /** How the `auto` evaluator decided; absent for `always_allow` and `always_ask`. */
  evaluation?: PermissionEvaluation;
  /** For a relayed child action, the id of the originating event. */
  source_event_id?: string | null;
}

/** The result of an MCP tool call. A large textual result is retained as a File (`file_id`) and the event carries a 2,000-character preview. */
export interface AgentMcpToolResultEvent {
  /** Always `agent.mcp_tool_result`. */
  type: "agent.mcp_tool_result";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The `agent.mcp_tool_use` event answered. */
  mcp_tool_use_id: string;
  /** The tool output (or its preview). */
  content: Array<TextBlock>;
  /** Whether the tool failed. */
  is_error: boolean;
  /** `ambiguous`: the call was sent (or may have been) but its answer was lost (the connection broke, or the orchestrator stopped mid-call), so it may or may not have taken effect; it was not sent again and the model got an error result saying so. Absent (or `completed`) when the MCP server answered. */
  outcome?: "completed" | "ambiguous";
  /** The File holding the full result when it was too large for the event. */
  file_id?: string | null;
  /** With `file_id`: the File's size, so a worker can verify its download. */
  file_size_bytes?: number;
  /** With `file_id`: the SHA-256 of the File's bytes (lowercase hex), so a worker can verify its download. */
  file_sha256?: string;
}

/** A call to an application-defined tool; the Session goes idle with `requires_action` until a `user.custom_tool_result` answers it. */
export interface AgentCustomToolUseEvent {
  /** Always `agent.custom_tool_use`. */
  type: "agent.custom_tool_use";
  /** The event id (`sevt_...`), used as `custom_tool_use_id`. */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The custom tool name. */
  name: string;
  /** The tool input. */
  input: Record<string, unknown>;
  /** For a relayed child action, the id of the originating event. */
  source_event_id?: string | null;
}

/** The thread's model context was compacted before a model request, because the request would not have fit the model's context window (or the provider refused it as too large). The transcript itself is unchanged; later requests start from the compacted projection (see docs/sessions.md). */
export interface AgentThreadContextCompactedEvent {
  /** Always `agent.thread_context_compacted`. */
  type: "agent.thread_context_compacted";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The measured input tokens of the request before compaction. */
  pre_tokens?: number;
  /** The estimated input tokens of the compacted request. */
  post_tokens?: number;
  /** How the context was compacted: `extractive`, `summary` (a model-written summary, when the Agent asks for it), or `extractive_aggressive` after a provider refusal. Clients must accept unknown modes. */
  mode?: string;
  /** Present when the Agent asked for a model-written summary and the summary call failed: why the extractive summary was used instead. */
  summary_fallback?: string;
}

/** The Session started running a turn. */
export interface SessionStatusRunningEvent {
  /** Always `session.status_running`. */
  type: "session.status_running";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
}

/** The Session went idle. Drain rule for clients; stop on `session.status_terminated`, or on idle whose `stop_reason` is not `requires_action`. */
export interface SessionStatusIdleEvent {
  /** Always `session.status_idle`. */
  type: "session.status_idle";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** Why the Session went idle. */
  stop_reason: StopReason;
}

/** The Session is retrying after a transient failure (status `rescheduling`). */
export interface SessionStatusRescheduledEvent {
  /** Always `session.status_rescheduled`. */
  type: "session.status_rescheduled";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
}

/** The Session ended for good (unrecoverable error or archive). */
export interface SessionStatusTerminatedEvent {
  /** Always `session.status_terminated`. */
  type: "session.status_terminated";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** Present when a worker's permanent failure ended the Session: the failed Work item and its error. */
  stop_reason?: WorkerFailedStopReason;
}

/** What happens after a Session error. */
export interface RetryStatus {
  /** `retrying`: the server retries; `exhausted`: the turn is dead and the Session idles; `terminal`: the Session is terminated. */
  type: "retrying" | "exhausted" | "terminal";
}

/** A Session error. */
export interface SessionError {
  /** Error type, for example `model_overloaded_error`, `model_rate_limited_error`, `model_request_failed_error`, `mcp_connection_failed_error`, `session_input_failed_error`, `unknown_error`. Clients must accept unknown types. */
  type: string;
  /** A human-readable explanation. */
  message: string;
  /** What happens next. */
  retry_status: RetryStatus;
  /** The MCP server concerned, for MCP errors. */
  mcp_server_name?: string | null;
}

/** An error during the Session; errors are events, not a status. */
export interface SessionErrorEvent {
  /** Always `session.error`. */
  type: "session.error";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The error. */
  error: SessionError;
}

/** The Session's title, metadata, budget or vaults changed; only changed fields are present. */
export interface SessionUpdatedEvent {
  /** Always `session.updated`. */
  type: "session.updated";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The new title, when it changed. */
  title?: string | null;
  /** The new metadata, when it changed. */
  metadata?: Metadata;
  /** The new budget, when it changed (null when removed). */
  budget?: SessionBudget | null;
  /** The new vault ids, when they changed. */
  vault_ids?: Array<string>;
}

/** The Session's cumulative usage after a model request, with its budget. Emitted after each model request of a Session that has a budget. */
export interface SessionUsageEvent {
  /** Always `session.usage`. */
  type: "session.usage";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** Cumulative usage. */
  usage: SessionUsage;
  /** The Session's budget; null when it has none. */
  budget: SessionBudget | null;
}

/** The Session was deleted; ends the stream. Seen only on live streams. */
export interface SessionDeletedEvent {
  /** Always `session.deleted`. */
  type: "session.deleted";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the deletion was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
}

/** A model request started. */
export interface SpanModelRequestStartEvent {
  /** Always `span.model_request_start`. */
  type: "span.model_request_start";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
}

/** A model request ended; closes any open previews. */
export interface SpanModelRequestEndEvent {
  /** Always `span.model_request_end`. */
  type: "span.model_request_end";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event belongs to (the primary Thread's id on primary events; a cross-posted child event names the child). */
  session_thread_id?: string | null;
  /** The matching `span.model_request_start` event id. */
  model_request_start_id: string;
  /** Whether the request failed. */
  is_error: boolean;
  /** Tokens used by this request. */
  model_usage: ModelUsage;
}

/** A message this Thread sent to another Thread (a delegation, a follow-up or a report). */
export interface AgentThreadMessageSentEvent {
  /** Always `agent.thread_message_sent`. */
  type: "agent.thread_message_sent";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event is about. */
  session_thread_id?: string | null;
  /** The receiving Thread. */
  to_session_thread_id: string;
  /** The receiving Thread's Agent name. */
  to_agent_name?: string | null;
  /** The message text. */
  content: Array<TextBlock>;
}

/** A message this Thread received from another Thread; it starts a turn of the receiver, like a `user.message`. */
export interface AgentThreadMessageReceivedEvent {
  /** Always `agent.thread_message_received`. */
  type: "agent.thread_message_received";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event is about. */
  session_thread_id?: string | null;
  /** The sending Thread. */
  from_session_thread_id: string;
  /** The sending Thread's Agent name. */
  from_agent_name?: string | null;
  /** The message text. */
  content: Array<TextBlock>;
}

/** A child Thread was created (`session_thread_id` names it). */
export interface SessionThreadCreatedEvent {
  /** Always `session.thread_created`. */
  type: "session.thread_created";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event is about. */
  session_thread_id?: string | null;
  /** The Thread's Agent name. */
  agent_name: string;
}

/** A child Thread started running. */
export interface SessionThreadStatusRunningEvent {
  /** Always `session.thread_status_running`. */
  type: "session.thread_status_running";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event is about. */
  session_thread_id?: string | null;
  /** The Thread's Agent name. */
  agent_name: string;
}

/** A child Thread's model call failed with a retryable error; the Thread retries it after a delay (its own ledger shows `session.status_rescheduled` and the `session.error`). */
export interface SessionThreadStatusRescheduledEvent {
  /** Always `session.thread_status_rescheduled`. */
  type: "session.thread_status_rescheduled";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event is about. */
  session_thread_id?: string | null;
  /** The Thread's Agent name. */
  agent_name: string;
}

/** A child Thread went idle. */
export interface SessionThreadStatusIdleEvent {
  /** Always `session.thread_status_idle`. */
  type: "session.thread_status_idle";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event is about. */
  session_thread_id?: string | null;
  /** The Thread's Agent name. */
  agent_name: string;
  /** Why the Thread is idle. */
  stop_reason: StopReason;
}

/** A child Thread was archived or stopped for good. */
export interface SessionThreadStatusTerminatedEvent {
  /** Always `session.thread_status_terminated`. */
  type: "session.thread_status_terminated";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The Thread the event is about. */
  session_thread_id?: string | null;
  /** The Thread's Agent name. */
  agent_name: string;
}

/** Every persisted Session event (client and server). Decoders must pass unknown types through. */
export type SessionEvent = UserMessageEvent | UserInterruptEvent | UserToolConfirmationEvent | UserToolResultEvent | UserCustomToolResultEvent | AgentMessageEvent | AgentThinkingEvent | AgentToolUseEvent | AgentToolResultEvent | AgentMcpToolUseEvent | AgentMcpToolResultEvent | AgentCustomToolUseEvent | AgentThreadContextCompactedEvent | SessionStatusRunningEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusTerminatedEvent | SessionErrorEvent | SessionUpdatedEvent | SessionUsageEvent | SessionDeletedEvent | SpanModelRequestStartEvent | SpanModelRequestEndEvent | UserDefineOutcomeEvent | SpanOutcomeEvaluationStartEvent | SpanOutcomeEvaluationEndEvent | AgentThreadMessageSentEvent | AgentThreadMessageReceivedEvent | SessionThreadCreatedEvent | SessionThreadStatusRunningEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusIdleEvent | SessionThreadStatusTerminatedEvent;

/** One page of Session events. */
export interface SessionEventList {
  /** The events. */
  data: Array<SessionEvent>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Send a user turn. */
export interface UserMessageEventParams {
  /** Always `user.message`. */
  type: "user.message";
  /** Text, image and document blocks. */
  content: Array<UserContentBlock>;
}

/** Interrupt the running turn. */
export interface UserInterruptEventParams {
  /** Always `user.interrupt`. */
  type: "user.interrupt";
  /** The thread to interrupt; absent interrupts every thread. */
  session_thread_id?: string | null;
}

/** Allow or deny a tool call whose `evaluated_permission` was `ask`. */
export interface UserToolConfirmationEventParams {
  /** Always `user.tool_confirmation`. */
  type: "user.tool_confirmation";
  /** The id of the `agent.tool_use` or `agent.mcp_tool_use` event. */
  tool_use_id: string;
  /** The decision. */
  result: "allow" | "deny";
  /** Shown to the model when denied. */
  deny_message?: string | null;
  /** The originating thread's id, when not the primary thread. */
  session_thread_id?: string | null;
}

/** Return a built-in tool's result (Environment workers). */
export interface UserToolResultEventParams {
  /** Always `user.tool_result`. */
  type: "user.tool_result";
  /** The id of the `agent.tool_use` event answered; a second result for it answers 409. */
  tool_use_id: string;
  /** The tool output. */
  content?: Array<TextBlock>;
  /** Whether the tool failed. */
  is_error?: boolean;
  /** The originating thread's id, when not the primary thread. */
  session_thread_id?: string | null;
}

/** Return an application-defined tool's result. */
export interface UserCustomToolResultEventParams {
  /** Always `user.custom_tool_result`. */
  type: "user.custom_tool_result";
  /** The id of the `agent.custom_tool_use` event answered; a second result for it answers 409. */
  custom_tool_use_id: string;
  /** The tool output. */
  content?: Array<UserContentBlock>;
  /** Whether the tool failed. */
  is_error?: boolean;
  /** The originating thread's id, when not the primary thread. */
  session_thread_id?: string | null;
}

/** A client event to send. */
export type SessionEventInput = UserMessageEventParams | UserInterruptEventParams | UserToolConfirmationEventParams | UserToolResultEventParams | UserCustomToolResultEventParams | UserDefineOutcomeEventParams;

/** The body of `sessions.events.send`. */
export interface SessionEventSendParams {
  /** Events appended atomically, in order. */
  events: Array<SessionEventInput>;
}

/** The appended events. */
export interface SessionEventSendResult {
  /** The events as persisted, with ids and `processed_at` null. */
  data: Array<SessionEvent>;
}

/** The in-progress event a preview belongs to. */
export interface PreviewEventRef {
  /** The type of the event being previewed. */
  type: "agent.message" | "agent.thinking";
  /** The id the persisted event will carry. */
  id: string;
}

/** Stream-only keep-alive (`event: ping`, no `id:`), sent when a stream has been quiet for the ping interval (15 seconds by default); clients ignore it. */
export interface PingEvent {
  /** Always `ping`. */
  type: "ping";
}

/** Stream-only preview; an `agent.message` or `agent.thinking` event has started. Never persisted or replayed. */
export interface EventStartEvent {
  /** Always `event_start`. */
  type: "event_start";
  /** The event being previewed. */
  event: PreviewEventRef;
}

/** Text appended to one content block of a previewed event. */
export interface ContentDelta {
  /** Always `content_delta`. */
  type: "content_delta";
  /** The content block index the text belongs to. */
  index: number;
  /** The appended text. */
  content: TextBlock;
}

/** Stream-only preview; text for an in-progress `agent.message` (thinking gets a start only). Fold by `(event_id, index)`; the persisted event supersedes it. Never persisted or replayed. */
export interface EventDeltaEvent {
  /** Always `event_delta`. */
  type: "event_delta";
  /** The id of the event being previewed. */
  event_id: string;
  /** The appended content. */
  delta: ContentDelta;
}

/** What one SSE `data:` line decodes to: every SessionEvent, the stream-only previews, the `ping` keep-alive and the `error` envelope that ends a stream. */
export type SessionStreamEvent = UserMessageEvent | UserInterruptEvent | UserToolConfirmationEvent | UserToolResultEvent | UserCustomToolResultEvent | AgentMessageEvent | AgentThinkingEvent | AgentToolUseEvent | AgentToolResultEvent | AgentMcpToolUseEvent | AgentMcpToolResultEvent | AgentCustomToolUseEvent | AgentThreadContextCompactedEvent | SessionStatusRunningEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusTerminatedEvent | SessionErrorEvent | SessionUpdatedEvent | SessionUsageEvent | SessionDeletedEvent | SpanModelRequestStartEvent | SpanModelRequestEndEvent | UserDefineOutcomeEvent | SpanOutcomeEvaluationStartEvent | SpanOutcomeEvaluationEndEvent | AgentThreadMessageSentEvent | AgentThreadMessageReceivedEvent | SessionThreadCreatedEvent | SessionThreadStatusRunningEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusIdleEvent | SessionThreadStatusTerminatedEvent | EventStartEvent | EventDeltaEvent | PingEvent | ErrorEnvelope;

/** The multipart body of `files.upload`. */
export interface FileUploadParams {
  /** The bytes; the part's filename and content type are recorded. */
  file: Uploadable;
}

/** An immutable Workspace File. */
export interface File {
  /** Always `file`. */
  type: "file";
  /** The File id (`file_...`). */
  id: string;
  /** The uploaded file name. */
  filename: string;
  /** The media type given at upload (`application/octet-stream` when none). */
  mime_type: string;
  /** Size in bytes. */
  size_bytes: number;
  /** SHA-256 of the bytes, lower-case hex. */
  sha256: string;
  /** Upload time. */
  created_at: string;
}

/** One page of Files (bidirectional cursor). */
export interface FileList {
  /** The Files. */
  data: Array<File>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
  /** Cursor for the previous page; null at the start. */
  prev_page: string | null;
}

/** Deletion marker. */
export interface FileDeleted {
  /** Always `file_deleted`. */
  type: "file_deleted";
  /** The deleted File id. */
  id: string;
}

/** The multipart body of `skills.create`. */
export interface SkillCreateParams {
  /** A zip archive with exactly one top-level folder holding `SKILL.md`. */
  file: Uploadable;
  /** A human title; the SKILL.md name when absent. */
  display_title?: string;
}

/** The multipart body of `skills.versions.create`. */
export interface SkillVersionCreateParams {
  /** A zip archive with exactly one top-level folder holding `SKILL.md`. */
  file: Uploadable;
}

/** A Skill; its content lives in immutable versions. */
export interface Skill {
  /** Always `skill`. */
  type: "skill";
  /** The Skill id (`skill_...`). */
  id: string;
  /** A human title. */
  display_title: string | null;
  /** The newest version (always concrete). */
  latest_version: string;
  /** Creation time. */
  created_at: string;
  /** When the last version was added or removed. */
  updated_at: string;
}

/** One page of Skills. */
export interface SkillList {
  /** The Skills. */
  data: Array<Skill>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface SkillDeleted {
  /** Always `skill_deleted`. */
  type: "skill_deleted";
  /** The deleted Skill id. */
  id: string;
}

/** One immutable version of a Skill. */
export interface SkillVersion {
  /** Always `skill_version`. */
  type: "skill_version";
  /** The version's id. */
  id: string;
  /** The Skill id. */
  skill_id: string;
  /** The version (a decimal string, increasing). */
  version: string;
  /** The name from SKILL.md. */
  name: string;
  /** The description from SKILL.md. */
  description: string;
  /** The archive's top-level folder name. */
  directory: string;
  /** Size of the stored archive. */
  archive_size_bytes: number;
  /** SHA-256 of the stored archive, lower-case hex. */
  archive_sha256: string;
  /** Total size of the extracted members. */
  expanded_size_bytes: number;
  /** Number of regular files in the archive. */
  member_count: number;
  /** Creation time. */
  created_at: string;
}

/** One page of Skill versions. */
export interface SkillVersionList {
  /** The versions. */
  data: Array<SkillVersion>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface SkillVersionDeleted {
  /** Always `skill_version_deleted`. */
  type: "skill_version_deleted";
  /** The deleted version's id. */
  id: string;
}

/** The body of `memory_stores.create`. */
export interface MemoryStoreCreateParams {
  /** A human name. */
  name: string;
  /** Shown to agents of Sessions that attach the store. */
  description?: string | null;
  /** Free-form string pairs. */
  metadata?: Metadata;
}

/** The body of `memory_stores.update`; present fields replace the current values. */
export interface MemoryStoreUpdateParams {
  /** A human name. */
  name?: string;
  /** Shown to agents of Sessions that attach the store. */
  description?: string | null;
  /** Free-form string pairs (full replacement). */
  metadata?: Metadata;
}

/** A store of text memories addressed by path. */
export interface MemoryStore {
  /** Always `memory_store`. */
  type: "memory_store";
  /** The Memory Store id (`memstore_...`). */
  id: string;
  /** A human name. */
  name: string;
  /** Shown to agents. */
  description: string | null;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** When it was archived. */
  archived_at: string | null;
}

/** One page of Memory Stores. */
export interface MemoryStoreList {
  /** The Memory Stores. */
  data: Array<MemoryStore>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface MemoryStoreDeleted {
  /** Always `memory_store_deleted`. */
  type: "memory_store_deleted";
  /** The deleted Memory Store id. */
  id: string;
}

/** The body of `memory_stores.memories.create`. */
export interface MemoryCreateParams {
  /** A relative slash-separated path such as `notes/todo.md` (no `..`), unique in the store; one leading slash (`/notes/todo.md`, as the managed-agents clients write it) names the same path. */
  path: string;
  /** UTF-8 text (at most 100 KiB). */
  content: string;
}

/** Apply the update only if the current content has this SHA-256. */
export interface MemoryPrecondition {
  /** Always `content_sha256`. */
  type: "content_sha256";
  /** The expected SHA-256, lower-case hex. */
  content_sha256: string;
}

/** The body of `memory_stores.memories.update`; at least one of `path` or `content`. */
export interface MemoryUpdateParams {
  /** A new path (rename). */
  path?: string;
  /** New UTF-8 content (at most 100 KiB). */
  content?: string;
  /** Optimistic concurrency check (409 `memory_precondition_failed_error` on mismatch). */
  precondition?: MemoryPrecondition;
}

/** One memory. */
export interface Memory {
  /** Always `memory`. */
  type: "memory";
  /** The memory id (`mem_...`). */
  id: string;
  /** The Memory Store id. */
  memory_store_id: string;
  /** The path in the store. */
  path: string;
  /** The content with view `full`; null with view `basic`. */
  content: string | null;
  /** SHA-256 of the content, lower-case hex. */
  content_sha256: string;
  /** Size of the content in bytes. */
  content_size_bytes: number;
  /** The memory version holding the current content. */
  memory_version_id: string;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
}

/** A folded path prefix in a depth-limited listing. */
export interface MemoryPrefix {
  /** Always `memory_prefix`. */
  type: "memory_prefix";
  /** The prefix, ending with `/`. */
  path: string;
}

/** An item of a memory listing. */
export type MemoryListItem = Memory | MemoryPrefix;

/** One page of memories and prefixes. */
export interface MemoryList {
  /** The items, ordered by path. */
  data: Array<MemoryListItem>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface MemoryDeleted {
  /** Always `memory_deleted`. */
  type: "memory_deleted";
  /** The deleted memory id. */
  id: string;
}

/** A change made by a Session (its worker, with the session token). */
export interface SessionActor {
  /** Always `session_actor`. */
  type: "session_actor";
  /** The Session id. */
  session_id: string;
}

/** A change made with a Workspace API key. */
export interface ApiActor {
  /** Always `api_actor`. */
  type: "api_actor";
  /** The API key's public id (never the key). */
  api_key_id: string;
}

/** Who made a memory change. */
export type MemoryActor = SessionActor | ApiActor;

/** An immutable record of one memory change. */
export interface MemoryVersion {
  /** Always `memory_version`. */
  type: "memory_version";
  /** The memory version id (`memver_...`). */
  id: string;
  /** The memory id. */
  memory_id: string;
  /** The Memory Store id. */
  memory_store_id: string;
  /** What the change did. */
  operation: "created" | "modified" | "deleted";
  /** The path after the change; null when redacted. */
  path: string | null;
  /** The content after the change; null when deleted or redacted. */
  content: string | null;
  /** SHA-256 of the content; null when deleted or redacted. */
  content_sha256: string | null;
  /** Size of the content; null when deleted or redacted. */
  content_size_bytes: number | null;
  /** Who made the change. */
  created_by: MemoryActor | null;
  /** When the version was redacted. */
  redacted_at: string | null;
  /** When the change was made. */
  created_at: string;
}

/** One page of memory versions. */
export interface MemoryVersionList {
  /** The versions, newest first. */
  data: Array<MemoryVersion>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/**
 * A notification type an endpoint can subscribe to, named as the hosted API names them.
 * `session.status_idled` carries the `stop_reason`; `session.requires_action`,
 * `session.budget_reached` and `session.credential_failed` are sent next to it when the stop
 * reason is of that type. `session.status_terminated` carries the `worker_failed` stop reason
 * of a Session a worker's permanent failure terminated. `session.worker_unavailable` is sent
 * once per waiting stretch when a Session shows the `worker_unavailable` stall, with the stall.
 * `deployment_run.completed` / `deployment_run.failed` are sent for scheduled Deployment
 * Runs only.
 */
export type WebhookEventType = "session.created" | "session.status_run_started" | "session.status_idled" | "session.requires_action" | "session.status_rescheduled" | "session.status_terminated" | "session.archived" | "session.deleted" | "session.budget_reached" | "session.credential_failed" | "session.worker_unavailable" | "deployment_run.completed" | "deployment_run.failed";

/** The body of `webhooks.create`. */
export interface WebhookCreateParams {
  /** The http(s) URL notifications are POSTed to. */
  url: string;
  /** The notification types to receive. */
  event_types: Array<WebhookEventType>;
  /** Whether notifications are delivered (default true). */
  enabled?: boolean;
  /** What the endpoint is for. */
  description?: string | null;
  /** Free-form string pairs. */
  metadata?: Metadata;
}

/** The body of `webhooks.update`; present fields replace the current values. */
export interface WebhookUpdateParams {
  /** The http(s) URL notifications are POSTed to. */
  url?: string;
  /** The notification types to receive. */
  event_types?: Array<WebhookEventType>;
  /** Whether notifications are delivered; true clears `disabled_reason`. */
  enabled?: boolean;
  /** What the endpoint is for. */
  description?: string | null;
  /** Metadata changes; a null value deletes the key. */
  metadata?: MetadataPatch;
}

/** Why the server disabled an endpoint. */
export interface WebhookDisabledReason {
  /** `private_address`: the host resolved to an address the egress guard refuses; `redirect`: the endpoint answered 3xx (redirects are never followed); `egress_refused`: another egress refusal. */
  type: "private_address" | "redirect" | "egress_refused";
  /** A human-readable explanation. */
  message: string;
  /** When the server disabled the endpoint. */
  disabled_at: string;
}

/** A webhook endpoint. Its secret is never part of this shape. */
export interface Webhook {
  /** Always `webhook`. */
  type: "webhook";
  /** The endpoint id (`whk_...`). */
  id: string;
  /** The http(s) URL notifications are POSTed to. */
  url: string;
  /** The subscribed notification types. */
  event_types: Array<WebhookEventType>;
  /** Whether notifications are delivered. */
  enabled: boolean;
  /** What the endpoint is for. */
  description: string | null;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Why the server disabled the endpoint; null unless it did. */
  disabled_reason: WebhookDisabledReason | null;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
}

/** A webhook endpoint and its signing secret (only in the create and rotate answers). */
export interface WebhookWithSecret {
  /** Always `webhook`. */
  type: "webhook";
  /** The endpoint id (`whk_...`). */
  id: string;
  /** The http(s) URL notifications are POSTed to. */
  url: string;
  /** The subscribed notification types. */
  event_types: Array<WebhookEventType>;
  /** Whether notifications are delivered. */
  enabled: boolean;
  /** What the endpoint is for. */
  description: string | null;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Why the server disabled the endpoint; null unless it did. */
  disabled_reason: WebhookDisabledReason | null;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** The `whsec_` Standard Webhooks signing secret; shown only in this answer. */
  secret: string;
}

/** One page of webhook endpoints. */
export interface WebhookList {
  /** The endpoints. */
  data: Array<Webhook>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface WebhookDeleted {
  /** Always `webhook_deleted`. */
  type: "webhook_deleted";
  /** The deleted endpoint id. */
  id: string;
}

/**
 * The body of every delivery (a thin payload: fetch the resource by `data.id`). Sent as
 * `POST` with the Standard Webhooks headers `webhook-id` (= `id`, the same on every
 * attempt), `webhook-timestamp` (fresh per attempt) and `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the
 * secret's bytes). Any 2xx acknowledges; there is no ordering promise (sort by `created_at`).
 */
export interface WebhookNotification {
  /** Always `event`. */
  type: "event";
  /** The notification id (`wevt_...`); receivers deduplicate on it. */
  id: string;
  /** When the announced change committed. */
  created_at: string;
  /** What changed. */
  data: WebhookNotificationData;
}

/** The thin description of what changed. */
export interface WebhookNotificationData {
  /** The notification type. */
  type: WebhookEventType;
  /** The resource id (`sesn_...`, or the Deployment Run id). */
  id: string;
  /** The Workspace id. */
  workspace_id: string;
  /** On `session.status_idled`, `session.requires_action`, `session.budget_reached` and `session.credential_failed`, and on a `session.status_terminated` caused by a worker's failure: the Session's stop reason. */
  stop_reason?: Record<string, unknown>;
  /** On `session.worker_unavailable`: the Environment and the Work items no worker claims. */
  stall?: WorkerUnavailableStall;
  /** On `deployment_run.*`: the Deployment the Run belongs to. */
  deployment_id?: string;
  /** On `deployment_run.*`: the Session the Run created, null when it created none. */
  session_id?: string | null;
}

/** The body of `vaults.create`. */
export interface VaultCreateParams {
  /** A human name. */
  display_name: string;
  /** Free-form string pairs. */
  metadata?: Metadata;
}

/** The body of `vaults.update`; present fields replace the current values. */
export interface VaultUpdateParams {
  /** A new human name. */
  display_name?: string;
  /** Pairs merged into the metadata; a null value deletes the key. */
  metadata?: MetadataPatch;
}

/** A named set of credentials that Sessions and Deployments name in `vault_ids`. */
export interface Vault {
  /** Always `vault`. */
  type: "vault";
  /** The vault id (`vlt_...`). */
  id: string;
  /** A human name. */
  display_name: string;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** When it was archived. */
  archived_at: string | null;
}

/** One page of vaults. */
export interface VaultList {
  /** The vaults, newest first. */
  data: Array<Vault>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface VaultDeleted {
  /** Always `vault_deleted`. */
  type: "vault_deleted";
  /** The deleted vault id. */
  id: string;
}

/** The hosts an `environment_variable` secret may be sent to: requests to any other host never carry it. */
export interface CredentialNetworking {
  /** Always `limited` (Mango has no unrestricted secrets). */
  type: "limited";
  /** Bare host names (`api.example.com`), IPv4 addresses or `*.` wildcards (`*.example.com`); no schemes, ports, paths or IPv6. */
  allowed_hosts: Array<string>;
}

/** Where in an outbound request the secret may be substituted (absent fields keep their value; at creation `header` defaults to true and `body` to false). */
export interface InjectionLocationParams {
  /** Substitute it in request header values. */
  header?: boolean;
  /** Substitute it in request bodies. */
  body?: boolean;
}

/** Where in an outbound request the secret may be substituted. */
export interface InjectionLocation {
  /** Substituted in request header values. */
  header: boolean;
  /** Substituted in request bodies. */
  body: boolean;
}

/** The token endpoint takes no client authentication (a public client). */
export interface TokenEndpointAuthNone {
  /** Always `none`. */
  type: "none";
}

/** The client authenticates to the token endpoint with HTTP Basic. */
export interface TokenEndpointAuthBasicParams {
  /** Always `client_secret_basic`. */
  type: "client_secret_basic";
  /** The OAuth client secret (write-only). */
  client_secret: string;
}

/** The client sends its secret in the token request's body. */
export interface TokenEndpointAuthPostParams {
  /** Always `client_secret_post`. */
  type: "client_secret_post";
  /** The OAuth client secret (write-only). */
  client_secret: string;
}

/** How the client authenticates to the token endpoint. */
export type TokenEndpointAuthParams = TokenEndpointAuthNone | TokenEndpointAuthBasicParams | TokenEndpointAuthPostParams;

/** The client authenticates to the token endpoint with HTTP Basic. */
export interface TokenEndpointAuthBasic {
  /** Always `client_secret_basic`. */
  type: "client_secret_basic";
  /** Whether a client secret is stored (its value is never returned). */
  client_secret_set: boolean;
}

/** The client sends its secret in the token request's body. */
export interface TokenEndpointAuthPost {
  /** Always `client_secret_post`. */
  type: "client_secret_post";
  /** Whether a client secret is stored (its value is never returned). */
  client_secret_set: boolean;
}

/** How the client authenticates to the token endpoint. */
export type TokenEndpointAuth = TokenEndpointAuthNone | TokenEndpointAuthBasic | TokenEndpointAuthPost;

/** How the access token is refreshed at the authorization server. */
export interface McpOAuthRefreshParams {
  /** The OAuth client id. */
  client_id: string;
  /** The OAuth refresh token (write-only). */
  refresh_token: string;
  /** The authorization server's token endpoint (an absolute http or https URL). */
  token_endpoint: string;
  /** How the client authenticates to the token endpoint. */
  token_endpoint_auth: TokenEndpointAuthParams;
  /** The scope to ask for when refreshing. */
  scope?: string | null;
  /** The resource indicator (RFC 8707) to send when refreshing. */
  resource?: string | null;
}

/** Changes to the refresh settings; present fields replace the stored ones (settings added to a credential without them must be complete). */
export interface McpOAuthRefreshUpdateParams {
  /** A new OAuth client id. */
  client_id?: string;
  /** A new refresh token (write-only). */
  refresh_token?: string;
  /** A new token endpoint. */
  token_endpoint?: string;
  /** A new token endpoint authentication, with its secret. */
  token_endpoint_auth?: TokenEndpointAuthParams;
  /** A new scope; null clears it. */
  scope?: string | null;
  /** A new resource indicator; null clears it. */
  resource?: string | null;
}

/** How the access token is refreshed (its secrets are never returned). */
export interface McpOAuthRefresh {
  /** The OAuth client id. */
  client_id: string;
  /** The token endpoint. */
  token_endpoint: string;
  /** How the client authenticates to the token endpoint. */
  token_endpoint_auth: TokenEndpointAuth;
  /** The scope asked for when refreshing. */
  scope: string | null;
  /** The resource indicator sent when refreshing. */
  resource: string | null;
  /** Whether a refresh token is stored (its value is never returned). */
  refresh_token_set: boolean;
}

/** A bearer token sent to one MCP server. */
export interface StaticBearerAuthParams {
  /** Always `static_bearer`. */
  type: "static_bearer";
  /** The MCP server's URL (matched by scheme, host, port and path); without credentials in it. */
  mcp_server_url: string;
  /** The token, sent as `Authorization: Bearer` (write-only). */
  token: string;
}

/** An OAuth access token for one MCP server, with its expiry and optionally how to refresh it. */
export interface McpOAuthAuthParams {
  /** Always `mcp_oauth`. */
  type: "mcp_oauth";
  /** The MCP server's URL (matched by scheme, host, port and path); without credentials in it. */
  mcp_server_url: string;
  /** The access token (write-only). */
  access_token: string;
  /** When the access token expires (in the future); null when unknown. */
  expires_at?: string | null;
  /** How to refresh the access token; null or absent when it cannot be refreshed. */
  refresh?: McpOAuthRefreshParams | null;
}

/** A named secret and the hosts it may be sent to. */
export interface EnvironmentVariableAuthParams {
  /** Always `environment_variable`. */
  type: "environment_variable";
  /** The variable's name, unique in the vault. */
  secret_name: string;
  /** The secret (write-only). */
  secret_value: string;
  /** The hosts the secret may be sent to. */
  networking: CredentialNetworking;
  /** Where it may be substituted (header values by default; bodies only when asked). */
  injection_location?: InjectionLocationParams;
}

/** What a new credential authenticates with. */
export type CredentialAuthParams = StaticBearerAuthParams | McpOAuthAuthParams | EnvironmentVariableAuthParams;

/** Changes to a `static_bearer` credential. */
export interface StaticBearerAuthUpdateParams {
  /** Always `static_bearer` (the credential's type). */
  type: "static_bearer";
  /** A new token (write-only). */
  token?: string;
}

/** Changes to an `mcp_oauth` credential. */
export interface McpOAuthAuthUpdateParams {
  /** Always `mcp_oauth` (the credential's type). */
  type: "mcp_oauth";
  /** A new access token (write-only); send its `expires_at` too or the old expiry is kept. */
  access_token?: string;
  /** A new expiry (in the future); null when unknown. */
  expires_at?: string | null;
  /** Changes to the refresh settings; null removes them. */
  refresh?: McpOAuthRefreshUpdateParams | null;
}

/** Changes to an `environment_variable` credential. */
export interface EnvironmentVariableAuthUpdateParams {
  /** Always `environment_variable` (the credential's type). */
  type: "environment_variable";
  /** A new secret (write-only). */
  secret_value?: string;
  /** New allowed hosts (replacing the old ones). */
  networking?: CredentialNetworking;
  /** Where it may be substituted (present fields replace the stored ones). */
  injection_location?: InjectionLocationParams;
}

/** Changes to a credential's authentication; `type` must be the credential's type. */
export type CredentialAuthUpdateParams = StaticBearerAuthUpdateParams | McpOAuthAuthUpdateParams | EnvironmentVariableAuthUpdateParams;

/** A bearer token sent to one MCP server (never returned). */
export interface StaticBearerAuth {
  /** Always `static_bearer`. */
  type: "static_bearer";
  /** The MCP server's URL. */
  mcp_server_url: string;
  /** Whether a token is stored (false once its vault is archived). */
  token_set: boolean;
}

/** An OAuth access token for one MCP server (its secrets are never returned). */
export interface McpOAuthAuth {
  /** Always `mcp_oauth`. */
  type: "mcp_oauth";
  /** The MCP server's URL. */
  mcp_server_url: string;
  /** When the access token expires; null when unknown. */
  expires_at: string | null;
  /** How the access token is refreshed; null when it cannot be. */
  refresh: McpOAuthRefresh | null;
  /** Whether an access token is stored (false once its vault is archived). */
  access_token_set: boolean;
}

/** A named secret and the hosts it may be sent to (its value is never returned). */
export interface EnvironmentVariableAuth {
  /** Always `environment_variable`. */
  type: "environment_variable";
  /** The variable's name. */
  secret_name: string;
  /** The hosts the secret may be sent to. */
  networking: CredentialNetworking;
  /** Where it may be substituted. */
  injection_location: InjectionLocation;
  /** Whether a value is stored (false once its vault is archived). */
  secret_value_set: boolean;
}

/** What a credential authenticates with; secret fields appear only as `*_set` flags. */
export type CredentialAuth = StaticBearerAuth | McpOAuthAuth | EnvironmentVariableAuth;

/** The body of `vaults.credentials.create`. */
export interface VaultCredentialCreateParams {
  /** A human name. */
  display_name?: string | null;
  /** Free-form string pairs. */
  metadata?: Metadata;
  /** What the credential authenticates with. */
  auth: CredentialAuthParams;
}

/** The body of `vaults.credentials.update`; present fields replace the current values. */
export interface VaultCredentialUpdateParams {
  /** A new human name; null clears it. */
  display_name?: string | null;
  /** Pairs merged into the metadata; a null value deletes the key. */
  metadata?: MetadataPatch;
  /** Changes to what the credential authenticates with. */
  auth?: CredentialAuthUpdateParams;
}

/** A credential of a vault. Secret fields are write-only; responses say only whether each is set. */
export interface VaultCredential {
  /** Always `vault_credential`. */
  type: "vault_credential";
  /** The credential id (`vcrd_...`). */
  id: string;
  /** The vault. */
  vault_id: string;
  /** A human name. */
  display_name: string | null;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** What the credential authenticates with. */
  auth: CredentialAuth;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** When it was archived (with its vault). */
  archived_at: string | null;
}

/** One page of a vault's credentials. */
export interface VaultCredentialList {
  /** The credentials, newest first. */
  data: Array<VaultCredential>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Deletion marker. */
export interface VaultCredentialDeleted {
  /** Always `vault_credential_deleted`. */
  type: "vault_credential_deleted";
  /** The deleted credential id. */
  id: string;
}

/** `active` (the schedule fires) or `paused` (only manual Runs). */
export type DeploymentStatus = "active" | "paused";

/** What a scheduled Run does while the previous Run's Session is still running: `skip` it (recorded as a skipped Run) or `allow` it (a second Session runs alongside). */
export type OverlapPolicy = "skip" | "allow";

/** A cron schedule. `expression` is POSIX cron with five fields (minute hour day-of-month month day-of-week; names such as `mon` and `jan` accepted), or six with a leading seconds field; `timezone` is an IANA name (`UTC` by default). Nonexistent local times are skipped and repeated ones fire twice. */
export interface CronScheduleParams {
  /** Always `cron`. */
  type: "cron";
  /** The cron expression. */
  expression: string;
  /** The IANA time zone the expression is read in. */
  timezone?: string;
}

/** A Deployment's cron schedule and where it stands. */
export interface DeploymentSchedule {
  /** Always `cron`. */
  type: "cron";
  /** The cron expression. */
  expression: string;
  /** The IANA time zone. */
  timezone: string;
  /** The time of the latest Run (its scheduled time, or its creation for a manual Run). */
  last_run_at: string | null;
  /** The next fire times the Schedule reported (empty while paused, archived or not yet synced). */
  upcoming_runs_at: Array<string>;
}

/** The Agent a Deployment runs. */
export interface DeploymentAgent {
  /** Always `agent`. */
  type: "agent";
  /** The Agent id. */
  id: string;
  /** The pinned version; null runs the latest version at each Run. */
  version: number | null;
}

/** Paused by `deployments.pause`. */
export interface ManualPausedReason {
  /** Always `manual`. */
  type: "manual";
}

/** The Run error that paused the Deployment. */
export interface DeploymentPauseError {
  /** The Run error type (`agent_archived_error`, `environment_not_found_error`, ...). */
  type: string;
}

/** Paused because a Run found its Agent or Environment missing or archived; later Runs would fail the same way. */
export interface ErrorPausedReason {
  /** Always `error`. */
  type: "error";
  /** The error. */
  error: DeploymentPauseError;
}

/** Why a Deployment is paused. */
export type PausedReason = ManualPausedReason | ErrorPausedReason;

/** The body of `deployments.create`. */
export interface DeploymentCreateParams {
  /** A name (also each Run's Session title). */
  name: string;
  /** A description. */
  description?: string | null;
  /** The Agent (an id runs its latest version at each Run). */
  agent: AgentRefParam;
  /** A self-hosted Environment where the Sessions' tools run. */
  environment_id: string;
  /** The events each Run's Session is created with. */
  initial_events: Array<DeploymentInitialEvent>;
  /** Free-form string pairs (also given to each Run's Session). */
  metadata?: Metadata;
  /** Vaults whose credentials the Runs' Sessions' MCP connections use, in order (the first vault with a credential for a server's URL supplies it). Each must exist in the Workspace (400) and not be archived (409). */
  vault_ids?: Array<string>;
  /** The spending limit each Run's Session is created with; null or absent for none. */
  budget?: SessionBudget | null;
  /** When scheduled Runs happen; null or absent for manual Runs only. */
  schedule?: CronScheduleParams | null;
  /** What an overlapping scheduled Run does (`skip` by default). */
  overlap_policy?: OverlapPolicy;
}

/** The body of `deployments.update`. */
export interface DeploymentUpdateParams {
  /** A new name. */
  name?: string;
  /** A new description. */
  description?: string | null;
  /** A new Agent. */
  agent?: AgentRefParam;
  /** A new Environment. */
  environment_id?: string;
  /** New initial events (replacing the old ones). */
  initial_events?: Array<DeploymentInitialEvent>;
  /** Pairs merged into the metadata; a null value deletes the key. */
  metadata?: MetadataPatch;
  /** New vaults for later Runs' Sessions (replacing the old list). Each must exist in the Workspace (400) and not be archived (409). */
  vault_ids?: Array<string>;
  /** A new budget for later Runs' Sessions (replacing the old one), or null to remove it; Sessions already created keep theirs. */
  budget?: SessionBudget | null;
  /** A new schedule, or null to remove it. */
  schedule?: CronScheduleParams | null;
  /** A new overlap policy. */
  overlap_policy?: OverlapPolicy;
}

/** An Agent run unattended on a schedule (and on demand); every Run creates a Session. */
export interface Deployment {
  /** Always `deployment`. */
  type: "deployment";
  /** The Deployment id (`depl_...`). */
  id: string;
  /** The name. */
  name: string;
  /** The description. */
  description: string | null;
  /** The Agent each Run uses. */
  agent: DeploymentAgent;
  /** The Environment. */
  environment_id: string;
  /** The events each Run's Session is created with. */
  initial_events: Array<DeploymentInitialEvent>;
  /** Free-form string pairs. */
  metadata: Metadata;
  /** The vaults each Run's Session names (always present in this server's answers; optional so that older answers still decode). */
  vault_ids?: Array<string>;
  /** The budget each Run's Session is created with; null when it has none (always present in this server's answers; optional so that older answers still decode). */
  budget?: SessionBudget | null;
  /** The schedule; null for manual Runs only. */
  schedule: DeploymentSchedule | null;
  /** What an overlapping scheduled Run does. */
  overlap_policy: OverlapPolicy;
  /** Whether the schedule fires. */
  status: DeploymentStatus;
  /** Why it is paused; null while active. */
  paused_reason: PausedReason | null;
  /** Creation time. */
  created_at: string;
  /** Last update time. */
  updated_at: string;
  /** When it was archived. */
  archived_at: string | null;
}

/** One page of Deployments. */
export interface DeploymentList {
  /** The Deployments, newest first. */
  data: Array<Deployment>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** Why a Run created no Session. */
export interface DeploymentRunError {
  /** `agent_not_found_error`, `agent_archived_error`, `environment_not_found_error`, `environment_archived_error`, `vault_not_found_error`, `vault_archived_error`, `session_creation_rejected_error` or `unavailable_error`. */
  type: string;
  /** One sentence. */
  message: string;
  /** `missing_resource` (the Deployment paused: later Runs would fail the same way), `rejected` (the Session's creation was refused) or `transient` (the platform was unavailable through every retry). */
  category: "missing_resource" | "rejected" | "transient";
}

/** A Run started by the schedule. */
export interface ScheduleTriggerContext {
  /** Always `schedule`. */
  type: "schedule";
  /** The scheduled (nominal) time; one Run per scheduled time. */
  scheduled_at: string;
}

/** A Run started by `deployments.run`. */
export interface ManualTriggerContext {
  /** Always `manual`. */
  type: "manual";
}

/** What started a Run. */
export type TriggerContext = ScheduleTriggerContext | ManualTriggerContext;

/** The immutable record of one Run of a Deployment. */
export interface DeploymentRun {
  /** Always `deployment_run`. */
  type: "deployment_run";
  /** The Run id (`drun_...`). */
  id: string;
  /** The Deployment. */
  deployment_id: string;
  /** The Agent as the Deployment named it at the Run. */
  agent: DeploymentAgent;
  /** The Session the Run created; null when it created none. */
  session_id: string | null;
  /** `session_created`, `skipped` (the previous Run's Session was still running under the `skip` policy) or `failed` (see `error`). */
  outcome: "session_created" | "skipped" | "failed";
  /** Why no Session was created; null otherwise. */
  error: DeploymentRunError | null;
  /** What started the Run. */
  trigger_context: TriggerContext;
  /** When the Run was recorded. */
  created_at: string;
}

/** One page of Deployment Runs. */
export interface DeploymentRunList {
  /** The Runs, newest first. */
  data: Array<DeploymentRun>;
  /** Cursor for the next page; null at the end. */
  next_page: string | null;
}

/** An event a Deployment's Runs create their Sessions with. */
export type DeploymentInitialEvent = UserMessageEventParams | UserDefineOutcomeEventParams;

/** A rubric given as text. */
export interface TextRubric {
  /** Always `text`. */
  type: "text";
  /** The criteria the work is graded against. */
  content: string;
}

/** A rubric in a UTF-8 text File, snapshotted when the event is admitted (later changes to the File change nothing). */
export interface FileRubric {
  /** Always `file`. */
  type: "file";
  /** The File id. */
  file_id: string;
}

/** The rubric an outcome is graded against. */
export type Rubric = TextRubric | FileRubric;

/** Give the agent a task with a rubric. The event is a turn of its own; after each turn a grader (one bounded, tool-free model call) evaluates the agent's answer against the rubric and, while it is not met, sends its feedback back as a new turn, up to `max_iterations` evaluations. A newer outcome supersedes the active one. */
export interface UserDefineOutcomeEventParams {
  /** Always `user.define_outcome`. */
  type: "user.define_outcome";
  /** The task: what the agent should produce. */
  description: string;
  /** The criteria the grader checks. */
  rubric: Rubric;
  /** How many evaluations at most; the last one that is not met ends the outcome with `max_iterations_reached`. */
  max_iterations?: number;
}

/** An outcome was defined (queued as a turn trigger like a message). */
export interface UserDefineOutcomeEvent {
  /** Always `user.define_outcome`. */
  type: "user.define_outcome";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the agent took it up; null while queued. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The thread; null or absent for the primary thread. */
  session_thread_id?: string | null;
  /** The outcome id (`outc_...`). */
  outcome_id: string;
  /** The task. */
  description: string;
  /** The rubric as sent (a File rubric keeps its `file_id`). */
  rubric: Rubric;
  /** How many evaluations at most. */
  max_iterations: number;
}

/** `satisfied`, `needs_revision` (feedback goes back to the agent), `max_iterations_reached` (not met at the last allowed evaluation), `failed` (the grader gave no valid verdict) or `interrupted` (a `user.interrupt` or a newer outcome ended it). */
export type OutcomeEvaluationResult = "satisfied" | "needs_revision" | "max_iterations_reached" | "failed" | "interrupted";

/** The grader started evaluating one iteration of an outcome. */
export interface SpanOutcomeEvaluationStartEvent {
  /** Always `span.outcome_evaluation_start`. */
  type: "span.outcome_evaluation_start";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed. */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The thread; null or absent for the primary thread. */
  session_thread_id?: string | null;
  /** The outcome. */
  outcome_id: string;
  /** The iteration (0-based). */
  iteration: number;
}

/** An evaluation ended. With `needs_revision` the event is the agent's next turn (it receives the explanation as feedback), so its `processed_at` is null until that turn starts. */
export interface SpanOutcomeEvaluationEndEvent {
  /** Always `span.outcome_evaluation_end`. */
  type: "span.outcome_evaluation_end";
  /** The event id (`sevt_...`). */
  id: string;
  /** When the event was processed (for feedback: when the agent took it up). */
  processed_at: string | null;
  /** When the event was committed. */
  created_at: string;
  /** The thread; null or absent for the primary thread. */
  session_thread_id?: string | null;
  /** The matching `span.outcome_evaluation_start`; null when the outcome was interrupted before grading started. */
  outcome_evaluation_start_id: string | null;
  /** The outcome. */
  outcome_id: string;
  /** The iteration (0-based). */
  iteration: number;
  /** The verdict. */
  result: OutcomeEvaluationResult;
  /** The grader's reasons (or why the loop ended). */
  explanation: string;
}

/** One completed evaluation of an outcome. */
export interface OutcomeEvaluation {
  /** Always `outcome_evaluation`. */
  type: "outcome_evaluation";
  /** The outcome. */
  outcome_id: string;
  /** The iteration (0-based). */
  iteration: number;
  /** The verdict. */
  result: OutcomeEvaluationResult;
  /** The outcome's description. */
  description: string;
  /** The grader's reasons. */
  explanation: string;
  /** When the evaluation completed. */
  completed_at: string;
}

/** An event a Session is created with. */
export type SessionInitialEvent = UserMessageEventParams | UserDefineOutcomeEventParams;

/** Parameters of `agents.list`: query, header and body fields together. */
export interface AgentsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Include archived resources. */
  include_archived?: boolean;
  /** Filters on `created_at` (sent as `created_at[<operator>]`). */
  created_at?: { gte?: string; lte?: string };
}

/** Parameters of `agents.create`: query, header and body fields together. */
export type AgentsCreateParams = AgentCreateParams;

/** Parameters of `agents.get`: query, header and body fields together. */
export interface AgentsGetParams {
  /** An earlier version to fetch; the latest when absent. */
  version?: number;
}

/** Parameters of `agents.update`: query, header and body fields together. */
export type AgentsUpdateParams = AgentUpdateParams;

/** Parameters of `agents.versions.list`: query, header and body fields together. */
export interface AgentsVersionsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
}

/** Parameters of `environments.list`: query, header and body fields together. */
export interface EnvironmentsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Include archived resources. */
  include_archived?: boolean;
}

/** Parameters of `environments.create`: query, header and body fields together. */
export type EnvironmentsCreateParams = EnvironmentCreateParams;

/** Parameters of `environments.update`: query, header and body fields together. */
export type EnvironmentsUpdateParams = EnvironmentUpdateParams;

/** Parameters of `environments.work.list`: query, header and body fields together. */
export interface EnvironmentsWorkListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Only Work in one of these states. */
  states?: Array<WorkState>;
}

/** Parameters of `environments.work.poll`: query, header and body fields together. */
export interface EnvironmentsWorkPollParams {
  /** How long to wait for an item, in milliseconds; 0 answers at once. */
  block_ms?: number;
  /** Also claim items polled but not acknowledged for at least this many milliseconds. */
  reclaim_older_than_ms?: number;
  /** A stable id for the polling worker, shown in stats and logs. */
  worker_id?: string;
}

/** Parameters of `environments.work.healthcheck.create`: query, header and body fields together. */
export type EnvironmentsWorkHealthcheckCreateParams = HealthcheckCreateParams;

/** Parameters of `environments.work.heartbeat`: query, header and body fields together. */
export interface EnvironmentsWorkHeartbeatParams {
  /** The `last_heartbeat` of the previous answer, or `NO_HEARTBEAT` for the first heartbeat. */
  expected_last_heartbeat: string;
  /** The lease length wanted; capped at 300 seconds. */
  desired_ttl_seconds?: number;
}

/** Parameters of `environments.work.stop`: query, header and body fields together. */
export type EnvironmentsWorkStopParams = WorkStopParams;

/** Parameters of `environments.work.fail`: query, header and body fields together. */
export type EnvironmentsWorkFailParams = WorkFailParams;

/** Parameters of `environments.work.healthcheck.result`: query, header and body fields together. */
export type EnvironmentsWorkHealthcheckResultParams = HealthcheckResultParams;

/** Parameters of `sessions.list`: query, header and body fields together. */
export interface SessionsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Creation order; `desc` (newest first) by default. A cursor keeps the order it was made with. */
  order?: "asc" | "desc";
  /** Only Sessions of this Agent. */
  agent_id?: string;
  /** Only Sessions of this Agent version (needs `agent_id`). */
  agent_version?: number;
  /** Only Sessions in one of these statuses. */
  statuses?: Array<SessionStatus>;
  /** Include archived resources. */
  include_archived?: boolean;
  /** Only Sessions that attach this Memory Store. */
  memory_store_id?: string;
  /** Filters on `created_at` (sent as `created_at[<operator>]`). */
  created_at?: { gt?: string; gte?: string; lt?: string; lte?: string };
}

/** Parameters of `sessions.create`: query, header and body fields together. */
export type SessionsCreateParams = SessionCreateParams;

/** Parameters of `sessions.update`: query, header and body fields together. */
export type SessionsUpdateParams = SessionUpdateParams;

/** Parameters of `sessions.events.list`: query, header and body fields together. */
export interface SessionsEventsListParams {
  /** Page size (events pages hold up to 1000). */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Commit order (`asc`, default) or reverse (`desc`). A cursor keeps the order it was made with. */
  order?: "asc" | "desc";
  /** Only events of these types. */
  types?: Array<string>;
  /** Filters on `created_at` (sent as `created_at[<operator>]`). */
  created_at?: { gt?: string; gte?: string; lt?: string; lte?: string };
}

/** Parameters of `sessions.events.send`: query, header and body fields together. */
export type SessionsEventsSendParams = SessionEventSendParams;

/** Parameters of `sessions.events.stream`: query, header and body fields together. */
export interface SessionsEventsStreamParams {
  /** Opt in to live previews for these event types. */
  event_deltas?: Array<"agent.message" | "agent.thinking">;
  /** Resume after this event id (SSE reconnection). */
  last_event_id?: string;
}

/** Parameters of `sessions.threads.list`: query, header and body fields together. */
export interface SessionsThreadsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Creation order (`asc`, default) or reverse (`desc`). */
  order?: "asc" | "desc";
  /** Include archived resources. */
  include_archived?: boolean;
}

/** Parameters of `sessions.threads.events.list`: query, header and body fields together. */
export interface SessionsThreadsEventsListParams {
  /** Page size (events pages hold up to 1000). */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Commit order (`asc`, default) or reverse (`desc`). */
  order?: "asc" | "desc";
  /** Only events of these types. */
  types?: Array<string>;
}

/** Parameters of `sessions.threads.stream`: query, header and body fields together. */
export interface SessionsThreadsStreamParams {
  /** Resume after this event id (SSE reconnection). */
  last_event_id?: string;
}

/** Parameters of `sessions.tool_calls.start`: query, header and body fields together. */
export type SessionsToolCallsStartParams = ToolCallStartParams;

/** Parameters of `files.list`: query, header and body fields together. */
export interface FilesListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
}

/** Parameters of `files.upload`: query, header and body fields together. */
export type FilesUploadParams = FileUploadParams;

/** Parameters of `skills.list`: query, header and body fields together. */
export interface SkillsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
}

/** Parameters of `skills.create`: query, header and body fields together. */
export type SkillsCreateParams = SkillCreateParams;

/** Parameters of `skills.versions.list`: query, header and body fields together. */
export interface SkillsVersionsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
}

/** Parameters of `skills.versions.create`: query, header and body fields together. */
export type SkillsVersionsCreateParams = SkillVersionCreateParams;

/** Parameters of `memory_stores.list`: query, header and body fields together. */
export interface MemoryStoresListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Include archived resources. */
  include_archived?: boolean;
  /** Filters on `created_at` (sent as `created_at[<operator>]`). */
  created_at?: { gte?: string; lte?: string };
}

/** Parameters of `memory_stores.create`: query, header and body fields together. */
export type MemoryStoresCreateParams = MemoryStoreCreateParams;

/** Parameters of `memory_stores.update`: query, header and body fields together. */
export type MemoryStoresUpdateParams = MemoryStoreUpdateParams;

/** Parameters of `memory_stores.memories.list`: query, header and body fields together. */
export interface MemoryStoresMemoriesListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Only memories whose path starts with this prefix. */
  path_prefix?: string;
  /** Fold paths deeper than this many segments below `path_prefix` into prefix items. */
  depth?: number;
  /** `basic` (default for lists) leaves `content` null; `full` includes it. */
  view?: "basic" | "full";
}

/** Parameters of `memory_stores.memories.create`: query, header and body fields together. */
export type MemoryStoresMemoriesCreateParams = MemoryCreateParams;

/** Parameters of `memory_stores.memories.get`: query, header and body fields together. */
export interface MemoryStoresMemoriesGetParams {
  /** `full` (default here) includes `content`; `basic` leaves it null. */
  view?: "basic" | "full";
}

/** Parameters of `memory_stores.memories.update`: query, header and body fields together. */
export type MemoryStoresMemoriesUpdateParams = MemoryUpdateParams;

/** Parameters of `memory_stores.memories.delete`: query, header and body fields together. */
export interface MemoryStoresMemoriesDeleteParams {
  /** Delete only if the current content has this SHA-256 (lower-case hex). */
  expected_content_sha256?: string;
}

/** Parameters of `memory_stores.memory_versions.list`: query, header and body fields together. */
export interface MemoryStoresMemoryVersionsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Only versions of this memory. */
  memory_id?: string;
  /** Only versions recording this operation. */
  operation?: "created" | "modified" | "deleted";
  /** Only versions written by this Session. */
  session_id?: string;
  /** Filters on `created_at` (sent as `created_at[<operator>]`). */
  created_at?: { gte?: string; lte?: string };
}

/** Parameters of `webhooks.list`: query, header and body fields together. */
export interface WebhooksListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
}

/** Parameters of `webhooks.create`: query, header and body fields together. */
export type WebhooksCreateParams = WebhookCreateParams;

/** Parameters of `webhooks.update`: query, header and body fields together. */
export type WebhooksUpdateParams = WebhookUpdateParams;

/** Parameters of `vaults.list`: query, header and body fields together. */
export interface VaultsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Include archived resources. */
  include_archived?: boolean;
}

/** Parameters of `vaults.create`: query, header and body fields together. */
export type VaultsCreateParams = VaultCreateParams;

/** Parameters of `vaults.update`: query, header and body fields together. */
export type VaultsUpdateParams = VaultUpdateParams;

/** Parameters of `vaults.credentials.list`: query, header and body fields together. */
export interface VaultsCredentialsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
}

/** Parameters of `vaults.credentials.create`: query, header and body fields together. */
export type VaultsCredentialsCreateParams = VaultCredentialCreateParams;

/** Parameters of `vaults.credentials.update`: query, header and body fields together. */
export type VaultsCredentialsUpdateParams = VaultCredentialUpdateParams;

/** Parameters of `deployments.list`: query, header and body fields together. */
export interface DeploymentsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Only Deployments of this Agent. */
  agent_id?: string;
  /** Only Deployments in this status. */
  status?: DeploymentStatus;
  /** Include archived resources. */
  include_archived?: boolean;
  /** Filters on `created_at` (sent as `created_at[<operator>]`). */
  created_at?: { gte?: string; lte?: string };
}

/** Parameters of `deployments.create`: query, header and body fields together. */
export type DeploymentsCreateParams = DeploymentCreateParams;

/** Parameters of `deployments.update`: query, header and body fields together. */
export type DeploymentsUpdateParams = DeploymentUpdateParams;

/** Parameters of `deployment_runs.list`: query, header and body fields together. */
export interface DeploymentRunsListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page's `next_page` or `prev_page`. */
  page?: string;
  /** Only Runs of this Deployment. */
  deployment_id?: string;
  /** Only scheduled or only manual Runs. */
  trigger_type?: "schedule" | "manual";
  /** Only Runs with (true) or without (false) an error. */
  has_error?: boolean;
  /** Filters on `created_at` (sent as `created_at[<operator>]`). */
  created_at?: { gt?: string; gte?: string; lt?: string; lte?: string };
}
