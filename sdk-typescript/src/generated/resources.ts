// This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.

// Resource namespaces of the Mango API; the client extends `Resources`.

import type { PagePromise, RequestOptions, Stream, Transport } from "../core.js";
import type {
  Agent,
  AgentsCreateParams,
  AgentsGetParams,
  AgentsListParams,
  AgentsUpdateParams,
  AgentsVersionsListParams,
  Deployment,
  DeploymentRun,
  DeploymentRunsListParams,
  DeploymentsCreateParams,
  DeploymentsListParams,
  DeploymentsUpdateParams,
  Environment,
  EnvironmentDeleted,
  EnvironmentsCreateParams,
  EnvironmentsListParams,
  EnvironmentsUpdateParams,
  EnvironmentsWorkFailParams,
  EnvironmentsWorkHealthcheckCreateParams,
  EnvironmentsWorkHealthcheckResultParams,
  EnvironmentsWorkHeartbeatParams,
  EnvironmentsWorkListParams,
  EnvironmentsWorkPollParams,
  EnvironmentsWorkStopParams,
  File,
  FileDeleted,
  FilesListParams,
  FilesUploadParams,
  Health,
  HeartbeatResponse,
  Memory,
  MemoryDeleted,
  MemoryListItem,
  MemoryStore,
  MemoryStoreDeleted,
  MemoryStoresCreateParams,
  MemoryStoresListParams,
  MemoryStoresMemoriesCreateParams,
  MemoryStoresMemoriesDeleteParams,
  MemoryStoresMemoriesGetParams,
  MemoryStoresMemoriesListParams,
  MemoryStoresMemoriesUpdateParams,
  MemoryStoresMemoryVersionsListParams,
  MemoryStoresUpdateParams,
  MemoryVersion,
  ModelList,
  QueueStats,
  Readiness,
  Session,
  SessionDeleted,
  SessionEvent,
  SessionEventSendResult,
  SessionStreamEvent,
  SessionThread,
  SessionsCreateParams,
  SessionsEventsListParams,
  SessionsEventsSendParams,
  SessionsEventsStreamParams,
  SessionsListParams,
  SessionsThreadsEventsListParams,
  SessionsThreadsListParams,
  SessionsThreadsStreamParams,
  SessionsToolCallsStartParams,
  SessionsUpdateParams,
  Skill,
  SkillDeleted,
  SkillVersion,
  SkillVersionDeleted,
  SkillsCreateParams,
  SkillsListParams,
  SkillsVersionsCreateParams,
  SkillsVersionsListParams,
  ToolCall,
  Vault,
  VaultCredential,
  VaultCredentialDeleted,
  VaultDeleted,
  VaultsCreateParams,
  VaultsCredentialsCreateParams,
  VaultsCredentialsListParams,
  VaultsCredentialsUpdateParams,
  VaultsListParams,
  VaultsUpdateParams,
  Webhook,
  WebhookDeleted,
  WebhookWithSecret,
  WebhooksCreateParams,
  WebhooksListParams,
  WebhooksUpdateParams,
  Work,
  WorkSecrets,
} from "./types.js";

/** `client.system` */
export class System {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * Liveness.
   *
   * Answers 200 while the API process is serving. Needs no credential.
   *
   * `GET /v1/health`
   */
  health(options?: RequestOptions): Promise<Health> {
    return this._transport.request<Health>({
      method: "GET",
      path: "/v1/health",
      options,
    });
  }

  /**
   * Readiness.
   *
   * Answers 200 when the API can serve requests: PostgreSQL is reachable and its schema is at
   * the expected version. NATS and Temporal are not readiness gates (the outbox is durable).
   * Answers 503 `overloaded` otherwise. Needs no credential.
   *
   * `GET /v1/readiness`
   */
  readiness(options?: RequestOptions): Promise<Readiness> {
    return this._transport.request<Readiness>({
      method: "GET",
      path: "/v1/readiness",
      options,
    });
  }
}

/** `client.agents.versions` */
export class AgentsVersions {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List an Agent's versions.
   *
   * Lists every immutable version of the Agent, newest first.
   *
   * `GET /v1/agents/{agent_id}/versions`
   */
  list(agentId: string, params?: AgentsVersionsListParams, options?: RequestOptions): PagePromise<Agent> {
    return this._transport.request<Agent>({
      method: "GET",
      path: `/v1/agents/${encodeURIComponent(agentId)}/versions`,
      query: { limit: params?.limit, page: params?.page },
      paginated: true,
      options,
    });
  }
}

/** `client.agents` */
export class Agents {
  readonly versions: AgentsVersions;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.versions = new AgentsVersions(transport);
  }

  /**
   * List Agents.
   *
   * Lists the Workspace's Agents at their latest version, newest first. Archived Agents are left out unless `include_archived` is true.
   *
   * `GET /v1/agents`
   */
  list(params?: AgentsListParams, options?: RequestOptions): PagePromise<Agent> {
    return this._transport.request<Agent>({
      method: "GET",
      path: "/v1/agents",
      query: {
        limit: params?.limit,
        page: params?.page,
        include_archived: params?.include_archived,
        created_at: params?.created_at,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Create an Agent.
   *
   * Creates an Agent at version 1. `model` accepts a bare model id or a ModelConfig.
   *
   * `POST /v1/agents`
   */
  create(params: AgentsCreateParams, options?: RequestOptions): Promise<Agent> {
    return this._transport.request<Agent>({
      method: "POST",
      path: "/v1/agents",
      body: params,
      options,
    });
  }

  /**
   * Get an Agent.
   *
   * Returns the latest version of the Agent, or the immutable version named by `version`.
   *
   * `GET /v1/agents/{agent_id}`
   */
  get(agentId: string, params?: AgentsGetParams, options?: RequestOptions): Promise<Agent> {
    return this._transport.request<Agent>({
      method: "GET",
      path: `/v1/agents/${encodeURIComponent(agentId)}`,
      query: { version: params?.version },
      options,
    });
  }

  /**
   * Update an Agent.
   *
   * Creates a new immutable version of the Agent from the current one and the fields
   * present in the body (a present field replaces the current value; `metadata` is
   * replaced as a whole). When `version` is given it must equal the current version, else
   * 409 `conflict_error` (optimistic concurrency). An update that changes nothing returns
   * the current version without creating a new one. Running Sessions keep the snapshot they
   * were created with. Archived Agents answer 409.
   *
   * `POST /v1/agents/{agent_id}`
   */
  update(agentId: string, params: AgentsUpdateParams, options?: RequestOptions): Promise<Agent> {
    return this._transport.request<Agent>({
      method: "POST",
      path: `/v1/agents/${encodeURIComponent(agentId)}`,
      body: params,
      options,
    });
  }

  /**
   * Archive an Agent.
   *
   * Archives the Agent (terminal, read-only; no unarchive). Existing Sessions keep running on their snapshot; new Sessions cannot use it. Archiving twice returns the archived Agent.
   *
   * `POST /v1/agents/{agent_id}/archive`
   */
  archive(agentId: string, options?: RequestOptions): Promise<Agent> {
    return this._transport.request<Agent>({
      method: "POST",
      path: `/v1/agents/${encodeURIComponent(agentId)}/archive`,
      options,
    });
  }
}

/** `client.models` */
export class Models {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List the offered models.
   *
   * Lists the models this deployment offers, in the order of the operator's model catalogue
   * (`MANGO_MODELS_FILE`): the ids (and aliases) an Agent's `model` may name, each model's context
   * window and output limit, and what its endpoint can do. Capabilities are the operator's
   * declaration; anything undeclared is false. Endpoint URLs, headers and credentials are never shown.
   * Creating or updating an Agent with a model not listed here answers 400 naming the offered ones.
   *
   * `GET /v1/models`
   */
  list(options?: RequestOptions): Promise<ModelList> {
    return this._transport.request<ModelList>({
      method: "GET",
      path: "/v1/models",
      options,
    });
  }
}

/** `client.environments.work.healthcheck` */
export class EnvironmentsWorkHealthcheck {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * Enqueue a healthcheck Work item.
   *
   * Enqueues a Work item whose `data` is `{"type":"healthcheck"}`. A worker that claims it reports a bounded result with `environments.work.healthcheck.result` and stops it; the result is immutable once recorded. Use it to prove a worker fleet is polling and can reach the API.
   *
   * `POST /v1/environments/{environment_id}/work/healthcheck`
   */
  create(environmentId: string, params?: EnvironmentsWorkHealthcheckCreateParams, options?: RequestOptions): Promise<Work> {
    return this._transport.request<Work>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/healthcheck`,
      body: params,
      options,
    });
  }

  /**
   * Report a healthcheck result.
   *
   * Records the bounded result of a healthcheck Work item and stops it. The result is immutable; a second report answers 409. Non-healthcheck items answer 400.
   *
   * `POST /v1/environments/{environment_id}/work/{work_id}/healthcheck_result`
   */
  result(environmentId: string, workId: string, params: EnvironmentsWorkHealthcheckResultParams, options?: RequestOptions): Promise<Work> {
    return this._transport.request<Work>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/${encodeURIComponent(workId)}/healthcheck_result`,
      body: params,
      options,
    });
  }
}

/** `client.environments.work` */
export class EnvironmentsWork {
  readonly healthcheck: EnvironmentsWorkHealthcheck;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.healthcheck = new EnvironmentsWorkHealthcheck(transport);
  }

  /**
   * List Work items.
   *
   * Lists the Environment's Work items, newest first, optionally filtered by state. `secret` is always null here.
   *
   * `GET /v1/environments/{environment_id}/work`
   */
  list(environmentId: string, params?: EnvironmentsWorkListParams, options?: RequestOptions): PagePromise<Work> {
    return this._transport.request<Work>({
      method: "GET",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work`,
      query: { limit: params?.limit, page: params?.page, "states[]": params?.states },
      paginated: true,
      options,
    });
  }

  /**
   * Poll for Work.
   *
   * Claims the next queued Work item, tentatively: the claim lasts until Ack or until
   * `reclaim_older_than_ms` passes, after which another poller may reclaim it. Waits up
   * to `block_ms` for an item; answers 204 with no body when none arrived. The answer is
   * the only place `secret` is set: a base64url JSON document
   * `{"sessions_token": "...", "api_base_url": "..."}` carrying a fresh 256-bit session
   * token (the server stores only its SHA-256). Reclaiming an item rotates its token, so a
   * stale owner fails authentication from then on. Never log the secret.
   *
   * `GET /v1/environments/{environment_id}/work/poll`
   */
  poll(environmentId: string, params?: EnvironmentsWorkPollParams, options?: RequestOptions): Promise<Work> {
    return this._transport.request<Work>({
      method: "GET",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/poll`,
      query: {
        block_ms: params?.block_ms,
        reclaim_older_than_ms: params?.reclaim_older_than_ms,
        worker_id: params?.worker_id,
      },
      options,
    });
  }

  /**
   * Work queue statistics.
   *
   * Returns the Environment's queue depth, claimed-but-unacknowledged count, oldest queued time and the number of workers seen polling in the last 30 seconds.
   *
   * `GET /v1/environments/{environment_id}/work/stats`
   */
  stats(environmentId: string, options?: RequestOptions): Promise<QueueStats> {
    return this._transport.request<QueueStats>({
      method: "GET",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/stats`,
      options,
    });
  }

  /**
   * Get a Work item.
   *
   * Returns the Work item; `secret` is always null here.
   *
   * `GET /v1/environments/{environment_id}/work/{work_id}`
   */
  get(environmentId: string, workId: string, options?: RequestOptions): Promise<Work> {
    return this._transport.request<Work>({
      method: "GET",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/${encodeURIComponent(workId)}`,
      options,
    });
  }

  /**
   * Acknowledge a claimed Work item.
   *
   * Confirms a Poll claim. The item leaves the queue and moves `queued` -> `starting`. Acknowledging an item whose claim was reclaimed by another poller answers 409. Acknowledging twice from the same claim returns the item.
   *
   * `POST /v1/environments/{environment_id}/work/{work_id}/ack`
   */
  ack(environmentId: string, workId: string, options?: RequestOptions): Promise<Work> {
    return this._transport.request<Work>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/${encodeURIComponent(workId)}/ack`,
      options,
    });
  }

  /**
   * Renew a Work lease.
   *
   * Conditionally renews the lease on the item. The item runner must heartbeat before it
   * runs any tool; the first heartbeat passes `expected_last_heartbeat=NO_HEARTBEAT`, every
   * later one echoes the `last_heartbeat` of the previous answer. A mismatch means another
   * owner holds the lease: 412 `precondition_failed` with `error.details.current_state`
   * (`{state, ttl_seconds, last_heartbeat}`). The lease TTL is capped at 300 seconds. When
   * the answer's `state` is `stopping` or `stopped`, or `lease_extended` is false, the
   * runner must stop executing. A runner that gets no successful heartbeat for longer than
   * the TTL must assume the lease is lost, cancel execution and skip Stop. A spawned item
   * runner may assume the lease stays valid for `ttl_seconds` after its first successful
   * heartbeat, and not before it.
   *
   * `POST /v1/environments/{environment_id}/work/{work_id}/heartbeat`
   */
  heartbeat(environmentId: string, workId: string, params: EnvironmentsWorkHeartbeatParams, options?: RequestOptions): Promise<HeartbeatResponse> {
    return this._transport.request<HeartbeatResponse>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/${encodeURIComponent(workId)}/heartbeat`,
      query: {
        expected_last_heartbeat: params.expected_last_heartbeat,
        desired_ttl_seconds: params.desired_ttl_seconds,
      },
      options,
    });
  }

  /**
   * Stop a Work item.
   *
   * Asks the item to stop (`stopping`), or stops it at once with `force` (`stopped`). The item runner calls it with `force` when it is done; the control plane may call it to drain. An item already stopped answers 409.
   *
   * `POST /v1/environments/{environment_id}/work/{work_id}/stop`
   */
  stop(environmentId: string, workId: string, params?: EnvironmentsWorkStopParams, options?: RequestOptions): Promise<Work> {
    return this._transport.request<Work>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/${encodeURIComponent(workId)}/stop`,
      body: params,
      options,
    });
  }

  /**
   * Fail a Work item (Mango).
   *
   * Reports a terminal input failure for the item's Session (for example a Skill archive
   * or Memory Store that cannot be prepared). In one transaction the item is stopped, a
   * `session.error` event with `error.type` `session_input_failed_error` and
   * `retry_status.type` `terminal` is appended and the Session is terminated. An item
   * already stopped answers 409.
   *
   * `POST /v1/environments/{environment_id}/work/{work_id}/fail`
   */
  fail(environmentId: string, workId: string, params: EnvironmentsWorkFailParams, options?: RequestOptions): Promise<Work> {
    return this._transport.request<Work>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/${encodeURIComponent(workId)}/fail`,
      body: params,
      options,
    });
  }

  /**
   * Read the environment_variable secrets of a leased Session Work item (Mango).
   *
   * The `environment_variable` credentials of the item's Session (its `vault_ids`, in order;
   * archived vaults and erased credentials are skipped; for a repeated `secret_name` the first
   * vault wins), with their secret values, for the worker's egress proxy to substitute into
   * tool code's outbound requests. The only answer that carries a credential's secret value.
   * Fenced by the Work lease: the item must be a Session item that was acknowledged and is
   * `starting` or `active` with its lease unexpired (409 otherwise). A session token cannot
   * call it (the tool container holds that token); the worker's Environment key can. A read
   * (`GET`): no Idempotency-Key applies, so the answer is never stored for a replay.
   *
   * `GET /v1/environments/{environment_id}/work/{work_id}/secrets`
   */
  secrets(environmentId: string, workId: string, options?: RequestOptions): Promise<WorkSecrets> {
    return this._transport.request<WorkSecrets>({
      method: "GET",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/work/${encodeURIComponent(workId)}/secrets`,
      options,
    });
  }
}

/** `client.environments` */
export class Environments {
  readonly work: EnvironmentsWork;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.work = new EnvironmentsWork(transport);
  }

  /**
   * List Environments.
   *
   * Lists the Workspace's Environments, newest first. Archived ones are left out unless `include_archived` is true.
   *
   * `GET /v1/environments`
   */
  list(params?: EnvironmentsListParams, options?: RequestOptions): PagePromise<Environment> {
    return this._transport.request<Environment>({
      method: "GET",
      path: "/v1/environments",
      query: { limit: params?.limit, page: params?.page, include_archived: params?.include_archived },
      paginated: true,
      options,
    });
  }

  /**
   * Create an Environment.
   *
   * Creates an Environment. `config` defaults to `{"type":"self_hosted"}`. The name is unique among the Workspace's Environments (409 `conflict_error`). Environment keys are created by the operator CLI (`mango environment-key create`), not through this API.
   *
   * `POST /v1/environments`
   */
  create(params: EnvironmentsCreateParams, options?: RequestOptions): Promise<Environment> {
    return this._transport.request<Environment>({
      method: "POST",
      path: "/v1/environments",
      body: params,
      options,
    });
  }

  /**
   * Get an Environment.
   *
   * Returns the Environment.
   *
   * `GET /v1/environments/{environment_id}`
   */
  get(environmentId: string, options?: RequestOptions): Promise<Environment> {
    return this._transport.request<Environment>({
      method: "GET",
      path: `/v1/environments/${encodeURIComponent(environmentId)}`,
      options,
    });
  }

  /**
   * Update an Environment.
   *
   * Updates the fields present in the body. Changes apply to Work enqueued afterwards. A name already used in the Workspace answers 409; an archived Environment answers 409.
   *
   * `POST /v1/environments/{environment_id}`
   */
  update(environmentId: string, params: EnvironmentsUpdateParams, options?: RequestOptions): Promise<Environment> {
    return this._transport.request<Environment>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}`,
      body: params,
      options,
    });
  }

  /**
   * Delete an Environment.
   *
   * Deletes the Environment and its Environment keys. Answers 409 while a non-terminated Session still targets it.
   *
   * `DELETE /v1/environments/{environment_id}`
   */
  delete(environmentId: string, options?: RequestOptions): Promise<EnvironmentDeleted> {
    return this._transport.request<EnvironmentDeleted>({
      method: "DELETE",
      path: `/v1/environments/${encodeURIComponent(environmentId)}`,
      options,
    });
  }

  /**
   * Archive an Environment.
   *
   * Archives the Environment (terminal, read-only). New Sessions cannot target it; queued Work is left to drain.
   *
   * `POST /v1/environments/{environment_id}/archive`
   */
  archive(environmentId: string, options?: RequestOptions): Promise<Environment> {
    return this._transport.request<Environment>({
      method: "POST",
      path: `/v1/environments/${encodeURIComponent(environmentId)}/archive`,
      options,
    });
  }
}

/** `client.sessions.events` */
export class SessionsEvents {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List a Session's events.
   *
   * Lists the Session's persisted events in commit order (`asc`, the default) or reverse. A plain GET, never a long poll. Stream-only previews (`event_start`, `event_delta`) are never listed.
   *
   * `GET /v1/sessions/{session_id}/events`
   */
  list(sessionId: string, params?: SessionsEventsListParams, options?: RequestOptions): PagePromise<SessionEvent> {
    return this._transport.request<SessionEvent>({
      method: "GET",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/events`,
      query: {
        limit: params?.limit,
        page: params?.page,
        order: params?.order,
        "types[]": params?.types,
        created_at: params?.created_at,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Send events to a Session.
   *
   * Appends client events atomically (all or none) and echoes them with their ids and
   * `processed_at: null`; each is seen again on the stream once processed. `user.message`
   * is queued FIFO and may be sent while the Session runs; `user.interrupt` jumps the
   * queue. Results and confirmations are idempotent by tool-use id: a duplicate answers
   * 409 and is never re-executed. When the Session is idle with `requires_action`, each
   * result of the barrier (`stop_reason.event_ids`) is claimed durably without waking the
   * model; the one that completes the barrier resumes the turn exactly once, and a partial
   * resolution re-emits `session.status_idle` with the remaining ids. `user.interrupt` ends
   * a running turn; sent while the Session is idle with `requires_action`, it keeps the
   * barrier (its calls stay pending and `session.status_idle` is re-emitted with them) and
   * only flushes queued messages. A session token may send only `user.tool_result` and
   * `user.custom_tool_result` (403 otherwise), and only while its Work lease holds (401).
   *
   * `POST /v1/sessions/{session_id}/events`
   */
  send(sessionId: string, params: SessionsEventsSendParams, options?: RequestOptions): Promise<SessionEventSendResult> {
    return this._transport.request<SessionEventSendResult>({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/events`,
      body: params,
      options,
    });
  }

  /**
   * Stream a Session's events (SSE).
   *
   * A long-lived `text/event-stream` of the Session's events as they commit. Framing, one
   * message per event:
   *
   *     id: sevt_...
   *     event: agent.message
   *     data: {"type":"agent.message","id":"sevt_...",...}
   *
   * - `id:` is the event's public id and `event:` its type; `data:` is one JSON
   *   `SessionStreamEvent` on a single line.
   * - `event: ping` with `data: {"type":"ping"}` and no `id:` is sent periodically (every 15
   *   seconds by default); clients ignore it.
   * - `event: error` carries an `ErrorEnvelope` and ends the stream.
   * - `session.deleted` ends the stream.
   * - Resume: reconnect with `Last-Event-ID: <last id seen>`; the server replays every
   *   persisted event committed after it, then continues live, without gaps or
   *   duplicates. Without the header the stream starts at the connection time; open the
   *   stream first, then list history, and dedupe by `id`.
   * - Previews: with `event_deltas[]` the stream also carries `event_start` and
   *   `event_delta` messages (no `id:` line) for in-progress `agent.message` /
   *   `agent.thinking` events. They are best effort, never persisted, never replayed; the
   *   persisted event with the same id supersedes them.
   * - Decoders must pass unknown event types through untouched.
   * - Limits: one credential holds at most `MANGO_SSE_MAX_STREAMS_PER_KEY` open streams per
   *   api process (429 `rate_limit_error` beyond). A stream ends without an error event when
   *   the api shuts down; reconnect with `Last-Event-ID`.
   *
   * `GET /v1/sessions/{session_id}/events/stream`
   */
  stream(sessionId: string, params?: SessionsEventsStreamParams, options?: RequestOptions): Stream<SessionStreamEvent> {
    return this._transport.request<SessionStreamEvent>({
      method: "GET",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/events/stream`,
      query: { "event_deltas[]": params?.event_deltas },
      headers: { "Last-Event-ID": params?.last_event_id },
      stream: true,
      options,
    });
  }
}

/** `client.sessions.threads.events` */
export class SessionsThreadsEvents {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List a Thread's events.
   *
   * Lists the Thread's own ledger in commit order (`asc`, the default) or reverse. The primary Thread's ledger is the Session's history (`sessions.events.list`), including cross-posts from children. Sequence order is Session-wide.
   *
   * `GET /v1/sessions/{session_id}/threads/{thread_id}/events`
   */
  list(sessionId: string, threadId: string, params?: SessionsThreadsEventsListParams, options?: RequestOptions): PagePromise<SessionEvent> {
    return this._transport.request<SessionEvent>({
      method: "GET",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/threads/${encodeURIComponent(threadId)}/events`,
      query: { limit: params?.limit, page: params?.page, order: params?.order, "types[]": params?.types },
      paginated: true,
      options,
    });
  }
}

/** `client.sessions.threads` */
export class SessionsThreads {
  readonly events: SessionsThreadsEvents;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.events = new SessionsThreadsEvents(transport);
  }

  /**
   * List a Session's Threads.
   *
   * Lists the Session's Threads, oldest first by default; the primary Thread (`parent_thread_id` null) is always included. Archived child Threads are listed only with `include_archived=true`.
   *
   * `GET /v1/sessions/{session_id}/threads`
   */
  list(sessionId: string, params?: SessionsThreadsListParams, options?: RequestOptions): PagePromise<SessionThread> {
    return this._transport.request<SessionThread>({
      method: "GET",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/threads`,
      query: {
        limit: params?.limit,
        page: params?.page,
        order: params?.order,
        include_archived: params?.include_archived,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Get a Thread.
   *
   * Returns one Thread of the Session with its status, Agent snapshot and usage.
   *
   * `GET /v1/sessions/{session_id}/threads/{thread_id}`
   */
  get(sessionId: string, threadId: string, options?: RequestOptions): Promise<SessionThread> {
    return this._transport.request<SessionThread>({
      method: "GET",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/threads/${encodeURIComponent(threadId)}`,
      options,
    });
  }

  /**
   * Archive a child Thread.
   *
   * Archives a child Thread (terminal; status becomes `terminated`) and stops its work; a pending wakeup of the Thread becomes a termination in the same transaction. Idempotent. The primary Thread cannot be archived (409; archive the Session instead).
   *
   * `POST /v1/sessions/{session_id}/threads/{thread_id}/archive`
   */
  archive(sessionId: string, threadId: string, options?: RequestOptions): Promise<SessionThread> {
    return this._transport.request<SessionThread>({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/threads/${encodeURIComponent(threadId)}/archive`,
      options,
    });
  }

  /**
   * Stream a Thread's events (SSE).
   *
   * A long-lived `text/event-stream` of one Thread's ledger as it commits, framed exactly
   * like `sessions.events.stream` (`id:` is the event id, `event: ping` keep-alives,
   * `event: error` ends the stream, `session.deleted` ends it). Resume with
   * `Last-Event-ID: <last id seen>`: every event of the Thread committed after it is
   * replayed, then the stream continues live. Without the header the stream starts at
   * the connection time. Previews are not offered on Thread streams.
   *
   * `GET /v1/sessions/{session_id}/threads/{thread_id}/stream`
   */
  stream(sessionId: string, threadId: string, params?: SessionsThreadsStreamParams, options?: RequestOptions): Stream<SessionStreamEvent> {
    return this._transport.request<SessionStreamEvent>({
      method: "GET",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/threads/${encodeURIComponent(threadId)}/stream`,
      headers: { "Last-Event-ID": params?.last_event_id },
      stream: true,
      options,
    });
  }
}

/** `client.sessions.tool_calls` */
export class SessionsToolCalls {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * Record that a worker starts a tool call.
   *
   * The operation journal of worker-run built-in calls (`prepared -> started -> completed |
   * ambiguous`): a worker records `started` here before it runs a call that can change
   * anything (`bash`, `write`, `edit`), and runs it only when the answer's `state` is
   * `started`. The start is a conditional update under the call's lock: a call is started
   * at most once, and every later start of it answers 409 `conflict_error` (already started,
   * already answered, or waiting for a `user.tool_confirmation`); it must not be run. A
   * session token's start is fenced by its Work lease in the same transaction (401 once the
   * lease is lost or reclaimed). When the call was started under an earlier lease (the worker
   * that started it was reclaimed or stopped without a result), the answer is `200` with
   * `state: ambiguous`: Mango has answered it for the model with an `agent.tool_result`
   * (`outcome: ambiguous`, `is_error: true`) in the same transaction, and it is never run
   * again. Mango also answers such calls at the first heartbeat of the next lease, before
   * any of its calls can start. The `user.tool_result` of a started call completes it.
   * A retry with the same `Idempotency-Key` replays the first answer. Name the call as
   * the Session stream shows it (`session_thread_id` for a child Thread's call, like
   * `user.tool_result`).
   *
   * `POST /v1/sessions/{session_id}/tool_calls/{tool_use_id}/start`
   */
  start(sessionId: string, toolUseId: string, params?: SessionsToolCallsStartParams, options?: RequestOptions): Promise<ToolCall> {
    return this._transport.request<ToolCall>({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/tool_calls/${encodeURIComponent(toolUseId)}/start`,
      body: params,
      options,
    });
  }
}

/** `client.sessions` */
export class Sessions {
  readonly events: SessionsEvents;
  readonly threads: SessionsThreads;
  readonly tool_calls: SessionsToolCalls;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.events = new SessionsEvents(transport);
    this.threads = new SessionsThreads(transport);
    this.tool_calls = new SessionsToolCalls(transport);
  }

  /**
   * List Sessions.
   *
   * Lists Sessions, newest first by default. The cursor is bidirectional (`next_page` and `prev_page`) and encodes `order`; changing `order` with a cursor answers 400.
   *
   * `GET /v1/sessions`
   */
  list(params?: SessionsListParams, options?: RequestOptions): PagePromise<Session> {
    return this._transport.request<Session>({
      method: "GET",
      path: "/v1/sessions",
      query: {
        limit: params?.limit,
        page: params?.page,
        order: params?.order,
        agent_id: params?.agent_id,
        agent_version: params?.agent_version,
        "statuses[]": params?.statuses,
        include_archived: params?.include_archived,
        memory_store_id: params?.memory_store_id,
        created_at: params?.created_at,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Create a Session.
   *
   * Creates a Session from a snapshot of the Agent (`agent` is an Agent id for its latest
   * version, or `{type:"agent", id, version}`), targeting a self-hosted Environment. The
   * Session starts `idle`; `initial_events` (`user.message`, `user.define_outcome`) are accepted atomically
   * with the creation and start the first turn. `resources` attach Memory Stores.
   *
   * `POST /v1/sessions`
   */
  create(params: SessionsCreateParams, options?: RequestOptions): Promise<Session> {
    return this._transport.request<Session>({
      method: "POST",
      path: "/v1/sessions",
      body: params,
      options,
    });
  }

  /**
   * Get a Session.
   *
   * Returns the Session. A session token may read only its own Session.
   *
   * `GET /v1/sessions/{session_id}`
   */
  get(sessionId: string, options?: RequestOptions): Promise<Session> {
    return this._transport.request<Session>({
      method: "GET",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}`,
      options,
    });
  }

  /**
   * Update a Session.
   *
   * Updates `title` and merges `metadata` (a null value deletes the key). Emits `session.updated`. Archived Sessions answer 409.
   *
   * `POST /v1/sessions/{session_id}`
   */
  update(sessionId: string, params: SessionsUpdateParams, options?: RequestOptions): Promise<Session> {
    return this._transport.request<Session>({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}`,
      body: params,
      options,
    });
  }

  /**
   * Delete a Session.
   *
   * Deletes the Session and its history through a fenced deletion: the Session is fenced
   * at once (new input answers 404, live streams receive `session.deleted` and end, its
   * Work is stopped and its session tokens stop authenticating), then its rows are removed;
   * when a worker ever served it, the same transaction queues a `session_teardown` Work item
   * (`SessionTeardownWorkData`) that asks a worker to remove its workspace.
   * Answers 409 while the Session is `running`; interrupt it first.
   *
   * `DELETE /v1/sessions/{session_id}`
   */
  delete(sessionId: string, options?: RequestOptions): Promise<SessionDeleted> {
    return this._transport.request<SessionDeleted>({
      method: "DELETE",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}`,
      options,
    });
  }

  /**
   * Archive a Session.
   *
   * Archives the Session (terminal, read-only; status becomes `terminated`). Its history stays readable; new input answers 409.
   *
   * `POST /v1/sessions/{session_id}/archive`
   */
  archive(sessionId: string, options?: RequestOptions): Promise<Session> {
    return this._transport.request<Session>({
      method: "POST",
      path: `/v1/sessions/${encodeURIComponent(sessionId)}/archive`,
      options,
    });
  }
}

/** `client.files` */
export class Files {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List Files.
   *
   * Lists the Workspace's Files, newest first, with a bidirectional cursor.
   *
   * `GET /v1/files`
   */
  list(params?: FilesListParams, options?: RequestOptions): PagePromise<File> {
    return this._transport.request<File>({
      method: "GET",
      path: "/v1/files",
      query: { limit: params?.limit, page: params?.page },
      paginated: true,
      options,
    });
  }

  /**
   * Upload a File.
   *
   * Stores an immutable Workspace File from a multipart `file` part. Bodies over the configured size bound (default 32 MiB) answer 413 `request_too_large`.
   *
   * `POST /v1/files`
   */
  upload(params: FilesUploadParams, options?: RequestOptions): Promise<File> {
    return this._transport.request<File>({
      method: "POST",
      path: "/v1/files",
      body: params,
      multipart: true,
      options,
    });
  }

  /**
   * Get a File's metadata.
   *
   * Returns the File's metadata.
   *
   * `GET /v1/files/{file_id}`
   */
  get(fileId: string, options?: RequestOptions): Promise<File> {
    return this._transport.request<File>({
      method: "GET",
      path: `/v1/files/${encodeURIComponent(fileId)}`,
      options,
    });
  }

  /**
   * Delete a File.
   *
   * Deletes the File. Events that referenced it keep their snapshot (a UTF-8 File used as a document source is snapshotted at admission). A File generated by a Session's MCP tool call (a large result) is pinned while that Session exists, so its deletion answers 409 `conflict_error`; deleting the Session releases the pin.
   *
   * `DELETE /v1/files/{file_id}`
   */
  delete(fileId: string, options?: RequestOptions): Promise<FileDeleted> {
    return this._transport.request<FileDeleted>({
      method: "DELETE",
      path: `/v1/files/${encodeURIComponent(fileId)}`,
      options,
    });
  }

  /**
   * Download a File's bytes.
   *
   * Returns the File's bytes exactly as uploaded, with `content-type` `application/octet-stream`. A session token may download only the Files its Session generated (large MCP results, `agent.mcp_tool_result.file_id`); any other File answers 404.
   *
   * `GET /v1/files/{file_id}/content`
   */
  content(fileId: string, options?: RequestOptions): Promise<Response> {
    return this._transport.request({
      method: "GET",
      path: `/v1/files/${encodeURIComponent(fileId)}/content`,
      binary: true,
      options,
    });
  }
}

/** `client.skills.versions` */
export class SkillsVersions {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List a Skill's versions.
   *
   * Lists the Skill's versions, newest first.
   *
   * `GET /v1/skills/{skill_id}/versions`
   */
  list(skillId: string, params?: SkillsVersionsListParams, options?: RequestOptions): PagePromise<SkillVersion> {
    return this._transport.request<SkillVersion>({
      method: "GET",
      path: `/v1/skills/${encodeURIComponent(skillId)}/versions`,
      query: { limit: params?.limit, page: params?.page },
      paginated: true,
      options,
    });
  }

  /**
   * Create a Skill version.
   *
   * Adds an immutable version from a multipart zip archive (same rules as `skills.create`, `files[]` parts included) and makes it the Skill's `latest_version`.
   *
   * `POST /v1/skills/{skill_id}/versions`
   */
  create(skillId: string, params: SkillsVersionsCreateParams, options?: RequestOptions): Promise<SkillVersion> {
    return this._transport.request<SkillVersion>({
      method: "POST",
      path: `/v1/skills/${encodeURIComponent(skillId)}/versions`,
      body: params,
      multipart: true,
      options,
    });
  }

  /**
   * Get a Skill version.
   *
   * Returns one version. The alias `latest` is rejected here (400); read `latest_version` from the Skill. A session token may read the versions its Session pins.
   *
   * `GET /v1/skills/{skill_id}/versions/{version}`
   */
  get(skillId: string, version: string, options?: RequestOptions): Promise<SkillVersion> {
    return this._transport.request<SkillVersion>({
      method: "GET",
      path: `/v1/skills/${encodeURIComponent(skillId)}/versions/${encodeURIComponent(version)}`,
      options,
    });
  }

  /**
   * Delete a Skill version.
   *
   * Deletes one version. Deleting the only version answers 409 (delete the Skill instead); Sessions keep versions they pinned.
   *
   * `DELETE /v1/skills/{skill_id}/versions/{version}`
   */
  delete(skillId: string, version: string, options?: RequestOptions): Promise<SkillVersionDeleted> {
    return this._transport.request<SkillVersionDeleted>({
      method: "DELETE",
      path: `/v1/skills/${encodeURIComponent(skillId)}/versions/${encodeURIComponent(version)}`,
      options,
    });
  }

  /**
   * Download a Skill version's archive.
   *
   * Returns the immutable zip archive of the version; its SHA-256 equals `archive_sha256`. Workers extract it safely (no links, no special files, no paths outside the folder). A session token may download the versions its Session pins.
   *
   * `GET /v1/skills/{skill_id}/versions/{version}/content`
   */
  content(skillId: string, version: string, options?: RequestOptions): Promise<Response> {
    return this._transport.request({
      method: "GET",
      path: `/v1/skills/${encodeURIComponent(skillId)}/versions/${encodeURIComponent(version)}/content`,
      binary: true,
      options,
    });
  }
}

/** `client.skills` */
export class Skills {
  readonly versions: SkillsVersions;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.versions = new SkillsVersions(transport);
  }

  /**
   * List Skills.
   *
   * Lists the Workspace's Skills, newest first.
   *
   * `GET /v1/skills`
   */
  list(params?: SkillsListParams, options?: RequestOptions): PagePromise<Skill> {
    return this._transport.request<Skill>({
      method: "GET",
      path: "/v1/skills",
      query: { limit: params?.limit, page: params?.page },
      paginated: true,
      options,
    });
  }

  /**
   * Create a Skill.
   *
   * Creates a Skill and its first version from a multipart `file` part holding a zip archive with exactly one top-level folder that contains `SKILL.md` (its front matter gives `name` and `description`). Unsafe members (absolute paths, `..`, links, special files) answer 400; archives over the size bound answer 413. The managed-agents clients' form is accepted too, with one `files[]` part per file (its filename is the path under the top-level folder) instead of `file`, and `display_name` for `display_title`.
   *
   * `POST /v1/skills`
   */
  create(params: SkillsCreateParams, options?: RequestOptions): Promise<Skill> {
    return this._transport.request<Skill>({
      method: "POST",
      path: "/v1/skills",
      body: params,
      multipart: true,
      options,
    });
  }

  /**
   * Get a Skill.
   *
   * Returns the Skill; `latest_version` is always a concrete version. A session token may read Skills its Session pins.
   *
   * `GET /v1/skills/{skill_id}`
   */
  get(skillId: string, options?: RequestOptions): Promise<Skill> {
    return this._transport.request<Skill>({
      method: "GET",
      path: `/v1/skills/${encodeURIComponent(skillId)}`,
      options,
    });
  }

  /**
   * Delete a Skill.
   *
   * Deletes the Skill and all its versions. Agents that reference it answer 409 until they drop the reference; Sessions keep the versions they pinned.
   *
   * `DELETE /v1/skills/{skill_id}`
   */
  delete(skillId: string, options?: RequestOptions): Promise<SkillDeleted> {
    return this._transport.request<SkillDeleted>({
      method: "DELETE",
      path: `/v1/skills/${encodeURIComponent(skillId)}`,
      options,
    });
  }
}

/** `client.memory_stores.memories` */
export class MemoryStoresMemories {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List memories.
   *
   * Lists the store's memories ordered by path. With `depth`, paths deeper than `depth` segments below `path_prefix` are folded into `memory_prefix` items. `view=basic` (default) leaves `content` null; `view=full` includes it. A session token may list stores its Session attaches.
   *
   * `GET /v1/memory_stores/{memory_store_id}/memories`
   */
  list(memoryStoreId: string, params?: MemoryStoresMemoriesListParams, options?: RequestOptions): PagePromise<MemoryListItem> {
    return this._transport.request<MemoryListItem>({
      method: "GET",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memories`,
      query: {
        limit: params?.limit,
        page: params?.page,
        path_prefix: params?.path_prefix,
        depth: params?.depth,
        view: params?.view,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Create a memory.
   *
   * Creates a memory at `path` and records a `created` memory version. An occupied path answers 409 with `error.type` `memory_path_conflict_error` and `error.details` `{conflicting_memory_id, conflicting_path}`. A session token may write only stores its Session attaches `read_write` (403 otherwise).
   *
   * `POST /v1/memory_stores/{memory_store_id}/memories`
   */
  create(memoryStoreId: string, params: MemoryStoresMemoriesCreateParams, options?: RequestOptions): Promise<Memory> {
    return this._transport.request<Memory>({
      method: "POST",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memories`,
      body: params,
      options,
    });
  }

  /**
   * Get a memory.
   *
   * Returns the memory; `view` defaults to `full` here.
   *
   * `GET /v1/memory_stores/{memory_store_id}/memories/{memory_id}`
   */
  get(memoryStoreId: string, memoryId: string, params?: MemoryStoresMemoriesGetParams, options?: RequestOptions): Promise<Memory> {
    return this._transport.request<Memory>({
      method: "GET",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memories/${encodeURIComponent(memoryId)}`,
      query: { view: params?.view },
      options,
    });
  }

  /**
   * Update a memory.
   *
   * Changes the content and/or path (rename) and records a `modified` memory version. With `precondition` the current `content_sha256` must match, else 409 `memory_precondition_failed_error`. A rename onto an occupied path answers 409 `memory_path_conflict_error`.
   *
   * `POST /v1/memory_stores/{memory_store_id}/memories/{memory_id}`
   */
  update(memoryStoreId: string, memoryId: string, params: MemoryStoresMemoriesUpdateParams, options?: RequestOptions): Promise<Memory> {
    return this._transport.request<Memory>({
      method: "POST",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memories/${encodeURIComponent(memoryId)}`,
      body: params,
      options,
    });
  }

  /**
   * Delete a memory.
   *
   * Deletes the memory and records a `deleted` memory version. With `expected_content_sha256` the current content must match, else 409 `memory_precondition_failed_error`.
   *
   * `DELETE /v1/memory_stores/{memory_store_id}/memories/{memory_id}`
   */
  delete(memoryStoreId: string, memoryId: string, params?: MemoryStoresMemoriesDeleteParams, options?: RequestOptions): Promise<MemoryDeleted> {
    return this._transport.request<MemoryDeleted>({
      method: "DELETE",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memories/${encodeURIComponent(memoryId)}`,
      query: { expected_content_sha256: params?.expected_content_sha256 },
      options,
    });
  }
}

/** `client.memory_stores.memory_versions` */
export class MemoryStoresMemoryVersions {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List memory versions.
   *
   * Lists the store's memory versions, newest first.
   *
   * `GET /v1/memory_stores/{memory_store_id}/memory_versions`
   */
  list(memoryStoreId: string, params?: MemoryStoresMemoryVersionsListParams, options?: RequestOptions): PagePromise<MemoryVersion> {
    return this._transport.request<MemoryVersion>({
      method: "GET",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memory_versions`,
      query: {
        limit: params?.limit,
        page: params?.page,
        memory_id: params?.memory_id,
        operation: params?.operation,
        session_id: params?.session_id,
        created_at: params?.created_at,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Get a memory version.
   *
   * Returns one memory version.
   *
   * `GET /v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}`
   */
  get(memoryStoreId: string, memoryVersionId: string, options?: RequestOptions): Promise<MemoryVersion> {
    return this._transport.request<MemoryVersion>({
      method: "GET",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memory_versions/${encodeURIComponent(memoryVersionId)}`,
      options,
    });
  }

  /**
   * Redact a memory version.
   *
   * Clears the version's `content`, `content_sha256`, `content_size_bytes` and `path`, keeping the actor and timestamps, and sets `redacted_at`. Redacting the version that holds a memory's current content answers 409. Redacting twice returns the redacted version.
   *
   * `POST /v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}/redact`
   */
  redact(memoryStoreId: string, memoryVersionId: string, options?: RequestOptions): Promise<MemoryVersion> {
    return this._transport.request<MemoryVersion>({
      method: "POST",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/memory_versions/${encodeURIComponent(memoryVersionId)}/redact`,
      options,
    });
  }
}

/** `client.memory_stores` */
export class MemoryStores {
  readonly memories: MemoryStoresMemories;
  readonly memory_versions: MemoryStoresMemoryVersions;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.memories = new MemoryStoresMemories(transport);
    this.memory_versions = new MemoryStoresMemoryVersions(transport);
  }

  /**
   * List Memory Stores.
   *
   * Lists the Workspace's Memory Stores, newest first. Archived ones are left out unless `include_archived` is true.
   *
   * `GET /v1/memory_stores`
   */
  list(params?: MemoryStoresListParams, options?: RequestOptions): PagePromise<MemoryStore> {
    return this._transport.request<MemoryStore>({
      method: "GET",
      path: "/v1/memory_stores",
      query: {
        limit: params?.limit,
        page: params?.page,
        include_archived: params?.include_archived,
        created_at: params?.created_at,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Create a Memory Store.
   *
   * Creates an empty Memory Store. Its `description` is shown to agents of Sessions that attach it.
   *
   * `POST /v1/memory_stores`
   */
  create(params: MemoryStoresCreateParams, options?: RequestOptions): Promise<MemoryStore> {
    return this._transport.request<MemoryStore>({
      method: "POST",
      path: "/v1/memory_stores",
      body: params,
      options,
    });
  }

  /**
   * Get a Memory Store.
   *
   * Returns the Memory Store. A session token may read the stores its Session attaches.
   *
   * `GET /v1/memory_stores/{memory_store_id}`
   */
  get(memoryStoreId: string, options?: RequestOptions): Promise<MemoryStore> {
    return this._transport.request<MemoryStore>({
      method: "GET",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}`,
      options,
    });
  }

  /**
   * Update a Memory Store.
   *
   * Updates the fields present in the body. Archived stores answer 409.
   *
   * `POST /v1/memory_stores/{memory_store_id}`
   */
  update(memoryStoreId: string, params: MemoryStoresUpdateParams, options?: RequestOptions): Promise<MemoryStore> {
    return this._transport.request<MemoryStore>({
      method: "POST",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}`,
      body: params,
      options,
    });
  }

  /**
   * Delete a Memory Store.
   *
   * Deletes the store with its memories and versions. Answers 409 while a non-terminated Session attaches it.
   *
   * `DELETE /v1/memory_stores/{memory_store_id}`
   */
  delete(memoryStoreId: string, options?: RequestOptions): Promise<MemoryStoreDeleted> {
    return this._transport.request<MemoryStoreDeleted>({
      method: "DELETE",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}`,
      options,
    });
  }

  /**
   * Archive a Memory Store.
   *
   * Archives the store (terminal, read-only). New Sessions cannot attach it; memory writes answer 409.
   *
   * `POST /v1/memory_stores/{memory_store_id}/archive`
   */
  archive(memoryStoreId: string, options?: RequestOptions): Promise<MemoryStore> {
    return this._transport.request<MemoryStore>({
      method: "POST",
      path: `/v1/memory_stores/${encodeURIComponent(memoryStoreId)}/archive`,
      options,
    });
  }
}

/** `client.webhooks` */
export class Webhooks {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List webhook endpoints.
   *
   * Lists the Workspace's endpoints, newest first. Secrets are never listed.
   *
   * `GET /v1/webhooks`
   */
  list(params?: WebhooksListParams, options?: RequestOptions): PagePromise<Webhook> {
    return this._transport.request<Webhook>({
      method: "GET",
      path: "/v1/webhooks",
      query: { limit: params?.limit, page: params?.page },
      paginated: true,
      options,
    });
  }

  /**
   * Create a webhook endpoint.
   *
   * Registers an endpoint that receives the notification types in `event_types` from now on
   * (no backfill). The answer carries the endpoint's `whsec_` signing `secret`; it is shown
   * only here and on `webhooks.rotate_secret`, and stored encrypted with the operator keyring
   * (503 `overloaded` when the server has no keyring). The URL must be `http` or `https`
   * without credentials; its host is checked by the egress guard at every connection, and a
   * host resolving to a private address (not admitted by `MANGO_EGRESS_ALLOW`) or an answer
   * that redirects disables the endpoint with a recorded `disabled_reason`.
   *
   * `POST /v1/webhooks`
   */
  create(params: WebhooksCreateParams, options?: RequestOptions): Promise<WebhookWithSecret> {
    return this._transport.request<WebhookWithSecret>({
      method: "POST",
      path: "/v1/webhooks",
      body: params,
      options,
    });
  }

  /**
   * Get a webhook endpoint.
   *
   * Returns the endpoint (never its secret), with `disabled_reason` when the server disabled it.
   *
   * `GET /v1/webhooks/{webhook_id}`
   */
  get(webhookId: string, options?: RequestOptions): Promise<Webhook> {
    return this._transport.request<Webhook>({
      method: "GET",
      path: `/v1/webhooks/${encodeURIComponent(webhookId)}`,
      options,
    });
  }

  /**
   * Update a webhook endpoint.
   *
   * Updates the fields present in the body. Setting `enabled` to false drops the endpoint's
   * queued deliveries; setting it to true clears `disabled_reason` and delivers notifications
   * recorded from then on (no backfill).
   *
   * `POST /v1/webhooks/{webhook_id}`
   */
  update(webhookId: string, params: WebhooksUpdateParams, options?: RequestOptions): Promise<Webhook> {
    return this._transport.request<Webhook>({
      method: "POST",
      path: `/v1/webhooks/${encodeURIComponent(webhookId)}`,
      body: params,
      options,
    });
  }

  /**
   * Delete a webhook endpoint.
   *
   * Deletes the endpoint and its queued deliveries.
   *
   * `DELETE /v1/webhooks/{webhook_id}`
   */
  delete(webhookId: string, options?: RequestOptions): Promise<WebhookDeleted> {
    return this._transport.request<WebhookDeleted>({
      method: "DELETE",
      path: `/v1/webhooks/${encodeURIComponent(webhookId)}`,
      options,
    });
  }

  /**
   * Rotate a webhook endpoint's secret.
   *
   * Replaces the signing secret and returns the new one (shown only here). Every attempt sent from now on, retries of earlier notifications included, is signed with the new secret.
   *
   * `POST /v1/webhooks/{webhook_id}/rotate_secret`
   */
  rotate_secret(webhookId: string, options?: RequestOptions): Promise<WebhookWithSecret> {
    return this._transport.request<WebhookWithSecret>({
      method: "POST",
      path: `/v1/webhooks/${encodeURIComponent(webhookId)}/rotate_secret`,
      options,
    });
  }
}

/** `client.vaults.credentials` */
export class VaultsCredentials {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List a vault's credentials.
   *
   * Lists the vault's credentials, newest first. Secrets are never listed.
   *
   * `GET /v1/vaults/{vault_id}/credentials`
   */
  list(vaultId: string, params?: VaultsCredentialsListParams, options?: RequestOptions): PagePromise<VaultCredential> {
    return this._transport.request<VaultCredential>({
      method: "GET",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}/credentials`,
      query: { limit: params?.limit, page: params?.page },
      paginated: true,
      options,
    });
  }

  /**
   * Create a vault credential.
   *
   * Adds a credential to the vault: a `static_bearer` token or an `mcp_oauth` access token for
   * one MCP server URL, or an `environment_variable` secret with the hosts it may be sent to.
   * Secret fields (`token`, `access_token`, `refresh_token`, `client_secret`, `secret_value`)
   * are encrypted with the operator keyring (503 `overloaded` without one) and never returned,
   * logged or recorded in events. A vault holds at most 20 credentials; its `mcp_server_url`
   * (compared as scheme, host, port and path) or `secret_name` must be unique in the vault
   * (409). Archived vaults answer 409.
   *
   * `POST /v1/vaults/{vault_id}/credentials`
   */
  create(vaultId: string, params: VaultsCredentialsCreateParams, options?: RequestOptions): Promise<VaultCredential> {
    return this._transport.request<VaultCredential>({
      method: "POST",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}/credentials`,
      body: params,
      options,
    });
  }

  /**
   * Get a vault credential.
   *
   * Returns the credential with its settings; its secret fields only say whether they are set.
   *
   * `GET /v1/vaults/{vault_id}/credentials/{credential_id}`
   */
  get(vaultId: string, credentialId: string, options?: RequestOptions): Promise<VaultCredential> {
    return this._transport.request<VaultCredential>({
      method: "GET",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}/credentials/${encodeURIComponent(credentialId)}`,
      options,
    });
  }

  /**
   * Update a vault credential.
   *
   * Updates the fields present in the body. `auth.type` must be the credential's type (400
   * otherwise); `mcp_server_url` and `secret_name` cannot change (create another credential).
   * A secret sent here replaces the stored one; a secret left out is kept. Archived
   * credentials answer 409.
   *
   * `POST /v1/vaults/{vault_id}/credentials/{credential_id}`
   */
  update(vaultId: string, credentialId: string, params: VaultsCredentialsUpdateParams, options?: RequestOptions): Promise<VaultCredential> {
    return this._transport.request<VaultCredential>({
      method: "POST",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}/credentials/${encodeURIComponent(credentialId)}`,
      body: params,
      options,
    });
  }

  /**
   * Delete a vault credential.
   *
   * Deletes the credential and its encrypted secrets. Sessions naming the vault stop using it at their next MCP connection.
   *
   * `DELETE /v1/vaults/{vault_id}/credentials/{credential_id}`
   */
  delete(vaultId: string, credentialId: string, options?: RequestOptions): Promise<VaultCredentialDeleted> {
    return this._transport.request<VaultCredentialDeleted>({
      method: "DELETE",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}/credentials/${encodeURIComponent(credentialId)}`,
      options,
    });
  }
}

/** `client.vaults` */
export class Vaults {
  readonly credentials: VaultsCredentials;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.credentials = new VaultsCredentials(transport);
  }

  /**
   * List vaults.
   *
   * Lists the Workspace's vaults, newest first. Archived ones are left out unless `include_archived` is true.
   *
   * `GET /v1/vaults`
   */
  list(params?: VaultsListParams, options?: RequestOptions): PagePromise<Vault> {
    return this._transport.request<Vault>({
      method: "GET",
      path: "/v1/vaults",
      query: { limit: params?.limit, page: params?.page, include_archived: params?.include_archived },
      paginated: true,
      options,
    });
  }

  /**
   * Create a vault.
   *
   * Creates an empty vault: a named set of credentials (MCP server tokens, environment-variable
   * secrets) that Sessions and Deployments name in `vault_ids`. Its credentials' secret fields
   * are encrypted with the operator keyring and never returned (503 `overloaded` when adding a
   * credential to a server without a keyring).
   *
   * `POST /v1/vaults`
   */
  create(params: VaultsCreateParams, options?: RequestOptions): Promise<Vault> {
    return this._transport.request<Vault>({
      method: "POST",
      path: "/v1/vaults",
      body: params,
      options,
    });
  }

  /**
   * Get a vault.
   *
   * Returns the vault. A vault of another Workspace answers 404.
   *
   * `GET /v1/vaults/{vault_id}`
   */
  get(vaultId: string, options?: RequestOptions): Promise<Vault> {
    return this._transport.request<Vault>({
      method: "GET",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}`,
      options,
    });
  }

  /**
   * Update a vault.
   *
   * Updates the fields present in the body. Archived vaults answer 409.
   *
   * `POST /v1/vaults/{vault_id}`
   */
  update(vaultId: string, params: VaultsUpdateParams, options?: RequestOptions): Promise<Vault> {
    return this._transport.request<Vault>({
      method: "POST",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}`,
      body: params,
      options,
    });
  }

  /**
   * Delete a vault.
   *
   * Deletes the vault and its credentials. Answers 409 while a Session that is not archived or a Deployment that is not archived names it in `vault_ids`.
   *
   * `DELETE /v1/vaults/{vault_id}`
   */
  delete(vaultId: string, options?: RequestOptions): Promise<VaultDeleted> {
    return this._transport.request<VaultDeleted>({
      method: "DELETE",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}`,
      options,
    });
  }

  /**
   * Archive a vault.
   *
   * Archives the vault (terminal, read-only) and every credential in it, whose secrets are
   * erased (their `*_set` fields turn false). Its credentials are no longer used by any
   * Session; new Sessions and Deployments cannot name it (409), and a Deployment Run that
   * names it fails with `vault_archived_error` and pauses the Deployment. Idempotent.
   *
   * `POST /v1/vaults/{vault_id}/archive`
   */
  archive(vaultId: string, options?: RequestOptions): Promise<Vault> {
    return this._transport.request<Vault>({
      method: "POST",
      path: `/v1/vaults/${encodeURIComponent(vaultId)}/archive`,
      options,
    });
  }
}

/** `client.deployments` */
export class Deployments {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List Deployments.
   *
   * Lists the Workspaces Deployments, newest first. Archived ones are left out unless `include_archived` is true.
   *
   * `GET /v1/deployments`
   */
  list(params?: DeploymentsListParams, options?: RequestOptions): PagePromise<Deployment> {
    return this._transport.request<Deployment>({
      method: "GET",
      path: "/v1/deployments",
      query: {
        limit: params?.limit,
        page: params?.page,
        agent_id: params?.agent_id,
        status: params?.status,
        include_archived: params?.include_archived,
        created_at: params?.created_at,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Create a Deployment.
   *
   * Creates an active Deployment: an Agent (its latest version at each Run unless `version` is given), a self-hosted Environment, the initial events every Run sends and an optional cron `schedule` in an IANA time zone, carried out by a Temporal Schedule. The Agent and Environment must exist (400) and not be archived (409); a malformed expression or unknown time zone answers 400.
   *
   * `POST /v1/deployments`
   */
  create(params: DeploymentsCreateParams, options?: RequestOptions): Promise<Deployment> {
    return this._transport.request<Deployment>({
      method: "POST",
      path: "/v1/deployments",
      body: params,
      options,
    });
  }

  /**
   * Get a Deployment.
   *
   * Returns the Deployment, with its next fire times (`schedule.upcoming_runs_at`) as its Schedule last reported them.
   *
   * `GET /v1/deployments/{deployment_id}`
   */
  get(deploymentId: string, options?: RequestOptions): Promise<Deployment> {
    return this._transport.request<Deployment>({
      method: "GET",
      path: `/v1/deployments/${encodeURIComponent(deploymentId)}`,
      options,
    });
  }

  /**
   * Update a Deployment.
   *
   * Updates the fields present in the body; a null `schedule` removes the schedule (manual Runs only). Later Runs use the new values; the Schedule follows within seconds. An archived Deployment answers 409.
   *
   * `POST /v1/deployments/{deployment_id}`
   */
  update(deploymentId: string, params: DeploymentsUpdateParams, options?: RequestOptions): Promise<Deployment> {
    return this._transport.request<Deployment>({
      method: "POST",
      path: `/v1/deployments/${encodeURIComponent(deploymentId)}`,
      body: params,
      options,
    });
  }

  /**
   * Pause a Deployment.
   *
   * Stops scheduled Runs (`status` becomes `paused` with `paused_reason` `{type: manual}`); manual Runs still work. Idempotent; an archived Deployment answers 409.
   *
   * `POST /v1/deployments/{deployment_id}/pause`
   */
  pause(deploymentId: string, options?: RequestOptions): Promise<Deployment> {
    return this._transport.request<Deployment>({
      method: "POST",
      path: `/v1/deployments/${encodeURIComponent(deploymentId)}/pause`,
      options,
    });
  }

  /**
   * Unpause a Deployment.
   *
   * Resumes scheduled Runs from the next occurrence; occurrences missed while paused are not run. Idempotent; an archived Deployment answers 409.
   *
   * `POST /v1/deployments/{deployment_id}/unpause`
   */
  unpause(deploymentId: string, options?: RequestOptions): Promise<Deployment> {
    return this._transport.request<Deployment>({
      method: "POST",
      path: `/v1/deployments/${encodeURIComponent(deploymentId)}/unpause`,
      options,
    });
  }

  /**
   * Archive a Deployment.
   *
   * Archives the Deployment (terminal, read-only) and deletes its Schedule. Its Runs and their Sessions remain. Idempotent.
   *
   * `POST /v1/deployments/{deployment_id}/archive`
   */
  archive(deploymentId: string, options?: RequestOptions): Promise<Deployment> {
    return this._transport.request<Deployment>({
      method: "POST",
      path: `/v1/deployments/${encodeURIComponent(deploymentId)}/archive`,
      options,
    });
  }

  /**
   * Run a Deployment now.
   *
   * Creates a manual Run now, whatever the schedule or pause state: a Session from the Deployments Agent, Environment and initial events, and its Run record (`trigger_context.type` `manual`). A missing or archived Agent or Environment is recorded on the Run (`error`, and the Deployment pauses) rather than answered as an error; an archived Deployment answers 409.
   *
   * `POST /v1/deployments/{deployment_id}/run`
   */
  run(deploymentId: string, options?: RequestOptions): Promise<DeploymentRun> {
    return this._transport.request<DeploymentRun>({
      method: "POST",
      path: `/v1/deployments/${encodeURIComponent(deploymentId)}/run`,
      options,
    });
  }
}

/** `client.deployment_runs` */
export class DeploymentRuns {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * List Deployment Runs.
   *
   * Lists the Workspaces Deployment Runs, newest first.
   *
   * `GET /v1/deployment_runs`
   */
  list(params?: DeploymentRunsListParams, options?: RequestOptions): PagePromise<DeploymentRun> {
    return this._transport.request<DeploymentRun>({
      method: "GET",
      path: "/v1/deployment_runs",
      query: {
        limit: params?.limit,
        page: params?.page,
        deployment_id: params?.deployment_id,
        trigger_type: params?.trigger_type,
        has_error: params?.has_error,
        created_at: params?.created_at,
      },
      paginated: true,
      options,
    });
  }

  /**
   * Get a Deployment Run.
   *
   * Returns the Run.
   *
   * `GET /v1/deployment_runs/{deployment_run_id}`
   */
  get(deploymentRunId: string, options?: RequestOptions): Promise<DeploymentRun> {
    return this._transport.request<DeploymentRun>({
      method: "GET",
      path: `/v1/deployment_runs/${encodeURIComponent(deploymentRunId)}`,
      options,
    });
  }
}

/** The root of every resource namespace. */
export class Resources {
  readonly system: System;
  readonly agents: Agents;
  readonly models: Models;
  readonly environments: Environments;
  readonly sessions: Sessions;
  readonly files: Files;
  readonly skills: Skills;
  readonly memory_stores: MemoryStores;
  readonly webhooks: Webhooks;
  readonly vaults: Vaults;
  readonly deployments: Deployments;
  readonly deployment_runs: DeploymentRuns;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.system = new System(transport);
    this.agents = new Agents(transport);
    this.models = new Models(transport);
    this.environments = new Environments(transport);
    this.sessions = new Sessions(transport);
    this.files = new Files(transport);
    this.skills = new Skills(transport);
    this.memory_stores = new MemoryStores(transport);
    this.webhooks = new Webhooks(transport);
    this.vaults = new Vaults(transport);
    this.deployments = new Deployments(transport);
    this.deployment_runs = new DeploymentRuns(transport);
  }
}
