-- depends: 0008.mcp
-- Idempotency keys: the stored answer of a mutation per (Workspace, Idempotency-Key), kept for
-- 24 hours. A row is `running` while its request executes (a lease, so a crashed request's key
-- is released after `locked_until`) and `done` once its answer is stored. For operations that
-- are one transaction the row is written in that transaction, so it is `done` or absent.
CREATE TABLE idempotency_keys (
    workspace_id  text NOT NULL REFERENCES workspaces(id),
    key           text NOT NULL,
    fingerprint   bytea NOT NULL,
    operation_id  text NOT NULL,
    state         text NOT NULL CHECK (state IN ('running', 'done')),
    status_code   integer,
    content_type  text,
    body          bytea,
    locked_until  timestamptz NOT NULL,
    created_at    timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, key),
    CHECK (state = 'running' OR (status_code IS NOT NULL AND body IS NOT NULL))
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
