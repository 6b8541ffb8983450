-- Mango schema baseline. Every row is Workspace-scoped; every query filters by workspace_id.

CREATE TABLE workspaces (
    id          text PRIMARY KEY,
    name        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- API keys are stored only as SHA-256 digests of the bearer value.
CREATE TABLE api_keys (
    id            text PRIMARY KEY,
    workspace_id  text NOT NULL REFERENCES workspaces(id),
    name          text NOT NULL,
    digest        bytea NOT NULL UNIQUE,
    hint          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    revoked_at    timestamptz
);

CREATE TABLE agents (
    workspace_id     text NOT NULL REFERENCES workspaces(id),
    id               text NOT NULL,
    current_version  integer NOT NULL,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    archived_at      timestamptz,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX agents_list ON agents (workspace_id, created_at DESC, id DESC);

-- Immutable Agent versions: body holds name, description, system, model, tools, mcp_servers,
-- skills and metadata exactly as resolved at write time.
CREATE TABLE agent_versions (
    workspace_id  text NOT NULL,
    agent_id      text NOT NULL,
    version       integer NOT NULL,
    body          jsonb NOT NULL,
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, agent_id, version),
    FOREIGN KEY (workspace_id, agent_id) REFERENCES agents (workspace_id, id)
);

CREATE TABLE environments (
    workspace_id  text NOT NULL REFERENCES workspaces(id),
    id            text NOT NULL,
    name          text NOT NULL,
    description   text,
    config        jsonb NOT NULL,
    metadata      jsonb NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    archived_at   timestamptz,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id),
    UNIQUE (workspace_id, name)
);
CREATE INDEX environments_list ON environments (workspace_id, created_at DESC, id DESC);

CREATE TABLE environment_keys (
    id              text PRIMARY KEY,
    workspace_id    text NOT NULL,
    environment_id  text NOT NULL,
    digest          bytea NOT NULL UNIQUE,
    hint            text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    revoked_at      timestamptz,
    FOREIGN KEY (workspace_id, environment_id) REFERENCES environments (workspace_id, id) ON DELETE CASCADE
);

-- The Session projection. next_seq allocates ledger sequence numbers under the row lock, so
-- receipt order equals commit order per Session.
CREATE TABLE sessions (
    workspace_id    text NOT NULL REFERENCES workspaces(id),
    id              text NOT NULL,
    title           text,
    status          text NOT NULL,
    stop_reason     jsonb,
    agent_id        text NOT NULL,
    agent_version   integer NOT NULL,
    agent_snapshot  jsonb NOT NULL,
    environment_id  text NOT NULL,
    metadata        jsonb NOT NULL DEFAULT '{}',
    resources       jsonb NOT NULL DEFAULT '[]',
    usage           jsonb NOT NULL DEFAULT '{}',
    next_seq        bigint NOT NULL DEFAULT 1,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    archived_at     timestamptz,
    deleting_at     timestamptz,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX sessions_list ON sessions (workspace_id, created_at DESC, id DESC);
CREATE INDEX sessions_deleting ON sessions (deleting_at) WHERE deleting_at IS NOT NULL;

-- The public event ledger: append-only, ordered by seq within a Session.
CREATE TABLE session_events (
    workspace_id   text NOT NULL,
    session_id     text NOT NULL,
    seq            bigint NOT NULL,
    id             text NOT NULL UNIQUE,
    type           text NOT NULL,
    payload        jsonb NOT NULL,
    trigger_id     text,
    processed_at   timestamptz,
    created_at     timestamptz NOT NULL,
    PRIMARY KEY (session_id, seq),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX session_events_pending ON session_events (session_id, seq)
    WHERE processed_at IS NULL AND type IN ('user.message');

-- Turns: one per trigger event. state: running -> waiting (tool barrier) -> running -> done.
CREATE TABLE session_turns (
    workspace_id     text NOT NULL,
    session_id       text NOT NULL,
    trigger_id       text NOT NULL,
    state            text NOT NULL,
    round            integer NOT NULL DEFAULT 0,
    attempt_errors   integer NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    PRIMARY KEY (session_id, trigger_id),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX session_turns_one_active ON session_turns (session_id) WHERE state <> 'done';

-- Lossless provider transcript: the exact blocks sent to / received from the model provider,
-- each row tied to the public trigger event whose turn produced it.
CREATE TABLE provider_transcript (
    workspace_id  text NOT NULL,
    session_id    text NOT NULL,
    trigger_id    text NOT NULL REFERENCES session_events (id) ON DELETE CASCADE,
    position      integer NOT NULL,
    role          text NOT NULL,
    blocks        jsonb NOT NULL,
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (session_id, trigger_id, position)
);

-- Pending tool actions of the active turn: the requires_action barrier and its results.
CREATE TABLE session_actions (
    workspace_id          text NOT NULL,
    session_id            text NOT NULL,
    event_id              text NOT NULL,
    trigger_id            text NOT NULL,
    round                 integer NOT NULL,
    kind                  text NOT NULL,
    provider_tool_use_id  text NOT NULL,
    name                  text NOT NULL,
    state                 text NOT NULL,
    result_event_id       text,
    created_at            timestamptz NOT NULL,
    PRIMARY KEY (session_id, event_id),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);

-- Coalescible wakeups for the Session workflow: at most one row per Session.
CREATE TABLE session_outbox (
    session_id    text PRIMARY KEY,
    workspace_id  text NOT NULL,
    kind          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    attempts      integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now()
);
