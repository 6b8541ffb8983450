-- depends: 0001.initial
-- Environment Work: the queue self-hosted workers poll. One row per item; a Session has at most
-- one Work that is not stopped. Session tokens are stored only as SHA-256 digests and rotate on
-- every claim, so a reclaimed item's former owner fails authentication.

CREATE TABLE work (
    workspace_id         text NOT NULL,
    id                   text NOT NULL,
    environment_id       text NOT NULL,
    kind                 text NOT NULL CHECK (kind IN ('session', 'healthcheck')),
    session_id           text,
    state                text NOT NULL CHECK (state IN ('queued', 'starting', 'active', 'stopping', 'stopped')),
    metadata             jsonb NOT NULL DEFAULT '{}',
    token_digest         bytea UNIQUE,
    worker_id            text,
    claimed_at           timestamptz,
    acknowledged_at      timestamptz,
    started_at           timestamptz,
    latest_heartbeat_at  timestamptz,
    lease_ttl_seconds    integer NOT NULL DEFAULT 90 CHECK (lease_ttl_seconds BETWEEN 1 AND 300),
    stop_requested_at    timestamptz,
    stopped_at           timestamptz,
    error                jsonb,
    result               jsonb,
    created_at           timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id),
    CHECK ((kind = 'session') = (session_id IS NOT NULL)),
    FOREIGN KEY (workspace_id, environment_id) REFERENCES environments (workspace_id, id) ON DELETE CASCADE,
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
-- Poll scans live items of one Environment oldest first.
CREATE INDEX work_poll ON work (environment_id, created_at, id) WHERE state <> 'stopped';
CREATE INDEX work_list ON work (workspace_id, environment_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX work_one_live_per_session ON work (session_id) WHERE kind = 'session' AND state <> 'stopped';

-- Who polled an Environment recently (queue statistics only; not an authorization record).
CREATE TABLE work_pollers (
    environment_id  text NOT NULL,
    worker_id       text NOT NULL,
    workspace_id    text NOT NULL,
    last_polled_at  timestamptz NOT NULL,
    PRIMARY KEY (environment_id, worker_id),
    FOREIGN KEY (workspace_id, environment_id) REFERENCES environments (workspace_id, id) ON DELETE CASCADE
);
