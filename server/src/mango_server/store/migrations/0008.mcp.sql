-- depends: 0007.context
-- MCP: the discovery snapshot pinned per (Session, thread, server) and the invocation journal.
-- thread_key '' is the primary thread; Threads get their own snapshots later.
CREATE TABLE mcp_discoveries (
    workspace_id       text NOT NULL,
    session_id         text NOT NULL,
    thread_key         text NOT NULL DEFAULT '',
    server_name        text NOT NULL,
    config_digest      text NOT NULL,
    snapshot           jsonb NOT NULL,
    failed_trigger_id  text,
    discovered_at      timestamptz NOT NULL,
    PRIMARY KEY (session_id, thread_key, server_name),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);

-- prepared -> (awaiting_confirmation | denied | allowed) -> started -> completed | ambiguous
CREATE TABLE mcp_invocations (
    workspace_id       text NOT NULL,
    session_id         text NOT NULL,
    event_id           text NOT NULL,
    server_name        text NOT NULL,
    tool_name          text NOT NULL,
    input              jsonb NOT NULL,
    snapshot_digest    text NOT NULL,
    state              text NOT NULL CHECK (state IN ('prepared', 'awaiting_confirmation', 'denied', 'allowed',
                                                      'started', 'completed', 'ambiguous', 'cancelled')),
    evaluation         jsonb,
    raw_result         jsonb,
    -- A large textual result waiting for publication as a File: {"file_id", "text_b64"}; removed once published.
    receipt            jsonb,
    file_id            text,
    created_at         timestamptz NOT NULL,
    started_at         timestamptz,
    finished_at        timestamptz,
    PRIMARY KEY (session_id, event_id),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX mcp_invocations_file ON mcp_invocations (session_id, file_id) WHERE file_id IS NOT NULL;
